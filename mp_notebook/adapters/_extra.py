"""What the ``rl`` extra brings, and the error an adapter gives without it."""

from collections.abc import Iterator
from contextlib import contextmanager

RL_PACKAGES = frozenset({"gymnasium", "pettingzoo", "pyspiel", "open_spiel"})  # what the rl extra installs


@contextmanager
def rl_extra(module: str) -> Iterator[None]:
    """Imports of ``module`` that need the ``rl`` extra: a package of it missing is said as such,
    with the command that installs it (any other missing module is left as it is).

    >>> with rl_extra("mp_notebook.adapters.pettingzoo"):
    ...     raise ModuleNotFoundError("No module named 'gymnasium'", name="gymnasium")
    Traceback (most recent call last):
    ModuleNotFoundError: mp_notebook.adapters.pettingzoo needs the rl extra (PettingZoo, Gymnasium, OpenSpiel), \
and gymnasium is not installed: pip install "mp_notebook[rl]" (from a clone of the repository: pip install ".[rl]")
    """
    try:
        yield
    except ModuleNotFoundError as missing:
        package = (missing.name or "").partition(".")[0]
        if package not in RL_PACKAGES:
            raise
        raise ModuleNotFoundError(
            f"{module} needs the rl extra (PettingZoo, Gymnasium, OpenSpiel), and {package} is not installed: "
            f'pip install "mp_notebook[rl]" (from a clone of the repository: pip install ".[rl]")',
            name=missing.name) from missing
