"""Compare the choices at a decision by playing each one out on futures sampled from the deciding
seat's view, and rank them by what wins: the seat's final margin over the best other seat.

A choice is an action, or a *plan*: a Travel action is split into one plan per destination it can
reach (``mp.routes.reachable``: the action, the moves of the cheapest way there and the stop),
where the ruleset plans journeys, so a journey to Xian and one to Xanadu get their own rows.

A *future* is the position as the deciding seat may imagine it: ``s.determinize(seat, seed)``
keeps everything the seat has seen and deals the rest anew from what it has not seen (the other
players' secret cards, the face-down piles, the dice to come). Future ``f`` is the same for every
choice (common random numbers: choices are compared on the same luck), and two positions that look
the same to the seat get the same table. A *sample* of a choice: its plan played on a future, then
every seat played on by the greedy player (:class:`~mp_notebook.agents.GreedyAgent`, each from its
own view) up to a *horizon*, where the seat's *margin* is taken: its final total minus the best
other seat's (VP; Gulden in the Schmidt game) where the horizon is the game's end, else the
learned value's estimate of it (:func:`mp_notebook.agents.value.margin`, fitted on the greedy
player's games), with its chance to win.

The budget goes where it decides something (successive halving):

1. *screen*: every choice is sampled once to the end of its own decisions (horizon ``"action"``,
   future 0): a few milliseconds a choice;
2. the :data:`SHORTLIST` best go on at the deep horizon (by default the ruleset's own,
   :func:`default_horizon`: the end of the round in the dice games, of the turn in the Schmidt
   game), two futures each; then, round after round, the better half (by their mean margins on the
   futures all of them share) get twice the futures, down to :data:`FINALISTS` choices with
   ``rollouts`` futures.

The budget is CPU time (this process and its workers, so a busy machine does not starve it):
no sample starts after ``time_budget`` CPU seconds, unless the finalists have fewer than
``min_futures`` futures each; then they go on up to ``time_cap`` CPU seconds (the hard cap). Each
row says what backs it (``futures``, ``horizon``, ``pruned``) and how it compares with the
recommendation on the futures they share (``diff``, with its 95% interval, and ``why``: the
difference split by the game's final-scoring categories, with what the learned value expects of
the rest of the game where the horizon is before the end). The table's ``attrs`` say whether the
recommendation is clear (the 95% interval of its lead over the runner-up, paired on the same
futures, is above 0) or too close to call. Where the samples stop before the end, the intervals
count the learned value's own error besides the futures' spread
(:func:`mp_notebook.agents.value.prediction_error`, measured against the greedy player's real
outcomes by ``bench/value.py error``): futures that all agree on an estimate do not make it exact.
With ``time_budget=None`` the table depends only on the arguments (exactly reproducible).

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=3)
>>> df = evaluate(s, rollouts=2, min_futures=2, time_budget=None, horizon="action")
>>> list(df.columns)  # doctest: +NORMALIZE_WHITESPACE
['action', 'plan', 'kind', 'margin', 'margin_low', 'margin_high', 'win_rate', 'win_low', 'win_high',
 'futures', 'horizon', 'pruned', 'diff', 'diff_low', 'diff_high', 'why', 'parts']
>>> df.attrs["statistic"], df.attrs["unit"], df.attrs["verdict"] in ("clear", "close")
('margin', 'VP', True)
>>> df.equals(evaluate(s, rollouts=2, min_futures=2, time_budget=None, horizon="action"))
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from mp_notebook.agents import value as learned
from mp_notebook.agents._value import terms as value_terms
from mp_notebook.agents.base import checked_agent, journey_planner
from mp_notebook.agents.greedy import GreedyAgent, distinct_actions
from mp_notebook.agents.playout import rollout
from mp_notebook.analysis.simulate import derive_seed
from mp_notebook.board.routes import reachable
from mp_notebook.engine.errors import ArgumentError, IllegalAction
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.validate import (
    checked_choice,
    checked_function,
    checked_int,
    checked_number,
    checked_seed,
    shown,
)
from mp_notebook.registry import get

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.agents.base import Agent
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

Z95 = 1.959963984540054
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
       2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
       2.045, 2.042)  # Student's t, two-sided 95%, 1-30 degrees of freedom
MAX_BETWEEN = 8  # decisions the policy may take between two steps of a plan (payments)
MAX_TRIES = 64  # choices in between tried (each search), when the policy's own leave a plan's step out of reach
DEFAULT_TIME_BUDGET = 2.0  # CPU seconds
CAP = 3.0  # the hard cap on CPU seconds, in budgets, where the floor needs it
DEFAULT_ROLLOUTS = 32  # futures of a finalist
MIN_FUTURES = 8  # the floor: futures behind each finalist
MAX_ROLLOUTS = 100_000
MAX_TIME_BUDGET = 86_400.0
SHORTLIST = 8  # choices that go on from the screen
FINALISTS = 2  # choices that get every future
FIRST_FUTURES = 2  # futures of a shortlisted choice in the first round
HORIZONS = ("action", "turn", "round", "game")
SCREEN = "action"
DEPTH = {"action": 0, "turn": 1, "round": 2, "game": 3}
REST = "rest of the game (estimated)"  # the part of a margin the learned value adds to the standings
Progress = Union[bool, Callable[[int, int], None]]  # noqa: UP007 (a runtime alias)


def default_horizon(ruleset: str) -> str:
    """Where the samples of :func:`evaluate` stop by default in ``ruleset``: its value part's
    ``HORIZON``, the horizon measured to give the better picks there (``bench/advice.py duel``).

    >>> default_horizon("mp2"), default_horizon("voyages"), default_horizon("schmidt")
    ('round', 'round', 'turn')
    """
    return value_terms(ruleset).HORIZON


def t95(n: int) -> float:
    """The two-sided 95% quantile of Student's t for a mean of ``n`` samples (``inf`` below 2).

    >>> t95(8), round(t95(100), 3), t95(1)
    (2.365, 1.984, inf)
    """
    df = n - 1
    if df < 1:
        return math.inf
    return T95[df - 1] if df <= len(T95) else Z95 + 2.4 / df


def checked_progress(value: Any, called: str) -> Any:
    """``progress`` of :func:`evaluate` and ``review``: True, False or a function called with ``called``."""
    if isinstance(value, bool):
        return value
    return checked_function("progress", value, f"True, False or a function {called}")


def checked_executor(value: Any) -> Executor | None:
    """``executor`` of :func:`evaluate` and ``review``: None or a ``concurrent.futures.Executor``."""
    if value is not None and not isinstance(value, Executor):
        raise ArgumentError(f"executor must be a concurrent.futures.Executor, got {shown(value)}")
    return value


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (``wins`` may count ties as fractions).

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    n = checked_int("n", n, 0, 10**15)
    wins = checked_number("wins", wins, 0.0, n)
    z = checked_number("z", z, 0.0, 10.0)
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% t interval (``inf`` from one value).

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0])]
    [2.0, 2.484]
    """
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, math.inf
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in values) / (n - 1))
    return mean, t95(n) * sd / math.sqrt(n)


def with_error(interval: tuple[float, float], error: float) -> tuple[float, float]:
    """A sampled mean and its 95% half-width, the half-width widened by an estimate's own error
    (``error``: its standard error; the two add in squares): the learned value's, where a sample
    stops before the game's end (:func:`mp_notebook.agents.value.prediction_error`).

    >>> with_error((2.0, 0.0), 1.0)   # every future agrees: the estimate's error is all there is
    (2.0, 1.959963984540054)
    >>> with_error(mean_interval([1.0, 2.0, 3.0]), 0.0) == mean_interval([1.0, 2.0, 3.0])
    True
    """
    mean, half = interval
    return mean, math.hypot(half, Z95 * error)


def halving(choices: int, rollouts: int) -> list[tuple[int, int]]:
    """The rounds of successive halving after the screen, as ``(choices, futures each)``: the
    shortlist starts on :data:`FIRST_FUTURES` futures, each round keeps the better half (at least
    :data:`FINALISTS`) and doubles the futures, up to ``rollouts``, and the halving goes on to the
    finalists.

    >>> halving(20, 32)
    [(8, 2), (4, 4), (2, 8), (2, 16), (2, 32)]
    >>> halving(3, 3), halving(20, 4)
    ([(3, 2), (2, 3)], [(8, 2), (4, 4), (2, 4)])
    """
    n, futures = min(choices, SHORTLIST), min(FIRST_FUTURES, rollouts)
    rounds = [(n, futures)]
    while futures < rollouts or n > FINALISTS:
        n, futures = max(min(n, FINALISTS), (n + 1) // 2), min(2 * futures, rollouts)
        rounds.append((n, futures))
    return rounds


@dataclass(frozen=True)
class Sample:
    """One sample: the seat's margin at the horizon, its win share (a chance before the end), and
    the margin split by the final-scoring categories (the last part: what the learned value
    expects of the rest of the game)."""

    margin: float
    win: float
    parts: tuple[float, ...]


@dataclass(eq=False)
class _Row:
    """The samples of one choice: ``{horizon: {future: Sample}}``."""

    action: Action
    plan: tuple[str, ...]
    samples: dict[str, dict[int, Sample]] = field(default_factory=dict)
    stage: int = 0  # the last round of successive halving it took part in (0: the screen only)

    def at(self, horizon: str) -> dict[int, Sample]:
        return self.samples.setdefault(horizon, {})

    def mean(self, horizon: str, futures: Sequence[int] | None = None) -> float:
        got = self.at(horizon)
        keys = list(got) if futures is None else futures
        return math.fsum(got[f].margin for f in keys) / max(1, len(keys))

    def deepest(self) -> str:
        """The deepest horizon this choice has samples at."""
        return max((h for h, got in self.samples.items() if got), key=DEPTH.__getitem__)


def evaluate(
    s: GameState,
    *,
    time_budget: float | None = DEFAULT_TIME_BUDGET,
    rollouts: int = DEFAULT_ROLLOUTS,
    min_futures: int = MIN_FUTURES,
    time_cap: float | None = None,
    horizon: str | None = None,
    prune: bool = True,
    agent: Agent | None = None,
    seed: int = 0,
    merge_dice: bool = True,
    executor: Executor | None = None,
    progress: Progress = False,
    clock: Callable[[], float] = time.process_time,
) -> pd.DataFrame:
    """One row per choice at ``s``'s decision, the recommendation first (see the module doc).

    ``time_budget``: CPU seconds after which no sample starts once the finalists have
    ``min_futures`` futures each (``None``: no limit; the screen always completes); ``time_cap``:
    the CPU seconds after which nothing starts at all (default :data:`CAP` budgets). ``rollouts``:
    the futures of a finalist (with ``prune=False``, of every choice). ``horizon``: where a sample
    stops and is valued: ``"game"`` (the final scores), or sooner, by the learned value:
    ``"round"``, ``"turn"``, ``"action"``; ``None``: the ruleset's own (:func:`default_horizon`).
    ``agent`` plays every seat in the samples (default: ``GreedyAgent(seed)``). ``merge_dice``
    keeps one action per distinct effect where actions differ only in which dice they use
    (``False``: every legal action). ``executor``: a ``concurrent.futures`` pool to play samples on
    (its workers' CPU counts against the budget, a thread pool's is this process's). ``progress``:
    ``True`` for a tqdm bar, or a function called with ``(samples done, samples planned)`` after each
    sample. ``clock``: the CPU clock of the budget (seconds; tests pass a fake one).

    Columns: action (the first decision, notation; ``s.apply`` accepts it), plan (all the decisions
    of the choice, `` → ``-separated: a journey's moves), kind, margin (the seat's mean margin over
    the best other seat: the recommendation's own mean, another row's the recommendation's mean plus
    its difference to it on the futures they share), margin_low/margin_high (95% interval, with the
    learned value's error where the horizon is before the end; infinite from one sample), win_rate
    (share of samples the seat wins, a chance before the end; ties shared) and win_low/win_high (95%
    Wilson), futures (behind the row), horizon, pruned (set aside before the end: fewer futures or a
    shallower horizon), diff (the recommendation: its lead over the runner-up; another row: its
    difference to the recommendation; on the futures they share) and diff_low/diff_high (paired 95%
    interval, with the learned value's error in a difference where the horizon is before the end),
    why (diff in words, by the game's scoring categories) and parts (``{category: difference}``,
    summing to diff). ``attrs``: ``statistic`` (``"margin"``), ``unit``, ``verdict`` (``"clear"`` or
    ``"close"``), ``sentence`` (the verdict in words), ``futures`` (behind the recommendation),
    ``cpu`` (seconds spent), ``capped`` (the hard cap stopped it below the floor).
    """
    checked_state("s", s, playing=True)
    if time_budget is not None:
        time_budget = checked_number("time_budget", time_budget, 0.0, MAX_TIME_BUDGET)
    if time_cap is not None:
        time_cap = checked_number("time_cap", time_cap, 0.0, MAX_TIME_BUDGET)
    rollouts = checked_int("rollouts", rollouts, 1, MAX_ROLLOUTS)
    min_futures = checked_int("min_futures", min_futures, 1, MAX_ROLLOUTS)
    horizon = default_horizon(s.ruleset) if horizon is None else checked_choice("horizon", horizon, HORIZONS)
    prune = checked_choice("prune", prune, (True, False))
    merge_dice = checked_choice("merge_dice", merge_dice, (True, False))
    seed = checked_seed(seed)
    if agent is not None:
        agent = checked_agent("agent", agent)
    clock = checked_function("clock", clock, "a function returning seconds (time.process_time)")
    progress = checked_progress(progress, "(done, planned)")
    executor = checked_executor(executor)
    import pandas as pd  # after the checks: a refusal costs no import

    i = s.current_player
    assert i is not None
    floor = min(min_futures, rollouts)
    cap = None if time_budget is None else (time_cap if time_cap is not None else CAP * time_budget)
    policy = agent if agent is not None else GreedyAgent(seed)
    legal = s.legal_actions()
    rows = [_Row(a, plan) for a, plan in plans(s, i, distinct_actions(s, legal) if merge_dice else legal)]
    run = _Runner(s, i, policy, seed, executor, clock, time_budget, cap)
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
                    live = sorted(live, key=lambda r: -r.mean(horizon, _shared(live, horizon)))
                live = live[:n]
                for r in live:
                    r.stage = stage
                if not run.play(live, list(range(played, futures)), horizon):
                    break
                played = futures
        else:
            live = rows
            run.play(rows, [0], horizon, forced=True)
            run.play(rows, list(range(1, rollouts)), horizon)
        finalists = _finalists(live, horizon)
        short = [r for r in finalists if len(r.at(horizon)) < floor]
        if short:  # the floor: the finalists go on to min_futures, up to the hard cap
            run.planned += sum(floor - len(r.at(horizon)) for r in short)
            run.play(finalists, list(range(floor)), horizon, floor=True)
            finalists = _finalists(finalists, horizon)
    return _table(s, i, rows, [r for r in finalists if r.at(horizon)], horizon, floor, run, pd)


def _finalists(live: list[_Row], horizon: str) -> list[_Row]:
    """The (at most :data:`FINALISTS`) best of the choices still in the running: by their margins on
    the futures they share at the deep horizon, then, if fewer got that far, by the screen."""
    deep = [r for r in live if r.at(horizon)]
    shared = _shared(deep, horizon) if deep else []
    ranked = sorted(deep, key=lambda r: -r.mean(horizon, shared))
    ranked += sorted((r for r in live if not r.at(horizon)), key=lambda r: -r.mean(SCREEN))
    return ranked[:FINALISTS]


def _shared(rows: list[_Row], horizon: str) -> list[int]:
    """The futures every one of ``rows`` has a sample of at ``horizon``."""
    return sorted(set.intersection(*(set(r.at(horizon)) for r in rows)))


def _compare(a: _Row, b: _Row) -> tuple[str, list[int]]:
    """The deepest horizon ``a`` and ``b`` both have samples at, and the futures they share there."""
    for h in sorted(HORIZONS, key=DEPTH.__getitem__, reverse=True):
        common = sorted(set(a.at(h)) & set(b.at(h)))
        if common:
            return h, common
    raise AssertionError("every choice has a screen sample on future 0")


def _difference(a: _Row, b: _Row) -> tuple[list[float], list[float], str]:
    """``a`` minus ``b`` on the futures they share: the margins' differences, the parts' mean
    differences and the horizon they were taken at."""
    h, common = _compare(a, b)
    diffs = [a.at(h)[f].margin - b.at(h)[f].margin for f in common]
    width = len(a.at(h)[common[0]].parts)
    parts = [math.fsum(a.at(h)[f].parts[k] - b.at(h)[f].parts[k] for f in common) / len(common)
             for k in range(width)]
    return diffs, parts, h


def _table(s: GameState, i: int, rows: list[_Row], finalists: list[_Row], horizon: str, floor: int,
           run: _Runner, pd: Any) -> pd.DataFrame:
    """The rows ranked (finalists first, on the futures they share; then the choices set aside, the
    deeper and later first) with their statistics, and the verdict in ``attrs``."""
    words = get(s.ruleset).part("ui")
    unit = words.SCORE_UNIT
    titles = [words.SCORE_TITLES[c] for c in _categories(s)] + [REST]
    top = finalists[0] if finalists else max(rows, key=lambda r: r.mean(SCREEN))
    versus = {r: _difference(r, top) for r in rows if r is not top}
    others = sorted((r for r in rows if r not in finalists and r is not top),
                    key=lambda r: (DEPTH[r.deepest()], r.stage, mean_interval(versus[r][0])[0]), reverse=True)
    ranked = [top, *(r for r in finalists if r is not top), *others]
    own_mean, _ = mean_interval([x.margin for x in top.at(top.deepest()).values()])
    out: list[dict[str, Any]] = []
    for k, r in enumerate(ranked):
        samples = list(r.at(r.deepest()).values())
        own_error = learned.prediction_error(s.ruleset, r.deepest())[1]
        _, half = with_error(mean_interval([x.margin for x in samples]), own_error)
        wins = math.fsum(x.win for x in samples)
        win_low, win_high = wilson(wins, len(samples))
        if len(ranked) == 1:
            diff, diff_half, parts = 0.0, 0.0, [0.0] * len(titles)
        else:
            diffs, parts, h = _difference(top, ranked[1]) if k == 0 else versus[r]
            diff, diff_half = with_error(mean_interval(diffs), learned.prediction_error(s.ruleset, h)[0])
        margin = own_mean if k == 0 else own_mean + diff
        out.append({
            "action": str(r.action), "plan": " → ".join(r.plan), "kind": r.action.kind,
            "margin": margin, "margin_low": margin - half, "margin_high": margin + half,
            "win_rate": wins / len(samples), "win_low": win_low, "win_high": win_high,
            "futures": len(samples), "horizon": r.deepest(), "pruned": bool(finalists) and r not in finalists,
            "diff": diff, "diff_low": diff - diff_half, "diff_high": diff + diff_half,
            "why": explain(diff, dict(zip(titles, parts, strict=True)), unit),
            "parts": dict(zip(titles, parts, strict=True)),
        })
    df = pd.DataFrame(out)
    lead_low = out[0]["diff_low"] if len(out) > 1 else math.inf
    enough = out[0]["futures"] >= floor and (len(finalists) < 2 or out[1]["futures"] >= floor)
    clear = len(out) == 1 or (lead_low > 0 and enough and out[0]["horizon"] != SCREEN)
    df.attrs.update({
        "statistic": "margin", "unit": unit, "verdict": "clear" if clear else "close",
        "sentence": verdict(out, unit, clear), "futures": out[0]["futures"], "cpu": run.spent(),
        "capped": not enough and run.budget is not None,
    })
    return df


def _categories(s: GameState) -> tuple[str, ...]:
    """The final-scoring categories of ``s``'s ruleset (its scoring part's ``CATEGORIES``)."""
    categories: tuple[str, ...] = s.scoring.CATEGORIES  # type: ignore[attr-defined]
    return categories


def explain(diff: float, parts: dict[str, float], unit: str) -> str:
    """A difference in words, with its parts (the largest first; parts under 0.05 left out).

    >>> explain(5.2, {"goal cities": 6.0, "coins": 0.01, "contracts": -2.9, "trading posts": 2.1}, "VP")
    '+5.2 VP: goal cities +6.0, contracts −2.9, trading posts +2.1'
    >>> explain(0.0, {"coins": 0.0}, "Gulden")
    '+0.0 Gulden: no part differs'
    """
    shown_parts = [(name, v) for name, v in sorted(parts.items(), key=lambda kv: -abs(kv[1])) if abs(v) >= 0.05]
    text = ", ".join(f"{name} {_signed(v)}" for name, v in shown_parts) or "no part differs"
    return f"{_signed(diff)} {unit}: {text}"


def _signed(x: float) -> str:
    return f"+{x:.1f}" if x >= 0 else f"−{-x:.1f}"


def spread(low: float, high: float) -> str:
    """A 95% interval of a difference in words (none from a single future).

    >>> spread(0.44, 3.8), spread(-math.inf, math.inf)
    ('95% interval +0.4 to +3.8', 'no interval from one future')
    """
    if not (math.isfinite(low) and math.isfinite(high)):
        return "no interval from one future"
    return f"95% interval {_signed(low)} to {_signed(high)}"


def verdict(rows: list[dict[str, Any]], unit: str, clear: bool) -> str:
    """The recommendation in words: clear, or too close to call (see :func:`evaluate`)."""
    top = rows[0]
    if len(rows) == 1:
        return f"the only choice: {top['action']}"
    runner = rows[1]
    lead = (f"{_signed(top['diff'])} {unit} over {runner['action']} ({spread(top['diff_low'], top['diff_high'])}) "
            f"on the same {min(top['futures'], runner['futures'])} futures")
    if clear:
        return f"recommended: {top['action']}, {lead}"
    return f"too close to call: {top['action']} or {runner['action']}, {lead}"


class _Runner:
    """Plays samples here or on an executor, counts them and watches the CPU budget."""

    def __init__(self, s: GameState, i: int, policy: Agent, seed: int, executor: Executor | None,
                 clock: Callable[[], float], budget: float | None, cap: float | None):
        self.s, self.i, self.policy, self.seed, self.executor = s, i, policy, seed, executor
        self.clock, self.budget, self.cap = clock, budget, cap
        self.start = clock()
        self.remote = 0.0  # CPU seconds of the executor's workers (other processes)
        self.done = 0
        self.planned = 0
        self.on_sample: Callable[[], None] = lambda: None

    def spent(self) -> float:
        return self.clock() - self.start + self.remote

    def out_of_time(self, floor: bool) -> bool:
        limit = self.cap if floor else self.budget
        return limit is not None and self.spent() >= limit

    def play(self, rows: list[_Row], futures: list[int], horizon: str, *, forced: bool = False,
             floor: bool = False) -> bool:
        """Sample ``rows`` on ``futures`` at ``horizon``, future by future (so that a budget running
        out leaves the rows with about as many futures each); ``forced``: regardless of the budget;
        ``floor``: up to the hard cap. Whether every sample was played."""
        jobs = [(k, f) for f in futures for k in range(len(rows)) if f not in rows[k].at(horizon)]
        if self.executor is None:
            for k, f in jobs:
                if not forced and self.out_of_time(floor):
                    return False
                rows[k].at(horizon)[f] = sample(self.s, self.i, rows[k].plan, self._future(f), horizon, self.policy)
                self._count(1)
            return True
        for results, cpu in self._remote(rows, jobs, horizon, forced, floor):
            for k, f, value in results:
                rows[k].at(horizon)[f] = value
            self.remote += 0.0 if isinstance(self.executor, ThreadPoolExecutor) else cpu
            self._count(len(results))
        return all(f in rows[k].at(horizon) for k, f in jobs)

    def _remote(self, rows: list[_Row], jobs: list[tuple[int, int]], horizon: str, forced: bool,
                floor: bool) -> Iterator[tuple[list[tuple[int, int, Sample]], float]]:
        assert self.executor is not None
        workers = max(1, getattr(self.executor, "_max_workers", 1))
        size = max(1, -(-len(jobs) // (4 * workers)))
        chunks = [jobs[k : k + size] for k in range(0, len(jobs), size)]
        pending = [self.executor.submit(_samples, self.s, self.i, [(k, f, rows[k].plan, self._future(f))
                                                                    for k, f in chunk], horizon, self.policy)
                   for chunk in chunks]
        for future in as_completed(pending):
            yield future.result()
            if not forced and self.out_of_time(floor):
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
        self.planned = max(self.planned, self.done)
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

            def update() -> None:
                self.bar.total = self.run.planned
                self.bar.update(self.run.done - self.bar.n)

            self.run.on_sample = update
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


def sample(s: GameState, i: int, plan: tuple[str, ...], future: int, horizon: str, policy: Agent) -> Sample:
    """One sample of a choice: ``plan`` on ``s.determinize(i, future)``, played on by ``policy``
    to ``horizon``; seat ``i``'s margin there (see :func:`evaluate`)."""
    fork = follow(s.determinize(i, future).apply(plan[0]), plan[1:], policy)
    return measure(rollout(fork, i, policy, horizon), i)


def measure(end: GameState, i: int) -> Sample:
    """Seat ``i``'s margin over the best other seat at ``end``: the final one where the game is
    over, else the learned value's estimate; split by the scoring categories (the standings as if
    the game ended now) and the rest, which the learned value expects of the game still to come.

    >>> import mp_notebook as mp
    >>> x = measure(mp.new_game(players=2, seed=1), 0)
    >>> abs(sum(x.parts) - x.margin) < 1e-9 and 0.0 < x.win < 1.0
    True
    """
    rows = end.score_rows()
    categories = _categories(end)
    totals = [float(r["total"]) for r in rows]
    j = max((k for k in range(len(rows)) if k != i), key=lambda k: totals[k])
    parts = [float(rows[i][c]) - float(rows[j][c]) for c in categories]
    standing = totals[i] - totals[j]
    if end.is_over:
        winners = [bool(r["winner"]) for r in rows]
        return Sample(standing, 1.0 / sum(winners) if winners[i] else 0.0, (*parts, 0.0))
    margin = learned.margin(end, i)
    return Sample(margin, learned.win_chance(end, i), (*parts, margin - math.fsum(parts)))


def _samples(s: GameState, i: int, jobs: list[tuple[int, int, tuple[str, ...], int]], horizon: str,
             policy: Agent) -> tuple[list[tuple[int, int, Sample]], float]:
    """A chunk of samples (one task on an executor; module level, so worker processes find it),
    and the CPU seconds it took there."""
    start = time.thread_time()
    out = [(k, f, sample(s, i, plan, future, horizon, policy)) for k, f, plan, future in jobs]
    return out, time.thread_time() - start


def follow(s: GameState, steps: tuple[str, ...], policy: Agent) -> GameState:
    """Play a plan's ``steps`` on ``s``; decisions in between (how to pay a fee or a route, ...)
    are left to ``policy``, unless its choices leave a later step out of reach (a journey's last
    route unaffordable after it paid the first ones its way): then the fewest decisions in between
    that lead through the plan are searched for, the policy's choice first at each (the plan was
    made on a position the seat cannot tell apart from ``s``, so it can be played).

    Raises :class:`~mp_notebook.engine.errors.IllegalAction` (the step the policy's own choices
    leave out of reach) if no choices in between lead through the whole plan."""
    try:
        return _as_the_policy_plays(s, steps, policy)
    except IllegalAction:
        for limit in range(1, MAX_BETWEEN + 1):
            end = _through(s, steps, policy, s.current_player, 0, limit, [MAX_TRIES])
            if end is not None:
                return end
        raise


def _as_the_policy_plays(s: GameState, steps: tuple[str, ...], policy: Agent) -> GameState:
    """The plan with the policy's own choices in between (raises IllegalAction at a step they
    leave out of reach, or once the turn has passed to another seat: a plan is one seat's)."""
    seat = s.current_player
    for step in steps:
        for _ in range(MAX_BETWEEN):
            if s.is_over or s.current_player != seat or step in {str(a) for a in s.legal_actions()}:
                break
            s = s.apply(policy.choose(s))
        if s.current_player != seat:
            raise IllegalAction(f"{step} is not allowed: the plan is player {seat}'s and the turn has passed")
        s = s.apply(step)
    return s


def _through(s: GameState, steps: tuple[str, ...], policy: Agent, seat: int | None, between: int, limit: int,
             tries: list[int]) -> GameState | None:
    """:func:`follow`'s search: ``seat``'s decisions only, at most ``limit`` of them between two
    steps, the policy's choice first, then the other legal actions; :data:`MAX_TRIES` choices in all
    (``tries``, shared)."""
    while steps and s.current_player == seat and steps[0] in {str(a) for a in s.legal_actions()}:
        s, steps, between = s.apply(steps[0]), steps[1:], 0
    if not steps:
        return s
    if between >= limit or s.is_over or s.current_player != seat:
        return None
    first = policy.choose(s)
    for a in (first, *(a for a in s.legal_actions() if a != first)):
        if tries[0] <= 0:
            return None
        tries[0] -= 1
        end = _through(s.apply(a), steps, policy, seat, between + 1, limit, tries)
        if end is not None:
            return end
    return None


def plans(s: GameState, i: int, choices: list[Action]) -> list[tuple[Action, tuple[str, ...]]]:
    """``(first action, the plan's notation)`` per choice: a Travel action becomes one plan per
    destination ``mp.routes.reachable`` finds for it (where the ruleset plans journeys), any other
    action a plan of itself, so also each move choice in the middle of a movement (routes are not
    asked there: a Voyages city card's moves paid in goods are beyond their pricing)."""
    planner = journey_planner(s)
    by_action: dict[str, list[tuple[str, ...]]] = {}
    if planner is not None and any(a.kind == "travel" for a in choices):
        for r in reachable(s, i):
            if r.dice:  # a Travel action's
                by_action.setdefault(r.action, []).append(planner(s, r))
    out: list[tuple[Action, tuple[str, ...]]] = []
    for a in choices:
        out += [(a, steps) for steps in by_action.get(str(a), [(str(a),)])]
    return out
