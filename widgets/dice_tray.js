// Dice tray: every player's unplaced dice (their colour; black dice in black), the dice on the
// action spaces in their owner's colour (a black die framed in it; neutral dice grey, labelled "N")
// and the black dice left on the board. State: traitlets `players`, `spaces`, `black_pool` (JSON),
// and `words`, the panel's words in the game's terms (ui.labels.TrayWords: title, done, spaces,
// empty, pool; "" leaves a line out: a game without dice names its spinner), drawn again whenever
// one changes. A die whose value is not 1-6 has no value yet (0: Raschid ad-Din Sinan's dice in The
// Voyages of Marco Polo, valued when placed) and is drawn blank.

const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };

function die(value, colour, black, owner) {
  const d = document.createElement("span");
  const pips = PIPS[value] || [];
  d.className = "mp-die" + (black ? " mp-die-black" : "") + (pips.length ? "" : " mp-die-blank");
  d.style.background = black ? "#222" : colour;
  if (black && colour) d.style.borderColor = colour;
  d.title = (black ? "black die" : "die") + (pips.length ? ` ${value}` : " (no value yet)") + (owner ? ` (${owner})` : "");
  d.dataset.value = pips.length ? value : "";
  for (let cell = 1; cell <= 9; cell++) {
    const pip = document.createElement("i");
    if (pips.includes(cell)) pip.className = "mp-pip";
    d.appendChild(pip);
  }
  return d;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export default {
  render({ model, el: host }) {
    const root = el("div", "mp-panel mp-dice-tray");
    host.appendChild(root);
    const draw = () => {
      const words = model.get("words");
      root.replaceChildren(el("div", "mp-title", words.title));
      for (const p of model.get("players")) {
        const row = el("div", "mp-dice-row" + (p.current ? " mp-current" : ""));
        const name = el("span", "mp-name", (p.current ? "▶ " : "") + p.name);
        name.style.borderLeftColor = p.colour;
        row.appendChild(name);
        const dice = el("span", "mp-dice");
        p.dice.forEach((v) => dice.appendChild(die(v, p.colour, false)));
        p.black_dice.forEach((v) => dice.appendChild(die(v, p.colour, true)));
        if (p.note) dice.appendChild(el("span", "mp-muted", p.note));
        else if (!p.dice.length && !p.black_dice.length && words.done) dice.appendChild(el("span", "mp-muted", words.done));
        row.appendChild(dice);
        root.appendChild(row);
      }
      const spaces = model.get("spaces");
      const board = el("div", "mp-spaces");
      const lead = spaces.length ? words.spaces : words.empty;
      if (lead) board.appendChild(el("span", "mp-muted", lead));
      const names = Object.fromEntries(model.get("players").map((p) => [p.seat, p.name]));
      let neutral = false;
      for (const s of spaces) {
        const chip = el("span", "mp-space");
        chip.appendChild(el("b", "", s.label + " "));
        for (const d of s.dice) {
          const owner = d.owner === null ? "neutral" : names[d.owner];
          const node = die(d.value, d.colour || "#bbb", d.black, owner);
          if (d.owner === null) {
            node.classList.add("mp-die-neutral");
            neutral = true;
          }
          chip.appendChild(node);
        }
        board.appendChild(chip);
      }
      if (neutral) board.appendChild(el("span", "mp-muted", "grey dice marked N: neutral"));
      if (words.pool) board.appendChild(el("span", "mp-muted", words.pool.replace("{}", model.get("black_pool"))));
      root.appendChild(board);
    };
    draw();
    const events = ["change:players", "change:spaces", "change:black_pool", "change:words"];
    events.forEach((e) => model.on(e, draw));
    return () => events.forEach((e) => model.off(e, draw));
  },
};
