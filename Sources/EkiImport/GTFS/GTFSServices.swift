import EkiCore
import EkiStore

/// GTFS calendars as the store's per-railway, per-date services, exactly.
///
/// The store runs one service per railway per date. GTFS may run several service_ids on one route on
/// one date (weekday trips plus a special's extra trips), so each railway's dates are grouped by the
/// set of service_ids active on them, and each distinct set becomes one service of kind `dates`
/// listing exactly its dates. A trip belongs to every set holding its service_id: it is written once
/// per such set, under its own id in the set with the most dates and as `trip@set` in the others —
/// the copies exist only where sets overlap. Service ids are the sets' service_ids joined by `+`
/// (`WEEKDAY+EXTRA`); the same set on other dates on another railway gets `#2`, `#3`.
///
/// A run starting before 03:00 belongs to the day before in Eki's service day (01:30 on the 5th is
/// 25:30 on the 4th), so its service_id counts one day earlier, as `service<` .
struct GTFSServices {
    struct Membership { var service: String, trainId: String, days: Set<Int> }

    private(set) var services: [TimetableDataset.Service] = []
    /// Run index → the store services it is written under, each with the train id to use.
    private(set) var memberships: [Int: [Membership]] = [:]
    /// Service ids of trips that are in no calendar (trips dropped).
    private(set) var unknown: Set<String> = []
    /// Service ids of trips that are in a calendar but run on no day (trips dropped).
    private(set) var neverRunning: Set<String> = []
    /// Store service id → the feed's service_ids running together in it (to name it after them).
    private(set) var members: [String: [String]] = [:]

    static func key(_ run: GTFSRun, feed: GTFSFeed) -> String {
        feed.trips[run.trip].service + (run.dayBefore ? "<" : "")
    }

    init(runsByRailway: [(railway: String, runs: [(index: Int, run: GTFSRun)])], feed: GTFSFeed) {
        var daysOfKey: [String: Set<Int>] = [:]
        func days(_ key: String) -> Set<Int> {
            if let known = daysOfKey[key] { return known }
            let base = key.hasSuffix("<") ? String(key.dropLast()) : key
            let found = feed.services.dates[base].map { key.hasSuffix("<") ? Set($0.map { $0 - 1 }) : $0 } ?? []
            daysOfKey[key] = found
            return found
        }
        var codes: [String: [Set<Int>]] = [:]
        for (_, runs) in runsByRailway {
            // Date → the keys of this railway's runs active that day.
            let keys = Set(runs.map { Self.key($0.run, feed: feed) })
            for key in keys {
                let service = key.hasSuffix("<") ? String(key.dropLast()) : key
                if let dates = feed.services.dates[service] {
                    if dates.isEmpty { neverRunning.insert(service) }
                } else {
                    unknown.insert(service)
                }
            }
            var active: [Int: [String]] = [:]
            for key in keys.sorted() { for day in days(key) { active[day, default: []].append(key) } }
            var setDays: [[String]: Set<Int>] = [:]
            for (day, keys) in active { setDays[keys, default: []].insert(day) }
            // Each set's store service id, shared with another railway when the dates are the same.
            var serviceOfSet: [[String]: (id: String, days: Set<Int>)] = [:]
            for (set, days) in setDays.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
                let base = set.joined(separator: "+")
                var variants = codes[base] ?? []
                var id = base
                if let same = variants.firstIndex(of: days) {
                    if same > 0 { id = "\(base)#\(same + 1)" }
                } else {
                    variants.append(days)
                    if variants.count > 1 { id = "\(base)#\(variants.count)" }
                    services.append(.init(id: id, kind: .dates,
                                          dates: days.sorted().map { CivilDate(daysSinceEpoch: $0).iso }))
                    var feedIds: [String] = []
                    for key in set {
                        let feedId = key.hasSuffix("<") ? String(key.dropLast()) : key
                        if !feedIds.contains(feedId) { feedIds.append(feedId) }
                    }
                    members[id] = feedIds
                    codes[base] = variants
                }
                serviceOfSet[set] = (id, days)
            }
            // Sets holding each key; the biggest keeps the plain train id.
            var setsOfKey: [String: [(id: String, days: Set<Int>)]] = [:]
            for (set, service) in serviceOfSet { for key in set { setsOfKey[key, default: []].append(service) } }
            for (key, sets) in setsOfKey {
                setsOfKey[key] = sets.sorted { ($0.days.count, $1.id) > ($1.days.count, $0.id) }
            }
            for (index, run) in runs {
                let sets = setsOfKey[Self.key(run, feed: feed)] ?? []
                memberships[index] = sets.enumerated().map { position, service in
                    Membership(service: service.id, trainId: position == 0 ? run.id : "\(run.id)@\(service.id)",
                               days: service.days)
                }
            }
        }
    }
}
