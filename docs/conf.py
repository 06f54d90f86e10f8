"""Sphinx settings of the documentation site.

Build it with ``python -m sphinx -W -j auto -b html docs docs/_build/html`` (the ``docs`` extra):
warnings are errors, nothing is fetched from the network, and the notebooks are rendered from
their stored outputs, never executed. ``tests/test_docs_site.py`` runs this build.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))  # this checkout's mp_notebook, installed or not

import importlib.util  # noqa: E402

import mp_notebook  # noqa: E402

project = "mp_notebook"
author = "the mp_notebook authors"
copyright = "the mp_notebook authors"
release = version = mp_notebook.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "mpdocs",
]
exclude_patterns = ["_build", "**/.ipynb_checkpoints"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"

# -- MyST and the notebooks: rendered with their stored outputs and pictures, never executed ----
nb_execution_mode = "off"
nb_ipywidgets_js = {}  # no widget state is stored; never load the widget manager from a CDN
nb_output_stderr = "remove"  # progress bars
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

# -- the API reference: autodoc follows each module's __all__ -----------------------------------
autodoc_default_options = {"members": True, "member-order": "bysource", "show-inheritance": True}
# The adapters import the rl extra's libraries; without them (a docs-only install) they are mocked.
autodoc_mock_imports = [name for name in ("pettingzoo", "gymnasium", "pyspiel")
                        if importlib.util.find_spec(name) is None]
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autodoc_class_signature = "mixed"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
add_module_names = False

# -- HTML: the PyData theme, all of it local ----------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"mp_notebook {release}"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 7,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_sidebars = {"index": [], "changelog": []}
