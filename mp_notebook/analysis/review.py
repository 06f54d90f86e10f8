"""A post-game review: a seat's decisions, each valued with the Hint's analysis, the biggest
mistakes first, each with the better choice.

:func:`review` replays the game and, at each decision of the seat with more than one choice,
asks :func:`~mp_notebook.analysis.evaluate` for its table (futures sampled from that seat's view,
choices ranked by its final margin over the best other seat) and finds the row of what was played:

* the played action is matched to the rows of the same effect (dice that only differ in which die
  does it are one choice, as in the table);
* where that action has several plans (a journey per destination), the plan whose later steps the
  history goes on to play is the one matched (the longest, if several); its later steps are then
  *covered*: valued with it, not reviewed again. If the history follows none of them, the action is
  matched to its best plan and the moves that follow are reviewed one by one.

The *loss* of a decision is the best row's margin minus the played row's, with the paired 95%
interval of the table (``diff`` and its bounds, negated; the learned value's error counted where
the samples stop before the end, as in the table). Where the table set the played choice
aside early (fewer futures than :data:`FUTURES`, or a shallower horizon than the best's), both are
sampled again on :data:`FUTURES` fresh futures of their own, paired, with the Hint's sample
(:func:`~mp_notebook.analysis.evaluate.sample`: the plan, then GreedyAgent for every seat to the
horizon). A decision is *within the noise* of the best when the loss's interval reaches 0 (or it
is the best), a *mistake* when the interval is above 0.

The budget is CPU time for the whole review, shared out as it goes (each decision gets what is
left over the decisions left); ``time_budget=None`` plays ``rollouts`` futures a decision and
depends only on the arguments.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=3)
>>> for _ in range(12):
...     s = s.apply(s.legal_actions()[0])
>>> table = review(s, 0, time_budget=None, rollouts=2, min_futures=2, horizon="action", progress=False)
>>> list(table.columns)  # doctest: +NORMALIZE_WHITESPACE
['step', 'round', 'decision', 'played', 'played_text', 'better', 'better_text', 'loss', 'loss_low',
 'loss_high', 'futures', 'horizon', 'within_noise', 'mistake', 'why', 'matched', 'covered', 'code']
>>> table.attrs["unit"], table.attrs["seat"], table.attrs["reviewed"] == len(table)
('VP', 0, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mp_notebook.agents.base import terms as agent_terms
from mp_notebook.agents.greedy import GreedyAgent, distinct_actions
from mp_notebook.agents.value import prediction_error
from mp_notebook.analysis.evaluate import (
    HORIZONS,
    MAX_BETWEEN,
    MIN_FUTURES,
    checked_executor,
    checked_progress,
    evaluate,
    explain,
    mean_interval,
    plans,
    sample,
    with_error,
)
from mp_notebook.analysis.simulate import derive_seed
from mp_notebook.engine.actions import Action
from mp_notebook.engine.errors import ArgumentError, IllegalAction
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.text import counted
from mp_notebook.engine.validate import checked_choice, checked_int, checked_number, checked_seat, checked_seed
from mp_notebook.registry import get, replay

if TYPE_CHECKING:
    from concurrent.futures import Executor

    import pandas as pd

    from mp_notebook.engine.game import GameState

TIME_BUDGET = 150.0
"""CPU seconds for a whole review by default (a 2-player Marco Polo II game: ~110 decisions of a seat)."""
DECISION_CAP = 2.0  # a decision may take at most this many times its share of the budget
FUTURES = MIN_FUTURES
"""Fresh futures on which a choice the table set aside early is compared with the best again."""
COLUMNS = ["step", "round", "decision", "played", "played_text", "better", "better_text", "loss", "loss_low",
           "loss_high", "futures", "horizon", "within_noise", "mistake", "why", "matched", "covered", "code"]


def positions(s: GameState) -> list[GameState]:
    """``[s0, s1, ..., s]``: the position after each entry of ``s.history`` (actions, edits and
    reseeds), from ``new_game(**s.setup)`` on; exact (the last is ``s``).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=3)
    >>> for _ in range(4):
    ...     s = s.apply(s.legal_actions()[0])
    >>> states = positions(s)
    >>> len(states), states[-1] == s, states[2].history == s.history[:2]
    (5, True, True)
    """
    state = replay(checked_state("s", s).setup, [])
    out = [state]
    for entry in s.history:
        state = state._replay_entry(entry)  # what replay() does entry by entry, keeping each position
        out.append(state)
    return out


def review(
    s: GameState,
    seat: int,
    *,
    time_budget: float | None = TIME_BUDGET,
    rollouts: int | None = None,
    min_futures: int | None = None,
    horizon: str | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    progress: bool | Callable[[int, int], None] = True,
) -> pd.DataFrame:
    """Seat ``seat``'s decisions in the game up to ``s``, each valued like the Hint, the biggest
    loss first (see the module doc).

    ``time_budget``: CPU seconds for the whole review (``None``: no clock; each decision gets
    ``rollouts`` futures). ``rollouts``, ``min_futures``, ``horizon``, ``executor``: passed to
    :func:`~mp_notebook.analysis.evaluate` (``None``: its defaults, the ruleset's own horizon).
    ``seed``: the futures sampled. ``progress``: a tqdm bar over the decisions (or a function called
    with ``(done, total)``).

    Columns: step (the position's index in the game: ``positions(s)[step]``, its history
    ``s.history[:step]``), round, decision (its text), played and better (the plans as notation,
    `` → ``-separated) with played_text and better_text (in the game's words), loss (the best's
    margin minus the played one's, VP or Gulden) with loss_low and loss_high (95% interval),
    futures (behind the comparison), horizon, within_noise, mistake, why (what the better choice
    gains, by scoring category), matched (``"plan"``, ``"action"``: how the played decision was
    found in the table, see the module doc), covered (the later steps valued with it) and code
    (the position's code: ``mp.load(code)``). ``attrs``: seat, name, unit, reviewed, skipped (one
    choice), covered, rounds, lost (total), lost_per_round, per_round (``{round: loss}``),
    within_noise (the share of decisions), mistakes, failed (decisions the analysis could not value:
    a plan it could not play on; their loss is NaN, their ``why`` says why), cpu, sentence.
    """
    seat = checked_seat("seat", seat, checked_state("s", s).num_players)
    if time_budget is not None:
        time_budget = checked_number("time_budget", time_budget, 0.0, 86_400.0)
    horizon = None if horizon is None else checked_choice("horizon", horizon, HORIZONS)
    seed = checked_seed(seed)
    options: dict[str, Any] = {"horizon": horizon, "executor": checked_executor(executor)}
    if rollouts is not None:
        options["rollouts"] = checked_int("rollouts", rollouts, 1, 100_000)
    if min_futures is not None:
        options["min_futures"] = checked_int("min_futures", min_futures, 1, 100_000)
    progress = checked_progress(progress, "(done, total)")
    if "agents" not in get(s.ruleset).parts:
        raise ArgumentError(f"review needs the evaluation of {get(s.ruleset).title}, which it does not offer")
    import pandas as pd  # after the checks: a refusal costs no import

    start = time.process_time()
    states = positions(s)
    history = s.history
    todo = [k for k in range(len(history)) if _decides(states[k], history[k], seat)]
    skipped = sum(1 for k in range(len(history)) if _acts(states[k], history[k], seat)) - len(todo)
    rows: list[dict[str, Any]] = []
    covered: set[int] = set()
    bar = _Progress(progress, len(todo))
    try:
        for n, k in enumerate(todo):
            if k in covered:
                bar.step()
                continue
            left = sum(1 for j in todo[n:] if j not in covered)
            budget = None if time_budget is None else max(0.0, time_budget - (time.process_time() - start)) / left
            future = derive_seed("mp_notebook.review", seed, k)
            rows.append(_decision(states, history, k, seat, budget, options, future))
            covered.update(rows[-1]["covered"])
            bar.step()
    finally:
        bar.close()
    table = pd.DataFrame(rows, columns=COLUMNS).sort_values("loss", ascending=False, kind="stable")
    table = table.reset_index(drop=True)
    _summary(table, s, seat, skipped, len(covered), time.process_time() - start)
    return table


def _acts(s: GameState, entry: str, seat: int) -> bool:
    """Whether history ``entry`` is an action of ``seat``'s at ``s`` (not an edit or a reseed)."""
    return not s.is_over and s.current_player == seat and any(str(a) == entry for a in s.legal_actions())


def _decides(s: GameState, entry: str, seat: int) -> bool:
    """Whether ``entry`` is ``seat``'s choice at ``s`` among more than one (a journey per destination counts)."""
    return _acts(s, entry, seat) and len(plans(s, seat, distinct_actions(s, s.legal_actions()))) > 1


def _decision(states: list[GameState], history: tuple[str, ...], k: int, seat: int, budget: float | None,
              options: dict[str, Any], seed: int) -> dict[str, Any]:
    """The review of the decision at ``states[k]`` (history entry ``k``)."""
    s = states[k]
    try:
        if budget is None:
            table = evaluate(s, time_budget=None, seed=seed, **options)
        else:
            table = evaluate(s, time_budget=budget, time_cap=DECISION_CAP * budget, seed=seed, **options)
    except IllegalAction as exc:  # a plan the analysis could not play on one of its futures
        return {"step": k, "round": s.round, "decision": s.decision.text, "played": history[k],
                "played_text": _words(s, history[k]), "better": "", "better_text": "", "loss": math.nan,
                "loss_low": math.nan, "loss_high": math.nan, "futures": 0, "horizon": "", "within_noise": False,
                "mistake": False, "why": f"not valued: the analysis failed ({exc})", "matched": "", "covered": (),
                "code": s.code()}
    index, steps, matched = _match(s, table, history, k)
    best, row = table.iloc[0], table.iloc[index]
    unit = table.attrs["unit"]
    if index == 0:
        loss, low, high, futures, depth = 0.0, 0.0, 0.0, int(best["futures"]), str(best["horizon"])
        why = "the best choice"
    elif int(row["futures"]) >= FUTURES and row["horizon"] == best["horizon"]:
        loss, low, high = -float(row["diff"]), -float(row["diff_high"]), -float(row["diff_low"])
        futures, depth = min(int(row["futures"]), int(best["futures"])), str(best["horizon"])
        why = explain(loss, {c: -v for c, v in row["parts"].items()}, unit)
    else:  # set aside early: compared again with the best on fresh futures, paired
        loss, low, high, futures, why = _again(s, seat, best, row, str(best["horizon"]), seed, unit)
        depth = str(best["horizon"])
    return {
        "step": k, "round": s.round, "decision": s.decision.text,
        "played": str(row["plan"]), "played_text": _words(s, str(row["plan"])),
        "better": str(best["plan"]), "better_text": _words(s, str(best["plan"])),
        "loss": loss, "loss_low": low, "loss_high": high, "futures": futures, "horizon": depth,
        "within_noise": index == 0 or low <= 0.0, "mistake": index != 0 and low > 0.0, "why": why,
        "matched": matched, "covered": steps, "code": s.code(),
    }


def _match(s: GameState, table: pd.DataFrame, history: tuple[str, ...], k: int) -> tuple[int, tuple[int, ...], str]:
    """The table's row of the decision played at ``s`` (history entry ``k``), the later history
    entries its plan covers, and how it was matched (``"plan"`` or ``"action"``; see the module doc)."""
    legal = {str(a): a for a in s.legal_actions()}
    effect = agent_terms(s).effect
    key = effect(s, legal[history[k]])
    candidates = [j for j, a in enumerate(table["action"]) if effect(s, legal[a]) == key]
    found: list[tuple[int, int, tuple[int, ...]]] = []
    for j in candidates:
        steps = _follows(str(table["plan"].iloc[j]).split(" → ")[1:], history, k)
        if steps is not None:
            found.append((len(steps), -j, steps))
    if found:
        _, j, steps = max(found)
        return -j, steps, "plan"
    return candidates[0], (), "action"


def _follows(steps: list[str], history: tuple[str, ...], k: int) -> tuple[int, ...] | None:
    """Where the history after entry ``k`` plays ``steps`` in order, each within
    :data:`~mp_notebook.analysis.evaluate.MAX_BETWEEN` entries of the one before (decisions in
    between: payments); ``None`` if it does not."""
    at, out = k, []
    for step in steps:
        ahead = history[at + 1 : at + 2 + MAX_BETWEEN]
        if step not in ahead:
            return None
        at += 1 + ahead.index(step)
        out.append(at)
    return tuple(out)


def _again(s: GameState, seat: int, best: Any, row: Any, horizon: str, seed: int,
           unit: str) -> tuple[float, float, float, int, str]:
    """The best row's plan and the played row's, sampled on :data:`FUTURES` fresh futures at
    ``horizon``: the loss (best minus played) with its paired 95% interval, the futures, and what
    the better choice gains in words."""
    policy = GreedyAgent(seed)
    plans_ = [tuple(str(x["plan"]).split(" → ")) for x in (best, row)]
    futures = [derive_seed("mp_notebook.review.again", seed, f) for f in range(FUTURES)]
    pairs = [[sample(s, seat, plan, f, horizon, policy) for plan in plans_] for f in futures]
    diffs = [a.margin - b.margin for a, b in pairs]
    loss, half = with_error(mean_interval(diffs), prediction_error(s.ruleset, horizon)[0])
    titles = list(row["parts"])
    parts = {t: math.fsum(a.parts[c] - b.parts[c] for a, b in pairs) / len(pairs) for c, t in enumerate(titles)}
    return loss, loss - half, loss + half, len(futures), explain(loss, parts, unit)


def _words(s: GameState, plan: str) -> str:
    """A plan in the game's words: its first action's label, and where it ends on the map."""
    from mp_notebook.ui.labels import terms

    t = terms(s)
    steps = plan.split(" → ")
    legal = {str(a): a for a in s.legal_actions()}
    label, cost = t.describe(s, legal[steps[0]])
    places = [loc for step in steps[1:] if (loc := _place(s, t, step))]
    return label + (f" → {places[-1]}" if places else "") + (f" ({cost})" if cost else "")


def plan_path(s: GameState, plan: str) -> list[str]:
    """The places of the map a plan (`` → ``-separated notation) goes through, for the map's
    highlight: where the deciding seat's figure stands, then each step's place (a journey's
    moves); a one-step plan that names a place, that place; else none.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=5)
    >>> plan_path(s, "travel [3,4,6] upper → move Xanadu → move Karakorum → done")
    ['Beijing', 'Xanadu', 'Karakorum']
    >>> plan_path(s, "books [6] gold-upper")
    []
    """
    from mp_notebook.ui.labels import terms

    t = terms(s)
    steps = plan.split(" → ")
    places = [loc for step in steps if (loc := _place(s, t, step))]
    if len(steps) > 1 and places and s.current_player is not None:
        return [s.players[s.current_player].location, *places]
    return places


def _place(s: GameState, t: Any, step: str) -> str | None:
    """The map location a plan's step names, if any."""
    try:
        return t.location_of(Action.parse(step, s.current_player, s.ruleset))  # type: ignore[no-any-return]
    except ValueError:
        return None


def _summary(table: pd.DataFrame, s: GameState, seat: int, skipped: int, covered: int, cpu: float) -> None:
    """The review's summary in ``table.attrs`` (see :func:`review`)."""
    unit = get(s.ruleset).part("ui").SCORE_UNIT
    rounds = max(1, s.round)
    per_round = {int(r): float(v) for r, v in table.groupby("round")["loss"].sum().items()}  # NaN counts as 0
    failed = int(table["loss"].isna().sum())
    valued = table[table["loss"].notna()]
    lost = float(valued["loss"].sum())
    share = float(valued["within_noise"].mean()) if len(valued) else 1.0
    mistakes = int(table["mistake"].sum())
    name = s.players[seat].name
    sentence = (f"{name}: {counted(len(table), 'decision')} reviewed ({skipped} with one choice skipped, "
                f"{covered} steps valued with the journey they belong to); {share:.0%} within the noise of the "
                f"best; {lost / rounds:.1f} {unit} lost a round ({lost:.1f} over {counted(rounds, 'round')}); "
                f"{counted(mistakes, 'mistake')} (the best clearly better)")
    if failed:
        sentence += f"; {counted(failed, 'decision')} not valued (the analysis failed there: see why)"
    if mistakes:
        top = table.iloc[0]
        sentence += (f"; the biggest: round {top['round']}, {top['played_text']} instead of {top['better_text']} "
                     f"({top['loss']:.1f} {unit})")
    table.attrs.update({
        "seat": seat, "name": name, "unit": unit, "reviewed": len(table), "skipped": skipped, "covered": covered,
        "rounds": rounds, "lost": lost, "lost_per_round": lost / rounds, "per_round": per_round,
        "within_noise": share, "mistakes": mistakes, "failed": failed, "cpu": cpu, "sentence": sentence + ".",
    })


class _Progress:
    """Reports reviewed decisions to ``progress`` (True: a tqdm bar; a function: called)."""

    def __init__(self, progress: bool | Callable[[int, int], None], total: int):
        self.report = progress if callable(progress) else None
        self.total, self.done = total, 0
        self.bar: Any = None
        if progress is True:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=total, desc="review", unit="decision")

    def step(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
        if self.report is not None:
            self.report(self.done, self.total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
