"""The site's own Sphinx extension: what the notebooks' stored outputs need to read well offline.

* The notebooks live in ``notebooks/`` at the repository's root; each build copies them into
  ``docs/notebooks/`` (ignored by git), and the Markdown pages' links to ``../notebooks/...``
  (right on GitHub) are pointed at those copies.
* A plotly figure stored in a notebook (``application/vnd.plotly.v1+json``) becomes an interactive
  figure on the page, drawn by plotly.js copied from the installed ``plotly`` package into
  ``_static/`` (no CDN): the script is loaded only on the pages that draw one.
* A cell that shows the play app (``mp.play(...)``, ``PlayPage()``) stores no widget state, so the
  page shows a picture of the app instead, saying that playing needs a kernel.
* ``{rule-sections} <ruleset>``: the rule sections that ruleset's engine cites, each with the
  lesson notebook that shows it, read from the package at build time.

The notebooks on disk are never changed; nothing is executed but the package's own code.
"""

from __future__ import annotations

import filecmp
import functools
import hashlib
import inspect
import json
import re
import shutil
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx

PLOTLY = "application/vnd.plotly.v1+json"
ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
COPIES = ROOT / "docs" / "notebooks"
APP_CELL = re.compile(r"(mp\.play\(|PlayPage\()")
LAST_LINE_SHOWS = re.compile(r"^\s*(\w+|PlayPage\(\))\s*$")
PICTURES = {"PlayPage": "play.png", "voyages": "app-voyages-after.png", "schmidt": "app-schmidt-after.png"}
APP_NOTE = ("*The play app appears here when the notebook runs: playing needs a running kernel "
            "(JupyterLab, Voilà or Binder). Below, a picture of it.*\n\n![The play app]({picture})")


def plotly_js() -> Path:
    """plotly.js as the installed plotly package ships it (the version its figures are written for)."""
    import plotly

    path = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    if not path.exists():
        raise FileNotFoundError(f"plotly.js is not in the installed plotly package: {path}")
    return path


def interactive(figure: dict[str, Any], div_id: str) -> str:
    """The figure as an HTML fragment that plotly.js (loaded by the page) draws."""
    import plotly.io as pio

    return pio.to_html(figure, include_plotlyjs=False, full_html=False, div_id=div_id, validate=False,
                       config={"responsive": True})


def app_picture(source: str) -> str:
    """The picture of the app a cell shows: the app page, or the app of the cell's game."""
    return next((picture for word, picture in PICTURES.items() if word in source), "app-mp2-after.png")


def rewrite(text: str, docname: str) -> str:
    """The notebook ``text`` (JSON) with its plotly figures interactive and its apps pictured."""
    notebook = json.loads(text)
    depth = docname.count("/")
    for number, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        outputs = cell.setdefault("outputs", [])
        for k, output in enumerate(outputs):
            data = output.get("data", {})
            if PLOTLY in data:
                div_id = "plotly-" + hashlib.sha1(f"{docname}/{number}/{k}".encode()).hexdigest()[:12]
                output["data"] = {"text/html": interactive(data[PLOTLY], div_id)}
        lines = source.rstrip().splitlines()
        if APP_CELL.search(source) and lines and LAST_LINE_SHOWS.match(lines[-1]):
            picture = "../" * depth + app_picture(source)
            outputs.append({"output_type": "display_data", "metadata": {},
                            "data": {"text/markdown": APP_NOTE.format(picture=picture)}})
    return json.dumps(notebook)


def copy_notebooks() -> None:
    """``notebooks/*.ipynb`` into ``docs/notebooks/``: new or changed ones copied (with their times,
    so that Sphinx sees what changed), the copies of removed ones deleted."""
    COPIES.mkdir(exist_ok=True)
    wanted = {path.name for path in NOTEBOOKS.glob("*.ipynb")}
    for name in wanted:
        source, copy = NOTEBOOKS / name, COPIES / name
        if not copy.exists() or not filecmp.cmp(source, copy, shallow=False):
            shutil.copy2(source, copy)
    for copy in COPIES.glob("*.ipynb"):
        if copy.name not in wanted:
            copy.unlink()


def notebook_links(text: str, docname: str) -> str:
    """A Markdown page's links to the repository's notebooks, pointed at the copies in the site."""
    depth = docname.count("/")
    return text.replace("](" + "../" * (depth + 1) + "notebooks/", "](" + "../" * depth + "notebooks/")


def on_source_read(app: Sphinx, docname: str, source: list[str]) -> None:
    suffix = app.env.doc2path(docname).suffix
    if suffix == ".ipynb":
        source[0] = rewrite(source[0], docname)
    elif suffix == ".md":
        source[0] = notebook_links(source[0], docname)


def on_page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if "Plotly.newPlot" in context.get("body", ""):
        app.add_js_file("plotly.min.js")  # this page only
        app.add_js_file("plotly-fit.js")


def on_config_inited(app: Sphinx, config: Any) -> None:
    copy_notebooks()
    config.html_static_path.append(str(plotly_js()))


class RuleSections(Directive):
    """``{rule-sections} mp2``: a table of the rule sections the ruleset's engine cites."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        from mp_notebook._lessons import LESSONS, coverage, rule_sections

        ruleset = self.arguments[0]
        shown, _missing = coverage(ruleset, ROOT)
        lesson = ", ".join(Path(part).stem for part in LESSONS.get(ruleset, ()))
        table = nodes.table(classes=["rule-sections"])
        group = nodes.tgroup(cols=2)
        table += group
        group += nodes.colspec(colwidth=3)
        group += nodes.colspec(colwidth=1)
        head = nodes.thead()
        group += head
        head += self.row(["rule section cited by the engine", "shown word for word in"])
        body = nodes.tbody()
        group += body
        for section in rule_sections(ruleset):
            body += self.row([section, lesson if section in shown else "—"], literal_first=True)
        return [table]

    @staticmethod
    def row(cells: list[str], literal_first: bool = False) -> nodes.row:
        row = nodes.row()
        for i, text in enumerate(cells):
            entry = nodes.entry()
            paragraph = nodes.paragraph()
            paragraph += nodes.literal(text=text) if literal_first and i == 0 else nodes.Text(text)
            entry += paragraph
            row += entry
        return row


FACADES = ("mp_notebook", "mp_notebook.agents", "mp_notebook.analysis", "mp_notebook.routes")
"""The modules that gather names from others in their ``__all__``, in order: a name is documented
at the first that exports it (``mp_notebook.Action``), and skipped where it is defined or
exported again (``mp_notebook.engine.actions.Action``), so that every object has one entry."""


@functools.cache
def homes() -> dict[int, str]:
    """The facade each exported object is documented at, by the object's id."""
    import importlib

    found: dict[int, str] = {}
    for name in FACADES:
        module = importlib.import_module(name)
        for attribute in getattr(module, "__all__", ()):
            value = getattr(module, attribute)
            if not inspect.ismodule(value):
                found.setdefault(id(value), name)
    return found


def skip_member(app: Sphinx, what: str, name: str, obj: Any, skip: bool, options: Any) -> bool | None:
    """Skip a named tuple's fields (Python's "Alias for field number N": the class's signature
    names them) and a module's member that is documented at its facade."""
    if (getattr(obj, "__doc__", None) or "").startswith("Alias for field number"):
        return True
    if what == "module":
        home = homes().get(id(obj))
        if home is not None and home != app.env.temp_data.get("autodoc:module"):
            return True
    return None


UNDERLINE = re.compile(r"^([-=~^])\1{2,}\s*$")


def titles_to_rubrics(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """A module docstring's section titles become rubrics: as sections they would be labels of the
    page, and two modules with the same title ("How a state moves on") would clash."""
    if what != "module":
        return
    for i in range(len(lines) - 1):
        if lines[i].strip() and UNDERLINE.match(lines[i + 1]) and not UNDERLINE.match(lines[i]):
            lines[i], lines[i + 1] = f".. rubric:: {lines[i].strip()}", ""


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("autodoc-process-docstring", titles_to_rubrics)
    app.connect("autodoc-skip-member", skip_member)
    app.connect("config-inited", on_config_inited)
    app.connect("source-read", on_source_read)
    app.connect("html-page-context", on_page_context)
    app.add_directive("rule-sections", RuleSections)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
