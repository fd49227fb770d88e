// route.js: only the pages that edit or find a route load it (a route's page, a train's page, home,
// fastest routes and the last train).
// It keeps the route in localStorage through window.Eki from app.js, which also draws the route
// bar and the notifications on every page.
"use strict";
(() => {
  const {t, q, esc, link, load, save, name, serviceNow, nextAction, actionText, tokyoNow, pace, paceQuery} = window.Eki;
  // The change pace (app.js): the route forms show it where the URL did not choose one, a change
  // keeps it, and the route calls send it.
  document.querySelectorAll("select.pace-field").forEach(select => {
    if (!new URLSearchParams(location.search).has("pace")) select.value = pace();
    select.addEventListener("change", () => save("eki.pace", select.value));
  });
  // Keeping a route also remembers its pattern (stations and directions, and the days it was
  // used) for suggestions. An edit of the kept route (a train added or swapped) replaces that route's pattern for the
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
  const problem = async r => { try { return (await r.json()).detail; } catch { return t("読み込めませんでした", "Could not load"); } };
  const routeURL = (date, segments, extra = "") => link(`/route?date=${date}&segments=${encodeURIComponent(segments)}${paceQuery()}${extra}`);

  // /route without a route in its URL: the kept route, when there is one.
  const kept = load("eki.route", null);
  if (q(".route-empty") && kept) location.replace(routeURL(kept.date, kept.segments));

  // A route's page: keep it when asked (or when it is the kept one), count down, share, notify, clear.
  const page = q(".route[data-date]");
  if (page) {
    const {date, segments} = page.dataset, plan = JSON.parse(q("#route-data").textContent);
    const use = q("#use-route"), mark = () => { use.hidden = true; q("#in-use").hidden = false; };
    if ("use" in page.dataset || (kept && kept.date === date && kept.segments === segments)) {
      storeRoute(date, segments, plan, page.dataset.use === "edit"); mark();
      const bar = q(".routebar"); if (bar) bar.lastChild.textContent = actionText(nextAction(plan), plan);
    }
    use.addEventListener("click", () => { storeRoute(date, segments, plan); location.reload(); });
    const action = q("#next-action"), paint = () => { action.textContent = actionText(nextAction(plan), plan); };
    paint(); setInterval(paint, 15000);
    q("#clear-route").addEventListener("click", () => { localStorage.removeItem("eki.route"); location.href = link("/route"); });
    // Notifications need the rider's permission; app.js schedules them on whatever page is open.
    const notify = q("#notify");
    if (window.Notification) {
      const on = () => localStorage.getItem("eki.notify") === "on" && Notification.permission === "granted";
      notify.hidden = false; notify.setAttribute("aria-pressed", on());
      notify.addEventListener("click", async () => {
        if (on()) localStorage.removeItem("eki.notify");
        else if (await Notification.requestPermission() === "granted") localStorage.setItem("eki.notify", "on");
        location.reload();
      });
    }
    // The next train: the one from where the last gets off that reaches the station typed first.
    const next = q("form.route-next");
    if (next) next.addEventListener("submit", async e => {
      e.preventDefault();
      const to = next.elements.to.value.trim(), status = q("#route-status");
      const r = await fetch(`/api/v1/route/next?from=${encodeURIComponent(next.dataset.arrived)}&arrived=${encodeURIComponent(next.dataset.arrived)}&arrivedDirection=${encodeURIComponent(next.dataset.direction)}`
        + `&at=${next.dataset.at}&to=${encodeURIComponent(to)}${paceQuery()}`);
      if (!r.ok) { status.textContent = await problem(r); return; }
      const s = await r.json(), longer = `${segments},${s.train}~${s.board.id}~${s.alight.id}`;
      const full = await fetch(`/api/v1/route?date=${date}&segments=${encodeURIComponent(longer)}${paceQuery()}`);
      if (!full.ok) { status.textContent = await problem(full); return; }
      storeRoute(date, longer, await full.json(), true);
      location.href = routeURL(date, longer);
    });
    // The card as a PNG, drawn from its SVG at twice the size: shared where the phone can, else saved.
    q("#share-png").addEventListener("click", async () => {
      const svg = await (await fetch(link(`/route/card.svg?date=${date}&segments=${encodeURIComponent(segments)}${paceQuery()}`))).text();
      const image = new Image();
      image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width * 2; canvas.height = image.height * 2;
      const g = canvas.getContext("2d"); g.scale(2, 2); g.drawImage(image, 0, 0);
      const blob = await new Promise(done => canvas.toBlob(done, "image/png"));
      const file = new File([blob], `eki-route-${date}.png`, {type: "image/png"});
      if (navigator.canShare && navigator.canShare({files: [file]})) { try { await navigator.share({files: [file], title: document.title}); return; } catch {} }
      const a = document.createElement("a"); a.href = URL.createObjectURL(blob); a.download = file.name; a.click();
    });
  }

  // A train's page: get off here. The train joins the kept route (or starts one) and the route opens.
  document.querySelectorAll("button.alight").forEach(button => button.addEventListener("click", async () => {
    const train = button.closest("[data-train]"), date = kept ? kept.date : serviceNow().date;
    const segments = [kept ? kept.segments : "", `${train.dataset.train}~${train.dataset.board}~${button.dataset.alight}`].filter(Boolean).join(",");
    const r = await fetch(`/api/v1/route?date=${date}&segments=${encodeURIComponent(segments)}${paceQuery()}`);
    if (!r.ok) { q("#route-status").textContent = await problem(r); return; }
    storeRoute(date, segments, await r.json(), Boolean(kept));
    location.href = routeURL(date, segments);
  }));

  // Home: routes taken before (most days first), filled with the next trains.
  const suggestions = q("#suggestions");
  const patterns = Object.values(load("eki.patterns", {})).filter(p => p && Array.isArray(p.legs) && Array.isArray(p.days))
    .sort((a, b) => b.days.length - a.days.length).slice(0, 8);
  // With a position of the last ten minutes (home's nearby keeps it), the routes that start near
  // the rider, nearest and most used first, their first train one they can walk to (issue 32, 14);
  // none near, the most used ones.
  const suggest = async () => {
    const list = patterns.map(p => `${p.days.length}*` + p.legs.map(l => `${l.board}~${l.direction}~${l.alight}`).join(",")).join("|");
    const ask = async near => {
      const r = await fetch(`/api/v1/route/suggest?patterns=${encodeURIComponent(list)}&at=${tokyoNow()}${near ? `&lat=${near.lat.toFixed(5)}&lon=${near.lon.toFixed(5)}` : ""}${paceQuery()}`);
      return r.ok ? (await r.json()).suggestions.filter(s => s.route) : [];
    };
    const position = load("eki.position", null);
    const near = position && Number.isFinite(position.lat) && Number.isFinite(position.lon) && Date.now() - position.at < 6e5 ? position : null;
    let found = near ? await ask(near) : [];
    if (!found.length) found = await ask(null);
    suggestions.dataset.near = found.some(s => s.distanceMeters != null) ? "1" : "";
    q(".list", suggestions).innerHTML = found.map(s => {
      const route = s.route, names = [name(route.segments[0].board.title), ...route.segments.map(x => name(x.alight.title))];
      const segments = route.segments.map(x => `${x.train}~${x.board.id}~${x.alight.id}`).join(",");
      return `<a class="card suggestion" href="${routeURL(route.serviceDate, segments, "&use=new")}"><b>${esc(names.join(" → "))}</b><br>`
        + `<time>${esc(route.departure)}</time> → <time>${esc(route.arrival)}</time> · ${t(`乗換${route.segments.length - 1}回`, `${route.segments.length - 1} change(s)`)}</a>`;
    }).join("");
    suggestions.hidden = !found.length;
  };
  if (suggestions && patterns.length) {
    suggest();
    // The first fix from home's nearby: ask again, from where the rider is (later fixes do not).
    document.addEventListener("eki:position", () => { if (!suggestions.dataset.near) suggest(); }, {once: true});
  }
})();
