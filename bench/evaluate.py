"""How fast and how good ``mp.analysis.evaluate`` and the app's Hint are, on the reference positions.

Usage::

    python bench/evaluate.py [--rulesets mp2 voyages schmidt] [--settings "" "horizon=round" ...]
                             [--positions N] [--hint] [--fill]

For each ruleset and each setting (``evaluate`` keywords as ``name=value`` pairs, comma-separated;
``""``: the defaults) it runs ``evaluate`` on every position of ``bench/data/reference-<ruleset>.json``
(made by ``bench/reference.py``) and prints:

* the median and 95th percentile time of one ``evaluate`` call (wall clock, this machine's load);
* the mean **regret**: the reference value of the reference's best choice minus the reference
  value of the choice ``evaluate`` recommends (its first row), over the positions whose reference
  values that choice (a position whose recommended choice the reference lacks is counted apart,
  as ``missing``; ``--fill`` values it with ``bench/reference.py``'s futures first and adds it to
  the data file); for the Schmidt game also as a share of the winner's capital (the mean final
  capital of the winner over the reference futures of the best choice);
* how often the recommendation is the reference's best choice.

``--hint``: the app's Hint at its defaults, click to table (``GameApp.hint()`` on the reference
position with a human in the seat to move), median and 95th percentile.

``--horizons action turn round game``: how well each horizon ranks choices, apart from the budget
and the pruning: every choice the reference values is sampled on ``--futures`` of ``evaluate``'s
futures to that horizon (``PlayoutPolicy(0)``, valued as ``evaluate`` values a sample), and the one
with the best mean is taken; its regret and the time the samples took are printed.

The reference values only the choices its screen kept (see ``bench/reference.py``), so a regret
here is measured against the best of those.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import mp_notebook as mp

sys.path.insert(0, str(Path(__file__).parent))
import reference as ref


def parse(setting: str) -> dict[str, Any]:
    """``"horizon=round,time_budget=3"`` -> keywords (numbers and None parsed)."""
    out: dict[str, Any] = {}
    for pair in filter(None, setting.split(",")):
        key, text = pair.split("=", 1)
        value: Any = text
        if text == "None":
            value = None
        elif text in ("True", "False"):
            value = text == "True"
        else:
            for kind in (int, float):
                try:
                    value = kind(text)
                    break
                except ValueError:
                    pass
        out[key] = value
    return out


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def mean_of(row: dict[str, Any]) -> float:
    return statistics.fmean(row["finals"])


def run(ruleset: str, setting: str, positions: int | None, fill: bool) -> None:
    data = ref.load(ruleset)
    if not data or not data["positions"]:
        print(f"{ruleset}: no reference positions (run bench/reference.py)")
        return
    records = data["positions"][:positions]
    kwargs = parse(setting)
    times, regrets, shares, hits, missing = [], [], [], 0, 0
    for record in records:
        s = mp.replay(record["setup"], record["history"])
        start = time.perf_counter()
        table = mp.analysis.evaluate(s, **kwargs)
        times.append(time.perf_counter() - start)
        chosen = table.iloc[0]["plan"]
        valued = {" → ".join(r["plan"]): r for r in record["valued"]}
        if chosen not in valued and fill:
            ref.fill(ref.path_for(ruleset), record["k"], chosen)
            record = next(p for p in ref.load(ruleset)["positions"] if p["k"] == record["k"])
            valued = {" → ".join(r["plan"]): r for r in record["valued"]}
        if chosen not in valued:
            missing += 1
            continue
        best = max(valued.values(), key=mean_of)
        regret = mean_of(best) - mean_of(valued[chosen])
        regrets.append(regret)
        shares.append(regret / statistics.fmean(best["winner_totals"]))
        hits += best is valued[chosen]
    n = len(records)
    line = (f"{ruleset:8} {setting or 'defaults':32} {n:3} positions  time median {statistics.median(times):5.2f} s"
            f"  p95 {percentile(times, 0.95):5.2f} s  max {max(times):5.2f} s")
    if regrets:
        error = statistics.stdev(regrets) / len(regrets) ** 0.5 if len(regrets) > 1 else 0.0
        line += (f"  regret {statistics.fmean(regrets):5.2f} ± {error:.2f}"
                 f" ({100 * statistics.fmean(shares):.1f}% of the winner's)  best chosen {hits}/{len(regrets)}")
    if missing:
        line += f"  missing {missing}"
    print(line, flush=True)


def horizon_regret(ruleset: str, horizon: str, futures: int, positions: int | None) -> None:
    from mp_notebook.agents.playout import PlayoutPolicy
    from mp_notebook.analysis.evaluate import sample
    from mp_notebook.analysis.simulate import derive_seed

    data = ref.load(ruleset)
    regrets, shares, hits, seconds = [], [], 0, 0.0
    for record in data["positions"][:positions]:
        s = mp.replay(record["setup"], record["history"])
        i = s.current_player
        start = time.perf_counter()
        estimates = [statistics.fmean(sample(s, i, tuple(r["plan"]), derive_seed("mp_notebook.evaluate", 0, f),
                                             horizon, PlayoutPolicy(0))[0] for f in range(futures))
                     for r in record["valued"]]
        seconds += time.perf_counter() - start
        chosen = record["valued"][max(range(len(estimates)), key=estimates.__getitem__)]
        best = max(record["valued"], key=mean_of)
        regrets.append(mean_of(best) - mean_of(chosen))
        shares.append(regrets[-1] / statistics.fmean(best["winner_totals"]))
        hits += best is chosen
    n = len(regrets)
    error = statistics.stdev(regrets) / n ** 0.5 if n > 1 else 0.0
    print(f"{ruleset:8} horizon {horizon:6} x {futures:2} futures       {n:3} positions  "
          f"regret {statistics.fmean(regrets):5.2f} ± {error:.2f} ({100 * statistics.fmean(shares):.1f}% of the "
          f"winner's)  best chosen {hits}/{n}  {seconds / n:5.2f} s a position", flush=True)


def hint_times(ruleset: str, positions: int | None) -> None:
    from mp_notebook.ui.app import GameApp

    data = ref.load(ruleset)
    times = []
    for record in data["positions"][:positions]:
        s = mp.replay(record["setup"], record["history"])
        seats = ["greedy bot"] * s.num_players
        seats[s.current_player] = "human"
        app = GameApp(s, seats=seats)
        start = time.perf_counter()
        table = app.hint()
        times.append(time.perf_counter() - start)
        assert table is not None and app.hint_view.value, app.last_error
    print(f"{ruleset:8} hint (click to table)            {len(times):3} positions  time median "
          f"{statistics.median(times):5.2f} s  p95 {percentile(times, 0.95):5.2f} s  max {max(times):5.2f} s",
          flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulesets", nargs="+", default=list(ref.RULESETS))
    parser.add_argument("--settings", nargs="+", default=[""])
    parser.add_argument("--positions", type=int)
    parser.add_argument("--hint", action="store_true")
    parser.add_argument("--fill", action="store_true")
    parser.add_argument("--horizons", nargs="*", default=[])
    parser.add_argument("--futures", type=int, default=8)
    args = parser.parse_args(argv)
    for ruleset in args.rulesets:
        for horizon in args.horizons:
            horizon_regret(ruleset, horizon, args.futures, args.positions)
        if args.horizons:
            continue
        for setting in args.settings:
            run(ruleset, setting, args.positions, args.fill)
        if args.hint:
            hint_times(ruleset, args.positions)


if __name__ == "__main__":
    main()
