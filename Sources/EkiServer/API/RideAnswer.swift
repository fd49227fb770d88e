import EkiCore
import EkiJSON
import EkiStore
import EkiTracking
import Foundation

/// What the live ride page shows, as `POST /api/v1/ride/fix` answers: the tracker's state with
/// names and colors in both languages, so the page needs no other request.
struct RideAnswerJSON: Encodable {
    struct DirectionJSON: Encodable {
        var id: String
        var title: NameJSON
        /// Where it goes: the terminal, or on a loop the next stations that way.
        var toward: [NameJSON]
    }

    struct CandidateJSON: Encodable {
        var railway: RailwayRefJSON
        var direction: DirectionJSON
        var score: Double
        /// The train of that line the ride fits best (the id its page takes), when one can be here.
        var train: String?
    }

    /// The timetable's train the ride fits best, with its stops still to come.
    struct TrainJSON: Encodable {
        struct StopJSON: Encodable {
            var station: StationNameJSON
            /// Scheduled arrival, or departure where the timetable gives only that (most do), HH:MM.
            var arrival: String
        }
        /// The id its page takes: /train/<id>?date=<date>.
        var id: String
        var date: String
        var trainType: String
        var trainTypeName: NameJSON
        /// local, rapid, semiExpress, express or limited, and its badge 各 快 準 急 特: absent when
        /// the source gives no Japanese train types.
        var category: String?
        var badge: String?
        var destinationName: NameJSON
        /// From the next station on, in riding order.
        var stops: [StopJSON]
    }

    var t: String
    var train: TrainJSON?
    var railway: RailwayRefJSON?
    var direction: DirectionJSON?
    var previousStation: StationNameJSON?
    var nextStation: StationNameJSON?
    var focusStation: StationNameJSON?
    var phase: String?
    var reducedAccuracy: Bool
    var offTrain: Bool
    /// The line shown is the one the rider tapped, not necessarily the tracker's choice.
    var pinned: Bool
    /// How sure the tracker is of the line shown (0–1); sure from `sure` on, else "probably".
    /// Absent for a line the rider picked (theirs) and before there is an answer.
    var confidence: Double?
    var sure: Double = TrackingState.sure
    var candidates: [CandidateJSON]
    /// Fixes of this session skipped as garbage so far.
    var skipped: Int

    /// Lines offered to tap: the tracker's candidates, then lines nearby.
    static let offeredLines = 8

    init(state: TrackingState, pinned: (railway: String, direction: String)?, lastFix: Fix?, skipped: Int, network: TrackingNetwork) {
        let timetable = network.timetable, reference = timetable.reference
        func station(_ id: String?) -> StationNameJSON? { id.flatMap { reference.stations[id: $0] }.map(StationNameJSON.init) }
        func direction(_ id: String?, railway: String?, near stationId: String?) -> DirectionJSON? {
            guard let id, let direction = reference.directions[id: id], let railway = railway.flatMap({ reference.railways[id: $0] }) else { return nil }
            var toward: [Reference.Station] = []
            if let at = stationId.flatMap({ reference.stations[id: $0] }), at.railway == railway.handle {
                toward = timetable.heading(of: direction, at: at)
            } else if !railway.isLoop {
                toward = (direction.handle == railway.ascending ? railway.stations.last : railway.stations.first).flatMap { reference.stations[$0] }.map { [$0] } ?? []
            }
            return DirectionJSON(id: id, title: NameJSON(direction.name), toward: toward.map { NameJSON($0.name) })
        }
        t = RideFileWriter.iso8601(state.time)
        reducedAccuracy = state.reducedAccuracy
        offTrain = state.offTrain
        self.skipped = skipped
        var offered = state.candidates
        // The tracker lists only lines it still believes in; a rider who knows better needs the
        // lines around them too: each railway with a station within 1.5 km of the last fix, both
        // ways (score 0), after the tracker's own.
        if let fix = lastFix, offered.count < Self.offeredLines,
           let around = try? timetable.nearby(GeoPoint(latitude: fix.latitude, longitude: fix.longitude), radius: 1500, limit: 4) {
            for station in around.stations.flatMap(\.stations) {
                guard let railway = station.railway.flatMap({ reference.railways[$0] }) else { continue }
                for way in [railway.ascending, railway.descending].compactMap({ $0.flatMap { reference.directions.id(of: $0) } })
                where !offered.contains(where: { $0.railway == railway.id && $0.direction == way }) {
                    offered.append(.init(railway: railway.id, direction: way, score: 0))
                }
            }
        }
        candidates = offered.prefix(Self.offeredLines).compactMap { candidate in
            guard let railway = reference.railways[id: candidate.railway],
                  let way = direction(candidate.direction, railway: candidate.railway, near: nil) else { return nil }
            let train = candidate.trainRow.flatMap { try? timetable.trainIds(TrainHandle($0))?.publicId }
            return CandidateJSON(railway: RailwayRefJSON(railway), direction: way, score: (candidate.score * 1000).rounded() / 1000,
                                 train: train)
        }
        var shown = state
        var trainRow = (row: state.trainRow, dayOffset: state.trainDayOffset ?? 0)
        self.pinned = false
        confidence = state.confidence
        if let pinned, pinned.railway != state.railway || pinned.direction != state.direction,
           let line = network.rails.lines.first(where: { $0.railway == pinned.railway }) {
            // The tracker follows its own best line; for the pinned one the stations come from
            // placing the last fix on that line, and the train from that line's timetable there.
            let placed = RidePinnedLine.state(on: line, direction: pinned.direction, fix: lastFix, base: state)
            shown = placed.state
            let found = placed.along.flatMap { along in
                lastFix.flatMap { network.rails.train(railway: pinned.railway, direction: pinned.direction, along: along, time: $0.time) }
            }
            trainRow = (found?.row, found?.dayOffset ?? 0)
            self.pinned = true
            confidence = nil
        } else if pinned != nil {
            self.pinned = true
            confidence = nil
        }
        railway = shown.railway.flatMap { reference.railways[id: $0] }.map(RailwayRefJSON.init)
        self.direction = direction(shown.direction, railway: shown.railway, near: shown.nextStation ?? shown.focusStation)
        previousStation = station(shown.previousStation)
        nextStation = station(shown.nextStation)
        focusStation = station(shown.focusStation)
        phase = shown.phase?.rawValue
        train = Self.train(row: trainRow.row, dayOffset: trainRow.dayOffset, time: state.time, next: shown.nextStation,
                           previous: shown.previousStation, timetable: timetable)
    }

    /// The train's stops from `next` on (on a loop, its first call there still to come); when it
    /// passes `next` (a 快速 at 新橋), from the stop after `previous`; else from now on.
    /// `dayOffset` -1: the day before's train still running (a feed's 27:11), whose page and clock
    /// are that day's.
    static func train(row: Int64?, dayOffset: Int = 0, time: Double, next: String?, previous: String? = nil, timetable: Timetable) -> TrainJSON? {
        guard let row, let part = try? timetable.trainPart(TrainHandle(row)) else { return nil }
        let reference = timetable.reference
        let now = ServiceInstant(Date(timeIntervalSince1970: time), timeZone: timetable.timeZone)
        let clock = now.minute.value - dayOffset * 1440
        // Two minutes' grace: trains run a little late.
        let coming = part.stops.filter { ($0.arrival ?? $0.departure).map { $0.value >= clock - 2 } ?? false }
        // The tracker names stations by id: the handles of those two, to find them among the stops.
        let (nextStation, previousStation) = (next.flatMap { reference.stations[id: $0]?.handle }, previous.flatMap { reference.stations[id: $0]?.handle })
        let from = coming.firstIndex { $0.station == nextStation }
            ?? coming.firstIndex { $0.station == previousStation }.map { coming.index(after: $0) } ?? coming.startIndex
        let stops = coming[from...].compactMap { stop -> TrainJSON.StopJSON? in
            guard let station = reference.stations[stop.station], let at = stop.arrival ?? stop.departure else { return nil }
            return TrainJSON.StopJSON(station: StationNameJSON(station), arrival: at.clock)
        }
        let type = reference.trainType(part.trainType)
        let ends = part.destinations.compactMap { reference.stations.name(of: $0) }
        let destination = part.headsign ?? LocalizedName(ja: ends.map(\.ja).joined(separator: "・"), en: ends.map(\.en).joined(separator: " & "))
        return TrainJSON(id: part.ids.publicId, date: now.serviceDate.adding(days: dayOffset).iso, trainType: type?.id ?? "",
                         trainTypeName: NameJSON(type?.name ?? LocalizedName(ja: "", en: "")),
                         category: type.flatMap { $0.classified ? $0.category.rawValue : nil },
                         badge: TrainBadge(type: type, category: type?.category ?? .local, railway: reference.railways[part.railway])?.text,
                         destinationName: NameJSON(destination), stops: stops)
    }
}

/// Stations on a line the rider pinned: the last fix placed on the line's polyline (sampled every
/// 25 m: a few thousand points for the longest line, once per request), then the stations behind
/// and ahead of it in the pinned direction.
enum RidePinnedLine {
    static func state(on line: RailLine, direction: String, fix: Fix?, base: TrackingState) -> (state: TrackingState, along: Double?) {
        var state = TrackingState(time: base.time, railway: line.railway, direction: direction,
                                  reducedAccuracy: base.reducedAccuracy, offTrain: base.offTrain, candidates: base.candidates)
        guard let fix, line.length > 0 else { return (state, nil) }
        let here = GeoPoint(latitude: fix.latitude, longitude: fix.longitude)
        var best = (along: 0.0, distance: Double.infinity)
        var along = 0.0
        while along <= line.length {
            let distance = line.position(at: along).point.distance(to: here)
            if distance < best.distance { best = (along, distance) }
            along += 25
        }
        let forward = (direction == line.ascending) == line.ascendingForward
        let ordered = forward ? line.stations : line.stations.reversed()
        func ahead(_ station: RailLine.Station) -> Double { forward ? station.along - best.along : best.along - station.along }
        let next = ordered.first { ahead($0) > 50 } ?? (line.isLoop ? ordered.first : nil)
        let previous = ordered.last { ahead($0) <= 50 } ?? (line.isLoop ? ordered.last : nil)
        state.nextStation = next?.id
        state.previousStation = previous?.id
        if let at = line.stations.min(by: { abs($0.along - best.along) < abs($1.along - best.along) }), abs(at.along - best.along) <= 150 {
            state.focusStation = at.id
            state.phase = fix.speed >= 0 && fix.speed < 1.5 ? .at : .nearby
        } else {
            state.focusStation = next?.id
            state.phase = next == nil ? nil : .approaching
        }
        return (state, best.along)
    }
}
