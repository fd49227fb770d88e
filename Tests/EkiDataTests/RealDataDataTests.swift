import EkiData
import EkiStore
import EkiTestSupport
import Foundation
import Testing
import ZIPFoundation

/// The update machinery checked against the real data: every file of the real Mini Tokyo 3D
/// folder passes the fetch's JSON check, a fetch plans exactly the folder's files, and the real
/// database publishes with a truthful manifest. The rules themselves are tested on small files in
/// FetchJSONCheckTests, FetchPlanTests and PublishTests.
@Suite struct RealDataDataTests {
    @Test func publishesTheSharedDatabaseWithATruthfulManifest() throws {
        let shared = try SharedData.imported().timetable
        let info = try shared.info()
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let folder = scratch.file("out")
        let manifest = try DatasetPublisher(now: { PublishFixtures.monday }).publish(database: SharedData.databaseURL, to: folder)

        #expect(manifest.version == 20261123084500)
        #expect(manifest.created == "2026-11-23T08:45:00Z")
        #expect(manifest.schemaVersion == Schema.version)
        #expect(manifest.source == "minitokyo3d" && manifest.source == info.source)
        // The shared data is a bare copy of the files: no fetch record, no git history, so its date is unknown.
        #expect(manifest.snapshot == info.snapshotDate && manifest.snapshot == "unknown")
        #expect(manifest.description == "Tokyo timetables from minitokyo3d, snapshot \(info.snapshotDate)")
        #expect(manifest.databaseSize == info.sizeBytes)
        #expect(manifest.snapshotDigest == info.snapshotDigest && manifest.imported == info.importedAt)
        #expect(manifest.file == "timetable-20261123084500.sqlite.zip")

        // The manifest on disk is the one returned, and its size and SHA-512 are the archive's
        // (checked with coreutils, not with our own code).
        let archive = folder.appendingPathComponent(manifest.file)
        let onDisk = try DatasetManifest.decode(Data(contentsOf: folder.appendingPathComponent("manifest.json")), from: "test")
        #expect(onDisk == manifest)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? NSNumber)
        #expect(manifest.size == size.int64Value)
        #expect(manifest.size < manifest.databaseSize / 2, "deflate should at least halve a timetable database")
        #expect(try PublishTests.sha512sum(archive) == manifest.sha512)

        // The one entry is the database, byte for byte.
        let zip = try Archive(url: archive, accessMode: .read)
        #expect(zip.map(\.path) == ["timetable.sqlite"])
        var unpacked = Data()
        _ = try zip.extract(try #require(zip["timetable.sqlite"])) { unpacked.append($0) }
        #expect(unpacked == (try Data(contentsOf: SharedData.databaseURL)))
        // Nothing else left behind: no hidden work files.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["manifest.json", manifest.file])
    }

    @Test func theTimetableFileNamesFollowTheRepositorysNamingForEveryRealRailway() throws {
        try SharedData.require()
        let railways = try MiniTokyo3DFileList.railwayIds(in: SharedData.minitokyo3d.appendingPathComponent("railways.json"))
        #expect(railways.count == 179)
        let planned = Set(railways.map(MiniTokyo3DFileList.timetablePath))
        let real = Set(try FileManager.default.contentsOfDirectory(
            atPath: SharedData.minitokyo3d.appendingPathComponent("train-timetables").path).map { "train-timetables/" + $0 })
        #expect(planned == real)
        #expect(MiniTokyo3DFileList.timetablePath(railway: "JR-East.ChuoRapid") == "train-timetables/jreast-chuorapid.json")
        #expect(MiniTokyo3DFileList.timetablePath(railway: "Minatomirai.Minatomirai") == "train-timetables/minatomirai-minatomirai.json")
    }

    @Test func theReferenceFilesAreExactlyTheRealFoldersOthers() throws {
        try SharedData.require()
        let real = try FileManager.default.contentsOfDirectory(atPath: SharedData.minitokyo3d.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(MiniTokyo3DFileList.referenceFiles.map(\.path).sorted() == real)
        // Each file's top level is what the check expects of it.
        for (path, shape) in MiniTokyo3DFileList.referenceFiles {
            #expect(throws: Never.self, "\(path)") { try JSONCheck.validate(SharedData.minitokyo3d.appendingPathComponent(path), as: shape) }
        }
    }

    @Test func everyRealMiniTokyo3DFilePasses() throws {
        try SharedData.require()
        let folder = SharedData.minitokyo3d
        for (path, shape) in MiniTokyo3DFileList.referenceFiles {
            #expect(throws: Never.self, "\(path)") { try JSONCheck.validate(folder.appendingPathComponent(path), as: shape) }
        }
        let railways = try MiniTokyo3DFileList.railwayIds(in: folder.appendingPathComponent("railways.json"))
        // Busy lines: big files, many escapes and numbers.
        for railway in ["Tokyu.Toyoko", "JR-East.Yamanote", "TokyoMetro.Ginza"] where railways.contains(railway) {
            let path = MiniTokyo3DFileList.timetablePath(railway: railway)
            #expect(throws: Never.self, "\(path)") { try JSONCheck.validate(folder.appendingPathComponent(path), as: .array) }
        }
    }
}
