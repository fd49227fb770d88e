// app.js, loaded by every page: search as you type, bookmarks and history in localStorage, nearby,
// live countdowns, offline fallbacks, and the route bar. What one page alone needs is that page's
// own script (home.js, board.js, route.js…), so a timetable does not carry it; they share these
// helpers through window.Eki.
"use strict";
(() => {
  // Script-only controls (type=button) show once this runs (app.css).
  document.documentElement.classList.add("js");
  const lang = document.body.dataset.lang || "ja";
  const t = (ja, en) => lang === "ja" ? ja : en;
  const q = (s, root = document) => root.querySelector(s);
  const esc = s => String(s).replace(/[&<>"']/g, c => ({"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;","'":"&#39;"}[c]));
  // Links carry lang= only when the page is not in the data's own language (PageScope.link).
  const home = document.body.dataset.defaultLang || "ja";
  const link = p => lang !== home ? p + (p.includes("?") ? "&" : "?") + "lang=" + lang : p;
  const load = (k, d) => { try { return JSON.parse(localStorage.getItem(k)) ?? d; } catch { return d; } };
  const save = (k, v) => localStorage.setItem(k, JSON.stringify(v));
  // The countdown rule of Words.until on the server (CLI and pages): whole minutes, まもなく / now under one.
  const until = m => m < 1 ? t("まもなく", "now") : m < 60 ? t(`${m}分後`, `in ${m} min`) : t(`${Math.floor(m/60)}時間${m%60}分後`, `in ${Math.floor(m/60)} h ${m%60} min`);
  // A departure's badge as the server decided it (TrainBadge: the API's badge and category) and
  // drawn as Badge in PageView.swift: 各 快 準 急 特 on the category's colour, else the line's short
  // name (a GTFS feed's "1", "SLE"), else none.
  const typeNames = {local: "Local", rapid: "Rapid", semiExpress: "Semi-Exp.", express: "Express", limited: "Ltd. Exp."};
  const badge = d => !d.badge ? "" : d.category ? `<span class="badge c-${esc(d.category)}">${esc(d.badge)}${lang === "en" && typeNames[d.category] ? `<span class="type-name"> ${typeNames[d.category]}</span>` : ""}</span>`
    : `<span class="badge c-line">${esc(d.badge)}</span>`;
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
  const due = d => `${esc(d.serviceDate)} ${Number(d.serviceMinute)}`;
  const rowHTML = (d, from) => `<li data-due="${due(d)}"><a href="${link("/train/" + encodeURIComponent(d.trainId) + "?date=" + d.serviceDate + "&from=" + encodeURIComponent(from))}"><time>${esc(d.time)}</time>${badge(d)}<span class="dest">${esc(dest(d))}</span><span class="until">${until(d.minutesUntil)}</span></a></li>`;

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
  // Now on Tokyo's clock as the API's at= takes it (the phone's clock, not the server's).
  const tokyoNow = () => new Date(Date.now() + utcOffset * 6e4).toISOString().slice(0, 16);
  const timetableURL = (s, d, date) => `/api/v1/timetable?station=${encodeURIComponent(s)}&direction=${encodeURIComponent(d)}&date=${date}`;
  const keptDepartures = async (station, direction, limit) => {
    const now = serviceNow(), rows = [];
    for (const k of [0, 1]) {
      const kept = window.caches && await caches.match(timetableURL(station, direction, day(now.date, k)));
      if (!kept) continue;
      const data = await kept.json(), one = Array.isArray(data) ? data[0] : data;
      for (const d of one.departures) {
        const m = d.serviceMinute + 1440 * k - now.minute;
        if (m >= 0) rows.push({...d, serviceDate: day(now.date, k), minutesUntil: m});
      }
      if (rows.length >= limit) break;
    }
    if (!rows.length) throw new Error("nothing kept");
    return rows.slice(0, limit);
  };
  // {departures, offline}: from the server, else from the kept timetables.
  const nextDepartures = async (station, direction, limit) => {
    try {
      const data = await api(`/api/v1/departures?station=${encodeURIComponent(station)}&direction=${encodeURIComponent(direction)}&limit=${limit}&at=${tokyoNow()}`);
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
  let bookmarks = load("eki.bookmarks", []);
  bookmarks = (Array.isArray(bookmarks) ? bookmarks : []).map(cleanBookmark).filter(Boolean);
  const isBookmarked = (s, d) => bookmarks.some(b => b.station === s && b.direction === d);
  // Bookmarks made with JavaScript off live in a cookie (station:direction|…, the server's
  // CookieBookmarks): taken in once each time the cookie changes; home.js names them.
  const cookie = (document.cookie.split("; ").find(c => c.startsWith("eki_bookmarks=")) || "").slice(14);
  if (cookie && localStorage.getItem("eki.cookieBookmarks") !== cookie) {
    for (const pair of cookie.split("|").slice(0, 20)) {
      const [station, direction] = pair.split(":"), b = cleanBookmark({station, direction});
      if (b && !isBookmarked(station, direction)) bookmarks.push(b);
    }
    save("eki.bookmarks", bookmarks);
    try { localStorage.setItem("eki.cookieBookmarks", cookie); } catch {}
  }
  document.querySelectorAll("button.bookmark").forEach(button => {
    const {station, direction} = button.dataset;
    const paint = () => { const on = isBookmarked(station, direction); button.setAttribute("aria-pressed", on); button.textContent = (on ? "★ " : "☆ ") + t("ブックマーク", "Bookmark"); };
    // The button submits its form (the cookie) only without JavaScript.
    button.addEventListener("click", event => {
      event.preventDefault();
      bookmarks = isBookmarked(station, direction) ? bookmarks.filter(b => !(b.station === station && b.direction === direction))
        : [...bookmarks, cleanBookmark(JSON.parse(button.dataset.bookmark))].filter(Boolean);
      save("eki.bookmarks", bookmarks); paint(); keepForOffline();
    });
    paint();
  });
  const stationSection = q(".station button.bookmark");
  if (stationSection) recordView(stationSection.dataset.station);

  // What only an offline page needs (offline.js: search from what is kept, nearby drawn again
  // from the kept timetables) is loaded when the network first fails; the service worker keeps it.
  let offlineScript;
  const offline = () => offlineScript || (offlineScript = new Promise((done, fail) => {
    const script = document.createElement("script"); script.src = document.body.dataset.offlineScript;
    script.onload = () => done(window.EkiOffline); script.onerror = () => { offlineScript = null; fail(); };
    document.head.append(script);
  }));

  // Search as you type, in the header box and on the search page.
  const box = q("form.search input[name=q]"), results = q("#results");
  if (box && results) {
    let timer, last = "";
    box.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const text = box.value.trim(); if (text === last) return; last = text;
        if (!text) { results.innerHTML = ""; return; }
        let html;
        try {
          const r = await fetch(link("/search?fragment=1&q=" + encodeURIComponent(text)));
          if (!r.ok) return;
          html = await r.text();
        } catch {   // offline: only what is kept, or said plainly when even that cannot be read
          try { html = await (await offline()).keptSearch(text); }
          catch { html = `<p class="offline">${esc(t("オフラインのため検索できません", "Offline: cannot search"))}</p>`; }
        }
        if (box.value.trim() === text) results.innerHTML = html;
      }, 120);
    });
    const params = new URLSearchParams(location.search); if (params.get("q")) box.value = params.get("q");
  }

  // The route forms' date picker offers the dates routes are found for: up to 30 days on, as the API.
  document.querySelectorAll("form.route-form input[type=datetime-local]").forEach(input => {
    input.max = new Date(Date.now() + utcOffset * 6e4 + 30 * 864e5).toISOString().slice(0, 10) + "T23:59";
  });

  // Live: countdowns (data-due) recounted every 15 s; gone trains roll off, short lists refill.
  const dueAt = text => {
    const [date, minute] = String(text).split(" ");
    return Date.parse(date + "T00:00:00Z") - utcOffset * 6e4 + Number(minute) * 6e4;
  };
  const refills = [];
  const refill = (list, load) => refills.push(async () => {
    if (!list.dataset.short || list.dataset.busy || !list.isConnected) return;
    list.dataset.busy = "1";
    try { list.innerHTML = await load(); delete list.dataset.short; live(); } catch {} finally { delete list.dataset.busy; }
  });
  const live = () => {
    const now = Date.now();
    document.querySelectorAll("li[data-due]").forEach(li => {
      // 12:14 is まもなく until 12:15, then gone, as the API counts (a refill cannot bring it back).
      const due = dueAt(li.dataset.due), m = Math.max(0, Math.floor((due - now) / 6e4));
      const list = li.parentElement;
      // Nearby's ways are struck, not removed, until the server's redraw replaces them (offline,
      // `nearbyOffline` draws each way again from what is kept).
      if (now - due >= 6e4 && li.dataset.walk) { li.classList.add("late"); list.dataset.short = "1"; return; }
      if (now - due >= 6e4) { li.remove(); list.dataset.short = "1"; return; }
      const u = q(".until", li); if (u) u.textContent = until(m);
      // A nearby train that went out of walking reach: the list is drawn again from now, so the
      // first train the rider can still reach is shown (the server picks it), not just a struck one.
      if (li.dataset.walk) {
        const late = m < Number(li.dataset.walk);
        if (late && !li.classList.contains("late")) list.dataset.short = "1";
        li.classList.toggle("late", late);
      }
    });
    refills.forEach(f => f());
  };
  const pinnedPage = new URLSearchParams(location.search).has("at");
  // Nearby: redrawn by the server when a train left.
  const nearbyList = q("#nearby .list") || (location.pathname === "/nearby" && q("main .list"));
  if (nearbyList) refills.push(async () => {
    if (!nearbyList.querySelector("ol.ways[data-short]") || nearbyList.dataset.busy) return;
    const src = nearbyList.dataset.src || (location.pathname === "/nearby" ? location.pathname + location.search + "&fragment=page" : null);
    if (!src) return;
    nearbyList.dataset.busy = "1";
    // From the next whole minute: the server counts whole minutes, the page counts from now, and
    // 12:14:40 is one minute short of a train at 12:16 — as the server sees it from 12:15.
    const at = new Date(Math.ceil(Date.now() / 6e4) * 6e4 + utcOffset * 6e4).toISOString().slice(0, 16);
    try { const r = await fetch(src + "&at=" + at); if (r.ok) { nearbyList.innerHTML = await r.text(); live(); } }
    catch { try { await (await offline()).nearbyOffline(nearbyList); } catch {} } finally { delete nearbyList.dataset.busy; }
  });
  document.querySelectorAll(".side").forEach(side => {
    const list = q("ol.departures", side), button = q("button.bookmark", side);
    if (!list || !button) return;
    const want = Math.max(list.children.length, 3), {station, direction} = button.dataset;
    // Offline, the list says its trains come from the kept timetable.
    refill(list, async () => {
      const next = await nextDepartures(station, direction, want);
      return (next.offline ? `<li class="offline">${esc(t("オフライン・時刻表から", "Offline · from the timetable"))}</li>` : "")
        + next.departures.map(d => rowHTML(d, station)).join("");
    });
  });
  if (!pinnedPage) {
    live();
    setInterval(live, 15000);
    document.addEventListener("visibilitychange", () => { if (!document.hidden) live(); });
  }

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
    // Whole minutes to go counted down as the departure lists do (7分後 at 7.5 minutes, まもなく
    // under one), not the minutes of the clock between now and then.
    const ms = Date.now() - midnight(plan.serviceDate), m = Math.floor(ms / 6e4), left = minute => Math.floor((minute * 6e4 - ms) / 6e4);
    for (const [i, s] of plan.segments.entries()) {
      // At a change: the walk it needs at the rider's pace (the route's neededMinutes), and whether the plan is tight.
      if (m < s.departureMinute) return {s, board: true, minutes: left(s.departureMinute), change: i ? plan.transfers[i - 1] : null};
      if (m < s.arrivalMinute) return {s, board: false, minutes: left(s.arrivalMinute),
        stops: Math.max(1, s.stops.slice(1).filter(x => (x.arrivalMinute ?? x.departureMinute) > m).length)};
    }
    return null;
  };
  const wait = m => m < 60 ? t(`${m}分`, `${m} min`) : t(`${Math.floor(m / 60)}時間${m % 60}分`, `${Math.floor(m / 60)} h ${m % 60} min`);
  const actionText = (a, plan) => !a ? t("到着しました", "Arrived") : a.board && a.minutes >= 720
    ? t(`${plan.serviceDate} ${name(a.s.board.title)} ${a.s.departure} 発`, `${plan.serviceDate}: leave ${name(a.s.board.title)} at ${a.s.departure}`)
    : a.board && a.minutes < 1 ? t(`${name(a.s.board.title)} ${a.s.departure} まもなく発車`, `Leave ${name(a.s.board.title)} at ${a.s.departure}, now`)
    : a.board ? t(`${name(a.s.board.title)} ${a.s.departure} 発まで${wait(a.minutes)}` + (!a.change ? "" : a.change.impossible ? "（乗換できません）" : `（乗換${a.change.neededMinutes}分${a.change.tight ? "・短い乗換" : ""}）`),
      `Leave ${name(a.s.board.title)} at ${a.s.departure}, in ${wait(a.minutes)}` + (!a.change ? "" : a.change.impossible ? " (this change cannot be made)" : ` (${a.change.neededMinutes} min to change${a.change.tight ? ", tight" : ""})`))
    : t(`${name(a.s.alight.title)}で降車・あと${a.stops}駅（${a.s.arrival}）`, `Get off at ${name(a.s.alight.title)} in ${a.stops} stop${a.stops > 1 ? "s" : ""} (${a.s.arrival})`);
  // The change pace (急ぎ / 標準 / ゆっくり) the rider keeps in the browser with the bookmarks
  // (route.js's forms set it): every route call and the ticket page's walk plan at it.
  const pace = () => ["hurry", "relaxed"].includes(load("eki.pace", "")) ? load("eki.pace", "") : "standard";
  const paceQuery = () => pace() === "standard" ? "" : "&pace=" + pace();
  // A route ends with its service day (03:00 the next morning). route.js keeps one (storeRoute).
  let kept = load("eki.route", null);
  if (kept && (!kept.plan || serviceNow().date > kept.date)) { localStorage.removeItem("eki.route"); kept = null; }
  window.Eki = {t, q, esc, link, load, save, name, serviceNow, nextAction, actionText, tokyoNow, pace, paceQuery,
    api, until, badge, dest, due, rowHTML, nextDayLine, nextDepartures, keptDepartures, keepForOffline, history, recordView, weight,
    isId, cleanBookmark, refill, refills, live,
    // The bookmarks are app.js's (its bookmark buttons change them); home.js reads and replaces them.
    get bookmarks() { return bookmarks; }, set bookmarks(list) { bookmarks = list; }};
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

  // Sticky parts stack under the header and the route bar, at their real heights.
  const stack = () => {
    const header = q("header.top"), bar = q(".routebar");
    if (!header) return;
    if (bar) bar.style.top = header.offsetHeight + "px";
    document.documentElement.style.setProperty("--sticky-top", header.offsetHeight + (bar ? bar.offsetHeight : 0) + "px");
  };
  stack(); addEventListener("resize", stack);
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
})();
