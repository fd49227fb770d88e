@testable import EkiTicket
import Testing

/// The walks off the Shinkansen (Dictionaries/shinkansen-walks.tsv) read as reviewed: every row at a
/// Shinkansen station, with its basis; the real data's railways at those stations are checked in
/// RealDataCLITests.
struct ShinkansenWalkTests {
    @Test func theTableReadsAndEveryStationIsAShinkansenStop() throws {
        let walks = ShinkansenWalks.shared
        #expect(walks.fallback.minutes == 8 && walks.fallback.estimated)
        #expect(Set(walks.walks.keys) == ["東京", "品川", "新横浜", "上野", "大宮", "小田原", "熱海", "熊谷", "高崎", "宇都宮", "小山"])
        for name in walks.walks.keys {
            #expect(ShinkansenDictionary.shared.station(ja: name) != nil, "\(name) is no Shinkansen station")
        }
        // The figures riders act on: 東京's 京葉線 far beneath the south end, 東海道線 beside the Shinkansen.
        #expect(walks.walks["東京"]?["JR-East.Keiyo"]?.minutes == 13)
        #expect(walks.walks["東京"]?["JR-East.Keiyo"]?.estimated == false)
        #expect(walks.walks["東京"]?["JR-East.Tokaido"]?.minutes == 5)
        #expect(walks.walks["新横浜"]?["JR-East.Yokohama"]?.minutes == 4)
        // Every row says what it rests on, and none is shorter than the walk through two sets of gates.
        for (_, rows) in walks.walks {
            for (_, walk) in rows { #expect(walk.minutes >= 4 && walk.basis.count > 20) }
        }
    }

    @Test func aBrokenRowIsReportedWithItsLine() {
        #expect(throws: ShinkansenWalks.TableError.self) { try ShinkansenWalks(tsv: "DEFAULT\t*\t8\testimate: x\n東京\tA\tten\twalk: y\n") }
        #expect(throws: ShinkansenWalks.TableError.self) { try ShinkansenWalks(tsv: "DEFAULT\t*\t8\testimate: x\n東京\tA\t5\tsomebody said\n") }
        #expect(throws: ShinkansenWalks.TableError.self) { try ShinkansenWalks(tsv: "東京\tA\t5\twalk: y\n") }
        #expect(throws: ShinkansenWalks.TableError.self) { try ShinkansenWalks(tsv: "DEFAULT\t*\t8\testimate: x\n東京\tA\t5\twalk: y\n東京\tA\t6\twalk: z\n") }
        do {
            _ = try ShinkansenWalks(tsv: "# head\nDEFAULT\t*\t8\testimate: x\n東京\tA\t40\twalk: y\n")
            Issue.record("40 minutes was read")
        } catch {
            #expect("\(error)" == "shinkansen-walks.tsv line 3: minutes must be 1–30, not '40'")
        }
    }
}
