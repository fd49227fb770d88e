import ArgumentParser
@testable import EkiCLI
import Testing

/// `QuickStart` reads the plain command lines of `departures`, `next`, `search` and `nearby` without
/// ArgumentParser: each command it builds must be the one ArgumentParser builds from the same
/// words, defaults included, and every other line must be left to ArgumentParser.
@Suite struct QuickStartTests {
    /// Everything a command holds, as text: two commands with the same dump have the same values.
    static func dump(_ command: any ParsableCommand) -> String {
        var text = ""
        Swift.dump(command, to: &text)
        return text
    }

    static func same(_ words: [String], _ parse: ([String]) throws -> any ParsableCommand) throws {
        let quick = try #require(QuickStart.command(["eki"] + words), "\(words) not read")
        #expect(dump(quick) == dump(try parse(Array(words.dropFirst()))), "\(words)")
    }

    @Test func buildsWhatArgumentParserBuilds() throws {
        for words in [
            ["departures", "馬車道"],
            ["departures", "Minatomirai.Minatomirai.Bashamichi", "--direction", "Inbound", "--json", "--at", "2026-11-24T08:00"],
            ["departures", "渋谷", "--railway", "東横線", "--limit", "3", "--lang", "en", "--db", "/tmp/x.sqlite", "--state", "/tmp/s.sqlite"],
        ] {
            try Self.same(words) { try DeparturesCommand.parse($0) }
        }
        for words in [
            ["next", "馬車道"],
            ["next", "馬車道", "--direction", "Inbound", "--railway", "みなとみらい線", "--format", "{time} {destination}",
             "--at", "2026-11-24T08:00", "--lang", "en", "--db", "/tmp/x.sqlite"],
        ] {
            try Self.same(words) { try NextCommand.parse($0) }
        }
        for words in [["search", "しぶや"], ["search", "shibuya", "--json", "--limit", "3", "--lang", "ja", "--db", "/tmp/x.sqlite"]] {
            try Self.same(words) { try SearchCommand.parse($0) }
        }
        for words in [
            ["nearby", "35.4505,139.6337"],
            ["nearby", "35.4505,139.6337", "--radius", "500", "--limit", "3", "--at", "2026-11-24T08:00", "--no-departures",
             "--personal", "--lang", "en", "--json", "--db", "/tmp/x.sqlite", "--state", "/tmp/s.sqlite"],
        ] {
            try Self.same(words) { try NearbyCommand.parse($0) }
        }
        for words in [
            ["route", "fastest", "馬車道", "浅草"],
            ["route", "fastest", "馬車道", "Toei.Asakusa.Asakusa", "--use", "2", "--pace", "relaxed", "--at", "2026-11-24T08:00",
             "--lang", "en", "--json", "--db", "/tmp/x.sqlite", "--state", "/tmp/s.sqlite"],
            ["route", "fastest", "上野", "海浜幕張", "--pace", "急ぎ"],
        ] {
            try Self.same(words) { try RouteCommand.Fastest.parse(Array($0.dropFirst())) }
        }
    }

    @Test func leavesEverythingElseToArgumentParser() {
        for words in [
            ["departures"], ["departures", "--help"], ["departures", "馬車道", "-h"], ["departures", "馬車道", "--limit", "0"],
            ["departures", "馬車道", "--limit", "x"], ["departures", "馬車道", "--lang", "fr"], ["departures", "馬車道", "--at"],
            ["departures", "馬車道", "--at=2026-11-24T08:00"], ["departures", "馬車道", "--json", "--json"],
            ["departures", "馬車道", "--limit", "3", "--limit", "4"], ["departures", "馬車道", "渋谷"],
            ["departures", "馬車道", "--nope", "x"], ["next", "馬車道", "--json"], ["search", "しぶや", "--limit", "101"],
            ["nearby", "-35.45,139.63"], ["nearby", "35.45,139.63", "--radius", "0"], ["nearby", "35.45,139.63", "--limit", "101"],
            ["nearby", "35.45,139.63", "139.7"], ["nearby"], ["station", "渋谷"], ["--version"], [],
            ["route", "fastest", "馬車道"], ["route", "fastest", "馬車道", "浅草", "--pace", "fast"], ["route", "fastest", "馬車道", "浅草", "--use", "4"],
            ["route", "fastest", "馬車道", "浅草", "--help"], ["route", "last", "馬車道", "浅草"], ["route", "馬車道"], ["route"],
        ] {
            #expect(QuickStart.command(["eki"] + words) == nil, "\(words)")
        }
    }

    /// The `--name`s ArgumentParser lists for a command (its help), without --help and --version.
    static func declared(_ command: any ParsableCommand.Type) -> Set<String> {
        let help = command.helpMessage(columns: 400)
        let names = help.split(whereSeparator: { !($0.isLetter || $0 == "-") }).filter { $0.hasPrefix("--") && $0.count > 2 }
        return Set(names.map(String.init)).subtracting(["--help", "--version"])
    }

    /// An option added to (or dropped from) one of these commands must be added to QuickStart's
    /// reading too, or the quick path would refuse or misread it.
    @Test func readsExactlyTheDeclaredOptions() {
        let commands: [String: any ParsableCommand.Type] = [
            "departures": DeparturesCommand.self, "next": NextCommand.self, "search": SearchCommand.self, "nearby": NearbyCommand.self,
            "route fastest": RouteCommand.Fastest.self,
        ]
        #expect(Set(commands.keys) == Set(QuickStart.shapes.keys))
        for (name, command) in commands {
            let shape = QuickStart.shapes[name]!
            #expect(shape.options.union(shape.flags) == Self.declared(command), "\(name)")
            #expect(shape.options.isDisjoint(with: shape.flags), "\(name)")
        }
        // The shared options are the groups' (a change there reaches every command).
        #expect(Self.declared(DeparturesCommand.self).isSuperset(of: LanguageOption.names + JSONOption.names + MomentOption.names))
    }
}
