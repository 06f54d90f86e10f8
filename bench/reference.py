"""Make the reference sets that grade the Hint (``bench/advice.py``): positions from the bots' own
games, each choice valued on many futures played on by :class:`~mp_notebook.agents.GreedyAgent`
for every seat, with common random numbers.

Usage::

    nice -n 10 python bench/reference.py [--rulesets mp2 voyages schmidt] [--positions 30]
                                         [--first 0] [--futures 64] [--workers 2] [--name reference]

Positions: position ``k`` is a game of ``GreedyAgent`` against itself (game seed ``GAME_SEED + k``;
2 players, 3 at every third ``k``; Marco Polo II and Voyages with characters dealt at random at even
``k``, the plain game at odd ``k``), stopped at a decision with at least two distinct choices,
drawn evenly over the game: at the ``(k * 0.618...) mod 1`` share of those decisions (any kind: a
main action, a follow-up, a move), for the seat that decides there. ``--first`` moves the seeds
(the development set of ``bench/advice.py --tune`` starts at 1000, the graded set at 0).

Choices: the choices of ``mp.analysis.evaluate`` (dice-merged actions; a journey split per
destination where the ruleset plans journeys). Every choice is valued where there are at most
``TOP + RANDOM`` of them, else the ``TOP`` best of a cheap screen (each plan on one determinized
future, the seat's follow-ups by the greedy player, valued by the hand evaluation's margin: not
the learned value the Hint screens with), ``RANDOM`` more drawn at random (seeded), and the greedy
player's own pick (its action, then its own follow-ups) if it is not among them. The Hint's picks
are added by ``bench/advice.py`` when they are missing (``"added"`` on the row).

Value of a choice on future ``f``: the position determinized for the deciding seat
(``s.determinize(seat, derive_seed("bench.reference", ruleset, k, f))``: the other players' secret
cards dealt anew from what the seat has not seen, other dice and face-down piles; the same future
for every choice: common random numbers), the plan played (the decisions in between by the greedy
player), then ``GreedyAgent(derive_seed("bench.reference.policy", ruleset, k, f))`` for every seat
to the final scoring; the seat's final margin over the best other seat (VP; Gulden in the Schmidt
game) and its win share are kept per future, so paired and split-half figures can be taken. This is
not the policy of the Hint's own samples' screen, and its futures are seeded apart from the Hint's.

Output: ``bench/data/<name>-<ruleset>.json``, rewritten as each position completes (an interrupted
run keeps what it finished and goes on from there).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent
from mp_notebook.agents.base import terms
from mp_notebook.agents.greedy import distinct_actions
from mp_notebook.analysis.evaluate import follow, plans
from mp_notebook.analysis.simulate import derive_seed

DATA = Path(__file__).parent / "data"
GAME_SEED = 7100
RULESETS = ("mp2", "voyages", "schmidt")
TOP, RANDOM = 8, 2
GOLDEN = 0.6180339887498949
POLICY = "GreedyAgent (every seat), to the final scoring"
SCHMIDT_LIMIT = 300  # a guard only: greedy merchants get home long before


def setup(ruleset: str, k: int) -> dict[str, Any]:
    """``new_game`` arguments of reference game ``k`` (see the module doc)."""
    options: dict[str, Any] = {"players": 3 if k % 3 == 2 else 2, "ruleset": ruleset, "seed": GAME_SEED + k}
    if ruleset in ("mp2", "voyages") and k % 2 == 0:
        options["characters"] = "random"
    if ruleset == "schmidt":
        options["round_limit"] = SCHMIDT_LIMIT
    return options


def choices(s: mp.GameState) -> list[tuple[str, tuple[str, ...]]]:
    """``(action, plan)`` of each choice of ``mp.analysis.evaluate`` at ``s``, as notation."""
    i = s.current_player
    assert i is not None
    return [(str(a), plan) for a, plan in plans(s, i, distinct_actions(s, s.legal_actions()))]


def position(ruleset: str, k: int) -> mp.GameState:
    """Reference position ``k`` of ``ruleset`` (see the module doc)."""
    s = mp.new_game(**setup(ruleset, k))
    greedy = GreedyAgent(derive_seed("bench.reference.game", ruleset, k))
    seen: list[mp.GameState] = []
    while not s.is_over:
        if len(distinct_actions(s, s.legal_actions())) > 1:
            seen.append(s)
        s = s.apply(greedy.choose(s))
    return seen[int(len(seen) * ((k * GOLDEN) % 1.0))]


def screen(s: mp.GameState, plan: tuple[str, ...], greedy: GreedyAgent) -> float:
    """The plan on one determinized future, the seat's follow-ups by ``greedy``, valued by the
    hand evaluation's margin (the cheap screen that picks which choices are valued)."""
    i = s.current_player
    assert i is not None
    t = follow(s.determinize(i, derive_seed("bench.reference.screen")).apply(plan[0]), plan[1:], greedy)
    t = greedy.follow_ups(t, i)
    return terms(t).margin(t, i)


def selection(ruleset: str, k: int, s: mp.GameState) -> tuple[str, list[dict[str, Any]]]:
    """Which choices of position ``k`` are valued (see the module doc): ``("all" | "screen", rows)``."""
    i = s.current_player
    assert i is not None
    options = choices(s)
    greedy = GreedyAgent(derive_seed("bench.reference.pick", ruleset, k))
    pick = str(greedy.choose(s))
    rows: list[dict[str, Any]] = [{"action": a, "plan": list(plan)} for a, plan in options]
    if len(options) <= TOP + RANDOM:
        chosen, selected = list(range(len(options))), "all"
    else:
        scored = [screen(s, plan, greedy) for _, plan in options]
        order = sorted(range(len(options)), key=lambda j: -scored[j])
        chosen = order[:TOP] + random.Random(derive_seed("bench.reference.random", ruleset, k)).sample(
            order[TOP:], RANDOM)
        for j in chosen:
            rows[j]["screen"] = scored[j]
        selected = "screen"
    out = [rows[j] for j in chosen]
    if not any(r["plan"] == [pick] for r in out):
        out.append({"action": pick, "plan": [pick]})
    for r in out:
        r["greedy_pick"] = r["plan"] == [pick]
    return selected, out


def value(setup_: dict[str, Any], history: list[str], ruleset: str, k: int, plan: list[str],
          futures: range) -> dict[str, list[float]]:
    """``plan`` at the position ``(setup_, history)`` on reference futures ``futures``: the deciding
    seat's final margin and win share on each (see the module doc)."""
    s = mp.replay(setup_, history)
    i = s.current_player
    assert i is not None
    margins, wins = [], []
    for f in futures:
        greedy = GreedyAgent(derive_seed("bench.reference.policy", ruleset, k, f))
        t = follow(s.determinize(i, derive_seed("bench.reference", ruleset, k, f)).apply(plan[0]), tuple(plan[1:]),
                   greedy)
        while not t.is_over:
            t = t.apply(greedy.choose(t))
        margin, win = result(t, i)
        margins.append(margin)
        wins.append(win)
    return {"margins": margins, "wins": wins}


def result(end: mp.GameState, i: int) -> tuple[float, float]:
    """Seat ``i``'s final margin over the best other seat, and its win share (ties shared)."""
    rows = end.score_rows()
    totals = [float(r["total"]) for r in rows]
    winners = [bool(r["winner"]) for r in rows]
    best_other = max(t for j, t in enumerate(totals) if j != i)
    return totals[i] - best_other, (1.0 / sum(winners) if winners[i] else 0.0)


def path_for(name: str, ruleset: str) -> Path:
    return DATA / f"{name}-{ruleset}.json"


def load(name: str, ruleset: str) -> dict[str, Any]:
    path = path_for(name, ruleset)
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    return data


def save(name: str, data: dict[str, Any]) -> None:
    data["positions"].sort(key=lambda p: p["k"])
    path = path_for(name, data["ruleset"])
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=None, separators=(",", ":")))
    tmp.replace(path)


def records(ruleset: str, ks: list[int]) -> Iterator[dict[str, Any]]:
    """The records of positions ``ks`` before their choices are valued."""
    for k in ks:
        s = position(ruleset, k)
        selected, rows = selection(ruleset, k, s)
        yield {"k": k, "setup": s.setup, "history": list(s.history), "round": s.round,
               "decision": s.decision.kind, "seat": s.current_player, "players": s.num_players,
               "choices": len(choices(s)), "selected": selected, "valued": rows}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulesets", nargs="+", default=list(RULESETS))
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--futures", type=int, default=64)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--name", default="reference")
    args = parser.parse_args(argv)
    DATA.mkdir(exist_ok=True)
    ks = list(range(args.first, args.first + args.positions))
    with ProcessPoolExecutor(args.workers) as pool:
        pending: dict[Future[dict[str, list[float]]], tuple[dict[str, Any], dict[str, Any]]] = {}
        data: dict[str, dict[str, Any]] = {}
        for r in args.rulesets:
            data[r] = load(args.name, r) or {"ruleset": r, "futures": args.futures, "policy": POLICY,
                                              "made_by": "python bench/reference.py (see its doc)", "positions": []}
            if data[r]["futures"] != args.futures:
                raise SystemExit(f"{path_for(args.name, r)} holds {data[r]['futures']} futures a choice, not "
                                 f"{args.futures}: give another --name")
            known = {p["k"]: p for p in data[r]["positions"]}
            for k in ks:
                if k not in known:
                    known[k] = next(records(r, [k]))
                    data[r]["positions"].append(known[k])
                    save(args.name, data[r])
                record = known[k]
                for row in record["valued"]:
                    if "margins" not in row:
                        job = pool.submit(value, record["setup"], record["history"], r, k, row["plan"],
                                          range(args.futures))
                        pending[job] = (data[r], row)
        started = time.perf_counter()
        for done, job in enumerate(as_completed(pending), 1):
            store, row = pending[job]
            row.update(job.result())
            save(args.name, store)
            print(f"{time.strftime('%H:%M:%S')} {store['ruleset']}: {done}/{len(pending)} choices valued "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
