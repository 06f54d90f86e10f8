"""The machinery the rulesets' states share: copy-on-write states built by a rules module, players'
read-only pieces, applying and checking actions, editing and reseeding with a history entry, and
the plain snapshot saved with a game.

A ruleset's state subclasses :class:`RulesState` and names its parts: ``vocabulary`` (its
notation), ``rules`` (``decision``, ``legal_actions``, ``explain`` and ``apply`` of a state),
``scoring`` (``scores``, ``score_rows``), ``editing`` (``edit_player``, ``reseeded``),
``secrets`` (what a seat may see: ``SECRETS``, ``determinized``) and ``summary``
(``html_summary``). ``apply`` copies the state once (:meth:`RulesState._copy`) and the
rules change the copy before anyone else sees it: players are copied only when changed
(:meth:`RulesState._player`), and the static ``components`` and ``board`` are shared by every state.
"""

from __future__ import annotations

import json
import operator
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self

from mp_notebook.engine.actions import Action, Decision, Event, Vocabulary, well_formed
from mp_notebook.engine.errors import IllegalAction, NotationError
from mp_notebook.engine.game import GameState, chain_items, chain_of
from mp_notebook.engine.validate import checked_seat, checked_seed
from mp_notebook.engine.view import Secrets, seat_view

if TYPE_CHECKING:
    import pandas as pd

_set = object.__setattr__
_new_event = tuple.__new__  # Event(...) without the keyword handling: the log grows on every apply
STATIC = ("components", "board")  # shared by every state of a ruleset: never copied, pickled or saved
TRANSIENT = ("_legal", "_owned", "_decision")  # caches of one state object
CHAINS = ("_hist", "_log")  # the history and the log: shared chains (engine.game.Chain), pickled flat


class Pieces:
    """One seat's pieces, read-only (edit a position with ``GameState.with_player``).

    A ruleset's player class names its ``FIELDS`` and its ``GOODS`` (the fields :attr:`goods`
    reports).
    """

    FIELDS: ClassVar[tuple[str, ...]]
    GOODS: ClassVar[tuple[str, ...]]
    dice: tuple[int, ...]  # unplaced dice of the player's colour
    black_dice: tuple[int, ...]  # colourless dice held

    def __init__(self, **fields: Any):
        self.__dict__.update({k: fields[k] for k in self.FIELDS})

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("game states are immutable: use GameState.with_player(...) to edit a position")

    def _copy(self) -> Self:
        new = object.__new__(type(self))
        _set(new, "__dict__", self.__dict__.copy())
        return new

    @property
    def goods(self) -> dict[str, int]:
        return {g: getattr(self, g) for g in self.GOODS}

    @property
    def all_dice(self) -> int:
        return len(self.dice) + len(self.black_dice)

    def fields(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.FIELDS}

    def __reduce__(self) -> tuple[Any, ...]:
        return (_pieces, (type(self), self.fields()))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.fields() == other.fields()

    __hash__ = None  # type: ignore[assignment]


def _pieces(cls: type[Pieces], fields: dict[str, Any]) -> Pieces:
    return cls(**fields)


class Rules(Protocol):
    """What a ruleset's rules module answers about a state."""

    def decision(self, s: Any) -> Decision: ...

    def legal_actions(self, s: Any) -> list[Action]: ...

    def explain(self, s: Any, a: Action) -> str:
        """Why ``a`` is not legal: what was tried, why not, which rule."""
        ...

    def apply(self, s: Any, a: Any) -> Any:
        """The state after the legal action ``a`` (a new state; ``s`` unchanged)."""
        ...


class Scoring(Protocol):
    CATEGORIES: tuple[str, ...]  # the final-scoring categories, the ``scores()`` columns that sum to the total

    def scores(self, s: Any) -> pd.DataFrame: ...

    def score_rows(self, s: Any) -> list[dict[str, Any]]: ...


class Editing(Protocol):
    def edit_player(self, s: Any, i: Any, changes: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """The edited state and the edits as plain JSON (for the history); ValueError if bad."""
        ...

    def reseeded(self, s: Any, seed: int) -> Any: ...


class Summary(Protocol):
    def html_summary(self, s: Any) -> str: ...


class SeatSecrets(Protocol):
    """A ruleset's ``secrets`` part: what its rules keep from a seat (see :mod:`mp_notebook.engine.view`)."""

    SECRETS: Secrets

    def determinized(self, s: Any, seat: int, seed: int) -> Any:
        """``s`` as ``seat`` may imagine it: what it has not seen dealt anew from ``seed``."""
        ...


class RulesState(GameState):
    """A game state built by a rules module (see the module docstring)."""

    # the ruleset's parts, set on its state class
    vocabulary: Vocabulary
    rules: Rules
    scoring: Scoring
    editing: Editing
    secrets: SeatSecrets
    summary: Summary

    round: int
    over: bool
    _legal: list[Action] | None
    _owned: set[int]  # seats already copied into this (unpublished) state
    _decision: Decision | None = None  # the decision awaited, once asked for

    # --- copying -------------------------------------------------------------------------
    def _copy(self) -> Self:
        new = object.__new__(type(self))
        fields = self.__dict__.copy()
        fields["_legal"] = None
        fields["_owned"] = set()
        fields["_decision"] = None
        new.__dict__ = fields
        return new

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self._copy()

    def __reduce__(self) -> tuple[Any, ...]:
        fields = {k: v for k, v in self.__dict__.items() if k not in STATIC + TRANSIENT}
        for name in CHAINS:  # flat: pickle would recurse once per entry of a nested chain
            fields[name] = chain_items(fields[name])
        return (_unpickle, (type(self), fields))

    def _static(self) -> dict[str, Any]:
        """The shared static parts of a state of this ruleset (``components``, ``board``)."""
        raise NotImplementedError

    def _player(self, i: int) -> Any:
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
    def decision(self) -> Decision:
        """What is awaited now: ``.kind``, ``.player``, ``.text`` in plain English and ``.about``
        (what some follow-ups are about; the rules module's ``DECISION_ABOUT`` lists them)."""
        if self._decision is None:
            self._decision = self.rules.decision(self)
        return self._decision

    def legal_actions(self) -> list[Action]:
        """Every distinct legal choice at this point (a new list each call)."""
        if self._legal is None:
            self._legal = self.rules.legal_actions(self)
        return list(self._legal)

    def apply(self, action: Action | str) -> Self:
        """Return the state after ``action`` (an :class:`Action` or its notation); ``self`` never changes.

        Raises :class:`IllegalAction` (what was tried, why not, which rule) or :class:`NotationError`.
        """
        if self._legal is None:
            self._legal = self.rules.legal_actions(self)
        legal = self._legal
        new: Self = self.rules.apply(self, self._legal_one(legal, action))
        return new

    def _legal_one(self, legal: list[Action], action: Action | str) -> Action:
        """The legal action ``action`` stands for (that one goes in the history), or an error."""
        if type(action) is Action:  # one of legal_actions() itself: one scan, nothing to check
            try:
                found = legal[legal.index(action)]
            except ValueError:
                found = None
            if found is action:
                return action
        if isinstance(action, str):
            parsed = self.vocabulary.parse(action, self.current_player)
        elif isinstance(action, Action):
            if not well_formed(action):
                raise NotationError(f"{action}: kind is a str, player an int or None, dice and black tuples of "
                                    f"die values 1-6 (black among dice), space and choice a str or None; take "
                                    f"actions from legal_actions() or Action.parse")
            parsed = action if action.player is not None else action._replace(player=self.current_player)
        else:
            raise NotationError(f"an action is an Action or a notation string, got {type(action).__name__}")
        if parsed not in legal:
            raise IllegalAction(self.rules.explain(self, parsed))
        return legal[legal.index(parsed)]

    def scores(self) -> pd.DataFrame:
        """Final scoring by category, one row per player (at any time: as if the game ended now)."""
        return self.scoring.scores(self)

    def score_rows(self) -> list[dict[str, Any]]:
        """:meth:`scores` as plain dicts (``player`` included), without building a DataFrame."""
        return self.scoring.score_rows(self)

    def with_player(self, i: int, **changes: Any) -> Self:
        """A new state with player ``i``'s pieces edited (position editing for analysis); the
        edit is recorded in the history so the state still replays. Bad values raise ValueError
        and change nothing (the ruleset's ``editing`` module says what may be edited)."""
        new, record = self.editing.edit_player(self, i, changes)
        new._hist = (self._hist, f"edit {i} {json.dumps(record, sort_keys=True, separators=(',', ':'))}")
        edited: Self = new
        return edited

    def reseed(self, seed: int) -> Self:
        """The same position with a different future: new dice and reshuffled face-down decks."""
        new = self.editing.reseeded(self, seed)
        new._hist = (self._hist, f"reseed {operator.index(seed)}")
        reseeded: Self = new
        return reseeded

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see of this position, as plain JSON-able data: face-down piles as their
        sizes, other players' secret cards as ``"hidden"``, no future dice (see
        :mod:`mp_notebook.engine.view`)."""
        seat = checked_seat("view", seat, self.num_players)
        return seat_view(self, seat, self.secrets.SECRETS, self._snapshot())

    def determinize(self, seat: int, seed: int) -> Self:
        """This position as ``seat`` may imagine it: everything ``seat`` has seen kept, the rest
        (other players' secret cards, face-down piles, the future dice) dealt anew from what it has
        not seen, by ``seed``. Two positions that look the same to ``seat`` give the same result."""
        seat = checked_seat("determinize", seat, self.num_players)
        seed = checked_seed(seed, "determinize: seed")
        new = self.secrets.determinized(self, seat, seed)
        new._hist = (self._hist, f"determinize {seat} {seed}")
        dealt: Self = new
        return dealt

    def _replay_entry(self, entry: str) -> Self:
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
        if word == "determinize":
            seat, _, seed = rest.partition(" ")
            try:
                return self.determinize(int(seat), int(seed))
            except ValueError as exc:
                raise NotationError(f"malformed determinize entry {entry[:100]!r}") from exc
        return self.apply(entry)

    def _snapshot(self) -> dict[str, Any]:
        skip = {*STATIC, *TRANSIENT, *CHAINS, "_setup"}
        return {k: plain(v) for k, v in self.__dict__.items() if k not in skip}

    # --- display -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        status = "over" if self.over else f"round {self.round}, {self.decision.text}"
        return f"<{type(self).__name__} {self.num_players} players, {status}>"

    def _repr_html_(self) -> str:
        return self.summary.html_summary(self)


def plain(value: Any) -> Any:
    """``value`` as JSON-able plain data: containers item by item (sets sorted), pieces by their
    fields, numbers, text and None as they are, anything else (bundles, ...) as its repr."""
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (frozenset, set)) else items
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, Pieces):
        return plain(value.fields())
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def _unpickle(cls: type[RulesState], fields: dict[str, Any]) -> RulesState:
    """Rebuild a pickled state around the shared static parts of its ruleset."""
    state = object.__new__(cls)
    state.__dict__ = dict(fields, _legal=None, _owned=set(), **{name: chain_of(fields[name]) for name in CHAINS})
    state.__dict__.update(state._static())
    return state
