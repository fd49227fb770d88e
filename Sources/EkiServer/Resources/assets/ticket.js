// ticket.js, only /ticket loads it: a photo or screenshot goes to this Eki server's
// POST /api/v1/ticket/scan (nowhere else), the answer fills the ticket's facsimile where every field
// can be corrected, and the trip is kept in localStorage (eki.trip) for the live view below and
// the bar and alarm of trip.js. The image stays on the device: a smaller copy is kept beside the
// trip to check against.
"use strict";
(() => {
  const T = window.EkiTrip, page = document.querySelector("#ticket");
  if (!T || !page) return;
  const {t, esc, link} = T, lang = document.body.dataset.lang || "ja";
  const q = s => document.querySelector(s);
  // The change pace the route pages keep (app.js): the walk off the Shinkansen and "leave by"
  // count it too.
  const paceQuery = window.Eki ? window.Eki.paceQuery : () => "";
  const IMAGE = "eki.trip.image";
  const form = q("#facsimile"), status = q("#scan-status"), scan = q("#scan"), live = q("#trip");
  const figure = q("#scan-image"), img = q("#scan-img"), frame = q("#scan-frame"), boxes = q("#scan-words");
  const fields = ["date", "train", "from", "to", "departure", "arrival", "car", "seat", "seatClass"];
  // Names in both languages, from the datalists the server filled from the dictionaries.
  const names = list => new Map([...document.querySelectorAll(`#${list} option`)].flatMap(o =>
    [[o.dataset.ja, {ja: o.dataset.ja, en: o.dataset.en}], [o.dataset.en.toLowerCase(), {ja: o.dataset.ja, en: o.dataset.en}]]));
  const stations = names("ticket-stations"), trains = names("ticket-trains");
  // As printed (東　京 with the printers' full-width space) or typed in either language.
  const named = (map, text) => { const bare = text.replace(/[\s\u3000]+/g, ""); return map.get(text) || map.get(text.toLowerCase()) || map.get(bare) || {ja: text, en: text}; };
  const tokyoToday = () => new Date(Date.now() + 9 * 3600e3).toISOString().slice(0, 10);

  let scanned = null;   // the scan's answer, until the rider keeps the ticket
  let editing = null;   // the kept ticket being corrected (its source and language stay)
  let imageURL = null;  // the image as a data: URL (the page's policy allows data: images)

  // --- The scan's words drawn over the image: each word's box is in the original image's pixels
  // (upright as shown), so in percent of the image it lands on the shrunk copy at any zoom. The words
  // that show a value the ticket was read with (a station, the train, a time …) are marked apart.
  const norm = text => String(text).normalize("NFKC").replace(/[\s\u3000]+/g, "").toLowerCase();
  const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
  const fieldKeys = k => {
    const keys = [];  // [field, key, whole]: a whole key is a word by itself (a bare number), else it is found in a line
    const add = (field, key, whole = false) => { if (key) keys.push([field, norm(key), whole]); };
    for (const f of ["from", "to"]) if (k[f]) { add(f, k[f].name); add(f, k[f].nameEn); }
    if (k.train) { add("train", k.train.name); add("train", k.train.nameEn); add("train", `${k.train.number}号`); add("train", `${k.train.nameEn}${k.train.number}`); }
    for (const f of ["departure", "arrival"]) if (k[f]) { const [h, m] = k[f].split(":"); add(f, k[f]); add(f, `${+h}:${m}`); add(f, `${+h}時${m}分`); }
    if (k.date) {
      const [, m, d] = k.date.split("-"), mon = MONTHS[+m - 1];
      for (const key of [`${+m}月${+d}日`, `${+m}/${+d}`, k.date, `${mon}${+d}`, `${+d}${mon}`]) add("date", key);
    }
    if (k.car) { add("car", `${k.car}号車`); add("car", `car${k.car}`); }
    if (k.seat) { const [, row, letter] = /^(\d+)([A-E])$/.exec(k.seat) || []; add("seat", k.seat); if (row) add("seat", `${row}番${letter}`); }
    if (k.seatClass) for (const name of {ordinary: ["普通車", "ordinary"], green: ["グリーン", "green"], granClass: ["グランクラス", "granclass"]}[k.seatClass] || []) add("seatClass", name);
    if (k.train) add("train", String(k.train.number), true);
    if (k.car) add("car", String(k.car), true);
    return keys;
  };
  // Which field each word shows. The scan cuts printed text into small words (2025 年 1 月 19 日,
  // ひか り), so each model's words are put into lines (by their middles), the line's text is joined
  // and each field's keys are looked for in it: the words under a key show that field. A key that
  // starts or ends with a digit must not be part of a longer number (9 of 19). Bare numbers (the
  // train's, the car's) count only as words of their own, and only where no key claimed them.
  const fieldsOf = (words, keys) => {
    const fields = words.map(() => null), lines = [];
    words.forEach((w, i) => {
      const mid = w.y + w.height / 2;
      const line = lines.find(l => l.model === w.model && Math.abs(l.mid - mid) < l.height / 2);
      if (line) line.words.push(i); else lines.push({model: w.model, mid, height: w.height, words: [i]});
    });
    const digit = c => c !== undefined && /\d/.test(c);
    for (const line of lines) {
      let text = "";
      const owner = [];
      for (const i of line.words.sort((a, b) => words[a].x - words[b].x)) for (const c of norm(words[i].text)) { text += c; owner.push(i); }
      for (const [field, key, whole] of keys) {
        if (whole) continue;
        for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + 1)) {
          const end = at + key.length;
          if ((digit(key[0]) && digit(text[at - 1])) || (digit(key[key.length - 1]) && digit(text[end]))) continue;
          for (let c = at; c < end; c++) if (fields[owner[c]] === null) fields[owner[c]] = field;
        }
      }
    }
    words.forEach((w, i) => {
      const hit = fields[i] === null && keys.find(([, key, whole]) => whole && norm(w.text) === key);
      if (hit) fields[i] = hit[0];
    });
    return fields;
  };
  const clearWords = () => { boxes.replaceChildren(); figure.classList.remove("read"); frame.classList.remove("busy"); };
  const drawWords = (answer, size) => {
    boxes.replaceChildren();
    const width = answer.image ? answer.image.width : size && size.width, height = answer.image ? answer.image.height : size && size.height;
    if (!width || !height) return;
    const words = answer.words || [], fields = fieldsOf(words, fieldKeys(answer.ticket || {})), pc = n => `${(100 * n).toFixed(3)}%`;
    words.forEach((word, i) => {
      const box = document.createElement("span"), field = fields[i];
      box.className = field ? "scan-word field" : "scan-word";
      if (field) box.dataset.field = field;
      box.style.left = pc(word.x / width); box.style.top = pc(word.y / height);
      box.style.width = pc(word.width / width); box.style.height = pc(word.height / height);
      boxes.append(box);
    });
    figure.classList.add("read");
  };

  // --- The facsimile: every field an input; unsure ones and gaps (a field the scan could not read)
  // marked ？; what the rider changes is sure. A date that has passed or is over a year ahead is told
  // beside it as the rider types.
  const fill = (ticket, unsure) => {
    const k = ticket || {}, lf = n => form.elements[n];
    lf("from").value = k.from ? (lang === "ja" ? k.from.name : k.from.nameEn) : "";
    lf("to").value = k.to ? (lang === "ja" ? k.to.name : k.to.nameEn) : "";
    lf("date").value = k.date || ""; lf("departure").value = k.departure || ""; lf("arrival").value = k.arrival || "";
    lf("trainName").value = k.train ? (lang === "ja" ? k.train.name : k.train.nameEn) : "";
    lf("trainNumber").value = k.train ? k.train.number : "";
    lf("car").value = k.car || ""; lf("seat").value = k.seat || ""; lf("seatClass").value = k.seatClass || "";
    form.querySelectorAll(".field").forEach(f => { f.classList.toggle("unsure", unsure.includes(f.dataset.field)); f.classList.toggle("empty", ticket && !fieldValue(f.dataset.field)); });
    // A gap shows its ？ on the face too, where a box can hold one (not the seat's "3B" example).
    for (const box of form.querySelectorAll("input[name=from], input[name=to], input[name=trainName], input[name=trainNumber], input[name=car]")) {
      box.placeholder = !box.value && unsure.includes(box.closest(".field").dataset.field) ? t("？", "?") : "";
    }
    q("#fac-note").hidden = !unsure.length;
    q("#fac-image").hidden = !imageURL;
    form.hidden = false;
    checkDate();
  };
  const checkDate = () => {
    const note = form.elements.date.value ? T.dateNote({ticket: {...ticketFromForm(), date: form.elements.date.value}, confidence: {}}) : "";
    q("#fac-date-text").textContent = note ? note + t("。日付が違っていれば直してください。", ". If the date is wrong, change it.") : "";
    q("#fac-date").hidden = !note;
    form.querySelector('.field[data-field="date"]').classList.toggle("date-off", !!note);
  };
  // Puts the rider on the date: the field scrolled to and focused (a phone opens its picker on a tap).
  const toDate = () => {
    const box = form.elements.date;
    box.scrollIntoView({block: "center"}); box.focus();
  };
  q("#fac-date-fix").addEventListener("click", toDate);
  const fieldValue = name => {
    const v = n => form.elements[n].value.trim();
    return name === "train" ? v("trainName") && v("trainNumber") : v(name);
  };
  const edited = e => {
    const f = e.target.closest(".field");
    if (f) { f.classList.remove("unsure", "empty"); f.dataset.edited = "1"; if (e.target.name !== "seat") e.target.placeholder = ""; }
    if (f && f.dataset.field === "date") checkDate();
  };
  form.addEventListener("input", edited); form.addEventListener("change", edited);
  const ticketFromForm = () => {
    const v = n => form.elements[n].value.trim();
    const station = n => { if (!v(n)) return null; const s = named(stations, v(n)); return {name: s.ja, nameEn: s.en}; };
    const train = v("trainName") && +v("trainNumber") > 0 ? (() => { const n = named(trains, v("trainName")); return {name: n.ja, nameEn: n.en, number: +v("trainNumber")}; })() : null;
    // As `eki ticket set` takes them: rows 1–25, seats A–E, cars 1–17.
    const row = /^(\d{1,2})[A-Ea-e]$/.exec(v("seat")), seat = row && +row[1] >= 1 && +row[1] <= 25 ? v("seat").toUpperCase() : null;
    const from = scanned ? scanned.ticket : editing;
    return {source: from ? from.source : "manual", language: from ? from.language : lang,
      date: v("date") || null, train, from: station("from"), to: station("to"), departure: v("departure") || null, arrival: v("arrival") || null,
      car: +v("car") >= 1 && +v("car") <= 17 ? Math.round(+v("car")) : null, seat, seatClass: v("seatClass") || null, reserved: seat ? true : null};
  };
  form.addEventListener("submit", e => {
    e.preventDefault();
    const before = T.load(), ticket = ticketFromForm(), confidence = {};
    for (const f of fields) {
      const edited = form.querySelector(`.field[data-field="${f}"]`).dataset.edited;
      const was = scanned ? scanned.confidence[f] : before && before.confidence[f];
      // Typed or changed by the rider, or typed in before: sure; else as the scanner read it. A field
      // the rider emptied is sure too: "there is none" (T.isGap), not a gap to check.
      if (ticket[f] !== null && ticket[f] !== undefined) confidence[f] = edited || typeof was !== "number" ? 1 : was;
      else if (edited || was === 1) confidence[f] = 1;
    }
    const alarm = before ? before.alarm : {on: true, minutes: 10};
    T.save({ticket, confidence, alarm});
    if (imageURL) { try { localStorage.setItem(IMAGE, imageURL); } catch { localStorage.removeItem(IMAGE); } }
    // The scan's "Read" is done with: the trip is what the page shows now, whatever its date.
    scanned = null; editing = null; form.hidden = true; figure.hidden = true; status.textContent = ""; askNotifications(); show();
  });

  // --- Scanning: the file goes to this server only; the answer fills the facsimile.
  const shrink = file => new Promise(resolve => {
    const reader = new FileReader();
    reader.onload = () => {
      const image = new Image();
      image.onload = () => {
        const scale = Math.min(1, 1600 / Math.max(image.width, image.height)), canvas = document.createElement("canvas");
        canvas.width = Math.round(image.width * scale); canvas.height = Math.round(image.height * scale);
        canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
        resolve({url: canvas.toDataURL("image/jpeg", 0.8), width: image.width, height: image.height});
      };
      image.onerror = () => resolve(null);
      image.src = reader.result;
    };
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
  const send = async file => {
    if (!file) return;
    status.textContent = status.dataset.scanning; status.classList.add("busy"); form.hidden = true; clearWords(); editing = null;
    const shrunk = await shrink(file);
    imageURL = shrunk && shrunk.url;
    // The image shown at once, a line sweeping over it while the server reads it.
    if (imageURL) { img.src = imageURL; figure.hidden = false; frame.classList.add("busy"); } else figure.hidden = true;
    try {
      const type = ["image/jpeg", "image/png", "image/webp"].includes(file.type) ? file.type : "image/jpeg";
      const response = await fetch(`/api/v1/ticket/scan?today=${tokyoToday()}`, {method: "POST", headers: {"Content-Type": type}, body: file});
      const answer = await response.json();
      if (!response.ok) { status.textContent = answer.detail || `${response.status}`; figure.hidden = true; return; }
      scanned = answer;
      drawWords(answer, shrunk);
      const read = ["date", "train", "from", "to", "departure", "arrival"].filter(f => answer.ticket[f] !== null).length;
      status.textContent = read >= 3 ? t("読み取りました。内容を確かめてください。", "Read. Check each field against the ticket.")
        : t("きっぷを読み取れませんでした。分かる項目を入れてください。", "No ticket could be read: fill in what you can.");
      // No ticket read: the rider fills it in, a ticket typed in (no gaps); else every field the scan
      // could not read is marked ？ beside the unsure ones, whatever the answer's list says.
      if (read < 3) answer.ticket.source = "manual";
      const unsure = answer.unsure || [];
      fill(answer.ticket, fields.filter(f => unsure.includes(f) || T.isGap({ticket: answer.ticket, confidence: answer.confidence || {}}, f)));
      status.scrollIntoView({block: "start"});
    } catch {
      status.textContent = t("サーバーに接続できません。空のきっぷに記入できます。", "The server cannot be reached: you can fill in an empty ticket.");
      figure.hidden = true;
    } finally { status.classList.remove("busy"); frame.classList.remove("busy"); }
  };
  for (const id of ["#scan-camera", "#scan-file"]) q(id).addEventListener("change", e => { send(e.target.files[0]); e.target.value = ""; });
  document.addEventListener("paste", e => {
    const file = [...(e.clipboardData ? e.clipboardData.files : [])].find(f => f.type.startsWith("image/"));
    if (file) { e.preventDefault(); send(file); }
  });
  const drop = q("#scan-drop");
  drop.addEventListener("dragover", e => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", e => { e.preventDefault(); drop.classList.remove("over"); send(e.dataTransfer.files[0]); });
  q("#scan-empty").addEventListener("click", () => { scanned = null; editing = null; imageURL = null; status.textContent = ""; clearWords(); figure.hidden = true; fill(null, []); form.elements.from.focus(); });
  // The original image, a tap away; a tap on it zooms in (then scroll around it).
  q("#fac-image").addEventListener("click", () => { figure.hidden = !figure.hidden; });
  img.addEventListener("click", () => figure.classList.toggle("zoomed"));
  figure.addEventListener("keydown", e => { if (e.key === "Enter" && e.target === figure) { e.preventDefault(); figure.classList.toggle("zoomed"); } });

  // --- The live trip: countdown, train, car and seat; on board the arrival and progress.
  const askNotifications = () => { if (window.Notification && Notification.permission === "default") Notification.requestPermission().catch(() => {}); };
  const countdown = ms => {
    const s = Math.max(0, Math.floor(ms / 1000)), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, ss = s % 60;
    const two = n => String(n).padStart(2, "0");
    return s >= 86400 ? T.span(Math.ceil(ms / 6e4)) : h ? `${h}:${two(m)}:${two(ss)}` : `${m}:${two(ss)}`;
  };
  let afterLoaded = "";
  // A trip is never hidden: one that has ended, or whose date has passed, is shown with its date
  // (told, with a button to fix it), and the scan is offered below it for the next ticket.
  const paint = () => {
    const trip = T.load();
    if (!trip) { live.hidden = true; scan.hidden = false; return; }
    const p = T.phase(trip), dated = T.dateStatus(trip), over = p.kind === "ended" || dated === "past";
    live.hidden = false; scan.hidden = !over;
    live.querySelector(".trip-alarm-settings").hidden = over;
    const k = trip.ticket;
    live.dataset.phase = p.kind; live.dataset.date = dated;
    // Written only when it changes: the note is a live region, read out once, not every second.
    const note = T.dateNote(trip), put = (el, text) => { if (el.textContent !== text) el.textContent = text; };
    q("#trip-date-off").hidden = !note;
    put(q("#trip-date-note"), note);
    put(q("#trip-date"), k.date ? T.longDate(k.date) : "");
    q("#trip-phase").textContent = dated === "past" ? "" : p.kind === "before" ? t(`${k.departure}発まで`, `Leaves at ${k.departure}, in`)
      : p.kind === "onboard" ? t(`${T.station(k.to)} ${k.arrival || ""}着まで`, `Arriving at ${T.station(k.to)} ${k.arrival || ""}, in`)
      : p.kind === "arrived" ? t("到着", "Arrived") : p.kind === "ended" ? t("旅程は終了しました", "This trip has ended")
      : t("日付と発車時刻を入れてください", "Add the date and departure time");
    q("#trip-count").textContent = p.kind === "before" || (p.kind === "onboard" && p.ms !== null) ? countdown(p.ms) : p.kind === "arrived" ? T.station(k.to) : "";
    // A station the scan could not read is ？ here too (one left empty on a ticket typed in, —).
    const side = f => k[f] ? T.station(k[f]) : T.isGap(trip, f) ? t("？", "?") : "—";
    q("#trip-what").textContent = [T.trainName(k), k.from || k.to ? `${side("from")} ${k.departure || ""} → ${side("to")} ${k.arrival || ""}` : ""].filter(Boolean).join(" · ");
    q("#trip-car").textContent = k.car ? t(`${k.car}号車`, `Car ${k.car}`) : "";
    q("#trip-seat").textContent = k.seat ? t(`${k.seat.replace(/^(\d+)([A-E])$/, "$1番$2席")}`, `Seat ${k.seat}`) : "";
    const bar = q("#trip-progress");
    bar.hidden = !(p.kind === "onboard" && p.progress !== null);
    if (!bar.hidden) bar.value = Math.round(Math.min(1, p.progress) * 1000);
    // Which fields to check against the ticket, by the facsimile's own labels: those read unsure,
    // and those the scan could not read at all.
    const label = f => form.querySelector(`.field[data-field="${f}"] .lbl`).textContent;
    const unsure = fields.filter(f => !T.isGap(trip, f) && T.isUnsure(trip, f)), gaps = fields.filter(f => T.isGap(trip, f));
    q("#trip-unsure").hidden = !unsure.length && !gaps.length;
    q("#trip-unsure").textContent = [
      unsure.length ? t("読み取りに自信のない項目: ", "Hard to read, check against the ticket: ") + unsure.map(label).join(t("・", ", ")) : "",
      gaps.length ? t("読み取れなかった項目（？）: ", "Could not be read (?): ") + gaps.map(label).join(t("・", ", ")) : ""].filter(Boolean).join(t("　", " · "));
    q("#trip-leave").hidden = p.kind !== "before";
    q("#alarm-on").checked = trip.alarm.on; if (document.activeElement !== q("#alarm-minutes")) q("#alarm-minutes").value = trip.alarm.minutes;
    // The local trains after arrival: asked once per trip while online.
    const afterKey = k.to && k.date && k.arrival ? `${k.to.name}|${k.date}|${k.arrival}` : "";
    if (afterKey && afterKey !== afterLoaded && navigator.onLine !== false) {
      afterLoaded = afterKey;
      fetch(link(`/ticket/after?to=${encodeURIComponent(k.to.name)}&date=${k.date}&arrival=${k.arrival}${paceQuery()}`)).then(r => r.ok ? r.text() : "").then(html => {
        q("#after-result").innerHTML = html; q("#trip-after").hidden = !html.trim();
      }).catch(() => {});   // offline: asked again when the page is next opened
    }
  };
  const show = () => { scan.hidden = true; paint(); };
  const update = change => { const trip = T.load(); if (!trip) return; change(trip); T.save(trip); paint(); };
  q("#alarm-on").addEventListener("change", e => { T.unlockSound(); askNotifications(); update(trip => { trip.alarm.on = e.target.checked; }); });
  q("#alarm-minutes").addEventListener("change", e => { const m = Math.round(+e.target.value); if (m >= 1 && m <= 60) update(trip => { trip.alarm.minutes = m; }); });
  q("#alarm-test").addEventListener("click", () => { T.unlockSound(); const trip = T.load(); if (trip) T.ring(trip, true); });
  q("#trip-edit").addEventListener("click", () => {
    const trip = T.load(); if (!trip) return;
    scanned = null; editing = trip.ticket;
    imageURL = localStorage.getItem(IMAGE); if (imageURL) img.src = imageURL;
    clearWords();   // the words are not kept with the trip: only the image
    fill(trip.ticket, fields.filter(f => T.isUnsure(trip, f)));
    form.scrollIntoView({block: "start"});
  });
  // "Fix the date": the kept ticket in the facsimile, the rider put on its date.
  q("#trip-fix-date").addEventListener("click", () => { q("#trip-edit").click(); toDate(); });
  q("#trip-clear").addEventListener("click", () => {
    localStorage.removeItem(T.KEY); localStorage.removeItem(IMAGE); form.hidden = true; figure.hidden = true; scan.hidden = false; paint();
  });

  // --- Leave by: the latest local trip to the Shinkansen station, from a station or from here.
  const leave = async extra => {
    const trip = T.load(), k = trip && trip.ticket, result = q("#leave-result");
    if (!k || !k.from || !k.date || !k.departure) return;
    const margin = Math.min(120, Math.max(0, Math.round(+q("#leave-margin").value || 0)));
    result.textContent = "…";
    try {
      const r = await fetch(link(`/ticket/leave?station=${encodeURIComponent(k.from.name)}&date=${k.date}&departure=${k.departure}&margin=${margin}&${extra}${paceQuery()}`));
      result.innerHTML = r.ok ? await r.text() : esc(t("見つかりませんでした", "Nothing found"));
    } catch { result.textContent = t("オフラインのため探せません", "Offline: cannot search"); }
  };
  q("#leave-form").addEventListener("submit", e => { e.preventDefault(); const from = q("#leave-from").value.trim(); if (from) leave("from=" + encodeURIComponent(from)); });
  q("#leave-near").addEventListener("click", () => {
    if (!navigator.geolocation) return;
    navigator.geolocation.getCurrentPosition(pos => leave(`near=${pos.coords.latitude.toFixed(5)},${pos.coords.longitude.toFixed(5)}`),
      () => { q("#leave-result").textContent = t("現在地を取得できません", "Your position is not available"); });
  });

  paint();
  setInterval(paint, 1000);
})();
