"""The ipywidgets/anywidget notebook app (Python side). Imported lazily."""
