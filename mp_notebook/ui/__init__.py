"""The notebook app (the Python side of its widgets): :func:`play` (``mp.play``), the
:class:`GameApp` it returns and the :class:`PlayPage` of the *Play* link (a chooser of the games
above an app).

>>> from mp_notebook.ui import GameApp, play
>>> app = play(players=2, seed=3)
>>> isinstance(app, GameApp), app.state.num_players
(True, 2)

The app and its widget libraries (ipywidgets, plotly, anywidget) are imported on first use, so
that the rulesets can read their labels (``mp_notebook.ui.labels``) without them.
"""

import importlib as _importlib
from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

if _TYPE_CHECKING:
    from mp_notebook.ui.app import GameApp, PlayPage, play

__all__ = ["GameApp", "PlayPage", "play"]


def __getattr__(name: str) -> _Any:
    if name not in __all__:
        raise AttributeError(f"module 'mp_notebook.ui' has no attribute {name!r}")
    value = getattr(_importlib.import_module("mp_notebook.ui.app"), name)
    globals()[name] = value
    return value
