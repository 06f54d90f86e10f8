"""The games as OpenSpiel games (``pip install "mp_notebook[rl]"``): registered Python games, one a ruleset.

Importing this module registers ``python_mp_notebook_mp2``, ``python_mp_notebook_voyages`` and
``python_mp_notebook_schmidt`` with OpenSpiel (every ruleset with a fixed action space), so
``pyspiel.load_game`` and OpenSpiel's algorithms (MCTS, evaluation, its random-simulation checks)
take them. Parameters: ``players`` (2-4), ``seed`` (the game's seed, as in ``mp.new_game``) and
``options`` (the other ``new_game`` options as a JSON object, e.g. ``'{"round_limit": 8}'``).
OpenSpiel writes a game as a string in which ``,`` ``(`` ``)`` and ``=`` separate its parameters, so
the game keeps its options there as compact JSON with those characters (and ``%``) percent-encoded;
``options`` takes that spelling too (:func:`game_string`).

>>> import pyspiel
>>> import mp_notebook.adapters.openspiel  # registers the games
>>> game = pyspiel.load_game("python_mp_notebook_mp2", {"players": 2, "seed": 7})
>>> state = game.new_initial_state()
>>> state.current_player(), state.is_chance_node()
(0, False)
>>> a = state.legal_actions()[0]
>>> state.action_to_string(0, a) in [str(x) for x in state.game_state.legal_actions()]
True
>>> state.apply_action(a)
>>> len(state.game_state.history)
1

How chance works. The dice are rolled, and face-down decks shuffled, inside the engine, while it
applies an action (a round's dice, a reroll, a drawn card ...), from a generator whose state is
part of the game state (seeded by ``seed``). A game of OpenSpiel is therefore one seed's game: it
has no chance nodes, and the same actions from the same state always give the same state, which
is what OpenSpiel's ``DETERMINISTIC`` chance mode says (its ``SAMPLED_STOCHASTIC`` is for games
whose outcomes are drawn from a generator the *game* object holds; ours holds none). The dice are
still unknown to the players: the information states and observations leave them out. Explicit
chance nodes would need each roll as a separate node with its outcomes listed: a round start alone
rolls 5 dice for each of up to 4 players (up to 6**20 outcomes) and a deck shuffle has n! orders,
and the engine makes them as part of one action, not as decisions. The price of the choice, said
plainly: a clone carries the generator, so a search that clones the true state (OpenSpiel's
``MCTSBot`` does) sees the real future dice. Give such a bot :meth:`MarcoPoloState.with_future`
copies (the same position, another future) — the notebook ``08-pettingzoo-openspiel`` does — and
note that other players' secret cards are still in the state it searches.

Saving. ``pyspiel.serialize_game_and_state`` and ``pickle`` take the games and states: a game is
its parameters, and a state is the library's save file of its position (``GameState.to_json``:
the setup, the history with any ``determinize`` entries, and the position with the generator's
state), read back by ``mp.load_json``, so a restored state rolls the same dice.

>>> import pickle
>>> state.apply_action(state.legal_actions()[0])
>>> restored = pickle.loads(pickle.dumps(state))
>>> str(restored) == str(state) and restored.history() == state.history()
True

Information states (``information_state_string``) are the seat's view of the position
(:func:`mp_notebook.adapters.seats.seat_view`: no other player's secret cards, face-down decks as
their sizes, no future dice) and a digest of the actions it has seen so far (another seat's
secret choice, a goal card kept, as its kind alone). ``observation_string`` is the view alone and
``observation_tensor`` the ruleset's observation vector (:func:`mp_notebook.adapters.seats.observation`).
Returns come at the end: +1 to the winner (every
winner of a shared victory), -1 to the others.
"""

from mp_notebook.adapters import _extra

with _extra.rl_extra(__name__):
    from mp_notebook.adapters._openspiel import (
        MarcoPoloGame,
        MarcoPoloObserver,
        MarcoPoloState,
        ValueEvaluator,
        game_name,
        game_string,
        game_type,
    )

__all__ = ["MarcoPoloGame", "MarcoPoloObserver", "MarcoPoloState", "ValueEvaluator", "game_name", "game_string",
           "game_type"]
