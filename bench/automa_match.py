"""Marco Polo II solo: the bots against the Automa, level by level.

Usage::

    python bench/automa_match.py [--levels L1 L2 L3] [--games 200] [--first 0] [--workers 1]
                                 [--bots greedy search "search:budget_decisions=800,top_k=6" ...]
                                 [--setup full|quick] [--save games.jsonl]
    python bench/automa_match.py --report games.jsonl [more.jsonl ...]

Every bot plays the same solo games (``mp.new_game(["Ana"], automa=level, seed=7000 + n,
setup="full")``, the bot seeded ``n``: ``bench/agents.py``'s Automa games) for ``n`` in ``--first``
..; ``setup="full"`` is the solo rulebook's player set-up (004, "Setting-up the player area": draw
three characters, not the Automa's, and keep one; keep one of three goal cards), the bot choosing;
``--setup quick`` plays the quick set-up instead, where the player has no character and the first
goal card dealt (against an Automa that has its character: the measurements before 2026-11-27, 13.0%
for both bots against L3, were of that game). A bot is ``greedy`` (``GreedyAgent``) or ``search``
(``SearchAgent`` at its defaults), ``search:NAME=VALUE,...`` SearchAgent with keyword arguments (a
setting of ``bench/search_match.py``: Python literals, or ``policy=greedy|playout|rollout``). Per
bot and level it prints the win rate with its 95% Wilson interval (a tie on total and camels counts
half), the mean scores of both seats and the mean margin ± its standard error, each seat's mean
final score by category, the characters the bot chose (games and win rate with each), and the bot's
CPU seconds a decision (median, 99th percentile, most); from the second bot on, its margin minus the
first bot's and its share of the victory minus the first bot's, game by game on the same seeds (±
its standard error, with the 95% interval of the win difference); after the bots of a level, the
best bot by that paired comparison (the higher win rate, named as shown better only when the
interval of the paired difference leaves out 0, over 30 games or more). The command comes first.
``--save`` appends one JSON line a game, as it ends (bot, level, set-up, game number, win, both
seats' scores, the bot's character, its CPU seconds a decision), to a file; ``--report`` prints the
same figures from such files, per set-up, level and bot over the games saved (a game saved twice
counts once), so that a match played in parts (``--first``) is reported whole.

This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from statistics import fmean, median, quantiles

from tqdm import tqdm

# this checkout's package and bench/search_match.py's settings, also in worker processes
sys.path[:0] = [str(Path(__file__).parents[1]), str(Path(__file__).parent)]

from search_match import Setting, mean_se, saved_games, standard_error  # noqa: E402

import mp_notebook as mp  # noqa: E402
from mp_notebook.analysis import wilson  # noqa: E402
from mp_notebook.rulesets.mp2.scoring import CATEGORIES  # noqa: E402

LEVELS = ("L1", "L2", "L3")
SETUPS = ("full", "quick")  # new_game's setup: the solo rulebook's player set-up (default), or no character
SEED = 7000  # game n: seed SEED + n (bench/agents.py's Automa games)
SAVED = ("bot", "level", "setup", "game", "win", "rows", "character", "cpu")  # a saved game's fields (--save)
FEW = 30  # games: below this the paired comparison's normal interval names no best bot


@dataclass(frozen=True)
class Bot:
    """A bot as the command line names it: ``greedy``, ``search`` or ``search:NAME=VALUE,...`` (a
    ``bench/search_match.py`` setting)."""

    kind: str
    setting: Setting = field(default_factory=Setting)

    @classmethod
    def parse(cls, text: str) -> Bot:
        """
        >>> Bot.parse("search:budget_decisions=800,top_k=6")
        Bot(kind='search', setting=Setting(options=(('budget_decisions', 800), ('top_k', 6))))
        """
        kind, _, given = text.partition(":")
        if kind not in ("greedy", "search") or (given and kind == "greedy"):
            raise argparse.ArgumentTypeError(f"a bot is greedy, search or search:NAME=VALUE,..., not {text!r}")
        return cls(kind, Setting.parse(given))

    def agent(self, n: int) -> mp.agents.Agent:
        return mp.agents.GreedyAgent(n) if self.kind == "greedy" else self.setting(n)

    def __str__(self) -> str:
        return "GreedyAgent" if self.kind == "greedy" else f"SearchAgent({self.setting})"


@dataclass
class Result:
    """One solo game (its number): the bot's share of the victory, both seats' scores by category,
    the bot's character (``None``: the quick set-up's player has none), its CPU seconds a decision."""

    game: int
    win: float
    rows: list[dict[str, int]]
    character: str | None
    cpu: list[float]


def play(job: tuple[Bot, str, str, int, str | None]) -> Result:
    """Game ``n`` of ``bot`` against the Automa of ``level``, with ``setup`` (and ``character`` given
    to the bot, unless ``None``)."""
    bot, level, setup, n, character = job
    s = mp.new_game(["Ana"], automa=level, seed=SEED + n, setup=setup, character=character)
    agent = bot.agent(n)
    cpu = []
    while not s.is_over:
        start = time.process_time()
        a = agent.choose(s)
        cpu.append(time.process_time() - start)
        s = s.apply(a)
    rows = s.score_rows()
    winners = [bool(r["winner"]) for r in rows]
    return Result(n, winners[0] / sum(winners), [{k: int(r[k]) for k in (*CATEGORIES, "total")} for r in rows],
                  s.players[0].character, cpu)


def report(bot: Bot | str, level: str, setup: str, results: list[Result], first: list[Result] | None,
           took: str) -> None:
    """Print the figures of ``bot``'s ``results`` (see the module doc); ``took``: the time it took,
    or where the games come from."""
    n = len(results)
    wins = sum(r.win for r in results)
    low, high = wilson(wins, n)
    margins = [float(r.rows[0]["total"] - r.rows[1]["total"]) for r in results]
    mine, its = (fmean(r.rows[k]["total"] for r in results) for k in (0, 1))
    print(f"{bot} vs Automa {level}, {setup} set-up: {wins / n:.1%} wins over {n} games (95% Wilson interval "
          f"{low:.1%}-{high:.1%}); mean score {mine:.1f} vs the Automa's {its:.1f}, margin {mean_se(margins, 1)} "
          f"[{took}]")
    for seat, name in ((0, "bot"), (1, "Automa")):
        print(f"  {name} by category: " + ", ".join(f"{k} {fmean(r.rows[seat][k] for r in results):.1f}"
                                                    for k in CATEGORIES))
    chosen: dict[str | None, list[float]] = {}
    for r in results:
        chosen.setdefault(r.character, []).append(r.win)
    print("  the bot's character: " + ", ".join(
        f"{name or 'none'} {len(won)} games, {fmean(won):.0%} won"
        for name, won in sorted(chosen.items(), key=lambda kv: (-len(kv[1]), kv[0] or ""))))
    cpu = [x for r in results for x in r.cpu]
    print(f"  CPU a decision ({len(cpu)} decisions): median {median(cpu) * 1000:.1f} ms, 99th percentile "
          f"{quantiles(cpu, n=100)[98]:.2f} s, most {max(cpu):.2f} s")
    theirs = {r.game: r for r in first or []}
    if theirs and any(r.game in theirs for r in results):
        gains = [float(a.rows[0]["total"] - a.rows[1]["total"] - (b.rows[0]["total"] - b.rows[1]["total"]))
                 for a in results if (b := theirs.get(a.game))]
        print(f"  margin minus the first bot's, game by game ({len(gains)} games): {mean_se(gains, 1)} VP")
        print(f"  {paired_wins(results, first or [])}")
    sys.stdout.flush()


def paired_wins(results: list[Result], first: list[Result]) -> str:
    """The share of the victory of ``results`` minus that of ``first``, game by game on the games
    both played, ± its standard error and its 95% interval (normal).

    >>> a = [Result(n, w, [], None, []) for n, w in enumerate([1.0, 1.0, 0.0, 1.0])]
    >>> b = [Result(n, w, [], None, []) for n, w in enumerate([0.0, 1.0, 0.0, 0.0])]
    >>> paired_wins(a, b)
    "wins minus the first bot's, game by game (4 games): +50.0 ± 28.9 points (95% interval -6.6 to +106.6)"
    """
    theirs = {r.game: r.win for r in first}
    gains = [100 * (r.win - theirs[r.game]) for r in results if r.game in theirs]
    mean, se = fmean(gains), standard_error(gains)
    return (f"wins minus the first bot's, game by game ({len(gains)} games): {mean:+.1f} ± {se:.1f} points "
            f"(95% interval {mean - 1.96 * se:+.1f} to {mean + 1.96 * se:+.1f})")


def best(level: str, bots: list[tuple[str, list[Result]]]) -> None:
    """Print which of ``bots`` (name and games) wins most against ``level`` on the games all played,
    and whether the paired comparison shows it better than each other bot (the 95% interval of the
    win difference leaves out 0)."""
    if len(bots) < 2:
        return
    wins = [(name, {r.game: r.win for r in games}) for name, games in bots]
    common = set.intersection(*(set(w) for _, w in wins))
    name, mine = max(wins, key=lambda nw: sum(nw[1][n] for n in common))
    shown = True
    for other, theirs in wins:
        if other != name:
            gains = [mine[n] - theirs[n] for n in common]
            shown = shown and fmean(gains) - 1.96 * standard_error(gains) > 0
    verdict = ("better than the others in the paired comparison" if shown
               else "not shown better than the others in the paired comparison (an interval includes 0)")
    if len(common) < FEW:
        verdict = f"too few games for the paired comparison's interval (fewer than {FEW})"
    print(f"best bot against Automa {level}: {name}, {fmean(mine[n] for n in common):.1%} wins of the "
          f"{len(common)} games all played; {verdict}")


def saved(paths: list[Path]) -> None:
    """Print the figures of the games saved in ``paths``, per set-up, level and bot (in the order
    first saved), each after the first of its set-up and level paired with it."""
    found: dict[tuple[str, str, str], dict[int, Result]] = {}
    for _, d in saved_games(paths, SAVED):
        games = found.setdefault((d["setup"], d["level"], d["bot"]), {})
        games.setdefault(d["game"], Result(d["game"], d["win"], d["rows"], d["character"], d["cpu"]))
    for setup in SETUPS:
        for level in LEVELS:
            first = None
            bots = []
            for (how, at, bot), games in found.items():
                if (how, at) == (setup, level):
                    results = [games[n] for n in sorted(games)]
                    report(bot, level, setup, results, first, f"saved games {results[0].game}-{results[-1].game}")
                    first = first or results
                    bots.append((bot, results))
            best(level, bots)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS))
    parser.add_argument("--games", type=int, default=200, help="games per bot and level")
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--setup", choices=SETUPS, default="full",
                        help="full: the solo rulebook's player set-up (a character and a goal card chosen, the "
                             "default); quick: no character, the first goal card")
    parser.add_argument("--save", type=Path, help="append one JSON line a game to this file")
    parser.add_argument("--report", nargs="+", type=Path, metavar="FILE", help="report the games saved in FILEs")
    parser.add_argument("--bots", nargs="+", type=Bot.parse, default=[Bot("greedy"), Bot("search")],
                        metavar="BOT", help="greedy, search or search:NAME=VALUE,... (default: greedy search)")
    args = parser.parse_args()
    if args.games < 1 or args.first < 0 or args.workers < 1:
        parser.error("--games and --workers must be at least 1, --first at least 0")
    print("$ python bench/automa_match.py " + shlex.join(sys.argv[1:]))
    if args.report:
        saved(args.report)
        return
    print(f"solo games {SEED + args.first}-{SEED + args.first + args.games - 1} (seed 7000 + n, the bot seeded n), "
          f"{args.setup} set-up")
    with ProcessPoolExecutor(args.workers) as pool:
        for level in args.levels:
            first = None
            bots = []
            for bot in args.bots:
                start = time.perf_counter()
                jobs = [(bot, level, args.setup, n, None) for n in range(args.first, args.first + args.games)]
                results = []
                for r in tqdm(pool.map(play, jobs, chunksize=1), total=len(jobs), desc=f"{bot} {level}",
                              file=sys.stderr, leave=False):
                    results.append(r)
                    if args.save:  # game by game, so that a run stopped early keeps what it played
                        with args.save.open("a", encoding="utf-8") as out:
                            out.write(json.dumps({"bot": str(bot), "level": level, "setup": args.setup,
                                                  **asdict(r)}) + "\n")
                report(bot, level, args.setup, results, first, f"{time.perf_counter() - start:.0f} s")
                first = first or results
                bots.append((str(bot), results))
            best(level, bots)


if __name__ == "__main__":
    main()
