import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// The station detail over the real data: the diagram's sides, neighbours and terminals, and the
/// day's figures checked against plain scans of the station's timetable.
@Suite struct StationDetailTests {
    static let tuesdayMorning = ServiceInstant(parsing: "2026-11-24T07:30")!

    static func detail(_ id: String, at instant: ServiceInstant = tuesdayMorning) throws -> StationDetail {
        let (timetable, _) = try SharedData.imported()
        return try timetable.stationDetail(try #require(timetable.reference.stations[id: id]), at: instant)
    }

    @Test func bashamichiHasBothSidesWithNeighboursAndTerminals() throws {
        let detail = try Self.detail("Minatomirai.Minatomirai.Bashamichi")
        #expect(detail.schedule == "Weekday")
        #expect(!detail.isLoop)
        #expect(detail.sides.map(\.direction.id) == ["Inbound", "Outbound"])
        let (inbound, outbound) = (detail.sides[0], detail.sides[1])
        #expect(inbound.neighbour?.name.ja == "みなとみらい")
        #expect(inbound.terminal?.name.ja == "横浜")
        #expect(inbound.stationsBetween == 1)   // 新高島: a dotted link
        #expect(outbound.neighbour?.name.ja == "日本大通り")
        #expect(outbound.terminal?.name.ja == "元町・中華街")
        #expect(outbound.stationsBetween == 0)  // adjacent: a solid link
        // The next six each way from 07:30 on a Tuesday.
        #expect(inbound.next.map(\.departure.time.clock) == ["07:31", "07:34", "07:37", "07:39", "07:43", "07:46"])
        #expect(inbound.next[0].destination.ja == "清瀬")
        #expect(outbound.next.map(\.departure.time.clock) == ["07:30", "07:33", "07:36", "07:39", "07:41", "07:45"])
        #expect(outbound.next.allSatisfy { $0.destination.ja == "元町・中華街" })
        // The very last train toward Yokohama is the 00:22 local to Kikuna (010242).
        #expect(inbound.lastTrains.last?.departure.time.serviceClock == "24:22")
        #expect(inbound.lastTrains.last?.departure.category == .local)
        #expect(detail.connections.isEmpty)   // 馬車道 is the Minatomirai line's alone
    }

    @Test func aTerminusHasOneSide() throws {
        let detail = try Self.detail("Minatomirai.Minatomirai.MotomachiChukagai")
        #expect(detail.sides.count == 1)
        let side = try #require(detail.sides.first)
        #expect(side.direction.id == "Inbound")
        #expect(side.neighbour?.name.ja == "日本大通り")
        #expect(side.terminal?.name.ja == "横浜")
        #expect(side.stationsBetween == 3)   // 馬車道, みなとみらい, 新高島
        #expect(side.throughRailway == nil)
    }

    @Test func osakiOnTheYamanoteIsALoopNamedByItsMajorStations() throws {
        let detail = try Self.detail("JR-East.Yamanote.Osaki")
        #expect(detail.isLoop)
        #expect(detail.sides.count == 2)
        let inner = try #require(detail.sides.first { $0.direction.id == "InnerLoop" })
        let outer = try #require(detail.sides.first { $0.direction.id == "OuterLoop" })
        #expect(inner.neighbour?.name.ja == "品川")
        #expect(inner.toward.map(\.name.ja) == ["品川", "東京"])
        #expect(outer.neighbour?.name.ja == "五反田")
        #expect(outer.toward.map(\.name.ja) == ["渋谷", "新宿"])
        #expect(inner.terminal == nil && outer.terminal == nil)
        // Boards say where a loop train heads the way the platform signs do.
        #expect(inner.next.first?.destination.ja == "品川・東京方面")
        #expect(outer.next.first?.destination.ja == "渋谷・新宿方面")
    }

    @Test func theYamanoteSignsAtShibuya() throws {
        let detail = try Self.detail("JR-East.Yamanote.Shibuya")
        let names = Dictionary(uniqueKeysWithValues: detail.sides.map { ($0.direction.id, $0.next.first?.destination.ja) })
        #expect(names["InnerLoop"] == "品川・東京方面")
        #expect(names["OuterLoop"] == "新宿・池袋方面")
    }

    @Test func shibuyaOnTheToyokoConnectsAcrossOperators() throws {
        let detail = try Self.detail("Tokyu.Toyoko.Shibuya")
        // The reviewed table's changes (issue 29): the Fukutoshin line's islands beside the Toyoko's
        // on B5, the Ginza line up in Hikarie, JR across the street-level concourse.
        let connections = Dictionary(uniqueKeysWithValues: detail.connections.map { ($0.station.id, $0.change) })
        #expect(connections["TokyoMetro.Fukutoshin.Shibuya"]?.minutes == 2 && connections["TokyoMetro.Fukutoshin.Shibuya"]?.kind == .sameArea)
        #expect(connections["JR-East.Yamanote.Shibuya"]?.minutes == 9 && connections["JR-East.Yamanote.Shibuya"]?.kind == .deep)
        #expect(connections["Keio.Inokashira.Shibuya"]?.minutes == 10)
        #expect(connections["TokyoMetro.Ginza.Shibuya"]?.minutes == 8)
        #expect(connections.values.allSatisfy { $0.source == .table })
        #expect(detail.connections.first?.station.id == "TokyoMetro.Fukutoshin.Shibuya")   // the shortest change first
        #expect(detail.connections.allSatisfy { !$0.samePlatform })
        #expect(connections["Tokyu.Toyoko.Shibuya"] == nil)

        // The Toyoko ends here; inbound trains go on as the Fukutoshin line.
        let inbound = try #require(detail.sides.first { $0.direction.id == "Inbound" })
        #expect(inbound.throughRailway?.id == "TokyoMetro.Fukutoshin")
        #expect(inbound.neighbour?.id == "TokyoMetro.Fukutoshin.MeijiJingumae")
        let outbound = try #require(detail.sides.first { $0.direction.id == "Outbound" })
        #expect(outbound.neighbour?.name.ja == "代官山")
        #expect(outbound.terminal?.name.ja == "横浜")

        // The Toyoko's and the Fukutoshin's 急行 are one line of the types list.
        let express = try #require(detail.trainTypes.first { $0.type.name.ja == "急行" && $0.type.category == .express })
        #expect(express.ids.count >= 2)
        #expect(detail.trainTypes.filter { $0.type.name.ja == "急行" && $0.type.category == .express }.count == 1)
    }

    @Test func theNeighbourIsTheAdjacentStationEvenWhereExpressesSkipIt() throws {
        // Expresses run みなとみらい → 横浜 without stopping at 新高島; the diagram still shows 新高島.
        let (timetable, _) = try SharedData.imported()
        let detail = try Self.detail("Minatomirai.Minatomirai.Minatomirai", at: ServiceInstant(parsing: "2026-11-24T12:00")!)
        let inbound = try #require(detail.sides.first { $0.direction.id == "Inbound" })
        #expect(inbound.neighbour?.name.ja == "新高島")
        let express = try #require(inbound.next.first { $0.departure.category == .express }
                                   ?? inbound.lastTrains.first { $0.departure.category == .express })
        let stops = try #require(try timetable.trainPart(express.departure.trainId)).stops
        #expect(stops[express.departure.stopIndex + 1].station == "Minatomirai.Minatomirai.Yokohama")
    }

    /// Where a railway ends and its trains go on as another's, the neighbour is the station next to
    /// this one on that railway toward where they run — whatever type the day's first train is.
    @Test(arguments: [
        ("JR-Central.Tokaido.Atami", "JR-East.Tokaido", "JR-East.Tokaido.Yugawara"),          // not 横浜
        ("JR-East.Chuo.Hachioji", "JR-East.ChuoRapid", "JR-East.ChuoRapid.Toyoda"),          // not 立川
        ("Odakyu.Odawara.Odawara", "OdakyuHakone.HakoneTozan", "OdakyuHakone.HakoneTozan.HakoneItabashi"),  // not 箱根湯本
        ("TokyoMetro.Fukutoshin.Wakoshi", "Tobu.Tojo", "Tobu.Tojo.Asaka"),                   // not 朝霞 one day, 朝霞台 the next
    ])
    func theThroughSideShowsTheAdjacentStationOnTheThroughRailway(station: String, railway: String, neighbour: String) throws {
        let (timetable, _) = try SharedData.imported()
        let through = try #require(timetable.reference.railways[id: railway])
        for instant in [Self.tuesdayMorning, ServiceInstant(parsing: "2026-11-28T07:30")!] {
            let detail = try Self.detail(station, at: instant)
            let side = try #require(detail.sides.first { $0.throughRailway != nil }, "\(station) \(instant)")
            #expect(side.throughRailway?.id == railway)
            #expect(side.neighbour?.id == neighbour, "\(station) \(instant.serviceDate.iso)")
            // Adjacent on the through railway's own list to its record of this station.
            let here = try #require(through.stations.firstIndex { timetable.reference.stations[$0]?.complex == detail.station.complex })
            let there = try #require(through.stations.firstIndex { timetable.reference.stations.id(of: $0) == neighbour })
            #expect(abs(here - there) == 1)
            // This railway ends here: no terminal of its own, no stations hidden before one.
            #expect(side.terminal == nil && side.stationsBetween == 0 && side.toward.isEmpty)
        }
    }

    @Test func aDirectionWithoutTrainsThatDayIsNotShownAsEnded() throws {
        // The Sayama line's inbound trains leave 西所沢 for the Ikebukuro line on weekends only.
        let tuesday = try Self.detail("Seibu.Sayama.NishiTokorozawa")
        let inbound = try #require(tuesday.sides.first { $0.direction.id == "Inbound" })
        #expect(inbound.noTrainsThisDay)
        #expect(inbound.destinations.isEmpty && inbound.lastTrains.isEmpty && inbound.next.isEmpty)
        let outbound = try #require(tuesday.sides.first { $0.direction.id == "Outbound" })
        #expect(!outbound.noTrainsThisDay && !outbound.lastTrainGone)
        // The board says the same: no train that day, rather than a service that has ended.
        let (timetable, _) = try SharedData.imported()
        let board = try timetable.nextDepartures(station: tuesday.station, direction: inbound.direction,
                                                 at: Self.tuesdayMorning, limit: 3)
        #expect(board.noTrainsThisDay && board.rows.isEmpty)
        // On Friday night the board shows Saturday's first trains, still saying Friday had none.
        let friday = try timetable.nextDepartures(station: tuesday.station, direction: inbound.direction,
                                                  at: ServiceInstant(parsing: "2026-11-27T23:30")!, limit: 3)
        #expect(friday.noTrainsThisDay && friday.rows.first?.serviceDate.iso == "2026-11-28")
        // A Saturday has them, through to the Ikebukuro line: 所沢 is the station next to 西所沢 on it.
        let saturday = try #require(try Self.detail("Seibu.Sayama.NishiTokorozawa", at: ServiceInstant(parsing: "2026-11-28T07:30")!)
            .sides.first { $0.direction.id == "Inbound" })
        #expect(!saturday.noTrainsThisDay)
        #expect(saturday.throughRailway?.id == "Seibu.Ikebukuro")
        #expect(saturday.neighbour?.id == "Seibu.Ikebukuro.Tokorozawa")
        // After the last train of a day that had trains, the board is not "no trains that day".
        let late = try timetable.nextDepartures(station: tuesday.station, direction: outbound.direction,
                                                at: ServiceInstant(parsing: "2026-11-25T02:00")!, limit: 1)
        #expect(late.lastTrainGone && !late.noTrainsThisDay)
    }

    /// Yamanote parts are laps from 大崎 linked all day; only a run's last part names where it
    /// ends. From Shinagawa at night the outer loop's 23:59, 00:08, 00:13 and 00:20 end at 池袋.
    @Test func lateYamanoteTrainsAreSignedForWhereTheyEnd() throws {
        let (timetable, _) = try SharedData.imported()
        let detail = try Self.detail("JR-East.Yamanote.Shinagawa", at: ServiceInstant(parsing: "2026-11-24T23:50")!)
        let outer = try #require(detail.sides.first { $0.direction.id == "OuterLoop" })
        let day = try timetable.stationTimetable(station: detail.station, direction: outer.direction,
                                                 serviceDate: detail.instant.serviceDate).rows
        let ikebukuro = day.filter { ["23:59", "24:08", "24:13", "24:20"].contains($0.departure.time.serviceClock) }
        #expect(ikebukuro.count == 4)
        #expect(outer.next.map(\.departure.time.clock).prefix(2) == ["23:52", "23:59"])
        #expect(outer.next[1].destination.ja == "池袋")
        #expect(ikebukuro.allSatisfy { $0.departure.destinations == ["JR-East.Yamanote.Ikebukuro"] && $0.destination.ja == "池袋" })
        #expect(outer.lastByDestination.contains { $0.departure.destinations == ["JR-East.Yamanote.Ikebukuro"]
                                                   && $0.departure.time.clock == "00:20" })
        #expect(outer.destinations.contains { $0.name.ja == "池袋" && $0.trains > 0 })
        // By day a lap still reads as the platform signs say.
        #expect(outer.destinations.first?.name.ja == "渋谷・新宿方面")
    }

    /// Every Yamanote departure at these stations, checked against the source followed by hand:
    /// the train's stops from here, then its next parts (`nt`), for at most a lap. Ending short of
    /// a lap, it is signed for its last stop; otherwise for the stations ahead (no destinations).
    @Test(arguments: ["JR-East.Yamanote.Shinagawa", "JR-East.Yamanote.Tamachi", "JR-East.Yamanote.TakanawaGateway",
                      "JR-East.Yamanote.Mejiro", "JR-East.Yamanote.Osaki"])
    func yamanoteDestinationsFollowTheRunForAtMostALap(stationId: String) throws {
        let (timetable, _) = try SharedData.imported()
        let raw = try #require(try SharedData.json("train-timetables/jreast-yamanote.json") as? [[String: Any]])
        let parts = Dictionary(uniqueKeysWithValues: raw.map { ($0["id"] as! String, $0) })
        let lap = try #require(timetable.reference.railways[id: "JR-East.Yamanote"]).stations.count - 1
        let station = try #require(timetable.reference.stations[id: stationId])
        var signed = 0
        for direction in try timetable.directions(at: station) {
            for row in try Self.dayRows(station, direction, on: CivilDate(iso: "2026-11-24")!, in: timetable) {
                var part = try #require(parts[row.trainId])
                if let ds = part["ds"] as? [String] {
                    #expect(row.destinations == ds)
                    continue
                }
                // Every Yamanote train stops at every station: stops travelled are stations travelled.
                var travelled = (part["tt"] as! [Any]).count - 1 - row.stopIndex
                while travelled < lap, let next = (part["nt"] as? [String])?.first, let following = parts[next] {
                    part = following
                    travelled += (part["tt"] as! [Any]).count - 1
                }
                let end = ((part["tt"] as! [[String: Any]]).last?["s"] as? String) ?? ""
                let expected = travelled < lap ? [end] : []
                #expect(row.destinations == expected, "\(stationId) \(row.time.clock) \(row.trainId)")
                if !expected.isEmpty { signed += 1 }
            }
        }
        // At 大崎 every lap starts afresh, so none ends short of one from there.
        #expect((signed > 0) == (stationId != "JR-East.Yamanote.Osaki"))
    }

    @Test func connectionsAreOtherRailwaysTrainsLeaveFrom() throws {
        // The Oedo line lists 都庁前 twice (where its loop and its branch meet): not a connection.
        for id in ["Toei.Oedo.Tochomae", "Toei.Oedo.Tochomae.1"] {
            let detail = try Self.detail(id)
            #expect(!detail.connections.contains { $0.railway?.id == "Toei.Oedo" }, "\(id)")
        }
        for id in ["JR-East.Yamanote.Shibuya", "JR-East.Yamanote.Shinagawa", "Tokyu.Toyoko.Shibuya", "Toei.Oedo.Shinjuku"] {
            let detail = try Self.detail(id)
            #expect(!detail.connections.isEmpty)
            #expect(detail.connections.allSatisfy { $0.station.departures > 0 && $0.station.railway != detail.station.railway }, "\(id)")
        }
    }

    @Test func aStationNoTrainLeavesFromIsNamedAsSuch() throws {
        let (timetable, _) = try SharedData.imported()
        // いわき is in the data, but no train in it runs that far.
        #expect(timetable.reference.stations[id: "JR-East.Joban.Iwaki"]?.departures == 0)
        for query in ["いわき", "JR-East.Joban.Iwaki", "iwaki"] {
            #expect(throws: ResolveError.noDepartures(stations: ["いわき (JR-East.Joban.Iwaki)"])) {
                try timetable.resolveStations(query)
            }
        }
        // "Did you mean" offers only stations that would work.
        let suggestions = timetable.suggestions(for: "iwak")
        #expect(!suggestions.contains { $0.id == "JR-East.Joban.Iwaki" })
        #expect(suggestions.allSatisfy { $0.departures > 0 })
    }

    /// The day's departures the plain way: the departure query over the railway's calendar.
    static func dayRows(_ station: Reference.Station, _ direction: Reference.Direction, on date: CivilDate,
                        in timetable: Timetable) throws -> [Departure] {
        guard let railway = station.railway.flatMap({ timetable.reference.railways[$0] }),
              let service = timetable.reference.service(of: railway, on: ScheduleDay(date)) else { return [] }
        return try timetable.departures(station: station.id, direction: direction.id, service: service)
    }

    @Test(arguments: ["Minatomirai.Minatomirai.Bashamichi", "Tokyu.Toyoko.Shibuya", "JR-East.Yamanote.Osaki",
                      "Seibu.Ikebukuro.Ikebukuro", "Keikyu.Main.Yokohama", "JR-East.ChuoRapid.Tachikawa",
                      "Odakyu.Odawara.ShinYurigaoka", "TokyoMetro.Ginza.Asakusa"])
    func lastTrainsAndFrequenciesMatchAScan(stationId: String) throws {
        let (timetable, _) = try SharedData.imported()
        let station = try #require(timetable.reference.stations[id: stationId])
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
                var byDestination: [[String]: Int] = [:]
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
