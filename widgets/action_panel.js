// Action panel: the legal choices of the current decision, grouped, one button each; choices the
// rules list but the player cannot take now are greyed out with the reason.
// Traitlets: `sections`, `title`, `position` (Python -> JS) and `pressed` ({notation, position, n};
// JS -> Python). After a press every button waits for the next panel, and the second click of a
// double click is ignored (the next panel may be drawn under it), so a double click sends one
// press (and Python ignores a press carrying an older `position`).

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The map (a plotly FigureWidget with config.responsive and no fixed height) fits its box only on
// a window resize, and its first draw can come before the notebook output has its final width.
// Whenever the app's box changes size (the map appearing, the notebook resized), give the map the
// board's proportions (MAP_RATIO) at the app's width less the legend beside it (MAP_LEGEND px), at
// most MAP_MAX_HEIGHT px (the largest map the names are placed for: 1.75 times the reference map,
// mp_notebook/render/placement.py) and at most the window's height less MAP_RESERVED px (on the
// app page in Voilà, the title, the game chooser, the app's header and toolbar above the map, the
// action panel's title and first row below it: all in sight at 1280 x 720), at least
// MAP_MIN_HEIGHT px, and send one window resize.
const MAP_RATIO = 2.15;
const MAP_LEGEND = 190;
const MAP_MIN_HEIGHT = 300;
const MAP_MAX_HEIGHT = 520;
const MAP_RESERVED = 370;

function mapHeight(width, windowHeight) {
  const fitted = Math.round((width - MAP_LEGEND) / MAP_RATIO) + 8;
  return Math.max(MAP_MIN_HEIGHT, Math.min(fitted, MAP_MAX_HEIGHT, windowHeight - MAP_RESERVED));
}

function fitMapWhenAppResizes(host) {
  let observer = null;
  let frame = 0;
  let app = null;
  const plotOf = () => app.querySelector(".mp-map.js-plotly-plot, .mp-map .js-plotly-plot");
  const heightOf = () => `${mapHeight(app.clientWidth, window.innerHeight)}px`;
  const nudge = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const plot = plotOf();
      if (plot && plot.style.height !== heightOf()) plot.style.height = heightOf();
      window.dispatchEvent(new Event("resize"));
    });
  };
  // The window's height bounds the map too; a change of it alone does not resize the app's box.
  // (The resize events nudge() sends find the height unchanged and stop there.)
  const windowResized = () => {
    const plot = app && plotOf();
    if (plot && plot.style.height !== heightOf()) nudge();
  };
  const attach = () => {
    app = host.closest(".mp-notebook-app");
    if (!app) {
      frame = requestAnimationFrame(attach);
      return;
    }
    observer = new ResizeObserver(nudge);
    observer.observe(app);
    window.addEventListener("resize", windowResized);
  };
  attach();
  return () => {
    cancelAnimationFrame(frame);
    if (observer) observer.disconnect();
    window.removeEventListener("resize", windowResized);
  };
}

// When the choices overflow the panel, its largest rows of more than MANY choices (Voyages' Grand
// Bazaar: 24) are folded, largest first, each into one line "Grand Bazaar 24 choices", until the
// rest fits, so travel and the other actions stay in sight; opened, a folded row's buttons are
// grouped by the first word of their labels (the good: camels, pepper, silk, gold) when that makes
// 2-8 groups. A folded row the player opened stays open across redraws of the panel.
const MANY = 8;

function groups(actions) {
  const byWord = new Map();
  for (const a of actions) {
    const word = a.label.split(" ")[0];
    if (!byWord.has(word)) byWord.set(word, []);
    byWord.get(word).push(a);
  }
  return byWord.size >= 2 && byWord.size <= MANY ? [...byWord] : [["", actions]];
}

export default {
  render({ model, el: host }) {
    const root = el("div", "mp-panel mp-actions");
    host.appendChild(root);
    let presses = 0;
    const opened = new Set(); // titles of the folded rows the player opened
    const button = (a) => {
      const b = el("button", "mp-action");
      b.type = "button";
      b.appendChild(el("span", "", a.label));
      if (a.cost) b.appendChild(el("span", "mp-cost", a.cost));
      if (a.disabled) {
        b.disabled = true;
        b.classList.add("mp-unavailable");
        b.title = `not now: ${a.disabled}`;
        b.appendChild(el("span", "mp-reason", a.disabled));
        return b;
      }
      b.dataset.notation = a.notation;
      b.title = `${a.notation}${a.cost ? " — costs " + a.cost : ""}`;
      b.addEventListener("click", (event) => {
        // the second click of a double click presses nothing, even when the next panel is drawn
        // under it between the two clicks (its button would be pressed by accident)
        if (root.dataset.waiting || event.detail > 1) return;
        root.dataset.waiting = "1";
        root.querySelectorAll("button.mp-action").forEach((other) => { other.disabled = true; });
        presses += 1;
        model.set("pressed", { notation: a.notation, position: model.get("position"), n: presses, at: Date.now() });
        model.save_changes();
      });
      return b;
    };
    const folded = (row) => {
      const box = el("details", "mp-many");
      box.open = opened.has(row.title);
      box.addEventListener("toggle", () => (box.open ? opened.add(row.title) : opened.delete(row.title)));
      const summary = el("summary");
      summary.append(el("span", "mp-row-title", row.title), el("span", "mp-count", `${row.actions.length} choices`));
      box.appendChild(summary);
      for (const [title, actions] of groups(row.actions)) {
        const line = el("div", "mp-group");
        if (title) line.appendChild(el("span", "mp-group-title", title));
        actions.forEach((a) => line.appendChild(button(a)));
        box.appendChild(line);
      }
      return box;
    };
    let drawn = 0; // counts draws: a fold measured for an older draw is dropped
    const foldToFit = (rows, at) => {
      if (at !== drawn || !root.clientHeight) return; // redrawn since, or not laid out (hidden)
      const large = rows.filter(({ row }) => row.actions.length > MANY);
      large.sort((a, b) => b.row.actions.length - a.row.actions.length);
      for (const { row, line } of large) {
        if (root.scrollHeight <= root.clientHeight) break;
        line.replaceWith(folded(row));
      }
    };
    const draw = () => {
      delete root.dataset.waiting;
      root.dataset.position = model.get("position");
      root.replaceChildren(el("div", "mp-title", model.get("title")));
      const rows = [];
      for (const section of model.get("sections")) {
        const box = el("div", "mp-section");
        box.appendChild(el("div", "mp-section-title", section.title));
        for (const row of section.rows) {
          if (opened.has(row.title) && row.actions.length > MANY) {
            box.appendChild(folded(row));
            continue;
          }
          const line = el("div", "mp-action-row");
          line.appendChild(el("span", "mp-row-title", row.title));
          row.actions.forEach((a) => line.appendChild(button(a)));
          box.appendChild(line);
          rows.push({ row, line });
        }
        root.appendChild(box);
      }
      drawn += 1;
      const at = drawn;
      requestAnimationFrame(() => foldToFit(rows, at));
    };
    draw();
    const events = ["change:sections", "change:title", "change:position"];
    events.forEach((e) => model.on(e, draw));
    const stopFitting = fitMapWhenAppResizes(host);
    return () => {
      events.forEach((e) => model.off(e, draw));
      stopFitting();
    };
  },
};
