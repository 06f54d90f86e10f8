"""The learned value as if it were exact, for tests of what the analysis shows (the review's
rows and marks, the app's list of mistakes) in short test games, not of its statistics: with its
measured error (``mp.agents.value.prediction_error``) the loss of a bad move in a few decisions
of a test game is seldom clear."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mp_notebook.agents import _value
from mp_notebook.registry import PACKAGES


def exact_learned_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ruleset's learned value with an error of 0 at every horizon, for this test."""
    exact = {"horizons": {h: {"difference": 0.0, "margin": 0.0} for h in _value.ESTIMATED}}
    for ruleset in PACKAGES:
        monkeypatch.setitem(_value._MODELS, ruleset, replace(_value.model(ruleset), error=exact))
