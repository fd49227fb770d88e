import GRDB

extension TimetableWriter.Builder {
    /// Fills `loop_run_end`. The Yamanote's train parts are laps from 大崎 to 大崎 linked to the
    /// next lap all day, and only a run's last part names its destination: the 23:59 from 品川
    /// is part 2229G, without one, which goes on as 2429G and ends at 池袋. Boards signed it
    /// 渋谷・新宿方面 as if it went round again. For each loop part without a destination, follow
    /// its next laps to where the run ends; the stops from which that end is less than a lap
    /// ahead are signed for it.
    func writeLoopRunEnds() throws {
        let index = Dictionary(dataset.trains.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let insert = try db.makeStatement(sql: "INSERT INTO loop_run_end VALUES (?, ?, ?)")
        for railway in dataset.railways where railway.isLoop {
            let ring = LoopRing(railway)
            for train in dataset.trains where train.railwayId == railway.id && train.destinations.isEmpty {
                guard let end = ring.runEnd(after: train, trains: dataset.trains, index: index),
                      let fromStop = ring.firstStopShortOfALap(on: train, beyond: end.beyond),
                      let id = trainIds[train.id], let station = stationIds[end.station] else { continue }
                try insert.execute(arguments: [id, fromStop, station])
            }
        }
    }
}

/// A loop railway's stations once round, to measure how far a train goes between two stops.
struct LoopRing {
    let railway: TimetableDataset.Railway
    let position: [String: Int]
    var count: Int { position.count }

    init(_ railway: TimetableDataset.Railway) {
        self.railway = railway
        var position: [String: Int] = [:]
        for (offset, station) in railway.stations.dropLast().enumerated() where position[station] == nil {
            position[station] = offset
        }
        self.position = position
    }

    /// Stations travelled from `a` to `b` in the train's direction (0 to count - 1), or nil off the loop.
    func steps(from a: String, to b: String, forward: Bool) -> Int? {
        guard let x = position[a], let y = position[b] else { return nil }
        return ((forward ? y - x : x - y) % count + count) % count
    }

    /// Stations travelled over a list of stops.
    func length(_ stops: ArraySlice<TimetableDataset.Stop>, forward: Bool) -> Int? {
        var total = 0
        for (a, b) in zip(stops, stops.dropFirst()) {
            guard let step = steps(from: a.station, to: b.station, forward: forward) else { return nil }
            total += step
        }
        return total
    }

    func forward(_ train: TimetableDataset.Train) -> Bool { train.directionId != railway.descending }

    /// Where the run of `train` ends, following its next parts on this loop, and how many stations
    /// past the end of `train` that is. Nil when the run goes a lap or more beyond it (no stop of
    /// `train` is then less than a lap from the end), leaves the loop, or cannot be measured.
    func runEnd(after train: TimetableDataset.Train, trains: [TimetableDataset.Train],
                index: [String: Int]) -> (station: String, beyond: Int)? {
        var current = train
        var beyond = 0
        var seen: Set<String> = [train.id]
        while let next = current.next.lazy.compactMap({ index[$0] }).first.map({ trains[$0] }) {
            guard next.railwayId == railway.id, seen.insert(next.id).inserted,
                  let length = length(next.stops[...], forward: forward(next)) else { return nil }
            beyond += length
            guard beyond < count else { return nil }
            current = next
        }
        return current.stops.last.map { ($0.station, beyond) }
    }

    /// The first stop `train` leaves from with the run's end, `beyond` stations past its last stop,
    /// less than a lap ahead.
    func firstStopShortOfALap(on train: TimetableDataset.Train, beyond: Int) -> Int? {
        let forward = forward(train)
        for stop in train.stops.indices.dropLast() where train.stops[stop].departure != nil {
            guard let ahead = length(train.stops[stop...], forward: forward) else { return nil }
            if ahead + beyond < count { return stop }
        }
        return nil
    }
}
