"""The action panel's content, from the ruleset's ``ui`` part (a :class:`UiTerms`): legal actions
grouped by kind, each with a plain-English label and what it costs.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> [section["title"] for section in sections(s, s.legal_actions())]
['Main actions', 'Bonus actions']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from mp_notebook.rulesets import get

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState


class UiTerms(Protocol):
    """What a ruleset's ``ui`` part answers (see ``mp_notebook.rulesets``)."""

    KIND_TITLES: dict[str, str]  # an action kind's row title in the panel

    def describe(self, s: GameState, a: Action) -> tuple[str, str]:
        """``(label, cost)`` of a legal action; cost ``""`` when free."""
        ...

    def location_of(self, a: Action) -> str | None:
        """The map location a legal action stands for, if any (a map click takes it)."""
        ...

    def click_action(self, s: GameState, name: str) -> Action:
        """What a click on location ``name`` tries when no legal action names it."""
        ...

    def automa_seats(self, s: GameState) -> frozenset[int]:
        """Seats the engine plays itself."""
        ...

    def board_dice(self, s: GameState) -> tuple[list[dict[str, Any]], int]:
        """The dice on the action spaces (``label``, ``dice``) and the black dice left."""
        ...

    def player_board(self, s: GameState, i: int) -> dict[str, Any]:
        """What player ``i``'s board shows (see ``widgets/player_boards.js``)."""
        ...


def terms(s: GameState) -> UiTerms:
    """The app terms of ``s``'s ruleset."""
    return cast(UiTerms, get(s.ruleset).part("ui"))


def sections(s: GameState, actions: list[Action]) -> list[dict[str, Any]]:
    """The action panel's content: main actions, bonus actions and the turn's end, or the
    choices of a follow-up decision; one row per kind."""
    t = terms(s)
    if s.decision.kind == "turn":
        vocabulary = get(s.ruleset).vocabulary
        groups = [("Main actions", vocabulary.main), ("Bonus actions", vocabulary.bonus), ("Turn", ("end_turn",))]
    else:
        groups = [(f"Choose: {s.decision.text.partition(': ')[2]}", tuple(dict.fromkeys(a.kind for a in actions)))]
    out = []
    for title, kinds in groups:
        rows = []
        for kind in kinds:
            shown = [a for a in actions if a.kind == kind]
            if shown:
                rows.append({"title": t.KIND_TITLES.get(kind, kind), "actions": [
                    dict(zip(("label", "cost"), t.describe(s, a), strict=True), notation=str(a)) for a in shown]})
        if rows:
            out.append({"title": title, "rows": rows})
    return out
