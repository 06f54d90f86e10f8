"""The statements the Marco Polo II lesson (notebooks 01 and 01b) teaches that were found wrong,
unlabelled or missing (issues 36 and 53), held to the engine, and the readings and reconstructed values
it teaches labelled where they are taught. The notebooks' checked outputs show the same positions; these
tests say which statement each one backs."""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import mp_notebook as mp
from mp_notebook.lessons import LESSONS
from mp_notebook.rulesets.mp2 import automa
from mp_notebook.rulesets.mp2.citations import R_CARDS, R_FIRST, R_OCCUPIED, R_OUTPOST, R_POSTS, R_ROUND, R_TURN

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS: list[dict[str, Any]] = [json.loads((REPO / part).read_text(encoding="utf-8")) for part in LESSONS["mp2"]]
NOTEBOOK = NOTEBOOKS[0]


def _text(source: str | list[str]) -> str:
    return source if isinstance(source, str) else "".join(source)


MARKDOWN = [" ".join(_text(c["source"]).split())
            for nb in NOTEBOOKS for c in nb["cells"] if c["cell_type"] == "markdown"]
"""Each markdown cell's text (of every part), line breaks read as spaces."""

# (words of a statement, the label the same markdown cell must carry)
LABELLED = [
    ("maximum moves of the middle and upper spaces", "***reconstructed***"),
    ("compensates the setup roll of round 1 too", "*Reading*"),
    ("seat 0 starts", "*reading*"),
    ("the extra post and the post where the move ends both give their placement bonuses", "*reading*"),
    ("cannot be discarded in that same action", "*reading*"),
    ("nobody passes a turn with dice left", "*reading*"),
    ("a player with no completed contract scores nothing here", "*reading*"),
    ("it never offers a split", "*Reading*"),
    ("The first player is drawn at random", "*reading*"),
    ("13+ → 43 VP", "*reconstructed*"),
    ("the guilds of Balkh and Hormuz", "*reconstructed*"),
    ("The improve costs and bonuses are", "*reconstructed*"),
    ("Möngke Khan", "*reading*"),
    ("Filippo Vitello** keeps the outpost bonus tiles", "reading"),
    ("Books, always valid, takes the pepper book", "*Readings*"),
    ("the 8 Automa cards, the 12 trip slides", "components are *reconstructed*"),
    ('orders "pay the travel costs, then move"', "*reading*"),      # each route is paid as it is taken
    ("In the **black dice variant**", "*not in the rulebook*"),     # in neither 002 nor 003
    ("one for each **shield on your goal card**", "*reading*"),      # 002 gives "+1" per improved goal seal
]


@pytest.mark.parametrize(("statement", "label"), LABELLED)
def test_a_reading_or_reconstruction_is_labelled_where_taught(statement: str, label: str) -> None:
    cells = [text for text in MARKDOWN if statement in text]
    assert cells, f"{LESSONS['mp2']} no longer says {statement!r}"
    assert all(label in text for text in cells), f"{LESSONS['mp2']}: {statement!r} is taught without {label!r}"


@pytest.mark.parametrize("wrong", [
    "whoever used the highest Travel space",  # the first player is the last whose space was >= every one before
    "moves up to 3; the",                     # the Travel maxima given as fact (they are reconstructed)
    "Your goal card also shows city shields",  # goal-card shields are not the board's city shields
    "6 cities, Jaipur with two",              # 6 card spaces in 5 cities (004; the engine's cards)
    "which contracts, special cities and city cards need",  # the action-area cards need no post
    "the money bag twice",                    # that answer is refused: a main action is due first
])
def test_a_wrong_statement_is_gone(wrong: str) -> None:
    assert not any(wrong in text for text in MARKDOWN), f"{LESSONS['mp2']} says {wrong!r} again"


def test_the_travel_maxima_taught_as_reconstructed_are_the_data_files() -> None:
    header = resources.files("mp_notebook.rulesets.mp2").joinpath("data", "rules.toml").read_text("utf-8")
    assert "the maximum moves of the middle and upper Travel spaces" in " ".join(header.replace("#", "").split())
    travel = {t.name: t for t in mp.new_game(2, seed=1).components.rules.travel}
    shown = "".join(_text(o.get("text", "")) for c in NOTEBOOK["cells"] for o in c.get("outputs", []))
    for name in ("middle", "upper"):
        assert f"{name}: {travel[name].dice} dice, at most {travel[name].max_moves} moves (reconstructed)" in shown


def _start() -> mp.GameState:
    return mp.new_game(["Ana", "Ben"], seed=7).apply("compensation coins=2,camels=1")


def _first_player_events(before: mp.GameState, after: mp.GameState) -> list[int | None]:
    return [e.player for e in after.log[len(before.log):] if e.rule == R_FIRST]


def test_the_first_player_is_the_last_whose_space_matched_every_one_before() -> None:
    s = _start()
    ana_lower = s.apply("travel [1] lower").apply("move Xian").apply("done").apply("end_turn")
    ben_lower = ana_lower.apply("travel [1] lower").apply("move Xian").apply("done").apply("end_turn")
    assert _first_player_events(s, ben_lower) == [0, 1]  # equal counts: Ben, the last, takes the hourglass
    ana_middle = s.apply("travel [3,4] middle").apply("move Xian").apply("done").apply("done").apply("end_turn")
    ben_after = ana_middle.apply("travel [1] lower").apply("move Xanadu").apply("end_turn")
    assert _first_player_events(s, ben_after) == [0]  # a lower space than one used before: no change


def test_a_special_citys_marker_pays_on_placing_the_post_and_every_round() -> None:
    far = _start().with_player(0, location="Isfahan", trading_posts=["Isfahan"])
    placed = far.apply("travel [1] lower").apply("move Baghdad")
    new = placed.log[len(far.log):]
    assert any(e.rule == R_POSTS and "city bonus of Baghdad" in e.text for e in new)
    bots = [mp.agents.RandomAgent(seed=1), mp.agents.RandomAgent(seed=2)]
    later = placed
    while later.round == 1:
        later = later.apply(bots[later.current_player].choose(later))
    assert any(e.round == 2 and e.rule == R_ROUND and e.player == 0 and "city bonus of Baghdad" in e.text
               for e in later.log)


def test_goal_card_shields_add_one_each_beside_the_boards_city_shields() -> None:
    s = _start()
    goal = s.components.goals[s.players[0].goal]
    track = s.components.rules.shield_track
    matching = next(c for c, loc in s.components.locations.items() if loc.shield == goal.shields[0])
    other = next(c for c, loc in s.components.locations.items()
                 if loc.kind == "city" and loc.shield and loc.shield not in goal.shields and c != s.board.start)
    assert s.with_player(0, trading_posts=[other]).scores().loc["Ana", "shields"] == track[1]
    assert s.with_player(0, trading_posts=[matching]).scores().loc["Ana", "shields"] == track[2]
    assert s.with_player(0, trading_posts=[matching, other]).scores().loc["Ana", "shields"] == track[3]


def test_the_round_start_is_taught_in_the_rulebooks_order() -> None:
    steps = ["take back the dice", "new offer tiles", '"!" bonuses', "two new city cards", "everybody rolls"]
    cells = [text for text in MARKDOWN if text.startswith("## 6. A new round")]
    assert len(cells) == 1
    where = [cells[0].find(step) for step in steps]
    assert -1 not in where and where == sorted(where), where


def test_city_cards_lie_in_five_cities_one_of_them_jaipur_with_two() -> None:
    """003 has 6 card spaces by the cities; 004 names the card cities: 5 cities, Jaipur with two."""
    c = _start().components
    cities = {loc for loc in c.card_spaces.values()}
    assert len(c.card_spaces) == 6 and len(cities) == 5
    assert [space for space, city in c.card_spaces.items() if city == "Jaipur"] == ["Jaipur-Left", "Jaipur-Right"]
    assert any("Five cities hold city cards" in text and "six card spaces" in text for text in MARKDOWN)


def test_the_action_area_cards_need_no_trading_post() -> None:
    """003: the two cards in the action area may be used from the start of the game, without posts."""
    s = _start().with_player(0, goods={"pepper": 2})
    assert s.players[0].trading_posts == ()
    assert "city_card [1] Area-2" in [str(a) for a in s.legal_actions()]
    with pytest.raises(mp.IllegalAction, match="you need a trading post in Xanadu"):
        s.apply("city_card [1] Xanadu")


def test_the_money_bag_twice_does_not_end_a_turn_with_dice_left() -> None:
    s = _start().apply("money_bag [1] jade").apply("money_bag [1] jade")
    with pytest.raises(mp.IllegalAction, match=r"you still have dice and must take a main action first \(Rulebook: "
                                               r"A Game Turn\)"):
        s.apply("end_turn")
    assert R_TURN == "Rulebook: A Game Turn"


def test_an_occupied_travel_space_costs_the_lowest_die_under_the_occupied_space_rule() -> None:
    """The middle Travel space costs nothing itself; Ben pays his lowest die because Ana's dice are there."""
    s = _start()
    middle = next(t for t in s.components.rules.travel if t.name == "middle")
    assert middle.coins == 0
    ana = s.apply("travel [3,4] middle").apply("move Xian").apply("done").apply("done").apply("end_turn")
    ben = ana.apply("travel [3,3] middle")
    fee = [e for e in ben.log[len(ana.log):] if " pays " in e.text]
    assert [(e.text, e.rule) for e in fee] == [
        ("Ben pays 3 coins (middle Travel space was occupied: the lowest die placed)", R_OCCUPIED)]
    lower = _start().apply("travel [1] lower").apply("move Xanadu").apply("end_turn").apply("travel [1] lower")
    assert lower.log[-1].text == "Ben pays 3 coins (lower Travel space: 2 coins, and 1 as it was occupied " \
                                 "(the lowest die placed))"


def test_kashgar_gives_its_city_bonus_and_its_outpost_tile_at_once_and_its_card_from_the_next_turn() -> None:
    near = _start().with_player(0, location="Kuqa-Oasis", coins=20, camels=10)
    there = near.apply("travel [1] lower").apply("move Kashgar")
    new = [(e.rule, e.text) for e in there.log[len(near.log):]]
    assert (R_POSTS, "Ana gains 3 camels (city bonus of Kashgar)") in new
    assert any(rule == R_OUTPOST and "outpost bonus tile" in text for rule, text in new)
    assert not [a for a in there.legal_actions() if a.kind == "city_card" and a.space == "Kashgar"]
    later = there.apply("end_turn").apply("khans_favor [3]").apply("end_turn").with_player(0, goods={"pepper": 2})
    assert [a for a in later.legal_actions() if a.kind == "city_card" and a.space == "Kashgar"]


def test_black_dice_can_be_changed_and_mixed_with_your_own_colour() -> None:
    s = _start().with_player(0, black_dice=[5])
    assert s.apply("adjust_die [b5] -1").players[0].black_dice == (4,)
    assert "travel [4,b5] middle" in [str(a) for a in s.legal_actions()]
    assert "black_die" not in [str(a) for a in s.apply("black_die").legal_actions()]  # once a turn by the bonus


def test_black_dice_by_player_count() -> None:
    assert [len(mp.new_game(n, seed=7).black_pool) for n in (2, 3, 4)] == [4, 5, 6]


def test_a_contract_move_places_a_post_where_it_ends() -> None:
    s = _start().with_player(0, contracts=["R11"], goods={"pepper": 1, "silk": 2})
    assert s.components.contracts["R11"].reward.move == 1
    moved = s.apply("complete_contract R11").apply("move Xanadu")
    assert moved.players[0].trading_posts == ("Xanadu",) and moved.players[0].location == "Xanadu"


def test_a_city_card_used_by_another_player_is_closed_for_the_round() -> None:
    s = _start().apply("travel [1] lower").apply("move Xanadu").apply("end_turn").with_player(1, goods={"pepper": 2})
    used = s.apply("city_card [3] Area-2").apply("trade 1x1").apply("good pepper").apply("good pepper")
    ana = used.apply("end_turn").with_player(0, goods={"pepper": 2})
    with pytest.raises(mp.IllegalAction, match=rf"already been used this round \(brown space\) \({R_CARDS}\)"):
        ana.apply("city_card [3] Area-2")


def test_the_automa_never_takes_a_plus_one_and_ends_its_round_when_its_deck_runs_out() -> None:
    """004: 'The "+1" bonus depicted on certain contracts never apply'; 'In the rare case that the automa
    deck runs out before the Automa has used all of its dice, the Automa prematurely ends its round'."""
    solo = mp.new_game(["Ana"], automa="L1", seed=2)
    plus_one = solo.components.contracts["R14"].reward
    assert plus_one.shield == 1
    t = solo._copy()
    before = t.players[automa.SEAT].shields
    automa._reward(t, plus_one, "contract R14")
    assert t.players[automa.SEAT].shields == before
    assert t.players[automa.SEAT].vp == solo.players[automa.SEAT].vp + plus_one.gain.vp
    u = solo._copy()
    u.automa = replace(u.automa, deck=u.automa.deck[:1], dice=5)
    automa.take_turn(u)
    assert u.log[-1].text == "the Automa's deck is empty: it ends its round without using its remaining dice"
    assert u.automa.dice == 0 and u.automa.black == 0
    assert any("**\"+1\" on contracts never applies**" in t for t in MARKDOWN)
    assert any("**If the deck runs out**" in t for t in MARKDOWN)
