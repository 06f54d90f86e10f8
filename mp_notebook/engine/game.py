"""The ruleset-independent part of a game state: history, log, JSON, saving and replay.

A state is an immutable value. Its history (every notation string applied since ``new_game``,
position edits and reseeds included) replays it exactly, which is how JSON files are loaded:
the file carries the setup, the history and a snapshot, and loading replays the history and
checks the result against the snapshot, so a corrupted file is refused instead of half-loaded.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Action, Decision, Event
from mp_notebook.engine.errors import SaveFileError

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.board.graph import Board

FORMAT = "mp_notebook/game"
VERSION = 2  # 2: Marco Polo II's money bag, Filippo Vitello and solo first-player fixes (older games replay otherwise)
MAX_SAVE = 2_000_000
"""The longest save file accepted, in characters (bytes for :func:`load`): a finished 4-player game
takes some tens of kilobytes."""
MAX_HISTORY = 20_000
"""The most history entries a save file may replay (a whole game has a few hundred to ~2,000)."""

# A persistent, shareable list: None or (previous, item). Appending is O(1) and states share
# their common past, so forking a state never copies its history or log. The history holds
# actions (written out as notation only when asked for) and edit/reseed strings.
Chain = tuple[Any, Any] | None


def chain_items(chain: Chain) -> tuple[Any, ...]:
    items = []
    while chain is not None:
        chain, item = chain
        items.append(item)
    return tuple(reversed(items))


class GameState:
    """Common behaviour of every ruleset's game state (see ``mp_notebook.new_game``).

    The attributes and methods declared here are what every ruleset's state offers, and all the
    generic layers (routes, maps, the app, agents, analysis) rely on.
    """

    ruleset: str = ""
    num_players: int
    round: int  # 1.. rounds; 0 before the first round starts
    first_player: int
    board: Board
    players: tuple[Any, ...]  # each ruleset's Player: name, character, coins, camels, vp, dice, location, ...

    _setup: dict[str, Any]
    _hist: Chain
    _log: Chain

    # --- the position (implemented by each ruleset) --------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat whose decision is awaited; ``None`` once the game is over."""
        return self.decision.player

    @property
    def rounds(self) -> int | None:
        """Rounds in a game; ``None`` where the rules fix no number (a race to the end)."""
        raise NotImplementedError

    @property
    def round_text(self) -> str:
        """``"round 2 of 5"`` (or ``"round 7"`` in a game without a fixed number of rounds)."""
        return f"round {self.round}" + ("" if self.rounds is None else f" of {self.rounds}")

    @property
    def decision(self) -> Decision:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def apply(self, action: Action | str) -> GameState:
        raise NotImplementedError

    def scores(self) -> pd.DataFrame:
        raise NotImplementedError

    def score_rows(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def with_player(self, i: int, **changes: Any) -> GameState:
        raise NotImplementedError

    def reseed(self, seed: int) -> GameState:
        raise NotImplementedError

    # --- history and log -------------------------------------------------------------------
    @property
    def history(self) -> tuple[str, ...]:
        """Every notation string applied since ``new_game`` (edits and reseeds included)."""
        return tuple(map(str, chain_items(self._hist)))

    @property
    def log(self) -> tuple[Event, ...]:
        """What happened, in plain English, each event naming its rule."""
        return chain_items(self._log)

    @property
    def setup(self) -> dict[str, Any]:
        """The ``new_game`` arguments this game was created with (seed resolved)."""
        return dict(self._setup)

    # --- implemented by each ruleset -------------------------------------------------------
    def _snapshot(self) -> dict[str, Any]:
        raise NotImplementedError

    def _replay_entry(self, entry: str) -> GameState:
        raise NotImplementedError

    # --- equality ----------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (self.ruleset == other.ruleset and self.history == other.history
                and self._snapshot() == other._snapshot())

    def __hash__(self) -> int:
        return hash((self.ruleset, self.history))

    # --- JSON ----------------------------------------------------------------------------
    def to_json(self, *, indent: int | None = None) -> str:
        """The game as JSON text: setup, history and a snapshot of the position."""
        from mp_notebook.rulesets import get

        doc = {"format": FORMAT, "version": VERSION, "ruleset": self.ruleset,
               "revision": get(self.ruleset).revision, "setup": self._setup,
               "history": list(self.history), "state": self._snapshot()}
        return json.dumps(doc, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Load a game written by :meth:`to_json`; raises :class:`SaveFileError` if it is corrupted.

        Refused as well: text longer than ``MAX_SAVE`` characters, more than ``MAX_HISTORY``
        history entries, JSON nested too deeply to read, and games of a ruleset not available here
        or of a later revision of its rules. A game saved under an earlier revision (no
        ``revision``: 1) is replayed; if it does not replay, the error names the rules change.
        """
        if not isinstance(text, str):
            raise SaveFileError(f"not a saved game: expected JSON text (str), got {type(text).__name__}")
        if len(text) > MAX_SAVE:
            raise SaveFileError(f"not a saved game: {len(text):,} characters is more than a save file holds "
                                f"(at most {MAX_SAVE:,})")
        try:
            doc = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise SaveFileError(f"not a saved game: the text is not valid JSON ({exc})") from exc
        except RecursionError as exc:
            raise SaveFileError("not a saved game: the JSON is nested too deeply to read") from exc
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise SaveFileError(f"not a saved game: expected format {FORMAT!r}")
        if doc.get("version") != VERSION:
            raise SaveFileError(f"saved game version {doc.get('version')!r} is not supported "
                                f"(this library writes {VERSION}; games saved with version 1 were played "
                                f"under rules fixed since, so they do not replay)")
        for key, kind in (("ruleset", str), ("setup", dict), ("history", list), ("state", dict)):
            if not isinstance(doc.get(key), kind):
                raise SaveFileError(f"saved game: {key!r} is missing or not a {kind.__name__}")
        from mp_notebook.rulesets import get, new_game

        try:
            rules = get(doc["ruleset"])
        except (NotImplementedError, ValueError) as exc:
            raise SaveFileError(f"saved game of a ruleset this library cannot play: {exc}") from exc
        revision = doc.get("revision", 1)
        if type(revision) is not int or not 1 <= revision <= rules.revision:
            raise SaveFileError(f"saved game: rules revision {revision!r} is not one this library knows "
                                f"(revisions 1 to {rules.revision} of the {rules.short} rules)")
        older = "" if revision == rules.revision else (
            f"; it was saved under revision {revision} of the {rules.short} rules, and {rules.revised}")
        setup = dict(doc["setup"])
        if setup.get("ruleset", doc["ruleset"]) != doc["ruleset"]:
            raise SaveFileError("saved game: the setup's ruleset and the file's ruleset differ")
        if len(doc["history"]) > MAX_HISTORY:
            raise SaveFileError(f"saved game: {len(doc['history']):,} history entries is more than a game has "
                                f"(at most {MAX_HISTORY:,})")
        try:
            state = new_game(**setup)
        except (TypeError, ValueError, NotImplementedError) as exc:
            raise SaveFileError(f"saved game: its setup is not valid: {exc}"[:1000]) from exc
        for i, entry in enumerate(doc["history"]):
            if not isinstance(entry, str):
                raise SaveFileError(f"saved game: history entry {i} is not a string")
            try:
                state = state._replay_entry(entry)
            except (ValueError, RecursionError) as exc:  # IllegalAction and NotationError are ValueErrors
                raise SaveFileError(f"saved game: history entry {i} {entry[:100]!r} cannot be replayed: "
                                    f"{exc}"[:1000] + older) from exc
        snapshot = state._snapshot()
        if snapshot != doc["state"]:
            differ = sorted(k for k in set(snapshot) | set(doc["state"]) if snapshot.get(k) != doc["state"].get(k))
            raise SaveFileError(f"saved game is inconsistent: replaying its history does not give its stored "
                                f"position (differs in: {', '.join(differ)}){older}")
        return state

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write :meth:`to_json` to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json(indent=1))


def load(path: str | os.PathLike[str]) -> GameState:
    """Load a game saved with ``GameState.save``; a file that is not a saved game (too long, not
    UTF-8, corrupted) raises :class:`SaveFileError`."""
    with open(path, "rb") as f:
        data = f.read(MAX_SAVE + 1)
    if len(data) > MAX_SAVE:
        raise SaveFileError(f"{os.fspath(path)!r} is not a saved game: it is longer than a save file "
                            f"(at most {MAX_SAVE:,} bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveFileError(f"{os.fspath(path)!r} is not a saved game: it is not UTF-8 text ({exc})") from exc
    return GameState.from_json(text)


def replay(new_game_kwargs: dict[str, Any], history: tuple[str, ...] | list[str]) -> GameState:
    """Replay ``history`` from ``new_game(**new_game_kwargs)``; exact, dice included.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=3)
    >>> for _ in range(5):
    ...     s = s.apply(s.legal_actions()[0])
    >>> mp.replay(s.setup, s.history) == s
    True
    """
    from mp_notebook.rulesets import new_game

    state = new_game(**new_game_kwargs)
    for entry in history:
        state = state._replay_entry(entry)
    return state
