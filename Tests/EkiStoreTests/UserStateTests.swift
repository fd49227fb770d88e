import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import GRDB
import Testing

/// The rider's own state file: history of boards viewed, and the nearby order it teaches.
@Suite struct UserStateTests {
    static let morning = Date(timeIntervalSince1970: 1_795_478_400)   // 2026-11-24T09:00+09:00

    @Test func recordsCountsAndClearsViews() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = try UserState(url: scratch.file("nested/folder/state.sqlite"))
        #expect(try state.history().isEmpty)
        for minutes in [0, 10, 20] {
            try state.recordView(station: "Minatomirai.Minatomirai.Bashamichi", direction: "Inbound",
                                 at: Self.morning.addingTimeInterval(Double(minutes) * 60))
        }
        try state.recordView(station: "Keikyu.Main.Hinodecho", direction: nil, at: Self.morning.addingTimeInterval(300))
        let history = try state.history()
        #expect(history.map(\.station) == ["Minatomirai.Minatomirai.Bashamichi", "Keikyu.Main.Hinodecho"])
        #expect(history[0].views == 3 && history[0].direction == "Inbound")
        #expect(history[0].firstViewed == Self.morning)
        #expect(history[0].lastViewed == Self.morning.addingTimeInterval(1200))
        #expect(history[1].direction == nil && history[1].views == 1)

        // The file outlives the process: a second opening sees the same history.
        #expect(try UserState(url: scratch.file("nested/folder/state.sqlite")).history() == history)
        #expect(try state.clearHistory() == 2)
        #expect(try state.history().isEmpty)
    }

    @Test func stateHandedADatabaseInMemoryKeepsItThere() throws {
        // Any database: a queue in memory gets the same tables, and nothing is written to disk.
        let queue = try DatabaseQueue()
        let state = try UserState(writer: queue)
        #expect(state.url == nil)
        try state.recordView(station: TokyoFixture.minatomachi, direction: "Inbound", at: Self.morning)
        try state.recordView(station: TokyoFixture.minatomachi, direction: "Inbound", at: Self.morning.addingTimeInterval(60))
        #expect(try state.history().map(\.views) == [2])
        #expect(try state.addBookmark(.init(station: TokyoFixture.kanjoShibuyazaka, direction: "OuterLoop"), at: Self.morning))
        // Opened again over the same database: migrated once, the history and bookmark still there.
        let again = try UserState(writer: queue)
        #expect(try again.history().first?.station == TokyoFixture.minatomachi)
        #expect(try again.bookmarks().map(\.station) == [TokyoFixture.kanjoShibuyazaka])
    }

    @Test func weightsFadeWithAHalfLifeOfThirtyDays() throws {
        #expect(PersonalOrder.weight(views: 8, lastViewed: Self.morning, now: Self.morning) == 8)
        #expect(abs(PersonalOrder.weight(views: 8, lastViewed: Self.morning, now: Self.morning.addingTimeInterval(30 * 86_400)) - 4) < 1e-9)
        #expect(abs(PersonalOrder.weight(views: 8, lastViewed: Self.morning, now: Self.morning.addingTimeInterval(60 * 86_400)) - 2) < 1e-9)
        // The documented example: seven views at 600 m beat none at 200 m; one view at 600 m does not.
        #expect(PersonalOrder.score(distance: 600, weight: 7) == 150)
        #expect(PersonalOrder.score(distance: 600, weight: 1) == 300)
        #expect(PersonalOrder.score(distance: 200, weight: 0) == 200)
    }

    @Test func historyReordersNearbyStations() throws {
        // On the fixture (TokyoFixture): beside 渋谷坂, 表参 1.3 km away, 新宿原 3.5 km.
        let timetable = try TokyoFixture.timetable()
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = try UserState(url: scratch.file("state.sqlite"))
        let here = GeoPoint(latitude: 35.6585, longitude: 139.7000)
        let plain = try timetable.nearby(here, radius: 4000)
        #expect(plain.stations.map(\.nearest.name.ja) == ["渋谷坂", "表参", "新宿原"])

        // 新宿原 viewed on ten days passes 表参: 3,503 / (1 + log2(1 + 9.8)) ≈ 791 m against 1,303;
        // 渋谷坂 at 155 m stays first.
        for day in 0..<10 {
            try state.recordView(station: TokyoFixture.fukuShinjukuhara, direction: "Northbound",
                                 at: Self.morning.addingTimeInterval(Double(day) * 86_400))
        }
        let personal = plain.personalized(weights: try state.viewWeights(now: Self.morning.addingTimeInterval(10 * 86_400)), in: timetable.reference)
        #expect(personal.stations.map(\.nearest.name.ja) == ["渋谷坂", "新宿原", "表参"])
        #expect(personal.stations.count == plain.stations.count)

        // A year later the habit has faded (weight ≈ 0.002): distance decides again.
        let later = plain.personalized(weights: try state.viewWeights(now: Self.morning.addingTimeInterval(365 * 86_400)), in: timetable.reference)
        #expect(later.stations.map(\.complex.handle) == plain.stations.map(\.complex.handle))
    }

    @Test func bookmarksKeepTheirOrderAndNoDuplicates() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let state = try UserState(url: scratch.file("state.sqlite"))
        let bashamichi = Bookmark(station: "Minatomirai.Minatomirai.Bashamichi", direction: "Inbound")
        let shibuya = Bookmark(station: "Tokyu.Toyoko.Shibuya", direction: "Outbound")
        let osaki = Bookmark(station: "JR-East.Yamanote.Osaki", direction: "InnerLoop")
        #expect(try state.addBookmark(bashamichi))
        #expect(try state.addBookmark(shibuya))
        #expect(try !state.addBookmark(bashamichi))   // already kept: stays where it was
        #expect(try state.addBookmark(osaki))
        #expect(try state.bookmarks() == [bashamichi, shibuya, osaki])
        #expect(try state.removeBookmark(shibuya))
        #expect(try !state.removeBookmark(shibuya))
        #expect(try state.addBookmark(shibuya))       // back at the end
        #expect(try state.bookmarks() == [bashamichi, osaki, shibuya])
        // History and bookmarks live side by side; clearing one leaves the other.
        try state.recordView(station: bashamichi.station, direction: bashamichi.direction)
        try state.clearHistory()
        #expect(try state.bookmarks().count == 3)
    }

    @Test func aFileThatIsNotOursSaysSo() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        try scratch.write("state.sqlite", "this is not a database, just some text that is long enough to matter\n")
        #expect {
            try UserState(url: scratch.file("state.sqlite"))
        } throws: { error in
            "\(error)".contains("not a usable Eki state file")
        }
    }
}

/// Review of issue 20, 6: any existing folder named `eki` was made 0700 (`--state
/// ~/proj/eki/state.sqlite` closed a project folder). Only eki's own default folder is tightened.
@Suite struct UserStateFolderTests {
    static func mode(_ url: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test func onlyEkisOwnFolderIsTightened() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let environment = ["HOME": scratch.url.path, "XDG_STATE_HOME": scratch.file("xdg").path]
        let project = scratch.file("proj/eki")
        let standard = scratch.file("xdg/eki")
        for folder in [project, standard] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        _ = try UserState(url: project.appendingPathComponent("state.sqlite"), environment: environment)
        _ = try UserState(url: standard.appendingPathComponent("state.sqlite"), environment: environment)
        #expect(try Self.mode(project) == 0o755)
        #expect(try Self.mode(standard) == 0o700)
        #expect(try Self.mode(project.appendingPathComponent("state.sqlite")) == 0o600)
        // A folder eki makes is 0700 wherever it is.
        let made = scratch.file("new/place")
        _ = try UserState(url: made.appendingPathComponent("state.sqlite"), environment: environment)
        #expect(try Self.mode(made) == 0o700)
    }
}
