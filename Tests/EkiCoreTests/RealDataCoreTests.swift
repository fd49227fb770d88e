import EkiTestSupport
import Foundation
import Testing
@testable import EkiCore

/// The reference list lives beside the repository: <parent>/shared/data/jp-holidays-1955-2050.csv.
private let csvURL = SharedData.holidaysCSV

/// Rows of the reference CSV that the law does not support, so the calculator deliberately
/// leaves them out:
/// - 5/4 as 国民の休日 before the 1985 amendment that created citizens' holidays
///   (in force 1985-12-27; the first one was 1988-05-04);
/// - 1973-02-12, a Monday after a Sunday 建国記念の日 but before substitute holidays began (1973-04-12).
/// The Cabinet Office's own list (syukujitsu.csv) has none of these days.
private let csvRowsContraryToLaw: Set<String> = Set(
    [1955, 1956, 1957, 1959, 1960, 1961, 1962, 1963, 1964, 1965, 1966, 1967, 1968,
     1970, 1971, 1972, 1973, 1974, 1976, 1977, 1978, 1979, 1982, 1983, 1984, 1985]
        .map { "\($0)-05-04,国民の休日" } + ["1973-02-12,建国記念の日 振替休日"])

/// What the core's rules are checked against in ../shared/data: the reference holiday table, the
/// Mini Tokyo 3D stations' names (every one folds to a key), its train types (every one has a
/// category). The rules themselves are tested without the data in JapaneseHolidayTests,
/// SearchKeyTests and ServiceDayTests.
@Suite struct RealDataCoreTests {
    @Test(.enabled(if: SharedData.isPresent, "reads ../shared/data")) func matchesReferenceCSVBothWays() throws {
        let text = try String(contentsOf: csvURL, encoding: .utf8)
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.removeFirst() == "date,name")
        var expected: Set<String> = []
        for line in lines {
            let parts = line.split(separator: ",", omittingEmptySubsequences: false)
            try #require(parts.count == 2 && CivilDate(iso: String(parts[0])) != nil, "bad CSV row: \(line)")
            expected.insert(line)
        }
        #expect(expected.count > 1_400)
        #expect(csvRowsContraryToLaw.isSubset(of: expected))

        let computed = Set((1955...2050).flatMap(JapaneseHolidays.holidays(in:)).map { "\($0.date.iso),\($0.nameJa)" })
        let missing = expected.subtracting(computed).subtracting(csvRowsContraryToLaw).sorted()
        let extra = computed.subtracting(expected).sorted()
        #expect(missing.isEmpty, "in the CSV but not computed: \(missing)")
        #expect(extra.isEmpty, "computed but not in the CSV: \(extra)")
        #expect(computed.isDisjoint(with: csvRowsContraryToLaw))
    }

    private struct Station: Decodable {
        struct Title: Decodable { let ja: String?; let en: String? }
        let id: String
        let title: Title
    }

    /// <repo>/Tests/EkiCoreTests/SearchKeyTests.swift → <repo>/../shared/data/minitokyo3d/stations.json
    private static let stationsURL = SharedData.minitokyo3d.appendingPathComponent("stations.json")

    @Test(.enabled(if: SharedData.isPresent, "reads ../shared/data")) func everyMiniTokyo3DStationFoldsToAUsableKey() throws {
        let data = try Data(contentsOf: Self.stationsURL)
        let stations = try JSONDecoder().decode([Station].self, from: data)
        #expect(stations.count > 1000)

        var englishKeys: [String: String] = [:]
        for station in stations {
            let en = try #require(station.title.en, "\(station.id) has no English title")
            let ja = try #require(station.title.ja, "\(station.id) has no Japanese title")
            let enKey = SearchKey.fold(en), jaKey = SearchKey.fold(ja)
            #expect(!enKey.isEmpty && enKey.unicodeScalars.allSatisfy { $0.isASCII }, "\(station.id): \(en) → \(enKey)")
            #expect(!jaKey.isEmpty, "\(station.id): \(ja) → \(jaKey)")
            englishKeys[en] = enKey
        }

        // Well-known names, whatever spelling the data uses.
        let expected: [String: String] = [
            "Shimbashi": "shinbashi", "Oimachi": "oimachi", "Osaki": "osaki", "Shibuya": "shibuya",
            "Hatchō-nawate": "hatchonawate", "Hatchonawate": "hatchonawate", "Keiō-hachiōji": "keiohachioji",
            "Meiji-jingumae<Harajuku>": "meijijingumaeharajuku", "Nakano-Shimbashi": "nakanoshinbashi",
            "Kamiōoka": "kamioka", "Gotemba": "gotenba",
        ]
        for (name, key) in expected {
            let found = try #require(englishKeys[name], "\(name) is not in stations.json")
            #expect(found == key, "\(name)")
        }
        // The kana one would type for a station reaches its English key.
        #expect(SearchKey.fold("しんばし") == englishKeys["Shimbashi"])
        #expect(SearchKey.fold("おおいまち") == englishKeys["Oimachi"])
        #expect(SearchKey.fold("かみおおおか") == englishKeys["Kamiōoka"])
        #expect(SearchKey.fold("けいおうはちおうじ") == englishKeys["Keiō-hachiōji"])
    }

    @Test(.enabled(if: SharedData.isPresent, "reads ../shared/data")) func categoriesCoverEveryTrainTypeOfTheSharedData() throws {
        let url = SharedData.minitokyo3d.appendingPathComponent("train-types.json")
        let types = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [[String: Any]]
        let unlisted = types.map { $0["id"] as! String }.filter { TrainTypeCategories.listed(typeId: $0) == nil }
        #expect(unlisted.isEmpty, "no category for \(unlisted)")
        #expect(TrainTypeCategories.category(typeId: "Tokyu.F-Liner") == .limited)
        #expect(TrainTypeCategories.category(typeId: "Seibu.F-Liner") == .express)
        #expect(TrainTypeCategories.category(typeId: "JR-East.ChuoSpecialRapid") == .rapid)
        #expect(TrainTypeCategories.category(typeId: "Tobu.SectionSemiExpress") == .semiExpress)
        #expect(TrainTypeCategories.category(typeId: "Keikyu.Local") == .local)
    }
}
