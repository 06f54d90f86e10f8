"""The replay page (``s.to_html``): its size, and how it opens in Chromium.

Usage::

    nice -n 10 python bench/replay_page.py [--rulesets mp2 voyages schmidt] [--games 3] [--steps 40] [--opens 3]
    nice -n 10 python bench/replay_page.py --pages A.html B.html [--opens 6]
    nice -n 10 python bench/replay_page.py --example docs/replay-mp2.html

For each ruleset, whole 2-player games between two GreedyAgents (seeds 0..``--games``-1): the
page's size with plotly.js inline and with ``plotlyjs="cdn"``, and the CPU seconds writing it
takes. Each inline page is opened ``--opens`` times in headless Chromium (Debian's
``/usr/bin/chromium``) from ``file://``: console errors and page errors, requests other than the
page's own file, the time until it is interactive (``mpReplay.ready``: the map, the boards and the
chart drawn, the controls live): wall seconds from the navigation's start, and from Chrome's
metrics then the main thread's busy time (``TaskDuration``) and CPU time (``ThreadTime``) and the
renderer process's CPU time (``ProcessTime``), which a busy machine inflates less than the wall
clock (medians, with the range); and the time a step takes (the slider moved to ``--steps``
steps spread over the game, until the next frame is painted; median and slowest). First, the
same measures for a page of plotly.js alone with one small plot (what any such page pays), with
the bundle the replay page inlines (plotly.js's ``geo`` partial bundle) and with the full bundle
plotly's Python package carries, opened in turn. The machine's load average is printed first and
last: timings on a shared machine are noisy.

``--pages A.html B.html ...``: only open the given pages (replay pages written before and after a
change, say), in turn, ``--opens`` times each (the order reversed every other round), and print the
same measures for each.

``--example PATH`` writes the README's example replay page instead (see :func:`example`).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent
from mp_notebook.render.replay import BUNDLE

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STEP = """async (k) => {
  const start = performance.now();
  mpReplay.show(k);
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  return performance.now() - start;
}"""
MEASURES = {"ready": "interactive after", "TaskDuration": "main thread busy", "ThreadTime": "main thread CPU",
            "ProcessTime": "renderer CPU"}


def greedy_game(ruleset: str, seed: int) -> mp.GameState:
    s = mp.new_game(2, ruleset=ruleset, seed=seed)
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    while not s.is_over:
        s = s.apply(agents[s.current_player].choose(s))
    return s


def opened(browser: Any, path: Path) -> tuple[Any, dict[str, Any]]:
    """The page at ``path`` opened from ``file://`` until ``mpReplay.ready``, and what it took: the
    seconds of :data:`MEASURES`, the console and page errors, the requests off the page's file."""
    page = browser.new_page(viewport={"width": 1300, "height": 950})
    errors: list[str] = []
    requests: list[str] = []
    url = path.resolve().as_uri()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: requests.append(r.url) if r.url != url else None)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.mpReplay && window.mpReplay.ready", timeout=300_000, polling=20)
    out: dict[str, Any] = {"ready": page.evaluate("performance.now()") / 1000}
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    out.update({k: metrics[k] for k in MEASURES if k != "ready"})
    return page, {**out, "errors": errors, "requests": requests}


def opens(browser: Any, paths: list[Path], times: int) -> list[list[dict[str, Any]]]:
    """Each page opened ``times`` times, in turn (the order reversed every other round): each one's
    measures, one per open."""
    out: list[list[dict[str, Any]]] = [[] for _ in paths]
    for r in range(times):
        for i in (range(len(paths)) if r % 2 == 0 else reversed(range(len(paths)))):
            page, measures = opened(browser, paths[i])
            page.context.close()
            out[i].append(measures)
    return out


def summary(runs: list[dict[str, Any]]) -> str:
    """The medians of :data:`MEASURES` over ``runs`` (with the range when there are several)."""
    def one(key: str) -> str:
        xs = [r[key] for r in runs]
        spread = f" ({min(xs):.2f}-{max(xs):.2f})" if len(xs) > 1 else ""
        return f"{statistics.median(xs):.2f} s{spread}"

    return ", ".join(f"{label} {one(key)}" for key, label in MEASURES.items())


def plotly_alone(folder: Path) -> dict[str, Path]:
    """Pages of plotly.js inline and one small plot (what any such page pays): with the replay
    page's bundle and with the full one plotly's Python package carries."""
    from plotly.offline import get_plotlyjs

    out = {}
    for name, script in (("geo bundle", BUNDLE.read_text(encoding="utf-8")), ("full bundle", get_plotlyjs())):
        out[name] = folder / f"plotly-alone-{name.split()[0]}.html"
        out[name].write_text(f"<!DOCTYPE html><html><head><meta charset='utf-8'><script>{script}</script></head>"
                             "<body><div id='p'></div><script>Plotly.newPlot('p', [{y: [1, 2]}]).then(() => "
                             "{ window.mpReplay = {ready: true}; });</script></body></html>", encoding="utf-8")
    return out


def example(path: Path) -> None:
    """Write the README's example replay page: notebook 09's game (Ana, who now and then takes a
    random choice, against the greedy Ben), Ana's decisions reviewed at the review's defaults,
    plotly.js from its CDN."""
    import random

    s = mp.new_game(["Ana", "Ben"], seed=21)
    greedy, luck = [GreedyAgent(1), GreedyAgent(2)], random.Random(3)
    while not s.is_over:
        i = s.current_player
        assert i is not None
        s = s.apply(luck.choice(s.legal_actions()) if i == 0 and luck.random() < 0.15 else greedy[i].choose(s))
    table = mp.analysis.review(s, 0)
    html = s.to_html(path, plotlyjs="cdn", review=table)
    print(f"wrote {path}: {len(html):,} bytes; {table.attrs['sentence']} ({table.attrs['cpu']:.0f} s of CPU)")


def games(browser: Any, args: argparse.Namespace, folder: Path) -> None:
    """plotly.js alone, then each ruleset's games: sizes, opens and steps (see the module's text)."""
    alone = plotly_alone(folder)
    for name, runs in zip(alone, opens(browser, list(alone.values()), args.opens), strict=True):
        print(f"plotly.js alone, {name} ({alone[name].stat().st_size / 1e6:.1f} MB; inline, one small plot), "
              f"{len(runs)} opens: {summary(runs)}", flush=True)
    for ruleset in args.rulesets:
        for seed in range(args.games):
            s = greedy_game(ruleset, seed)
            path = folder / f"{ruleset}-{seed}.html"
            clock = time.process_time()
            inline = s.to_html(path)
            cpu = time.process_time() - clock
            cdn = s.to_html(plotlyjs="cdn")
            runs = opens(browser, [path], args.opens - 1)[0]
            page, last = opened(browser, path)  # the last open also steps through the game
            runs.append(last)
            n = page.evaluate("mpReplay.steps")
            steps = [page.evaluate(STEP, round(j * n / args.steps)) / 1000 for j in range(args.steps)]
            page.context.close()
            errors = [e for r in runs for e in r["errors"]]
            requests = [u for r in runs for u in r["requests"]]
            print(f"{ruleset:8} game {seed}: {len(s.history)} steps; page {len(inline) / 1e6:.2f} MB inline, "
                  f"{len(cdn) / 1e3:.0f} KB with cdn, written in {cpu:.2f} s CPU; Chromium from file://, "
                  f"{len(runs)} opens: {len(errors)} console errors, {len(requests)} requests; {summary(runs)}; "
                  f"a step {statistics.median(steps):.3f} s median, {max(steps):.3f} s slowest"
                  + (f"; ERRORS {errors[:2]}" if errors else "") + (f"; REQUESTS {requests[:2]}" if requests else ""),
                  flush=True)


def main(argv: list[str] | None = None) -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulesets", nargs="+", default=["mp2", "voyages", "schmidt"])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--opens", type=int, default=3, help="times each page is opened (at least 1)")
    parser.add_argument("--pages", nargs="+", type=Path, help="only open these pages, in turn")
    parser.add_argument("--example", type=Path, help="only write the README's example replay page to this file")
    args = parser.parse_args(argv)
    if args.example:
        example(args.example)
        return
    if args.opens < 1:
        parser.error(f"--opens must be at least 1, got {args.opens}")
    print("python bench/replay_page.py " + " ".join(argv if argv is not None else sys.argv[1:]))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        if args.pages:
            for path, runs in zip(args.pages, opens(browser, args.pages, args.opens), strict=True):
                print(f"{path}: {len(runs)} opens; {summary(runs)}; {sum(len(r['errors']) for r in runs)} console "
                      f"errors, {sum(len(r['requests']) for r in runs)} requests", flush=True)
        else:
            games(browser, args, Path(tempfile.mkdtemp(prefix="replay-bench-")))
        browser.close()
    print(f"load average {os.getloadavg()[0]:.1f} at the end", flush=True)


if __name__ == "__main__":
    main()
