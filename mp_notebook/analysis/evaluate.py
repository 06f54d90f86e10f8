"""Compare the choices at a decision by playing each one out on sampled futures, within a time budget.

A choice is an action, or a *plan*: a Travel action is split into one plan per destination it can
reach (``mp.routes.reachable``: the action, the moves of the cheapest way there and the stop),
where the ruleset plans journeys, so a journey to Xian and one to Xanadu get their own rows.

A *sample* of a choice: its plan played on a sampled future (a fork of the position, reseeded by
``state.reseed`` so that dice and face-down decks differ; future ``f`` is the same fork for every
choice: common random numbers, so choices are compared on the same luck), then every seat played
on by a fast policy (:class:`~mp_notebook.agents.playout.PlayoutPolicy`) up to a *horizon*, where
the deciding player's position is valued: by the final score where the horizon is the game's end,
else by the ruleset's estimate of it (``terms(s).value``: VP in Marco Polo II and Voyages,
points of 10 Gulden in the Schmidt game).

The budget goes where it decides something (successive halving):

1. *screen*: every choice is sampled once to the end of its own decisions (horizon ``"action"``,
   future 0) — the greedy one-step view, a few milliseconds a choice;
2. the :data:`SHORTLIST` best go on at the deep horizon (by default the end of the game, see
   :data:`HORIZON`), two futures each; then, round after round, the better half
   (by their means on the futures all of them share) get twice the futures, down to
   :data:`FINALISTS` choices with ``rollouts`` futures each.

It stops starting samples once ``time_budget`` seconds have passed (the screen always completes:
every row has at least one sample). Each row says what backs it: ``horizon``, ``rollouts`` (how
many futures) and ``pruned`` (it got fewer futures, or a shallower horizon, than the best row).
With ``time_budget=None`` the result depends only on the arguments (exactly reproducible);
with ``prune=False`` every choice gets ``rollouts`` futures at the deep horizon, as before.

Why a Schmidt position once showed three destinations with the same score and interval (398.75):
every choice was played to the end of the game by ``RolloutPolicy(epsilon=0, sample=None)`` (the
greedy one-step rule of ``GreedyAgent(resolve=False)``), which in that game hardly trades: a
deciding merchant ended with 60-220 Gulden after 260-350 rounds. Nearby destinations
then join the same route a few turns later (from game seed 11, round 8: after ``move Ganzhou``,
``move Taiyuan`` and ``move Tenduc`` the three games are identical from their 21st decision on),
and as every choice is played on the same futures (common random numbers), the rest is the same
game with the same final scores: that policy's futures could not tell the choices apart. The
default policy now, :class:`~mp_notebook.agents.playout.PlayoutPolicy`, trades and finishes the
game (105-200 rounds from the same position; the four destinations give four different games).
Two rows can still agree where two choices lead to the same position; that then means what it
says: the playouts cannot tell them apart.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=3)
>>> df = evaluate(s, rollouts=2, time_budget=None)
>>> list(df.columns)  # doctest: +NORMALIZE_WHITESPACE
['action', 'plan', 'kind', 'score', 'score_low', 'score_high', 'win_rate', 'win_low', 'win_high',
 'rollouts', 'horizon', 'pruned']
>>> df.equals(evaluate(s, rollouts=2, time_budget=None))
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from mp_notebook.agents.base import journey_planner, terms
from mp_notebook.agents.greedy import distinct_actions
from mp_notebook.agents.playout import PlayoutPolicy, rollout
from mp_notebook.analysis.simulate import derive_seed
from mp_notebook.board.routes import reachable
from mp_notebook.engine.validate import checked_choice, checked_int, checked_number, checked_seed, shown

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.agents.base import Agent
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

Z95 = 1.959963984540054
MAX_BETWEEN = 8  # decisions the policy may take between two steps of a plan (payments)
DEFAULT_TIME_BUDGET = 1.5  # seconds
DEFAULT_ROLLOUTS = 32  # futures of a finalist
MAX_ROLLOUTS = 100_000
MAX_TIME_BUDGET = 86_400.0
SHORTLIST = 8  # choices that go on from the screen
FINALISTS = 2  # choices that get every future
FIRST_FUTURES = 2  # futures of a shortlisted choice in the first round
HORIZONS = ("action", "turn", "round", "game")
HORIZON = "game"
"""The default deep horizon. Measured on the 30 reference positions per ruleset of
``bench/evaluate.py`` (mean regret ± its standard error, the other settings the defaults;
``python bench/evaluate.py --settings "" horizon=turn horizon=action``; the round's end was the
previous default, the game's end in the last round): Marco Polo II
1.05 ± 0.64 VP at the game's end, 1.21 ± 0.64 at the round's end,
2.8 ± 0.9 at the turn's, 2.5 ± 0.8 after the screen alone; Voyages 0.20 ± 0.10, 0.59 ± 0.31,
1.0 ± 0.5, 1.4 ± 0.6; the Schmidt game (whose rounds are single turns) 25 ± 7 Gulden at the game's
end, 43 ± 11 at the turn's, 35 ± 9 after the screen. A second run at the defaults gave 1.22,
0.56 and 31: under the time budget the figures move with the machine's load, so the ends of the
round and of the game are not told apart; the end of the turn and the screen alone are worse.
The truncated horizons are cheaper (more futures in the budget) but value positions by the
evaluation, which ranks choices no better than the few full games the budget affords."""
SCREEN = "action"
DEPTH = {"action": 0, "turn": 1, "round": 2, "game": 3}
Progress = Union[bool, Callable[[int, int], None]]  # noqa: UP007 (a runtime alias)


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (``wins`` may count ties as fractions).

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def halving(choices: int, rollouts: int) -> list[tuple[int, int]]:
    """The rounds of successive halving after the screen, as ``(choices, futures each)``: the
    shortlist starts on :data:`FIRST_FUTURES` futures, each round keeps the better half (at least
    :data:`FINALISTS`) and doubles the futures, up to ``rollouts``.

    >>> halving(20, 32)
    [(8, 2), (4, 4), (2, 8), (2, 16), (2, 32)]
    >>> halving(3, 3)
    [(3, 2), (2, 3)]
    """
    n, futures = min(choices, SHORTLIST), min(FIRST_FUTURES, rollouts)
    rounds = [(n, futures)]
    while futures < rollouts:
        n, futures = max(min(n, FINALISTS), (n + 1) // 2), min(2 * futures, rollouts)
        rounds.append((n, futures))
    return rounds


@dataclass(eq=False)
class _Row:
    """The samples of one choice: ``{horizon: {future: (value, win share)}}``."""

    action: Action
    plan: tuple[str, ...]
    samples: dict[str, dict[int, tuple[float, float]]] = field(default_factory=dict)
    stage: int = 0  # the last round of successive halving it took part in (0: the screen only)

    def at(self, horizon: str) -> dict[int, tuple[float, float]]:
        return self.samples.setdefault(horizon, {})

    def mean(self, horizon: str, futures: Sequence[int] | None = None) -> float:
        got = self.at(horizon)
        keys = list(got) if futures is None else futures
        return sum(got[f][0] for f in keys) / max(1, len(keys))

    def deepest(self) -> tuple[str, dict[int, tuple[float, float]]]:
        """The deepest horizon this choice has samples at, and those samples."""
        return max(((h, got) for h, got in self.samples.items() if got), key=lambda hg: DEPTH[hg[0]])


def evaluate(
    s: GameState,
    *,
    time_budget: float | None = DEFAULT_TIME_BUDGET,
    rollouts: int = DEFAULT_ROLLOUTS,
    horizon: str = HORIZON,
    prune: bool = True,
    agent: Agent | None = None,
    seed: int = 0,
    merge_dice: bool = True,
    executor: Executor | None = None,
    progress: Progress = False,
    clock: Callable[[], float] = time.perf_counter,
) -> pd.DataFrame:
    """One row per choice at ``s``'s decision, the best estimate first (see the module doc).

    ``time_budget``: seconds after which no sample starts (``None``: no limit; the screen always
    completes). ``rollouts``: the futures of a finalist (with ``prune=False``, of every choice).
    ``horizon``: where a sample stops and is valued: ``"game"`` (the final score), or sooner,
    valued by the evaluation: ``"round"``, ``"turn"``, ``"action"``. ``agent`` plays every seat in the samples
    (default: ``PlayoutPolicy(seed)``). ``merge_dice`` keeps one action per distinct effect where
    actions differ only in which dice they use (``False``: every legal action). ``executor``: a
    ``concurrent.futures`` pool to play samples on (each round's samples are split among its
    workers; a process pool pays off for long horizons, see the README). ``progress``: ``True``
    for a tqdm bar, or a function called with ``(samples done, samples planned)`` after each
    sample (and once more with ``(done, done)`` if the time budget stopped it short). ``clock``: the
    time source of the budget (seconds; tests pass a fake one).

    Columns: action (the first decision, notation; ``s.apply`` accepts it), plan (all the decisions
    of the choice, `` → ``-separated: a journey's moves), kind, score (mean value of the deciding
    player at the horizon), score_low/score_high (95% normal interval; infinite from one sample),
    win_rate (share of samples the player wins, or at a horizon before the end leads by the
    evaluation; ties count as a fraction), win_low/win_high (95% Wilson), rollouts (futures
    behind the row), horizon, pruned (set aside before the end: fewer futures or a shallower
    horizon than the finalists). The finalists come first, ordered by their mean on the futures
    they all have (the first row is the recommendation), then the choices set aside, the later
    first.
    """
    import pandas as pd

    if time_budget is not None:
        time_budget = checked_number("time_budget", time_budget, 0.0, MAX_TIME_BUDGET)
    rollouts = checked_int("rollouts", rollouts, 1, MAX_ROLLOUTS)
    horizon = checked_choice("horizon", horizon, HORIZONS)
    prune = checked_choice("prune", prune, (True, False))
    merge_dice = checked_choice("merge_dice", merge_dice, (True, False))
    seed = checked_seed(seed)
    if agent is not None and not callable(getattr(agent, "choose", None)):
        raise TypeError(f"agent must have a choose(state) method, got {shown(agent)}")
    if not (isinstance(progress, bool) or callable(progress)):
        raise TypeError(f"progress must be True, False or a function (done, planned), got {shown(progress)}")
    if s.is_over:
        raise ValueError("the game is over: there is no decision to evaluate")
    i = s.current_player
    assert i is not None
    deep = horizon
    policy = agent if agent is not None else PlayoutPolicy(seed)
    legal = s.legal_actions()
    rows = [_Row(a, plan) for a, plan in plans(s, i, distinct_actions(s, legal) if merge_dice else legal)]
    run = _Runner(s, i, policy, seed, executor, clock, time_budget)

    rounds = halving(len(rows), rollouts) if prune else []
    run.planned = len(rows) * (1 if prune else rollouts) + sum(
        n * (f - before) for (n, f), (_, before) in zip(rounds, [(0, 0), *rounds], strict=False))
    with _progress_bar(progress, run):
        if prune:
            run.play(rows, [0], SCREEN, forced=True)
            live = sorted(rows, key=lambda r: -r.mean(SCREEN))
            played = 0
            for stage, (n, futures) in enumerate(rounds, 1):
                if played:  # keep the better half, compared on the futures they all have
                    live = sorted(live, key=lambda r: -r.mean(deep, _shared(live, deep)))
                live = live[:n]
                for r in live:
                    r.stage = stage
                run.play(live, list(range(played, futures)), deep)
                played = futures
                if run.out_of_time():
                    break
        else:
            live = rows
            run.play(rows, [0], deep, forced=True)
            run.play(rows, list(range(1, rollouts)), deep)

    # the finalists (still in the running when it stopped, with samples at the deep horizon; all
    # choices if none got there) first, ordered on the futures they all have; then the others,
    # the deeper and the later set aside first
    finalists = [r for r in live if r.at(deep)] or rows
    shared = _shared(finalists, deep if finalists is not rows else rows[0].deepest()[0])

    def standing(r: _Row) -> tuple[float, ...]:
        horizon = r.deepest()[0]
        if r in finalists:
            return (1, r.mean(horizon, shared), 0)
        return (0, DEPTH[horizon], r.stage, r.mean(horizon))

    ranked = sorted(rows, key=standing, reverse=True)
    return pd.DataFrame([{**_summary(r), "pruned": r not in finalists} for r in ranked])


def _shared(rows: list[_Row], horizon: str) -> list[int]:
    """The futures every one of ``rows`` has a sample of at ``horizon``."""
    return sorted(set.intersection(*(set(r.at(horizon)) for r in rows)))


def _summary(r: _Row) -> dict[str, Any]:
    horizon, got = r.deepest()
    values = [v for v, _ in got.values()]
    wins = sum(w for _, w in got.values())
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1)) if n > 1 else math.inf
    half = Z95 * sd / math.sqrt(n)
    low, high = wilson(wins, n)
    return {"action": str(r.action), "plan": " → ".join(r.plan), "kind": r.action.kind,
            "score": mean, "score_low": mean - half, "score_high": mean + half,
            "win_rate": wins / n, "win_low": low, "win_high": high, "rollouts": n,
            "horizon": horizon}


class _Runner:
    """Plays samples here or on an executor, counts them and watches the time budget."""

    def __init__(self, s: GameState, i: int, policy: Agent, seed: int, executor: Executor | None,
                 clock: Callable[[], float], budget: float | None):
        if executor is not None and not isinstance(executor, Executor):
            raise TypeError(f"executor must be a concurrent.futures.Executor, got {shown(executor)}")
        self.s, self.i, self.policy, self.seed, self.executor = s, i, policy, seed, executor
        self.clock, self.budget = clock, budget
        self.start = clock()
        self.done = 0
        self.planned = 0
        self.on_sample: Callable[[], None] = lambda: None

    def out_of_time(self) -> bool:
        return self.budget is not None and self.clock() - self.start >= self.budget

    def play(self, rows: list[_Row], futures: list[int], horizon: str, *, forced: bool = False) -> None:
        """Sample ``rows`` on ``futures`` at ``horizon``, future by future (so that a budget running
        out leaves the rows with about as many futures each); ``forced``: regardless of the budget."""
        jobs = [(k, f) for f in futures for k in range(len(rows)) if f not in rows[k].at(horizon)]
        if self.executor is None:
            for k, f in jobs:
                if not forced and self.out_of_time():
                    return
                rows[k].at(horizon)[f] = sample(self.s, self.i, rows[k].plan, self._future(f), horizon, self.policy)
                self._count(1)
            return
        for results in self._remote(rows, jobs, horizon, forced):
            for k, f, value in results:
                rows[k].at(horizon)[f] = value
            self._count(len(results))

    def _remote(self, rows: list[_Row], jobs: list[tuple[int, int]], horizon: str,
                forced: bool) -> Iterator[list[tuple[int, int, tuple[float, float]]]]:
        assert self.executor is not None
        workers = max(1, getattr(self.executor, "_max_workers", 1))
        size = max(1, -(-len(jobs) // (4 * workers)))
        chunks = [jobs[k : k + size] for k in range(0, len(jobs), size)]
        pending = [self.executor.submit(_samples, self.s, self.i, [(k, f, rows[k].plan, self._future(f))
                                                                    for k, f in chunk], horizon, self.policy)
                   for chunk in chunks]
        for future in as_completed(pending):
            yield future.result()
            if not forced and self.out_of_time():
                for other in pending:
                    other.cancel()
                for other in pending:
                    if other is not future and not other.cancelled() and other.done():
                        yield other.result()
                return

    def _future(self, f: int) -> int:
        return derive_seed("mp_notebook.evaluate", self.seed, f)

    def _count(self, n: int) -> None:
        self.done += n
        self.on_sample()


class _progress_bar:
    """Reports a runner's samples to ``progress`` (True: a tqdm bar; a function: called)."""

    def __init__(self, progress: Progress, run: _Runner):
        self.progress, self.run = progress, run
        self.bar: Any = None

    def __enter__(self) -> None:
        if self.progress is True:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=self.run.planned, desc="samples", unit="sample")
            self.run.on_sample = lambda: self.bar.update(self.run.done - self.bar.n)
        elif callable(self.progress):
            report = self.progress
            self.run.on_sample = lambda: report(self.run.done, self.run.planned)

    def __exit__(self, *exc: object) -> None:
        if self.run.done != self.run.planned and callable(self.progress):
            self.progress(self.run.done, self.run.done)  # stopped short (the budget): complete the bar
        if self.bar is not None:
            self.bar.total = self.run.done
            self.bar.refresh()
            self.bar.close()


def sample(s: GameState, i: int, plan: tuple[str, ...], future: int, horizon: str,
           policy: Agent) -> tuple[float, float]:
    """One sample of a choice: ``plan`` on ``s.reseed(future)``, played on by ``policy`` to
    ``horizon``; player ``i``'s value there and their win share (see :func:`evaluate`)."""
    fork = follow(s.reseed(future).apply(plan[0]), plan[1:], policy)
    end = rollout(fork, i, policy, horizon)
    if horizon == "game" and end.is_over:
        rows = end.score_rows()
        winners = [bool(r["winner"]) for r in rows]
        return float(rows[i]["total"]), (1.0 / sum(winners) if winners[i] else 0.0)
    ev = terms(end)
    lead = ev.margin(end, i)
    return ev.value(end, i), 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0


def _samples(s: GameState, i: int, jobs: list[tuple[int, int, tuple[str, ...], int]], horizon: str,
             policy: Agent) -> list[tuple[int, int, tuple[float, float]]]:
    """A chunk of samples (one task on an executor; module level, so worker processes find it)."""
    return [(k, f, sample(s, i, plan, future, horizon, policy)) for k, f, plan, future in jobs]


def follow(s: GameState, steps: tuple[str, ...], policy: Agent) -> GameState:
    """Play a plan's ``steps`` on ``s``; decisions in between (how to pay a fee or a route, ...)
    are left to ``policy``."""
    for step in steps:
        for _ in range(MAX_BETWEEN):
            if step in {str(a) for a in s.legal_actions()}:
                break
            s = s.apply(policy.choose(s))
        s = s.apply(step)  # raises IllegalAction if the plan cannot go on
    return s


def plans(s: GameState, i: int, choices: list[Action]) -> list[tuple[Action, tuple[str, ...]]]:
    """``(first action, the plan's notation)`` per choice: a Travel action becomes one plan per
    destination ``mp.routes.reachable`` finds for it (where the ruleset plans journeys), any other
    action a plan of itself, so also each move choice in the middle of a movement (whose reaches
    have no dice: their first move is the choice)."""
    planner = journey_planner(s)
    by_action: dict[str, list[tuple[str, ...]]] = {}
    if planner is not None:
        for r in reachable(s, i):
            if r.dice:  # a Travel action's
                by_action.setdefault(r.action, []).append(planner(s, r))
    out: list[tuple[Action, tuple[str, ...]]] = []
    for a in choices:
        out += [(a, steps) for steps in by_action.get(str(a), [(str(a),)])]
    return out
