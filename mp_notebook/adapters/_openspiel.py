"""The implementation of :mod:`mp_notebook.adapters.openspiel` (its docstring says what it offers)."""

from __future__ import annotations

import copy
import hashlib
import json
import random
import urllib.parse
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

from mp_notebook.adapters._layout import _Observer
from mp_notebook.adapters._seats import final_returns, observation, observation_text, seen_action
from mp_notebook.adapters._vocabulary import ActionSpace, action_space, with_action_space
from mp_notebook.engine.actions import Action
from mp_notebook.engine.errors import ArgumentError, IllegalAction
from mp_notebook.engine.game import MAX_HISTORY, GameState, checked_state
from mp_notebook.engine.validate import checked_choice, checked_int, checked_number, checked_seat, checked_seed, shown
from mp_notebook.registry import get, load_json, new_game

PREFIX = "python_mp_notebook_"
DEFAULTS: dict[str, Any] = {"players": 2, "seed": 0, "options": "{}"}
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
SYNTAX = "%,()="
"""The characters of OpenSpiel's game strings (and ``%``), percent-encoded in the options it keeps."""


def _space(ruleset: str) -> ActionSpace:
    """``action_space(ruleset)`` for a registered game's ruleset, kept (a step asks for it twice)."""
    space = _SPACES.get(ruleset)
    if space is None:
        space = _SPACES[ruleset] = action_space(ruleset)
    return space


_SPACES: dict[str, ActionSpace] = {}


def game_name(ruleset: str) -> str:
    """The OpenSpiel name of ``ruleset``'s game.

    >>> game_name("voyages")
    'python_mp_notebook_voyages'
    """
    return PREFIX + get(ruleset).id


def game_string(options: dict[str, Any]) -> str:
    """``options`` as the game keeps them among its parameters: compact JSON, the characters of
    OpenSpiel's game strings percent-encoded, so that ``str(game)`` loads the same game.

    >>> game_string({"setup": "full", "characters": "random"})
    '{"characters":"random"%2C"setup":"full"}'
    """
    if not isinstance(options, dict):
        raise ArgumentError(f"options must be a dict of new_game's options, got {shown(options)}")
    try:
        text = json.dumps(options, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError) as exc:  # a value JSON cannot write
        raise ArgumentError(f"options must hold plain values (JSON), got {shown(options)} ({exc})") from None
    return "".join(urllib.parse.quote(c) if c in SYNTAX else c for c in text)


def game_type(ruleset: str) -> pyspiel.GameType:
    """The :class:`pyspiel.GameType` registered for ``ruleset`` (see the module docstring for the choices)."""
    rules = get(ruleset)
    return pyspiel.GameType(
        short_name=game_name(rules.id), long_name=f"{rules.title} (mp_notebook)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,  # see "How chance works" above
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(DEFAULTS))


class _Seen:
    """The actions so far as a shared chain (clones share it: it is never changed), and what each
    seat has seen of them as a running digest, worked out when an information state asks for it."""

    __slots__ = ("_digests", "action", "actor", "count", "parent")

    def __init__(self, parent: _Seen | None = None, actor: int | None = None, action: Action | str = ""):
        self.parent = parent
        self.actor = actor
        self.action = action  # its notation is written when asked for (a step need not pay for it)
        self.count: int = 0 if parent is None else parent.count + 1
        self._digests: dict[int, str] = {}

    @property
    def notation(self) -> str:
        """The action's notation."""
        return str(self.action)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Seen:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        actions = []
        node: _Seen | None = self
        while node is not None and node.parent is not None:
            actions.append((node.actor, node.notation))
            node = node.parent
        return (_seen_chain, (actions[::-1],))

    def digest(self, ruleset: str, seat: int) -> str:
        """The digest of the actions as ``seat`` saw them (another seat's secret choice masked)."""
        todo = []
        node: _Seen | None = self
        while node is not None and node.parent is not None and seat not in node._digests:
            todo.append(node)
            node = node.parent
        digest = "" if node is None or node.parent is None else node._digests[seat]
        for node in reversed(todo):
            seen = node.notation if node.actor == seat else seen_action(ruleset, node.actor, seat, node.notation)
            digest = hashlib.sha256(f"{digest} {seen}".encode()).hexdigest()[:24]
            node._digests[seat] = digest
        return digest


class MarcoPoloGame(pyspiel.Game):
    """One ruleset's game with the parameters ``players``, ``seed`` and ``options`` (see the module
    docstring); each registered ruleset has a subclass naming it."""

    ruleset = ""

    def __init__(self, params: dict[str, Any] | None = None):
        if params is not None and not isinstance(params, dict):
            raise ArgumentError(f"{game_name(self.ruleset)}: params must be a dict of its parameters "
                                f"({', '.join(DEFAULTS)}), got {shown(params)}")
        given = dict(params or {})
        unknown = sorted(set(given) - set(DEFAULTS))
        if unknown:
            raise ArgumentError(f"{game_name(self.ruleset)}: unknown parameter {unknown[0]!r} "
                                f"(parameters: {', '.join(DEFAULTS)})")
        merged = {**DEFAULTS, **given}
        try:
            options = json.loads(urllib.parse.unquote(merged["options"]))
        except (TypeError, ValueError) as exc:
            raise ArgumentError(f"{game_name(self.ruleset)}: options must be a JSON object of new_game's options, "
                                f"got {shown(merged['options'])}") from exc
        if not isinstance(options, dict) or {"seed", "automa"} & set(options):
            raise ArgumentError(f"{game_name(self.ruleset)}: options must be a JSON object of new_game's options "
                                f"other than seed (a parameter) and automa (not offered: the seats are players), "
                                f"got {shown(merged['options'])}")
        players = checked_int("players", merged["players"], 2, 4)
        self.setup = {"players": players, "ruleset": self.ruleset, "seed": merged["seed"], **options}
        self._start: GameState = new_game(**self.setup)
        self._tensors: _Observer | None = None  # the observer of observation_tensor, once asked for
        space = action_space(self.ruleset)
        info = pyspiel.GameInfo(num_distinct_actions=len(space), max_chance_outcomes=0,
                                num_players=self._start.num_players, min_utility=-1.0, max_utility=1.0,
                                utility_sum=None, max_game_length=MAX_HISTORY)
        if "options" in given:
            given["options"] = game_string(options)
        super().__init__(game_type(self.ruleset), info, given)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game string, loaded by ``pyspiel.load_game`` (OpenSpiel's own pickling
        would restore the C++ game without this object's attributes: no state could be made)."""
        return (pyspiel.load_game, (str(self),))

    def new_initial_state(self) -> MarcoPoloState:
        """The game's first position, as an OpenSpiel state."""
        return MarcoPoloState(self, self._start)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MarcoPoloObserver:
        """OpenSpiel's observer of this game: information states (``perfect_recall``) or observations."""
        if iig_obs_type is not None and not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise ArgumentError(f"{game_name(self.ruleset)}: iig_obs_type must be a pyspiel.IIGObservationType "
                                f"or None, got {shown(iig_obs_type)}")
        if params is not None and not (isinstance(params, dict) and not params):
            raise ArgumentError(f"{game_name(self.ruleset)}: observers take no parameters, got {shown(params)}")
        return MarcoPoloObserver(iig_obs_type is not None and iig_obs_type.perfect_recall, self.ruleset)

    def _tensor_observer(self) -> _Observer:
        """The observer :meth:`MarcoPoloState.observation_tensor` writes with (one a game, as OpenSpiel's own)."""
        if self._tensors is None:
            self._tensors = _Observer(self.ruleset)
        return self._tensors


def _seen_chain(actions: list[tuple[int | None, str]]) -> _Seen:
    seen = _Seen()
    for actor, notation in actions:
        seen = _Seen(seen, actor, notation)
    return seen


class _Saved:
    """The library's state, pickled as its save file (``to_json``, read back by ``load_json``), and
    what OpenSpiel asks of it again and again, worked out once: the seat to act (and the decision
    then), the legal actions with their numbers and those in ascending order (never copied: a copy
    asks again). ``first``: the state is its game's first position (OpenSpiel asks for that one's
    tensor before every other)."""

    __slots__ = ("decision", "first", "legal", "numbered", "numbers", "player", "state")

    def __init__(self, state: GameState, first: bool = False):
        self.state = state
        self.first = first
        self.legal: list[Action] = []
        self.numbered: list[int] = []  # the number of each of legal
        self.numbers: list[int] | None = None
        self.player: int | None = None  # OpenSpiel's current player, once asked for (it asks often)
        self.decision: Any = None  # and the state's decision then (a ruleset may work it out at each ask)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Saved:
        return _Saved(copy.deepcopy(self.state, memo))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_loaded, (self.state.to_json(),))

    def legal_numbers(self, ruleset: str) -> list[int]:
        """The numbers of the legal actions, ascending (the list kept: not to be changed)."""
        numbers = self.numbers
        if numbers is None:
            self.legal = self.state.legal_actions()
            self.numbered = _space(ruleset)._numbers(self.legal)  # apply_action takes the legal action itself
            numbers = self.numbers = sorted(self.numbered)
        return numbers


def _loaded(text: str) -> _Saved:
    return _Saved(load_json(text))


class MarcoPoloState(pyspiel.State):
    """An OpenSpiel state around a library :class:`~mp_notebook.GameState` (``game_state``)."""

    def __init__(self, game: MarcoPoloGame, start: GameState):
        if not isinstance(game, MarcoPoloGame):  # OpenSpiel's own State would crash the process on it
            raise ArgumentError(f"game must be a MarcoPoloGame (pyspiel.load_game('{PREFIX}<ruleset>')), "
                                f"got {shown(game)}")
        first = start is game._start  # new_initial_state's (OpenSpiel makes one for every observation tensor)
        if not first:
            checked_state("start", start, ruleset=game.ruleset)
        super().__init__(game)
        self.ruleset = game.ruleset
        self._saved = _Saved(start, first)
        self._seen = _Seen()

    @property
    def game_state(self) -> GameState:
        """The library's state of this position (fork it, show it, save it)."""
        return self._saved.state

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's terminal id once the game is over."""
        saved = self._saved
        player = saved.player
        if player is None:
            s = saved.state
            if s.is_over:
                player = saved.player = TERMINAL
            else:
                saved.decision = s.decision
                player = saved.player = saved.decision.player
        return player

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The numbers of the legal actions, ascending: the seat to act's (``player`` ``None``) or
        ``player``'s (none unless it is to act; a number that is no seat is refused); none once the
        game is over. OpenSpiel's own ``legal_actions``, answered here rather than through its C++
        side, which calls back into this state four times (its player thrice, whether it is over
        once) before asking for the actions; OpenSpiel's C++ algorithms still take that route.

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_mp_notebook_schmidt").new_initial_state()
        >>> state.legal_actions() == state.legal_actions(0) != state.legal_actions(1) == []
        True
        """
        if player is not None:
            player = checked_seat("player", player, self._saved.state.num_players)
            if player != self.current_player():
                return []
        saved = self._saved
        return [] if saved.state.is_over else saved.legal_numbers(self.ruleset)[:]

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """A 0/1 list over the action space: 1 at each of :meth:`legal_actions` (``player`` alike).

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_mp_notebook_schmidt").new_initial_state()
        >>> mask = state.legal_actions_mask()
        >>> len(mask) == state.num_distinct_actions(), [k for k, v in enumerate(mask) if v] == state.legal_actions()
        (True, True)
        """
        mask = [0] * len(_space(self.ruleset))
        for k in self.legal_actions(player):
            mask[k] = 1
        return mask

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation (the seat to act's if ``None``): the ruleset's observation vector
        (:func:`mp_notebook.adapters.seats.observation`) as a new list, OpenSpiel's own
        ``observation_tensor`` written here rather than through its C++ side (which makes a first
        position and writes its tensor, to learn the size, at every call): a copy of a list the
        game keeps up to date from call to call, where only the numbers written since are
        converted again (a handful a step).

        >>> import pyspiel
        >>> from mp_notebook.adapters.seats import observation
        >>> state = pyspiel.load_game("python_mp_notebook_schmidt").new_initial_state()
        >>> state.observation_tensor(1) == observation(state.game_state, 1).tolist()
        True
        """
        if player is None:
            if self._saved.state.is_over:
                raise ArgumentError("observation_tensor: the game is over, no seat is to act; name the seat to observe")
            player = self.current_player()
        else:
            player = checked_seat("player", player, self._saved.state.num_players)
        saved, observer = self._saved, self.get_game()._tensor_observer()
        tensor: list[float] = observer.listed(saved.state, player, saved.decision)
        return tensor

    def _legal_actions(self, player: int) -> list[int]:
        return self._saved.legal_numbers(self.ruleset)  # OpenSpiel's C++ side copies it

    def _apply_action(self, action: int) -> None:
        saved = self._saved
        s = saved.state
        numbered = saved.numbered
        if action in numbered:  # a legal action asked for already: the action itself (apply finds it at once)
            chosen = saved.legal[numbered.index(action)]
        else:
            chosen = _space(self.ruleset).action(action, s.current_player)
        self._saved = _Saved(s.apply(chosen))  # IllegalAction (what, why not, which rule) if it is not legal
        self._seen = _Seen(self._seen, chosen.player, chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(_space(self.ruleset).action(action, player))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._saved.state.is_over

    def returns(self) -> list[float]:
        """Each seat's result: +1 to the winner (every winner of a shared victory), -1 to the others
        at the end; zeros before."""
        return final_returns(self.game_state, "win")

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """None: the games have no chance nodes (an ``IllegalAction`` says so)."""
        raise IllegalAction(f"{self.ruleset}: the games have no chance nodes (dice are sampled inside the engine)")

    def __str__(self) -> str:
        return self.game_state.to_json()

    def with_future(self, seed: int | None = None) -> MarcoPoloState:
        """This position as the player to move may imagine it, with another future: the engine's
        :meth:`~mp_notebook.GameState.determinize` (the other players' secret cards dealt anew from
        those the player has not seen, face-down decks reshuffled, new dice; a random seed if
        ``None``), for a search that should see neither the real dice nor its opponents' cards.
        OpenSpiel's own history of the copy starts empty."""
        seed = random.SystemRandom().randrange(2**63) if seed is None else checked_seed(seed)
        other: MarcoPoloState = self.get_game().new_initial_state()
        s = self.game_state
        seat = 0 if s.current_player is None else s.current_player
        other._saved = _Saved(s.determinize(seat, seed))
        other._seen = self._seen
        return other

    def information_digest(self, seat: int) -> str:
        """The digest of the actions ``seat`` has seen (part of its information state string)."""
        seat = checked_seat("seat", seat, self.game_state.num_players)
        return f"{self._seen.count} actions seen, digest {self._seen.digest(self.ruleset, seat) or '-'}"


class MarcoPoloObserver:
    """OpenSpiel's observer of a game of ``ruleset``: the seat's view as a string (with the digest
    of the actions it has seen, for information states) and, for observations, as the ruleset's
    observation vector (:func:`mp_notebook.adapters.seats.observation`)."""

    def __init__(self, perfect_recall: bool, ruleset: str = "mp2"):
        self.perfect_recall = checked_choice("perfect_recall", perfect_recall, (True, False))
        self._observer = _Observer(ruleset)  # every seat's observation, kept up to date from step to step
        self.tensor: np.ndarray | None = None if perfect_recall else np.zeros(self._observer.size, np.float32)
        self.dict: dict[str, np.ndarray] = {} if self.tensor is None else {"observation": self.tensor}
        self._first: dict[int, tuple[GameState, np.ndarray]] = {}

    def set_from(self, state: MarcoPoloState, player: int) -> None:
        """Fill the observation tensor with ``player``'s observation of ``state`` (kept up to date
        from the parts of the position that changed since the last call)."""
        saved = _checked(state)._saved
        s = saved.state
        player = checked_seat("player", player, s.num_players)
        tensor = self.tensor
        if tensor is None:
            return
        if s.ruleset != self._observer.ruleset:
            raise ArgumentError(f"this observer observes {self._observer.ruleset} games, not {s.ruleset}")
        if saved.first:  # OpenSpiel asks for a first position's tensor before every other
            first = self._first.get(player)
            if first is None or first[0] is not s:
                first = self._first[player] = (s, observation(s, player))
            tensor[:] = first[1]
            return
        self._observer(s, player, tensor, saved.decision)

    def string_from(self, state: MarcoPoloState, player: int) -> str:
        """``player``'s view of ``state`` as text (with the digest of the actions seen, for information states)."""
        text = observation_text(_checked(state).game_state, player)
        return f"{text}\n{state.information_digest(player)}" if self.perfect_recall else text


class ValueEvaluator(mcts.Evaluator):
    """A leaf evaluator for OpenSpiel's ``MCTSBot`` from the library's computer players: the leaf is
    played on to ``horizon`` by :class:`~mp_notebook.agents.PlayoutPolicy` (the one-step greedy
    rule, every seat; ``"action"``: until the player to move has finished the follow-ups of its
    action, so that a journey is valued once travelled; the horizons of
    :func:`mp_notebook.agents.playout.rollout`; ``None``: not played on), then each seat's chance
    to win by the learned position value (:func:`mp_notebook.agents.value.win_chance`) is its
    return, ``2 * chance - 1`` in [-1, 1] (the real returns once the game is over). The prior over
    the legal actions is uniform (``greedy=0``) or gives the share ``greedy`` to the action
    :class:`~mp_notebook.agents.GreedyAgent` chooses and the rest evenly to all (for
    ``MCTSBot(..., child_selection_fn=mcts.SearchNode.puct_value)``, which explores by the prior:
    the search starts from greedy's choice and weighs the others against it).

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_mp_notebook_mp2", {"players": 2, "seed": 7})
    >>> state = game.new_initial_state()
    >>> v = ValueEvaluator().evaluate(state)
    >>> v.shape, bool(-1 < v[0] < 1)
    ((2,), True)
    >>> sum(p for _, p in ValueEvaluator().prior(state)) == 1.0
    True
    """

    def __init__(self, horizon: str | None = "action", seed: int = 0, *, greedy: float = 0.0):
        from mp_notebook.agents.playout import ROLLOUT_HORIZONS

        self.horizon = None if horizon is None else checked_choice("horizon", horizon, ROLLOUT_HORIZONS)
        self.seed = checked_seed(seed)
        self.greedy = checked_number("greedy", greedy, 0.0, 1.0)

    def evaluate(self, state: MarcoPoloState) -> np.ndarray:
        """Each seat's ``2 * win_chance - 1`` once ``state`` is played on to the horizon."""
        from mp_notebook.agents import PlayoutPolicy
        from mp_notebook.agents.playout import rollout
        from mp_notebook.agents.value import win_chance

        s = _checked(state).game_state
        if self.horizon is not None and not s.is_over:
            s = rollout(s, s.current_player, PlayoutPolicy(self.seed), self.horizon)  # type: ignore[arg-type]
        if s.is_over:
            return np.array(final_returns(s, "win"))
        return np.array([2.0 * win_chance(s, i) - 1.0 for i in range(s.num_players)])

    def prior(self, state: MarcoPoloState) -> list[tuple[int, float]]:
        """Every legal action of ``state`` with its probability: ``greedy`` to greedy's choice (if
        above 0) and the rest shared evenly."""
        legal = _checked(state).legal_actions()
        even = (1.0 - self.greedy) / len(legal)
        if not self.greedy:
            return [(a, even) for a in legal]
        from mp_notebook.agents import GreedyAgent

        s = state.game_state
        chosen = action_space(s.ruleset).index(GreedyAgent(self.seed).choose(s))
        return [(a, even + (self.greedy if a == chosen else 0.0)) for a in legal]

    def __repr__(self) -> str:
        return f"ValueEvaluator(horizon={self.horizon!r}, seed={self.seed}, greedy={self.greedy})"


def _checked(state: Any) -> MarcoPoloState:
    """``state`` if it is a state of these games."""
    if not isinstance(state, MarcoPoloState):
        raise ArgumentError(f"state must be a MarcoPoloState (game.new_initial_state()), got {shown(state)}")
    return state


def _register() -> None:
    for ruleset in with_action_space():
        name = game_name(ruleset)
        if name not in pyspiel.registered_names():
            cls = type(f"MarcoPolo_{ruleset}_Game", (MarcoPoloGame,), {"ruleset": get(ruleset).id})
            globals()[cls.__name__] = cls  # pickle finds a class by its module and name
            pyspiel.register_game(game_type(ruleset), cls)


_register()
