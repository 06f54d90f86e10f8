"""The anywidget components of the app: Python halves of the hand-written ESM in ``widgets/``.

All state lives in traitlets holding JSON-able values; the front end only reads them, except the
action panel, which reports a press by setting ``pressed``.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from mp_notebook.ui.labels import DICE_TRAY

# The top-level widgets/ folder, mapped into the package (a link in a checkout, files in a wheel).
WIDGETS = Path(__file__).parent / "_widgets"
CSS = (WIDGETS / "mp.css").read_text(encoding="utf-8")


def _esm(name: str) -> str:
    return (WIDGETS / name).read_text(encoding="utf-8")


class DiceTray(anywidget.AnyWidget):
    """Each player's unplaced dice, the dice on the action spaces, black dice left on the board.

    ``players``: ``[{seat, name, colour, dice, black_dice, current, note}]`` (``note``: text shown
    instead of the dice, e.g. the Automa's valueless dice); ``spaces``: ``[{label, dice: [{value,
    owner, colour, black}]}]`` (``owner``/``colour`` None: a neutral die); ``words``: the panel's
    words in the game's terms (``ui.labels.TrayWords``; a game without dice names its spinner).
    """

    _esm = _esm("dice_tray.js")
    _css = CSS
    players = traitlets.List(traitlets.Dict()).tag(sync=True)
    spaces = traitlets.List(traitlets.Dict()).tag(sync=True)
    black_pool = traitlets.Int(0).tag(sync=True)
    words = traitlets.Dict(dict(DICE_TRAY)).tag(sync=True)


class PlayerBoards(anywidget.AnyWidget):
    """One card per player: ``[{seat, name, colour, current, score_text, resources, rows}]``. The
    head shows the colour, the name and ``score_text``; ``resources`` ``{name: text}`` are chips in
    order (``"1 coin"``); ``rows`` ``[{label, value, title?, items?}]`` are the ruleset's labelled
    lines (``ui.labels.BoardRow``; ``title``: hover text of the value, ``items``: small lines
    drawn under the row)."""

    _esm = _esm("player_boards.js")
    _css = CSS
    players = traitlets.List(traitlets.Dict()).tag(sync=True)


class ActionPanel(anywidget.AnyWidget):
    """Buttons for the legal choices. ``sections``: ``[{title, rows: [{title, actions: [{label,
    cost, notation, disabled?}]}]}]`` (``disabled``: the reason a listed choice cannot be taken; its
    button is greyed out). A click sets ``pressed`` to ``{notation, position, n, at}``, where
    ``position`` is the panel's ``position`` when it was drawn: the app ignores presses from an older
    panel (the second click of a double click); after a press the buttons wait for the next panel."""

    _esm = _esm("action_panel.js")
    _css = CSS
    title = traitlets.Unicode("").tag(sync=True)
    sections = traitlets.List(traitlets.Dict()).tag(sync=True)
    position = traitlets.Int(0).tag(sync=True)
    pressed = traitlets.Dict().tag(sync=True)
