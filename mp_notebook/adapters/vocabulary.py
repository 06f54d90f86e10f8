"""The fixed, numbered action vocabulary of each ruleset: what an index means to PettingZoo and OpenSpiel.

Game-AI tools want a fixed action space: the same number of actions in every position, index ``k``
always meaning the same action, and a mask of the legal ones. Our engine lists the legal actions
of a position (``s.legal_actions()``). :class:`ActionSpace` numbers every action a seat could ever
be offered in a ruleset: each action kind of the ruleset's :class:`~mp_notebook.engine.actions.Vocabulary`
with every dice placement it can take and every space and choice word it can name, the words read
from the ruleset's components (cities, contracts, cards, goals, characters ...). Index ``k`` stands
for the action ``keys[k]`` of whichever seat is to move (the acting seat is not part of the index).

>>> from mp_notebook.adapters.vocabulary import action_space
>>> import mp_notebook as mp
>>> space = action_space("mp2")
>>> s = mp.new_game(2, seed=7)
>>> legal = space.legal_indices(s)
>>> [space.action(k, s.current_player) for k in legal] == sorted(s.legal_actions(), key=space.index)
True
>>> space.action(space.index(mp.Action("travel", 0, (3, 5), (5,), "middle")), 1)
Action('travel [3,b5] middle', player=1)

The numbering is stable: the same library version and the same component data give the same
numbers (:attr:`ActionSpace.digest` fingerprints it). A legal action the numbering lacks is a
:class:`VocabularyError` naming it, never a silent gap; the tests hold the mask to
``legal_actions()`` over random games of every ruleset.

A ruleset's words come from its ``forms`` part (:class:`FormTerms`, ``rulesets/<id>/forms.py``):
this module knows none of them. Where a word list is not data (amounts paid, numbered options), the
bound is a rule's number or is named there with the reason it suffices.
"""

from mp_notebook.adapters._vocabulary import ActionSpace, FormTerms, VocabularyError, action_space, with_action_space

__all__ = ["ActionSpace", "FormTerms", "VocabularyError", "action_space", "with_action_space"]
