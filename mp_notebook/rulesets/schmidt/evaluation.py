"""A heuristic evaluation for the computer players (the ``agents`` part of the ruleset).

Units: points of 10 Gulden. A merchant's value is his capital plus his progress towards winning,
stage by stage: gifts for the Khan and the way to Khanbalik; then the way to his mission city;
then the way home, the return capital (money beyond it counts little) and the colour rule (1-2
cards of each ware colour; a missing colour adds the detour to a city selling it). A
finished game is worth :data:`WIN` to the winner and ``-WIN`` to the others.

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="schmidt", seed=1)
>>> value(s, 0) == value(s, 1)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mp_notebook.rulesets.schmidt.rules import capital, gift_cards

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.schmidt.state import SchmidtState

CHANCE_KINDS = ("spin", "buy", "deal")  # the greedy player scores these on reseeded futures (no peeking)
UNIT = 10  # Gulden per point
WIN = 10_000.0
STAGE = 40.0  # points for holding the Plaque, and again for the Secrets (beyond their 240 Gulden)
GIFT = 6.0  # points per gift card for the Khan (up to three) before the Plaque
STEP = 2.5  # points per space towards the current target once the merchant may go there
WANDER = 0.8  # points per space towards Khanbalik while still collecting gifts
COLOUR_MISSING = 10.0  # points per ware colour missing (the return needs one of each)
COLOUR_EXCESS = 6.0  # points per card above two of a colour
SURPLUS = 0.1  # weight of capital beyond the return capital, once the Secrets are held


def value(s: GameState, i: int) -> float:
    """Merchant ``i``'s value in points of 10 Gulden (see the module docstring)."""
    state = cast("SchmidtState", s)
    if state.over and state.winner is not None:
        return WIN if state.winner == i else -WIN
    c = state.components
    p = state.players[i]
    r = c.rules
    points = capital(c, p) / UNIT
    distance = c.distance[p.location]
    if p.plaque is None:
        gifts = min(len(gift_cards(c, p)), r.gifts)
        ready = gifts == r.gifts
        return points + GIFT * gifts - distance[c.khanbalik] * (STEP if ready else WANDER)
    points += STAGE
    if not p.secrets:
        return points - distance[p.plaque] * STEP
    points += STAGE
    counts = p.goods
    missing = [colour for colour, n in counts.items() if n < r.colour_min]
    excess = sum(n - r.colour_max for n in counts.values() if n > r.colour_max)
    need = r.return_capital[state.num_players]
    have = capital(c, p)
    points += (min(have, need) + SURPLUS * max(0, have - need) - have) / UNIT  # money beyond the need counts little
    points -= COLOUR_MISSING * len(missing) + COLOUR_EXCESS * excess + STEP * distance[c.start]
    if missing:  # the detour to the nearest city selling a missing colour
        points -= STEP * min(distance[city] for city in c.trading_cities if c.locations[city].colour in missing)
    return points


def margin(s: GameState, i: int) -> float:
    """:func:`value` of ``i`` minus the best other merchant's."""
    return value(s, i) - max(value(s, j) for j in range(s.num_players) if j != i)


def score(s: GameState, i: int) -> float:
    """:func:`value` (a follow-up in progress promises nothing beyond the position)."""
    return value(s, i)


def effect(s: GameState, a: Action) -> tuple[object, ...]:
    """What ``a`` does: choices of cards of the same colour and value are the same."""
    cards = cast("SchmidtState", s).components.cards
    card = cards.get(a.choice or "")
    if card is not None:
        return (a.kind, card.colour, card.value)
    return (a.kind, a.choice)
