"""Editing a position of The Voyages of Marco Polo (``GameState.with_player``) and reseeding it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mp_notebook.engine.rng import seed_state, shuffled
from mp_notebook.rulesets.voyages import rules
from mp_notebook.rulesets.voyages.components import GOODS

if TYPE_CHECKING:
    from mp_notebook.rulesets.voyages.state import VoyagesState


def reseeded(s: VoyagesState, seed: int) -> VoyagesState:
    """``s`` with a new RNG seed and its face-down piles (round piles, special pile) reshuffled."""
    new = s._copy()
    rng = seed_state(int(seed))
    rng, pooled = shuffled(rng, [cid for pile in s.contract_piles for cid in pile])
    size = len(s.contract_piles[0]) if s.contract_piles else 0
    new.contract_piles = tuple(pooled[size * k:size * (k + 1)] for k in range(len(s.contract_piles)))
    rng, new.special_pile = shuffled(rng, s.special_pile)
    new.rng = rng
    new._note(None, f"reseeded with {seed}: future dice and face-down contract piles resampled", "mp_notebook: reseed")
    return new


_EDITABLE = ("coins", "camels", "vp", "goods", "dice", "black_dice", "location", "figure2", "trading_posts",
             "contracts", "completed", "goals")


def edit_player(s: VoyagesState, i: int, changes: dict[str, Any]) -> tuple[VoyagesState, dict[str, Any]]:
    """Validate and apply ``GameState.with_player`` edits; raises ValueError naming the bad field."""
    c = s.components
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < s.num_players:
        raise ValueError(f"with_player: no seat {i!r} (seats 0-{s.num_players - 1})")
    unknown = sorted(set(changes) - set(_EDITABLE))
    if unknown:
        raise ValueError(f"with_player: cannot edit {', '.join(unknown)} (editable: {', '.join(_EDITABLE)})")
    new = s._copy()
    p = new._player(i)
    raschid = rules._chooses_dice(s, i)

    def put(name: str, value: Any) -> None:
        object.__setattr__(p, name, value)

    def count(name: str, value: Any, low: int | None = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low):
            raise ValueError(f"with_player: {name} must be an int{' >= 0' if low is not None else ''}, got {value!r}")
        return value

    for key, value in changes.items():
        if key in ("coins", "camels"):
            put(key, count(key, value))
        elif key == "vp":
            put(key, count(key, value, None))
        elif key == "goods":
            if not isinstance(value, dict) or set(value) - set(GOODS):
                raise ValueError(f"with_player: goods is a dict over {', '.join(GOODS)}, got {value!r}")
            for g, v in value.items():
                put(g, count(f"goods[{g!r}]", v))
        elif key in ("dice", "black_dice"):
            faces = (0,) if raschid else range(1, 7)
            if not isinstance(value, (list, tuple)) or any(isinstance(v, bool) or v not in faces for v in value):
                raise ValueError(f"with_player: {key} is a list of die values "
                                 f"{'0 (unset: Raschid)' if raschid else '1-6'}, got {value!r}")
            put(key, tuple(sorted(value)))
        elif key in ("location", "figure2"):
            if value not in c.locations:
                raise ValueError(f"with_player: unknown location {value!r}")
            if key == "figure2" and p.figure2 is None:
                raise ValueError(f"with_player: {p.name} has one figure (figure2 is Niccolò & Marco Polo's)")
            put(key, value)
        elif key == "trading_posts":
            _edit_posts(new, i, value)
        elif key in ("contracts", "completed"):
            _edit_contracts(new, i, key, value)
        else:  # goals
            if not isinstance(value, (list, tuple)) or any(g not in c.goals for g in value) \
                    or len(value) > c.rules.goals_per_player:
                raise ValueError(f"with_player: goals are up to {c.rules.goals_per_player} goal card ids, "
                                 f"got {value!r}")
            put(key, tuple(value))
    new._note(i, f"position edited: {p.name} {', '.join(f'{k}={v!r}' for k, v in changes.items())}",
              "mp_notebook: with_player")
    return new, changes


def _edit_posts(s: VoyagesState, i: int, value: Any) -> None:
    c = s.components
    posts = tuple(value) if isinstance(value, (list, tuple)) else ()
    bad = [x for x in posts if x not in c.locations or not c.locations[x].takes_posts]
    limit = rules.posts_limit(s, i)
    if not isinstance(value, (list, tuple)) or bad or len(set(posts)) != len(posts) or len(posts) > limit:
        raise ValueError(f"with_player: trading_posts are up to {limit} different cities other than "
                         f"{c.start}; bad: {bad or value!r}")
    if c.beijing in posts and i not in s.beijing:  # a new Beijing post takes the highest free space
        if None not in s.beijing:
            raise ValueError("with_player: every Beijing space already holds a post")
        k = s.beijing.index(None)
        s.beijing = (*s.beijing[:k], i, *s.beijing[k + 1:])
    elif c.beijing not in posts:
        s.beijing = tuple(None if seat == i else seat for seat in s.beijing)
    object.__setattr__(s.players[i], "trading_posts", posts)


def _edit_contracts(s: VoyagesState, i: int, key: str, value: Any) -> None:
    c = s.components
    ids = tuple(value) if isinstance(value, (list, tuple)) else ()
    bad = [x for x in ids if x not in c.contracts]
    limit = c.rules.hand_limit if key == "contracts" else len(c.contracts)
    if not isinstance(value, (list, tuple)) or bad or len(set(ids)) != len(ids) or len(ids) > limit:
        raise ValueError(f"with_player: {key} are up to {limit} different contract ids; bad: {bad or value!r}")
    p = s.players[i]
    for other in s.players:
        if other is not p and set(ids) & set(other.contracts + other.completed):
            shared = sorted(set(ids) & set(other.contracts + other.completed))
            raise ValueError(f"with_player: contract(s) {shared} belong to {other.name}")
    mine = set(p.contracts + p.completed)
    freed = mine - set(ids) - set(p.completed if key == "contracts" else p.contracts)
    s.special_pile = tuple(x for x in s.special_pile if x not in ids) + tuple(sorted(freed))
    s.contract_piles = tuple(tuple(x for x in pile if x not in ids) for pile in s.contract_piles)
    left = tuple(x for x in s.contract_spaces if x is not None and x not in ids)
    s.contract_spaces = left + (None,) * (len(s.contract_spaces) - len(left))
    object.__setattr__(p, key, ids)
