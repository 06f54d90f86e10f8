"""Make the reference set of ``bench/evaluate.py``: mid-game positions, each choice valued on many
full-game futures (a long-budget evaluation, computed once and kept in ``bench/data/``).

Usage::

    nice -n 10 python bench/reference.py [--rulesets mp2 voyages schmidt] [--positions 30]
                                         [--futures 64] [--top 3] [--others 1] [--workers 2]
    python bench/reference.py --fill bench/data/reference-mp2.json --choice 4 "travel ..."

Positions: position ``k`` of a ruleset is a 2-player game of ``GreedyAgent`` against itself (game
seed ``7000 + k``), played to a seeded mid-game point: Marco Polo II and Voyages in round
``2 + k % 3`` (of 5), at the first *turn* decision at least ``k * 7 % 23`` decisions into that round
with two or more choices; Schmidt at ``(10 + 80 * (k * 7 % 25) / 24)`` percent of the game's rounds
(the greedy game played to its return first: the game's length is the greedy players'; a fixed
round missed the games that end sooner), at the first decision of that round or later with two or
more choices (move, trade, ...). Choices are those of ``mp.analysis.evaluate`` (dice-merged
actions; a journey split per destination where the ruleset plans journeys). The Marco Polo II and
Voyages sets kept in ``bench/data/`` were made at commits 4b62b11 and 01dc513: since a300d46 the
greedy player weighs fewer die changes (no rerolls or adjustments in Marco Polo II, no adjustments
in Voyages) and plays other games, so a re-run picks other positions (the kept ones stay valid:
each is stored with its history).

Reference value of a choice: its plan played on future ``f`` (``s.reseed(derive_seed(
"bench.reference", f))``, the same futures for every choice; seeds no ``evaluate`` default uses),
then every seat played to the final scoring by ``PlayoutPolicy(0)`` (the policy of
``evaluate``'s samples); the deciding player's mean final score over ``--futures`` futures (every
final score is kept, so paired differences can be taken). That is ``evaluate(s, horizon="game",
prune=False, rollouts=64)`` on other futures, so the regret of ``bench/evaluate.py`` is what the
budget, the pruning and the truncated horizons cost. (Not the full ``GreedyAgent``: its Schmidt
games take 3-4 s each from mid-game on this machine, 64 futures of 3 choices of 30 positions
would not fit; ``evaluate``'s old policy ``RolloutPolicy(0, epsilon=0, sample=None)`` plays
the Schmidt game to hundreds of rounds.)

Not every choice is valued, to fit the machine: all of them where a position has at most
``--top + --others`` choices, else the ``--top`` best by a one-step screen (each plan played on
the position itself, the player's follow-ups by the policy, valued by the ruleset's evaluation)
and ``--others`` more drawn at random from the rest (seeded), which checks the screen. The data
file says which (``selected``: ``"all"`` or ``"screen"``). ``--fill`` adds one choice to one
position of an existing file (``bench/evaluate.py`` does this for a recommended choice the file
lacks, with ``--fill``).

Output: ``bench/data/reference-<ruleset>.json``, rewritten as each position completes, so an
interrupted run keeps what it finished (``positions_planned`` against the positions it holds).

The screen is a weak guide in Marco Polo II: in the first 9 screened positions the choice drawn at
random was the best of the valued ones 6 times (often within the reference's own ±1 VP, but at
position 0 the screen's third choice beat its first by 5.7 VP and the random one by 4.3). A
regret measured on this set is against the best of the valued choices, not of all choices.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import mp_notebook as mp
from mp_notebook.agents.base import terms
from mp_notebook.agents.greedy import GreedyAgent, distinct_actions
from mp_notebook.agents.playout import PlayoutPolicy, rollout
from mp_notebook.analysis.evaluate import follow, plans
from mp_notebook.analysis.simulate import derive_seed

DATA = Path(__file__).parent / "data"
GAME_SEED = 7000
RULESETS = ("mp2", "voyages", "schmidt")
POLICY = "PlayoutPolicy(0)"


def policy_for(ruleset: str) -> Any:
    return PlayoutPolicy(0)


def position(ruleset: str, k: int) -> mp.GameState:
    """Reference position ``k`` of ``ruleset`` (see the module doc)."""
    greedy = GreedyAgent(derive_seed("bench.reference.game", k))
    s = mp.new_game(players=2, ruleset=ruleset, seed=GAME_SEED + k)
    if ruleset == "schmidt":
        end = s
        while not end.is_over:
            end = end.apply(greedy.choose(end))
        target, skip, kinds = max(1, round(end.round * (10 + 80 * (k * 7 % 25) / 24) / 100)), 0, None
    else:
        target, skip, kinds = 2 + k % 3, k * 7 % 23, {"turn"}
    walked = 0
    while not s.is_over:
        if s.round >= target:
            d = s.decision
            if walked >= skip and (kinds is None or d.kind in kinds) and len(choices(s)) > 1:
                return s
            walked += 1
        s = s.apply(greedy.choose(s))
    raise RuntimeError(f"{ruleset} game {k} ended before a reference position")


def choices(s: mp.GameState) -> list[tuple[Any, tuple[str, ...]]]:
    i = s.current_player
    assert i is not None
    return plans(s, i, distinct_actions(s, s.legal_actions()))


def screen(s: mp.GameState, plan: tuple[str, ...], policy: Any) -> float:
    """The plan on the position itself, the player's follow-ups by ``policy``, valued."""
    i = s.current_player
    assert i is not None
    t = follow(s.apply(plan[0]), plan[1:], policy)
    for _ in range(50):
        if t.is_over or t.decision.player != i or t.decision.kind == "turn":
            break
        t = t.apply(policy.choose(t))
    return terms(t).value(t, i)


def futures(s: mp.GameState, plan: tuple[str, ...], n: int, ruleset: str) -> dict[str, Any]:
    """``plan`` played on ``n`` reference futures: the deciding player's final scores, win
    shares, and the best final score of each future (the winner's)."""
    i = s.current_player
    assert i is not None
    policy = policy_for(ruleset)
    finals, wins, best = [], [], []
    for f in range(n):
        fork = follow(s.reseed(derive_seed("bench.reference", f)).apply(plan[0]), plan[1:], policy)
        end = rollout(fork, i, policy, "game")
        rows = end.score_rows()
        totals = [float(r["total"]) for r in rows]
        winners = [bool(r["winner"]) for r in rows]
        finals.append(totals[i])
        wins.append((1.0 / sum(winners)) if winners[i] else 0.0)
        best.append(max(totals))
    return {"finals": finals, "wins": wins, "winner_totals": best}


def reference(ruleset: str, k: int, n: int, top: int, others: int) -> dict[str, Any]:
    """The record of reference position ``k``."""
    start = time.perf_counter()
    s = position(ruleset, k)
    options = choices(s)
    policy = policy_for(ruleset)
    scored = [(screen(s, plan, policy), a, plan) for a, plan in options]
    if len(options) <= top + others:
        chosen, selected = list(range(len(options))), "all"
    else:
        order = sorted(range(len(options)), key=lambda j: -scored[j][0])
        rest = order[top:]
        chosen = order[:top] + random.Random(derive_seed("bench.reference.others", ruleset, k)).sample(rest, others)
        selected = "screen"
    rows = []
    for j in chosen:
        v, a, plan = scored[j]
        rows.append({"action": str(a), "plan": list(plan), "kind": a.kind, "screen": v,
                     **futures(s, plan, n, ruleset)})
    return {"k": k, "setup": s.setup, "history": list(s.history), "round": s.round,
            "decision": s.decision.kind, "player": s.current_player, "choices": len(options),
            "selected": selected, "valued": rows, "seconds": time.perf_counter() - start}


def path_for(ruleset: str) -> Path:
    return DATA / f"reference-{ruleset}.json"


def load(ruleset: str) -> dict[str, Any]:
    path = path_for(ruleset)
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text())
        return data
    return {}


def save(ruleset: str, data: dict[str, Any]) -> None:
    data["positions"].sort(key=lambda p: p["k"])
    path = path_for(ruleset)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1))
    tmp.replace(path)


def meta(ruleset: str, n: int, top: int, others: int, planned: int) -> dict[str, Any]:
    return {"ruleset": ruleset, "futures": n, "policy": POLICY, "top": top, "others": others,
            "positions_planned": planned, "made_by": "python bench/reference.py (see its doc)", "positions": []}


def fill(path: Path, k: int, action_plan: str) -> None:
    """Add one choice (its plan as `` → ``-joined notation, or its action) to position ``k``."""
    data = json.loads(path.read_text())
    ruleset, n = data["ruleset"], data["futures"]
    record = next(p for p in data["positions"] if p["k"] == k)
    s = mp.replay(record["setup"], record["history"])
    for a, plan in choices(s):
        if " → ".join(plan) == action_plan or (len(plan) == 1 and str(a) == action_plan):
            if any(" → ".join(r["plan"]) == " → ".join(plan) for r in record["valued"]):
                return
            record["valued"].append({"action": str(a), "plan": list(plan), "kind": a.kind,
                                     "screen": screen(s, plan, policy_for(ruleset)),
                                     "filled": True, **futures(s, plan, n, ruleset)})
            save(ruleset, data)
            return
    raise SystemExit(f"position {k} has no choice {action_plan!r}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulesets", nargs="+", default=list(RULESETS))
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--futures", type=int, default=64)
    parser.add_argument("--top", type=int, default=3)
    parser.add_argument("--others", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fill", type=Path)
    parser.add_argument("--choice", nargs=2, metavar=("K", "PLAN"))
    args = parser.parse_args(argv)
    if args.fill:
        fill(args.fill, int(args.choice[0]), args.choice[1])
        return
    DATA.mkdir(exist_ok=True)
    done: dict[str, dict[str, Any]] = {}
    for r in args.rulesets:
        data = load(r)
        if not data or (data["futures"], data["top"], data["others"]) != (args.futures, args.top, args.others):
            data = meta(r, args.futures, args.top, args.others, args.positions)
        done[r] = data
    jobs = [(r, k) for k in range(args.positions) for r in args.rulesets
            if k not in {p["k"] for p in done[r]["positions"]}]
    jobs.sort(key=lambda job: (job[0] == "schmidt" and job[1] >= 20, job[1]))
    with ProcessPoolExecutor(args.workers) as pool:
        pending = {pool.submit(reference, r, k, args.futures, args.top, args.others): (r, k) for r, k in jobs}
        for future in as_completed(pending):
            r, k = pending[future]
            record = future.result()
            done[r]["positions"].append(record)
            save(r, done[r])
            print(f"{time.strftime('%H:%M:%S')} {r} position {k}: round {record['round']}, "
                  f"{len(record['valued'])}/{record['choices']} choices, {record['seconds']:.0f} s", flush=True)


if __name__ == "__main__":
    sys.exit(main())
