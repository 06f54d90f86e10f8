"""Editing a position (``GameState.with_player``) and reseeding it (``reseed``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.rng import seed_state, shuffled
from mp_notebook.engine.validate import (
    MAX_COUNT,
    checked_choice,
    checked_int,
    checked_list,
    checked_name,
    checked_seat,
    checked_seed,
    shown,
)
from mp_notebook.rulesets.schmidt import rules
from mp_notebook.rulesets.schmidt.components import MODES

if TYPE_CHECKING:
    from mp_notebook.rulesets.schmidt.state import SchmidtState

EDITABLE = ("gulden", "coins", "cards", "plaque", "secrets", "location", "mode")


def reseeded(s: SchmidtState, seed: int) -> SchmidtState:
    """``s`` with a new RNG seed and its face-down decks and Plaques reshuffled."""
    seed = checked_seed(seed, "reseed: seed")
    new = s._copy()
    rng = seed_state(seed)
    decks = {}
    for colour, deck in s.decks.items():
        rng, decks[colour] = shuffled(rng, deck)
    new.decks = decks
    rng, new.plaques = shuffled(rng, s.plaques)
    new.rng = rng
    new._note(None, f"reseeded with {seed}: future spins, dice and blind draws resampled", "mp_notebook: reseed")
    return new


def edit_player(s: SchmidtState, i: Any, changes: dict[str, Any]) -> tuple[SchmidtState, dict[str, Any]]:
    """Validate and apply ``with_player`` edits; returns the new state and the edits as JSON values.

    Cards given to the merchant leave the deck or hand they were in; cards he gives up go under
    their deck. A Plaque comes from the bank's Plaques (its mission city), Secrets from the bank.
    """
    c = s.components
    i = checked_seat("with_player", i, s.num_players)
    unknown = sorted(map(shown, set(changes) - set(EDITABLE)))
    if unknown:
        raise ArgumentError(f"with_player: cannot edit {', '.join(unknown)} (editable: {', '.join(EDITABLE)})"[:300])
    if "gulden" in changes and "coins" in changes:
        raise ArgumentError("with_player: give gulden or coins (the same thing), not both")
    new = s._copy()
    p = new._player(i)
    record: dict[str, Any] = {}
    for key, value in changes.items():
        if key in ("gulden", "coins"):
            record[key] = checked_int(f"with_player: {key}", value, 0, MAX_COUNT)
            p.__dict__["gulden"] = record[key]
        elif key == "cards":
            wares = [cid for cid, card in c.cards.items() if card.joker is None]
            value = checked_list("with_player: cards", value, len(wares), "ware card ids")
            if not all(isinstance(x, str) and x in wares for x in value) or len(set(value)) != len(value):
                raise ArgumentError(f"with_player: cards is a list of different ware card ids (like 'green80a'; "
                                    f"jokers are never held), got {shown(value)}")
            record[key] = value
            for cid in p.cards:
                if cid not in value:
                    rules._under_deck(new, cid)
            for j in range(new.num_players):
                if j != i and set(value) & set(new.players[j].cards):
                    q = new._player(j)
                    q.__dict__["cards"] = tuple(x for x in q.cards if x not in value)
            new.decks = {col: tuple(x for x in deck if x not in value) for col, deck in new.decks.items()}
            new.booty = {ring: (g, tuple(x for x in cards if x not in value)) for ring, (g, cards) in new.booty.items()}
            p.__dict__["cards"] = tuple(sorted(value))
        elif key == "plaque":
            if value is not None:
                checked_name("with_player: plaque", value, c.rules.missions, "mission city")
            if value is not None and value != p.plaque and value not in new.plaques:
                raise ArgumentError(f"with_player: the Plaque for {value} is not in the bank (another merchant "
                                    f"holds it)")
            new.plaques = tuple(x for x in new.plaques if x != value) + ((p.plaque,) if p.plaque and p.plaque != value
                                                                          else ())
            record[key] = value
            p.__dict__["plaque"] = value
        elif key == "secrets":
            checked_choice("with_player: secrets", value, (True, False))
            if value and not p.secrets and not new.secrets_left:
                raise ArgumentError("with_player: no Secrets of the Orient are left in the bank")
            new.secrets_left += int(p.secrets) - int(value)
            record[key] = value
            p.__dict__["secrets"] = value
        elif key == "location":
            checked_name("with_player", value, c.locations, "location")
            taken = [q.name for j, q in enumerate(new.players) if j != i and q.location == value]
            if taken and value not in c.trading_cities and value != c.start:
                raise ArgumentError(f"with_player: {value} is occupied by {taken[0]}; only trading cities hold several "
                                    f"pieces")
            record[key] = value
            p.__dict__["location"] = value
        elif key == "mode":
            checked_choice("with_player: mode", value, MODES)
            record[key] = value
            p.__dict__["mode"] = value
    if p.mode not in c.modes_at(p.location):
        raise ArgumentError(f"with_player: {p.location} is not on the {p.mode} route")
    if new.visit is not None and new.players[new.turn].location != new.visit[0]:
        new.visit = None
    rules._run(new)
    new._legal = rules.legal_actions(new)
    if not new.over and not new._legal:
        raise ArgumentError(f"with_player: the edit leaves no legal choice for {new.decision.text!r}; "
                         f"finish the pending decision first, or edit differently")
    new._note(i, f"position edited: {p.name} {', '.join(f'{k}={v!r}' for k, v in changes.items())}",
              "mp_notebook: with_player")
    return new, record
