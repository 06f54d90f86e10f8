"""The final scoring over every registered ruleset: ``scores()`` names no winner before the game is
over, and the app's final table says each cell in the game's words (no raw ``True``/``False``)."""

from __future__ import annotations

import pytest
from registry import RULESETS, profile

import mp_notebook as mp


def _game(ruleset: str, seed: int = 3) -> list[mp.GameState]:
    """Every position of a seeded random 2-player game of ``ruleset`` (short options), to the end."""
    s = mp.new_game(2, ruleset=ruleset, seed=seed, **profile(ruleset).short)
    agent = mp.agents.RandomAgent(seed=seed)
    states = [s]
    while not s.is_over:
        s = s.apply(agent.choose(s))
        states.append(s)
    return states


@pytest.mark.parametrize("ruleset", RULESETS)
def test_nobody_has_won_before_the_game_is_over(ruleset: str) -> None:
    """During the game ``scores()`` is the final scoring as if the game ended now, with nobody
    marked the winner (the leader is not); once it is over, at least one winner."""
    states = _game(ruleset)
    for s in states[:-1]:
        table = s.scores()
        assert not table["winner"].any(), (ruleset, len(s.history), table)
        assert [bool(r["winner"]) for r in s.score_rows()] == [False] * s.num_players
    end = states[-1].scores()
    assert end["winner"].any() and end["winner"].dtype == bool
