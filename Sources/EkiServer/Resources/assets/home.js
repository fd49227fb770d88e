// home.js, loaded by home alone: the bookmarks with their next departures, nearby stations in the
// rider's order, and export/import of bookmarks and history. The helpers and the bookmarks
// themselves are app.js's, through window.Eki (app.js runs first: both are deferred, in order).
"use strict";
(() => {
  const E = window.Eki;
  const {t, q, esc, link, save, name, api, nextDepartures, nextDayLine, rowHTML, keepForOffline, history, weight,
    isId, cleanBookmark, refill, live} = E;
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
    bookmarkList.innerHTML = E.bookmarks.length ? "" : `<p class="dim">${esc(bookmarkList.dataset.empty)}</p>`;
    // Bookmarks without names get them once from the server (kept for next time, and offline).
    let named = false;
    for (const [i, b] of E.bookmarks.entries()) if (!b.names) {
      try { const full = await withNames(b); if (full) { E.bookmarks[i] = full; named = true; } } catch {}
    }
    if (named) save("eki.bookmarks", E.bookmarks);
    E.bookmarks.forEach(async b => {
      const card = bookmarkCard(b);
      bookmarkList.append(card);
      try {
        const next = await nextDepartures(b.station, b.direction, 3);
        // The card says when its trains come from the kept timetable — also when it was drawn
        // online and refilled after the network went.
        const mark = offline => {
          const h = q("h3", card), shown = q("small.offline", h);
          if (offline && !shown) h.insertAdjacentHTML("beforeend", ` <small class="offline">${t("オフライン・時刻表から", "offline · from the timetable")}</small>`);
          if (!offline && shown) shown.remove();
        };
        const list = q("ol", card), rows = async () => { const n = await nextDepartures(b.station, b.direction, 3); mark(n.offline); return n.departures; };
        const draw = ds => ds.map((d, i, all) => nextDayLine(d, i, all) + rowHTML(d, b.station)).join("");
        list.innerHTML = draw(next.departures);
        refill(list, async () => draw(await rows()));
        live();
        mark(next.offline);
      } catch { q("ol", card).innerHTML = `<li class="dim">${t("取得できませんでした", "Could not load")}</li>`; }
    });
    keepForOffline();
  };
  showBookmarks();
  // Nearby: the server draws the cards (station → railway → next train each way); here they
  // are only put in the rider's order: near first, stations opened often pulled forward. Once the
  // rider has allowed their position, nearby shows on opening and follows them (issue 32, 13): it is
  // drawn again when they have moved 150 m or the fix has become twice as accurate; one drawing at a
  // time, then the latest fix. Each fix is kept (eki.position) for the usual routes, which start
  // from where the rider is.
  const locate = q("#locate");
  let drawn = null, drawing = false, waiting = null;
  const draw = async pos => {
    const list = q("#nearby .list"), c = pos.coords;
    save("eki.position", {lat: c.latitude, lon: c.longitude, at: Date.now()});
    document.dispatchEvent(new CustomEvent("eki:position"));
    if (drawing) { waiting = pos; return; }
    const moved = drawn ? Math.hypot((c.latitude - drawn.lat) * 111e3, (c.longitude - drawn.lon) * 91e3) : Infinity;
    if (drawn && moved < 150 && c.accuracy > drawn.accuracy / 2) return;
    drawing = true;
    try {
      const src = link(`/nearby?fragment=1&lat=${c.latitude.toFixed(5)}&lon=${c.longitude.toFixed(5)}`);
      const r = await fetch(src);
      if (!r.ok) throw new Error(r.status);
      list.dataset.src = src;
      list.innerHTML = await r.text();
      drawn = {lat: c.latitude, lon: c.longitude, accuracy: c.accuracy};
      live();
      const score = x => Number(x.dataset.distance) / (1 + Math.log2(1 + Math.max(0, ...x.dataset.stations.split(" ").map(weight))));
      [...list.querySelectorAll(".card")].sort((a, b) => score(a) - score(b)).forEach(x => list.append(x));
    } catch { if (!drawn) list.textContent = t("取得できませんでした", "Could not load"); }
    finally {
      drawing = false;
      if (waiting) { const next = waiting; waiting = null; draw(next); }
    }
  };
  const follow = () => {
    const list = q("#nearby .list");
    if (!navigator.geolocation) { list.textContent = t("位置情報が使えません", "Location is not available"); return; }
    if (!drawn) list.textContent = t("現在地を取得中…", "Finding you…");
    navigator.geolocation.watchPosition(pos => { localStorage.setItem("eki.locate", "on"); draw(pos); }, () => {
      localStorage.removeItem("eki.locate");
      if (!drawn) list.textContent = t("位置情報の許可がありません", "Location permission was denied");
    }, {enableHighAccuracy: true, maximumAge: 15e3});
    locate.hidden = true;
  };
  if (locate) {
    locate.addEventListener("click", follow);
    // Allowed before: no tap needed. The browser's own answer is asked first, so opening home
    // never prompts by surprise.
    if (localStorage.getItem("eki.locate") === "on" && navigator.permissions)
      navigator.permissions.query({name: "geolocation"}).then(p => { if (p.state === "granted") follow(); }).catch(() => {});
  }
  const exportButton = q("#export");
  if (exportButton) exportButton.addEventListener("click", () => {
    const blob = new Blob([JSON.stringify({bookmarks: E.bookmarks, history}, null, 2)], {type: "application/json"});
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
    if (Array.isArray(data.bookmarks)) { E.bookmarks = kept; save("eki.bookmarks", E.bookmarks); }
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
})();
