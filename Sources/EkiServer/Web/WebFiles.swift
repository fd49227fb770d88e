import EkiStore
import Foundation
import Mustache

/// The files a web engineer edits, read once per process from the resource bundle the build puts
/// beside the binary (`Eki_EkiServer.resources/Resources`, from `Sources/EkiServer/Resources`):
/// the page templates, the scripts and styles, the service worker, the words of both languages,
/// and the OpenAPI document. A deployment copies that folder along with the binary; without it
/// the server does not start and says where it looked.
struct WebFiles: Sendable {
    /// One file under `assets/`, as served: comment lines blanked (they are for whoever edits the
    /// file, not for every phone that loads it; blank lines keep devtools' line numbers right).
    struct Asset: Sendable {
        var name: String
        var body: [UInt8]
        var contentType: String
    }

    let templates: MustacheLibrary
    let words: [Language: [String: String]]
    /// The same, as templates read them (`{{t.word}}`).
    let templateWords: [Language: TemplateValues.Fields]
    let assets: [Asset]
    let serviceWorker: String
    /// The OpenAPI document, and what the routes take from it.
    let api: APIContract
    /// Where the files were read from (named in errors and by the tests).
    let folder: URL

    /// The bundle beside the running binary, read on first use. The binary's own folder is found
    /// through its real path, so a symlink to it (/usr/local/bin/eki) works too.
    static let shared: Result<WebFiles, WebFilesError> = Result {
        let bundle = "Eki_EkiServer.resources"
        var places: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            places.append(executable.deletingLastPathComponent().appendingPathComponent(bundle))
        }
        let main = Bundle.main.bundleURL.appendingPathComponent(bundle)
        if !places.contains(where: { $0.path == main.path }) { places.append(main) }
        guard let found = places.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Resources").path) }) else {
            throw WebFilesError("the web files are missing: copy \(bundle) (made by swift build beside the binary) next to the eki binary; looked in \(places.map(\.path).joined(separator: " and "))")
        }
        return try WebFiles(folder: found.appendingPathComponent("Resources"))
    }.mapError { $0 as? WebFilesError ?? WebFilesError("\($0)") }

    init(folder: URL) throws {
        self.folder = folder
        func read(_ path: String) throws -> Data {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
                throw WebFilesError("cannot read \(folder.appendingPathComponent(path).path)")
            }
            return data
        }
        // Templates: every .mustache file by its name. A file's last newline is not part of the
        // template, so small ones (chip, badge) can be used inside a line.
        var library = MustacheLibrary()
        let templateFolder = folder.appendingPathComponent("templates")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: templateFolder.path)) ?? []
        for file in names.sorted() where file.hasSuffix(".mustache") {
            var text = String(decoding: try read("templates/" + file), as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            do {
                try library.register(text, named: String(file.dropLast(".mustache".count)))
            } catch {
                throw WebFilesError("templates/\(file) is not a valid template: \(error)")
            }
        }
        guard library.getTemplate(named: "layout") != nil else { throw WebFilesError("no templates in \(templateFolder.path)") }
        templates = library

        guard let table = try? JSONSerialization.jsonObject(with: try read("words.json")) as? [String: [String: String]] else {
            throw WebFilesError("words.json must be an object of {\"ja\": …, \"en\": …} per word")
        }
        var words: [Language: [String: String]] = [:]
        for language in Language.allCases {
            words[language] = try table.mapValues { word in
                guard let text = word[language.rawValue] else { throw WebFilesError("words.json: a word has no \(language.rawValue)") }
                return text
            }
        }
        self.words = words
        templateWords = words.mapValues { TemplateValues.Fields(values: $0.mapValues { TemplateValues.Text($0) }) }

        var assets: [Asset] = []
        let assetNames = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("assets").path)) ?? []
        for name in assetNames.sorted() where !name.hasPrefix(".") {
            guard let type = Self.contentTypes[String(name.split(separator: ".").last ?? "")] else {
                throw WebFilesError("assets/\(name): no content type for this kind of file (add one to WebFiles.contentTypes)")
            }
            let text = String(decoding: try read("assets/" + name), as: UTF8.self)
            assets.append(Asset(name: name, body: Array(Self.withoutComments(text, in: name).utf8), contentType: type))
        }
        self.assets = assets
        serviceWorker = Self.withoutComments(String(decoding: try read("sw.js"), as: UTF8.self), in: "sw.js")
        api = try APIContract(document: Array(try read("openapi.json")))
    }

    static let contentTypes = [
        "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8", "svg": "image/svg+xml",
        "json": "application/json; charset=utf-8", "png": "image/png", "ico": "image/x-icon", "webmanifest": "application/manifest+json",
    ]

    /// Whole-line `//` comments of a script and `/* */` blocks of a stylesheet become blank lines,
    /// a stylesheet loses the spaces around its punctuation, and a script's lines lose their indentation (a twentieth of app.js, which every page
    /// loads), except inside a template literal that spans lines: the line numbers stay the
    /// file's, for whoever reads an error's place.
    static func withoutComments(_ text: String, in name: String) -> String {
        if name.hasSuffix(".js") {
            var insideLiteral = false
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                if insideLiteral {
                    if line.count(where: { $0 == "`" }) % 2 == 1 { insideLiteral = false }
                    return line
                }
                let code = line.drop(while: { $0 == " " })
                if code.hasPrefix("//") { return "" }
                if code.count(where: { $0 == "`" }) % 2 == 1 { insideLiteral = true }
                return code
            }.joined(separator: "\n")
        }
        if name.hasSuffix(".css") {
            let bare = text.replacing(/\/\*[\s\S]*?\*\//) { match in String(repeating: "\n", count: match.output.count(where: { $0 == "\n" })) }
            // Outside quoted strings, the spaces a reader wants and a browser does not: indentation and
            // those beside { } ; , > (never beside + ~ or :, which calc() and selectors need), and a
            // rule's last semicolon. A twelfth of app.css; newlines stay, and so do line numbers.
            return bare.split(separator: "\"", omittingEmptySubsequences: false).enumerated().map { index, part in
                guard index.isMultiple(of: 2) else { return String(part) }
                return part.replacing(/(?m)^[ \t]+/, with: "").replacing(/[ \t]*([{};,>])[ \t]*/) { String($0.output.1) }
                    .replacingOccurrences(of: ";}", with: "}")
            }.joined(separator: "\"")
        }
        return text
    }
}

/// The web files cannot be used: one line saying what and where.
public struct WebFilesError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
