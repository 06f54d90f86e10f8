"""Setting up a game of the Schmidt Spiele Marco Polo (seed 001, Game Preparation)."""

from __future__ import annotations

import secrets
from typing import Any

from mp_notebook.engine.rng import seed_state, shuffled
from mp_notebook.engine.validate import checked_int, checked_players, checked_seed
from mp_notebook.rulesets.schmidt.components import components, shared_board
from mp_notebook.rulesets.schmidt.rules import R_SETUP
from mp_notebook.rulesets.schmidt.state import Player, SchmidtState

MAX_ROUND_LIMIT = 100_000
PLAYED_BY = "Marco Polo (Schmidt Spiele) is played by 2-4 players"


def new_game(players: Any = None, *, seed: int | None = None, round_limit: int | None = None) -> SchmidtState:
    """A new game, ready for the first spin: every merchant on the Venice exit space with 240
    Gulden, the four decks shuffled, the Plaques shuffled. Seat 0 is the youngest player and starts.

    ``round_limit`` (not a rule of seed 001; default None, no limit) ends the game after that many
    rounds, the richest merchant winning: for simulations of players that may never get home.

    >>> s = new_game(["Ana", "Ben"], seed=7)
    >>> s.players[0].gulden, s.players[0].location, s.decision.text
    (240, 'Venice', 'Ana: spin the spinner (land or sea ring) in Venice')
    """
    names = checked_players(2 if players is None else players, 2, 4, PLAYED_BY)
    if seed is None:
        seed = secrets.randbits(32)
    seed = checked_seed(seed)
    if round_limit is not None:
        round_limit = checked_int("round_limit", round_limit, 1, MAX_ROUND_LIMIT)
    c = components()
    rng = seed_state(seed)
    decks = {}
    for colour in c.colours:
        rng, decks[colour] = shuffled(rng, c.deck(colour))
    rng, plaques = shuffled(rng, c.rules.missions)
    s = object.__new__(SchmidtState)
    s._setup = {"players": names, "ruleset": "schmidt", "seed": seed, "round_limit": round_limit}
    s.__dict__.update(
        components=c, board=shared_board(), num_players=len(names), round=1, first_player=0, turn=0,
        players=tuple(Player(name=n, gulden=c.rules.start_gulden, cards=(), plaque=None, secrets=False,
                             location=c.start, mode="land") for n in names),
        decks=decks, plaques=plaques, secrets_left=c.rules.specials, booty={"sea": (0, ()), "land": (0, ())},
        tasks=(), visit=None, extra_turns=0, spun=None, round_limit=round_limit, winner=None, over=False, rng=rng,
        _legal=None, _owned=set(), _hist=None, _log=None,
    )
    s._note(None, f"{len(names)} merchants leave Venice with {c.rules.start_gulden} Gulden each; they return with "
                  f"{c.rules.return_capital[len(names)]} Gulden of capital", R_SETUP)
    return s
