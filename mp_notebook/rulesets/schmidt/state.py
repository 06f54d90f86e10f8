"""The state of a Schmidt Spiele Marco Polo game: merchants, decks, booty piles, pending decisions.

States are immutable values: :meth:`SchmidtState.apply` returns a new state sharing everything
unchanged (the static board, untouched merchants, the history) with the old one.
"""

from __future__ import annotations

import json
import operator
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Action, Decision, Event, well_formed
from mp_notebook.engine.errors import IllegalAction, NotationError
from mp_notebook.engine.game import GameState
from mp_notebook.engine.rng import next_int
from mp_notebook.rulesets.schmidt import rules
from mp_notebook.rulesets.schmidt.components import Components, components
from mp_notebook.rulesets.schmidt.notation import VOCABULARY

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.board.graph import Board

_set = object.__setattr__


class Player:
    """One merchant. Read-only: edit a position with ``GameState.with_player``.

    ``gulden`` is his money (also ``coins``), ``cards`` his ware cards (ids such as ``green80a``),
    ``plaque`` the mission city of his Golden Plaque (None without one), ``secrets`` whether he
    holds the Secrets of the Orient, ``mode`` the route type he travels (``land`` or ``sea``).
    The fields other rulesets have (camels, dice, trading posts, ...) are empty here.
    """

    FIELDS = ("name", "gulden", "cards", "plaque", "secrets", "location", "mode")

    name: str
    gulden: int
    cards: tuple[str, ...]
    plaque: str | None
    secrets: bool
    location: str
    mode: str

    character = None
    camels = 0
    vp = 0
    dice: tuple[int, ...] = ()
    black_dice: tuple[int, ...] = ()
    trading_posts: tuple[str, ...] = ()
    contracts: tuple[str, ...] = ()
    completed: tuple[str, ...] = ()
    goal = None

    def __init__(self, **fields: Any):
        self.__dict__.update({k: fields[k] for k in self.FIELDS})

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("game states are immutable: use GameState.with_player(...) to edit a position")

    def _copy(self) -> Player:
        new = object.__new__(Player)
        _set(new, "__dict__", self.__dict__.copy())
        return new

    @property
    def coins(self) -> int:
        return self.gulden

    @property
    def goods(self) -> dict[str, int]:
        """Ware cards held per colour."""
        cards = components().cards
        out = dict.fromkeys(components().colours, 0)
        for cid in self.cards:
            out[cards[cid].colour] += 1
        return out

    @property
    def seals(self) -> dict[str, str]:
        return {}

    @property
    def locations(self) -> tuple[str, ...]:
        return (self.location,)

    def fields(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.FIELDS}

    def __reduce__(self) -> tuple[Any, ...]:
        return (_player_from_fields, (self.fields(),))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and self.fields() == other.fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        extra = (", Plaque → " + self.plaque if self.plaque else "") + (", Secrets" if self.secrets else "")
        return (f"<Player {self.name}: {self.gulden} Gulden, cards {list(self.cards)}{extra}, "
                f"at {self.location} ({self.mode})>")


_new_event = tuple.__new__  # Event(...) without the keyword handling: the log grows on every apply

Visit = tuple[str, str, int, bool, tuple[int, ...]]
"""A trading visit: (city, colour sold so far or "", cards bought, traded with a merchant, merchants
present on arrival)."""


class SchmidtState(GameState):
    """A position of the Schmidt Spiele Marco Polo. Create one with ``mp_notebook.new_game``."""

    ruleset = "schmidt"

    components: Components
    board: Board
    num_players: int
    round: int
    first_player: int
    turn: int
    players: tuple[Player, ...]
    decks: dict[str, tuple[str, ...]]  # colour -> card ids, top first
    plaques: tuple[str, ...]  # mission cities of the Plaques left in the bank, top first
    secrets_left: int
    booty: dict[str, tuple[int, tuple[str, ...]]]  # ring -> (Gulden, cards) on its pirates/bandits space
    tasks: tuple[tuple[Any, ...], ...]  # pending decisions and steps, the last on top
    visit: Visit | None
    extra_turns: int
    spun: tuple[str, str] | None  # (ring, sector) of the last spin
    round_limit: int | None
    winner: int | None
    over: bool
    rng: int
    _legal: list[Action] | None
    _owned: set[int]

    # --- copying -------------------------------------------------------------------------
    def _copy(self) -> SchmidtState:
        new = object.__new__(SchmidtState)
        fields = self.__dict__.copy()
        fields["_legal"] = None
        fields["_owned"] = set()
        new.__dict__ = fields
        return new

    def __copy__(self) -> SchmidtState:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SchmidtState:
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

    def draw(self, n: int) -> int:
        """A uniform number in ``range(n)`` from the state's RNG (only while the rules build a new state)."""
        self.rng, v = next_int(self.rng, n)
        return v

    def _note(self, player: int | None, text: str, rule: str) -> None:
        self._log = (self._log, _new_event(Event, (self.round, player, text, rule)))

    # --- the public API ----------------------------------------------------------------------
    @property
    def rounds(self) -> int | None:
        """The round limit if the game was given one (``round_limit``); the rules set none."""
        return self.round_limit or None

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def decision(self) -> Decision:
        """What is awaited now: ``.kind`` (``turn``, ``move``, ``ransom``, ``gift``, ``trade``,
        ``pick``, ``debt`` or ``over``), ``.player``, ``.text`` and ``.about`` (the spaces to move
        for a ``move``, the joker for a ``pick``, the amount owed for a ``debt``).

        >>> import mp_notebook as mp
        >>> s = mp.new_game(2, ruleset="schmidt", seed=1)
        >>> s.decision.kind, s.decision.player
        ('turn', 0)
        """
        return rules.decision(self)

    def legal_actions(self) -> list[Action]:
        """Every distinct legal choice at this point (a new list each call)."""
        if self._legal is None:
            self._legal = rules.legal_actions(self)
        return list(self._legal)

    def apply(self, action: Action | str) -> SchmidtState:
        """Return the state after ``action`` (an :class:`Action` or its notation); ``self`` never changes.

        Raises :class:`IllegalAction` (why, and which rule) or :class:`NotationError`.
        """
        if self._legal is None:
            self._legal = rules.legal_actions(self)
        legal = self._legal
        if isinstance(action, str):
            parsed = VOCABULARY.parse(action, self.current_player)
        elif isinstance(action, Action):
            if not well_formed(action):
                raise NotationError(f"{action}: kind is a str, player an int or None, dice and black tuples of "
                                    f"die values 1-6, space and choice a str or None; take actions from "
                                    f"legal_actions() or Action.parse")
            parsed = action if action.player is not None else action._replace(player=self.current_player)
        else:
            raise NotationError(f"an action is an Action or a notation string, got {type(action).__name__}")
        if parsed not in legal:
            raise IllegalAction(rules.explain(self, parsed))
        return rules.apply(self, legal[legal.index(parsed)])

    def scores(self) -> pd.DataFrame:
        """Each merchant's capital by part, ``total`` and ``winner`` (see ``scoring``)."""
        from mp_notebook.rulesets.schmidt.scoring import scores

        return scores(self)

    def score_rows(self) -> list[dict[str, Any]]:
        """:meth:`scores` as plain dicts (``player`` included)."""
        from mp_notebook.rulesets.schmidt.scoring import score_rows

        return score_rows(self)

    def with_player(self, i: int, **changes: Any) -> SchmidtState:
        """A new state with merchant ``i`` edited (position editing for analysis).

        Keys: ``gulden`` (or ``coins``), ``cards``, ``plaque``, ``secrets``, ``location``, ``mode``.
        Cards move out of the decks (or another merchant's hand); bad values raise ValueError and
        change nothing. The edit is recorded in the history so the state still replays.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(2, ruleset="schmidt", seed=1).with_player(0, gulden=500, cards=["red80a"])
        >>> s.players[0].gulden, s.players[0].cards
        (500, ('red80a',))
        """
        from mp_notebook.rulesets.schmidt.editing import edit_player

        new, record = edit_player(self, i, changes)
        new._hist = (self._hist, f"edit {i} {json.dumps(record, sort_keys=True, separators=(',', ':'))}")
        return new

    def reseed(self, seed: int) -> SchmidtState:
        """The same position with a different future: new spins, dice and shuffled decks and Plaques."""
        from mp_notebook.rulesets.schmidt.editing import reseeded

        new = reseeded(self, seed)
        new._hist = (self._hist, f"reseed {operator.index(seed)}")
        return new

    def _replay_entry(self, entry: str) -> SchmidtState:
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
            if isinstance(value, (tuple, list)):
                return [plain(v) for v in value]
            if isinstance(value, dict):
                return {str(k): plain(v) for k, v in value.items()}
            if isinstance(value, Player):
                return plain(value.fields())
            return value

        skip = {"components", "board", "_legal", "_owned", "_hist", "_log", "_setup"}
        return {k: plain(v) for k, v in self.__dict__.items() if k not in skip}

    # --- display -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        status = "over" if self.over else f"round {self.round}, {self.decision.text}"
        return f"<SchmidtState {self.num_players} players, {status}>"

    def _repr_html_(self) -> str:
        from mp_notebook.rulesets.schmidt.summary import html_summary

        return html_summary(self)


def _unpickle(fields: dict[str, Any]) -> SchmidtState:
    """Rebuild a pickled state around the shared static board."""
    from mp_notebook.rulesets.schmidt.components import shared_board

    state = object.__new__(SchmidtState)
    state.__dict__ = dict(fields, components=components(), board=shared_board(), _legal=None, _owned=set())
    return state


def _player_from_fields(fields: dict[str, Any]) -> Player:
    return Player(**fields)


__all__ = ["IllegalAction", "Player", "SchmidtState"]
