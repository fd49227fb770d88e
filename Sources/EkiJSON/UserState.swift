import EkiCore
import EkiStore
import Foundation

public struct HistoryJSON: Encodable {
    var history: [Entry]

    struct Entry: Encodable {
        var station: String
        var stationName: NameJSON?
        /// A station is one railway's: which, so 渋谷 on ten railways reads as ten platforms.
        var railway: String?
        var railwayName: NameJSON?
        var direction: String?
        var views: Int
        var firstViewed: String
        var lastViewed: String
    }

    public init(entries: [HistoryEntry], reference: Reference?) {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TokyoTime.zone
        history = entries.map { entry in
            let station = reference?.stations[id: entry.station]
            return Entry(station: station?.publicId ?? entry.station, stationName: station.map { NameJSON($0.name) },
                         railway: station?.railway.flatMap { reference?.railways.id(of: $0) },
                         railwayName: station?.railway.flatMap { reference?.railways[$0] }.map { NameJSON($0.name) },
                         direction: entry.direction, views: entry.views,
                         firstViewed: formatter.string(from: entry.firstViewed), lastViewed: formatter.string(from: entry.lastViewed))
        }
    }
}

/// `eki history --clear --json`.
public struct HistoryClearedJSON: Encodable {
    var cleared: Int
    public init(cleared: Int) { self.cleared = cleared }
}

public struct BookmarksJSON: Encodable {
    var bookmarks: [Entry]
    struct Entry: Encodable {
        var station: String
        var direction: String
        var departures: StationBoardJSON?
    }

    /// Each bookmark with its board (nil when its station or direction left the data).
    public init(_ boards: [(Bookmark, Board?)], reference: Reference) {
        bookmarks = boards.map { bookmark, board in
            Entry(station: reference.stations[id: bookmark.station]?.publicId ?? bookmark.station, direction: bookmark.direction,
                  departures: board.map { StationBoardJSON([$0], reference: reference) })
        }
    }
}
