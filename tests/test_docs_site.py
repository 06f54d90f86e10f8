"""The documentation site builds, offline, with warnings as errors, and holds together.

One build (``python -m sphinx -W -b html docs <tmp>``, the README's command without ``-j auto``:
beside the other tests on the other cores a serial build costs less CPU, about 25 s against 29;
into a fresh directory) serves every test here. It runs with the network shut for Python (every proxy variable
pointing at a closed port), so an extension that fetches at build time (intersphinx, a CDN)
fails it. Then the built pages are read:

* every internal link and every ``#anchor`` leads to a file and an element of it;
* no page loads a script, stylesheet, image or frame from off the site (plotly.js included);
* every notebook under ``notebooks/`` has its page, and notebook 02's plotly maps are interactive;
* every name a documented module declares in its ``__all__`` has its entry in the API reference.

The build takes about 25 s of CPU (a minute or more of wall clock on a loaded 2-core machine).
It needs the ``docs`` extra (part of ``dev``); outside CI the tests are skipped where it is not
installed.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CLOSED = "http://127.0.0.1:9"  # the discard port: nothing listens, a fetch fails at once
BUILD_TIMEOUT = 600  # s

if importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("myst_nb") is None:
    if os.environ.get("CI"):
        raise RuntimeError("the docs extra is not installed: pip install -e '.[dev]' installs it")
    pytest.skip("the docs extra (Sphinx, myst-nb) is not installed", allow_module_level=True)


class Page(HTMLParser):
    """The ids of an HTML page, its links (``href``) and what it loads (``src``, stylesheets)."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.loads: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.ids.update(a[k] for k in ("id", "name") if k in a)
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag in ("script", "img", "iframe", "source") and a.get("src"):
            self.loads.append(a["src"])
        if tag == "link" and "stylesheet" in a.get("rel", "") and "href" in a:
            self.loads.append(a["href"])


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    offline = {**os.environ, **{k: CLOSED for k in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy",
                                                    "ALL_PROXY", "all_proxy")}, "NO_PROXY": "", "no_proxy": ""}
    run = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                          "-d", str(out / "doctrees"), str(DOCS), str(out / "html")],
                         cwd=ROOT, env=offline, capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert run.returncode == 0, f"the site does not build cleanly:\n{run.stderr[-6000:]}"
    return out / "html"


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[Path, Page]:
    found = {}
    for path in site.rglob("*.html"):
        if "_downloads" in path.parts or "_static" in path.parts:
            continue  # files the pages link to, not pages of the site
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        found[path] = page
    return found


def local(url: str) -> bool:
    return not urlsplit(url).scheme and not url.startswith("//")


def test_no_intersphinx_or_remote_extension() -> None:
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert "intersphinx" not in conf


def test_internal_links_and_anchors_resolve(site: Path, pages: dict[Path, Page]) -> None:
    broken = []
    for path, page in pages.items():
        for url in page.links + page.loads:
            if not local(url):
                continue
            parts = urlsplit(url)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{path.relative_to(site)}: {url} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else set()
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{path.relative_to(site)}: {url} (no such anchor)")
    assert not broken, "\n".join(broken)


def test_nothing_is_loaded_from_off_the_site(site: Path, pages: dict[Path, Page]) -> None:
    remote = [f"{path.relative_to(site)}: {url}" for path, page in pages.items() for url in page.loads
              if not local(url)]
    assert not remote, "\n".join(remote)


def test_every_notebook_has_its_page_and_the_maps_are_interactive(site: Path, pages: dict[Path, Page]) -> None:
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        assert (site / "notebooks" / f"{notebook.stem}.html") in pages, f"no page for {notebook.name}"
    routes = site / "notebooks" / "02-routes-and-costs.html"
    assert "Plotly.newPlot" in routes.read_text(encoding="utf-8"), "notebook 02's maps are not interactive"
    assert any(urlsplit(url).path.endswith("_static/plotly.min.js") for url in pages[routes].loads)
    assert (site / "_static" / "plotly.min.js").stat().st_size > 1_000_000
    app = (site / "notebooks" / "play.html").read_text(encoding="utf-8")
    assert "needs a running kernel" in app and "<img" in app, "the app page shows no picture of the app"


def documented_modules() -> list[str]:
    return sorted({m for page in (DOCS / "api").glob("*.md")
                   for m in re.findall(r"^\.\. automodule:: (\S+)", page.read_text(encoding="utf-8"), re.MULTILINE)})


def test_the_reference_has_every_name_of_every_all(site: Path, pages: dict[Path, Page]) -> None:
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        from mpdocs import homes
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    ids = set().union(*(page.ids for path, page in pages.items() if path.parent.name == "api"))
    modules = documented_modules()
    assert "mp_notebook" in modules and "mp_notebook.routes" in modules
    missing = []
    for name in modules:
        module = importlib.import_module(name)
        for attribute in getattr(module, "__all__", ()):
            value = getattr(module, attribute)
            if inspect.ismodule(value):
                continue
            home = homes().get(id(value), name)
            if f"{home}.{attribute}" not in ids:
                missing.append(f"{name}.{attribute} (documented at {home})")
    assert not missing, "not in the API reference (no docstring?):\n" + "\n".join(missing)
