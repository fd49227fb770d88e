import EkiCore
import Foundation
import Hummingbird

/// /ride: the live ride view. The phone's position goes to the server fix by fix (ride.js), and
/// the page shows, large enough to read at a glance, the railway in its color, the direction,
/// and the station coming up with its phase — the view to leave on the lock screen — with the
/// other likely lines to tap when the guess is wrong, a reduced-accuracy marker, and an optional
/// alert before a chosen station. A recorded ride (JSON Lines or GPX) can be replayed instead of
/// live positions, to try it at a desk.
struct RidePage {
    var lang: PageLanguage

    func render() -> String {
        let body = """
        <link rel="stylesheet" href="/assets/ride.css">
        <section class="ride" data-phase="" aria-live="polite">
        <p class="ride-status" id="ride-status">\(lang.t("「開始」を押すと現在地から乗っている路線を調べます", "Press Start to follow your ride from your position"))</p>
        <div class="ride-line" id="ride-line" hidden>
        <span class="ride-railway" id="ride-railway"></span>
        <span class="ride-direction" id="ride-direction"></span>
        <span class="ride-pinned" id="ride-pinned" hidden>\(lang.t("手動で選択中", "Chosen by you"))</span>
        </div>
        <div class="ride-now" id="ride-now" hidden>
        <span class="ride-phase" id="ride-phase"></span>
        <strong class="ride-station" id="ride-station"></strong>
        </div>
        <p class="ride-next" id="ride-next" hidden></p>
        <p class="ride-marker" id="ride-reduced" hidden>\(lang.t("位置の精度が低下しています（60秒以上、使える位置がありません）", "Reduced accuracy: no usable position for over 60 s"))</p>
        <p class="ride-marker" id="ride-off" hidden>\(lang.t("列車を降りたようです", "You seem to have left the train"))</p>
        <p class="ride-actions">
        <button type="button" id="ride-start" class="ride-big">\(lang.t("開始", "Start"))</button>
        <button type="button" id="ride-stop" hidden>\(lang.t("停止", "Stop"))</button>
        </p>
        <div id="ride-others" hidden>
        <h2>\(lang.t("違う路線ですか？ タップで選べます", "Not this line? Tap the right one"))</h2>
        <ul class="ride-candidates" id="ride-candidates"></ul>
        <button type="button" id="ride-unpin" hidden>\(lang.t("自動の判定に戻す", "Back to automatic"))</button>
        </div>
        <details class="ride-alert" id="ride-alert-box">
        <summary>\(lang.t("降りる駅の前に知らせる", "Alert me before my station"))</summary>
        <label>\(lang.t("駅", "Station")) <select id="ride-alert"><option value="">\(lang.t("（路線がわかると選べます）", "(once the line is known)"))</option></select></label>
        <p class="dim">\(lang.t("その駅が次の駅になったら通知と振動でお知らせします。", "When it becomes the next station, you get a notification and a vibration."))</p>
        </details>
        <details class="ride-replay">
        <summary>\(lang.t("記録した乗車を再生する", "Replay a recorded ride"))</summary>
        <p class="dim">\(lang.t("JSON Lines（t, lat, lon, accuracy, speed, course）か GPX のファイルを、現在地の代わりに送ります。", "Sends a JSON Lines (t, lat, lon, accuracy, speed, course) or GPX file instead of your position."))</p>
        <label>\(lang.t("ファイル", "File")) <input type="file" id="ride-replay" accept=".jsonl,.json,.gpx,application/json,application/gpx+xml"></label>
        <label>\(lang.t("速さ", "Speed")) <select id="ride-replay-speed"><option value="1">1×</option><option value="10">10×</option><option value="60" selected>60×</option><option value="0">\(lang.t("最速", "Fastest"))</option></select></label>
        </details>
        <p class="dim ride-privacy">\(lang.t("位置はこのページからサーバーのメモリにだけ送られ、保存も記録もされません（10分使わないと消えます）。",
                                         "Positions go only to the server's memory for this page; they are never stored or logged (forgotten after 10 idle minutes)."))</p>
        </section>
        """
        return Page(title: lang.t("乗車中", "On the train"), lang: lang, path: "/ride", body: body, bodyClass: "ride-page",
                    scripts: ["/assets/ride.js"]).render()
    }
}

extension WebPages {
    static func registerRidePage<Router: RouterMethods>(on router: Router) {
        router.get("/assets/ride.js") { _, _ in asset(Assets.rideJS, type: "text/javascript; charset=utf-8") }
        router.get("/assets/ride.css") { _, _ in asset(Assets.rideCSS, type: "text/css; charset=utf-8") }
        router.get("/ride") { request, _ in
            try answer(request) { lang in
                _ = try pageQuery(request, allowed: ["lang"])
                return html(RidePage(lang: lang).render())
            }
        }
    }
}
