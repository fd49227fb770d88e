import ArgumentParser
import EkiCLI
import EkiCore
import EkiJSON
import EkiRouting
import EkiStore
import EkiTicket
import Foundation

/// `eki ticket`: the Shinkansen trip from a scanned (or typed) ticket, as the rider needs it now.
struct TicketCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ticket",
        abstract: Commands.toolAbstract("ticket"),
        discussion: """
            One trip is kept in your state file; 30 minutes after arrival it is shown as ended, and it stays \
            until you scan, type or clear another. Start one with \
            `eki ticket scan <image>` or by typing the fields (`eki ticket set train のぞみ225`).
            """,
        subcommands: [Show.self, TicketScanCommand.self, Set.self, Clear.self, TicketLeaveByCommand.self,
                      TicketContinueCommand.self, TicketEvaluateCommand.self],
        defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "The active trip now: before departure, on board, arrived.")
        @Option(name: .long, help: ArgumentHelp("Tokyo local time, YYYY-MM-DDTHH:MM. Default: now.", valueName: "time"))
        var at: String?
        @Option(name: .long, help: "Language: ja or en. Default: the ticket's.")
        var lang: Ticket.Language?
        @Flag(name: .long, help: "Print JSON.")
        var json = false
        @OptionGroup var userState: StateOptions
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let now = try TripClock.now(at)
            let userState = try userState.open(), store = TripStore(state: userState)
            let (trip, ended) = try store.active(at: now)
            guard let trip else {
                // An ended trip is shown, never hidden: with its date, and told when that date has passed.
                if json { print(try Render.json(TripJSON(trip: ended, now: now))); return }
                let words = TripWords(lang: lang ?? ended?.ticket.language ?? .ja)
                if let ended {
                    let status = ended.dateStatus(at: now)
                    print(words.dateNote(status, date: ended.ticket.date)
                          ?? (words.lang == .ja ? "旅程は終了しました（\(words.train(ended.ticket))）" : "the trip on \(words.train(ended.ticket)) has ended"))
                    print("")
                    print(TicketFacsimile.text(ended, lang: words.lang, dateStatus: status))
                    return
                }
                print(words.lang == .ja ? "旅程はありません（eki ticket scan <画像> または eki ticket set train のぞみ225）"
                                        : "no trip (eki ticket scan <image>, or eki ticket set train nozomi225)")
                return
            }
            let connections = Self.connections(trip, database: database, pace: (try? Pace.kept(in: userState)) ?? .standard)
            if json { print(try Render.json(TripJSON(trip: trip, now: now, connections: connections))); return }
            print(TicketFacsimile.now(trip, at: now, lang: lang ?? trip.ticket.language, connections: connections))
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", 
            abstract: "Set or correct one field of the trip (a new trip when there is none).",
            discussion: """
                Fields: date (2025-03-18), train (のぞみ225, "hakutaka 555"), from and to (東京, とうきょう, Tokyo), \
                departure and arrival (08:41), car (7), seat (3B), seatClass (ordinary, green, granClass), \
                reserved (true, false). An empty value or - clears the field.
                """)
        @Argument(help: "The field.") var field: String
        @Argument(help: "Its value.") var value: String
        @Option(name: .long, help: "Language: ja or en. Default: the ticket's.") var lang: Ticket.Language?
        @Flag(name: .long, help: "Print JSON.") var json = false
        @OptionGroup var userState: StateOptions

        func run() throws {
            let store = TripStore(state: try userState.open())
            // The trip the rider has, whatever its date: a date read wrong into the past is what `set` is
            // there to correct.
            let current = try store.current() ?? Trip(ticket: Ticket(source: .manual))
            let trip: Trip
            do { trip = try TicketEdit().apply(field, value, to: current) } catch { throw failure(error.description, code: 2) }
            try store.save(trip)
            if json { print(try Render.json(TripJSON(trip: trip, now: RiderClock.now()))); return }
            print(TicketFacsimile.ticket(trip, lang: lang ?? trip.ticket.language, at: RiderClock.now()))
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Forget the trip.")
        @Flag(name: .long, help: "Print JSON.") var json = false
        @OptionGroup var userState: StateOptions

        func run() throws {
            let cleared = try TripStore(state: try userState.open()).clear()
            if json { print(#"{"cleared":\#(cleared)}"#); return }
            print(cleared ? "trip cleared" : "there was no trip")
        }
    }
}

extension Ticket.Language: ExpressibleByArgument {}

/// "Now" for the trip commands: `--at` (Tokyo time) or the clock.
enum TripClock {
    static func now(_ at: String?) throws -> Date {
        guard let at else { return RiderClock.now() }
        guard let instant = ServiceInstant(parsing: at) else { throw failure("--at must be a Tokyo time like 2025-03-18T08:15, not '\(at)'", code: 2) }
        let date = instant.calendarDate
        let seconds = date.daysSinceEpoch * 86_400 + (instant.minute.value % 1440) * 60 - TokyoTime.zone.secondsFromGMT()
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}

extension TicketCommand {
    /// The trip `leave-by` and `continue` work on; one that has ended is named with its date, not
    /// taken for no trip at all.
    static func activeTrip(state: UserState, at now: Date) throws -> Trip {
        let (trip, ended) = try TripStore(state: state).active(at: now)
        if let trip { return trip }
        if let ended {
            let words = TripWords(lang: .en)
            let when = ended.ticket.date.flatMap(CivilDate.init(iso:)).map { " of " + words.long($0) } ?? ""
            throw failure("the trip on \(words.train(ended.ticket))\(when) has ended"
                          + (ended.dateStatus(at: now) == .past ? " (its date has passed: eki ticket set date YYYY-MM-DD if it was misread)" : ""))
        }
        throw failure("no trip: scan a ticket first (eki ticket scan <image>)")
    }
}

extension TicketCommand.Show {
    /// The departures after arrival, when the database is there and has the arrival station; a trip
    /// is shown all the same without them.
    static func connections(_ trip: Trip, database: DatabaseOptions, pace: Pace) -> TripConnections? {
        guard FileManager.default.fileExists(atPath: database.url.path), let timetable = try? Timetable(url: database.url) else { return nil }
        return try? TripConnections.find(trip, timetable: timetable, pace: pace)
    }
}
