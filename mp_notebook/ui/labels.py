"""The action panel's content, from the ruleset's ``ui`` part (a :class:`UiTerms`): legal actions
grouped by kind, each with a plain-English label and what it costs, and the choices the rules list
that the player cannot take now, disabled, with the reason. Also what a ruleset's player board
answers (:class:`PlayerBoard`, rows built with :func:`row`), drawn by the generic widget.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> [section["title"] for section in sections(s, s.legal_actions())]
['Main actions', 'Bonus actions']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, Required, TypedDict, cast

from mp_notebook.registry import get

if TYPE_CHECKING:
    from mp_notebook.engine.actions import Action
    from mp_notebook.engine.game import GameState


class BoardRow(TypedDict, total=False):
    """One labelled row of a player board, in the ruleset's words (build it with :func:`row`)."""

    label: Required[str]
    value: Required[str]
    title: str  # hover text of the value
    items: list[str]  # small lines drawn under the row (a list of posts, one contract a line, ...)
    secret: bool  # a secret card: shown only to whoever may see the seat's cards, else "hidden (secret)"


class PlayerBoard(TypedDict):
    """What a ruleset's ``player_board`` answers: the score its head shows (formatted with
    ``UiTerms.SCORE_TEXT``), the resource counts (drawn as chips, ``{name: n}`` in order) and the
    rows under them, in order."""

    score: int
    resources: dict[str, int]
    rows: list[BoardRow]


def row(label: str, value: str, *, title: str = "", items: Iterable[str] = (), secret: bool = False) -> BoardRow:
    """A player-board row; an empty ``title`` or ``items`` and ``secret=False`` are left out.

    >>> row("posts", "1/11", title="Xian", items=["Xian"])
    {'label': 'posts', 'value': '1/11', 'title': 'Xian', 'items': ['Xian']}
    >>> row("goal", "G3", secret=True)
    {'label': 'goal', 'value': 'G3', 'secret': True}
    """
    out = BoardRow(label=label, value=value)
    if title:
        out["title"] = title
    if lines := list(items):
        out["items"] = lines
    if secret:
        out["secret"] = True
    return out


# The board head's score in a game scored in victory points: during play (the score track), and
# once the game is over (the final total). A ruleset's ``SCORE_TEXT`` may be this.
VP_SCORE_TEXT = ("{} VP so far", "{} VP final")


class TrayWords(TypedDict):
    """The words of the app's dice panel in the game's own terms (a ruleset's ``TRAY``): its
    ``title``; ``done``, shown for a seat with no die left to place (``""``: nothing); ``spaces``,
    before what lies on the action spaces, or ``empty`` when nothing does; ``pool``, the dice left
    in the pool, ``{}`` their number (``""``: the game has no pool)."""

    title: str
    done: str
    spaces: str
    empty: str
    pool: str


# The dice panel of a game played with dice on action spaces and a pool of black dice (Marco Polo
# II, The Voyages of Marco Polo). A ruleset's ``TRAY`` may be this.
DICE_TRAY = TrayWords(title="Dice", done="all dice placed", spaces="On the action spaces: ",
                      empty="No dice on the action spaces yet. ", pool=" · black dice on the board: {}")


def number_cells(s: GameState, titles: Iterable[str]) -> list[dict[str, str]]:
    """The final table's cells as plain numbers: per seat, each column of ``titles`` that
    ``scores()`` has, as text. A ruleset's ``score_cells`` may answer this.

    >>> import mp_notebook as mp
    >>> number_cells(mp.new_game(players=2, seed=1), ["track", "total", "nothing"])[0]
    {'track': '50', 'total': '50'}
    """
    return [{c: str(r[c]) for c in titles if c in r} for r in s.score_rows()]


class UiTerms(Protocol):
    """What a ruleset's ``ui`` part answers (see ``mp_notebook.registry``)."""

    KIND_TITLES: dict[str, str]  # an action kind's row title in the panel
    SCORE_TITLES: dict[str, str]  # the ``scores()`` columns of the final table, in order, with headings
    # The player board's score text during play and once the game is over; "{}" is the score (the
    # board's ``score``, then the ``total`` of ``scores()``).
    SCORE_TEXT: tuple[str, str]
    SCORE_UNIT: str  # what a score is counted in ("VP", "Gulden"), after a number
    FUTURES_TEXT: str  # what differs between the futures the Hint samples ("other dice and face-down cards")
    TRAY: TrayWords  # the dice panel's words (a game without dice names what it has instead)

    def score_cells(self, s: GameState) -> list[dict[str, str]]:
        """The final table's cells in the game's words: per seat, each column of ``SCORE_TITLES``
        that ``scores()`` has, as text (a score that is 0 for a reason the player may not see says
        why; a yes/no column says it in words)."""
        ...

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

    def unavailable(self, s: GameState, legal: list[Action]) -> list[dict[str, str]]:
        """Choices of the decision the rules list but the player cannot take now (``legal`` are the
        legal actions): ``kind``, ``label``, ``cost`` and ``reason`` (naming the rule)."""
        ...

    def board_dice(self, s: GameState) -> tuple[list[dict[str, Any]], int]:
        """The dice on the action spaces (``label``, ``dice``: ``{value, owner, black}``, owner
        ``None`` for a neutral die) and the black dice left."""
        ...

    def dice_note(self, s: GameState, i: int) -> str | None:
        """Text shown instead of seat ``i``'s dice values, or None to show them."""
        ...

    def player_board(self, s: GameState, i: int) -> PlayerBoard:
        """What player ``i``'s board shows under its head (name, colour, score): the score, the
        resources and the rows the game's own board has, in its words (see
        ``ui/components.PlayerBoards``); rows the rules keep from other players are ``secret``."""
        ...

    def final_note(self, s: GameState) -> str:
        """The game is over: who won, and how a tie was broken, in words."""
        ...


def terms(s: GameState) -> UiTerms:
    """The app terms of ``s``'s ruleset."""
    return cast(UiTerms, get(s.ruleset).part("ui"))


def sections(s: GameState, actions: list[Action]) -> list[dict[str, Any]]:
    """The action panel's content: main actions, bonus actions and the turn's end, or the
    choices of a follow-up decision under what it awaits ("Choose 1 of the 4 offers on the silk
    book"); one row per kind. Plain text (the panel sets it as text, never as HTML)."""
    t = terms(s)
    blocked = t.unavailable(s, actions)
    if s.decision.kind == "turn":
        vocabulary = get(s.ruleset).vocabulary
        groups = [("Main actions", vocabulary.main), ("Bonus actions", vocabulary.bonus), ("Turn", ("end_turn",))]
    else:
        kinds = tuple(dict.fromkeys([a.kind for a in actions] + [b["kind"] for b in blocked]))
        awaited = s.decision.text.partition(": ")[2]  # "choose 1 of the 4 offers ...", "move from Beijing ..."
        groups = [(awaited[:1].upper() + awaited[1:], kinds)]
    out = []
    for title, kinds in groups:
        rows = []
        for kind in kinds:
            shown = [dict(zip(("label", "cost"), t.describe(s, a), strict=True), notation=str(a))
                     for a in actions if a.kind == kind]
            shown += [{"label": b["label"], "cost": b["cost"], "notation": "", "disabled": b["reason"]}
                      for b in blocked if b["kind"] == kind]
            if len(shown) > 1 and any("disabled" in x for x in shown):  # the rules' order: offer 1, 2, 3, 4
                shown.sort(key=lambda x: x["label"])
            if shown:
                rows.append({"title": t.KIND_TITLES.get(kind, kind), "actions": shown})
        if rows:
            out.append({"title": title, "rows": rows})
    return out


def vp_final_note(s: GameState, rule: str) -> str:
    """Who won a game scored in VP whose ties go to the most camels, then are shared (Marco Polo II
    and The Voyages of Marco Polo); ``rule`` names the rule. A ruleset's ``final_note`` may use it."""
    table = s.scores()
    top = table[table["total"] == table["total"].max()]
    winners = list(table.index[table["winner"]])
    names = " and ".join(str(n) for n in winners)
    total = int(top["total"].iloc[0])
    if len(top) == 1:
        return f"{names} wins with {total} VP."
    tied = " and ".join(str(n) for n in top.index)
    camels = ", ".join(f"{n} {int(c)}" for n, c in top["camels"].items())
    if len(winners) == 1:
        return f"{tied} tie on {total} VP; the most camels break the tie ({camels}): {names} wins ({rule})."
    return f"{tied} tie on {total} VP and on camels ({camels}): {names} share the victory ({rule})."
