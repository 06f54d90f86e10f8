"""The Schmidt game's evaluation for the computer players (``rulesets/schmidt/evaluation.py``):
what makes GreedyAgent chase the mission and the return. Its strength against the greedy before
issue 35 and the rounds of its self-play games are printed by ``bench/agents.py --only schmidt``."""

from __future__ import annotations

import mp_notebook as mp
from mp_notebook.rulesets.schmidt import evaluation
from mp_notebook.rulesets.schmidt.rules import capital, return_check

READY = {"plaque": "Quinsai", "secrets": True}
COLOURS = ["red50a", "green50a", "blue50a", "brown50a"]  # one card of each ware colour


def test_a_gift_for_the_khan_is_worth_more_than_its_price_before_the_plaque() -> None:
    s = mp.new_game(2, ruleset="schmidt", seed=1)
    p = s.players[0]
    kept = s.with_player(0, cards=["brown80a"])
    sold = s.with_player(0, gulden=p.gulden + 80)
    assert capital(s.components, kept.players[0]) == capital(s.components, sold.players[0])
    assert evaluation.value(kept, 0) > evaluation.value(sold, 0) + 10  # not sold for its 80 Gulden


def test_short_of_capital_the_way_home_goes_by_a_trading_city() -> None:
    """A merchant one space from Venice who may not return yet (10 Gulden short) is not nearly
    home: he must trade first, so a trading city farther away is worth as much or more."""
    s = mp.new_game(2, ruleset="schmidt", seed=1)
    c = s.components
    near = next(x for x in c.neighbours["sea"][c.start] if x not in c.trading_cities)
    city = min((x for x in c.trading_cities if "sea" in c.modes_at(x)), key=lambda x: c.distance[c.start][x])
    assert c.distance[c.start][city] > c.distance[c.start][near]
    short = {**READY, "cards": COLOURS}
    base = s.with_player(0, **short)
    gulden = c.rules.return_capital[2] - 10 - capital(c, base.players[0]) + base.players[0].gulden
    at_near = s.with_player(0, location=near, mode="sea", gulden=gulden, **short)
    at_city = s.with_player(0, location=city, mode="sea", gulden=gulden, **short)
    assert return_check(at_near, 0) == return_check(at_city, 0) != []
    assert evaluation.value(at_city, 0) >= evaluation.value(at_near, 0)
    ready = at_near.with_player(0, gulden=gulden + 10)
    assert return_check(ready, 0) == [] and evaluation.value(ready, 0) > evaluation.value(at_city, 0)


def test_a_card_above_two_of_a_colour_costs_less_than_a_bank_draw_gains() -> None:
    """With the Secrets, a third card of a colour is sold at the next trading city for its value:
    at a trading city, holding it costs less than the 20 Gulden a draw's card is worth beyond its
    price on average, so the merchant keeps buying."""
    s = mp.new_game(2, ruleset="schmidt", seed=1)
    c = s.components
    city = next(iter(sorted(c.trading_cities)))
    two = s.with_player(0, location=city, cards=[*COLOURS, "red30a"], gulden=300, **READY)
    three = two.with_player(0, cards=[*COLOURS, "red30a", "red50b"], gulden=300 - 20)
    assert evaluation.value(three, 0) > evaluation.value(two, 0)


def test_a_merchant_who_may_return_does_not_risk_it_for_a_draw() -> None:
    """Ready to return, a blind draw that could make a third card of a colour costs more than the
    20 Gulden's gain, so the merchant heads home instead of buying on."""
    s = mp.new_game(2, ruleset="schmidt", seed=1)
    c = s.components
    city = next(iter(sorted(c.trading_cities)))
    cards = [*COLOURS, "red30a", "green30a", "blue30a", "brown30a"]
    ready = s.with_player(0, location=city, cards=cards, gulden=1000, **READY)
    assert return_check(ready, 0) == []
    third = ready.with_player(0, cards=[*cards, "red50b"], gulden=1000 - 20)
    assert return_check(third, 0) != []
    assert evaluation.value(ready, 0) - evaluation.value(third, 0) > evaluation.READY - evaluation.COLOUR_EXCESS - 5


def test_cash_below_the_buffer_counts_less_than_cards_of_its_value() -> None:
    """Gulden below the buffer are worth less than a card of the same value: a fine or a bribe
    would force a sale, so the last Gulden are kept unless a draw promises more."""
    s = mp.new_game(2, ruleset="schmidt", seed=1)
    cash = s.with_player(0, gulden=evaluation.BUFFER)
    card = s.with_player(0, gulden=evaluation.BUFFER - 30, cards=["red30a"])
    assert capital(s.components, card.players[0]) == capital(s.components, cash.players[0])
    assert evaluation.value(cash, 0) - evaluation.value(card, 0) == 30 / evaluation.unit * evaluation.CASH_SHORT
