"""The OpenSpiel games (``mp_notebook.adapters.openspiel``) over every registered ruleset: OpenSpiel's
own random-simulation checks (``pyspiel.random_sim_test`` with serialization: clones, legal-action
masks, observation and information-state strings and tensors, returns within bounds, ...) and its
games test's ``sim_game`` (pickling games, game types and states), over several seeds; saved
states that roll the same dice; legal actions that are ours, information states that keep each
seat's secrets, observation tensors that are the seat's observation, and OpenSpiel's MCTS with
the random rollouts and with the library's leaf evaluator."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest
from adapters_helpers import check_view, random_games
from registry import RULESETS, profile

import mp_notebook as mp
from mp_notebook.adapters.seats import observation as seat_observation
from mp_notebook.adapters.vocabulary import action_space

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("mp_notebook.adapters.openspiel")
make_observation = pytest.importorskip("open_spiel.python.observation").make_observation


def load(ruleset: str, players: int, seed: int, options: dict | None = None):
    return pyspiel.load_game(openspiel.game_name(ruleset),
                             {"players": players, "seed": seed, "options": json.dumps(options or {})})


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_sim_test(ruleset):
    """OpenSpiel's standard checks of a game, serialization included (``serialize_game_and_state``
    and back at the first 10 steps and every power of 2), over games of 2-4 players and several seeds."""
    for players, options, seed in random_games(ruleset, 4):
        pyspiel.random_sim_test(load(ruleset, players, seed, options), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_games_sim_test(ruleset, capsys):
    """OpenSpiel's own games test (``games_sim_test.sim_game``) with every check on: pickling the game
    and its type, ``serialize_game_and_state`` and pickling of states along a random game, clones."""
    from open_spiel.python.tests import games_sim_test

    case = games_sim_test.GamesSimTest()
    for players, options, seed in random_games(ruleset, 3, start=2):
        np.random.seed(seed)  # sim_game draws its actions from numpy's global generator
        case.sim_game(load(ruleset, players, seed, options), check_pyspiel_serialization=True,
                      check_pickle_serialization=True,
                      check_game_type_serialization_when_checking_pickle_serialization=True)
    assert capsys.readouterr().out.count("terminated with") == 3


def play_together(states: list, rng: random.Random) -> None:
    """Play the same random actions in ``states`` to the end: they must offer the same ones."""
    while not states[0].is_terminal():
        legal = states[0].legal_actions()
        assert all(s.legal_actions() == legal for s in states)
        action = rng.choice(legal)
        for s in states:
            s.apply_action(action)
    assert len({str(s) for s in states}) == 1 and all(s.is_terminal() for s in states)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_saved_states_roll_the_same_dice(ruleset):
    """A game string loads the same game (options with commas included), and a state restored by
    ``deserialize_game_and_state`` or ``pickle`` (also one with another future) plays on exactly as
    the original: the generator's state travels with the state."""
    for players, options, seed in random_games(ruleset, 2, start=7):
        game = load(ruleset, players, seed, options)
        assert pyspiel.load_game(str(game)) == game and pickle.loads(pickle.dumps(game)) == game
        assert pyspiel.load_game(str(game)).new_initial_state().game_state == game.new_initial_state().game_state
        assert pickle.loads(pickle.dumps(game)).new_initial_state().game_state == game.new_initial_state().game_state
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(25):
            state.apply_action(rng.choice(state.legal_actions()))
        for original in (state, state.with_future(seed)):
            copies = [pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, original))[1],
                      pickle.loads(pickle.dumps(original))]
            for restored in copies:
                assert type(restored) is type(original) and restored.game_state == original.game_state
                assert str(restored) == str(original) and restored.history() == original.history()
                assert all(restored.information_state_string(p) == original.information_state_string(p)
                           for p in range(players))
            play_together([original, *copies], rng)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_registered_game_type(ruleset):
    game = load(ruleset, 3, 1)
    t = game.get_type()
    assert t.short_name == f"python_mp_notebook_{ruleset}"
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC  # no chance nodes: the dice are in the state
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == len(action_space(ruleset)) and game.num_players() == 3
    assert game.new_initial_state().game_state == mp.new_game(3, ruleset=ruleset, seed=1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_legal_actions_and_secrets_every_step(ruleset):
    """Every step of random games: the legal actions are ours (same number, same actions, the mask
    too), no seat's observation or information state shows what it may not see, and each seat's
    observation tensor (by OpenSpiel's C++ route and by its Python observer) is its observation
    made afresh."""
    space = action_space(ruleset)
    for players, options, seed in random_games(ruleset, 2, start=5):
        game = load(ruleset, players, seed, options)
        observation = make_observation(game)
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            s = state.game_state
            legal = state.legal_actions()
            assert sorted({space.action(a, s.current_player) for a in legal}) == sorted(s.legal_actions())
            assert len(legal) == len(s.legal_actions())
            assert list(np.flatnonzero(state.legal_actions_mask())) == legal
            assert pyspiel.State.legal_actions(state) == legal  # OpenSpiel's C++ side asks the state itself
            assert pyspiel.State.legal_actions_mask(state) == state.legal_actions_mask()
            for seat in range(players):
                assert state.legal_actions(seat) == (legal if seat == state.current_player() else [])
                assert pyspiel.State.legal_actions(state, seat) == state.legal_actions(seat)
                check_view(s, seat, state.observation_string(seat))
                info = state.information_state_string(seat)
                check_view(s, seat, info.split("\n")[0])
                seen = seat_observation(s, seat)  # made afresh; the observers follow the game step by step
                tensor = state.observation_tensor(seat)
                assert type(tensor) is list and np.array_equal(np.array(tensor, np.float32), seen)
                assert pyspiel.State.observation_tensor(state, seat) == tensor  # OpenSpiel's C++ route
                observation.set_from(state, seat)
                assert np.array_equal(observation.tensor, seen)
            state.apply_action(rng.choice(legal))
        assert state.returns() == [1.0 if r["winner"] else -1.0 for r in state.game_state.score_rows()]
        assert mp.replay(state.game_state.setup, state.game_state.history) == state.game_state
        assert state.legal_actions() == [] == pyspiel.State.legal_actions(state) and not any(state.legal_actions_mask())
        assert all(state.legal_actions(seat) == [] for seat in range(players))
        assert state.observation_tensor(0) == pyspiel.State.observation_tensor(state, 0)  # the final position


@pytest.mark.parametrize("ruleset", RULESETS)
def test_what_the_state_answers_itself_refuses_as_openspiel_does(ruleset):
    """``legal_actions``, ``legal_actions_mask`` and ``observation_tensor``, answered by the state
    rather than through OpenSpiel's C++ side, refuse what is no seat, and an observation of no seat
    once the game is over; a seat that is not to act has no legal actions."""
    state = load(ruleset, 2, 1, profile(ruleset).short).new_initial_state()
    mover = state.current_player()
    assert state.legal_actions(np.int64(mover)) == state.legal_actions() and state.legal_actions(1 - mover) == []
    for bad in (-1, 2, True, 1.5, "0"):
        for ask in (state.legal_actions, state.legal_actions_mask, state.observation_tensor):
            with pytest.raises(mp.ArgumentError, match="player: no seat"):
                ask(bad)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []
    with pytest.raises(mp.ArgumentError, match="the game is over"):
        state.observation_tensor()
    with pytest.raises(pyspiel.SpielError):  # OpenSpiel's C++ route refuses it too
        pyspiel.State.observation_tensor(state)


def test_information_state_masks_secret_choices():
    """A goal kept in the full setup is the keeper's secret: the others' information states differ
    from the keeper's in it, and are the same whichever goal was kept."""
    game = load("mp2", 2, 3, {"setup": "full", "characters": "random"})
    first = game.new_initial_state()
    assert first.game_state.decision.kind == "pick_goal"
    a, b = first.legal_actions()[:2]
    kept_a, kept_b = first.clone(), first.clone()
    kept_a.apply_action(a)
    kept_b.apply_action(b)
    keeper = first.current_player()
    other = 1 - keeper
    assert kept_a.information_state_string(other) == kept_b.information_state_string(other)
    assert kept_a.information_state_string(keeper) != kept_b.information_state_string(keeper)


def test_with_future_resamples_what_the_player_to_move_has_not_seen():
    state = load("voyages", 2, 8).new_initial_state()
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    other = state.with_future(5)
    mover = state.current_player()
    assert other.observation_string(mover) == state.observation_string(mover)
    assert other.legal_actions() == state.legal_actions()
    # the other seat's secret goal cards are dealt anew from those the player to move has not seen
    assert other.game_state.players[1 - mover].goals != state.game_state.players[1 - mover].goals
    futures = set()
    for copy in (state.clone(), other):
        while not copy.is_terminal():
            copy.apply_action(copy.legal_actions()[0])
        futures.add(str(copy))
    assert len(futures) == 2, "another seed, other dice"


def test_mcts_plays_against_greedy():
    """OpenSpiel's MCTS bot (searching copies with other futures) plays a short Schmidt game to its
    end against our GreedyAgent."""
    from open_spiel.python.algorithms import mcts

    game = load("schmidt", 2, 1, {"round_limit": 3})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                       random_state=rng)
    greedy = mp.agents.GreedyAgent()
    state = game.new_initial_state()
    space = action_space("schmidt")
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state.with_future(int(rng.randint(2**31))))
        else:
            action = space.index(greedy.choose(state.game_state))
        state.apply_action(action)
    assert state.game_state.is_over and sorted(state.returns()) in ([-1.0, 1.0], [1.0, 1.0])


def test_value_evaluator():
    """The leaf evaluator: each seat's chance to win as a return in (-1, 1) once the leaf is played
    on to its horizon (the real returns at the end), a uniform prior or one leaning to greedy's
    choice; an MCTSBot with it plays a short game to its end."""
    from open_spiel.python.algorithms import mcts

    game = load("schmidt", 2, 1, {"round_limit": 3})
    state = game.new_initial_state()
    for horizon in ("action", None):
        values = openspiel.ValueEvaluator(horizon).evaluate(state)
        assert values.shape == (2,) and all(-1 < v < 1 for v in values)
    prior = openspiel.ValueEvaluator().prior(state)
    assert [a for a, _ in prior] == state.legal_actions() and {p for _, p in prior} == {1 / len(prior)}
    leaning = dict(openspiel.ValueEvaluator(greedy=0.5).prior(state))
    chosen = action_space("schmidt").index(mp.agents.GreedyAgent(0).choose(state.game_state))
    assert max(leaning, key=leaning.get) == chosen and abs(sum(leaning.values()) - 1) < 1e-12
    assert leaning[chosen] == 0.5 + 0.5 / len(leaning)
    with pytest.raises(mp.ArgumentError, match="horizon"):
        openspiel.ValueEvaluator("forever")
    with pytest.raises(mp.ArgumentError, match="greedy"):
        openspiel.ValueEvaluator(greedy=2)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=1.0, max_simulations=6, evaluator=openspiel.ValueEvaluator(),
                       solve=False, random_state=rng)
    while not state.is_terminal():
        state.apply_action(bot.step(state.with_future(int(rng.randint(2**31)))))
    assert list(openspiel.ValueEvaluator().evaluate(state)) == state.returns()


def test_bad_parameters():
    name = openspiel.game_name("mp2")
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game(name, {"players": 7})
    with pytest.raises(Exception, match="JSON object"):
        pyspiel.load_game(name, {"options": "[1, 2]"})
    with pytest.raises(Exception, match="automa"):
        pyspiel.load_game(name, {"options": '{"automa": "L1"}'})
    with pytest.raises(Exception, match="takes no option"):
        pyspiel.load_game(openspiel.game_name("schmidt"), {"options": '{"variants": []}'})
    with pytest.raises(Exception, match="JSON object"):
        pyspiel.load_game(name, {"options": '{"setup": "full"%2'})
    state = pyspiel.load_game(name, {"players": 2}).new_initial_state()
    illegal = next(k for k in range(len(action_space("mp2"))) if k not in state.legal_actions())
    before = str(state)
    with pytest.raises(mp.IllegalAction, match="is not allowed"):  # the engine's own message
        state.apply_action(illegal)
    assert str(state) == before
