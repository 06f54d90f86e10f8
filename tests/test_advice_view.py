"""Advice from the seat's own view, over every registered ruleset: two positions that differ only in
what the deciding seat cannot see (``hidden.hidden_variants``: other dice and face-down piles, another
player's secret card swapped) get the same ``evaluate`` table and the same choices of the computer
players at the same seed. A version that reads what the seat has not seen (``determinize`` replaced
by ``reseed``, which keeps the opponents' true secret cards) is caught by the same check.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hidden import SECRET_CARDS, hidden_variants, peeking, positions
from registry import RULESETS

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent, PlayoutPolicy, SearchAgent
from mp_notebook.analysis import evaluate
from mp_notebook.engine.state import RulesState


def decisions(ruleset: str, count: int = 2) -> Iterator[mp.GameState]:
    """``count`` positions of ``ruleset`` with a seat to decide between two or more choices, spread
    over the setups of ``hidden.positions``, where another player holds a secret card if the
    ruleset has them."""
    found = 0
    for s in positions(ruleset, every=31):
        if s.is_over or len(s.legal_actions()) < 2 or s.round < 1:
            continue
        seat = s.current_player
        if ruleset in SECRET_CARDS and len(list(hidden_variants(s, seat, random.Random(0)))) < 2:
            continue
        yield s
        found += 1
        if found == count:
            return


def advice(s: mp.GameState) -> tuple[Any, ...]:
    """What the deciding seat is told at ``s``: the evaluate table and three agents' choices."""
    table = evaluate(s, time_budget=None, rollouts=2, min_futures=2)
    agents = (GreedyAgent(3), PlayoutPolicy(3), SearchAgent(budget_rollouts=4, seed=3))
    return table.to_dict("list"), table.attrs["sentence"], tuple(str(a.choose(s)) for a in agents)


def told_apart(ruleset: str) -> Iterator[str]:
    """The hidden variants of ``decisions(ruleset)`` whose advice differs: one line each."""
    rng = random.Random(7)
    for s in decisions(ruleset):
        seat = s.current_player
        assert seat is not None
        want = advice(s)
        for variant in hidden_variants(s, seat, rng):
            if advice(variant) != want:
                yield f"{ruleset} round {s.round} {s.decision.kind}, seat {seat}: {variant.history[-1]}"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_advice_depends_only_on_what_the_seat_has_seen(ruleset: str) -> None:
    assert list(told_apart(ruleset)) == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_advice_that_peeks_is_caught(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``determinize`` keeping every secret card in place, a swapped secret card changes the
    advice (where the ruleset has secret cards; elsewhere the order of a face-down pile does)."""
    monkeypatch.setattr(RulesState, "determinize", peeking)
    wanted = "edit" if ruleset in SECRET_CARDS else ""
    assert any(wanted in line for line in told_apart(ruleset))
