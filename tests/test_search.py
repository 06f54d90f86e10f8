"""SearchAgent on the learned value: where it searches, what it compares, and that it departs from
the greedy player's choice (tests/test_agents.py holds what every agent shares)."""

from __future__ import annotations

import pytest

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent, SearchAgent
from mp_notebook.agents import value as learned
from mp_notebook.agents.base import position_seed, terms


def turn(s, agent, rnd: int = 0):
    """The first turn decision from round ``rnd`` on, playing ``agent`` for every seat."""
    while s.round < rnd or s.decision.kind != "turn":
        s = s.apply(agent.choose(s))
    return s


def test_auto_horizon_is_the_action_then_the_game_in_the_last_round():
    greedy = GreedyAgent(3)
    s = turn(mp.new_game(players=2, seed=13), greedy)
    assert SearchAgent().horizon_at(s) == "action"
    s = turn(s, greedy, s.rounds)
    assert SearchAgent().horizon_at(s) == "game"
    candidates = [a for _, a in greedy.rank(s)[:2]]
    found = SearchAgent(budget_rollouts=2, seed=6).search(s, candidates)
    assert found == SearchAgent(budget_rollouts=2, seed=6, horizon="game").search(s, candidates)
    assert found != SearchAgent(budget_rollouts=2, seed=6, horizon="turn").search(s, candidates)


class Recording(SearchAgent):
    """A SearchAgent that notes the positions it searches."""

    searched: list[int]

    def search(self, state, candidates):
        self.searched.append(state.round)
        return super().search(state, candidates)


def test_the_schmidt_game_is_searched_with_or_without_a_round_limit():
    """A round limit (as ``mp.simulate`` and the benches set it) is not a last round to wait for:
    the search used to take the greedy choice at every turn before it."""
    for options in ({}, {"round_limit": 200}):
        s = turn(mp.new_game(2, ruleset="schmidt", seed=3, **options), GreedyAgent(1))
        agent = Recording(budget_rollouts=2, seed=1)
        agent.searched = []
        while len(agent.searched) < 3:
            s = s.apply(agent.choose(s))
        assert agent.horizon_at(s) == "action"


def test_the_action_horizon_values_each_candidate_by_the_learned_value_once():
    """Once where no candidate is chance (every future ends alike), on every future where one is."""
    greedy, agent = GreedyAgent(4), SearchAgent(budget_rollouts=16, seed=4)
    s = turn(mp.new_game(players=2, seed=11), greedy)
    seen = set()
    while len(seen) < 2:
        candidates = [a for _, a in greedy.rank(s)[:3]]
        chance = any(terms(s).chance(s, a) for a in candidates)
        found = agent.search(s, candidates)
        counts = [n for _, _, n in found]
        assert sum(counts) == 16 if chance else counts == [1] * len(candidates)
        assert [mean for _, mean, _ in found] == sorted((mean for _, mean, _ in found), reverse=True)
        if not chance:
            base, i = position_seed(4, s), s.current_player
            for a, mean, _ in found:
                assert mean == learned.value(greedy.follow_ups(s.determinize(i, base).apply(a), i), i)
        seen.add(chance)
        s = turn(s.apply(greedy.choose(s)), greedy)


def test_the_search_departs_from_the_greedy_choice_where_the_value_disagrees():
    greedy, agent = GreedyAgent(2), SearchAgent(seed=2, threshold=0.0)
    s = mp.new_game(players=2, seed=21)
    departures = turns = 0
    while s.round < 3:
        a = agent.choose(s)
        if s.decision.kind == "turn" and len(greedy.rank(s)) > 1:
            turns += 1
            departures += a != greedy.choose(s)
        s = s.apply(a)
    assert turns > 10 and 0 < departures < turns


@pytest.mark.parametrize("weight", [-0.1, 1.5])
def test_the_weight_of_the_learned_value_is_between_zero_and_one(weight):
    with pytest.raises(ValueError, match="weight must be a number from 0 to 1"):
        SearchAgent(weight=weight)


def test_with_no_weight_on_the_learned_value_the_search_takes_greedy_s_choice_before_the_last_round():
    s = turn(mp.new_game(players=2, seed=5), GreedyAgent(1))
    for _ in range(8):
        a = SearchAgent(seed=1, weight=0.0, threshold=0.0).choose(s)
        assert a == GreedyAgent(1).choose(s)
        s = turn(s.apply(a), GreedyAgent(1))


def test_follow_up_decisions_are_searched_when_asked():
    """In the Schmidt game the turn decision is only the choice of spinner: the moves and trades
    that follow it are the decisions worth a search."""
    s = turn(mp.new_game(2, ruleset="schmidt", seed=4, round_limit=200), GreedyAgent(1))
    kinds = {False: set(), True: set()}
    for follow_ups in kinds:
        agent = Recording(budget_rollouts=2, seed=1, follow_ups=follow_ups)
        agent.searched = []
        here = s
        while here.round < s.round + 3:
            before = len(agent.searched)
            kind = here.decision.kind
            here = here.apply(agent.choose(here))
            if len(agent.searched) > before:
                kinds[follow_ups].add(kind)
    assert kinds[False] <= {"turn"} and kinds[True] - {"turn"}


def test_the_action_horizon_weighs_the_learned_margin_in_greedy_s_unit():
    """The Schmidt game's learned margin is in Gulden, greedy's score in points of 10 Gulden: the
    search values a candidate by the margin over the evaluation's unit, so that a weight can move
    a choice (a log-odds weighed against points never did)."""
    greedy = GreedyAgent(2)
    s = mp.new_game(2, ruleset="schmidt", seed=8, round_limit=200)
    while s.decision.kind != "move":
        s = s.apply(greedy.choose(s))
    agent = SearchAgent(seed=2, follow_ups=True)
    candidates = [a for _, a in greedy.rank(s)[:3]]
    base, i = position_seed(2, s), s.current_player
    for a, mean, n in agent.search(s, candidates):
        assert n == 1
        assert mean == pytest.approx(learned.margin(greedy.follow_ups(s.determinize(i, base).apply(a), i), i) / 10)


def test_the_leaf_is_the_learned_value_or_greedy_s_evaluation():
    greedy = GreedyAgent(2)
    s = turn(mp.new_game(players=2, seed=9), greedy)
    a = greedy.choose(s)
    base, i = position_seed(3, s), s.current_player
    after = greedy.follow_ups(s.determinize(i, base).apply(a), i)
    assert SearchAgent(seed=3, leaf="hand").margin(s, a, 0) == terms(s).margin(after, i)
    with pytest.raises(ValueError, match="leaf must be one of 'learned', 'hand'"):
        SearchAgent(leaf="dice")
    with pytest.raises(ValueError, match="follow_ups must be one of None, True, False; got 'yes'"):
        SearchAgent(follow_ups="yes")




def test_a_tight_budget_searches_greedy_s_best_candidates_or_takes_its_choice():
    """The first turn of Marco Polo II's last round: a rollout plays the whole round, so 200
    decisions afford two or three rollouts, fewer than ``budget_rollouts // top_k`` (4) for each of
    two candidates: the agent takes greedy's choice on that first rollout. A budget of eight
    rollouts goes to greedy's best two candidates, four futures each."""
    greedy = GreedyAgent(3)
    s = mp.new_game(players=2, seed=13)
    s = turn(s, greedy, s.rounds)
    candidates = [a for _, a in greedy.rank(s)[:4]]
    length = SearchAgent(seed=1)._rollout(s, candidates[0], 0)[1]  # decisions in the first rollout
    assert 2 <= 200 // length < 8
    found = SearchAgent(seed=1, budget_decisions=200).search(s, candidates)
    assert [(a, n) for a, _, n in found] == [(candidates[0], 1)]
    found = SearchAgent(seed=1, budget_decisions=8 * length).search(s, candidates)
    assert sorted(map(str, (a for a, _, _ in found))) == sorted(map(str, candidates[:2]))
    assert [n for _, _, n in found] == [4, 4]


def test_the_last_round_s_follow_up_decisions_are_searched_by_default():
    """Marco Polo II: before the last round only turn decisions are searched (on the learned
    value), in it the follow-ups too (which city, contract or reward), on rollouts to the end."""
    greedy = GreedyAgent(5)
    s = mp.new_game(players=2, seed=17)
    s = turn(s, greedy, s.rounds - 1)
    agent = Recording(seed=5, budget_rollouts=2, budget_decisions=60)
    kinds: dict[bool, set[str]] = {False: set(), True: set()}
    while not s.is_over and not kinds[True] - {"turn"}:
        agent.searched = []
        kind, last = s.decision.kind, agent.horizon_at(s) == "game"
        a = agent.choose(s)
        if agent.searched:
            kinds[last].add(kind)
        s = s.apply(a)
    assert kinds[False] == {"turn"} and kinds[True] - {"turn"}
