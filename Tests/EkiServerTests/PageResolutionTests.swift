import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing

/// Pages find stations and directions exactly as the API does: names in any script, direction
/// names, `railway=`; a name that covers several platforms is a choice, never a silent guess. On
/// the hand-written Tokyo (`TokyoFixture`), whose 渋谷坂 has four railways.
@Suite struct PageResolutionTests {
    static func page(_ client: any TestClientProtocol, _ uri: String, status: HTTPResponse.Status = .ok) async throws -> String {
        try await WebPageTests.page(client, uri, status: status)
    }

    static func heading(_ page: String) -> String {
        page.firstMatch(of: /<h1>(.*?)<\/h1>/).map { String($0.output.1) } ?? ""
    }

    /// The fixture with the 銀線's directions named as the 海岸線's (Outbound to 表参, Inbound back):
    /// at 渋谷坂 two railways then leave Outbound, as several do at the real 渋谷 — where a direction
    /// alone names no one platform. Its own database.
    static func twoOutbounds() throws -> Timetable {
        try TokyoFixture.timetable { data in
            let gin = data.railways.firstIndex { $0.id == "Metro.Gin" }!
            data.railways[gin].ascending = "Outbound"
            data.railways[gin].descending = "Inbound"
            for index in data.trains.indices where data.trains[index].railwayId == "Metro.Gin" {
                data.trains[index].directionId = data.trains[index].directionId == "Eastbound" ? "Outbound" : "Inbound"
            }
        }
    }

    @Test func directionNamesWorkAsInTheAPI() async throws {
        try await WebPageTests.withFixturePages { client in
            let board = try await Self.page(client, "/board/\(APIClient.encode("中央通"))?direction=\(APIClient.encode("上り"))&at=2026-11-24T07:30")
            #expect(board.contains("data-station=\"Umi.Kaigan.Chuodori\" data-direction=\"Inbound\""))
            let timetable = try await Self.page(client, "/timetable/chuodori?direction=\(APIClient.encode("上り"))&date=2026-11-24")
            #expect(timetable.contains("aria-current=\"page\" class=\"current\">上り <small>渋谷坂方面</small></a>"))
            let english = try await Self.page(client, "/timetable/chuodori?direction=outbound&date=2026-11-24")
            #expect(english.contains("aria-current=\"page\" class=\"current\">下り <small>港町方面</small></a>"))
        }
    }

    @Test func aDirectionPicksTheRailwayThatHasIt() async throws {
        try await WebPageTests.withFixturePages { client in
            // 渋谷坂 has four railways; only the 環状線 has an inner loop (its first stop 東京前 names it:
            // its major station ahead, 新宿原, is past the far side of the loop).
            let inner = try await Self.page(client, "/timetable/shibuyazaka?direction=InnerLoop&date=2026-11-24")
            #expect(inner.contains("href=\"/station/JR.Kanjo.Shibuyazaka\""))
            #expect(inner.contains("aria-current=\"page\" class=\"current\">内回り <small>東京前方面</small></a>"))
        }
        // Where two railways leave Outbound, railway= says which.
        try await WebPageTests.withPages(Self.twoOutbounds()) { client in
            let gin = try await Self.page(client, "/timetable/shibuyazaka?railway=gin&direction=Outbound&date=2026-11-24")
            #expect(gin.contains("href=\"/station/Metro.Gin.Shibuyazaka\"") && gin.contains("銀線"))
            #expect(gin.contains("aria-current=\"page\" class=\"current\">下り <small>表参方面</small></a>"))
            let board = try await Self.page(client, "/board/shibuyazaka?railway=\(APIClient.encode("銀線"))&direction=Outbound&at=2026-11-24T07:30")
            #expect(board.contains("data-station=\"Metro.Gin.Shibuyazaka\" data-direction=\"Outbound\""))
        }
    }

    @Test func aNameThatCoversSeveralPlatformsIsAChoice() async throws {
        // Outbound exists on two railways at 渋谷坂 here: each is offered, none is picked.
        try await WebPageTests.withPages(Self.twoOutbounds()) { client in
            let outbound = try await Self.page(client, "/timetable/shibuyazaka?direction=Outbound&date=2026-11-24")
            #expect(Self.heading(outbound).contains("路線と方向を選んでください"))
            for station in ["Umi.Kaigan.Shibuyazaka", "Metro.Gin.Shibuyazaka"] {
                #expect(outbound.contains("href=\"/timetable/\(station)?direction=Outbound&amp;date=2026-11-24\""), "\(station)")
            }
            #expect(outbound.contains("海岸線</span><b>下り 港町方面</b>") && outbound.contains("銀線</span><b>下り 表参方面</b>"))
            #expect(!outbound.contains("JR.Kanjo.Shibuyazaka"))
        }
        // No direction at all: every platform of the name, with the railway's chip.
        try await WebPageTests.withFixturePages { client in
            let board = try await Self.page(client, "/board/\(APIClient.encode("渋谷坂"))?lang=en")
            #expect(Self.heading(board).contains("Choose a line and direction"))
            #expect(board.contains("href=\"/board/JR.Kanjo.Shibuyazaka?direction=InnerLoop&amp;lang=en\""))
            #expect(board.contains("href=\"/board/Umi.Kaigan.Shibuyazaka?direction=Outbound&amp;lang=en\""))
            #expect(board.contains("href=\"/board/Metro.Fuku.Shibuyazaka?direction=Northbound&amp;lang=en\""))
            #expect(board.contains("href=\"/board/Metro.Gin.Shibuyazaka?direction=Eastbound&amp;lang=en\""))
            #expect(board.contains("Kaigan Line</span><b>Outbound toward Minatomachi</b>"))
            #expect(!board.contains("board-mode"))
        }
    }

    @Test func namesThatMatchNothingSayWhy() async throws {
        try await WebPageTests.withFixturePages { client in
            let direction = try await Self.page(client, "/board/chuodori?direction=Sideways", status: .notFound)
            #expect(direction.contains("その方向の列車はありません"))
            // The store's English detail (the valid directions) on the English page only (issue 21).
            #expect(!direction.contains("no direction &quot;Sideways&quot;"))
            let english = try await Self.page(client, "/board/chuodori?direction=Sideways&lang=en", status: .notFound)
            #expect(english.contains("no direction &quot;Sideways&quot; at Umi.Kaigan.Chuodori; valid: Inbound (上り), Outbound (下り)"))
            let railway = try await Self.page(client, "/timetable/chuodori?railway=kanjo&lang=en", status: .notFound)
            #expect(railway.contains("That railway does not stop here"))
            #expect(railway.contains("no railway &quot;kanjo&quot; at Chuodori; valid: Umi.Kaigan (海岸線)"))
            _ = try await Self.page(client, "/board/Nowhere", status: .notFound)
            _ = try await Self.page(client, "/station/" + String(repeating: "x", count: 300), status: .badRequest)
        }
    }

    /// Far-future and far-past dates are a readable 400 on every page that takes one (the holiday
    /// calendar is known for 1949–2099; 4652 used to crash the server).
    @Test func datesOutsideTheSupportedYearsAre400() async throws {
        try await WebPageTests.withFixturePages { client in
            for at in ["9999-12-31T23:59", "4652-03-20T12:00", "1900-01-01T12:00"] {
                for path in ["/station/chuodori?at=\(at)", "/board/chuodori?direction=Inbound&at=\(at)",
                             "/timetable/chuodori?direction=Inbound&at=\(at)", "/nearby?lat=35.56&lon=139.67&at=\(at)"] {
                    let page = try await Self.page(client, path, status: .badRequest)
                    #expect(Self.heading(page) == "1949年から2099年までの日付で指定してください", "\(path)")
                }
            }
            for date in ["4652-03-01", "9999-12-31", "1948-07-20"] {
                let page = try await Self.page(client, "/timetable/chuodori?direction=Inbound&date=\(date)&lang=en", status: .badRequest)
                #expect(Self.heading(page) == "Give a date from 1949 to 2099")
            }
            _ = try await Self.page(client, "/timetable/chuodori?direction=Inbound&date=2099-12-31")
        }
    }
}
