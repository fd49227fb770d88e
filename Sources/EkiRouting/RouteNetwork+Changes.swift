import EkiStore

extension RouteNetwork {
    /// Where a rider can change trains, per station row id, in standard minutes — the one rule,
    /// `Reference.change`, asked once per pair when the network is made, and kept with the network
    /// in its file: asking it for every pair of every complex was a fifth of a fresh `eki route
    /// fastest` (docs/PERFORMANCE.md, session 50). Plain arrays, so a scan reads them without
    /// touching a reference count per connection.
    struct ChangeTables: Equatable {
        /// `neighbourStart[s] ..< neighbourStart[s + 1]` index `neighbourList`: the other stations
        /// of s's complex (and any the data names) and the change to each; a change the data says
        /// cannot be made is left out.
        var neighbourStart: [Int32]
        var neighbourList: [Neighbour]
        /// The minutes of a change of trains without leaving the station; -1 where the data says
        /// it cannot be made.
        var changeHere: [Int16]
        /// Changes across one island platform (`Reference.crosses`). Boarding across a platform is
        /// a "cross slot": one station and the direction of the trains boarded there; `slotStart[s]
        /// ..< slotStart[s + 1]` are station s's slots, `slotDirections` their directions.
        /// `crossStart[s] ..< crossStart[s + 1]` index `crosses`, the changes from a train arriving at s.
        var crossStart: [Int32]
        var crosses: [Cross]
        var slotStart: [Int32]
        var slotDirections: [Int32]

        init(reference: Reference, stationCount: Int) {
            (neighbourStart, neighbourList, changeHere) = Self.changes(reference: reference, stationCount: stationCount)
            (crossStart, crosses, slotStart, slotDirections) = Self.crossings(reference: reference, stationCount: stationCount)
        }

        /// Per station row id: where a rider can change to and in how many standard minutes.
        static func changes(reference: Reference, stationCount: Int) -> ([Int32], [Neighbour], [Int16]) {
            var neighbours = [[Neighbour]](repeating: [], count: stationCount)
            var changeHere = [Int16](repeating: 1, count: stationCount)
            func standard(_ a: Reference.Station, _ b: Reference.Station) -> Int16? {
                reference.change(from: a, to: b).minutes.map { min(longestChange, Int16(clamping: $0)) }
            }
            for complex in reference.complexes.values where complex.stations.count > 1 {
                let members = complex.stations.compactMap { reference.stations[$0] }.filter { Int($0.handle.row) < stationCount }
                for a in members {
                    neighbours[Int(a.handle.row)] = members.compactMap { b in
                        guard b.handle != a.handle, let minutes = standard(a, b) else { return nil }
                        return Neighbour(station: Int32(b.handle.row), minutes: minutes)
                    }
                }
            }
            // Changes the data names between stations of different complexes (a GTFS feed's
            // transfers.txt), and changes at one station.
            for (handle, transfers) in reference.transfers where Int(handle.row) < stationCount {
                let from = Int(handle.row)
                for transfer in transfers where Int(transfer.to.row) < stationCount {
                    if transfer.to == handle {
                        changeHere[from] = transfer.minutes.map { min(longestChange, Int16(clamping: $0)) } ?? -1
                        continue
                    }
                    guard !neighbours[from].contains(where: { $0.station == Int32(transfer.to.row) }),
                          let minutes = transfer.minutes else { continue }
                    neighbours[from].append(Neighbour(station: Int32(transfer.to.row), minutes: min(longestChange, Int16(clamping: minutes))))
                }
            }
            var start = [Int32](repeating: 0, count: stationCount + 1)
            for station in 0 ..< stationCount { start[station + 1] = start[station] + Int32(neighbours[station].count) }
            return (start, neighbours.flatMap { $0 }, changeHere)
        }

        /// The changes across one island platform, for each pair of directions the data names.
        static func crossings(reference: Reference, stationCount: Int) -> ([Int32], [Cross], [Int32], [Int32]) {
            var slots: [Int: [Int32]] = [:]   // station → directions boarded across a platform
            var byStation: [Int: [(arriving: Int32, station: Int, departing: Int32, minutes: Int16)]] = [:]
            for (from, crosses) in reference.crosses where Int(from.row) < stationCount {
                for cross in crosses where Int(cross.to.row) < stationCount {
                    let arriving = cross.arriving.row, departing = cross.departing.row
                    let to = Int(cross.to.row)
                    if !(slots[to]?.contains(Int32(departing)) ?? false) { slots[to, default: []].append(Int32(departing)) }
                    byStation[Int(from.row), default: []].append((Int32(arriving), to, Int32(departing), min(longestChange, Int16(clamping: cross.minutes))))
                }
            }
            var slotStart = [Int32](repeating: 0, count: stationCount + 1)
            var slotDirections: [Int32] = []
            var slotIndex: [Int: [Int32: Int32]] = [:]
            for station in 0 ..< stationCount {
                slotStart[station] = Int32(slotDirections.count)
                for direction in slots[station] ?? [] {
                    slotIndex[station, default: [:]][direction] = Int32(slotDirections.count)
                    slotDirections.append(direction)
                }
            }
            slotStart[stationCount] = Int32(slotDirections.count)
            var crossStart = [Int32](repeating: 0, count: stationCount + 1)
            var crosses: [Cross] = []
            for station in 0 ..< stationCount {
                crossStart[station] = Int32(crosses.count)
                for cross in byStation[station] ?? [] {
                    crosses.append(Cross(arriving: cross.arriving, slot: slotIndex[cross.station]![cross.departing]!,
                                         station: Int32(cross.station), minutes: cross.minutes))
                }
            }
            crossStart[stationCount] = Int32(crosses.count)
            return (crossStart, crosses, slotStart, slotDirections)
        }

        /// Written after the connections in a network file (`RouteNetwork.save`).
        func save(to out: CacheFileWriter) {
            out.put([UInt64(neighbourList.count), UInt64(crosses.count), UInt64(slotDirections.count)])
            out.put(neighbourStart); out.put(neighbourList.map(\.station)); out.put(neighbourList.map(\.minutes)); out.put(changeHere)
            out.put(crossStart); out.put(crosses.map(\.arriving)); out.put(crosses.map(\.slot)); out.put(crosses.map(\.station))
            out.put(crosses.map(\.minutes)); out.put(slotStart); out.put(slotDirections)
        }

        /// Read back from a network file; nil unless every index is within its table, so a damaged
        /// file can never make a scan read out of bounds.
        init?(reading reader: inout CacheFileReader, stationCount: Int) {
            guard let counts = reader.read(UInt64.self, 3), counts.allSatisfy({ $0 < 1 << 24 }) else { return nil }
            let (neighbourCount, crossCount, slotCount) = (Int(counts[0]), Int(counts[1]), Int(counts[2]))
            guard let neighbourStart = reader.read(Int32.self, stationCount + 1), let stations = reader.read(Int32.self, neighbourCount),
                  let minutes = reader.read(Int16.self, neighbourCount), let changeHere = reader.read(Int16.self, stationCount),
                  let crossStart = reader.read(Int32.self, stationCount + 1), let arriving = reader.read(Int32.self, crossCount),
                  let slots = reader.read(Int32.self, crossCount), let crossStations = reader.read(Int32.self, crossCount),
                  let crossMinutes = reader.read(Int16.self, crossCount), let slotStart = reader.read(Int32.self, stationCount + 1),
                  let slotDirections = reader.read(Int32.self, slotCount) else { return nil }
            func ordered(_ start: [Int32], ending count: Int) -> Bool {
                start.first == 0 && start.last == Int32(count) && zip(start, start.dropFirst()).allSatisfy { $0 <= $1 }
            }
            func minutesOK(_ m: Int16) -> Bool { m >= 0 && m <= longestChange }
            guard ordered(neighbourStart, ending: neighbourCount), ordered(crossStart, ending: crossCount), ordered(slotStart, ending: slotCount),
                  RouteNetwork.allWithin(stations, 0, stationCount), RouteNetwork.allWithin(crossStations, 0, stationCount),
                  RouteNetwork.allWithin(slots, 0, slotCount),
                  minutes.allSatisfy(minutesOK), crossMinutes.allSatisfy(minutesOK), changeHere.allSatisfy({ $0 == -1 || minutesOK($0) })
            else { return nil }
            self.neighbourStart = neighbourStart
            neighbourList = zip(stations, minutes).map { Neighbour(station: $0, minutes: $1) }
            self.changeHere = changeHere
            self.crossStart = crossStart
            crosses = (0 ..< crossCount).map { Cross(arriving: arriving[$0], slot: slots[$0], station: crossStations[$0], minutes: crossMinutes[$0]) }
            self.slotStart = slotStart
            self.slotDirections = slotDirections
        }
    }
}
