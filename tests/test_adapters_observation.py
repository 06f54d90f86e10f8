"""The adapters' numeric observation kept up to date from state to state (``_layout._Observer``:
only the fields a step replaced are written again, and its list of floats only at the numbers
written) against the observation written afresh field by field (``_Observer.afresh``, each code's
``write``, nothing kept), bit for bit, at every step of random games of every registered ruleset,
and across positions visited in any order."""

from __future__ import annotations

import random

import numpy as np
import pytest
from adapters_helpers import random_games
from registry import RULESETS

import mp_notebook as mp
from mp_notebook.adapters import _layout
from mp_notebook.adapters._layout import _Observer
from mp_notebook.adapters.seats import observation


def check(observer: _Observer, s: mp.GameState, seat: int, rng: random.Random) -> None:
    """Each way the observer answers is ``seat``'s observation of ``s`` written afresh."""
    fresh = observer.afresh(s, seat)
    way = rng.randrange(3)
    if way == 0:
        assert observer(s, seat).tobytes() == fresh.tobytes()
    elif way == 1:
        out = np.full(observer.size, 7.0, np.float32)
        observer(s, seat, out)
        assert out.tobytes() == fresh.tobytes()
    listed = observer.listed(s, seat)
    assert type(listed) is list and np.array(listed, np.float32).tobytes() == fresh.tobytes()
    assert listed == fresh.tolist()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_kept_observation_is_the_one_written_afresh_every_step(ruleset):
    """One observer following random games (several setups and numbers of seats, one after another)
    is, at every step, for seats in random order, the observation written afresh; so is the
    observation made by ``seats.observation``."""
    rng = random.Random(11)
    observer = _Observer(ruleset)
    for players, options, seed in random_games(ruleset, 3):
        s = mp.new_game(players, ruleset=ruleset, seed=seed, **options)
        while True:
            for seat in rng.sample(range(players), rng.randint(1, players)):
                check(observer, s, seat, rng)
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        assert observation(s, 0).tobytes() == observer.afresh(s, 0).tobytes()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_kept_observation_follows_positions_in_any_order(ruleset):
    """Positions of two games (other numbers of seats) visited in random order, forks and all: the
    observer's answer is always the observation written afresh."""
    rng = random.Random(12)
    positions = []
    for players, options, seed in random_games(ruleset, 2, start=3):
        s = mp.new_game(players, ruleset=ruleset, seed=seed, **options)
        for _ in range(200):
            positions.append(s)
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
    observer = _Observer(ruleset)
    for _ in range(300):
        s = rng.choice(positions)
        check(observer, s, rng.randrange(s.num_players), rng)


def test_a_first_value_is_written_as_a_change_only_where_nothing_is_zeros():
    """A field's first value is written as a change from ``None`` only where its code writes
    ``None`` as zeros (what a new vector holds); elsewhere it is written whole."""
    nonzero = _layout.custom(1, lambda v: [5.0])
    unreadable = _layout.custom(2, lambda v: [float(x) for x in v])  # None is no sequence
    assert _layout._blank(_layout.number()) is None
    assert _layout._blank(_layout.table("key", ["a", "b"], _layout.one_of("word", ["x", "y"]))) is None
    assert _layout._blank(nonzero) is _layout._UNSEEN  # a custom code is always written whole
    assert _layout._blank(_layout.table("key", ["a"], nonzero)) is _layout._UNSEEN  # None: [5.0]
    assert _layout._blank(_layout.each(2, unreadable)) is _layout._UNSEEN
    for ruleset in RULESETS:
        lay = _layout.layout(ruleset)
        for _, code in lay.game + lay.player:
            if _layout._blank(code) is None:
                assert not any(code.write(None))
