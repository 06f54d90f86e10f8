"""What the adapter tests know about each ruleset's secrets, written from the rules independently of
``mp_notebook.adapters.seats``: the ids a seat must not find in its observation, and a view's words.

``hidden_ids(s, seat)`` lists every card id the seat may not see now: the face-down decks and piles
(everyone), the other players' secret goal cards and the goal cards dealt to them to choose from.
``plaque_hidden(s, seat, j)`` says whether player ``j``'s Golden Plaque mission (a city name, so
not searchable as a word) is secret from ``seat``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from registry import profile

import mp_notebook as mp


def _pending_goal_choices(s: mp.GameState, seat: int) -> set[str]:
    """Goal cards dealt to other players to choose from (full setup, Voyages' expert variant)."""
    return {g for task in s.tasks if task[0] == "pick_goal" and task[1] != seat for g in task[2]}


def hidden_ids(s: mp.GameState, seat: int) -> set[str]:
    """The ids ``seat`` must not see in ``s`` (see the module docstring)."""
    others = [p for j, p in enumerate(s.players) if j != seat]
    if s.ruleset == "mp2":
        # a city card and a city bonus share the name "pepper-silk": that word may be the visible bonus
        deck = set(s.card_deck) - set(s.components.city_bonuses)
        ids = set(s.contract_pile) | deck | {t for pile in s.offer_piles for t in pile}
        if s.automa is not None:
            ids |= set(s.automa.deck)
        if not s.is_over:
            ids |= {p.goal for p in others if p.goal} | _pending_goal_choices(s, seat)
        return ids
    if s.ruleset == "voyages":
        ids = {c for pile in s.contract_piles for c in pile} | set(s.special_pile)
        if not s.is_over:
            ids |= {g for p in others for g in p.goals} | _pending_goal_choices(s, seat)
        return ids
    if s.ruleset == "schmidt":
        return {c for deck in s.decks.values() for c in deck}
    raise AssertionError(f"tests/adapters_helpers.py: write the secrets of ruleset {s.ruleset!r}")


def plaque_hidden(s: mp.GameState, seat: int, j: int) -> bool:
    p = s.players[j]
    return s.ruleset == "schmidt" and j != seat and p.plaque is not None and not p.secrets and not s.is_over


def words(view_text: str) -> set[str]:
    """Every word of a seat's view (keys and string values), its decision left out (its kind may be a
    word that is also a card id, like Marco Polo II's ``move`` city card)."""
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                found.add(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            found.add(x)

    view = json.loads(view_text)
    assert set(view["decision"]) <= {"kind", "player", "text"}
    walk(view["state"])
    return found


def check_view(s: mp.GameState, seat: int, view_text: str) -> None:
    """Assert that ``view_text`` (a seat's view as JSON) shows ``seat`` nothing it may not see."""
    leaked = hidden_ids(s, seat) & words(view_text)
    assert not leaked, f"seat {seat} sees hidden {sorted(leaked)[:5]} ({s.ruleset}, after {len(s.history)} actions)"
    view = json.loads(view_text)
    assert ("text" in view["decision"]) == (s.current_player == seat), "only the seat to move reads its decision"
    for j in range(s.num_players):
        if plaque_hidden(s, seat, j):
            assert view["state"]["players"][j]["plaque"] != s.players[j].plaque, (seat, j)


def random_games(ruleset: str, n: int, *, start: int = 0) -> Iterator[tuple[int, dict[str, Any], int]]:
    """``(players, options, seed)`` of ``n`` games from the ruleset's registry setups, every third
    (so variants, random characters and the full setup come early; Schmidt's with its round limit);
    a solo setup is replaced by a plain one (the OpenSpiel games have 2-4 seats)."""
    setups = profile(ruleset).setups()
    for k in range(start, start + n):
        players, options = setups[(3 * k) % len(setups)]
        if players < 2 or "automa" in options:
            players, options = 2 + k % 3, {}
        yield players, options, 1000 + k


def pick(rng: random.Random, legal: list[int]) -> int:
    return legal[rng.randrange(len(legal))]
