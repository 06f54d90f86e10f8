"""The Voyages evaluation's travel terms (``rulesets/voyages/evaluation.py``): while a figure moves,
the look-ahead counts only the cities it can still pay for, at what the steps cost; the journey
fund's extra worth fades as the game runs out."""

from __future__ import annotations

import pytest

import mp_notebook as mp
from mp_notebook.rulesets.voyages import evaluation


def moving(coins: int) -> tuple[mp.GameState, int]:
    """Player 1 of seed 4 at the first step of a 3-step Travel action, holding ``coins``."""
    s = mp.new_game(2, ruleset="voyages", seed=4)
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "travel" and min(a.dice) >= 3))
    assert s.decision.kind == "move" and s.decision.about == 3
    i = s.decision.player
    return s.with_player(i, coins=coins), i


def test_the_travel_look_ahead_counts_only_cities_it_can_pay_for():
    s, i = moving(3)  # 3 coins pay the first step (3) but not the second (4 more)
    p = s.players[i]
    t = evaluation.rounds_left(s, i)
    one_step = [(to, route) for to, _, route, _ in s.board.adjacent[p.location]
                if route.coins + 3 <= p.coins and route.camels <= p.camels]
    best = max([0.0] + [evaluation.post_value(s, i, to, t) - evaluation.STEP_COST
                        - evaluation.spend_value(s, i, 3 + route.coins, route.camels, t)
                        for to, route in one_step if evaluation.post_value(s, i, to, t) > 0])
    assert evaluation.travel_potential(s, i, 3) == best
    richer, _ = moving(30)
    assert evaluation.travel_potential(richer, i, 3) > evaluation.travel_potential(s, i, 3)


def test_spending_takes_the_resources_worth():
    s, i = moving(20)
    t = evaluation.rounds_left(s, i)
    assert evaluation.spend_value(s, i, 0, 0, t) == 0
    # coins beyond the journey fund are worth less than the fund's own
    spend = [evaluation.spend_value(s, i, coins, 0, t) for coins in (2, 4)]
    assert spend[0] < spend[1] - spend[0]
    assert evaluation.spend_value(s, i, 0, 1, t) == evaluation.FUEL["camels"] * evaluation.fuel_weight(t)
    end = evaluation.spend_value(s, i, 12, 0, 0.0)  # the end: coins are worth their VP only
    assert end == pytest.approx(12 / s.components.rules.coins_per_vp)
