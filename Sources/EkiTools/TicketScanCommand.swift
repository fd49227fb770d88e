import ArgumentParser
import EkiCLI
import EkiCore
import EkiJSON
import EkiTicket
import Foundation

/// `eki ticket scan`: a photo or screenshot of a Shinkansen ticket → its fields, and the trip.
struct TicketScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read a Shinkansen ticket from a photo or a screenshot (Eki-net, smartEX) and keep it as your trip.",
        discussion: """
            Recognition runs on this machine (Tesseract, Japanese and English models); nothing is sent \
            anywhere. A JPEG, PNG or WebP of at most 12 MB. Fields the scanner is unsure of are marked ? — \
            check them against the ticket and fix them with `eki ticket set FIELD VALUE`.
            """)

    @Argument(help: ArgumentHelp("The image file.", valueName: "image"))
    var image: String

    @Option(name: .long, help: ArgumentHelp("Today's date, YYYY-MM-DD, for the year when the image shows none. Default: today in Tokyo.", valueName: "date"))
    var today: String?

    @Option(name: .long, help: "Language: ja or en. Default: the ticket's.")
    var lang: Ticket.Language?

    @Flag(name: .long, help: "Print JSON: the ticket, each field's confidence, the unsure fields, whether the date has passed (dateStatus), and every word read.")
    var json = false

    @Flag(name: .long, help: "Only read the ticket; do not keep it as the active trip.")
    var noSave = false

    @OptionGroup var userState: StateOptions

    func validate() throws {
        if let today, CivilDate(iso: today) == nil { throw ValidationError("--today must be a date like 2025-03-18, not '\(today)'") }
    }
}

extension TicketScanCommand {
    func run() throws {
        let day = today.flatMap(CivilDate.init(iso:)) ?? ServiceInstant(RiderClock.now()).calendarDate
        let bytes = try Self.read(image)
        // Refused input is told before the process restarts itself for OpenMP (CalmOpenMP).
        do { _ = try ImageInput(bytes: bytes, name: image) } catch { throw failure(error.description) }
        CalmOpenMP.restartIfNeeded()
        let result: ScanResult
        do {
            result = try TicketScanner().scan(bytes, name: image, today: day)
        } catch {
            throw failure(error.description)
        }
        // Nothing like a ticket read: the trip the rider has stays as it is.
        guard result.isTicket else {
            throw failure("\(image): no Shinkansen ticket read (\(result.coreFieldsRead) of date, train, stations and times)"
                          + (noSave ? "" : "; your trip is unchanged"))
        }
        if !noSave { try TripStore(state: userState.open()).save(result.trip()) }
        if json {
            print(try Render.json(ScanJSON(result, today: day)))
        } else {
            // The date told against the day the scan was read for (`--today`): a ticket whose day has
            // passed is kept all the same, and said so.
            let lang = lang ?? result.ticket.language
            let status = Trip.dateStatus(result.ticket.date, today: day)
            if let note = TripWords(lang: lang).dateNote(status, date: result.ticket.date) { print(note) }
            print(TicketFacsimile.text(result.trip(), lang: lang, dateStatus: status))
            if result.legs > 1 {
                print(lang == .ja ? "（\(result.legs)区間の予約: 最初のまだ乗っていない区間を読みました）"
                                                    : "(a booking of \(result.legs) legs: the first not yet travelled was read)")
            }
        }
    }

    /// The file's bytes, or a one-line error for a missing, unreadable or oversized file.
    static func read(_ path: String) throws -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes else { throw failure("\(path): no such file") }
        if attributes[.type] as? FileAttributeType == .typeDirectory { throw failure("\(path) is a folder, not an image") }
        if let size = attributes[.size] as? Int, size > ImageInput.maximumBytes {
            throw failure(TicketScanError.tooLarge(path, bytes: size).description)
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw failure("\(path) cannot be read") }
        return [UInt8](data)
    }
}
