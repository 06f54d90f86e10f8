"""The anywidget components of the app: Python halves of the hand-written ESM in ``widgets/``.

All state lives in traitlets holding JSON-able values; the front end only reads them, except the
action panel, which reports a press by setting ``pressed``. The map is a :class:`SharedFigureWidget`:
a plotly ``FigureWidget`` whose ~5 MB front end travels once per kernel, not with every figure.
"""

from __future__ import annotations

import functools
import gzip
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import plotly
import plotly.graph_objects as go
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


@functools.cache
def _plotly_bundle() -> bytes:
    """plotly's FigureWidget front end (plotly.js and its widget code: the ESM every FigureWidget
    sends), gzipped (5 MB -> 1.5 MB)."""
    return gzip.compress(str(go.FigureWidget._esm).encode("utf-8"), compresslevel=6, mtime=0)


class PlotlyFrontEnd(ipywidgets.Widget):
    """One model per kernel holding plotly's FigureWidget front end for every
    :class:`SharedFigureWidget` (a model without a view: nothing is displayed).

    >>> PlotlyFrontEnd.shared() is PlotlyFrontEnd.shared()
    True
    """

    version = traitlets.Unicode(plotly.__version__).tag(sync=True)
    bundle = traitlets.Bytes(b"").tag(sync=True)
    _shared: PlotlyFrontEnd | None = None

    @classmethod
    def shared(cls) -> PlotlyFrontEnd:
        """The kernel's one front-end model (made again if it was closed, e.g. by ``Widget.close_all()``)."""
        if cls._shared is None or cls._shared.comm is None:
            cls._shared = cls(bundle=_plotly_bundle())
        return cls._shared


class SharedFigureWidget(go.FigureWidget):
    """A plotly ``FigureWidget`` (same Python API: ``batch_update``, ``on_click``, …) whose front end
    comes from :meth:`PlotlyFrontEnd.shared` (``widgets/shared_figure.js``): a figure's own state is
    its data, a page imports plotly.js once however many figures it shows.

    >>> a, b = SharedFigureWidget(), SharedFigureWidget()
    >>> a._front_end is b._front_end and len(a._esm) < 5_000
    True
    """

    _esm = _esm("shared_figure.js")
    _front_end = traitlets.Instance(PlotlyFrontEnd).tag(sync=True, **ipywidgets.widget_serialization)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # plotly's FigureWidget opens its comm before it sets the figure's data and layout, which
        # then follow as updates: a front end drawing the figure in between (a page busy loading
        # plotly.js) drew an empty plot. The comm opens once they are set, so its first message
        # carries the whole figure.
        self._opened_later = True
        super().__init__(*args, **kwargs)
        self._opened_later = False
        self.open()

    def open(self) -> None:
        """Open the comm to the front end (not before the figure is complete, see ``__init__``)."""
        if not getattr(self, "_opened_later", False):
            super().open()

    @traitlets.default("_front_end")
    def _default_front_end(self) -> Any:
        return PlotlyFrontEnd.shared()
