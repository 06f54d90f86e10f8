"""mp.simulate: the same table through every executor, seeded, with the documented columns."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent, RandomAgent, RolloutPolicy

COLUMNS = [
    "game",
    "seed",
    "seat",
    "player",
    "character",
    "agent",
    "track",
    "goal_seals",
    "shields",
    "goods",
    "coins",
    "contracts",
    "total",
    "camels",
    "winner",
    "rounds",
    "decisions",
]
AGENTS = [RandomAgent, RolloutPolicy(5)]  # a factory and an instance (fast ones)


@pytest.fixture(scope="module")
def baseline():
    return mp.simulate(4, AGENTS, players=2, seed=3, progress=False)


def test_columns_and_rows(baseline):
    assert list(baseline.columns) == COLUMNS
    assert len(baseline) == 8 and list(baseline["game"]) == [0, 0, 1, 1, 2, 2, 3, 3]
    assert list(baseline["agent"]) == ["random", "rollout"] * 4
    assert (baseline.groupby("game")["winner"].sum() >= 1).all()
    assert (baseline["rounds"] == 5).all() and (baseline["decisions"] > 0).all()
    assert (
        baseline["total"]
        == baseline[["track", "goal_seals", "shields", "goods", "coins", "contracts"]].sum(axis=1)
    ).all()


def test_same_seed_same_table_and_other_seed_differs(baseline):
    assert baseline.equals(mp.simulate(4, AGENTS, players=2, seed=3, progress=False))
    assert not baseline.equals(mp.simulate(4, AGENTS, players=2, seed=4, progress=False))


def test_thread_pool(baseline):
    with ThreadPoolExecutor(2) as ex:
        assert baseline.equals(
            mp.simulate(4, AGENTS, players=2, seed=3, executor=ex, progress=False)
        )


def test_process_pool(baseline):
    with ProcessPoolExecutor(2) as ex:
        assert baseline.equals(
            mp.simulate(4, AGENTS, players=2, seed=3, executor=ex, progress=False)
        )


def test_dask_local_cluster(baseline):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert baseline.equals(
            mp.simulate(4, AGENTS, players=2, seed=3, executor=client, progress=False)
        )


def test_one_agent_for_all_seats_and_rotation():
    df = mp.simulate(3, RandomAgent(1), players=3, seed=1, progress=False)
    assert len(df) == 9 and set(df["agent"]) == {"random"}
    rotated = mp.simulate(
        2, [GreedyAgent, RandomAgent], players=2, seed=1, rotate=True, progress=False
    )
    assert list(rotated["agent"]) == ["greedy", "random", "random", "greedy"]


def test_bad_arguments():
    with pytest.raises(ValueError, match="seat"):
        mp.simulate(1, [RandomAgent(1)] * 3, players=2, progress=False)
    with pytest.raises(ValueError, match="players="):
        mp.simulate(1, RandomAgent(1), progress=False)
    with pytest.raises(mp.ArgumentError, match="executor"):
        mp.simulate(1, RandomAgent(1), players=2, executor=object(), progress=False)


def test_simulate_with_characters_and_against_the_automa() -> None:
    df = mp.simulate(2, mp.agents.RandomAgent, players=3, characters="random", seed=4, progress=False)
    assert df["character"].notna().all() and len(df) == 6
    solo = mp.simulate(2, mp.agents.RandomAgent, players=1, automa="L1", seed=4, progress=False)
    assert list(solo["agent"]) == ["random", "Automa L1", "random", "Automa L1"]
    assert solo.groupby("game")["winner"].any().all()
