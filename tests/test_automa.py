"""The solo Automa (seed 004): setup, its turn inside apply, each action and its end scoring.

White-box helpers edit the Automa's side directly (``automa_state``) to set up the rare cases."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import mp_notebook as mp
from mp_notebook.rulesets.mp2 import automa
from mp_notebook.rulesets.mp2.automa import automa_components


def solo(level: str = "L2", seed: int = 2, **kw: Any) -> mp.GameState:
    """A solo game at the player's first turn (seed 2: the player is drawn to start)."""
    s = mp.new_game(["Ana"], automa=level, seed=seed, **kw)
    assert s.first_player == 0
    while s.decision.kind != "turn":
        s = s.apply(s.legal_actions()[0])
    return s


def automa_state(s: mp.GameState, **changes: Any) -> mp.GameState:
    """A copy of ``s`` with the Automa's mat/hand changed (test set-up only)."""
    t = s._copy()
    t.automa = replace(t.automa, **changes)
    return t


def board(s: mp.GameState, **changes: Any) -> mp.GameState:
    t = s._copy()
    for k, v in changes.items():
        setattr(t, k, v)
    return t


def automa_events(s: mp.GameState, since: int = 0) -> list[str]:
    return [e.text for e in s.log[since:] if e.player == automa.SEAT]


def test_solo_setup() -> None:
    s = mp.new_game(["Ana"], automa="L1", seed=5)
    a = s.automa
    assert [p.name for p in s.players] == ["Ana", "Automa"] and s.num_players == 2
    assert a.mat == (("A", "coin"), ("B", "coin"), ("C", "coin"), ("D", "coin"))
    assert len(a.contracts) == 1 and s.components.contracts[a.contracts[0]].starting
    assert len(a.deck) == 8 and a.dice == 5 and a.position == -1 and a.slide in automa_components().slides
    bot = s.players[1]
    assert (bot.coins, bot.camels, bot.goal, bot.contracts) == (0, 0, None, ())
    assert len(s.black_pool) == 4 and s.spaces["khan"][1] == (1, 1)  # set up as a 2-player game
    assert s.current_player == 0  # the player's decision (the Automa, if first, has already played)
    with pytest.raises(ValueError, match="L1, L2, L3"):
        mp.new_game(["Ana"], automa="L9", seed=1)
    with pytest.raises(ValueError, match="1 player"):
        mp.new_game(["Ana", "Ben"], automa="L1", seed=1)


def test_solo_first_player_is_drawn_at_random() -> None:
    """004 set-up: "Randomly select a player to be the first player" (002 says the player always
    starts; the solo rulebook is followed)."""
    firsts = {seed: mp.new_game(["Ana"], automa="L2", seed=seed).first_player for seed in range(40)}
    assert set(firsts.values()) == {0, 1}
    seed = next(k for k, first in firsts.items() if first == automa.SEAT)
    s = mp.new_game(["Ana"], automa="L2", seed=seed)
    assert any("Automa starts" in e.text and e.rule.startswith("Solo rules (004)") for e in s.log)
    assert s.current_player == 0 and len(s.automa.deck) == 7  # the Automa has played its first turn
    assert mp.replay(s.setup, s.history) == s
    human = next(k for k, first in firsts.items() if first == 0)
    assert len(mp.new_game(["Ana"], automa="L2", seed=human).automa.deck) == 8


def test_full_solo_setup_offers_three_characters_not_the_automas() -> None:
    s = mp.new_game(["Ana"], automa="L2", seed=8, setup="full")
    offered = {a.choice for a in s.legal_actions()}
    assert s.decision.kind == "pick_character" and len(offered) == 3
    assert s.components.character(s.automa.character).id not in offered


def test_automa_turn_resolves_inside_apply() -> None:
    s = solo()
    s = s.apply(f"khans_favor [{s.players[0].dice[-1]}]")
    n = len(s.log)
    t = s.apply("end_turn")
    assert t.current_player == 0 and t.decision.kind == "turn"
    events = automa_events(t, n)
    assert events[0].startswith("the Automa draws card AC") and len(t.automa.deck) == 7
    assert any(e.rule.startswith("Solo rules (004)") for e in t.log[n:])


def test_first_travel_shows_three_cities_and_reaches_the_next() -> None:
    s = solo(seed=11)
    trip = automa_components().slides[s.automa.slide]
    t = board(s, turn=1)
    assert automa._travel(t, "test")
    assert t.automa.position == 1 and t.players[1].location == trip[1][0]
    assert trip[1][0] in t.players[1].trading_posts
    assert any("first travel: the trip slide shows" in e for e in automa_events(t))


def _at(s: mp.GameState, city: str, position: int, slide: str) -> mp.GameState:
    t = automa_state(s, slide=slide, position=position)
    p = t._player(1)
    object.__setattr__(p, "location", city)
    return t


def test_travel_uses_the_space_for_the_moves_needed() -> None:
    s = solo()
    # S03: Kabul -> Baghdad (4 moves by land: the 3-dice space) -> Hormuz
    t = _at(s, "Balkh", 6, "S03")  # next: Kabul, 1 move
    assert automa._travel(t, "test")
    assert t.spaces["travel:lower"][0] == {1} and t.players[1].location == "Kabul"
    assert any(e.startswith("the Automa places 1 die on the lower Travel space (card test) to reach Kabul in 1 move")
               for e in automa_events(t))
    u = _at(s, "Kabul", 7, "S03")  # next: Baghdad, 4 moves
    assert automa._travel(u, "test")
    assert u.spaces["travel:upper"][0] == {1} and u.players[1].location == "Baghdad"
    assert any(e.startswith("the Automa places 3 dice on the upper Travel space (card test) to reach Baghdad in "
                            "4 moves") for e in automa_events(u))
    v = _at(s, "Xian", 1, "S03")  # next: Dunhuang, 1 move
    v.spaces = {"travel:lower": (frozenset({1}), (6,))}  # its colour is already there, no black dice
    assert automa._travel(v, "test")
    assert v.spaces["travel:middle"][0] == {1}  # forced to the 2-dice space to move one step


def test_advancement_steps_toward_the_next_city() -> None:
    s = solo()
    one, two = _at(s, "Kabul", 7, "S03"), _at(s, "Kabul", 7, "S03")  # next: Baghdad, 4 moves
    automa._advance(one, 1, "test")
    automa._advance(two, 2, "test")
    assert automa_events(one)[-1] == "the Automa advances 1 step to Herat (test)"
    assert automa_events(two)[-1] == "the Automa advances 2 steps to Tabas-Oasis (test)"
    assert (one.players[1].location, two.players[1].location) == ("Herat", "Tabas-Oasis")


def test_forced_onto_the_three_dice_space_it_reaches_the_following_city_too() -> None:
    s = solo()
    t = _at(s, "Xian", 1, "S03")  # next Dunhuang (1 move), then Khotan
    t.spaces = {"travel:lower": (frozenset({1}), (6,)), "travel:middle": (frozenset({1}), (6, 6))}
    assert automa._travel(t, "test")
    assert t.players[1].location == "Khotan" and {"Dunhuang", "Khotan"} <= set(t.players[1].trading_posts)


def test_travel_needs_the_seals_for_sea_routes() -> None:
    s = solo()
    t = _at(s, "Baghdad", 8, "S03")  # next Hormuz: the jeweler sea route or 2 moves by land
    assert automa._path(t, "Baghdad", "Hormuz") == ["Baghdad", "Isfahan", "Hormuz"]
    p = t._player(1)
    object.__setattr__(p, "seal_levels", (("jeweler", False),))
    assert automa._path(t, "Baghdad", "Hormuz") == ["Baghdad", "Hormuz"]


def test_red_letter_removes_the_coin() -> None:
    s = solo()
    t = _at(s, "Samarkand", 5, "S03")  # S03: ... Samarkand/B, Balkh, Kabul, Baghdad/C
    t = board(t, automa=t.automa)
    assert automa._travel(t, "test")  # to Balkh: no letter
    assert t.automa.space("C") == "coin"
    t = _at(t, "Kabul", 7, "S03")
    assert automa._travel(t, "test")  # Baghdad/C
    assert t.automa.space("C") == "open"


def test_books_die_mapping_and_right_to_left_fallback() -> None:
    s = solo()
    for seed in range(40):
        t = board(s.reseed(seed), turn=1)
        rolled = t.reseed(seed)._copy().roll()  # the roll the Automa will make
        t = board(s.reseed(seed), turn=1)
        assert automa._books(t, "test")
        expected = "pepper" if rolled == 1 else "silk" if rolled in (2, 3) else "gold"
        used = [k for k, (colours, _) in t.spaces.items() if k.startswith("book:") and 1 in colours]
        assert used and used[0].startswith("book:" + expected)
    blocked = board(s, spaces={"book:gold-upper": (frozenset({1}), (5,)), "book:gold-lower": (frozenset({1}), (5,))})
    for seed in range(20):
        t = blocked.reseed(seed)._copy()
        assert automa._books(t, "test")
        newly = [k for k, (colours, _) in t.spaces.items() if 1 in colours and k not in blocked.spaces]
        assert newly in (["book:silk"], ["book:pepper"])
        if blocked.reseed(seed)._copy().roll() >= 4:
            assert newly == ["book:silk"]  # gold barred: the first valid space from the right


def test_books_lev0_only_on_empty_spaces_or_skipped() -> None:
    s = solo()
    full = board(s, spaces={f"book:{b}": (frozenset({0}), (3,))
                            for b in ("pepper", "silk", "gold-upper", "gold-lower")})
    assert not automa._books(full, "test", lev0=True)
    one = board(s, spaces={f"book:{b}": (frozenset({0}), (3,)) for b in ("pepper", "silk", "gold-upper")})
    assert automa._books(one, "test", lev0=True)
    assert one.spaces["book:gold-lower"][0] == {1}


def test_khans_favor_roll_when_two_spaces_free_six_when_one() -> None:
    s = solo()  # two neutral 1s: spaces 3 and 4 free
    t = board(s, turn=1)
    assert automa._khans_favor(t, "test")
    assert len(t.spaces["khan"][1]) == 3
    u = board(s, spaces={"khan": (frozenset({0}), (1, 1, 4))})
    assert automa._khans_favor(u, "test")
    assert u.spaces["khan"][1] == (1, 1, 4, 6)


def test_city_action_numbering_and_wrap() -> None:
    s = solo()
    t = s._copy()
    p = t._player(1)
    object.__setattr__(p, "trading_posts", ("Yangzhou", "Jaipur"))
    numbered = automa._city_spaces(t)
    assert [name for _, name in numbered] == ["Yangzhou", "Jaipur-Left", "Jaipur-Right"]
    for seed in range(30):
        u = t.reseed(seed)._copy()
        roll = u.reseed(seed)._copy().roll()
        u = t.reseed(seed)._copy()
        u.spaces = {"card:Yangzhou": (frozenset({0}), (2,))}  # 1 is occupied
        assert automa._city_action(u, "test")
        placed = [k for k, (colours, _) in u.spaces.items() if 1 in colours]
        expected = {2: "card:Jaipur-Left", 3: "card:Jaipur-Right"}.get(roll, "card:Jaipur-Left")
        assert placed == [expected]


def test_external_city_die_mapping() -> None:
    s = solo()
    for seed in range(20):
        t = s.reseed(seed)._copy()
        roll = s.reseed(seed)._copy().roll()
        vp = t.players[1].vp
        assert automa._external_city(t, "test")
        assert t.spaces["card:" + ("Area-1" if roll <= 3 else "Area-2")][0] == {1}
        assert t.players[1].vp == vp + automa_components().skills["L2"].city_action.gain.vp


def test_guild_seal_plus1_and_abcde_priority() -> None:
    s = solo()
    t = s._copy()
    assert automa._guild_seal_plus1(t, "test")
    assert t.automa.space("D") == "seal" and t.players[1].seals == {"farmer": "basic"}
    assert not automa._guild_seal_plus1(t, "test")  # already has the farmer seal: skipped
    u = automa_state(s, mat=(("A", "coin"), ("B", "open"), ("C", "open"), ("D", "coin")))
    assert automa._abcde(u, "test")
    assert u.automa.space("B") == "seal" and u.automa.space("C") == "open" and u.players[1].seals == {"tailor": "basic"}


def test_action_e_takes_the_two_contracts_with_most_vp() -> None:
    s = automa_state(solo(), contracts=())
    t = s._copy()
    p = t._player(1)
    object.__setattr__(p, "trading_posts", ("Xian", "Lhasa"))
    options = [cid for city in ("Xian", "Lhasa") for cid in t.display[city]]
    best = sorted(options, key=lambda c: -t.components.contracts[c].reward.gain.vp)[:2]
    assert automa._abcde(t, "test")
    contracts = t.components.contracts
    assert sorted(t.automa.contracts) == sorted(best) or \
        [contracts[c].reward.gain.vp for c in t.automa.contracts] == [contracts[c].reward.gain.vp for c in best]
    assert automa_state(s, contracts=("R01",))._copy() is not None
    covered = automa_state(t, contracts=("R01",))
    assert not automa._abcde(covered._copy(), "test")  # E is covered while it holds a contract


def test_complete_bonus_priority_seals_then_contracts() -> None:
    s = automa_state(solo(), mat=(("A", "coin"), ("B", "seal"), ("C", "coin"), ("D", "seal")), contracts=("R01",))
    t = s._copy()
    automa._complete_one(t, "test")
    assert t.automa.space("B") == "done" and t.automa.space("D") == "seal"
    automa._complete_one(t, "test")
    assert t.automa.space("D") == "done"
    vp = t.players[1].vp
    automa._complete_one(t, "test")
    reward = t.components.contracts["R01"].reward.gain.vp
    assert t.automa.done == ("R01",) and t.players[1].vp == vp + reward + automa_components().skills["L2"].contract_vp


def test_deck_runs_out_before_the_dice() -> None:
    s = automa_state(solo(), deck=("AC1",), dice=5)
    t = board(s, turn=1)
    automa.take_turn(t)
    assert t.automa.dice == 0 and any("deck is empty" in e for e in automa_events(t))


def test_end_scoring_shield_example() -> None:
    """004: 6 shields from posts + farmer seal completed + 2 uncovered '+1' (pin 4, 6 contracts) = 9 → 17 VP."""
    s = solo("L2")
    tp = automa_components().trading_post_cards["T2"]
    assert (tp.pin, tp.plus_spaces) == (4, 4)
    cities = ["Xian", "Fuzhou", "Dunhuang", "Pagan", "Kashgar", "Khotan"]  # dragon phoenix lotus elephant falcon tiger
    t = automa_state(s, mat=(("A", "coin"), ("B", "coin"), ("C", "coin"), ("D", "done")),
                     done=("R01", "R02", "R03", "R04", "R05", "R06"))
    p = t._player(1)
    object.__setattr__(p, "trading_posts", tuple(cities))
    row = t.scores().loc["Automa"]
    assert row["shields"] == 17
    assert row["contracts"] == 8  # 6 completed >= the player's 0


def test_end_scoring_seals_on_abc() -> None:
    s = solo("L3")
    t = automa_state(s, mat=(("A", "done"), ("B", "seal"), ("C", "done"), ("D", "done")))
    assert t.scores().loc["Automa", "goal_seals"] == 2 * automa_components().trading_post_cards["T3"].seal_vp


@pytest.mark.parametrize("seed", range(100))
def test_solo_games_to_the_end(seed: int) -> None:
    from test_registry_conformance import check_invariants, round_trips

    rng = random.Random(seed)
    s = mp.new_game(["Ana"], automa=("L1", "L2", "L3")[seed % 3], seed=seed, setup="full" if seed % 2 else "quick",
                    variants=("black_dice",) if seed % 5 == 0 else ())
    steps = 0
    while not s.is_over:
        assert s.current_player == 0
        s = s.apply(rng.choice(s.legal_actions()))
        check_invariants(s)
        steps += 1
        if steps % 40 == 0:
            assert pickle_ok(s)
    round_trips(s)
    assert len(s.scores()) == 2


def pickle_ok(s: mp.GameState) -> bool:
    import pickle

    return pickle.loads(pickle.dumps(s)) == s
