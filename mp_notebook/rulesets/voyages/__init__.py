"""The Voyages of Marco Polo (Hans im Glück 2015) — components, rules, setup and scoring.

Modules: ``components`` (the data files, validated), ``notation`` (action kinds), ``state``
(:class:`~mp_notebook.rulesets.voyages.state.VoyagesState` and ``Player``), ``rules`` (the rules,
top to bottom, with the readings chosen where the rulebook is silent), ``setup`` (``new_game``
and its options), ``editing`` (``with_player``, ``reseed``), ``scoring`` and ``summary``. The
parts the generic layers ask (see ``mp_notebook.registry``): ``display`` (``map``: how
``mp.show_map`` draws the board), ``travel`` (``routes``: route costs for ``mp.routes``),
``labels`` (``ui``: the play app), ``evaluation`` (``agents``: the computer players' evaluation)
and ``forms`` (``forms``: the words of the PettingZoo/OpenSpiel action space).

Notation (dice in brackets, black and white dice with a ``b``):

* main actions: ``take_coins [d]``, ``bazaar [d,…] camels|pepper|silk|gold``, ``khans_favor [d]``,
  ``contracts [d]``, ``travel [d,d]``, ``city_card [d] <card space>`` (``Moscow``, ``Sumatra-2`` …);
* bonus actions: ``complete_contract <id>``, ``money_bag [d]``, ``reroll [d]``,
  ``adjust_die [d] +1|-1``, ``black_die``, and ``end_turn``;
* follow-ups: ``column <n>``, ``move <location>`` (``<location>/2`` for Niccolò & Marco Polo's
  second figure), ``done``, ``take_contract <space> <id>``, ``discard <id>``, ``good <good>``,
  ``choose <n>``, ``trade <n>``, ``city_bonus <city>``, ``copy_bonus <letter>``,
  ``relocate_post <city>``, ``compensation coins=<n>,camels=<m>``, ``character <id>``, ``goal <id>``.

>>> import mp_notebook as mp
>>> s = mp.new_game(3, ruleset="voyages", seed=7)
>>> s.ruleset, s.num_players, s.round, s.board.start
('voyages', 3, 1, 'Venezia')
"""

from __future__ import annotations

from typing import Any

from mp_notebook.registry import Ruleset
from mp_notebook.rulesets.voyages.notation import VOCABULARY


def _new_game(players: Any = None, **options: Any) -> Any:
    from mp_notebook.rulesets.voyages.setup import new_game

    return new_game(players, **options)


def _board() -> Any:
    from mp_notebook.rulesets.voyages.components import shared_board

    return shared_board()


RULESET = Ruleset(id="voyages", title="The Voyages of Marco Polo", short="The Voyages of Marco Polo",
                  vocabulary=VOCABULARY, new_game=_new_game, board=_board,
                  options=("seed", "characters", "variants"),
                  parts={"map": f"{__name__}.display", "routes": f"{__name__}.travel",
                         "ui": f"{__name__}.labels", "agents": f"{__name__}.evaluation",
                         "value": f"{__name__}.features", "secrets": f"{__name__}.secrets",
                         "observation": f"{__name__}.observation", "forms": f"{__name__}.forms"},
                  lesson=("notebooks/06-voyages.ipynb", "notebooks/06b-voyages-more-rules.ipynb"))
