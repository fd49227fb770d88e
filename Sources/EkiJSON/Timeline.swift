import EkiCore
import EkiStore
import Foundation

/// A board's timeline (GET /api/v1/timeline): a client shows entry i from its `at` until the next
/// entry's, and asks again at `reloadAfter`. Times are Tokyo wall-clock minutes, YYYY-MM-DDTHH:MM,
/// the form the `at` parameter takes: 00:40 is written on the next calendar date, as a clock shows it.
public struct TimelineJSON: CompactJSON {
    var station: String
    var stationName: NameJSON
    var railway: String?
    var direction: String
    var directionName: NameJSON
    var serviceDate: String
    var schedule: String?
    var scheduleReason: NameJSON
    var generatedAt: String
    var reloadAfter: String
    var entries: [Entry]

    struct Entry: CompactJSON {
        var at: String
        var lastTrainGone: Bool
        /// As the departures answer at `at`, minutesUntil counted from `at`.
        var departures: [DepartureJSON]
    }

    public init(_ timeline: Timeline, reference: Reference) {
        station = timeline.station.publicId
        stationName = NameJSON(timeline.station.name)
        railway = timeline.station.railway.flatMap { reference.railways.id(of: $0) }
        direction = timeline.direction.id
        directionName = NameJSON(reference.directionName(timeline.direction, at: timeline.station))
        serviceDate = timeline.serviceDate.iso
        schedule = timeline.schedule
        scheduleReason = NameJSON(reference.scheduleReason(timeline.day, schedule: timeline.schedule))
        generatedAt = timeline.generatedAt.description
        reloadAfter = timeline.reloadAfter.description
        entries = timeline.entries.map { entry in
            Entry(at: entry.at.description, lastTrainGone: entry.lastTrainGone,
                  departures: DepartureJSON.inBoardOrder(entry.rows.map {
                      DepartureJSON($0, reference: reference)
                  }))
        }
    }
}

extension TimelineJSON {
    /// A busy platform's day is a few hundred entries of departures: written by hand, keys sorted
    /// as JSONEncoder's `.sortedKeys` does (CompactJSONTests compare the bytes).
    public func write(to out: inout JSONWriter) {
        out.openObject()
        out.key("direction"); out.string(direction)
        out.key("directionName"); directionName.write(to: &out)
        out.key("entries"); entries.write(to: &out)
        out.key("generatedAt"); out.string(generatedAt)
        if let railway { out.key("railway"); out.string(railway) }
        out.key("reloadAfter"); out.string(reloadAfter)
        if let schedule { out.key("schedule"); out.string(schedule) }
        out.key("scheduleReason"); scheduleReason.write(to: &out)
        out.key("serviceDate"); out.string(serviceDate)
        out.key("station"); out.string(station)
        out.key("stationName"); stationName.write(to: &out)
        out.closeObject()
    }
}

extension TimelineJSON.Entry {
    public func write(to out: inout JSONWriter) {
        out.openObject()
        out.key("at"); out.string(at)
        out.key("departures"); departures.write(to: &out)
        out.key("lastTrainGone"); out.bool(lastTrainGone)
        out.closeObject()
    }
}
