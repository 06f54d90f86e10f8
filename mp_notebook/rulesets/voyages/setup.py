"""Setting up a game of The Voyages of Marco Polo.

Options of ``new_game`` (besides the players and the seed):

* ``characters``: ``None`` gives the rulebook's first-game assignment by seat (Raschid ad-Din
  Sinan, Matteo Polo, Berke Khan, Mercator ex Tabriz; with fewer players the first seats'), or,
  with the expert variant, the character draft; ``"random"`` deals random different characters
  (the Mercator tile for the player count); a list names one character per seat.
* ``variants=("expert",)``: the expert variant, all three distributions in the rulebook's order:
  city bonus markers at random on the small cities, the character draft (players + 1 revealed,
  picked in reverse seat order from the last seat) unless characters are given, and 4 goal cards
  dealt of which each player keeps 2 (decisions before round 1).
"""

from __future__ import annotations

import secrets
from typing import Any

from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.rng import seed_state, shuffled
from mp_notebook.engine.text import first, noun
from mp_notebook.engine.validate import checked_options, checked_per_seat, checked_players, checked_seed
from mp_notebook.rulesets._shared.tasks import push
from mp_notebook.rulesets.voyages import rules
from mp_notebook.rulesets.voyages.components import Character, Components, components, shared_board
from mp_notebook.rulesets.voyages.state import Player, VoyagesState

VARIANTS = ("expert",)


def new_game(players: int | list[str] | tuple[str, ...] | None = None, *, seed: int | None = None,
             characters: Any = None, variants: tuple[str, ...] | list[str] = ()) -> VoyagesState:
    """A new game, ready for the first decision (seat 0 is the start player).

    >>> s = new_game(["Ana", "Ben", "Cy"], seed=7)
    >>> [(p.name, p.coins, p.camels, p.character) for p in s.players]
    [('Ana', 7, 2, 'Raschid'), ('Ben', 8, 2, 'Matteo'), ('Cy', 9, 2, 'Berke')]
    """
    c = components()
    low, high = c.rules.min_players, c.rules.max_players
    names = checked_players(2 if players is None else players, low, high,
                            f"The Voyages of Marco Polo is played by {low}-{high} players")
    n = len(names)
    variants = checked_options("variants", variants, VARIANTS)
    seed = checked_seed(secrets.randbits(32) if seed is None else seed)
    expert = "expert" in variants
    chosen = _characters(c, characters, n)
    s = object.__new__(VoyagesState)
    s._setup = {"players": names, "ruleset": "voyages", "seed": seed,
                "characters": characters if isinstance(characters, (str, type(None))) else list(characters),
                "variants": variants}
    s._hist = None
    s._log = None
    s._legal = None
    s._owned = set(range(n))
    s.components, s.board = c, shared_board()
    s.num_players = n
    s.variants = frozenset(variants)
    s.round, s.first_player, s.next_first, s.turn = 0, 0, 0, 0
    s.main_done, s.black_bought, s.posted_now, s.over = False, 0, frozenset(), False
    s.tasks, s.spaces, s.placed, s.completing = (), {}, (), frozenset()
    s.beijing = (None,) * len(c.locations[c.beijing].vp_spaces)
    s.black_pool = 0
    rng = _lay_out(s, c, seed_state(seed), expert)
    rng, starting = shuffled(rng, c.starting_contracts)
    rng, goals = shuffled(rng, sorted(c.goals))
    rng, drawn = shuffled(rng, [ch.id for ch in c.characters_for(n)])
    s.rng = rng
    dealt = c.rules.expert_goals_dealt if expert else c.rules.goals_per_player
    s.players = tuple(
        Player(name=name, character=None, coins=c.rules.start.coins + c.rules.start_coins[k],
               camels=c.rules.start.camels, pepper=c.rules.start.pepper, silk=c.rules.start.silk,
               gold=c.rules.start.gold, vp=c.rules.start.vp, dice=(), black_dice=(), white=0, location=c.start,
               figure2=None, trading_posts=(), contracts=(starting[k],), completed=(),
               goals=() if expert else goals[dealt * k:dealt * (k + 1)])
        for k, name in enumerate(names))
    how = "expert variant" if expert else "standard setup"
    coins = ", ".join(map(str, c.rules.start_coins[1:n]))
    s._note(None, f"{how} for {n} players; {names[0]} is the start player with {c.rules.start_coins[0]} coins, "
                  f"then {coins}", rules.R_SETUP)
    board = ", ".join(x or "—" for x in s.contract_spaces)
    s._note(None, f"board: outpost bonuses on the {len(s.outposts)} large cities, {len(s.cards)} city cards, "
                  f"contracts {board} on the board, {len(s.contract_piles)} piles of "
                  f"{c.rules.contract_pile_size} to come, a special pile of {len(s.special_pile)}, "
                  f"{c.rules.black_dice[n]} black dice", rules.R_BOARD)
    neutral = c.rules.neutral.get(n)
    if neutral is not None:
        on_coins = f" and {neutral.take_coins} on Take 5 coins" if neutral.take_coins else ""
        k = len(neutral.khan)
        s._note(None, f"{n} players: fixed {noun(k, 'die', 'dice')} of an unused colour on Khan's favor "
                      f"{first(k, 'slot')} (showing {', '.join(map(str, neutral.khan))}){on_coins}, for the whole game",
                rules.R_FEW)
    if characters == "random":
        chosen = [c.characters[x] for x in drawn[:n]]
    for k, ch in enumerate(chosen):
        rules.assign_character(s, k, ch)
    picks: list[tuple[object, ...]] = []
    if expert and characters is None:  # players + 1 revealed; the last seat picks first, then counter-clockwise
        seats = tuple(range(n - 1, -1, -1))
        picks.append(("pick_character", seats[0], drawn[:n + c.rules.expert_characters_extra], seats[1:]))
    if expert:
        picks += [("pick_goal", k, goals[dealt * k:dealt * (k + 1)], c.rules.goals_per_player) for k in range(n)]
    push(s, *picks, ("begin",))
    rules.run(s)
    return s


def _characters(c: Components, characters: Any, players: int) -> list[Character]:
    """The characters given to ``new_game``: None (first game, or the expert draft), "random" or names."""
    if characters is None:
        return [c.characters[x] for x in c.rules.first_game[:players]]
    if isinstance(characters, str) and characters == "random":
        return []
    names = checked_per_seat("characters", characters, players, "character")
    chosen = [c.character(name, players) for name in names]
    if len({ch.name for ch in chosen}) != len(chosen):
        raise ArgumentError(f"each character can be played by one player only, got {list(characters)}")
    return chosen


def _lay_out(s: VoyagesState, c: Components, rng: int, expert: bool) -> int:
    """Board setup: city bonus markers, outpost bonuses, city cards and the contract piles."""
    small = sorted(loc.name for loc in c.locations.values() if loc.is_small)
    if expert:  # expert variant: markers at random, ignoring the letters
        rng, letters = shuffled(rng, sorted(c.city_bonuses))
        s.markers = dict(zip(small, letters, strict=True))
    else:
        s.markers = {city: letter for letter, city in sorted(c.bonus_cities.items())}
    large = [loc.name for loc in c.locations.values() if loc.outpost]
    rng, tiles = shuffled(rng, sorted(c.outposts))
    s.outposts = dict(zip(large, tiles, strict=False))
    rng, cards = shuffled(rng, sorted(c.city_cards))
    s.cards = dict(zip(c.card_spaces, cards, strict=False))
    rng, deck = shuffled(rng, c.deck_contracts)
    size, piles = c.rules.contract_pile_size, c.rules.contract_piles
    stacks = tuple(tuple(deck[size * k:size * (k + 1)]) for k in range(piles))
    s.contract_spaces = stacks[0]
    s.contract_piles = stacks[1:]
    s.special_pile = tuple(deck[size * piles:])
    return rng
