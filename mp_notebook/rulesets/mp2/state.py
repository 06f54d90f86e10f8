"""The state of a Marco Polo II game: players, the board's changing parts, pending decisions.

States are immutable values: :meth:`Mp2State.apply` returns a new state that shares everything
unchanged (the static board, untouched players, the history) with the old one.
"""

from __future__ import annotations

import json
import operator
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Action, Decision, Event, well_formed
from mp_notebook.engine.errors import IllegalAction, NotationError
from mp_notebook.engine.game import GameState
from mp_notebook.engine.rng import next_int
from mp_notebook.rulesets._shared.dice import EMPTY as EMPTY_SPACE
from mp_notebook.rulesets._shared.dice import Space
from mp_notebook.rulesets.mp2 import rules
from mp_notebook.rulesets.mp2.components import GOODS, SEALS, Bundle, Components
from mp_notebook.rulesets.mp2.notation import VOCABULARY

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.board.graph import Board
    from mp_notebook.rulesets.mp2.automa import Automa

_set = object.__setattr__


class Player:
    """One seat's pieces. Read-only: edit a position with ``GameState.with_player``.

    ``dice`` are the unplaced dice of the player's colour, ``black_dice`` the black dice held,
    ``seals`` maps each seal held to ``"basic"`` or ``"improved"``.
    """

    FIELDS = ("name", "character", "coins", "camels", "pepper", "silk", "gold", "jade", "vp", "dice",
              "black_dice", "location", "figure2", "trading_posts", "contracts", "completed", "seal_levels",
              "goal", "shields", "outpost_tiles")

    name: str
    character: str | None
    coins: int
    camels: int
    pepper: int
    silk: int
    gold: int
    jade: int
    vp: int
    dice: tuple[int, ...]
    black_dice: tuple[int, ...]
    location: str
    figure2: str | None  # the second figure of Mailin & Tian Chin
    trading_posts: tuple[str, ...]
    contracts: tuple[str, ...]
    completed: tuple[str, ...]
    seal_levels: tuple[tuple[str, bool], ...]  # (type, improved), in SEALS order
    goal: str | None
    shields: int  # "+1" shield icons gained from rewards
    outpost_tiles: tuple[str, ...]  # outpost bonus tiles collected by Filippo Vitello

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
        return {g: getattr(self, g) for g in GOODS}

    @property
    def seals(self) -> dict[str, str]:
        return {t: ("improved" if up else "basic") for t, up in self.seal_levels}

    def has_seal(self, seal: str) -> bool:
        return any(t == seal for t, _ in self.seal_levels)

    def improved(self, seal: str) -> bool:
        return (seal, True) in self.seal_levels

    @property
    def locations(self) -> tuple[str, ...]:
        """Where the player's figures stand (two for Mailin & Tian Chin)."""
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
                f"{' + black ' + str(list(self.black_dice)) if self.black_dice else ''}, at {self.location}>")


_new_event = tuple.__new__  # Event(...) without the keyword handling: the log grows on every apply


class Mp2State(GameState):
    """A Marco Polo II position. Create one with ``mp_notebook.new_game``."""

    ruleset = "mp2"

    components: Components
    board: Board
    num_players: int
    round: int
    first_player: int
    next_first: int
    travel_high: int
    turn: int | None
    main_done: bool
    black_bought: bool
    bagged: bool  # a die went on the money bag this turn before the main action
    posted_now: frozenset[str]
    players: tuple[Player, ...]
    spaces: dict[str, Space]
    offer_tiles: tuple[str, str, str]
    offer_piles: tuple[tuple[str, ...], ...]
    display: dict[str, tuple[str | None, str | None]]
    contract_pile: tuple[str, ...]
    markers: dict[str, str]
    outposts: dict[str, str]
    cards: dict[str, str]
    card_deck: tuple[str, ...]
    black_pool: tuple[int, ...]
    variants: frozenset[str]
    tasks: tuple[tuple[Any, ...], ...]
    completing: frozenset[str]  # contracts whose rewards are being received (still in their slot)
    automa: Automa | None  # the solo Automa (seat 1), None in a game of 2-4 players
    rng: int
    over: bool
    _legal: list[Action] | None
    _owned: set[int]  # seats already copied into this (unpublished) state

    # --- copying -------------------------------------------------------------------------
    def _copy(self) -> Mp2State:
        new = object.__new__(Mp2State)
        fields = self.__dict__.copy()
        fields["_legal"] = None
        fields["_owned"] = set()
        new.__dict__ = fields
        return new

    def __copy__(self) -> Mp2State:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Mp2State:
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

    def roll(self) -> int:
        """Roll one die with the state's RNG (only while the rules build a new state)."""
        self.rng, v = next_int(self.rng, 6)
        return v + 1

    def space(self, key: str) -> Space:
        """An action space: (colours used this round, values of the dice on it)."""
        return self.spaces.get(key, EMPTY_SPACE)

    def _note(self, player: int | None, text: str, rule: str) -> None:
        self._log = (self._log, _new_event(Event, (self.round, player, text, rule)))

    # --- the public API ----------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return self.components.rules.rounds

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def decision(self) -> Decision:
        """What is awaited now: ``.kind``, ``.player``, ``.text`` in plain English and ``.about``
        (``rules.DECISION_ABOUT`` lists what it holds for a move, an offer, a choice of rewards and an
        exchange).

        >>> import mp_notebook as mp
        >>> s = mp.new_game(players=2, seed=1)
        >>> s.decision.kind, s.decision.player
        ('turn', 0)
        >>> s.apply("travel [5,6] middle").decision.about  # the moves left
        3
        """
        return rules.decision(self)

    def legal_actions(self) -> list[Action]:
        """Every distinct legal choice at this point (a new list each call)."""
        if self._legal is None:
            self._legal = rules.legal_actions(self)
        return list(self._legal)

    def apply(self, action: Action | str) -> Mp2State:
        """Return the state after ``action`` (an :class:`Action` or its notation); ``self`` never changes.

        Raises :class:`IllegalAction` (why, and which rule) or :class:`NotationError`.
        """
        if self._legal is None:
            self._legal = rules.legal_actions(self)
        legal = self._legal
        assert legal is not None
        if isinstance(action, str):
            parsed = VOCABULARY.parse(action, self.current_player)
        elif isinstance(action, Action):
            if not well_formed(action):
                raise NotationError(f"{action}: kind is a str, player an int or None, dice and black tuples of "
                                    f"die values 1-6 (black among dice), space and choice a str or None; take "
                                    f"actions from legal_actions() or Action.parse")
            parsed = action if action.player is not None else action._replace(player=self.current_player)
        else:
            raise NotationError(f"an action is an Action or a notation string, got {type(action).__name__}")
        if parsed not in legal:
            raise IllegalAction(rules.explain(self, parsed))
        return rules.apply(self, legal[legal.index(parsed)])  # the legal action itself goes in the history

    def scores(self) -> pd.DataFrame:
        """Final scoring by category, one row per player (at any time: as if the game ended now)."""
        from mp_notebook.rulesets.mp2.scoring import scores

        return scores(self)

    def score_rows(self) -> list[dict[str, Any]]:
        """:meth:`scores` as plain dicts (``player`` included), without building a DataFrame."""
        from mp_notebook.rulesets.mp2.scoring import score_rows

        return score_rows(self)

    def with_player(self, i: int, **changes: Any) -> Mp2State:
        """A new state with player ``i``'s pieces edited (position editing for analysis).

        Keys: ``coins camels vp dice black_dice location figure2 goods seals trading_posts
        contracts completed goal``. The edit is recorded in the history so the state still replays.
        Bad values raise ValueError and change nothing: numbers are ints (numpy ints too; not
        floats or bools) up to 999,999, lists are lists or tuples within the rules' sizes (at most
        11 dice), a contract has one holder, and an edit may not leave a pending decision (a
        ``pay``, say) without a legal choice.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(players=2, seed=1).with_player(0, coins=20, goods={"silk": 2})
        >>> s.players[0].coins, s.players[0].silk
        (20, 2)
        """
        from mp_notebook.rulesets.mp2.editing import edit_player

        new, record = edit_player(self, i, changes)
        new._hist = (self._hist, f"edit {i} {json.dumps(record, sort_keys=True, separators=(',', ':'))}")
        return new

    def reseed(self, seed: int) -> Mp2State:
        """The same position with a different future: new dice and reshuffled face-down decks."""
        from mp_notebook.rulesets.mp2.editing import reseeded

        new = reseeded(self, seed)
        new._hist = (self._hist, f"reseed {operator.index(seed)}")
        return new

    def _replay_entry(self, entry: str) -> Mp2State:
        word, _, rest = entry.partition(" ")
        if word == "edit":
            index, _, changes = rest.partition(" ")
            try:
                return self.with_player(int(index), **json.loads(changes))
            except (ValueError, TypeError) as exc:
                raise NotationError(f"malformed edit entry {entry[:100]!r}: {exc}") from exc
        if word == "reseed":
            try:
                return self.reseed(int(rest))
            except ValueError as exc:
                raise NotationError(f"malformed reseed entry {entry[:100]!r}") from exc
        return self.apply(entry)

    def _snapshot(self) -> dict[str, Any]:
        def plain(value: Any) -> Any:
            if isinstance(value, (tuple, list, frozenset, set)):
                items = [plain(v) for v in value]
                return sorted(items, key=repr) if isinstance(value, (frozenset, set)) else items
            if isinstance(value, dict):
                return {str(k): plain(v) for k, v in value.items()}
            if isinstance(value, Player):
                return plain(value.fields())
            if isinstance(value, Bundle) or hasattr(value, "__slots__"):
                return repr(value)
            return value

        skip = {"components", "board", "_legal", "_owned", "_hist", "_log", "_setup"}
        return {k: plain(v) for k, v in self.__dict__.items() if k not in skip}

    # --- display -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        status = "over" if self.over else f"round {self.round}, {self.decision.text}"
        return f"<Mp2State {self.num_players} players, {status}>"

    def _repr_html_(self) -> str:
        from mp_notebook.rulesets.mp2.summary import html_summary

        return html_summary(self)


def _unpickle(fields: dict[str, Any]) -> Mp2State:
    """Rebuild a pickled state around the shared static board."""
    from mp_notebook.rulesets.mp2.components import components, shared_board

    state = object.__new__(Mp2State)
    state.__dict__ = dict(fields, components=components(), board=shared_board(), _legal=None, _owned=set())
    return state


def _player_from_fields(fields: dict[str, Any]) -> Player:
    return Player(**fields)


__all__ = ["SEALS", "IllegalAction", "Mp2State", "Player"]
