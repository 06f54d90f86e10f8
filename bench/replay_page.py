"""The replay page (``s.to_html``): its size, and how it opens in Chromium.

Usage::

    nice -n 10 python bench/replay_page.py [--rulesets mp2 voyages schmidt] [--games 3] [--steps 40]
    nice -n 10 python bench/replay_page.py --example docs/replay-mp2.html

For each ruleset, whole 2-player games between two GreedyAgents (seeds 0..``--games``-1): the
page's size with plotly.js inline and with ``plotlyjs="cdn"``, and the CPU seconds writing it
takes. Each inline page is opened in headless Chromium (Debian's ``/usr/bin/chromium``) from
``file://``: console errors and page errors, requests other than the page's own file, the time
until it is interactive (``mpReplay.ready``: the map, the boards and the chart drawn, the controls
live): wall seconds from the navigation's start, and from Chrome's metrics then the main thread's
busy time (``TaskDuration``) and CPU time (``ThreadTime``) and the renderer process's CPU time
(``ProcessTime``), which a busy machine inflates less than the wall clock; and the time a step takes (the
slider moved to ``--steps`` steps spread over the game, until the next frame is painted; median
and slowest). The machine's load average is printed first: timings on a shared machine are noisy.

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

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STEP = """async (k) => {
  const start = performance.now();
  mpReplay.show(k);
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  return performance.now() - start;
}"""


def greedy_game(ruleset: str, seed: int) -> mp.GameState:
    s = mp.new_game(2, ruleset=ruleset, seed=seed)
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    while not s.is_over:
        s = s.apply(agents[s.current_player].choose(s))
    return s


def plotly_alone(browser: Any, folder: Path) -> dict[str, float]:
    """The same measures for a page of plotly.js inline and one small plot (what any such page pays)."""
    from plotly.offline import get_plotlyjs

    path = folder / "plotly-alone.html"
    path.write_text(f"<!DOCTYPE html><html><head><meta charset='utf-8'><script>{get_plotlyjs()}</script></head>"
                    "<body><div id='p'></div><script>Plotly.newPlot('p', [{y: [1, 2]}]).then(() => "
                    "{ window.mpReplay = {ready: true}; });</script></body></html>", encoding="utf-8")
    page = browser.new_page(viewport={"width": 1300, "height": 950})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.goto(path.as_uri(), wait_until="commit")
    page.wait_for_function("window.mpReplay && window.mpReplay.ready", timeout=300_000, polling=20)
    out = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    out["ready"] = page.evaluate("performance.now()") / 1000
    page.close()
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


def main(argv: list[str] | None = None) -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulesets", nargs="+", default=["mp2", "voyages", "schmidt"])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--example", type=Path, help="only write the README's example replay page to this file")
    args = parser.parse_args(argv)
    if args.example:
        example(args.example)
        return
    print("python bench/replay_page.py " + " ".join(argv if argv is not None else sys.argv[1:]))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    folder = Path(tempfile.mkdtemp(prefix="replay-bench-"))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        alone = plotly_alone(browser, folder)
        print(f"plotly.js alone (inline, one small plot): interactive after {alone['ready']:.2f} s (main thread: "
              f"busy {alone['TaskDuration']:.2f} s, CPU {alone['ThreadTime']:.2f} s)", flush=True)
        for ruleset in args.rulesets:
            for seed in range(args.games):
                s = greedy_game(ruleset, seed)
                clock = time.process_time()
                inline = s.to_html(folder / f"{ruleset}-{seed}.html")
                cpu = time.process_time() - clock
                cdn = s.to_html(plotlyjs="cdn")
                page = browser.new_page(viewport={"width": 1300, "height": 950})
                errors: list[str] = []
                requests: list[str] = []
                url = (folder / f"{ruleset}-{seed}.html").as_uri()
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                page.on("console", lambda m, errors=errors: errors.append(m.text) if m.type == "error" else None)
                page.on("request",
                        lambda r, url=url, requests=requests: requests.append(r.url) if r.url != url else None)
                cdp = page.context.new_cdp_session(page)
                cdp.send("Performance.enable")
                page.goto(url, wait_until="commit")
                page.wait_for_function("window.mpReplay && window.mpReplay.ready", timeout=300_000, polling=20)
                ready = page.evaluate("performance.now()") / 1000
                metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
                n = page.evaluate("mpReplay.steps")
                steps = [page.evaluate(STEP, round(j * n / args.steps)) / 1000 for j in range(args.steps)]
                page.close()
                print(f"{ruleset:8} game {seed}: {len(s.history)} steps; page {len(inline) / 1e6:.2f} MB inline, "
                      f"{len(cdn) / 1e3:.0f} KB with cdn, written in {cpu:.2f} s CPU; Chromium from file://: "
                      f"{len(errors)} console errors, {len(requests)} requests; interactive after {ready:.2f} s "
                      f"(main thread: busy {metrics['TaskDuration']:.2f} s, CPU {metrics['ThreadTime']:.2f} s; "
                      f"renderer CPU {metrics['ProcessTime']:.2f} s); a step {statistics.median(steps):.3f} s median, "
                      f"{max(steps):.3f} s slowest" + (f"; ERRORS {errors[:2]}" if errors else "")
                      + (f"; REQUESTS {requests[:2]}" if requests else ""), flush=True)
        browser.close()
    print(f"load average {os.getloadavg()[0]:.1f} at the end", flush=True)


if __name__ == "__main__":
    main()
