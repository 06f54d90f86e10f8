"""Schmidt Marco Polo: one test (or a few) per rule of seed 001, with the log's citation, the
illegal-action messages and the state left unchanged by an illegal action.

Positions are set up with ``with_player``; chance (the spinner, the dice, the top card of a deck)
is chosen by trying reseeds of the same position, so every test goes through the public API."""

from __future__ import annotations

import pytest

import mp_notebook as mp
from mp_notebook.rulesets.schmidt import rules
from mp_notebook.rulesets.schmidt.components import components

C = components()


def game(players: int = 2, seed: int = 1) -> mp.GameState:
    return mp.new_game(players, ruleset="schmidt", seed=seed)


def spin_to(s: mp.GameState, ring: str, result: str, fight: str | None = None) -> mp.GameState:
    """``s`` after a spin of ``ring`` showing ``result`` (``fight``: 'lost'/'won', the dice)."""
    for k in range(5000):
        t = s.reseed(k).apply(f"spin {ring}")
        if t.spun == (ring, result) and (fight is None or (fight == "lost") == (t.decision.kind == "ransom")):
            return t
    raise AssertionError("no reseed gives that spin")


def with_top(s: mp.GameState, colour: str, card: str) -> mp.GameState:
    """``s`` reseeded so that ``card`` is on top of ``colour``'s deck."""
    for k in range(5000):
        t = s.reseed(k)
        if t.decks[colour][0] == card:
            return t
    raise AssertionError("no reseed puts that card on top")


def arrive(s: mp.GameState, city: str, **edits: object) -> mp.GameState:
    """Seat 0 (whose turn it is) arrives in ``city`` with a land move of 1 space."""
    start = C.neighbours["land"][city][0]
    s = s.with_player(0, location=start, mode="land", **edits)
    t = spin_to(s, "land", "1")
    return t.apply(f"move {city}")


def refused(s: mp.GameState, action: str, *fragments: str) -> None:
    """``action`` raises IllegalAction whose message holds every fragment; ``s`` is unchanged."""
    before = s.to_json()
    with pytest.raises(mp.IllegalAction) as info:
        s.apply(action)
    for f in fragments:
        assert f in str(info.value), str(info.value)
    assert s.to_json() == before


def rules_logged(s: mp.GameState, since: int = 0) -> list[str]:
    return [e.rule for e in s.log[since:]]


# ------------------------------------------------------------------------------- set-up


def test_game_preparation() -> None:
    s = game(3, seed=4)
    assert [p.gulden for p in s.players] == [240] * 3 and {p.location for p in s.players} == {"Venice"}
    assert s.current_player == 0 and s.decision.kind == "turn"
    assert {colour: len(deck) for colour, deck in s.decks.items()} == dict.fromkeys(C.colours, 14)
    assert s.log[0].rule == rules.R_SETUP and "1000 Gulden" in s.log[0].text
    for bad in (1, 5, ["A", "A"]):
        with pytest.raises(ValueError):
            mp.new_game(bad, ruleset="schmidt", seed=1)


def test_the_components_of_the_seed() -> None:
    values = sorted(card.value for card in C.cards.values() if card.colour == "green" and not card.joker)
    assert len(C.cards) == 56 and values == [30, 30, 50, 50, 50, 50, 80, 80, 80]
    assert sum(values) == 500 and len(C.jokers) == 20
    assert C.rules.plaque_value == C.rules.secrets_value == 240 and C.rules.return_capital == {2: 1200, 3: 1000, 4: 800}


# ------------------------------------------------------------------------------- moving


def test_a_port_offers_both_rings_elsewhere_one() -> None:
    s = game()
    assert sorted(a.choice for a in s.legal_actions()) == ["land", "sea"]  # Venice is a port
    t = s.with_player(0, location="Sofia")
    assert [str(a) for a in t.legal_actions()] == ["spin land"]
    refused(t, "spin sea", "route type changes only at a port", rules.R_PORT)
    u = s.with_player(0, location="Constantinople").apply("spin sea")
    assert u.players[0].mode == "sea" and rules.R_PORT in rules_logged(u)


def test_move_exactly_the_spaces_shown() -> None:
    s = spin_to(game().with_player(0, location="Sofia"), "land", "2")
    assert s.decision.kind == "move" and s.decision.about == 2
    # Sofia -> Constantinople -> Ankara; towards Venice the way ends at Belgrade (Venice is closed)
    assert sorted(a.choice for a in s.legal_actions()) == ["Ankara", "Belgrade"]
    refused(s, "move Constantinople", "not exactly 2 spaces", rules.R_MOVE)
    t = s.apply("move Ankara")
    assert t.players[0].location == "Ankara" and t.log[-1].rule == rules.R_MOVE and t.current_player == 1
    assert t.log[-1].text == "Player 1 moves to Ankara on a spin of 2"
    one = spin_to(game().with_player(0, location="Sofia"), "land", "1")
    assert one.decision.text == "Player 1: move 1 space on the land route"
    refused(one, "move Ankara", "Ankara is not exactly 1 space away", rules.R_MOVE)
    assert one.apply("move Constantinople").log[-1].text == "Player 1 moves to Constantinople on a spin of 1"


def test_an_occupied_space_cannot_be_the_end_of_a_move() -> None:
    s = game().with_player(0, location="Sofia").with_player(1, location="Ankara")
    t = spin_to(s, "land", "2")
    assert [a.choice for a in t.legal_actions()] == ["Belgrade"]
    refused(t, "move Ankara", "occupied by Player 2", rules.R_OCCUPIED)
    u = spin_to(game(3).with_player(0, location="Sofia").with_player(1, location="Ankara")
                .with_player(2, location="Belgrade"), "land", "2")
    assert u.current_player == 1 and u.players[0].location == "Sofia"  # the turn is lost
    assert u.log[-1].rule == rules.R_OCCUPIED and "loses the turn" in u.log[-1].text


def test_trading_cities_hold_several_pieces() -> None:
    s = game().with_player(1, location="Constantinople")
    t = arrive(s, "Constantinople")
    assert t.players[0].location == t.players[1].location == "Constantinople"


# ------------------------------------------------------------------------------- pirates and bandits


def test_losing_to_pirates_costs_a_card_or_the_bribe() -> None:
    s = game().with_player(0, cards=["red30a", "blue80a"])
    t = spin_to(s, "sea", "pirates", fight="lost")
    assert t.players[0].location == "Venice" and t.log[-1].rule == rules.R_FIGHT and "the pirates win" in t.log[-1].text
    assert sorted(a.choice for a in t.legal_actions()) == ["blue80a", "bribe", "red30a"]
    card = t.apply("ransom red30a")
    assert card.players[0].cards == ("blue80a",) and card.booty["sea"] == (0, ("red30a",))
    bribe = t.apply("ransom bribe")
    assert bribe.players[0].gulden == 190 and bribe.booty["sea"] == (50, ())
    refused(t, "ransom plaque", "a ware card or the bribe, not 'plaque'", rules.R_FIGHT)


def test_a_merchant_short_of_the_bribe_may_still_prefer_it_and_sells_to_pay() -> None:
    """Seed 001: the loser gives a ware card "or, if he prefers, pay a bribe of 50 Gulden"; "Paying
    Debts": who cannot pay a required amount sells cards to the bank. With 40 Gulden, an 80 card
    and a 30 card he may bribe: he sells the 80 card (120 Gulden), pays 50 and keeps 70 and the 30
    card, where giving a card would have cost him a card. (The engine once withheld the bribe.)"""
    poor = spin_to(game().with_player(0, gulden=40, cards=["red30a", "blue80a"]), "sea", "pirates", fight="lost")
    assert sorted(a.choice for a in poor.legal_actions()) == ["blue80a", "bribe", "red30a"]
    debt = poor.apply("ransom bribe")
    assert debt.decision.kind == "debt" and debt.decision.player == 0
    assert sorted(a.choice for a in debt.legal_actions()) == ["blue80a", "red30a"]
    paid = debt.apply("pay_debt blue80a")
    p = paid.players[0]
    assert (p.gulden, p.cards, paid.booty["sea"]) == (70, ("red30a",), (50, ()))
    assert [e.rule for e in paid.log[-3:]] == [rules.R_FIGHT, rules.R_DEBT, rules.R_FIGHT]
    assert "bribe of 50 Gulden" in paid.log[-3].text and "sells a" in paid.log[-2].text
    assert paid.log[-1].text.endswith("pays 50 Gulden to the pirates' space")
    assert mp.GameState.from_json(paid.to_json()) == paid


def test_a_bribe_with_nothing_to_sell_sends_the_merchant_back_to_venice() -> None:
    """"If he has neither money nor cards to sell, he must return to Venice" and start again with 240."""
    broke = spin_to(game().with_player(0, gulden=20, cards=[]), "sea", "pirates", fight="lost")
    assert [a.choice for a in broke.legal_actions()] == ["bribe"]
    t = broke.apply("ransom bribe")
    assert t.booty["sea"] == (20, ()) and t.players[0].gulden == 240 and t.players[0].location == "Venice"
    assert t.log[-1].rule == rules.R_DEBT and "starts again with 240 Gulden" in t.log[-1].text


def test_a_fights_winner_may_take_the_booty_of_that_ring_or_leave_it() -> None:
    s = spin_to(game().with_player(0, cards=["red30a"]), "sea", "pirates", fight="lost").apply("ransom red30a")
    t = spin_to(s, "sea", "pirates", fight="won")  # seat 1 beats the pirates
    assert t.decision.kind == "booty" and t.decision.player == 1 and t.decision.about == "sea"
    assert [str(a) for a in t.legal_actions()] == ["booty take", "booty leave"]
    assert "wins and may take their booty" in t.log[-1].text and t.log[-1].rule == rules.R_FIGHT
    refused(t, "booty keep", "take or leave", rules.R_FIGHT)
    refused(t, "end_turn", "waiting for", rules.R_FIGHT)
    taken = t.apply("booty take")
    assert taken.players[1].cards == ("red30a",) and taken.booty["sea"] == (0, ())
    assert taken.log[-1].rule == rules.R_FIGHT and taken.current_player == 0
    left = t.apply("booty leave")  # the booty stays on the pirates' space ...
    assert left.players[1].cards == () and left.booty["sea"] == (0, ("red30a",)) and left.current_player == 0
    later = spin_to(left.with_player(0, gulden=100), "sea", "pirates", fight="won").apply("booty take")
    assert later.players[0].cards == ("red30a",) and later.booty["sea"] == (0, ())  # ... for a later winner


def test_a_fight_won_at_an_empty_space_gives_nothing_to_decide() -> None:
    s = spin_to(game().with_player(0, cards=["red30a"]), "sea", "pirates", fight="lost").apply("ransom red30a")
    assert "booty piles — sea: 0 Gulden + 1 card, land: 0 Gulden + 0 cards<" in s._repr_html_()
    land = spin_to(s, "land", "bandits", fight="won")
    assert land.decision.kind == "turn" and land.current_player == 0  # the land pile is empty
    assert "Player 2 receives nothing" in land.log[-1].text and land.log[-1].rule == rules.R_FIGHT
    assert land.players[1].cards == () and land.booty["sea"] == (0, ("red30a",))  # the sea pile stays


def test_the_plaque_protects_until_the_mission_is_done() -> None:
    s = game().with_player(0, plaque="Quinsai")
    t = spin_to(s, "sea", "pirates")
    assert t.decision.kind == "turn" and t.log[-1].rule == rules.R_MISSION and "protects" in t.log[-1].text
    done = game().with_player(0, plaque="Quinsai", secrets=True)
    assert spin_to(done, "sea", "pirates", fight="lost").decision.kind == "ransom"


# ------------------------------------------------------------------------------- trading


def test_selling_one_colour_at_face_value_before_buying() -> None:
    s = arrive(game(), "Constantinople", cards=["green80a", "green30a", "blue50a"])
    assert s.decision.kind == "trade"
    t = s.apply("sell green80a")
    assert t.players[0].gulden == 320 and t.decks["green"][-1] == "green80a" and t.log[-1].rule == rules.R_SELL
    refused(t, "sell blue50a", "one colour", rules.R_SELL)
    u = t.apply("sell green30a").apply("buy")
    refused(u, "sell blue50a", "selling comes before buying", rules.R_SELL)


def test_buying_blind_draws_of_the_city_colour_at_most_three() -> None:
    s = arrive(game(), "Constantinople", gulden=500)  # a red trading city
    s = next(t for t in map(s.reseed, range(100)) if not any(C.cards[x].joker for x in t.decks["red"][:3]))
    for _ in range(3):
        assert s.decision.kind == "trade"
        s = s.apply("buy")
    assert s.players[0].gulden == 440 and all(C.cards[x].colour == "red" for x in s.players[0].cards)
    assert rules.R_BUY in rules_logged(s) and s.decision.kind != "trade"  # nothing left to do: the turn ended


def test_buying_needs_the_money() -> None:
    s = arrive(game(), "Constantinople", gulden=10, cards=["red80a"])
    refused(s, "buy", "a card costs 20 Gulden", rules.R_BUY)


def test_trading_with_a_merchant_present_on_arrival() -> None:
    s = game().with_player(1, location="Constantinople", cards=["blue80a"])
    t = arrive(s, "Constantinople")
    assert "deal 1" in [str(a) for a in t.legal_actions()]
    u = t.apply("deal 1")
    assert u.players[0].cards == ("blue80a",) and u.players[0].gulden == 210 and u.players[1].gulden == 270
    assert rules.R_DEAL in rules_logged(u, -3) and u.current_player == 1  # one card, one merchant; no bank draws
    bought = t.apply("buy")
    refused(bought, "deal 1", "not after buying", rules.R_DEAL)


def test_no_trading_with_a_merchant_who_arrives_later() -> None:
    s = arrive(game(), "Constantinople").with_player(1, location="Constantinople", cards=["blue80a"])
    assert "deal 1" not in [str(a) for a in s.legal_actions()]


# ------------------------------------------------------------------------------- jokers


def test_a_joker_counts_as_a_draw_and_its_extra_card_is_free() -> None:
    s = with_top(arrive(game(), "Constantinople", gulden=500), "red", "red:khan_protects_2")
    t = s.apply("buy")
    assert len(t.players[0].cards) == 1 and t.visit[2] == 1  # one paid draw, one free card
    assert t.decks["red"][-1] == "red:khan_protects_2" and rules.R_JOKER in rules_logged(t)


def test_jokers_that_cost_money_and_the_typhoon() -> None:
    s = with_top(arrive(game(), "Constantinople", gulden=100), "red", "red:bath")
    assert s.apply("buy").players[0].gulden == 60
    sea = with_top(arrive(game(), "Acre", gulden=100), "green", "green:typhoon")
    assert sea.apply("buy").players[0].gulden == 80  # on land: no new ship
    at_sea = sea.with_player(0, mode="sea")
    assert at_sea.apply("buy").players[0].gulden == 50


def test_the_seeds_example_two_extra_cards_from_a_local_lord_may_be_drawn() -> None:
    """The seed's example quotes the card as "... and may draw two extra cards": each is offered."""
    s = with_top(arrive(game(), "Kashgar", gulden=500), "brown", "brown:local_lord")
    s = next(t for t in map(s.reseed, range(2000))
             if t.decks["brown"][0] == "brown:local_lord" and not any(C.cards[x].joker for x in t.decks["brown"][1:3]))
    t = s.apply("buy")
    assert t.decision.kind == "extra_card" and t.decision.about == 2 and t.players[0].cards == ()
    assert [str(a) for a in t.legal_actions()] == ["extra_card take", "extra_card decline"]
    refused(t, "buy", "waiting for", rules.R_JOKER)
    one = t.apply("extra_card take")
    assert len(one.players[0].cards) == 1 and one.decision.kind == "extra_card" and one.decision.about == 1
    both = one.apply("extra_card take")
    assert len(both.players[0].cards) == 2 and both.visit[2] == 1 and both.players[0].gulden == 480
    assert "buy" in [a.kind for a in both.legal_actions()]  # two more paid draws allowed
    only_one = one.apply("extra_card decline")  # the second is declined after the first is drawn
    assert len(only_one.players[0].cards) == 1 and only_one.decision.kind == "trade"
    none = t.apply("extra_card decline")  # declining the first lets the second lapse
    assert none.players[0].cards == () and none.decision.kind == "trade" and none.decks["brown"] == t.decks["brown"]
    assert "declines the free brown cards (2)" in none.log[-1].text and none.log[-1].rule == rules.R_JOKER
    refused(t, "extra_card later", "take or decline", rules.R_JOKER)


def test_a_merchant_who_cannot_pay_a_gift_sells_a_card() -> None:
    s = with_top(arrive(game(3), "Acre"), "green", "green:birthday").with_player(2, gulden=10, cards=["red50a"])
    t = s.apply("buy")
    assert t.decision.kind == "debt" and t.current_player == 2 and t.decision.about == 40
    refused(t, "pay_debt red50b", "holds no card", rules.R_DEBT)
    u = t.apply("pay_debt red50a")
    assert [p.gulden for p in u.players] == [300, 200, 20]


def test_gifts_from_every_merchant() -> None:
    s = with_top(arrive(game(3), "Acre"), "green", "green:birthday")
    t = s.apply("buy")
    assert [p.gulden for p in t.players] == [220 + 80, 200, 200]


def test_send_a_merchant_and_go_to_sansibar() -> None:
    s = with_top(arrive(game(), "Acre"), "green", "green:pope")
    t = s.apply("buy")
    assert t.decision.kind == "pick" and sorted(a.choice for a in t.legal_actions()) == ["0", "1", "none"]
    u = t.apply("pick 1")
    assert u.players[1].location == "Acre"
    k = with_top(arrive(game(), "Constantinople"), "red", "red:karakorum").apply("buy")
    assert sorted(a.choice for a in k.legal_actions()) == ["1"]  # not yourself, and not optional
    assert k.apply("pick 1").players[1].location == "Karakorum"
    z = with_top(arrive(game(), "Tabriz", gulden=500), "blue", "blue:sansibar").apply("buy")
    assert z.players[0].location == "Sansibar" and z.players[0].mode == "sea" and z.current_player == 1


def end_protected_turn(s: mp.GameState) -> mp.GameState:
    """Seat 0, protected by a Plaque, spins a fight: the turn ends at once."""
    ring = s.legal_actions()[0].choice
    return spin_to(s, ring, "pirates" if ring == "sea" else "bandits")


def test_a_strong_wind_two_extra_turns_each_taken_or_declined() -> None:
    s = with_top(arrive(game(), "Kashgar", plaque="Quinsai"), "brown", "brown:wind").apply("buy")
    assert "strong wind" in s.log[-1].text and s.decision.kind == "trade"  # the trading visit goes on
    w = s.apply("end_turn")
    assert w.decision.kind == "extra_turn" and w.current_player == 0 and w.decision.about == 2
    assert [str(a) for a in w.legal_actions()] == ["extra_turn take", "extra_turn decline"]
    refused(w, "spin land", "waiting for", rules.R_JOKER)
    refused(w, "extra_turn later", "take or decline", rules.R_JOKER)
    first = w.apply("extra_turn take")
    assert first.decision.kind == "turn" and first.current_player == 0 and first.round == w.round
    assert "takes an extra turn (1 more after it)" in first.log[-1].text and first.log[-1].rule == rules.R_JOKER
    second = end_protected_turn(first)  # the second extra turn is offered after the first is played
    assert second.decision.kind == "extra_turn" and second.decision.about == 1
    assert end_protected_turn(second.apply("extra_turn take")).current_player == 1  # two, then play passes on
    one_only = second.apply("extra_turn decline")
    assert one_only.current_player == 1 and one_only.extra_turns == 0 and one_only.log[-1].rule == rules.R_JOKER
    none = w.apply("extra_turn decline")  # declining the first lets the second lapse
    assert none.current_player == 1 and none.extra_turns == 0 and "declines the extra turns (2)" in none.log[-1].text
    for kept in (w, second):  # a pending "may" saves and replays
        assert mp.GameState.from_json(kept.to_json()) == kept and mp.replay(kept.setup, kept.history) == kept


def test_deals_and_joining() -> None:
    d = with_top(arrive(game(), "Tabriz"), "blue", "blue:deal").apply("buy").apply("pick 1")
    assert d.players[0].gulden == 250 and d.players[1].gulden == 210
    j = with_top(arrive(game(), "Tabriz"), "blue", "blue:danger").apply("buy").apply("pick 1")
    assert j.players[1].location == "Tabriz"


# ------------------------------------------------------------------------------- Khanbalik and the mission


def test_khanbalik_needs_three_wares_of_80() -> None:
    s = game().with_player(0, location="Shangdu", cards=["red80a", "blue80a", "green50a"])
    t = spin_to(s, "land", "1")
    assert "Khanbalik" not in [a.choice for a in t.legal_actions()]
    refused(t, "move Khanbalik", "enters Khanbalik only with 3 ware cards", rules.R_KHANBALIK)


def test_entering_khanbalik_ends_the_move_gifts_and_plaque() -> None:
    s = game().with_player(0, location="Shangdu", cards=["red80a", "blue80a", "green80a", "brown80a"])
    t = spin_to(s, "land", "3")
    assert "Khanbalik" in [a.choice for a in t.legal_actions()]  # the entry ends a longer move
    u = t.apply("move Khanbalik")
    assert u.decision.kind == "gift" and u.decision.about == 3
    for card in ("red80a", "blue80a", "green80a"):
        u = u.apply(f"gift {card}")
    p = u.players[0]
    assert p.cards == ("brown80a",) and p.plaque in C.rules.missions and p.plaque not in u.plaques
    assert u.log[-1].rule == rules.R_KHANBALIK and u.decision.kind == "trade"


def test_with_a_plaque_khanbalik_is_an_ordinary_trading_city() -> None:
    s = spin_to(game().with_player(0, location="Shangdu", plaque="Pagan"), "land", "2")
    assert {"Jinan", "Taiyuan"} <= {a.choice for a in s.legal_actions()}  # through Khanbalik
    t = spin_to(game().with_player(0, location="Shangdu", plaque="Pagan"), "land", "1").apply("move Khanbalik")
    assert t.decision.kind == "trade" and t.players[0].plaque == "Pagan"


def test_arriving_in_the_mission_city_gives_the_secrets() -> None:
    s = arrive(game(), "Karajang", plaque="Karajang")
    assert s.players[0].secrets and s.secrets_left == 3
    assert any(e.rule == rules.R_MISSION and "Secrets" in e.text for e in s.log)


# ------------------------------------------------------------------------------- return and debts


def test_return_to_venice_only_as_a_made_man() -> None:
    ready = dict(plaque="Quinsai", secrets=True, gulden=400, cards=["green80a", "red80a", "blue50a", "brown30a"])
    s = game().with_player(0, location="Belgrade", **ready)  # 400 + 240 + 240 + 240 = 1120 < 1200
    t = spin_to(s, "land", "1")
    refused(t, "move Venice", "1200 Gulden of capital (has 1120)", rules.R_RETURN)
    rich = spin_to(s.with_player(0, gulden=480), "land", "3")  # Venice ends the move
    assert "Venice" in [a.choice for a in rich.legal_actions()]
    won = rich.apply("move Venice")
    assert won.is_over and won.winner == 0 and won.log[-1].rule == rules.R_RETURN
    assert won.scores()["winner"].tolist() == [True, False] and won.scores().loc["Player 1", "total"] == 1200
    colours = s.with_player(0, gulden=600, cards=["green80a", "red80a", "blue50a"])
    assert "brown (0)" in " ".join(rules.return_check(colours, 0))
    four = game(4).with_player(0, location="Belgrade", **ready)  # 4 players: 800 are enough
    assert rules.return_check(four, 0) == []


def test_debts_are_paid_by_selling_cards_then_a_restart_in_venice() -> None:
    s = with_top(arrive(game(), "Tabriz", cards=["red30a"]), "blue", "blue:tartar")
    t = s.with_player(0, gulden=20).apply("buy")  # 0 Gulden left, owes 20
    assert t.decision.kind == "debt" and [str(a) for a in t.legal_actions()] == ["pay_debt red30a"]
    u = t.apply("pay_debt red30a")
    assert u.players[0].gulden == 10 and rules.R_DEBT in rules_logged(u, -3)
    broke = s.with_player(0, gulden=20, cards=[]).apply("buy")
    p = broke.players[0]
    assert p.location == "Venice" and p.gulden == 240 and broke.log[-1].rule == rules.R_DEBT


# ------------------------------------------------------------------------------- protocol


def test_notation_and_errors() -> None:
    s = game()
    for a in s.legal_actions():
        assert s.apply(str(a)) == s.apply(a)
    with pytest.raises(mp.NotationError):
        s.apply("spin")
    refused(s, "end_turn", "waiting for")
    trading = arrive(game(), "Constantinople", cards=["red80a"])
    refused(trading, "gift red80a", "waiting for", rules.R_BUY)
    refused(s, mp.Action("spin", 1, choice="land"), "not seat 1's")


def test_with_player_validates_and_reseed_resamples() -> None:
    s = game()
    for bad in ({"gulden": -1}, {"cards": ["green:hunt"]}, {"location": "Atlantis"}, {"plaque": "Venice"},
                {"mode": "air"}, {"camels": 3}):
        with pytest.raises(ValueError):
            s.with_player(0, **bad)
    t = s.with_player(0, cards=["green80a"]).with_player(1, cards=["green80a"])
    assert t.players[0].cards == () and t.players[1].cards == ("green80a",)
    assert "green80a" not in t.decks["green"] and mp.replay(t.setup, t.history) == t
    assert s.reseed(3).decks != s.decks and s.reseed(3) == s.reseed(3)
    assert "Player 1" in s._repr_html_()
