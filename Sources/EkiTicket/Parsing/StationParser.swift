/// The two stations. Anchors, tightest first: the sides of the arrow on the route line ("東　京 → 軽井沢",
/// "Tokyo 08:41 → Karuizawa 09:43"), each side matched whole against the dictionary by edit distance;
/// then, with no arrow read, a line holding two station names, the left one leaving. A side that is
/// like no station (or like two equally) stays nil. The train, when read, settles names that two
/// lines share (Sendai: 仙台 on the Tohoku line, 川内 in Kyushu).
struct StationParser {
    let dictionary: ShinkansenDictionary

    struct Stations { var from: Reading<Ticket.Station>?; var to: Reading<Ticket.Station>? }

    /// Characters OCR makes of the printed arrow when it stands alone between the names.
    static let arrows: Set<String> = ["→", "⇒", "->", "=>", "一", "ー", "-", "—", "–", ">", "+", "=", "―", "-->", "—>", "→>", "=>>", "っ", "つ", "ッ", "ツ", "ゝ", "〜", "~"]

    func read(_ lines: [TextLine], train: Ticket.Train?) -> Stations {
        let served = train.flatMap { dictionary.train(ja: $0.name) }
        var best: (stations: Stations, score: Double)?
        // A route line cut at its arrow with one side like no station (新島本 for 新鳥栖): that side
        // stays nil (and unsure), the other is still read when it names a station exactly (横浜 → 渋谷,
        // no Shinkansen ticket, names none).
        var half: (stations: Stations, score: Double)?
        for line in lines {
            guard let sides = Self.split(line) else { continue }
            let from = match(line.slice(sides.left), line, served, level: sides.level, ocr: line.confidence(of: sides.left))
            let to = match(line.slice(sides.right), line, served, level: sides.level, ocr: line.confidence(of: sides.right))
            guard let from, let to, from.value != to.value else {
                if sides.level == 0, let one = from ?? to, from == nil || to == nil, !one.loose, one.confidence > (half?.score ?? 0) {
                    half = (Stations(from: from, to: to), one.confidence)
                }
                continue
            }
            let score = from.confidence + to.confidence
            if best == nil || score > best!.score { best = (Stations(from: from, to: to), score) }
        }
        if let best { return best.stations }
        var found = anchored(lines, served)
        if let half = half?.stations {
            if found.from == nil, let from = half.from, from.value != found.to?.value { found.from = from }
            if found.to == nil, let to = half.to, to.value != found.from?.value { found.to = to }
        }
        return found
    }

    /// Words that say which end a line's station or time is: a time with 発 or 着, or a label.
    enum End { case from, to }

    static let fromLabels: Set<String> = ["from", "dep", "departure", "departs", "depart", "leave", "leaves", "乗車駅", "出発駅", "出発", "乗車"]
    static let toLabels: Set<String> = ["to", "arr", "arrival", "arrives", "arrive", "降車駅", "到着駅", "到着", "降車"]

    /// The end a line anchors and the text left for a station name once the anchors and times are
    /// taken out: "小山 11:21発" → (from, "小山"); "Tokyo 11:55 Arr." → (to, "Tokyo"); "Dep 11:21" → (from, "").
    static func end(of line: TextLine) -> (end: End, name: String)? {
        let text = line.text
        let hasTime = text.contains(TimeParserPatterns.p2)
        var end: End?
        if hasTime, text.contains(TimeParserPatterns.p0) {
            end = text.firstMatch(of: TimeParserPatterns.p0)?.3 == "発" ? .from : .to
        }
        let tokens = text.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }
        if end == nil {
            if tokens.contains(where: fromLabels.contains) { end = .from } else if tokens.contains(where: toLabels.contains) { end = .to }
        }
        guard let end else { return nil }
        let name = withoutLabels(text)
        return (end, name.contains(where: \.isLetter) ? name : "")
    }

    /// Words printed beside a route that are no part of a station's name: "乗車区間", "Section".
    static let routeLabels: Set<String> = ["区間", "乗車区間", "ご乗車区間", "section", "route", "station"]

    /// A side of a route with its times, 発 / 着 and labels taken out: "乗車区間 岡山(19:35発)" → "岡山".
    static func withoutLabels(_ side: String) -> String {
        var text = side.replacing(StationParserPatterns.time, with: " ").replacingOccurrences(of: "発", with: " ").replacingOccurrences(of: "着", with: " ")
        let labels = fromLabels.union(toLabels).union(routeLabels)
        for label in labels.sorted(by: { $0.count > $1.count }) where label.unicodeScalars.contains(where: TicketText.isJapanese) {
            text = text.replacingOccurrences(of: label, with: " ")
        }
        // Latin labels as whole words only ("To" is no part of "Tokyo").
        return text.split(separator: " ").filter { !labels.contains($0.lowercased().trimmingCharacters(in: .punctuationCharacters)) }.joined(separator: " ")
    }

    /// No route line read: the names beside their anchors. A time with 発 (Dep, Departure) names the
    /// boarding station on its line, 着 (Arr, Arrival) the alighting one; a label (From, To, 乗車駅)
    /// names its station on its line or, alone, on the line just below or above. This reads the
    /// stacked layouts (Eki-net's "小山　11:21発" / "↓" / "東京　11:55着") and labelled English screens.
    func anchored(_ lines: [TextLine], _ served: ShinkansenDictionary.Train?) -> Stations {
        let sorted = lines.sorted { $0.middle < $1.middle }
        let ends = sorted.map(Self.end(of:))
        var found = Stations()
        func keep(_ end: End, _ reading: Reading<Ticket.Station>?) {
            guard let reading else { return }
            switch end {
            case .from: if reading.confidence > (found.from?.confidence ?? -1) { found.from = reading }
            case .to: if reading.confidence > (found.to?.confidence ?? -1) { found.to = reading }
            }
        }
        for (index, line) in sorted.enumerated() {
            guard let (end, name) = ends[index] else { continue }
            if !name.isEmpty, let reading = match(name, line, served, level: 0, ocr: line.confidence) {
                keep(end, reading)
                continue
            }
            // The name alone on the next line (a label above its station), else on the line before.
            for neighbour in [index + 1, index - 1] where sorted.indices.contains(neighbour) && ends[neighbour] == nil {
                let other = sorted[neighbour]
                guard abs(other.middle - line.middle) < 2.6 * max(line.height, other.height),
                      !other.text.contains(TimeParserPatterns.p2),
                      let reading = match(other.text, other, served, level: 1, ocr: other.confidence) else { continue }
                keep(end, reading)
                break
            }
        }
        if let from = found.from, let to = found.to, from.value == to.value { return Stations() }
        return found
    }

    /// The line cut at its arrow (level 0), else at the widest gap between two runs of letters (level 1):
    /// the character ranges of the two sides.
    static func split(_ line: TextLine) -> (left: Range<Int>, right: Range<Int>, level: Int)? {
        let count = line.owner.count
        func range(_ part: Substring) -> Range<Int> {
            line.text.distance(from: line.text.startIndex, to: part.startIndex) ..< line.text.distance(from: line.text.startIndex, to: part.endIndex)
        }
        // The arrow read as a word of its own: the words either side are the names, however OCR cut them.
        if let arrow = line.words.firstIndex(where: { arrows.contains(TicketText.normalize($0.text)) }), arrow > 0, arrow < line.words.count - 1,
           let first = line.owner.firstIndex(of: arrow), let last = line.owner.lastIndex(of: arrow) {
            return (0 ..< first, (last + 1) ..< count, 0)
        }
        // Glued to a name or a time: "東京→", "17:10発一宇都宮".
        if let m = line.text.firstMatch(of: StationParserPatterns.p0) { return (range(m.1), range(m.2), 0) }
        if let m = line.text.firstMatch(of: StationParserPatterns.p1) { return (range(m.1), range(m.2), 0) }
        // A dash-like arrow glued between two names ("小松一糸魚川"): every cut at one is a candidate;
        // `read` keeps the cut whose sides are most like stations (一ノ関 keeps its 一).
        let characters = Array(line.text)
        // A hyphen between two Latin letters is part of a romanised name ("Shin-Osaka"), not an arrow.
        let cuts = characters.indices.filter { index in
            guard "一ー―—-〜っつ".contains(characters[index]), index > 0, index < characters.count - 1 else { return false }
            return !(characters[index] == "-" && characters[index - 1].isASCII && characters[index - 1].isLetter
                     && characters[index + 1].isASCII && characters[index + 1].isLetter)
        }
        if !cuts.isEmpty {
            let scored = cuts.prefix(6).map { cut -> (Int, Double) in
                (cut, sideScore(String(characters[..<cut])) + sideScore(String(characters[(cut + 1)...])))
            }
            if let best = scored.max(by: { $0.1 < $1.1 }) { return (0 ..< best.0, (best.0 + 1) ..< characters.count, 1) }
        }
        // The arrow lost, two times read: the names stand before them ("新 鳥栖 13:15 っ 出水 15:03").
        if let m = line.text.firstMatch(of: StationParserPatterns.p2),
           TicketText.japaneseKey(String(m.1)).count + TicketText.latinKey(String(m.1)).count >= 2 {
            return (range(m.1), range(m.2), 1)
        }
        // No arrow read: name runs with something between them (a time, a gap). Two runs are the two
        // sides; more (a wide-set name cut by OCR: "小田 原 新大阪") are cut where both sides are most like
        // stations.
        let runs = line.text.matches(of: /\S+/).map(\.output).filter { token in
            token.filter { $0 != "発" && $0 != "着" }.unicodeScalars.contains { TicketText.isJapanese($0) || $0.properties.isAlphabetic }
        }
        guard runs.count >= 2, runs.count <= 4 else { return nil }
        if runs.count == 2 { return (range(runs[0]), range(runs[1]), 1) }
        let runCuts = (1 ..< runs.count).map { cut -> (Int, Double) in
            let left = line.text[runs[0].startIndex ..< runs[cut - 1].endIndex], right = line.text[runs[cut].startIndex ..< runs.last!.endIndex]
            return (cut, sideScore(String(left)) + sideScore(String(right)))
        }
        guard let best = runCuts.max(by: { $0.1 < $1.1 }), best.1 > 0,
              runCuts.filter({ $0.1 >= best.1 - 0.001 }).count == 1 else { return nil }
        return (range(runs[0])
                    .lowerBound ..< range(runs[best.0 - 1]).upperBound,
                range(runs[best.0]).lowerBound ..< range(runs.last!).upperBound, 1)
    }

    /// How much a piece of text looks like some station (best similarity of its Japanese letters, else
    /// of its Latin ones).
    static func sideScore(_ side: String) -> Double {
        let dictionary = ShinkansenDictionary.shared
        let key = Array(TicketText.japaneseKey(side).unicodeScalars)
        if key.count >= 2 {
            return max(dictionary.jaKeys.map { Fuzzy.similarity(key, $0) }.max() ?? 0, dictionary.zones.map { Fuzzy.similarity(key, $0.jaKey) }.max() ?? 0)
        }
        let latin = Array(TicketText.latinKey(side).unicodeScalars)
        guard key.isEmpty, latin.count >= 3 else { return 0 }
        return dictionary.stations.map { Fuzzy.similarity(latin, $0.enKey) }.max() ?? 0
    }

    /// The station a side names, or nil when nothing is close enough or two are equally close. A city
    /// zone (東京都区内, "Tokyo Wards") names its Shinkansen station: surely when the zone has one, unsure
    /// when it has several (東京, 品川 or 上野), the one the train serves first.
    func match(_ side: String, _ line: TextLine, _ train: ShinkansenDictionary.Train?, level: Int, ocr: Double) -> Reading<Ticket.Station>? {
        let cleaned = Self.withoutLabels(side)
        let japanese = Array(TicketText.japaneseKey(cleaned).unicodeScalars), latin = Array(TicketText.latinKey(cleaned).unicodeScalars)
        let isLatin = japanese.isEmpty
        var scored: [(ShinkansenDictionary.Station, Double)] = []
        for (index, station) in dictionary.stations.enumerated() {
            var similarity = 0.0
            if japanese.count >= 2 { similarity = Fuzzy.similarity(japanese, dictionary.jaKeys[index]) }
            if latin.count >= 3 { similarity = max(similarity, Fuzzy.similarity(latin, station.enKey)) }
            if similarity >= 0.5 { scored.append((station, similarity)) }
        }
        scored.sort { $0.1 > $1.1 }
        if let zone = zone(japanese, latin), zone.similarity > (scored.first?.1 ?? 0) {
            return zoneReading(zone.zone, similarity: zone.similarity, line, train, level: level, ocr: ocr, latin: isLatin)
        }
        guard let top = scored.first else { return nil }
        // Half the characters wrong (冨山 for 富山) is only good enough when the train settles it.
        if top.1 < 0.6 {
            let served = scored.filter { candidate in
                candidate.1 >= top.1 - 0.001 && (train.map { dictionary.serves($0, candidate.0) } ?? false)
            }
            guard served.count == 1 else { return nil }
        }
        // Equally close names: the one the train serves, else none.
        let tied = scored.filter { $0.1 >= top.1 - 0.001 }
        var chosen = top.0, confidence = top.1
        if tied.count > 1 {
            let served = tied.filter { candidate in train.map { dictionary.serves($0, candidate.0) } ?? false }
            guard served.count == 1 else { return nil }
            chosen = served[0].0
        } else if let runnerUp = scored.dropFirst().first, runnerUp.1 > top.1 - 0.15 {
            confidence *= 0.9
        }
        if let train, !dictionary.serves(train, chosen) { confidence *= 0.6 }
        let strict = confidence >= 0.999 ? 0 : 1
        return Reading(value: Ticket.Station(name: chosen.ja, nameEn: chosen.en),
                       confidence: Reading<Ticket.Station>.score(level: max(level, strict == 0 ? 0 : level + 1), ocr: ocr, match: confidence),
                       model: line.model, loose: top.1 < 0.999, latin: isLatin)
    }

    /// The city zone a side names, when one is at least 0.75 alike.
    func zone(_ japanese: [Unicode.Scalar], _ latin: [Unicode.Scalar]) -> (zone: ShinkansenDictionary.Zone, similarity: Double)? {
        var best: (ShinkansenDictionary.Zone, Double)?
        for zone in dictionary.zones {
            var similarity = japanese.count >= 3 ? Fuzzy.similarity(japanese, zone.jaKey) : 0
            if latin.count >= 6 { similarity = max(similarity, zone.enKeys.map { Fuzzy.similarity(latin, $0) }.max() ?? 0) }
            if similarity >= 0.75, similarity > (best?.1 ?? 0) { best = (zone, similarity) }
        }
        return best
    }

    private func zoneReading(_ zone: ShinkansenDictionary.Zone, similarity: Double, _ line: TextLine, _ train: ShinkansenDictionary.Train?,
                             level: Int, ocr: Double, latin: Bool) -> Reading<Ticket.Station>? {
        let candidates = zone.stations.compactMap { dictionary.station(ja: $0) }
        let served = candidates.filter { station in train.map { dictionary.serves($0, station) } ?? true }
        guard let chosen = served.first ?? candidates.first else { return nil }
        let confidence = Reading<Ticket.Station>.score(level: level + (similarity < 1 ? 1 : 0), ocr: ocr, match: similarity)
        return Reading(value: Ticket.Station(name: chosen.ja, nameEn: chosen.en), confidence: confidence, model: line.model,
                       loose: similarity < 0.999 || candidates.count > 1, latin: latin)
    }
}

/// The patterns, compiled once: a regular expression literal inside a function is parsed again at
/// every call, which was most of the time parsing a ticket took.
enum StationParserPatterns {
    nonisolated(unsafe) static let p0 = /^(.+?)\s*(?:→|⇒|->|=>)\s*(.+)$/
    nonisolated(unsafe) static let p1 = /^(.*?[発0-9)])\s*[一ー―—\->＞]\s*(.+)$/
    nonisolated(unsafe) static let p2 = /^(.*?)[0-9]{1,2}\s*[:.;]\s*[0-9]{2}\s*発?\s*(.*?)[0-9]{1,2}\s*[:.;]\s*[0-9]{2}/
    nonisolated(unsafe) static let time = /[0-9]{1,2}\s*[:.;]\s*[0-9]{2}/
}
