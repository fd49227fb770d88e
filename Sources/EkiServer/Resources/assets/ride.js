// ride.js: only /ride loads it. It makes a random session id, watches the position (or replays a
// file), posts each fix to /api/v1/ride/fix and draws the answer; a tap on another line pins it
// (/api/v1/ride/pin).
"use strict";
(() => {
  const lang = document.body.dataset.lang || "ja";
  const t = (ja, en) => lang === "ja" ? ja : en;
  const q = id => document.getElementById(id);
  const name = n => n ? (lang === "ja" ? n.ja : n.en) : "";
  const show = (id, on) => { q(id).hidden = !on; };
  // A new id per tab: the server keeps a tracker per id, in memory only.
  const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), b => b.toString(16).padStart(2, "0")).join("");
  let session = sessionStorage.getItem("eki.ride") || newId();
  sessionStorage.setItem("eki.ride", session);
  const status = text => { q("ride-status").textContent = text; };
  const phaseWords = {
    approaching: t("次は", "Next"), at: t("ただいま", "Now at"), departed: t("発車", "Departed"),
    passing: t("通過", "Passing"), nearby: t("付近", "Near")
  };
  let railwayShown = null, alerted = null, pinned = false, lastAnswer = null;

  const post = async (path, body) => {
    const r = await fetch(path, {method: "POST", headers: {"content-type": "application/json", accept: "application/json"},
                                 body: JSON.stringify({session, ...body})});
    const data = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(data.detail || r.status);
    return data;
  };

  // A direction named after its terminal ("池袋方面") does not get its terminal again (issue 32, 8).
  const direction = d => {
    if (!d) return "";
    const title = name(d.title), places = (d.toward || []).map(name);
    const said = places.length === 0 || places.every(place => title.toLowerCase().includes(place.toLowerCase()));
    return said ? title : title + " " + t(places.join("・") + "方面", "toward " + places.join(" & "));
  };

  const draw = a => {
    const section = document.querySelector(".ride");
    section.dataset.phase = a.phase || "";
    section.dataset.railway = a.railway ? a.railway.id : "";
    section.dataset.next = a.nextStation ? a.nextStation.id : "";
    show("ride-line", !!a.railway);
    if (a.railway) {
      q("ride-line").style.setProperty("--line", a.railway.color || "#888");
      q("ride-railway").textContent = name(a.railway.title);
      q("ride-direction").textContent = direction(a.direction);
    }
    show("ride-pinned", a.pinned);
    // How sure: the tracker's confidence in the line shown (its share of the candidates' weight,
    // lines only nearby score 0). Where lines run side by side (山手線 / 京浜東北線 / 上野東京ライン
    // between 東京 and 品川) it stays low until a stop or a pass decides: below the server's
    // `sure` the page says it is not sure and the train is "probably" (a line the rider picked is
    // theirs).
    const total = (a.candidates || []).reduce((s, c) => s + Math.max(0, c.score), 0);
    const share = c => total > 0 && c.score > 0 ? ` (${Math.round(100 * c.score / total)}%)` : "";
    const sure = a.pinned || (typeof a.confidence === "number" && a.confidence >= a.sure);
    section.dataset.sure = a.railway ? String(sure) : "";
    show("ride-unsure", !!a.railway && !sure);
    show("ride-probably", !sure);
    lastAnswer = a;
    drawTrain(a);
    const focus = a.focusStation || a.nextStation;
    const nextDiffers = a.nextStation && (!focus || a.nextStation.id !== focus.id);
    // Approaching, the focus is the train's next stop; a station before it on the line is one the
    // train goes through: "次の停車駅 東京" with "新橋は通過", never "次は 東京" beside "次の駅: 新橋".
    const beyond = nextDiffers && a.phase === "approaching";
    show("ride-now", !!focus);
    if (focus) {
      q("ride-phase").textContent = beyond ? t("次の停車駅", "Next stop") : phaseWords[a.phase] || "";
      q("ride-station").textContent = name(focus.title);
    }
    show("ride-next", !!nextDiffers);
    if (nextDiffers) q("ride-next").textContent = beyond ? t(`${name(a.nextStation.title)}は通過`, `Passing ${name(a.nextStation.title)} first`)
      : t("次の駅: ", "Next station: ") + name(a.nextStation.title);
    show("ride-reduced", a.reducedAccuracy);
    show("ride-off", a.offTrain);
    status(a.railway ? "" : t("路線を調べています…", "Working out your line…"));
    pinned = a.pinned;
    show("ride-unpin", pinned);
    const confidence = typeof a.confidence === "number" && !a.pinned ? ` (${Math.round(100 * a.confidence)}%)` : "";
    if (a.railway) q("ride-direction").textContent = direction(a.direction) + confidence;
    const others = (a.candidates || []).filter(c => !a.railway || c.railway.id !== a.railway.id || c.direction.id !== (a.direction && a.direction.id)).slice(0, 6);
    show("ride-others", others.length > 0 || pinned);
    q("ride-candidates").replaceChildren(...others.map(c => {
      const li = document.createElement("li"), b = document.createElement("button");
      b.type = "button"; b.className = "ride-candidate"; b.style.setProperty("--line", c.railway.color || "#888");
      b.dataset.railway = c.railway.id; b.dataset.direction = c.direction.id;
      b.textContent = name(c.railway.title) + " · " + direction(c.direction) + share(c);
      b.addEventListener("click", () => post("/api/v1/ride/pin", {railway: c.railway.id, direction: c.direction.id}).then(draw).catch(e => status(String(e.message))));
      li.append(b); return li;
    }));
    if (a.railway && a.railway.id !== railwayShown) { railwayShown = a.railway.id; fillAlert(a.railway.id); }
    const chosen = q("ride-alert").value;
    if (chosen && a.nextStation && a.nextStation.id === chosen && alerted !== chosen) {
      alerted = chosen;
      const text = t(`次は ${name(a.nextStation.title)} です`, `Next: ${name(a.nextStation.title)}`);
      if (navigator.vibrate) navigator.vibrate([300, 150, 300]);
      if (window.Notification && Notification.permission === "granted") new Notification("Eki", {body: text});
      status(text);
    }
  };

  // The train itself: type, destination, its arrival at the next station and at the rider's
  // stop (the alert's station, when it is one of the train's stops still to come), its page.
  const drawTrain = a => {
    const tr = a.train;
    show("ride-train", !!tr);
    if (!tr) return;
    const badge = q("ride-train-badge");
    badge.className = "badge c-" + (tr.category || "line");
    badge.style.setProperty("--line", (a.railway && a.railway.color) || "#888");
    badge.textContent = tr.badge || "";
    show("ride-train-badge", !!tr.badge);
    q("ride-train-type").textContent = name(tr.trainTypeName);
    q("ride-train-dest").textContent = t(name(tr.destinationName) + "行", "for " + name(tr.destinationName));
    const at = s => t(`${name(s.station.title)} ${s.arrival}着`, `${name(s.station.title)} ${s.arrival}`);
    const next = tr.stops[0];
    q("ride-train-next").textContent = next ? at(next) : "";
    const mine = q("ride-alert").value && tr.stops.find(s => s.station.id === q("ride-alert").value);
    show("ride-train-mine", !!mine && mine !== next);
    if (mine) q("ride-train-mine").textContent = t("降車 ", "Your stop ") + at(mine);
    const path = `/train/${encodeURIComponent(tr.id)}?date=${tr.date}`;
    q("ride-train-link").href = lang === "en" ? path + "&lang=en" : path;
  };

  // The alert's stations: the line's own list, from the railway API.
  const fillAlert = async id => {
    try {
      const r = await fetch("/api/v1/railway/" + encodeURIComponent(id), {headers: {accept: "application/json"}});
      const railway = await r.json(), select = q("ride-alert"), keep = select.value;
      select.replaceChildren(new Option(t("（なし）", "(none)"), ""), ...(railway.stations || []).map(s => new Option(name(s.title), s.id)));
      select.value = keep;
    } catch { }
  };
  q("ride-alert").addEventListener("change", () => {
    alerted = null;
    if (lastAnswer) drawTrain(lastAnswer);
    if (q("ride-alert").value && window.Notification && Notification.permission === "default") Notification.requestPermission();
  });

  const seconds = fix => typeof fix.t === "number" ? fix.t : Date.parse(fix.t) / 1000;
  // One request at a time: fixes that come while one is on its way wait and go together in the
  // next; a fix under half a second after the last one kept is dropped (the server refuses closer
  // ones, and the tracker learns nothing from them).
  let pending = [], inFlight = null, lastKept = -Infinity;
  const flush = () => {
    if (inFlight || !pending.length) return inFlight || Promise.resolve();
    inFlight = post("/api/v1/ride/fix", {fixes: pending.splice(0, 120)}).then(draw)
      .catch(e => status(t("送れませんでした: ", "Could not send: ") + e.message))
      .finally(() => { inFlight = null; flush(); });
    return inFlight;
  };
  const send = fix => {
    const at = seconds(fix);
    if (!(at - lastKept >= 0.5)) return inFlight || Promise.resolve();
    lastKept = at; pending.push(fix);
    return flush();
  };
  let watch = null, wake = null, replaying = false;
  // A fresh session: the server's tracker for it knows nothing yet.
  const freshSession = () => { session = newId(); sessionStorage.setItem("eki.ride", session); lastKept = -Infinity; };
  const start = () => {
    if (!navigator.geolocation) { status(t("この端末では位置情報が使えません", "This device has no geolocation")); return; }
    // After a replay (in this tab, also before a reload) the tracker holds the file's ride, on the
    // file's clock: the rider's own ride starts from nothing, never sure of the file's line (its
    // fixes would be refused as going back in time, or read on top of it).
    if (sessionStorage.getItem("eki.ride.source") === "replay") freshSession();
    sessionStorage.setItem("eki.ride.source", "live");
    status(t("位置情報を待っています…", "Waiting for your position…"));
    watch = navigator.geolocation.watchPosition(p => {
      const c = p.coords, known = v => (v === null || v === undefined || Number.isNaN(v)) ? -1 : v;
      send({t: p.timestamp / 1000, lat: c.latitude, lon: c.longitude, accuracy: c.accuracy, speed: known(c.speed), course: known(c.heading)});
    }, e => status(t("位置情報を使えません: ", "No position: ") + e.message), {enableHighAccuracy: true, maximumAge: 0, timeout: 60000});
    // Keep the screen on while riding, where the browser allows it.
    if (navigator.wakeLock) navigator.wakeLock.request("screen").then(w => { wake = w; }).catch(() => {});
    show("ride-start", false); show("ride-stop", true);
  };
  const stop = () => {
    if (watch !== null) navigator.geolocation.clearWatch(watch);
    watch = null; replaying = false;
    if (wake) wake.release().catch(() => {});
    show("ride-start", true); show("ride-stop", false);
  };
  q("ride-start").addEventListener("click", start);
  q("ride-stop").addEventListener("click", stop);
  q("ride-unpin").addEventListener("click", () => post("/api/v1/ride/pin", {railway: null, direction: null}).then(draw));

  // Replay: the file's fixes in order, at its own pace times the chosen speed.
  const parse = text => {
    if (text.trimStart().startsWith("<")) {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return Array.from(doc.getElementsByTagName("trkpt")).map(p => {
        const value = tag => { const e = p.getElementsByTagName(tag)[0] || Array.from(p.getElementsByTagName("*")).find(x => x.localName === tag); return e ? Number(e.textContent) : -1; };
        const time = p.getElementsByTagName("time")[0];
        return {t: time ? time.textContent.trim() : 0, lat: Number(p.getAttribute("lat")), lon: Number(p.getAttribute("lon")),
                accuracy: value("accuracy") >= 0 ? value("accuracy") : 20, speed: value("speed"), course: value("course")};
      });
    }
    return text.split("\n").filter(l => l.trim()).map(l => JSON.parse(l));
  };
  q("ride-replay").addEventListener("change", async e => {
    const file = e.target.files[0];
    if (!file) return;
    let fixes;
    try { fixes = parse(await file.text()); } catch { status(t("ファイルを読めません", "Cannot read the file")); return; }
    stop();
    freshSession();
    sessionStorage.setItem("eki.ride.source", "replay");
    replaying = true;
    document.querySelector(".ride").dataset.replay = "running";
    const speed = Number(q("ride-replay-speed").value);
    for (let i = 0; i < fixes.length && replaying; i++) {
      // As fast as it goes (speed 0), fixes queue while a request is on its way and go 120 at a
      // time: a 20-minute ride is ten requests, not a thousand one after another.
      if (speed > 0 || pending.length >= 120) await send(fixes[i]); else send(fixes[i]);
      const gap = i + 1 < fixes.length ? (seconds(fixes[i + 1]) - seconds(fixes[i])) : 0;
      if (speed > 0 && gap > 0) await new Promise(r => setTimeout(r, Math.min(gap, 120) * 1000 / speed));
    }
    // The last fixes' answer drawn before the replay says it is done.
    while (inFlight || pending.length) await flush();
    document.querySelector(".ride").dataset.replay = replaying ? "done" : "stopped";
    replaying = false;
  });
})();
