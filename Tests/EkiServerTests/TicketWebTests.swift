import EkiCore
import EkiStore
import EkiTestSupport
import Foundation
import Hummingbird
import EkiHTTPTesting
import Logging
import Testing
@testable import EkiServer

/// The ticket's web part: POST /api/v1/ticket/scan with real OCR on a rendered screenshot, its
/// refusals as openapi.json has them, the /ticket page in both languages, the trip's scripts on
/// every page and in the offline shell, and the after-arrival and leave-by fragments. On the
/// hand-written Tokyo (`TokyoFixture`); the fragments on a variant where its 東京前 is 東京, a
/// Shinkansen station.
@Suite(.serialized) struct TicketWebTests {
    struct Answer {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: Data
        var object: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var detail: String { object["detail"] as? String ?? "" }
    }

    /// POSTs each body with its content type through one application; `logger` gets the server's log.
    static func post(_ requests: [(uri: String, type: String?, body: [UInt8])], logger: Logger? = nil) async throws -> [Answer] {
        let router = try APIClient.router(APIClient.fixture())
        let app = logger.map { Application(router: router, logger: $0) } ?? Application(router: router)
        return try await app.test(.router) { client in
            var answers: [Answer] = []
            for request in requests {
                var headers: HTTPFields = [:]
                if let type = request.type { headers[.contentType] = type }
                answers.append(try await client.execute(uri: request.uri, method: .post, headers: headers, body: ByteBuffer(bytes: request.body)) { response in
                    Answer(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
                })
            }
            return answers
        }
    }

    /// An Eki-net screenshot in Japanese drawn by scripts/ticket_render.py (seed 17), with its truth.
    static func rendered() throws -> (image: [UInt8], truth: [String: Any], today: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("eki-ticket-web-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/ticket_render.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, folder.path, "--count", "1", "--seed", "17", "--kinds", "ekinet", "--langs", "ja"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".png") })
        let image = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name.replacingOccurrences(of: ".png", with: ".json")))) as? [String: Any]
        let truth = try #require(json)
        return (image, try #require(truth["ticket"] as? [String: Any]), try #require(truth["today"] as? String))
    }

    @Test func aScreenshotIsReadAsTheCLIReadsItAndNothingOfItIsLogged() async throws {
        let (image, truth, today) = try Self.rendered()
        let captured = CapturedLog()
        var logger = Logger(label: "test") { _ in captured.handler() }
        logger.logLevel = .trace
        let date = try #require(CivilDate(iso: truth["date"] as? String ?? ""))
        // Read again the day after its date: the same ticket, told as past (issue 31).
        let answers = try await Self.post([("/api/v1/ticket/scan?today=\(today)", "image/png", image),
                                           ("/api/v1/ticket/scan?today=\(date.adding(days: 1).iso)", "image/png", image)], logger: logger)
        let answer = answers[0]
        #expect(answer.object["dateStatus"] as? String == (date < CivilDate(iso: today)! ? "past" : "ok"))
        #expect(answers[1].status == .ok && answers[1].object["dateStatus"] as? String == "past")
        #expect((answers[1].object["ticket"] as? [String: Any])?["date"] as? String == date.iso)
        #expect(answer.status == .ok, "\(answer.detail)")
        #expect(answer.headers[.cacheControl] == "no-store")
        let ticket = try #require(answer.object["ticket"] as? [String: Any])
        for field in ["date", "departure", "arrival", "car", "seat", "seatClass", "source", "language"] {
            #expect("\(ticket[field] ?? "nil")" == "\(truth[field] ?? "nil")", "\(field)")
        }
        for field in ["train", "from", "to"] {
            #expect((ticket[field] as? NSDictionary) == (truth[field] as? NSDictionary), "\(field)")
        }
        #expect(answer.object["unsure"] is [String] && answer.object["confidence"] is [String: Any])
        let words = try #require(answer.object["words"] as? [[String: Any]])
        #expect(words.contains { $0["model"] as? String == "jpn" } && words.contains { $0["model"] as? String == "eng" })
        // The log names the path; nothing of the image or of what was read.
        let lines = captured.lines
        #expect(lines.contains { $0.contains("/api/v1/ticket/scan") })
        let from = try #require((truth["from"] as? [String: Any])?["name"] as? String)
        #expect(!lines.contains { $0.contains(from) || $0.contains("\(image.count)") })
    }

    @Test func refusalsAreTheDocumentedStatuses() async throws {
        // A PNG header claiming 16000×16000 pixels: refused from the header, before any decoding.
        var bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bomb += [0, 0, 0x3E, 0x80, 0, 0, 0x3E, 0x80, 8, 2, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
        // A 7000×7000 progressive JPEG repeating one scan 20,000 times (issue 33): refused from its markers.
        var scans: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC2, 0, 17, 8, 0x1B, 0x58, 0x1B, 0x58, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        for _ in 0 ..< 20_000 { scans += [0xFF, 0xDA, 0, 8, 1, 1, 0, 1, 63, 0, 0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56] }
        scans += [0xFF, 0xD9]
        let answers = try await Self.post([
            ("/api/v1/ticket/scan", "image/png", []),
            ("/api/v1/ticket/scan", "text/plain", Array("hello".utf8)),
            ("/api/v1/ticket/scan", nil, Array("hello".utf8)),
            ("/api/v1/ticket/scan", "image/jpeg", Array("hello, not a JPEG".utf8)),
            ("/api/v1/ticket/scan", "image/png", [UInt8](repeating: 0, count: 12 * 1_048_576 + 1)),
            ("/api/v1/ticket/scan", "image/png", bomb),
            ("/api/v1/ticket/scan", "image/png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 10, 0, 0, 0, 10, 8, 2, 0, 0, 0, 0, 0, 0, 0]),
            ("/api/v1/ticket/scan?today=2025-02-30", "image/png", Array("x".utf8)),
            ("/api/v1/ticket/scan?image=1", "image/png", Array("x".utf8)),
            ("/api/v1/ticket/scan", "image/jpeg", scans),
        ])
        #expect(answers.map(\.status.code) == [400, 415, 415, 415, 413, 413, 415, 400, 400, 413])
        #expect(answers[0].detail == "the body is empty: send the image itself")
        #expect(answers[3].detail == "the image is not a JPEG, PNG or WebP image")
        #expect(answers[4].detail == "the image is over 12 MB; a ticket image may be at most 12 MB")
        #expect(answers[5].detail == "the image is 16000×16000 pixels; a ticket image may have at most 50 megapixels")
        #expect(answers[6].detail == "the image looks like an image but cannot be decoded (truncated or damaged)")
        #expect(answers[9].detail.hasPrefix("the image is a JPEG saved in 20000 passes (scans); a ticket image may have at most 100"))
        for answer in answers { #expect(answer.headers[.contentType] == "application/problem+json") }
    }

    @Test func theTicketPageInBothLanguagesAndTheTripOnEveryPage() async throws {
        let answers = try await APIClient.get(["/ticket", "/ticket?lang=en", "/", "/sw.js", "/assets/ticket.js", "/assets/trip.js", "/ticket?utm_source=x"],
                                         on: try APIClient.fixture())
        #expect(answers.map(\.status.code) == [200, 200, 200, 200, 200, 200, 200])   // an unknown parameter (a tracking tag) is ignored on pages
        let ja = answers[0].text, en = answers[1].text
        #expect(ja.contains("<html lang=\"ja\">") && ja.contains("新幹線のきっぷ") && ja.contains("capture=\"environment\"") && ja.contains("空のきっぷに記入する"))
        #expect(ja.contains("<option value=\"軽井沢\" data-ja=\"軽井沢\" data-en=\"Karuizawa\">") && ja.contains("<option value=\"はくたか\" data-ja=\"はくたか\" data-en=\"Hakutaka\">"))
        #expect(en.contains("<html lang=\"en\">") && en.contains("Shinkansen ticket") && en.contains("Fill in an empty ticket") && en.contains("Arrival alarm"))
        #expect(en.contains("<option value=\"Karuizawa\" data-ja=\"軽井沢\" data-en=\"Karuizawa\">"))
        for field in ["from", "to", "date", "departure", "arrival", "train", "car", "seat", "seatClass"] {
            #expect(ja.contains("data-field=\"\(field)\""), "\(field) is editable")
        }
        // The trip's bar and alarm come with every page; the ticket page and its files work offline.
        // app.js loads trip.js and trip.css on other pages only while a trip is kept.
        #expect(answers[2].text.contains("data-trip-script=\"/assets/trip.") && !answers[2].text.contains("<script src=\"/assets/trip."))
        #expect(ja.contains("<script src=\"/assets/trip.") && ja.contains("/assets/ticket."))
        let worker = answers[3].text
        #expect(worker.contains("\"/ticket\"") && worker.contains("\"/ticket?lang=en\"") && worker.contains("\"trip.js\"") && worker.contains("\"ticket.css\""))
        #expect(answers[4].text.contains("/api/v1/ticket/scan") && !answers[4].text.contains("http://") && !answers[4].text.contains("https://"))
        #expect(answers[5].text.contains("Notification") && answers[5].text.contains("AudioContext"))
    }

    /// "What can be read" (issue 32, 19): the three kinds the scanner knows and the fields it reads,
    /// each page in its own language; and the frame ticket.js draws the scan's word boxes in.
    @Test func theHelpSaysWhatCanBeReadInEachLanguage() async throws {
        let answers = try await APIClient.get(["/ticket", "/ticket?lang=en", "/assets/ticket.js"], on: try APIClient.fixture())
        #expect(answers.map(\.status.code) == [200, 200, 200])
        let ja = answers[0].text, en = answers[1].text
        #expect(ja.contains("<details class=\"scan-help\" id=\"scan-help\">\n<summary>読み取れるもの</summary>"))
        for words in ["JRの乗車券・特急券（紙のきっぷ）", "えきねっとの予約画面（JR東日本）", "スマートEXの予約画面（JR東海・JR西日本）",
                      "列車名と号数、乗車日、乗車駅と降車駅、発着時刻、号車と座席"] {
            #expect(ja.contains(words), "\(words)")
        }
        #expect(en.contains("<summary>What can be read</summary>") && !en.contains("読み取れるもの"))
        for words in ["A JR paper ticket", "An Eki-net booking screen", "A smartEX booking screen",
                      "the train and its number, the date, the stations, the times, the car and seat"] {
            #expect(en.contains(words), "\(words)")
        }
        for page in [ja, en] {
            #expect(page.contains("<div class=\"scan-frame\" id=\"scan-frame\"><img id=\"scan-img\"") && page.contains("id=\"scan-words\" aria-hidden=\"true\""))
        }
        #expect(en.contains("Words read") && en.contains("Ticket fields") && ja.contains("読み取った文字") && ja.contains("きっぷの項目"))
        #expect(answers[2].text.contains("scan-word") && answers[2].text.contains("answer.image.width"))
    }

    /// Issue 31: a ticket whose date has passed or is over a year ahead is told on the page, with a
    /// button that puts the rider on the date (beside the facsimile's date, and above the kept trip),
    /// in the page's language (what a rider sees is the browser test's ticket_flow).
    @Test func aPastDateIsToldWithAWayToFixIt() async throws {
        let answers = try await APIClient.get(["/ticket", "/ticket?lang=en", "/assets/trip.js"], on: try APIClient.fixture())
        #expect(answers.map(\.status.code) == [200, 200, 200])
        let ja = answers[0].text, en = answers[1].text, trip = answers[2].text
        #expect(ja.contains("<div class=\"trip-date-off\" id=\"trip-date-off\" role=\"status\" hidden><p id=\"trip-date-note\"></p><button type=\"button\" id=\"trip-fix-date\">日付を直す</button></div>"))
        #expect(ja.contains("<p class=\"fac-date\" id=\"fac-date\" role=\"status\" hidden><span id=\"fac-date-text\"></span> <button type=\"button\" id=\"fac-date-fix\">日付を直す</button></p>"))
        #expect(en.contains("<button type=\"button\" id=\"trip-fix-date\">Fix the date</button>") && en.contains("id=\"fac-date-fix\">Fix the date</button>"))
        #expect(ja.contains("？の項目は読み取れなかったか、読み取りに自信がありません") && en.contains("Fields marked ? could not be read, or were hard to read"))
        // The words, both languages, as TripWords says them; an ended trip is painted, not hidden.
        #expect(trip.contains("この切符は${longDate(date)}のものです（過ぎています）") && trip.contains("This ticket is for ${longDate(date)}, which has passed"))
        #expect(trip.contains("1年以上先です") && trip.contains("more than a year ahead"))
    }

    /// The fixture with the 環状線's 東京前 named 東京, as the Shinkansen's station: its own database.
    static func withTokyo() throws -> Timetable {
        try TokyoFixture.timetable { data in
            let index = data.stations.firstIndex { $0.id == TokyoFixture.tokyomae }!
            data.stations[index].name = .init(ja: "東京", en: "Tokyo")
        }
    }

    /// 東京 is in the timetable (the 環状線's, in this variant): after a 09:43 arrival and the 8-minute
    /// walk, the loop's trains from 09:51 — the 09:45 inner loop from 渋谷坂 there at 09:52 first;
    /// "leave by" from 渋谷坂 for a 10:30 departure, on the Shinkansen platform 7 minutes before it after
    /// the table's 8-minute walk from a railway it does not list (the fixture's): the 10:05 inner loop,
    /// at 東京 10:12 (the 10:10 would be there 10:17); from 表参 with the default 10 minutes, the 銀線's
    /// 09:57 to meet it (10:12 + 8 = 10:20).
    @Test func afterArrivalAndLeaveBy() async throws {
        let tokyo = APIClient.encode("東京"), shibuyazaka = APIClient.encode("渋谷坂")
        let answers = try await APIClient.get([
            "/ticket/after?to=\(tokyo)&date=2026-11-25&arrival=09:43",
            "/ticket/after?to=\(APIClient.encode("軽井沢"))&date=2026-11-25&arrival=09:43",
            "/ticket/leave?station=\(tokyo)&date=2026-11-25&departure=10:30&margin=7&from=\(shibuyazaka)&lang=en",
            "/ticket/leave?station=\(tokyo)&date=2026-11-25&departure=10:30&near=35.6654,139.7121",
            "/ticket/after?to=\(tokyo)&date=2026-13-01&arrival=09:43",
            "/ticket/leave?station=\(tokyo)&date=2026-11-25&departure=25:00&from=\(shibuyazaka)",
            // At a relaxed pace the walk off the Shinkansen is 12 minutes, not 8 (the route pages' pace):
            // the fixture's railways are not in the walk table, so its default 8, an estimate.
            "/ticket/after?to=\(tokyo)&date=2026-11-25&arrival=09:43&pace=relaxed",
            "/ticket/leave?station=\(tokyo)&date=2026-11-25&departure=10:30&from=\(shibuyazaka)&pace=fast",
            // Arriving where the loop's trains have a whole lap ahead, signed for a major station (方面).
            "/ticket/after?to=\(shibuyazaka)&date=2026-11-25&arrival=09:43",
        ], on: Self.withTokyo())
        #expect(answers.map(\.status.code) == [200, 200, 200, 200, 400, 400, 200, 400, 200])
        #expect(answers[6].text.contains("東京で乗り換え（新幹線からの徒歩を含む）"), "\(answers[6].text)")
        #expect(answers[6].text.contains("<span class=\"until\">着後15分<small class=\"walk\">徒歩12分・目安</small></span>"), "\(answers[6].text)")
        #expect(answers[6].text.contains("<li><a href=\"/train/JR.Kanjo.J580.Weekday?from=JR.Kanjo.Tokyomae\"><time>09:58</time>"))
        let after = answers[0].text
        #expect(after.contains("東京で乗り換え（新幹線からの徒歩を含む）") && !after.contains("徒歩12分"))
        // Both ways from 東京 end their lap at 渋谷坂: signed 渋谷坂行.
        #expect(after.contains("<li><a href=\"/train/JR.Kanjo.J580B.Weekday?from=JR.Kanjo.Tokyomae\"><time>09:52</time>"
                               + "<span class=\"badge c-local\">各</span><span class=\"dest\">環状線 渋谷坂行</span><span class=\"until\">着後9分<small class=\"walk\">徒歩8分・目安</small></span>"))
        #expect(after.contains("<time>10:18</time><span class=\"badge c-rapid\">快</span>"))
        #expect(after.contains("/route/fastest?from=%E6%9D%B1%E4%BA%AC&amp;at=2026-11-25T09:51"))
        #expect(answers[8].text.contains("<span class=\"dest\">環状線 新宿原方面</span>") && !answers[8].text.contains("方面行"))
        #expect(answers[1].text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)   // 軽井沢 is not in the data
        let leave = answers[2].text
        #expect(leave.contains("Latest to be on the Shinkansen platform at Tokyo by 10:23 (7 min before departure): leave Shibuyazaka at 10:05 "
                               + "(there at 10:12, then a walk of about 8 min)"), "\(leave)")
        // The inner loop from 渋谷坂 is signed by its first stop, here 東京 (新宿原, its major station, is
        // past the far side of the loop).
        #expect(leave.contains("<li>10:05 Shibuyazaka → 10:12 Tokyo (for Tokyo)</li>"))
        #expect(leave.contains("/route?date=2026-11-25&amp;segments=JR.Kanjo.J600B.Weekday~JR.Kanjo.Shibuyazaka~JR.Kanjo.Tokyomae&amp;use=new"))
        let near = answers[3].text
        #expect(near.contains("東京の新幹線ホームに10:20（発車10分前）に着く最終: 表参 09:57発（10:12着、新幹線まで徒歩8分・目安）（09:56に出発、徒歩1分）"), "\(near)")
        #expect(near.contains("<li>09:57 表参 → 10:00 渋谷坂（渋谷坂行）</li>") && near.contains("<li>10:05 渋谷坂 → 10:12 東京（東京方面）</li>"))
    }

    /// Without the variant the fixture has no 東京: "leave by" says so rather than guessing.
    @Test func aShinkansenStationNotInTheDataIsSaidSo() async throws {
        let answer = try await APIClient.get("/ticket/leave?station=\(APIClient.encode("東京"))&date=2026-11-25&departure=10:30&from=\(APIClient.encode("渋谷坂"))",
                                             on: try APIClient.fixture())
        #expect(answer.status == .ok)
        #expect(answer.text.contains("東京は時刻表データにないため、そこまでの在来線は探せません。"))
    }
}
