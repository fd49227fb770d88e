/// What a hostile or broken client sends where a number, a date or a name belongs: the extremes of
/// Double and Int64, values that are not numbers at all, impossible dates, huge strings. Parsers
/// and handlers must answer each with a 4xx or a one-line error, never a trap.
public enum HostileValues {
    /// As they would appear in a query string, a CSV cell or a command-line argument.
    public static let texts: [String] = [
        "inf", "-inf", "Infinity", "-Infinity", "nan", "NaN", "-nan", "1e300", "-1e300", "1e309", "-1e309", "1e-320",
        "-1e19", "9.3e21", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "340282366920938463463374607431768211456", "0", "-0", "-1", "0x7fffffffffffffff", "1_000",
        "", " ", "+", "-", ".", "e", "true", "false", "null", "[]", "{}", "\"\"",
        "2026-02-30", "2026-11-24T25:99", "9999-12-31T23:59", "0000-00-00T00:00", "-0001-01-01", "99999-01-01",
        "2026-11-24T07:30:00Z", "1970-01-01T00:00",
        "../../etc/passwd", "'; DROP TABLE station;--", "🚃🚃🚃", "\u{202E}abc", "a~b~c~d", "1*2*3", "|||",
        String(repeating: "9", count: 400), String(repeating: "あ", count: 300), String(repeating: "x", count: 5000),
    ]

    /// As JSON values in a request body or a ride file: numbers past Double and Int64, other types.
    public static let jsonTokens: [String] = [
        "1e300", "-1e300", "1e400", "-1e400", "1e-400", "-1e19", "9.3e21", "1.7976931348623157e308",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "0", "-0", "-1", "0.0000001",
        "true", "false", "null", "\"\"", "\"inf\"", "\"nan\"", "\"1e300\"", "\"-1e19\"", "\"9999-12-31T23:59:59Z\"",
        "[]", "[1e300]", "{}", "{\"t\":1}", "\"" + String(repeating: "x", count: 20_000) + "\"",
    ]
}
