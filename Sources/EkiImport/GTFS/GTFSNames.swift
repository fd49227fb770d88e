import EkiCore
import EkiStore

/// Names in Japanese and English from a feed's own names and its translations.
///
/// translations.txt comes in two forms, both read: the GTFS standard one (table_name, field_name,
/// language, translation, and record_id or field_value) and GTFS-JP's older one (trans_id — the
/// original text itself —, lang, translation). `ja-Hrkt` is a reading in kana; when a feed gives a
/// Japanese name and its reading but no English, the reading's romaji (by the same rules as
/// search keys) is the English name, so 渋谷 gets "Shibuya" and searches in kana and romaji work.
struct GTFSNames {
    private var byRecord: [String: [String: String]] = [:]
    private var byValue: [String: [String: String]] = [:]
    private var byText: [String: [String: String]] = [:]
    /// agency_jp.txt: agency_id → official name (東京地下鉄株式会社).
    private(set) var officialAgencyNames: [String: String] = [:]

    mutating func read(translations: GTFSTable?, agencyJP: GTFSTable?) throws {
        if let table = translations {
            let lang = table.columns["language"] ?? table.columns["lang"]
            guard let lang else { throw ImportError.badRecord(file: table.file, line: 1, detail: "missing column language") }
            let translation = try table.required("translation")
            if let tableName = table.columns["table_name"] {
                let field = try table.required("field_name")
                let record = table.columns["record_id"], value = table.columns["field_value"]
                try table.forEachRecord { row in
                    let language = Self.language(row[lang])
                    let key = row[tableName] + "|" + row[field] + "|"
                    if !row[record].isEmpty { byRecord[key + row[record], default: [:]][language] = row[translation] }
                    if !row[value].isEmpty { byValue[key + row[value], default: [:]][language] = row[translation] }
                }
            } else {
                let text = try table.required("trans_id")
                try table.forEachRecord { row in
                    byText[row[text], default: [:]][Self.language(row[lang])] = row[translation]
                }
            }
        }
        if let table = agencyJP {
            let id = table.columns["agency_id"], name = table.columns["agency_official_name"]
            try table.forEachRecord { row in
                if !row[name].isEmpty { officialAgencyNames[row[id]] = row[name] }
            }
        }
    }

    private static func language(_ code: String) -> String { code.lowercased().replacingOccurrences(of: "_", with: "-") }

    /// Translations of one field of one record, by language code (`ja`, `en`, `ja-hrkt`).
    func translations(table: String, field: String, id: String, value: String) -> [String: String] {
        let key = table + "|" + field + "|"
        var found = byText[value] ?? [:]
        for (language, text) in byValue[key + value] ?? [:] { found[language] = text }
        if !id.isEmpty { for (language, text) in byRecord[key + id] ?? [:] { found[language] = text } }
        return found
    }

    /// The name in both languages: the feed's own name in its language, the other from translations.
    func name(table: String, field: String, id: String, value: String, feedLanguage: String) -> LocalizedName {
        let found = translations(table: table, field: field, id: id, value: value)
        let feedIsJapanese = feedLanguage.hasPrefix("ja") || (feedLanguage.isEmpty && Self.looksJapanese(value))
        let ja = found["ja"] ?? (feedIsJapanese ? value : nil)
        var en = found["en"] ?? (feedIsJapanese ? nil : value)
        if en == nil, let reading = found["ja-hrkt"] { en = Self.romaji(reading) }
        return LocalizedName(ja: ja ?? en ?? value, en: en ?? ja ?? value)
    }

    static func looksJapanese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
    }

    /// "しぶや" → "Shibuya", "みなとみらい" → "Minatomirai": the search key's romaji, words capitalised.
    static func romaji(_ reading: String) -> String {
        SearchKey.words(reading).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
