"""The learned position value: the shipped coefficients match the code (names, counts and the probe
row the code computes), finished games are valued by their result, the value reads the position
and the hand evaluation, and loading it is lazy and needs no scikit-learn."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from importlib import resources

import pytest

import mp_notebook as mp
from mp_notebook.agents import RandomAgent
from mp_notebook.agents import _value as value  # the public value and what it is fitted with
from mp_notebook.engine.errors import DataError
from mp_notebook.registry import PACKAGES

RULESETS = sorted(PACKAGES)
OPTIONS = {"schmidt": {"round_limit": 40}}


def shipped(ruleset: str) -> dict:
    package = mp.rulesets.get(ruleset).part("value").__package__
    return json.loads(resources.files(package).joinpath(value.FILE).read_text(encoding="utf-8"))


def random_game(ruleset: str, seed: int, decisions: int | None = None) -> list:
    """The states of a 2-player game of random players (``decisions`` of them, or to the end)."""
    s = mp.new_game(2, ruleset=ruleset, seed=seed, **OPTIONS.get(ruleset, {}))
    states = [s]
    agent = RandomAgent(seed)
    while not s.is_over and (decisions is None or len(states) <= decisions):
        s = s.apply(agent.choose(s))
        states.append(s)
    return states


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_shipped_value_matches_the_code(ruleset):
    doc = shipped(ruleset)
    names = value.design_names(value.terms(ruleset).NAMES)
    assert doc["version"] == value.VERSION and doc["ruleset"] == ruleset
    assert tuple(doc["features"]) == names
    for outcome in value.OUTCOMES:
        assert len(doc[outcome]["coef"]) == len(names)
        assert any(doc[outcome]["coef"])
    assert doc["fitted"]["command"].startswith(f"python bench/value.py fit --ruleset {ruleset}")
    assert value.terms(ruleset).OUTCOME in value.OUTCOMES
    assert value.model(ruleset).features == names


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_shipped_probe_is_what_the_code_computes(ruleset):
    """The features and the hand evaluation the coefficients were fitted on are the code's: a change
    to either (a feature, a hand weight) needs ``python bench/value.py fit --ruleset <id>``."""
    probe = shipped(ruleset)["probe"]
    s = value.probe_state(ruleset, probe["seed"], probe["decisions"])
    assert len(s.history) >= probe["decisions"] and not s.is_over
    assert value.design(s, 0) == pytest.approx(probe["row"], rel=1e-7, abs=1e-7), (
        f"refit: python bench/value.py fit --ruleset {ruleset}")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_shipped_error_was_measured_on_the_shipped_fit(ruleset):
    """Every ruleset ships its margin model's error at each horizon the Hint values by it, measured
    on this fit (a refit voids it: ``python bench/value.py error --write``)."""
    error = shipped(ruleset)["error"]
    assert error["model"] == value.model(ruleset).margin.fingerprint()
    assert error["measured"]["command"].startswith(f"python bench/value.py error --rulesets {ruleset}")
    for h in value.ESTIMATED:
        difference, margin = value.prediction_error(ruleset, h)
        assert 0.0 < difference < math.inf and 0.0 < margin < math.inf
    assert value.prediction_error(ruleset, "game") == (0.0, 0.0)


def _refit(doc: dict) -> None:
    doc["margin"]["intercept"] += 1.0


def _negative(doc: dict) -> None:
    doc["error"]["horizons"]["turn"]["difference"] = -1.0


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(version=0), "version 0"),
    (lambda d: d.update(ruleset="voyages"), "for 'voyages'"),
    (lambda d: d["features"].pop(), "not the ones the code computes"),
    (lambda d: d["win"]["coef"].append(1.0), "win has"),
    (_refit, "measured on another fit"),
    (_negative, "difference must be a number ≥ 0"),
])
def test_a_data_file_that_does_not_match_the_code_is_refused(change, message):
    doc = shipped("mp2")
    change(doc)
    with pytest.raises(DataError, match=message) as info:
        value.ValueModel.from_json(json.dumps(doc), "mp2")
    assert "version" in message or "win" in message or "≥ 0" in message or "bench/value.py " in str(info.value)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_seat_s_design_row_and_the_share_played(ruleset):
    states = random_game(ruleset, 3, 150)
    vt = value.terms(ruleset)
    shares = [vt.progress(s) for s in states]
    assert shares == sorted(shares) and 0.0 <= shares[0] <= shares[-1] <= 1.0
    for s in states[::25]:
        seats = vt.seat_features(s)
        assert len(seats) == 2 and all(len(row) == len(vt.NAMES) for row in seats)
        hand = [mp.agents.base.terms(s).value(s, k) for k in range(2)]
        assert value.seat_rows(s) == [[h, *row] for h, row in zip(hand, seats, strict=True)]
        row = value.design(s, 0)
        assert row[0] == hand[0] - hand[1]
        assert row[1 : 1 + len(vt.NAMES)] == [a - b for a, b in zip(*seats, strict=True)]
        assert row[-2] == pytest.approx(row[0] * vt.progress(s) ** 2)
        assert row == value.design_row(value.seat_rows(s), 0, vt.progress(s), s.decision.player)
        assert abs(value.margin(s, 0) + value.margin(s, 1)) < 1e-6  # two seats: symmetric
        assert 0.0 < value.win_chance(s, 0) < 1.0


@pytest.mark.parametrize("ruleset", ["mp2", "voyages"])
def test_the_value_reads_the_score(ruleset):
    s = random_game(ruleset, 4, 60)[-1]
    richer = s.with_player(0, vp=s.players[0].vp + 20)
    assert value.margin(richer, 0) > value.margin(s, 0) + 5
    assert value.win_chance(richer, 0) > value.win_chance(s, 0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_finished_game_is_valued_by_its_result(ruleset):
    end = random_game(ruleset, 5)[-1]
    assert end.is_over
    totals = [row["total"] for row in end.score_rows()]
    winners = [bool(row["winner"]) for row in end.score_rows()]
    assert value.margin(end, 0) == totals[0] - totals[1]
    assert value.win_chance(end, 0) == pytest.approx(1.0 if winners[0] else 0.0, abs=1e-4)
    assert (value.value(end, 0) > 0) == (winners[0] if value.terms(ruleset).OUTCOME == "win" else totals[0] > totals[1])


def test_the_value_is_read_lazily_and_needs_no_scikit_learn():
    code = ("import sys, mp_notebook as mp; from mp_notebook.agents import _value as value; assert not value._MODELS; "
            "s = mp.new_game(players=2, seed=1); value.value(s, 0); "
            "assert set(value._MODELS) == {'mp2'} and 'sklearn' not in sys.modules, sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)
