import EkiCore
import Foundation

extension RailNetwork {
    /// The timetable's train on `railway` going `direction` that best explains a rider `along`
    /// metres into that line at `time`: due there from a minute and a half early to six late, the
    /// one closest to its timetable. For a line the rider picked, which the tracker does not
    /// follow. Its row id and its service day's offset (-1: the day before's night train), on the
    /// timetable's clock.
    public func train(railway: String, direction: String, along: Double, time: Double) -> (row: Int64, dayOffset: Int)? {
        guard let index = lineByRailway[railway] else { return nil }
        let line = lines[index]
        let sign: Double = (direction == line.ascending) == line.ascendingForward ? 1 : -1
        let instant = ServiceInstant(Date(timeIntervalSince1970: time), timeZone: timeZone)
        let minute = Double(instant.minute.value) + (time / 60 - (time / 60).rounded(.down))
        let day = instant.serviceDate
        var best: (train: DaySchedule.Train, late: Double)?
        for train in schedule(for: day).trains(line: index, sign: sign)
        where train.firstMinute <= minute + 20 && train.lastMinute >= minute - 20 {
            guard let due = train.scheduledMinute(at: along, line: line, sign: sign) else { continue }
            let late = minute - due
            guard late >= -1.5, late <= 6 else { continue }
            if best.map({ abs(late) < abs($0.late) }) ?? true { best = (train, late) }
        }
        return best.map { ($0.train.rowId, $0.train.dayOffset) }
    }
}
