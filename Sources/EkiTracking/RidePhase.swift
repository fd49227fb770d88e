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
    static let departedDistance = 400.0

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
        if let nearest = line.nearestStation(to: along), abs(nearest.offset) <= platform {
            let station = nearest.station
            // The stations either side of this one in the riding direction.
            let before = line.neighbours(of: station.along, sign: -sign, margin: 1).next
            let after = line.neighbours(of: station.along, sign: sign, margin: 1).next
            let reached = nearest.offset * sign <= 0
            place.focus = station.id
            if stopped || (!moving && lastStop == station.index) {
                place.phase = .at
            } else if lastStop == station.index {
                place.phase = .departed
            } else if !willStop(station) {
                place.phase = .passing
            } else {
                place.phase = reached && moving ? .departed : .approaching
            }
            // Until the train is at or past the station, it is the next one; from then on it is behind.
            if place.phase == .approaching || (place.phase == .passing && !reached) {
                place.previous = before?.id
                place.next = station.id
            } else if place.phase == .at {
                place.previous = before?.id
                place.next = after?.id
            } else {
                place.previous = station.id
                place.next = after?.id
            }
            return place
        }
        if let behind, let lastStop, lastStop == behind.index,
           abs(line.signedStep(from: behind.along, to: along)) <= departedDistance {
            place.focus = behind.id
            place.phase = .departed
            return place
        }
        guard let ahead else { return place }
        place.focus = ahead.id
        place.phase = willStop(ahead) ? .approaching : .passing
        return place
    }
}
