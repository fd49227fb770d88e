import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// The station detail on the hand-written Tokyo (`TokyoFixture`): the diagram's sides, neighbours
/// and terminals, and the day's figures checked against plain scans of the station's timetable.
/// Times follow from the fixture's lines: 海岸線's inbound locals leave 港町 every 15 minutes from
/// 05:00 on weekdays (24:30 the last) and pass 中央通 6 minutes later, its outbound ones leave 渋谷坂
/// every 15 minutes from 05:10 and pass 中央通 8 minutes later; the through 急行 pass 中央通 at 07:05
/// and 08:05. (A real line's diagram with stations hidden between, real changes from the reviewed
/// table: `RealDataStoreTests`.)
@Suite struct StationDetailTests {
    static let tuesdayMorning = ServiceInstant(parsing: "2026-11-24T07:30")!
    static let saturdayMorning = ServiceInstant(parsing: "2026-11-28T07:30")!

    static func detail(_ id: String, at instant: ServiceInstant = tuesdayMorning) throws -> StationDetail {
        let timetable = try TokyoFixture.timetable()
        return try timetable.stationDetail(try #require(timetable.reference.stations[id: id]), at: instant)
    }

    @Test func chuodoriHasBothSidesWithNeighboursAndTerminals() throws {
        let detail = try Self.detail(TokyoFixture.chuodori)
        #expect(detail.schedule == "Weekday")
        #expect(!detail.isLoop)
        // Toward the railway's first station (港町, 下り Outbound), then toward its last (渋谷坂, 上り Inbound).
        #expect(detail.sides.map(\.direction.id) == ["Outbound", "Inbound"])
        let (outbound, inbound) = (detail.sides[0], detail.sides[1])
        #expect(outbound.neighbour?.name.ja == "港町")
        #expect(outbound.terminal?.name.ja == "港町")
        #expect(outbound.stationsBetween == 0)   // the neighbour is the terminal
        #expect(inbound.neighbour?.id == TokyoFixture.kaiganShibuyazaka)
        #expect(inbound.terminal?.id == TokyoFixture.kaiganShibuyazaka)
        #expect(inbound.stationsBetween == 0)
        #expect(inbound.throughRailway == nil)   // 海岸線 goes on past 中央通
        // The next six each way from 07:30 on a Tuesday: inbound the 07:30 and 07:45 locals, the
        // 08:00 express (08:05) just before the 08:00 local (08:06), then 08:15, 08:30; outbound the
        // locals that left 渋谷坂 at 07:25, 07:40, … (07:33, 07:48, …).
        #expect(inbound.next.map(\.departure.time.clock) == ["07:36", "07:51", "08:05", "08:06", "08:21", "08:36"])
        #expect(inbound.next.map(\.destination.ja) == ["渋谷坂", "渋谷坂", "所沢野", "渋谷坂", "渋谷坂", "渋谷坂"])
        #expect(outbound.next.map(\.departure.time.clock) == ["07:33", "07:48", "08:03", "08:18", "08:33", "08:48"])
        #expect(outbound.next.allSatisfy { $0.destination.ja == "港町" })
        // The last train of each category toward 渋谷坂: the 08:00 express, and the 24:30 local at 24:36.
        #expect(inbound.lastTrains.map(\.departure.time.serviceClock) == ["08:05", "24:36"])
        #expect(inbound.lastTrains.map(\.departure.category) == [.express, .local])
        // And to each destination: 所沢野 last at 08:05, 渋谷坂 at 24:36.
        #expect(inbound.lastByDestination.map(\.destination.ja) == ["所沢野", "渋谷坂"])
        #expect(outbound.lastByDestination.isEmpty)   // one destination
        #expect(detail.connections.isEmpty)   // 中央通 is 海岸線's alone
    }

    @Test func aTerminusHasOneSide() throws {
        let detail = try Self.detail(TokyoFixture.minatomachi)
        #expect(detail.sides.count == 1)
        let side = try #require(detail.sides.first)
        #expect(side.direction.id == "Inbound")
        #expect(side.neighbour?.name.ja == "中央通")
        #expect(side.terminal?.id == TokyoFixture.kaiganShibuyazaka)
        #expect(side.stationsBetween == 0)   // none between 中央通 and 渋谷坂
        #expect(side.throughRailway == nil)
    }

    @Test func aLoopSideNamesItsMajorStationsAheadAndBoardsWhereTrainsEnd() throws {
        // The 環状線's major stations: its two biggest complexes, 渋谷坂 (four railways) and 新宿原 (two).
        // From 上野森 the outer loop runs on to 東京前, 渋谷坂, 新宿原; the inner to 新宿原, 渋谷坂, 東京前.
        let detail = try Self.detail(TokyoFixture.uenomori)
        #expect(detail.isLoop)
        #expect(detail.sides.count == 2)
        let outer = try #require(detail.sides.first { $0.direction.id == "OuterLoop" })
        let inner = try #require(detail.sides.first { $0.direction.id == "InnerLoop" })
        #expect(outer.neighbour?.name.ja == "東京前")
        #expect(outer.toward.map(\.name.ja) == ["渋谷坂", "新宿原"])
        #expect(inner.neighbour?.name.ja == "新宿原")
        #expect(inner.toward.map(\.name.ja) == ["新宿原", "渋谷坂"])
        #expect(outer.terminal == nil && inner.terminal == nil)
        // Every 環状線 train goes once round from 渋谷坂: from 上野森 it ends at 渋谷坂 less than a lap
        // on either way, and boards sign it for there.
        #expect(outer.next.first?.destination.ja == "渋谷坂")
        #expect(inner.next.first?.destination.ja == "渋谷坂")
        // From 渋谷坂 itself a whole lap is ahead: the outer loop's sign names the major station
        // ahead, 新宿原, the next stop. The inner loop reaches 新宿原 only past the far side of the
        // loop, so its sign names its own next stop, 東京前, not 新宿原 a second time.
        let start = try Self.detail(TokyoFixture.kanjoShibuyazaka)
        let names = Dictionary(uniqueKeysWithValues: start.sides.map { ($0.direction.id, $0.next.first?.destination.ja) })
        #expect(names == ["OuterLoop": "新宿原方面", "InnerLoop": "東京前方面"])
        let toward = Dictionary(uniqueKeysWithValues: start.sides.map { ($0.direction.id, $0.toward.map(\.name.ja)) })
        #expect(toward == ["OuterLoop": ["新宿原"], "InnerLoop": ["東京前"]])
    }

    @Test func shibuyazakaOnTheKaiganConnectsAcrossGroupsAndOperators() throws {
        let detail = try Self.detail(TokyoFixture.kaiganShibuyazaka)
        // No figures in the fixture: the rule's (docs/TRANSFERS.md). 副線 shares 海岸線's island
        // group: 2 minutes; 環状線 (JR) and 銀線 (another group) through other gates: 5.
        let connections = Dictionary(uniqueKeysWithValues: detail.connections.map { ($0.station.id, $0.change) })
        #expect(connections[TokyoFixture.fukuShibuyazaka]?.minutes == 2)
        #expect(connections[TokyoFixture.kanjoShibuyazaka]?.minutes == 5)
        #expect(connections[TokyoFixture.ginShibuyazaka]?.minutes == 5)
        #expect(connections.values.allSatisfy { $0.source == .rule && $0.estimated })
        #expect(detail.connections.first?.station.id == TokyoFixture.fukuShibuyazaka)   // the shortest change first
        #expect(detail.connections.allSatisfy { !$0.samePlatform })
        #expect(connections[TokyoFixture.kaiganShibuyazaka] == nil)

        // 海岸線 ends here; its inbound expresses go on as 副線 trains.
        let inbound = try #require(detail.sides.first { $0.direction.id == "Inbound" })
        #expect(inbound.throughRailway?.id == "Metro.Fuku")
        #expect(inbound.neighbour?.id == TokyoFixture.fukuShinjukuhara)
        let outbound = try #require(detail.sides.first { $0.direction.id == "Outbound" })
        #expect(outbound.neighbour?.name.ja == "中央通")
        #expect(outbound.terminal?.name.ja == "港町")

        // The through expresses leave here as 副線 trains (its 急行, Metro.Express), the locals toward 港町.
        let typeIds = { (types: [StationDetail.TrainTypeCount], reference: Reference) in
            types.map { $0.types.compactMap { reference.trainType($0)?.id } }
        }
        let fixture = try TokyoFixture.timetable().reference
        #expect(typeIds(detail.trainTypes, fixture) == [["Umi.Local"], ["Metro.Express"]])
        // With a 海岸線 急行 of its own leaving here too (added for this test: 18:00 to 港町), the two
        // railways' 急行 are one line of the types list.
        let withExpress = try TokyoFixture.timetable { data in
            data.trains.append(.init(
                id: "Umi.Kaigan.A1800B.Weekday", railwayId: "Umi.Kaigan", serviceId: "Weekday", number: "A1800B",
                typeId: "Umi.Express", directionId: "Outbound", origins: [TokyoFixture.kaiganShibuyazaka],
                destinations: [TokyoFixture.minatomachi], names: [], vehicle: nil,
                stops: [.init(station: TokyoFixture.kaiganShibuyazaka, arrival: nil, departure: 18 * 60),
                        .init(station: TokyoFixture.minatomachi, arrival: 18 * 60 + 12, departure: nil)],
                next: [], previous: []))
        }
        let types = try withExpress.stationDetail(try #require(withExpress.reference.stations[id: TokyoFixture.kaiganShibuyazaka]),
                                                  at: Self.tuesdayMorning).trainTypes
        let express = try #require(types.first { $0.type.name.ja == "急行" && $0.type.category == .express })
        #expect(Set(typeIds([express], withExpress.reference)[0]) == ["Umi.Express", "Metro.Express"])
        #expect(express.trains == 3)   // the two through trains and the 18:00
        #expect(types.filter { $0.type.name.ja == "急行" && $0.type.category == .express }.count == 1)
    }

    /// Where a railway ends and its trains go on as another's, the neighbour is the station next to
    /// this one on that railway toward where they run: 海岸線's 渋谷坂 onto 副線 (新宿原 next), 副線's
    /// 池袋台 onto 北線 (所沢野 next) — the weekday through expresses.
    @Test(arguments: [
        (TokyoFixture.kaiganShibuyazaka, "Metro.Fuku", TokyoFixture.fukuShinjukuhara),
        (TokyoFixture.fukuIkebukurodai, "Kita.Kita", TokyoFixture.tokorozawano),
    ])
    func theThroughSideShowsTheAdjacentStationOnTheThroughRailway(station: String, railway: String, neighbour: String) throws {
        let timetable = try TokyoFixture.timetable()
        let through = try #require(timetable.reference.railways[id: railway])
        let detail = try Self.detail(station)
        let side = try #require(detail.sides.first { $0.throughRailway != nil }, "\(station)")
        #expect(side.throughRailway?.id == railway)
        #expect(side.neighbour?.id == neighbour, "\(station)")
        // Adjacent on the through railway's own list to its record of this station.
        let here = try #require(through.stations.firstIndex { timetable.reference.stations[$0]?.complex == detail.station.complex })
        let there = try #require(through.stations.firstIndex { timetable.reference.stations.id(of: $0) == neighbour })
        #expect(abs(here - there) == 1)
        // This railway ends here: no terminal of its own, no stations hidden before one.
        #expect(side.terminal == nil && side.stationsBetween == 0 && side.toward.isEmpty)
    }

    @Test func aDirectionWithoutTrainsThatDayIsNotShownAsEnded() throws {
        // Inbound trains leave 海岸線's 渋谷坂 only as the weekday through expresses (the locals end
        // there): on a Saturday there are none.
        let saturday = try Self.detail(TokyoFixture.kaiganShibuyazaka, at: Self.saturdayMorning)
        let inbound = try #require(saturday.sides.first { $0.direction.id == "Inbound" })
        #expect(inbound.noTrainsThisDay)
        #expect(inbound.destinations.isEmpty && inbound.lastTrains.isEmpty && inbound.next.isEmpty)
        let outbound = try #require(saturday.sides.first { $0.direction.id == "Outbound" })
        #expect(!outbound.noTrainsThisDay && !outbound.lastTrainGone)
        // The board says the same: no train that day, rather than a service that has ended.
        let timetable = try TokyoFixture.timetable()
        let board = try timetable.nextDepartures(station: saturday.station, direction: inbound.direction,
                                                 at: Self.saturdayMorning, limit: 3)
        #expect(board.noTrainsThisDay && board.rows.isEmpty)
        // On Sunday night the board shows Monday's first, the 07:00 express from 港町, still saying
        // Sunday had none: it leaves 渋谷坂 as its 副線 part, at 07:13.
        let sunday = try timetable.nextDepartures(station: saturday.station, direction: inbound.direction,
                                                  at: ServiceInstant(parsing: "2026-11-29T23:30")!, limit: 3)
        #expect(sunday.noTrainsThisDay && sunday.rows.first?.serviceDate.iso == "2026-11-30")
        #expect(sunday.rows.first?.departure.ids.id == TokyoFixture.throughParts[1])
        #expect(sunday.rows.first?.departure.time.clock == "07:13")
        // A Tuesday has them, through to 副線.
        let tuesday = try #require(try Self.detail(TokyoFixture.kaiganShibuyazaka).sides.first { $0.direction.id == "Inbound" })
        #expect(!tuesday.noTrainsThisDay)
        #expect(tuesday.throughRailway?.id == "Metro.Fuku")
        #expect(tuesday.destinations.map(\.name.ja) == ["所沢野"] && tuesday.destinations.first?.trains == 2)
        // After the last train of a day that had trains (outbound, 23:55), the board is not "no trains that day".
        let late = try timetable.nextDepartures(station: saturday.station, direction: outbound.direction,
                                                at: ServiceInstant(parsing: "2026-11-25T02:00")!, limit: 1)
        #expect(late.lastTrainGone && !late.noTrainsThisDay)
    }

    /// From 新宿原 every outer-loop train ends at 渋谷坂 three stops on (less than a lap): signed for
    /// 渋谷坂 all day, to the last. They leave 新宿原 4 minutes after 渋谷坂: every 10 minutes, the
    /// 24:00 the last (at 24:04), the rapids on the hour until 21:00 (at 21:04).
    @Test func loopTrainsAreSignedForWhereTheyEnd() throws {
        let timetable = try TokyoFixture.timetable()
        let detail = try Self.detail(TokyoFixture.kanjoShinjukuhara, at: ServiceInstant(parsing: "2026-11-24T23:50")!)
        let outer = try #require(detail.sides.first { $0.direction.id == "OuterLoop" })
        let day = try timetable.stationTimetable(station: detail.station, direction: outer.direction,
                                                 serviceDate: detail.instant.serviceDate).rows
        #expect(day.count == 115)   // 05:00 to 24:00 every 10 minutes
        #expect(day.allSatisfy { timetable.reference.stationIds($0.departure.destinations) == [TokyoFixture.kanjoShibuyazaka] && $0.destination.ja == "渋谷坂" })
        #expect(outer.next.map(\.departure.time.clock).prefix(2) == ["23:54", "00:04"])
        #expect(outer.next[0].destination.ja == "渋谷坂")
        #expect(outer.lastTrains.map(\.departure.time.serviceClock) == ["21:04", "24:04"])
        #expect(outer.lastTrains.map(\.departure.category) == [.rapid, .local])
        #expect(outer.destinations.map(\.name.ja) == ["渋谷坂"] && outer.destinations.first?.trains == 115)
    }

    /// Every 環状線 departure, checked against the fixture's trains followed by hand: the train's
    /// stops from here, then its next parts, for at most a lap. Ending short of a lap, it is signed
    /// for its last stop; otherwise for the stations ahead (no destinations).
    @Test(arguments: [TokyoFixture.kanjoShibuyazaka, TokyoFixture.kanjoShinjukuhara, TokyoFixture.uenomori, TokyoFixture.tokyomae])
    func loopDestinationsFollowTheRunForAtMostALap(stationId: String) throws {
        let timetable = try TokyoFixture.timetable()
        let parts = Dictionary(uniqueKeysWithValues: TokyoFixture.dataset.trains.map { ($0.id, $0) })
        let lap = try #require(timetable.reference.railways[id: "JR.Kanjo"]).stations.count - 1
        let station = try #require(timetable.reference.stations[id: stationId])
        var signed = 0, rows = 0
        for direction in try timetable.directions(at: station) {
            for row in try Self.dayRows(station, direction, on: CivilDate(iso: "2026-11-24")!, in: timetable) {
                var part = try #require(parts[row.ids.id])
                // Every 環状線 train stops at every station: stops travelled are stations travelled.
                var travelled = part.stops.count - 1 - row.stopIndex
                while travelled < lap, let next = part.next.first, let following = parts[next] {
                    part = following
                    travelled += part.stops.count - 1
                }
                let end = part.stops.last?.station ?? ""
                let expected = travelled < lap ? [end] : []
                #expect(timetable.reference.stationIds(row.destinations) == expected, "\(stationId) \(row.time.clock) \(row.ids.id)")
                if !expected.isEmpty { signed += 1 }
                rows += 1
            }
        }
        #expect(rows == 230)   // 115 each way
        // At 渋谷坂 every lap starts afresh, so none ends short of one from there.
        #expect((signed > 0) == (stationId != TokyoFixture.kanjoShibuyazaka))
    }

    @Test func connectionsAreOtherRailwaysTrainsLeaveFrom() throws {
        let timetable = try TokyoFixture.timetable()
        // 環状線 lists 渋谷坂 twice (where its ring closes): not a connection of its own.
        #expect(!(try Self.detail(TokyoFixture.kanjoShibuyazaka)).connections.contains { $0.railway?.id == "JR.Kanjo" })
        var connected: [String: Int] = [:]
        for station in timetable.reference.stations.values {
            let detail = try Self.detail(station.id)
            #expect(detail.connections.allSatisfy { $0.station.departures > 0 && $0.station.railway != detail.station.railway }, "\(station.id)")
            connected[station.id] = detail.connections.count
        }
        // 渋谷坂's four railways see three others each; 新宿原's and 池袋台's two one; the rest none.
        #expect(connected.filter { $0.value > 0 } == [
            TokyoFixture.kaiganShibuyazaka: 3, TokyoFixture.fukuShibuyazaka: 3, TokyoFixture.kanjoShibuyazaka: 3,
            TokyoFixture.ginShibuyazaka: 3, TokyoFixture.fukuShinjukuhara: 1, TokyoFixture.kanjoShinjukuhara: 1,
            TokyoFixture.fukuIkebukurodai: 1, TokyoFixture.kitaIkebukurodai: 1,
        ])
    }

    @Test func aStationNoTrainLeavesFromIsNamedAsSuch() throws {
        // 秩父山 is in the data (`TokyoFixture.withUnservedStation`), but no train runs that far.
        let timetable = try TokyoFixture.timetable { $0 = TokyoFixture.withUnservedStation }
        #expect(timetable.reference.stations[id: TokyoFixture.unserved]?.departures == 0)
        for query in ["秩父山", TokyoFixture.unserved, "chichibuyama"] {
            #expect(throws: ResolveError.noDepartures(stations: ["秩父山 (Kita.Kita.Chichibuyama)"])) {
                try timetable.resolveStations(query)
            }
        }
        // "Did you mean" offers only stations that would work: none for 秩父山, 所沢野 for its start.
        #expect(timetable.suggestions(for: "chichibuya").isEmpty)
        #expect(timetable.suggestions(for: "tokoroza").map(\.id) == [TokyoFixture.tokorozawano])
    }

    /// The day's departures the plain way: the departure query over the railway's calendar.
    static func dayRows(_ station: Reference.Station, _ direction: Reference.Direction, on date: CivilDate,
                        in timetable: Timetable) throws -> [Departure] {
        guard let railway = station.railway.flatMap({ timetable.reference.railways[$0] }),
              let service = timetable.reference.serviceHandle(of: railway, on: ScheduleDay(date)) else { return [] }
        return try timetable.departures(station: station.handle, direction: direction.handle, service: service)
    }

    /// Every station of the fixture, on a Tuesday, a Saturday and a holiday Monday.
    @Test func lastTrainsAndFrequenciesMatchAScan() throws {
        let timetable = try TokyoFixture.timetable()
        for station in timetable.reference.stations.values {
            try Self.lastTrainsAndFrequenciesMatchAScan(station, in: timetable)
        }
    }

    static func lastTrainsAndFrequenciesMatchAScan(_ station: Reference.Station, in timetable: Timetable) throws {
        let stationId = station.id
        for instant in [Self.tuesdayMorning, ServiceInstant(parsing: "2026-11-28T12:00")!, ServiceInstant(parsing: "2026-11-23T09:00")!] {
            let detail = try timetable.stationDetail(station, at: instant)
            #expect(!detail.sides.isEmpty)
            for side in detail.sides {
                let rows = try Self.dayRows(station, side.direction, on: instant.serviceDate, in: timetable)
                // Last train of each category: the latest minute of that category, by scan.
                var latest: [TrainCategory: Int] = [:]
                for row in rows { latest[row.category] = max(latest[row.category] ?? 0, row.time.value) }
                #expect(Dictionary(uniqueKeysWithValues: side.lastTrains.map { ($0.departure.category, $0.departure.time.value) }) == latest,
                        "\(stationId) \(side.direction.id) \(instant.serviceDate.iso)")
                // Last train per destination, when there is more than one destination.
                var byDestination: [[StationHandle]: Int] = [:]
                for row in rows { byDestination[row.destinations] = max(byDestination[row.destinations] ?? 0, row.time.value) }
                if byDestination.count > 1 {
                    #expect(Dictionary(uniqueKeysWithValues: side.lastByDestination.map { ($0.departure.destinations, $0.departure.time.value) }) == byDestination)
                } else {
                    #expect(side.lastByDestination.isEmpty)
                }
                // Trains per period and per destination add up to the day.
                let bounds = [0, 420, 600, 960, 1200, 2880]
                let counts = (0..<5).map { index in rows.filter { (bounds[index]..<bounds[index + 1]).contains($0.time.value) }.count }
                #expect(side.frequency.map(\.trains) == counts, "\(stationId) \(side.direction.id)")
                #expect(side.destinations.reduce(0) { $0 + $1.trains } == rows.count)
                #expect(side.destinations.map(\.trains) == side.destinations.map(\.trains).sorted(by: >))
            }
        }
    }

    @Test func perHourDividesByThePeriodsLength() {
        // 05:00–06:59: 12 trains over two hours; the rush: 36 in three hours; evening to 24:00 (1440).
        let minutes = (0..<12).map { 300 + $0 * 10 } + (0..<36).map { 420 + $0 * 5 } + [1200, 1320, 1440]
        let counts = PeriodCount.count(minutes)
        #expect(counts.map(\.trains) == [12, 36, 0, 0, 3])
        #expect(counts[0].perHour == 6)                 // 300..<420: two hours
        #expect(counts[1].perHour == 12)
        #expect(abs(counts[4].perHour - 3 / (241.0 / 60)) < 1e-9)   // 20:00 to the 24:00 last train
        #expect(PeriodCount.count([]).allSatisfy { $0.trains == 0 })
        #expect(PeriodCount.count([419]).first?.perHour == 1)       // a lone 06:59 first train is one an hour, not sixty
    }
}
