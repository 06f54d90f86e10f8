"""Adapter benchmark (issue 34): what a PettingZoo or OpenSpiel step costs against our own engine.

Usage::

    python bench/adapters.py [--games 6] [--rounds 5] [--players 3]

For each registered ruleset, ``--games`` random games (Schmidt's with a 12-round limit) are fixed
first (their seeds and action indices); then each round replays all of them in each way, the ways
interleaved (A B C D E F, A B C D E F, ...) so a slow spell of the shared machine hits all of them:

* **engine**: our own ``s.legal_actions()`` then ``s.apply(a)``, a decision at a time;
* **pz step**: ``MarcoPoloEnv.step(index)`` (it applies the action and makes the next mask's
  legal numbers), no observation;
* **pz step+obs**: as above with ``env.last()`` first (the seat's observation: its ruleset's
  observation vector and the action mask), what an RL loop pays;
* **os step**: ``state.legal_actions()`` then ``state.apply_action(index)`` of the OpenSpiel game;
* **os step+obs**: as above with ``state.observation_tensor(player)`` first (the seat's observation
  as a list of floats, as OpenSpiel returns it; the state answers it from Python);
* **os step+observer**: as above with ``observation.set_from(state, player)`` first, the observer of
  ``open_spiel.python.observation.make_observation(game)`` (its ``tensor``, a numpy vector, filled in
  place: OpenSpiel's Python route);
* **os step+obs C++**: os step with ``pyspiel.State.observation_tensor(state, player)`` first,
  OpenSpiel's C++ route, which its C++ algorithms take (it also makes a first position and writes
  its tensor, to learn the size, on every call, and copies the numbers twice);
* **os step+obs C++ idle**: os step+obs C++ with our observer's ``set_from`` doing nothing (the
  tensor left as it is): what that C++ route costs by itself, the part of it that is not ours.

It prints the CPU time per decision of each (median of the rounds, and the spread min-max) and each
adapter's ratio to the engine (the median of the rounds' ratios, and their min-max). Aim: an adapter
step, with its observation, <= 2x our own apply + legal_actions. This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial

import pyspiel
from open_spiel.python.observation import make_observation

import mp_notebook as mp
from mp_notebook.adapters.openspiel import MarcoPoloObserver, game_name  # importing it registers the games
from mp_notebook.adapters.pettingzoo import MarcoPoloEnv
from mp_notebook.adapters.seats import observation_layout
from mp_notebook.adapters.vocabulary import action_space
from mp_notebook.registry import PACKAGES

Game = tuple[int, list[int]]  # (seed, action indices)


def options(ruleset: str) -> dict:
    return {"round_limit": 12} if ruleset == "schmidt" else {}


def fixed_games(ruleset: str, players: int, n: int) -> list[Game]:
    space = action_space(ruleset)
    games = []
    for k in range(n):
        seed = 500 + k
        rng = random.Random(seed)
        s = mp.new_game(players, ruleset=ruleset, seed=seed, **options(ruleset))
        actions = []
        while not s.is_over:
            a = rng.choice(s.legal_actions())
            actions.append(space.index(a))
            s = s.apply(a)
        games.append((seed, actions))
    return games


def engine(ruleset: str, players: int, games: list[Game]) -> None:
    space = action_space(ruleset)
    for seed, actions in games:
        s = mp.new_game(players, ruleset=ruleset, seed=seed, **options(ruleset))
        for index in actions:
            s.legal_actions()
            s = s.apply(space.action(index, s.current_player))


def pz(ruleset: str, players: int, games: list[Game], observe: bool) -> None:
    env = MarcoPoloEnv(ruleset, players, **options(ruleset))
    for seed, actions in games:
        env.reset(seed=seed)
        for index in actions:
            if observe:
                env.last()
            env.step(index)


def os_game(ruleset: str, players: int, games: list[Game], observe: str) -> None:
    if observe == "idle":
        with idle_observer():
            os_game(ruleset, players, games, "c++")
        return
    cpp_tensor = pyspiel.State.observation_tensor
    for seed, actions in games:
        game = pyspiel.load_game(game_name(ruleset), {"players": players, "seed": seed,
                                                      "options": json.dumps(options(ruleset))})
        observation = make_observation(game)
        state = game.new_initial_state()
        for index in actions:
            if observe == "tensor":
                state.observation_tensor(state.current_player())
            elif observe == "observer":
                observation.set_from(state, state.current_player())
            elif observe == "c++":
                cpp_tensor(state, state.current_player())
            state.legal_actions()
            state.apply_action(index)


@contextmanager
def idle_observer() -> Iterator[None]:
    """Our OpenSpiel observer's ``set_from`` doing nothing, for the while."""
    real = MarcoPoloObserver.set_from
    MarcoPoloObserver.set_from = lambda self, state, player: None
    try:
        yield
    finally:
        MarcoPoloObserver.set_from = real


def cpu(run: Callable[[], None]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    print(f"{args.games} random {args.players}-player games per ruleset, {args.rounds} interleaved rounds; "
          f"CPU microseconds per decision: median [min-max]; ratio to engine: median of the rounds' ratios "
          f"[min-max]")
    for ruleset in PACKAGES:
        games = fixed_games(ruleset, args.players, args.games)
        decisions = sum(len(a) for _, a in games)
        given = (ruleset, args.players, games)
        ways: dict[str, Callable[[], None]] = {
            "engine": partial(engine, *given), "pz step": partial(pz, *given, False),
            "pz step+obs": partial(pz, *given, True), "os step": partial(os_game, *given, ""),
            "os step+obs": partial(os_game, *given, "tensor"), "os step+observer": partial(os_game, *given, "observer"),
            "os step+obs C++": partial(os_game, *given, "c++"),
            "os step+obs C++ idle": partial(os_game, *given, "idle"),
        }
        for run in ways.values():  # warm caches (action space, boards, registrations)
            run()
        times: dict[str, list[float]] = {name: [] for name in ways}
        for _ in range(args.rounds):
            for name, run in ways.items():
                times[name].append(cpu(run) / decisions * 1e6)
        print(f"\n{ruleset}: {decisions} decisions, action space {len(action_space(ruleset))}, "
              f"observation {observation_layout(ruleset).size} numbers")
        for name, values in times.items():
            ratios = [v / e for v, e in zip(values, times["engine"], strict=True)]
            print(f"  {name:20s} {statistics.median(values):8.1f} us  [{min(values):.1f}-{max(values):.1f}]"
                  + ("" if name == "engine" else f"   x{statistics.median(ratios):.2f} engine "
                                                 f"[{min(ratios):.2f}-{max(ratios):.2f}]"))


if __name__ == "__main__":
    main()
