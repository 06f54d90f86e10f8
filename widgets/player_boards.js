// Player boards: one card per player. The head (colour, name, score text) and the resource chips
// are the same in every game; the rows under them are the ruleset's, in its own words.
// State: traitlet `players`, a list of {seat, name, colour, current, score_text, resources: {name:
// text}, rows: [{label, value, title?, items?}]} (see ui/components.PlayerBoards).

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function line(label, value, title) {
  const row = el("div", "mp-line");
  row.appendChild(el("span", "mp-label", label));
  const v = el("span", "mp-value", value);
  if (title) v.title = title;
  row.appendChild(v);
  return row;
}

export default {
  render({ model, el: host }) {
    const root = el("div", "mp-player-boards");
    host.appendChild(root);
    const draw = () => {
      root.replaceChildren();
      for (const p of model.get("players")) {
        const card = el("div", "mp-panel mp-player" + (p.current ? " mp-current" : ""));
        card.style.borderTopColor = p.colour;
        card.dataset.player = p.seat;
        const head = el("div", "mp-player-head");
        const swatch = el("span", "mp-swatch");
        swatch.style.background = p.colour;
        head.append(swatch, el("b", "", (p.current ? "▶ " : "") + p.name), el("span", "mp-vp", p.score_text));
        card.appendChild(head);
        const res = el("div", "mp-resources");
        for (const [k, text] of Object.entries(p.resources)) {
          const chip = el("span", "mp-res mp-res-" + k, text);
          chip.dataset.resource = k;
          res.appendChild(chip);
        }
        card.appendChild(res);
        for (const r of p.rows) {
          card.appendChild(line(r.label, r.value, r.title));
          for (const item of r.items || []) card.appendChild(el("div", "mp-small", item));
        }
        root.appendChild(card);
      }
    };
    draw();
    model.on("change:players", draw);
    return () => model.off("change:players", draw);
  },
};
