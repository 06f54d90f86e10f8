// The plotly figures of a notebook page are drawn while the page is still being laid out; once it
// is, fit each to the width of its column.
window.addEventListener("load", () => {
  document.querySelectorAll(".js-plotly-plot").forEach((plot) => Plotly.Plots.resize(plot));
});
