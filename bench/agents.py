"""Computer-player benchmark: strength, habits and speed of the agents, and ``mp.simulate`` speed.

Usage::

    python bench/agents.py [--games 200] [--search-games 200] [--search NAME=VALUE,...]
                           [--automa-games 100] [--automa-levels L1 L2 L3] [--workers 2] [--skip-speed]
                           [--speed-games 960] [--speed-rounds 5] [--skip-dask]
                           [--voyages-games 100] [--voyages-search-games 60]
                           [--paired 100] [--schmidt-search-games 60] [--schmidt-self-play 50]
                           [--only mp2|voyages|schmidt]

Prints, for Marco Polo II (2-player games, seats alternating, shared victories count half, 95%
Wilson intervals; games played ``--workers`` at a time on a process pool):

* the new GreedyAgent vs today's (issue 14: the pre-issue greedy, frozen in ``bench/frozen/``);
* GreedyAgent vs the greedy before issue 35 (``bench/frozen/``: the agent and the
  Marco Polo II evaluation frozen) on ``--paired`` seeds, as for the other games below;
* SearchAgent (its defaults, or ``--search``: keyword arguments as ``bench/search_match.py``
  takes them) vs the new GreedyAgent, then vs the greedy before issue 35 (issue 35's "current
  GreedyAgent" when it was filed), in ``--search-games`` paired games each (:func:`search_rows`: the
  games of ``bench/search_match.py``, each seed in both seatings, the margin ± its standard error
  over the seeds, the search's CPU seconds a decision: median and 99th percentile);
* for the greedy head-to-head, the median seconds per decision of the first agent (all its decisions, its turn
  decisions, where it chooses a main or bonus action, and its decisions in the last round, where
  SearchAgent plays its rollouts to the final scoring; and the 99th percentile of all) and its
  action mix per game: Travel actions, Contracts actions, trading posts at the end, contracts
  completed; also for the legacy greedy;
* win rates of GreedyAgent and SearchAgent against the solo Automa L1/L2/L3 (``--automa-games``
  each), with the mean scores, in the solo rulebook's set-up (``setup="full"``: the bot keeps one of
  three characters and one of three goal cards; ``bench/automa_match.py`` says more);
* ``simulate`` speed for random seats (unless ``--skip-speed``): games/s in this process, with
  ``ProcessPoolExecutor(2)`` and on a local Dask cluster
  (``LocalCluster(n_workers=2, threads_per_worker=1, processes=True)``). Pools are warmed up
  (workers started and ``mp_notebook`` imported) before timing. The runs are interleaved
  (1 process, then each pool, ``--speed-rounds`` times) and each speed-up is the median of the
  rounds' ratios, so that a slow spell of the shared machine hits both sides of a ratio.

and for The Voyages of Marco Polo (its own evaluation, ``rulesets/voyages/evaluation.py``):
GreedyAgent vs the greedy before issue 35 (``bench/frozen/``: the agent and the Voyages
evaluation frozen) on ``--paired`` seeds (``5000 + n``), each played twice with the seats swapped
(paired games), with a 95% Wilson interval, the mean margin ± its standard error over the seeds,
and the new greedy's Travel actions, trading posts and goal points a game (and the old one's in
the swapped games); GreedyAgent vs RandomAgent over ``--voyages-games`` 2-player games, seats
alternating; SearchAgent vs GreedyAgent in ``--voyages-search-games`` paired games (as above).

and for the Schmidt game: GreedyAgent vs its frozen copy from before issue 35 on ``--paired``
seeds played in both seatings (as above; the margin is in Gulden of capital), SearchAgent vs
GreedyAgent and vs that frozen copy in ``--schmidt-search-games`` paired games each, and the
rounds of ``--schmidt-self-play`` self-play games (SearchAgent, GreedyAgent, the frozen greedy)
until a merchant is back in Venice (median and range, on the same seeds; ``round_limit=300`` as
a guard, in every Schmidt game here).

``--only RULESET`` prints one ruleset's section alone (``mp2``: the head-to-heads, the Automa and
the ``simulate`` speed). The command line is printed first.

Every search row names the command that plays the same games alone. Aims (issue 14): new greedy >=
75% vs the legacy greedy at <= 5 ms median per decision; search >= 65% vs new greedy at <= 0.1 s
median (issue 38: 99th percentile <= 2 s); the best bot builds >= 4 posts and completes >= 4
contracts a game; >= 50% wins vs Automa L1 and >= 25% vs L2. Issue 35: the best bot >= 25% vs Automa
L3; Voyages, the best bot >= 75% vs the greedy before issue 35, >= 4 Travel actions and >= 4 trading
posts a game; Schmidt, the best bot >= 65% vs the greedy before issue 35 and the median rounds of
its self-play games (63 before). The Voyages and Schmidt bots of issue 35 are the new GreedyAgents;
SearchAgent's rows say what the search adds to them.

Timings are wall clock and noisy on a shared machine. This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from statistics import fmean, median, quantiles

# this checkout's package (not another installed copy) and the frozen opponents, also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from frozen import Greedy35Agent, LegacyGreedyAgent  # noqa: E402
from search_match import OPPONENTS, Setting, game, mean_se, seed_means, standard_error  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.analysis import simulate, wilson  # noqa: E402


@dataclass
class Tally:
    """What one agent did over some games: wins (ties as fractions), seconds per decision, habits."""

    games: int = 0
    wins: float = 0.0
    seconds: list[float] = field(default_factory=list)
    turn_seconds: list[float] = field(default_factory=list)
    last_round_seconds: list[float] = field(default_factory=list)
    travels: int = 0
    contract_actions: int = 0
    posts: int = 0
    completed: int = 0
    goal_points: int = 0
    returned: int = 0  # Schmidt games that ended with a return to Venice
    sales: int = 0  # Schmidt: cards sold to the bank to pay a debt (pay_debt actions)
    score: int = 0
    other_score: int = 0
    rounds: list[int] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("games", "wins", "travels", "contract_actions", "posts", "completed", "goal_points", "returned",
                     "sales", "score", "other_score"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.rounds += other.rounds
        self.seconds += other.seconds
        self.turn_seconds += other.turn_seconds
        self.last_round_seconds += other.last_round_seconds

    def rate(self) -> str:
        low, high = wilson(self.wins, self.games)
        return f"{self.wins / self.games:.1%} wins over {self.games} games (95% CI {low:.1%}-{high:.1%})"

    def habits(self) -> str:
        n = self.games
        return (f"per game: {self.travels / n:.1f} Travel actions, {self.contract_actions / n:.1f} Contracts "
                f"actions, {self.posts / n:.1f} trading posts, {self.completed / n:.1f} contracts completed; "
                f"mean score {self.score / n:.0f} (opponent {self.other_score / n:.0f})")

    def speed(self) -> str:
        return (f"median {median(self.seconds) * 1000:.2f} ms per decision "
                f"({median(self.turn_seconds) * 1000:.2f} ms per turn decision, "
                f"{median(self.last_round_seconds) * 1000:.2f} ms per decision in the last round; "
                f"99th percentile {quantiles(self.seconds, n=100)[98]:.2f} s)")


SCHMIDT_OPTIONS = {"round_limit": 300}  # a guard: every Schmidt game here ends


def play(agents: list[mp.agents.Agent], seed: int, seat: int, automa: str | None = None,
         ruleset: str = "mp2") -> Tally:
    """One game; the tally of the agent in ``seat`` (``automa``: a solo Marco Polo II game against
    that level)."""
    return play_seats(agents, seed, automa, ruleset)[seat]


def play_seats(agents: list[mp.agents.Agent], seed: int, automa: str | None = None,
               ruleset: str = "mp2", options: dict[str, str] | None = None) -> list[Tally]:
    """One game (as :func:`play`, ``options``: more options of the 2-player game, such as its
    characters); the tally of every seat's agent."""
    if automa:
        s = mp.new_game(["Ana"], automa=automa, seed=seed, setup="full")
    else:
        s = mp.new_game(players=2, ruleset=ruleset, seed=seed, **(SCHMIDT_OPTIONS if ruleset == "schmidt" else {}),
                        **(options or {}))
    tallies = [Tally(games=1) for _ in agents]
    while not s.is_over:
        i = s.current_player
        assert i is not None
        turn = s.decision.kind == "turn"
        last_round = s.round == s.rounds
        start = time.perf_counter()
        a = agents[i].choose(s)
        seconds = time.perf_counter() - start
        tally = tallies[i]
        tally.seconds.append(seconds)
        if last_round:
            tally.last_round_seconds.append(seconds)
        if turn:
            tally.turn_seconds.append(seconds)
            tally.travels += a.kind == "travel"
            tally.contract_actions += a.kind == "contracts"
        tally.sales += a.kind == "pay_debt"
        s = s.apply(a)
    table = s.scores()
    for seat, tally in enumerate(tallies):
        p = s.players[seat]
        tally.rounds = [s.round]
        if ruleset == "schmidt":
            tally.returned = int(table["returned"].any())
        else:
            tally.posts, tally.completed = len(p.trading_posts), len(p.completed)
        if ruleset == "voyages":
            tally.goal_points = int(table["goal_cards"].iloc[seat] + table["goal_cities"].iloc[seat])
        tally.wins = float(table["winner"].iloc[seat]) / max(1, int(table["winner"].sum()))
        tally.score = int(table["total"].iloc[seat])
        tally.other_score = int(table["total"].iloc[1 - seat])
    return tallies


def match_game(
    job: tuple[Callable[[int], mp.agents.Agent], Callable[[int], mp.agents.Agent], int, str | None],
) -> Tally:
    """Game ``n`` of a match: seats alternate; the tally of ``first``."""
    first, second, n, automa = job
    if automa:
        return play([first(n)], 7000 + n, 0, automa)
    seat = n % 2
    agents = [first(n), second(n)] if seat == 0 else [second(n), first(n)]
    return play(agents, 5000 + n, seat)


def paired_game(job: tuple[Callable[[int], mp.agents.Agent], Callable[[int], mp.agents.Agent], str, int, int]) -> Tally:
    """Game ``5000 + n`` of ``ruleset`` with ``first`` in ``seat`` and ``second`` in the other seat;
    the tally of ``first``."""
    first, second, ruleset, n, seat = job
    agents = [first(n), second(n)] if seat == 0 else [second(n), first(n)]
    return play(agents, 5000 + n, seat, ruleset=ruleset)


def paired(pool: ProcessPoolExecutor, ruleset: str, seeds: int, first: Callable[[int], mp.agents.Agent],
           second: Callable[[int], mp.agents.Agent]) -> tuple[Tally, list[Tally]]:
    """``first`` against ``second`` on ``seeds`` seeds, each played in both seatings: the tally of
    ``first`` over all the games, and its tally of each game (seed ``n``'s at ``2 n`` and ``2 n + 1``)."""
    jobs = [(first, second, ruleset, n, seat) for n in range(seeds) for seat in (0, 1)]
    games = list(pool.map(paired_game, jobs, chunksize=1))
    mine = Tally()
    for g in games:
        mine.add(g)
    return mine, games


def per_seed(games: list[Tally], value: Callable[[Tally], float]) -> list[float]:
    """``value`` of each seed's two games of :func:`paired`, averaged.

    >>> per_seed([Tally(travels=3), Tally(travels=6), Tally(travels=4), Tally(travels=4)], lambda g: g.travels)
    [4.5, 4.0]
    """
    return list(seed_means({n: value(g) for n, g in enumerate(games)}).values())


def margin(game: Tally) -> float:
    """The final margin of the tallied agent over its opponent in a 2-player game."""
    return game.score - game.other_score


def margin_text(margins: list[float], unit: str) -> str:
    """The mean margin a game ± its standard error over the seeds."""
    return (f"margin {fmean(margins):+.1f} ± {standard_error(margins):.1f} {unit} a game (± standard error over "
            f"the {len(margins)} seeds)")


def match(pool: ProcessPoolExecutor, n_games: int, first: Callable[[int], mp.agents.Agent],
          second: Callable[[int], mp.agents.Agent] | None = None, automa: str | None = None) -> Tally:
    """``first`` (made per game from the game number) against ``second`` or the Automa."""
    total = Tally()
    for tally in pool.map(match_game, [(first, second, n, automa) for n in range(n_games)], chunksize=1):
        total.add(tally)
    return total


def greedy(n: int) -> mp.agents.Agent:
    return mp.agents.GreedyAgent(n)


def legacy(n: int) -> mp.agents.Agent:
    return LegacyGreedyAgent(n)


def greedy35(n: int) -> mp.agents.Agent:
    return Greedy35Agent(n)


def search_rows(pool: ProcessPoolExecutor, ruleset: str, games: int, search: Setting, opponent: str = "greedy") -> None:
    """SearchAgent (``search``) against ``opponent`` in ``games`` paired games of
    ``bench/search_match.py`` (seeds ``70000 + n // 2``, both seatings): its win rate, margin and
    CPU seconds a decision, and the command that plays the same games alone."""
    t0 = time.perf_counter()
    jobs = [(ruleset, search, opponent, n) for n in range(games)]
    results = list(pool.map(game, jobs, chunksize=1))
    wins = sum(r.win for r in results)
    low, high = wilson(wins, games)
    pairs = [(a.margin + b.margin) / 2 for a, b in zip(results[::2], results[1::2], strict=True)]
    cpu = [x for r in results for x in r.cpu]
    unit = "Gulden of capital" if ruleset == "schmidt" else "VP"
    given = f' --settings "{search}"' if search.options else ""
    print(f"{ruleset}: SearchAgent({search}) vs {OPPONENTS[opponent].__name__}: {wins / games:.1%} wins over {games} "
          f"paired games (95% CI {low:.1%}-{high:.1%}), margin {mean_se(pairs)} {unit} a game (± standard error over "
          f"the {len(pairs)} seeds); CPU a decision median {median(cpu) * 1000:.1f} ms, 99th percentile "
          f"{quantiles(cpu, n=100)[98]:.2f} s, most {max(cpu):.2f} s [{time.perf_counter() - t0:.0f} s]")
    print(f"  the same games alone: python bench/search_match.py --ruleset {ruleset} --games {games}"
          f"{'' if opponent == 'greedy' else ' --opponent ' + opponent}{given}", flush=True)


def speed(n_games: int, executor: object) -> float:
    start = time.perf_counter()
    simulate(
        n_games, mp.agents.RandomAgent(0), players=2, seed=11, executor=executor, progress=False
    )
    return n_games / (time.perf_counter() - start)


def voyages(pool: ProcessPoolExecutor, workers: int, n_greedy: int, n_search: int, search: Setting,
            n_paired: int) -> None:
    """The Voyages of Marco Polo: GreedyAgent vs the greedy before issue 35 (paired), vs RandomAgent,
    then SearchAgent vs GreedyAgent (paired)."""
    if n_paired:
        t0 = time.perf_counter()
        new, games = paired(pool, "voyages", n_paired, greedy, greedy35)
        n = new.games
        travels = per_seed(games, lambda g: g.travels)
        print(f"Voyages: GreedyAgent vs the greedy before issue 35: {new.rate()} ({n_paired} seeds, both "
              f"seatings); {margin_text(per_seed(games, margin), 'VP')} [{time.perf_counter() - t0:.0f} s]")
        print(f"  new greedy per game: {fmean(travels):.2f} ± {standard_error(travels):.2f} Travel actions (± "
              f"standard error over the seeds), {new.posts / n:.2f} trading posts, "
              f"{new.goal_points / n:.1f} goal points, mean score {new.score / n:.1f}; "
              f"{fmean(new.seconds) * 1e3:.2f} ms a decision (mean, wall clock)")
        print(f"  the greedy before issue 35, the same games: mean score {new.other_score / n:.1f}", flush=True)
    if n_greedy:
        first, second = mp.agents.GreedyAgent(0), mp.agents.RandomAgent(0)
        start = time.perf_counter()
        df = simulate(n_greedy, [first, second], players=2, seed=1, rotate=True, progress=False, executor=pool,
                      chunksize=1, ruleset="voyages")
        seconds = time.perf_counter() - start
        mine = df[df["agent"] == first.name].set_index("game")["winner"]
        wins = float((mine / df.groupby("game")["winner"].sum()).fillna(0).sum())
        low, high = wilson(wins, n_greedy)
        print(f"Voyages: {first!r} vs {second!r}: {wins / n_greedy:.1%} wins over {n_greedy} 2-player games "
              f"(95% CI {low:.1%}-{high:.1%}), seats alternating, {seconds / n_greedy:.2f} s/game on {workers} "
              f"processes", flush=True)
    if n_search:
        search_rows(pool, "voyages", n_search, search)


def schmidt(pool: ProcessPoolExecutor, n_paired: int, n_search: int, search: Setting, n_self: int) -> None:
    """The Schmidt game: GreedyAgent vs the greedy before issue 35 (paired), SearchAgent vs both
    greedy players (paired), and the rounds of self-play games until a merchant returns to Venice."""
    if n_paired:
        t0 = time.perf_counter()
        new, games = paired(pool, "schmidt", n_paired, greedy, greedy35)
        print(f"Schmidt: GreedyAgent vs the greedy before issue 35: {new.rate()} ({n_paired} seeds, both "
              f"seatings); {margin_text(per_seed(games, margin), 'Gulden of capital')}; rounds a game median "
              f"{median(new.rounds):.0f} [{time.perf_counter() - t0:.0f} s]", flush=True)
    for opponent in ("greedy", "before35") if n_search else ():
        search_rows(pool, "schmidt", n_search, search, opponent)
    players = (("SearchAgent", search), ("GreedyAgent", greedy), ("the greedy before issue 35", greedy35))
    for name, make in players if n_self else ():
        t0 = time.perf_counter()
        games = list(pool.map(paired_game, [(make, make, "schmidt", n, 0) for n in range(n_self)], chunksize=1))
        rounds = [g.rounds[0] for g in games]
        home = sum(g.returned for g in games)
        print(f"Schmidt: {name} against itself, {n_self} games (seeds 5000-{4999 + n_self}): {home} end with a "
              f"return to Venice; rounds to the return median {median(rounds):.0f} (range {min(rounds)}-"
              f"{max(rounds)}) [{time.perf_counter() - t0:.0f} s]", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="new vs legacy greedy games")
    parser.add_argument("--search-games", type=int, default=200)
    parser.add_argument("--search", type=Setting.parse, default=Setting(), metavar="NAME=VALUE,...",
                        help="SearchAgent's keyword arguments (default: its defaults), as bench/search_match.py")
    parser.add_argument("--automa-games", type=int, default=100, help="GreedyAgent games per Automa level")
    parser.add_argument("--search-automa-games", type=int, default=10, help="SearchAgent games per Automa level")
    parser.add_argument("--automa-levels", nargs="+", choices=("L1", "L2", "L3"), default=["L1", "L2", "L3"],
                        help="the Automa levels played (bench/automa_match.py: more figures, settings compared)")
    parser.add_argument("--skip-matches", action="store_true", help="skip the 2-player head-to-heads")
    parser.add_argument("--skip-automa", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--speed-games", type=int, default=960)
    parser.add_argument("--speed-rounds", type=int, default=5)
    parser.add_argument("--skip-dask", action="store_true")
    parser.add_argument("--voyages-games", type=int, default=100)
    parser.add_argument("--voyages-search-games", type=int, default=60, help="paired SearchAgent games (even)")
    parser.add_argument("--paired", type=int, default=100,
                        help="seeds of GreedyAgent vs the greedy before issue 35, each played twice")
    parser.add_argument("--schmidt-search-games", type=int, default=60,
                        help="paired SearchAgent games (even) against each Schmidt greedy")
    parser.add_argument("--schmidt-self-play", type=int, default=50)
    parser.add_argument("--only", choices=("mp2", "voyages", "schmidt"), help="only this ruleset's section")
    args = parser.parse_args()
    print(f"command: python {' '.join(sys.argv)}")
    print(f"machine: {os.cpu_count()} CPUs (shared with other work: timings are noisy); "
          f"{args.workers} games at a time")
    if any(n % 2 for n in (args.search_games, args.voyages_search_games, args.schmidt_search_games)):
        parser.error("the search games are paired: give an even number")
    search = args.search
    with ProcessPoolExecutor(args.workers) as pool:
        if args.only in (None, "voyages"):
            voyages(pool, args.workers, args.voyages_games, args.voyages_search_games, search, args.paired)
        if args.only in (None, "schmidt"):
            schmidt(pool, args.paired, args.schmidt_search_games, search, args.schmidt_self_play)
        if args.only not in (None, "mp2"):
            return
        if not args.skip_matches:
            head_to_heads(pool, args, search)
        if not args.skip_automa:
            for name, maker, n in (("GreedyAgent", greedy, args.automa_games),
                                   (f"SearchAgent({search})", search,
                                    args.search_automa_games)):
                for level in args.automa_levels if n else ():
                    solo = match(pool, n, maker, automa=level)
                    print(f"{name} vs Automa {level} (the solo set-up): {solo.rate()}; mean score "
                          f"{solo.score / solo.games:.0f} vs the Automa's {solo.other_score / solo.games:.0f}; "
                          f"{solo.posts / solo.games:.1f} posts, {solo.completed / solo.games:.1f} contracts completed",
                          flush=True)
    if not args.skip_speed and args.only in (None, "mp2"):
        simulate_speed(args)


def head_to_heads(pool: ProcessPoolExecutor, args: argparse.Namespace, search: Setting) -> None:
    """New greedy vs the legacy greedy (both seatings) and vs the greedy before issue 35 (paired),
    search vs both greedy players (paired)."""
    if args.games:
        greedy_vs_legacy(pool, args.games)
    if args.paired:
        t0 = time.perf_counter()
        new, games = paired(pool, "mp2", args.paired, greedy, greedy35)
        print(f"Marco Polo II, GreedyAgent vs the greedy before issue 35: {new.rate()} ({args.paired} seeds, both "
              f"seatings); {margin_text(per_seed(games, margin), 'VP')} [{time.perf_counter() - t0:.0f} s]",
              flush=True)
    for opponent in ("greedy", "before35") if args.search_games else ():
        search_rows(pool, "mp2", args.search_games, search, opponent)


def greedy_vs_legacy(pool: ProcessPoolExecutor, n_games: int) -> None:
    """The new greedy vs the legacy greedy, both seatings of every seed."""
    t0 = time.perf_counter()
    new = match(pool, n_games, greedy, legacy)
    old = match(pool, n_games, legacy, greedy)  # the same seeds, seats swapped
    print(f"Marco Polo II, GreedyAgent (new) vs the pre-issue-14 greedy: {new.rate()}, 2 players, seats "
          f"alternating; {new.speed()} [{time.perf_counter() - t0:.0f} s]")
    print(f"  new greedy {new.habits()}")
    print(f"  pre-issue greedy {old.habits()}; {old.speed()}", flush=True)


def simulate_speed(args: argparse.Namespace) -> None:
    """``simulate`` speed for random seats: this process, a process pool, a Dask cluster."""
    n = args.speed_games
    print(f"simulate, random seats, 2 players ({args.speed_rounds} interleaved rounds: {n // 2} games "
          f"in 1 process, then {n} games on each pool):")
    with ExitStack() as stack:
        pools: dict[str, object] = {"ProcessPoolExecutor(2)": stack.enter_context(ProcessPoolExecutor(2))}
        if not args.skip_dask:
            from distributed import Client, LocalCluster

            cluster = stack.enter_context(
                LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
            )
            pools["Dask LocalCluster(2 workers x 1 thread, processes)"] = stack.enter_context(Client(cluster))
        for pool in pools.values():
            speed(8, pool)  # warm-up: start the workers, import mp_notebook
        one: list[float] = []
        rates: dict[str, list[float]] = {name: [] for name in pools}
        for _ in range(args.speed_rounds):
            one.append(speed(n // 2, None))
            for name, pool in pools.items():
                rates[name].append(speed(n, pool))
    print(f"  1 process: {median(one):.1f} games/s (median; range {min(one):.1f}-{max(one):.1f})")
    for name, rate in rates.items():
        ratios = [r / o for r, o in zip(rate, one, strict=True)]
        print(
            f"  {name}: {median(rate):.1f} games/s, speed-up {median(ratios):.2f}x "
            f"(median of rounds; range {min(ratios):.2f}-{max(ratios):.2f})"
        )

if __name__ == "__main__":
    main()
