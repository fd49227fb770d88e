/// Building HTML by hand, safely: every piece of data goes through `escape`.
enum HTML {
    /// Text and attribute values: & < > " ' become entities (station names hold < and >:
    /// "Meiji-jingumae<Harajuku>").
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
