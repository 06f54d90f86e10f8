"""The games in the tools game-AI people use: PettingZoo and OpenSpiel (the ``rl`` extra).

=====================================  ========================================================
module                                 holds
=====================================  ========================================================
``mp_notebook.adapters.vocabulary``    the fixed, numbered action space of each ruleset
``mp_notebook.adapters.seats``         what a seat may see (views, features) and its returns
``mp_notebook.adapters.pettingzoo``    :class:`MarcoPoloEnv`, a PettingZoo AEC environment
``mp_notebook.adapters.openspiel``     the registered OpenSpiel games ``python_mp_notebook_<ruleset>``
=====================================  ========================================================

Only the last two import PettingZoo or OpenSpiel, and only when they are imported themselves:
``import mp_notebook`` and this package load neither (tests/test_adapters_pettingzoo.py checks it).

>>> from mp_notebook.adapters.vocabulary import action_space
>>> len(action_space("voyages")) == len(set(action_space("voyages").keys))
True
"""

from collections.abc import Iterator
from contextlib import contextmanager

__all__: list[str] = []  # the API is the four modules above, each imported by name

_RL_PACKAGES = frozenset({"gymnasium", "pettingzoo", "pyspiel", "open_spiel"})  # what the rl extra installs


@contextmanager
def _rl_extra(module: str) -> Iterator[None]:
    """Imports of ``module`` that need the ``rl`` extra: a package of it missing is said as such,
    with the command that installs it (any other missing module is left as it is).

    >>> with _rl_extra("mp_notebook.adapters.pettingzoo"):
    ...     raise ModuleNotFoundError("No module named 'gymnasium'", name="gymnasium")
    Traceback (most recent call last):
    ModuleNotFoundError: mp_notebook.adapters.pettingzoo needs the rl extra (PettingZoo, Gymnasium, OpenSpiel), \
and gymnasium is not installed: pip install "mp_notebook[rl]" (from a clone of the repository: pip install ".[rl]")
    """
    try:
        yield
    except ModuleNotFoundError as missing:
        package = (missing.name or "").partition(".")[0]
        if package not in _RL_PACKAGES:
            raise
        raise ModuleNotFoundError(
            f"{module} needs the rl extra (PettingZoo, Gymnasium, OpenSpiel), and {package} is not installed: "
            f'pip install "mp_notebook[rl]" (from a clone of the repository: pip install ".[rl]")',
            name=missing.name) from missing
