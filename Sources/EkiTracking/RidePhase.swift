/// Where a rider is among a line's stations: the previous and next station in the riding direction
/// and the one to show, with its phase. Pure: a position along the line and what the train is doing.
enum RidePhase {
    struct Place: Equatable {
        var previous: String?
        var next: String?
        var focus: String?
        var phase: TrackingState.Phase?
    }

    /// Within this many metres of a station's position the train is at it (half a long platform,
    /// plus the slack of stations' mapped positions).
    static let platform = 150.0
    /// Just left: the departed phase lasts this far beyond the station.
    static let departedDistance = 300.0
    /// A station the train goes through is the focus from this far before it to this far after.
    static let passingBefore = 400.0
    static let passingAfter = 200.0

    /// - Parameters:
    ///   - sign: +1 when riding toward growing `along`.
    ///   - stopped: the train has been still for a few seconds.
    ///   - moving: at more than walking pace.
    ///   - lastStop: the station (index in the railway) where the train last stopped, recently.
    ///   - train: the best-fitting train of the timetable, if any: it tells where the train will not stop.
    static func place(on line: RailLine, along: Double, sign: Double, stopped: Bool, moving: Bool, lastStop: Int?,
                      train: DaySchedule.Train?, poorAccuracy: Bool) -> Place {
        func willStop(_ station: RailLine.Station) -> Bool {
            guard let train, station.along >= train.low - platform, station.along <= train.high + platform else { return true }
            return train.stopping.contains(station.index)
        }
        let (behind, ahead) = line.neighbours(of: along, sign: sign)
        var place = Place(previous: behind?.id, next: ahead?.id)
        if poorAccuracy {
            // Only "around here": the nearest station, no claim about stopping or passing.
            place.focus = line.nearestStation(to: along)?.station.id
            place.phase = .nearby
            return place
        }
        if let nearest = line.nearestStation(to: along), abs(nearest.offset) <= platform,
           stopped || (!moving && lastStop == nearest.station.index) {
            // At a platform: previous and next are the stations either side of it.
            let station = nearest.station
            place.previous = line.neighbours(of: station.along, sign: -sign, margin: 1).next?.id
            place.next = line.neighbours(of: station.along, sign: sign, margin: 1).next?.id
            place.focus = station.id
            place.phase = .at
            return place
        }
        func distance(_ station: RailLine.Station) -> Double { abs(line.signedStep(from: along, to: station.along)) }
        if let ahead, !willStop(ahead), distance(ahead) <= passingBefore {
            place.focus = ahead.id
            place.phase = .passing
        } else if let behind, lastStop != behind.index, !willStop(behind), distance(behind) <= passingAfter {
            place.focus = behind.id
            place.phase = .passing
        } else if let behind, lastStop == behind.index || willStop(behind), distance(behind) <= departedDistance {
            place.focus = behind.id
            place.phase = .departed
        } else {
            // The next stop, which may lie beyond stations the train goes through.
            var next = ahead
            var along = along
            while let candidate = next, !willStop(candidate) {
                along = candidate.along
                next = line.neighbours(of: along, sign: sign, margin: 1).next
                if next?.id == ahead?.id { break }   // round a loop without a stop
            }
            place.focus = (next ?? ahead)?.id
            place.phase = place.focus == nil ? nil : .approaching
        }
        return place
    }
}
