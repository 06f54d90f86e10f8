"""A heuristic evaluation for the computer players (the ``agents`` part of the ruleset).

Units: points of 10 Gulden. A merchant's value is his capital plus his progress towards winning,
minus what his capital lacks for the return and the way still to go: to Khanbalik (by way of a
city whose deck still holds a gift card, while he lacks gifts), then to his mission city, then
home. Gifts for the Khan count before the Plaque (:data:`GIFT` each: a card of 80 Gulden is drawn
about once in five, so one is not sold for the capital it is); with the Plaque, the colour rule
(1-2 cards of each ware colour). With the Secrets, the way home goes by a trading city while the
return is not allowed yet: one selling a missing colour, or any one (to sell a colour held more
than twice, or to buy what the capital lacks: a merchant one space from Venice but short of
capital is not nearly home). A card above two of a colour costs only :data:`COLOUR_EXCESS` beyond
that detour (it sells for its value), so the merchant keeps buying: a bank draw is worth more than
its 20 Gulden on average. A merchant who may return (:func:`~mp_notebook.rulesets.schmidt.rules.return_check`
empty) counts :data:`READY` more: he wins on reaching Venice, and a blind draw or a deal that
could cost him that (a third card of a colour, a joker's fine) must bring more than he risks, so
he heads home instead. Gulden below :data:`BUFFER` count :data:`CASH_SHORT` less each: a joker's
fine, a deal or a bribe then means a forced sale to the bank (a card it needs, or its Plaque), so
the merchant keeps cash for them. Turns
of his own still to come before another merchant moves (the turn about to start, the strong
wind's extra turns) are worth :func:`turn_worth` each, so an extra turn is worth taking. A
finished game is worth :data:`WIN` to the winner and ``-WIN`` to the others.

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="schmidt", seed=1)
>>> value(s, 0) - value(s, 1) == turn_worth(s, 0)  # the first merchant is about to move
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mp_notebook.rulesets.schmidt.rules import capital, gift_cards

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.schmidt.state import SchmidtState

WIN = 10_000.0
STAGE = 80.0  # points for holding the Plaque, and again for the Secrets (beyond their 240 Gulden)
GIFT = 15.0  # points per gift card for the Khan (up to three) before the Plaque
STEP = 2.5  # points per space of the way still to go
COLOUR_MISSING = 10.0  # points per ware colour missing (the return needs one of each)
COLOUR_EXCESS = 1.5  # points per card above two of a colour (sold at any trading city, beyond the detour)
READY = 20.0  # points for a merchant who may return to Venice (Plaque, Secrets, capital and colours)
BUFFER = 50  # Gulden kept for fines, deals and bribes (the bribe is 50)
CASH_SHORT = 1.0  # points less per point (10 Gulden) of cash below BUFFER, beyond their capital
# What the agents layer asks beyond the value (its ``AgentTerms``): every ruleset declares each.
closure = None  # no bonus actions played after a candidate
prelude: tuple[str, ...] = ()  # no actions that only prepare another
unweighed: tuple[str, ...] = ()  # greedy weighs every action
journey = None  # no journeys planned (no ``routes`` part)
unit = 10  # Gulden in one point of value()
# chance: the function below (spins and blind draws)


def value(s: GameState, i: int) -> float:
    """Merchant ``i``'s value in points of 10 Gulden (see the module docstring).

    The way still to go is counted in full at every stage (to Khanbalik, then to the mission city,
    then home), so that reaching a stage never looks like a loss.
    """
    state = cast("SchmidtState", s)
    if state.over and state.winner is not None:
        return WIN if state.winner == i else -WIN
    c = state.components
    p = state.players[i]
    r = c.rules
    short = max(0, r.return_capital[state.num_players] - capital(c, p)) / unit
    points = (capital(c, p) / unit - short + turns_ahead(state, i) * turn_worth(state, i)
              - CASH_SHORT * max(0, BUFFER - p.gulden) / unit)
    distance = c.distance[p.location]
    home = c.distance[c.start]
    if p.plaque is None:
        gifts = min(len(gift_cards(c, p)), r.gifts)
        rest = max(c.distance[c.khanbalik][m] + home[m] for m in r.missions)
        way = distance[c.khanbalik]
        if gifts < r.gifts:  # by way of the nearest city whose deck still holds a gift card
            held = {colour for colour, deck in state.decks.items()
                    if any(c.cards[x].value >= r.gift_min_value for x in deck)}
            sellers = [city for city in c.trading_cities if (c.locations[city].colour or "") in held]
            way = min((distance[city] + c.distance[city][c.khanbalik] for city in sellers), default=way)
        return points + GIFT * gifts - STEP * (way + rest)
    points += STAGE + (STAGE if p.secrets else 0)
    counts = p.goods
    missing = [colour for colour, n in counts.items() if n < r.colour_min]
    excess = sum(n - r.colour_max for n in counts.values() if n > r.colour_max)
    points -= COLOUR_MISSING * len(missing) + COLOUR_EXCESS * excess
    if p.secrets and not (missing or excess or short):
        points += READY
    way = home[p.location] if p.secrets else distance[p.plaque] + home[p.plaque]
    if (missing or excess or short) and p.secrets:  # by way of a trading city (selling a missing colour)
        way = min(distance[city] + home[city] for city in c.trading_cities
                  if not missing or c.locations[city].colour in missing)
    return points - STEP * way


def chance(s: GameState, a: Action) -> bool:
    """Whether the outcome of ``a`` is chance, which the greedy player scores on reseeded futures
    (no peeking): a spin (the sector, a fight's dice), a blind draw (from the bank, a merchant, a
    joker's free card), and the Plaque drawn blind: after the last gift for the Khan, or on a move
    into Khanbalik without a Plaque (the gifts are handed over at once when they are the only three)."""
    state = cast("SchmidtState", s)
    if a.kind == "move":
        i = state.decision.player
        return a.choice == state.components.khanbalik and i is not None and state.players[i].plaque is None
    if a.kind == "gift":
        return bool(state.decision.about == 1)
    return a.kind in ("spin", "buy", "deal") or (a.kind == "extra_card" and a.choice == "take")


def turns_ahead(s: SchmidtState, i: int) -> int:
    """Merchant ``i``'s own turns still to come before another merchant's: the turn about to start
    (before its spin) and the strong wind's extra turns not yet taken."""
    if s.over or s.turn != i:
        return 0
    return s.extra_turns + (s.decision.kind == "turn")


def turn_worth(s: GameState, i: int) -> float:
    """A turn's worth to merchant ``i``: the way a spin of his ring moves him on average."""
    state = cast("SchmidtState", s)
    sectors = state.components.rules.spinner[state.players[i].mode]
    return STEP * sum(x for x in sectors if isinstance(x, int)) / len(sectors)


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
