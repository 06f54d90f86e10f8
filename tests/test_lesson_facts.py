"""The statements the Voyages and Schmidt lessons (notebooks 06 and 07) teach, held to the engine, and
the readings they teach labelled where they are taught (issue 36: the statements it found wrong or
unlabelled). The notebooks' checked outputs show the same positions; these tests say which statement
each one backs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import mp_notebook as mp
from mp_notebook.lessons import LESSONS

REPO = Path(__file__).resolve().parent.parent


def _markdown(ruleset: str) -> list[str]:
    """The text of each markdown cell of ``ruleset``'s lesson."""
    notebook: dict[str, Any] = json.loads((REPO / LESSONS[ruleset]).read_text(encoding="utf-8"))
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in notebook["cells"] if c["cell_type"] == "markdown"]


# (ruleset, words of a statement, the label the same markdown cell must carry)
LABELLED = [
    ("voyages", "Johannes Carpini", "D11"),          # his oasis hop has no route cost: a reading
    ("voyages", "Raschid ad-Din Sinan", "D4"),       # he names black dice too: a reading
    ("voyages", "for gold with a 3", "Reading D1"),  # the disputed gold column
    ("voyages", "each is paid when taken", "D15"),   # pay per step moved
    ("voyages", "the travel table (coins for 1…6 steps)", "From the board data"),
    ("voyages", "they make them **occupied**", "fee"),
    ("schmidt", "**Belgrade is 1 space**", "B2-5"),
    ("schmidt", "names the spin, not the spaces moved", "B2-5"),
    ("schmidt", "loses a turn", "B2-6"),
    ("schmidt", "selling comes first", "*Reading:*"),
    ("schmidt", "counts as one of the three draws", "B2-8"),
    ("schmidt", "one booty pile for the sea", "Reconstructed (B2-7)"),
    ("schmidt", "four mission cities", "Reconstructed"),
    ("schmidt", "The log says \"can make no more trades\"", "no trading choice is left"),
]


@pytest.mark.parametrize(("ruleset", "statement", "label"), LABELLED)
def test_a_reading_is_labelled_where_the_lesson_teaches_it(ruleset: str, statement: str, label: str) -> None:
    cells = [text for text in _markdown(ruleset) if statement in text]
    assert cells, f"{LESSONS[ruleset]} no longer says {statement!r}"
    assert all(label in text for text in cells), f"{LESSONS[ruleset]}: {statement!r} is taught without {label!r}"


@pytest.mark.parametrize(("ruleset", "wrong"), [
    ("voyages", "block some spaces"),     # the neutral dice make a space occupied (a fee), they block nothing
    ("schmidt", "back towards Venice"),   # Belgrade is 1 space away: the move ends early (B2-5)
])
def test_a_wrong_statement_is_gone(ruleset: str, wrong: str) -> None:
    assert not any(wrong in text for text in _markdown(ruleset)), f"{LESSONS[ruleset]} says {wrong!r} again"


def test_voyages_two_player_neutral_dice_make_take_coins_occupied() -> None:
    s = mp.new_game(["Ana", "Ben"], ruleset="voyages", seed=3, characters=["Matteo Polo", "Berke Khan"])
    t = s.apply("take_coins [2]")
    assert t.players[0].coins == s.players[0].coins - 2 + 5      # the fee is her lowest die
    assert any("was occupied" in e.text for e in t.log[len(s.log):])
    assert s.spaces["khans_favor"][1] == (1, 1)   # Khan's favor slots 1-2 hold the neutral 1s: 2 of 4 left


def _spun(s: Any, ring: str, result: str) -> Any:
    for k in range(5000):
        t = s.reseed(k).apply(f"spin {ring}")
        if t.spun == (ring, result):
            return t
    raise AssertionError(f"no spin {ring} {result}")


def test_schmidt_a_spin_of_two_from_sofia_ends_early_at_belgrade_one_space_away() -> None:
    s0 = mp.new_game(["Ana", "Ben"], ruleset="schmidt", seed=7)
    land = s0.components.neighbours["land"]
    assert "Belgrade" in land["Sofia"] and set(land["Belgrade"]) == {"Sofia", s0.components.start}
    s1 = _spun(s0.with_player(0, location="Sofia"), "land", "2")
    assert {a.choice for a in s1.legal_actions()} == {"Ankara", "Belgrade"}
    assert s1.apply("move Belgrade").players[0].location == "Belgrade"


def test_schmidt_a_deal_ends_the_visit_though_cards_are_held_and_never_takes_plaque_or_secrets() -> None:
    s0 = mp.new_game(["Ana", "Ben"], ruleset="schmidt", seed=7)
    before = s0.with_player(0, location="Ankara", cards=["green80a", "green30a", "blue50a"]).with_player(
        1, location="Constantinople", cards=["brown80a"])
    t = _spun(before, "land", "1").apply("move Constantinople")
    dealt = t.apply("deal 1")
    assert len(dealt.players[0].cards) == 4 and dealt.current_player == 1   # the visit is over
    guarded = before.with_player(1, cards=[], plaque="Pagan", secrets=True)
    g = _spun(guarded, "land", "1").apply("move Constantinople")
    assert not [a for a in g.legal_actions() if a.kind == "deal"]


def test_schmidt_return_capital_by_player_count() -> None:
    rules = mp.new_game(2, ruleset="schmidt", seed=1).components.rules
    assert dict(rules.return_capital) == {2: 1200, 3: 1000, 4: 800}
