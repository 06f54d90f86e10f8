"""The install as the README gives it, and Binder's configuration, which must agree.

One source of truth for the versions: ``pyproject.toml``'s ``notebook`` extra pins the packages
whose front ends the pages load (JupyterLab, Notebook 7, Voilà, the widgets) to versions that
load together cleanly; ``binder/requirements.txt`` pins every package of Binder's environment, and
the quick tests below check that it pins each requirement of the package and of its ``notebook``
and ``rl`` extras to a version they allow (so the same front-end versions). The Jupyter settings
(``binder/etc``, ``binder/share``) are data files of the package: ``pip install`` puts them where
Jupyter and Voilà look, and Binder's ``postBuild`` only installs the package.

The slow tests build a fresh virtual environment with the README's first command, ``pip install
".[notebook]"`` (from a copy of this checkout), not the development environment, and check in it:

* ``voila notebooks/play.ipynb`` (the README's command) in headless Chromium: the app becomes
  interactive with no console error or warning, no request off the machine, at most 3 MB over HTTP;
* the same page in JupyterLab and Notebook 7 of that environment's ``jupyter lab``: interactive,
  no console error, no "Unsatisfied version" (Notebook 7 warns of its own accord, "Menu entry ...
  is duplicated" and "[yjs#509] Not same Y.Doc", on any notebook: those are allowed), no
  notification over the app (JupyterLab's question about Jupyter news);
* the README's Python blocks in order in a fresh kernel (those needing the ``rl`` extra run in
  ``tests/test_readme.py`` where it is installed);
* the first lesson, ``01-learn-the-rules.ipynb``, executed: it says nothing about a missing package.

They take a few minutes (pip's cache makes reruns faster; about 4 min of one core in CI, beside the
other tests) and need the package index. They always run in CI (``CI`` set); elsewhere
``MP_SKIP_BINDER=1`` skips them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
INSTALL_TIMEOUT = 1800  # seconds for the pip install
NOTEBOOK_TIMEOUT = 600  # seconds per notebook cell (nbconvert) and per notebook (subprocess)
MAX_HTTP = 3_000_000  # bytes the app page may take over HTTP under `voila`
PAGE_TIMEOUT = 240  # seconds for a page, its kernel and the app (a loaded machine: a kernel's first imports)
LESSON = "01-learn-the-rules.ipynb"
COPIED = shutil.ignore_patterns(".git", ".venv*", "venv", "build", "dist", "*.egg-info", "test-output", "__pycache__",
                                ".*_cache", ".hypothesis", ".ipynb_checkpoints")

slow = pytest.mark.skipif(not os.environ.get("CI") and os.environ.get("MP_SKIP_BINDER") == "1",
                          reason="MP_SKIP_BINDER=1 (outside CI): the fresh install is not tested")


# --- the versions and settings agree (quick) ------------------------------------------------------


def binder_pins() -> dict[str, Version]:
    """``binder/requirements.txt``: package (canonical name) -> its pinned version."""
    pins = {}
    for line in (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.partition("#")[0].strip()
        if line:
            req = Requirement(line)
            spec = list(req.specifier)
            assert len(spec) == 1 and spec[0].operator == "==", f"binder/requirements.txt: {line!r} is not a pin (==)"
            pins[canonicalize_name(req.name)] = Version(spec[0].version)
    return pins


def package_requirements(*extras: str) -> list[Requirement]:
    """The package's own requirements and those of ``extras`` (a reference to the package itself
    expanded: ``mp-notebook[notebook]``)."""
    project = PYPROJECT["project"]
    out = []
    for line in [*project["dependencies"], *(r for e in extras for r in project["optional-dependencies"][e])]:
        req = Requirement(line)
        if canonicalize_name(req.name) == canonicalize_name(project["name"]):
            out += package_requirements(*req.extras)[len(project["dependencies"]):]
        else:
            out.append(req)
    return out


def test_binder_pins_what_the_package_asks() -> None:
    pins = binder_pins()
    for req in package_requirements("notebook", "rl"):
        name = canonicalize_name(req.name)
        assert name in pins, f"binder/requirements.txt does not pin {req.name} (pyproject.toml asks {req})"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"binder/requirements.txt pins {req.name}=={pins[name]}; pyproject.toml asks {req}")


def test_the_notebook_extra_pins_the_front_ends() -> None:
    """What makes the pages load cleanly is pinned exactly, in the extra (and so in Binder)."""
    pinned = {canonicalize_name(r.name) for r in package_requirements("notebook")
              if [s.operator for s in r.specifier] == ["=="]}
    assert {"jupyterlab", "notebook", "voila", "ipywidgets", "jupyterlab-widgets", "anywidget"} <= pinned, pinned


def test_the_dev_extra_has_the_notebook_extra() -> None:
    """The browser tests of the development environment open the pages on the same versions."""
    assert {str(r) for r in package_requirements("notebook")} <= {str(r) for r in package_requirements("dev")}


def test_the_jupyter_settings_are_data_files_of_the_package() -> None:
    """Every file under binder/etc and binder/share is installed with the package, where Jupyter
    reads it (``<prefix>/etc/...``, ``<prefix>/share/...``); Binder's postBuild installs the
    package and copies nothing itself."""
    data_files = PYPROJECT["tool"]["setuptools"]["data-files"]
    installed = {(Path(target) / Path(f).name).as_posix(): f for target, files in data_files.items() for f in files}
    on_disk = {p.relative_to(BINDER).as_posix() for top in ("etc", "share") for p in (BINDER / top).rglob("*")
               if p.is_file()}
    assert sorted(installed) == sorted(on_disk), "pyproject.toml's data files and binder/etc, binder/share differ"
    assert all(f"binder/{target}" == source for target, source in installed.items())
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable (repo2docker runs it directly)"
    commands = [line for line in post_build.read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#") and not line.startswith("set ")]
    assert commands == ["python -m pip install --no-deps ."], commands


# --- a fresh install (slow) -----------------------------------------------------------------------


class Install(NamedTuple):
    """A fresh environment with the README's install: its interpreter, a copy of the checkout it
    was installed from, a scratch home for Jupyter's per-user files, and the environment to run in."""

    python: str
    source: Path
    home: Path
    env: dict[str, str]


def _run(cmd: list[str], *, cwd: Path, env: dict[str, str], timeout: int) -> str:
    """Run ``cmd``; its output, or the test fails with its command line and output."""
    try:
        done = subprocess.run(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"timed out after {timeout} s: {' '.join(cmd)}\n{exc.output or ''}")
    if done.returncode != 0:
        pytest.fail(f"exit status {done.returncode}: {' '.join(cmd)} (in {cwd})\n{done.stdout[-8000:]}")
    return done.stdout


def _environment(venv: Path, home: Path) -> dict[str, str]:
    """The environment of a shell with the venv activated, isolated from this interpreter's setup."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "JUPYTER_PATH", "JUPYTER_DATA_DIR",
                        "JUPYTER_CONFIG_DIR", "JUPYTER_CONFIG_PATH", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR", "PIP_USER")}
    env["PATH"] = str(venv / "bin") + os.pathsep + env.get("PATH", "")
    env["VIRTUAL_ENV"] = str(venv)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    # Jupyter's per-user files go to a scratch home, so the user's own kernelspecs and settings play
    # no part; pip keeps using the user's cache (faster reruns).
    env["JUPYTER_CONFIG_DIR"] = str(home / "jupyter-config")
    env["JUPYTER_DATA_DIR"] = str(home / "jupyter-data")
    env["JUPYTER_RUNTIME_DIR"] = str(home / "jupyter-runtime")
    env["IPYTHONDIR"] = str(home / "ipython")
    env.setdefault("PIP_CACHE_DIR", _pip_cache_dir())
    return env


def _pip_cache_dir() -> str:
    """pip's cache directory of this interpreter (shared with the new venv, so reruns are fast)."""
    try:
        out = subprocess.run([sys.executable, "-m", "pip", "cache", "dir"], capture_output=True, text=True,
                             timeout=60, check=False).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        out = ""
    return out or str(Path.home() / ".cache" / "pip")


@pytest.fixture(scope="module")
def install(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Install]:
    """``pip install ".[notebook]"`` in a new virtual environment, from a copy of this checkout
    (pip builds in the source folder); the notebooks folder copied beside it is where pages open."""
    tmp = tmp_path_factory.mktemp("install")
    venv, home, source = tmp / "venv", tmp / "home", tmp / "mp-notebook"
    home.mkdir()
    shutil.copytree(ROOT, source, symlinks=True, ignore=COPIED)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    env = _environment(venv, home)
    python = str(venv / "bin" / "python")
    _run([python, "-m", "pip", "install", ".[notebook]"], cwd=source, env=env, timeout=INSTALL_TIMEOUT)
    yield Install(python, source, home, env)


@slow
def test_the_package_is_imported_from_the_new_environment(install: Install) -> None:
    out = _run([install.python, "-c", "import mp_notebook; print(mp_notebook.__file__)"], cwd=install.home,
               env=install.env, timeout=120)
    assert out.strip().startswith(str(Path(install.python).parents[1])), f"mp_notebook imported from {out.strip()}"


@slow
def test_an_adapter_says_to_install_the_rl_extra(install: Install) -> None:
    """Notebook 08 on the README's install: its first import names the extra it needs."""
    done = subprocess.run([install.python, "-c", "import mp_notebook.adapters.pettingzoo"], cwd=install.home,
                          env=install.env, capture_output=True, text=True, timeout=120, check=False)
    said = done.stderr.strip().splitlines()[-1]
    assert said.startswith("ModuleNotFoundError: mp_notebook.adapters.pettingzoo needs the rl extra"), done.stderr
    assert said.endswith('pip install "mp_notebook[rl]" (from a clone of the repository: pip install ".[rl]")'), said


def _pages(install: Install, front_ends: list[str]) -> dict[str, dict[str, Any]]:
    """``notebooks/play.ipynb`` opened in each of ``front_ends`` in turn (``voila``: the README's
    command; or JupyterLab or Notebook 7 on a ``jupyter lab`` server), each on a server of its own
    as its user starts it from that environment (one server serving both, JupyterLab's page once
    answered a font request with 403): the figures of each load (``bench/app_page.py``: console
    messages, requests off the machine, bytes)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import app_page
    from playwright.sync_api import sync_playwright

    out = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(app_page.labserver.CHROMIUM), args=app_page.labserver.ARGS)
        try:
            for front_end in front_ends:
                home = install.home / front_end.replace(" ", "")
                shutil.copytree(install.source / "notebooks", home)
                with app_page.serving(home, front_end, install.python, installed=True) as url:
                    out[front_end] = app_page.load(browser, url, front_end, timeout_ms=PAGE_TIMEOUT * 1000)
        finally:
            browser.close()
    return out


@slow
def test_voila_shows_the_app_page_cleanly(install: Install) -> None:
    page = _pages(install, ["voila"])["voila"]
    assert not page["messages"], page["messages"]
    assert not page["external"], f"requests off the machine: {page['external']}"
    assert page["http"] <= MAX_HTTP, f"{page['http'] / 1e6:.2f} MB over HTTP; largest: {page['largest']}"


@slow
def test_jupyterlab_and_notebook7_show_the_app(install: Install) -> None:
    for front_end, page in _pages(install, ["Notebook 7", "JupyterLab"]).items():
        errors = [m for m in page["messages"] if not m.startswith("warning: ")]
        versions = [m for m in page["messages"] if "version" in m.lower()]
        assert not errors and not versions, (front_end, page["messages"])
        assert not page["toasts"], f"{front_end}: notifications over the app: {page['toasts']}"


@slow
def test_the_readme_blocks_run_on_the_readme_install(install: Install) -> None:
    work = install.home / "readme"
    work.mkdir()
    out = _run([install.python, str(install.source / "tests" / "readme_blocks.py"), "--without", "rl"], cwd=work,
               env=install.env, timeout=NOTEBOOK_TIMEOUT * 3)
    assert "all ran" in out, out


@slow
def test_the_first_lesson_needs_nothing_more(install: Install) -> None:
    """Lesson 01 runs on the README's install and says nothing about a package missing there: its
    stored pictures of the map need kaleido and a browser, which that install lacks, so each picture
    shows as the interactive map instead (what a reader sees; its plain text, which says why there
    is no still, is not shown beside it)."""
    work = install.home / "lesson"
    shutil.copytree(install.source / "notebooks", work)
    _run([install.python, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", LESSON,
          "--output", f"executed-{LESSON}", f"--ExecutePreprocessor.timeout={NOTEBOOK_TIMEOUT}"],
         cwd=work, env=install.env, timeout=NOTEBOOK_TIMEOUT * 3)
    executed = json.loads((work / f"executed-{LESSON}").read_text(encoding="utf-8"))
    outputs = [o for cell in executed["cells"] for o in cell.get("outputs", [])]
    said = ["".join(o.get("text", "")) for o in outputs]
    missing = [text for text in said if "not installed" in text]
    assert not missing, missing
    pictures = [o["data"] for o in outputs if "".join(o.get("data", {}).get("text/plain", "")).startswith(
        ("Map (", "Score sheet (", "no picture"))]
    assert pictures and all("image/jpeg" in d or "application/vnd.plotly.v1+json" in d for d in pictures), [
        "".join(d["text/plain"])[:200] for d in pictures if "image/jpeg" not in d
        and "application/vnd.plotly.v1+json" not in d]
