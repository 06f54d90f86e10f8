"""The ruleset packages: one per game, each defining ``RULESET`` (a
:class:`mp_notebook.registry.Ruleset`), and ``_shared``, the mechanisms several rulesets share.

They stand on the top floor: a ruleset's parts implement the protocols of the generic layers
below them. The registry that finds them by name is :mod:`mp_notebook.registry`; its names are
offered here too, so that ``mp.rulesets.get("voyages")`` and ``from mp_notebook.rulesets import
PACKAGES`` keep working. Code of this library imports them from the registry.

>>> import mp_notebook as mp
>>> mp.rulesets.get is mp.registry.get
True
"""

from mp_notebook.registry import DEFAULT, PACKAGES, PLANNED, Ruleset, get, load, new_game, replay

__all__ = ["DEFAULT", "PACKAGES", "PLANNED", "Ruleset", "get", "load", "new_game", "replay"]
