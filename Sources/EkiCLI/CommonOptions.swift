import ArgumentParser
import EkiCore
import EkiStore

// The options most commands share, declared once each (issue 28): a command takes them as option
// groups, so the name, the help and the reading of each are the same wherever it appears, and
// QuickStart reads the same names (`QuickStartTests` fails when the two disagree).

/// `--lang ja|en`: the language of the answer; without it, the data's own (Japanese for Tokyo,
/// a GTFS feed's feed_lang).
package struct LanguageOption: ParsableArguments {
    @Option(name: .long, help: "Language: ja or en (default: the data's own: Japanese for Tokyo, a feed's feed_lang).")
    package var lang: Language?

    package init() {}
    /// A value set here rather than parsed (QuickStart's commands).
    package init(_ lang: Language?) { self.lang = lang }

    package static let names = ["--lang"]

    /// The language to answer in; `timetable` nil (no database) answers in Japanese.
    package func language(_ timetable: Timetable?) -> Language { lang ?? timetable?.language ?? .ja }
}

/// `--json`: the answer as JSON (the API's shapes) instead of text.
package struct JSONOption: ParsableArguments {
    @Flag(name: .long, help: "Print JSON instead of text.")
    package var json = false

    package init() {}
    package init(_ json: Bool) { self.json = json }

    package static let names = ["--json"]
}

/// `--at YYYY-MM-DDTHH:MM`: the moment to answer for, on the timetable's own clock (Tokyo's for
/// Tokyo data, a feed's agency_timezone); without it, now (`RiderClock`).
package struct MomentOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Local time on the timetable's clock (Tokyo's for Tokyo data), YYYY-MM-DDTHH:MM. Default: now.",
                                            valueName: "time"))
    package var at: String?

    package init() {}
    package init(_ at: String?) { self.at = at }

    package static let names = ["--at"]

    /// The service instant asked for, or now; a malformed or out-of-range time is a rider's mistake
    /// (one line, exit 2).
    package func instant(_ timetable: Timetable) throws -> ServiceInstant {
        try Resolve.instant(at, timeZone: timetable.timeZone)
    }
}
