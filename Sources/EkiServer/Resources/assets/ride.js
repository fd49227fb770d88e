// ride.js: only /ride loads it. It makes a random session id, watches the position (or replays a
// file), posts each fix to /api/v1/ride/fix and draws the answer; a tap on another line pins it
// (/api/v1/ride/pin). Between answers the train's next stops move on by its timetable on the ride's
// own clock (a tunnel); the fixes sent can be saved as GPX or JSON Lines, in memory until then.
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
  const section = document.querySelector(".ride");
  // Words from words.json that only this script shows (the template puts them in data-words-*).
  const words = section.dataset;

  // The ride's own clock, in epoch seconds; never two clocks mixed. Live: the device's. A replay:
  // its file's, at the last fix sent, running on at the replay's speed while the replay waits for
  // the next fix (never past it), still while an answer is on its way, and stopped at the end.
  let replayClock = null;   // {at, since (performance.now() or null), speed, until}
  const rideNow = () => {
    if (!replayClock) return Date.now() / 1000;
    const c = replayClock;
    return c.since === null ? c.at : Math.min(c.until, c.at + (performance.now() - c.since) / 1000 * c.speed);
  };
  // When the last fix came, on that clock (null before the first).
  let lastFixAt = null;

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
    // An answer replaces whatever the timetable moved on while no fix came.
    section.dataset.tunnel = "false";
    delete section.dataset.timetableNext;
    show("ride-timetable", false);
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
    if (!a.railway) show("ride-map", false); else if (a.railway.id !== mapShown) drawMap(a.railway.id); else show("ride-map", !!q("ride-map").firstChild);
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
    drawStops(tr.stops);
    const path = `/train/${encodeURIComponent(tr.id)}?date=${tr.date}`;
    q("ride-train-link").href = lang === "en" ? path + "&lang=en" : path;
  };

  // The train's next stops, up to four, with their times; the rider's stop (the alert's station)
  // marked among them, or said after them when it comes later. The first is #ride-train-next.
  const shownStops = 4;
  let stopsDrawn = "";
  const drawStops = stops => {
    const mineId = q("ride-alert").value;
    const list = stops.slice(0, shownStops);
    const key = JSON.stringify([mineId, list.map(s => [s.station.id, s.arrival])]);
    const mine = mineId && stops.find(s => s.station.id === mineId);
    show("ride-train-mine", !!mine && !list.includes(mine));
    if (mine) q("ride-train-mine").textContent = t(`降車 ${name(mine.station.title)} ${mine.arrival}着`, `Your stop ${name(mine.station.title)} ${mine.arrival}`);
    if (key === stopsDrawn) return;   // unchanged: nothing for a screen reader to read again
    stopsDrawn = key;
    q("ride-stops").replaceChildren(...list.map((s, i) => {
      const li = document.createElement("li"), station = document.createElement("span"), time = document.createElement("time");
      li.dataset.station = s.station.id; li.dataset.time = s.arrival;
      if (i === 0) li.id = "ride-train-next";
      station.className = "ride-stop-name"; station.textContent = name(s.station.title);
      time.className = "ride-stop-time"; time.textContent = t(s.arrival + "着", s.arrival);
      li.append(station, " ", time);
      if (s === mine) {
        li.classList.add("ride-stop-mine");
        const you = document.createElement("span");
        you.className = "ride-stop-you"; you.textContent = t("降車", "Your stop");
        li.append(" ", you);
      }
      return li;
    }));
  };

  // A stop's time as a moment: HH:MM on the train's service day in Tokyo (UTC+9, no summer time).
  // The day runs past midnight: times before 03:00, or earlier than the stop before, are the next
  // calendar day's.
  const stopMoments = tr => {
    const [y, m, d] = tr.date.split("-").map(Number);
    const midnight = Date.UTC(y, m - 1, d) / 1000 - 9 * 3600;
    let previous = -Infinity;
    return tr.stops.map(s => {
      const [h, min] = s.arrival.split(":").map(Number);
      let minute = h * 60 + min;
      if (minute < 180) minute += 1440;
      while (minute < previous - 720) minute += 1440;
      previous = minute;
      return midnight + minute * 60;
    });
  };

  // Through a tunnel: with no fix for 60 s on the ride's clock, the reduced-accuracy marker shows
  // though no answer says so, and a stop whose minute is over on that clock drops off the list
  // (the next one named where the answer's was). The first answer after the gap replaces this.
  const tunnelAfter = 60;
  const tick = () => {
    if (lastFixAt === null || !lastAnswer) return;
    const now = rideNow();
    if (now - lastFixAt < tunnelAfter) return;
    section.dataset.tunnel = "true";
    show("ride-reduced", true);
    const tr = lastAnswer.train;
    if (!tr) return;
    const moments = stopMoments(tr);
    const left = tr.stops.filter((s, i) => moments[i] + 60 > now);
    if (left.length === tr.stops.length) return;
    show("ride-timetable", true);
    drawStops(left);
    if (left.length && section.dataset.timetableNext !== left[0].station.id) {
      // Once per stop, not every tick: the section is a live region.
      q("ride-phase").textContent = t("次の停車駅", "Next stop");
      q("ride-station").textContent = name(left[0].station.title);
      section.dataset.timetableNext = left[0].station.id;
    }
    show("ride-now", left.length > 0);
    show("ride-next", false);
  };
  let ticking = null;
  const startTicking = () => { if (ticking === null) ticking = setInterval(tick, 100); };
  const stopTicking = () => { clearInterval(ticking); ticking = null; };

  // The railway's picture (/railway/ID/map.svg) with the last position on it (#ride-here): the
  // picture's root carries the projection the server drew it with.
  let mapShown = null, here = null;
  const placeHere = (lat, lon) => {
    here = {lat, lon};
    const svg = q("ride-map").querySelector("svg"), dot = svg && svg.querySelector("#ride-here");
    if (!dot) return;
    const d = svg.dataset;
    dot.setAttribute("cx", ((lon - d.west) * d.shrink * d.scale + Number(d.dx)).toFixed(1));
    dot.setAttribute("cy", ((d.north - lat) * d.scale + Number(d.dy)).toFixed(1));
    dot.removeAttribute("visibility");
  };
  const drawMap = async id => {
    mapShown = id;
    try {
      const r = await fetch(`/railway/${encodeURIComponent(id)}/map.svg?lang=${lang}`);
      if (!r.ok || mapShown !== id) return;
      const svg = new DOMParser().parseFromString(await r.text(), "image/svg+xml").documentElement;
      if (svg.nodeName !== "svg" || mapShown !== id) return;
      svg.removeAttribute("width"); svg.removeAttribute("height");
      const dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      for (const [k, v] of Object.entries({id: "ride-here", r: "9", fill: "#d32f2f", stroke: "#ffffff", "stroke-width": "3", visibility: "hidden"})) dot.setAttribute(k, v);
      svg.append(dot);
      q("ride-map").replaceChildren(document.importNode(svg, true));
      show("ride-map", true);
      if (here) placeHere(here.lat, here.lon);
    } catch { }
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
    if (lastAnswer) { drawTrain(lastAnswer); tick(); }
    if (q("ride-alert").value && window.Notification && Notification.permission === "default") Notification.requestPermission();
  });

  const seconds = fix => typeof fix.t === "number" ? fix.t : Date.parse(fix.t) / 1000;
  // One request at a time: fixes that come while one is on its way wait and go together in the
  // next; a fix under half a second after the last one kept is dropped (the server refuses closer
  // ones, and the tracker learns nothing from them).
  let pending = [], inFlight = null, lastKept = -Infinity;
  // The fixes this session sent, for "Save this ride": in this tab's memory only.
  let sent = [];
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
    lastKept = at; pending.push(fix); sent.push(fix);
    if (typeof fix.lat === "number" && typeof fix.lon === "number") placeHere(fix.lat, fix.lon);
    show("ride-save", true);
    return flush();
  };
  let watch = null, wake = null, replaying = false, replayRun = 0;
  // A fresh session: the server's tracker for it knows nothing yet.
  const freshSession = () => {
    session = newId(); sessionStorage.setItem("eki.ride", session); lastKept = -Infinity;
    sent = []; show("ride-save", false); lastFixAt = null; lastAnswer = null; here = null;
  };
  const start = () => {
    if (!navigator.geolocation) { status(t("この端末では位置情報が使えません", "This device has no geolocation")); return; }
    // After a replay (in this tab, also before a reload) the tracker holds the file's ride, on the
    // file's clock: the rider's own ride starts from nothing, never sure of the file's line (its
    // fixes would be refused as going back in time, or read on top of it).
    if (sessionStorage.getItem("eki.ride.source") === "replay") freshSession();
    sessionStorage.setItem("eki.ride.source", "live");
    status(t("位置情報を待っています…", "Waiting for your position…"));
    replayClock = null;
    delete section.dataset.geoError;
    watch = navigator.geolocation.watchPosition(p => {
      const c = p.coords, known = v => (v === null || v === undefined || Number.isNaN(v)) ? -1 : v;
      // A tunnel is timed on the device's clock (the position's own stamp may be another's).
      lastFixAt = Date.now() / 1000;
      delete section.dataset.geoError;
      send({t: p.timestamp / 1000, lat: c.latitude, lon: c.longitude, accuracy: c.accuracy, speed: known(c.speed), course: known(c.heading)});
    }, e => {
      // The page's own words for GeolocationPositionError's codes, never the browser's message.
      // Refused, no position will come: the ride stops; else the watch goes on.
      section.dataset.geoError = String(e.code);
      status({1: words.wordsDenied, 2: words.wordsUnavailable, 3: words.wordsTimeout}[e.code] || words.wordsUnavailable);
      if (e.code === 1) stop();
    }, {enableHighAccuracy: true, maximumAge: 0, timeout: 60000});
    startTicking();
    // Keep the screen on while riding, where the browser allows it.
    if (navigator.wakeLock) navigator.wakeLock.request("screen").then(w => { wake = w; }).catch(() => {});
    show("ride-start", false); show("ride-stop", true);
  };
  // Ends a live ride or a replay (a replay waiting for its next fix stops at once).
  let wakeReplay = null;
  const stop = () => {
    if (watch !== null) navigator.geolocation.clearWatch(watch);
    watch = null; replaying = false;
    stopTicking();
    if (wakeReplay) wakeReplay();
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
    // A saved ride's first line also names the train found ("eki"): not part of the fix.
    return text.split("\n").filter(l => l.trim()).map(l => { const {eki, ...fix} = JSON.parse(l); return fix; });
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
    // A replay started while another runs ends that one (its loop sees it is no longer the run).
    const run = ++replayRun;
    const going = () => replaying && run === replayRun;
    section.dataset.replay = "running";
    show("ride-start", false); show("ride-stop", true);
    const speed = Number(q("ride-replay-speed").value);
    startTicking();
    for (let i = 0; i < fixes.length && going(); i++) {
      const at = seconds(fixes[i]), gap = i + 1 < fixes.length ? seconds(fixes[i + 1]) - at : 0;
      // The ride's clock is the file's: it stands at this fix while its answer is on the way.
      replayClock = {at, since: null, speed, until: at + Math.max(0, gap)};
      lastFixAt = at;
      // As fast as it goes (speed 0), fixes queue while a request is on its way and go 120 at a
      // time: a 20-minute ride is ten requests, not a thousand one after another.
      if (speed > 0 || pending.length >= 120) await send(fixes[i]); else send(fixes[i]);
      // The file's gaps are kept (a tunnel of two minutes is two minutes of the ride, 2 s at
      // 60×), up to ten minutes each; a stop ends the wait at once.
      if (speed > 0 && gap > 0 && going()) {
        replayClock.since = performance.now();
        await new Promise(r => { wakeReplay = r; setTimeout(r, Math.min(gap, 600) * 1000 / speed); });
        wakeReplay = null;
      }
    }
    // The last fixes' answer drawn before the replay says it is done; the ride's clock stops there.
    while (inFlight || pending.length) await flush();
    if (run !== replayRun) return;
    if (replayClock) replayClock.since = null;
    stopTicking();
    section.dataset.replay = replaying ? "done" : "stopped";
    if (!replaying) status(words.wordsStopped);
    replaying = false;
    show("ride-start", true); show("ride-stop", false);
  });

  // "Save this ride": the fixes sent in this session as a file for `eki track --replay` and this
  // page's replay, annotated with the train found (JSON Lines: an "eki" object on the first line,
  // which both readers pass over; GPX: the track's <desc> and <eki:train>). A Blob download: the
  // positions go nowhere but this device.
  const iso = at => new Date(at * 1000).toISOString().replace(".000Z", "Z");
  const found = () => {
    const a = lastAnswer;
    if (!a || !a.railway) return null;
    return {train: a.train ? a.train.id : null, date: a.train ? a.train.date : null, railway: a.railway.id,
            direction: a.direction ? a.direction.id : null,
            says: [name(a.railway.title), direction(a.direction), a.train ? name(a.train.trainTypeName) : "", a.train ? a.train.id : ""].filter(Boolean).join(" ")};
  };
  const number = v => (typeof v === "number" && Number.isFinite(v)) ? v : -1;
  const jsonLines = () => sent.map((f, i) => {
    const line = {t: iso(seconds(f)), lat: f.lat, lon: f.lon, accuracy: number(f.accuracy), speed: number(f.speed), course: number(f.course)};
    const train = i === 0 && found();
    return JSON.stringify(train ? {...line, eki: train} : line);
  }).join("\n") + "\n";
  const xml = text => String(text).replace(/[<>&"']/g, c => ({"<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;"}[c]));
  const gpx = () => {
    const train = found();
    const desc = train ? `Eki: ${train.says} (train ${train.train || "?"}, railway ${train.railway}, direction ${train.direction || "?"})` : "Eki: no train found";
    const points = sent.map(f => {
      const extra = ["accuracy", "speed", "course"].filter(k => number(f[k]) >= 0).map(k => `<eki:${k}>${number(f[k])}</eki:${k}>`).join("");
      return `<trkpt lat="${f.lat}" lon="${f.lon}"><time>${iso(seconds(f))}</time>${extra ? `<extensions>${extra}</extensions>` : ""}</trkpt>`;
    });
    const meta = train ? `<extensions><eki:train>${xml(train.train || "")}</eki:train><eki:railway>${xml(train.railway)}</eki:railway><eki:direction>${xml(train.direction || "")}</eki:direction></extensions>` : "";
    return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Eki" xmlns="http://www.topografix.com/GPX/1/1" xmlns:eki="https://eki.invalid/gpx/ride/1">
<metadata><name>Eki ride</name><desc>${xml(desc)}</desc>${sent.length ? `<time>${iso(seconds(sent[0]))}</time>` : ""}${meta}</metadata>
<trk><name>Eki ride</name><desc>${xml(desc)}</desc><trkseg>
${points.join("\n")}
</trkseg></trk>
</gpx>
`;
  };
  const fileName = ext => {
    const first = sent.length ? new Date((seconds(sent[0]) + 9 * 3600) * 1000).toISOString() : "";
    return `eki-ride-${first.slice(0, 10).replaceAll("-", "")}-${first.slice(11, 16).replace(":", "")}.${ext}`;
  };
  const download = (text, type, file) => {
    const url = URL.createObjectURL(new Blob([text], {type}));
    const a = document.createElement("a");
    a.href = url; a.download = file; a.hidden = true;
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  };
  q("ride-save-jsonl").addEventListener("click", () => download(jsonLines(), "application/x-ndjson", fileName("jsonl")));
  q("ride-save-gpx").addEventListener("click", () => download(gpx(), "application/gpx+xml", fileName("gpx")));
})();
