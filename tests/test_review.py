"""``mp.analysis.review`` for every registered ruleset: the seat's decisions with more than one
choice, each matched to its row of the ``evaluate`` table (a journey's later steps covered by it),
the loss read off that table, the biggest first, the summary, the progress, the errors. Small
settings (two futures, the action's horizon, no clock); the CPU of a whole game's review and the
one-decision test of its biggest mistakes: ``bench/review.py``."""

from __future__ import annotations

import importlib
import math
from typing import Any

import pytest
from learned import exact_learned_value
from registry import RULESETS

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent
from mp_notebook.agents.greedy import distinct_actions
from mp_notebook.agents.value import prediction_error
from mp_notebook.analysis import evaluate, positions, review
from mp_notebook.analysis.evaluate import Z95, plans
from mp_notebook.analysis.simulate import derive_seed
from mp_notebook.engine.errors import ArgumentError, IllegalAction

review_module = importlib.import_module("mp_notebook.analysis.review")  # the package's `review` is the function
SMALL: dict[str, Any] = {"time_budget": None, "rollouts": 2, "min_futures": 2, "horizon": "action", "progress": False}


def game(ruleset: str, steps: int, worst: bool = False) -> mp.GameState:
    """``steps`` decisions of two greedy players (seat 0 taking the last legal action instead, if ``worst``)."""
    s = mp.new_game(2, ruleset=ruleset, seed=11)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    for _ in range(steps):
        if s.is_over:
            break
        i = s.current_player
        s = s.apply(s.legal_actions()[-1] if worst and i == 0 else agents[i].choose(s))
    return s


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_review_goes_over_the_seat_s_decisions(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    exact_learned_value(monkeypatch)  # mistakes to find in 40 decisions
    s = game(ruleset, 40, worst=True)
    table = review(s, 0, **SMALL)
    states = positions(s)
    reviewed = set(table["step"])
    covered = {k for steps in table["covered"] for k in steps}
    for k in range(len(s.history)):
        x = states[k]
        ours = not x.is_over and x.current_player == 0
        choices = len(plans(x, 0, distinct_actions(x, x.legal_actions()))) if ours else 0
        assert (k in reviewed) == (ours and choices > 1 and k not in covered), k
    assert reviewed.isdisjoint(covered)
    assert table.attrs["skipped"] == sum(1 for k, x in enumerate(states[:-1]) if not x.is_over and x.current_player == 0
                                        and len(plans(x, 0, distinct_actions(x, x.legal_actions()))) == 1)
    losses = list(table["loss"])
    assert losses == sorted(losses, reverse=True), "the biggest loss first"
    for _, row in table.iterrows():
        assert row["loss_low"] <= row["loss"] <= row["loss_high"]
        assert row["within_noise"] == (row["loss"] == 0 or row["loss_low"] <= 0)
        assert row["mistake"] == (row["loss_low"] > 0)
        assert mp.load(row["code"]) == states[row["step"]]
        assert row["played"].split(" → ")[0] in {str(a) for a in states[row["step"]].legal_actions()}
    assert table["mistake"].any(), "the last legal action is often a mistake"
    attrs = table.attrs
    assert attrs["reviewed"] == len(table) and attrs["mistakes"] == int(table["mistake"].sum())
    assert math.isclose(sum(attrs["per_round"].values()), attrs["lost"])
    assert math.isclose(attrs["lost_per_round"], attrs["lost"] / attrs["rounds"])
    assert attrs["unit"] in ("VP", "Gulden") and attrs["name"] in attrs["sentence"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_loss_is_no_surer_than_the_learned_value(ruleset: str) -> None:
    table = review(game(ruleset, 12, worst=True), 0, **SMALL)
    assert len(table[table["loss"] > 0])
    for _, row in table[table["loss"] > 0].iterrows():
        assert row["loss_high"] - row["loss_low"] >= 2 * Z95 * prediction_error(ruleset, row["horizon"])[0] * (1 - 1e-9)


def test_the_loss_is_read_off_the_hint_s_table() -> None:
    s = game("mp2", 40)  # greedy's choices: often among the Hint's finalists
    options = {"time_budget": None, "rollouts": 8, "min_futures": 8, "horizon": "action"}
    table = review(s, 0, progress=False, **options)
    states = positions(s)
    read = 0
    for _, row in table.iterrows():
        if read == 2:
            break
        k = int(row["step"])
        hint = evaluate(states[k], seed=derive_seed("mp_notebook.review", 0, k), **options)
        assert row["better"] == hint.iloc[0]["plan"]
        mine = hint[hint["plan"] == row["played"]].iloc[0]
        if row["loss"] == 0:
            assert row["played"] == row["better"]
        elif mine["futures"] >= review_module.FUTURES and mine["horizon"] == hint.iloc[0]["horizon"]:
            assert (row["loss"], row["loss_low"], row["loss_high"]) == (-mine["diff"], -mine["diff_high"],
                                                                        -mine["diff_low"])
            read += 1
    assert read, "a loss read off the table"


def test_a_journey_covers_its_moves() -> None:
    """Marco Polo II's Travel: the action and the moves that follow are one plan (one row, one loss)."""
    s = game("mp2", 60)
    table = review(s, 0, **SMALL)
    journeys = table[table["covered"].map(len) > 0]
    assert len(journeys)
    for _, row in journeys.iterrows():
        assert row["matched"] == "plan" and row["played"].startswith("travel")
        steps = row["played"].split(" → ")[1:]
        assert [s.history[k] for k in row["covered"]] == steps


def test_progress_and_a_decision_the_analysis_cannot_value(monkeypatch: pytest.MonkeyPatch) -> None:
    s = game("voyages", 20)
    calls: list[tuple[int, int]] = []
    real = review_module.evaluate

    def failing(x: mp.GameState, **kwargs: Any) -> Any:
        if len(x.history) == first:
            raise IllegalAction("move X is not allowed (a test)")
        return real(x, **kwargs)

    first = int(review(s, 0, **SMALL)["step"].min())
    monkeypatch.setattr(review_module, "evaluate", failing)
    table = review(s, 0, **{**SMALL, "progress": lambda done, total: calls.append((done, total))})
    assert calls[-1][0] == calls[-1][1] == len(calls)
    row = table[table["step"] == first].iloc[0]
    assert math.isnan(row["loss"]) and "not valued: the analysis failed (move X is not allowed" in row["why"]
    assert table.attrs["failed"] == 1 and "1 decision not valued" in table.attrs["sentence"]
    assert table.index[table["step"] == first][0] == len(table) - 1, "not valued: last"


def test_bad_arguments_name_what_is_wrong() -> None:
    s = game("schmidt", 10)
    with pytest.raises(ArgumentError, match="seat: no seat 2"):
        review(s, 2)
    with pytest.raises(ArgumentError, match="s must be a game state"):
        review("game.json", 0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="horizon must be one of"):
        review(s, 0, horizon="week")
    with pytest.raises(ArgumentError, match="progress must be"):
        review(s, 0, progress="yes")  # type: ignore[arg-type]
