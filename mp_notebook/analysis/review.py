"""A post-game review: a seat's decisions, each valued like the Hint (see :func:`review`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mp_notebook.rulesets import replay

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState


def positions(s: GameState) -> list[GameState]:
    """``[s0, s1, ..., s]``: the position after each entry of ``s.history`` (actions, edits and
    reseeds), from ``new_game(**s.setup)`` on; exact (the last is ``s``).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=3)
    >>> for _ in range(4):
    ...     s = s.apply(s.legal_actions()[0])
    >>> states = positions(s)
    >>> len(states), states[-1] == s, states[2].history == s.history[:2]
    (5, True, True)
    """
    state = replay(s.setup, [])
    out = [state]
    for entry in s.history:
        state = state._replay_entry(entry)  # what replay() does entry by entry, keeping each position
        out.append(state)
    return out
