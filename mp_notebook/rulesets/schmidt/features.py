"""Raw position features of the Schmidt Marco Polo game for the learned position value (the
``value`` part, read by :mod:`mp_notebook.agents.value`): per merchant, his capital by category,
his ware cards, gifts and missing colours, and the spaces still to go to the return to Venice;
and how far the game has gone. Counts only, not the hand evaluation's weights (``evaluation.py``).

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="schmidt", seed=1)
>>> f = dict(zip(NAMES, seat_features(s)[0]))
>>> f["plaque"], f["way"] > 0, progress(s)
(0.0, True, 0.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mp_notebook.rulesets._shared.features import scores
from mp_notebook.rulesets.schmidt.rules import capital, gift_cards
from mp_notebook.rulesets.schmidt.scoring import CATEGORIES

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.schmidt.state import Player, SchmidtState

NAMES = (*(f"score_{k}" for k in CATEGORIES), "short", "cards", "gifts", "plaque", "secrets", "missing_colours",
         "excess_cards", "way")
OUTCOME = "win"  # what the search maximises: the chance to win the race (see mp_notebook.agents.value)
# Where the Hint's samples stop by default (mp.analysis.evaluate): the end of the turn, the
# other seats having replied (see bench/advice.py).
HORIZON = "turn"
# The game has no number of rounds: progress counts rounds against this many, capped at 1. It is
# the median length of a 2-player greedy game to the return to Venice when issue 35 was filed (63
# over 10 games). Today's greedy returns sooner (median 53 of 50 self-play games, 44 for
# SearchAgent: `python bench/agents.py --only schmidt`), so a finished game reads about 0.8; the
# number only scales the feature, and the value is fitted on today's games with it.
TYPICAL_ROUNDS = 63


def seat_features(s: GameState) -> list[list[float]]:
    """Every merchant's features, in :data:`NAMES` order."""
    state = cast("SchmidtState", s)
    return [[*row, *_merchant(state, p)] for row, p in zip(scores(state, CATEGORIES), state.players, strict=True)]


def _merchant(s: SchmidtState, p: Player) -> list[float]:
    c = s.components
    r = c.rules
    short = max(0, r.return_capital[s.num_players] - capital(c, p))
    colours = p.goods.values()
    missing = sum(n < r.colour_min for n in colours)
    excess = sum(max(0, n - r.colour_max) for n in colours)
    distance = c.distance[p.location]
    home = c.distance[c.start]
    if p.plaque is None:  # to Khanbalik, then the farthest mission, then home
        way = distance[c.khanbalik] + max(c.distance[c.khanbalik][m] + home[m] for m in r.missions)
    else:
        way = home[p.location] if p.secrets else distance[p.plaque] + home[p.plaque]
    return [float(short), float(len(p.cards)), float(min(len(gift_cards(c, p)), r.gifts)), float(p.plaque is not None),
            float(p.secrets), float(missing), float(excess), float(way)]


def progress(s: GameState) -> float:
    """The share of the game played: rounds done against :data:`TYPICAL_ROUNDS`, capped at 1."""
    state = cast("SchmidtState", s)
    return 1.0 if state.is_over else min(1.0, max(0, state.round - 1) / TYPICAL_ROUNDS)
