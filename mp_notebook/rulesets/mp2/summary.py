"""The compact HTML summary a notebook shows for a state (``_repr_html_``)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mp_notebook.rulesets.mp2.state import Mp2State


def html_summary(s: Mp2State) -> str:
    """A header (round, first player, decision) and one table row per player."""
    d = s.decision
    head = (f"<b>Marco Polo II</b> — {'game over' if s.over else f'round {s.round} of {s.components.rules.rounds}'}"
            f", first player {escape(s.players[s.first_player].name)}"
            f"<br><i>{escape(d.text)}</i>")
    cols = ("", "VP", "coins", "camels", "pepper", "silk", "gold", "jade", "dice", "at", "posts", "contracts",
            "done", "seals")
    rows = []
    for i, p in enumerate(s.players):
        mark = "▶ " if d.player == i else ""
        dice = " ".join(map(str, p.dice)) + ("".join(f" ■{v}" for v in p.black_dice))
        seals = ", ".join(f"{t}{'★' if lvl == 'improved' else ''}" for t, lvl in p.seals.items())
        cells = (f"{mark}{escape(p.name)}", p.vp, p.coins, p.camels, p.pepper, p.silk, p.gold, p.jade, dice,
                 escape(p.location), len(p.trading_posts), ", ".join(p.contracts), len(p.completed), seals)
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    table = ("<table><thead><tr>" + "".join(f"<th>{c}</th>" for c in cols) + "</tr></thead><tbody>"
             + "".join(rows) + "</tbody></table>")
    return f"<div class='mp-notebook-state'>{head}{table}</div>"
