// app.js, loaded by every page: search as you type, bookmarks and history in localStorage, nearby,
// board refresh, offline fallbacks, and the route bar. Shares its helpers with route.js as window.Eki.
"use strict";
(() => {
  const lang = document.body.dataset.lang || "ja";
  const t = (ja, en) => lang === "ja" ? ja : en;
  const q = (s, root = document) => root.querySelector(s);
  const esc = s => String(s).replace(/[&<>"']/g, c => ({"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;","'":"&#39;"}[c]));
  // Links carry lang= only when the page is not in the data's own language (PageScope.link).
  const home = document.body.dataset.defaultLang || "ja";
  const link = p => lang !== home ? p + (p.includes("?") ? "&" : "?") + "lang=" + lang : p;
  const load = (k, d) => { try { return JSON.parse(localStorage.getItem(k)) ?? d; } catch { return d; } };
  const save = (k, v) => localStorage.setItem(k, JSON.stringify(v));
  const until = m => m < 60 ? t(`${m}分後`, `in ${m} min`) : t(`${Math.floor(m/60)}時間${m%60}分後`, `in ${Math.floor(m/60)} h ${m%60} min`);
  // A departure's badge as Badge in PageView.swift: 各 快 準 急 特 where the source gives Japanese
  // train types, else the line's short name (a GTFS feed's "1", "SLE"), else none.
  const badge = d => d.category ? `<span class="badge c-${esc(d.category)}">${{local:"各",rapid:"快",semiExpress:"準",express:"急",limited:"特"}[d.category] || "各"}</span>`
    : d.badge ? `<span class="badge c-line">${esc(d.badge)}</span>` : "";
  const dest = d => name(d.headsign || d.destinationName);
  // The line above the first train of a later day (Words.nextDayName): 翌日 1月12日(月) / Next day, Mon 12 Jan.
  const nextDayLine = (d, i, all) => {
    if (!d.nextDay || (i > 0 && all[i - 1].nextDay)) return "";
    const [y, m, dd] = d.serviceDate.split("-").map(Number), w = new Date(Date.UTC(y, m - 1, dd)).getUTCDay();
    const day = t(`${m}月${dd}日(${"日月火水木金土"[w]})`, `${["Sun","Mon","Tue","Wed","Thu","Fri","Sat"][w]} ${dd} ${["Jan","Feb","Mar","Apr","May","Jun","Jul","Aug","Sep","Oct","Nov","Dec"][m - 1]}`);
    return `<li class="next-day">${esc(t("翌日 " + day, "Next day, " + day))}</li>`;
  };
  const name = n => n ? (lang === "ja" ? n.ja : n.en) : "";
  const api = async path => { const r = await fetch(path, {headers: {accept: "application/json"}}); if (!r.ok) throw new Error(r.status); return r.json(); };
  const rowHTML = (d, from) => `<li><a href="${link("/train/" + encodeURIComponent(d.trainId) + "?date=" + d.serviceDate + "&from=" + encodeURIComponent(from))}"><time>${esc(d.time)}</time>${badge(d)}<span class="dest">${esc(dest(d))}</span><span class="until">${until(d.minutesUntil)}</span></a></li>`;

  // The rail diagram scrolls sideways on a phone: start with this station in the middle.
  const diagram = q(".diagram"), here = q(".diagram .here");
  if (diagram && here) diagram.scrollLeft = here.offsetLeft - diagram.offsetLeft - (diagram.clientWidth - here.offsetWidth) / 2;

  // Offline: the service worker keeps the app shell, pages seen, and each bookmark's timetable
  // for today and tomorrow; departures are computed from those when the server is away.
  const day = (iso, k) => new Date(Date.parse(iso + "T00:00:00Z") + k * 864e5).toISOString().slice(0, 10);
  // The timetable's clock: the server says its UTC offset (Tokyo +540 min, a GTFS feed's own zone).
  const utcOffset = +(document.body.dataset.utcOffset || 540);
  const serviceNow = () => {   // the service day: 00:00–02:59 belongs to the day before
    const tokyo = new Date(Date.now() + utcOffset * 6e4), date = tokyo.toISOString().slice(0, 10);
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

  // Bookmarks: (station, direction) pairs in the browser, with every name in both languages
  // (from the button's data-bookmark) so a bookmark reads in the page's language, offline too.
  // Whatever is read back (an old version's bookmark, an imported file) is checked first.
  const isId = v => typeof v === "string" && /^[A-Za-z0-9._-]{1,200}$/.test(v);
  const isName = n => n && typeof n.ja === "string" && typeof n.en === "string";
  const cleanBookmark = b => {
    if (!b || !isId(b.station) || !isId(b.direction)) return null;
    const n = b.names || {}, names = isName(n.station) && isName(n.direction)
      ? {station: n.station, direction: n.direction, railway: isName(n.railway) ? n.railway : null, toward: isName(n.toward) ? n.toward : null} : null;
    return {station: b.station, direction: b.direction, railway: isId(b.railway) ? b.railway : null,
      color: typeof b.color === "string" && /^#[0-9a-fA-F]{3,8}$/.test(b.color) ? b.color : null, names};
  };
  // Names for a bookmark that has none (saved by an older version, or imported bare), from the
  // station's detail; null when the station or the direction is no longer in the data.
  const withNames = async b => {
    const detail = await api(`/api/v1/station/${encodeURIComponent(b.station)}`);
    const one = Array.isArray(detail) ? detail[0] : detail, side = one.sides.find(s => s.direction === b.direction);
    if (!side) return null;
    const where = side.directionName.ja.endsWith("方面") ? null : side.terminal ? {ja: side.terminal.title.ja + "方面", en: "toward " + side.terminal.title.en}
      : side.toward.length ? {ja: side.toward.map(s => s.title.ja).join("・") + "方面", en: "toward " + side.toward.map(s => s.title.en).join(" & ")}
      : side.throughRailway ? {ja: side.throughRailway.title.ja + "直通", en: "through to " + side.throughRailway.title.en} : null;
    return {...b, railway: one.railway ? one.railway.id : null, color: one.railway ? one.railway.color : null,
      names: {station: one.title, direction: side.directionName, railway: one.railway ? one.railway.title : null, toward: where}};
  };
  let bookmarks = load("eki.bookmarks", []);
  bookmarks = (Array.isArray(bookmarks) ? bookmarks : []).map(cleanBookmark).filter(Boolean);
  const isBookmarked = (s, d) => bookmarks.some(b => b.station === s && b.direction === d);
  document.querySelectorAll("button.bookmark").forEach(button => {
    const {station, direction} = button.dataset;
    const paint = () => { const on = isBookmarked(station, direction); button.setAttribute("aria-pressed", on); button.textContent = (on ? "★ " : "☆ ") + t("ブックマーク", "Bookmark"); };
    button.addEventListener("click", () => {
      bookmarks = isBookmarked(station, direction) ? bookmarks.filter(b => !(b.station === station && b.direction === direction))
        : [...bookmarks, cleanBookmark(JSON.parse(button.dataset.bookmark))].filter(Boolean);
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
  // A railway's colour is a class from lines.css (.line-da0442), never a style attribute: the
  // Content-Security-Policy allows the app's own stylesheets only.
  const lineClass = c => typeof c === "string" && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(c) ? " line-" + c.slice(1).toLowerCase() : "";
  const chip = b => b.names && b.names.railway ? `<span class="chip${lineClass(b.color)}">${esc(name(b.names.railway))}</span>` : "";
  const bookmarkCard = b => {
    const card = document.createElement("div"); card.className = "card";
    const title = b.names ? name(b.names.station) : b.station;
    const way = b.names ? [name(b.names.direction), b.names.toward ? name(b.names.toward) : ""].filter(Boolean).join(" · ") : b.direction;
    card.innerHTML = `<h3><a href="${link("/station/" + encodeURIComponent(b.station))}">${chip(b)}${esc(title)}</a> <small class="dim">${esc(way)}</small></h3><ol class="departures"></ol>`;
    return card;
  };
  const showBookmarks = async () => {
    if (!bookmarkList) return;
    bookmarkList.innerHTML = bookmarks.length ? "" : `<p class="dim">${esc(bookmarkList.dataset.empty)}</p>`;
    // Bookmarks without names get them once from the server (kept for next time, and offline).
    let named = false;
    for (const [i, b] of bookmarks.entries()) if (!b.names) {
      try { const full = await withNames(b); if (full) { bookmarks[i] = full; named = true; } } catch {}
    }
    if (named) save("eki.bookmarks", bookmarks);
    bookmarks.forEach(async b => {
      const card = bookmarkCard(b);
      bookmarkList.append(card);
      try {
        const next = await nextDepartures(b.station, b.direction, 3);
        q("ol", card).innerHTML = next.departures.map((d, i, all) => nextDayLine(d, i, all) + rowHTML(d, b.station)).join("");
        if (next.offline) q("h3", card).insertAdjacentHTML("beforeend", ` <small class="offline">${t("オフライン・時刻表から", "offline · from the timetable")}</small>`);
      } catch { q("ol", card).innerHTML = `<li class="dim">${t("取得できませんでした", "Could not load")}</li>`; }
    });
    keepForOffline();
  };
  showBookmarks();
  // Nearby: the server draws the cards (station → railway → next train each way); here they
  // are only put in the rider's order: near first, stations opened often pulled forward.
  const locate = q("#locate");
  if (locate) locate.addEventListener("click", () => {
    const list = q("#nearby .list");
    if (!navigator.geolocation) { list.textContent = t("位置情報が使えません", "Location is not available"); return; }
    list.textContent = t("現在地を取得中…", "Finding you…");
    navigator.geolocation.getCurrentPosition(async pos => {
      try {
        const r = await fetch(link(`/nearby?fragment=1&lat=${pos.coords.latitude.toFixed(5)}&lon=${pos.coords.longitude.toFixed(5)}`));
        if (!r.ok) throw new Error(r.status);
        list.innerHTML = await r.text();
        const score = c => Number(c.dataset.distance) / (1 + Math.log2(1 + Math.max(0, ...c.dataset.stations.split(" ").map(weight))));
        [...list.querySelectorAll(".card")].sort((a, b) => score(a) - score(b)).forEach(c => list.append(c));
      } catch { list.textContent = t("取得できませんでした", "Could not load"); }
    }, () => { list.textContent = t("位置情報の許可がありません", "Location permission was denied"); });
  });
  const exportButton = q("#export");
  if (exportButton) exportButton.addEventListener("click", () => {
    const blob = new Blob([JSON.stringify({bookmarks, history}, null, 2)], {type: "application/json"});
    const a = document.createElement("a"); a.href = URL.createObjectURL(blob); a.download = "eki-data.json"; a.click();
  });
  // Import: a real button opens the hidden file input (a <label> is not reachable by Tab).
  // Every entry is checked; bad ones are skipped and counted, never shown as "undefined".
  const importInput = q("#import"), importStatus = q("#import-status");
  if (importInput) q("#import-button").addEventListener("click", () => importInput.click());
  if (importInput) importInput.addEventListener("change", async () => {
    let data;
    try { data = JSON.parse(await importInput.files[0].text()); } catch { data = null; }
    importInput.value = "";
    if (!data || typeof data !== "object" || (!Array.isArray(data.bookmarks) && typeof data.history !== "object")) {
      importStatus.textContent = t("読み込めないファイルです", "That file could not be read"); return;
    }
    let kept = [], skipped = 0;
    for (const entry of Array.isArray(data.bookmarks) ? data.bookmarks : []) {
      let b = cleanBookmark(entry);
      // A station or direction the server does not know is skipped; offline, names come later.
      if (b && !b.names) { try { b = await withNames(b); } catch (e) { if (e.message === "404") b = null; } }
      if (b && !kept.some(k => k.station === b.station && k.direction === b.direction)) kept.push(b); else skipped += 1;
    }
    if (Array.isArray(data.bookmarks)) { bookmarks = kept; save("eki.bookmarks", bookmarks); }
    if (data.history && typeof data.history === "object") {
      const clean = {};
      for (const [id, h] of Object.entries(data.history))
        if (isId(id) && h && Number.isFinite(h.views) && Number.isFinite(h.last)) clean[id] = {views: h.views, last: h.last};
      Object.keys(history).forEach(k => delete history[k]); Object.assign(history, clean); save("eki.history", history);
    }
    importStatus.textContent = t(`${kept.length}件のブックマークを読み込みました`, `Imported ${kept.length} bookmark${kept.length === 1 ? "" : "s"}`)
      + (skipped ? t(`（${skipped}件は読み込めないため省きました）`, ` (skipped ${skipped} that could not be read)`) : "");
    showBookmarks();
  });

  // Timetable rows leave the boarding station off their links (a busy day has 400+ rows, and
  // the same ?from= on each is 15 KB): it is added as the rider follows one.
  const dayList = q("ol.day[data-from]");
  if (dayList) dayList.addEventListener("click", e => {
    const a = e.target.closest("a");
    if (a && !a.href.includes("from=")) a.href += (a.href.includes("?") ? "&" : "?") + "from=" + encodeURIComponent(dayList.dataset.from);
  });

  // The route bar: the rider's DIY route (kept by route.js) and what to do next, on every page;
  // and, when the rider turned them on, a notification before each train and before getting off.
  const midnight = date => Date.parse(date + "T00:00:00+09:00");
  const nextAction = plan => {
    const m = Math.floor((Date.now() - midnight(plan.serviceDate)) / 6e4);
    for (const s of plan.segments) {
      if (m < s.departureMinute) return {s, board: true, minutes: s.departureMinute - m};
      if (m < s.arrivalMinute) return {s, board: false, minutes: s.arrivalMinute - m,
        stops: Math.max(1, s.stops.slice(1).filter(x => (x.arrivalMinute ?? x.departureMinute) > m).length)};
    }
    return null;
  };
  const wait = m => m < 60 ? t(`${m}分`, `${m} min`) : t(`${Math.floor(m / 60)}時間${m % 60}分`, `${Math.floor(m / 60)} h ${m % 60} min`);
  const actionText = (a, plan) => !a ? t("到着しました", "Arrived") : a.board && a.minutes >= 720
    ? t(`${plan.serviceDate} ${name(a.s.board.title)} ${a.s.departure} 発`, `${plan.serviceDate}: leave ${name(a.s.board.title)} at ${a.s.departure}`)
    : a.board ? t(`${name(a.s.board.title)} ${a.s.departure} 発まで${wait(a.minutes)}`, `Leave ${name(a.s.board.title)} at ${a.s.departure}, in ${wait(a.minutes)}`)
    : t(`${name(a.s.alight.title)}で降車・あと${a.stops}駅（${a.s.arrival}）`, `Get off at ${name(a.s.alight.title)} in ${a.stops} stop${a.stops > 1 ? "s" : ""} (${a.s.arrival})`);
  // A route ends with its service day (03:00 the next morning). Keeping one also remembers its
  // pattern (stations and directions, and the days it was used) for suggestions.
  let kept = load("eki.route", null);
  if (kept && (!kept.plan || serviceNow().date > kept.date)) { localStorage.removeItem("eki.route"); kept = null; }
  // An edit of the kept route (a train added or swapped) replaces that route's pattern for the
  // day: growing 馬車道 → 中目黒 into 馬車道 → 中目黒 → 銀座 is one route, not two.
  const patternOf = plan => plan.segments.map(s => `${s.board.id}~${s.direction.id}~${s.alight.id}`).join(",");
  const storeRoute = (date, segments, plan, edit) => {
    const before = load("eki.route", null), patterns = load("eki.patterns", {}), key = patternOf(plan);
    if (edit && before && before.plan && before.date === date && patternOf(before.plan) !== key && patterns[patternOf(before.plan)]) {
      const old = patterns[patternOf(before.plan)];
      old.days = old.days.filter(d => d !== date);
      if (!old.days.length) delete patterns[patternOf(before.plan)];
    }
    save("eki.route", {date, segments, plan});
    const p = patterns[key] || {legs: plan.segments.map(s => ({board: s.board.id, direction: s.direction.id, alight: s.alight.id})), days: []};
    if (!p.days.includes(date)) p.days = [...p.days, date].slice(-60);
    patterns[key] = p; save("eki.patterns", patterns);
  };
  // Now on Tokyo's clock as the API's at= takes it (the phone's clock, not the server's).
  const tokyoNow = () => new Date(Date.now() + utcOffset * 6e4).toISOString().slice(0, 16);
  window.Eki = {t, q, esc, link, load, save, name, serviceNow, nextAction, actionText, storeRoute, tokyoNow};
  if (kept && !q(".board")) {
    const bar = document.createElement("a"); bar.className = "routebar"; bar.href = link("/route");
    // Read again each time: the route page may keep another route after this bar was drawn.
    const paint = () => { const r = load("eki.route", kept); bar.innerHTML = `<b>${t("ルート", "Route")}</b>${esc(actionText(nextAction(r.plan), r.plan))}`; };
    paint(); setInterval(paint, 15000); q("header.top").after(bar);
    if (localStorage.getItem("eki.notify") === "on" && window.Notification && Notification.permission === "granted") {
      const remind = (key, minute, title, body) => {
        const wait = midnight(kept.plan.serviceDate) + minute * 6e4 - Date.now();
        if (wait < -6e4 || wait > 6 * 3600e3) return;
        setTimeout(() => {
          const done = load("eki.notified", []); if (done.includes(key)) return;
          save("eki.notified", [...done, key].slice(-40)); new Notification(title, {body, tag: key});
        }, Math.max(0, wait));
      };
      kept.plan.segments.forEach((s, i) => {
        const id = `${kept.date}|${kept.segments}|${i}`, before = s.stops[s.stops.length - 2];
        remind(id + "|leave", s.departureMinute - 2, t("まもなく発車", "Leaving soon"), `${s.departure} ${name(s.board.title)} → ${name(s.destinationName)}`);
        if (before) remind(id + "|off", before.departureMinute ?? s.arrivalMinute - 2, t(`次は${name(s.alight.title)}`, `Next: ${name(s.alight.title)}`), t(`${s.arrival} 着、降ります`, `Get off at ${s.arrival}`));
      });
    }
  }

  // A Shinkansen trip kept by /ticket: its bar and arrival alarm (trip.js), loaded only then.
  const tripScript = document.body.dataset.tripScript;
  if (tripScript && localStorage.getItem("eki.trip") && !q(`script[src="${tripScript}"]`)) {
    const style = document.createElement("link"); style.rel = "stylesheet"; style.href = document.body.dataset.tripCss;
    const script = document.createElement("script"); script.src = tripScript;
    document.head.append(style, script);
  }

  // Train: the rider's stop in view.
  const mine = q("#mine"); if (mine) mine.scrollIntoView({block: "center"});

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
          return nextDayLine(d, i, all) + `<li><time>${esc(d.time)}</time>${badge(d)}<span class="dest${long(where) ? " long" : ""}">${esc(where)}</span><span class="until">${until(d.minutesUntil)}</span></li>`; }).join("");
        status.textContent = next.offline ? t("オフライン・時刻表から", "Offline · from the timetable") : "";
      } catch { status.textContent = t("再接続中…", "Reconnecting…"); }
    };
    // A board opened from the offline cache shows the rows of when it was kept: refresh at once.
    // A pinned board (?at=…) is a snapshot: its clock and rows stay as the server drew them.
    if (!("pinned" in board.dataset)) { tick(); setInterval(tick, 10000); refresh(); setInterval(refresh, 30000); }
  }
})();
