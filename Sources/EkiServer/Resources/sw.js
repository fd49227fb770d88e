// sw.js, the service worker (served at /sw.js so its scope is every page): keeps the app usable
// with the server unreachable.
//
// The server puts one line before this file: `self.ekiManifest = {version, shell, assets, lang}`, made
// from the same asset manifest the pages link with (AssetManifest.swift): `shell` lists the app
// shell's URLs (home in both languages, the stylesheets, scripts and icon under their hashed
// names), `assets` maps each file's plain name to its hashed URL, `lang` is the data's language
// (a page without ?lang= speaks it). The line changes whenever an
// asset does, so the browser installs the new worker and the new shell replaces the old one.
//
// - Pages are fetched from the network first and kept, so a page seen once opens offline.
// - The day timetables the page asks to keep (bookmarks, today and tomorrow) are stored in their
//   own cache; app.js computes departures from them when the departures API cannot be reached.
"use strict";
const {version, shell, assets, lang} = self.ekiManifest;
// A page's language: its ?lang=, else the data's (Japanese for Tokyo, a feed's own).
const pageLang = url => url.searchParams.get("lang") || lang || "ja";
const SHELL = "eki-shell-" + version, PAGES = "eki-pages", DATA = "eki-data";

self.addEventListener("install", event => {
  event.waitUntil(caches.open(SHELL).then(cache => cache.addAll(shell)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", event => {
  event.waitUntil(caches.keys()
    .then(names => Promise.all(names.filter(n => n.startsWith("eki-shell-") && n !== SHELL).map(n => caches.delete(n))))
    .then(() => self.clients.claim()));
});

// Network first, keeping a copy; the kept copy when the network fails.
const networkFirst = async (request, cacheName) => {
  try {
    const response = await fetch(request);
    if (response.ok) { const cache = await caches.open(cacheName); await cache.put(request, response.clone()); }
    return response;
  } catch (error) {
    const kept = await caches.match(request);
    if (kept) return kept;
    if (request.mode === "navigate") return offlinePage(new URL(request.url));
    throw error;
  }
};

// A page never seen, offline: say so, in the page's language, and list every kept page (home, the
// pages seen, the bookmarks' boards), in either language, once each, by a name a rider reads:
// its title, what kind of page it is (駅, 発車標 with its direction, 時刻表, 表, a date) — never
// another page under this address. A page kept in both languages is named in the page's language.
const escapeHTML = s => String(s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
const unescapeHTML = s => String(s).replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'"}[e]));
const KINDS = {station: ["駅", "Station"], board: ["発車標", "Board"], timetable: ["時刻表", "Timetable"], train: ["列車", "Train"],
  railway: ["路線", "Line"], route: ["ルート", "Route"], nearby: ["近くの駅", "Nearby"], search: ["検索", "Search"]};
const savedName = (kept, text, t) => {
  const title = unescapeHTML((text.match(/<title>([^<]*)<\/title>/) || [])[1] || kept.pathname).replace(/ · Eki$/, "");
  const kind = KINDS[kept.pathname.split("/")[1]];
  const parts = [title];
  // A board's title is its station: its heading (…方面) says which direction.
  const heading = kept.pathname.startsWith("/board/") && (text.match(/<p class="where">.*?<span>([^<]*)<\/span><\/p>/s) || [])[1];
  if (heading) parts.push(unescapeHTML(heading));
  if (kind && kind[0] !== title && kind[1] !== title) parts.push(t(...kind));
  if (kept.searchParams.get("view") === "grid") parts.push(t("一覧表", "grid"));
  if (kept.searchParams.get("date")) parts.push(kept.searchParams.get("date"));
  return parts.join(" · ");
};
const offlinePage = async url => {
  const en = pageLang(url) === "en", t = (ja, e) => en ? e : ja;
  const pages = new Map();   // the address without ?lang= → {href, name, inLang}
  for (const name of [SHELL, PAGES]) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const kept = new URL(request.url);
      if (kept.pathname.startsWith("/assets/")) continue;
      const text = await (await cache.match(request)).text();
      if (!text.startsWith("<!doctype html>")) continue;
      const same = new URL(kept); same.searchParams.delete("lang");
      const key = same.pathname + same.search, inLang = (pageLang(kept) === "en") === en, seen = pages.get(key);
      if (seen && (seen.inLang || !inLang)) continue;
      pages.set(key, {href: kept.pathname + kept.search, name: savedName(kept, text, t), inLang});
    }
  }
  const items = [...pages.values()].sort((a, b) => a.href.localeCompare(b.href))
    .map(p => `<li><a href="${escapeHTML(p.href)}">${escapeHTML(p.name)}</a></li>`);
  const html = `<!doctype html><html lang="${en ? "en" : "ja"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${t("オフライン", "Offline")} · Eki</title><link rel="stylesheet" href="${escapeHTML(assets["app.css"] || "")}"></head>
<body data-lang="${en ? "en" : "ja"}"><main id="main" class="offline-page"><h1>${t("オフラインです", "You are offline")}</h1>
<p class="notice">${t("このページは保存されていないため表示できません。保存済みのページ:", "This page was not saved, so it cannot be shown. Saved pages:")}</p>
<ul class="choices">${items.join("") || `<li>${t("なし", "None")}</li>`}</ul></main></body></html>`;
  return new Response(html, {status: 503, headers: {"content-type": "text/html; charset=utf-8", "cache-control": "no-store"}});
};

// An asset by its hashed name, from the shell; offline, a page kept before the assets changed
// asks for an older name: it gets today's file of the same plain name (app.1a2b3c4d5e.css → app.css).
const asset = async request => {
  const kept = await caches.match(request);
  if (kept) return kept;
  try {
    return await fetch(request);
  } catch (error) {
    const plain = new URL(request.url).pathname.split("/").pop().replace(/\.[0-9a-f]{10}(\.\w+)$/, "$1");
    const current = assets[plain] && await caches.match(assets[plain]);
    if (current) return current;
    throw error;
  }
};

self.addEventListener("fetch", event => {
  const request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(asset(request));
  } else if (url.pathname === "/api/v1/timetable") {
    event.respondWith(networkFirst(request, DATA));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, url.pathname === "/" ? SHELL : PAGES));
  }
  // Everything else (departures, search, nearby) goes to the network as usual: the page
  // falls back to the kept timetables itself.
});

// {type: "keep", urls}: fetch and keep these (timetables for today and tomorrow, boards),
// and drop kept timetables that are no longer asked for (yesterday's, removed bookmarks).
self.addEventListener("message", event => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  const wanted = new Set(data.urls.map(u => new URL(u, location.origin).href));
  event.waitUntil((async () => {
    const cache = await caches.open(DATA), pages = await caches.open(PAGES);
    for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
    await Promise.all([...wanted].map(async href => {
      try {
        const response = await fetch(href);
        if (response.ok) await (href.includes("/api/") ? cache : pages).put(href, response);
      } catch {}
    }));
    if (event.source) event.source.postMessage({type: "kept", count: (await cache.keys()).length});
  })());
});
