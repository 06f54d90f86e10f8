"""Setting up a Marco Polo II game."""

from __future__ import annotations

import secrets
from typing import Any

from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.rng import next_int, seed_state, shuffled
from mp_notebook.engine.validate import (
    checked_choice,
    checked_int,
    checked_options,
    checked_per_seat,
    checked_players,
    checked_seed,
    shown,
)
from mp_notebook.rulesets._shared.tasks import push
from mp_notebook.rulesets.mp2 import RULESET, rules
from mp_notebook.rulesets.mp2.automa import new_automa
from mp_notebook.rulesets.mp2.citations import R_SETUP
from mp_notebook.rulesets.mp2.components import Character, Components, components, shared_board
from mp_notebook.rulesets.mp2.state import Mp2State, Player

VARIANTS = ("black_dice",)
AUTOMA_NAME = "Automa"


PLAYED_BY = "Marco Polo II is played by 2-4 players (or solo against the Automa)"


def _names(players: int | list[str] | tuple[str, ...] | None, solo: bool) -> list[str]:
    names = checked_players((1 if solo else 2) if players is None else players, 1, 4, PLAYED_BY)
    if solo:
        if len(names) != 1:
            raise ArgumentError(f"a game against the Automa has 1 player, got {len(names)}")
        return [*names, AUTOMA_NAME]
    if len(names) == 1:
        raise ArgumentError("solo play is against the Automa: new_game(['Ana'], automa='L1'|'L2'|'L3')")
    return names


def new_game(players: int | list[str] | tuple[str, ...] | None = None, *, seed: int | None = None,
             characters: Any = None, setup: str = "quick", variants: tuple[str, ...] | list[str] = (),
             automa: str | None = None, character: str | None = None, revision: int | None = None) -> Mp2State:
    """A new game of Marco Polo II, ready for the first decision (seat 0 starts; solo: a random seat).

    ``characters``: None (the plain rules), "random", or one name per seat. ``setup="full"``
    makes the character draft (unless characters are given) and the goal choice decisions.
    ``automa="L1"|"L2"|"L3"``: solo against the Automa (seat 1); ``character`` is then the
    player's character (the Automa's is drawn from the others). ``revision``: the rules revision
    (default: the latest); a game saved under revision 1 is loaded with ``revision=1``, so that its
    reseeds draw as they did then (see ``editing.reseeded``).

    >>> s = new_game(["Ana", "Ben"], seed=7)
    >>> s.players[0].name, s.players[0].coins, s.players[0].camels, s.players[0].location
    ('Ana', 8, 3, 'Beijing')
    """
    solo = automa is not None
    if solo and not isinstance(automa, str):
        raise ArgumentError(f"automa is the Automa's level 'L1', 'L2' or 'L3', got {shown(automa)}")
    names = _names(players, solo)
    checked_choice("setup", setup, ("quick", "full"))
    if revision is not None:
        revision = checked_int("revision", revision, 1, RULESET.revision)
    if character is not None:
        if characters is not None or not solo:
            raise ArgumentError("character= names the solo player's character; "
                                "with several players use characters=[...]")
        characters = [character]
    variants = checked_options("variants", variants, VARIANTS)
    if seed is None:
        seed = secrets.randbits(32)
    seed = checked_seed(seed)
    c = components()
    humans = len(names) - solo
    chosen = _characters(c, characters, humans)
    s = object.__new__(Mp2State)
    s._setup = {"players": names[:humans], "ruleset": "mp2", "seed": seed,
                "characters": characters if isinstance(characters, (str, type(None))) else list(characters),
                "setup": setup, "variants": variants, "automa": automa}
    if revision is not None:
        s._setup["revision"] = revision
    s._hist = None
    s._log = None
    s._legal = None
    s._owned = set(range(len(names)))
    s.components, s.board = c, shared_board()
    s.num_players = len(names)
    s.variants = frozenset(variants)
    s.round, s.first_player, s.next_first, s.travel_high, s.turn = 0, 0, 0, -1, 0
    s.main_done, s.black_bought, s.bagged, s.posted_now, s.over = False, False, False, frozenset(), False
    s.tasks, s.spaces, s.placed, s.completing = (), {}, (), frozenset()
    rng = seed_state(seed)
    rng = _lay_out(s, c, rng)
    rng, starting = shuffled(rng, sorted(k for k, v in c.contracts.items() if v.starting))
    rng, goals = shuffled(rng, sorted(c.goals))
    rng, drawn = shuffled(rng, sorted(set(c.characters) - {ch.id for ch in chosen}))
    s.automa = None
    if automa is not None:  # solo: the Automa's character first; the player then draws 3 of the others
        rng, s.automa = new_automa(automa, c.characters[drawn[0]].name, rng, starting[humans])
        drawn = drawn[1:]
        rng, s.next_first = next_int(rng, len(names))  # 004 set-up: the first player is drawn at random
    drawn = drawn[:3] if solo else drawn[:humans + 1]
    if characters == "random":
        chosen = [c.characters[x] for x in drawn[:humans]]
    s.rng = rng
    full = setup == "full"
    s.players = tuple(
        Player(name=name, character=None, coins=c.rules.start.coins, camels=c.rules.start.camels,
               pepper=c.rules.start.pepper, silk=c.rules.start.silk, gold=c.rules.start.gold,
               jade=c.rules.start.jade, vp=c.rules.start.vp, dice=(), black_dice=(), location=s.board.start,
               figure2=None, trading_posts=(), contracts=(starting[k],), completed=(), seal_levels=(),
               goal=None if full else goals[3 * k], shields=0, outpost_tiles=())
        for k, name in enumerate(names[:humans]))
    if s.automa is not None:  # the Automa manages no resources and has no goal card; its contract is on space E
        s.players += (Player(name=AUTOMA_NAME, character=None, coins=0, camels=0, pepper=0, silk=0, gold=0, jade=0,
                             vp=c.rules.start.vp, dice=(), black_dice=(), location=s.board.start, figure2=None,
                             trading_posts=(), contracts=(), completed=(), seal_levels=(), goal=None, shields=0,
                             outpost_tiles=()),)
        s._note(1, f"the Automa ({automa}) plays {s.automa.character}, trip slide {s.automa.slide}",
                "Solo rules (004): Setting up the Automa")
    s._note(None, f"{setup} setup for {len(names)} players; {names[s.next_first]} starts",
            "Solo rules (004): Setting up the main board" if solo else R_SETUP)
    for k, ch in enumerate(chosen):
        rules.assign_character(s, k, ch)
    if not full:
        rules.start_round(s, 1)
    else:
        picks: list[tuple[object, ...]] = []
        if characters is None:  # revealed: players + 1 (solo: 3); the last player picks first, then counter-clockwise
            seats = tuple(range(humans - 1, -1, -1))
            picks.append(("pick_character", seats[0], drawn, seats[1:]))
        picks += [("pick_goal", k, goals[3 * k:3 * k + 3]) for k in range(humans)]
        push(s, *picks, ("begin",))
    rules.run(s)
    return s


def _characters(c: Components, characters: Any, players: int) -> list[Character]:
    """The characters given to ``new_game``: None (plain rules), "random" (drawn later) or names."""
    if characters is None or (isinstance(characters, str) and characters == "random"):
        return []
    chosen = [c.character(name) for name in checked_per_seat("characters", characters, players, "character")]
    if len({ch.id for ch in chosen}) != len(chosen):
        raise ArgumentError(f"each character can be played by one player only, got {list(characters)}")
    return chosen


def _lay_out(s: Mp2State, c: Components, rng: int) -> int:
    """Shuffle and place offer tiles, markers, outpost tiles, city cards and contracts."""
    piles = []
    for pile in (1, 2, 3):
        rng, tiles = shuffled(rng, [t.id for t in c.offer_tiles if t.pile == pile])
        piles.append(tiles[1:])  # one tile of each pile goes back to the box
    s.offer_tiles = tuple(p[0] for p in piles)  # type: ignore[assignment]
    s.offer_piles = tuple(p[1:] for p in piles)
    cities = list(c.locations.values())
    rng, markers = shuffled(rng, sorted(c.city_bonuses))
    s.markers = {loc.name: m for loc, m in zip([loc for loc in cities if loc.city_bonus], markers, strict=False)}
    rng, tiles = shuffled(rng, sorted(c.outposts))
    s.outposts = {loc.name: t for loc, t in zip([loc for loc in cities if loc.outpost], tiles, strict=True)}
    rng, cards = shuffled(rng, sorted(c.city_cards))
    spaces = list(c.card_spaces) + list(rules.AREA_SPACES)
    s.cards = dict(zip(spaces, cards, strict=False))
    s.card_deck = cards[len(spaces):]
    rng, red = shuffled(rng, sorted(k for k, v in c.contracts.items() if not v.starting))
    contract_cities = [loc.name for loc in cities if loc.contracts]
    s.display = {city: (red[2 * k], red[2 * k + 1]) for k, city in enumerate(contract_cities)}
    s.contract_pile = red[2 * len(contract_cities):]
    s.black_pool = ()
    return rng
