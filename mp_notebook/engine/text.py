"""Plain-English counts: "1 camel", "2 camels", "1 black die", "3 jade", shared by every layer.

>>> counted(1, "camel"), counted(2, "camel"), counted(0, "coin")
('1 camel', '2 camels', '0 coins')
>>> counted(2, "black die", "black dice"), counted(3, "jade", "jade"), noun(2, "seal")
('2 black dice', '3 jade', 'seals')
>>> amounts([("coins", 1), ("camels", 2), ("pepper", 0), ("gold", 1), ("vp", 3)])
'1 coin, 2 camels, 1 gold, 3 VP'
>>> first(1, "space"), first(4, "space")
('space 1', 'spaces 1–4')
"""

from __future__ import annotations

from collections.abc import Iterable

# The resources whose name changes in the singular or is written otherwise ("vp": victory points,
# "VP" as the rulebooks write them); goods (pepper, silk, gold, jade) are mass nouns.
RESOURCE_NOUNS = {"coins": ("coin", "coins"), "camels": ("camel", "camels"), "vp": ("VP", "VP")}


def noun(n: int, one: str, many: str | None = None) -> str:
    """The noun for ``n`` things: ``one`` if ``n`` is 1 or -1, else ``many`` (by default ``one + "s"``)."""
    return one if abs(n) == 1 else many if many is not None else one + "s"


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` and its noun (see :func:`noun`)."""
    return f"{n} {noun(n, one, many)}"


def first(n: int, one: str, many: str | None = None) -> str:
    """The first ``n`` numbered places (``n`` >= 1): ``"space 1"``, ``"spaces 1–4"`` (see :func:`noun`)."""
    return f"{one} 1" if n == 1 else f"{noun(n, one, many)} 1–{n}"


def resource(n: int, name: str) -> str:
    """``n`` of the resource ``name`` as the components name it (``"coins"``, ``"jade"``, ``"vp"``)."""
    return counted(n, *RESOURCE_NOUNS.get(name, (name, name)))


def amounts(items: Iterable[tuple[str, int]], sep: str = ", ") -> str:
    """The non-zero ``(resource, n)`` pairs in plain English, joined by ``sep``; ``"nothing"`` if none."""
    return sep.join(resource(n, name) for name, n in items if n) or "nothing"
