"""What The Voyages of Marco Polo keeps from a seat, and a position as one seat may imagine it.

Secret: each player's goal cards ("Players should keep their Goal cards secret", Rulebook, Player
setup 8) and, in the expert variant, the 4 cards dealt to a player to choose 2 from; face down: the
contract piles still to come and the special pile.

Reading: the goal cards a player returns in the expert variant are not kept by the game state, so
:func:`determinized` deals the other players' goal cards from every card the seat does not hold
(the returned ones included).

>>> import mp_notebook as mp
>>> s = mp.new_game(3, ruleset="voyages", seed=7)
>>> t = s.determinize(1, seed=2)
>>> t.players[1].goals == s.players[1].goals, [len(p.goals) for p in t.players]
(True, [2, 2, 2])
>>> sorted(c for pile in t.contract_piles for c in pile) == sorted(c for pile in s.contract_piles for c in pile)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mp_notebook.engine.view import Dealer, Secrets

if TYPE_CHECKING:
    from mp_notebook.rulesets.voyages.state import VoyagesState

PICK_GOAL = "pick_goal"

SECRETS = Secrets(piles=("contract_piles", "special_pile"), own=(("goals", None),), secret_kinds=("goal",),
                  rules="goal cards are dealt face down and kept secret (Rulebook, Player setup 8; the expert "
                        "variant's choice of 2 of 4 in secret); the round piles and the special pile of "
                        "contracts are face down")


def determinized(s: VoyagesState, seat: int, seed: int) -> VoyagesState:
    """``s`` with what ``seat`` has not seen dealt anew by ``seed`` (see the module docstring):
    the other players' goal cards (and goal cards dealt to them to choose from) from the cards the
    seat does not hold or see, the face-down piles reshuffled, new future dice."""
    deal = Dealer(seed)
    new = s._copy()
    others = [j for j in range(s.num_players) if j != seat and s.players[j].goals]
    picks = [k for k, t in enumerate(s.tasks) if t[0] == PICK_GOAL and t[1] != seat]
    seen = {*s.players[seat].goals, *(g for t in s.tasks if t[0] == PICK_GOAL and t[1] == seat for g in t[2])}
    if not s.is_over and (others or picks):
        sizes = [len(s.players[j].goals) for j in others] + [len(s.tasks[k][2]) for k in picks]
        hands, _ = deal.deal(set(s.components.goals) - seen, sizes)
        for j, hand in zip(others, hands, strict=False):
            new._player(j).__dict__["goals"] = hand
        tasks = list(s.tasks)
        for k, hand in zip(picks, hands[len(others):], strict=True):
            tasks[k] = (*tasks[k][:2], hand, *tasks[k][3:])
        new.tasks = tuple(tasks)
    pooled = deal.shuffle(c for pile in s.contract_piles for c in pile)
    size = len(s.contract_piles[0]) if s.contract_piles else 0
    new.contract_piles = tuple(pooled[size * k:size * (k + 1)] for k in range(len(s.contract_piles)))
    new.special_pile = deal.shuffle(s.special_pile)
    new.rng = deal.dice()
    new._note(None, f"determinized for seat {seat} with {seed}: what the seat has not seen dealt anew",
              "mp_notebook: determinize")
    return new
