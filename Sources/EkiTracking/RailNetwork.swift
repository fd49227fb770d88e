import EkiCore
import Foundation
import Synchronization

/// Lines, their grid index and the trains of each service day: everything a ride filter reads.
/// Immutable apart from the day schedules, which are made on first use of a day and kept.
public final class RailNetwork: Sendable {
    public let lines: [RailLine]
    /// The clock the timetable's times are on (Asia/Tokyo; a GTFS feed's agency_timezone).
    public let timeZone: TimeZone
    let grid: SegmentGrid
    let lineByRailway: [String: Int]
    private let schedules: Mutex<[CivilDate: DaySchedule]>
    private let makeSchedule: @Sendable (CivilDate) -> DaySchedule

    /// `schedule` makes a day's trains; hand-built networks pass fixed ones.
    public init(lines: [RailLine], timeZone: TimeZone = TokyoTime.zone, schedule: @escaping @Sendable (CivilDate) -> DaySchedule) {
        self.lines = lines
        self.timeZone = timeZone
        grid = SegmentGrid(lines: lines)
        lineByRailway = Dictionary(lines.enumerated().map { ($1.railway, $0) }, uniquingKeysWith: { a, _ in a })
        schedules = Mutex([:])
        makeSchedule = schedule
    }

    /// A day's trains, made once (the first fix of a day pays for reading them).
    func schedule(for date: CivilDate) -> DaySchedule {
        if let known = schedules.withLock({ $0[date] }) { return known }
        let made = makeSchedule(date)
        schedules.withLock { $0[date] = made }
        return made
    }

    /// Each nearby line's projections of `point` within `radius`, by line index.
    func project(_ point: PlanePoint, within radius: Double) -> [(line: Int, projections: [Projection])] {
        grid.segments(near: point, radius: radius).sorted { $0.key < $1.key }.compactMap { line, segments in
            let projections = lines[Int(line)].project(point, within: radius, segments: segments)
            return projections.isEmpty ? nil : (Int(line), projections)
        }
    }
}
