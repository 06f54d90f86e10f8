"""mp.analysis.evaluate on every registered ruleset: budgeted (pruned rows have fewer futures, the
CPU budget stops it on an injected clock once the finalists have their floor of futures, the hard
cap below it), ranked by the margin with a verdict and its parts, seeded, checked arguments; the
playout policy."""

from __future__ import annotations

import itertools
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from voyages_helpers import card_game

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent, PlayoutPolicy, RandomAgent
from mp_notebook.agents.greedy import distinct_actions
from mp_notebook.agents.playout import rollout
from mp_notebook.agents.value import prediction_error
from mp_notebook.analysis import evaluate
from mp_notebook.analysis.evaluate import (
    FINALISTS,
    Z95,
    _as_the_policy_plays,
    default_horizon,
    follow,
    halving,
    mean_interval,
    measure,
    plans,
    sample,
    with_error,
)
from mp_notebook.engine.errors import ArgumentError, IllegalAction
from mp_notebook.registry import PACKAGES


def position(ruleset: str, choices: int = 3) -> mp.GameState:
    """A position of a greedy game with at least ``choices`` choices (decision 20 on, any kind)."""
    s = mp.new_game(players=2, ruleset=ruleset, seed=5)
    greedy = GreedyAgent(1)
    for n in itertools.count():
        i = s.current_player
        assert i is not None, "the game ended before a position was found"
        if n >= 20 and len(plans(s, i, distinct_actions(s, s.legal_actions()))) >= choices:
            return s
        s = s.apply(greedy.choose(s))
    raise AssertionError("unreachable")


@pytest.fixture(scope="module", params=list(PACKAGES))
def mid(request: pytest.FixtureRequest) -> mp.GameState:
    return position(request.param)


def test_every_choice_has_a_row_the_best_first(mid: mp.GameState) -> None:
    i = mid.current_player
    df = evaluate(mid, rollouts=4, min_futures=4, time_budget=None)
    expected = {" → ".join(plan) for _, plan in plans(mid, i, distinct_actions(mid, mid.legal_actions()))}
    assert set(df["plan"]) == expected and len(df) == len(expected)
    assert set(df["action"]) <= {str(a) for a in mid.legal_actions()}
    assert (df["futures"] >= 1).all() and (df["margin_low"] <= df["margin"]).all()
    assert ((df["win_low"] <= df["win_rate"]) & (df["win_rate"] <= df["win_high"])).all()
    top = df.iloc[0]
    assert not top["pruned"] and top["futures"] == 4 and top["horizon"] == default_horizon(mid.ruleset)
    finalists = df[~df["pruned"]]
    assert len(finalists) == halving(len(df), 4)[-1][0] and finalists["margin"].is_monotonic_decreasing
    assert halving(len(df), 64)[-1][0] == min(FINALISTS, len(df))
    # the statistic is one: the rows below the recommendation are below it, by their difference to it
    assert (df["margin"].iloc[1:] == top["margin"] + df["diff"].iloc[1:]).all()
    assert (df["diff"].iloc[1:] <= 1e-9).all() and top["diff"] >= 0


def test_intervals_count_the_learned_value_s_error(mid: mp.GameState) -> None:
    """Samples valued by the learned value before the end are no more exact than it is: even where
    every future agrees, each interval is at least its measured error wide; at the game's end, no
    such part (the futures' own spread alone)."""
    df = evaluate(mid, rollouts=2, min_futures=2, time_budget=None)
    for _, r in df.iloc[1:].iterrows():
        difference, margin = prediction_error(mid.ruleset, r["horizon"])
        assert r["diff_high"] - r["diff_low"] >= 2 * Z95 * difference * (1 - 1e-9) > 0
        assert r["margin_high"] - r["margin_low"] >= 2 * Z95 * margin * (1 - 1e-9) > 0
    agreeing = [1.5, 1.5, 1.5]
    assert with_error(mean_interval(agreeing), 0.0) == (1.5, 0.0)  # the game's end: exact where futures agree
    assert with_error(mean_interval(agreeing), 2.0)[1] == pytest.approx(2 * Z95)


def test_parts_sum_to_the_difference_and_the_verdict_follows_the_interval(mid: mp.GameState) -> None:
    df = evaluate(mid, rollouts=8, time_budget=None)
    for _, r in df.iterrows():
        assert sum(r["parts"].values()) == pytest.approx(r["diff"], abs=1e-9)
        assert r["why"].startswith(("+", "−")) and df.attrs["unit"] in r["why"]
    clear = df.iloc[0]["diff_low"] > 0 and df.iloc[0]["futures"] >= 8
    assert df.attrs["verdict"] == ("clear" if clear else "close")
    word = "recommended" if clear else "too close to call"
    assert df.attrs["sentence"].startswith(word) and df.iloc[0]["action"] in df.attrs["sentence"]
    assert df.attrs["statistic"] == "margin" and not df.attrs["capped"]


def test_pruned_rows_have_fewer_futures(mid: mp.GameState) -> None:
    df = evaluate(mid, rollouts=8, time_budget=None, horizon="turn")
    full = df[~df["pruned"]]
    pruned = df[df["pruned"]]
    assert (full["futures"] == 8).all() and len(pruned) == len(df) - len(full) > 0
    assert ((pruned["futures"] < 8) | (pruned["horizon"] == "action")).all()
    # without pruning every choice gets every future at the deep horizon
    every = evaluate(mid, rollouts=2, min_futures=2, time_budget=None, prune=False, horizon="turn")
    assert (every["futures"] == 2).all() and every["pruned"].sum() == len(every) - min(FINALISTS, len(every))
    assert every["horizon"].nunique() == 1


def test_seeded_and_reproducible(mid: mp.GameState) -> None:
    one = evaluate(mid, rollouts=4, time_budget=None, seed=3, horizon="turn")
    assert one.equals(evaluate(mid, rollouts=4, time_budget=None, seed=3, horizon="turn"))
    assert mid.history == position(mid.ruleset).history  # the state is untouched


class FakeClock:
    """Seconds that pass only when read: ``step`` each call."""

    def __init__(self, step: float):
        self.now, self.step, self.calls = 0.0, step, 0

    def __call__(self) -> float:
        self.calls += 1
        self.now += self.step
        return self.now


def test_cpu_budget_floor_and_cap_on_an_injected_clock(mid: mp.GameState) -> None:
    n = len(plans(mid, mid.current_player, distinct_actions(mid, mid.legal_actions())))
    done: list[int] = []
    # no time at all (and so no cap): only the screen, which always completes (one sample a choice)
    df = evaluate(mid, time_budget=0, clock=FakeClock(1.0), progress=lambda d, p: done.append(d))
    assert len(df) == n and (df["futures"] == 1).all() and (df["horizon"] == "action").all()
    assert done[-1] == n and not df["pruned"].any()  # stopped by the clock, not set aside
    assert df.attrs["verdict"] == "close" and (df.attrs["capped"] or n == 1)
    # 2 clock seconds, one a read: the budget stops the halving at once, the floor then plays the two
    # finalists to 8 futures each within the cap
    df = evaluate(mid, time_budget=2, time_cap=100, rollouts=32, horizon="turn", clock=FakeClock(1.0))
    finalists = df[~df["pruned"]]
    assert (finalists["futures"] == 8).all() and len(finalists) == min(2, n) and not df.attrs["capped"]
    # a cap of 6 reads: the floor is not reached, and the table says so
    done.clear()
    df = evaluate(mid, time_budget=2, time_cap=6, horizon="turn", clock=FakeClock(1.0),
                  progress=lambda d, p: done.append(d))
    assert n < done[-1] <= n + 6 and df.iloc[0]["futures"] < 8
    assert df.attrs["capped"] and df.attrs["verdict"] == "close" and "too close to call" in df.attrs["sentence"]
    # a clock that never moves: the whole schedule, as with no budget
    still = evaluate(mid, time_budget=5, rollouts=4, horizon="turn", clock=lambda: 0.0)
    assert still.equals(evaluate(mid, time_budget=None, rollouts=4, horizon="turn"))


def test_progress_counts_every_sample(mid: mp.GameState) -> None:
    calls: list[tuple[int, int]] = []
    df = evaluate(mid, rollouts=4, time_budget=None, horizon="turn", progress=lambda d, p: calls.append((d, p)))
    dones = [d for d, _ in calls]
    assert dones == list(range(1, len(dones) + 1))
    screened_deeper = int((df["horizon"] != "action").sum())  # their screen sample is not a row's
    assert dones[-1] == int(df["futures"].sum()) + screened_deeper == calls[-1][1]


def test_an_executor_gives_the_same_table() -> None:
    s = position("mp2")
    here = evaluate(s, rollouts=2, time_budget=None, horizon="turn")
    with ThreadPoolExecutor(2) as pool:
        assert evaluate(s, rollouts=2, time_budget=None, horizon="turn", executor=pool).equals(here)
    with ProcessPoolExecutor(2) as pool:
        assert evaluate(s, rollouts=2, time_budget=None, horizon="turn", executor=pool).equals(here)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rollouts": 0}, "rollouts must be an int from 1"),
        ({"rollouts": 2.0}, "rollouts must be an int"),
        ({"rollouts": 10**30}, "rollouts must be an int"),
        ({"time_budget": -1}, "time_budget must be a number from 0"),
        ({"time_budget": "2"}, "time_budget must be a number"),
        ({"time_budget": float("nan")}, "time_budget must be a number"),
        ({"horizon": "day"}, "horizon must be one of"),
        ({"prune": 1}, "prune must be one of True, False"),
        ({"seed": "1"}, "seed must be an int"),
        ({"merge_dice": None}, "merge_dice must be one of"),
        ({"min_futures": 0}, "min_futures must be an int from 1"),
        ({"time_cap": -2}, "time_cap must be a number from 0"),
        ({"agent": "greedy"}, "agent must be an agent"),
        ({"executor": "pool", "time_budget": 0}, "executor must be"),
        ({"progress": "yes"}, "progress must be"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object], message: str) -> None:
    s = mp.new_game(players=2, seed=3)
    before = s.to_json()
    with pytest.raises(ArgumentError, match=message):
        evaluate(s, **kwargs)  # type: ignore[arg-type]
    assert s.to_json() == before


def test_not_a_state_or_a_finished_game_is_refused() -> None:
    with pytest.raises(ArgumentError, match=r"s must be a game state \(from mp.new_game or mp.load\), got None"):
        evaluate(None)  # type: ignore[arg-type]
    s = mp.new_game(players=2, ruleset="schmidt", seed=3, round_limit=1)
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
    with pytest.raises(ArgumentError, match="the game is over"):
        evaluate(s)


def test_halving_schedule() -> None:
    assert halving(85, 32) == [(8, 2), (4, 4), (2, 8), (2, 16), (2, 32)]
    assert halving(1, 4) == [(1, 2), (1, 4)]
    assert halving(5, 1) == [(5, 1), (3, 1), (2, 1)]


def test_voyages_lists_one_row_per_destination() -> None:
    s = mp.new_game(players=2, ruleset="voyages", seed=4)
    df = evaluate(s, time_budget=0)
    travel = df[df["kind"] == "travel"]
    ends = {(r.action, r.location) for r in mp.routes.reachable(s, 0)}
    found = {(a, plan.split(" → ")[-1 if not plan.endswith("done") else -2].removeprefix("move "))
             for a, plan in zip(travel["action"], travel["plan"], strict=True)}
    kept = set(travel["action"])
    assert found == {(a, end) for a, end in ends if a in kept}
    assert travel.groupby("action")["plan"].nunique().max() > 1


def test_a_movement_paid_in_goods_is_evaluated_move_by_move() -> None:
    """Voyages city card K30: each move costs two different goods, which route analysis does not
    price (mp.routes.reachable refuses it); the Hint in the middle of that movement ranks the moves
    themselves (once, evaluate asked the routes and raised)."""
    s, space, city = card_game("K30", characters=["Matteo Polo", "Berke Khan"])
    s = s.with_player(0, location="Venezia", dice=[2, 1, 1, 1, 1], trading_posts=[city],
                      goods={"pepper": 2, "silk": 2, "gold": 0})
    s = s.apply(f"city_card [2] {space}")
    assert s.decision.kind == "move"
    with pytest.raises(ArgumentError, match="goods are not among the resources route analysis prices"):
        mp.routes.reachable(s, 0)
    df = evaluate(s, rollouts=2, time_budget=None)
    assert set(df["plan"]) == {str(a) for a in s.legal_actions()}


def schmidt_move() -> mp.GameState:
    s = mp.new_game(players=2, ruleset="schmidt", seed=11)
    greedy = GreedyAgent(1)
    while not (s.round >= 8 and s.decision.kind == "move" and len(s.legal_actions()) > 2):
        s = s.apply(greedy.choose(s))
    return s


def test_schmidt_destinations_are_told_apart() -> None:
    """The 398.75 bug (an old rollout policy made the futures of different destinations the same
    game): the futures of the default policy are different games, and the rows differ."""
    s = schmidt_move()
    i = s.current_player
    greedy = GreedyAgent(0)
    ends = [rollout(s.determinize(i, 5).apply(a), i, greedy, "round") for a in s.legal_actions()]
    assert len({end.to_json() for end in ends}) == len(ends)
    assert evaluate(s, rollouts=4, time_budget=None)["margin"].nunique() > 1


def test_sample_values_the_final_margin_at_the_end() -> None:
    s = mp.new_game(players=2, seed=2)
    while s.round < 5 or s.decision.kind != "turn":
        s = s.apply(RandomAgent(1).choose(s))
    i = s.current_player
    a = s.legal_actions()[0]
    x = sample(s, i, (str(a),), 7, "game", GreedyAgent(0))
    end = rollout(s.determinize(i, 7).apply(a), i, GreedyAgent(0), "game")
    totals = end.scores()["total"].tolist()
    assert end.is_over and x.margin == totals[i] - totals[1 - i] and x.win in (0.0, 0.5, 1.0)
    assert x == measure(end, i) and x.parts[-1] == 0.0 and sum(x.parts) == x.margin


def test_playout_policy_is_legal_and_seeded(mid: mp.GameState) -> None:
    for policy in (PlayoutPolicy(3), PlayoutPolicy(3, width=2)):
        a = policy.choose(mid)
        assert a in mid.legal_actions() and policy.with_seed(3).choose(mid) == a


def test_a_plan_is_played_where_the_policy_would_pay_it_out_of_reach() -> None:
    """Notebook 04's position: on a future, the greedy player pays the first route with jade and
    the journey's third step is then out of reach; follow finds the payments that play the plan
    (it was made on a position the seat cannot tell apart), and still refuses a plan no payments play."""
    start = mp.new_game(["Ana", "Ben"], seed=7).apply("compensation coins=2,camels=1")
    s = start.with_player(0, location="Xian", trading_posts=["Xian", "Chengdu"], coins=12, camels=5,
                          goods={"pepper": 2, "silk": 1, "jade": 1}, dice=[2, 3, 4, 5, 6])
    journey = ("travel [4,5,6] upper", "move Dunhuang", "move Khotan", "move Yarkand-Oasis")
    plan = next(p for _, p in plans(s, 0, distinct_actions(s, s.legal_actions())) if p[:4] == journey)
    t = s.determinize(0, 0).apply(plan[0])
    with pytest.raises(IllegalAction, match="move Yarkand-Oasis is not allowed"):
        _as_the_policy_plays(t, plan[1:], GreedyAgent(0))
    end = follow(t, plan[1:], GreedyAgent(0))
    played = end.history[len(t.history):]
    assert end.players[0].location == "Yarkand-Oasis" and [x for x in played if x in plan] == list(plan[1:])
    with pytest.raises(IllegalAction, match=r"money_bag \[6\] coins is not allowed"):  # Ben may have a 6
        follow(t, ("move Dunhuang", "money_bag [6] coins"), GreedyAgent(0))
