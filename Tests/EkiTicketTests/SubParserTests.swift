import EkiCore
@testable import EkiTicket
import Testing

/// Each sub-parser on word lists made by hand: the anchors, the loosened steps, and nil where a guess
/// would be wrong.
@Suite struct SubParserTests {
    static let dictionary = ShinkansenDictionary.shared
    static let today = CivilDate(iso: "2025-03-01")!

    /// A word at column `x` of row `row` (rows 100 px apart, letters 40 px high), tilted by `slope` px per px.
    static func word(_ text: String, _ x: Int, row: Int, slope: Double = 0, model: OCRWord.Model = .jpn, confidence: Double = 0.95) -> OCRWord {
        let width = 24 * text.count + 16
        return OCRWord(text, x: x, y: row * 100 + Int(Double(x) * slope), width: width, height: 40, confidence: confidence, model: model)
    }

    static func lines(_ words: [OCRWord]) -> [TextLine] { LineBuilder.lines(words) }

    @Test func tiltedLinesInterleavedStayApart() {
        // Rows 60 px apart tilted by 0.1: the right end of a row sits lower than the left end of the next.
        let slope = 0.1
        let words = [
            OCRWord("東京", x: 0, y: 100, width: 80, height: 40), OCRWord("→", x: 200, y: 120, width: 40, height: 40),
            OCRWord("軽井", x: 400, y: 140, width: 80, height: 40), OCRWord("沢", x: 490, y: 149, width: 40, height: 40),
            OCRWord("3月18日", x: 0, y: 160, width: 160, height: 40), OCRWord("(8:41発)", x: 300, y: 190, width: 160, height: 40),
            OCRWord("(9:43着)", x: 600, y: 220, width: 160, height: 40),
        ].shuffled()
        let lines = Self.lines(words)
        #expect(lines.map(\.text) == ["東京 → 軽井沢", "3月18日 (8:41発) (9:43着)"])
        _ = slope
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
        #expect(lines["Tokaido"]?.first == "東京" && lines["Tokaido"]?.last == "新大阪")
        #expect(lines["Hokuriku"]?.last == "敦賀")
        #expect(Self.dictionary.trains.count == 19)
        for train in Self.dictionary.trains { #expect(train.lines.allSatisfy { lines[$0] != nil }, "\(train.ja)") }
        #expect(Self.dictionary.station(ja: "軽井沢")?.en == "Karuizawa")
    }
}
