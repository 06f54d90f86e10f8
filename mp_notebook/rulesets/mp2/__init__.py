"""Marco Polo II: In the Service of the Khan — components, rules, setup and scoring."""

from __future__ import annotations

from typing import Any

from mp_notebook.registry import Ruleset
from mp_notebook.rulesets.mp2.notation import VOCABULARY


def _new_game(players: Any = None, **options: Any) -> Any:
    from mp_notebook.rulesets.mp2.setup import new_game

    return new_game(players, **options)


def _board() -> Any:
    from mp_notebook.rulesets.mp2.components import shared_board

    return shared_board()


RULESET = Ruleset(
    id="mp2", title="Marco Polo II: In the Service of the Khan", short="Marco Polo II", vocabulary=VOCABULARY,
    new_game=_new_game, board=_board,
    options=("seed", "characters", "setup", "variants", "automa", "character", "revision"),
    parts={"routes": f"{__name__}.travel", "map": f"{__name__}.display", "ui": f"{__name__}.labels",
           "agents": f"{__name__}.evaluation", "value": f"{__name__}.features", "secrets": f"{__name__}.secrets",
           "observation": f"{__name__}.observation",
           "forms": f"{__name__}.forms"},
    lesson=("notebooks/01-learn-the-rules.ipynb", "notebooks/01b-more-rules.ipynb"),
    revision=2,
    revised="revision 2 made reseed reshuffle every hidden pile (the offer tiles under each pile's visible top "
            "tile, the Automa's deck, its trip slide before its first Travel) and fixed the solo Automa "
            "(no base-game VP for its 9th-11th post, the 'contract' icon taken from a city, the city-action wrap "
            "over all 9 numbers)",
)
