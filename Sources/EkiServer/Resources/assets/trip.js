// trip.js, loaded by /ticket, and by app.js on every other page while a trip is kept: the rider's Shinkansen trip (kept by ticket.js in localStorage) in
// the bar under the header — before departure the time, train and car/seat, on board the arrival
// station, time and progress — and the arrival alarm: a notification, a sound and a full-screen
// board when it fires. Everything here runs from localStorage, so it works offline once loaded.
// Shares its helpers with ticket.js as window.EkiTrip.
"use strict";
(() => {
  const lang = document.body.dataset.lang || "ja";
  const t = (ja, en) => lang === "ja" ? ja : en;
  const esc = s => String(s).replace(/[&<>"']/g, c => ({"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;","'":"&#39;"}[c]));
  const link = p => lang === "en" ? p + (p.includes("?") ? "&" : "?") + "lang=en" : p;
  const KEY = "eki.trip", RANG = "eki.trip.rang";

  // The kept trip, checked: anything else (an older version's, a hand-edited one) is no trip.
  const clock = v => typeof v === "string" && /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(v) ? v : null;
  const load = () => {
    try {
      const trip = JSON.parse(localStorage.getItem(KEY));
      if (!trip || typeof trip.ticket !== "object" || !trip.ticket) return null;
      const k = trip.ticket;
      k.date = typeof k.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(k.date) ? k.date : null;
      k.departure = clock(k.departure); k.arrival = clock(k.arrival);
      trip.confidence = trip.confidence && typeof trip.confidence === "object" ? trip.confidence : {};
      trip.alarm = {on: !(trip.alarm && trip.alarm.on === false), minutes: Math.min(60, Math.max(1, +(trip.alarm && trip.alarm.minutes) || 10))};
      return trip;
    } catch { return null; }
  };
  const save = trip => localStorage.setItem(KEY, JSON.stringify(trip));

  // Ticket times are Tokyo's; an arrival clock before the departure's is the next day.
  const at = (date, hm) => date && hm ? Date.parse(`${date}T${hm}:00+09:00`) : null;
  const times = trip => {
    const k = trip.ticket, dep = at(k.date, k.departure);
    let arr = at(k.date, k.arrival);
    if (dep !== null && arr !== null && arr < dep) arr += 864e5;
    return {dep, arr};
  };
  // As Trip.phase in EkiTicket: a trip ends 30 minutes after arrival.
  const phase = (trip, now = Date.now()) => {
    const {dep, arr} = times(trip);
    if (dep === null) return {kind: "incomplete"};
    if (now < dep) return {kind: "before", ms: dep - now};
    if (arr === null) return now - dep > 864e5 ? {kind: "ended"} : {kind: "onboard", ms: null, progress: null};
    if (now < arr) return {kind: "onboard", ms: arr - now, progress: (now - dep) / Math.max(6e4, arr - dep)};
    return now - arr > 30 * 6e4 ? {kind: "ended"} : {kind: "arrived", ms: now - arr};
  };
  // The ticket's date against today in Tokyo, as Trip.dateStatus in EkiTicket: "past" once its day
  // is over and the ride is not still going (23:40 → 00:20), "future" beyond the same day next year
  // (JR sells a month ahead: a year misread), "missing", else "ok".
  const tokyoDay = (now = Date.now()) => new Date(now + 9 * 3600e3).toISOString().slice(0, 10);
  const dateStatus = (trip, now = Date.now()) => {
    const date = trip.ticket.date, today = tokyoDay(now);
    if (!date) return "missing";
    if (date < today) { const kind = phase(trip, now).kind; return kind === "onboard" || kind === "arrived" ? "ok" : "past"; }
    const [y, m, d] = today.split("-"), limit = m === "02" && d === "29" ? `${+y + 1}-02-28` : `${+y + 1}-${m}-${d}`;
    return date > limit ? "future" : "ok";
  };
  // "2026年1月5日（月）", "Mon 5 Jan 2026", as TripWords.long.
  const longDate = iso => {
    const [y, m, d] = iso.split("-").map(Number), w = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    return t(`${y}年${m}月${d}日（${"日月火水木金土"[w]}）`,
      `${["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][w]} ${d} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]} ${y}`);
  };
  // The date told plainly when it cannot be today's trip (TripWords.dateNote); "" when it is fine.
  const dateNote = (trip, now = Date.now()) => {
    const status = dateStatus(trip, now), date = trip.ticket.date;
    return status === "past" ? t(`この切符は${longDate(date)}のものです（過ぎています）`, `This ticket is for ${longDate(date)}, which has passed`)
      : status === "future" ? t(`この切符は${longDate(date)}のもので、1年以上先です`, `This ticket is for ${longDate(date)}, more than a year ahead`) : "";
  };
  // As Trip.isGap: a field a scanned ticket shows but the scan could not read (null). Not on a
  // ticket typed in (empty there is the rider's answer), nor a field the rider emptied (confidence
  // 1), nor the car and seat of a non-reserved ticket.
  const SCORED = ["date", "train", "from", "to", "departure", "arrival", "car", "seat", "seatClass"];
  const has = (k, f) => k[f] !== null && k[f] !== undefined && k[f] !== "";
  const isGap = (trip, f) => {
    const k = trip.ticket;
    return !has(k, f) && k.source !== "manual" && SCORED.includes(f) && (trip.confidence || {})[f] !== 1 && !(k.reserved === false && (f === "car" || f === "seat"));
  };
  // A field to check: read below 0.8, or a gap (Trip.isUnsure).
  const isUnsure = (trip, f) => has(trip.ticket, f) ? ((trip.confidence || {})[f] ?? 0) < 0.8 : isGap(trip, f);
  const minutes = ms => Math.ceil(ms / 6e4);
  const span = m => m < 60 ? t(`${m}分`, `${m} min`) : t(`${Math.floor(m / 60)}時間${m % 60}分`, `${Math.floor(m / 60)} h ${m % 60} min`);
  const trainName = k => k.train ? (lang === "ja" ? `${k.train.name}${k.train.number}号` : `${k.train.nameEn} ${k.train.number}`) : "";
  const station = s => s ? (lang === "ja" ? s.name : s.nameEn || s.name) : "";
  const seatText = k => [k.car ? t(`${k.car}号車`, `Car ${k.car}`) : "", k.seat ? t(`${k.seat}`, `Seat ${k.seat}`) : ""].filter(Boolean).join(" ");
  // One line, as `eki ticket` says it.
  const line = (trip, p = phase(trip)) => {
    const k = trip.ticket, seat = seatText(k);
    if (dateStatus(trip) === "future") return dateNote(trip);
    switch (p.kind) {
    case "before": return t(`${trainName(k)} ${k.departure}発まで${span(minutes(p.ms))}`, `${trainName(k)} leaves ${k.departure}, in ${span(minutes(p.ms))}`) + (seat ? " · " + seat : "");
    case "onboard": return p.ms === null ? t(`${trainName(k)} 乗車中`, `On ${trainName(k)}`)
      : t(`${station(k.to)} ${k.arrival}着まで${span(minutes(p.ms))}`, `${station(k.to)} at ${k.arrival}, in ${span(minutes(p.ms))}`);
    case "arrived": return t(`${station(k.to)}に到着しました`, `Arrived at ${station(k.to)}`);
    default: return t("きっぷの日付と時刻を入れてください", "Add the ticket's date and times");
    }
  };

  // The alarm: once per trip and setting, when the arrival is the rider's minutes away.
  let audio = null;
  const unlockSound = () => { try { audio = audio || new AudioContext(); audio.resume(); } catch {} };
  const beep = () => {
    try {
      unlockSound();
      for (let i = 0; i < 6; i++) {
        const o = audio.createOscillator(), g = audio.createGain(), s = audio.currentTime + i * 0.5;
        o.frequency.value = i % 2 ? 880 : 1175; g.gain.setValueAtTime(0.25, s); g.gain.exponentialRampToValueAtTime(0.001, s + 0.4);
        o.connect(g).connect(audio.destination); o.start(s); o.stop(s + 0.45);
      }
    } catch {}
  };
  const ring = (trip, test) => {
    const k = trip.ticket, p = phase(trip);
    const big = t(`まもなく ${station(k.to)}`, `Next: ${station(k.to)}`);
    const small = p.kind === "onboard" && p.ms !== null ? t(`${k.arrival}着 · あと${span(minutes(p.ms))}`, `Arriving ${k.arrival} · in ${span(minutes(p.ms))}`) : k.arrival || "";
    let board = document.querySelector(".trip-alarm");
    if (!board) {
      board = document.createElement("div"); board.className = "trip-alarm"; board.setAttribute("role", "alertdialog");
      document.body.append(board);
    }
    board.innerHTML = `<p class="trip-alarm-big">${esc(big)}</p><p class="trip-alarm-small">${esc(small)}</p>`
      + `<p class="trip-alarm-seat">${esc([trainName(k), seatText(k)].filter(Boolean).join(" · "))}</p><button type="button">${t("OK", "OK")}</button>`;
    board.hidden = false;
    board.querySelector("button").addEventListener("click", () => { board.hidden = true; });
    beep();
    if (navigator.vibrate) navigator.vibrate([400, 200, 400, 200, 400]);
    if (!test && window.Notification && Notification.permission === "granted") {
      try { new Notification(big, {body: small, tag: "eki-trip-alarm"}); } catch {}
    }
  };
  const alarmKey = trip => `${trip.ticket.date}|${trip.ticket.arrival}|${trip.alarm.minutes}`;
  const checkAlarm = () => {
    const trip = load();
    if (!trip || !trip.alarm.on) return;
    const {arr} = times(trip);
    if (arr === null || localStorage.getItem(RANG) === alarmKey(trip)) return;
    const left = arr - Date.now();
    if (left <= trip.alarm.minutes * 6e4 && left > -6e4) { localStorage.setItem(RANG, alarmKey(trip)); ring(trip, false); }
  };

  window.EkiTrip = {KEY, load, save, times, phase, dateStatus, longDate, dateNote, isGap, isUnsure, SCORED, line, span, minutes, trainName,
    station, seatText, ring, unlockSound, t, esc, link};

  // The bar, on every page but the wall board and the ticket page itself (which shows it all).
  const paintBar = bar => {
    const trip = load(), p = trip && phase(trip);
    if (!trip || p.kind === "ended" || p.kind === "incomplete") { bar.hidden = true; return; }
    bar.hidden = false;
    const progress = p.kind === "onboard" && p.progress !== null ? `<progress max="1000" value="${Math.round(Math.min(1, p.progress) * 1000)}"></progress>` : "";
    bar.innerHTML = `<b>${t("新幹線", "Shinkansen")}</b>${esc(line(trip, p))}${progress}`;
  };
  const header = document.querySelector("header.top");
  if (header && !document.querySelector(".board") && !document.querySelector("#ticket")) {
    const bar = document.createElement("a"); bar.className = "tripbar"; bar.href = link("/ticket"); bar.hidden = true;
    header.after(bar); paintBar(bar); setInterval(() => paintBar(bar), 15000);
  }
  checkAlarm(); setInterval(checkAlarm, 5000);
})();
