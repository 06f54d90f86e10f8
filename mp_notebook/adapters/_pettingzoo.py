"""The implementation of :mod:`mp_notebook.adapters.pettingzoo` (its docstring says what it offers)."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from mp_notebook.adapters._layout import BOUND, _Observer
from mp_notebook.adapters._seats import REWARDS, final_returns, observation_text
from mp_notebook.adapters._vocabulary import action_space
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.game import GameState
from mp_notebook.engine.validate import MAX_SEED, checked_choice, checked_int, checked_seed
from mp_notebook.registry import get, new_game

RENDER_MODES = ("human", "ansi", "html", "map")


class MarcoPoloEnv(AECEnv):
    """A Marco Polo game of ``ruleset`` as a PettingZoo AEC environment (see the module docstring).

    ``players`` and ``options`` are ``mp.new_game``'s (the seed comes from ``reset``); ``reward``:
    ``"win"`` or ``"margin"``; ``render_mode``: ``"human"`` (the game as text, the position and the
    score table, printed after every reset and step, as PettingZoo's classic environments draw their
    board; ``render()`` prints it too and returns ``None``), ``"ansi"`` (that text returned),
    ``"html"`` (the state's HTML summary) or ``"map"`` (``mp.show_map``'s plotly figure).
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": "mp_notebook_v0",  # noqa: RUF012
                                "is_parallelizable": False}

    def __init__(self, ruleset: str = "mp2", players: Any = 2, *, reward: str = "win",
                 render_mode: str | None = None, **options: Any):
        super().__init__()
        if "seed" in options:
            raise ArgumentError("MarcoPoloEnv: the seed is reset's argument (env.reset(seed=7)), not an option")
        self.ruleset = get(ruleset).id
        self.reward = checked_choice("reward", reward, REWARDS)
        self.render_mode = None if render_mode is None else checked_choice("render_mode", render_mode, RENDER_MODES)
        self.players = players
        self.options = dict(options)
        self.game: GameState = new_game(players, ruleset=self.ruleset, seed=0, **options)  # checks the options
        self.space = action_space(self.ruleset)
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        self.metadata = {**self.metadata, "name": f"mp_notebook_{self.ruleset}_v0"}
        n = len(self.space)
        self._observer = _Observer(self.ruleset)  # every seat's observation, kept up to date from step to step
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (self._observer.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.seed: int | None = None
        self._legal: dict[int, Any] = {}
        self._awaited: Any = None  # the game's decision (a ruleset may work it out at each ask)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """What ``agent`` observes: its observation vector (its ruleset's layout) and the action mask."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(n)``: the numbered actions of the ruleset (the same ``n`` for every agent)."""
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: Any) -> str:
        """``agent`` if it names a seat of this environment (``"player_0"``, ...)."""
        return checked_choice("agent", agent, self.possible_agents)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start the game ``mp.new_game(players, ruleset=..., seed=seed, **options)`` (a random seed if
        ``None``). ``options`` is PettingZoo's argument and is not used: the game's options are
        the environment's."""
        self.seed = random.SystemRandom().randrange(MAX_SEED) if seed is None else checked_seed(seed)
        self.game = new_game(self.players, ruleset=self.ruleset, seed=self.seed, **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()
        if self.render_mode == "human":
            self.render()

    def _advance(self) -> None:
        """Select the seat the game waits for; at the end, everyone's reward and termination."""
        s = self.game
        if s.is_over:
            for agent, value in zip(self.possible_agents, final_returns(s, self.reward), strict=True):
                if agent in self.rewards:
                    self.rewards[agent] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self._legal = {}
            self._awaited = None
            self.agent_selection = self.agents[0]
        else:
            legal = s.legal_actions()  # by number (the mask needs no order)
            self._legal = dict(zip(self.space._numbers(legal), legal, strict=True))
            self._awaited = s.decision
            self.agent_selection = self.possible_agents[self._awaited.player]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now: its observation vector and, when it is to act, the mask of its
        legal actions (zeros otherwise)."""
        seat = self.possible_agents.index(self._agent(agent))
        mask = bytearray(len(self.space))
        if agent == self.agent_selection:
            for k in self._legal:
                mask[k] = 1
        return {"observation": self._observer(self.game, seat, decision=self._awaited),
                "action_mask": np.frombuffer(mask, dtype=np.int8)}

    def observation_text(self, agent: str) -> str:
        """What ``agent`` sees now as text: its view as compact ASCII JSON, keys sorted
        (:func:`~mp_notebook.adapters.seats.observation_text`), for people and for parsing."""
        seat = self.possible_agents.index(self._agent(agent))
        return observation_text(self.game, seat)

    def step(self, action: Any) -> None:
        """Play action number ``action`` for the selected agent (``None`` once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = checked_int(f"{agent}: action index (of the action space)", action, 0, len(self.space) - 1)
        chosen = self._legal.get(index)
        if chosen is None:
            chosen = self.space.decode(self.game, index)  # raises: what was tried and why not
        self._cumulative_rewards[agent] = 0.0
        self.game = self.game.apply(chosen)
        self._advance()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        """The game as text, printed (``"human"``) or returned (``"ansi"``), its HTML summary
        (``"html"``) or the map figure (``"map"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn(f"MarcoPoloEnv.render: no render_mode was given ({', '.join(RENDER_MODES)})")
            return None
        if self.render_mode == "html":
            return str(self.game._repr_html_())  # type: ignore[attr-defined]
        if self.render_mode == "map":
            from mp_notebook.render.map import show_map

            return show_map(self.game)
        s = self.game
        text = f"{s!r}\n{s.round_text}: {s.decision.text}\n{s.scores().to_string()}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (kept for PettingZoo's API)."""


def env(ruleset: str = "mp2", players: Any = 2, **kwargs: Any) -> MarcoPoloEnv:
    """PettingZoo's conventional constructor: ``MarcoPoloEnv(ruleset, players, **kwargs)``."""
    return MarcoPoloEnv(ruleset, players, **kwargs)
