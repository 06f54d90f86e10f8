"""Editing a Marco Polo II position (``GameState.with_player``) and reseeding it (``reseed``)."""

from __future__ import annotations

import operator
import reprlib
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.rng import seed_state, shuffled
from mp_notebook.rulesets.mp2 import rules
from mp_notebook.rulesets.mp2.components import GOODS, SEALS

if TYPE_CHECKING:
    from mp_notebook.rulesets.mp2.state import Mp2State

MAX_SEED = 2**64 - 1  # the RNG keeps 64 bits; larger seeds would only make saves unwritable


def reseeded(s: Mp2State, seed: int) -> Mp2State:
    """``s`` with a new RNG seed and its face-down decks (contract pile, city cards) reshuffled."""
    seed = checked_int("reseed: seed", seed, -MAX_SEED, MAX_SEED)
    new = s._copy()
    rng = seed_state(seed)
    rng, new.contract_pile = shuffled(rng, s.contract_pile)
    rng, new.card_deck = shuffled(rng, s.card_deck)
    new.rng = rng
    new._note(None, f"reseeded with {seed}: future dice and face-down decks resampled", "mp_notebook: reseed")
    return new


EDITABLE = ("coins", "camels", "vp", "dice", "black_dice", "location", "figure2", "goods", "seals",
             "trading_posts", "contracts", "completed", "goal")
MAX_COUNT = 999_999
"""The largest number of coins, camels, goods or VP (either sign) ``with_player`` sets."""


def shown(value: Any) -> str:
    """``value`` for an error message, short (reprlib), even for an int too long to print."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"an int of {value.bit_length()} bits"
    return reprlib.repr(value)


def checked_int(name: str, value: Any, low: int, high: int = MAX_COUNT) -> int:
    """``value`` as an int in ``low..high``: ints and numpy ints, not bools, floats or strings."""
    try:
        number = operator.index(value) if not isinstance(value, bool) else None
    except TypeError:
        number = None
    if number is None or not low <= number <= high:
        raise ValueError(f"{name} must be an int from {low} to {high}, got {shown(value)}")
    return number


def _strings(name: str, value: Any, limit: int, what: str) -> list[str]:
    """``value`` as a list of at most ``limit`` strings (a list or tuple, so its order is kept)."""
    if not isinstance(value, (list, tuple)) or len(value) > limit or not all(isinstance(x, str) for x in value):
        raise ValueError(f"with_player: {name} is a list of at most {limit} {what}, got {shown(value)}")
    return list(value)


def edit_player(s: Mp2State, i: Any, changes: dict[str, Any]) -> tuple[Mp2State, dict[str, Any]]:
    """Validate and apply ``GameState.with_player`` edits.

    Returns the new state and the edits as plain JSON values (numpy ints become ints) for the
    history; raises ValueError naming the bad field. Sizes are checked before anything is built:
    at most ``MAX_COUNT`` of a resource, at most the dice of a colour plus every black die, the
    posts and contract slots of the rules. An edit that would leave a pending decision with no
    legal choice (lowering coins during a ``pay``, say) is refused.
    """
    c = s.components
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < s.num_players:
        raise ValueError(f"with_player: no seat {shown(i)} (seats 0-{s.num_players - 1})")
    unknown = sorted(map(repr, set(changes) - set(EDITABLE)))
    if unknown:
        raise ValueError(f"with_player: cannot edit {', '.join(unknown)} (editable: {', '.join(EDITABLE)})"[:300])
    new = s._copy()
    p = new._player(i)
    record: dict[str, Any] = {}
    max_dice = c.rules.dice_per_player + max(c.rules.black_dice.values(), default=0)

    def put(name: str, value: Any) -> None:
        object.__setattr__(p, name, value)

    for key, value in changes.items():
        if key in ("coins", "camels", "vp"):
            record[key] = checked_int(f"with_player: {key}", value, -MAX_COUNT if key == "vp" else 0)
            put(key, record[key])
        elif key == "goods":
            if not isinstance(value, dict) or set(value) - set(GOODS):
                raise ValueError(f"with_player: goods is a dict over {', '.join(GOODS)}, got {shown(value)}")
            record[key] = {g: checked_int(f"with_player: goods[{g!r}]", v, 0) for g, v in value.items()}
            for g, v in record[key].items():
                put(g, v)
        elif key in ("dice", "black_dice"):
            if not isinstance(value, (list, tuple)) or len(value) > max_dice:
                raise ValueError(f"with_player: {key} is a list of at most {max_dice} die values 1-6, "
                                 f"got {shown(value)}")
            record[key] = [checked_int(f"with_player: a value in {key}", v, 1, 6) for v in value]
            put(key, tuple(sorted(record[key])))
        elif key in ("location", "figure2"):
            if not isinstance(value, str) or value not in c.locations:
                raise ValueError(f"with_player: unknown location {shown(value)}")
            if key == "figure2" and p.figure2 is None:
                raise ValueError(f"with_player: {p.name} has one figure (figure2 is for Mailin & Tian Chin)")
            record[key] = value
            put(key, value)
        elif key == "seals":
            if (not isinstance(value, dict) or set(value) - set(SEALS)
                    or not all(v in ("basic", "improved") for v in value.values())):
                raise ValueError(f"with_player: seals maps {', '.join(SEALS)} to 'basic' or 'improved', "
                                 f"got {shown(value)}")
            record[key] = dict(value)
            put("seal_levels", tuple((t, value[t] == "improved") for t in SEALS if t in value))
        elif key == "trading_posts":
            posts = _strings(key, value, c.rules.posts_per_player, "city names")
            bad = [x for x in posts if x not in c.locations or not c.locations[x].is_city or c.locations[x].start]
            if bad or len(set(posts)) != len(posts):
                raise ValueError(f"with_player: trading_posts are up to {c.rules.posts_per_player} different "
                                 f"cities other than {new.board.start}; bad: {bad or posts}")
            record[key] = posts
            put(key, tuple(posts))
        elif key in ("contracts", "completed"):
            limit = c.rules.contract_slots if key == "contracts" else len(c.contracts)
            ids = tuple(_strings(key, value, limit, "contract ids"))
            bad = [x for x in ids if x not in c.contracts]
            if bad or len(set(ids)) != len(ids):
                raise ValueError(f"with_player: {key} are up to {limit} different contract ids; bad: {bad or ids}")
            _check_owner(new, i, key, ids)
            new.contract_pile = tuple(x for x in new.contract_pile if x not in ids)
            new.display = {city: tuple(None if x in ids else x for x in slots)  # type: ignore[misc]
                           for city, slots in new.display.items()}
            record[key] = list(ids)
            put(key, ids)
        elif key == "goal":
            if value is not None and (not isinstance(value, str) or value not in c.goals):
                raise ValueError(f"with_player: unknown goal card {shown(value)}")
            record[key] = value
            put(key, value)
    new._legal = rules.legal_actions(new)
    if not new.over and not new._legal:
        raise ValueError(f"with_player: the edit leaves no legal choice for {new.decision.text!r}; "
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
            raise ValueError(f"with_player: contract(s) {shared} already belong to {holder}")
