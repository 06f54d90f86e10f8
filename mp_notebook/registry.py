"""The registry: the one place that turns a ruleset's name into the ruleset, and the one entry
point that creates a game.

A ruleset is one package, ``mp_notebook.rulesets.<id>``, whose ``__init__`` defines ``RULESET``:
a :class:`Ruleset` holding what the generic layers (route analysis, render, ui, agents,
analysis, lessons, adapters) need from it. They ask :func:`get` for it and never import a
ruleset's modules, so a new ruleset is added by writing its package and naming it in
``PACKAGES``. The registry stands below those layers (it imports only the engine and the board's
graph, and a ruleset's package only when it is asked for), so they import it going down, and the
ruleset packages, which implement the protocols those layers define, stand above them all.

Besides starting games, a ruleset answers the generic layers through *parts*: modules of its
package that implement a protocol the layer defines. Each is imported on first use.

===========  ==========================================  =============================================
part         asked by                                    protocol
===========  ==========================================  =============================================
routes       ``mp.routes`` (route terms of a player)     :class:`mp_notebook.board.routes.RouteTerms`
map          ``mp.show_map``, the app's map              :class:`mp_notebook.render.map.MapTerms`
ui           ``mp.play`` (labels, boards, seats)         :class:`mp_notebook.ui.labels.UiTerms`
agents       greedy/search agents, ``evaluate``          :class:`mp_notebook.agents.base.AgentTerms`
value        the learned value, ``SearchAgent``          :class:`mp_notebook.agents.value.ValueTerms`
secrets      a seat's view, ``determinize``, adapters    :class:`mp_notebook.engine.state.SeatSecrets`
forms        the PettingZoo/OpenSpiel action space       :class:`mp_notebook.adapters.vocabulary.FormTerms`
observation  the PettingZoo/OpenSpiel observation        :class:`mp_notebook.adapters.seats.ObservationTerms`
===========  ==========================================  =============================================

>>> get("mp2").title
'Marco Polo II: In the Service of the Khan'
>>> get("mp2").part("routes").__name__
'mp_notebook.rulesets.mp2.travel'
>>> s = new_game(players=3, seed=7)
>>> s.ruleset, s.num_players, s.round
('mp2', 3, 1)

The registry is the one place that turns a ruleset's name into the ruleset, for the engine below
it as well: it writes and loads save files (which name their ruleset), replays a history from
``new_game``'s arguments, tells ``Action.parse`` which vocabulary a name stands for and unpickles
a board. The engine asks through hooks this module fills in when it is imported (the ``connect``
functions of ``engine.actions``, ``engine.game`` and ``board.graph``), so it imports nothing above it.

>>> replay(s.setup, s.history) == s == load_json(s.to_json())
True
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from mp_notebook.board import graph
from mp_notebook.engine import actions, code, game
from mp_notebook.engine.errors import ArgumentError, NotationError, SaveFileError
from mp_notebook.engine.game import FORMAT, MAX_SAVE, VERSION, GameState, read_document
from mp_notebook.engine.validate import checked_path, shown

if TYPE_CHECKING:
    from mp_notebook.board.graph import Board
    from mp_notebook.engine.actions import Vocabulary

DEFAULT = "mp2"
PACKAGES = {
    "mp2": "mp_notebook.rulesets.mp2",
    "voyages": "mp_notebook.rulesets.voyages",
    "schmidt": "mp_notebook.rulesets.schmidt",
}
PLANNED: dict[str, str] = {}  # rulesets announced but not implemented yet: id -> title


@dataclass(frozen=True)
class Ruleset:
    """What one ruleset answers to the generic layers.

    ``short`` is the game's name in headers; ``new_game(players, **options)`` starts a game, and
    ``options`` names the keyword options it takes (:func:`new_game` refuses others); ``board()`` is
    the static board every state of the ruleset shares; ``vocabulary`` its action kinds and
    notation; ``parts`` maps each part it offers (see the module docstring) to its module.
    ``revision`` counts the rules changes that can stop a saved game's history from replaying
    (save files name it), and ``revised`` says what the latest one changed. ``lesson`` names the
    notebooks that teach the game's rules, the base game first (paths from the repository's root).
    """

    id: str
    title: str
    short: str
    vocabulary: Vocabulary
    new_game: Callable[..., GameState]
    board: Callable[[], Board]
    options: tuple[str, ...] = ("seed",)
    parts: Mapping[str, str] = field(default_factory=dict)
    revision: int = 1
    revised: str = ""
    lesson: tuple[str, ...] = ()

    def part(self, name: str) -> Any:
        """The module answering for part ``name``; a clear error if this ruleset has none yet."""
        if name not in self.parts:
            offered = ", ".join(self.parts) or "none"
            raise NotImplementedError(f"{self.title} ({self.id!r}) does not offer {name!r} yet "
                                      f"(parts offered: {offered})")
        return importlib.import_module(self.parts[name])


def get(ruleset: str = DEFAULT) -> Ruleset:
    """The :class:`Ruleset` registered as ``ruleset`` (default: Marco Polo II). Every public function
    that takes a ruleset's name asks here, so an unknown name (``None`` too) is refused the same way.

    >>> get("chess")
    Traceback (most recent call last):
    ...
    mp_notebook.engine.errors.ArgumentError: unknown ruleset 'chess'; available: mp2, voyages, schmidt
    """
    name = ruleset
    if isinstance(name, str) and name in PACKAGES:
        rules: Ruleset = importlib.import_module(PACKAGES[name]).RULESET
        return rules
    if isinstance(name, str) and name in PLANNED:
        raise NotImplementedError(f"ruleset {name!r} ({PLANNED[name]}) is not implemented yet; "
                                  f"available: {', '.join(PACKAGES)}")
    raise ArgumentError(f"unknown ruleset {shown(name)}; available: {', '.join(PACKAGES)}")


def new_game(players: int | list[str] | tuple[str, ...] | None = None, *, ruleset: str = DEFAULT,
             **options: Any) -> GameState:
    """Start a game of ``ruleset``; the options of each ruleset are on its page of the documentation
    (docs/rulesets/). An option the ruleset does not take is an :class:`ArgumentError` naming the
    options it takes.

    >>> new_game(2, ruleset="schmidt", variants=())
    Traceback (most recent call last):
    ...
    mp_notebook.engine.errors.ArgumentError: new_game: Marco Polo (Schmidt Spiele) takes no option \
'variants' (its options: seed, round_limit)
    """
    rules = get(ruleset)
    unknown = [name for name in options if name not in rules.options]
    if unknown:
        raise ArgumentError(f"new_game: {rules.title} takes no option {shown(unknown[0])} "
                            f"(its options: {', '.join(rules.options)})")
    return rules.new_game(players, **options)


def replay(new_game_kwargs: dict[str, Any], history: tuple[str, ...] | list[str]) -> GameState:
    """Replay ``history`` from ``new_game(**new_game_kwargs)``; exact, dice included.

    >>> s = new_game(players=2, seed=3)
    >>> for _ in range(5):
    ...     s = s.apply(s.legal_actions()[0])
    >>> replay(s.setup, s.history) == s
    True
    """
    if not (isinstance(new_game_kwargs, dict) and all(isinstance(k, str) for k in new_game_kwargs)):
        raise ArgumentError(f"new_game_kwargs must be a dict of new_game's arguments (like s.setup), "
                            f"got {shown(new_game_kwargs)}")
    if not (isinstance(history, (list, tuple)) and all(isinstance(e, str) for e in history)):
        raise ArgumentError(f"history must be a list of notation strings (like s.history), got {shown(history)}")
    state = new_game(**new_game_kwargs)
    for entry in history:
        state = _replayed(state, entry)
    return state


def _replayed(state: GameState, entry: str) -> GameState:
    """``state`` after the history entry ``entry`` (an action, an edit or a reseed)."""
    try:
        return state._replay_entry(entry)
    except RecursionError as exc:  # an edit's JSON nested too deeply to read
        raise NotationError(f"{entry[:100]!r}: nested too deeply to read") from exc


def load(path: str | os.PathLike[str]) -> GameState:
    """Load a game saved with ``GameState.save``, or a position code (``GameState.code()``: a ``str``
    starting with ``mpn``, a version and ``-``; to load a file whose name starts so, pass a
    ``pathlib.Path``). A file that is not a saved game (too long, not UTF-8, corrupted) or a damaged
    code raises :class:`SaveFileError`, a ``path`` that names no file ``ArgumentError``."""
    if code.is_code(path):
        return code.read(cast(str, path), load_json)
    with open(checked_path("path", path), "rb") as f:
        data = f.read(MAX_SAVE + 1)
    if len(data) > MAX_SAVE:
        raise SaveFileError(f"{os.fspath(path)!r} is not a saved game: it is longer than a save file "
                            f"(at most {MAX_SAVE:,} bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveFileError(f"{os.fspath(path)!r} is not a saved game: it is not UTF-8 text ({exc})") from exc
    return load_json(text)


def load_json(text: str) -> GameState:
    """The game written as ``text`` by ``GameState.to_json`` (what ``GameState.from_json`` answers).

    The file's ``ruleset`` names the game, and its setup starts it (a setup naming another ruleset
    is refused); its history is replayed and must give its stored position.
    """
    doc = read_document(text)
    try:
        rules = get(doc["ruleset"])
    except (NotImplementedError, ValueError) as exc:
        raise SaveFileError(f"saved game of a ruleset this library cannot play: {exc}") from exc
    revision = doc.get("revision", 1)
    if type(revision) is not int or not 1 <= revision <= rules.revision:
        raise SaveFileError(f"saved game: rules revision {shown(revision)} is not one this library knows "
                            f"(revisions 1 to {rules.revision} of the {rules.short} rules)")
    older = "" if revision == rules.revision else (
        f"; it was saved under revision {revision} of the {rules.short} rules, and {rules.revised}")
    setup = {**doc["setup"], "ruleset": rules.id}
    if older and "revision" in rules.options:  # a ruleset that still plays the revision it was saved under
        setup["revision"] = revision
    if doc["setup"].get("ruleset", rules.id) != rules.id:
        raise SaveFileError("saved game: the setup's ruleset and the file's ruleset differ")
    try:
        state = new_game(**setup)
    except (TypeError, ValueError, NotImplementedError) as exc:
        raise SaveFileError(f"saved game: its setup is not valid: {exc}"[:1000]) from exc
    for i, entry in enumerate(doc["history"]):
        try:
            state = _replayed(state, entry)
        except ValueError as exc:  # IllegalAction and NotationError are ValueErrors
            raise SaveFileError(f"saved game: history entry {i} {entry[:100]!r} cannot be replayed: "
                                f"{exc}"[:1000] + older) from exc
    differ = game.stored_differs(state._snapshot(), doc["state"])
    if differ:
        raise SaveFileError(f"saved game is inconsistent: replaying its history does not give its stored "
                            f"position (differs in: {', '.join(differ)}){older}")
    return state


def dump_json(state: GameState, indent: int | None = None) -> str:
    """``state`` as the JSON text of a save file (what ``GameState.to_json`` answers): its setup,
    history and position, and the revision of its ruleset's rules."""
    doc = {"format": FORMAT, "version": VERSION, "ruleset": state.ruleset,
           "revision": get(state.ruleset).revision, "setup": state.setup,
           "history": list(state.history), "state": state._snapshot()}
    return json.dumps(doc, indent=indent)


def _vocabulary(ruleset: str | None) -> Vocabulary:
    return get(DEFAULT if ruleset is None else ruleset).vocabulary


def _board(ruleset: str) -> Board:
    return get(ruleset).board()


actions.connect(_vocabulary)
game.connect(dump_json, load_json)
graph.connect(_board)
