"""Route analysis of the Schmidt game (mp.routes over the spinner, mp_notebook.rulesets.schmidt.routes).

The odds are checked against an exact enumeration of every spin sequence on random positions
(the engine's legal end spaces of positions edited with ``with_player``, no shared code with the
dynamic programme but the engine), against a 100,000-spin simulation, and the expected spins
against value iteration.
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


def test_odds_agree_with_a_100k_spin_simulation():
    """Play the odds' own best choices with spins drawn at random (the spinner's sectors, the
    engine's end spaces): the share of hits lies within 4 standard errors of the exact chance."""
    s = mp.new_game(3, ruleset="schmidt", seed=5)
    i = 0
    engine = Engine(s, i)
    targets = frozenset({"Tabriz", "Trebizond"})
    n = 4
    ch = spin.chain(s, i)
    table = spin._odds_table(ch, targets, n)
    exact = table[n][s.players[i].location]
    rings = {(k, x): ch.best(table[k - 1], x)[1] for k in range(1, n + 1) for x in ch.moves}
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
