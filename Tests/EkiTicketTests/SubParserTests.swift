import EkiCore
@testable import EkiTicket
import Testing

/// Each sub-parser on word lists made by hand: the anchors, the loosened steps, and nil where a guess
/// would be wrong.
@Suite struct SubParserTests {
    static let dictionary = ShinkansenDictionary.shared
    static let today = CivilDate(iso: "2025-03-01")!

    /// A word at column `x` of printed line `row` (rows 100 px apart, letters 40 px high), on Tesseract's
    /// line `row` as a scan gives it.
    static func word(_ text: String, _ x: Int, row: Int, model: OCRWord.Model = .jpn, confidence: Double = 0.95) -> OCRWord {
        let width = 24 * text.count + 16
        return OCRWord(text, x: x, y: row * 100, width: width, height: 40, confidence: confidence, model: model, line: row)
    }

    /// A line of words separated by spaces, in both models when `both`.
    static func line(_ text: String, row: Int, model: OCRWord.Model = .jpn) -> [OCRWord] {
        var x = 0
        return text.split(separator: " ").map { part in
            defer { x += 24 * part.count + 40 }
            return word(String(part), x, row: row, model: model)
        }
    }

    static func lines(_ words: [OCRWord]) -> [TextLine] { LineBuilder.lines(words) }

    @Test func wordsOnTesseractsLinesStayOnThem() {
        // Tesseract fits each line to its own baseline: words of one line keep together however tilted
        // (the second line's first word sits higher than the first line's last), in order of x.
        let words = [
            OCRWord("東京", x: 0, y: 100, width: 80, height: 40, line: 0), OCRWord("→", x: 200, y: 120, width: 40, height: 40, line: 0),
            OCRWord("軽井", x: 400, y: 140, width: 80, height: 40, line: 0), OCRWord("沢", x: 490, y: 149, width: 40, height: 40, line: 0),
            OCRWord("3月18日", x: 0, y: 130, width: 160, height: 40, line: 1), OCRWord("(8:41発)", x: 300, y: 160, width: 160, height: 40, line: 1),
            OCRWord("(9:43着)", x: 600, y: 190, width: 160, height: 40, line: 1),
        ].shuffled()
        #expect(Self.lines(words).map(\.text) == ["東京 → 軽井沢", "3月18日 (8:41発) (9:43着)"])
    }

    @Test func splitStationNameIsJoined() {
        let lines = Self.lines([Self.word("東", 0, row: 1), Self.word("京", 60, row: 1), Self.word("→", 200, row: 1),
                                Self.word("軽井", 300, row: 1), Self.word("沢", 356, row: 1)])
        let stations = StationParser(dictionary: Self.dictionary).read(lines, train: nil)
        #expect(stations.from?.value.name == "東京")
        #expect(stations.to?.value.name == "軽井沢")
        #expect((stations.to?.confidence ?? 0) >= 0.8)
    }

    @Test func englishStationOneLetterOff() {
        let lines = Self.lines([Self.word("TOKIO", 0, row: 1, model: .eng), Self.word("→", 200, row: 1, model: .eng),
                                Self.word("Karuizawa", 300, row: 1, model: .eng)])
        let stations = StationParser(dictionary: Self.dictionary).read(lines, train: nil)
        #expect(stations.from?.value.name == "東京")
        #expect(stations.to?.value.nameEn == "Karuizawa")
        // Loosened: a misspelt name is read, but not with the certainty of a clean one.
        #expect(stations.from!.confidence < stations.to!.confidence)
    }

    @Test func sendaiIsSettledByTheTrain() {
        let lines = Self.lines([Self.word("Hakata", 0, row: 1, model: .eng), Self.word("→", 200, row: 1, model: .eng),
                                Self.word("Sendai", 300, row: 1, model: .eng)])
        let parser = StationParser(dictionary: Self.dictionary)
        #expect(parser.read(lines, train: nil).to == nil)
        let tsubame = Ticket.Train(name: "つばめ", nameEn: "Tsubame", number: 321)
        #expect(parser.read(lines, train: tsubame).to?.value.name == "川内")
    }

    @Test func nameLikeNoStationIsNil() {
        let lines = Self.lines([Self.word("横浜", 0, row: 1), Self.word("→", 200, row: 1), Self.word("渋谷", 300, row: 1)])
        let stations = StationParser(dictionary: Self.dictionary).read(lines, train: nil)
        #expect(stations.from == nil && stations.to == nil)
    }

    @Test func carMisreadAsCDR() {
        let lines = Self.lines([Self.word("HAKUTAKA", 0, row: 1, model: .eng), Self.word("555", 260, row: 1, model: .eng),
                                Self.word("CDR", 400, row: 1, model: .eng), Self.word("7", 500, row: 1, model: .eng),
                                Self.word("Seat", 600, row: 1, model: .eng), Self.word("3-B", 720, row: 1, model: .eng)])
        let seat = SeatParser().read(lines)
        #expect(seat.car?.value == 7)
        #expect(seat.seat?.value == "3B")
        #expect(seat.car!.confidence < seat.seat!.confidence)   // "CDR" is a loosened anchor
        let train = TrainParser(dictionary: Self.dictionary).read(lines)
        #expect(train?.value == Ticket.Train(name: "はくたか", nameEn: "Hakutaka", number: 555))
    }

    @Test func monthWordIsNotACar() {
        // "MAR.18" is a date, not car 18; and no car anchor at all leaves the car nil.
        let lines = Self.lines([Self.word("MAR.18", 0, row: 1, model: .eng), Self.word("(8:41)", 200, row: 1, model: .eng),
                                Self.word("(9:43)", 400, row: 1, model: .eng)])
        #expect(SeatParser().read(lines).car == nil)
        #expect(DateParser().read(lines, today: Self.today)?.value == "2025-03-18")
        let times = TimeParser().read(lines)
        #expect(times.departure?.value == "08:41" && times.arrival?.value == "09:43")
    }

    @Test func japaneseSeatAndCar() {
        let lines = Self.lines([Self.word("はくたか", 0, row: 1), Self.word("555号", 120, row: 1), Self.word("7号車", 300, row: 1),
                                Self.word("3番B席", 450, row: 1)])
        let seat = SeatParser().read(lines)
        #expect(seat.car?.value == 7)
        #expect(seat.seat?.value == "3B")
        #expect(TrainParser(dictionary: Self.dictionary).read(lines)?.value.number == 555)
    }

    @Test func trainWithoutNumberIsNil() {
        let lines = Self.lines([Self.word("はくたか", 0, row: 1), Self.word("号", 120, row: 1)])
        #expect(TrainParser(dictionary: Self.dictionary).read(lines) == nil)
    }

    @Test func yearFromTheIssueDateElseNextOccurrence() {
        let travel = [Self.word("1月5日", 0, row: 1), Self.word("(8:41発)", 200, row: 1)]
        // Issued on 2025-12-20: a 5 January trip is the next year's.
        let issued = Self.lines(travel + [Self.word("2025.12.20", 0, row: 5), Self.word("東京駅", 300, row: 5)])
        #expect(DateParser().read(issued, today: Self.today)?.value == "2026-01-05")
        // No issue date read: the next 5 January from today.
        #expect(DateParser().read(Self.lines(travel), today: CivilDate(iso: "2025-06-01")!)?.value == "2026-01-05")
        #expect(DateParser().read(Self.lines(travel), today: Self.today)?.value == "2026-01-05")
        #expect(DateParser().read(Self.lines(travel), today: CivilDate(iso: "2024-12-01")!)?.value == "2025-01-05")
    }

    @Test func statusBarClockIsNoDeparture() {
        let lines = Self.lines([Self.word("9:41", 0, row: 0), Self.word("東京", 0, row: 3), Self.word("10:30", 120, row: 3),
                                Self.word("→", 260, row: 3), Self.word("新大阪", 320, row: 3), Self.word("12:57", 460, row: 3)])
        let times = TimeParser().read(lines)
        #expect(times.departure?.value == "10:30")
        #expect(times.arrival?.value == "12:57")
        let stations = StationParser(dictionary: Self.dictionary).read(lines, train: nil)
        #expect(stations.from?.value.name == "東京" && stations.to?.value.name == "新大阪")
    }

    @Test func modelsThatDisagreeLeaveTheFieldUnsure() {
        let japanese = Reading(value: "08:41", confidence: 0.95, model: .jpn)
        let english = Reading(value: "08:47", confidence: 0.9, model: .eng)
        #expect(Reading.combine([japanese, english])!.confidence < ScanResult.sure)
        #expect(Reading.combine([japanese, Reading(value: "08:41", confidence: 0.9, model: .eng)])!.confidence > 0.95)
    }

    @Test func seatClass() {
        #expect(SeatClassParser().read(Self.lines([Self.word("グリーン車指定席", 0, row: 1)]))?.value == .green)
        #expect(SeatClassParser().read(Self.lines([Self.word("GranClass", 0, row: 1, model: .eng)]))?.value == .granClass)
        #expect(SeatClassParser().read(Self.lines([Self.word("新幹線特急券", 0, row: 1)]))?.value == .ordinary)
        #expect(SeatClassParser().read(Self.lines([Self.word("¥3,380", 0, row: 1)])) == nil)
    }

    @Test func everyLineHasStationsInOrderAndEveryTrainItsLines() {
        let lines = Self.dictionary.lines
        #expect(Set(lines.keys) == ["Tokaido", "Sanyo", "Kyushu", "Nishi-Kyushu", "Tohoku", "Hokkaido", "Yamagata", "Akita", "Joetsu", "Hokuriku"])
        // Every station of every line in order, as the operators' route maps give them (written here
        // apart from the dictionary file, to catch a name or a place wrong there).
        let expected: [String: String] = [
            "Tokaido": "東京 品川 新横浜 小田原 熱海 三島 新富士 静岡 掛川 浜松 豊橋 三河安城 名古屋 岐阜羽島 米原 京都 新大阪",
            "Sanyo": "新大阪 新神戸 西明石 姫路 相生 岡山 新倉敷 福山 新尾道 三原 東広島 広島 新岩国 徳山 新山口 厚狭 新下関 小倉 博多",
            "Kyushu": "博多 新鳥栖 久留米 筑後船小屋 新大牟田 新玉名 熊本 新八代 新水俣 出水 川内 鹿児島中央",
            "Nishi-Kyushu": "武雄温泉 嬉野温泉 新大村 諫早 長崎",
            "Tohoku": "東京 上野 大宮 小山 宇都宮 那須塩原 新白河 郡山 福島 白石蔵王 仙台 古川 くりこま高原 一ノ関 水沢江刺 北上 新花巻 盛岡 いわて沼宮内 二戸 八戸 七戸十和田 新青森",
            "Hokkaido": "新青森 奥津軽いまべつ 木古内 新函館北斗",
            "Yamagata": "福島 米沢 高畠 赤湯 かみのやま温泉 山形 天童 さくらんぼ東根 村山 大石田 新庄",
            "Akita": "盛岡 雫石 田沢湖 角館 大曲 秋田",
            "Joetsu": "大宮 熊谷 本庄早稲田 高崎 上毛高原 越後湯沢 ガーラ湯沢 浦佐 長岡 燕三条 新潟",
            "Hokuriku": "高崎 安中榛名 軽井沢 佐久平 上田 長野 飯山 上越妙高 糸魚川 黒部宇奈月温泉 富山 新高岡 金沢 小松 加賀温泉 芦原温泉 福井 越前たけふ 敦賀",
        ]
        for (line, stations) in expected {
            #expect(lines[line] == stations.split(separator: " ").map(String.init), "\(line): \(lines[line] ?? [])")
        }
        #expect(Self.dictionary.trains.count == 19)
        for train in Self.dictionary.trains { #expect(train.lines.allSatisfy { lines[$0] != nil }, "\(train.ja)") }
        #expect(Self.dictionary.station(ja: "軽井沢")?.en == "Karuizawa")
    }

    // MARK: - The review of the first version (each of these failed then)

    @Test func aPrintedYearWinsOverToday() {
        // "5月27日" inside "2025年5月27日" is the same date: its year is printed, whatever today is, and
        // even when Tesseract was surer of the words without the year.
        var words = Self.line("2025年 5月27日(火)", row: 1)
        words[0].confidence = 0.6
        let lines = Self.lines(words)
        let date = DateParser().read(lines, today: CivilDate(iso: "2030-01-01")!)
        #expect(date?.value == "2025-05-27")
        #expect((date?.confidence ?? 0) < 0.97)
        let english = Self.lines(Self.line("Tue, May 27, 2025", row: 1, model: .eng))
        #expect(DateParser().read(english, today: CivilDate(iso: "2030-01-01")!)?.value == "2025-05-27")
        #expect(DateParser().read(Self.lines(Self.line("27 MAY 2025", row: 1, model: .eng)), today: CivilDate(iso: "2030-01-01")!)?.value == "2025-05-27")
    }

    @Test func aSeatIsNoMonth() {
        // No date line read: "Seat 3-B" is not 3 September, "Car 7" not 7 March.
        let lines = Self.lines(Self.line("HAKUTAKA 555 Car 7 Seat 3-B", row: 1, model: .eng))
        #expect(DateParser().read(lines, today: Self.today) == nil)
        #expect(DateParser.month("Seat") == nil && DateParser.month("Car") == nil && DateParser.month("sea")?.loose == true)
        #expect(DateParser.month("MAR")! == (3, false) && DateParser.month("Sept")! == (9, false) && DateParser.month("March")! == (3, false))
        #expect(DateParser.month("OCI")! == (10, true))
    }

    @Test func aLoosenedReadingIsNeverSureEvenWhenBothModelsAgree() {
        // A month word one letter off, read alike by both models (the Japanese one reads Latin letters too).
        let words = Self.line("OCI.18 (8:41) (9:43)", row: 1, model: .eng) + Self.line("OCI.18 (8:41) (9:43)", row: 1, model: .jpn)
        let result = TicketParser().parse(words, today: Self.today)
        #expect(result.ticket.date == "2025-10-18")
        #expect(result.confidence[.date]! < ScanResult.sure)
        // "CDR 7" read by both: still a loosened anchor.
        let cars = TicketParser().parse(Self.line("CDR 7 Seat 3-B", row: 1, model: .eng) + Self.line("CDR 7 Seat 3-B", row: 1, model: .jpn), today: Self.today)
        #expect(cars.ticket.car == 7 && cars.confidence[.car]! < ScanResult.sure)
        // Two readings of Latin text are not two witnesses: no surer than the better one.
        let a = Reading(value: "08:41", confidence: 0.78, model: .jpn, latin: true), b = Reading(value: "08:41", confidence: 0.7, model: .eng, latin: true)
        #expect(Reading.combine([a, b])!.confidence == 0.78)
        let japanese = Reading(value: "08:41", confidence: 0.78, model: .jpn)
        #expect(Reading.combine([japanese, b])!.confidence > 0.8)
    }

    @Test func aListOfCarsIsNoCar() {
        let lines = Self.lines(Self.line("自由席 2・3・4・5号車", row: 1))
        #expect(SeatParser().read(lines).car == nil)
        #expect(SeatParser().read(Self.lines(Self.line("1〜3号車", row: 1))).car == nil)
        #expect(SeatParser().read(Self.lines(Self.line("7号車 3番B席", row: 1))).car?.value == 7)
        let ticket = TicketParser().parse(Self.line("自由席 2・3・4・5号車", row: 3) + Self.line("こだま 701号", row: 2), today: Self.today)
        #expect(ticket.ticket.car == nil && ticket.ticket.reserved == false)
    }

    @Test func aDepartureBoardIsNoTicket() {
        var words: [OCRWord] = []
        for (row, text) in ["ひかり 643号 10:33発 新大阪", "のぞみ 225号 10:36発 博多", "こだま 741号 10:42発 名古屋", "のぞみ 27号 10:45発 新大阪"].enumerated() {
            words += Self.line(text, row: row + 1)
        }
        let result = TicketParser().parse(words, today: Self.today)
        #expect(TicketField.allCases.allSatisfy { !result.ticket.has($0) || result.isUnsure($0) }, "\(result.confidence)")
    }

    /// An Eki-net booking of two legs: 往路 on 3 April, 復路 on 6 April.
    static let roundTrip: [OCRWord] = {
        let rows = ["往路", "2025年4月3日(木)", "はやぶさ 21号", "東京 09:36発 → 仙台 11:07着", "7号車 3番A席", "普通車指定席",
                    "復路", "2025年4月6日(日)", "やまびこ 150号", "仙台 17:40発 → 東京 19:32着", "9号車 14番D席", "グリーン車指定席"]
        return rows.enumerated().flatMap { Self.line($1, row: $0 + 1) }
    }()

    @Test func twoLegsAreReadApartTheFirstNotYetPast() {
        let out = TicketParser().parse(Self.roundTrip, today: CivilDate(iso: "2025-03-20")!, aspect: 2.1)
        #expect(out.legs == 2)
        #expect(out.ticket.train?.name == "はやぶさ" && out.ticket.train?.number == 21)
        #expect(out.ticket.from?.name == "東京" && out.ticket.to?.name == "仙台")
        #expect(out.ticket.date == "2025-04-03" && out.ticket.car == 7 && out.ticket.seat == "3A" && out.ticket.seatClass == .ordinary)
        #expect(TicketField.scored.allSatisfy { !out.isUnsure($0) }, "\(out.confidence)")
        // After the outbound day, the way back.
        let back = TicketParser().parse(Self.roundTrip, today: CivilDate(iso: "2025-04-05")!, aspect: 2.1)
        #expect(back.ticket.train?.number == 150 && back.ticket.from?.name == "仙台" && back.ticket.car == 9)
        #expect(back.ticket.seat == "14D" && back.ticket.seatClass == .green && back.ticket.date == "2025-04-06")
    }

    @Test func twoValuesOfAFieldInOneLegLeaveItUnsure() {
        // One train, but two cars printed on separate lines: which is the rider's cannot be told.
        let words = Self.line("はやぶさ 21号", row: 1) + Self.line("東京 09:36発 → 仙台 11:07着", row: 2) + Self.line("7号車 3番A席", row: 3)
            + Self.line("9号車", row: 5)
        let out = TicketParser().parse(words, today: Self.today)
        #expect(out.ticket.car != nil && out.isUnsure(.car))
        #expect(!out.isUnsure(.seat) && !out.isUnsure(.train))
    }

    @Test func cityZonesNameTheirShinkansenStation() {
        let parser = StationParser(dictionary: Self.dictionary)
        let tokyo = parser.read(Self.lines(Self.line("東京都区内 → 軽井沢", row: 1)), train: nil)
        #expect(tokyo.from?.value.name == "東京" && tokyo.to?.value.name == "軽井沢")
        // 東京都区内 holds for 東京, 品川 and 上野: which one the rider boards at is not printed.
        #expect(tokyo.from!.confidence < ScanResult.sure && tokyo.to!.confidence >= ScanResult.sure)
        let yokohama = parser.read(Self.lines(Self.line("横浜市内 → 名古屋市内", row: 1)), train: nil)
        #expect(yokohama.from?.value.name == "新横浜" && yokohama.to?.value.name == "名古屋")
        #expect(yokohama.from!.confidence >= ScanResult.sure)
        let english = parser.read(Self.lines(Self.line("Osaka City → Hakata", row: 1, model: .eng)), train: nil)
        #expect(english.from?.value.name == "新大阪")
        // Glued by a dash as a printer's arrow reads: 東京都区内一軽井沢.
        let glued = parser.read(Self.lines(Self.line("東京都区内一軽井沢", row: 1)), train: nil)
        #expect(glued.from?.value.name == "東京" && glued.to?.value.name == "軽井沢")
    }

    @Test func validityAndPurchaseDaysAreNoTravelDay() {
        let lines = Self.lines(Self.line("購入日 2025年2月20日", row: 1) + Self.line("3月18日 (8:41発) (9:43着)", row: 2)
                               + Self.line("有効期間 3月19日まで", row: 3))
        #expect(DateParser().read(lines, today: Self.today)?.value == "2025-03-18")
    }

    @Test func englishTicketWithOtherWording() {
        // "18 MAR 2025", "HAKUTAKA No.555", "Car No.7", "Seat No.3-B".
        let words = Self.line("18 MAR 2025", row: 1, model: .eng) + Self.line("HAKUTAKA No.555 Car No.7 Seat No.3-B", row: 2, model: .eng)
        let out = TicketParser().parse(words, today: Self.today)
        #expect(out.ticket.date == "2025-03-18")
        #expect(out.ticket.train?.number == 555 && out.ticket.car == 7 && out.ticket.seat == "3B")
        #expect(out.ticket.language == .en)
    }
}
