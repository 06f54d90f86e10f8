"""The fixed action spaces (``mp_notebook.adapters.vocabulary``) number every action the rules offer:
every legal action of many random games (every registry setup kind: variants, random characters,
the full setup, solo games against the Automa) and of a greedy game per ruleset has a number, and
the numbering round-trips."""

from __future__ import annotations

import random

import pytest
from registry import RULESETS, pick, profile

import mp_notebook as mp
from mp_notebook.adapters._vocabulary import dice_placements
from mp_notebook.adapters.vocabulary import VocabularyError, action_space


def covered(space, s: mp.GameState) -> None:
    legal = s.legal_actions()
    numbers = [space.index(a) for a in legal]
    assert len(set(numbers)) == len(legal)
    assert [space.action(n, a.player) for n, a in zip(numbers, legal, strict=True)] == legal


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_games_stay_inside_the_action_space(ruleset):
    space = action_space(ruleset)
    setups = profile(ruleset).setups()
    for k in range(60):
        players, options = setups[(7 * k) % len(setups)]
        s = mp.new_game(players, ruleset=ruleset, seed=k, **options)
        rng = random.Random(k)
        while not s.is_over:
            covered(space, s)
            s = s.apply(pick(rng, s.legal_actions(), k % 2 == 0))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_greedy_game_stays_inside_the_action_space(ruleset):
    space = action_space(ruleset)
    s = mp.new_game(2, ruleset=ruleset, seed=1, **profile(ruleset).greedy[0])
    greedy = mp.agents.GreedyAgent()
    while not s.is_over:
        covered(space, s)
        s = s.apply(greedy.choose(s))


def test_numbering_and_errors():
    space = action_space("mp2")
    assert space is action_space("mp2") and len(space.digest) == 16
    assert len(list(dice_placements(3))) == 364
    with pytest.raises(VocabularyError, match="outside the fixed action space"):
        space.index(mp.Action("travel", 0, (1, 2, 3, 4), (), "upper"))
    with pytest.raises(mp.ArgumentError, match="action index"):
        space.action(-1, 0)
    with pytest.raises(mp.ArgumentError, match="unknown ruleset"):
        action_space("chess")


def test_the_longest_double_bonus_is_numbered():
    """Mailin & Tian Chin with a post in every marker city and every seal improved chooses among 10
    round bonuses to take twice (random games never get there)."""
    space = action_space("mp2")
    s = mp.new_game(2, characters=["Mailin & Tian Chin", "De Wu"], seed=1)
    s = s.with_player(0, trading_posts=list(s.markers), seals=dict.fromkeys(s.components.seals, "improved"))
    rng = random.Random(1)
    while s.round == 1:
        s = s.apply(rng.choice(s.legal_actions()))
    while s.decision.kind != "double_bonus":
        s = s.apply(s.legal_actions()[0])
    assert len(s.legal_actions()) == len(s.markers) + len(s.components.seals)
    covered(space, s)
