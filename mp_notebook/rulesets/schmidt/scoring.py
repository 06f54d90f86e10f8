"""The merchants' capital (seed 001, Return to Venice) and who won."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mp_notebook.rulesets.schmidt.rules import capital

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.rulesets.schmidt.state import SchmidtState

CATEGORIES: tuple[str, ...] = ("gulden", "wares", "plaque", "secrets")


def score_rows(s: SchmidtState) -> list[dict[str, Any]]:
    """One row per merchant: capital by part, ``total``, ``returned`` (back in Venice with what the
    return needs) and ``winner``.

    The winner is the merchant who returned to Venice; after a round limit, the richest merchants
    (a shared victory on a tie). During the game nobody has won yet: ``winner`` is False in every
    row until the game is over, and ``total`` is each merchant's capital now.
    """
    c = s.components
    rows: list[dict[str, Any]] = []
    for i, p in enumerate(s.players):
        row: dict[str, Any] = {
            "player": p.name,
            "gulden": p.gulden,
            "wares": sum(c.cards[cid].value for cid in p.cards),
            "plaque": c.rules.plaque_value if p.plaque else 0,
            "secrets": c.rules.secrets_value if p.secrets else 0,
        }
        row["total"] = capital(c, p)
        row["returned"] = s.winner == i
        rows.append(row)
    best = max(r["total"] for r in rows)
    for r in rows:
        r["winner"] = s.over and (r["returned"] if s.winner is not None else r["total"] == best)
    return rows


def scores(s: SchmidtState) -> pd.DataFrame:
    """:func:`score_rows` as a DataFrame indexed by player.

    >>> import mp_notebook as mp
    >>> mp.new_game(2, ruleset="schmidt", seed=1).scores()[["total", "winner"]].values.tolist()
    [[240, False], [240, False]]
    """
    import pandas as pd

    return pd.DataFrame(score_rows(s)).set_index("player")
