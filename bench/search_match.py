"""SearchAgent settings in paired matches against a greedy player, compared game by game.

Usage::

    python bench/search_match.py [--ruleset mp2] [--games 40] [--first 0] [--workers 2]
                                 [--opponent greedy|before35] [--save FILE.jsonl] [--aim 0.65]
                                 [--characters none|random|draft]
                                 [--settings "" "budget_decisions=800,policy=playout" ...]
    python bench/search_match.py --report FILE.jsonl [MORE.jsonl ...] [--first F --games N] [--aim 0.65]
                                 [--before EARLIER.jsonl ...]

A setting is a comma-separated list of SearchAgent keyword arguments ``NAME=VALUE`` (a Python
literal, or for ``policy`` one of ``greedy``, ``playout``, ``rollout``: ``GreedyAgent``,
``PlayoutPolicy``, ``RolloutPolicy`` at their defaults); ``""`` is the defaults, and ``peek=True``
plays :class:`Peeking`, the search that reads the hidden cards, as a yardstick. Each setting plays
games ``--first .. --first + --games - 1``: game ``n`` has seed ``70000 + n // 2`` (the seeds of
``python bench/value.py match``) with the search, ``SearchAgent(seed=n // 2, ...)``, in seat
``n % 2`` and the opponent, ``GreedyAgent(n // 2)`` (``--opponent before35``: the frozen greedy
from before issue 35, made from its commit by ``bench/frozen/``), in the other: every seed is played
in both seatings. A shared victory counts half; Schmidt games have ``round_limit=300`` as a guard.
Marco Polo II's 2-player default has no characters (``characters=None``); ``--characters random``
deals each seat one at random (``characters="random"``) and ``--characters draft`` plays the
printed set-up, the character draft and the choice of a goal card among three (``setup="full"``),
so that the figures are of the game as printed.

Prints, per setting, the win rate (95% Wilson interval), the mean margin over the opponent (VP, or
Gulden of capital) ± its standard error over the seeds, the search's CPU seconds a decision (median,
99th percentile, most; CPU time, so that other work on the machine does not count), the share of its
decisions it searched (the others are the greedy choice), its Travel actions and trading posts a
game (issue 35's Voyages aims: >= 4 of each), how its seeds went (won in both seatings, in one, in
neither: a seed won in one seating only was decided by the seating, a difference between the seats
that the search's gain did not make up), with ``--aim`` what its win rate lacks of that aim in score
points (the least shift of every game's margin that would win as many games) and the wall time; for
every setting after the first, the mean margin difference from the first, seed by seed, ± its
standard error (far tighter than two independent matches). Settings that play the greedy choice
until the same decision reach it in the same position, so the difference is what the searches
changed.

``--save FILE.jsonl`` appends one line a game as it ends (the ruleset, opponent, setting, game
number, the search's share of the victory and its margin), so that a long run can be reported while
it plays, and runs over other games or at other times can be pooled or paired seed by seed (the
games are exactly reproducible; a game with characters saves ``characters`` too). ``--report`` prints
the same figures from such files (no CPU times: they are not saved), per ruleset, opponent,
characters and setting, a game saved twice counted once (with
``--games``, only games ``--first .. --first + --games - 1``); every setting after the first of its
ruleset and opponent is paired with that first seed by seed, on the seeds both played in both
seatings. A setting is named by the options that differ from today's defaults
(``budget_decisions=400`` is ``defaults``), so a file's names mean today's agent; its games were
played by the code of the day they were saved. ``--before EARLIER.jsonl`` prints, under each
setting, the same setting's games saved in the earlier files (the code of another day: say, the
search before a change that keeps the seeds), on the games both played, and the margin difference
seed by seed. ``bench/data/search_match.jsonl`` holds the games behind the README's figures of the
search against the greedy players.

This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import json
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean, median, quantiles, stdev
from typing import Any
from unittest import mock

from tqdm import tqdm

# this checkout's package (not another installed copy) and the other benches, also in workers
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from frozen import Greedy35Agent  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.agents import _value as learned  # noqa: E402
from mp_notebook.agents.base import Agent  # noqa: E402
from mp_notebook.agents.playout import PlayoutPolicy, RolloutPolicy  # noqa: E402
from mp_notebook.analysis import wilson  # noqa: E402

MATCH = 70_000  # seed base, as python bench/value.py match
OPTIONS = {"schmidt": {"round_limit": 300}}
CHARACTERS: dict[str, dict[str, str]] = {"none": {}, "random": {"characters": "random"}, "draft": {"setup": "full"}}
"""``--characters``: the options of a Marco Polo II game that give its seats characters."""
POLICIES = {"greedy": mp.agents.GreedyAgent, "playout": PlayoutPolicy, "rollout": RolloutPolicy}
OPPONENTS: dict[str, Callable[[int], Agent]] = {"greedy": mp.agents.GreedyAgent, "before35": Greedy35Agent}
SAVED = ("ruleset", "opponent", "setting", "game", "win", "margin")  # a saved game's fields (and travels, posts)
DEFAULTS = {name: p.default for name, p in inspect.signature(mp.agents.SearchAgent).parameters.items()}
DEFAULTS["peek"] = False  # Setting's own option: the search from its seat's view


@dataclass(frozen=True)
class Setting:
    """A picklable factory of SearchAgents with these keyword arguments (the others their defaults).

    >>> Setting.parse("top_k=6,policy=playout")
    Setting(options=(('top_k', 6), ('policy', 'playout')))
    >>> Setting.parse("")(3).seed
    3
    >>> str(Setting.parse("budget_decisions=400,top_k=6"))   # 400 is the default
    'top_k=6'
    >>> type(Setting.parse("peek=True")(3)).__name__          # not a SearchAgent option: see Peeking
    'Peeking'
    >>> str(Setting.parse("peek=False"))                      # the search from its seat's view
    'defaults'
    """

    options: tuple[tuple[str, object], ...] = ()

    @classmethod
    def parse(cls, text: str) -> Setting:
        options: list[tuple[str, object]] = []
        for pair in filter(None, text.split(",")):
            name, _, value = pair.partition("=")
            if name == "policy":
                if value not in POLICIES:
                    raise argparse.ArgumentTypeError(f"policy is one of {', '.join(POLICIES)}, got {value!r}")
                options.append((name, value))
                continue
            try:
                options.append((name, ast.literal_eval(value)))
            except (ValueError, SyntaxError):
                raise argparse.ArgumentTypeError(f"{name}={value}: the value is not a Python literal") from None
        setting = cls(tuple(options))
        try:
            setting(0)
        except (TypeError, ValueError) as e:
            raise argparse.ArgumentTypeError(f"{text!r}: {e}") from None
        return setting

    def __call__(self, n: int) -> Counted:
        kwargs = {k: POLICIES[str(v)]() if k == "policy" else v for k, v in self.options if k != "peek"}
        agent = Peeking if dict(self.options).get("peek") else Counted
        return agent(seed=n, **kwargs)  # type: ignore[arg-type]

    def __str__(self) -> str:
        return ",".join(f"{k}={v}" for k, v in self.options if DEFAULTS.get(k, self) != v) or "defaults"


class Counted(mp.agents.SearchAgent):
    """A SearchAgent that counts the searches that compared two candidates or more (a bench's
    tally: the agent itself keeps no state)."""

    searched = 0

    def search(self, state: mp.GameState, candidates: list[mp.Action]) -> list[tuple[mp.Action, float, int]]:
        results = super().search(state, candidates)
        self.searched += len(results) > 1
        return results


class Peeking(Counted):
    """The search reading what its seat has not seen, as it did before issue 52 (setting
    ``peek=True``): every future it imagines, its forks and its own greedy's chance samples, is
    ``state.reseed(seed)``, which leaves the other players' secret cards where they are. A yardstick
    for what playing from the seat's view costs the search, not a player."""

    def choose(self, state: mp.GameState) -> mp.Action:
        def reseeded(s: mp.GameState, seat: int, seed: int) -> mp.GameState:
            return s.reseed(seed)

        with mock.patch.object(type(state), "determinize", reseeded):
            return super().choose(state)


@dataclass
class Result:
    """One game, for the search's seat: its share of the victory, its final margin over the
    opponent, its CPU seconds a decision, how many of its decisions it searched, and its Travel
    actions (turn decisions) and trading posts at the end."""

    win: float
    margin: float
    cpu: list[float]
    searched: int
    travels: int = 0
    posts: int = 0


def game(job: tuple[str, Setting, str, int] | tuple[str, Setting, str, int, str]) -> Result:
    """Game ``n``: seed ``MATCH + n // 2``, the search in seat ``n % 2`` (with the characters of
    :data:`CHARACTERS` named last in ``job``, if named)."""
    ruleset, setting, opponent, n = job[:4]
    seat = n % 2
    s = mp.new_game(2, ruleset=ruleset, seed=MATCH + n // 2, **OPTIONS.get(ruleset, {}),
                    **CHARACTERS[job[4] if len(job) > 4 else "none"])
    search = setting(n // 2)
    other = OPPONENTS[opponent](n // 2)
    cpu = []
    travels = 0
    while not s.is_over:
        if s.current_player == seat:
            start = time.process_time()
            a = search.choose(s)
            cpu.append(time.process_time() - start)
            travels += a.kind == "travel" and s.decision.kind == "turn"
        else:
            a = other.choose(s)
        s = s.apply(a)
    winners = [bool(row["winner"]) for row in s.score_rows()]
    posts = len(s.players[seat].trading_posts)
    return Result(winners[seat] / sum(winners), learned.final_margin(s, seat), cpu, search.searched, travels, posts)


def standard_error(values: list[float]) -> float:
    """The standard error of the mean of ``values`` (``nan`` for one value).

    >>> round(standard_error([3.0, 4.0, 5.0]), 3)
    0.577
    """
    return stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")


def mean_se(values: list[float], digits: int = 2, *, signed: bool = True) -> str:
    """The mean ± its standard error, to ``digits`` decimals (the mean's sign shown if ``signed``:
    a margin, not a count).

    >>> mean_se([1.0, 2.0, 4.0], 1), mean_se([1.0, 2.0, 4.0], signed=False)
    ('+2.3 ± 0.9', '2.33 ± 0.88')
    """
    return f"{fmean(values):{'+' if signed else ''}.{digits}f} ± {standard_error(values):.{digits}f}"


def seed_means(values: dict[int, float]) -> dict[int, float]:
    """The mean of ``values`` (a figure of each game: its margin, its share of the victory ...) over
    every seed ``k`` whose two games (``2 k`` and ``2 k + 1``) are both in ``values``.

    >>> seed_means({0: 4.0, 1: -2.0, 2: 5.0})
    {0: 1.0}
    """
    return {n // 2: (v + values[n + 1]) / 2 for n, v in values.items() if n % 2 == 0 and n + 1 in values}


def outcome(setting: str, wins: float, games: int, seeds: dict[int, float]) -> str:
    """The win rate with its Wilson interval and the margin a game over the seeds, for ``setting``."""
    low, high = wilson(wins, games)
    return (f"  {setting}: {wins / games:.1%} wins of {games} (95% CI {low:.1%}-{high:.1%}), margin "
            f"{mean_se(list(seeds.values()))} a game")


def seatings(wins: dict[int, float]) -> str:
    """How the seeds whose two games are both in ``wins`` (the search's share of each victory) went:
    won in both seatings, in one (or shared), in neither. A seed won in one seating only was decided
    by the seating: the search's gain did not make up the difference between the seats.

    >>> seatings({0: 1.0, 1: 1.0, 2: 1.0, 3: 0.0, 4: 0.5, 5: 0.0, 6: 1.0})
    '; of 3 seeds, won in both seatings 1, in one 2, in neither 0'
    """
    shares = list(seed_means(wins).values())
    both, neither = shares.count(1.0), shares.count(0.0)
    return (f"; of {len(shares)} seeds, won in both seatings {both}, in one {len(shares) - both - neither}, "
            f"in neither {neither}")


def shortfall(games: list[tuple[float, float]], aim: float) -> str:
    """What the win rate of ``games`` (the search's share of the victory, its margin) lacks of
    ``aim``, in score points: the least shift of every game's margin, in half points, at which as
    many games are won as ``aim`` asks (a game then tied counts half; unshifted, each counts as it
    went).

    >>> shortfall([(1.0, 3.0), (0.0, -1.0), (0.0, -4.0), (1.0, 2.0)], 0.6)
    '; 60% would need every margin +1.0 higher'
    >>> shortfall([(1.0, 3.0), (0.0, -1.0)], 0.5)
    '; 50% is reached'
    """
    def won(shift: float) -> float:
        if shift == 0:
            return sum(w for w, _ in games)
        return sum(1.0 if m + shift > 0 else 0.5 if m + shift == 0 else 0.0 for _, m in games)

    shift = 0.0
    while won(shift) < aim * len(games):
        shift += 0.5
    return f"; {aim:.0%} is reached" if shift == 0 else f"; {aim:.0%} would need every margin {shift:+.1f} higher"


def journeys(travels: dict[int, float], posts: dict[int, float]) -> str:
    """The search's Travel actions and trading posts a game (by game number), each ± its standard
    error over the seeds played in both seatings (:func:`seed_means`); nothing in a game without
    posts (Schmidt).

    >>> journeys({0: 4, 1: 3, 2: 5, 3: 4}, {0: 6, 1: 7, 2: 8, 3: 8}), journeys({0: 0, 1: 0}, {0: 0, 1: 0})
    ('; per game 4.00 ± 0.50 Travel actions, 7.25 ± 0.75 trading posts', '')
    """
    if not any(posts.values()):
        return ""
    t, p = list(seed_means(travels).values()), list(seed_means(posts).values())
    return f"; per game {mean_se(t, signed=False)} Travel actions, {mean_se(p, signed=False)} trading posts"


def against(name: str, first: dict[int, float], seeds: dict[int, float]) -> str:
    """The margin difference from the setting ``name`` (``first``) on the seeds both played."""
    both = sorted(first.keys() & seeds.keys())
    return f"; against {name}, seed by seed over {len(both)} seeds: {mean_se([seeds[k] - first[k] for k in both])}"


def saved_games(paths: list[Path], fields: tuple[str, ...]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each game saved in ``paths`` (a JSON object with ``fields``, one a line) and where it is (file
    and line); a line that is not one stops the bench, naming it and what is wrong (also
    ``bench/automa_match.py --report``'s reader)."""
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{path}, line {number}"
            try:
                row = json.loads(line)
                missing = [name for name in fields if name not in row]
            except (ValueError, TypeError) as e:
                raise SystemExit(f"{where}: not a game saved by --save ({e})") from None
            if not isinstance(row, dict) or missing:
                raise SystemExit(f"{where}: not a game saved by --save (it has no {', '.join(missing or fields)})")
            yield where, row


Saved = dict[tuple[str, str, str], dict[str, dict[int, dict[str, Any]]]]  # (ruleset, opponent, characters)
# -> setting -> game number -> the game's line


def saved_by_setting(paths: list[Path], played: range | None = None) -> Saved:
    """The games saved in ``paths`` (those ``played``, if given) by ruleset, opponent, characters and
    setting, a game saved twice counted once."""
    games: Saved = {}
    for where, row in saved_games(paths, SAVED):
        try:
            setting = str(Setting.parse("" if row["setting"] == "defaults" else row["setting"]))
        except argparse.ArgumentTypeError as e:
            raise SystemExit(f"{where}: not a game saved by --save ({e})") from None
        if played is None or row["game"] in played:
            key = row["ruleset"], row["opponent"], row.get("characters", "none")
            games.setdefault(key, {}).setdefault(setting, {})[row["game"]] = row
    return games


def report(paths: list[Path], played: range | None = None, aim: float | None = None,
           before: list[Path] | None = None) -> None:
    """Print the figures of the games saved in ``paths`` (those ``played``, if given; with ``aim``,
    what the win rate lacks of it; with ``before``, each setting against the same games saved in
    those files; see the module doc)."""
    games = saved_by_setting(paths, played)
    earlier = saved_by_setting(before, played) if before else {}
    for key, settings in games.items():
        ruleset, opponent, characters = key
        dealt = "" if characters == "none" else f" (characters: {characters})"
        print(f"{ruleset}{dealt}, against {OPPONENTS[opponent].__name__}:")
        first: tuple[str, dict[int, float]] | None = None
        for setting, rows in settings.items():
            seeds = seed_means({n: row["margin"] for n, row in rows.items()})
            line = outcome(f"{setting}, games {min(rows)}-{max(rows)}", sum(r["win"] for r in rows.values()),
                           len(rows), seeds)
            if all("travels" in r for r in rows.values()):
                line += journeys({n: r["travels"] for n, r in rows.items()}, {n: r["posts"] for n, r in rows.items()})
            line += seatings({n: row["win"] for n, row in rows.items()})
            if aim:
                line += shortfall([(row["win"], row["margin"]) for row in rows.values()], aim)
            if first is None:
                first = setting, seeds
            else:
                line += against(*first, seeds)
            print(line)
            old = {n: row for n, row in earlier.get(key, {}).get(setting, {}).items() if n in rows}
            if old:
                old_seeds = seed_means({n: row["margin"] for n, row in old.items()})
                print(outcome(f"{setting} as saved before, the same games {min(old)}-{max(old)}",
                              sum(r["win"] for r in old.values()), len(old), old_seeds)
                      + against("the games saved before", old_seeds, seeds))


def win_rate(text: str) -> float:
    """``--aim``'s value: a win rate above 0 and at most 1."""
    try:
        rate = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < rate <= 1:
        raise argparse.ArgumentTypeError(f"a win rate is above 0 and at most 1, got {text}")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", choices=("mp2", "voyages", "schmidt"), default="mp2")
    parser.add_argument("--games", type=int, help="games a setting (40; in a report: all saved)")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (even)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponent", choices=tuple(OPPONENTS), default="greedy")
    parser.add_argument("--save", type=Path, help="append one JSON line a game to this file")
    parser.add_argument("--settings", nargs="+", type=Setting.parse, metavar="NAME=VALUE,...", default=[Setting()])
    parser.add_argument("--characters", choices=tuple(CHARACTERS), default="none",
                        help="Marco Polo II: no characters (the 2-player default), dealt at random, or drafted "
                             "(the printed set-up)")
    parser.add_argument("--aim", type=win_rate, help="a win rate (0.65): print what the search lacks of it")
    parser.add_argument("--report", nargs="+", type=Path, metavar="FILE", help="report the games saved in FILEs")
    parser.add_argument("--before", nargs="+", type=Path, metavar="FILE",
                        help="with --report: each setting against the same games saved in these FILEs")
    args = parser.parse_args()
    if args.report:
        print(f"$ python bench/search_match.py {' '.join(sys.argv[1:])}")
        report(args.report, None if args.games is None else range(args.first, args.first + args.games), args.aim,
               args.before)
        return
    args.games = args.games or 40
    if args.games < 4 or args.games % 2 or args.first % 2:
        parser.error("--games must be even and at least 4, --first even (each seed is played in both seatings)")
    if args.characters != "none" and args.ruleset != "mp2":
        parser.error("--characters is a Marco Polo II option (the other rulesets deal theirs by their own rules)")
    print(f"$ python bench/search_match.py {' '.join(sys.argv[1:])}")
    print(f"SearchAgent settings vs {OPPONENTS[args.opponent].__name__}: {args.ruleset}, 2 players, paired games "
          f"{args.first}-{args.first + args.games - 1} (seed {MATCH} + n // 2, seats swapped), characters: "
          f"{args.characters}")
    first: dict[int, float] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for setting in args.settings:
            start = time.perf_counter()
            jobs = [(args.ruleset, setting, args.opponent, n, args.characters)
                    for n in range(args.first, args.first + args.games)]
            results: list[Result] = []
            with args.save.open("a", encoding="utf-8") if args.save else nullcontext() as out:
                for n, r in enumerate(tqdm(pool.map(game, jobs, chunksize=1), total=args.games, desc=str(setting),
                                           file=sys.stderr), args.first):
                    results.append(r)
                    if out:
                        row = {"ruleset": args.ruleset, "opponent": args.opponent, "setting": str(setting),
                               "game": n, "win": r.win, "margin": r.margin, "travels": r.travels, "posts": r.posts}
                        if args.characters != "none":
                            row["characters"] = args.characters
                        out.write(json.dumps(row) + "\n")
                        out.flush()
            seeds = seed_means({n: r.margin for n, r in enumerate(results, args.first)})
            cpu = [x for r in results for x in r.cpu]
            searched = sum(r.searched for r in results) / len(cpu)
            trips = journeys(dict(enumerate((r.travels for r in results), args.first)),
                             dict(enumerate((r.posts for r in results), args.first)))
            line = (f"{outcome(str(setting), sum(r.win for r in results), args.games, seeds)}; "
                    f"CPU a decision median {median(cpu) * 1000:.1f} ms, 99th percentile "
                    f"{quantiles(cpu, n=100)[98]:.2f} s, most {max(cpu):.2f} s; {searched:.1%} of "
                    f"{len(cpu)} decisions searched{trips}"
                    f"{seatings({n: r.win for n, r in enumerate(results, args.first)})}"
                    f"{shortfall([(r.win, r.margin) for r in results], args.aim) if args.aim else ''}"
                    f" [{time.perf_counter() - start:.0f} s]")
            if first:
                line += against(str(args.settings[0]), first, seeds)
            else:
                first = seeds
            print(line, flush=True)

if __name__ == "__main__":
    main()
