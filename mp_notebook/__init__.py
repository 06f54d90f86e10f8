"""mp_notebook: the Marco Polo board games as Python objects you can step, fork and inspect.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=3, seed=7)
>>> s.decision.kind in ("turn", "compensation")
True
>>> t = s.apply(s.legal_actions()[0])
>>> t is not s and len(t.history) == 1
True

Display and analysis parts (``routes``, ``show_map``, ``play``, ``agents``, ``analysis``,
``simulate``) and the rules are imported on first use, so ``import mp_notebook`` stays light and
loads no plotting, widget or dataframe library.
"""

import importlib as _importlib
from typing import Any as _Any

from mp_notebook import rulesets as rulesets  # mp.rulesets.get(...) as before: the registry's names
from mp_notebook.engine import game as _game
from mp_notebook.engine.actions import Action, Decision, Event
from mp_notebook.engine.errors import ArgumentError, DataError, IllegalAction, NotationError, SaveFileError
from mp_notebook.engine.game import GameState
from mp_notebook.registry import load, new_game, replay

# public name -> (module, attribute or None for the module itself), imported on first use
_LAZY = {
    "routes": ("mp_notebook.routes", None),
    "show_map": ("mp_notebook.render.map", "show_map"),
    "play": ("mp_notebook.ui.app", "play"),
    "agents": ("mp_notebook.agents", None),
    "analysis": ("mp_notebook.analysis", None),
    "simulate": ("mp_notebook.analysis.simulate", "simulate"),
}

__all__ = [
    "Action", "ArgumentError", "DataError", "Decision", "Event", "GameState", "IllegalAction",
    "NotationError", "SaveFileError", "load", "new_game", "replay", *_LAZY,
]
__version__ = "0.2.0"


def _page(state: GameState, path: _Any = None, **options: _Any) -> str:
    """``GameState.to_html``: the replay page, drawn by the display layers (imported on first use)."""
    import inspect

    from mp_notebook.render.replay import page

    known = [name for name, p in inspect.signature(page).parameters.items() if p.kind == p.KEYWORD_ONLY]
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ArgumentError(f"to_html takes no option {unknown[0]!r} (its options: {', '.join(known)})")
    return page(state, path, **options)


_game.connect_page(_page)


def __getattr__(name: str) -> _Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'mp_notebook' has no attribute {name!r}")
    module_name, attribute = _LAZY[name]
    module = _importlib.import_module(module_name)
    value = module if attribute is None else getattr(module, attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
