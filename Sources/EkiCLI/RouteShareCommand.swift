import ArgumentParser
import EkiCore
import EkiDrawing
import EkiRouting
import EkiStore
import Foundation

extension RouteCommand {
    struct Share: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "share", 
            abstract: "The route as a picture to send: an SVG card, or a PNG of it (needs rsvg-convert).",
            discussion: "Without --svg or --png the SVG goes to standard output. Japanese text needs a CJK font (Noto Sans CJK JP).")

        @Option(name: .long, help: ArgumentHelp("Write the card as SVG to this file.", valueName: "file"))
        var svg: String?

        @Option(name: .long, help: ArgumentHelp("Write the card as PNG to this file (twice the SVG's size, for phones).", valueName: "file"))
        var png: String?

        @OptionGroup var common: Common

        func run() throws {
            let context = try RouteContext(common)
            let plan = try context.requirePlan()
            let card = RouteCardSVG(plan: plan, reference: context.timetable.reference, lang: context.lang).render()
            guard svg != nil || png != nil else {
                // The card itself is the output; --json wraps it for programs that read JSON.
                print(common.output.json ? try Render.json(["svg": card]) : card, terminator: common.output.json ? "\n" : "")
                return
            }
            // Each picture is written whole or not at all (OutputFile), the PNG made before anything is written.
            let picture = try png.map { _ in try PNG.render(svg: card) }
            for (path, data) in [(svg, Data(card.utf8)), (png, picture)] {
                guard let path, let data else { continue }
                do { try OutputFile.replace(path, with: data) } catch let error as OutputFile.Failure {
                    throw failure("cannot write \(path): \(error.reason)")
                }
                if !common.output.json { print(path) }
            }
            if common.output.json { print(try Render.json(["svg": svg, "png": png].compactMapValues { $0 })) }
        }
    }
}

/// SVG to PNG by rsvg-convert (librsvg2-bin), read back from its standard output.
enum PNG {
    static func render(svg: String, zoom: Double = 2) throws -> Data {
        guard let converter = executable("rsvg-convert") else {
            throw failure("rsvg-convert is not installed (Debian: apt-get install librsvg2-bin); --svg works without it")
        }
        let process = Process()
        process.executableURL = converter
        process.arguments = ["--zoom", String(zoom), "--format", "png"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw failure("cannot run \(converter.path): \(error.localizedDescription)") }
        // Feed the SVG from another thread while this one reads the picture, so neither pipe fills up.
        let feeder = Thread {
            input.fileHandleForWriting.write(Data(svg.utf8))
            try? input.fileHandleForWriting.close()
        }
        feeder.start()
        let picture = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, !picture.isEmpty else {
            throw failure("rsvg-convert failed: \(message.split(separator: "\n").first ?? "exit \(process.terminationStatus)")")
        }
        return picture
    }

    /// A program on PATH.
    static func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
