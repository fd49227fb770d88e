import ArgumentParser
import EkiCLI
import EkiCore
import EkiStore
import EkiTracking
import EkiTrackingLab
import Foundation

/// `eki track simulate`: realistic rides with their ground truth, for the evaluation (issue 9).
struct TrackSimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Make simulated rides (GPS fixes + ground truth) from the real timetable.",
        discussion: """
            Each ride is a real train of one service day moving along its railway's real shape on the \
            timetable's times, ridden between real stops and seen through a noisy GPS (correlated error, \
            outliers, gaps, nothing underground). Writes ride-0001.jsonl (fixes) and ride-0001.truth.json \
            (what really happened) per ride. The same seed, date and database give the same rides.
            """)

    @Option(name: .long, help: "How many rides to make.")
    var rides: Int = 20

    @Option(name: .long, help: "Random seed; the same seed gives the same rides.")
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("Folder to write the rides into (created if missing).", valueName: "dir"))
    var out: String = "rides"

    @Option(name: .long, help: ArgumentHelp("Service day the trains run (YYYY-MM-DD). Default: the first weekday after the data's snapshot date.", valueName: "date"))
    var date: String?

    @Flag(name: .long, help: "Only rides inside the parallel corridors (Shinagawa–Yokohama, Shinagawa–Tabata, Toyoko / Meguro).")
    var corridors = false

    @Flag(name: .long, help: "About half the rides change trains once within a station complex.")
    var transfers = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (1...100_000).contains(rides) else { throw ValidationError("--rides must be between 1 and 100000, not \(rides)") }
        if let date, CivilDate(iso: date) == nil { throw ValidationError("--date must be a real date as YYYY-MM-DD, not \(date)") }
    }
}

extension TrackSimulateCommand {
    func run() throws {
        let timetable = try database.open()
        let serviceDate = try date.flatMap(CivilDate.init(iso:)) ?? Self.firstWeekday(after: timetable)
        let folder = URL(fileURLWithPath: out)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw failure("cannot create \(out): \(error.localizedDescription)")
        }
        let simulator: RideSimulator
        do {
            simulator = try RideSimulator(timetable: timetable, serviceDate: serviceDate)
        } catch let error as SimulatorError {
            throw failure(error.description)
        }
        var fixes = 0, transfers = 0, underground = 0
        for index in 1...rides {
            let ride: SimulatedRide
            do {
                ride = try simulator.ride(index, seed: seed, options: .init(corridors: corridors, transfers: self.transfers))
                try RideFileWriter.write(ride, to: folder)
            } catch let error as SimulatorError {
                throw failure(error.description)
            } catch {
                throw failure("cannot write ride \(index) into \(out): \(error.localizedDescription)")
            }
            fixes += ride.fixes.count
            transfers += ride.truth.segments.count - 1
            underground += ride.truth.aboveGround ? 0 : 1
        }
        print("Wrote \(rides) rides (\(Terminal.number(fixes)) fixes, \(transfers) with a transfer, \(underground) partly underground) "
              + "for service day \(serviceDate.iso), seed \(seed), into \(out)")
    }

    /// A fixed default day, so a seed alone reproduces the rides: the first weekday (not a
    /// holiday) after the snapshot the database was built from.
    static func firstWeekday(after timetable: Timetable) throws -> CivilDate {
        let snapshot = (try? timetable.info().snapshotDate).flatMap { CivilDate(iso: String($0.prefix(10))) }
            ?? CivilDate(year: 2026, month: 1, day: 5)!
        var day = snapshot.adding(days: 1)
        while ScheduleDay(day).kind != .weekday { day = day.adding(days: 1) }
        return day
    }
}
