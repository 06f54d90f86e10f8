"""The Voyages evaluation's travel terms (``rulesets/voyages/evaluation.py``): while a figure moves,
the look-ahead counts only the cities it can still pay for, at what the steps cost; the journey
fund's extra worth fades as the game runs out; this round's journey while it is still to be made and
being the next round's start player count; the plan counts at its share."""

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


def start_gain(s: mp.GameState, i: int, monkeypatch: pytest.MonkeyPatch) -> float:
    """What the START term adds to player ``i``'s value in ``s``."""
    with monkeypatch.context() as m:
        m.setattr(evaluation, "START", 0.0)
        without = evaluation.value(s, i)
    return evaluation.value(s, i) - without


def test_the_next_start_player_is_worth_start_but_in_the_last_round(monkeypatch: pytest.MonkeyPatch):
    """The last player to travel starts the next round (the start player at first, while nobody has
    travelled): worth START in every round but the last."""
    s = mp.new_game(2, ruleset="voyages", seed=3)
    agent = mp.agents.GreedyAgent(3)
    seen = set()
    while not s.is_over:
        if s.decision.kind == "turn":
            first = s.next_first
            last = s.round == s.rounds
            assert start_gain(s, first, monkeypatch) == pytest.approx(0.0 if last else evaluation.START)
            assert start_gain(s, 1 - first, monkeypatch) == 0.0
            seen.add((first, last))
        s = s.apply(agent.choose(s))
    assert {(0, False), (1, False)} <= seen  # both seats were next start player before the last round


def test_the_journey_still_to_be_made_counts_until_it_is_made():
    """trip_value: the best post one's own pair of dice can still reach and pay for, less the journey;
    nothing without two own dice, without the coins, or once one has travelled this round; higher
    dice go at least as far."""
    s = mp.new_game(2, ruleset="voyages", seed=4)
    i = 1  # Matteo (Raschid's dice are unset until he places them)
    while not (s.decision.kind == "turn" and s.current_player == i):  # Raschid takes coins and ends his turn
        s = s.apply(next((a for a in s.legal_actions() if a.kind in ("take_coins", "end_turn")),
                         s.legal_actions()[0]))
    t = evaluation.rounds_left(s, i)
    trip = evaluation.trip_value(s, i, t)
    assert trip > 0
    assert trip < max(evaluation.post_value(s, i, city, t) for city in s.components.locations)
    p = s.players[i]
    assert evaluation.trip_value(s.with_player(i, dice=p.dice[:1]), i, t) == 0
    assert evaluation.trip_value(s.with_player(i, coins=2), i, t) == 0  # one step costs 3 coins
    low = evaluation.trip_value(s.with_player(i, dice=(1,) * len(p.dice)), i, t)
    high = evaluation.trip_value(s.with_player(i, dice=(6,) * len(p.dice)), i, t)
    assert 0 < low <= high
    travelled = s.apply(next(a for a in s.legal_actions() if a.kind == "travel" and not a.black))
    assert travelled.players[i].dice and evaluation.trip_value(travelled, i, t) == 0


def test_the_plan_counts_at_its_share(monkeypatch: pytest.MonkeyPatch):
    """The plan (what later journeys bring, their costs not charged) counts PLAN of its worth, less
    than the whole of it."""
    s = mp.new_game(2, ruleset="voyages", seed=4)
    i = s.current_player
    later = float(s.rounds - s.round)
    plan = evaluation.plan_value(s, i, later)
    with monkeypatch.context() as m:
        m.setattr(evaluation, "PLAN", 0.0)
        without = evaluation.value(s, i)
    assert plan > 0 and 0 < evaluation.PLAN < 1
    assert evaluation.value(s, i) - without == pytest.approx(evaluation.PLAN * plan)
