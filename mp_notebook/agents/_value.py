"""The learned position value behind :mod:`mp_notebook.agents.value` (which says what it is): the
design rows, the fitted models read from each ruleset's ``data/value.json``, and what
``bench/value.py`` fits them with (:func:`seat_rows`, :func:`design_row`, :func:`probe_state`).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol, cast

from mp_notebook.agents.base import terms as hand_terms
from mp_notebook.agents.random import RandomAgent
from mp_notebook.engine.errors import ArgumentError, DataError
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.validate import checked_choice, checked_int, checked_list, checked_seat, shown
from mp_notebook.registry import get, new_game

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState

VERSION = 2  # of the design (features, their order and form) and of the data file's layout
FILE = "data/value.json"  # in the ruleset's package
OUTCOMES = ("margin", "win")
DECIDED = 10.0  # the log-odds :func:`value` gives a finished game's winner (minus for the others)
MAX_PROBE = 1_000  # the most decisions before a probe position (the shipped probes take 40)
HAND = "hand"  # the column of the hand evaluation's estimate of a seat's final score (see seat_rows)
ESTIMATED = ("action", "turn", "round")  # the horizons before the end, valued by the model (mp.analysis.evaluate)


class ValueTerms(Protocol):
    """What a ruleset's ``value`` part answers (see the module doc)."""

    NAMES: tuple[str, ...]
    OUTCOME: str
    HORIZON: str
    """Where the Hint's samples stop by default and this value takes over (``mp.analysis.evaluate``)."""

    def seat_features(self, s: GameState) -> list[list[float]]:
        """Every seat's raw features, in the order of ``NAMES`` (counts read off the position)."""
        ...

    def progress(self, s: GameState) -> float:
        """The share of the game played, from 0 at the start to 1 at the end."""
        ...


@dataclass(frozen=True)
class Linear:
    """``intercept + coef · x``."""

    intercept: float
    coef: tuple[float, ...]

    def fingerprint(self) -> str:
        """A short digest of the coefficients: what a measurement of this model's error names.

        >>> Linear(1.0, (2.0,)).fingerprint() == Linear(1.0, (2.0,)).fingerprint() != Linear(1.0, (3.0,)).fingerprint()
        True
        """
        return hashlib.sha256(repr((self.intercept, self.coef)).encode()).hexdigest()[:16]

    def __call__(self, x: list[float]) -> float:
        """The model's prediction for the design row ``x`` (one number per coefficient)."""
        try:
            return self.intercept + math.fsum(c * v for c, v in zip(self.coef, checked_list(
                "x", x, len(self.coef), "numbers (a design row: value.design)"), strict=True))
        except (TypeError, ValueError):  # not as many numbers: said plainly
            raise ArgumentError(f"x must be a design row of {len(self.coef)} numbers (value.design), "
                                f"got {shown(x)}") from None


@dataclass(frozen=True)
class ValueModel:
    """A ruleset's fitted value: the design's column names and the two linear models; ``fitted``
    says on what (games, seeds, the command), ``probe`` what the code computed when it was fitted
    (``seed``, ``decisions``, seat 0's design ``row``: see :func:`probe_state`). ``error``: how far
    the margin model's estimates were found from the final margins the greedy player goes on to
    reach, measured after the fit (``python bench/value.py error``; empty until then): per horizon of
    the Hint's samples (``"horizons"``: ``{"turn": {"difference": VP, "margin": VP, ...}}``), the
    standard error of the difference between two choices' estimated margins and of one margin, with
    what it was measured on and the ``model``'s fingerprint (see :func:`prediction_error`)."""

    ruleset: str
    features: tuple[str, ...]
    margin: Linear
    win: Linear
    fitted: dict[str, Any]
    probe: dict[str, Any]
    error: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        """The model as the text of its data file (``rulesets/<id>/data/value.json``)."""
        return json.dumps({
            "version": VERSION, "ruleset": self.ruleset, "features": list(self.features),
            "margin": {"intercept": self.margin.intercept, "coef": list(self.margin.coef)},
            "win": {"intercept": self.win.intercept, "coef": list(self.win.coef)},
            "fitted": self.fitted, "probe": self.probe, **({"error": self.error} if self.error else {}),
        }, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, ruleset: str) -> ValueModel:
        """The model in ``text``; a :class:`DataError` unless it is this code's version, for
        ``ruleset``, with one coefficient per design column."""
        ruleset = get(ruleset).id
        where = f"{ruleset}'s {FILE}"
        if not isinstance(text, str):
            raise DataError(f"{where}: expected the file's JSON text (str), got {shown(text)}")
        try:
            return cls._from_document(json.loads(text), ruleset, where)
        except DataError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError) as exc:  # not JSON, or not this layout
            raise DataError(f"{where}: not a fitted value ({type(exc).__name__}: {exc}); "
                            f"regenerate it: python bench/value.py fit --ruleset {ruleset}") from None

    @classmethod
    def _from_document(cls, doc: Any, ruleset: str, where: str) -> ValueModel:
        """:meth:`from_json` of the parsed ``doc``."""
        if doc.get("version") != VERSION or doc.get("ruleset") != ruleset:
            raise DataError(f"{where}: version {doc.get('version')!r} for {doc.get('ruleset')!r}, expected version "
                            f"{VERSION} for {ruleset!r}; regenerate it: python bench/value.py fit --ruleset {ruleset}")
        expected = design_names(terms(ruleset).NAMES)
        if tuple(doc["features"]) != expected:
            raise DataError(f"{where}: its features are not the ones the code computes ({len(doc['features'])} "
                            f"against {len(expected)}); regenerate it: python bench/value.py fit --ruleset {ruleset}")
        parts = {}
        for name in OUTCOMES:
            coef = tuple(float(c) for c in doc[name]["coef"])
            if len(coef) != len(expected):
                raise DataError(f"{where}: {name} has {len(coef)} coefficients for {len(expected)} features")
            parts[name] = Linear(float(doc[name]["intercept"]), coef)
        error = dict(doc.get("error", {}))
        if error:
            _check_error(error, parts["margin"], where, ruleset)
        return cls(ruleset, expected, parts["margin"], parts["win"], dict(doc.get("fitted", {})),
                   dict(doc.get("probe", {})), error)


def _check_error(error: dict[str, Any], margin: Linear, where: str, ruleset: str) -> None:
    """A :class:`DataError` unless ``error`` was measured on ``margin`` and gives both figures, as
    non-negative numbers, at every horizon the model values."""
    again = f"measure it again: python bench/value.py error --rulesets {ruleset}"
    if error.get("model") != margin.fingerprint():
        raise DataError(f"{where}: its error was measured on another fit of the margin model; {again}")
    for h in ESTIMATED:
        figures = error["horizons"][h]
        for kind in ("difference", "margin"):
            if not (isinstance(figures[kind], int | float) and figures[kind] >= 0.0):
                raise DataError(f"{where}: error at horizon {h!r}: {kind} must be a number ≥ 0, "
                                f"got {shown(figures[kind])}")


def terms(ruleset: str) -> ValueTerms:
    """The ``value`` part of ``ruleset`` (its features)."""
    return cast(ValueTerms, get(ruleset).part("value"))


def design_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The design's column names for a ruleset's feature ``names`` (see :func:`design`).

    >>> design_names(("coins",))
    ('hand', 'coins', 'hand*progress', 'coins*progress', 'hand*progress^2', 'to_move')
    """
    columns = (HAND, *names)
    return (*columns, *(f"{n}*progress" for n in columns), f"{HAND}*progress^2", "to_move")


def seat_rows(s: GameState) -> list[list[float]]:
    """Every seat's features: the hand evaluation's estimate of its final score (:data:`HAND`),
    then the ruleset's ``NAMES``.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> rows = seat_rows(s)
    >>> len(rows), len(rows[0]) == 1 + len(terms("mp2").NAMES)
    (2, True)
    """
    ev = hand_terms(s)
    return [[ev.value(s, k), *row] for k, row in enumerate(terms(s.ruleset).seat_features(s))]


def design(s: GameState, i: int) -> list[float]:
    """Seat ``i``'s design row (:func:`design_names`): each of :func:`seat_rows`'s features' lead over
    the best other seat, the same times the share of the game played, the hand estimate's lead
    times its square, and 1 if the awaited decision is ``i``'s (-1 another seat's, 0 once the game
    is over). Its numbers, times ``model(s.ruleset).margin.coef``, add up to :func:`margin`.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> len(design(s, 0)) == len(model("mp2").features)
    True
    """
    i = _seat(s, i)
    return design_row(seat_rows(s), i, terms(s.ruleset).progress(s), s.decision.player)


def design_row(seats: list[list[float]], i: int, progress: float, mover: int | None) -> list[float]:
    """:func:`design` from every seat's :func:`seat_rows`, the share of the game played and the seat
    to move.

    >>> design_row([[3.0, 1.0], [1.0, 1.0], [5.0, 0.0]], 0, 0.5, 2)
    [-2.0, 0.0, -1.0, 0.0, -0.5, -1.0]
    """
    own = seats[i]
    others = [row for k, row in enumerate(seats) if k != i]
    lead = [v - max(row[j] for row in others) for j, v in enumerate(own)] if others else list(own)
    return [*lead, *(v * progress for v in lead), lead[0] * progress * progress,
            0.0 if mover is None else (1.0 if mover == i else -1.0)]


def probe_state(ruleset: str, seed: int, decisions: int) -> GameState:
    """The position a model's probe is taken at: a 2-player game of ``ruleset`` (``seed``), after
    ``decisions`` decisions of ``RandomAgent(seed)``.

    >>> probe_state("mp2", 1, 3).history[-1] == probe_state("mp2", 1, 3).history[-1]
    True
    """
    decisions = checked_int("decisions", decisions, 0, MAX_PROBE)
    s = new_game(2, ruleset=ruleset, seed=seed)
    agent = RandomAgent(seed)
    for k in range(decisions):
        if s.is_over:
            raise ArgumentError(f"decisions: the {ruleset} game of seed {seed} ends after {k} decisions, "
                                f"before {decisions}")
        s = s.apply(agent.choose(s))
    return s


_MODELS: dict[str, ValueModel] = {}


def model(ruleset: str) -> ValueModel:
    """The fitted value of ``ruleset``, read from its package on first use: its design's column
    names (``features``), the two linear models (``margin``, ``win``) and what it was fitted on.

    >>> m = model("mp2")
    >>> m.features[0], len(m.margin.coef) == len(m.features)
    ('hand', True)
    """
    ruleset = get(ruleset).id
    known = _MODELS.get(ruleset)
    if known is None:
        package = get(ruleset).part("value").__package__
        try:
            text = resources.files(package).joinpath(FILE).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DataError(f"{ruleset} has no fitted value ({package}/{FILE}); "
                            f"fit it: python bench/value.py fit --ruleset {ruleset}") from None
        known = _MODELS[ruleset] = ValueModel.from_json(text, ruleset)
    return known


def prediction_error(ruleset: str, horizon: str) -> tuple[float, float]:
    """The standard errors of the margin model at ``horizon`` (see :class:`ValueModel`): of the
    difference between two choices' estimated margins, and of one estimated margin (the ruleset's
    score unit). 0 at ``"game"`` (the final scores, no estimate), ``inf`` where it was not measured.

    >>> prediction_error("mp2", "game")
    (0.0, 0.0)
    >>> all(0.0 < x < 100.0 for x in prediction_error("mp2", "turn"))
    True
    """
    ruleset = get(ruleset).id
    horizon = checked_choice("horizon", horizon, (*ESTIMATED, "game"))
    if horizon == "game":
        return 0.0, 0.0
    figures = model(ruleset).error.get("horizons", {}).get(horizon)
    if figures is None:
        return math.inf, math.inf
    return float(figures["difference"]), float(figures["margin"])


def final_margin(s: GameState, i: int) -> float:
    """Seat ``i``'s total minus the best other seat's total, as the game stands (its final margin
    once it is over)."""
    totals = [float(row["total"]) for row in s.score_rows()]
    others = [v for k, v in enumerate(totals) if k != i]
    return totals[i] - max(others) if others else totals[i]


def _seat(s: Any, i: Any) -> int:
    """``i`` as a seat of the game state ``s`` (the check of every function here that takes both)."""
    return checked_seat("i", i, checked_state("s", s).num_players)


def margin(s: GameState, i: int) -> float:
    """Seat ``i``'s expected final margin over the best other seat, in the game's score unit (the
    real one once the game is over).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(players=2, seed=1)
    >>> abs(margin(s, 0) + margin(s, 1)) < 1e-9   # two seats: one's margin is the other's loss
    True
    """
    i = _seat(s, i)
    if s.is_over:
        return final_margin(s, i)
    return model(s.ruleset).margin(design(s, i))


def _log_odds(s: GameState, i: int) -> float:
    if s.is_over:
        winners = [bool(row["winner"]) for row in s.score_rows()]
        return DECIDED if winners[i] else -DECIDED
    return model(s.ruleset).win(design(s, i))


def win_chance(s: GameState, i: int) -> float:
    """Seat ``i``'s chance to win (1 or 0 once the game is over; a shared victory counts as won).

    >>> import mp_notebook as mp
    >>> 0.0 < win_chance(mp.new_game(players=2, seed=1), 0) < 1.0
    True
    """
    return 1.0 / (1.0 + math.exp(-_log_odds(s, _seat(s, i))))


def value(s: GameState, i: int) -> float:
    """What a search maximises for seat ``i``: :func:`margin`, or the log-odds of :func:`win_chance`
    where the ruleset's ``OUTCOME`` is ``"win"``.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="schmidt", seed=1)
    >>> value(s, 0) == _log_odds(s, 0)
    True
    """
    i = _seat(s, i)
    return _log_odds(s, i) if terms(s.ruleset).OUTCOME == "win" else margin(s, i)
