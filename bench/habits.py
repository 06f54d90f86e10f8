"""What a strong player watches in the bots' games: posts, journeys, goals, rerolls, fees, debts, the return.

Usage::

    python bench/habits.py [--rulesets mp2 voyages schmidt] [--bots greedy search] [--games 20]
                           [--first 0] [--workers 1] [--characters none|random|draft] [--automa L3]

Per ruleset and bot, 2-player games on fresh seeds: ``greedy`` is ``GreedyAgent`` against itself
(game ``n``: seed ``930000 + n``, seat ``k`` seeded ``2 n + k``; both seats are counted), ``search``
(or ``search:NAME=VALUE,...``, a setting of ``bench/search_match.py``) is ``SearchAgent`` against
``GreedyAgent`` (game ``n``: seed ``930000 + n // 2``, the search in seat ``n % 2``, both seeded
``n // 2``: every seed in both seatings; the search's seat is counted). ``--characters`` deals Marco
Polo II's characters as ``bench/search_match.py`` does (the 2-player default has none; ``draft``:
the printed set-up). ``--automa L3`` adds Marco Polo II solo games against that Automa in the full
set-up (``bench/automa_match.py``'s games: seed ``7000 + n``, the bot seeded ``n``). Schmidt games
have ``round_limit=300`` as a guard.

Every fact is read from the games through the library (the states, the legal actions, the log's
events and the score table), not worked out again here. Per seat-game, it prints:

* Marco Polo II and Voyages: trading posts held at the end of each round; Travel actions (a turn's
  main action) in each round; the goal points as the score table counts them at the end of each
  round (Marco Polo II ``goal_seals``, Voyages ``goal_cards`` + ``goal_cities``: the score as if the
  game ended then); rerolls and the camels they cost; occupied action spaces paid for (the log's
  events citing the rule of occupied spaces) and how many of those had a free space of the same
  action legal at that decision (another legal action of the same kind that, applied, pays no such
  fee). A fee paid later, at a decision of how to pay it (jade), is not counted.
* Schmidt: forced sales (cards sold to the bank to pay a debt: the ``pay_debt`` actions) a game,
  and the share of seat-games with at most one; the seat's lowest Gulden; how many seat-games met
  the return condition (``rules.return_check`` empty) at some decision, and for those the rounds from
  first meeting it to the game's end: the share ended within 2 rounds, the share the seat itself
  returned within 2 rounds, the median and the most; how far from Venice the seat stood then
  (spaces, the shortest way by either route) and its best chance then of ending a move in Venice
  within 2 spins (``mp.routes.odds``: the most any play could make of it, fights aside), and the
  same chance from the best trading city (:func:`best_place`: the most any play could make of it
  where its own trade completes the condition); in how many the condition lapsed again (not met at
  one of the seat's later spins); and of the seat's moves made while it met the condition, how many
  ended nearer Venice.

The figures a game (the posts at the end, Travel actions, forced sales) are given as the mean ±
its standard error, and the Schmidt shares of seat-games with its 95% interval (± 1.96 standard
errors), over independent units: a seed's two games where the search plays (one per seating), a
game where GreedyAgent plays both seats (its two seat-games are not independent), a solo game.

This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import importlib
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from statistics import fmean, median
from typing import cast

from tqdm import tqdm

# this checkout's package and the other benches, also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from automa_match import LEVELS, Bot  # noqa: E402
from automa_match import SEED as SOLO  # noqa: E402
from search_match import CHARACTERS, OPTIONS, mean_se  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.analysis.evaluate import Z95  # noqa: E402
from mp_notebook.rulesets.schmidt import rules as schmidt_rules  # noqa: E402
from mp_notebook.rulesets.schmidt.state import SchmidtState  # noqa: E402

HABITS = 930_000  # game seeds: fresh, used by no other bench
GOALS = {"mp2": ("goal_seals",), "voyages": ("goal_cards", "goal_cities")}
"""The score table's columns of goal points, by ruleset (Schmidt has no goal cards)."""
WITHIN = 2  # rounds: the Schmidt aim, returning within 2 rounds of meeting the condition


@dataclass
class SeatGame:
    """What one seat did in one game (lists by round, round 1 first)."""

    rounds: int = 0
    posts: list[int] = field(default_factory=list)
    travels: list[int] = field(default_factory=list)
    goals: list[int] = field(default_factory=list)
    rerolls: int = 0
    reroll_camels: int = 0
    fees: int = 0
    fees_free: int = 0  # fees paid with a free space of the same action legal
    sales: int = 0
    lowest: int = 0  # Schmidt: the lowest Gulden held
    met: int | None = None  # Schmidt: the round the return condition was first met
    away: int = 0  # Schmidt: the spaces from Venice then
    reach: float = 0.0  # Schmidt: the best chance then of ending a move in Venice within WITHIN spins
    best: float = 0.0  # Schmidt: the same chance from the best trading city (see best_place)
    lapsed: bool = False  # Schmidt: the condition not met at one of the seat's later spins
    moves_ready: int = 0  # Schmidt: the seat's moves made while it met the condition
    moves_closer: int = 0  # Schmidt: of those, the ones that ended nearer Venice
    returned: bool = False


def occupied_rule(ruleset: str) -> str | None:
    """The rule the log cites for an occupied action space's fee (``None``: the ruleset has none)."""
    return getattr(importlib.import_module(f"mp_notebook.rulesets.{ruleset}.rules"), "R_OCCUPIED", None)


def pays_fee(s: mp.GameState, a: mp.Action, rule: str) -> bool:
    """Whether ``a`` applied to ``s`` makes its player pay an occupied space's fee at once."""
    after = s.apply(a)
    return any(e.rule == rule and e.player == a.player for e in after.log[len(s.log):])


def seats(ruleset: str, bot: Bot, n: int, characters: str,
          automa: str | None) -> tuple[mp.GameState, list[mp.agents.Agent], list[int]]:
    """Game ``n``'s first state, its agents by seat and the seats counted (see the module doc)."""
    if automa:
        return (mp.new_game(["Ana"], automa=automa, seed=SOLO + n, setup="full"), [bot.agent(n)], [0])
    options = {**OPTIONS.get(ruleset, {}), **CHARACTERS[characters]}
    if bot.kind == "greedy":
        s = mp.new_game(2, ruleset=ruleset, seed=HABITS + n, **options)  # type: ignore[arg-type]
        return s, [bot.agent(2 * n), bot.agent(2 * n + 1)], [0, 1]
    s = mp.new_game(2, ruleset=ruleset, seed=HABITS + n // 2, **options)  # type: ignore[arg-type]
    agents = [bot.agent(n // 2), mp.agents.GreedyAgent(n // 2)]
    return s, agents if n % 2 == 0 else agents[::-1], [n % 2]


def play(job: tuple[str, Bot, int, str, str | None]) -> list[SeatGame]:
    """Game ``n``: the habits of each counted seat."""
    ruleset, bot, n, characters, automa = job
    s, agents, counted = seats(ruleset, bot, n, characters, automa)
    rule = occupied_rule(ruleset)
    out = {i: SeatGame() for i in counted}
    schmidt = ruleset == "schmidt"
    if schmidt:
        for i in counted:
            out[i].lowest = s.players[i].gulden

    def close_round(r: int) -> None:  # the facts at the end of round r
        rows = s.score_rows()
        for i, g in out.items():
            g.posts.append(len(s.players[i].trading_posts))
            g.goals.append(sum(int(rows[i][c]) for c in GOALS[ruleset]))
            g.travels += [0] * (r - len(g.travels))

    current = s.round
    while not s.is_over:
        i = s.current_player
        assert i is not None
        a = (agents[0] if automa else agents[i]).choose(s)
        g = out.get(i)
        if g is not None and not schmidt:
            if a.kind == "travel" and s.decision.kind == "turn":
                g.travels += [0] * (s.round - len(g.travels))
                g.travels[s.round - 1] += 1
            if a.kind == "reroll":
                g.rerolls += 1
                g.reroll_camels += s.players[i].camels - s.apply(a).players[i].camels
            if rule is not None and a.dice and pays_fee(s, a, rule):
                g.fees += 1
                g.fees_free += any(b.kind == a.kind and b != a and not pays_fee(s, b, rule)
                                   for b in s.legal_actions())
        before = s
        s = s.apply(a)
        if g is not None and schmidt:
            g.sales += a.kind == "pay_debt"
            ready = g.met is not None and not schmidt_rules.return_check(before, i)
            g.lapsed |= a.kind == "spin" and g.met is not None and not ready
            if a.kind == "move" and ready:
                g.moves_ready += 1
                g.moves_closer += venice(s, i) < venice(before, i)
        if not schmidt and s.round != current and current >= 1:
            close_round(current)
        current = s.round
        if schmidt:
            for j, h in out.items():
                h.lowest = min(h.lowest, s.players[j].gulden)
                if h.met is None and not schmidt_rules.return_check(s, j):
                    h.met = s.round
                    h.away = venice(s, j)
                    h.reach = mp.routes.odds(s, j, cast(SchmidtState, s).components.start, spins=WITHIN)
                    h.best = best_place(cast(SchmidtState, s), j)
    rows = s.score_rows()
    if not schmidt:
        close_round(s.round)
    for j, h in out.items():
        h.rounds = s.round
        h.returned = bool(rows[j].get("returned", False))
    return list(out.values())


def venice(s: mp.GameState, i: int) -> int:
    """The spaces from Schmidt merchant ``i`` to Venice (the shortest way by either route)."""
    c = cast(SchmidtState, s).components
    return int(c.distance[s.players[i].location][c.start])


def best_place(s: SchmidtState, i: int) -> float:
    """The best chance Schmidt merchant ``i``, who meets the return condition, would have of ending
    a move in Venice within :data:`WITHIN` spins had he stood in the best trading city, on either
    route type that passes it: his own acts complete the condition only in a trading city (a sale or
    a draw; the Plaque in Khanbalik and the Secrets in a mission city are trading cities too), so no
    play of his meets it where its chance is better (fights aside).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="schmidt", seed=1)
    >>> s = s.with_player(0, plaque="Pagan", secrets=True, gulden=1200,
    ...                   cards=["red50a", "green50a", "blue50a", "brown50a"])
    >>> best_place(s, 0)   # Constantinople: 3 spaces, a spin of 3 or more on land, or two spins
    0.875
    """
    c = s.components
    return max(float(mp.routes.odds(s.with_player(i, location=city, mode=mode), i, c.start, spins=WITHIN))
               for city in c.trading_cities for mode in c.modes_at(city))


def by_round(values: list[list[int]]) -> str:
    """The mean of each round's value over seat-games (rounds a game did not reach count as 0).

    >>> by_round([[1, 3], [2, 5, 1]])
    '1.50 4.00 0.50'
    """
    rounds = max(map(len, values))
    return " ".join(f"{fmean(v[r] if r < len(v) else 0 for v in values):.2f}" for r in range(rounds))


def per_unit(units: list[list[SeatGame]], figure: Callable[[SeatGame], float]) -> str:
    """The mean of ``figure`` over the seat-games ± its standard error over the ``units`` (each the
    seat-games that are not independent of one another: see the module doc).

    >>> per_unit([[SeatGame(sales=1), SeatGame(sales=3)], [SeatGame(sales=0), SeatGame(sales=0)]], lambda g: g.sales)
    '1.00 ± 1.00'
    """
    return mean_se([fmean(figure(g) for g in unit) for unit in units], signed=False)


def share(units: list[list[SeatGame]], counted: Callable[[SeatGame], bool],
          hit: Callable[[SeatGame], bool]) -> str:
    """The share of the ``counted`` seat-games that ``hit``, with its 95% interval over the
    ``units`` (the ratio estimator's standard error, units as clusters).

    >>> g, h = SeatGame(returned=True), SeatGame()
    >>> share([[g, h], [g, g], [h, h], [g, h]], lambda x: True, lambda x: x.returned)
    '50% (95% 10%-90%, 8 seat-games)'
    """
    pairs = [(sum(map(hit, kept)), len(kept)) for unit in units if (kept := [g for g in unit if counted(g)])]
    hits, n = sum(h for h, _ in pairs), sum(m for _, m in pairs)
    ratio = hits / n
    k = len(pairs)
    spread = (sum((h - ratio * m) ** 2 for h, m in pairs) * k / (k - 1)) ** 0.5 / n if k > 1 else float("nan")
    low, high = max(0.0, ratio - Z95 * spread), min(1.0, ratio + Z95 * spread)
    return f"{ratio:.0%} (95% {low:.0%}-{high:.0%}, {n} seat-games)"


def lines(ruleset: str, units: list[list[SeatGame]]) -> Iterator[str]:
    """The printed figures of the seat-games in ``units`` (one ruleset and bot; see :func:`per_unit`)."""
    games = [g for unit in units for g in unit]
    n = len(games)
    if ruleset != "schmidt":
        yield (f"  trading posts at the end of rounds 1..: {by_round([g.posts for g in games])}; at the end "
               f"{per_unit(units, lambda g: g.posts[-1])}")
        yield (f"  Travel actions in rounds 1..: {by_round([g.travels for g in games])}; a game "
               f"{per_unit(units, lambda g: sum(g.travels))}")
        yield (f"  goal points at the end of rounds 1.. ({' + '.join(GOALS[ruleset])}): "
               f"{by_round([g.goals for g in games])}")
        yield (f"  rerolls a game {fmean(g.rerolls for g in games):.2f}, camels spent on them "
               f"{fmean(g.reroll_camels for g in games):.2f} (most in a game {max(g.reroll_camels for g in games)})")
        yield (f"  occupied action spaces paid for a game {fmean(g.fees for g in games):.2f}, of them with a free "
               f"space of the same action legal {fmean(g.fees_free for g in games):.2f}")
        return
    sales = [g.sales for g in games]
    yield (f"  forced sales to the bank a game {per_unit(units, lambda g: g.sales)} (most {max(sales)}); seat-games "
           f"with at most 1: {share(units, lambda g: True, lambda g: g.sales <= 1)}; lowest Gulden held, median "
           f"{median(g.lowest for g in games):.0f}")
    met = [g for g in games if g.met is not None]
    if not met:
        yield "  no seat-game met the return condition"
        return
    waits = [g.rounds - (g.met or 0) for g in met]

    def ended(g: SeatGame) -> bool:
        return g.rounds - (g.met or 0) <= WITHIN

    yield (f"  met the return condition: {len(met)} of {n} seat-games; of those, the game ended within {WITHIN} "
           f"rounds of first meeting it in {share(units, lambda g: g.met is not None, ended)}, the seat itself "
           f"returned within {WITHIN} rounds in "
           f"{share(units, lambda g: g.met is not None, lambda g: ended(g) and g.returned)}; "
           f"rounds from meeting it to the end: median {median(waits):.0f}, most {max(waits)}, "
           f">= 10 in {sum(w >= 10 for w in waits)}; spaces from Venice when first met: median "
           f"{median(g.away for g in met):.0f}, most {max(g.away for g in met)}")
    yield (f"  from there, the best chance of ending a move in Venice within {WITHIN} spins: mean "
           f"{fmean(g.reach for g in met):.0%}; the condition lapsed before a later spin of the seat in "
           f"{sum(g.lapsed for g in met)}; moves made meeting it: {sum(g.moves_ready for g in met)}, "
           f"nearer Venice {sum(g.moves_closer for g in met)}")
    yield (f"  the same chance from the best trading city (where a play of the seat's own completes the "
           f"condition): mean {fmean(g.best for g in met):.1%}, most {max(g.best for g in met):.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rulesets", nargs="+", choices=("mp2", "voyages", "schmidt"),
                        default=["mp2", "voyages", "schmidt"])
    parser.add_argument("--bots", nargs="+", type=Bot.parse, default=[Bot("greedy"), Bot("search")], metavar="BOT",
                        help="greedy, search or search:NAME=VALUE,... (default: greedy search)")
    parser.add_argument("--games", type=int, default=20, help="games per ruleset and bot (search: even)")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (even)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--characters", choices=tuple(CHARACTERS), default="none",
                        help="Marco Polo II 2-player games: no characters (the default), random, or drafted")
    parser.add_argument("--automa", choices=LEVELS, help="also Marco Polo II solo games against this Automa level")
    args = parser.parse_args()
    if args.games < 2 or args.games % 2 or args.first % 2 or args.workers < 1:
        parser.error("--games must be even and at least 2, --first even, --workers at least 1")
    print("$ python bench/habits.py " + shlex.join(sys.argv[1:]))
    rows = [(r, None) for r in args.rulesets] + ([("mp2", args.automa)] if args.automa else [])
    with ProcessPoolExecutor(args.workers) as pool:
        for ruleset, automa in rows:
            for bot in args.bots:
                start = time.perf_counter()
                numbers = range(args.first, args.first + args.games)
                dealt = args.characters if ruleset == "mp2" and not automa else "none"
                jobs = [(ruleset, bot, n, dealt, automa) for n in numbers]
                units: dict[int, list[SeatGame]] = {}  # a search's seed (both seatings), else a game
                for n, found in zip(numbers, tqdm(pool.map(play, jobs, chunksize=1), total=len(jobs), file=sys.stderr,
                                                  desc=f"{ruleset} {bot}", leave=False), strict=True):
                    units.setdefault(n // 2 if bot.kind != "greedy" and not automa else n, []).extend(found)
                if automa:
                    where = f"solo against Automa {automa}, full set-up, seeds {SOLO + numbers[0]}-{SOLO + numbers[-1]}"
                elif bot.kind == "greedy":
                    where = f"against itself, seeds {HABITS + numbers[0]}-{HABITS + numbers[-1]}, both seats"
                else:
                    where = (f"against GreedyAgent, seeds {HABITS + numbers[0] // 2}-{HABITS + numbers[-1] // 2} "
                             f"in both seatings")
                extra = f", characters: {dealt}" if ruleset == "mp2" and not automa else ""
                seat_games = sum(map(len, units.values()))
                print(f"{ruleset}, {bot} {where}{extra}: {seat_games} seat-games in {len(units)} independent units "
                      f"[{time.perf_counter() - start:.0f} s]")
                for line in lines(ruleset, list(units.values())):
                    print(line)
                sys.stdout.flush()


if __name__ == "__main__":
    main()
