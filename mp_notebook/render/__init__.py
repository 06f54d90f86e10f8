"""Plotly figures and HTML display helpers (no widget state). Imported lazily."""
