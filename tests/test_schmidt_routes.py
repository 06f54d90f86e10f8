"""Route analysis of the Schmidt game (mp.routes over the spinner, mp_notebook.rulesets.schmidt.routes).

The odds are checked against an exact enumeration of every spin sequence on random positions
(the engine's legal end spaces of positions edited with ``with_player``, no shared code with the
dynamic programme but the engine), against a 100,000-spin simulation, and the expected spins
against value iteration. The table (every target at once, numpy arrays) is checked against the
per-target computation below (dictionaries, one target at a time: backward induction for the
odds, policy iteration for the expected spins); ``bench/routes.py --check-table N`` runs the same
comparison on N positions.
"""

from __future__ import annotations

import functools
import math
import random
from fractions import Fraction

import pytest

import mp_notebook as mp
from mp_notebook.rulesets.schmidt import routes as spin
from mp_notebook.rulesets.schmidt.rules import destinations


def positions(count: int, seed: int = 0) -> list[mp.GameState]:
    """Turn decisions of random games, a few steps apart."""
    rng = random.Random(seed)
    out = []
    game = 0
    while len(out) < count:
        s = mp.new_game(2 + game % 3, ruleset="schmidt", seed=game)
        for _ in range(rng.randrange(5, 120)):
            if s.is_over:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        if not s.is_over and s.decision.kind == "turn":
            out.append(s)
        game += 1
    return out


class Engine:
    """The engine's end spaces of one merchant as if he stood elsewhere (positions edited)."""

    def __init__(self, s: mp.GameState, i: int):
        self.s, self.i = s, s.players[i] and i
        self.sectors = s.components.rules.spinner

    @functools.cache  # noqa: B019 (one Engine per position)
    def ends(self, here: str, ring: str, sector: int | str) -> tuple[str, ...]:
        if not isinstance(sector, int):
            return ()
        edited = self.s.with_player(self.i, location=here, mode=ring)
        return tuple(destinations(edited, self.i, sector))

    def rings(self, here: str) -> tuple[str, ...]:
        return self.s.components.modes_at(here)


def enumerate_odds(engine: Engine, here: str, targets: frozenset[str], spins: int) -> Fraction:
    """The best chance, by enumerating every spin sequence (no memo of chances)."""
    if here in targets:
        return Fraction(1)
    if spins == 0:
        return Fraction(0)
    best = Fraction(0)
    for ring in engine.rings(here):
        sectors = engine.sectors[ring]
        total = Fraction(0)
        for sector in sectors:
            ends = engine.ends(here, ring, sector)
            total += Fraction(1, len(sectors)) * max(
                (enumerate_odds(engine, e, targets, spins - 1) for e in ends),
                default=enumerate_odds(engine, here, targets, spins - 1))
        best = max(best, total)
    return best


def test_odds_match_an_exact_enumeration_on_random_positions():
    rng = random.Random(37)
    checked = 0
    for s in positions(14):
        i = s.current_player
        engine = Engine(s, i)
        c = s.components
        for spins in (1, 2, 2, 3):
            target = rng.choice([c.khanbalik, rng.choice(sorted(c.trading_cities)), "port",
                                 rng.choice(sorted(c.locations))])
            targets = spin.targets(s, i, target)
            want = enumerate_odds(engine, s.players[i].location, targets, spins if spins < 3 or checked % 3 == 0 else 2)
            got = mp.routes.odds(s, i, target, spins=spins if spins < 3 or checked % 3 == 0 else 2, exact=True)
            assert got == want, (s.players[i], target, spins)
            checked += 1
    assert checked == 56


def per_target_odds(moves, targets: frozenset[str], spins: int) -> list[dict[str, float]]:
    """Per number of spins 0..``spins``, per space, the best chance to end a move on ``targets``:
    one target at a time over the chain's ``moves`` (floats, summed in outcome order)."""
    values = {x: 1.0 if x in targets else 0.0 for x in moves}
    out = [values]
    for _ in range(spins):
        values = {x: values[x] if x in targets else best_ring(moves, values, x)[0] for x in moves}
        out.append(values)
    return out


def best_ring(moves, values: dict[str, float], here: str) -> tuple[float, str]:
    """The best ``(chance, ring)`` of one spin from ``here`` when ending on a space is worth
    ``values[space]`` (staying is worth ``values[here]``); the first ring by name among equals."""
    out = None
    for ring, outcomes in sorted(moves[here].items()):
        v = sum(float(p) * max((values[e] for e in ends), default=values[here]) for p, ends in outcomes)
        if out is None or v > out[0]:
            out = (v, ring)
    return out


def per_target_expected(moves, targets: frozenset[str]) -> dict[str, float]:
    """Per space, the least expected spins to end a move on ``targets`` (``inf`` where no way of
    playing gets there for sure): one target at a time, policy iteration from a policy that gets
    there for sure (the greatest set of spaces whose rings may stay in it and reach the target;
    ranks by the fewest spins; the first ring reaching a lower rank and the least-ranked end)."""
    import numpy as np

    def stays(outcomes, sure, here):
        return all((any(e in sure for e in ends) if ends else here in sure) for _, ends in outcomes)

    sure = frozenset(moves)
    while True:
        reach = set(targets)
        grown = True
        while grown:
            grown = False
            for x in sure - reach:
                if any(stays(outcomes, sure, x) and any(e in reach for _, ends in outcomes for e in ends)
                       for outcomes in moves[x].values()):
                    reach.add(x)
                    grown = True
        if reach >= sure:
            break
        sure = frozenset(reach & sure)
    rank = {x: (0, "") for x in targets}
    level = 0
    while len(rank) < len(sure):
        level += 1
        new = {}
        for x in sorted(sure - rank.keys()):
            ring = next((r for r, outcomes in sorted(moves[x].items()) if stays(outcomes, sure, x)
                         and any(e in rank for _, ends in outcomes for e in ends)), None)
            if ring is not None:
                new[x] = (level, ring)
        rank.update(new)

    def choose(here, ring, key):
        return [(float(p), min((e for e in ends if e in sure), key=key) if ends else here)
                for p, ends in moves[here][ring]]

    spaces = sorted(sure - targets)
    index = {x: k for k, x in enumerate(spaces)}
    policy = {x: choose(x, rank[x][1], lambda e: (rank[e][0], e)) for x in spaces}
    while True:
        a = np.eye(len(spaces))
        for x in spaces:
            for p, to in policy[x]:
                if to in index:
                    a[index[x], index[to]] -= p
        solved = np.linalg.solve(a, np.ones(len(spaces))) if spaces else np.zeros(0)
        values = {**dict.fromkeys(moves, math.inf), **dict.fromkeys(targets, 0.0),
                  **{x: float(solved[index[x]]) for x in spaces}}
        improved = False
        for x in spaces:
            least = min((1 + sum(p * values[to] for p, to in choose(x, ring, lambda e, v=values: (v[e], e))), ring)
                        for ring, outcomes in sorted(moves[x].items()) if stays(outcomes, sure, x))
            if least[0] < values[x] - 1e-9:
                policy[x] = choose(x, least[1], lambda e, v=values: (v[e], e))
                improved = True
        if not improved:
            return values


def table_against_per_target(s: mp.GameState, i: int, rows: int | None = None,
                             seed: int = 0) -> tuple[int, int, float]:
    """Compare ``mp.routes.table`` with the per-target computation on every row (or ``rows``
    drawn at random): (numbers compared, those differing by more than 1e-9 relative or as to
    being infinite, the largest relative difference)."""
    t = mp.routes.table(s, i)
    if rows is not None:
        t = t.sample(min(rows, len(t)), random_state=seed)
    moves = spin.chain(s, i).moves
    here = s.players[i].location
    checked = bad = 0
    worst = 0.0
    for row in t.itertuples():
        targets = frozenset({row.location})
        spread = per_target_odds(moves, targets, max(spin.TABLE_SPINS))
        want = [spread[n][here] for n in spin.TABLE_SPINS] + [per_target_expected(moves, targets)[here]]
        got = [getattr(row, f"chance_{n}") for n in spin.TABLE_SPINS] + [row.expected_spins]
        for x, y in zip(got, want, strict=True):
            checked += 1
            if math.isinf(x) or math.isinf(y):
                bad += x != y
            else:
                diff = abs(x - y) / max(1.0, abs(y))
                worst = max(worst, diff)
                bad += diff > 1e-9
    return checked, bad, worst


def test_table_matches_the_per_target_computation():
    for k, s in enumerate(positions(3, seed=11)):
        checked, bad, worst = table_against_per_target(s, s.current_player, rows=5, seed=k)
        assert checked == 20 and bad == 0, worst


def test_odds_agree_with_a_100k_spin_simulation():
    """Play the odds' own best choices with spins drawn at random (the spinner's sectors, the
    engine's end spaces): the share of hits lies within 4 standard errors of the exact chance."""
    s = mp.new_game(3, ruleset="schmidt", seed=5)
    i = 0
    engine = Engine(s, i)
    targets = frozenset({"Tabriz", "Trebizond"})
    n = 4
    ch = spin.chain(s, i)
    index = ch.arrays().index
    table = [{x: float(v[k, 0]) for x, k in index.items()} for v in spin._odds_values(ch, [targets], n)]
    exact = mp.routes.odds(s, i, targets, spins=n, exact=True)
    assert table[n][s.players[i].location] == float(exact)
    rings = {(k, x): best_ring(ch.moves, table[k - 1], x)[1] for k in range(1, n + 1) for x in ch.moves}
    rng = random.Random(1)
    spun = hits = trials = 0
    while spun < 100_000:
        here, left = s.players[i].location, n
        trials += 1
        while left and here not in targets:
            values = table[left - 1]
            ring = rings[left, here]
            ends = engine.ends(here, ring, rng.choice(engine.sectors[ring]))
            here = max(ends, key=lambda e: (values[e], e)) if ends else here
            left -= 1
            spun += 1
        hits += here in targets
    error = math.sqrt(float(exact) * (1 - float(exact)) / trials)
    assert abs(hits / trials - float(exact)) <= 4 * error, (hits / trials, float(exact), trials)


def test_expected_spins_match_value_iteration():
    for s in positions(2, seed=9):
        i = s.current_player
        ch = spin.chain(s, i)
        moves = {x: [[(float(p), ends) for p, ends in outcomes] for outcomes in rings.values()]
                 for x, rings in ch.moves.items()}
        for target in ("Tabriz", "port"):
            targets = spin.targets(s, i, target)
            got = mp.routes.expected_spins(s, i, target)
            values = {x: 0.0 for x in ch.moves}
            for _ in range(2000):
                new = {x: 0.0 if x in targets else 1 + min(
                    sum(p * min((values[e] for e in ends), default=values[x]) for p, ends in outcomes)
                    for outcomes in moves[x]) for x in ch.moves}
                done = max(abs(new[x] - values[x]) for x in ch.moves) < 1e-11
                values = new
                if done:
                    break
            want = values[s.players[i].location]
            if math.isinf(got):
                assert want > 500  # value iteration grows without bound where no way gets there for sure
            else:
                assert got == pytest.approx(want, rel=1e-6), (target, got, want)


def test_least_end_is_the_first_end_by_name_among_the_least():
    """The fold of the values' bits (the space's place by name in the last bits) against the least
    over each spin result's end spaces, read from the chain's moves: many ties, some ``inf``."""
    import numpy as np

    s = positions(1, seed=3)[0]
    ch = spin.chain(s, s.current_player)
    a = ch.arrays()
    names = list(a.index)
    rng = np.random.default_rng(0)
    values = rng.integers(0, 3, (len(names), 4)).astype(float) / 3
    values[rng.random(values.shape) < 0.2] = np.inf
    end, least = a.least_end(values)
    pair = 0
    for here, rings in ch.moves.items():  # pairs: by space, then ring name; a pair's results in moves order
        for ring in sorted(rings):
            for j, (_, ends) in enumerate(rings[ring]):
                outcome = a.pair_outcomes[j, pair]
                options = [a.index[e] for e in ends] or [a.index[here]]
                for t in range(values.shape[1]):
                    want = min(options, key=lambda k: (values[k, t], names[k]))
                    assert (end[outcome, t], least[outcome, t]) == (want, values[want, t]), (here, ring, ends, t)
            pair += 1
    assert pair == a.pair_outcomes.shape[1]


def test_expected_spins_is_zero_on_the_target_and_infinite_where_it_cannot_be_entered():
    s = mp.new_game(2, ruleset="schmidt", seed=1)
    assert mp.routes.expected_spins(s, 0, "Venice") == 0 and mp.routes.odds(s, 0, "Venice", spins=0) == 1
    assert math.isinf(mp.routes.expected_spins(s, 0, "Khanbalik"))  # no gifts for the Khan
    gifts = s.with_player(0, cards=["red80a", "blue80a", "green80a"])
    assert 0 < mp.routes.odds(gifts, 0, "Khanbalik", spins=8) < 1
    assert mp.routes.expected_spins(gifts, 0, "Khanbalik") < 30


def test_reachable_follows_the_spinner_and_the_engine():
    for s in positions(6, seed=3):
        i = s.current_player
        rows = mp.routes.reachable(s, i)
        c = s.components
        p = s.players[i]
        assert {r.space for r in rows} <= set(c.modes_at(p.location))
        for ring in {r.space for r in rows}:
            sectors = c.rules.spinner[ring]
            for value in {r.dice[0] for r in rows if r.space == ring}:
                ends = {r.location for r in rows if r.space == ring and r.dice == (value,)}
                assert ends == set(destinations(s, i, value, mode=ring))
                assert {r.chance for r in rows if r.space == ring and r.dice == (value,)} == {
                    sectors.count(value) / len(sectors)}
        assert all(r.action == f"spin {r.space}" and r.steps == (r.location,) for r in rows)
        moved = s.apply(f"spin {p.mode}")
        if moved.decision.kind == "move":
            now = mp.routes.reachable(moved, i)
            assert sorted(r.action for r in now) == sorted(str(a) for a in moved.legal_actions())
            assert all(r.moves == moved.decision.about for r in now)
            assert mp.routes.reachable(moved, 1 - i if s.num_players == 2 else (i + 1) % s.num_players) == []


def test_table_of_the_places_a_merchant_cares_about():
    s = mp.new_game(2, ruleset="schmidt", seed=1)
    t = mp.routes.table(s, 0).set_index("location")
    c = s.components
    assert list(t.columns) == list(spin.TABLE_COLUMNS[1:])
    assert set(t.index) == (c.trading_cities | set(c.ports)) - {"Venice"}
    assert (t.chance_1 <= t.chance_3).all() and (t.chance_3 <= t.chance_5).all()
    assert t.loc["Acre", "chance_3"] == pytest.approx(mp.routes.odds(s, 0, "Acre", spins=3))
    assert t.loc["Khanbalik", "chance_5"] == 0 and "3 ware cards" in t.loc["Khanbalik", "note"]
    assert set(t.index[t.reachable_now]) == {r.location for r in mp.routes.reachable(s, 0)} - {"Venice"} & set(t.index)
    plaque = s.with_player(0, plaque=c.rules.missions[0])
    assert mp.routes.table(plaque, 0).iloc[1]["kind"] == "mission city" or c.rules.missions[0] == c.khanbalik
    assert mp.routes.odds(plaque, 0, "mission", spins=2) == mp.routes.odds(plaque, 0, c.rules.missions[0], spins=2)


@pytest.mark.parametrize("call,match", [
    (lambda s: mp.routes.cheapest(s, 0, "Acre"), r"cheapest: .* moves by the spinner.*mp\.routes\.odds"),
    (lambda s: mp.routes.why_unreachable(s, 0, "Acre"), "why_unreachable: .* spinner"),
    (lambda s: mp.routes.travel_rules(s, 0), "travel_rules: .* spinner"),
    (lambda s: mp.routes.journey(s, 0, "Acre"), "journey: .* spinner"),
    (lambda s: mp.routes.journeys(s, 0), "journeys: .* spinner"),
    (lambda s: mp.routes.tour(s, 0, ["Acre"]), "tour: .* spinner"),
    (lambda s: mp.routes.goal_tour(s, 0), "goal_tour: .* spinner"),
    (lambda s: mp.routes.pairs(s, 0), "pairs: .* spinner"),
    (lambda s: mp.routes.matrix(s.board, by="coins"), "only by='moves'"),
    (lambda s: mp.routes.odds(s, 0, "mission"), "holds no Golden Plaque"),
    (lambda s: mp.routes.odds(s, 0, "Atlantis"), "unknown location 'Atlantis'"),
    (lambda s: mp.routes.odds(s, 0, []), "at least one location"),
    (lambda s: mp.routes.odds(s, 0, "Acre", spins=-1), "spins"),
    (lambda s: mp.routes.odds(s, 5, "Acre"), "player: no seat 5"),
])
def test_questions_the_spinner_cannot_answer_are_clear_errors(call, match):
    s = mp.new_game(2, ruleset="schmidt", seed=1)
    with pytest.raises(mp.ArgumentError, match=match):
        call(s)


def test_matrix_by_moves_counts_spaces():
    s = mp.new_game(2, ruleset="schmidt", seed=1)
    m = mp.routes.matrix(s.board)
    assert int(m.loc["Venice", "Constantinople"]) == s.components.distance["Venice"]["Constantinople"]


def test_no_trading_city_returns_within_two_spins_more_often_than_seven_in_eight():
    """The bound behind docs/bots.md's Schmidt return habit: a merchant who may return and stands in a
    trading city (where his own trade completes the condition) ends a move in Venice within 2 spins
    at best 7/8 of the time, from Constantinople (3 spaces); by the odds and by enumeration alike."""
    s = mp.new_game(2, ruleset="schmidt", seed=1).with_player(
        0, plaque="Pagan", secrets=True, gulden=1200, cards=["red50a", "green50a", "blue50a", "brown50a"])
    c = s.components
    best = {}
    for city in c.trading_cities:
        for ring in c.modes_at(city):
            here = s.with_player(0, location=city, mode=ring)
            best[city, ring] = mp.routes.odds(here, 0, c.start, spins=2, exact=True)
    top = max(best.values())
    assert top == Fraction(7, 8)
    assert {city for (city, _), chance in best.items() if chance == top} == {"Constantinople"}
    assert enumerate_odds(Engine(s, 0), "Constantinople", frozenset({c.start}), 2) == top
