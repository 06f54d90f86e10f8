"""Marco Polo by Schmidt Spiele (seed 001): spinner, ware cards, Venice → Khanbalik and back,
on a reconstructed board (see ``data/``)."""

from __future__ import annotations

from typing import Any

from mp_notebook.registry import Ruleset
from mp_notebook.rulesets.schmidt.notation import VOCABULARY


def _new_game(players: Any = None, **options: Any) -> Any:
    from mp_notebook.rulesets.schmidt.setup import new_game

    return new_game(players, **options)


def _board() -> Any:
    from mp_notebook.rulesets.schmidt.components import shared_board

    return shared_board()


RULESET = Ruleset(
    id="schmidt", title="Marco Polo (Schmidt Spiele)", short="Marco Polo (Schmidt)", vocabulary=VOCABULARY,
    new_game=_new_game, board=_board,
    options=("seed", "round_limit"),
    parts={"map": f"{__name__}.display", "ui": f"{__name__}.labels", "agents": f"{__name__}.evaluation",
           "value": f"{__name__}.features",
           "routes": f"{__name__}.routes", "secrets": f"{__name__}.secrets",
           "observation": f"{__name__}.observation", "forms": f"{__name__}.forms"},
    lesson=("notebooks/07-schmidt.ipynb",),
    revision=2,
    revised="revision 2 made the rules' \"may\"s decisions: a fight's booty taken or left, the strong "
            "wind's extra turns and the local lord's free cards taken or declined",
)
