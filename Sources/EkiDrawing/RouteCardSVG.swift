import EkiCore
import EkiRouting
import EkiStore
import Foundation

/// A route as a card to send a friend: from and to in large type, then each train as a stretch of
/// its line's color between the boarding and alighting times, with its category badge, type,
/// destination and stops, and each change of trains with its minutes. Japanese or English.
public struct RouteCardSVG {
    public var plan: RoutePlan
    public var reference: Reference
    public var lang: Language

    public init(plan: RoutePlan, reference: Reference, lang: Language) {
        self.plan = plan
        self.reference = reference
        self.lang = lang
    }

    static let width = 720.0
    static let margin = 32.0
    static let headerHeight = 132.0
    static let segmentHeight = 176.0
    static let transferHeight = 56.0
    static let footerHeight = 44.0
    /// Where the line and its stations sit, and where times and names start.
    static let timeX = margin
    static let lineX = margin + 92
    static let textX = margin + 120

    public var height: Double {
        Self.headerHeight + Double(plan.segments.count) * Self.segmentHeight
            + Double(plan.transfers.count) * Self.transferHeight + Self.footerHeight
    }

    public func render() -> String {
        let width = Self.width, height = height
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
            viewBox="0 0 \(n(width)) \(n(height))" font-family="\(RailwaySVG.fontFamily)">
            <rect width="100%" height="100%" rx="18" fill="#ffffff"/>

            """
        svg += header()
        var y = Self.headerHeight
        for (index, segment) in plan.segments.enumerated() {
            svg += self.segment(segment, top: y)
            y += Self.segmentHeight
            if index < plan.transfers.count {
                svg += transfer(plan.transfers[index], top: y)
                y += Self.transferHeight
            }
        }
        svg += """
            <text x="\(n(Self.margin))" y="\(n(height - 18))" font-size="13" fill="#888888">駅 Eki</text>
            <text x="\(n(width - Self.margin))" y="\(n(height - 18))" font-size="12" fill="#888888" text-anchor="end">Data: ODPT / Mini Tokyo 3D</text>
            </svg>

            """
        return svg
    }

    private func header() -> String {
        guard let first = plan.segments.first, let last = plan.segments.last else {
            return text(lang == .ja ? "ルート（列車なし）" : "Route (no trains)", x: Self.margin, y: 60, size: 30, weight: "bold")
        }
        let day = ScheduleDay(plan.route.serviceDate)
        let minutes = last.arrival.value - first.departure.value
        let changes = plan.segments.count - 1
        let summary = lang == .ja
            ? "\(plan.route.serviceDate.iso)（\(day.reasonJa)） \(first.departure.clock) 発 → \(last.arrival.clock) 着 · \(duration(minutes)) · 乗換\(changes)回"
            : "\(plan.route.serviceDate.iso) (\(day.reasonEn)) · \(first.departure.clock) → \(last.arrival.clock) · \(duration(minutes)) · \(changes) change\(changes == 1 ? "" : "s")"
        var out = text("\(lang.pick(first.board.name)) → \(lang.pick(last.alight.name))", x: Self.margin, y: 62, size: 34, weight: "bold")
        out += text(summary, x: Self.margin, y: 98, size: 17, color: "#555555")
        if !plan.isFeasible {
            out += text(lang == .ja ? "⚠ 間に合わない乗換があります" : "⚠ A change cannot be made", x: Self.margin, y: 122, size: 15, color: "#C62828")
        }
        return out + "<line x1=\"\(n(Self.margin))\" y1=\"\(n(Self.headerHeight - 6))\" x2=\"\(n(Self.width - Self.margin))\" y2=\"\(n(Self.headerHeight - 6))\" stroke=\"#e3e3e3\" stroke-width=\"2\"/>\n"
    }

    private func segment(_ segment: RoutePlan.Segment, top: Double) -> String {
        let boardY = top + 30, alightY = top + Self.segmentHeight - 22
        // The stretch ridden in each railway's color, split where the train runs through.
        var railways: [RailwayHandle] = []
        for stop in segment.stops.dropLast() where railways.last != stop.railway { railways.append(stop.railway) }
        var out = ""
        let stretch = (alightY - boardY) / Double(max(1, railways.count))
        for (index, railway) in railways.enumerated() {
            let color = RailwaySVG.escape(reference.railways[railway]?.color ?? "#666666")
            out += "<line x1=\"\(n(Self.lineX))\" y1=\"\(n(boardY + Double(index) * stretch))\" x2=\"\(n(Self.lineX))\" y2=\"\(n(boardY + Double(index + 1) * stretch))\" stroke=\"\(color)\" stroke-width=\"10\"/>\n"
        }
        for y in [boardY, alightY] {
            out += "<circle cx=\"\(n(Self.lineX))\" cy=\"\(n(y))\" r=\"9\" fill=\"#ffffff\" stroke=\"#222222\" stroke-width=\"3\"/>\n"
        }
        out += text(segment.departure.clock, x: Self.timeX, y: boardY + 8, size: 24, weight: "bold")
        out += text(lang.pick(segment.board.name), x: Self.textX, y: boardY + 9, size: 26, weight: "bold")
        out += text(segment.arrival.clock, x: Self.timeX, y: alightY + 8, size: 24, weight: "bold")
        out += text(lang.pick(segment.alight.name), x: Self.textX, y: alightY + 9, size: 26, weight: "bold")

        // The train: badge, type and where it goes; then its line(s), stops and minutes.
        let middle = (boardY + alightY) / 2
        // The badge every board shows (TrainBadge): none for a feed's train without a type or line name.
        if let badge = TrainBadge(type: segment.trainType, category: segment.category, railway: railways.first.flatMap { reference.railways[$0] }) {
            out += "<rect x=\"\(n(Self.textX))\" y=\"\(n(middle - 34))\" width=\"30\" height=\"30\" rx=\"6\" fill=\"\(RailwaySVG.escape(badge.color ?? "#777777"))\"/>\n"
            out += text(badge.text, x: Self.textX + 15, y: middle - 12, size: badge.text.count > 2 ? 13 : 20, weight: "bold", color: "#ffffff", anchor: "middle")
        }
        let type = segment.trainType.map { lang.pick($0.name) } ?? ""
        let bound = lang.pick(RouteWords.bound(segment.destination))
        let toward = bound.isEmpty ? "" : " " + bound
        out += text(type + toward, x: Self.textX + 40, y: middle - 12, size: 19)
        let names = railways.compactMap { reference.railways[$0].map { lang.pick($0.name) } }.joined(separator: " → ")
        let stops = segment.stopsToRide
        let ride = lang == .ja ? "\(stops)駅・\(duration(segment.minutes))" : "\(stops) stop\(stops == 1 ? "" : "s") · \(duration(segment.minutes))"
        out += text("\(names) · \(ride)", x: Self.textX, y: middle + 18, size: 16, color: "#555555")
        return out
    }

    private func transfer(_ transfer: RoutePlan.Transfer, top: Double) -> String {
        var line = lang.pick(RouteWords.transfer(transfer))
        if let flag = RouteWords.flag(transfer) { line += " · " + lang.pick(flag) }
        let color = transfer.impossible ? "#C62828" : transfer.tight ? "#B26A00" : "#444444"
        let y = top + Self.transferHeight / 2
        return """
            <line x1="\(n(Self.lineX))" y1="\(n(top - 8))" x2="\(n(Self.lineX))" y2="\(n(top + Self.transferHeight + 8))" stroke="#bbbbbb" stroke-width="4" stroke-dasharray="3 6" stroke-linecap="round"/>
            \(text(line, x: Self.textX, y: y + 6, size: 17, color: color))
            """
    }

    private func text(_ content: String, x: Double, y: Double, size: Double, weight: String? = nil,
                      color: String = "#1a1a1a", anchor: String? = nil) -> String {
        let weight = weight.map { " font-weight=\"\($0)\"" } ?? ""
        let anchor = anchor.map { " text-anchor=\"\($0)\"" } ?? ""
        return "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" fill=\"\(color)\"\(weight)\(anchor)>\(RailwaySVG.escape(content))</text>\n"
    }

    private func duration(_ minutes: Int) -> String { lang.pick(RouteWords.duration(minutes)) }

    private func n(_ value: Double) -> String { RailwaySVG.n(value) }
}
