import Foundation

/// Everything in Eki is Tokyo local time, whatever the machine's TZ.
public enum TokyoTime {
    /// Japan has had no daylight saving since 1951, so a fixed offset is exact and needs no tz database.
    public static let zone = TimeZone(secondsFromGMT: 9 * 3600)!
    /// Its tz database name, as a database's `time_zone` meta value says it.
    public static let identifier = "Asia/Tokyo"
}
