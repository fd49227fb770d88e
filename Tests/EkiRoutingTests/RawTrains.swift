import EkiStore
import EkiTestSupport
import Foundation

/// The hand-written Tokyo's trains read as plain values straight from the dataset, apart from the
/// writer and the database: the brute-force side of the routing tests.
struct RawTrains {
    struct Stop { var station: String; var arrival: Int?; var departure: Int? }
    struct Train { var id: String; var direction: String; var stops: [Stop]; var next: [String] }

    let trains: [String: Train]

    /// `TokyoFixture`'s trains (minutes are already the service day's: 24:30 is 1470).
    static let fixture = RawTrains(TokyoFixture.dataset)

    init(_ dataset: TimetableDataset) {
        trains = Dictionary(uniqueKeysWithValues: dataset.trains.map { train in
            (train.id, Train(id: train.id, direction: train.directionId,
                             stops: train.stops.map { Stop(station: $0.station, arrival: $0.arrival, departure: $0.departure) },
                             next: train.next))
        })
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
