"""Benchmark of the play app page in a real browser: prints figures, asserts nothing.

Serves ``notebooks/play.ipynb`` (the app page) on localhost (the browser tests' ``labserver``) and
opens it in headless Chromium: ``voila`` (the README's ``voila notebooks/play.ipynb``, Voilà's own
server), and on a JupyterLab server Voilà (``/voila/render/...``, Binder's *Play* link), Notebook 7
and JupyterLab. Each front end gets a server of its own. For each it prints:

* interactive after kernel ready: from the kernel's websocket opening (the page's kernel is
  running and connected) to the app interactive (the map drawn and an enabled action button), and
  from the page request to that moment;
* transferred: bytes the page received over HTTP (encoded, as on the wire: gzipped where the
  server compresses) and over websockets (the kernel's messages: widget models and their front-end
  code; each message's payload deflated when the server negotiated permessage-deflate, as the
  extension sends it), from the Chrome DevTools Protocol's Network events;
* console errors and warnings (their count; ``-v`` prints them), requests off the machine, and
  notifications (toasts) over the page.

``--python`` names the environment whose Jupyter serves the pages (default: this one, its kernels
importing this checkout, with this checkout's Jupyter settings); ``--installed`` serves them as a
user of that environment would: its installed mp_notebook and settings only (e.g. a fresh
``pip install ".[notebook]"``).

Aims: under Voilà interactive <= 5 s after the kernel is ready, <= 3 MB over HTTP, <= 5 MB in all.
Also prints the size of ``notebooks/03-play.ipynb`` executed with nbconvert (aim <= 5 MB).

Run: ``python bench/app_page.py [-v] [--runs N] [--python PY --installed] [--front-ends voila,Voilà]``
(needs /usr/bin/chromium; the pages opened one after another; N loads each, median and range
printed; ``--no-executed`` skips the executed tutorial's size).
"""

from __future__ import annotations

import argparse
import base64
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import labserver  # noqa: E402

PAGE = ROOT / "notebooks" / "play.ipynb"
TUTORIAL = ROOT / "notebooks" / "03-play.ipynb"
MB = 1e6
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")  # a request to anything else leaves the machine


def load(browser: Any, server: str, front_end: str, timeout_ms: int = labserver.TIMEOUT_MS) -> dict[str, Any]:
    """Open the app page in ``front_end`` (``voila`` or one of labserver.FRONT_ENDS); the figures of
    one load. ``timeout_ms``: how long each step (the page, the kernel, the app drawn) may take."""
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    page.set_default_timeout(timeout_ms)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    got = {"ws": 0, "ws_open": None}
    messages: list[str] = []
    requested: dict[str, str] = {}
    sizes: dict[str, int] = {}
    cdp.on("Network.requestWillBeSent", lambda e: requested.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    deflated: list[bool] = []  # whether the kernel's websocket negotiated permessage-deflate
    cdp.on("Network.webSocketHandshakeResponseReceived", lambda e: deflated.append(
        "permessage-deflate" in str(e["response"]["headers"]).lower()))

    def frame(e: dict[str, Any]) -> None:
        data = e["response"]["payloadData"]
        payload = base64.b64decode(data) if e["response"]["opcode"] == 2 else data.encode("utf-8")
        got["ws"] += len(zlib.compress(payload)) if deflated and deflated[-1] else len(payload)

    cdp.on("Network.webSocketFrameReceived", frame)

    def opened(ws: Any) -> None:
        if "/kernels/" in ws.url and got["ws_open"] is None:
            got["ws_open"] = time.perf_counter()

    page.on("websocket", opened)
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text[:300]}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: messages.append(f"page error: {e.stack or e}"))
    page.on("requestfailed", lambda r: messages.append(f"request failed: {r.url}"))
    external: list[str] = []
    page.on("request", lambda r: external.append(r.url) if not r.url.startswith(LOCAL) else None)
    start = time.perf_counter()
    labserver.open_notebook(page, server, PAGE.name, front_end)
    try:
        page.wait_for_function(labserver.APP_READY, polling=50)
    except Exception:
        print("the app did not become interactive; the console said:", *messages, sep="\n    ")
        raise
    done = time.perf_counter()
    page.wait_for_timeout(1000)  # late messages (the map's fit) and any late console error
    toasts = page.evaluate("() => [...document.querySelectorAll('.Toastify__toast')].map((t) => t.textContent)")
    page.close()
    largest = sorted(((n, requested.get(k, "?")) for k, n in sizes.items()), reverse=True)[:8]
    return {"after_kernel": done - (got["ws_open"] or start), "total": done - start,
            "http": sum(sizes.values()), "ws": got["ws"], "messages": messages, "external": external, "toasts": toasts,
            "largest": [f"{n / MB:.2f} MB {url.split('?')[0]}" for n, url in largest]}


def executed_size() -> int:
    """Bytes of the tutorial notebook 03 executed by nbconvert (outputs and widget state)."""
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(TUTORIAL, tmp)
        done = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                               TUTORIAL.name, "--output", "executed.ipynb"], cwd=tmp, capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"nbconvert failed:\n{done.stderr[-3000:]}")
        return (Path(tmp) / "executed.ipynb").stat().st_size


def _spread(values: list[float], unit: str, scale: float = 1.0) -> str:
    v = [x / scale for x in values]
    return f"{statistics.median(v):.1f} {unit} ({min(v):.1f}–{max(v):.1f})" if len(v) > 1 else f"{v[0]:.1f} {unit}"


@contextmanager
def serving(home: Path, front_end: str, python: str, installed: bool) -> Iterator[str]:
    """The server ``front_end`` opens the page on (its URL): ``voila``'s own, else a JupyterLab server."""
    checkout = not installed
    if front_end == "voila":
        with labserver.voila(home, PAGE.name, python, checkout=checkout, installed=installed) as url:
            yield url
    else:
        with labserver.jupyterlab(home, python, checkout=checkout, installed=installed) as url:
            yield url


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-v", action="store_true", help="print the console errors and warnings")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--front-ends", default=",".join(("voila", *labserver.FRONT_ENDS)))
    parser.add_argument("--python", default=sys.executable, help="the interpreter whose Jupyter serves the pages")
    parser.add_argument("--installed", action="store_true",
                        help="serve as that environment's user would: its installed mp_notebook and Jupyter settings")
    parser.add_argument("--no-executed", action="store_true", help="skip the size of notebook 03 executed")
    args = parser.parse_args()
    print("python", " ".join(sys.argv), flush=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(labserver.CHROMIUM), args=labserver.ARGS)
        try:
            for where in args.front_ends.split(","):
                with tempfile.TemporaryDirectory() as tmp:
                    home = Path(tmp)
                    shutil.copy(PAGE, home / PAGE.name)
                    with serving(home, where, args.python, args.installed) as server:
                        runs = [load(browser, server, where) for _ in range(args.runs)]
                messages = sorted({m for r in runs for m in r["messages"]})
                external = sorted({u for r in runs for u in r["external"]})
                errors = sum(m.startswith(("error", "page error")) for m in messages)
                print(f"{where}: interactive {_spread([r['after_kernel'] for r in runs], 's')} after the "
                      f"kernel's websocket opened, {_spread([r['total'] for r in runs], 's')} after the page "
                      f"request; transferred {_spread([r['http'] + r['ws'] for r in runs], 'MB', MB)} "
                      f"(HTTP {_spread([r['http'] for r in runs], 'MB', MB)}, websocket "
                      f"{_spread([r['ws'] for r in runs], 'MB', MB)}); console: {errors} errors, "
                      f"{len(messages) - errors} warnings; {len(external)} requests off the machine; "
                      f"{max(len(r['toasts']) for r in runs)} notifications", flush=True)
                if args.v:
                    print("    largest HTTP responses:", *runs[0]["largest"], sep="\n      ")
                    toasts = sorted({t for r in runs for t in r["toasts"]})
                    for m in messages + [f"off the machine: {u}" for u in external] + [f"toast: {t}" for t in toasts]:
                        print("   ", m)
        finally:
            browser.close()
    if not args.no_executed:
        print(f"notebooks/03-play.ipynb executed by nbconvert: {executed_size() / MB:.1f} MB")


if __name__ == "__main__":
    main()
