"""The final scoring over every registered ruleset: ``scores()`` names no winner before the game is
over, and the app's final table says each cell in the game's words (no raw ``True``/``False``)."""

from __future__ import annotations

import numpy as np
import pytest
from registry import RULESETS, random_game

import mp_notebook as mp
from mp_notebook.ui.labels import terms


def _game(ruleset: str, seed: int = 3) -> tuple[mp.GameState, ...]:
    """Every position of a seeded random 2-player game of ``ruleset`` (short options), to the end."""
    return random_game(ruleset, 2, seed)


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


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_final_table_says_every_cell_in_words(ruleset: str) -> None:
    """``score_cells``: one row per seat, a cell for each titled column of ``scores()``, never a raw
    ``True``/``False``; numbers as the table has them."""
    s = _game(ruleset)[-1]
    t = terms(s)
    table = s.scores()
    columns = [c for c in t.SCORE_TITLES if c in table.columns]
    cells = t.score_cells(s)
    assert len(cells) == s.num_players and all(list(row) == columns for row in cells)
    for row, (_, scores) in zip(cells, table.iterrows(), strict=True):
        for c in columns:
            assert row[c] not in ("True", "False"), (c, row[c])
            if isinstance(scores[c], (int, np.integer)) and not isinstance(scores[c], (bool, np.bool_)):
                assert row[c].split(" ")[0] == str(scores[c]), (c, row[c], scores[c])


def test_schmidt_says_who_is_back_in_venice() -> None:
    s = _game("schmidt")[-1]
    cells = terms(s).score_cells(s)
    where = [s.components.locations[p.location].title for p in s.players]
    assert [row["returned"] for row in cells] == ["yes" if s.winner == i else f"no, in {where[i]}"
                                                  for i in range(s.num_players)]


def test_voyages_goods_without_a_beijing_post_say_why_they_score_nothing() -> None:
    """17 pepper and no post in Beijing: goods 0, and the cell says why (Rulebook: Game End and
    Final Scoring); with the post they score 1 VP per 2 goods."""
    end = _game("voyages")[-1]
    beijing = end.components.beijing
    s = end.with_player(0, goods={"pepper": 17, "silk": 0, "gold": 0},
                        trading_posts=[c for c in end.players[0].trading_posts if c != beijing])
    assert s.scores()["goods"].iloc[0] == 0
    assert terms(s).score_cells(s)[0]["goods"] == "0 (17 goods, no post in Beijing)"
