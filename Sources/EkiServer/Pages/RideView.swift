import Foundation

/// /ride, the live ride view (ride.mustache): all its text is in words.json, ride.js does the rest.
struct RideView: PageView {
    static let template = "ride"
    var frame: Frame

    init(scope: PageScope) {
        frame = scope.frame(title: scope.lang.t("乗車中", "On the train"), path: "/ride", bodyClass: "ride-page",
                            scripts: ["ride.js"], stylesheets: ["ride.css"])
    }
}
