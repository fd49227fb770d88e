import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing

/// Pages find stations and directions exactly as the API does: names in any script, direction
/// names, `railway=`; a name that covers several platforms is a choice, never a silent guess.
@Suite struct PageResolutionTests {
    static func page(_ client: any TestClientProtocol, _ uri: String, status: HTTPResponse.Status = .ok) async throws -> String {
        try await WebPageTests.page(client, uri, status: status)
    }

    static func heading(_ page: String) -> String {
        page.firstMatch(of: /<h1>(.*?)<\/h1>/).map { String($0.output.1) } ?? ""
    }

    @Test func directionNamesWorkAsInTheAPI() async throws {
        try await WebPageTests.withPages { client in
            let board = try await Self.page(client, "/board/\(APIClient.encode("馬車道"))?direction=\(APIClient.encode("上り"))&at=2026-11-24T07:30")
            #expect(board.contains("data-station=\"Minatomirai.Minatomirai.Bashamichi\" data-direction=\"Inbound\""))
            let timetable = try await Self.page(client, "/timetable/bashamichi?direction=\(APIClient.encode("上り"))&date=2026-11-24")
            #expect(timetable.contains("aria-current=\"page\" class=\"current\">上り <small>横浜方面</small></a>"))
            let english = try await Self.page(client, "/timetable/bashamichi?direction=outbound&date=2026-11-24")
            #expect(english.contains("aria-current=\"page\" class=\"current\">下り <small>元町・中華街方面</small></a>"))
        }
    }

    @Test func aDirectionPicksTheRailwayThatHasIt() async throws {
        try await WebPageTests.withPages { client in
            // 渋谷 has ten railways; only the Yamanote Line has an inner loop.
            let inner = try await Self.page(client, "/timetable/shibuya?direction=InnerLoop&date=2026-11-24")
            #expect(inner.contains("href=\"/station/JR-East.Yamanote.Shibuya\""))
            #expect(inner.contains("aria-current=\"page\" class=\"current\">内回り <small>品川・東京方面</small></a>"))
            let toyoko = try await Self.page(client, "/timetable/shibuya?railway=toyoko&direction=Outbound&date=2026-11-24")
            #expect(toyoko.contains("href=\"/station/Tokyu.Toyoko.Shibuya\"") && toyoko.contains("東横線"))
            let board = try await Self.page(client, "/board/shibuya?railway=\(APIClient.encode("東横線"))&direction=Outbound&at=2026-11-24T07:30")
            #expect(board.contains("data-station=\"Tokyu.Toyoko.Shibuya\" data-direction=\"Outbound\""))
        }
    }

    @Test func aNameThatCoversSeveralPlatformsIsAChoice() async throws {
        try await WebPageTests.withPages { client in
            // Outbound exists on several railways at 渋谷: each is offered, none is picked.
            let outbound = try await Self.page(client, "/timetable/shibuya?direction=Outbound&date=2026-11-24")
            #expect(Self.heading(outbound).contains("路線と方向を選んでください"))
            for station in ["Tokyu.Toyoko.Shibuya", "Keio.Inokashira.Shibuya", "Tokyu.DenEnToshi.Shibuya"] {
                #expect(outbound.contains("href=\"/timetable/\(station)?direction=Outbound&amp;date=2026-11-24\""), "\(station)")
            }
            #expect(!outbound.contains("JR-East.Yamanote.Shibuya"))
            // No direction at all: every platform of the name, with the railway's chip.
            let board = try await Self.page(client, "/board/\(APIClient.encode("渋谷"))?lang=en")
            #expect(board.contains("href=\"/board/JR-East.Yamanote.Shibuya?direction=InnerLoop&amp;lang=en\""))
            #expect(board.contains("href=\"/board/Tokyu.Toyoko.Shibuya?direction=Outbound&amp;lang=en\""))
            #expect(board.contains("Toyoko Line</span><b>Outbound toward Yokohama</b>"))
            #expect(!board.contains("board-mode"))
        }
    }

    @Test func namesThatMatchNothingSayWhy() async throws {
        try await WebPageTests.withPages { client in
            let direction = try await Self.page(client, "/board/bashamichi?direction=Sideways", status: .notFound)
            #expect(direction.contains("その方向の列車はありません"))
            // The store's English detail (the valid directions) on the English page only (issue 21).
            #expect(!direction.contains("no direction &quot;Sideways&quot;"))
            let english = try await Self.page(client, "/board/bashamichi?direction=Sideways&lang=en", status: .notFound)
            #expect(english.contains("no direction &quot;Sideways&quot; at Minatomirai.Minatomirai.Bashamichi; valid: Outbound (下り), Inbound (上り)"))
            let railway = try await Self.page(client, "/timetable/bashamichi?railway=yamanote&lang=en", status: .notFound)
            #expect(railway.contains("That railway does not stop here"))
            _ = try await Self.page(client, "/board/Nowhere", status: .notFound)
            _ = try await Self.page(client, "/station/" + String(repeating: "x", count: 300), status: .badRequest)
        }
    }

    /// Far-future and far-past dates are a readable 400 on every page that takes one (the holiday
    /// calendar is known for 1949–2099; 4652 used to crash the server).
    @Test func datesOutsideTheSupportedYearsAre400() async throws {
        try await WebPageTests.withPages { client in
            for at in ["9999-12-31T23:59", "4652-03-20T12:00", "1900-01-01T12:00"] {
                for path in ["/station/bashamichi?at=\(at)", "/board/bashamichi?direction=Inbound&at=\(at)",
                             "/timetable/bashamichi?direction=Inbound&at=\(at)", "/nearby?lat=35.45&lon=139.63&at=\(at)"] {
                    let page = try await Self.page(client, path, status: .badRequest)
                    #expect(Self.heading(page) == "1949年から2099年までの日付で指定してください", "\(path)")
                }
            }
            for date in ["4652-03-01", "9999-12-31", "1948-07-20"] {
                let page = try await Self.page(client, "/timetable/bashamichi?direction=Inbound&date=\(date)&lang=en", status: .badRequest)
                #expect(Self.heading(page) == "Give a date from 1949 to 2099")
            }
            _ = try await Self.page(client, "/timetable/bashamichi?direction=Inbound&date=2099-12-31")
        }
    }
}
