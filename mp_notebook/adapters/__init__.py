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

__all__: list[str] = []  # the API is the four modules above, each imported by name
