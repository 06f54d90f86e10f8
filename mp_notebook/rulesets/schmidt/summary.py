"""The compact HTML summary a notebook shows for a state (``_repr_html_``)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from mp_notebook.engine.text import counted
from mp_notebook.rulesets.schmidt.rules import capital, return_check

if TYPE_CHECKING:
    from mp_notebook.rulesets.schmidt.state import SchmidtState


def html_summary(s: SchmidtState) -> str:
    """A header (round, last spin, decision) and one row per merchant.

    >>> import mp_notebook as mp
    >>> "Venice" in mp.new_game(2, ruleset="schmidt", seed=1)._repr_html_()
    True
    """
    c = s.components
    d = s.decision
    spun = f", last spin {s.spun[1]} ({s.spun[0]})" if s.spun else ""
    head = (f"<b>Marco Polo (Schmidt Spiele)</b> — {'game over' if s.over else f'round {s.round}'}{spun}, "
            f"capital to return {c.rules.return_capital[s.num_players]} Gulden<br><i>{escape(d.text)}</i>")
    cols = ("", "at", "route", "Gulden", "cards", "Plaque", "Secrets", "capital", "may return")
    rows = []
    for i, p in enumerate(s.players):
        mark = "▶ " if d.player == i else ""
        cards = ", ".join(f"{c.cards[x].colour} {c.cards[x].value}" for x in p.cards) or "—"
        missing = return_check(s, i)
        cells = (f"{mark}{escape(p.name)}", escape(c.locations[p.location].title), p.mode, p.gulden, cards,
                 escape(p.plaque or "—"), "yes" if p.secrets else "—", capital(c, p),
                 "yes" if not missing else escape("lacks " + "; ".join(missing)))
        rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    booty = ", ".join(f"{ring}: {g} Gulden + {counted(len(cards), 'card')}" for ring, (g, cards) in s.booty.items())
    table = ("<table><thead><tr>" + "".join(f"<th>{col}</th>" for col in cols) + "</tr></thead><tbody>"
             + "".join(rows) + "</tbody></table>")
    return f"<div class='mp-notebook-state'>{head}{table}<small>booty piles — {booty}</small></div>"
