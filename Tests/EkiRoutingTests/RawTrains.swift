import EkiTestSupport
import Foundation

/// The Mini Tokyo 3D train files read as plain JSON, apart from the importer and the database:
/// the brute-force side of the routing tests.
struct RawTrains {
    struct Stop { var station: String; var arrival: Int?; var departure: Int? }
    struct Train { var id: String; var direction: String; var stops: [Stop]; var next: [String] }

    let trains: [String: Train]

    static let shared: RawTrains = {
        var trains: [String: Train] = [:]
        for raw in (try? SharedData.allTrains()) ?? [] {
            guard let id = raw["id"] as? String, let stops = raw["tt"] as? [[String: Any]] else { continue }
            trains[id] = Train(id: id, direction: raw["d"] as? String ?? "",
                               stops: stops.map { Stop(station: $0["s"] as? String ?? "",
                                                       arrival: minute($0["a"] as? String),
                                                       departure: minute($0["d"] as? String)) },
                               next: raw["nt"] as? [String] ?? [])
        }
        return RawTrains(trains: trains)
    }()

    /// "HH:MM" as a service-day minute: before 03:00 belongs to the day before (00:15 is 1455).
    static func minute(_ text: String?) -> Int? {
        guard let text, text.count == 5, let h = Int(text.prefix(2)), let m = Int(text.suffix(2)) else { return nil }
        let value = h * 60 + m
        return value < 180 ? value + 1440 : value
    }

    /// Boarding `id` at `board` (a stop with a departure), the arrival at the first later stop in
    /// `targets`, following through service down every branch; the earliest if several.
    func arrival(of id: String, boarding board: String, at targets: Set<String>) -> Int? {
        guard let train = trains[id], let start = train.stops.firstIndex(where: { $0.station == board && $0.departure != nil })
        else { return nil }
        func search(_ train: Train, from index: Int, depth: Int) -> Int? {
            for stop in train.stops[index...] where targets.contains(stop.station) {
                if let time = stop.arrival ?? stop.departure { return time }
            }
            guard depth < 6 else { return nil }
            return train.next.compactMap { trains[$0] }.compactMap { search($0, from: 0, depth: depth + 1) }.min()
        }
        return search(train, from: start + 1, depth: 0)
    }
}
