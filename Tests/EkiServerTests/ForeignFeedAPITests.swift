import EkiCore
import EkiServer
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Testing

/// The JSON API on feeds nobody here wrote: the feed's ids in and out, the next day's trains
/// marked, a trip's id whichever calendar's copy runs, the feed's own calendar, and nearby naming
/// the nearest station when none is near. "Now" is Friday 5 July 2013, 23:30 in New York.
@Suite struct ForeignFeedAPITests {
    static let fridayNight = ISO8601DateFormatter().date(from: "2013-07-06T03:30:00Z")!

    func get(_ uris: [String], feed: String = "shoreLine") async throws -> [APIClient.Answer] {
        let timetable = try FeedFixtures.imported(feed).timetable
        let app = Application(router: try buildRouter(timetable: timetable, clock: { Self.fridayNight }))
        return try await app.test(.router) { client in
            var answers: [APIClient.Answer] = []
            for uri in uris {
                answers.append(try await client.execute(uri: uri, method: .get) { response in
                    APIClient.Answer(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
                })
            }
            return answers
        }
    }

    @Test func departuresSpeakTheFeedsIds() async throws {
        let answer = try await get(["/api/v1/departures?station=OSB&railway=SLE&direction=0&limit=1"])[0]
        #expect(answer.status == .ok, "\(answer.text)")
        #expect(answer.object["station"] as? String == "OSB")
        #expect(answer.object["lastTrainGone"] as? Bool == true)
        let departure = try #require((answer.object["departures"] as? [[String: Any]])?.first)
        #expect(departure["trainId"] as? String == "SLE_3629WEH")
        #expect(departure["nextDay"] as? Bool == true)
        #expect(departure["serviceDate"] as? String == "2013-07-06")
        #expect((departure["headsign"] as? [String: String])?["en"] == "New London")
        #expect(departure["category"] == nil && departure["badge"] as? String == "SLE")
        #expect(!answer.text.contains("SLE:OSB") && !answer.text.contains("SLE:NLC"))   // no database-internal station id reads back
    }

    @Test func aTripIsFoundByItsIdOnTheDayItRuns() async throws {
        let answers = try await get(["/api/v1/train/SLE_1601WKD?date=2013-07-05", "/api/v1/train/SLE_1601WKD?date=2013-07-08",
                                     "/api/v1/train/NOPE"])
        #expect(answers[0].object["trainId"] as? String == "SLE_1601WKD")
        #expect((answers[0].object["parts"] as? [[String: Any]])?.first?["schedule"] as? String == "WKD+XTR")
        #expect((answers[1].object["parts"] as? [[String: Any]])?.first?["schedule"] as? String == "WKD")
        #expect(answers[2].status == .notFound)
    }

    @Test func theCalendarIsTheFeeds() async throws {
        let answer = try await get(["/api/v1/calendar/2013"])[0]
        #expect(answer.object["calendar"] as? String == "feed")
        #expect(answer.object["holidays"] == nil)
        let exceptions = answer.object["exceptions"] as? [[String: Any]] ?? []
        #expect(exceptions.map { "\($0["date"] as? String ?? "") \($0["service"] as? String ?? "") \($0["added"] as? Bool ?? false)" }
            == ["2013-07-04 WEH true", "2013-07-04 WKD false", "2013-07-05 XTR true"])
        let services = answer.object["services"] as? [[String: Any]] ?? []
        #expect(services.first { $0["id"] as? String == "WKD" }?["days"] as? String == "Mon–Fri")
    }

    @Test func nearbyNamesTheNearestWhenNothingIsNear() async throws {
        let answer = try await get(["/api/v1/nearby?lat=41.40&lon=-72.30&radius=500"])[0]
        #expect(answer.status == .ok, "\(answer.text)")
        #expect((answer.object["results"] as? [Any])?.isEmpty == true)
        let nearest = answer.object["nearest"] as? [String: Any]
        #expect((nearest?["title"] as? [String: String])?["en"] == "Old Saybrook")
        #expect(nearest?["distanceMeters"] as? Int == 12774)
    }

    @Test func aTimelineNamesTheDirectionByWhereTrainsGo() async throws {
        let answer = try await get(["/api/v1/timeline?station=OSB&railway=SLE&direction=0"])[0]
        #expect(answer.status == .ok, "\(answer.text)")
        #expect((answer.object["directionName"] as? [String: String])?["en"] == "toward New London")
    }

    @Test func aJapaneseFeedsDeparturesKeepTheirCategories() async throws {
        let answer = try await get(["/api/v1/departures?station=M01&direction=0&at=2026-04-06T06:50&limit=3"], feed: "minato")[0]
        #expect(answer.status == .ok, "\(answer.text)")
        let departures = answer.object["departures"] as? [[String: Any]] ?? []
        #expect(departures.map { $0["category"] as? String } == ["local", "rapid", "limited"])
        #expect(departures.map { $0["badge"] as? String } == ["各", "快", "特"])
        #expect(departures.map { $0["trainId"] as? String } == ["MN101", "MN103", "MN105"])
        #expect((answer.object["scheduleName"] as? [String: String])?["ja"] == "平日ダイヤ")
    }
}
