"""Final scoring (Rulebook: Game End and Final Scoring; Supplement: Goal Cards) and the tiebreak.

``track`` is the score track: 50 at the start plus everything scored during the game (contracts,
city cards, city bonus F, the 8th and 9th posts, Wilhelm von Rubruk's 11th).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mp_notebook.rulesets.voyages.components import GOODS

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.rulesets.voyages.state import Player, VoyagesState

CATEGORIES: tuple[str, ...] = ("track", "goal_cards", "goal_cities", "coins", "beijing", "goods", "contracts")


def goal_points(s: VoyagesState, p: Player) -> tuple[int, int]:
    """``(VP of the goal cards whose two cities both hold a post, VP of the multi-city table)``.

    The table counts the different cities named on the player's goal cards that hold one of
    their posts (a city on both cards counts once).
    """
    c = s.components
    posts = set(p.trading_posts)
    cards = [c.goals[g] for g in p.goals]
    met = sum(g.vp for g in cards if set(g.cities) <= posts)
    reached = len({city for g in cards for city in g.cities} & posts)
    return met, c.rules.goal_cities_vp[reached]


def score_rows(s: VoyagesState) -> list[dict[str, int | str | bool]]:
    c = s.components
    rules = c.rules
    vp_spaces = c.locations[c.beijing].vp_spaces
    most = max(len(p.completed) for p in s.players)
    rows: list[dict[str, int | str | bool]] = []
    for i, p in enumerate(s.players):
        cards, cities = goal_points(s, p)
        beijing = sum(vp for seat, vp in zip(s.beijing, vp_spaces, strict=True) if seat == i)
        in_beijing = c.beijing in p.trading_posts
        row: dict[str, int | str | bool] = {
            "player": p.name,
            "track": p.vp,
            "goal_cards": cards,
            "goal_cities": cities,
            "coins": p.coins // rules.coins_per_vp,
            "beijing": beijing,
            "goods": sum(getattr(p, g) for g in GOODS) // rules.goods_per_vp if in_beijing else 0,
            "contracts": rules.most_contracts_vp if most and len(p.completed) == most else 0,
        }
        row["total"] = sum(int(row[k]) for k in CATEGORIES)
        row["camels"] = p.camels
        rows.append(row)
    best = max((int(r["total"]), int(r["camels"])) for r in rows)
    for r in rows:
        r["winner"] = s.is_over and (int(r["total"]), int(r["camels"])) == best
    return rows


def scores(s: VoyagesState) -> pd.DataFrame:
    """One row per player: each category, ``total``, ``camels`` (the tiebreak) and ``winner``.

    Goods score (1 VP per 2 pepper/silk/gold) only with a post in Beijing; the 7 VP for the most
    completed contracts go to every tied leader, and to nobody if nobody completed one (audit D13).
    Ties on total go to the most camels; players still tied share the victory. During the game the
    table is the final scoring as if the game ended now, and nobody has won yet: ``winner`` is False
    in every row until ``s.is_over``.

    >>> import mp_notebook as mp
    >>> mp.new_game(2, ruleset="voyages", seed=1).scores()[["total", "winner"]].values.tolist()
    [[50, False], [50, False]]
    """
    import pandas as pd

    return pd.DataFrame(score_rows(s)).set_index("player")
