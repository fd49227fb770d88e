import ArgumentParser
import EkiCore
import EkiDrawing
import EkiJSON
import EkiStore
import Foundation

struct RailwayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "railway",
        abstract: "A railway at a glance: its stations, directions, train types and through service.",
        discussion: "With --svg, also draws the line on its real shape with every station named.")

    @Argument(help: ArgumentHelp("A railway id or name: Tokyu.Toyoko, 東横線, とうよこ, \"yamanote line\".", valueName: "railway"))
    var railway: String

    @OptionGroup var language: LanguageOption

    @OptionGroup var output: JSONOption

    @Option(name: .long, help: ArgumentHelp("Also draw the railway as an SVG picture into this file.", valueName: "file"))
    var svg: String?

    @OptionGroup var database: DatabaseOptions
}

extension RailwayCommand {
    func run() throws {
        let timetable = try database.open()
        let lang = language.language(timetable)
        let detail = try timetable.railwayDetail(try Resolve.railway(railway, in: timetable))
        let output = output.json ? try Render.json(RailwayJSON(detail))
            : RailwayText(lang: lang, color: Render.stdoutIsTerminal, reference: timetable.reference).render(detail)
        // The picture first: when it cannot be written, the command fails before printing anything.
        if let svg {
            let picture = RailwaySVG(detail: detail, lang: lang).render()
            do {
                try OutputFile.replace(svg, with: Data(picture.utf8))
            } catch let error as OutputFile.Failure {
                throw failure("cannot write \(svg): \(error.reason)")
            }
        }
        print(output)
    }
}

extension Resolve {
    /// The railway a rider means (`Timetable.resolveRailway`); namesakes are noted on stderr.
    static func railway(_ query: String, in timetable: Timetable) throws -> Reference.Railway {
        let found: (railway: Reference.Railway, namesakes: [Reference.Railway])
        do {
            found = try timetable.resolveRailway(query)
        } catch let error as ResolveError {
            throw failure(error.description, code: 2)
        } catch let error as SearchError {
            throw failure(error.description, code: 2)
        }
        if !found.namesakes.isEmpty {
            func label(_ railway: Reference.Railway) -> String {
                railway.id + (railway.operatorName.map { " (\($0.ja) \($0.en))" } ?? "")
            }
            Terminal.error("eki: \"\(query)\" also matches \(found.namesakes.map(label).joined(separator: ", "));"
                           + " showing \(label(found.railway))")
        }
        return found.railway
    }
}

/// Writes a file whole or not at all: into a temporary file beside it, then renamed over it.
enum OutputFile {
    struct Failure: Error { var reason: String }

    static func replace(_ path: String, with data: Data) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp").path
        func posixFailure() -> Failure { Failure(reason: String(cString: strerror(errno))) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw posixFailure() }
        var failed: Failure?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { failed = posixFailure(); return }
                offset += written
            }
        }
        if close(fd) != 0, failed == nil { failed = posixFailure() }
        if failed == nil, rename(temporary, path) != 0 { failed = posixFailure() }
        if let failed {
            unlink(temporary)
            throw failed
        }
    }
}

/// `eki railway` as text: a title line, where each direction goes, the stations, what runs.
struct RailwayText {
    var lang: Language
    var color: Bool
    var reference: Reference

    func render(_ detail: RailwayDetail) -> String {
        let railway = detail.railway
        let ja = lang == .ja
        let chip = PlaceText(lang: lang, color: color, reference: reference).chip(railway)
        let place = PlaceText(lang: lang, color: color, reference: reference)
        var title = "\(chip) " + place.title(railway.name)
        if let owner = railway.operatorName, owner.en != railway.name.en {
            title += "  " + (owner.ja == owner.en ? owner.en : ja ? "\(owner.ja) \(owner.en)" : "\(owner.en) \(owner.ja)")
        }
        title += "  \(railway.color ?? "")  \(railway.id)"
        var lines = [title]

        let nameWidth = detail.directions.map { Render.width(lang.pick($0.direction.name)) }.max() ?? 0
        for direction in detail.directions {
            let name = Render.pad(lang.pick(direction.direction.name), to: nameWidth + 2)
            if let terminal = direction.terminal {
                lines.append("  \(name)→ \(lang.pick(terminal.name))")
            } else if let clockwise = direction.clockwise {
                let ring = clockwise ? (ja ? "時計回り" : "clockwise") : (ja ? "反時計回り" : "counter-clockwise")
                lines.append("  \(name)\(ring)")
            } else {
                lines.append("  \(name)")
            }
        }

        lines.append("")
        lines.append(ja ? "駅 \(detail.stations.count)\(detail.isLoop ? "（環状）" : "")"
                        : "\(detail.stations.count) stations\(detail.isLoop ? " (loop)" : "")")
        let digits = String(detail.stations.count).count
        for (index, station) in detail.stations.enumerated() {
            let number = String(index + 1)
            lines.append("  " + String(repeating: " ", count: digits - number.count) + number + "  " + lang.pick(station.name))
        }

        if !detail.trainTypes.isEmpty {
            lines.append("")
            lines.append((ja ? "種別  " : "Train types  ") + detail.trainTypes.map {
                ($0.classified ? Render.badge($0.category, color: color) + " " : "") + lang.pick($0.name)
            }.joined(separator: "  "))
        }
        if !detail.calendars.isEmpty {
            lines.append((ja ? "本数  " : "Trains  ") + detail.calendars.map {
                "\(ja ? Self.calendarJa($0.service) : $0.service) \(Terminal.number($0.trains))"
            }.joined(separator: "  "))
        }
        if !detail.throughService.isEmpty {
            let chips = detail.throughService.map { through in
                PlaceText(lang: lang, color: color, reference: reference).chip(through.railway)
                    + lang.pick(through.railway.name) + (through.railway.operatorName.map { ja ? "（\($0.ja)）" : " (\($0.en))" } ?? "")
            }
            lines.append((ja ? "直通  " : "Through to  ") + chips.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    static func calendarJa(_ service: String) -> String {
        ["Weekday": "平日", "Saturday": "土曜", "Holiday": "休日", "SaturdayHoliday": "土休日"][service] ?? service
    }
}
