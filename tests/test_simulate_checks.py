"""mp.simulate checks its arguments before it plays: a clear ArgumentError, not a TypeError deep in a
worker or a MemoryError, on every registered ruleset."""

from __future__ import annotations

import pytest

import mp_notebook as mp
from mp_notebook.agents import RandomAgent
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.registry import PACKAGES


@pytest.mark.parametrize("ruleset", list(PACKAGES))
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": "2"}, "players must be an int"),
        ({"players": 10**12}, "players must be an int from 1 to 99"),
        ({"players": 2.0}, "players must be an int"),
        ({"players": 50}, "played by"),  # the ruleset's own range
        ({"players": 2, "seed": "1"}, "seed must be an int"),
        ({"players": 2, "seed": 2**70}, "seed must be an int"),
        ({"players": 2, "rotate": "yes"}, "rotate must be one of"),
        ({"players": 2, "chunksize": 0}, "chunksize must be an int from 1"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(ruleset: str, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        mp.simulate(1, RandomAgent, ruleset=ruleset, progress=False, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("n_games", [-1, 1.5, "3", 10**12, True])
def test_bad_numbers_of_games(n_games: object) -> None:
    with pytest.raises(ArgumentError, match="n_games must be an int from 0"):
        mp.simulate(n_games, RandomAgent, players=2, progress=False)  # type: ignore[arg-type]


def test_no_games_is_an_empty_table() -> None:
    assert len(mp.simulate(0, RandomAgent, players=2, progress=False)) == 0
