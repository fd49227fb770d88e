import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing
@testable import EkiServer

/// The route pages over the real data: a route from its URL with the trains around each segment
/// and the way out of an impossible change, fastest routes, the share card, the train page's
/// get-off buttons, and bad routes as readable pages.
@Suite struct RoutePageTests {
    static let route = "/route?date=2026-11-24&segments=" + RealDataServerTests.route

    @Test func aRoutePageShowsEachTrainItsStopsAndTheTrainsAround() async throws {
        try await WebPageTests.withPages { client in
            let page = try await WebPageTests.page(client, Self.route)
            #expect(page.contains("<h1>馬車道 → 銀座</h1>"))
            #expect(page.contains("2026-11-24（平日） 07:37 発 → 08:40 着 · 1時間3分 · 乗換1回"))
            #expect(page.contains("<li class=\"transfer ok\">乗換 1分 · 同じホーム</li>"))
            // The 07:43 commuter limited express among the first segment's alternatives: it reaches
            // 中目黒 after the 08:19 leaves, so it is greyed with why, not a tap away.
            let swapped = RealDataServerTests.route.replacingOccurrences(of: "060072", with: "063072")
            #expect(!page.contains("segments=\(swapped)"))
            #expect(page.contains("<span class=\"cannot\"><time>07:43</time>"))
            #expect(page.contains("(次の列車の発車（08:19）より後に着きます)"))
            #expect(page.contains("<script type=\"application/json\" id=\"route-data\">{\"arrival\":\"08:40\""))
            #expect(page.firstMatch(of: /<script src="\/assets\/route\.[0-9a-f]{10}\.js" defer><\/script>/) != nil)
            // That swap: the change cannot be made, and the next Hibiya train is offered instead.
            let impossible = try await WebPageTests.page(client, "/route?date=2026-11-24&segments=" + swapped)
            #expect(impossible.contains("<li class=\"transfer impossible\">乗換 -4分 · 同じホーム <b>⚠ 間に合いません</b>"))
            #expect(impossible.contains("<div class=\"proposal\">代わりに: <a href="))
            let english = try await WebPageTests.page(client, Self.route + "&lang=en")
            #expect(english.contains("<h1>Bashamichi → Ginza</h1>") && english.contains("Change: 1 min · same platform"))
        }
    }

    /// A train before and after that has already left is greyed 発車済み, not offered (issue 32, 11);
    /// on another day than the rider's it is offered as before.
    @Test func aTrainThatHasLeftIsNotOffered() async throws {
        try await WebPageTests.withPages { client in
            let route = "/route?date=2026-11-24&segments=Minatomirai.Minatomirai.060072.Weekday~Minatomirai.Minatomirai.Bashamichi~Tokyu.Toyoko.NakaMeguro"
            let page = try await WebPageTests.page(client, route + "&at=2026-11-24T07:36")
            #expect(page.contains("<span class=\"cannot\"><time>07:31</time><span class=\"badge c-local\" title=\"各駅停車\">各</span>清瀬行 → 08:24 <small>(発車済み)</small></span>"))
            #expect(page.contains("<span class=\"cannot\"><time>07:34</time>") && page.contains("><time>07:39</time>"))
            #expect(!page.contains("segments=Minatomirai.Minatomirai.006072.Weekday"))
            let english = try await WebPageTests.page(client, route + "&at=2026-11-24T07:36&lang=en")
            #expect(english.contains("for Kiyose → 08:24 <small>(departed)</small>"))
            let dayBefore = try await WebPageTests.page(client, route + "&at=2026-11-23T07:36")
            #expect(dayBefore.contains("segments=Minatomirai.Minatomirai.006072.Weekday") && !dayBefore.contains("発車済み"))
        }
    }

    /// The pace chosen on a form stays with the answer: the select shows it, the option links and
    /// the route page's links and card carry it (issue 29).
    @Test func thePaceTravelsWithTheLinks() async throws {
        try await WebPageTests.withPages { client in
            let fastest = try await WebPageTests.page(client, "/route/fastest?from=%E9%A6%AC%E8%BB%8A%E9%81%93&to=ginza&at=2026-11-24T07:30&pace=hurry")
            #expect(fastest.contains("<option value=\"hurry\" selected>急ぎ</option>"))
            #expect(fastest.contains("&amp;use=new&amp;pace=hurry\""))
            let last = try await WebPageTests.page(client, "/route/last?from=%E9%A6%AC%E8%BB%8A%E9%81%93&to=%E6%B1%A0%E8%A2%8B&date=2026-11-24&pace=relaxed")
            #expect(last.contains("<option value=\"relaxed\" selected>ゆっくり</option>") && last.contains("&amp;pace=relaxed\""))
            let route = try await WebPageTests.page(client, Self.route + "&pace=relaxed")
            #expect(route.contains("/route/card.svg?date=2026-11-24&amp;segments=") && route.contains("&amp;pace=relaxed"))
            _ = try await WebPageTests.page(client, Self.route + "&pace=sprint", status: .badRequest)
        }
    }

    @Test func fastestPageOffersThreeWays() async throws {
        try await WebPageTests.withPages { client in
            let page = try await WebPageTests.page(client, "/route/fastest?from=%E9%A6%AC%E8%BB%8A%E9%81%93&to=ginza&at=2026-11-24T07:30")
            #expect(page.components(separatedBy: "class=\"card option\"").count - 1 == 3)
            #expect(page.contains("<span class=\"kind\">最速</span> 07:34 発 → 08:20 着 · 46分 · 乗換2回"))
            #expect(page.contains("use=new"))
            let form = try await WebPageTests.page(client, "/route/fastest")
            #expect(form.contains("<form class=\"route-form\" action=\"/route/fastest\""))
            _ = try await WebPageTests.page(client, "/route/fastest?from=shibuya&to=%E6%B8%8B%E8%B0%B7", status: .badRequest)
            let unknown = try await WebPageTests.page(client, "/route/fastest?from=Nowhere&to=ginza", status: .notFound)
            #expect(unknown.contains("その駅は見つかりません"))
        }
    }

    @Test func theShareCardIsAnSVGOfTheRoute() async throws {
        try await WebPageTests.withPages { client in
            let response = try await client.execute(uri: "/route/card.svg?date=2026-11-24&segments=" + RealDataServerTests.route, method: .get)
            #expect(response.status == .ok && response.headers[.contentType] == "image/svg+xml; charset=utf-8")
            let svg = String(buffer: response.body)
            #expect(svg.contains(">馬車道 → 銀座</text>") && svg.contains(">08:40</text>") && svg.contains("fill=\"#D7263D\""))
        }
    }

    @Test func aTrainPageOffersGettingOffAfterTheRidersStop() async throws {
        try await WebPageTests.withPages { client in
            let page = try await WebPageTests.page(client, "/train/Minatomirai.Minatomirai.060072.Weekday?from=Minatomirai.Minatomirai.Bashamichi")
            #expect(page.contains("data-train=\"Minatomirai.Minatomirai.060072.Weekday\" data-board=\"Minatomirai.Minatomirai.Bashamichi\""))
            #expect(page.contains("data-alight=\"Tokyu.Toyoko.NakaMeguro\">降りる</button>"))
            #expect(!page.contains("data-alight=\"Minatomirai.Minatomirai.Nihonodori\""))   // before boarding
            #expect(!page.contains("data-alight=\"Minatomirai.Minatomirai.ShinTakashima\""))   // passed by the express
            // 池袋 on the 副都心線 part has a departure only (08:37): getting off there is offered too,
            // and the route it makes ends there at 08:37 (issue 32, 1).
            #expect(page.contains("data-alight=\"TokyoMetro.Fukutoshin.Ikebukuro\">降りる</button>"))
            #expect(page.contains("data-alight=\"TokyoMetro.Fukutoshin.ShinjukuSanchome\">降りる</button>"))
            let route = try await WebPageTests.page(client, "/route?date=2026-11-24&segments=Minatomirai.Minatomirai.060072.Weekday~Minatomirai.Minatomirai.Bashamichi~TokyoMetro.Fukutoshin.Ikebukuro")
            #expect(route.contains("馬車道 → 池袋") && route.contains("08:37"), "\(route.prefix(2000))")
            let anywhere = try await WebPageTests.page(client, "/train/Minatomirai.Minatomirai.060072.Weekday")
            #expect(anywhere.contains("?from=Minatomirai.Minatomirai.Bashamichi\">乗る</a>"))
        }
    }

    @Test func badRoutesAreReadablePages() async throws {
        try await WebPageTests.withPages { client in
            let empty = try await WebPageTests.page(client, "/route")
            #expect(empty.contains("ルートはまだありません"))
            let bad = try await WebPageTests.page(client, "/route?date=2026-11-24&segments=nope", status: .badRequest)
            // A Japanese page speaks Japanese only; the parser's English detail is for English pages (issue 21).
            #expect(bad.contains("ルートを読めません") && !bad.contains("each segment is TRAIN~BOARD~ALIGHT"))
            let badEnglish = try await WebPageTests.page(client, "/route?date=2026-11-24&segments=nope&lang=en", status: .badRequest)
            #expect(badEnglish.contains("each segment is TRAIN~BOARD~ALIGHT"))
            let saturday = try await WebPageTests.page(client, "/route?date=2026-11-28&segments=" + RealDataServerTests.route, status: .badRequest)
            #expect(saturday.contains("このルートは時刻表と合いません") && !saturday.contains("does not run on 2026-11-28"))
            let unknown = try await WebPageTests.page(client, "/route?date=2026-11-24&segments=No.1~A.B.C~A.B.D", status: .notFound)
            #expect(unknown.contains("ルートの列車か駅が見つかりません"))
            _ = try await WebPageTests.page(client, "/route?date=2026-11-24&segments=x&zzz=1", status: .badRequest)
            // A shared link's parameters the page does not use are left alone (issue 21).
            _ = try await WebPageTests.page(client, "/route?utm_source=x", status: .ok)
        }
    }
}
