"""Editing a Marco Polo II position (``GameState.with_player``) and reseeding it (``reseed``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.rng import next_int, seed_state, shuffled
from mp_notebook.engine.validate import (
    MAX_COUNT,
    checked_counts,
    checked_int,
    checked_list,
    checked_name,
    checked_names,
    checked_seat,
    checked_seed,
    shown,
)
from mp_notebook.rulesets.mp2 import RULESET, rules
from mp_notebook.rulesets.mp2.automa import SEAT as AUTOMA_SEAT
from mp_notebook.rulesets.mp2.automa import automa_components
from mp_notebook.rulesets.mp2.components import GOODS, SEALS

if TYPE_CHECKING:
    from mp_notebook.rulesets.mp2.state import Mp2State


def reseeded(s: Mp2State, seed: int) -> Mp2State:
    """``s`` with a new RNG seed and every pile the players cannot see reshuffled: the contract
    pile and the city card deck (face down, 003 setup 7-8); each offer-tile pile under its top tile
    (the piles are face up, so the top tile, next round's, is seen: 003 setup 10 and round step 2);
    in a solo game the Automa's deck (004: "draw a card") and, before its first Travel, its trip
    slide (004: under the Smart Mat, only BEIJING shows).

    The dice and the two decks draw from ``seed`` as in revision 1 of the rules; the piles revision
    2 added draw from a stream of their own, so the dice of a reseeded future are the same as
    before. Under ``revision=1`` (games saved before revision 2) only the two decks are reshuffled.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(["Ana"], automa="L3", seed=4)
    >>> t = s.reseed(1)
    >>> [p[0] for p in t.offer_piles] == [p[0] for p in s.offer_piles], t.offer_piles == s.offer_piles
    (True, False)
    >>> sorted(t.automa.deck) == sorted(s.automa.deck), t.automa.deck == s.automa.deck
    (True, False)
    """
    seed = checked_seed(seed, "reseed: seed")
    new = s._copy()
    rng = seed_state(seed)
    rng, new.contract_pile = shuffled(rng, s.contract_pile)
    rng, new.card_deck = shuffled(rng, s.card_deck)
    new.rng = rng
    if s._setup.get("revision", RULESET.revision) >= 2:
        hidden = seed_state(next_int(rng, 1 << 63)[1])  # its own stream: rng, the dice's, is not advanced
        piles = []
        for pile in s.offer_piles:
            hidden, under = shuffled(hidden, pile[1:])
            piles.append(pile[:1] + under)
        new.offer_piles = tuple(piles)
        if s.automa is not None:
            hidden, deck = shuffled(hidden, s.automa.deck)
            slide = s.automa.slide
            if s.automa.position < 0:
                hidden, slides = shuffled(hidden, sorted(automa_components().slides))
                slide = slides[0]
            new.automa = replace(s.automa, deck=deck, slide=slide)
    new._note(None, f"reseeded with {seed}: future dice and face-down piles resampled", "mp_notebook: reseed")
    return new


EDITABLE = ("coins", "camels", "vp", "dice", "black_dice", "location", "figure2", "goods", "seals",
             "trading_posts", "contracts", "completed", "goal")
AUTOMA_EDITABLE = ("vp", "location", "seals", "trading_posts")
"""What the Automa's seat has to edit: "The Automa does not manage money or resources" and "does
not receive the goal cards" (004, Automa overview); its dice, black dice and contracts are on its
mat (``s.automa``), not on a player board."""


def edit_player(s: Mp2State, i: Any, changes: dict[str, Any]) -> tuple[Mp2State, dict[str, Any]]:
    """Validate and apply ``GameState.with_player`` edits.

    Returns the new state and the edits as plain JSON values (numpy ints become ints) for the
    history; raises ArgumentError (a ValueError) naming the bad field. Sizes are checked before anything is built:
    at most ``MAX_COUNT`` of a resource, at most the dice of a colour plus every black die, the
    posts and contract slots of the rules. An edit that would leave a pending decision with no
    legal choice (lowering coins during a ``pay``, say) is refused.
    """
    c = s.components
    i = checked_seat("with_player", i, s.num_players)
    unknown = sorted(map(shown, set(changes) - set(EDITABLE)))
    if unknown:
        raise ArgumentError(f"with_player: cannot edit {', '.join(unknown)} (editable: {', '.join(EDITABLE)})"[:300])
    if s.automa is not None and i == AUTOMA_SEAT:
        foreign = [key for key in changes if key not in AUTOMA_EDITABLE]
        if foreign:
            raise ArgumentError(f"with_player: the Automa has no {', '.join(foreign)} to edit (Solo rules (004): "
                                f"Automa overview: it does not manage money or resources, receives no goal card, "
                                f"and its dice and contracts are on its mat); its editable: "
                                f"{', '.join(AUTOMA_EDITABLE)}")
    new = s._copy()
    p = new._player(i)
    record: dict[str, Any] = {}
    max_dice = c.rules.dice_per_player + max(c.rules.black_dice.values(), default=0)

    def put(name: str, value: Any) -> None:
        object.__setattr__(p, name, value)

    for key, value in changes.items():
        where = f"with_player: {key}"
        if key in ("coins", "camels", "vp"):
            record[key] = checked_int(where, value, -MAX_COUNT if key == "vp" else 0)
            put(key, record[key])
        elif key == "goods":
            record[key] = checked_counts(where, value, GOODS)
            for g, v in record[key].items():
                put(g, v)
        elif key in ("dice", "black_dice"):
            dice = checked_list(where, value, max_dice, "die values 1-6")
            record[key] = [checked_int(f"with_player: a value in {key}", v, 1, 6) for v in dice]
            put(key, tuple(sorted(record[key])))
        elif key in ("location", "figure2"):
            record[key] = checked_name("with_player", value, c.locations, "location")
            if key == "figure2" and p.figure2 is None:
                raise ArgumentError(f"with_player: {p.name} has one figure (figure2 is for Mailin & Tian Chin)")
            put(key, value)
        elif key == "seals":
            if (not isinstance(value, dict) or not all(isinstance(t, str) and t in SEALS for t in value)
                    or not all(isinstance(v, str) and v in ("basic", "improved") for v in value.values())):
                raise ArgumentError(f"with_player: seals maps {', '.join(SEALS)} to 'basic' or 'improved', "
                                    f"got {shown(value)}")
            record[key] = dict(value)
            put("seal_levels", tuple((t, value[t] == "improved") for t in SEALS if t in value))
        elif key == "trading_posts":
            cities = [x for x, loc in c.locations.items() if loc.is_city and not loc.start]
            record[key] = checked_names(where, value, cities, c.rules.posts_per_player,
                                        f"cities other than {new.board.start}")
            put(key, tuple(record[key]))
        elif key in ("contracts", "completed"):
            limit = c.rules.contract_slots if key == "contracts" else len(c.contracts)
            ids = tuple(checked_names(where, value, c.contracts, limit, "contract ids"))
            _check_owner(new, i, key, ids)
            new.contract_pile = tuple(x for x in new.contract_pile if x not in ids)
            new.display = {city: tuple(None if x in ids else x for x in slots)  # type: ignore[misc]
                           for city, slots in new.display.items()}
            record[key] = list(ids)
            put(key, ids)
        elif key == "goal":
            record[key] = None if value is None else checked_name("with_player", value, c.goals, "goal card")
            put(key, value)
    new._legal = rules.legal_actions(new)
    if not new.over and not new._legal:
        raise ArgumentError(f"with_player: the edit leaves no legal choice for {new.decision.text!r}; "
                         f"finish the pending decision first, or edit differently")
    new._note(i, f"position edited: {p.name} {', '.join(f'{k}={v!r}' for k, v in changes.items())}",
              "mp_notebook: with_player")
    return new, record


def _check_owner(s: Mp2State, i: int, key: str, ids: tuple[str, ...]) -> None:
    """Contracts belong to one holder: not another player, not the Automa, not both lists of seat ``i``."""
    p = s.players[i]
    holders = [(other.name, other.contracts + other.completed) for k, other in enumerate(s.players) if k != i]
    holders.append((f"{p.name} ({'completed' if key == 'contracts' else 'contracts'})",
                    p.completed if key == "contracts" else p.contracts))
    if s.automa is not None:
        holders.append(("the Automa", s.automa.contracts + s.automa.done))
    for holder, held in holders:
        shared = sorted(set(ids) & set(held))
        if shared:
            raise ArgumentError(f"with_player: contract(s) {shared} already belong to {holder}")
