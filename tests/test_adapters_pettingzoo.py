"""The PettingZoo adapter (``mp_notebook.adapters.pettingzoo``) over every registered ruleset: PettingZoo's
own ``api_test``, ``seed_test`` and ``render_test``, the action mask held to ``legal_actions()``,
seeded resets that are our own seeded games, observations that show no seat another's secrets, and
clear errors.

PettingZoo's other checks do not apply to these environments: ``parallel_api_test``,
``parallel_seed_test``, ``max_cycles_test`` and ``state_test`` test parallel environments, a
``max_cycles`` argument and a global ``state()``, which the games do not offer (as PettingZoo's
classic environments do not); ``test_save_obs`` saves image observations; ``bombardment_test``
compares each observation's array with the whole first observation, so it fails on any dict
observation (``'dict' object has no attribute 'shape'``), PettingZoo's own classic convention with
an action mask, and it reads ``step``'s return value (``None`` in an AEC environment) as the next
observation."""

from __future__ import annotations

import copy
import json
import pickle
import random
import subprocess
import sys
import warnings

import numpy as np
import pytest
from adapters_helpers import check_view, pick, random_games
from registry import RULESETS, profile

import mp_notebook as mp
from mp_notebook.adapters._layout import _Observer
from mp_notebook.adapters.pettingzoo import MarcoPoloEnv
from mp_notebook.adapters.seats import observation, observation_layout, seat_view
from mp_notebook.adapters.vocabulary import action_space

pettingzoo_test = pytest.importorskip("pettingzoo.test")


def short(ruleset: str) -> dict:
    """Options that end a game within a test's time (Schmidt's round limit; nothing elsewhere)."""
    return {"round_limit": 12} if ruleset == "schmidt" else {}


def api_test(env: MarcoPoloEnv) -> None:
    """PettingZoo's api_test, its play test to the game's end."""
    with warnings.catch_warnings():
        # a dict observation with an action mask is PettingZoo's convention; its api_test warns on any dict
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        pettingzoo_test.api_test(env, num_cycles=100_000)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test(ruleset, players):
    api_test(MarcoPoloEnv(ruleset, players, **short(ruleset)))


@pytest.mark.parametrize(("ruleset", "players", "options"), [
    ("mp2", ["Ana"], {"automa": "L2"}),  # the Automa's seat is an agent that never acts
    ("mp2", 3, {"setup": "full", "characters": "random", "variants": ("black_dice",)}),
    ("voyages", 4, {"variants": ("expert",), "characters": "random"}),
])
def test_pettingzoo_api_test_other_setups(ruleset, players, options):
    api_test(MarcoPoloEnv(ruleset, players, **options))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pettingzoo_render_test(ruleset, capsys):
    """PettingZoo's render_test, every render mode (``"human"`` prints the game after every step)."""
    pettingzoo_test.render_test(lambda **kw: MarcoPoloEnv(ruleset, 2, **short(ruleset), **kw))
    assert capsys.readouterr().out.count("round 1") >= 5


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pettingzoo_seed_test(ruleset):
    pettingzoo_test.seed_test(lambda: MarcoPoloEnv(ruleset, 3, **short(ruleset)), num_cycles=300)


def play(env: MarcoPoloEnv, seed: int, check=None) -> None:
    """A random game of ``env`` from ``reset(seed)``, masked actions only; ``check(env)`` every step."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    for _ in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if check is not None:
            check(env)
        if terminated or truncated:
            env.step(None)
            continue
        env.step(pick(rng, list(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_mask_is_legal_actions(ruleset):
    """Every step of random games: the mask's 1s are exactly the legal actions (as many, the same
    ones), the other seats' masks are empty, and each index names its action."""
    space = action_space(ruleset)

    def check(env):
        s = env.game
        if s.is_over:
            return
        masks = {a: env.observe(a)["action_mask"] for a in env.agents}
        chosen = masks.pop(env.agent_selection)
        legal = s.legal_actions()
        ones = np.flatnonzero(chosen)
        assert len(ones) == len(legal)
        assert {space.action(int(k), s.current_player) for k in ones} == set(legal)
        assert all(not m.any() for m in masks.values())

    for players, options, seed in random_games(ruleset, 4):
        play(MarcoPoloEnv(ruleset, players, **options), seed, check)


def test_mask_with_the_automa():
    """A solo game against the Automa: one seat decides, the Automa's seat never does; the
    observation follows the Automa's face-down deck as its size."""
    env = MarcoPoloEnv("mp2", ["Ana"], automa="L2")
    seen = set()

    def check(e):
        if not e.game.is_over:
            seen.add(e.agent_selection)
        assert np.array_equal(e.observe("player_0")["observation"], observation(e.game, 0))

    play(env, 5, check)
    assert seen == {"player_0"} and env.game.is_over


def test_observation_is_a_vector_and_a_mask():
    """An observation holds the seat's observation vector (its ruleset's layout) and the action
    mask, as PettingZoo's classic environments give them; the view as text is ``observation_text``."""
    env = MarcoPoloEnv("voyages", 2)
    env.reset(seed=3)
    obs = env.observe("player_1")
    assert sorted(obs) == ["action_mask", "observation"] and env.observation_space("player_1").contains(obs)
    assert json.loads(env.observation_text("player_1")) == seat_view(env.game, 1)
    with pytest.raises(mp.ArgumentError, match="agent"):
        env.observation_text("player_7")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_seeded_reset_is_our_seeded_game(ruleset):
    """``reset(seed=k)`` starts ``mp.new_game(..., seed=k)``, and the environment's game is the
    library's game: it replays from its setup and history, dice included."""
    players, options = 3, short(ruleset)
    env = MarcoPoloEnv(ruleset, players, **options)
    env.reset(seed=11)
    assert env.game == mp.new_game(players, ruleset=ruleset, seed=11, **options)
    play(env, 11)
    assert env.game.is_over
    assert mp.replay(env.game.setup, env.game.history) == env.game
    env.reset(seed=11)
    assert env.game == mp.new_game(players, ruleset=ruleset, seed=11, **options)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_seat_sees_another_seats_secrets(ruleset):
    """Every step, every seat's observation text lacks every id hidden from it (other players' goal
    cards, the goals dealt to them to choose from, face-down decks and piles, Plaque missions), and
    its observation vector, kept up to date from step to step, is the observation made afresh."""
    def check(env):
        for agent in env.agents:
            seat = env.possible_agents.index(agent)
            check_view(env.game, seat, env.observation_text(agent))
            assert np.array_equal(env.observe(agent)["observation"], observation(env.game, seat))

    for players, options, seed in random_games(ruleset, 3):
        play(MarcoPoloEnv(ruleset, players, **options), seed, check)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_observations_in_any_order_and_from_game_to_game(ruleset):
    """The observations are kept up to date by one observer a game shared by the seats: whichever
    seats look, in whatever order, skipping steps, and whatever position follows (a restarted game,
    a game of another setup and number of seats), each is the observation made afresh."""
    rng = random.Random(5)
    envs = [MarcoPoloEnv(ruleset, players, **options) for players, options, _ in random_games(ruleset, 2)]
    seen = _Observer(ruleset)  # one observer following both environments' games
    for step in range(120):
        env = envs[step // 30 % 2]
        if step % 30 == 0 or env.game.is_over:
            env.reset(seed=rng.randrange(100))
        for agent in rng.sample(env.agents, rng.randint(0, len(env.agents))):
            seat = env.possible_agents.index(agent)
            assert np.array_equal(env.observe(agent)["observation"], observation(env.game, seat))
        assert np.array_equal(seen(env.game, 1), observation(env.game, 1))
        env.step(pick(rng, list(env._legal)))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_copied_environment_observes_its_own_game(ruleset):
    """An environment copied (``copy.deepcopy``) or pickled mid-game keeps its observations up to
    date apart from the original's: each goes on with its own steps."""
    rng = random.Random(6)
    env = MarcoPoloEnv(ruleset, 3, **short(ruleset))
    env.reset(seed=6)
    for _ in range(10):
        env.last()
        env.step(pick(rng, list(env._legal)))
    for other in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        for e in (other, env):
            for _ in range(5):
                e.last()
                e.step(pick(rng, list(e._legal)))
            seat = e.possible_agents.index(e.agent_selection)
            assert np.array_equal(e.observe(e.agent_selection)["observation"], observation(e.game, seat))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_observation_vector_ignores_what_the_seat_cannot_see(ruleset):
    """The numeric observation does not change when only what the seat cannot see changes: the
    future dice and the face-down decks (``reseed``), and everything ``determinize`` deals anew
    (the other players' secret cards, the order of every face-down pile, the Automa's deck and
    slide), every few steps of random games; an observer kept up to date agrees. Another player's
    secret card changes only its owner's observation."""
    solo = [(["Ana"], {"automa": "L2"}, 7)] if ruleset == "mp2" else []  # the Automa's deck and slide
    for players, options, seed in [*random_games(ruleset, 2), *solo]:
        s = mp.new_game(players, ruleset=ruleset, seed=seed, **options)
        rng = random.Random(seed)
        kept = _Observer(ruleset)
        while not s.is_over:
            if rng.random() < 0.2:
                for seat in range(s.num_players):
                    mine = observation(s, seat)
                    assert np.array_equal(kept(s, seat), mine)
                    assert np.array_equal(observation(s.reseed(rng.randrange(99)), seat), mine)
                    other = s.determinize(seat, rng.randrange(99))
                    assert np.array_equal(observation(other, seat), mine)
                    assert np.array_equal(kept(other, seat), mine)
            s = s.apply(rng.choice(s.legal_actions()))
    s = mp.new_game(3, ruleset=ruleset, seed=4, **short(ruleset))
    if ruleset == "mp2":
        goals = [g for g in s.components.goals if g not in {p.goal for p in s.players}]
        edited = s.with_player(1, goal=goals[0])
        assert np.array_equal(observation(s, 0), observation(edited, 0))
        assert not np.array_equal(observation(s, 1), observation(edited, 1))
    if ruleset == "schmidt":  # random games rarely give a merchant a Golden Plaque: two missions, set by hand
        one, two = (s.with_player(1, plaque=m) for m in s.plaques[:2])
        assert np.array_equal(observation(one, 0), observation(two, 0))
        assert np.array_equal(observation(one.determinize(0, 5), 0), observation(one, 0))
        assert not np.array_equal(observation(one, 1), observation(two, 1))
        assert not np.array_equal(observation(s, 0), observation(one, 0))  # that he holds one shows


@pytest.mark.parametrize("ruleset", RULESETS)
def test_observation_layout(ruleset):
    """The layout's blocks tile the vector; a seat's own block and the decision's are one-hot; the
    environment's observation space has the layout's size."""
    lay = observation_layout(ruleset)
    assert [start for _, start, _ in lay.blocks] == list(np.cumsum([0] + [n for _, _, n in lay.blocks[:-1]]))
    env = MarcoPoloEnv(ruleset, 3, **short(ruleset))
    env.reset(seed=2)
    v = env.observe("player_2")["observation"]
    assert env.observation_space("player_2")["observation"].shape == (lay.size,) == v.shape
    blocks = {name: v[start:start + n] for name, start, n in lay.blocks}
    assert list(blocks["seat"]) == [0, 0, 1, 0] and blocks["decision.kind"].sum() == 1
    assert blocks["decision.player"][env.game.current_player] == 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rewards_at_the_end(ruleset):
    """Zero rewards until the end; then the winner +1 and the others -1 (or the final margins)."""
    for reward in ("win", "margin"):
        env = MarcoPoloEnv(ruleset, 2, reward=reward, **short(ruleset))
        totals = {}

        def check(e, totals=totals):
            if not e.game.is_over:
                assert not any(e._cumulative_rewards.values())
            elif not totals:
                totals.update({a: e._cumulative_rewards[a] for a in e.agents})

        play(env, 3, check)
        rows = env.game.score_rows()
        if reward == "win":
            assert totals == {f"player_{i}": 1.0 if rows[i]["winner"] else -1.0 for i in range(2)}
        else:
            assert totals == {"player_0": rows[0]["total"] - rows[1]["total"],
                              "player_1": rows[1]["total"] - rows[0]["total"]}


def test_bad_input_changes_nothing():
    env = MarcoPoloEnv("mp2", 2)
    env.reset(seed=1)
    before = env.game
    legal = set(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))
    illegal = next(k for k in range(len(env.space)) if k not in legal)
    with pytest.raises(mp.IllegalAction, match="not legal now"):
        env.step(illegal)
    with pytest.raises(mp.ArgumentError, match="action index"):
        env.step(len(env.space))
    with pytest.raises(mp.ArgumentError, match=r"action index .* must be an int"):
        env.step("travel [3] lower")
    assert env.game is before
    with pytest.raises(mp.ArgumentError, match="reward"):
        MarcoPoloEnv("mp2", 2, reward="points")
    with pytest.raises(mp.ArgumentError, match="seed is reset's argument"):
        MarcoPoloEnv("mp2", 2, seed=3)
    with pytest.raises(mp.ArgumentError, match="takes no option"):
        MarcoPoloEnv("schmidt", 2, variants=("expert",))
    with pytest.raises(mp.ArgumentError, match="unknown ruleset"):
        MarcoPoloEnv("chess", 2)


def test_render_modes(capsys):
    env = MarcoPoloEnv("voyages", 2, render_mode="human")
    env.reset(seed=2)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert env.render() is None
    printed = capsys.readouterr().out
    assert printed.count("<VoyagesState 2 players, round 1") == 3 and printed.count("Player 2") == 3
    env.render_mode = "ansi"
    text = env.render()
    assert text in printed and "total" in text and not capsys.readouterr().out
    env.render_mode = "html"
    assert "<" in env.render()
    env.render_mode = "map"
    assert type(env.render()).__name__ == "Figure"
    env.render_mode = None
    with pytest.warns(UserWarning, match="no render_mode"):
        assert env.render() is None


def test_core_import_loads_no_rl_library():
    code = ("import sys, mp_notebook, mp_notebook.adapters, mp_notebook.adapters.vocabulary, "
            "mp_notebook.adapters.seats; mp_notebook.new_game(2, seed=1); "
            "print(sorted(m for m in ('pettingzoo', 'pyspiel', 'gymnasium') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize(("module", "missing"), [("pettingzoo", "gymnasium"), ("pettingzoo", "pettingzoo"),
                                                 ("openspiel", "pyspiel")])
def test_without_the_rl_extra_an_adapter_says_what_to_install(module, missing):
    """The README's install (the notebook extra) has no rl extra: importing an adapter there says
    which extra it needs and the command, not a bare "No module named 'gymnasium'"."""
    code = (f"import sys; sys.modules[{missing!r}] = None\n"
            f"try:\n    import mp_notebook.adapters.{module}\nexcept ModuleNotFoundError as error:\n"
            f"    print(error.name, error)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == (f"{missing} mp_notebook.adapters.{module} needs the rl extra (PettingZoo, Gymnasium, "
                           f"OpenSpiel), and {missing} is not installed: pip install \"mp_notebook[rl]\" (from a clone "
                           f"of the repository: pip install \".[rl]\")")


def test_every_ruleset_has_an_action_space():
    for ruleset in RULESETS:
        space = action_space(ruleset)
        assert len(space) == len(set(space.keys)) and space.ruleset == ruleset
        assert profile(ruleset) is not None
