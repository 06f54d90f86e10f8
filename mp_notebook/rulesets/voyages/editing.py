"""Editing a position of The Voyages of Marco Polo (``GameState.with_player``) and reseeding it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.rng import seed_state, shuffled
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
from mp_notebook.rulesets.voyages import rules
from mp_notebook.rulesets.voyages.components import GOODS

if TYPE_CHECKING:
    from mp_notebook.rulesets.voyages.state import VoyagesState


def reseeded(s: VoyagesState, seed: int) -> VoyagesState:
    """``s`` with a new RNG seed and its face-down piles (round piles, special pile) reshuffled."""
    seed = checked_seed(seed, "reseed: seed")
    new = s._copy()
    rng = seed_state(seed)
    rng, pooled = shuffled(rng, [cid for pile in s.contract_piles for cid in pile])
    size = len(s.contract_piles[0]) if s.contract_piles else 0
    new.contract_piles = tuple(pooled[size * k:size * (k + 1)] for k in range(len(s.contract_piles)))
    rng, new.special_pile = shuffled(rng, s.special_pile)
    new.rng = rng
    new._note(None, f"reseeded with {seed}: future dice and face-down contract piles resampled", "mp_notebook: reseed")
    return new


EDITABLE = ("coins", "camels", "vp", "goods", "dice", "black_dice", "location", "figure2", "trading_posts",
            "contracts", "completed", "goals")


def edit_player(s: VoyagesState, i: Any, changes: dict[str, Any]) -> tuple[VoyagesState, dict[str, Any]]:
    """Validate and apply ``GameState.with_player`` edits.

    Returns the new state and the edits as plain JSON values (numpy ints become ints) for the
    history; raises ArgumentError (a ValueError) naming the bad field. Sizes are checked before
    anything is built: at most ``MAX_COUNT`` of a resource, at most the dice a player can hold, the
    posts and contracts of the rules. An edit that would leave a pending decision with no legal
    choice (no coins left during a move, say) is refused.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="voyages", seed=1)
    >>> s.with_player(1, dice=[2.0])
    Traceback (most recent call last):
    ...
    mp_notebook.engine.errors.ArgumentError: with_player: a value in dice must be an int from 1 to 6, got 2.0
    """
    c = s.components
    i = checked_seat("with_player", i, s.num_players)
    unknown = sorted(map(shown, set(changes) - set(EDITABLE)))
    if unknown:
        raise ArgumentError(f"with_player: cannot edit {', '.join(unknown)} (editable: {', '.join(EDITABLE)})"[:300])
    new = s._copy()
    p = new._player(i)
    record: dict[str, Any] = {}
    face = 0 if rules._chooses_dice(s, i) else 1  # Raschid's dice are unset (0) until he places them
    max_dice = c.rules.dice_per_player + max(c.rules.black_dice.values(), default=0) + c.rules.white_dice

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
            dice = checked_list(where, value, max_dice, "die values 1-6 (0, unset, for Raschid)")
            unset = "" if face else " (Raschid's dice are unset, 0, until he places them)"
            record[key] = [checked_int(f"with_player: a value in {key}{unset}", v, face, 6 * face) for v in dice]
            put(key, tuple(sorted(record[key])))
        elif key in ("location", "figure2"):
            record[key] = checked_name("with_player", value, c.locations, "location")
            if key == "figure2" and p.figure2 is None:
                raise ArgumentError(f"with_player: {p.name} has one figure (figure2 is Niccolò & Marco Polo's)")
            put(key, value)
        elif key == "trading_posts":
            record[key] = _edit_posts(new, i, value)
        elif key in ("contracts", "completed"):
            record[key] = _edit_contracts(new, i, key, value)
        else:  # goals
            record[key] = checked_names(where, value, c.goals, c.rules.goals_per_player, "goal card ids")
            put(key, tuple(record[key]))
    new._legal = rules.legal_actions(new)
    if not new.over and not new._legal:
        raise ArgumentError(f"with_player: the edit leaves no legal choice for {new.decision.text!r}; "
                            f"finish the pending decision first, or edit differently")
    new._note(i, f"position edited: {p.name} {', '.join(f'{k}={v!r}' for k, v in record.items())}",
              "mp_notebook: with_player")
    return new, record


def _edit_posts(s: VoyagesState, i: int, value: Any) -> list[str]:
    """Place player ``i``'s posts (a Beijing post on the highest free space); the posts as JSON."""
    c = s.components
    cities = [x for x, loc in c.locations.items() if loc.takes_posts]
    posts = tuple(checked_names("with_player: trading_posts", value, cities, rules.posts_limit(s, i),
                                f"cities other than {c.start}"))
    if c.beijing in posts and i not in s.beijing:  # a new Beijing post takes the highest free space
        if None not in s.beijing:
            raise ArgumentError("with_player: every Beijing space already holds a post")
        k = s.beijing.index(None)
        s.beijing = (*s.beijing[:k], i, *s.beijing[k + 1:])
    elif c.beijing not in posts:
        s.beijing = tuple(None if seat == i else seat for seat in s.beijing)
    object.__setattr__(s.players[i], "trading_posts", posts)
    return list(posts)


def _edit_contracts(s: VoyagesState, i: int, key: str, value: Any) -> list[str]:
    """Give player ``i`` the contracts ``value`` (taken from wherever they are); the ids as JSON."""
    c = s.components
    limit = c.rules.hand_limit if key == "contracts" else len(c.contracts)
    ids = tuple(checked_names(f"with_player: {key}", value, c.contracts, limit, "contract ids"))
    p = s.players[i]
    for other in s.players:
        if other is not p and set(ids) & set(other.contracts + other.completed):
            shared = sorted(set(ids) & set(other.contracts + other.completed))
            raise ArgumentError(f"with_player: contract(s) {shared} belong to {other.name}")
    mine = set(p.contracts + p.completed)
    freed = mine - set(ids) - set(p.completed if key == "contracts" else p.contracts)
    s.special_pile = tuple(x for x in s.special_pile if x not in ids) + tuple(sorted(freed))
    s.contract_piles = tuple(tuple(x for x in pile if x not in ids) for pile in s.contract_piles)
    left = tuple(x for x in s.contract_spaces if x is not None and x not in ids)
    s.contract_spaces = left + (None,) * (len(s.contract_spaces) - len(left))
    object.__setattr__(p, key, ids)
    return list(ids)
