"""The learned position value: ``V(state, seat)``, fitted on self-play positions and their outcomes.

Each ruleset offers raw position features (its ``value`` part, ``rulesets/<id>/features.py``:
``NAMES``, ``seat_features(s)``, ``progress(s)``, ``OUTCOME``, and ``HORIZON``, where the Hint's
samples stop and the value takes over), counts read off the state. In
front of them goes the hand evaluation's estimate of the seat's final score (the
``agents`` part's ``value``, what GreedyAgent ranks by), so the fit starts from that evaluation and
can only add to it. A seat's *design* row is, for every feature, its own value minus the best other
seat's (:func:`design`), the same times the share of the game played (so a feature may weigh
differently early and late), the hand estimate's lead times the square of that share, and whose
decision is awaited. Two linear models on that row ship in ``rulesets/<id>/data/value.json``:

* ``margin`` — ridge regression of the seat's final margin (its final total minus the best
  other's, in the ruleset's score unit) — :func:`margin`;
* ``win`` — logistic regression of whether the seat wins — :func:`win_chance`.

:func:`value` is what a search maximises: the margin, or the log-odds of winning where the
ruleset's ``OUTCOME`` is ``"win"`` (the Schmidt game is a race: the capital at the end does not
say who won). A finished game is valued by its real result. The data file is read on first use,
never at import, and inference is plain Python (no scikit-learn at runtime). The coefficients are
regenerated, reproducibly from seeds, by ``python bench/value.py fit --ruleset <id>``, which
chooses the regularisation by cross-validation on the training games and prints what it fitted
on; ``python bench/value.py predict`` compares the learned value's predictions of the winner with
the hand evaluation's on held-out games, and ``python bench/value.py error`` how far its margins
are from what the greedy player goes on to reach where the Hint uses them (:func:`prediction_error`,
by which the Hint and the review widen their intervals). The file also holds a *probe*: seat 0's design row after
a seeded random opening, which the tests recompute, so a change to the features or to the hand
evaluation that the fitted coefficients do not know of is caught.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> len(design(s, 0)) == len(model("mp2").features)
True
>>> abs(margin(s, 0) + margin(s, 1)) < 1e-9   # two seats: one's margin is the other's loss
True
>>> 0.0 < win_chance(s, 0) < 1.0
True
"""

from mp_notebook.agents._value import (
    Linear,
    ValueModel,
    ValueTerms,
    design,
    margin,
    model,
    prediction_error,
    value,
    win_chance,
)

__all__ = ["Linear", "ValueModel", "ValueTerms", "design", "margin", "model", "prediction_error", "value", "win_chance"]
