"""How good the Hint's advice is, graded by a reference it does not play, and how fast it answers.

Usage::

    python bench/advice.py regret [--set reference] [--rulesets ...] [--settings "" "horizon=round" ...] [--first K]
    python bench/advice.py duel [--rulesets ...] [--positions 60] [--futures 32] [--first 0] [--save FILE.jsonl]
                                [--settings "" "horizon=round" ...]
    python bench/advice.py speed [--rulesets ...] [--positions 20] [--busy]
    python bench/advice.py ceiling [--set reference] [--rulesets ...] [--sizes 4 8 16 32] [--timed 5]

``regret``: on each position of a reference set (``bench/reference.py``: every choice valued on
futures played on by GreedyAgent for every seat), the Hint's pick (``mp.analysis.evaluate`` with the
given keywords; ``""``: the app's defaults) and GreedyAgent's own pick are graded by their *regret*:
the reference value of the best choice minus the pick's. *Plain*: the best of the valued choices by
all the futures (biased up: the best is also chosen on the noise). *Split-half*: the best choice is
picked on one half of the futures and both it and the pick are valued on the other, both ways round,
averaged (no winner's curse). Printed per ruleset: both regrets of both picks with their standard
errors over the positions, and the paired difference Hint minus greedy with its 95% interval
(negative: the Hint does better); VP, Gulden in the Schmidt game. That difference is the same
split-half and plain: the best choice's value cancels (it is the same best for both picks), and over
even halves the split-half difference is the mean, over all the futures, of greedy's pick's margin
minus the Hint's: a one-decision test (below) on the set's positions, 0 where the picks agree, on
the set's futures. A Hint pick the set lacks is valued first with the set's futures and added to the
file (``"added"``). ``--first K`` prints the same figures, from the same picks, for the positions
``k >= K`` alone too (the positions a set was extended by).

``duel``: the one-decision test. Positions from fresh greedy games (seeds ``DUEL_SEED`` on) where
the Hint's pick and GreedyAgent's differ; each pick played, then GreedyAgent for every seat to the
end, on the same ``--futures`` determinized futures; the mean difference of the seat's final margin
(Hint minus greedy) over the positions, with its 95% interval. ``--save FILE.jsonl``: every position
looked at is appended as it is settled (the two picks, and where they differ both picks' margins on
each future), and positions the file holds are read back rather than played again, so that a run can
be taken up again or extended with ``--positions`` (or ``--futures``); ``--first K`` starts at game
``DUEL_SEED + K`` (fresh positions, for a repetition on games no earlier run looked at). Also
printed: the same figure where the Hint called its pick clear, and where it did not name greedy's
pick at all ("too close to call: A or B" names two choices: a user told that has not been told to
leave greedy's pick), and over every position looked at, with 0 where the picks agree: the positions
are drawn as ``bench/reference.py`` draws them, so that is the paired difference the regret aim asks
for (with its sign turned), on the duel's futures instead of a set's. With more than one
``--settings`` (each a Hint's keywords, as for ``regret``), each runs in turn on the same games, and
every setting after the first is compared with the first, paired game by game on the games both
looked at: the mean difference of the Hint's gain a game (0 where it agrees with greedy), with its
95% interval. The code of the day plays the games: a file is valid while the Hint's and
GreedyAgent's choices are unchanged.

``speed``: the Hint at its defaults (``GameApp.hint`` with a human in the seat to move) on positions
of fresh greedy games: CPU seconds and wall seconds of each call (median, 90th percentile, max), the
futures behind the recommendation (least), how often the hard cap stopped it; ``--busy`` keeps one
core busy with a second process meanwhile.

``ceiling``: what the regret aim allows at all. Two hypothetical Hints that see the reference's own
values, each valued choice played on by GreedyAgent to the final scoring, on ``--sizes`` of the
set's futures (a Hint that samples exactly the continuation it is graded by, with no learned value
in between): *best of N* picks the choice of best mean; *greedy unless clear* keeps GreedyAgent's
pick unless another choice's paired lead over it has its 95% t interval above 0. Each decides on
the first N futures of one half of the set's futures and is graded split-half on the other half
(both halves in turn), as ``regret`` grades, beside greedy's own pick graded the same way; printed:
the regrets and the paired difference to greedy with its 95% interval. ``--timed K``: the CPU
seconds of one such sample (a choice played to the final scoring) at the first K positions, and so
what N futures for every valued choice would cost a Hint.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).parent))
import reference as ref
from search_match import standard_error

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent
from mp_notebook.analysis import evaluate
from mp_notebook.analysis.evaluate import mean_interval
from mp_notebook.analysis.simulate import derive_seed
from mp_notebook.registry import get

DUEL_SEED = 920_000
SPEED_SEED = 930_000


def parse(setting: str) -> dict[str, Any]:
    """``"horizon=round,time_budget=3"`` -> keywords (numbers, None and booleans parsed)."""
    out: dict[str, Any] = {}
    for pair in filter(None, setting.split(",")):
        key, text = pair.split("=", 1)
        value: Any = {"None": None, "True": True, "False": False}.get(text, text)
        if value == text:
            for kind in (int, float):
                try:
                    value = kind(text)
                    break
                except ValueError:
                    pass
        out[key] = value
    return out


def interval(values: list[float]) -> str:
    """The mean of ``values`` with its 95% t interval.

    >>> interval([1.0, 2.0, 3.0])
    '+2.00 (−0.48 to +4.48)'
    """
    mean, half = mean_interval(values)
    return f"{_signed(mean)} ({_signed(mean - half)} to {_signed(mean + half)})"


def score_unit(ruleset: str) -> str:
    """The unit of ``ruleset``'s scores, as the ruleset names it (VP; Gulden in the Schmidt game)."""
    unit: str = get(ruleset).part("ui").SCORE_UNIT
    return unit


def _signed(x: float) -> str:
    return f"+{x:.2f}" if x >= 0 else f"−{-x:.2f}"


def regrets(margins: dict[str, list[float]], pick: str) -> tuple[float, float]:
    """The plain and the split-half regret of ``pick`` among choices valued by their ``margins``
    on the same futures (see the module doc).

    >>> regrets({"a": [1.0, 3.0, 1.0, 3.0], "b": [2.0, 2.0, 2.0, 2.0]}, "b")
    (0.0, 0.0)
    >>> regrets({"a": [4.0, 0.0, 4.0, 0.0], "b": [1.0, 1.0, 1.0, 1.0]}, "b")
    (1.0, 1.0)

    Two picks' regrets differ by the same both ways (the best choice cancels):

    >>> m = {"a": [6.0, 0.0, 1.0, 2.0], "b": [1.0, 1.0, 3.0, 0.0], "c": [2.0, 3.0, 0.0, 4.0]}
    >>> regrets(m, "b"), regrets(m, "c")
    ((1.0, 0.75), (0.0, -0.25))
    """
    mean = {c: statistics.fmean(m) for c, m in margins.items()}
    plain = max(mean.values()) - mean[pick]
    n = len(margins[pick])
    halves = (range(0, n // 2), range(n // 2, n))
    split = []
    for pick_on, value_on in (halves, halves[::-1]):
        best = max(margins, key=lambda c: statistics.fmean(margins[c][f] for f in pick_on))
        split.append(statistics.fmean(margins[best][f] - margins[pick][f] for f in value_on))
    return plain, statistics.fmean(split)


def hint_pick(s: mp.GameState, kwargs: dict[str, Any]) -> tuple[str, float, int]:
    """The Hint's pick at ``s`` (its plan), the CPU seconds and the futures behind it."""
    start = time.process_time()
    table = evaluate(s, **kwargs)
    return str(table.iloc[0]["plan"]), time.process_time() - start, int(table.iloc[0]["futures"])


def run_regret(name: str, ruleset: str, setting: str, first: int = 0) -> None:
    data = ref.load(name, ruleset)
    positions = [p for p in data.get("positions", []) if all("margins" in r for r in p["valued"])]
    if not positions:
        print(f"{ruleset}: no complete positions in {ref.path_for(name, ruleset)} (run bench/reference.py)")
        return
    kwargs = parse(setting)
    rows: list[Graded] = []
    for record in positions:
        s = mp.replay(record["setup"], record["history"])
        plan, seconds, n = hint_pick(s, kwargs)
        valued = {" → ".join(r["plan"]): r for r in record["valued"]}
        if plan not in valued:
            added = {"action": plan.split(" → ")[0], "plan": plan.split(" → "), "added": True,
                     **ref.value(record["setup"], record["history"], ruleset, record["k"], plan.split(" → "),
                                 range(data["futures"]))}
            record["valued"].append(added)
            ref.save(name, data)
            valued[plan] = added
        margins = {c: r["margins"] for c, r in valued.items()}
        greedy = next(" → ".join(r["plan"]) for r in record["valued"] if r.get("greedy_pick"))
        rows.append(Graded(record["k"], regrets(margins, plan), regrets(margins, greedy), plan == greedy, seconds, n))
    report_regret(ruleset, setting or "defaults", rows)
    if first:
        report_regret(ruleset, f"{setting or 'defaults'}, k ≥ {first}", [r for r in rows if r.k >= first])


class Graded(NamedTuple):
    """One position of a reference set graded: the plain and split-half regret of the Hint's pick and
    of greedy's, whether they are the same, the Hint's CPU seconds and the futures behind its pick."""

    k: int
    hint: tuple[float, float]
    greedy: tuple[float, float]
    same: bool
    cpu: float
    futures: int


def report_regret(ruleset: str, label: str, rows: list[Graded]) -> None:
    """Print the regrets of ``rows`` (see the module doc)."""
    hint_plain = [r.hint[0] for r in rows]
    hint_split = [r.hint[1] for r in rows]
    greedy_plain = [r.greedy[0] for r in rows]
    greedy_split = [r.greedy[1] for r in rows]
    cpu = [r.cpu for r in rows]
    unit = score_unit(ruleset)
    print(f"{ruleset:8} {label:28} {len(rows):3} positions ({sum(r.same for r in rows)} same pick), {unit}: "
          f"regret plain Hint {statistics.fmean(hint_plain):6.2f} ± {standard_error(hint_plain):.2f}, "
          f"greedy {statistics.fmean(greedy_plain):6.2f} ± {standard_error(greedy_plain):.2f}; "
          f"split-half Hint {statistics.fmean(hint_split):6.2f} ± {standard_error(hint_split):.2f}, "
          f"greedy {statistics.fmean(greedy_split):6.2f} ± {standard_error(greedy_split):.2f}; "
          f"Hint − greedy (split-half and plain alike) "
          f"{interval([h - g for h, g in zip(hint_split, greedy_split, strict=True)])}; "
          f"CPU median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s; "
          f"futures behind the pick ≥ {min(r.futures for r in rows)}", flush=True)


def ceiling_pick(margins: dict[str, list[float]], greedy: str, decide: list[int], rule: str) -> str:
    """The pick of a hypothetical Hint that sees the choices' ``margins`` on futures ``decide``
    (see the module doc): ``rule`` ``"best"`` (best mean) or ``"anchored"`` (``greedy`` unless
    another choice's paired lead over it has its 95% t interval above 0).

    >>> m = {"a": [1.0, 2.0, 3.0, 4.0], "b": [0.0, 0.0, 9.0, 0.0]}
    >>> ceiling_pick(m, "a", [0, 1, 2, 3], "best"), ceiling_pick(m, "b", [0, 1, 2, 3], "anchored")
    ('a', 'b')
    >>> ceiling_pick({"a": [1.0, 2.0, 3.0], "b": [0.0, 1.0, 2.0]}, "b", [0, 1, 2], "anchored")
    'a'
    """
    if rule == "best":
        return max(margins, key=lambda c: statistics.fmean(margins[c][f] for f in decide))
    pick, lead = greedy, 0.0
    for c, values in margins.items():
        diffs = [values[f] - margins[greedy][f] for f in decide]
        mean, half = mean_interval(diffs)
        if c != greedy and len(diffs) > 1 and mean - half > 0 and mean > lead:
            pick, lead = c, mean
    return pick


def run_ceiling(name: str, ruleset: str, sizes: list[int], timed: int) -> None:
    data = ref.load(name, ruleset)
    positions = [p for p in data.get("positions", []) if all("margins" in r for r in p["valued"])]
    if not positions:
        print(f"{ruleset}: no complete positions in {ref.path_for(name, ruleset)} (run bench/reference.py)")
        return
    n = data["futures"]
    halves = (list(range(n // 2)), list(range(n // 2, n)))
    unit = score_unit(ruleset)
    for size in sizes:
        if size > n // 2:
            print(f"{ruleset:8} N={size}: more than half of the set's {n} futures; skipped")
            continue
        got: dict[str, list[float]] = {"best": [], "anchored": [], "greedy": []}
        for record in positions:
            margins = {" → ".join(r["plan"]): r["margins"] for r in record["valued"]}
            greedy = next(" → ".join(r["plan"]) for r in record["valued"] if r.get("greedy_pick"))
            for rule in got:
                split = []
                for decide, grade in (halves, halves[::-1]):
                    pick = greedy if rule == "greedy" else ceiling_pick(margins, greedy, decide[:size], rule)
                    split.append(regrets({c: [m[f] for f in grade] for c, m in margins.items()}, pick)[1])
                got[rule].append(statistics.fmean(split))
        print(f"{ruleset:8} N={size:3} futures to the final scoring, {len(positions)} positions, split-half regret "
              f"({unit}): best of N {statistics.fmean(got['best']):5.2f} ± {standard_error(got['best']):.2f}, "
              f"greedy unless clear {statistics.fmean(got['anchored']):5.2f} ± {standard_error(got['anchored']):.2f}, "
              f"greedy {statistics.fmean(got['greedy']):5.2f} ± {standard_error(got['greedy']):.2f}; minus greedy: "
              f"best of N {interval([a - g for a, g in zip(got['best'], got['greedy'], strict=True)])}, "
              f"greedy unless clear {interval([a - g for a, g in zip(got['anchored'], got['greedy'], strict=True)])}",
              flush=True)
    if timed:
        cpu = []
        for record in positions[:timed]:
            greedy_plan = next(r["plan"] for r in record["valued"] if r.get("greedy_pick"))
            start = time.process_time()
            ref.value(record["setup"], record["history"], ruleset, record["k"], greedy_plan, range(1))
            cpu.append(time.process_time() - start)
        choices = statistics.fmean(len(p["valued"]) for p in positions)
        per = statistics.fmean(cpu)
        print(f"{ruleset:8} one sample to the final scoring: {per:.2f} s CPU (mean of {len(cpu)} positions); "
              f"a Hint sampling the set's {choices:.1f} valued choices a position to the end needs "
              + ", ".join(f"N={size}: {choices * size * per:.0f} s" for size in sizes), flush=True)


def duel_saved(save: Path | None, ruleset: str, setting: str) -> dict[int, dict[str, Any]]:
    """The positions of ``ruleset`` and ``setting`` that earlier ``duel --save`` runs kept in
    ``save``, by game number ``k`` (a later line of the same ``k``, with more futures, wins)."""
    if save is None or not save.exists():
        return {}
    kept = {}
    for line in save.read_text().splitlines():
        record = json.loads(line)
        if (record["ruleset"], record["setting"]) == (ruleset, setting):
            kept[record["k"]] = record
    return kept


def run_duel(ruleset: str, wanted: int, futures: int, setting: str, workers: int, save: Path | None,
              first: int = 0) -> dict[int, float]:
    """The one-decision test (module doc): the first ``wanted`` positions of games ``DUEL_SEED +
    k``, ``k`` from ``first``, where the Hint's pick and GreedyAgent's differ, each valued on
    ``futures`` futures. With ``save`` every position looked at is appended to that file as a JSON
    line (the picks and, where they differ, both picks' margins on each future), and a position the
    file holds is taken from it, so that a run can be stopped and taken up again, or extended to
    more positions or, with a larger ``futures``, to more futures (the next ones, appended as a new
    line). Returns the Hint's gain at every game looked at, by ``k`` (0 where the picks agree)."""
    from concurrent.futures import Future, ProcessPoolExecutor

    kwargs = parse(setting)
    saved = duel_saved(save, ruleset, setting)
    valued: list[dict[str, Any]] = []  # the positions where the picks differ, in order
    agreed: list[int] = []  # the games where they agree
    playing: list[tuple[dict[str, Any], Future[Any], Future[Any]]] = []
    with ProcessPoolExecutor(workers) as pool, save.open("a") if save else nullcontext() as out:
        def keep(record: dict[str, Any], new: bool) -> None:
            if out is not None and new:
                out.write(json.dumps(record) + "\n")
                out.flush()

        def settle(wait: bool) -> None:
            """Keep the positions whose futures are played (all of them with ``wait``)."""
            for entry in list(playing):
                record, hint, greedy = entry
                if wait or (hint.done() and greedy.done()):
                    for pick, played in (("hint_margins", hint), ("greedy_margins", greedy)):
                        record[pick] = record.get(pick, []) + played.result()["margins"]
                    keep(record, new=True)
                    playing.remove(entry)

        k = first
        while len(valued) < wanted:
            record = saved.get(k)
            s = None
            if record is None:
                s = ref.position(ruleset, DUEL_SEED + k)
                table = evaluate(s, **kwargs)
                record = {"ruleset": ruleset, "setting": setting, "k": k, "hint": str(table.iloc[0]["plan"]),
                          "verdict": table.attrs["verdict"],
                          "named": [str(a) for a in table["action"][: 1 if table.attrs["verdict"] == "clear" else 2]],
                          "greedy": str(GreedyAgent(derive_seed("bench.advice.greedy", ruleset, k)).choose(s))}
            plan = record["hint"].split(" → ")
            if plan[0] == record["greedy"]:
                keep(record, new=k not in saved)
                agreed.append(k)
            else:
                valued.append(record)
                have = len(record.get("hint_margins", ()))
                if have < futures:  # a position looked at now, or saved with fewer futures
                    if s is None:  # saved: its position again
                        s = ref.position(ruleset, DUEL_SEED + k)
                    args = (s.setup, list(s.history), ruleset, DUEL_SEED + k)
                    more = range(have, futures)
                    playing.append((record, pool.submit(ref.value, *args, plan, more),
                                    pool.submit(ref.value, *args, [record["greedy"]], more)))
            settle(wait=False)
            k += 1
        settle(wait=True)
    gain = {r["k"]: statistics.fmean(h - g for h, g in zip(r["hint_margins"][:futures], r["greedy_margins"][:futures],
                                                            strict=True)) for r in valued}
    unit = score_unit(ruleset)
    print(f"{ruleset:8} {setting or 'defaults':28} one-decision test: {len(gain)} positions where the picks differ "
          f"(of {k - first} looked at, games {first}-{k - 1}), {futures} futures each: the Hint's pick gains "
          f"{interval(list(gain.values()))} {unit} of final margin over GreedyAgent's", flush=True)
    told = [r for r in valued if "verdict" in r]  # saved with the verdict (since 2026-11-30)
    for words, kept in (("called clear", [r for r in told if r["verdict"] == "clear"]),
                        ("not naming greedy's pick ('too close to call: A or B' names two)",
                         [r for r in told if r["greedy"] not in r["named"]])):
        shown_gains = [gain[r["k"]] for r in kept]
        print(f"{'':37} of the {len(told)} with the Hint's verdict, {words}: {len(kept)} positions"
              + (f", gains {interval(shown_gains)} {unit}" if len(kept) > 1 else ""), flush=True)
    every = gain | dict.fromkeys(agreed, 0.0)
    print(f"{'':37} over all {len(every)} positions looked at (0 where the picks agree: minus the regret aim's "
          f"Hint − greedy, on these futures): {interval(list(every.values()))} {unit}", flush=True)
    return every


def compare_duels(ruleset: str, settings: list[str], gains: list[dict[int, float]]) -> None:
    """Each setting after the first against the first, paired on the games both looked at: the
    mean difference of the Hint's gain over GreedyAgent's pick a game (0 where a Hint agrees with
    greedy), with its 95% interval."""
    unit = score_unit(ruleset)
    for setting, gain in zip(settings[1:], gains[1:], strict=True):
        both = sorted(gain.keys() & gains[0].keys())
        if len(both) > 1:
            print(f"{ruleset:8} {setting or 'defaults'} minus {settings[0] or 'defaults'}, paired on the {len(both)} "
                  f"games both looked at: {interval([gain[k] - gains[0][k] for k in both])} {unit} of final margin "
                  f"a game", flush=True)


def busy() -> None:
    """A second process keeping one core busy."""
    while True:
        math.factorial(2000)


def run_speed(ruleset: str, positions: int, load: bool) -> None:
    from mp_notebook.ui.app import GREEDY, HUMAN

    worker = multiprocessing.Process(target=busy, daemon=True) if load else None
    if worker is not None:
        worker.start()
    cpu, wall, futures, capped = [], [], [], 0
    try:
        for k in range(positions):
            s = ref.position(ruleset, SPEED_SEED + k)
            seats = [GREEDY] * s.num_players
            seats[s.current_player or 0] = HUMAN
            app = mp.play(s, seats=seats)
            start, clock = time.process_time(), time.perf_counter()
            table = app.hint()
            cpu.append(time.process_time() - start)
            wall.append(time.perf_counter() - clock)
            assert table is not None
            futures.append(int(table.iloc[0]["futures"]))
            capped += bool(table.attrs["capped"])
    finally:
        if worker is not None:
            worker.terminate()

    def spread(xs: list[float]) -> str:
        xs = sorted(xs)
        return f"median {statistics.median(xs):.2f} s, p90 {xs[int(0.9 * (len(xs) - 1))]:.2f} s, max {xs[-1]:.2f} s"

    print(f"{ruleset:8} Hint at its defaults{' (one core kept busy)' if load else ''}, {positions} positions: "
          f"CPU {spread(cpu)}; wall {spread(wall)}; futures behind the recommendation ≥ {min(futures)}; "
          f"capped {capped}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("regret", "duel", "speed", "ceiling"))
    parser.add_argument("--rulesets", nargs="+", default=list(ref.RULESETS))
    parser.add_argument("--set", default="reference")
    parser.add_argument("--settings", nargs="+", default=[""])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--futures", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--busy", action="store_true")
    parser.add_argument("--sizes", nargs="+", type=int, default=[4, 8, 16, 32])
    parser.add_argument("--timed", type=int, default=5)
    parser.add_argument("--first", type=int, default=0,
                        help="duel: the first game number k; regret: also grade the set's positions from k on alone")
    parser.add_argument("--save", type=Path, help="duel: a JSON-lines file of the positions, appended to and read back")
    args = parser.parse_args(argv)
    for ruleset in args.rulesets:
        gains = []
        for setting in args.settings:
            if args.command == "regret":
                run_regret(args.set, ruleset, setting, args.first)
            elif args.command == "duel":
                gains.append(run_duel(ruleset, args.positions, args.futures, setting, args.workers, args.save,
                                      args.first))
        if args.command == "duel":
            compare_duels(ruleset, args.settings, gains)
        if args.command == "speed":
            run_speed(ruleset, args.positions, args.busy)
        elif args.command == "ceiling":
            run_ceiling(args.set, ruleset, args.sizes, args.timed)


if __name__ == "__main__":
    main()
