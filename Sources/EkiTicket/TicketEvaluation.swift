import EkiCore
import Foundation

/// Scores the scanner on rendered tickets with their ground truth (scripts/ticket_render.py writes
/// NAME.{png,jpg} beside NAME.json): per-field accuracy, whole-ticket accuracy, and the share of fields
/// read wrong while claiming confidence ≥ 0.8, and the fields left null without being listed unsure, by
/// input kind and, for the harder renders (`--layouts`), by layout.
public enum TicketEvaluation {
    public struct Sample: Sendable {
        public var image: URL
        public var truth: Ticket
        /// "screenshot", "clean photo" or "hard photo".
        public var kind: String
        /// The ticket's language as printed, "ja" or "en".
        public var language: String { truth.language.rawValue }
        public var today: CivilDate
        /// The harder render's layout ("ekinet-stacked", …; scripts/ticket_render.py --layouts), nil for the kinds.
        public var layout: String? = nil
    }

    public struct Outcome: Sendable {
        public var sample: Sample
        public var result: ScanResult?
        public var seconds: Double
        /// Parsing alone (words → ticket), median of repeated runs, in milliseconds.
        public var parseMilliseconds: Double
        public init(sample: Sample, result: ScanResult?, seconds: Double, parseMilliseconds: Double = 0) {
            self.sample = sample; self.result = result; self.seconds = seconds; self.parseMilliseconds = parseMilliseconds
        }
    }

    public struct Group: Codable, Sendable {
        public var kind: String
        public var tickets = 0
        public var fields = 0
        public var exactFields = 0
        public var exactTickets = 0
        public var confidentlyWrong = 0
        /// Fields the scan left null that its `unsure` list does not name: a gap the rider is not shown.
        public var nullOutsideUnsure = 0
        /// Fields read right but marked unsure: the rider is asked to check what was right.
        public var exactButUnsure = 0
        /// Tickets whose source (photo, ekinet, smartex) and language were told right.
        public var sourceRight = 0
        public var languageRight = 0
        public var perField: [String: Int] = [:]
        public var seconds = 0.0
        public var parseMilliseconds: [Double] = []
        public var parseMedian: Double { parseMilliseconds.isEmpty ? 0 : parseMilliseconds.sorted()[parseMilliseconds.count / 2] }

        public var fieldAccuracy: Double { fields == 0 ? 0 : Double(exactFields) / Double(fields) }
        public var ticketAccuracy: Double { tickets == 0 ? 0 : Double(exactTickets) / Double(tickets) }
        public var confidentlyWrongShare: Double { fields == 0 ? 0 : Double(confidentlyWrong) / Double(fields) }
        public var nullOutsideUnsureShare: Double { fields == 0 ? 0 : Double(nullOutsideUnsure) / Double(fields) }
        /// Of the fields read right, the share marked unsure.
        public var unsureShareOfExact: Double { exactFields == 0 ? 0 : Double(exactButUnsure) / Double(exactFields) }
    }

    private struct TruthFile: Decodable {
        var kind: String
        var difficulty: String
        var today: String
        var ticket: Ticket
        var layout: String?
    }

    /// Every image in `folder` that has its truth beside it, in name order.
    public static func samples(in folder: URL) throws -> [Sample] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.compactMap { name -> Sample? in
            guard name.hasSuffix(".png") || name.hasSuffix(".jpg") || name.hasSuffix(".webp") else { return nil }
            let truthURL = folder.appendingPathComponent((name as NSString).deletingPathExtension + ".json")
            guard let data = FileManager.default.contents(atPath: truthURL.path) else { return nil }
            let truth = try JSONDecoder().decode(TruthFile.self, from: data)
            let kind = truth.kind == "photo" ? "\(truth.difficulty) photo" : "screenshot"
            return Sample(image: folder.appendingPathComponent(name), truth: truth.ticket, kind: kind,
                          today: CivilDate(iso: truth.today) ?? CivilDate(year: 2025, month: 1, day: 1)!, layout: truth.layout)
        }
    }

    /// Parsing `words` alone, the median of `runs` runs, in milliseconds of this thread's CPU time:
    /// on a machine shared with builds, wall time measures the neighbours more than the parser.
    public static func parseTime(_ words: [OCRWord], today: CivilDate, runs: Int = 15) -> Double {
        let parser = TicketParser()
        var samples: [Double] = []
        func cpu() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) * 1e3 + Double(spec.tv_nsec) / 1e6
        }
        for _ in 0 ..< runs {
            let start = cpu()
            _ = parser.parse(words, today: today)
            samples.append(cpu() - start)
        }
        return samples.sorted()[runs / 2]
    }

    /// The fields of `result` that differ from `truth`.
    public static func wrongFields(_ result: ScanResult?, _ truth: Ticket) -> [TicketField] {
        TicketField.scored.filter { result?.ticket.value($0) != truth.value($0) }
    }

    /// The fields of `result` left null and not named in the `unsure` list its JSON answer carries (as
    /// `eki ticket scan --json` and the API encode it, so the count follows however that list is made).
    public static func nullOutsideUnsure(_ result: ScanResult) -> [TicketField] {
        struct Listed: Decodable { var unsure: [String] }
        let listed = (try? JSONEncoder().encode(result)).flatMap { try? JSONDecoder().decode(Listed.self, from: $0) }?.unsure ?? []
        return TicketField.scored.filter { !result.ticket.has($0) && !listed.contains($0.rawValue) }
    }

    /// One group per kind (screenshot, clean photo, hard photo), then "all", then each kind by language
    /// ("screenshot ja", …); then, for the harder renders, one group per layout ("layout ekinet-stacked")
    /// and per layout and language ("layout e5489 en").
    public static func score(_ outcomes: [Outcome]) -> [Group] {
        var groups: [String: Group] = [:]
        for outcome in outcomes {
            var keys = [outcome.sample.kind, "all", "\(outcome.sample.kind) \(outcome.sample.language)", "all \(outcome.sample.language)"]
            if let layout = outcome.sample.layout { keys += ["layout \(layout)", "layout \(layout) \(outcome.sample.language)"] }
            let gaps = outcome.result.map(nullOutsideUnsure) ?? []
            for key in keys {
                var group = groups[key] ?? Group(kind: key)
                group.tickets += 1
                if outcome.result?.ticket.source == outcome.sample.truth.source { group.sourceRight += 1 }
                if outcome.result?.ticket.language == outcome.sample.truth.language { group.languageRight += 1 }
                group.seconds += outcome.seconds
                group.parseMilliseconds.append(outcome.parseMilliseconds)
                let wrong = wrongFields(outcome.result, outcome.sample.truth)
                if wrong.isEmpty { group.exactTickets += 1 }
                group.nullOutsideUnsure += gaps.count
                for field in TicketField.scored {
                    group.fields += 1
                    if wrong.contains(field) {
                        if let result = outcome.result, result.ticket.has(field), (result.confidence[field] ?? 0) >= ScanResult.sure {
                            group.confidentlyWrong += 1
                        }
                    } else {
                        group.exactFields += 1
                        if let result = outcome.result, result.ticket.has(field), result.isUnsure(field) { group.exactButUnsure += 1 }
                        group.perField[field.rawValue, default: 0] += 1
                    }
                }
                groups[key] = group
            }
        }
        let kinds = ["screenshot", "clean photo", "hard photo", "all"]
        let order = kinds + kinds.flatMap { ["\($0) ja", "\($0) en"] }
        // The kinds in their order, then the layouts by name, each followed by its languages.
        return groups.values.sorted {
            let a = order.firstIndex(of: $0.kind) ?? Int.max, b = order.firstIndex(of: $1.kind) ?? Int.max
            return a != b ? a < b : $0.kind < $1.kind
        }
    }
}
