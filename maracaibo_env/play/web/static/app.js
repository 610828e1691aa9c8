// maracaibo_env's browser view. Plain JavaScript, no outside files: the
// server page (MV.serverApp) and the one-page replays (MV.replayPlayer) draw
// the same "view" dicts (maracaibo_env/play/view.py) with MV.render.
"use strict";
const MV = (() => {
  const SEAT_COLOURS = ["#d1453b", "#2f6fd6", "#e0a526", "#2e9d5b", "#8e44ad"];
  const NODE_FILL = { city: "#f2d27a", village: "#cfe8c9", home: "#d9cdf0", start: "#f4f4f4",
                      legacy: "#f1c6c6", slot: "#fff8e6", island: "#b9dcb0" };
  const SOURCE_COLOURS = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
                          "#ff9da7", "#9c755f", "#bab0ac", "#1f77b4", "#aec7e8", "#ffbb78", "#98df8a",
                          "#c5b0d5", "#c49c94", "#f7b6d2", "#dbdb8d"];
  const NATION_COLOURS = { france: "#2b59c3", england: "#c0392b", spain: "#f1c40f" };
  const SVGNS = "http://www.w3.org/2000/svg";

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
    }
    for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k.nodeType ? k : String(k));
    return e;
  }
  function svg(tag, attrs, ...kids) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k.nodeType ? k : String(k));
    return e;
  }
  const seatName = (v, p) => (v.final && v.final.names ? v.final.names[p] : null) ||
                              ((v.players[p] || {}).name) || `player ${p}`;

  // ---- the map ---------------------------------------------------------------------------
  function drawMap(v) {
    const m = v.map, byId = {};
    for (const n of m.nodes) byId[n.id] = n;
    const root = svg("svg", { id: "map", viewBox: `-50 -20 ${m.width + 100} ${m.height + 50}`, role: "img",
                              "aria-label": "map" });
    for (const [a, b] of m.edges) {
      if (!byId[a] || !byId[b]) continue;
      root.append(svg("line", { x1: byId[a].x, y1: byId[a].y, x2: byId[b].x, y2: byId[b].y,
                                stroke: "#7d9bb3", "stroke-width": 3, "stroke-dasharray": "6 4" }));
    }
    for (const n of m.nodes) {
      const g = svg("g", { class: "node", "data-node": n.id });
      const fill = NODE_FILL[n.kind] || "#fff";
      if (n.kind === "slot") {
        g.append(svg("rect", { x: n.x - 45, y: n.y - 32, width: 90, height: 64, rx: 6, fill,
                               stroke: "#8a7a55" }));
        g.append(svg("text", { x: n.x, y: n.y - 16, "text-anchor": "middle", "font-size": 11,
                               fill: "#8a7a55" }, n.number));
        g.append(svg("text", { x: n.x, y: n.y + 2, "text-anchor": "middle", "font-size": 11 },
                     n.label.length > 16 ? n.label.slice(0, 15) + "…" : n.label));
      } else {
        const r = n.kind === "island" ? 26 : 17;
        g.append(svg("circle", { cx: n.x, cy: n.y, r, fill, stroke: "#55606e", "stroke-width": 1.5 }));
        g.append(svg("text", { x: n.x, y: n.y + 4, "text-anchor": "middle", "font-size": 11,
                               "font-weight": 600 }, n.number));
        g.append(svg("text", { x: n.x, y: n.y + r + 12, "text-anchor": "middle", "font-size": 10,
                               fill: "#37414f" }, n.label));
      }
      if (n.marker) {     // a nation's influence marker on the location
        g.append(svg("rect", { x: n.x - 24, y: n.y - 24, width: 10, height: 10, "data-marker": n.marker,
                               fill: NATION_COLOURS[n.marker] || "#888", stroke: "#000" }));
      }
      if (n.notes.length) {
        g.append(svg("circle", { cx: n.x + 16, cy: n.y - 16, r: 6, fill: "#fff", stroke: "#c2410c" }));
        g.append(svg("text", { x: n.x + 16, y: n.y - 13, "text-anchor": "middle", "font-size": 9,
                               fill: "#c2410c" }, n.notes.length));
      }
      n.ships.forEach((p, i) => {
        g.append(svg("circle", { cx: n.x - 14 + i * 10, cy: n.y + (n.kind === "slot" ? 20 : -22), r: 6,
                                 fill: SEAT_COLOURS[p % 5], stroke: "#000", "data-ship": p }));
      });
      g.append(svg("title", {}, [n.label, ...n.notes,
                                 ...n.ships.map(p => `ship of ${seatName(v, p)}`)].join("\n")));
      root.append(g);
    }
    return root;
  }

  // ---- panels ----------------------------------------------------------------------------
  function statusLine(v) {
    let s = `${v.title} · round ${v.round}/${v.rounds} · phase ${v.phase}`;
    if (v.over) s += " · game over";
    else if (v.to_act !== null) s += ` · to act: ${seatName(v, v.to_act)}`;
    if (v.step !== undefined) s += ` · decision ${v.step} of ${v.steps}`;
    return el("div", { class: "status", id: "status" }, s);
  }
  function tracks(v) {
    const head = el("tr", {}, el("th", {}, "track"), v.players.map(p => el("th", {}, p.name)));
    const rows = v.tracks.map(t => el("tr", {}, el("td", { title: t.note }, t.name),
                                      t.values.map(x => el("td", { class: "num" }, x))));
    return el("table", { id: "tracks" }, head, rows);
  }
  function players(v) {
    return el("div", { class: "players", id: "players" }, v.players.map(p =>
      el("div", { class: "player" + (p.seat === v.to_act ? " acting" : ""), "data-seat": p.seat },
        el("h3", {}, el("span", { class: `swatch seat${p.seat % 5}` }),
           `${p.name}`, el("span", { class: "muted", "data-testid": `vp-${p.seat}` }, `${p.vp} VP`)),
        el("table", {}, p.fields.map(([k, x]) => el("tr", {}, el("td", {}, k), el("td", { class: "num" }, x)))),
        p.cards.length ? el("div", { class: "cards" }, "cards: " + p.cards.join(", ")) : null)));
  }
  function chips(id, title, items) {
    if (!items || !items.length) return null;
    return el("div", { id }, el("h2", {}, title), el("div", { class: "chips" }, items.map(x => el("span", {}, x))));
  }
  function logPanel(entries) {
    const box = el("div", { id: "log" }, entries.map(e =>
      el("div", {}, el("span", { class: "muted" }, `r${e.round} `), el("b", {}, e.who), " ", e.action,
         e.detail ? el("span", { class: "muted" }, ` (${e.detail})`) : null)));
    setTimeout(() => { box.scrollTop = box.scrollHeight; }, 0);
    return box;
  }
  function finalPanel(v) {
    const f = v.final;
    if (!f) return null;
    const used = f.sources.map((s, i) => i).filter(i => f.breakdown.some(b => b[i] !== 0));
    const head = el("tr", {}, el("th", {}, "VP by source"), f.names.map((n, p) =>
      el("th", { class: "num" + (f.winners.includes(p) ? " winner" : "") }, n)));
    const rows = used.map(i => el("tr", {}, el("td", {}, f.sources[i]),
                                  f.breakdown.map(b => el("td", { class: "num" }, b[i]))));
    const total = el("tr", {}, el("th", {}, "total"), f.scores.map((s, p) =>
      el("th", { class: "num" + (f.winners.includes(p) ? " winner" : ""), "data-testid": `final-score-${p}` }, s)));
    return el("div", { id: "final" }, el("h2", {}, "final score"),
      el("div", { class: "winner", id: "winners" }, "winner: " + f.winners.map(p => f.names[p]).join(", ")),
      el("table", {}, head, rows, total), chart(f, used));
  }
  // a campaign game (`maracaibo serve --campaign`): where it is recorded, then its story cards
  // and what carries over to the next game (the archive)
  const cardNo = n => String(n).padStart(2, "0");
  function archiveTable(a) {
    const cards = ns => ns.map(cardNo).join(", ") || "none";
    const rows = [["story cards in play", cards(a.in_play)],
                  ["pending: drawn in final scoring, followed next game", cards(a.pending)],
                  ["legacy tiles", a.legacy.join(", ") || "none"],
                  ["C-cards in the project pile", a.c_pile.join(", ") || "none"],
                  ["story cards done (read or removed)", cards(a.gone)]];
    return el("table", { class: "archive" }, rows.map(([k, x]) => el("tr", {}, el("td", {}, k), el("td", {}, x))));
  }
  function campaignSummary(s) {
    const story = s.story.length ? s.story.map(e => el("tr", {}, el("td", {}, cardNo(e.card)), el("td", {}, e.title),
                                                       el("td", {}, e.text)))
      : [el("tr", {}, el("td", { colspan: 3, class: "muted" }, "no story card this game"))];
    return el("div", { id: "campaign-summary" },
      el("div", { class: "winner" }, `game ${s.game} recorded into ${s.file} (${s.games_recorded} game(s) recorded)`),
      el("div", { class: "group-title" }, "story cards this game"),
      el("table", { id: "campaign-story" }, el("tr", {}, el("th", {}, "card"), el("th", {}, "title"),
                                            el("th", {}, "what happened")), story),
      el("div", { class: "group-title" }, "the archive now (carries over to the next game)"),
      archiveTable(s.archive));
  }
  function campaignPanel(v) {
    const c = v.campaign;
    if (!c) return null;
    return el("div", { id: "campaign-panel" }, el("h2", {}, "campaign"),
      c.summary ? campaignSummary(c.summary)
        : el("div", { class: "muted" }, `campaign game ${c.game} of ${c.file}: recorded there when it ends`),
      c.error ? el("div", { class: "error", id: "campaign-error" }, c.error) : null);
  }
  function chart(f, used) {   // stacked bars: each player's VP by source
    const W = 640, rowH = 28, left = 150, top = 10;
    const max = Math.max(1, ...f.breakdown.map(b => used.reduce((s, i) => s + Math.max(0, b[i]), 0)));
    const h = top + f.names.length * rowH + 24 + Math.ceil(used.length / 4) * 16;
    const root = svg("svg", { id: "chart", viewBox: `0 0 ${W} ${h}`, width: W, role: "img",
                              "aria-label": "VP by source" });
    f.breakdown.forEach((b, p) => {
      const y = top + p * rowH;
      root.append(svg("text", { x: left - 6, y: y + 16, "text-anchor": "end", "font-size": 12 }, f.names[p]));
      let x = left;
      used.forEach(i => {
        const w = Math.max(0, b[i]) / max * (W - left - 50);
        if (w > 0) root.append(svg("rect", { x, y: y + 3, width: w, height: rowH - 8,
                                             fill: SOURCE_COLOURS[i % SOURCE_COLOURS.length] },
                                   svg("title", {}, `${f.sources[i]}: ${b[i]}`)));
        x += w;
      });
      root.append(svg("text", { x: x + 4, y: y + 16, "font-size": 12 }, f.scores[p]));
    });
    used.forEach((i, k) => {
      const x = (k % 4) * 160, y = top + f.names.length * rowH + 12 + Math.floor(k / 4) * 16;
      root.append(svg("rect", { x, y: y - 9, width: 10, height: 10, fill: SOURCE_COLOURS[i % SOURCE_COLOURS.length] }));
      root.append(svg("text", { x: x + 14, y, "font-size": 11 }, f.sources[i]));
    });
    return root;
  }
  function actionsPanel(v, onAct, hinted, onExplain) {
    if (!v.actions || !v.actions.length) return null;
    let k = 0;
    return el("div", { id: "actions" }, el("h2", {}, "your move"), v.actions.map(g =>
      el("div", { class: "group" }, el("div", { class: "group-title" }, g.title, " ",
        onExplain ? el("button", { class: "explain", title: "what this kind of action does",
                                   onclick: () => onExplain(g.items[0].name) }, "?") : null),
        g.items.map(it => el("button", {
          class: "action" + (hinted === it.id ? " hinted" : ""), "data-id": it.id, "data-name": it.name,
          "data-index": ++k, title: `${it.name}${it.detail ? " — " + it.detail : ""}`,
          onclick: () => onAct(it) }, it.name, it.detail ? el("span", { class: "detail" }, it.detail) : null)))));
  }

  // the whole board of a view; opts: {onAct, hinted, log, extra (elements above the map)}
  function render(root, v, opts = {}) {
    const left = el("div", {}, drawMap(v), el("h2", {}, "tracks"), tracks(v),
                    el("h2", {}, "players"), players(v), finalPanel(v), campaignPanel(v));
    const right = el("div", {}, opts.extra || null,
                     actionsPanel(v, opts.onAct || (() => {}), opts.hinted, opts.onExplain),
                     chips("hand", "hand", v.hand), chips("plan", "planned", v.plan),
                     chips("market", "card market", v.market),
                     v.notes.length ? el("div", { id: "notes" }, el("h2", {}, "notes"),
                                         v.notes.map(n => el("div", { class: "muted" }, n))) : null,
                     el("h2", {}, "moves"), logPanel(opts.log || v.log || []));
    root.replaceChildren(statusLine(v), el("div", { class: "cols" }, left, right));
  }

  // ---- one-page replays (and replays opened on the server) -------------------------------
  // data: {frames: [view], log, title} or a fetcher {steps, title, log, frame: k => Promise<view>}
  function replayPlayer(root, data, fetchFrame) {
    const steps = fetchFrame ? data.steps : data.frames.length - 1;
    let k = 0, timer = null;
    const board = el("div", { class: "page" });
    const label = el("span", { id: "step-label" });
    const slider = el("input", { id: "slider", type: "range", min: 0, max: steps, value: 0,
                                 oninput: e => go(+e.target.value) });
    const play = el("button", { id: "play", onclick: () => toggle() }, "▶ play");
    const bar = el("div", { class: "bar" }, el("h1", {}, data.title || "replay"),
      el("button", { id: "first", onclick: () => go(0) }, "« first"),
      el("button", { id: "prev", onclick: () => go(k - 1) }, "◀ back"),
      slider, el("button", { id: "next", onclick: () => go(k + 1) }, "next ▶"),
      el("button", { id: "last", onclick: () => go(steps) }, "last »"), play, label);
    root.replaceChildren(bar, board);
    function toggle() {
      if (timer) { clearInterval(timer); timer = null; play.textContent = "▶ play"; return; }
      play.textContent = "⏸ pause";
      timer = setInterval(() => { if (k >= steps) toggle(); else go(k + 1); }, 250);
    }
    async function go(n) {
      k = Math.max(0, Math.min(steps, n));
      slider.value = k;
      label.textContent = `${k} / ${steps}`;
      const v = fetchFrame ? await fetchFrame(k) : data.frames[k];
      if (v.step !== k) return;              // a later call won the race
      const log = data.log.slice(Math.max(0, k - 40), k);
      const next = k < steps ? el("div", { class: "info", id: "next-move" },
        `next: ${data.log[k].who} plays ${data.log[k].action}` + (data.log[k].detail ? ` (${data.log[k].detail})` : ""))
        : null;
      render(board, v, { log, extra: next });
      root.dataset.step = k;
    }
    document.addEventListener("keydown", e => {
      if (e.key === "ArrowRight") go(k + 1);
      if (e.key === "ArrowLeft") go(k - 1);
    });
    go(0);
    return { go };
  }

  // ---- the server app ----------------------------------------------------------------------
  // api(path) GETs; api(path, body) POSTs body as JSON. A busy server (503) is asked again.
  async function api(path, body, tries = 5) {
    const r = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const d = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
    if (r.status === 503 && tries > 1) {
      await new Promise(done => setTimeout(done, 1000));
      return api(path, body, tries - 1);
    }
    if (!r.ok) throw new Error(d.error || `HTTP ${r.status}`);
    return d;
  }

  function serverApp(root) {
    const errorBox = el("div", { class: "error hidden", id: "error", role: "alert" });
    const infoBox = el("div", { class: "info hidden", id: "info" });
    const main = el("div", { class: "page" });
    const field = (label, input) => [el("label", { for: input.id }, label), input];
    const game = el("select", { id: "game" });      // the registered games, from GET /api/meta
    const playersIn = el("input", { id: "players", type: "number", min: 1, max: 4, value: 2 });
    const seatIn = el("input", { id: "seat", type: "number", min: 0, max: 3, value: 0 });
    const opponents = el("input", { id: "opponents", placeholder: "e.g. balanced,random (default: strongest)", size: 40 });
    const options = el("input", { id: "options", placeholder: "e.g. skirmish rubies   or   legacy=L6,L9 open_prestige", size: 40 });
    const seed = el("input", { id: "seed", type: "number", min: 0, value: 0 });
    const upload = el("input", { id: "upload", type: "file", accept: ".jsonl,.json" });
    const sources = el("div", { id: "sources" });
    const campaignIn = el("input", { id: "campaign", type: "checkbox", checked: true });
    const campaignBox = el("div", { id: "campaign-setup" });    // only with `serve --campaign FILE`
    let gid = null, view = null, hinted = null, watchTimer = null, campaignOn = false;

    function showError(msg) { errorBox.textContent = msg; errorBox.classList.toggle("hidden", !msg); }
    function showInfo(msg) { infoBox.textContent = msg; infoBox.classList.toggle("hidden", !msg); }
    const gamesListed = api("/api/meta").then(
      d => game.replaceChildren(...d.games.map(g => el("option", { value: g.id }, g.title))),
      e => showError(e.message));
    function config(seat) {
      return { game: game.value, players: +playersIn.value, seat,
               opponents: opponents.value.split(",").map(s => s.trim()).filter(Boolean),
               options: options.value.split(/\s+/).filter(Boolean), seed: +seed.value,
               ...(campaignOn ? { campaign: campaignIn.checked } : {}) };
    }
    async function start(watch) {
      showError(""); showInfo("starting (the first game compiles the engine: about a minute)…");
      try {
        await gamesListed;
        const d = await api("/api/games", config(watch ? null : +seatIn.value));
        gid = d.id; showInfo("");
        draw(d.view);
        if (watch) watchLoop(); else botsAnswer(d.view);
      } catch (e) { showInfo(""); showError(e.message); }
    }
    function controls() {
      const bar = el("div", { class: "bar" },
        el("button", { id: "new", onclick: () => { stopWatch(); setupPage(); } }, "new game"),
        el("a", { id: "download", href: `/api/games/${gid}/replay`, download: "game.jsonl" }, "download replay"));
      if (view.viewer !== null) {
        bar.append(el("button", { id: "hint", onclick: hint, disabled: !view.actions.length }, "hint"),
                   el("button", { id: "undo", onclick: undo, disabled: !view.can_undo || view.bot_to_act ||
                                                        (view.over && view.campaign) }, "undo"));
        if (view.bot_to_act) bar.append(el("span", { class: "muted", id: "thinking" }, "the bots are deciding…"));
      } else {
        bar.append(el("button", { id: "pause", onclick: () => (watchTimer ? stopWatch() : watchLoop()) },
                      watchTimer ? "pause" : "resume"));
      }
      return bar;
    }
    function draw(v) {
      view = v;
      main.dataset.draws = (+main.dataset.draws || 0) + 1;   // tests wait for a new drawing
      const board = el("div");
      render(board, v, { onAct: act, hinted, onExplain: explain,
                         extra: el("div", {}, controls(), errorBox, infoBox) });
      main.replaceChildren(board);
      main.dataset.over = v.over ? "1" : "0";
    }
    // the bots answer one decision per request (the server never plays more in one)
    async function botsAnswer(v) {
      const mine = gid;
      while (v.bot_to_act && gid === mine) {
        v = await api(`/api/games/${gid}/step`, { seen: v.decisions });
        if (gid === mine) draw(v);
      }
    }
    async function act(item) {
      showError(""); hinted = null;
      try {
        const v = await api(`/api/games/${gid}/act`, { action: item.id, seen: view.decisions });
        draw(v); showInfo("");
        await botsAnswer(v);
      } catch (e) { showError(e.message); }
    }
    async function explain(name) {
      try {
        const d = await api(`/api/explain/${gid}?action=${encodeURIComponent(name)}`);
        showInfo(d.text);
      } catch (e) { showError(e.message); }
    }
    async function undo() {
      showError(""); hinted = null;
      try { draw(await api(`/api/games/${gid}/undo`, { seen: view.decisions })); } catch (e) { showError(e.message); }
    }
    async function hint() {
      showError("");
      try {
        const h = await api(`/api/games/${gid}/hint`, {});
        hinted = h.id; draw(view);
        showInfo(`hint (${h.agent}): ${h.name}${h.detail ? " — " + h.detail : ""}`);
      } catch (e) { showError(e.message); }
    }
    async function resume(id) {     // the campaign game in play, from any tab
      showError("");
      try {
        const v = await api(`/api/games/${id}`);
        gid = id; draw(v);
        if (v.viewer === null) watchLoop(); else botsAnswer(v);
      } catch (e) { showError(e.message); }
    }
    async function listCampaign() {
      try {
        const c = (await api("/api/campaign")).campaign;
        campaignOn = Boolean(c);
        if (!c) { campaignBox.replaceChildren(); return; }
        campaignBox.replaceChildren(...[el("h2", {}, "campaign"),
          el("p", {}, campaignIn, " ", el("label", { for: "campaign" },
            `a campaign game: the next game of ${c.file} (Maracaibo), recorded there when it ends ` +
            `(${c.games} game(s) recorded so far)`)),
          c.in_play ? el("p", {}, "a campaign game is in progress: ", el("button", { id: "campaign-continue",
            onclick: () => resume(c.in_play) }, "continue the campaign game")) : null,
          c.stuck ? el("div", { class: "error" }, c.stuck) : null,
          el("details", {}, el("summary", {}, "what the next campaign game starts from"), archiveTable(c.archive))]
          .filter(Boolean));
      } catch (e) { showError(e.message); }
    }
    function stopWatch() { if (watchTimer) clearTimeout(watchTimer); watchTimer = null; }
    function watchLoop() {
      watchTimer = setTimeout(async () => {
        try {
          const v = await api(`/api/games/${gid}/step`, { seen: view.decisions });
          draw(v);
          if (!v.over && watchTimer) watchLoop(); else { watchTimer = null; draw(v); }
        } catch (e) { showError(e.message); watchTimer = null; }
      }, 150);
      if (view) draw(view);
    }
    async function openReplay(body, raw) {
      showError("");
      try {
        const d = raw ? await api("/api/replays", { replay: raw }) : await api("/api/replays/open", body);
        const frames = {};
        const fetchFrame = async k => (frames[k] = frames[k] || await api(`/api/replays/${d.id}/${k}`));
        const holder = el("div");
        main.replaceChildren(el("div", { class: "bar" },
          el("button", { id: "new", onclick: () => setupPage() }, "back"), errorBox), holder);
        replayPlayer(holder, d, fetchFrame);
      } catch (e) { showError(e.message); }
    }
    async function listSources() {
      try {
        const d = await api("/api/sources");
        const items = [];
        for (const f of d.files) items.push(el("li", {}, el("button", { class: "open-file",
          onclick: () => openReplay({ source: "file", name: f }) }, f)));
        for (const t of d.tournament_games) items.push(el("li", {}, t.error ? `${t.database}: ${t.error}` :
          el("button", { class: "open-db", onclick: () => openReplay({ source: "db", db: t.db,
            tournament: t.tournament, game_id: t.game_id }) },
            `${t.database} · tournament ${t.tournament} · game ${t.game_id}: ${t.lineup} (deal ${t.deal}) → ${t.scores.join(" / ")}`)));
        sources.replaceChildren(items.length ? el("ul", {}, items)
          : el("div", { class: "muted" }, "none: start the server with --replays DIR or --db FILE"));
      } catch (e) { showError(e.message); }
    }
    function setupPage() {
      gid = null; view = null; showInfo("");
      main.replaceChildren(el("h2", {}, "new game"), el("div", { class: "setup" },
        field("game", game), field("players (1 = solo)", playersIn), field("your seat", seatIn),
        field("opponents", opponents), field("options", options), field("deal (seed)", seed)),
        campaignBox,
        el("p", {}, el("button", { class: "primary", id: "play", onclick: () => start(false) }, "play"), " ",
           el("button", { id: "watch", onclick: () => start(true) }, "watch bots play")),
        errorBox, infoBox,
        el("h2", {}, "replays and tournament games"), sources,
        el("p", {}, el("label", { for: "upload" }, "open a replay file: "), upload));
      listSources();
      listCampaign();
    }
    upload.addEventListener("change", async () => {
      const file = upload.files[0];
      if (file) openReplay(null, await file.text());
    });
    root.replaceChildren(el("div", { class: "bar" }, el("h1", {}, "maracaibo_env"),
                            el("span", { class: "muted" }, "play · watch · replays")), main);
    setupPage();
  }

  return { render, replayPlayer, serverApp };
})();
