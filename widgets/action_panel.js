// Action panel: the legal choices of the current decision, grouped, one button each.
// Traitlets: `sections` (JSON, Python -> JS) and `pressed` ({notation, n}; JS -> Python).

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The map (a plotly FigureWidget with config.responsive) fits its width only on a window resize,
// and its first draw can come before the notebook output has its final width. Whenever the app's
// box changes size (the map appearing, the notebook resized), send one window resize.
function fitMapWhenAppResizes(host) {
  let observer = null;
  let frame = 0;
  const nudge = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => window.dispatchEvent(new Event("resize")));
  };
  const attach = () => {
    const app = host.closest(".mp-notebook-app");
    if (!app) {
      frame = requestAnimationFrame(attach);
      return;
    }
    observer = new ResizeObserver(nudge);
    observer.observe(app);
  };
  attach();
  return () => {
    cancelAnimationFrame(frame);
    if (observer) observer.disconnect();
  };
}

export default {
  render({ model, el: host }) {
    const root = el("div", "mp-panel mp-actions");
    host.appendChild(root);
    let presses = 0;
    const draw = () => {
      root.replaceChildren(el("div", "mp-title", model.get("title")));
      for (const section of model.get("sections")) {
        const box = el("div", "mp-section");
        box.appendChild(el("div", "mp-section-title", section.title));
        for (const row of section.rows) {
          const line = el("div", "mp-action-row");
          line.appendChild(el("span", "mp-row-title", row.title));
          for (const a of row.actions) {
            const b = el("button", "mp-action");
            b.type = "button";
            b.dataset.notation = a.notation;
            b.title = `${a.notation}${a.cost ? " — costs " + a.cost : ""}`;
            b.appendChild(el("span", "", a.label));
            if (a.cost) b.appendChild(el("span", "mp-cost", a.cost));
            b.addEventListener("click", () => {
              presses += 1;
              model.set("pressed", { notation: a.notation, n: presses, at: Date.now() });
              model.save_changes();
            });
            line.appendChild(b);
          }
          box.appendChild(line);
        }
        root.appendChild(box);
      }
    };
    draw();
    const events = ["change:sections", "change:title"];
    events.forEach((e) => model.on(e, draw));
    const stopFitting = fitMapWhenAppResizes(host);
    return () => {
      events.forEach((e) => model.off(e, draw));
      stopFitting();
    };
  },
};
