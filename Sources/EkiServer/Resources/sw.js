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

// A page never seen, offline: say so, in the page's language, and list what is kept (home, the
// pages seen, the bookmarks' boards) by their titles — never another page under this address.
const escapeHTML = s => String(s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
const offlinePage = async url => {
  const en = pageLang(url) === "en", t = (ja, e) => en ? e : ja;
  const items = [];
  for (const name of [SHELL, PAGES]) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const kept = new URL(request.url);
      if (request.url.includes("/assets/") || (pageLang(kept) === "en") !== en) continue;
      const text = await (await cache.match(request)).text();
      if (!text.startsWith("<!doctype html>")) continue;
      const title = (text.match(/<title>([^<]*)<\/title>/) || [])[1] || escapeHTML(kept.pathname);
      // The title alone can repeat (a station's timetable and board share one): the address says which.
      const where = decodeURIComponent(kept.pathname + kept.search);
      if (!items.some(i => i.where === where)) items.push({where, html: `<li><a href="${escapeHTML(kept.pathname + kept.search)}">${title.replace(/ · Eki$/, "")} <small class="dim">${escapeHTML(where)}</small></a></li>`});
    }
  }
  const html = `<!doctype html><html lang="${en ? "en" : "ja"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${t("オフライン", "Offline")} · Eki</title><link rel="stylesheet" href="${escapeHTML(assets["app.css"] || "")}"></head>
<body data-lang="${en ? "en" : "ja"}"><main id="main" class="offline-page"><h1>${t("オフラインです", "You are offline")}</h1>
<p class="notice">${t("このページは保存されていないため表示できません。保存済みのページ:", "This page was not saved, so it cannot be shown. Saved pages:")}</p>
<ul class="choices">${items.map(i => i.html).join("") || `<li>${t("なし", "None")}</li>`}</ul></main></body></html>`;
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
