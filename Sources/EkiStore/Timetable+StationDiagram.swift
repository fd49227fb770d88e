import EkiCore

/// The rail diagram of a station detail: on each side the adjacent station and the end of the
/// line, always in railway order — never the next stop of some train, which depends on its type
/// and on the day.
extension Timetable {
    /// The diagram half toward `direction`: neighbour and terminal in railway order (ascending runs
    /// toward the last station), or on a loop the next major stations ahead.
    func diagramSide(of station: Reference.Station, on railway: Reference.Railway?,
                     toward direction: Reference.Direction) -> StationDetail.Side {
        var side = StationDetail.Side(direction: direction)
        guard let railway else { return side }
        place(&side, at: station.handle, on: railway, forward: direction.handle != railway.descending)
        return side
    }

    /// Fills the neighbour and terminal of `handle` on `railway`, going toward its last station
    /// (`forward`) or its first; on a loop the neighbour and the major stations ahead. Leaves the
    /// side as it is where the line ends.
    private func place(_ side: inout StationDetail.Side, at handle: StationHandle, on railway: Reference.Railway,
                       forward: Bool) {
        if railway.isLoop {
            let ring = loopStations(railway, forward: forward)
            guard let here = ring.firstIndex(of: handle), let station = reference.stations[handle] else { return }
            side.neighbour = reference.stations[ring[(here + 1) % ring.count]]
            side.toward = majorStationsAhead(on: railway, from: station, forward: forward)
            return
        }
        let line = forward ? railway.stations : railway.stations.reversed()
        guard let here = line.firstIndex(of: handle), here + 1 < line.count else { return }
        side.neighbour = reference.stations[line[here + 1]]
        side.terminal = reference.stations[line[line.count - 1]]
        side.stationsBetween = max(0, line.count - here - 3)
    }

    /// Where `station`'s railway ends but the day's trains (`day`, this side's) go on as another
    /// railway's: that railway — the one most of them continue on — and its station next to the
    /// one they continue from, in its railway order toward where they run. At Atami the JR Central
    /// Tokaido line's trains go on as JR East's toward Tokyo: 湯河原, not 横浜 where the day's
    /// first through train, a limited express, next stops. The terminal stays nil: this railway
    /// ends here, and the other railway's end need not be where its trains go (the Odakyu's run to
    /// 箱根湯本, the Hakone Tozan line goes on to 強羅).
    func continueOnThroughRailway(_ side: inout StationDetail.Side, from station: Reference.Station,
                                  day: [Board.Row]) throws {
        var trains: [RailwayHandle: Int] = [:]
        for row in day where row.departure.railway != station.railway { trains[row.departure.railway, default: 0] += 1 }
        // Most trains first; a tie goes to the first id, so the answer never depends on row order.
        func id(_ railway: RailwayHandle) -> String { reference.railways.id(of: railway) ?? "" }
        guard let busiest = trains.max(by: { ($0.value, id($1.key)) < ($1.value, id($0.key)) })?.key,
              let railway = reference.railways[busiest],
              let row = day.first(where: { $0.departure.railway == busiest }),
              let part = try runningPart(row.departure.train), row.departure.stopIndex < part.stops.count else { return }
        side.throughRailway = railway
        // The continuing part's stop here is the other railway's record of this station; should
        // the list lack it, its record in the same complex.
        let here = part.stops[row.departure.stopIndex].station
        guard let from = railway.stations.contains(here) ? here
                : railway.stations.first(where: { reference.stations[$0]?.complex == station.complex }) else { return }
        var onward = StationDetail.Side(direction: side.direction)
        place(&onward, at: from, on: railway, forward: part.direction != railway.descending)
        side.neighbour = onward.neighbour
        side.toward = onward.toward
    }

    /// A loop's stations once round, in the direction of travel.
    func loopStations(_ railway: Reference.Railway, forward: Bool) -> [StationHandle] {
        let ring = Reference.ring(railway)
        return forward ? ring : ring.reversed()
    }

    /// The next two major stations ahead on a loop (`Reference.majorStations`), as its platform
    /// signs name them: 渋谷・新宿方面.
    public func majorStationsAhead(on railway: Reference.Railway, from station: Reference.Station,
                                   forward: Bool) -> [Reference.Station] {
        let ring = loopStations(railway, forward: forward)
        guard let here = ring.firstIndex(of: station.handle) ?? ring.firstIndex(where: {
            reference.stations[$0]?.complex == station.complex
        }), let major = reference.majorStations[railway.handle] else { return [] }
        let ahead = (1..<ring.count).map { ring[(here + $0) % ring.count] }
        // On a loop so small that the first major station ahead is past the far side of it, the
        // sign would name the same station both ways round (a 4-station loop's 新宿原方面 from
        // 渋谷坂 on both platforms): the first stop, which is nearer, names that way instead.
        guard let first = ahead.firstIndex(where: major.contains), first <= ahead.count / 2 else {
            return ahead.prefix(1).compactMap { reference.stations[$0] }
        }
        return ahead[first...].filter(major.contains).prefix(2).compactMap { reference.stations[$0] }
    }
}
