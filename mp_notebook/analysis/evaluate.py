"""Compare the choices at a decision by playing each one out on many sampled futures.

A choice is an action, or a *plan*: a Travel action is split into one plan per destination it can
reach (``mp.routes.reachable``: the action, the moves of the cheapest way there and the stop), so a
journey to Xian and one to Xanadu get their own rows. For every choice, :func:`evaluate` plays
``rollouts`` games to the end from forks of the position, each fork reseeded (``state.reseed``) so
that dice and face-down decks differ, with ``agent`` playing every seat (by default the greedy
one-step rule, without nested follow-ups: :data:`DEFAULT_POLICY`). It reports the deciding player's
mean final score with a 95% normal confidence interval, and their win rate with a 95% Wilson
interval. The same ``seed`` futures are used for every choice (common random numbers), which makes
the comparison sharper.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=3)
>>> df = evaluate(s, rollouts=2, agent=mp.agents.RandomAgent(1))
>>> list(df.columns)  # doctest: +NORMALIZE_WHITESPACE
['action', 'plan', 'kind', 'score', 'score_low', 'score_high', 'win_rate', 'win_low', 'win_high',
 'rollouts']
>>> bool(df["score"].is_monotonic_decreasing)
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from mp_notebook.agents.base import journey_planner
from mp_notebook.agents.greedy import distinct_actions
from mp_notebook.agents.search import RolloutPolicy, rollout
from mp_notebook.analysis.simulate import derive_seed
from mp_notebook.board.routes import reachable

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.agents.base import Agent
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState

Z95 = 1.959963984540054
MAX_BETWEEN = 8  # decisions the policy may take between two steps of a plan (payments)
DEFAULT_POLICY = {"epsilon": 0.0, "sample": None}  # RolloutPolicy settings of the default agent


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


def evaluate(
    s: GameState,
    *,
    agent: Agent | None = None,
    rollouts: int = 8,
    seed: int = 0,
    merge_dice: bool = True,
) -> pd.DataFrame:
    """One row per choice at ``s``'s decision, best estimated final score first.

    ``agent`` plays every seat in the rollouts (default: ``RolloutPolicy(seed, **DEFAULT_POLICY)``,
    the greedy rule on every distinct action); ``merge_dice`` keeps one action per distinct effect
    where actions differ only in which dice they use (the lowest dice kept), as the greedy agent
    does; ``False``: every legal action. Columns: action (the first decision, notation; ``s.apply``
    accepts it), plan (all the decisions of the choice, `` → ``-separated: a journey's moves),
    kind, score (mean final score of the deciding player), score_low/score_high (95% normal
    interval), win_rate, win_low/win_high (95% Wilson; shared victories count as a fraction),
    rollouts.
    """
    import pandas as pd

    if s.is_over:
        raise ValueError("the game is over: there is no decision to evaluate")
    i = s.current_player
    assert i is not None
    policy = agent if agent is not None else RolloutPolicy(seed, **DEFAULT_POLICY)  # type: ignore[arg-type]
    legal = s.legal_actions()
    choices = distinct_actions(s, legal) if merge_dice else legal
    rows: list[dict[str, Any]] = []
    for a, plan in plans(s, i, choices):
        finals: list[float] = []
        wins = 0.0
        for k in range(rollouts):
            fork = follow(s.reseed(derive_seed("mp_notebook.evaluate", seed, k)).apply(a), plan[1:], policy)
            end = rollout(fork, i, policy, "game")
            table = end.scores()
            finals.append(float(table["total"].iloc[i]))
            winners = int(table["winner"].sum())
            wins += float(table["winner"].iloc[i]) / winners
        mean = sum(finals) / rollouts
        sd = (
            math.sqrt(sum((x - mean) ** 2 for x in finals) / (rollouts - 1))
            if rollouts > 1
            else math.inf
        )
        half = Z95 * sd / math.sqrt(rollouts)
        low, high = wilson(wins, rollouts)
        rows.append(
            {
                "action": str(a),
                "plan": " → ".join(plan),
                "kind": a.kind,
                "score": mean,
                "score_low": mean - half,
                "score_high": mean + half,
                "win_rate": wins / rollouts,
                "win_low": low,
                "win_high": high,
                "rollouts": rollouts,
            }
        )
    df = pd.DataFrame(rows)
    return df.sort_values(["score", "win_rate"], ascending=False, kind="stable", ignore_index=True)


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
    action a plan of itself."""
    planner = journey_planner(s)
    by_action: dict[str, list[tuple[str, ...]]] = {}
    if planner is not None:
        for r in reachable(s, i):
            by_action.setdefault(r.action, []).append(planner(s, r))
    out: list[tuple[Action, tuple[str, ...]]] = []
    for a in choices:
        out += [(a, steps) for steps in by_action.get(str(a), [(str(a),)])]
    return out
