import EkiCore

/// block_id as through service: within one block and one service_id, trips taken in time order; a
/// trip continues as the next one when the next starts where it ends (the same stop, or the same
/// parent station) no earlier than it arrives. Frequency-expanded runs are left out (a block of
/// "every 10 minutes" trips says nothing about which run becomes which).
enum GTFSThroughService {
    /// (run index, next run index) pairs.
    static func links(runs: [(index: Int, run: GTFSRun)], feed: GTFSFeed) -> [(Int, Int)] {
        var blocks: [String: [(index: Int, run: GTFSRun)]] = [:]
        for entry in runs where !entry.run.fromFrequency {
            let trip = feed.trips[entry.run.trip]
            guard let block = trip.block else { continue }
            blocks[block + "\u{1F}" + trip.service, default: []].append(entry)
        }
        var links: [(Int, Int)] = []
        for (_, members) in blocks.sorted(by: { $0.key < $1.key }) where members.count > 1 {
            let ordered = members.sorted { ($0.run.start, $0.index) < ($1.run.start, $1.index) }
            for (current, next) in zip(ordered, ordered.dropFirst()) {
                guard let end = current.run.stops.last?.stop, let start = next.run.stops.first?.stop,
                      next.run.start >= current.run.end,
                      end == start || GTFSPlaces.place(of: end, in: feed) == GTFSPlaces.place(of: start, in: feed)
                else { continue }
                links.append((current.index, next.index))
            }
        }
        return links
    }
}
