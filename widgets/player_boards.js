// Player boards: one card per player with colour, resources, goods, VP, seals (if the game has
// them), contracts, trading posts, character and goal. State: traitlet `players` (a list of JSON dicts).

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function line(label, value, title) {
  const row = el("div", "mp-line");
  row.appendChild(el("span", "mp-label", label));
  const v = el("span", "mp-value", String(value));
  if (title) v.title = title;
  row.appendChild(v);
  return row;
}

// "1 camel", "1 coin"; goods names (pepper, silk, gold, jade) are the same in the singular.
function singular(word) {
  return word.endsWith("s") ? word.slice(0, -1) : word;
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
        head.append(swatch, el("b", "", (p.current ? "▶ " : "") + p.name), el("span", "mp-vp", p.vp_text || `${p.vp} VP`));
        card.appendChild(head);
        const res = el("div", "mp-resources");
        for (const [k, v] of Object.entries(p.resources)) {
          const chip = el("span", "mp-res mp-res-" + k, `${v} ${v === 1 ? singular(k) : k}`);
          chip.dataset.resource = k;
          res.appendChild(chip);
        }
        card.appendChild(res);
        card.appendChild(line("figure in", p.location));
        card.appendChild(line("posts", `${p.posts.length}/${p.posts_total}`, p.posts.join(", ")));
        if (p.posts.length) card.appendChild(el("div", "mp-small", p.posts.join(", ")));
        // only games with guild seals send them (Marco Polo II); the others have no seals row
        if (p.seals !== undefined) card.appendChild(line("seals", p.seals.length ? p.seals.join(", ") : "none"));
        card.appendChild(line("contracts", p.contracts.length ? "" : "none"));
        for (const c of p.contracts) card.appendChild(el("div", "mp-small mp-contract", c));
        card.appendChild(line("completed", p.completed));
        card.appendChild(line("character", p.character));
        card.appendChild(line("goal", p.goal));
        root.appendChild(card);
      }
    };
    draw();
    model.on("change:players", draw);
    return () => model.off("change:players", draw);
  },
};
