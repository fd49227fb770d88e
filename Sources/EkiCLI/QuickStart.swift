import ArgumentParser
import EkiCore
import EkiStore

/// The commands a status bar, a prompt or a script runs every few seconds — `departures`, `next`,
/// `search`, `nearby` — and `route fastest` (its budget is a fresh process's 40 ms) read from a plain command line without ArgumentParser's start-up: it reflects each
/// command's properties and searches the binary's 6,774 protocol conformances for their types,
/// 12 % of a fresh board (docs/PERFORMANCE.md). Only the plain shape is read here: a positional
/// word and `--name value` options, each at most once, no value starting with `-`. Anything else —
/// `--help`, `--name=value`, a repeated or unknown option, a value out of range — returns nil and
/// ArgumentParser parses the line as always, with its own messages. `QuickStartTests` checks that
/// each command built here is the one ArgumentParser builds from the same words.
package enum QuickStart {
    /// The command for `arguments` (the whole command line, the program first), or nil.
    package static func command(_ arguments: [String]) -> (any ParsableCommand)? {
        let words = arguments.dropFirst()
        guard let name = words.first else { return nil }
        let rest = words.dropFirst()
        let command: (any ParsableCommand)?
        switch name {
        case "departures": command = departures(rest)
        case "next": command = next(rest)
        case "search": command = search(rest)
        case "nearby": command = nearby(rest)
        case "route" where rest.first == "fastest": command = fastest(rest.dropFirst())
        default: return nil
        }
        // A value ArgumentParser would refuse (--limit 0) is left to it, for its message.
        guard var command else { return nil }
        do { try command.validate() } catch { return nil }
        return command
    }

    /// The options (with a value) and flags each quick command reads: the shared ones by their
    /// declarations' names (CommonOptions.swift). `QuickStartTests` checks these are exactly the
    /// names ArgumentParser lists for the command.
    package static let shapes: [String: (options: Set<String>, flags: Set<String>)] = [
        "departures": (Set(["--railway", "--direction", "--limit", "--db", "--state"] + MomentOption.names + LanguageOption.names),
                       Set(JSONOption.names)),
        "next": (Set(["--direction", "--railway", "--format", "--db"] + MomentOption.names + LanguageOption.names), []),
        "search": (Set(["--limit", "--db"] + LanguageOption.names), Set(JSONOption.names)),
        "nearby": (Set(["--radius", "--limit", "--db", "--state"] + MomentOption.names + LanguageOption.names),
                   Set(["--no-departures", "--personal"] + JSONOption.names)),
        "route fastest": (Set(["--use", "--pace", "--db", "--state"] + MomentOption.names + LanguageOption.names), Set(JSONOption.names)),
    ]

    /// A command line split into its positional words, option values and flags.
    struct Words {
        var positional: [String] = []
        var values: [String: String] = [:]
        var flags: Set<String> = []

        init?(_ words: ArraySlice<String>, shape: (options: Set<String>, flags: Set<String>)) {
            let options = shape.options, known = shape.flags
            var index = words.startIndex
            while index < words.endIndex {
                let word = words[index]
                guard word.hasPrefix("-") else {
                    positional.append(word)
                    index += 1
                    continue
                }
                if known.contains(word) {
                    guard flags.insert(word).inserted else { return nil }
                    index += 1
                } else {
                    let next = index + 1
                    guard options.contains(word), values[word] == nil, next < words.endIndex, !words[next].hasPrefix("-") else { return nil }
                    values[word] = words[next]
                    index += 2
                }
            }
        }

        /// An option's value read as ArgumentParser reads it; nil (no command) when it cannot.
        func value<Value: ExpressibleByArgument>(_ name: String, default: Value) -> Value? {
            guard let text = values[name] else { return `default` }
            return Value(argument: text)
        }

        func value<Value: ExpressibleByArgument>(_ name: String) -> Value?? {
            guard let text = values[name] else { return .some(nil) }
            return Value(argument: text).map { .some($0) }
        }
    }

    static func database(_ words: Words) -> DatabaseOptions {
        var options = DatabaseOptions()
        options.db = words.values["--db"]
        return options
    }

    static func state(_ words: Words) -> StateOptions {
        var options = StateOptions()
        options.state = words.values["--state"]
        return options
    }

    static func departures(_ line: ArraySlice<String>) -> DeparturesCommand? {
        guard let words = Words(line, shape: shapes["departures"]!),
              words.positional.count == 1,
              let limit = words.value("--limit", default: 8), let lang: Language? = words.value("--lang") else { return nil }
        var command = DeparturesCommand()
        command.station = words.positional[0]
        command.railway = words.values["--railway"]
        command.direction = words.values["--direction"]
        command.moment = MomentOption(words.values["--at"])
        command.limit = limit
        command.language = LanguageOption(lang)
        command.output = JSONOption(words.flags.contains("--json"))
        command.database = database(words)
        command.userState = state(words)
        return command
    }

    static func next(_ line: ArraySlice<String>) -> NextCommand? {
        guard let words = Words(line, shape: shapes["next"]!),
              words.positional.count == 1,
              let lang: Language? = words.value("--lang") else { return nil }
        var command = NextCommand()
        command.station = words.positional[0]
        command.direction = words.values["--direction"]
        command.railway = words.values["--railway"]
        command.format = words.values["--format"] ?? NextLine.defaultTemplate
        command.moment = MomentOption(words.values["--at"])
        command.language = LanguageOption(lang)
        command.database = database(words)
        return command
    }

    static func search(_ line: ArraySlice<String>) -> SearchCommand? {
        guard let words = Words(line, shape: shapes["search"]!),
              words.positional.count == 1,
              let limit = words.value("--limit", default: 10), let lang: Language? = words.value("--lang") else { return nil }
        var command = SearchCommand()
        command.query = words.positional[0]
        command.limit = limit
        command.language = LanguageOption(lang)
        command.output = JSONOption(words.flags.contains("--json"))
        command.database = database(words)
        return command
    }

    /// `route fastest`: a fresh process's whole budget is 40 ms, and ArgumentParser's start-up for
    /// this command (its options and the route commands' shared ones) was 5 ms of it.
    static func fastest(_ line: ArraySlice<String>) -> RouteCommand.Fastest? {
        guard let words = Words(line, shape: shapes["route fastest"]!),
              words.positional.count == 2,
              let use: Int? = words.value("--use"), let lang: Language? = words.value("--lang") else { return nil }
        var command = RouteCommand.Fastest()
        command.from = words.positional[0]
        command.to = words.positional[1]
        command.use = use
        var common = RouteCommand.Common()
        common.moment = MomentOption(words.values["--at"])
        common.language = LanguageOption(lang)
        common.output = JSONOption(words.flags.contains("--json"))
        common.database = database(words)
        common.userState = state(words)
        common.pace = words.values["--pace"]
        // A pace ArgumentParser would refuse is left to it, for its message.
        do { try common.validate() } catch { return nil }
        command.common = common
        return command
    }

    /// A position south or west of zero (-35.6,139.7) looks like an option here: ArgumentParser reads it.
    static func nearby(_ line: ArraySlice<String>) -> NearbyCommand? {
        guard let words = Words(line, shape: shapes["nearby"]!),
              words.positional.count == 1,
              let radius = words.value("--radius", default: 1000), let limit = words.value("--limit", default: 10),
              let lang: Language? = words.value("--lang") else { return nil }
        var command = NearbyCommand()
        command.position = words.positional
        command.radius = radius
        command.limit = limit
        command.moment = MomentOption(words.values["--at"])
        command.noDepartures = words.flags.contains("--no-departures")
        command.personal = words.flags.contains("--personal")
        command.language = LanguageOption(lang)
        command.output = JSONOption(words.flags.contains("--json"))
        command.database = database(words)
        command.userState = state(words)
        return command
    }
}
