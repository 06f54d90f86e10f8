"""Tables, evaluation and simulation built on the engine.

* :func:`evaluate` — the choices at a decision, each played out on sampled futures;
* :func:`simulate` — many seeded games between computer players, on any executor;
* :func:`review` — a seat's decisions in a game, each valued like :func:`evaluate`, the biggest
  mistakes first (:func:`positions`: every position of a game).

Imported lazily as ``mp.analysis`` (pandas and tqdm load on first use).
"""

from mp_notebook.analysis.evaluate import evaluate, wilson
from mp_notebook.analysis.review import positions, review
from mp_notebook.analysis.simulate import simulate

__all__ = ["evaluate", "positions", "review", "simulate", "wilson"]
