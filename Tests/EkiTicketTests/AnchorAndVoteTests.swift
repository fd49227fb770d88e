import EkiCore
@testable import EkiTicket
import Testing

/// Issue 31's findings on word lists as the two models read them: stations found by their anchors in
/// layouts other than "東京 → 軽井沢", digits decided between the models, and no gap passed in silence.
@Suite struct AnchorAndVoteTests {
    static let today = CivilDate(iso: "2025-03-01")!
    static func line(_ text: String, row: Int, model: OCRWord.Model = .jpn) -> [OCRWord] { SubParserTests.line(text, row: row, model: model) }

    /// Eki-net's 予約内容 with the stations stacked, each with its time, as Tesseract reads it: the arrow
    /// comes out as "\" (Japanese model) or "L" (English model), and the English model makes letters of
    /// the kanji.
    static let stacked = line("2025年3月18日(火)", row: 1) + line("やまびこ 57号", row: 2) + line("小山 11:21発", row: 3)
        + line("\\", row: 4) + line("東京 11:55着", row: 5) + line("7号車 3番B席", row: 6)
        + line("PEUT 57S", row: 2, model: .eng) + line("Nv 11:213%", row: 3, model: .eng) + line("L", row: 4, model: .eng)
        + line("Rm 11:554", row: 5, model: .eng)

    @Test func aStackedEkinetScreenReadsBothStations() {
        let out = TicketParser().parse(Self.stacked, today: Self.today, aspect: 2.1)
        #expect(out.ticket.from?.name == "小山")
        #expect(out.ticket.to?.name == "東京")
        #expect(out.ticket.departure == "11:21" && out.ticket.arrival == "11:55")
        #expect(out.ticket.train?.number == 57)
        #expect(!out.unsure.contains(.from) && !out.unsure.contains(.to))
    }

    @Test func aStationIsFoundBesideItsLabel() {
        // An English screen with labels, the name on the label's line or alone on the next.
        let labelled = Self.line("Mar. 18, 2025", row: 1, model: .eng) + Self.line("YAMABIKO 57", row: 2, model: .eng)
            + Self.line("From Oyama", row: 3, model: .eng) + Self.line("To", row: 4, model: .eng) + Self.line("Tokyo", row: 5, model: .eng)
            + Self.line("Dep 11:21", row: 6, model: .eng) + Self.line("Arr 11:55", row: 7, model: .eng)
        let out = TicketParser().parse(labelled, today: Self.today, aspect: 2.1)
        #expect(out.ticket.from?.nameEn == "Oyama")
        #expect(out.ticket.to?.nameEn == "Tokyo")
        #expect(out.ticket.departure == "11:21" && out.ticket.arrival == "11:55")
        // Stacked in English: "Oyama 11:21 Dep." / "↓" / "Tokyo 11:55 Arr.".
        let stacked = Self.line("Oyama 11:21 Dep.", row: 1, model: .eng) + Self.line("J", row: 2, model: .eng)
            + Self.line("Tokyo 11:55 Arr.", row: 3, model: .eng)
        let other = TicketParser().parse(stacked, today: Self.today)
        #expect(other.ticket.from?.nameEn == "Oyama" && other.ticket.to?.nameEn == "Tokyo")
        #expect(other.ticket.departure == "11:21" && other.ticket.arrival == "11:55")
    }

    @Test func aStationWithoutItsAnchorIsNoStation() {
        // A name alone on a line with no anchor near (a heading, an advertisement) is no boarding station.
        let words = Self.line("東京 駅弁フェア", row: 1) + Self.line("やまびこ 57号", row: 3) + Self.line("11:21発 11:55着", row: 4)
        let out = TicketParser().parse(words, today: Self.today)
        #expect(out.ticket.from == nil && out.ticket.to == nil)
    }

    /// smartEX in another font: the Japanese model reads 708号 as 798号 and 10番D席 as 16番D席 (the 0 is
    /// its weak digit); the English model reads 7085 (号 as a 5) and 108)0E.
    @Test func sevenOhEightStaysSevenOhEight() {
        let words = Self.line("2025年3月18日(火)", row: 1) + Self.line("こだま 798号", row: 2) + Self.line("東京 10:03 → 静岡 11:05", row: 3)
            + Self.line("5号車 16番D席", row: 4)
            + Self.line("DS 7085", row: 2, model: .eng) + Self.line("555 108)0E", row: 4, model: .eng)
        let out = TicketParser().parse(words, today: Self.today, aspect: 2.1)
        #expect(out.ticket.train?.number == 708)
        #expect(out.ticket.seat == "10D")
        // The models disagreed: right, but the rider is asked to check.
        #expect(out.unsure.contains(.train) && out.unsure.contains(.seat))
        // Where they agree, nothing is disputed.
        #expect(!out.unsure.contains(.car) && !out.unsure.contains(.departure))
    }

    @Test func theDigitsAreDecidedPerCharacter() {
        func decided(_ ours: String, _ theirs: String) -> String {
            DigitVote.decide(Array(ours), Array(theirs)).characters.compactMap { $0 }.joined()
        }
        #expect(decided("つばさ1063号", "DIES1035") == "つばさ103号")      // a 0 read as two digits
        #expect(decided("東京14:97着", "RR14:07") == "東京14:07着")         // 0 read as 9
        #expect(decided("2027年5月1日(月)", "20274-5A10H(A)") == "2027年5月10日(月)")   // a 0 lost
        #expect(decided("1号車20番B席", "155%2008BR") == "1号車20番B席")    // 番 read as "08" adds nothing
        #expect(decided("みずほ739号", "AGIE1395") == "みずほ739号")        // the English model's 1 for a 7 is not taken
        #expect(DigitVote.decide(Array("みずほ739号"), Array("AGIE1395")).disputed)
        #expect(!DigitVote.decide(Array("のぞみ514号"), Array("DEH5145")).disputed)   // 号 read as 5 is no dispute
        // A digit only the Japanese model read, not beside a 0: kept, but disputed (こまち78号 read 758号).
        let extra = DigitVote.decide(Array("こまち758号"), Array("RS785"))
        #expect(extra.disputed && extra.characters.compactMap { $0 }.joined() == "こまち758号")
        // A digit only the English model read, before the number both read: ours may be short or wrong
        // (のぞみ8号 read 5号 by the one model, "NEH 85" by the other). Kept, disputed.
        let before = DigitVote.decide(Array("のぞみ5号"), Array("NEH85"))
        #expect(before.disputed && before.characters.compactMap { $0 }.joined() == "のぞみ5号")
        // What the English model makes of the kanji around a number is no dispute: 号車 read "58",
        // 年 read "4F".
        #expect(!DigitVote.decide(Array("3号車16番E席"), Array("35816556")).disputed)
        #expect(!DigitVote.decide(Array("2026年7月16日(木)"), Array("20264F7A16A(A)")).disputed)
        // IPA Gothic's 10号車 read 1号車, the English model's "105" (号 read 5): the 0 is put back.
        #expect(decided("1号車4番D席", "10548D)") == "10号車4番D席")
        #expect(decided("2025年11月17日(月)", "20254F11A170(A)") == "2025年11月17日(月)")   // 日 read 0
        // A 0 the English model read as "@": the Japanese 9 is the 0 (Car No.10, not 19).
        #expect(decided("SeatCarNo.19SeatNo.18B", "SeatCarNo.1@SeatNo.18B") == "SeatCarNo.10SeatNo.18B")
        #expect(decided("4号車9番E席", "45%OBER") == "4号車9番E席")   // their O is our 9
    }

    @Test func aRomanisedNameKeepsItsHyphen() {
        // The EX app in English: the two stations side by side with no arrow read. "Shin-Osaka" is one
        // name (the hyphen is no arrow): before, it was cut to "Shin" (read 新庄) and "Osaka Hamamatsu".
        let words = Self.line("Wed, May 28, 2025", row: 1, model: .eng) + Self.line("Nozomi 39", row: 2, model: .eng)
            + Self.line("Shin-Osaka Hamamatsu", row: 3, model: .eng) + Self.line("Dep 15:50 Arr 17:28", row: 4, model: .eng)
        let out = TicketParser().parse(words, today: Self.today, aspect: 2.1)
        #expect(out.ticket.from?.nameEn == "Shin-Osaka")
        #expect(out.ticket.to?.nameEn == "Hamamatsu")
    }

    @Test func aLabelReadsItsValueBesideItInASmallerHand() {
        // Eki-net in English, a table: the grey label "Arrival" is smaller than its bold value and
        // Tesseract returns them as two lines of one row.
        var label = Self.line("Arrival", row: 4, model: .eng)
        label[0].line = 40
        label[0].y += 9
        label[0].height = 22
        let words = Self.line("Date 10 Feb 2026(Tue)", row: 1, model: .eng) + Self.line("Train HAYABUSA 889", row: 2, model: .eng)
            + Self.line("Departure Shin-Shirakawa 12:30", row: 3, model: .eng)
            + Self.line("Koriyama 13:00", row: 4, model: .eng).map { var w = $0; w.x += 300; return w } + label
        let out = TicketParser().parse(words, today: CivilDate(iso: "2026-02-01")!, aspect: 2.1)
        #expect(out.ticket.from?.nameEn == "Shin-Shirakawa")
        #expect(out.ticket.to?.nameEn == "Koriyama")
        #expect(out.ticket.arrival == "13:00")
    }

    @Test func aWideSetNameCutByOCRIsOneName() {
        // The EX app's 小田原, set wide, read "小田 原" beside 新大阪 with no arrow: three runs, cut where
        // both sides are most like stations (before, only two runs were two sides).
        let words = Self.line("2025年4月23日(水)", row: 1) + Self.line("こだま64号", row: 2)
            + Self.line("小田 原 新大阪", row: 3) + Self.line("18:23発 21:34着", row: 4)
        let out = TicketParser().parse(words, today: CivilDate(iso: "2025-04-01")!, aspect: 2.1)
        #expect(out.ticket.from?.name == "小田原" && out.ticket.to?.name == "新大阪")
    }

    @Test func aWeakDigitReadByOneModelAloneIsNotSure() {
        // Two legs, the English model read no digit of the car line: 6号車 may be the 8 (or a 0) it
        // would have told. At 0.9 from the Japanese model alone it was sure and wrong.
        var words = Self.line("2025年2月10日(月)", row: 1) + Self.line("やまびこ 57号", row: 2) + Self.line("小山 → 東京", row: 3)
            + Self.line("11:21発 11:55着", row: 4) + Self.line("6号車 3番B席", row: 5)
            + Self.line("DEO 57S", row: 2, model: .eng) + Self.line("11:213% 11:554", row: 4, model: .eng)
        for index in words.indices where words[index].model == .jpn { words[index].confidence = 0.9 }
        let out = TicketParser().parse(words, today: CivilDate(iso: "2025-02-01")!, aspect: 2.1)
        #expect(out.ticket.car == 6 && out.unsure.contains(.car))
        // The same line with no 6, 8 or 9 stays sure: 0 is what the Japanese model misses, not 3 or 7.
        let sure = TicketParser().parse(words.map { var w = $0; w.text = w.text.replacingOccurrences(of: "6号車", with: "7号車"); return w },
                                        today: CivilDate(iso: "2025-02-01")!, aspect: 2.1)
        #expect(sure.ticket.car == 7 && !sure.unsure.contains(.car))
    }

    @Test func aYearWithItsZeroLostIsStillItsYear() {
        // "2027年1月4日" read "227年1月4日", scanned years later: 2027, not the next 4 January from today.
        let words = Self.line("227年1月4日(月)", row: 1) + Self.line("つるぎ431号", row: 2)
        let out = TicketParser().parse(words, today: CivilDate(iso: "2031-02-06")!)
        #expect(out.ticket.date == "2027-01-04")
        #expect(out.unsure.contains(.date))
    }

    @Test func oneStationReadIsKeptWhenTheOtherIsNot() {
        // A route line cut at its arrow, one side like no station (新鳥栖 read 新島本): the other stays.
        let words = Self.line("2026年3月15日(日)", row: 1) + Self.line("さくら 93号", row: 2)
            + Self.line("新島本 → 三原", row: 3) + Self.line("19:53発 21:42着", row: 4)
        let out = TicketParser().parse(words, today: CivilDate(iso: "2026-03-01")!)
        #expect(out.ticket.from == nil && out.ticket.to?.name == "三原")
        #expect(out.unsure.contains(.from))
    }

    @Test func aFieldIsNoSurerThanItsWords() {
        // 3番B席 read at 64 %: a good anchor does not make it sure.
        var words = Self.line("7号車 3番B席", row: 1)
        words[1].confidence = 0.64
        let seat = SeatParser().read(LineBuilder.lines(words))
        #expect(seat.seat?.value == "3B")
        #expect(seat.seat!.confidence < ScanResult.sure)
        #expect(seat.car!.confidence >= ScanResult.sure)
    }

    @Test func aFieldNotReadIsAlwaysUnsure() {
        // Date, train and times, no stations: the stations are null and listed as unsure.
        let words = Self.line("2025年3月18日(火)", row: 1) + Self.line("やまびこ 57号", row: 2) + Self.line("11:21発 11:55着", row: 3)
        let out = TicketParser().parse(words, today: Self.today)
        #expect(out.ticket.from == nil && out.ticket.to == nil && out.ticket.car == nil)
        #expect(out.unsure.contains(.from) && out.unsure.contains(.to) && out.unsure.contains(.car) && out.unsure.contains(.seat))
        #expect(!out.unsure.contains(.train) && !out.unsure.contains(.reserved))
        // A non-reserved ticket has no car or seat to read: no gap there.
        let free = TicketParser().parse(words + Self.line("自由席 1〜3号車", row: 4), today: Self.today)
        #expect(free.ticket.reserved == false)
        #expect(!free.unsure.contains(.car) && !free.unsure.contains(.seat) && free.unsure.contains(.from))
    }
}
