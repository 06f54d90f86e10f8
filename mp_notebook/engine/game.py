"""The ruleset-independent part of a game state: history, log and the save file format.

A state is an immutable value. Its history (every notation string applied since ``new_game``,
position edits and reseeds included) replays it exactly, which is how JSON files are loaded:
the file carries the setup, the history and a snapshot, and loading replays the history and
checks the result against the snapshot, so a corrupted file is refused instead of half-loaded.
Writing and loading a file, and replaying a history, name a ruleset, so the registry above the
engine does them (``mp_notebook.registry``; see :func:`connect`).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Action, Decision, Event
from mp_notebook.engine.errors import ArgumentError, SaveFileError
from mp_notebook.engine.validate import checked_int, checked_path, shown

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.board.graph import Board

FORMAT = "mp_notebook/game"
VERSION = 2  # 2: Marco Polo II's money bag, Filippo Vitello and solo first-player fixes (older games replay otherwise)
MAX_SAVE = 2_000_000
"""The longest save file accepted, in characters (bytes for ``mp.load``): a finished 4-player game
takes some tens of kilobytes."""
MAX_HISTORY = 20_000
"""The most history entries a save file may replay (a whole game has a few hundred to ~2,000)."""
PREFIX = f"mpn{VERSION}-"
"""What every position code (:meth:`GameState.code`) starts with: ``mpn``, the save format's version, ``-``."""
CHECKSUM = 4  # bytes of a code's CRC-32
DIGEST = 6  # bytes of a position's digest in a code (12 hex digits)

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


def chain_of(items: tuple[Any, ...]) -> Chain:
    """The chain holding ``items``, the first oldest (the inverse of :func:`chain_items`).

    >>> chain_of(("a", "b")), chain_items(chain_of(("a", "b")))
    (((None, 'a'), 'b'), ('a', 'b'))
    """
    chain: Chain = None
    for item in items:
        chain = (chain, item)
    return chain


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
        """What is awaited now: its ``kind``, the ``player`` who decides and a ``text`` in plain English."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (then there is no decision to take and ``scores()`` is final)."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """Every distinct legal choice at this decision (empty once the game is over)."""
        raise NotImplementedError

    def apply(self, action: Action | str) -> GameState:
        """The state after ``action`` (an :class:`Action` or its notation); this state never changes.
        An action the rules do not allow is an ``IllegalAction`` saying why and which rule, text
        that is no action a ``NotationError``."""
        raise NotImplementedError

    def scores(self) -> pd.DataFrame:
        """The scoring as if the game ended now (the final scoring once it has): one row per player,
        one column per scoring category, with the total and the winner."""
        raise NotImplementedError

    def score_rows(self) -> list[dict[str, Any]]:
        """:meth:`scores` as plain dicts, one per player (no pandas needed)."""
        raise NotImplementedError

    def with_player(self, i: int, **changes: Any) -> GameState:
        """This position with seat ``i``'s pieces changed (``coins=5``, ``location="Xian"``, ...: the
        fields of the ruleset's player); each value is checked, an ``ArgumentError`` names a bad one."""
        raise NotImplementedError

    def reseed(self, seed: int) -> GameState:
        """The same position with another future: the dice and the cards still to come drawn by ``seed``."""
        raise NotImplementedError

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see of this position (plain data; see :mod:`mp_notebook.engine.view`)."""
        raise NotImplementedError

    def determinize(self, seat: int, seed: int) -> GameState:
        """This position as ``seat`` may imagine it, the unseen dealt anew by ``seed``."""
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
        """The game as JSON text: setup, history and a snapshot of the position (see :func:`connect`);
        ``indent``: spaces per level (0-16), or None for one line."""
        return _write(self, None if indent is None else checked_int("indent", indent, 0, 16))

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Load a game written by :meth:`to_json`; raises :class:`SaveFileError` if it is corrupted.

        Refused as well: text longer than ``MAX_SAVE`` characters, more than ``MAX_HISTORY``
        history entries, JSON nested too deeply to read, and games of a ruleset not available here
        or of a later revision of its rules. A game saved under an earlier revision (no
        ``revision``: 1) is replayed; if it does not replay, the error names the rules change.
        """
        return _read(text)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write :meth:`to_json` to ``path`` (a file name: an ``int`` is not taken for a file descriptor)."""
        with open(checked_path("path", path), "w", encoding="utf-8") as f:
            f.write(self.to_json(indent=1))

    def code(self) -> str:
        """This position as a short URL-safe text: the save file, compressed, with a checksum (the
        format: :mod:`mp_notebook.engine.code`, which reads it); ``mp.load(code)`` gives it back.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(players=2, seed=3)
        >>> mp.load(s.code()) == s
        True
        """
        doc = json.loads(self.to_json())
        del doc["format"], doc["version"]  # the prefix says them
        doc["state"] = {"digest": digest(doc["state"])}
        text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        deflate = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
        payload = deflate.compress(text) + deflate.flush()
        rest = leb128(len(payload)) + payload
        body = zlib.crc32(rest).to_bytes(CHECKSUM, "big") + rest
        return PREFIX + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")

    def to_html(self, path: str | os.PathLike[str] | None = None, **options: Any) -> str:
        """The game up to this position as one self-contained HTML page (a replay: the map, the
        log, the boards and the score at every step; see :func:`mp_notebook.render.replay.page`
        for ``options``), written to ``path`` if given; returns the HTML text."""
        return _page(self, path, **options)


def checked_state(name: str, value: Any, *, playing: bool = False, ruleset: str | None = None) -> GameState:
    """``value`` if it is a game state (``mp.new_game``, ``mp.load``, ``apply`` make them); with
    ``playing``, one with a decision to take (not a finished game); with ``ruleset``, one of that game.
    The shared check of every public function that takes a state.

    >>> checked_state("s", "Xian")
    Traceback (most recent call last):
    ...
    mp_notebook.engine.errors.ArgumentError: s must be a game state (from mp.new_game or mp.load), got 'Xian'
    """
    if not isinstance(value, GameState):
        raise ArgumentError(f"{name} must be a game state (from mp.new_game or mp.load), got {shown(value)}")
    if playing and value.is_over:
        raise ArgumentError(f"{name}: the game is over; there is no decision to take")
    if ruleset is not None and value.ruleset != ruleset:
        raise ArgumentError(f"{name} must be a state of the {ruleset} game, got one of {value.ruleset}")
    return value


def read_document(text: Any) -> dict[str, Any]:
    """The parts of a save file, checked as far as no ruleset is needed: its size, JSON, format and
    version, and the type of each part; raises :class:`SaveFileError`.

    >>> read_document('{"format": "mp_notebook/game", "version": 2, "ruleset": "mp2"}')
    Traceback (most recent call last):
    ...
    mp_notebook.engine.errors.SaveFileError: saved game: 'setup' is missing or not a dict
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
    if len(doc["history"]) > MAX_HISTORY:
        raise SaveFileError(f"saved game: {len(doc['history']):,} history entries is more than a game has "
                            f"(at most {MAX_HISTORY:,})")
    for i, entry in enumerate(doc["history"]):
        if not isinstance(entry, str):
            raise SaveFileError(f"saved game: history entry {i} is not a string")
    return doc


def stored_differs(snapshot: dict[str, Any], stored: dict[str, Any]) -> list[str]:
    """The parts of a replayed position's ``snapshot`` that differ from the ``state`` a save file
    stored: the snapshot itself, or its digest ``{"digest": ...}`` (as position codes store it;
    ``["digest"]`` if it differs). Empty if they agree.

    >>> stored_differs({"round": 1, "coins": 3}, {"round": 1, "coins": 4})
    ['coins']
    >>> stored_differs({"round": 1}, {"digest": digest({"round": 1})}), stored_differs({"round": 2}, {"digest": "0"})
    ([], ['digest'])
    """
    if set(stored) == {"digest"}:
        return [] if stored["digest"] == digest(snapshot) else ["digest"]
    return sorted(k for k in set(snapshot) | set(stored) if snapshot.get(k) != stored.get(k))


def digest(snapshot: dict[str, Any]) -> str:
    """A short fingerprint of a position's snapshot (the ``state`` part of a save file): 12 hex
    digits; a position code stores it instead of the snapshot.

    >>> digest({"round": 1}) == digest({"round": 1}) != digest({"round": 2})
    True
    """
    text = json.dumps(snapshot, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.blake2b(text.encode("ascii"), digest_size=DIGEST).hexdigest()


def leb128(n: int) -> bytes:
    """``n`` as unsigned LEB128 (7 bits a byte, the lowest first; a position code's length).

    >>> leb128(150).hex()
    '9601'
    """
    out = bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
        n >>= 7
        if not n:
            return bytes(out)


_write: Callable[[GameState, int | None], str]  # the registry's answers (see connect)
_read: Callable[[str], GameState]
_page: Callable[..., str]  # the replay page's writer (see connect_page)


def connect(write: Callable[[GameState, int | None], str], read: Callable[[str], GameState]) -> None:
    """Let :meth:`GameState.to_json` and :meth:`GameState.from_json` ask ``write`` and ``read``.

    A save file names its ruleset and the revision of its rules, and loading one starts a game of
    that ruleset: the engine never turns a name into a ruleset, the registry above it does
    (``mp_notebook.registry``, which knows every ruleset), and connects itself when it is imported,
    as importing anything of ``mp_notebook`` does.
    """
    global _write, _read
    _write, _read = write, read


def connect_page(write: Callable[..., str]) -> None:
    """Let :meth:`GameState.to_html` ask ``write(state, path, **options)`` for the replay page.

    The page is drawn by the display layers above the engine (``mp_notebook.render.replay``); the
    package root, which stands above every layer, connects it when ``mp_notebook`` is imported.
    """
    global _page
    _page = write
