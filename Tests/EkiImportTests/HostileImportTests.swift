import EkiCore
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import PropertyBased
import Testing

/// Issue 20, imports: killed imports' work files, duplicate ids, symbolic link loops, records
/// dropped without a word; and every number a feed can carry at its extremes, never a trap.
@Suite struct HostileImportTests {
    static let train = """
        [{"id": "Op.A.1.Weekday", "r": "Op.A", "n": "1", "y": "Op.Local", "d": "Outbound",
          "tt": [{"s": "Op.A.A1", "d": "10:00"}, {"s": "Op.A.A2", "d": "10:03"}, {"s": "Op.A.A3", "a": "10:06"}]}]
        """

    /// `kill -9` leaves `.NAME.importing.PID-RANDOM` behind (39 MB for the real data); the next
    /// import removes those of processes that are gone, and leaves a running one's alone — and, with
    /// one cleaner for imports and updates (review of issue 20, 12), a killed update's download too.
    @Test func workFilesOfKilledImportsAreRemoved() throws {
        let folder = try MiniFolder(trains: Self.train)
        defer { folder.remove() }
        let database = folder.scratch.file("db/timetable.sqlite")
        try FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        let stale = database.deletingLastPathComponent().appendingPathComponent(".timetable.sqlite.importing.\(process.processIdentifier)-0a0b0c")
        let running = database.deletingLastPathComponent().appendingPathComponent(".timetable.sqlite.importing.1-0a0b0c")
        let download = database.deletingLastPathComponent().appendingPathComponent(".timetable.sqlite.download.\(process.processIdentifier)-0d0e0f.part")
        for file in [stale, running, download] { try Data(count: 4096).write(to: file) }
        _ = try Importer().run(folder: folder.url, database: database)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(!FileManager.default.fileExists(atPath: download.path))
        #expect(FileManager.default.fileExists(atPath: running.path))
    }

    /// A station or railway id given twice stopped the import with "SQLite error 19: UNIQUE
    /// constraint failed" and the SQL. Now the second is dropped with a warning naming file and id.
    @Test func duplicateIdsNameTheFileAndTheId() throws {
        let folder = try MiniFolder(trains: Self.train, stationsExtra: #", {"id": "Op.A.A2", "railway": "Op.A", "coord": [139.9, 35.9], "title": {"ja": "偽", "en": "Fake"}}"#)
        defer { folder.remove() }
        let railways = try String(contentsOf: folder.scratch.file("railways.json"), encoding: .utf8)
        try folder.scratch.write("railways.json", railways.replacingOccurrences(of: "}]", with: #"}, {"id": "Op.B", "title": {"ja": "二重", "en": "Twice"}, "stations": []}]"#))
        let database = folder.scratch.file("timetable.sqlite")
        let report = try Importer().run(folder: folder.url, database: database)
        let messages = report.warnings.filter { $0.kind == .duplicateId }.map(\.message)
        #expect(messages == ["railways.json: railway Op.B appears twice; the second is ignored",
                             "stations.json: station Op.A.A2 appears twice; the second is ignored"])
        let timetable = try Timetable(url: database)
        #expect(timetable.reference.stations[id: "Op.A.A2"]?.name.en == "Ko-ni")
        #expect(timetable.reference.railways[id: "Op.B"]?.name.en == "B Line")
    }

    /// A stations.json that links to itself said "not a timetable feed".
    @Test func aSymbolicLinkLoopSaysSo() throws {
        let folder = try MiniFolder(trains: Self.train)
        defer { folder.remove() }
        let stations = folder.scratch.file("stations.json")
        try FileManager.default.removeItem(at: stations)
        try FileManager.default.createSymbolicLink(atPath: stations.path, withDestinationPath: stations.path)
        try MalformedInputTests.expectFailure(folder.url, scratch: folder.scratch) { error in
            error == .unreadable(file: "stations.json", reason: "a symbolic link that loops (it points back to itself)")
        }
        // An optional file that loops is named too, not taken for a missing one.
        try FileManager.default.removeItem(at: stations)
        let fresh = try MiniFolder(trains: Self.train)
        defer { fresh.remove() }
        let groups = fresh.scratch.file("station-groups.json")
        try FileManager.default.removeItem(at: groups)
        try FileManager.default.createSymbolicLink(atPath: groups.path, withDestinationPath: groups.path)
        try MalformedInputTests.expectFailure(fresh.url, scratch: fresh.scratch) { error in
            error == .unreadable(file: "station-groups.json", reason: "a symbolic link that loops (it points back to itself)")
        }
    }

    /// A station at [999, 999] on a railway nobody has was kept as it was, without a word: its
    /// position went into the database and its railway vanished. Both are warnings now.
    @Test func everyDroppedRecordIsAWarning() throws {
        let folder = try MiniFolder(trains: Self.train, stationsExtra: #", {"id": "Op.X.X1", "railway": "Op.X", "coord": [999, 999], "title": {"ja": "変", "en": "Odd"}}"#)
        defer { folder.remove() }
        try folder.scratch.write("station-groups.json", #"[[["Op.A.A3", "Op.B.B1", "Op.Z.Nowhere"]]]"#)
        let database = folder.scratch.file("timetable.sqlite")
        let report = try Importer().run(folder: folder.url, database: database)
        let messages = Set(report.warnings.map(\.message))
        #expect(messages.contains("stations.json: station Op.X.X1 has coordinates [999.0, 999.0] (longitude, latitude) that are not on Earth; kept without coordinates"))
        #expect(messages.contains("stations.json: station Op.X.X1 names railway Op.X, which is not in railways.json; kept without a railway"))
        #expect(messages.contains("a station complex lists Op.Z.Nowhere, which is not in stations.json; left out of it"))
        let odd = try #require(try Timetable(url: database).reference.stations[id: "Op.X.X1"])
        #expect(odd.coordinate == nil && odd.railway == nil)
    }

    // MARK: - Extreme values

    /// Mini Tokyo 3D: coordinates, times, shape blending steps.
    @Test func miniTokyo3DSurvivesExtremeValues() async throws {
        let places = ["coord", "time", "interpolate", "shape"]
        await propertyCheck(count: 80, input: Gen.element(of: places), Gen.element(of: HostileValues.jsonTokens + HostileValues.texts.map { "\"\($0)\"" })) { place, token in
            guard let place, let token else { return }
            do {
                let folder = try MiniFolder(trains: place == "time" ? Self.train.replacingOccurrences(of: "\"10:03\"", with: token) : Self.train,
                                            stationsExtra: place == "coord" ? #", {"id": "Op.A.A9", "railway": "Op.A", "coord": [\#(token), \#(token)], "title": {"ja": "九", "en": "Nine"}}"# : "")
                defer { folder.remove() }
                if place == "interpolate" || place == "shape" {
                    let extra = place == "interpolate"
                        ? #"{"type": "sub", "start": {"railway": "Op.A"}, "end": {"railway": "Op.B"}, "interpolate": \#(token), "coords": [[139.70, 35.60], [139.72, 35.62]]}"#
                        : #"{"type": "main", "coords": [[\#(token), 35.6], [139.71, \#(token)]]}"#
                    try folder.scratch.write("coordinates.json", """
                        {"railways": [{"id": "Op.A", "sublines": [{"type": "main", "coords": [[139.70, 35.60], [139.71, 35.61], [139.72, 35.62]]}]},
                                      {"id": "Op.B", "sublines": [{"type": "main", "coords": [[139.7201, 35.6201], [139.73, 35.63]]}]},
                                      {"id": "Op.C", "sublines": [\(extra)]}]}
                        """)
                }
                _ = try Self.importOrExplain(folder.url, into: folder.scratch.file("t.sqlite"))
            } catch {
                Issue.record("\(place)=\(token.prefix(40)): \(error)")
            }
        }
    }

    /// GTFS: every numeric cell a feed has (positions, times, sequences, headways, distances, types, dates).
    @Test func gtfsSurvivesExtremeValues() async throws {
        // (file, the row's first field, column name)
        let cells: [(String, String, String)] = [
            ("stops.txt", "A1", "stop_lat"), ("stops.txt", "A1", "stop_lon"), ("routes.txt", "RED", "route_type"),
            ("stop_times.txt", "R1", "arrival_time"), ("stop_times.txt", "R1", "departure_time"), ("stop_times.txt", "R1", "stop_sequence"),
            ("stop_times.txt", "R2", "shape_dist_traveled"), ("frequencies.txt", "BF0", "start_time"), ("frequencies.txt", "BF0", "end_time"),
            ("frequencies.txt", "BF0", "headway_secs"), ("calendar.txt", "WK", "start_date"), ("calendar.txt", "WK", "end_date"),
            ("calendar_dates.txt", "WK", "date"), ("trips.txt", "RED", "direction_id"),
        ]
        await propertyCheck(count: 80, input: Gen.element(of: cells.indices), Gen.element(of: HostileValues.texts)) { index, value in
            guard let index, let value else { return }
            let (file, key, column) = cells[index]
            do {
                var text = GTFSFeedFixture.files[file]!.replacingOccurrences(of: "\r\n", with: "\n")
                if column == "shape_dist_traveled" {
                    // A column the fixture lacks: added, with real distances, then one made hostile.
                    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    for i in lines.indices where !lines[i].isEmpty { lines[i] += i == 0 ? ",shape_dist_traveled" : ",\(i * 100)" }
                    text = lines.joined(separator: "\n")
                }
                text = Self.replace(in: text, row: key, column: column, with: value.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "\"", with: ""))
                let fixture = try GTFSFeedFixture([file: text])
                defer { fixture.remove() }
                _ = try Self.importOrExplain(fixture.folder, into: fixture.scratch.file("t.sqlite"))
            } catch {
                Issue.record("\(file) \(key) \(column)=\(value.prefix(40)): \(error)")
            }
        }
    }

    /// A CSV text with the first data row starting with `row` given `value` in `column`.
    /// The case the property check above found: a headway of Int.max seconds stepped the
    /// frequency's clock past Int.max (an overflow trap); it is one train.
    @Test func aHeadwayOfIntMaxIsOneTrain() throws {
        let text = GTFSFeedFixture.files["frequencies.txt"]!.replacingOccurrences(of: "\r\n", with: "\n")
        let fixture = try GTFSFeedFixture(["frequencies.txt": Self.replace(in: text, row: "BF0", column: "headway_secs",
                                                                            with: "9223372036854775807")])
        defer { fixture.remove() }
        let report = try #require(try Self.importOrExplain(fixture.folder, into: fixture.scratch.file("t.sqlite")))
        #expect(report.counts.trains > 0)
    }

    static func replace(in text: String, row: String, column: String, with value: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let position = header.firstIndex(of: column),
              let line = lines.indices.dropFirst().first(where: { lines[$0].hasPrefix(row + ",") }) else { return text }
        var fields = lines[line].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[position] = value
        lines[line] = fields.joined(separator: ",")
        return lines.joined(separator: "\n")
    }

    /// Imports; an `ImportError` (one line) is a fine answer to a hostile feed, anything else is not.
    static func importOrExplain(_ folder: URL, into database: URL) throws -> Importer.Report? {
        do {
            let report = try Importer().run(folder: folder, database: database)
            // What was written opens and answers.
            _ = try Timetable(url: database).info()
            return report
        } catch let error as ImportError {
            #expect(!error.description.contains("\n"))
            return nil
        }
    }
}
