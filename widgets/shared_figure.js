// A plotly FigureWidget whose front end (plotly.js and plotly's widget code, ~5 MB) is not sent
// with every figure: it travels once per kernel, gzipped, in the `bundle` of one shared model
// (ui/components.PlotlyFrontEnd, referenced by the `_front_end` traitlet), and is imported once per
// page, whatever number of figures or kernels the page shows (cached on globalThis, keyed by the
// plotly version and size). Each figure then runs plotly's own widget code (its default export:
// a factory of {initialize, render}), so every FigureWidget message works as in plotly.

const CACHE = Symbol.for("mp_notebook.plotly_front_end");

async function imported(bytes) {
  const code = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const source = await new Response(code).blob();
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return await import(/* webpackIgnore: true */ url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function plotlyWidget(model) {
  const ref = model.get("_front_end"); // "IPY_MODEL_<id>"
  const shared = await model.widget_manager.get_model(ref.slice("IPY_MODEL_".length));
  const bytes = shared.get("bundle"); // a DataView of the gzipped bundle
  const key = `${shared.get("version")}/${bytes.byteLength}`;
  const cache = (globalThis[CACHE] ??= new Map());
  if (!cache.has(key)) {
    const loading = imported(bytes);
    loading.catch(() => cache.delete(key)); // a failed load is tried again by the next figure
    cache.set(key, loading);
  }
  return cache.get(key);
}

export default () => {
  let figure = null;
  return {
    async initialize(context) {
      const module = await plotlyWidget(context.model);
      figure = module.default();
      return figure.initialize(context);
    },
    render(context) {
      // plotly reports both clicks of a double click as clicks on the point under the pointer;
      // the second reached Python after the first had changed the game (and the map under it),
      // and clicked the place again: an error, or a second step. It stops here.
      context.el.addEventListener("click", (event) => event.detail > 1 && event.stopPropagation(), true);
      return figure.render(context);
    },
  };
};
