"""Editing a position (``GameState.with_player``) and reseeding it (``reseed``)."""

from __future__ import annotations

import operator
import reprlib
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.rng import seed_state, shuffled
from mp_notebook.rulesets.schmidt import rules

if TYPE_CHECKING:
    from mp_notebook.rulesets.schmidt.state import SchmidtState

MAX_SEED = 2**64 - 1
MAX_GULDEN = 999_999
EDITABLE = ("gulden", "coins", "cards", "plaque", "secrets", "location", "mode")


def shown(value: Any) -> str:
    """``value`` for an error message, short."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"an int of {value.bit_length()} bits"
    return reprlib.repr(value)


def checked_int(name: str, value: Any, low: int, high: int) -> int:
    """``value`` as an int in ``low..high``: ints and numpy ints, not bools, floats or strings."""
    try:
        number = operator.index(value) if not isinstance(value, bool) else None
    except TypeError:
        number = None
    if number is None or not low <= number <= high:
        raise ValueError(f"{name} must be an int from {low} to {high}, got {shown(value)}")
    return number


def reseeded(s: SchmidtState, seed: int) -> SchmidtState:
    """``s`` with a new RNG seed and its face-down decks and Plaques reshuffled."""
    seed = checked_int("reseed: seed", seed, -MAX_SEED, MAX_SEED)
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
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < s.num_players:
        raise ValueError(f"with_player: no seat {shown(i)} (seats 0-{s.num_players - 1})")
    unknown = sorted(map(repr, set(changes) - set(EDITABLE)))
    if unknown:
        raise ValueError(f"with_player: cannot edit {', '.join(unknown)} (editable: {', '.join(EDITABLE)})"[:300])
    if "gulden" in changes and "coins" in changes:
        raise ValueError("with_player: give gulden or coins (the same thing), not both")
    new = s._copy()
    p = new._player(i)
    record: dict[str, Any] = {}
    for key, value in changes.items():
        if key in ("gulden", "coins"):
            record[key] = checked_int(f"with_player: {key}", value, 0, MAX_GULDEN)
            p.__dict__["gulden"] = record[key]
        elif key == "cards":
            if (not isinstance(value, (list, tuple)) or len(value) > len(c.cards)
                    or not all(isinstance(x, str) and x in c.cards and c.cards[x].joker is None for x in value)
                    or len(set(value)) != len(value)):
                raise ValueError(f"with_player: cards is a list of different ware card ids (like 'green80a'; "
                                 f"jokers are never held), got {shown(value)}")
            record[key] = list(value)
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
            if value is not None and (not isinstance(value, str) or value not in c.rules.missions):
                raise ValueError(f"with_player: plaque is None or a mission city ({', '.join(c.rules.missions)}), "
                                 f"got {shown(value)}")
            if value is not None and value != p.plaque and value not in new.plaques:
                raise ValueError(f"with_player: the Plaque for {value} is not in the bank (another merchant holds it)")
            new.plaques = tuple(x for x in new.plaques if x != value) + ((p.plaque,) if p.plaque and p.plaque != value
                                                                          else ())
            record[key] = value
            p.__dict__["plaque"] = value
        elif key == "secrets":
            if not isinstance(value, bool):
                raise ValueError(f"with_player: secrets is True or False, got {shown(value)}")
            if value and not p.secrets and not new.secrets_left:
                raise ValueError("with_player: no Secrets of the Orient are left in the bank")
            new.secrets_left += int(p.secrets) - int(value)
            record[key] = value
            p.__dict__["secrets"] = value
        elif key == "location":
            if not isinstance(value, str) or value not in c.locations:
                raise ValueError(f"with_player: unknown location {shown(value)}")
            taken = [q.name for j, q in enumerate(new.players) if j != i and q.location == value]
            if taken and value not in c.trading_cities and value != c.start:
                raise ValueError(f"with_player: {value} is occupied by {taken[0]}; only trading cities hold several "
                                 f"pieces")
            record[key] = value
            p.__dict__["location"] = value
        elif key == "mode":
            if value not in ("land", "sea"):
                raise ValueError(f"with_player: mode is 'land' or 'sea', got {shown(value)}")
            record[key] = value
            p.__dict__["mode"] = value
    if p.mode not in c.modes_at(p.location):
        raise ValueError(f"with_player: {p.location} is not on the {p.mode} route")
    if new.visit is not None and new.players[new.turn].location != new.visit[0]:
        new.visit = None
    rules._run(new)
    new._legal = rules.legal_actions(new)
    if not new.over and not new._legal:
        raise ValueError(f"with_player: the edit leaves no legal choice for {new.decision.text!r}; "
                         f"finish the pending decision first, or edit differently")
    new._note(i, f"position edited: {p.name} {', '.join(f'{k}={v!r}' for k, v in changes.items())}",
              "mp_notebook: with_player")
    return new, record
