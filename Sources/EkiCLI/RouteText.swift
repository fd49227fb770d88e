import EkiCore
import EkiRouting
import EkiStore

/// A route as the terminal shows it: a header with the whole trip, each train with its stops to
/// ride, each transfer with its minutes and flags, and what to do next.
package struct RouteText {
    package var lang: Language
    package var color: Bool
    package var reference: Reference

    package init(lang: Language, color: Bool, reference: Reference) {
        self.lang = lang
        self.color = color
        self.reference = reference
    }

    /// `fallbacks`: a last train's later trains at each change (`LastTrain.fallbacks`), said under it.
    package func render(_ plan: RoutePlan, at instant: ServiceInstant?, fallbacks: [LastTrain.Fallback?]? = nil) -> String {
        var lines = [header(plan)]
        if let instant { lines.append("  " + nextAction(plan, at: instant)) }
        for (index, segment) in plan.segments.enumerated() {
            lines.append("")
            lines += self.segment(segment, number: index + 1)
            if index < plan.transfers.count {
                lines.append("     " + transfer(plan.transfers[index]))
                if let fallbacks, index < fallbacks.count { lines.append("     ↳ " + lang.pick(RouteWords.fallback(fallbacks[index]))) }
            }
        }
        return lines.joined(separator: "\n")
    }

    package func header(_ plan: RoutePlan) -> String {
        let day = ScheduleDay(plan.route.serviceDate)
        let reason = lang == .ja ? day.reasonJa : day.reasonEn
        guard let first = plan.segments.first, let last = plan.segments.last else {
            return lang == .ja ? "ルート \(plan.route.serviceDate.iso)（\(reason)）: まだ列車がありません"
                               : "Route of \(plan.route.serviceDate.iso) (\(reason)): no trains yet"
        }
        let minutes = last.arrival.value - first.departure.value
        let changes = plan.segments.count - 1
        if lang == .ja {
            return "ルート \(plan.route.serviceDate.iso)（\(reason)） \(first.board.name.ja) \(first.departure.clock) → \(last.alight.name.ja) \(last.arrival.clock)  \(duration(minutes))・乗換\(changes)回"
        }
        return "Route of \(plan.route.serviceDate.iso) (\(reason)): \(first.board.name.en) \(first.departure.clock) → \(last.alight.name.en) \(last.arrival.clock), \(duration(minutes)), \(changes) change\(changes == 1 ? "" : "s")"
    }

    /// "leave in 7 min" / "get off at 中目黒 in 3 stops" / "arrived".
    package func nextAction(_ plan: RoutePlan, at instant: ServiceInstant) -> String {
        switch plan.nextAction(at: instant) {
        case .board(let index, let minutes) where index > 0 && minutes >= 1:
            // At a change: the minutes to the train and, beside them, the walk the change needs at the
            // rider's pace (the rider judges how much of it is behind them); a tight plan says so. The
            // route bar on the pages says the same.
            let segment = plan.segments[index], change = plan.transfers[index - 1]
            let how = change.impossible ? (lang == .ja ? "乗換できません" : "this change cannot be made")
                : lang == .ja ? "乗換\(change.needed)分\(change.tight ? "・短い乗換" : "")" : "\(change.needed) min to change\(change.tight ? ", a tight change" : "")"
            return lang == .ja
                ? "次: \(segment.board.name.ja) \(segment.departure.clock) 発に乗車（あと\(duration(minutes))・\(how)）"
                : "Next: board at \(segment.board.name.en) at \(segment.departure.clock) (in \(duration(minutes)), \(how))"
        case .board(let index, let minutes):
            let segment = plan.segments[index]
            return lang == .ja
                ? "次: \(segment.board.name.ja) \(segment.departure.clock) 発に乗車（あと\(duration(minutes))）"
                : "Next: board at \(segment.board.name.en) at \(segment.departure.clock) (in \(duration(minutes)))"
        case .getOff(let index, let stops, let minutes):
            let segment = plan.segments[index]
            return lang == .ja
                ? "次: \(segment.alight.name.ja)で降車（あと\(stops)駅・\(duration(minutes))、\(segment.arrival.clock) 着）"
                : "Next: get off at \(segment.alight.name.en) in \(stops) stop\(stops == 1 ? "" : "s") (\(duration(minutes)), \(segment.arrival.clock))"
        case .arrived:
            return lang == .ja ? "到着済み" : "Arrived"
        }
    }

    package func segment(_ segment: RoutePlan.Segment, number: Int) -> [String] {
        let type = segment.trainType.map { lang.pick($0.name) } ?? ""
        let bound = lang.pick(RouteWords.bound(segment.destination))
        let toward = bound.isEmpty ? "" : "  " + bound
        let railway = segment.board.railway.flatMap { reference.railways[$0] }.map { lang.pick($0.name) } ?? ""
        // Through service only where the ride itself runs on: the railway each stop is left on (the
        // last stop's is where the train goes after the rider gets off — 馬車道 → 横浜 stays on the
        // みなとみらい線 though the train runs on as the 東横線).
        let through = Set(segment.stops.dropLast().map(\.railway)).count > 1
            ? (lang == .ja ? "（直通）" : " (through service)") : ""
        let stops = segment.stopsToRide
        return [
            " \(number)  \(segment.departure.clock)  \(lang.pick(segment.board.name))  \(railway) \(lang.pick(segment.direction.name))",
            "           \(badge(segment)) \(type)\(toward)",
            lang == .ja ? "     ↓     \(stops)駅・\(duration(segment.minutes))\(through)"
                        : "     ↓     \(stops) stop\(stops == 1 ? "" : "s"), \(duration(segment.minutes))\(through)",
            "    \(segment.arrival.clock)  \(lang.pick(segment.alight.name))",
        ]
    }

    package func transfer(_ transfer: RoutePlan.Transfer) -> String {
        var line = lang.pick(RouteWords.transfer(transfer))
        if let flag = RouteWords.flag(transfer) { line += "  ⚠ " + lang.pick(flag) }
        return line
    }

    /// One alternative train in a line: time, badge, type, destination, arrival, and the difference.
    package func alternative(_ alternative: Alternative, label: String, standing: Standing = .ok) -> String {
        let segment = alternative.segment
        let type = segment.trainType.map { lang.pick($0.name) } ?? ""
        let bound = lang.pick(RouteWords.bound(segment.destination))
        func signed(_ minutes: Int) -> String { minutes > 0 ? "+\(minutes)" : "\(minutes)" }
        let difference = lang == .ja
            ? "発\(signed(alternative.departsBy))分・着\(signed(alternative.arrivesBy))分"
            : "leaves \(signed(alternative.departsBy)), arrives \(signed(alternative.arrivesBy)) min"
        let mark = RouteWords.standing(standing).map { "  \(standing.canBeMade ? "⚠" : "×") " + lang.pick($0) } ?? ""
        return "  \(Render.pad(label, to: 3)) \(segment.departure.clock) \(badge(segment)) \(type) \(bound) → \(lang.pick(segment.alight.name)) \(segment.arrival.clock)  (\(difference))\(mark)"
    }

    package func duration(_ minutes: Int) -> String { lang.pick(RouteWords.duration(minutes)) }

    package func badge(_ segment: RoutePlan.Segment) -> String {
        Render.badge(type: segment.trainType, category: segment.category,
                     railway: segment.stops.first.flatMap { reference.railways[$0.railway] }, color: color)
    }
}
