"""GreedyAgent speed benchmark (issue 38): seconds per decision and per game, greedy vs greedy.

Usage::

    python bench/greedy.py [--games 3] [--rulesets mp2 voyages schmidt] [--slow 0.1]
                           [--hashes] [--search-decisions 0] [--baseline DIR] [--characters random]

Plays ``--games`` seeded 2-player games (seeds 0, 1, ...) of each ruleset with a GreedyAgent in
every seat and prints, per ruleset: the seconds a game (median and range), and the milliseconds a
decision (mean, median, 99th percentile, maximum) over every decision of every game; then the
CPU of a game by the class of decision (a turn decision before or after its main action, or the
follow-up's kind); then the decisions slower than ``--slow`` seconds by what they were (the
decision kind, the kinds of the actions the greedy agent ranked), so the slow tail can be read.

``--hashes`` prints a digest of each game's history (``sha1`` of the notation), so that a change
meant to keep every choice can be checked: the digests before and after must agree.

``--before35``: also play the same seeds with the frozen greedy from before issue 35
(``bench/frozen/``: its evaluations of every game), each seed right after the new
agent's game (A B A B), and print its figures under the new ones: a before/after on the same load.

``--baseline DIR``: the same seeds played by the GreedyAgent of another checkout ``DIR`` (say a
``git worktree`` of an older commit) and by this one, each game in a fresh process, the two
alternating seed by seed (A B B A ...), timed in CPU (each process's own): a before/after of a speed
change on the same load, with the ratio of the two CPU times game by game (median, quartiles,
range); the history digests of the two are compared too (an exact change keeps every choice).

``--characters random``: games with a character drawn for each seat (``new_game(characters="random")``,
as the game is printed; Marco Polo II and Voyages, the Schmidt game has none); by default none.

``--search-decisions N``: also time SearchAgent's last-round turn decisions (its searched ones)
over the same games, up to N of them a ruleset: the median and the 99th percentile, at its
defaults and with ``budget_decisions=500``, timed alternately.

Aims (issue 38), Marco Polo II and Voyages: a decision mean <= 3 ms and 99th percentile <= 30 ms; a
game <= 0.3 s; SearchAgent 99th percentile <= 2 s a decision. Timings are wall clock on a shared
machine: compare figures measured in the same run. This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean, median, quantiles

# this checkout's package (not another installed copy) and the frozen opponents
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from frozen import Greedy35Agent  # noqa: E402

import mp_notebook as mp  # noqa: E402


def p99(xs: list[float]) -> float:
    """The 99th percentile of ``xs`` (its only value if it has one)."""
    return quantiles(xs, n=100)[98] if len(xs) > 1 else xs[0]


Maker = Callable[[int], mp.agents.Agent]
Game = tuple[mp.GameState, list[tuple[float, float, mp.GameState]]]  # the end, and each decision's times


OPTIONS: dict[str, str] = {}  # new_game's options for every game (--characters)


def greedy_game(ruleset: str, seed: int, make: Maker = mp.agents.GreedyAgent) -> Game:
    """A 2-player game of ``make``'s agents (GreedyAgent): its end and ``(seconds, CPU seconds,
    state)`` for every decision."""
    s = mp.new_game(2, ruleset=ruleset, seed=seed, **OPTIONS)
    agents = [make(seed), make(seed + 1)]
    times = []
    while not s.is_over:
        i = s.current_player
        assert i is not None
        start, cpu = time.perf_counter(), time.process_time()
        a = agents[i].choose(s)
        times.append((time.perf_counter() - start, time.process_time() - cpu, s))
        s = s.apply(a)
    return s, times


def describe(s: mp.GameState) -> str:
    """What a decision was: its kind, the kinds of the actions greedy ranks (dice-only variants
    merged, die changes pruned), and how many positions its look-ahead scored (counted on a rerun)."""
    from mp_notebook.agents import greedy

    kinds = Counter(a.kind for a in greedy._candidates(s))
    scored = 0
    score = greedy._Look.score

    def counted(look: greedy._Look, state: mp.GameState) -> float:
        nonlocal scored
        scored += id(state) not in look._scores
        return score(look, state)

    greedy._Look.score = counted  # type: ignore[method-assign,assignment]
    try:
        mp.agents.GreedyAgent(0).choose(s)
    finally:
        greedy._Look.score = score  # type: ignore[method-assign]
    return f"{s.decision.kind}: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) + f"; {scored} scored"


@dataclass
class Times:
    """Seconds of one agent's games and decisions (wall clock and this process's CPU)."""

    game_seconds: list[float] = field(default_factory=list)
    game_cpu: list[float] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def play(self, ruleset: str, seed: int, make: Maker) -> Game:
        start, cpu_start = time.perf_counter(), time.process_time()
        end, times = greedy_game(ruleset, seed, make)
        self.game_seconds.append(time.perf_counter() - start)
        self.game_cpu.append(time.process_time() - cpu_start)
        self.decisions += [t for t, _, _ in times]
        self.cpu += [c for _, c, _ in times]
        return end, times

    def report(self, what: str) -> None:
        d = self.decisions
        print(f"{what}, {len(self.game_seconds)} games: a game median {median(self.game_seconds):.2f} s "
              f"(range {min(self.game_seconds):.2f}-{max(self.game_seconds):.2f}); {len(d)} decisions: "
              f"mean {mean(d) * 1e3:.2f} ms, median {median(d) * 1e3:.2f} ms, "
              f"99th percentile {p99(d) * 1e3:.1f} ms, max {max(d) * 1e3:.0f} ms", flush=True)
        print(f"{what}: the same in CPU time (this process only; what a loaded machine's wall clock hides): "
              f"a game median {median(self.game_cpu):.2f} s; a decision mean {mean(self.cpu) * 1e3:.2f} ms, "
              f"99th percentile {p99(self.cpu) * 1e3:.1f} ms", flush=True)


def bench(ruleset: str, games: int, slow: float, hashes: bool, search: int, before35: bool) -> None:
    new, old = Times(), Times()
    tail: list[tuple[float, str]] = []
    ends = []
    timed = []  # each game's decision times
    for seed in range(games):
        end, times = new.play(ruleset, seed, mp.agents.GreedyAgent)
        timed.append(times)
        if before35:
            old.play(ruleset, seed, Greedy35Agent)
        ends.append(end)
        tail += [(t, describe(s)) for t, _, s in times if t > slow]
        if hashes:
            digest = hashlib.sha1("\n".join(end.history).encode()).hexdigest()[:12]
            print(f"  {ruleset} game {seed}: {len(end.history)} history entries, sha1 {digest}")
    new.report(f"{ruleset}: greedy vs greedy")
    where_cpu_goes(ruleset, timed)
    if before35:
        old.report(f"{ruleset}: the greedy before issue 35 vs itself, the same seeds (interleaved)")
    for t, what in sorted(tail, reverse=True)[:12]:
        print(f"    {t * 1e3:6.0f} ms  {what}")
    if search:
        search_times(ruleset, ends, search)


def decision_class(s: mp.GameState) -> str:
    """A decision's kind; a turn decision says whether the turn's main action is still to come."""
    kind = s.decision.kind
    if kind == "turn" and hasattr(s, "main_done"):
        return "turn, main action done" if s.main_done else "turn, before the main action"
    return kind


def where_cpu_goes(ruleset: str, games: list[list[tuple[float, float, mp.GameState]]]) -> None:
    """The CPU of a game by the class of decision (:func:`decision_class`): decisions a game, CPU a
    game, and milliseconds a decision, most CPU first."""
    cpu: Counter[str] = Counter()
    count: Counter[str] = Counter()
    for times in games:
        for _, c, s in times:
            kind = decision_class(s)
            cpu[kind] += c
            count[kind] += 1
    n = len(games)
    print(f"{ruleset}: where a game's CPU goes (mean of {n} games; decision: per game, CPU per game, per decision)")
    for kind, c in cpu.most_common(6):
        print(f"    {kind:32s} {count[kind] / n:6.1f}  {c / n:6.3f} s  {c / count[kind] * 1e3:6.2f} ms", flush=True)


def search_times(ruleset: str, ends: list[mp.GameState], limit: int) -> None:
    """SearchAgent's seconds on the last-round turn decisions of the greedy games ``ends``, at its
    defaults (no bound) and with ``budget_decisions=500``, timed alternately on each decision; and
    how often the two choose differently."""
    agents = {"default": mp.agents.SearchAgent(),
              "budget_decisions=500": mp.agents.SearchAgent(budget_decisions=500)}
    seconds: dict[str, list[float]] = {name: [] for name in agents}
    differ = 0
    for end in ends:
        s = mp.new_game(**end.setup)
        for entry in end.history:
            if len(seconds["default"]) >= limit:
                break
            if s.decision.kind == "turn" and agents["default"].horizon_at(s) == "game":
                chosen = {}
                order = list(agents) if len(seconds["default"]) % 2 == 0 else list(agents)[::-1]
                for name in order:
                    start = time.perf_counter()
                    chosen[name] = agents[name].choose(s)
                    seconds[name].append(time.perf_counter() - start)
                differ += len(set(chosen.values())) > 1
            s = s.apply(entry)
    for name, xs in seconds.items():
        if xs:
            print(f"  SearchAgent({name}), {len(xs)} searched turn decisions (last round, timed alternately): "
                  f"median {median(xs):.2f} s, 99th percentile {p99(xs):.2f} s, max {max(xs):.2f} s", flush=True)
    if seconds["default"]:
        print(f"  the two chose differently at {differ} of {len(seconds['default'])} decisions")


# One 2-player greedy game in a fresh process, with the package of the checkout named first:
# prints its history digest, its CPU seconds and each decision's, as JSON.
ONE_GAME = """
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
import mp_notebook as mp
ruleset, seed, options = sys.argv[2], int(sys.argv[3]), json.loads(sys.argv[4])
mp.new_game(2, ruleset=ruleset, seed=seed, **options)  # data loaded before the clock starts
s = mp.new_game(2, ruleset=ruleset, seed=seed, **options)
agents = [mp.agents.GreedyAgent(seed), mp.agents.GreedyAgent(seed + 1)]
cpu, start = [], time.process_time()
while not s.is_over:
    t = time.process_time()
    a = agents[s.current_player].choose(s)
    cpu.append(time.process_time() - t)
    s = s.apply(a)
game = time.process_time() - start
print(json.dumps([hashlib.sha1(chr(10).join(s.history).encode()).hexdigest()[:12], game, cpu]))
"""


def baseline(ruleset: str, games: int, other: str) -> None:
    """This checkout's greedy against the one in ``other``, seed by seed in fresh processes (see
    the module docstring)."""
    import json
    import subprocess

    roots = {"this checkout": str(Path(__file__).parents[1]), f"baseline {other}": other}
    times = {name: Times() for name in roots}
    digests: dict[str, list[str]] = {name: [] for name in roots}
    for seed in range(games):
        for name in (list(roots) if seed % 2 == 0 else list(roots)[::-1]):
            out = subprocess.run([sys.executable, "-c", ONE_GAME, roots[name], ruleset, str(seed), json.dumps(OPTIONS)],
                                 capture_output=True, text=True, check=True)
            digest, game, cpu = json.loads(out.stdout.splitlines()[-1])
            digests[name].append(digest)
            times[name].game_cpu.append(game)
            times[name].cpu += cpu
    for name, t in times.items():
        print(f"{ruleset}, {name}, {games} games in CPU time: a game median {median(t.game_cpu):.3f} s "
              f"(range {min(t.game_cpu):.3f}-{max(t.game_cpu):.3f}); {len(t.cpu)} decisions: mean "
              f"{mean(t.cpu) * 1e3:.2f} ms, 99th percentile {p99(t.cpu) * 1e3:.1f} ms", flush=True)
    ratios = sorted(x / y for x, y in zip(*(t.game_cpu for t in times.values()), strict=True))
    if len(ratios) > 1:
        low, _, high = quantiles(ratios, n=4)
        print(f"{ruleset}: this checkout's CPU over the baseline's, game by game: median {median(ratios):.3f} "
              f"(quartiles {low:.3f}-{high:.3f}, range {ratios[0]:.3f}-{ratios[-1]:.3f})", flush=True)
    same = [a == b for a, b in zip(*digests.values(), strict=True)]
    print(f"{ruleset}: the same history in {sum(same)} of {games} games"
          + ("" if all(same) else f" (differ: seeds {[k for k, x in enumerate(same) if not x]})"), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rulesets", nargs="+", default=["mp2", "voyages", "schmidt"])
    parser.add_argument("--slow", type=float, default=0.1, help="list decisions slower than this (s)")
    parser.add_argument("--hashes", action="store_true", help="print a digest of each game's history")
    parser.add_argument("--search-decisions", type=int, default=0)
    parser.add_argument("--before35", action="store_true", help="also time the greedy before issue 35, interleaved")
    parser.add_argument("--baseline", help="another checkout whose greedy to time against this one")
    parser.add_argument("--characters", choices=["random"], help="a character drawn for each seat")
    args = parser.parse_args()
    if args.characters:
        OPTIONS["characters"] = args.characters
    for ruleset in args.rulesets:
        if args.baseline:
            baseline(ruleset, args.games, args.baseline)
        elif args.games:
            bench(ruleset, args.games, args.slow, args.hashes, args.search_decisions, args.before35)


if __name__ == "__main__":
    main()
