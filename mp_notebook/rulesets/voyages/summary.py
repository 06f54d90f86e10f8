"""The compact HTML summary a notebook shows for a state (``_repr_html_``)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mp_notebook.rulesets.voyages.state import VoyagesState


def html_summary(s: VoyagesState) -> str:
    """A header (round, start player, decision, contracts on the board) and one row per player."""
    d = s.decision
    rounds = s.components.rules.rounds
    board = ", ".join(cid or "—" for cid in s.contract_spaces)
    head = (f"<b>The Voyages of Marco Polo</b> — {'game over' if s.over else f'round {s.round} of {rounds}'}"
            f", start player {escape(s.players[s.first_player].name)}"
            f"<br><i>{escape(d.text)}</i><br>contracts on the board: {escape(board)}")
    cols = ("", "character", "VP", "coins", "camels", "pepper", "silk", "gold", "dice", "at", "posts",
            "contracts", "done", "goals")
    rows = []
    for i, p in enumerate(s.players):
        mark = "▶ " if d.player == i else ""
        dice = " ".join(map(str, p.dice)) + "".join(f" ■{v}" for v in p.black_dice)
        dice += f" □{p.white}" if p.white else ""
        cells = (f"{mark}{escape(p.name)}", escape(p.character or "—"), p.vp, p.coins, p.camels, p.pepper, p.silk,
                 p.gold, dice, escape(" + ".join(p.locations)), escape(", ".join(p.trading_posts)),
                 ", ".join(p.contracts), len(p.completed), ", ".join(p.goals))
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    table = ("<table><thead><tr>" + "".join(f"<th>{c}</th>" for c in cols) + "</tr></thead><tbody>"
             + "".join(rows) + "</tbody></table>")
    return f"<div class='mp-notebook-state'>{head}{table}</div>"
