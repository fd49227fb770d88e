import EkiCore
import EkiRouting
import EkiStore
import Foundation

/// 終電検索 (last.mustache): a from-to-date form, and the last way of the service day that still
/// gets there, one tap from being the rider's route.
struct LastTrainView: PageView {
    static let template = "last"
    struct Form: View { var from: String; var to: String; var date: String; var pace = PaceField(.standard) }

    var frame: Frame
    var form: Form
    var error: String?
    var noRoute = false
    var option: FastestView.Option?

    init(form: Form, plan: RoutePlan? = nil, fallbacks: [LastTrain.Fallback?] = [], searched: Bool = false, error: String? = nil,
         reference: Reference, scope: PageScope) {
        let lang = scope.lang
        frame = scope.frame(title: lang.t("終電検索", "Last train"),
                            path: "/route/last?from=\(RouteLinks.query(form.from))&to=\(RouteLinks.query(form.to))&date=\(form.date)" + form.pace.query,
                            scripts: ["route.js"])
        self.form = form
        self.error = error
        noRoute = searched && plan == nil && error == nil
        option = plan.map { FastestView.option($0, kind: lang.t("終電", "Last train"), pace: form.pace, reference: reference, scope: scope) }
        for (index, fallback) in fallbacks.enumerated() where index < (option?.segments.count ?? 0) {
            option?.segments[index].fallback = lang.pick(RouteWords.fallback(fallback))
        }
    }
}
