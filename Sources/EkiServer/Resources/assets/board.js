// board.js, loaded by board mode alone: the wall board refreshed every 30 s (the kept timetable
// when the server is away), its clock, the screen kept awake, and the full-screen button. The
// helpers are app.js's, through window.Eki (app.js runs first: both are deferred, in order).
"use strict";
(() => {
  const {t, q, esc, until, badge, dest, due, nextDayLine, nextDepartures, recordView, refills} = window.Eki;
  // Board mode: refresh every 30 s; when the server is away keep the board and retry.
  const board = q(".board");
  if (board) {
    const {station, direction} = board.dataset, status = q(".status", board), clock = q(".clock", board);
    // As BoardPage.isLong: wider than 12 columns, CJK characters counting two.
    const long = s => [...s].reduce((n, c) => n + (c.codePointAt(0) >= 0x2E80 ? 2 : 1), 0) > 12;
    recordView(station);
    const tick = () => { clock.textContent = new Date().toLocaleTimeString("ja-JP", {timeZone: document.body.dataset.timeZone || "Asia/Tokyo", hour: "2-digit", minute: "2-digit"}); };
    // The server's board first; with the server away, the kept timetable; with neither, the
    // last board stays and the status says so. Polling goes on, so a restarted server is picked up.
    const refresh = async () => {
      try {
        const next = await nextDepartures(station, direction, 6);
        q(".rows", board).innerHTML = next.departures.map((d, i, all) => { const where = dest(d);
          return nextDayLine(d, i, all) + `<li data-due="${due(d)}"><time>${esc(d.time)}</time>${badge(d)}<span class="dest${long(where) ? " long" : ""}">${esc(where)}</span><span class="until">${until(d.minutesUntil)}</span></li>`; }).join("");
        status.textContent = next.offline ? t("オフライン・時刻表から", "Offline · from the timetable") : "";
      } catch { status.textContent = t("再接続中…", "Reconnecting…"); }
    };
    // A board opened from the offline cache shows the rows of when it was kept: refresh at once.
    // A pinned board (?at=…) is a snapshot: its clock and rows stay as the server drew them.
    if (!("pinned" in board.dataset)) {
      tick(); setInterval(tick, 10000); refresh(); setInterval(refresh, 30000);
      refills.push(() => { const rows = q(".rows", board); if (rows.dataset.short) { delete rows.dataset.short; refresh(); } });
      // Awake on a wall (the lock goes when hidden: take it again).
      const awake = () => { if (navigator.wakeLock && !document.hidden) navigator.wakeLock.request("screen").catch(() => {}); };
      awake(); document.addEventListener("visibilitychange", awake);
    }
    const full = q("button.fullscreen", board);
    if (full && document.fullscreenEnabled) {
      full.hidden = false;
      full.addEventListener("click", () => document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen().catch(() => {}));
    }
  }
})();
