// offline.js: what a page needs only when the server cannot be reached, loaded by app.js on the
// first failed request (and kept by the service worker with the app shell): search from what is
// kept, and nearby's ways drawn again from the kept timetables.
"use strict";
(() => {
  const {q, esc, t, link, due, badge, dest, until, keptDepartures} = window.Eki;
  const english = document.body.dataset.lang === "en";

  // The stations the rider keeps (bookmarks, with their names) and the station pages kept for
  // offline use, by the name or id as typed — no reading of kana or romaji, which needs the
  // server; the answer says it is offline, or that nothing kept matches.
  let kept = null;
  const keptStations = async () => {
    if (kept) return kept;
    const found = new Map();
    for (const b of window.Eki.bookmarks) if (b.names) found.set(b.station, {ja: b.names.station.ja, en: b.names.station.en});
    try {
      const pages = window.caches && await caches.open("eki-pages");
      for (const request of pages ? await pages.keys() : []) {
        const m = new URL(request.url).pathname.match(/^\/station\/([^/]+)$/);
        if (!m || found.has(decodeURIComponent(m[1]))) continue;
        const title = ((await (await pages.match(request)).text()).match(/<title>([^<]*)<\/title>/) || [])[1];
        if (title) found.set(decodeURIComponent(m[1]), {ja: title.replace(/ · Eki$/, ""), en: ""});
      }
    } catch {}
    return (kept = found);
  };
  const keptSearch = async text => {
    const needle = text.toLowerCase(), rows = [];
    for (const [id, n] of await keptStations()) {
      if (![id, n.ja, n.en].some(v => v && v.toLowerCase().includes(needle))) continue;
      rows.push(`<div class="result"><a class="row" href="${link("/station/" + encodeURIComponent(id))}"><span class="title">${esc(english && n.en ? n.en : n.ja)}</span></a></div>`);
    }
    const note = rows.length ? t("オフライン・保存済みの駅から", "Offline · from the stations kept")
      : t("オフラインのため検索できません（保存済みの駅に一致なし）", "Offline: cannot search (no kept station matches)");
    return `<p class="offline">${esc(note)}</p>` + rows.slice(0, 10).join("");
  };

  // Each nearby way whose train left or went out of reach is drawn again from the timetable kept
  // for it (a bookmark's), or says none is kept: never a struck train left standing.
  const nearbyOffline = async list => {
    for (const ways of list.querySelectorAll("ol.ways[data-short]")) {
      delete ways.dataset.short;
      for (const li of ways.querySelectorAll("li.late, li.offline-gap")) {
        const a = q("a", li), walk = Number(li.dataset.walk || 0), way = q(".way", li);
        const target = a && new URL(a.href, location.href), m = target && target.pathname.match(/^\/timetable\/([^/]+)$/);
        if (!m) continue;
        let row = null;
        try { row = (await keptDepartures(decodeURIComponent(m[1]), target.searchParams.get("direction"), 8)).find(d => d.minutesUntil >= walk); } catch {}
        const label = way ? way.outerHTML : "";
        if (row) {
          li.className = ""; li.dataset.due = due(row);
          a.innerHTML = `${label}<time>${esc(row.time)}</time>${badge(row)}<span class="dest">${esc(dest(row))}</span><span class="until">${until(row.minutesUntil)}</span>`;
        } else {
          li.className = "offline-gap"; delete li.dataset.due;
          a.innerHTML = `${label}<span class="dim">${esc(t("時刻表の保存なし", "no timetable kept"))}</span>`;
        }
      }
    }
    // Said once every way is drawn again (a check may wait for it).
    if (!q("p.offline", list)) list.insertAdjacentHTML("afterbegin", `<p class="offline">${esc(t("オフライン・保存した時刻表から", "Offline · from the kept timetables"))}</p>`);
  };

  window.EkiOffline = {keptSearch, nearbyOffline};
})();
