"""Shared helpers for the Marco Polo II rule tests: reaching a position, finding seeds with a
given component on the board, reading the log and the legal actions."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

import mp_notebook as mp

AREA = ("Area-1", "Area-2")
SEEDS = range(0, 500)


def to_turn(s):
    """Resolve pending decisions (compensation etc.) with the first legal action until a turn."""
    while s.decision.kind not in ("turn", "over"):
        s = s.apply(s.legal_actions()[0])
    return s


def new(seed: int = 0, players: Iterable[str] = ("A", "B")):
    """A new game at the first player's first turn (compensation resolved)."""
    return to_turn(mp.new_game(list(players), seed=seed))


def find_game(pred: Callable, players: Iterable[str] = ("A", "B")):
    """The first game (seeds 0..499) at its first turn for which ``pred(s)`` holds."""
    players = tuple(players)
    for seed in SEEDS:
        s = _new_cached(seed, players)
        if pred(s):
            return s
    raise LookupError("no seed in 0..499 satisfies the predicate")


@functools.lru_cache(maxsize=2048)
def _new_cached(seed: int, players: tuple[str, ...]):
    return new(seed, players)


def card(s, space: str):
    """The city card data object on ``space``."""
    return s.components.city_cards[s.cards[space]]


def area_card_game(card_id: str | None = None, kind: str | None = None, players=("A", "B")):
    """``(state, space)``: a game with the wanted card (by id or kind) on an action-area space."""
    def match(s, sp):
        c = card(s, sp)
        return (card_id is None or c.id == card_id) and (kind is None or c.kind == kind)

    s = find_game(lambda s: any(sp in s.cards and match(s, sp) for sp in AREA), players)
    space = next(sp for sp in AREA if sp in s.cards and match(s, sp))
    return s, space


def board_card_game(card_id: str | None = None, kind: str | None = None, players=("A", "B")):
    """``(state, space, city)``: a game with the wanted card on a city's card space."""
    spaces = lambda s: [sp for sp in s.cards if sp not in AREA]  # noqa: E731

    def match(s, sp):
        c = card(s, sp)
        return (card_id is None or c.id == card_id) and (kind is None or c.kind == kind)

    s = find_game(lambda s: any(match(s, sp) for sp in spaces(s)), players)
    space = next(sp for sp in spaces(s) if match(s, sp))
    return s, space, s.components.card_spaces[space]


def legal(s) -> set[str]:
    """The legal actions as notation strings."""
    return {str(a) for a in s.legal_actions()}


def legal_kind(s, kind: str) -> set[str]:
    return {str(a) for a in s.legal_actions() if a.kind == kind}


def texts(s) -> list[str]:
    return [e.text for e in s.log]


def new_texts(before, after) -> list[str]:
    """Log lines written between ``before`` and ``after``."""
    return [e.text for e in list(after.log)[len(list(before.log)):]]


def me(s):
    """The player whose decision is awaited."""
    return s.players[s.decision.player]


def apply_all(s, *actions: str):
    for a in actions:
        s = s.apply(a)
    return s


def resolve(s, prefer: tuple[str, ...] = ("done",)):
    """Resolve follow-up decisions until a turn decision: a preferred kind if offered, else the first."""
    while s.decision.kind not in ("turn", "over"):
        acts = s.legal_actions()
        pick = next((a for a in acts if a.kind in prefer), acts[0])
        s = s.apply(pick)
    return s


MAIN_PREFERENCE = ("khans_favor", "books", "contracts", "guild_seal", "city_card", "special_city", "travel")


def play_main_and_end(s):
    """The current player takes some main action (resolving follow-ups), then ends the turn.

    If no main action is legal, the dice go to the money bag (coins) instead.
    """
    s = to_turn(s)
    acts = s.legal_actions()
    main = [a for a in acts if a.kind in MAIN_PREFERENCE]
    if main:
        main.sort(key=lambda a: (MAIN_PREFERENCE.index(a.kind), a.dice))
        s = resolve(s.apply(main[0]))
    else:
        while me(s).all_dice:
            bag = next(a for a in s.legal_actions() if a.kind == "money_bag" and a.choice == "coins")
            s = s.apply(bag)
    return to_turn(s.apply("end_turn"))


def bag_all_and_end(s, bag: str = "coins"):
    """The current player spends the turn on the money bag (``bag``) alone and ends it.

    Before the main action the bag may not take the last die unless the turn began with a single
    die (003 p.13), so a player with several dice is first edited down to one.
    """
    s = to_turn(s)
    if me(s).all_dice > 1:
        s = s.with_player(s.decision.player, dice=list(me(s).dice or me(s).black_dice)[:1], black_dice=[])
    while me(s).all_dice:
        a = next(a for a in s.legal_actions() if a.kind == "money_bag" and a.choice == bag)
        s = s.apply(a)
    return to_turn(s.apply("end_turn"))


def finish_round(s, bag: str = "coins"):
    """Every player bags all their dice until the round changes (the next round's compensation
    is resolved as coins)."""
    start = s.round
    while s.round == start and not s.is_over:
        s = bag_all_and_end(s, bag)
    return s
