"""The state of a game of The Voyages of Marco Polo: players, the board's changing parts and the
pending decisions.

States are immutable values: :meth:`VoyagesState.apply` returns a new state that shares
everything unchanged (the static board, untouched players, the history) with the old one.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Action, Decision, Event
from mp_notebook.engine.errors import IllegalAction, NotationError
from mp_notebook.engine.game import GameState
from mp_notebook.rulesets._shared.dice import Space
from mp_notebook.rulesets.voyages import rules
from mp_notebook.rulesets.voyages.components import GOODS
from mp_notebook.rulesets.voyages.notation import VOCABULARY

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.board.graph import Board
    from mp_notebook.rulesets.voyages.components import Components

_set = object.__setattr__


class Player:
    """One seat's pieces. Read-only: edit a position with ``GameState.with_player``.

    ``dice`` are the unplaced dice of the player's colour, ``black_dice`` the black dice held and
    ``white`` the value of Matteo Polo's white die (0: not held); black and white dice are no
    player's colour, and an action writes both with a ``b``. Raschid ad-Din Sinan's dice show 0
    until he places them and sets their values. ``goals`` are the goal cards kept (2).
    ``figure2`` is the second figure of Niccolò & Marco Polo (None for everyone else).
    """

    FIELDS = ("name", "character", "coins", "camels", "pepper", "silk", "gold", "vp", "dice", "black_dice",
              "white", "location", "figure2", "trading_posts", "contracts", "completed", "goals")

    name: str
    character: str | None
    coins: int
    camels: int
    pepper: int
    silk: int
    gold: int
    vp: int
    dice: tuple[int, ...]
    black_dice: tuple[int, ...]
    white: int
    location: str
    figure2: str | None
    trading_posts: tuple[str, ...]
    contracts: tuple[str, ...]
    completed: tuple[str, ...]
    goals: tuple[str, ...]

    def __init__(self, **fields: Any):
        self.__dict__.update({k: fields[k] for k in self.FIELDS})

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("game states are immutable: use GameState.with_player(...) to edit a position")

    def _copy(self) -> Player:
        new = object.__new__(Player)
        _set(new, "__dict__", self.__dict__.copy())
        return new

    @property
    def goods(self) -> dict[str, int]:
        """Pepper, silk and gold held (camels are not goods)."""
        return {g: getattr(self, g) for g in GOODS}

    @property
    def locations(self) -> tuple[str, ...]:
        """Where the player's figures stand (two for Niccolò & Marco Polo)."""
        return (self.location,) if self.figure2 is None else (self.location, self.figure2)

    @property
    def all_dice(self) -> int:
        return len(self.dice) + len(self.black_dice)

    def fields(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.FIELDS}

    def __reduce__(self) -> tuple[Any, ...]:
        return (_player_from_fields, (self.fields(),))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and self.fields() == other.fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        goods = " ".join(f"{g}={getattr(self, g)}" for g in GOODS if getattr(self, g))
        return (f"<Player {self.name}: {self.vp} VP, {self.coins} coins, {self.camels} camels"
                f"{', ' + goods if goods else ''}, dice {list(self.dice)}"
                f"{' + colourless ' + str(list(self.black_dice)) if self.black_dice else ''}, at {self.location}>")


_new_event = tuple.__new__  # Event(...) without the keyword handling: the log grows on every apply


class VoyagesState(GameState):
    """A position of The Voyages of Marco Polo. Create one with
    ``mp_notebook.new_game(n, ruleset="voyages")``."""

    ruleset = "voyages"

    components: Components
    board: Board
    num_players: int
    round: int
    first_player: int
    next_first: int
    turn: int | None
    main_done: bool
    black_bought: int  # black dice bought this turn (bonus action)
    posted_now: frozenset[str]
    players: tuple[Player, ...]
    spaces: dict[str, Space]
    contract_spaces: tuple[str | None, ...]  # the 6 contract spaces of the board, left to right
    contract_piles: tuple[tuple[str, ...], ...]  # the piles of 6 still to come, one per round
    special_pile: tuple[str, ...]  # top first
    cards: dict[str, str]  # city card space -> card id
    outposts: dict[str, str]  # large city -> outpost bonus tile still there ("" once taken)
    markers: dict[str, str]  # small city -> city bonus marker
    beijing: tuple[int | None, ...]  # seat on each Beijing space, highest VP first
    black_pool: int  # black dice on the board
    variants: frozenset[str]
    tasks: tuple[tuple[Any, ...], ...]
    completing: frozenset[str]  # contracts whose rewards are being received (still in their slot)
    rng: int
    over: bool
    _legal: list[Action] | None
    _owned: set[int]  # seats already copied into this (unpublished) state

    # --- copying -------------------------------------------------------------------------
    def _copy(self) -> VoyagesState:
        new = object.__new__(VoyagesState)
        fields = self.__dict__.copy()
        fields["_legal"] = None
        fields["_owned"] = set()
        new.__dict__ = fields
        return new

    def __copy__(self) -> VoyagesState:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> VoyagesState:
        return self._copy()

    def __reduce__(self) -> tuple[Any, ...]:
        fields = {k: v for k, v in self.__dict__.items() if k not in ("components", "board", "_legal", "_owned")}
        return (_unpickle, (fields,))

    def _player(self, i: int) -> Player:
        """A private copy of player ``i`` installed in this (new, unpublished) state."""
        if i in self._owned:
            return self.players[i]
        self._owned.add(i)
        p = self.players[i]._copy()
        players = list(self.players)
        players[i] = p
        self.players = tuple(players)
        return p

    def _note(self, player: int | None, text: str, rule: str) -> None:
        self._log = (self._log, _new_event(Event, (self.round, player, text, rule)))

    # --- the public API ----------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def rounds(self) -> int:
        return self.components.rules.rounds

    @property
    def decision(self) -> Decision:
        """What is awaited now: ``.kind``, ``.player`` and ``.text`` in plain English.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(2, ruleset="voyages", seed=1)
        >>> s.decision.kind, s.decision.player, s.decision.text
        ('compensation', 1, 'Player 2: take 1 compensation as coins and/or camels')
        """
        return rules.decision(self)

    def legal_actions(self) -> list[Action]:
        """Every distinct legal choice at this point (a new list each call)."""
        if self._legal is None:
            self._legal = rules.legal_actions(self)
        return list(self._legal)

    def apply(self, action: Action | str) -> VoyagesState:
        """Return the state after ``action`` (an :class:`Action` or its notation); ``self`` never changes.

        Raises :class:`IllegalAction` (what, why not, which rule) or :class:`NotationError`.
        """
        if self._legal is None:
            self._legal = rules.legal_actions(self)
        if isinstance(action, str):
            parsed = VOCABULARY.parse(action, self.current_player)
        elif isinstance(action, Action):
            parsed = action if action.player is not None else action._replace(player=self.current_player)
        else:
            raise NotationError(f"an action is an Action or a notation string, got {type(action).__name__}")
        if parsed not in self._legal:
            raise IllegalAction(rules.explain(self, parsed))
        return rules.apply(self, parsed)

    def scores(self) -> pd.DataFrame:
        """Final scoring by category, one row per player (at any time: as if the game ended now)."""
        from mp_notebook.rulesets.voyages.scoring import scores

        return scores(self)

    def score_rows(self) -> list[dict[str, Any]]:
        """:meth:`scores` as plain dicts (``player`` included), without building a DataFrame."""
        from mp_notebook.rulesets.voyages.scoring import score_rows

        return score_rows(self)

    def with_player(self, i: int, **changes: Any) -> VoyagesState:
        """A new state with player ``i``'s pieces edited (position editing for analysis).

        Keys: ``coins camels vp goods dice black_dice location figure2 trading_posts contracts
        completed goals``. The edit is recorded in the history so the state still replays.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(2, ruleset="voyages", seed=1).with_player(0, coins=20, goods={"silk": 2})
        >>> s.players[0].coins, s.players[0].silk
        (20, 2)
        """
        from mp_notebook.rulesets.voyages.editing import edit_player

        new = edit_player(self, i, changes)
        new._hist = (self._hist, f"edit {i} {json.dumps(changes, sort_keys=True, separators=(',', ':'))}")
        return new

    def reseed(self, seed: int) -> VoyagesState:
        """The same position with a different future: new dice and reshuffled face-down piles."""
        from mp_notebook.rulesets.voyages.editing import reseeded

        new = reseeded(self, seed)
        new._hist = (self._hist, f"reseed {int(seed)}")
        return new

    def _replay_entry(self, entry: str) -> VoyagesState:
        word, _, rest = entry.partition(" ")
        if word == "edit":
            index, _, changes = rest.partition(" ")
            try:
                return self.with_player(int(index), **json.loads(changes))
            except (ValueError, TypeError) as exc:
                raise NotationError(f"malformed edit entry {entry!r}: {exc}") from exc
        if word == "reseed":
            try:
                return self.reseed(int(rest))
            except ValueError as exc:
                raise NotationError(f"malformed reseed entry {entry!r}") from exc
        return self.apply(entry)

    def _snapshot(self) -> dict[str, Any]:
        skip = {"components", "board", "_legal", "_owned", "_hist", "_log", "_setup"}
        return {k: _plain(v) for k, v in self.__dict__.items() if k not in skip}

    # --- display -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        status = "over" if self.over else f"round {self.round}, {self.decision.text}"
        return f"<VoyagesState {self.num_players} players, {status}>"

    def _repr_html_(self) -> str:
        from mp_notebook.rulesets.voyages.summary import html_summary

        return html_summary(self)


def _plain(value: Any) -> Any:
    """``value`` as JSON-able plain data (sets sorted, players and components as text)."""
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [_plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (frozenset, set)) else items
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, Player):
        return _plain(value.fields())
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def _unpickle(fields: dict[str, Any]) -> VoyagesState:
    """Rebuild a pickled state around the shared static board."""
    from mp_notebook.rulesets.voyages.components import components, shared_board

    state = object.__new__(VoyagesState)
    state.__dict__ = dict(fields, components=components(), board=shared_board(), _legal=None, _owned=set())
    return state


def _player_from_fields(fields: dict[str, Any]) -> Player:
    return Player(**fields)


__all__ = ["GOODS", "IllegalAction", "Player", "VoyagesState"]
