import Foundation

/// Orders nearby stations by distance and by how much the rider uses them.
///
/// The reference app found "nearby" was 95% of its use, and riders open the same few boards again
/// and again. So the distance to a station is divided by a bonus that grows with the rider's views
/// of it, and fades as they grow old:
///
///     weight = Σ views × ½^(days since last view / 30)     (per station complex)
///     score  = distance / (1 + log₂(1 + weight))           (smaller first)
///
/// A complex viewed 7 times this week, 600 m away (score 150), comes before an unvisited one at
/// 200 m; one viewed once (score 300) does not. A month without a view halves the weight. The
/// logarithm keeps a daily commute from burying every other station: 100 views count only about
/// twice as much as 7.
public enum PersonalOrder {
    public static let halfLifeDays = 30.0

    /// One history entry's weight at `now`.
    public static func weight(views: Int, lastViewed: Date, now: Date) -> Double {
        let days = max(0, now.timeIntervalSince(lastViewed) / 86_400)
        return Double(views) * pow(0.5, days / halfLifeDays)
    }

    /// The sort key of a station `distance` metres away with history `weight`; smaller comes first.
    public static func score(distance: Double, weight: Double) -> Double {
        distance / (1 + log2(1 + max(0, weight)))
    }
}
