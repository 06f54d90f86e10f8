"""Raw position features the rulesets share, for the learned position value
(:mod:`mp_notebook.agents.value`): a seat's pieces, its score as if the game ended now, and what
its contracts promise. Each ruleset's ``features`` module picks what applies to it.

Features are plain counts read off the state, never the hand evaluation's weights: the value puts
the hand evaluation's estimate beside them itself (``agents._value.seat_rows``), so a change to
``evaluation.py`` leaves these counts as they are but needs the value refitted (the shipped
probe row tells).

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> dict(zip(PIECES, pieces(s.players[0], ("pepper",))))["dice"]
5.0
"""

from __future__ import annotations

from typing import Any

# The features :func:`pieces` reads off every seat (goods come after them, one per kind asked).
PIECES = ("coins", "camels", "dice", "pips", "black_dice", "posts", "contracts", "completed")
# The features :func:`contract_terms` reads off a seat's active contracts.
CONTRACT_TERMS = ("contracts_ready", "contract_vp", "contract_share", "contract_missing")


def pieces(p: Any, goods: tuple[str, ...]) -> list[float]:
    """``p``'s :data:`PIECES` (its VP are a score category), then its count of each of ``goods``."""
    return [
        float(p.coins), float(p.camels), float(len(p.dice)), float(sum(p.dice)), float(len(p.black_dice)),
        float(len(p.trading_posts)), float(len(p.contracts)), float(len(p.completed)),
        *(float(getattr(p, k)) for k in goods),
    ]


def posts_in(locations: dict[str, Any], p: Any, attributes: tuple[str, ...]) -> list[float]:
    """For each of ``attributes`` of a location (a city bonus, city cards, ...), how many of ``p``'s
    trading posts stand in a location where it is set.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1).with_player(0, trading_posts=("Balkh",))
    >>> posts_in(s.components.locations, s.players[0], ("special", "city_cards"))
    [1.0, 0.0]
    """
    found = [locations[city] for city in p.trading_posts]
    return [float(sum(bool(getattr(loc, a)) for loc in found)) for a in attributes]


def scores(s: Any, categories: tuple[str, ...]) -> list[list[float]]:
    """Every seat's score in each of ``categories`` as if the game ended now (``s.score_rows()``)."""
    return [[float(row[k]) for k in categories] for row in s.score_rows()]


def contract_terms(contracts: dict[str, Any], p: Any, goods: tuple[str, ...]) -> list[float]:
    """:data:`CONTRACT_TERMS` of ``p``'s active contracts (``contracts``: the components' contracts
    by id, each with a ``cost`` of ``pay`` resources plus goods of any kind, and a ``reward``):
    how many it could complete with what it holds, their reward VP, the summed share of each
    contract's cost held and the cost items missing (each contract counted alone)."""
    ready = vp = share = missing = 0.0
    spare_goods = sum(getattr(p, k) for k in goods)
    for cid in p.contracts:
        con = contracts[cid]
        need = have = 0
        for k, v in con.cost.pay.items():
            if k == "vp":
                continue
            need += v
            have += min(v, getattr(p, k))
        extra = con.cost.any_good + con.cost.different_goods
        need += extra
        have += max(0, min(extra, spare_goods - sum(getattr(con.cost.pay, k) for k in goods)))
        part = have / need if need else 1.0
        ready += part >= 1.0
        share += part
        missing += need - have
        vp += con.reward.gain.vp
    return [ready, vp, share, missing]
