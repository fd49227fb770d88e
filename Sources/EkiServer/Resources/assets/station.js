// station.js, loaded by the station page alone: a direction's column hidden, remembered per station
// (issue 32, 17), for the rider who only ever goes one way from here; the other column then takes
// the width, and a button above brings the hidden one back. Never both hidden. Helpers are app.js's,
// through window.Eki (app.js runs first: both are deferred, in order).
(() => {
  const {q, esc, load, save} = window.Eki;
  const sides = q(".sides"), shown = q(".shown-sides");
  const columns = sides ? [...sides.querySelectorAll(":scope > .side")] : [];
  const station = columns.length && (q("button.bookmark[data-station]", columns[0]) || {dataset: {}}).dataset.station;
  if (!shown || columns.length < 2 || !station) return;
  const key = "eki.hiddenSides";
  // A heading's words, without its compass arrow (a picture; its label says it).
  const title = side => {
    const heading = q("h2", side).cloneNode(true);
    heading.querySelectorAll(".compass").forEach(arrow => arrow.remove());
    return heading.textContent.trim();
  };
  const draw = () => {
    const hidden = load(key, {})[station] || [];
    columns.forEach(side => { side.hidden = hidden.includes(side.id); });
    const gone = columns.filter(side => side.hidden);
    sides.classList.toggle("one", columns.length - gone.length === 1);
    shown.hidden = !gone.length;
    shown.innerHTML = gone.map(side => `<button type="button" data-side="${esc(side.id)}">${esc(sides.dataset.show)}: ${esc(title(side))}</button>`).join(" ");
  };
  const set = (id, hide) => {
    const kept = load(key, {}), list = new Set(kept[station] || []);
    if (hide && columns.length - list.size <= 1) return;
    if (hide) list.add(id); else list.delete(id);
    if (list.size) kept[station] = [...list]; else delete kept[station];
    save(key, kept);
    draw();
  };
  columns.forEach(side => {
    const button = document.createElement("button");
    button.type = "button"; button.className = "hide-side"; button.textContent = sides.dataset.hide;
    button.setAttribute("aria-label", `${sides.dataset.hide}: ${title(side)}`);
    button.addEventListener("click", () => set(side.id, true));
    q(".actions", side).append(button);
  });
  shown.addEventListener("click", event => { const button = event.target.closest("button[data-side]"); if (button) set(button.dataset.side, false); });
  draw();
})();
