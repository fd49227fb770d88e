/// The stylesheet, by hand: phone first, dark mode, board mode filling a wall display.
extension Assets {
    static let cssSource = #"""
    :root { --bg:#fff; --fg:#1b1f23; --dim:#6a737d; --card:#f4f5f7; --accent:#0b63ce; --line:#888;
      font-family: "Noto Sans CJK JP","Noto Sans JP","Hiragino Sans",system-ui,sans-serif; line-height:1.45; }
    @media (prefers-color-scheme: dark) { :root { --bg:#111418; --fg:#e8eaed; --dim:#9aa0a6; --card:#1d2126; --accent:#6ab0ff; } }
    * { box-sizing:border-box; }
    body { margin:0; background:var(--bg); color:var(--fg); font-size:16px; }
    a { color:var(--accent); text-decoration:none; } a:hover, a:focus-visible { text-decoration:underline; }
    :focus-visible { outline:3px solid var(--accent); outline-offset:2px; }
    header.top { display:flex; gap:.5rem; align-items:center; padding:.5rem .75rem; border-bottom:1px solid var(--card); position:sticky; top:0; background:var(--bg); z-index:2; }
    .logo { font-weight:700; color:var(--fg); white-space:nowrap; }
    form.search { flex:1; min-width:0; } form.search input { width:100%; font:inherit; padding:.45rem .6rem; border-radius:.5rem; border:1px solid var(--dim); background:var(--card); color:var(--fg); }
    .lang { white-space:nowrap; font-size:.9rem; }
    main { max-width:60rem; margin:0 auto; padding:.75rem; }
    footer { color:var(--dim); font-size:.75rem; padding:1rem .75rem 2rem; text-align:center; }
    h1 { font-size:1.5rem; margin:.25rem 0; } h1 small, h2 small { color:var(--dim); font-weight:400; font-size:.7em; }
    h2 { font-size:1.1rem; margin:.75rem 0 .35rem; } h3 { font-size:.95rem; margin:.75rem 0 .25rem; color:var(--dim); }
    .meta, .dim { color:var(--dim); } .meta { margin:.15rem 0; font-size:.9rem; }
    .notice { background:var(--card); padding:.5rem .75rem; border-radius:.5rem; }
    .badge, .day b { display:inline-block; min-width:1.5em; text-align:center; color:#fff; font-weight:700; border-radius:.3em; padding:0 .15em; margin:0 .35em; }
    .c-local { background:#5B6770; } .c-rapid { background:#1F6FD1; } .c-semiExpress { background:#1E9A4C; } .c-express { background:#D7263D; } .c-limited { background:#8A3FB5; }
    .chip { display:inline-block; border-left:.6em solid var(--line); background:var(--card); color:var(--fg); padding:.1em .45em; border-radius:.25em; margin:.1em .25em .1em 0; font-size:.9rem; }
    .diagram { display:flex; align-items:center; overflow-x:auto; padding:.75rem .25rem; gap:0; scrollbar-width:thin; }
    .diagram .stop { white-space:nowrap; padding:.25rem .5rem; border:2px solid var(--line); border-radius:1rem; font-size:.9rem; color:var(--fg); background:var(--bg); }
    .diagram .stop.here { background:var(--line); color:#fff; font-weight:700; }
    .diagram .stop.far { border-style:dashed; color:var(--dim); }
    .diagram .link { flex:0 0 1.5rem; height:0; border-top:4px solid var(--line); } .diagram .link.dotted { border-top-style:dotted; flex-basis:2.5rem; }
    .sides { display:grid; grid-template-columns:1fr 1fr; gap:.75rem; }
    .sides:has(> .side:only-child) { grid-template-columns:1fr; }
    .side { background:var(--card); border-radius:.6rem; padding:.5rem .6rem; min-width:0; }
    .side h2 { margin-top:.2rem; } .actions { margin:.25rem 0 .5rem; font-size:.9rem; display:flex; gap:.6rem; flex-wrap:wrap; align-items:center; }
    button, .button { font:inherit; font-size:.9rem; padding:.3rem .6rem; border-radius:.4rem; border:1px solid var(--dim); background:var(--bg); color:var(--fg); cursor:pointer; }
    button[aria-pressed="true"] { background:#f2b705; color:#111; border-color:#f2b705; }
    ol.departures, ol.day, ol.stops, ol.rows, ul.plain, ul.connections { list-style:none; margin:0; padding:0; }
    .departures li a, .day li a { display:flex; align-items:baseline; gap:.15rem; padding:.3rem 0; color:var(--fg); border-bottom:1px solid var(--bg); }
    .departures time, .day time { font-variant-numeric:tabular-nums; font-weight:700; }
    .dest { flex:1; min-width:0; overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
    .until { color:var(--dim); font-size:.85rem; white-space:nowrap; }
    .compact li a { padding:.15rem 0; font-size:.9rem; }
    table.frequency { border-collapse:collapse; font-size:.9rem; width:100%; } .frequency th { text-align:left; font-weight:400; } .frequency td { text-align:right; padding-left:.5rem; }
    .tabs { display:flex; gap:.25rem; margin:.5rem 0; position:sticky; top:3.2rem; background:var(--bg); z-index:1; }
    .tabs a { flex:1; text-align:center; padding:.5rem; border-radius:.5rem; background:var(--card); color:var(--fg); }
    .tabs a.current { background:var(--accent); color:#fff; font-weight:700; }
    .day .hour { font-weight:700; color:var(--dim); padding:.5rem 0 .1rem; border-bottom:1px solid var(--card); }
    .day i { color:var(--dim); font-size:.8rem; font-style:normal; } .day a span { flex:1; min-width:0; }
    .day li.now { background:rgba(242,183,5,.25); border-left:4px solid #f2b705; padding-left:.3rem; scroll-margin-top:7rem; }
    .stops { border-left:4px solid var(--line); margin-left:.4rem !important; }
    .stops li { display:flex; gap:.5rem; padding:.25rem .5rem; align-items:baseline; } .stops time { font-variant-numeric:tabular-nums; min-width:3em; color:var(--dim); } .stops time.dep { color:var(--fg); font-weight:700; }
    .stops li.mine { background:rgba(242,183,5,.25); font-weight:700; }
    .result { padding:.45rem 0; border-bottom:1px solid var(--card); } .result .title { font-weight:700; font-size:1.05rem; } .chips { margin-top:.2rem; }
    .home-section { margin-bottom:1.25rem; } .card { background:var(--card); border-radius:.6rem; padding:.5rem .6rem; margin:.4rem 0; }
    .card h3 { margin:0 0 .2rem; color:var(--fg); font-size:1rem; } .card h3 .chip { font-size:.8rem; }
    /* Nearby: a block per railway, one line per direction; the destination wraps, never cut. */
    .near .line { margin:.3rem 0 .1rem; } .near .line > a .chip { background:var(--bg); }
    ol.ways { list-style:none; margin:0; padding:0 0 0 .5rem; }
    .ways a { display:grid; grid-template-columns:5.4em auto auto minmax(0,1fr) auto; gap:0 .3rem; align-items:baseline; color:var(--fg); padding:.12rem 0; }
    .ways .way { font-size:.72rem; color:var(--dim); overflow-wrap:break-word; } .ways time { font-weight:700; font-variant-numeric:tabular-nums; }
    .ways .badge { margin:0; } .ways .dest { white-space:normal; overflow-wrap:anywhere; } .ways .until { font-size:.8rem; }
    ul.choices { list-style:none; padding:0; } .choices li a { display:block; padding:.5rem 0; border-bottom:1px solid var(--card); color:var(--fg); }
    .choices b { margin-right:.4rem; }
    .train h2.part { display:flex; flex-wrap:wrap; align-items:center; gap:.2rem; } .train h2.part .badge { margin:0 .1rem 0 .3rem; }
    .stops li.mine { scroll-margin-top:5rem; } #import-status:empty { display:none; }
    .board-mode header.top, .board-mode footer { display:none; }
    /* DIY routes: the bar on every page, the route's legs in their line colors, transfers flagged. */
    .routebar { display:block; background:var(--accent); color:#fff; padding:.3rem .75rem; font-size:.9rem; position:sticky; top:3.05rem; z-index:2; }
    .routebar b { margin-right:.5rem; } .route .next { font-size:1.15rem; font-weight:700; min-height:1.5em; }
    ol.legs { list-style:none; padding:0; margin:.5rem 0; }
    .leg { border-left:6px solid var(--line); padding:.1rem 0 .3rem .6rem; margin-left:.3rem; }
    .leg .end { margin:.2rem 0; font-size:1.05rem; } .leg time, .option time { font-weight:700; font-variant-numeric:tabular-nums; }
    .leg .ride { margin:.2rem 0; color:var(--dim); } .leg details { margin:.25rem 0; font-size:.9rem; }
    .transfer { margin:.2rem 0 .2rem .3rem; padding:.35rem .6rem; border-left:6px dotted var(--dim); color:var(--dim); font-size:.9rem; }
    .transfer.impossible { color:#d32f2f; border-left-color:#d32f2f; } .transfer.tight { color:#c77700; border-left-color:#c77700; }
    .alternatives li, .proposal { padding:.2rem 0; } .alternatives a, .proposal a { color:var(--fg); } .warn { border-left:4px solid #d32f2f; }
    .route-form { display:flex; flex-wrap:wrap; gap:.5rem; align-items:end; margin:.5rem 0; }
    .route-form label { display:flex; flex-direction:column; font-size:.85rem; color:var(--dim); flex:1 1 8rem; }
    .route-form input { font:inherit; padding:.35rem .5rem; border:1px solid var(--dim); border-radius:.4rem; background:var(--card); color:var(--fg); }
    .option h2 { font-size:1rem; margin:.2rem 0; } .option .kind { background:var(--accent); color:#fff; border-radius:.3rem; padding:0 .4rem; margin-right:.3rem; font-size:.85rem; }
    .option ol { list-style:none; padding:0; } .option li { padding:.15rem 0; } .suggestion { display:block; color:var(--fg); }
    #route-status:empty { display:none; }
    .stops .alight { font-size:.75rem; padding:0 .45rem; margin-left:auto; }
    /* Board mode fills the screen and never scrolls: six rows share what the header leaves, the
       type grows with the smaller of width and height, and a long destination takes smaller type
       or a second line rather than being cut. */
    .board-mode main { max-width:none; padding:0; }
    .board { height:100vh; height:100dvh; display:flex; flex-direction:column; overflow:hidden; padding:1.5vmin 2.5vw; font-size:min(4.2vw,6.4vh); line-height:1.15; }
    .board > header { display:flex; flex-wrap:wrap; align-items:center; gap:0 .6em; border-bottom:.12em solid var(--line); padding-bottom:.15em; }
    .board h1 { font-size:1.25em; margin:0; }
    .board .where { margin:0; font-size:.55em; display:flex; flex-wrap:wrap; gap:.2em .5em; align-items:center; }
    .board .where .chip { font-size:1em; }
    .board .clock { margin-left:auto; font-weight:700; font-variant-numeric:tabular-nums; }
    .board .rows { flex:1; min-height:0; display:grid; grid-template-rows:repeat(6,minmax(0,1fr)); }
    .board .rows li { display:grid; grid-template-columns:auto auto minmax(0,1fr) auto; align-items:center; gap:0 .35em; min-height:0; overflow:hidden; border-bottom:1px solid var(--card); }
    .board time { font-weight:700; font-variant-numeric:tabular-nums; } .board .badge { margin:0; }
    .board .dest { white-space:normal; overflow:hidden; overflow-wrap:anywhere; line-height:1.2; padding-bottom:.05em; display:-webkit-box; -webkit-box-orient:vertical; -webkit-line-clamp:2; }
    .board .dest.long { font-size:.7em; }
    .board .until { font-size:.55em; color:var(--dim); white-space:nowrap; }
    .board .status { font-size:.35em; margin:0; min-height:1.2em; }
    @media (orientation:portrait) {
      /* A phone on its side of the wall: the destination gets the row's second line, whole. */
      .board { font-size:min(8.5vw,4.6vh); }
      .board .clock { order:1; } .board .where { order:2; flex-basis:100%; }
      .board .rows li { grid-template-columns:auto auto minmax(0,1fr); grid-template-areas:"time badge until" "dest dest dest"; align-content:center; }
      .board .rows time { grid-area:time; } .board .rows .badge { grid-area:badge; } .board .rows .until { grid-area:until; text-align:right; }
      .board .rows .dest { grid-area:dest; font-size:.8em; } .board .rows .dest.long { font-size:.7em; }
    }
    .map { margin:.75rem 0; } .map svg { width:100%; max-width:40rem; height:auto; border-radius:.5rem; display:block; }
    .directions { list-style:none; padding:0; } .directions li { margin:.2rem 0; }
    .stations { columns:14rem; column-gap:1.5rem; padding-left:2.2rem; } .stations li { break-inside:avoid; padding:.15rem 0; }
    .offline { color:#b26b00; font-weight:400; }
    .types .type { display:inline-block; margin:.15rem .6rem .15rem 0; white-space:nowrap; }
    @media (max-width:30rem) { body { font-size:15px; } .sides { gap:.4rem; } .side { padding:.4rem; } .frequency td.dim { display:none; } }
    @media (max-width:44rem) {
      /* Two directions side by side leave no room for a destination beside the countdown (a
         phone, or a laptop at 200% zoom): the destination gets a line of its own under the time, whole. */
      .side .departures li a:has(.until) { display:grid; grid-template-columns:auto auto 1fr; row-gap:0; }
      .side .departures li a:has(.until) .dest { grid-row:2; grid-column:1 / -1; white-space:normal; font-size:.9rem; }
      .side .departures li a:has(.until) .until { text-align:right; }
      .side .departures .badge { margin-right:0; } .side .departures .dest { white-space:normal; }
    }
    """#
}
