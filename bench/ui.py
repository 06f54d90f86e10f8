"""Benchmark of the notebook front end (Python side): prints figures, asserts nothing.

* click → widgets: median time of an app handler call (an action press or a map click), from the
  call to every widget (map traces, dice tray, player boards, action panel, log) updated;
* mp.show_map: median time to build the static figure.

Run: ``python bench/ui.py`` (imports and the first build are warmed up first).
"""

from __future__ import annotations

import statistics
import time

import plotly.graph_objects as go

import mp_notebook as mp
from mp_notebook.ui.app import GameApp

ROUNDS = 200


def _median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def bench_clicks() -> tuple[float, float, int]:
    """Median ms per press and per map click over random legal choices of a 3-player game."""
    app: GameApp = mp.play(players=3, seed=7)
    presses: list[float] = []
    clicks: list[float] = []
    seed = 0
    while len(presses) < ROUNDS or len(clicks) < 20:
        if app.state.is_over:
            seed += 1
            app.new_game(seed=seed)
        legal = app.state.legal_actions()
        moves = [a for a in legal if a.kind == "move"]
        start = time.perf_counter()
        if moves:
            app.click_location(moves[len(clicks) % len(moves)].choice.partition("#")[0])
            clicks.append(time.perf_counter() - start)
        else:
            app.press(str(legal[len(presses) % len(legal)]))
            presses.append(time.perf_counter() - start)
        assert app.last_error is None, app.last_error
    return _median_ms(presses), _median_ms(clicks), len(presses) + len(clicks)


def bench_show_map() -> float:
    s = mp.new_game(players=4, seed=3)
    times = []
    for _ in range(30):
        start = time.perf_counter()
        mp.show_map(s, player=0, highlight=["Beijing", "Xian"])
        times.append(time.perf_counter() - start)
    return _median_ms(times)


def main() -> None:
    go.FigureWidget()  # warm up imports (plotly's widget stack is slow to import once)
    mp.show_map(mp.new_game(players=2, seed=0))
    press_ms, click_ms, n = bench_clicks()
    map_ms = bench_show_map()
    print(f"click → updated widgets, median over {n} handler calls: "
          f"action press {press_ms:.1f} ms, map click {click_ms:.1f} ms (aim < 30 ms)")
    print(f"mp.show_map build, median of 30: {map_ms:.1f} ms (aim < 300 ms)")


if __name__ == "__main__":
    main()
