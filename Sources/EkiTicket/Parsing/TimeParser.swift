/// Departure and arrival times. Anchors, tightest first: a time right before 発 / 着; then the two
/// times of one line (the route line "東京 10:30 → 新大阪 12:57", the English ticket's
/// "MAR.18 ( 8:41) ( 9:43)"), first leaving, second arriving; then the same with a colon misread as
/// "." or ";". A line with one lone time (a phone's status-bar clock) is never taken.
struct TimeParser {
    struct Times { var departure: Reading<String>?; var arrival: Reading<String>? }

    func read(_ lines: [TextLine]) -> Times {
        var times = Times()
        let model = lines.first?.model ?? .jpn
        for line in lines where line.text.contains("発") || line.text.contains("着") {
            for (m, range) in line.matches(TimeParserPatterns.p0) {
                guard let clock = Self.clock(m.1, m.2) else { continue }
                let reading = Reading(value: clock, confidence: Reading<String>.score(level: 0, ocr: line.confidence(of: range)), model: model,
                                      latin: line.isLatin(range))
                if m.3 == "発" { times.departure = better(times.departure, reading) } else { times.arrival = better(times.arrival, reading) }
            }
        }
        if times.departure != nil, times.arrival != nil { return checked(times) }
        // A time with its label: "Dep 11:21", "Tokyo 11:55 Arr.", "Departure 10:30".
        for line in lines where !line.text.contains("発") && !line.text.contains("着") {
            let tokens = line.text.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }
            let departs = tokens.contains(where: Self.departureLabels.contains), arrives = tokens.contains(where: Self.arrivalLabels.contains)
            guard departs != arrives else { continue }
            let found = line.matches(TimeParserPatterns.p1)
            guard found.count == 1, let (m, range) = found.first, let clock = Self.clock(m.1, m.2) else { continue }
            let reading = Reading(value: clock, confidence: Reading<String>.score(level: 0, ocr: line.confidence(of: range)), model: model, latin: true)
            if departs { times.departure = better(times.departure, reading) } else { times.arrival = better(times.arrival, reading) }
        }
        if times.departure != nil, times.arrival != nil { return checked(times) }
        for (level, separator) in [(1, TimeParserPatterns.p1), (2, TimeParserPatterns.p2)] {
            for line in lines where line.text.contains(where: { $0 == ":" || $0 == "." || $0 == ";" }) {
                let found = line.matches(separator).compactMap { m, range in
                    // A colon read as "." or ";" is a loosened anchor.
                    Self.clock(m.1, m.2).map { ($0, line.confidence(of: range), !line.slice(range).contains(":")) }
                }
                guard found.count == 2 else { continue }
                if times.departure == nil {
                    times.departure = Reading(value: found[0].0, confidence: Reading<String>.score(level: level, ocr: found[0].1), model: model,
                                              loose: found[0].2, latin: true)
                }
                if times.arrival == nil {
                    times.arrival = Reading(value: found[1].0, confidence: Reading<String>.score(level: level, ocr: found[1].1), model: model,
                                            loose: found[1].2, latin: true)
                }
                return checked(times)
            }
        }
        return checked(times)
    }

    /// No Shinkansen runs between 01:00 and 05:29: a time read there lost or misread a digit.
    static func isPlausible(_ clock: String) -> Bool { !("01:00" ..< "05:30").contains(clock) }

    /// A Shinkansen arrives after it leaves, and not in the night: when not, the times cannot be trusted.
    private func checked(_ read: Times) -> Times {
        var times = read
        if let departure = times.departure, !Self.isPlausible(departure.value) { times.departure!.confidence *= 0.6 }
        // Hardly a Shinkansen leaves after midnight (some arrive then): "0:08発" lost the 1 of 10:08.
        if let departure = times.departure, departure.value < "01:00" { times.departure!.confidence *= 0.85 }
        if let arrival = times.arrival, !Self.isPlausible(arrival.value) { times.arrival!.confidence *= 0.6 }
        guard var departure = times.departure, var arrival = times.arrival, departure.value >= arrival.value else { return times }
        departure.confidence *= 0.5
        arrival.confidence *= 0.5
        return Times(departure: departure, arrival: arrival)
    }

    private func better(_ a: Reading<String>?, _ b: Reading<String>) -> Reading<String> {
        guard let a else { return b }
        return a.confidence >= b.confidence ? a : b
    }

    static let departureLabels: Set<String> = ["dep", "departure", "departs", "depart", "leave", "leaves"]
    static let arrivalLabels: Set<String> = ["arr", "arrival", "arrives", "arrive"]

    static func clock(_ hours: Substring, _ minutes: Substring) -> String? {
        guard let h = Int(hours), let m = Int(minutes), h < 24, m < 60 else { return nil }
        return (h < 10 ? "0" : "") + String(h) + ":" + minutes
    }
}

/// The patterns, compiled once: a regular expression literal inside a function is parsed again at
/// every call, which was most of the time parsing a ticket took.
enum TimeParserPatterns {
    nonisolated(unsafe) static let p0 = /([0-9]{1,2})\s*:\s*([0-9]{2})\s*\)?\s*([発着])/
    nonisolated(unsafe) static let p1 = /(?:^|[^0-9])([0-9]{1,2})\s*:\s*([0-9]{2})(?![0-9])/
    nonisolated(unsafe) static let p2 = /(?:^|[^0-9])([0-9]{1,2})\s*[:.;]\s*([0-9]{2})(?![0-9])/
}
