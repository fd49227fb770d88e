import EkiCore

/// What a train's badge says, decided here once for every board — the CLI's text, `--json` and the
/// API (`badge`), the pages and app.js (which draws the API's `badge`): the train's category
/// (各 快 準 急 特) on the category's colour where the source gives Japanese train types, else its
/// line's short name on the line's colour (a GTFS feed's `1`, `SLE`), else no badge at all.
public struct TrainBadge: Sendable, Equatable {
    public var text: String
    /// Set for a category badge; nil for a line's.
    public var category: TrainCategory?
    /// `#RRGGBB`: the category's colour, or the line's (nil when the feed gives none).
    public var color: String?

    /// `classified`: the source gives Japanese train types (`Reference.TrainType.classified`; a
    /// train of no known type counts as classified, as the importer's `local`).
    public init?(classified: Bool, category: TrainCategory, railway: Reference.Railway?) {
        if classified {
            text = category.badge
            self.category = category
            color = category.color
        } else {
            guard let short = railway?.shortName else { return nil }
            text = short
            self.category = nil
            color = railway?.color
        }
    }

    public init?(type: Reference.TrainType?, category: TrainCategory, railway: Reference.Railway?) {
        self.init(classified: type?.classified ?? true, category: category, railway: railway)
    }

    public init?(_ departure: Departure, reference: Reference) {
        self.init(classified: departure.classified, category: departure.category, railway: reference.railways[departure.railway])
    }
}
