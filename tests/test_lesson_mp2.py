"""The statements the Marco Polo II lesson (notebook 01) teaches that issue 36 found wrong or unlabelled,
held to the engine, and the readings and reconstructed values it teaches labelled where they are taught.
The notebook's checked outputs show the same positions; these tests say which statement each one backs."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import mp_notebook as mp
from mp_notebook.lessons import LESSONS
from mp_notebook.rulesets.mp2.citations import R_FIRST, R_POSTS, R_ROUND

REPO = Path(__file__).resolve().parent.parent
NOTEBOOK: dict[str, Any] = json.loads((REPO / LESSONS["mp2"]).read_text(encoding="utf-8"))


def _text(source: str | list[str]) -> str:
    return source if isinstance(source, str) else "".join(source)


MARKDOWN = [" ".join(_text(c["source"]).split()) for c in NOTEBOOK["cells"] if c["cell_type"] == "markdown"]
"""Each markdown cell's text, line breaks read as spaces."""

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
