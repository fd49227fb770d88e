/// The web app's stylesheet and script: hand-written, no build step, served with a long cache.
/// Kept small (well under the 100 KB page budget together).
enum Assets {
    static let css = #"""
    :root { --bg:#fff; --fg:#1b1f23; --dim:#6a737d; --card:#f4f5f7; --accent:#0b63ce; --line:#888;
      font-family: "Noto Sans CJK JP","Noto Sans JP","Hiragino Sans",system-ui,sans-serif; line-height:1.45; }
    @media (prefers-color-scheme: dark) { :root { --bg:#111418; --fg:#e8eaed; --dim:#9aa0a6; --card:#1d2126; --accent:#6ab0ff; } }
    * { box-sizing:border-box; }
    body { margin:0; background:var(--bg); color:var(--fg); font-size:16px; }
    a { color:var(--accent); text-decoration:none; } a:hover, a:focus-visible { text-decoration:underline; }
    :focus-visible { outline:3px solid var(--accent); outline-offset:2px; }
    header.top { display:flex; gap:.5rem; align-items:center; padding:.5rem .75rem; border-bottom:1px solid var(--card); position:sticky; top:0; background:var(--bg); z-index:2; }
    .logo { font-weight:700; color:var(--fg); white-space:nowrap; }
    form.search { flex:1; min-width:0; } form.search input { width:100%; font:inherit; padding:.45rem .6rem; border-radius:.5rem; border:1px solid var(--dim); background:var(--card); color:var(--fg); }
    .lang { white-space:nowrap; font-size:.9rem; }
    main { max-width:60rem; margin:0 auto; padding:.75rem; }
    footer { color:var(--dim); font-size:.75rem; padding:1rem .75rem 2rem; text-align:center; }
    h1 { font-size:1.5rem; margin:.25rem 0; } h1 small, h2 small { color:var(--dim); font-weight:400; font-size:.7em; }
    h2 { font-size:1.1rem; margin:.75rem 0 .35rem; } h3 { font-size:.95rem; margin:.75rem 0 .25rem; color:var(--dim); }
    .meta, .dim { color:var(--dim); } .meta { margin:.15rem 0; font-size:.9rem; }
    .notice { background:var(--card); padding:.5rem .75rem; border-radius:.5rem; }
    .badge, .day b { display:inline-block; min-width:1.5em; text-align:center; color:#fff; font-weight:700; border-radius:.3em; padding:0 .15em; margin:0 .35em; }
    .c-local { background:#5B6770; } .c-rapid { background:#1F6FD1; } .c-semiExpress { background:#1E9A4C; } .c-express { background:#D7263D; } .c-limited { background:#8A3FB5; }
    .chip { display:inline-block; border-left:.6em solid var(--line); background:var(--card); color:var(--fg); padding:.1em .45em; border-radius:.25em; margin:.1em .25em .1em 0; font-size:.9rem; }
    .diagram { display:flex; align-items:center; overflow-x:auto; padding:.75rem .25rem; gap:0; scrollbar-width:thin; }
    .diagram .stop { white-space:nowrap; padding:.25rem .5rem; border:2px solid var(--line); border-radius:1rem; font-size:.9rem; color:var(--fg); background:var(--bg); }
    .diagram .stop.here { background:var(--line); color:#fff; font-weight:700; }
    .diagram .stop.far { border-style:dashed; color:var(--dim); }
    .diagram .link { flex:0 0 1.5rem; height:0; border-top:4px solid var(--line); } .diagram .link.dotted { border-top-style:dotted; flex-basis:2.5rem; }
    .sides { display:grid; grid-template-columns:1fr 1fr; gap:.75rem; }
    .sides:has(> .side:only-child) { grid-template-columns:1fr; }
    .side { background:var(--card); border-radius:.6rem; padding:.5rem .6rem; min-width:0; }
    .side h2 { margin-top:.2rem; } .actions { margin:.25rem 0 .5rem; font-size:.9rem; display:flex; gap:.6rem; flex-wrap:wrap; align-items:center; }
    button, .button { font:inherit; font-size:.9rem; padding:.3rem .6rem; border-radius:.4rem; border:1px solid var(--dim); background:var(--bg); color:var(--fg); cursor:pointer; }
    button[aria-pressed="true"] { background:#f2b705; color:#111; border-color:#f2b705; }
    ol.departures, ol.day, ol.stops, ol.rows, ul.plain, ul.connections { list-style:none; margin:0; padding:0; }
    .departures li a, .day li a { display:flex; align-items:baseline; gap:.15rem; padding:.3rem 0; color:var(--fg); border-bottom:1px solid var(--bg); }
    .departures time, .day time { font-variant-numeric:tabular-nums; font-weight:700; }
    .dest { flex:1; min-width:0; overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
    .until { color:var(--dim); font-size:.85rem; white-space:nowrap; }
    .compact li a { padding:.15rem 0; font-size:.9rem; }
    table.frequency { border-collapse:collapse; font-size:.9rem; width:100%; } .frequency th { text-align:left; font-weight:400; } .frequency td { text-align:right; padding-left:.5rem; }
    .tabs { display:flex; gap:.25rem; margin:.5rem 0; position:sticky; top:3.2rem; background:var(--bg); z-index:1; }
    .tabs a { flex:1; text-align:center; padding:.5rem; border-radius:.5rem; background:var(--card); color:var(--fg); }
    .tabs a.current { background:var(--accent); color:#fff; font-weight:700; }
    .day .hour { font-weight:700; color:var(--dim); padding:.5rem 0 .1rem; border-bottom:1px solid var(--card); }
    .day i { color:var(--dim); font-size:.8rem; font-style:normal; } .day a span { flex:1; min-width:0; }
    .day li.now { background:rgba(242,183,5,.25); border-left:4px solid #f2b705; padding-left:.3rem; scroll-margin-top:7rem; }
    .stops { border-left:4px solid var(--line); margin-left:.4rem !important; }
    .stops li { display:flex; gap:.5rem; padding:.25rem .5rem; align-items:baseline; } .stops time { font-variant-numeric:tabular-nums; min-width:3em; color:var(--dim); } .stops time.dep { color:var(--fg); font-weight:700; }
    .stops li.mine { background:rgba(242,183,5,.25); font-weight:700; }
    .result { padding:.45rem 0; border-bottom:1px solid var(--card); } .result .title { font-weight:700; font-size:1.05rem; } .chips { margin-top:.2rem; }
    .home-section { margin-bottom:1.25rem; } .card { background:var(--card); border-radius:.6rem; padding:.5rem .6rem; margin:.4rem 0; }
    .card h3 { margin:0 0 .2rem; color:var(--fg); font-size:1rem; }
    .board-mode header.top, .board-mode footer { display:none; }
    .board-mode main { max-width:none; padding:2vw 3vw; }
    .board h1 { font-size:clamp(1.6rem,5vw,4rem); border-bottom:.4rem solid var(--line); display:flex; gap:1rem; align-items:baseline; flex-wrap:wrap; }
    .board .clock { margin-left:auto; font-variant-numeric:tabular-nums; }
    .board .rows li { display:flex; gap:2vw; align-items:center; font-size:clamp(1.4rem,6vw,5rem); padding:.6vw 0; border-bottom:1px solid var(--card); }
    .board time { font-weight:700; font-variant-numeric:tabular-nums; } .board .until { font-size:.6em; }
    .map { margin:.75rem 0; } .map svg { width:100%; max-width:40rem; height:auto; border-radius:.5rem; display:block; }
    .directions { list-style:none; padding:0; } .directions li { margin:.2rem 0; }
    .stations { columns:14rem; column-gap:1.5rem; padding-left:2.2rem; } .stations li { break-inside:avoid; padding:.15rem 0; }
    .offline { color:#b26b00; font-weight:400; }
    .types .type { display:inline-block; margin:.15rem .6rem .15rem 0; white-space:nowrap; }
    @media (max-width:30rem) {
      body { font-size:15px; } .sides { gap:.4rem; } .side { padding:.4rem; }
      /* Two directions side by side leave no room for a destination beside the countdown: the
         destination gets a line of its own under the time, whole. */
      .side .departures li a:has(.until) { display:grid; grid-template-columns:auto auto 1fr; row-gap:0; }
      .side .departures li a:has(.until) .dest { grid-row:2; grid-column:1 / -1; white-space:normal; font-size:.9rem; }
      .side .departures li a:has(.until) .until { text-align:right; }
      .side .departures .badge { margin-right:0; }
      .frequency td.dim { display:none; }
    }
    """#

    static let js = #"""
    "use strict";
    (() => {
      const lang = document.body.dataset.lang || "ja";
      const t = (ja, en) => lang === "ja" ? ja : en;
      const q = (s, root = document) => root.querySelector(s);
      const esc = s => String(s).replace(/[&<>"']/g, c => ({"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;","'":"&#39;"}[c]));
      const link = p => lang === "en" ? p + (p.includes("?") ? "&" : "?") + "lang=en" : p;
      const load = (k, d) => { try { return JSON.parse(localStorage.getItem(k)) ?? d; } catch { return d; } };
      const save = (k, v) => localStorage.setItem(k, JSON.stringify(v));
      const until = m => m < 60 ? t(`${m}分後`, `in ${m} min`) : t(`${Math.floor(m/60)}時間${m%60}分後`, `in ${Math.floor(m/60)} h ${m%60} min`);
      const badge = c => `<span class="badge c-${esc(c)}">${{local:"各",rapid:"快",semiExpress:"準",express:"急",limited:"特"}[c] || "各"}</span>`;
      const name = n => n ? (lang === "ja" ? n.ja : n.en) : "";
      const api = async path => { const r = await fetch(path, {headers: {accept: "application/json"}}); if (!r.ok) throw new Error(r.status); return r.json(); };
      const rowHTML = (d, from) => `<li><a href="${link("/train/" + encodeURIComponent(d.trainId) + "?from=" + encodeURIComponent(from))}"><time>${esc(d.time)}</time>${badge(d.category)}<span class="dest">${esc(name(d.destinationName))}</span><span class="until">${until(d.minutesUntil)}</span></a></li>`;

      // The rail diagram scrolls sideways on a phone: start with this station in the middle.
      const diagram = q(".diagram"), here = q(".diagram .here");
      if (diagram && here) diagram.scrollLeft = here.offsetLeft - diagram.offsetLeft - (diagram.clientWidth - here.offsetWidth) / 2;

      // Offline: the service worker keeps the app shell, pages seen, and each bookmark's timetable
      // for today and tomorrow; departures are computed from those when the server is away.
      const day = (iso, k) => new Date(Date.parse(iso + "T00:00:00Z") + k * 864e5).toISOString().slice(0, 10);
      const serviceNow = () => {   // Tokyo's service day: 00:00–02:59 belongs to the day before
        const tokyo = new Date(Date.now() + 9 * 3600e3), date = tokyo.toISOString().slice(0, 10);
        const minute = tokyo.getUTCHours() * 60 + tokyo.getUTCMinutes();
        return minute < 180 ? {date: day(date, -1), minute: minute + 1440} : {date, minute};
      };
      const timetableURL = (s, d, date) => `/api/v1/timetable?station=${encodeURIComponent(s)}&direction=${encodeURIComponent(d)}&date=${date}`;
      const keptDepartures = async (station, direction, limit) => {
        const now = serviceNow(), rows = [];
        for (const k of [0, 1]) {
          const kept = window.caches && await caches.match(timetableURL(station, direction, day(now.date, k)));
          if (!kept) continue;
          const data = await kept.json(), one = Array.isArray(data) ? data[0] : data;
          for (const d of one.departures) {
            const m = d.serviceMinute + 1440 * k - now.minute;
            if (m >= 0) rows.push({...d, minutesUntil: m});
          }
          if (rows.length >= limit) break;
        }
        if (!rows.length) throw new Error("nothing kept");
        return rows.slice(0, limit);
      };
      // {departures, offline}: from the server, else from the kept timetables.
      const nextDepartures = async (station, direction, limit) => {
        try {
          const data = await api(`/api/v1/departures?station=${encodeURIComponent(station)}&direction=${encodeURIComponent(direction)}&limit=${limit}`);
          return {departures: (Array.isArray(data) ? data[0] : data).departures, offline: false};
        } catch (error) {
          return {departures: await keptDepartures(station, direction, limit), offline: true};
        }
      };
      const keepForOffline = () => {
        if (!("serviceWorker" in navigator)) return;
        const now = serviceNow();
        const urls = bookmarks.flatMap(b => [timetableURL(b.station, b.direction, now.date), timetableURL(b.station, b.direction, day(now.date, 1)),
          link(`/board/${encodeURIComponent(b.station)}?direction=${encodeURIComponent(b.direction)}`)]);
        navigator.serviceWorker.ready.then(reg => reg.active && reg.active.postMessage({type: "keep", urls}));
      };
      if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
      if ("serviceWorker" in navigator) navigator.serviceWorker.addEventListener("message", e => {
        if (e.data && e.data.type === "kept") document.body.dataset.kept = e.data.count;
      });

      // History: which stations the rider opens, for ordering nearby (same blend as the CLI).
      const history = load("eki.history", {});
      const recordView = id => { const h = history[id] || {views: 0}; h.views += 1; h.last = Date.now(); history[id] = h; save("eki.history", history); };
      const weight = id => { const h = history[id]; return h ? h.views * Math.pow(0.5, (Date.now() - h.last) / 864e5 / 30) : 0; };

      // Bookmarks: (station, direction) pairs in the browser.
      let bookmarks = load("eki.bookmarks", []);
      const isBookmarked = (s, d) => bookmarks.some(b => b.station === s && b.direction === d);
      document.querySelectorAll("button.bookmark").forEach(button => {
        const {station, direction} = button.dataset;
        const paint = () => { const on = isBookmarked(station, direction); button.setAttribute("aria-pressed", on); button.textContent = (on ? "★ " : "☆ ") + t("ブックマーク", "Bookmark"); };
        button.addEventListener("click", () => {
          bookmarks = isBookmarked(station, direction) ? bookmarks.filter(b => !(b.station === station && b.direction === direction))
            : [...bookmarks, {station, direction, name: button.dataset.name, directionName: button.dataset.directionName}];
          save("eki.bookmarks", bookmarks); paint(); keepForOffline();
        });
        paint();
      });
      const stationSection = q(".station button.bookmark");
      if (stationSection) recordView(stationSection.dataset.station);

      // Search as you type, in the header box and on the search page.
      const box = q("form.search input[name=q]"), results = q("#results");
      if (box && results) {
        let timer, last = "";
        box.addEventListener("input", () => {
          clearTimeout(timer);
          timer = setTimeout(async () => {
            const text = box.value.trim(); if (text === last) return; last = text;
            if (!text) { results.innerHTML = ""; return; }
            const r = await fetch(link("/search?fragment=1&q=" + encodeURIComponent(text)));
            if (r.ok && box.value.trim() === text) results.innerHTML = await r.text();
          }, 120);
        });
        const params = new URLSearchParams(location.search); if (params.get("q")) box.value = params.get("q");
      }

      // Home: bookmarks with their next departures, nearby stations.
      const bookmarkList = q("#bookmarks .list");
      if (bookmarkList) {
        if (!bookmarks.length) bookmarkList.innerHTML = `<p class="dim">${esc(bookmarkList.dataset.empty)}</p>`;
        bookmarks.forEach(async b => {
          const card = document.createElement("div"); card.className = "card";
          card.innerHTML = `<h3><a href="${link("/station/" + encodeURIComponent(b.station))}">${esc(b.name)}</a> <small class="dim">${esc(b.directionName)}</small></h3><ol class="departures"></ol>`;
          bookmarkList.append(card);
          try {
            const next = await nextDepartures(b.station, b.direction, 3);
            q("ol", card).innerHTML = next.departures.map(d => rowHTML(d, b.station)).join("");
            if (next.offline) q("h3", card).insertAdjacentHTML("beforeend", ` <small class="offline">${t("オフライン・時刻表から", "offline · from the timetable")}</small>`);
          } catch { q("ol", card).innerHTML = `<li class="dim">${t("取得できませんでした", "Could not load")}</li>`; }
        });
        keepForOffline();
      }
      const locate = q("#locate");
      if (locate) locate.addEventListener("click", () => {
        const list = q("#nearby .list");
        if (!navigator.geolocation) { list.textContent = t("位置情報が使えません", "Location is not available"); return; }
        list.textContent = t("現在地を取得中…", "Finding you…");
        navigator.geolocation.getCurrentPosition(async pos => {
          try {
            const data = await api(`/api/v1/nearby?lat=${pos.coords.latitude}&lon=${pos.coords.longitude}&radius=1500&limit=8`);
            if (data.outsideArea) { list.textContent = t("時刻表の範囲（東京圏）の外です", "Outside the timetable's area (Tokyo region)"); return; }
            const score = r => r.distanceMeters / (1 + Math.log2(1 + Math.max(0, ...r.stations.map(s => weight(s.id)))));
            data.results.sort((a, b) => score(a) - score(b));
            list.innerHTML = data.results.map(r => `<div class="card"><h3><a href="${link("/station/" + encodeURIComponent(r.stations[0].id))}">${esc(name(r.title))}</a> <small class="dim">${r.distanceMeters} m · ${t("徒歩" + r.walkMinutes + "分", r.walkMinutes + " min walk")}</small></h3><ol class="departures compact">${r.stations.flatMap(s => (s.next || []).map(d => rowHTML(d, s.id))).join("")}</ol></div>`).join("") || t("近くに駅はありません", "No station nearby");
          } catch { list.textContent = t("取得できませんでした", "Could not load"); }
        }, () => { list.textContent = t("位置情報の許可がありません", "Location permission was denied"); });
      });
      const exportButton = q("#export");
      if (exportButton) exportButton.addEventListener("click", () => {
        const blob = new Blob([JSON.stringify({bookmarks, history}, null, 2)], {type: "application/json"});
        const a = document.createElement("a"); a.href = URL.createObjectURL(blob); a.download = "eki-data.json"; a.click();
      });
      const importInput = q("#import");
      if (importInput) importInput.addEventListener("change", async () => {
        try { const data = JSON.parse(await importInput.files[0].text());
          if (Array.isArray(data.bookmarks)) save("eki.bookmarks", data.bookmarks.filter(b => b && b.station && b.direction));
          if (data.history && typeof data.history === "object") save("eki.history", data.history);
          location.reload();
        } catch { alert(t("読み込めないファイルです", "That file could not be read")); }
      });

      // Timetable: the current time in view; swipe to the next direction.
      const now = q("#now"); if (now) now.scrollIntoView({block: "center"});
      const tabs = q("[data-swipe]");
      if (tabs) {
        let x0 = null;
        document.addEventListener("touchstart", e => { x0 = e.touches[0].clientX; }, {passive: true});
        document.addEventListener("touchend", e => {
          if (x0 === null) return; const dx = e.changedTouches[0].clientX - x0; x0 = null;
          if (Math.abs(dx) < 80) return;
          const links = [...tabs.querySelectorAll("a")], i = links.findIndex(a => a.classList.contains("current"));
          const next = links[(i + (dx < 0 ? 1 : links.length - 1)) % links.length]; if (next && next !== links[i]) location.href = next.href;
        });
      }

      // Board mode: refresh every 30 s; when the server is away keep the board and retry.
      const board = q(".board");
      if (board) {
        const {station, direction} = board.dataset, status = q(".status", board), clock = q(".clock", board);
        recordView(station);
        const tick = () => { clock.textContent = new Date().toLocaleTimeString("ja-JP", {timeZone: "Asia/Tokyo", hour: "2-digit", minute: "2-digit"}); };
        // The server's board first; with the server away, the kept timetable; with neither, the
        // last board stays and the status says so. Polling goes on, so a restarted server is picked up.
        const refresh = async () => {
          try {
            const next = await nextDepartures(station, direction, 6);
            q(".rows", board).innerHTML = next.departures.map(d => `<li><time>${esc(d.time)}</time>${badge(d.category)}<span class="dest">${esc(name(d.destinationName))}</span><span class="until">${until(d.minutesUntil)}</span></li>`).join("");
            status.textContent = next.offline ? t("オフライン・時刻表から", "Offline · from the timetable") : "";
          } catch { status.textContent = t("再接続中…", "Reconnecting…"); }
        };
        // A board opened from the offline cache shows the rows of when it was kept: refresh at once.
        // A pinned board (?at=…) is a snapshot: its clock and rows stay as the server drew them.
        if (!("pinned" in board.dataset)) { tick(); setInterval(tick, 10000); refresh(); setInterval(refresh, 30000); }
      }
    })();
    """#

    /// The app's icon: 駅 on the brand blue, for tabs and home screens.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b5cad"/>\
        <text x="32" y="45" font-size="38" text-anchor="middle" fill="#fff" font-family="'Noto Sans CJK JP', sans-serif" font-weight="700">駅</text></svg>
        """
}
