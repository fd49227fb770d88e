import EkiCore
import EkiRouting
import EkiStore
import EkiTicket
import Foundation
import Hummingbird

/// /ticket: scan a Shinkansen ticket (or fill in an empty one), correct it, and follow the trip. The
/// trip itself lives in the browser (ticket.js keeps it in localStorage, trip.js shows it in the bar
/// of every page with the arrival alarm), so the page and the countdown work offline. Two fragments
/// the page asks for while online: the local trains after arrival, and "leave by".
extension WebPages {
    static func registerTicketPages<Router: RouterMethods>(on router: Router, timetable: Timetable, networks: RouteNetworks, site: PageScope.Site) {
        router.get("/ticket") { request, _ in
            try answer(request, site: site) { scope in
                _ = try pageQuery(request, allowed: ["lang"])
                return scope.html(TicketView(scope: scope))
            }
        }
        router.get("/ticket/after") { request, _ in
            try answer(request, site: site) { scope in
                let query = try pageQuery(request, allowed: ["to", "date", "arrival", "walk", "lang", "pace"])
                var ticket = Ticket(source: .manual, language: scope.lang == .ja ? .ja : .en)
                let to = try Self.need(query, "to")
                ticket.to = Ticket.Station(name: to, nameEn: ShinkansenDictionary.shared.station(ja: to)?.en ?? to)
                ticket.date = try Self.ticketDate(query)
                ticket.arrival = try Self.ticketClock(query, "arrival")
                // Off the Shinkansen to each local railway (shinkansen-walks.tsv): the rider's pace applies
                // to the walk, as to every change; `walk` is the rider's own figure for all of them.
                let walk = try query.optional("walk").map { try Self.minutes($0, "walk", in: 0 ... 60) }
                let connections = try TripConnections.find(Trip(ticket: ticket), timetable: timetable, pace: try pagePace(query), walk: walk)
                return html(scope.render(TicketAfterView(connections, date: ticket.date ?? "", scope: scope), template: TicketAfterView.template))
            }
        }
        router.get("/ticket/leave") { request, _ in
            try answer(request, site: site) { scope in
                let query = try pageQuery(request, allowed: ["from", "near", "station", "date", "departure", "margin", "lang", "pace"])
                let station = try Self.need(query, "station")
                var ticket = Ticket(source: .manual)
                ticket.date = try Self.ticketDate(query)
                ticket.departure = try Self.ticketClock(query, "departure")
                guard let departure = Trip(ticket: ticket).departureTime else {
                    throw PageError(.badRequest, ja: "日付か時刻を読めません", en: "That date or time cannot be read")
                }
                let margin = try query.optional("margin").map { try Self.minutes($0, "margin", in: 0 ... 120) } ?? 10
                let targets = TripConnections.stations(named: station, in: timetable)
                guard !targets.isEmpty else {
                    let shown = scope.lang == .en ? ShinkansenDictionary.shared.station(ja: station)?.en ?? station : station
                    return html(scope.render(TicketLeaveView(missing: shown, scope: scope), template: TicketLeaveView.template))
                }
                let origins: [(station: Reference.Station, walk: Int)]
                if let near = query.optional("near") {
                    let parts = near.split(separator: ",").compactMap { Double($0) }
                    guard parts.count == 2, (-90 ... 90).contains(parts[0]), (-180 ... 180).contains(parts[1]) else {
                        throw PageError(.badRequest, ja: "位置を読めません", en: "That position cannot be read")
                    }
                    origins = try timetable.nearby(GeoPoint(latitude: parts[0], longitude: parts[1]), radius: 1000, limit: 5).stations
                        .flatMap { nearby in nearby.stations.map { ($0, nearby.walkMinutes) } }
                } else {
                    origins = try complex(try Self.need(query, "from"), timetable).map { ($0, 0) }
                }
                var found: ShinkansenTrips.LeaveBy?
                if !origins.isEmpty {
                    // A plan that has to hold: three minutes at every change at least, at the rider's pace;
                    // the walk from the local line to the Shinkansen platform added to the margin.
                    let pace = try pagePace(query)
                    let rules = TransferRules(pace: pace, atLeast: TransferRules.mustHold.atLeast)
                    found = try ShinkansenTrips.leaveBy(from: origins, shinkansen: station, targets: targets, departure: departure, margin: margin,
                                                        planner: RoutePlanner(timetable: timetable, rules: rules), pace: pace,
                                                        network: try networks.network(for: ServiceInstant(departure, timeZone: timetable.timeZone).serviceDate))
                }
                let shown = scope.lang == .en ? ShinkansenDictionary.shared.station(ja: station)?.en ?? station : station
                let platform = ServiceInstant(departure.addingTimeInterval(TimeInterval(-margin * 60)), timeZone: timetable.timeZone).minute.clock
                let view = TicketLeaveView(found, station: shown, platform: platform, margin: margin, scope: scope)
                return html(scope.render(view, template: TicketLeaveView.template))
            }
        }
    }

    /// A parameter the fragment cannot do without.
    static func need(_ query: QueryParameters, _ name: String) throws -> String {
        guard let value = query.optional(name) else {
            throw PageError(.badRequest, ja: "URL を読めません", en: "That address cannot be read", detail: "missing parameter \(name)")
        }
        return value
    }

    /// `date`: YYYY-MM-DD of a supported year.
    static func ticketDate(_ query: QueryParameters) throws -> String {
        let text = try Self.need(query, "date")
        guard let date = CivilDate(iso: text), date.isSupported else {
            throw PageError(.badRequest, ja: "日付を読めません", en: "That date cannot be read", detail: "date must be YYYY-MM-DD")
        }
        return date.iso
    }

    /// A clock time HH:MM.
    static func ticketClock(_ query: QueryParameters, _ name: String) throws -> String {
        let text = try Self.need(query, name)
        guard text.count == 5, let h = Int(text.prefix(2)), let m = Int(text.suffix(2)), text.dropFirst(2).first == ":", (0 ..< 24).contains(h), (0 ..< 60).contains(m) else {
            throw PageError(.badRequest, ja: "時刻を読めません", en: "That time cannot be read", detail: "\(name) must be HH:MM")
        }
        return text
    }

    static func minutes(_ text: String, _ name: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw PageError(.badRequest, ja: "分数を読めません", en: "That number of minutes cannot be read",
                            detail: "\(name) must be \(range.lowerBound)–\(range.upperBound)")
        }
        return value
    }
}

/// The /ticket page: the scan form, the facsimile to correct, the live trip (ticket.mustache).
struct TicketView: PageView {
    static let template = "ticket"
    var frame: Frame
    /// For the station and train boxes' suggestions: every Shinkansen station and train name.
    var stations: [Name]
    var trains: [Name]
    var w: Words

    /// A name as shown in this language, with both for the trip (ticket.js reads them).
    struct Name: View {
        var shown, ja, en: String
    }

    /// The page's words in its language (its own, not words.json: no other page uses them).
    struct Words: View {
        var title, intro, camera, file, paste, empty, scanning, privacy: String
        var header, from, to, date, departs, arrives, train, number, car, seat, seatClass, ordinary, green, granClass: String
        var unsureNote, save, showImage, zoomHint, edit, clear, fixDate: String
        var alarm, alarmOn, alarmMinutes, alarmTest, alarmDismiss: String
        var leaveBy, leaveFrom, leaveNear, leaveMargin, leaveFind, after: String
        var helpTitle, helpTicket, helpTicketHow, helpEkinet, helpEkinetHow, helpSmartex, helpSmartexHow, helpRead, helpTip: String
        var wordsRead, wordsField: String

        init(_ lang: PageLanguage) {
            let t = lang.t
            title = t("新幹線のきっぷ", "Shinkansen ticket")
            intro = t("きっぷの写真か、えきねっと・スマートEXのスクリーンショットを読み取ります。", "Read a ticket from a photo, or from an Eki-net or smartEX screenshot.")
            camera = t("きっぷを撮る", "Take a photo"); file = t("画像を選ぶ", "Choose an image")
            paste = t("スクリーンショットを貼り付けるか、ここにドロップ", "Paste a screenshot, or drop it here")
            empty = t("空のきっぷに記入する", "Fill in an empty ticket")
            scanning = t("読み取り中…", "Reading the ticket…")
            privacy = t("画像はこの Eki サーバーだけで読み取り、保存しません。旅程はこの端末にだけ保存されます。",
                        "The image is read by this Eki server only and not kept; the trip is kept on this device only.")
            header = t("新幹線特急券", "Shinkansen Express Ticket")
            from = t("乗車駅", "From"); to = t("降車駅", "To"); date = t("乗車日", "Date")
            departs = t("発", "Departs"); arrives = t("着", "Arrives"); train = t("列車", "Train"); number = t("号", "No.")
            car = t("号車", "Car"); seat = t("席", "Seat"); seatClass = t("設備", "Class")
            ordinary = t("普通車", "Ordinary"); green = t("グリーン車", "Green"); granClass = t("グランクラス", "GranClass")
            unsureNote = t("？の項目は読み取れなかったか、読み取りに自信がありません。きっぷと見比べて直してください。",
                           "Fields marked ? could not be read, or were hard to read: check them against the ticket.")
            save = t("この内容で使う", "Use this ticket"); showImage = t("元の画像を見る", "Show the image")
            zoomHint = t("タップで拡大", "Tap to zoom")
            edit = t("きっぷを直す", "Edit the ticket"); clear = t("旅程を消す", "Clear the trip")
            fixDate = t("日付を直す", "Fix the date")
            alarm = t("到着アラーム", "Arrival alarm"); alarmOn = t("到着前に知らせる", "Alert me before arrival")
            alarmMinutes = t("到着の何分前", "Minutes before arrival"); alarmTest = t("試す", "Test")
            alarmDismiss = t("OK", "OK")
            leaveBy = t("何時に出ればいい？", "Leave by"); leaveFrom = t("出発駅", "From station")
            leaveNear = t("現在地から", "From here"); leaveMargin = t("新幹線ホームに発車の何分前", "Minutes on the Shinkansen platform")
            leaveFind = t("探す", "Find"); after = t("到着後の乗り換え", "After arrival")
            // What the scanner reads (TicketParser's sources: a photo, Eki-net, smartEX) and which fields.
            helpTitle = t("読み取れるもの", "What can be read")
            helpTicket = t("JRの乗車券・特急券（紙のきっぷ）", "A JR paper ticket (乗車券・特急券: fare and express ticket)")
            helpTicketHow = t("写真で。例:「東京→新大阪 のぞみ225号 8号車 12番E席」", "From a photo. For example: Tokyo → Shin-Osaka, Nozomi 225, car 8, seat 12E")
            helpEkinet = t("えきねっとの予約画面（JR東日本）", "An Eki-net booking screen (えきねっと, JR East)")
            helpEkinetHow = t("スクリーンショットで。例:「はやぶさ23号 東京→仙台」", "From a screenshot. For example: Hayabusa 23, Tokyo → Sendai")
            helpSmartex = t("スマートEXの予約画面（JR東海・JR西日本）", "A smartEX booking screen (スマートEX, JR Central and JR West)")
            helpSmartexHow = t("スクリーンショットで。例:「ひかり503号 品川→名古屋」", "From a screenshot. For example: Hikari 503, Shinagawa → Nagoya")
            helpRead = t("読み取る項目: 列車名と号数、乗車日、乗車駅と降車駅、発着時刻、号車と座席、設備（普通車・グリーン車）。",
                         "What is read: the train and its number, the date, the stations, the times, the car and seat, and the class (Ordinary, Green).")
            helpTip = t("日本語と英語、どちらの表示も読めます。きっぷは平らに置き、文字がはっきり写るように撮ってください。読み取った文字は画像の上に枠で示します。",
                        "Japanese and English screens both work. Lay a ticket flat so the print is sharp. The words found are boxed on the image.")
            wordsRead = t("読み取った文字", "Words read"); wordsField = t("きっぷの項目", "Ticket fields")
        }
    }

    init(scope: PageScope) {
        w = Words(scope.lang)
        frame = scope.frame(title: scope.lang.t("新幹線のきっぷ", "Shinkansen ticket"), path: "/ticket", bodyClass: "ticket-page",
                            scripts: ["trip.js", "ticket.js"], stylesheets: ["trip.css", "ticket.css"])
        let dictionary = ShinkansenDictionary.shared
        let en = scope.lang == .en
        var seen = Set<String>()
        stations = dictionary.stations.map { Name(shown: en ? $0.en : $0.ja, ja: $0.ja, en: $0.en) }.filter { seen.insert($0.shown).inserted }
        trains = dictionary.trains.map { Name(shown: en ? $0.en : $0.ja, ja: $0.ja, en: $0.en) }.filter { seen.insert($0.shown).inserted }
    }
}

/// The local trains after the Shinkansen's arrival, and where "continue by" starts (ticket-after.mustache).
struct TicketAfterView: View {
    static let template = "ticket-after"
    struct Row: View {
        var time: String
        var category: String
        var letter: String
        var railway: String
        var destination: String
        var after: String
        /// The walk from the Shinkansen to this railway, under the minutes.
        var walk: String
        var href: String
    }

    var known: Bool
    var station: String
    var heading: String
    var rows: [Row]
    var continueHref: String

    init(_ connections: TripConnections?, date: String, scope: PageScope) {
        let lang = scope.lang
        guard let connections else {
            known = false; station = ""; heading = ""; rows = []; continueHref = ""
            return
        }
        known = true
        station = lang.pick(connections.station)
        // Each railway's walk from the Shinkansen (shinkansen-walks.tsv) is in its row's minutes.
        heading = lang.t("\(station)で乗り換え（新幹線からの徒歩を含む）", "At \(station), the walk from the Shinkansen included")
        rows = connections.departures.map { d in
            let category = TrainCategory.allCases.first { $0.badge == d.category } ?? .local
            let destination = lang.pick(d.destination)
            return Row(time: d.time, category: category.rawValue, letter: d.category, railway: lang.pick(d.railway),
                       destination: lang == .ja && !destination.hasSuffix("方面") ? destination + "行" : destination,
                       after: lang.t("着後\(d.minutesAfterArrival)分", "+\(d.minutesAfterArrival) min"),
                       walk: lang.t("徒歩\(d.walkMinutes)分\(d.walkEstimated ? "・目安" : "")", "\(d.walkMinutes) min walk\(d.walkEstimated ? ", est." : "")"),
                       href: scope.link("/train/" + RouteLinks.query(d.trainId) + "?from=" + RouteLinks.query(d.station)))
        }
        continueHref = scope.link("/route/fastest?from=" + RouteLinks.query(connections.station.ja) + "&at=\(date)T\(connections.readyAt)")
    }
}

/// "Leave by": the latest local trip reaching the Shinkansen station in time (ticket-leave.mustache).
struct TicketLeaveView: View {
    static let template = "ticket-leave"
    var found: Bool
    var message: String
    var steps: [String]
    var href: String

    init(missing station: String, scope: PageScope) {
        found = false; steps = []; href = ""
        message = scope.lang.t("\(station)は時刻表データにないため、そこまでの在来線は探せません。",
                               "\(station) is not in the timetable data, so there is no local trip to find to it.")
    }

    init(_ answer: ShinkansenTrips.LeaveBy?, station: String, platform: String, margin: Int,
         scope: PageScope) {
        let lang = scope.lang
        guard let answer, let first = answer.plan.segments.first else {
            found = false; steps = []; href = ""
            message = lang.t("\(platform)までに\(station)の新幹線ホームに着く列車はありません。",
                             "No train gets you to the Shinkansen platform at \(station) by \(platform).")
            return
        }
        found = true
        let plan = answer.plan, walk = answer.walk, transfer = answer.transfer, rough = answer.transferEstimated
        let leaves = first.departure, there = plan.arrival ?? answer.deadline
        var text = lang.t("\(station)の新幹線ホームに\(platform)（発車\(margin)分前）に着く最終: \(lang.pick(first.board.name)) \(leaves.clock)発"
                          + "（\(there.clock)着、新幹線まで徒歩\(transfer)分\(rough ? "・目安" : "")）",
                          "Latest to be on the Shinkansen platform at \(station) by \(platform) (\(margin) min before departure): "
                          + "leave \(lang.pick(first.board.name)) at \(leaves.clock) (there at \(there.clock), then a walk of \(rough ? "about " : "")\(transfer) min)")
        if walk > 0 {
            let start = ServiceMinute(leaves.value - walk).clock
            text += lang.t("（\(start)に出発、徒歩\(walk)分）", " (set off at \(start), a \(walk)-min walk)")
        }
        message = text
        steps = plan.segments.map { s in
            // As the route page says it: a loop's "新宿原方面" / "for Shinjukuhara" as it is, not "for for …".
            let bound = RouteWords.bound(s.destination)
            return lang.t("\(s.departure.clock) \(lang.pick(s.board.name)) → \(s.arrival.clock) \(lang.pick(s.alight.name))（\(bound.ja)）",
                   "\(s.departure.clock) \(lang.pick(s.board.name)) → \(s.arrival.clock) \(lang.pick(s.alight.name)) (\(bound.en))")
        }
        href = scope.link(RouteLinks.page(plan.route, use: "new"))
    }
}
