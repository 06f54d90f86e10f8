"""The post-game review (``mp.analysis.review``): its CPU time on a whole game, and its biggest
mistakes confirmed by the one-decision test.

Usage::

    nice -n 10 python bench/review.py [--games 20] [--futures 32] [--epsilon 0.15] [--workers 2]
                                      [--ruleset mp2] [--first 0] [--settings ""]

Game ``k``: a 2-player game (seed ``GAME_SEED + k``) where seat 0 is a player who makes mistakes,
GreedyAgent that picks a random one of the distinct choices at ``--epsilon`` of its decisions,
and seat 1 is GreedyAgent. Seat 0's decisions are reviewed at the review's defaults (``--settings``:
keywords, as in ``bench/advice.py``). Printed per game: the CPU seconds of the review (this process;
one core), the decisions reviewed, skipped (one choice) and covered (steps of a journey valued with
it), the mistakes, and the biggest loss with its interval.

The one-decision test (``bench/advice.py duel``, with ``bench/reference.py``'s ``value``): at the
biggest loss's position, the better choice and the played one are each played, then GreedyAgent
for every seat to the end, on the same ``--futures`` futures determinized from the deciding seat's
view; the seat's final margin, better minus played, future by future. Printed per game: its mean
with a 95% interval; at the end, over the games: the mean gain with its 95% interval (games are the
independent units), how many games' own intervals are above 0, and the CPU of a review (median,
slowest).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import reference as ref
from advice import interval, parse

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent
from mp_notebook.agents.greedy import distinct_actions
from mp_notebook.analysis import review
from mp_notebook.analysis.evaluate import mean_interval
from mp_notebook.analysis.simulate import derive_seed
from mp_notebook.registry import get

GAME_SEED = 940_000
DUEL_SEED = 950_000


def game(ruleset: str, k: int, epsilon: float) -> mp.GameState:
    """Game ``k`` (see the module doc), to the end."""
    s = mp.new_game(2, ruleset=ruleset, seed=GAME_SEED + k)
    agents = [GreedyAgent(derive_seed("bench.review.agent", k, i)) for i in range(2)]
    rng = random.Random(derive_seed("bench.review.mistakes", k))
    while not s.is_over:
        i = s.current_player
        assert i is not None
        if i == 0 and rng.random() < epsilon:
            s = s.apply(rng.choice(distinct_actions(s, s.legal_actions())))
        else:
            s = s.apply(agents[i].choose(s))
    return s


def one_game(ruleset: str, k: int, epsilon: float, futures: int, setting: str) -> dict[str, Any]:
    s = game(ruleset, k, epsilon)
    start = time.process_time()
    table = review(s, 0, progress=False, **parse(setting))
    cpu = time.process_time() - start
    out: dict[str, Any] = {"k": k, "cpu": cpu, "attrs": {key: table.attrs[key] for key in (
        "reviewed", "skipped", "covered", "mistakes", "lost_per_round", "within_noise")}}
    top = table.iloc[0]
    out["top"] = {key: (top[key].item() if hasattr(top[key], "item") else top[key])
                  for key in ("step", "round", "played", "better", "loss", "loss_low", "loss_high", "mistake")}
    if top["loss"] <= 0:
        return out
    history = list(s.history[: int(top["step"])])
    better = ref.value(s.setup, history, ruleset, DUEL_SEED + k, str(top["better"]).split(" → "), range(futures))
    played = ref.value(s.setup, history, ruleset, DUEL_SEED + k, str(top["played"]).split(" → "), range(futures))
    out["gains"] = [b - p for b, p in zip(better["margins"], played["margins"], strict=True)]
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="mp2")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--futures", type=int, default=32)
    parser.add_argument("--epsilon", type=float, default=0.15)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--settings", default="")
    args = parser.parse_args(argv)
    print("python bench/review.py " + " ".join(argv if argv is not None else sys.argv[1:]), flush=True)
    unit = get(args.ruleset).part("ui").SCORE_UNIT
    cpus, gains, above = [], [], 0
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [pool.submit(one_game, args.ruleset, k, args.epsilon, args.futures, args.settings)
                for k in range(args.first, args.first + args.games)]
        for job in jobs:
            r = job.result()
            cpus.append(r["cpu"])
            a, top = r["attrs"], r["top"]
            line = (f"game {r['k']:3}: review {r['cpu']:6.1f} s CPU, {a['reviewed']} decisions reviewed "
                    f"({a['skipped']} skipped, {a['covered']} covered), {a['mistakes']} mistakes, "
                    f"{a['within_noise']:.0%} within the noise, {a['lost_per_round']:.1f} {unit} lost a round; "
                    f"biggest: step {top['step']} (round {top['round']}) {top['played']} → better {top['better']}: "
                    f"{top['loss']:+.2f} {unit} ({top['loss_low']:+.2f} to {top['loss_high']:+.2f})")
            if "gains" in r:
                mean, half = mean_interval(r["gains"])
                gains.append(mean)
                above += mean - half > 0
                line += f"; one-decision test: {interval(r['gains'])} {unit} over {len(r['gains'])} futures"
            print(line, flush=True)
    print(f"{args.ruleset}: review CPU a whole 2-player game: median {statistics.median(cpus):.1f} s, "
          f"slowest {max(cpus):.1f} s ({len(cpus)} games)", flush=True)
    if gains:
        print(f"{args.ruleset}: the biggest mistake's better choice gains {interval(gains)} {unit} of final margin "
              f"(mean over {len(gains)} games, 95% interval, greedy continuation on {args.futures} determinized "
              f"futures); {above} of {len(gains)} games' own intervals are above 0", flush=True)


if __name__ == "__main__":
    main()
