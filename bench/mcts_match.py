"""OpenSpiel's MCTSBot against our GreedyAgent, on the OpenSpiel game of a ruleset: which setting
gives greedy a fair fight (the setting notebook 08 shows).

Usage::

    python bench/mcts_match.py [--ruleset mp2] [--games 100] [--first 0] [--players 2] [--workers 1]
                               [--settings "sims=30,uct=1,horizon=action,greedy=0.5" "sims=30,uct=2,eval=random" ...]

A setting: ``sims`` (``MCTSBot``'s ``max_simulations``), ``uct`` (its ``uct_c``) and ``eval``:
``random`` (OpenSpiel's ``RandomRolloutEvaluator``: one random rollout to the end, UCT) or ``value``
(:class:`mp_notebook.adapters.openspiel.ValueEvaluator`: the leaf played on to ``horizon``, one of
``action``, ``turn``, ``round``, ``game`` or ``none``, by the library's playout policy, then each
seat's learned chance to win; with ``greedy=P`` its prior gives the share P to GreedyAgent's choice
and the bot selects children by PUCT, ``mcts.SearchNode.puct_value``; with ``greedy=0`` a uniform
prior and UCT). Game ``n`` has seed ``910000 + n // 2`` and MCTS in seat ``n % 2`` (2 players:
every seed is played in both seatings), ``GreedyAgent(n // 2)`` in the other seat(s). MCTS searches
a copy with another future at every decision (``state.with_future``), so it never sees the real
dice or the other seats' secret cards; ``solve`` is off (a solved leaf of a copy is not a solved
leaf of the game); a decision with one legal action is played without a search. Schmidt games get
``round_limit=12``.

Prints per setting: MCTS's win rate (a shared victory counts half) with its 95% Wilson interval,
the mean final margin of MCTS over greedy ± its standard error over the seeds (the seatings of a
seed averaged first), the CPU milliseconds a decision with a choice of each bot (median and 90th
percentile; each game's CPU time is its own process's), the share of MCTS's decisions in which it
chose what greedy would have chosen in its place, and the wall time. A fight is fair when 50% is
inside the interval.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import time
from dataclasses import dataclass

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import mp_notebook as mp
from mp_notebook.adapters.openspiel import ValueEvaluator, game_name
from mp_notebook.adapters.vocabulary import action_space
from mp_notebook.analysis import wilson

SEED0 = 910000


@dataclass(frozen=True)
class Setting:
    sims: int
    uct: float
    eval: str
    horizon: str
    greedy: float

    @classmethod
    def parse(cls, text: str) -> Setting:
        fields = dict(part.split("=", 1) for part in text.split(",") if part)
        unknown = set(fields) - {"sims", "uct", "eval", "horizon", "greedy"}
        if unknown or fields.get("eval", "value") not in ("value", "random"):
            raise SystemExit(f"bad setting {text!r}: sims=N,uct=C,eval=value|random,"
                             f"horizon=action|turn|round|game|none,greedy=P")
        return cls(int(fields.get("sims", 30)), float(fields.get("uct", 1.0)), fields.get("eval", "value"),
                   fields.get("horizon", "action"), float(fields.get("greedy", 0.0)))

    def __str__(self) -> str:
        return (f"sims={self.sims},uct={self.uct:g},eval={self.eval}"
                + (f",horizon={self.horizon},greedy={self.greedy:g}" if self.eval == "value" else ""))

    def bot(self, game: pyspiel.Game, rng: np.random.RandomState) -> mcts.MCTSBot:
        if self.eval == "random":
            return mcts.MCTSBot(game, uct_c=self.uct, max_simulations=self.sims, solve=False, random_state=rng,
                                evaluator=mcts.RandomRolloutEvaluator(1, rng))
        evaluator = ValueEvaluator(None if self.horizon == "none" else self.horizon, greedy=self.greedy)
        select = mcts.SearchNode.puct_value if self.greedy else mcts.SearchNode.uct_value
        return mcts.MCTSBot(game, uct_c=self.uct, max_simulations=self.sims, evaluator=evaluator, solve=False,
                            random_state=rng, child_selection_fn=select)


def options(ruleset: str) -> dict:
    return {"round_limit": 12} if ruleset == "schmidt" else {}


def play(setting: Setting, ruleset: str, players: int, n: int) -> tuple[float, float, list[float], list[float],
                                                                       list[bool]]:
    """Game ``n``: MCTS's result (1, 0.5, 0), its margin over the best greedy seat, the CPU seconds
    of each MCTS and greedy decision (those with a choice: a lone legal action is played), and
    whether each MCTS choice is the one greedy would have made there."""
    seed, seat = SEED0 + n // 2, n % players
    game = pyspiel.load_game(game_name(ruleset), {"players": players, "seed": seed,
                                                  "options": json.dumps(options(ruleset))})
    rng = np.random.RandomState(n)
    bot = setting.bot(game, rng)
    greedy = mp.agents.GreedyAgent(n // 2)
    space = action_space(ruleset)
    state = game.new_initial_state()
    mcts_cpu: list[float] = []
    greedy_cpu: list[float] = []
    same: list[bool] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        start = time.process_time()
        if state.current_player() == seat:
            action = bot.step(state.with_future(int(rng.randint(2**31))))
            mcts_cpu.append(time.process_time() - start)
            same.append(action == space.index(greedy.choose(state.game_state)))  # what greedy would play here
        else:
            action = space.index(greedy.choose(state.game_state))
            greedy_cpu.append(time.process_time() - start)
        state.apply_action(action)
    rows = state.game_state.score_rows()
    winners = [i for i, r in enumerate(rows) if r["winner"]]
    result = (1.0 / len(winners)) if seat in winners else 0.0
    totals = [float(r["total"]) for r in rows]
    margin = totals[seat] - max(t for i, t in enumerate(totals) if i != seat)
    return result, margin, mcts_cpu, greedy_cpu, same


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="mp2")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games")
    parser.add_argument("--settings", nargs="+", default=["sims=60,uct=1,eval=value"])
    args = parser.parse_args()
    print(f"{args.ruleset}, {args.players} players, games {args.first}..{args.first + args.games - 1} "
          f"(seeds {SEED0 + args.first // 2}.., each in every seating)")
    for text in args.settings:
        setting = Setting.parse(text)
        wall = time.perf_counter()
        results, margins, mcts_cpu, greedy_cpu, same = [], {}, [], [], []
        games = range(args.first, args.first + args.games)
        given = [(setting, args.ruleset, args.players, n) for n in games]
        with multiprocessing.Pool(args.workers) as pool:
            played = pool.starmap(play, given)
        for n, (result, margin, m, g, agree) in zip(games, played, strict=True):
            results.append(result)
            margins.setdefault(n // 2, []).append(margin)
            mcts_cpu += m
            greedy_cpu += g
            same += agree
        wins = sum(results)
        low, high = wilson(wins, len(results))
        seeds = [statistics.fmean(v) for v in margins.values()]
        se = statistics.stdev(seeds) / math.sqrt(len(seeds)) if len(seeds) > 1 else float("inf")
        print(f"  MCTS {setting}: won {wins:g} of {len(results)} = {wins / len(results):.1%} "
              f"({low:.1%}-{high:.1%}); margin {statistics.fmean(seeds):+.1f} ± {se:.1f}; "
              f"CPU ms a decision: MCTS median {1e3 * statistics.median(mcts_cpu):.0f} "
              f"p90 {1e3 * pct(mcts_cpu, 0.9):.0f}, greedy median {1e3 * statistics.median(greedy_cpu):.1f} "
              f"p90 {1e3 * pct(greedy_cpu, 0.9):.1f}; MCTS chose greedy's action in {sum(same) / len(same):.0%} "
              f"of its decisions; wall {time.perf_counter() - wall:.0f} s", flush=True)


if __name__ == "__main__":
    main()
