import ArgumentParser
import EkiCLI
import EkiCore
import EkiJSON
import EkiRouting
import EkiStore
import EkiTicket
import Foundation

/// `eki ticket leave-by`: the latest local trip that reaches the Shinkansen station in time.
struct TicketLeaveByCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leave-by",
        abstract: "The latest train from a station (or from near you) that reaches the Shinkansen a margin before it leaves.",
        discussion: """
            A latest-departure search (the Connection Scan run backwards) over the local network of the \
            ticket's day, any number of changes, through service included. The Shinkansen station must be \
            in the timetable database (東京, 品川, 新横浜, 上野, 大宮 …).
            """)

    @Argument(help: ArgumentHelp("Where you start: a station id or name.", valueName: "station"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Start from a place: the stations within 1 km, each with its walk at 80 m a minute.", valueName: "lat,lon"))
    var near: String?

    @Option(name: .long, help: "Minutes on the Shinkansen platform before departure (buying lunch, finding the car); the walk from the local line arrived on is added (shinkansen-walks.tsv, at your kept pace).")
    var margin = 10

    @Flag(name: .long, help: "Keep the way found as your DIY route (eki route).")
    var use = false

    @Option(name: .long, help: "Language: ja or en. Default: the ticket's.")
    var lang: Ticket.Language?

    @Option(name: .long, help: ArgumentHelp("Tokyo local time, YYYY-MM-DDTHH:MM. Default: now.", valueName: "time"))
    var at: String?

    @OptionGroup var userState: StateOptions
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (from == nil) != (near == nil) else { throw ValidationError("give a station or --near lat,lon (one of them)") }
        guard (0 ... 120).contains(margin) else { throw ValidationError("--margin must be between 0 and 120 minutes") }
    }
}

extension TicketLeaveByCommand {
    func run() throws {
        let state = try userState.open()
        let trip = try TicketCommand.activeTrip(state: state, at: TripClock.now(at))
        guard let shinkansen = trip.ticket.from, let departure = trip.departureTime else {
            throw failure("the trip has no departure station, date or time yet (eki ticket set from/date/departure)", code: 2)
        }
        let timetable = try database.open()
        let targets = TripConnections.stations(named: shinkansen.name, in: timetable)
        guard !targets.isEmpty else { throw failure("\(shinkansen.name) is not in the timetable database, so there is no local trip to it", code: 1) }
        // Where the rider starts, and the walk to each: none from a station named, the walk at 80 m a
        // minute to each station near a place.
        let origins: [(station: Reference.Station, walk: Int)]
        if let from {
            origins = try Resolve.stations(from, in: timetable).flatMap { station in
                (timetable.reference.complexes[station.complex]?.stations ?? []).compactMap { timetable.reference.stations[$0] }.filter { $0.trains > 0 }
            }.map { ($0, 0) }
        } else {
            let parts = near!.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2 else { throw failure("--near must be lat,lon like 35.68,139.76, not '\(near!)'", code: 2) }
            origins = try timetable.nearby(GeoPoint(latitude: parts[0], longitude: parts[1]), radius: 1000, limit: 5).stations.flatMap { nearby in
                nearby.stations.map { ($0, nearby.walkMinutes) }
            }
            guard !origins.isEmpty else { throw failure("no station within 1 km of \(near!)", code: 1) }
        }
        // A plan that has to hold: three minutes at every change at least, at the rider's kept pace.
        let pace = try Pace.kept(in: state)
        let planner = RoutePlanner(timetable: timetable, rules: TransferRules(pace: pace, atLeast: TransferRules.mustHold.atLeast))
        let network = try RouteNetwork.cached(timetable: timetable, serviceDate: ServiceInstant(departure, timeZone: timetable.timeZone).serviceDate,
                                              in: DatabaseLocation.cacheFolder())
        guard let found = try ShinkansenTrips.leaveBy(from: origins, shinkansen: shinkansen.name, targets: targets,
                                                                                  departure: departure, margin: margin, planner: planner,
                                                                                  pace: pace, network: network) else {
            throw failure("no train reaches \(shinkansen.name) \(margin) minutes before \(ServiceInstant(departure, timeZone: timetable.timeZone).minute.clock) that day", code: 1)
        }
        let plan = found.plan, walk = found.walk, transfer = found.transfer
        if use { try RouteStore(state: state).save(plan) }
        let language: Language = (lang ?? trip.ticket.language) == .ja ? .ja : .en
        let board = plan.segments[0].board.name, leaves = plan.departure ?? ServiceMinute(0)
        let platform = ServiceMinute(found.deadline.value + transfer).clock, there = plan.arrival ?? found.deadline
        let rough = found.transferEstimated
        var head = language == .ja
            ? "\(shinkansen.name)の新幹線ホームに\(platform)（発車\(margin)分前）に着く最終: \(board.ja) \(leaves.clock)発（\(there.clock)着、新幹線まで徒歩\(transfer)分\(rough ? "・目安" : "")）"
            : "Latest to be on the Shinkansen platform at \(shinkansen.nameEn) by \(platform) (\(margin) min before departure): leave \(board.en) at \(leaves.clock) (there at \(there.clock), then a walk of \(rough ? "about " : "")\(transfer) min)"
        if near != nil {
            let start = ServiceMinute(leaves.value - walk).clock
            head += language == .ja ? "（\(start)に出発、徒歩\(walk)分）" : " (set off at \(start), a \(walk)-min walk)"
        }
        print(head)
        print(RouteText(lang: language, color: Render.stdoutIsTerminal, reference: timetable.reference).render(plan, at: nil))
    }
}

/// `eki ticket continue`: a DIY route onward from the arrival station.
struct TicketContinueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "continue",
        abstract: "Continue by local train from the arrival station: the fastest ways after arrival and the walk, kept as your route.")

    @Argument(help: ArgumentHelp("Where you go next: a station id or name.", valueName: "to"))
    var to: String

    @Option(name: .long, help: "Minutes from the Shinkansen platform to every local line (default: each line's walk in shinkansen-walks.tsv at your kept pace).")
    var walk: Int?

    @Option(name: .long, help: ArgumentHelp("Keep option N as your route (default 1).", valueName: "n"))
    var use = 1

    @Option(name: .long, help: ArgumentHelp("Tokyo local time, YYYY-MM-DDTHH:MM. Default: now.", valueName: "time"))
    var at: String?

    @OptionGroup var userState: StateOptions
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if let walk, !(0 ... 60).contains(walk) { throw ValidationError("--walk must be between 0 and 60 minutes") }
        guard (1 ... 3).contains(use) else { throw ValidationError("--use must be 1, 2 or 3") }
    }

    func run() throws {
        let state = try userState.open()
        let trip = try TicketCommand.activeTrip(state: state, at: TripClock.now(at))
        guard let arrivalStation = trip.ticket.to, let arrival = trip.arrivalTime else {
            throw failure("the trip has no arrival station, date or time yet (eki ticket set to/date/arrival)", code: 2)
        }
        let timetable = try database.open()
        let origins = TripConnections.stations(named: arrivalStation.name, in: timetable)
        guard !origins.isEmpty else { throw failure("\(arrivalStation.name) is not in the timetable database", code: 1) }
        let destinations = try Resolve.destinations(to, in: timetable).flatMap { station in
            (timetable.reference.complexes[station.complex]?.stations ?? []).compactMap { timetable.reference.stations[$0] }.filter { $0.trains > 0 }
        }
        let pace = try Pace.kept(in: state)
        let planner = RoutePlanner(timetable: timetable, rules: TransferRules(pace: pace))
        let answer = try ShinkansenTrips.onward(from: origins, shinkansen: arrivalStation.name, arrival: arrival, to: destinations,
                                                planner: planner, pace: pace, given: walk) {
            try RouteNetwork.cached(timetable: timetable, serviceDate: $0, in: DatabaseLocation.cacheFolder())
        }
        // "あと N分" counts from now, or from the arrival while the rider is still on board.
        let ready = ServiceInstant(max(arrival, try TripClock.now(at)), timeZone: timetable.timeZone)
        guard answer.options.count >= use else { throw failure("no train from \(arrivalStation.name) to \(to) after \(ready.minute.clock)", code: 1) }
        let plan = answer.options[use - 1].plan
        try RouteStore(state: state).save(plan)
        let language: Language = trip.ticket.language == .ja ? .ja : .en
        print(RouteText(lang: language, color: Render.stdoutIsTerminal, reference: timetable.reference).render(plan, at: ready))
    }
}
