"""Route analysis over every registered ruleset: each question of ``mp.routes`` is answered, or is
an ``ArgumentError`` that says what to ask instead; never a silent empty answer, a
NotImplementedError or an AttributeError (issue 37)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd
import pytest

import mp_notebook as mp
from tests.registry import RULESETS


def turn(ruleset: str) -> mp.GameState:
    s = mp.new_game(2, ruleset=ruleset, seed=2)
    while not (s.decision.kind == "turn" and s.current_player == 0):
        s = s.apply(s.legal_actions()[0])
    return s


def far(s: mp.GameState) -> str:
    """A location none of seat 0's figures stands on."""
    return next(n for n in reversed(list(s.board.locations)) if n not in s.players[0].locations)


QUESTIONS: dict[str, Callable[[mp.GameState], Any]] = {
    "cheapest": lambda s: mp.routes.cheapest(s, 0, far(s)),
    "why_unreachable": lambda s: mp.routes.why_unreachable(s, 0, far(s)),
    "reachable": lambda s: mp.routes.reachable(s, 0),
    "table": lambda s: mp.routes.table(s, 0),
    "travel_rules": lambda s: mp.routes.travel_rules(s, 0),
    "matrix moves": lambda s: mp.routes.matrix(s.board),
    "matrix total": lambda s: mp.routes.matrix(s.board, by="total"),
    "journey": lambda s: mp.routes.journey(s, 0, far(s)),
    "journeys": lambda s: mp.routes.journeys(s, 0),
    "tour": lambda s: mp.routes.tour(s, 0, [far(s)]),
    "goal_tour": lambda s: mp.routes.goal_tour(s, 0),
    "odds": lambda s: mp.routes.odds(s, 0, far(s), spins=3),
    "expected_spins": lambda s: mp.routes.expected_spins(s, 0, far(s)),
    "pairs": lambda s: mp.routes.pairs(s, 0),
    "boosts": lambda s: mp.routes.boosts(s, 0),
}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("question", sorted(QUESTIONS))
def test_every_question_is_answered_or_refused_clearly(ruleset: str, question: str) -> None:
    s = turn(ruleset)
    before = s.to_json()
    try:
        answer = QUESTIONS[question](s)
    except mp.ArgumentError as exc:
        assert any(hint in str(exc) for hint in ("mp.routes.", "two figures", "goal card", "by='moves'")), str(exc)
        assert s.to_json() == before
        return
    if isinstance(answer, pd.DataFrame):
        assert len(answer) > 0
    elif isinstance(answer, list):
        assert answer, f"{question} answered [] at a turn with moves open"
    assert s.to_json() == before


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_ruleset_answers_its_own_movement(ruleset: str) -> None:
    """The dice games answer cheapest routes and journeys; the spinner game answers odds."""
    s = turn(ruleset)
    target = far(s)
    spinner = mp.rulesets.get(ruleset).part("routes").MOVEMENT == "spinner"
    if spinner:
        assert 0 <= mp.routes.odds(s, 0, target, spins=4) <= 1
        assert mp.routes.table(s, 0)["expected_spins"].notna().all()
    else:
        assert mp.routes.journey(s, 0, target) is not None or mp.routes.why_unreachable(s, 0, target)
        assert len(mp.routes.journeys(s, 0)) == len(s.board.locations) - len(set(s.players[0].locations))
