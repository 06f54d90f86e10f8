"""Final scoring (Rulebook: Final scoring) and the tiebreak."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mp_notebook.engine.memo import remember
from mp_notebook.rulesets.mp2 import automa
from mp_notebook.rulesets.mp2.components import GOODS

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.rulesets.mp2.components import Components
    from mp_notebook.rulesets.mp2.state import Mp2State, Player

CATEGORIES: tuple[str, ...] = ("track", "goal_seals", "shields", "goods", "coins", "contracts")


def shield_count(s: Mp2State, p: Player) -> tuple[int, int]:
    """``(different shields in cities with the player's posts, '+1' icons)``.

    '+1' icons: each goal-card shield matched by one of the player's posts, those gained from
    rewards, and the character's (De Wu).
    """
    shields = post_shields(s.components, p.trading_posts)
    goal = s.components.goals.get(p.goal) if p.goal else None
    plus = p.shields + (sum(1 for sh in goal.shields if sh in shields) if goal else 0)
    if p.character:
        plus += s.components.characters_by_name[p.character].shields  # De Wu
    return len(shields), plus


def post_shields(c: Components, posts: tuple[str, ...]) -> frozenset[str]:
    """The shields of the cities ``posts`` (computed once per tuple of posts)."""
    known = _SHIELDS.get(posts)
    if known is None or known[0] is not c:
        shields = (c.locations[city].shield for city in posts)
        known = remember(_SHIELDS, posts, (c, frozenset(shield for shield in shields if shield)), 50_000)
    return known[1]


_SHIELDS: dict[tuple[str, ...], tuple[Components, frozenset[str]]] = {}  # posts -> (components, shields)


def score_rows(s: Mp2State) -> list[dict[str, int | str | bool]]:
    c = s.components
    track = c.rules.shield_track
    completed = [len(p.completed) for p in s.players]
    if s.automa is not None:
        completed[automa.SEAT] = len(s.automa.done)
    ranks = sorted(set(completed), reverse=True)
    first, second = c.rules.contracts_majority
    rows: list[dict[str, int | str | bool]] = []
    for i, p in enumerate(s.players):
        if s.automa is not None and i == automa.SEAT:
            row: dict[str, int | str | bool] = {"player": p.name, **automa.final_scores(s, completed[0])}
            row["total"] = sum(int(row[k]) for k in CATEGORIES)
            row["camels"] = 0
            rows.append(row)
            continue
        goal = c.goals.get(p.goal) if p.goal else None
        distinct, plus = shield_count(s, p)
        majority = 0
        if completed[i] and completed[i] == ranks[0]:
            majority = first
        elif s.num_players > 2 and len(ranks) > 1 and completed[i] and completed[i] == ranks[1]:
            majority = second
        row = {
            "player": p.name,
            "track": p.vp,
            "goal_seals": sum(vp for seal, vp in goal.seals if p.improved(seal)) if goal else 0,
            "shields": track[min(distinct + plus, len(track) - 1)],
            "goods": sum(getattr(p, g) for g in GOODS) // 2,
            "coins": p.coins // 10,
            "contracts": majority,
        }
        row["total"] = sum(int(row[k]) for k in CATEGORIES)
        row["camels"] = p.camels
        rows.append(row)
    best = max((int(r["total"]), int(r["camels"])) for r in rows)
    for r in rows:
        r["winner"] = s.is_over and (int(r["total"]), int(r["camels"])) == best
    return rows


def scores(s: Mp2State) -> pd.DataFrame:
    """One row per player: each final-scoring category, ``total``, ``camels`` (the tiebreak) and ``winner``.

    ``track`` is the score track (50 at the start plus everything scored during the game). Ties on
    total go to the most camels; players still tied share the victory (several winners).
    Contract majority: most completed 8 VP, second 4 VP (not with 2 players); a player with none
    scores nothing.

    During the game the table is the final scoring as if the game ended now, and nobody has won
    yet: ``winner`` is False in every row until ``s.is_over``.

    >>> import mp_notebook as mp
    >>> mp.new_game(players=2, seed=1).scores()[["total", "winner"]].values.tolist()
    [[50, False], [50, False]]
    """
    import pandas as pd

    return pd.DataFrame(score_rows(s)).set_index("player")
