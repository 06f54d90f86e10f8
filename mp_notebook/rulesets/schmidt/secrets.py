"""What the Schmidt game keeps from a seat, and a position as one seat may imagine it.

Secret: the mission city of another merchant's Golden Plaque until he has done the mission (seed
001: he "may only reveal the card ... when he arrives"); face down: the ware decks and the
Plaques left in the bank. Ware cards in hand are shown, as the app shows them.

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="schmidt", seed=7)
>>> t = s.determinize(0, seed=1)
>>> sorted(t.plaques) == sorted(s.plaques), {c: sorted(d) for c, d in t.decks.items()} == {
...     c: sorted(d) for c, d in s.decks.items()}
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mp_notebook.engine.view import Dealer, Secrets

if TYPE_CHECKING:
    from mp_notebook.rulesets.schmidt.state import SchmidtState

SECRETS = Secrets(piles=("decks", "plaques"), own=(("plaque", "secrets"),),
                  rules="a Golden Plaque's mission city is secret until the mission is done (seed 001); the "
                        "ware decks and the bank's Plaques are drawn blind")


def determinized(s: SchmidtState, seat: int, seed: int) -> SchmidtState:
    """``s`` with what ``seat`` has not seen dealt anew by ``seed``: the other merchants' secret
    missions and the bank's Plaques from the Plaques the seat has not seen, the ware decks
    reshuffled, new future spins and dice."""
    deal = Dealer(seed)
    new = s._copy()
    hidden = [j for j in range(s.num_players) if SECRETS.hides(s, j, seat, "plaque")]
    missions = [m for j in hidden if (m := s.players[j].plaque)]
    hands, rest = deal.deal([*s.plaques, *missions], [1] * len(hidden))
    for j, hand in zip(hidden, hands, strict=True):
        new._player(j).__dict__["plaque"] = hand[0]
    new.plaques = rest
    new.decks = {colour: deal.shuffle(deck) for colour, deck in s.decks.items()}
    new.rng = deal.dice()
    new._note(None, f"determinized for seat {seat} with {seed}: what the seat has not seen dealt anew",
              "mp_notebook: determinize")
    return new
