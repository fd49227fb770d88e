import EkiCore

/// One scheduled run of a rail trip: a trip as listed, or one departure of a frequencies.txt trip.
struct GTFSRun {
    var id: String
    var trip: Int
    /// Stops as (stop row, arrival, departure) in service-day minutes on Eki's clock (03:00–26:59).
    var stops: [(stop: Int32, arrival: Int?, departure: Int?)]
    /// The run starts before 03:00 on its GTFS service date: Eki files it under the day before, at 24:00+,
    /// so its dates move back one day.
    var dayBefore: Bool
    var fromFrequency: Bool
    /// First departure and last arrival in feed seconds, for chaining a block's trips.
    var start: Int, end: Int
}

extension GTFSRun {
    /// GTFS route types that run on rails: tram, subway, rail, monorail, and the extended railway
    /// (100–117) and urban railway (400–405) types. Buses, ferries, cable cars and the rest are skipped.
    static func isRail(_ type: Int) -> Bool {
        [0, 1, 2, 12].contains(type) || (100...117).contains(type) || (400...405).contains(type)
    }

    /// The runs of one trip. Timepoints without times are interpolated between the nearest timed
    /// stops, by shape_dist_traveled when all three have it, else evenly by stop count; the first and
    /// last stop must have times (GTFS requires it). A trip listed in frequencies.txt runs once per
    /// headway from each start_time up to (not including) end_time, its stop times shifted to start
    /// there — exact_times 1 and 0 alike (0 means "about every n minutes"; we show those times).
    static func runs(of tripIndex: Int, in feed: GTFSFeed, frequencies: [GTFSFeed.Frequency]) throws -> [GTFSRun] {
        let trip = feed.trips[tripIndex]
        let stopTimes = feed.stopTimes[tripIndex]
        guard let first = stopTimes.first, let last = stopTimes.last else { return [] }
        guard first.departure != nil else {
            throw ImportError.badRecord(file: "stop_times.txt", line: first.line,
                                        detail: "trip \(trip.id) has no time at its first stop")
        }
        guard last.arrival != nil else {
            throw ImportError.badRecord(file: "stop_times.txt", line: last.line,
                                        detail: "trip \(trip.id) has no time at its last stop")
        }
        let times = interpolated(stopTimes)
        func run(id: String, offset: Int, fromFrequency: Bool) -> GTFSRun {
            let start = times[0].departure + offset, end = times[times.count - 1].arrival + offset
            let dayBefore = start < ServiceMinute.dayStart * 60
            let shift = dayBefore ? 1440 : 0
            var stops: [(stop: Int32, arrival: Int?, departure: Int?)] = []
            stops.reserveCapacity(stopTimes.count)
            for (index, stopTime) in stopTimes.enumerated() {
                let arrival = (times[index].arrival + offset) / 60 + shift
                let departure = (times[index].departure + offset) / 60 + shift
                let isFirst = index == 0, isLast = index == stopTimes.count - 1
                // As Mini Tokyo 3D writes stops: departure only, arrival too when it differs,
                // arrival only at the end or where no one may board.
                let leaves = !isLast && !stopTime.noPickup
                stops.append((stopTime.stop,
                              isFirst ? nil : (leaves && arrival == departure ? nil : arrival),
                              leaves ? departure : nil))
            }
            return GTFSRun(id: id, trip: tripIndex, stops: stops, dayBefore: dayBefore, fromFrequency: fromFrequency,
                           start: start, end: end)
        }
        guard !frequencies.isEmpty else { return [run(id: trip.id, offset: 0, fromFrequency: false)] }
        var runs: [GTFSRun] = []
        for frequency in frequencies {
            var start = frequency.start
            while start < frequency.end {
                let clock = start / 3600 * 100 + start % 3600 / 60
                let label = clock < 1000 ? "0\(clock)" : "\(clock)"
                runs.append(run(id: "\(trip.id)~\(label)\(start % 60 == 0 ? "" : ":\(start % 60)")",
                                offset: start - times[0].departure, fromFrequency: true))
                // A headway near Int.max (a hostile feed) means one train, not an overflow trap.
                let (next, overflow) = start.addingReportingOverflow(frequency.headway)
                if overflow { break }
                start = next
            }
        }
        return runs
    }

    /// Arrival and departure seconds at every stop, the untimed ones filled in.
    private static func interpolated(_ stopTimes: [GTFSFeed.StopTime]) -> [(arrival: Int, departure: Int)] {
        var times = stopTimes.map { ($0.arrival ?? -1, $0.departure ?? -1) }
        var previous = 0
        for index in stopTimes.indices.dropFirst() where stopTimes[index].arrival != nil {
            let gap = index - previous
            if gap > 1 {
                let from = times[previous].1, to = times[index].0
                let distances = (previous...index).compactMap { stopTimes[$0].distance }
                let useDistance = distances.count == gap + 1 && distances[gap] > distances[0]
                for between in (previous + 1)..<index {
                    let evenly = Double(between - previous) / Double(gap)
                    let measured = useDistance
                        ? (distances[between - previous] - distances[0]) / (distances[gap] - distances[0]) : evenly
                    // Distances from the file: a fraction that is not one (out of order, overflowing)
                    // falls back to the even split rather than reaching the Int conversion.
                    let fraction = measured.isFinite && (0...1).contains(measured) ? measured : evenly
                    let time = from + Int((Double(to - from) * fraction).rounded())
                    times[between] = (time, time)
                }
            }
            previous = index
        }
        return times.map { (arrival: $0.0, departure: $0.1) }
    }
}
