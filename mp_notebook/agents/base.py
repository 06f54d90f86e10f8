"""What every computer player shares: the ``Agent`` protocol and seeded, stateless randomness.

Agents keep no state between calls: the randomness of a choice is derived from the agent's seed
and a fingerprint of the position, so the same seed and the same state always give the same
action, whatever was asked before, in whichever process.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> position_seed(3, s) == position_seed(3, s), position_seed(3, s) == position_seed(4, s)
(True, False)
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.rulesets.mp2.state import Mp2State


@runtime_checkable
class Agent(Protocol):
    """A computer player: ``choose`` returns one of ``state.legal_actions()``;
    ``with_seed`` returns the same player with another seed (used to seed each simulated game)."""

    name: str
    seed: int

    def choose(self, state: Mp2State) -> Action: ...

    def with_seed(self, seed: int) -> Agent: ...


def fingerprint(s: Mp2State) -> str:
    """A cheap text that differs between the positions a game goes through."""
    seats = ";".join(
        f"{p.coins},{p.camels},{p.pepper},{p.silk},{p.gold},{p.jade},{p.vp},{p.dice},"
        f"{p.black_dice},{p.location},{len(p.trading_posts)},{p.contracts}"
        for p in s.players
    )
    return f"{s.round}|{s.decision.text}|{seats}"


def position_seed(seed: int, s: Mp2State) -> int:
    """A 32-bit seed derived from an agent's seed and the position (stable across processes)."""
    return zlib.crc32(f"{seed}#{fingerprint(s)}".encode())


def tie_break(seed: int, action: Action) -> float:
    """A seeded value in [0, 1) used to order actions an evaluation cannot tell apart."""
    return zlib.crc32(f"{seed}:{action}".encode()) / 2**32
