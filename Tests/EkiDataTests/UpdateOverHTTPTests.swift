import EkiData
import EkiServer
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing

/// One machine publishes and serves (`eki serve --publish DIR`), another updates from it over HTTP.
@Suite struct UpdateOverHTTPTests {
    /// A server over loopback with a dataset (first train 07:10) published under /data/, and a
    /// secret file beside the published folder that must never be reachable.
    // Immutable after init; ScratchFolder is a plain URL holder that is not marked Sendable.
    struct Publication: @unchecked Sendable {
        let scratch = ScratchFolder()
        var folder: URL
        var manifest: DatasetManifest

        init() throws {
            (folder, manifest) = try PublishFixtures.published(in: scratch, departure: "07:10", at: PublishFixtures.monday)
            try scratch.write("secret.txt", "TOP SECRET\n")
            try scratch.write("published/.hidden", "HIDDEN\n")
        }

        func application() throws -> some ApplicationProtocol {
            let served = try Timetable(url: scratch.file("published-source.sqlite"))
            return Application(router: try buildRouter(timetable: served, published: folder))
        }
    }

    @Test func anotherMachineUpdatesFromAServer() async throws {
        let publication = try Publication()
        defer { publication.scratch.remove() }
        let live = LiveDatabase(url: publication.scratch.file("elsewhere/timetable.sqlite"))
        try PublishFixtures.database(at: live.url, departure: "06:00")
        try live.trust(PublishFixtures.publisher.publicKey)   // the signature comes over HTTP too
        try await publication.application().test(.live) { client in
            let port = try #require(client.port)
            let source = try UpdateSource("http://127.0.0.1:\(port)/data/")
            let outcome = try await DatasetUpdater().update(from: source, live: live)
            #expect(outcome == .installed(publication.manifest, replaced: nil))
            #expect(try PublishFixtures.firstDeparture(live.url) == "07:10")
            #expect(try PublishFixtures.firstDeparture(live.previous) == "06:00")
            let again = try await DatasetUpdater().update(from: source, live: live)
            #expect(again == .upToDate(installed: publication.manifest.version, offered: publication.manifest))

            // A folder with nothing published: the message names the source and the HTTP status.
            do {
                _ = try await DatasetUpdater().update(from: UpdateSource("http://127.0.0.1:\(port)/nothing/"), live: live)
                Issue.record("expected a refusal")
            } catch {
                #expect("\(error)" == "cannot read http://127.0.0.1:\(port)/nothing/: HTTP 404 Not Found")
            }
        }
    }

    @Test func servesThePublishedFilesAndNothingElse() async throws {
        let publication = try Publication()
        defer { publication.scratch.remove() }
        try await publication.application().test(.live) { client in
            let manifest = try await client.execute(uri: "/data/manifest.json", method: .get) { $0 }
            #expect(manifest.status == .ok)
            #expect(Data(manifest.body.readableBytesView) == (try Data(contentsOf: publication.folder.appendingPathComponent("manifest.json"))))
            #expect(manifest.headers[.cacheControl] == "no-cache")
            let archive = try await client.execute(uri: "/data/" + publication.manifest.file, method: .head) { $0 }
            #expect(archive.status == .ok)
            #expect(archive.headers[.contentLength] == String(publication.manifest.size))
            #expect(archive.headers[.contentType] == "application/zip")

            // A broken-off download resumes: the rest of the archive from a byte on.
            let whole = try Data(contentsOf: publication.folder.appendingPathComponent(publication.manifest.file))
            let rest = try await client.execute(uri: "/data/" + publication.manifest.file, method: .get, headers: [.range: "bytes=1000-"]) { $0 }
            #expect(rest.status == .partialContent)
            #expect(rest.headers[.contentRange] == "bytes 1000-\(whole.count - 1)/\(whole.count)")
            #expect(Data(rest.body.readableBytesView) == whole.dropFirst(1000))
            let beyond = try await client.execute(uri: "/data/" + publication.manifest.file, method: .get, headers: [.range: "bytes=\(whole.count)-"]) { $0 }
            #expect(beyond.status == .rangeNotSatisfiable)
            #expect(beyond.headers[.contentRange] == "bytes */\(whole.count)")

            for uri in ["/data/", "/data", "/data/..", "/data/../secret.txt", "/data/..%2Fsecret.txt", "/data/%2e%2e%2fsecret.txt",
                        "/data/%2E%2E/secret.txt", "/data/..%5Csecret.txt", "/data/.hidden", "/data/%2ehidden",
                        "/data/manifest.json%00", "/data/./manifest.json/../../secret.txt", "/data//secret.txt",
                        "/data/%252e%252e%252fsecret.txt", "/secret.txt", "/data/published/manifest.json"] {
                let answer = try await client.execute(uri: uri, method: .get) { $0 }
                let body = String(decoding: answer.body.readableBytesView, as: UTF8.self)
                #expect(answer.status == .notFound, "\(uri)")
                #expect(!body.contains("SECRET") && !body.contains("HIDDEN"), "\(uri)")
            }
            let post = try await client.execute(uri: "/data/manifest.json", method: .post) { $0 }
            #expect(post.status == .notFound || post.status == .methodNotAllowed)
        }
    }
}
