"""Each game in its own words, over every registered ruleset: the app's dice panel names what the
game has (a game without dice speaks of no dice), and the log says things in words, not in the
board's icons."""

from __future__ import annotations

import re

import pytest
from registry import RULESETS, profile, random_game

import mp_notebook as mp
from mp_notebook.ui.labels import terms

DICE_WORDS = re.compile(r"\b(dice|die)\b", re.IGNORECASE)


def _game(ruleset: str, seed: int = 5) -> tuple[mp.GameState, ...]:
    """Every position of a seeded random 3-player game of ``ruleset`` (short options), to the end."""
    return random_game(ruleset, 3, seed)


def panel_text(s: mp.GameState) -> list[str]:
    """The dice panel's lines as ``widgets/dice_tray.js`` draws them from the ruleset's answers."""
    t = terms(s)
    words = t.TRAY
    lines = [words["title"]]
    for i, p in enumerate(s.players):
        note = t.dice_note(s, i)
        lines.append(note if note else "" if p.dice or p.black_dice else words["done"])
    spaces, pool = t.board_dice(s)
    lines.append(words["spaces"] if spaces else words["empty"])
    lines += [space["label"] for space in spaces]
    lines.append(words["pool"].replace("{}", str(pool)))
    return [line for line in lines if line]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_without_dice_speaks_of_no_dice(ruleset: str) -> None:
    """Where no seat and no space ever holds a die (Schmidt's spinner), the panel never says
    "dice" or "die"; where dice are played, it says so."""
    states = _game(ruleset)
    has_dice = any(p.dice or p.black_dice for s in states for p in s.players) or any(
        space["dice"] for s in states for space in terms(s).board_dice(s)[0])
    said = {line for s in states[::5] + states[-1:] for line in panel_text(s)}
    dice_said = sorted(line for line in said if DICE_WORDS.search(line))
    if has_dice:
        assert dice_said, said
    else:
        assert not dice_said, dice_said


def test_schmidt_names_its_spinner() -> None:
    states = _game("schmidt")
    assert panel_text(states[0])[0] == "Spinner" and "Nobody has spun yet." in panel_text(states[0])
    spun = next(s for s in states if s.spun)
    assert any(line.startswith(f"last spin: {spun.spun[1]} (") for line in panel_text(spun))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_log_says_things_in_words_not_icons(ruleset: str) -> None:
    """No "(!)" (the board's round-bonus icon) or other bang marks in the log or the labels of the
    legal actions; characters with a round bonus are in play (``characters="random"`` where
    offered)."""
    options = {"characters": "random"} if "characters" in mp.rulesets.get(ruleset).options else {}
    marks = re.compile(r"\(!+\)|!!")
    for seed in range(4):
        s = mp.new_game(3, ruleset=ruleset, seed=seed, **options, **profile(ruleset).short)
        agent = mp.agents.RandomAgent(seed=seed)
        while not s.is_over:
            legal = s.legal_actions()
            assert not [label for a in legal if marks.search(label := terms(s).describe(s, a)[0])]
            s = s.apply(agent.choose(s))
        assert not [e.text for e in s.log if marks.search(e.text)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_map_legend_names_trading_posts_only_in_a_game_that_has_them(ruleset: str) -> None:
    s = _game(ruleset)[-1]
    names = [tr.name for tr in mp.show_map(s).data if tr.name and "figure" in tr.name]
    has_posts = bool(mp.rulesets.get(ruleset).part("map").post_places(s))
    assert len(names) == s.num_players
    assert all(("post" in name) == has_posts for name in names), names
