"""Benchmark of the play app page in a real browser: prints figures, asserts nothing.

Serves ``notebooks/play.ipynb`` (the app page) from a JupyterLab server on localhost (the browser
tests' ``labserver``) and opens it in headless Chromium under Voilà (the README's *Play* link),
Notebook 7 and JupyterLab. For each it prints:

* interactive after kernel ready: from the kernel's websocket opening (the page's kernel is
  running and connected) to the app interactive (the map drawn and an enabled action button), and
  from the page request to that moment;
* transferred: bytes the page received over HTTP (encoded, as on the wire: gzipped where the
  server compresses) and over websockets (the kernel's messages: widget models and their front-end
  code; each message's payload deflated when the server negotiated permessage-deflate, as the
  extension sends it), from the Chrome DevTools Protocol's Network events;
* console errors and warnings (their count; ``-v`` prints them).

Aims (issue 33): under Voilà interactive <= 5 s after the kernel is ready, <= 5 MB transferred.
Also prints the size of ``notebooks/03-play.ipynb`` executed with nbconvert (aim <= 5 MB).

Run: ``python bench/app_page.py [-v] [--runs N]`` (needs /usr/bin/chromium; one server, the pages
opened one after another; N loads each, median and range printed).
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
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import labserver  # noqa: E402

PAGE = ROOT / "notebooks" / "play.ipynb"
TUTORIAL = ROOT / "notebooks" / "03-play.ipynb"
MB = 1e6


def load(browser: Any, server: str, front_end: str) -> dict[str, Any]:
    """Open the app page in ``front_end`` (one of labserver.FRONT_ENDS); the figures of one load."""
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    page.set_default_timeout(labserver.TIMEOUT_MS)
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
    start = time.perf_counter()
    labserver.open_notebook(page, server, PAGE.name, front_end)
    try:
        page.wait_for_function(labserver.APP_READY, polling=50)
    except Exception:
        print("the app did not become interactive; the console said:", *messages, sep="\n    ")
        raise
    done = time.perf_counter()
    page.wait_for_timeout(1000)  # late messages (the map's fit) and any late console error
    page.close()
    largest = sorted(((n, requested.get(k, "?")) for k, n in sizes.items()), reverse=True)[:8]
    return {"after_kernel": done - (got["ws_open"] or start), "total": done - start,
            "http": sum(sizes.values()), "ws": got["ws"], "messages": messages,
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


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-v", action="store_true", help="print the console errors and warnings")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--front-ends", default=",".join(labserver.FRONT_ENDS))
    parser.add_argument("--python", default=sys.executable, help="the interpreter whose Jupyter serves the pages")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        shutil.copy(PAGE, home / PAGE.name)
        with labserver.jupyterlab(home, args.python) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(labserver.CHROMIUM), args=labserver.ARGS)
            try:
                for where in args.front_ends.split(","):
                    runs = [load(browser, server, where) for _ in range(args.runs)]
                    messages = sorted({m for r in runs for m in r["messages"]})
                    errors = sum(m.startswith(("error", "page error")) for m in messages)
                    print(f"{where}: interactive {_spread([r['after_kernel'] for r in runs], 's')} after the "
                          f"kernel's websocket opened, {_spread([r['total'] for r in runs], 's')} after the page "
                          f"request; transferred {_spread([r['http'] + r['ws'] for r in runs], 'MB', MB)} "
                          f"(HTTP {_spread([r['http'] for r in runs], 'MB', MB)}, websocket "
                          f"{_spread([r['ws'] for r in runs], 'MB', MB)}); console: {errors} errors, "
                          f"{len(messages) - errors} warnings")
                    if args.v:
                        print("    largest HTTP responses:", *runs[0]["largest"], sep="\n      ")
                        for m in messages:
                            print("   ", m)
            finally:
                browser.close()
    print(f"notebooks/03-play.ipynb executed by nbconvert: {executed_size() / MB:.1f} MB")


if __name__ == "__main__":
    main()
