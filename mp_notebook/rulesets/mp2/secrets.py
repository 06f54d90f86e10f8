"""What Marco Polo II keeps from a seat, and a position as one seat may imagine it.

Secret: each player's goal card (002 "Goal cards (3 dealt, 1 kept)"; the card is kept face down,
reference/mp2.md) and, in the full setup, the 3 cards dealt to a player to choose from; face down:
the contract pile and the city-card deck (003 setup 7-8), each offer-tile pile under its visible
top tile (003 setup 10: next round's tile shows), and in a solo game the Automa's deck and, before
its first Travel, its trip slide (004: under the Smart Mat only BEIJING shows).

Reading: the two goal cards a player returns in the full setup are not kept by the game state, so
:func:`determinized` deals the other players' goal cards from every card the seat does not hold
(the returned ones included); a contract a player discards goes under the pile, and the pile is
reshuffled whole.

>>> import mp_notebook as mp
>>> s = mp.new_game(3, seed=7)
>>> t = s.determinize(0, seed=1)
>>> t.players[0].goal == s.players[0].goal, sorted(t.contract_pile) == sorted(s.contract_pile)
(True, True)
>>> u = s.with_player(2, goal=t.players[2].goal).determinize(0, seed=1)   # another hidden card, the same deal
>>> [p.goal for p in u.players] == [p.goal for p in t.players], u.contract_pile == t.contract_pile
(True, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.state import plain
from mp_notebook.engine.view import Dealer, Secrets
from mp_notebook.rulesets.mp2.automa import automa_components

if TYPE_CHECKING:
    from mp_notebook.rulesets.mp2.state import Mp2State

PICK_GOAL = "pick_goal"


def _automa(view: dict[str, Any], state: Any, seat: int) -> None:
    """The solo Automa's card deck is face down (004: the Automa draws from its shuffled deck)."""
    automa = state.automa
    if automa is not None:
        fields = {f.name: plain(getattr(automa, f.name)) for f in dataclasses.fields(automa)}
        view["automa"] = {**fields, "deck": len(automa.deck)}
        if automa.position < 0:
            view["automa"]["slide"] = None


SECRETS = Secrets(piles=("contract_pile", "card_deck", "offer_piles"), own=(("goal", None),),
                  secret_kinds=("goal",), more=_automa,
                  rules="goal cards are kept secret (002, reference/mp2.md); the contract pile, the city-card "
                        "deck and the offer tiles under each pile's top are face down (003 setup 7-10); the "
                        "Automa's deck and trip slide are hidden (004)")


def determinized(s: Mp2State, seat: int, seed: int) -> Mp2State:
    """``s`` with what ``seat`` has not seen dealt anew by ``seed`` (see the module docstring):
    the other players' goal cards (and goal cards dealt to them to choose from) from the cards the
    seat does not hold or see, the face-down piles reshuffled, new future dice."""
    deal = Dealer(seed)
    new = s._copy()
    others = [j for j in range(s.num_players) if j != seat and s.players[j].goal]
    picks = [k for k, t in enumerate(s.tasks) if t[0] == PICK_GOAL and t[1] != seat]
    seen = {s.players[seat].goal} | {g for t in s.tasks if t[0] == PICK_GOAL and t[1] == seat for g in t[2]}
    if not s.is_over and (others or picks):
        pool = set(s.components.goals) - seen
        hands, _ = deal.deal(pool, [1] * len(others) + [len(s.tasks[k][2]) for k in picks])
        for j, hand in zip(others, hands, strict=False):
            new._player(j).__dict__["goal"] = hand[0]
        tasks = list(s.tasks)
        for k, hand in zip(picks, hands[len(others):], strict=True):
            tasks[k] = (*tasks[k][:2], hand, *tasks[k][3:])
        new.tasks = tuple(tasks)
    new.contract_pile = deal.shuffle(s.contract_pile)
    new.card_deck = deal.shuffle(s.card_deck)
    new.offer_piles = tuple(pile[:1] + deal.shuffle(pile[1:]) for pile in s.offer_piles)
    if s.automa is not None:
        slide = s.automa.slide if s.automa.position >= 0 else deal.shuffle(automa_components().slides)[0]
        new.automa = replace(s.automa, deck=deal.shuffle(s.automa.deck), slide=slide)
    new.rng = deal.dice()
    new._note(None, f"determinized for seat {seat} with {seed}: what the seat has not seen dealt anew",
              "mp_notebook: determinize")
    return new
