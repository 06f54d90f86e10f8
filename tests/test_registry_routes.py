"""Route analysis over every registered ruleset: each question of ``mp.routes`` is answered, or is
an ``ArgumentError`` that says what to ask instead; never a silent empty answer, a
NotImplementedError or an AttributeError (issue 37). The route tables give the answers of the
reference commit's (``bench/frozen``), on random positions."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pandas as pd
import pytest

import mp_notebook as mp
from tests.registry import RULESETS


def turn(ruleset: str) -> mp.GameState:
    s = mp.new_game(2, ruleset=ruleset, seed=2)
    while not (s.decision.kind == "turn" and s.current_player == 0):
        s = s.apply(s.legal_actions()[0])
    return s


def far(s: mp.GameState) -> str:
    """A location none of seat 0's figures stands on."""
    return next(n for n in reversed(list(s.board.locations)) if n not in s.players[0].locations)


QUESTIONS: dict[str, Callable[[mp.GameState], Any]] = {
    "cheapest": lambda s: mp.routes.cheapest(s, 0, far(s)),
    "why_unreachable": lambda s: mp.routes.why_unreachable(s, 0, far(s)),
    "reachable": lambda s: mp.routes.reachable(s, 0),
    "table": lambda s: mp.routes.table(s, 0),
    "travel_rules": lambda s: mp.routes.travel_rules(s, 0),
    "matrix moves": lambda s: mp.routes.matrix(s.board),
    "matrix total": lambda s: mp.routes.matrix(s.board, by="total"),
    "journey": lambda s: mp.routes.journey(s, 0, far(s)),
    "journeys": lambda s: mp.routes.journeys(s, 0),
    "tour": lambda s: mp.routes.tour(s, 0, [far(s)]),
    "goal_tour": lambda s: mp.routes.goal_tour(s, 0),
    "odds": lambda s: mp.routes.odds(s, 0, far(s), spins=3),
    "expected_spins": lambda s: mp.routes.expected_spins(s, 0, far(s)),
    "pairs": lambda s: mp.routes.pairs(s, 0),
    "boosts": lambda s: mp.routes.boosts(s, 0),
}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("question", sorted(QUESTIONS))
def test_every_question_is_answered_or_refused_clearly(ruleset: str, question: str) -> None:
    s = turn(ruleset)
    before = s.to_json()
    try:
        answer = QUESTIONS[question](s)
    except mp.ArgumentError as exc:
        assert any(hint in str(exc) for hint in ("mp.routes.", "two figures", "goal card", "by='moves'")), str(exc)
        assert s.to_json() == before
        return
    if isinstance(answer, pd.DataFrame):
        assert len(answer) > 0
    elif isinstance(answer, list):
        assert answer, f"{question} answered [] at a turn with moves open"
    assert s.to_json() == before


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_ruleset_answers_its_own_movement(ruleset: str) -> None:
    """The dice games answer cheapest routes and journeys; the spinner game answers odds."""
    s = turn(ruleset)
    target = far(s)
    spinner = mp.rulesets.get(ruleset).part("routes").MOVEMENT == "spinner"
    if spinner:
        assert 0 <= mp.routes.odds(s, 0, target, spins=4) <= 1
        assert mp.routes.table(s, 0)["expected_spins"].notna().all()
    else:
        assert mp.routes.journey(s, 0, target) is not None or mp.routes.why_unreachable(s, 0, target)
        assert len(mp.routes.journeys(s, 0)) == len(s.board.locations) - len(set(s.players[0].locations))


# ----------------------------------------------------------------------------- the reference tables


def reference_table(s: mp.GameState, player: int) -> pd.DataFrame:
    """``mp.routes.table(s, player)`` as the commit before the tables were made faster answers it
    (``bench/frozen``: that commit's route analysis, on today's engine)."""
    import sys
    from pathlib import Path

    bench = str(Path(__file__).parents[1] / "bench")
    if bench not in sys.path:
        sys.path.insert(0, bench)
    import frozen

    if mp.routes.moved_by_spinner(s):
        return frozen.routes("schmidt", frozen.TABLES).spin_table(s, player)
    return frozen.routes("board", frozen.TABLES).table(s, player)


def table_mismatches(got: pd.DataFrame, want: pd.DataFrame) -> list[str]:
    """Where two route tables differ: their columns, dtypes or lengths, or a cell (floats apart by
    more than 1e-9 of max(1, |want|); infinities and missing values where the other has them)."""
    import numpy as np

    if list(got.columns) != list(want.columns) or list(got.dtypes) != list(want.dtypes) or len(got) != len(want):
        return [f"columns {list(got.dtypes.items())} != {list(want.dtypes.items())} or {len(got)} != {len(want)} rows"]
    out = []
    for column in got.columns:
        a, b = got[column].to_numpy(), want[column].to_numpy()
        if got[column].dtype.kind == "f":
            with np.errstate(invalid="ignore"):
                same = np.where(np.isfinite(a) & np.isfinite(b), np.abs(a - b) <= 1e-9 * np.maximum(1, np.abs(b)),
                                (a == b) | (np.isnan(a) & np.isnan(b)))
        else:
            same = np.array([x == y or (x != x and y != y) for x, y in zip(a, b, strict=True)])
        out += [f"{column} of {got.iloc[k, 0]}: {a[k]!r} != {b[k]!r}" for k in np.flatnonzero(~same)]
    return out


def random_positions(ruleset: str, count: int, seed: int) -> list[mp.GameState]:
    """``count`` positions of random games, a few to 80 random actions in (any decision)."""
    rng = random.Random(seed)
    out = []
    game = 0
    while len(out) < count:
        s = mp.new_game(2 + game % 3, ruleset=ruleset, seed=seed * 1000 + game)
        for _ in range(rng.randrange(3, 80)):
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        if not s.is_over:
            out.append(s)
        game += 1
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tables_give_the_answers_of_the_reference(ruleset: str) -> None:
    """The route table of every player, as the reference commit answers it (``bench/routes.py
    --tables N`` compares N positions per game and times both)."""
    for s in random_positions(ruleset, 4, seed=56):
        for player in range(s.num_players):
            assert table_mismatches(mp.routes.table(s, player), reference_table(s, player)) == [], (s.history, player)


@pytest.mark.parametrize("ruleset,character,other", [("mp2", "Mailin & Tian Chin", "De Wu"),
                                                     ("voyages", "Niccolò & Marco Polo", "Matteo Polo")])
def test_two_figure_tables_give_the_answers_of_the_reference(ruleset: str, character: str, other: str) -> None:
    """Two figures, little to pay with: most rows are out of reach, so they show the least walk from
    either figure ignoring resources (each figure's walks are kept apart, and the least taken)."""
    rng = random.Random(60)
    for _ in range(6):
        s = mp.new_game(2, ruleset=ruleset, seed=rng.randrange(99), characters=[character, other])
        places = sorted(s.board.locations)
        s = s.with_player(0, location=rng.choice(places), figure2=rng.choice(places), coins=rng.randrange(4),
                          camels=rng.randrange(3))
        got = mp.routes.table(s, 0)
        assert (~got.affordable).sum() > 0
        assert table_mismatches(got, reference_table(s, 0)) == [], s.players[0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_table_is_a_frame_of_its_own(ruleset: str) -> None:
    """Tables share kept parts (the column names, the board's columns): what one table is given
    (its column index's name, a cell) is not seen in the next."""
    s = mp.new_game(2, ruleset=ruleset, seed=3)
    first = mp.routes.table(s, 0)
    first.columns.name = "changed"
    first.iloc[0, 0] = "changed"
    again = mp.routes.table(s, 0)
    assert again.columns.name is None and again.iloc[0, 0] != "changed"
    pd.testing.assert_frame_equal(again, reference_table(s, 0))
