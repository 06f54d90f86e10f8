// The replay page (mp_notebook/render/replay.py): one game, every step, in a static HTML file.
// The data (script#mp-replay-data) is JSON, deflated and base64-encoded: the map's static traces
// and layout, each step as a patch of the step before (replay.patch), the log, the played
// actions, the scores, what each step's position code needs, the final table and the review.
// Plain script (no modules, no requests): it runs from file:// as from any host. The player boards
// and the dice are drawn by the app's own widgets (mpWidgets, widgets/*.js), from a stand-in model.
// window.mpReplay: {ready, steps, step(), show(k), frame(k), code(k)} for tests and the console.

(function () {
  "use strict";
  const root = document.getElementById("mp-replay");
  const api = (window.mpReplay = { ready: false });
  const MAP_RATIO = 2.15; // the map's proportions beside its legend, as in the app (action_panel.js)
  const MAP_LEGEND = 190;
  const MAP_MIN_HEIGHT = 300;
  const PLAY_MS = 700;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  // --- data ------------------------------------------------------------------------------------
  async function pipe(bytes, transform) {
    const stream = new Blob([bytes]).stream().pipeThrough(transform);
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  async function readData() {
    const text = document.getElementById("mp-replay-data").textContent.trim();
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const json = await pipe(bytes, new DecompressionStream("deflate"));
    return JSON.parse(new TextDecoder().decode(json));
  }

  // replay.patch: {v: value} | {d: {key: patch}, r: [removed]} | {l: {index: patch}} | null (same)
  function applyPatch(old, p) {
    if (p === null) return old;
    if ("v" in p) return p.v;
    if ("d" in p) {
      const out = Object.assign({}, old);
      for (const [k, q] of Object.entries(p.d)) out[k] = applyPatch(old[k], q);
      for (const k of p.r || []) delete out[k];
      return out;
    }
    const out = old.slice();
    for (const [i, q] of Object.entries(p.l)) out[Number(i)] = applyPatch(old[Number(i)], q);
    return out;
  }

  // --- position codes (mp_notebook/engine/code.py): prefix + base64url(crc32(rest) + rest),
  // rest = LEB128(length of the deflated save file) + the deflated save file (raw deflate)
  const CRC_TABLE = (() => {
    const table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
    return table;
  })();

  function crc32(bytes) {
    let c = 0xffffffff;
    for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  }

  function leb128(n) {
    const out = [];
    do {
      let b = n & 0x7f;
      n = Math.floor(n / 128);
      if (n) b |= 0x80;
      out.push(b);
    } while (n);
    return out;
  }

  function base64url(bytes) {
    let s = "";
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  async function positionCode(D, k) {
    const c = D.code;
    const save = c.head + JSON.stringify(c.history.slice(0, k)) + ',"state":{"digest":' + JSON.stringify(c.digests[k]) + "}}";
    const zlib = await pipe(new TextEncoder().encode(save), new CompressionStream("deflate"));
    const payload = zlib.subarray(2, zlib.length - 4); // raw deflate: without zlib's header and Adler-32
    const rest = new Uint8Array([...leb128(payload.length), ...payload]);
    const crc = crc32(rest);
    return c.prefix + base64url(new Uint8Array([crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255, ...rest]));
  }

  // --- the app's widgets, drawn from a stand-in for their model ----------------------------------
  function widget(name, state, host) {
    const handlers = {};
    const model = {
      get: (key) => state[key],
      set(key, value) {
        if (state[key] === value) return; // as a widget model: no change, no event
        state[key] = value;
        (handlers["change:" + key] || []).forEach((f) => f());
      },
      on: (event, f) => (handlers[event] = handlers[event] || []).push(f),
      off: (event, f) => (handlers[event] = (handlers[event] || []).filter((g) => g !== f)),
    };
    mpWidgets[name].render({ model, el: host });
    return model;
  }

  // --- the page ----------------------------------------------------------------------------------
  function build(D) {
    const N = D.steps.length - 1;
    const frames = [D.steps[0]];
    for (let k = 1; k <= N; k++) frames.push(applyPatch(frames[k - 1], D.steps[k]));
    const colours = D.colours;
    root.querySelector(".mp-loading").remove();

    const bar = el("div", "mp-replay-controls");
    const buttons = {};
    for (const [key, label, title] of [["first", "|◀", "first step (Home)"], ["back", "◀", "step back (←)"],
      ["play", "▶ Play", "play the game on (space)"], ["next", "▶", "step on (→)"], ["last", "▶|", "last step (End)"]]) {
      buttons[key] = el("button", "mp-action mp-replay-" + key, label);
      buttons[key].title = title;
      buttons[key].type = "button";
      bar.appendChild(buttons[key]);
    }
    const sliderBox = el("div", "mp-replay-slider");
    const slider = el("input");
    Object.assign(slider, { type: "range", min: 0, max: N, step: 1, value: 0 });
    slider.setAttribute("aria-label", "step");
    const ticks = el("div", "mp-replay-marks");
    sliderBox.append(ticks, slider);
    const counter = el("span", "mp-replay-counter");
    bar.append(sliderBox, counter);

    const head = el("div", "mp-replay-head");
    const last = el("div", "mp-replay-played");
    const note = el("div", "mp-replay-note");
    const main = el("div", "mp-replay-main");
    const mapBox = el("div", "mp-replay-map");
    const mapDiv = el("div");
    mapDiv.id = "mp-replay-map";
    mapBox.appendChild(mapDiv);
    const side = el("div", "mp-replay-side");
    const diceHost = el("div");
    const logBox = el("div", "mp-log mp-replay-log");
    logBox.appendChild(el("b", "", "Log"));
    logBox.appendChild(el("span", "mp-muted", " (newest first; each line names its rule)"));
    const logLines = el("div", "mp-replay-lines");
    logBox.appendChild(logLines);
    side.append(diceHost, logBox);
    main.append(mapBox, side);
    const boardsHost = el("div", "mp-replay-boards");
    const chartDiv = el("div", "mp-replay-chart");
    chartDiv.id = "mp-replay-chart";
    const codeBox = el("div", "mp-replay-code");
    codeBox.appendChild(el("span", "mp-label", "position code"));
    const codeText = el("input", "mp-replay-code-text");
    Object.assign(codeText, { readOnly: true, spellcheck: false });
    codeText.setAttribute("aria-label", "position code of this step");
    const copy = el("button", "mp-action mp-replay-copy", "Copy");
    copy.type = "button";
    copy.title = "copy the code; in a notebook, mp.load(code) gives this position";
    const copied = el("span", "mp-muted mp-replay-copied");
    codeBox.append(codeText, copy, copied);
    codeBox.appendChild(el("div", "mp-muted", "In Python: import mp_notebook as mp; s = mp.load(\"<code>\") gives this position."));

    root.append(bar, head, last, note, main, boardsHost, chartDiv);
    let reviewList = null;
    if (D.review) {
      const box = el("div", "mp-panel mp-replay-review");
      box.appendChild(el("div", "mp-title", `Review of ${D.players[D.review.seat]}`));
      box.appendChild(el("div", "mp-muted", D.review.sentence));
      reviewList = el("ol", "mp-replay-mistakes");
      box.appendChild(reviewList);
      root.appendChild(box);
    }
    if (D.final) root.appendChild(finalTable(D));
    root.appendChild(codeBox);

    // log lines, made once: the newest first, each step shows its first log_counts[k]
    const lines = D.log.map(([round, player, text, rule]) => {
      const line = el("div", "mp-replay-line");
      line.appendChild(el("span", "mp-replay-round", "R" + round + " "));
      if (player !== null) {
        const dot = el("span", "", "● ");
        dot.style.color = colours[player];
        line.appendChild(dot);
      }
      line.appendChild(el("span", "mp-replay-text", text));
      line.appendChild(el("span", "mp-replay-rule", " — " + rule));
      line.title = rule;
      line.hidden = true;
      return line;
    });
    logLines.append(...lines.slice().reverse());

    // drawn once, at the step the page opens on (the last); show() sets what a step changes
    const opening = frames[N];
    const boards = widget("player_boards", { players: opening.boards }, boardsHost);
    const dice = widget("dice_tray", { players: opening.dice.players, spaces: opening.dice.spaces,
      black_pool: opening.dice.black_pool, words: D.tray }, diceHost);

    const reviewed = {};
    if (D.review) {
      for (const r of D.review.rows) {
        reviewed[r.step] = r;
        if (!r.mistake) continue;
        const tick = el("button", "mp-replay-mark");
        tick.type = "button";
        tick.style.left = `calc(${(100 * r.step) / Math.max(1, N)}% )`;
        tick.title = `step ${r.step}: ${r.played} — better ${r.better} (${loss(r, D.unit)})`;
        tick.addEventListener("click", () => show(r.step));
        ticks.appendChild(tick);
      }
      const mistakes = D.review.rows.filter((r) => r.mistake);
      for (const r of mistakes) {
        const item = el("li");
        const go = el("button", "mp-link", `step ${r.step}, round ${D.rounds[r.step]}`);
        go.type = "button";
        go.addEventListener("click", () => show(r.step));
        item.append(go, el("span", "", `: ${r.played} — better: ${r.better}; ${loss(r, D.unit)}. ${r.why}`));
        reviewList.appendChild(item);
      }
      if (!mistakes.length) reviewList.appendChild(el("li", "mp-muted", "no decision lost more than the noise"));
    }

    let current = -1;
    let drawn = N; // the step the map shows and the chart's line marks (both drawn first at N, below)
    let shownLog = 0;
    let codeToken = 0;
    let timer = null;
    const staticTraces = D.map.static;
    const layout = D.map.layout;
    const config = { displaylogo: false, responsive: true };
    const traces = (k) => staticTraces.concat(frames[k].map.map((t) => Object.assign({ type: "scattergeo" }, t)));

    function show(k) {
      k = Math.max(0, Math.min(N, Math.round(Number(k))));
      if (k === current) return;
      const f = frames[k];
      current = k;
      slider.value = String(k);
      counter.textContent = `step ${k} of ${N} · round ${D.rounds[k]}`;
      head.replaceChildren();
      head.appendChild(el("b", "", D.short));
      head.appendChild(el("span", "", ` — ${f.head.round} · first player ${f.head.first} · `));
      if (f.head.seat !== null) {
        const dot = el("span", "", "● ");
        dot.style.color = colours[f.head.seat];
        head.appendChild(dot);
      }
      head.appendChild(el("span", "mp-replay-decision", f.head.text));
      last.replaceChildren();
      const p = D.played[k];
      if (p) {
        last.appendChild(el("span", "mp-label", "last: "));
        if (p.seat !== null) {
          const dot = el("span", "", "● ");
          dot.style.color = colours[p.seat];
          last.appendChild(dot);
          last.appendChild(el("b", "", D.players[p.seat] + " "));
        }
        last.appendChild(el("span", "", p.text));
      } else {
        last.appendChild(el("span", "mp-muted", "the start of the game"));
      }
      note.replaceChildren();
      const r = reviewed[k];
      if (r) {
        note.className = "mp-replay-note" + (r.mistake ? " mp-replay-mistake" : "");
        note.textContent = `Review: played ${r.played}; ` + (r.mistake ? `better: ${r.better} (${loss(r, D.unit)}). ${r.why}`
          : `within the noise of the best (${loss(r, D.unit)}).`);
      }
      if (drawn !== k) {
        Plotly.react(mapDiv, traces(k), layout, config);
        Plotly.relayout(chartDiv, { "shapes[0].x0": k, "shapes[0].x1": k });
      }
      drawn = k;
      boards.set("players", f.boards);
      dice.set("players", f.dice.players);
      dice.set("spaces", f.dice.spaces);
      dice.set("black_pool", f.dice.black_pool);
      const count = D.log_counts[k];
      const before = k > 0 ? D.log_counts[k - 1] : 0;
      for (let i = Math.min(count, shownLog); i < Math.max(count, shownLog); i++) lines[i].hidden = i >= count;
      lines.forEach((line, i) => line.classList.toggle("mp-replay-new", i >= before && i < count));
      shownLog = count;
      const token = ++codeToken;
      codeText.value = "…";
      copied.textContent = "";
      positionCode(D, k).then((code) => {
        if (token === codeToken) codeText.value = code;
      });
      buttons.back.disabled = buttons.first.disabled = k === 0;
      buttons.next.disabled = buttons.last.disabled = k === N;
    }

    function play(on) {
      if (timer !== null) clearInterval(timer);
      timer = null;
      if (on) {
        if (current >= N) show(0);
        timer = setInterval(() => (current >= N ? play(false) : show(current + 1)), PLAY_MS);
      }
      buttons.play.textContent = on ? "⏸ Pause" : "▶ Play";
    }

    buttons.first.addEventListener("click", () => show(0));
    buttons.back.addEventListener("click", () => show(current - 1));
    buttons.next.addEventListener("click", () => show(current + 1));
    buttons.last.addEventListener("click", () => show(N));
    buttons.play.addEventListener("click", () => play(timer === null));
    slider.addEventListener("input", () => show(slider.value));
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(codeText.value);
      } catch (e) {
        codeText.select();
        document.execCommand("copy");
      }
      copied.textContent = " copied";
    });
    document.addEventListener("keydown", (e) => {
      const tag = (e.target && e.target.tagName) || "";
      if (e.target === slider || tag === "TEXTAREA" || (tag === "INPUT" && e.target !== codeText) || e.altKey || e.ctrlKey || e.metaKey) return;
      const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
      if (e.key in moves) show(current + moves[e.key]);
      else if (e.key === "Home") show(0);
      else if (e.key === "End") show(N);
      else if (e.key === " " && tag !== "BUTTON") play(timer === null);
      else return;
      e.preventDefault();
    });

    // the score over the game: one line per player, a line at the step on screen; a click goes there
    const x = frames.map((_, k) => k);
    const starts = D.rounds.map((r, k) => (k === 0 || r !== D.rounds[k - 1] ? k : null)).filter((k) => k !== null);
    const chart = D.players.map((name, i) => ({
      type: "scatter", mode: "lines", name, x, y: frames.map((f) => f.score[i]), line: { color: colours[i], width: 2 },
      hovertemplate: `${name}: %{y} ${D.unit}<br>step %{x}<extra></extra>`,
    }));
    const chartLayout = {
      height: 230, margin: { l: 50, r: 10, t: 28, b: 36 }, title: { text: `Score over the game (${D.unit})`, x: 0.01, font: { size: 13 } },
      xaxis: { title: { text: "step (R: a round begins)" }, tickvals: starts, ticktext: starts.map((k) => "R" + D.rounds[k]), range: [0, N] },
      yaxis: { title: { text: D.unit } }, legend: { orientation: "h", y: 1.12, x: 1, xanchor: "right" },
      shapes: [{ type: "line", x0: N, x1: N, yref: "paper", y0: 0, y1: 1, line: { color: "#f0a500", width: 2 } }],
      hovermode: "x unified",
    };

    function fit() {
      const width = mapBox.clientWidth;
      const height = Math.max(MAP_MIN_HEIGHT, Math.round((width - MAP_LEGEND) / MAP_RATIO) + 8);
      if (mapDiv.style.height !== height + "px") {
        mapDiv.style.height = height + "px";
        if (current >= 0) Plotly.Plots.resize(mapDiv);
      }
    }

    fit();
    new ResizeObserver(fit).observe(mapBox);
    return Promise.all([
      Plotly.newPlot(mapDiv, traces(N), layout, config),
      Plotly.newPlot(chartDiv, chart, chartLayout, { displaylogo: false, responsive: true }),
    ]).then(() => {
      chartDiv.on("plotly_click", (event) => event.points.length && show(event.points[0].x));
      show(N);
      Object.assign(api, { steps: N, step: () => current, show, frame: (k) => frames[k], code: (k) => positionCode(D, k), ready: true });
    });
  }

  function loss(r, unit) {
    const f = (v) => (v >= 0 ? "+" : "−") + Math.abs(v).toFixed(1);
    if (r.loss === null) return "not valued";
    const lost = `${f(r.loss)} ${unit} lost`;
    return r.low === null || r.high === null ? `${lost}, no interval` : `${lost}, 95% interval ${f(r.low)} to ${f(r.high)}`;
  }

  function finalTable(D) {
    const box = el("div", "mp-final");
    box.appendChild(el("div", "mp-final-title", "Final scoring — " + D.final.note));
    const table = el("table", "mp-table");
    const headRow = el("tr");
    headRow.appendChild(el("th", "", "player"));
    D.final.titles.forEach((t) => headRow.appendChild(el("th", "", t)));
    table.appendChild(headRow);
    D.final.rows.forEach((row, i) => {
      const tr = el("tr", row.winner ? "mp-winner" : "");
      tr.dataset.player = i;
      const name = el("th", "", (row.winner ? "★ " : "") + row.name);
      name.style.borderLeft = `6px solid ${D.colours[i]}`;
      tr.appendChild(name);
      row.cells.forEach((c, j) => tr.appendChild(el("td", j === D.final.total ? "mp-total" : "", c)));
      table.appendChild(tr);
    });
    box.appendChild(table);
    return box;
  }

  readData()
    .then(build)
    .catch((error) => {
      root.appendChild(el("div", "mp-error", "This replay could not be opened: " + error));
      throw error;
    });
})();
