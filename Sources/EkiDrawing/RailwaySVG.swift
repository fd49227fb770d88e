import EkiCore
import EkiStore
import Foundation

/// A railway drawn on its real shape as an SVG picture: the line in its color, every station a
/// white dot with its name. The root carries its projection (`data-west`, `data-north`,
/// `data-shrink`, `data-scale`, `data-dx`, `data-dy`: x = (lon − west)·shrink·scale + dx,
/// y = (north − lat)·scale + dy), so a page can put a position on it (the ride page's marker). Names stay readable on dense lines by running outward, perpendicular
/// to the line, so neighbours sit side by side like the teeth of a comb; where every name fits
/// upright without touching another, they are written upright instead.
public struct RailwaySVG {
    public var detail: RailwayDetail
    public var lang: Language

    /// The canvas: `width` wide, as tall as the line needs between `minHeight` and `maxHeight`.
    /// Labels keep their size, so a narrower canvas gives names more room relative to the line
    /// (a phone shows the picture about 360 px wide: 560 keeps names readable there).
    public var width: Double
    public var minHeight: Double
    public var maxHeight: Double

    public init(detail: RailwayDetail, lang: Language, width: Double = 1200, minHeight: Double = 600, maxHeight: Double = 1800) {
        self.detail = detail
        self.lang = lang
        self.width = width
        self.minHeight = minHeight
        self.maxHeight = maxHeight
    }

    static let padding = 24.0
    /// Room at the top for the title, kept clear of the drawing.
    static let titleBand = 78.0
    /// Room at the bottom for the data's source.
    static let footer = 16.0
    static let labelSize = 14.0
    /// From a station's centre to the start of its name: past the dot and the line's stroke.
    static let labelGap = 11.0
    static let fontFamily = "'Noto Sans CJK JP', 'Noto Sans JP', sans-serif"

    public func render() -> String {
        // A line that passes a station twice can list it twice (大江戸線's 都庁前): draw it once.
        var stations: [Reference.Station] = []
        for station in detail.stations {
            guard let position = station.coordinate else { continue }
            if stations.contains(where: { $0.name == station.name && $0.coordinate!.distance(to: position) < 200 }) { continue }
            stations.append(station)
        }
        let names = stations.map { lang.pick($0.name) }
        let terminals = Set(detail.directions.compactMap { $0.terminal?.id })
        let lengths = zip(stations, names).map { station, name in
            Self.textLength(name, size: Self.labelSize) * (terminals.contains(station.id) ? 1.08 : 1)
        }
        let geoParts = detail.shape.isEmpty ? stationParts() : detail.shape
        let projection = Projection(geoParts.flatMap { $0 } + stations.compactMap(\.coordinate))

        // The labels' reach beyond the line depends on where they go, which depends on the scale:
        // lay out once with a generous guess, then again with the scale that leaves exactly that room.
        let across = width - 2 * Self.padding
        let down = maxHeight - Self.titleBand - Self.footer - 2 * Self.padding
        let reach = (lengths.max() ?? 0) + Self.labelGap
        var scale = projection.scale(toFit: across - 2 * reach, down - 2 * reach)
        func layOut() -> (LabelLayout, [[Point]]) {
            let parts = geoParts.map { $0.map { projection.point($0, scale: scale) } }
            return (LabelLayout(points: stations.map { projection.point($0.coordinate!, scale: scale) },
                                lengths: lengths, lines: parts, loop: detail.isLoop), parts)
        }
        var (layout, parts) = layOut()
        let line = Box.around(parts.flatMap { $0 } + layout.points)
        let all = layout.bounds.union(line)
        scale = projection.scale(toFit: across - (line.minX - all.minX) - (all.maxX - line.maxX),
                                 down - (line.minY - all.minY) - (all.maxY - line.maxY))
        (layout, parts) = layOut()

        // Centre everything below the title band.
        let content = layout.bounds.union(Box.around(parts.flatMap { $0 }))
        let width = max(self.width, content.width + 2 * Self.padding)
        let height = max(minHeight, content.height + 2 * Self.padding + Self.titleBand + Self.footer)
        let shift = Point(x: (width - content.width) / 2 - content.minX,
                          y: Self.titleBand + (height - Self.titleBand - Self.footer - content.height) / 2 - content.minY)

        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.n(width))" height="\(Self.n(height))" \
            viewBox="0 0 \(Self.n(width)) \(Self.n(height))" font-family="\(Self.fontFamily)" \
            data-west="\(projection.west)" data-north="\(projection.north)" data-shrink="\(projection.shrink)" \
            data-scale="\(scale)" data-dx="\(shift.x)" data-dy="\(shift.y)">
            <rect width="100%" height="100%" fill="#ffffff"/>

            """
        let color = Self.escape(detail.railway.color ?? "#555555")
        for part in parts where part.count > 1 {
            let points = part.map { "\(Self.n($0.x + shift.x)),\(Self.n($0.y + shift.y))" }.joined(separator: " ")
            svg += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"6\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
        }
        for point in layout.points {
            svg += "<circle cx=\"\(Self.n(point.x + shift.x))\" cy=\"\(Self.n(point.y + shift.y))\" r=\"5\" fill=\"#ffffff\" stroke=\"#222222\" stroke-width=\"2\"/>\n"
        }
        svg += "<g font-size=\"\(Self.n(Self.labelSize))\" fill=\"#1a1a1a\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">\n"
        for (index, label) in layout.labels.enumerated() {
            let at = label.anchor + shift
            let weight = terminals.contains(stations[index].id) ? " font-weight=\"bold\"" : ""
            let rotation = label.angle == 0 ? "" : " transform=\"rotate(\(Self.n(label.angle)) \(Self.n(at.x)) \(Self.n(at.y)))\""
            svg += "<text x=\"\(Self.n(at.x))\" y=\"\(Self.n(at.y))\" dy=\"0.35em\" text-anchor=\"\(label.textAnchor)\"\(rotation)\(weight)>\(Self.escape(names[index]))</text>\n"
        }
        svg += "</g>\n" + title(width: width, height: height) + "</svg>\n"
        return svg
    }

    /// Straight segments between the stations, for a railway the source draws no shape for.
    private func stationParts() -> [[GeoPoint]] {
        var points = detail.stations.compactMap(\.coordinate)
        if detail.isLoop, let first = points.first { points.append(first) }
        return [points]
    }

    /// The railway's name and operator in the top-left corner, the data's source in the bottom-right.
    private func title(width: Double, height: Double) -> String {
        let railway = detail.railway
        let other = lang == .ja ? railway.name.en : railway.name.ja
        var subtitle = [other]
        if let owner = railway.operatorName { subtitle.append(lang == .ja ? owner.ja : owner.en) }
        subtitle.append(lang == .ja ? "\(detail.stations.count)駅" : "\(detail.stations.count) stations")
        let x = Self.padding, color = Self.escape(railway.color ?? "#555555")
        return """
            <rect x="\(Self.n(x))" y="\(Self.n(Self.padding))" width="10" height="46" rx="3" fill="\(color)"/>
            <text x="\(Self.n(x + 20))" y="\(Self.n(Self.padding + 24))" font-size="26" font-weight="bold" fill="#1a1a1a">\(Self.escape(lang.pick(railway.name)))</text>
            <text x="\(Self.n(x + 20))" y="\(Self.n(Self.padding + 45))" font-size="14" fill="#555555">\(Self.escape(subtitle.joined(separator: " · ")))</text>
            <text x="\(Self.n(width - Self.padding))" y="\(Self.n(height - 12))" font-size="11" fill="#888888" text-anchor="end">Data: ODPT / Mini Tokyo 3D</text>

            """
    }

    /// Text for an XML text node or attribute value.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A coordinate with one decimal: a tenth of a pixel is finer than anyone sees.
    static func n(_ value: Double) -> String { String(format: "%.1f", value) }

    /// Roughly how long `text` runs at `size`: a full em for kana and kanji, a bit over half for Latin.
    static func textLength(_ text: String, size: Double) -> Double {
        text.unicodeScalars.reduce(0) { total, scalar in
            total + size * (scalar.columns == 2 ? 1.0 : scalar.properties.isUppercase ? 0.66 : 0.56)
        }
    }
}

/// Longitude and latitude to pixels: equirectangular, longitude shrunk by the cosine of the middle
/// latitude so distances look right, north up.
struct Projection {
    var west = 0.0, north = 0.0, widthDegrees = 0.0, heightDegrees = 0.0, shrink = 1.0

    init(_ points: [GeoPoint]) {
        guard let box = GeoBox(enclosing: points) else { return }
        shrink = cos((box.south + box.north) / 2 * .pi / 180)
        west = box.west
        north = box.north
        widthDegrees = (box.east - box.west) * shrink
        heightDegrees = box.north - box.south
    }

    /// Pixels per degree that fit the railway into `width` × `height`.
    func scale(toFit width: Double, _ height: Double) -> Double {
        let byWidth = widthDegrees > 0 ? max(width, 100) / widthDegrees : .infinity
        let byHeight = heightDegrees > 0 ? max(height, 100) / heightDegrees : .infinity
        let scale = min(byWidth, byHeight)
        return scale.isFinite ? scale : 1
    }

    func point(_ geo: GeoPoint, scale: Double) -> Point {
        Point(x: (geo.longitude - west) * shrink * scale, y: (north - geo.latitude) * scale)
    }
}
