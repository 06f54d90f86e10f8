"""The learned position value (``mp_notebook.agents.value``): fit it, judge its predictions, time
it, and match SearchAgent on it against GreedyAgent.

Usage::

    python bench/value.py fit --ruleset mp2 [--games N] [--workers 2]
    python bench/value.py predict [--rulesets mp2 voyages schmidt] [--games N] [--held-out 200]
                                  [--held-first SEED] [--shipped]
    python bench/value.py speed [--rulesets mp2 voyages schmidt] [--repeats 7]
    python bench/value.py match [--rulesets mp2] [--games 200] [--first 0] [--workers 2] [--option NAME VALUE]
    python bench/value.py error [--rulesets mp2 voyages schmidt] [--references dev fresh] [--futures 8] [--write]

``fit`` plays ``--games`` (by default the ruleset's ``GAMES``) 2-player games of ``GreedyAgent``
against itself (game ``n``: seed ``TRAIN + n``, agents seeded ``n`` and ``n + 1``, the Schmidt
game with ``round_limit=300`` as a guard), takes every turn decision's position with the seats'
final margins and who won, fits scikit-learn's ridge regression of the margin and logistic
regression of the win on the design rows (standardised, the scaling folded back into the
coefficients), their regularisation (``ALPHAS``, ``CS``) chosen by 5-fold cross-validation grouped
by game on the training games alone (the margin's squared error, the win's log loss), and writes
``rulesets/<id>/data/value.json`` with its probe (``PROBE``). The same seeds and code give the
same file. Games are cached in ``--cache`` (keyed by the source of the greedy player and its
evaluation, so a changed greedy player's games are played again).

``predict`` fits on the ``--games`` training games as ``fit`` does (or, with ``--shipped``, takes
the shipped ``value.json``: the same model when it was fitted on those games by this code) and
judges, on ``--held-out`` other games (seeds ``--held-first + n``, by default ``HELD_OUT + n``), how
well the learned value and the hand evaluation (``terms(s).margin``, what GreedyAgent ranks by)
predict the winner: from round-3 positions (Marco Polo II, Voyages) or the first third of the game
(Schmidt: rounds up to a third of the game's last). Both as accuracy (the sign of the margin; the
Schmidt game: of the win chance minus a half) and log loss (the hand margin turned into a chance by
a logistic fit on the training games' positions of the same stage, not on the held-out games), each
with the learned value's difference from the hand evaluation and its standard error, the games taken
as the independent units. The comparison leans to the hand evaluation: its chance is calibrated on
the stage judged, the learned win chance is one model for every stage. So a third line turns the
learned margin into a chance by the same kind of fit as the hand margin (like for like: which of the
two margins says more at that stage). Where the value is a margin (Marco Polo II, Voyages), a fourth
line sets beside it gradient-boosted trees (scikit-learn's ``HistGradientBoostingRegressor``) fitted
on the same training rows: whether a non-linear model of the same features would predict better.

``speed`` times one call of ``value(s, 0)`` (what SearchAgent calls at every leaf) and, beside
it, of the hand evaluation's ``margin(s, 0)``, in CPU time, on every 4th position of the first
120 decisions of a seeded 2-player GreedyAgent game (the model already loaded): the median
microseconds a call over ``--repeats`` passes, and the fastest and slowest pass.

``match`` plays SearchAgent (defaults, or ``--option NAME VALUE`` keyword arguments) against
GreedyAgent in paired games: game ``2k`` and ``2k + 1`` share seed ``MATCH + k`` with the seats
swapped; a shared victory counts half. Prints the win rate with its 95% Wilson interval, the mean
margin ± its standard error, and the search's seconds per decision (median, 99th percentile,
maximum), by the wall clock and in CPU time (on a loaded machine the wall clock counts the time
other processes take), per ruleset.

``error`` measures how far the shipped margin model's estimates are from what the greedy player
goes on to reach, where the Hint uses them: at each position of the reference sets
``bench/data/<reference>-<ruleset>.json`` (made by ``bench/reference.py``: every valued choice
played to the final scoring by GreedyAgent for every seat on common futures), each valued choice is
sampled as the Hint samples it (``mp.analysis.evaluate``'s ``sample``: its futures, GreedyAgent(0)
on to the horizon, the learned value there) on ``--futures`` futures at each horizon before the end.
Per horizon it prints, over the choices (*margin*) and over the pairs of a choice with the greedy
player's pick at the same position (*difference*): the root mean square of the estimate's mean minus
the reference's mean, the part of that which both means' own sampling noise explains, and what is
left, the model's error: ``sqrt(rms² - noise²)``, with a 95% bootstrap interval over positions.
Where fewer than ``MIN_PAIRS`` pairs were measured or the noise explains it all, the model's error
cannot be told from the noise; the figure kept is then the root mean square itself, an upper
bound (``"bound"``). ``--write`` puts the figures in ``value.json``'s ``error`` (with the margin
model's fingerprint: a refit voids them), where the Hint and the review widen their intervals by them.

This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import math
import pickle
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import fmean, median, quantiles, stdev

from tqdm import tqdm

# this checkout's package (not another installed copy), also in worker processes
ROOT = Path(__file__).parents[1]
sys.path[:0] = [str(ROOT)]

import mp_notebook as mp  # noqa: E402
from mp_notebook.agents import _value as learned  # noqa: E402
from mp_notebook.agents.base import terms as hand_terms  # noqa: E402
from mp_notebook.analysis import wilson  # noqa: E402

RULESETS = ("mp2", "voyages", "schmidt")
TRAIN, HELD_OUT, MATCH = 50_000, 60_000, 70_000  # seed bases of the training, held-out and match games
OPTIONS = {"schmidt": {"round_limit": 300}}
# Training games by default. Marco Polo II: 800 (the winner predicted from round 3, on held-out
# games 60000-60599: +0.8 ± 0.9 points over the hand evaluation when fitted on 160 games, +2.5 ± 0.9
# on 640, +2.2 ± 0.8 on 800; log loss +0.018 ± 0.013, -0.013 ± 0.009, -0.015 ± 0.008); the Schmidt
# game: 160 (212 games did no better); Voyages: 160 (on held-out games 60000-60599: +2.6 ± 0.9 points,
# log loss -0.028 ± 0.011; fitted on 640: +1.2 ± 1.0, -0.030 ± 0.011, no better).
GAMES = {"mp2": 800, "voyages": 160, "schmidt": 160}
ALPHAS = (1.0, 10.0, 100.0, 1000.0, 10000.0)  # the ridge penalties cross-validated (standardised rows)
CS = (0.00003, 0.0001, 0.0003, 0.001, 0.003, 0.01, 0.1)  # the logistic inverse penalties cross-validated
FOLDS = 5
PROBE = {"seed": 1, "decisions": 40}  # the probe position (mp_notebook.agents.value.probe_state)


@dataclass
class Game:
    """One self-play game: how it started, its history, the turn positions (their index in the
    history, the round and the hand evaluation's margins of the two seats), then the outcome."""

    setup: dict[str, object]
    history: tuple[str, ...]
    turns: list[tuple[int, int, list[float]]]
    margins: list[float]
    winners: list[bool]
    last_round: int


def play(job: tuple[str, int]) -> Game:
    """Game ``seed`` of GreedyAgent against itself, 2 players."""
    ruleset, seed = job
    s = mp.new_game(2, ruleset=ruleset, seed=seed, **OPTIONS.get(ruleset, {}))
    setup = dict(s.setup)
    agents = [mp.agents.GreedyAgent(seed), mp.agents.GreedyAgent(seed + 1)]
    ev = hand_terms(s)
    turns = []
    while not s.is_over:
        if s.decision.kind == "turn":
            turns.append((len(s.history), s.round, [ev.margin(s, i) for i in range(2)]))
        i = s.current_player
        assert i is not None
        s = s.apply(agents[i].choose(s))
    winners = [bool(row["winner"]) for row in s.score_rows()]
    return Game(setup, s.history, turns, [learned.final_margin(s, i) for i in range(2)], winners, s.round)


def code_key(ruleset: str) -> str:
    """A digest of the committed code a game's moves depend on (the greedy player and its
    evaluation, as of git's ``HEAD``: other work in progress in the tree does not void the cache)."""
    paths = ["mp_notebook/agents/greedy.py", "mp_notebook/agents/base.py",
             f"mp_notebook/rulesets/{ruleset}/evaluation.py"]
    blobs = subprocess.run(["git", "rev-parse", *(f"HEAD:{p}" for p in paths)], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout
    return hashlib.sha256(blobs.encode()).hexdigest()[:12]


def games(ruleset: str, seeds: range, workers: int, cache: Path) -> list[Game]:
    """The games of ``seeds``, from the cache where already played."""
    folder = cache / f"{ruleset}-{code_key(ruleset)}"
    folder.mkdir(parents=True, exist_ok=True)
    missing = [n for n in seeds if not (folder / f"{n}.pkl").exists()]
    if missing:
        with ProcessPoolExecutor(workers) as pool:
            played = pool.map(play, [(ruleset, n) for n in missing], chunksize=1)
            for n, game in zip(missing, tqdm(played, total=len(missing), desc=f"{ruleset} games", file=sys.stderr),
                               strict=True):
                (folder / f"{n}.pkl").write_bytes(pickle.dumps(game))
    return [pickle.loads((folder / f"{n}.pkl").read_bytes()) for n in seeds]


@dataclass
class Position:
    """A turn position of a game, as the fit sees it."""

    seats: list[list[float]]
    progress: float
    mover: int | None
    round: int
    hand: list[float]
    game: Game


def positions(played: list[Game]) -> list[Position]:
    """Every turn position of ``played``, its features computed by replaying the game."""
    out = []
    for game in played:
        s = mp.new_game(**game.setup)  # type: ignore[arg-type]
        vt = learned.terms(s.ruleset)
        turns = iter(game.turns)
        at, rnd, hand = next(turns, (-1, 0, []))
        for k, entry in enumerate((*game.history, None)):
            if k == at:
                out.append(Position(learned.seat_rows(s), vt.progress(s), s.decision.player, rnd, hand, game))
                at, rnd, hand = next(turns, (-1, 0, []))
            if entry is not None:
                s = s.apply(entry)
    return out


@dataclass
class Samples:
    """Every seat at every position: design rows, final margins, wins (1/0), hand margins and the
    game's index."""

    rows: list[list[float]]
    margins: list[float]
    wins: list[int]
    hand: list[float]
    game: list[int]


def samples(found: list[Position]) -> Samples:
    """The :class:`Samples` of ``found``."""
    out = Samples([], [], [], [], [])
    games_seen: dict[int, int] = {}
    for p in found:
        for i in range(len(p.seats)):
            out.rows.append(learned.design_row(p.seats, i, p.progress, p.mover))
            out.margins.append(p.game.margins[i])
            out.wins.append(int(p.game.winners[i]))
            out.hand.append(p.hand[i])
            out.game.append(games_seen.setdefault(id(p.game), len(games_seen)))
    return out


def fit(ruleset: str, played: list[Game], seeds: range) -> learned.ValueModel:
    """The value fitted on ``played`` (see the module doc)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression, Ridge
    from sklearn.metrics import log_loss as sk_log_loss
    from sklearn.model_selection import GroupKFold
    from sklearn.preprocessing import StandardScaler

    data = samples(positions(played))
    x, margins, wins = np.asarray(data.rows), np.asarray(data.margins), np.asarray(data.wins)
    folds = list(GroupKFold(FOLDS).split(x, margins, data.game))

    def standardised(train: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        scaler = StandardScaler().fit(x[train])
        return scaler.mean_, np.where(scaler.scale_ > 0, scaler.scale_, 1.0)

    def ridge(alpha: float, train: np.ndarray) -> tuple[Ridge, np.ndarray, np.ndarray]:
        mean, scale = standardised(train)
        return Ridge(alpha=alpha).fit((x[train] - mean) / scale, margins[train]), mean, scale

    def logistic(c: float, train: np.ndarray) -> tuple[LogisticRegression, np.ndarray, np.ndarray]:
        mean, scale = standardised(train)
        return LogisticRegression(C=c, max_iter=5000).fit((x[train] - mean) / scale, wins[train]), mean, scale

    def cv_error(name: str, penalty: float) -> float:
        predicted = np.zeros(len(x))
        for train, test in folds:
            model, mean, scale = (ridge if name == "margin" else logistic)(penalty, train)
            z = (x[test] - mean) / scale
            predicted[test] = model.predict(z) if name == "margin" else model.predict_proba(z)[:, 1]
        return float(np.mean((predicted - margins) ** 2)) if name == "margin" else float(sk_log_loss(wins, predicted))

    everything = np.arange(len(x))
    parts, chosen = {}, {}
    for name, grid in (("margin", ALPHAS), ("win", CS)):
        errors = {penalty: cv_error(name, penalty) for penalty in grid}
        chosen[name] = min(grid, key=errors.__getitem__)
        print(f"  {ruleset} {name}: cross-validated {'squared error' if name == 'margin' else 'log loss'} by "
              f"{'alpha' if name == 'margin' else 'C'}: " + ", ".join(f"{k:g}: {v:.4g}" for k, v in errors.items()),
              file=sys.stderr)
        model, mean, scale = (ridge if name == "margin" else logistic)(chosen[name], everything)
        coef = np.ravel(model.coef_) / scale
        intercept = float(np.ravel([model.intercept_])[0] - coef @ mean)
        parts[name] = learned.Linear(round(intercept, 10), tuple(round(float(c), 10) for c in coef))
    names = learned.design_names(learned.terms(ruleset).NAMES)
    fitted = {"games": len(played), "seeds": f"{seeds.start}-{seeds.stop - 1}", "rows": len(x),
              "policy": "GreedyAgent(n) against GreedyAgent(n + 1), 2 players, every turn decision, both seats",
              "models": f"sklearn Ridge(alpha={chosen['margin']:g}), LogisticRegression(C={chosen['win']:g}) on "
                        f"standardised rows, the penalties chosen by {FOLDS}-fold cross-validation grouped by game",
              "command": f"python bench/value.py fit --ruleset {ruleset} --games {len(played)}"}
    probe = learned.design(learned.probe_state(ruleset, PROBE["seed"], PROBE["decisions"]), 0)
    return learned.ValueModel(ruleset, names, parts["margin"], parts["win"], fitted,
                              {**PROBE, "row": [round(v, 10) for v in probe]})


def early(ruleset: str, p: Position) -> bool:
    """Whether ``predict`` judges ``p``: round 3, or the first third of a Schmidt game."""
    return p.round <= p.game.last_round / 3 if ruleset == "schmidt" else p.round == 3


def losses(chances: list[float], wins: list[int]) -> list[float]:
    """The log loss of each chance against its outcome."""
    eps = 1e-12
    return [-math.log(max(eps, p if w else 1 - p)) for p, w in zip(chances, wins, strict=True)]


def paired(ours: list[float], theirs: list[float], games: list[int]) -> str:
    """The mean of ``ours - theirs`` ± its standard error, the games taken as the independent units
    (a game's positions are not independent of each other)."""
    by_game: dict[int, list[float]] = {}
    for a, b, g in zip(ours, theirs, games, strict=True):
        by_game.setdefault(g, []).append(a - b)
    means = [fmean(v) for v in by_game.values()]
    return f"{fmean(ours) - fmean(theirs):+.3f} ± {stdev(means) / len(means) ** 0.5:.3f}"


def predict(ruleset: str, train: list[Game], held: list[Game], fitted: learned.ValueModel) -> None:
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    trained = positions(train)
    known = samples([p for p in trained if early(ruleset, p)])
    calibration = LogisticRegression().fit(np.asarray(known.hand)[:, None], known.wins)
    like = LogisticRegression().fit(np.asarray([[fitted.margin(row)] for row in known.rows]), known.wins)
    judged = samples([p for p in positions(held) if early(ruleset, p)])
    decided = [k for k, m in enumerate(judged.margins) if m != 0 or ruleset == "schmidt"]  # a tie predicts nothing
    rows = [judged.rows[k] for k in decided]
    margins = [judged.margins[k] for k in decided]
    hand = [judged.hand[k] for k in decided]
    truth = [judged.wins[k] for k in decided]
    games = [judged.game[k] for k in decided]
    learned_margin = [fitted.margin(row) for row in rows]
    learned_chance = [1 / (1 + math.exp(-fitted.win(row))) for row in rows]
    hand_chance = list(calibration.predict_proba(np.asarray(hand)[:, None])[:, 1])
    like_chance = list(like.predict_proba(np.asarray(learned_margin)[:, None])[:, 1])
    ours = learned_margin if learned.terms(ruleset).OUTCOME == "margin" else [p - 0.5 for p in learned_chance]
    hits = [float((v > 0) == bool(w)) for v, w in zip(ours, truth, strict=True)]
    hand_hits = [float((v > 0) == bool(w)) for v, w in zip(hand, truth, strict=True)]
    loss, hand_loss, like_loss = losses(learned_chance, truth), losses(hand_chance, truth), losses(like_chance, truth)
    print(f"  {ruleset}: {len(decided)} seat-positions of {len(held)} held-out games "
          f"({'round 3' if ruleset != 'schmidt' else 'the first third of each game'})")
    print(f"    winner predicted: learned value {fmean(hits):.1%}, hand evaluation {fmean(hand_hits):.1%} "
          f"(learned - hand, ± its standard error over games: {paired(hits, hand_hits, games)})")
    print(f"    log loss: learned win chance {fmean(loss):.3f}, hand evaluation (calibrated) {fmean(hand_loss):.3f} "
          f"(learned - hand: {paired(loss, hand_loss, games)}; a coin: {math.log(2):.3f})")
    print(f"    log loss, like for like: the learned margin calibrated as the hand's {fmean(like_loss):.3f} "
          f"(learned - hand: {paired(like_loss, hand_loss, games)})")
    if ruleset != "schmidt":
        err = [abs(a - m) for a, m in zip(learned_margin, margins, strict=True)]
        print(f"    final margin's mean absolute error: learned {fmean(err):.1f}, hand evaluation's margin "
              f"{fmean(abs(h - m) for h, m in zip(hand, margins, strict=True)):.1f}")
    if learned.terms(ruleset).OUTCOME == "margin":
        tree_margin = boosted(samples(trained), rows)
        tree_hits = [float((v > 0) == bool(w)) for v, w in zip(tree_margin, truth, strict=True)]
        settings = ", ".join(f"{k}={v}" for k, v in BOOSTED.items())
        print(f"    a gradient-boosted margin on the same training rows (HistGradientBoostingRegressor({settings})): "
              f"winner predicted "
              f"{fmean(tree_hits):.1%} (learned - boosted: {paired(hits, tree_hits, games)}), final margin's mean "
              f"absolute error {fmean(abs(a - m) for a, m in zip(tree_margin, margins, strict=True)):.1f}")


BOOSTED = {"max_iter": 300, "max_depth": 6, "learning_rate": 0.05}  # HistGradientBoostingRegressor's settings


def boosted(data: Samples, rows: list[list[float]]) -> list[float]:
    """The final margins of ``rows`` as predicted by scikit-learn's gradient-boosted trees
    (:data:`BOOSTED`) fitted on ``data``: the non-linear model the linear value is judged against."""
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingRegressor

    model = HistGradientBoostingRegressor(**BOOSTED, random_state=0)
    return [float(v) for v in model.fit(np.asarray(data.rows), data.margins).predict(np.asarray(rows))]


@dataclass
class Result:
    """One match game, for the search's seat: its share of the victory, its final margin over the
    greedy player and its seconds per decision."""

    win: float
    margin: float
    seconds: list[float]
    cpu: list[float]


def match_game(job: tuple[str, int, dict[str, object]]) -> Result:
    """Game ``n`` of the match: seed ``MATCH + n // 2``, the search in seat ``n % 2``."""
    ruleset, n, options = job
    seat = n % 2
    s = mp.new_game(2, ruleset=ruleset, seed=MATCH + n // 2, **OPTIONS.get(ruleset, {}))
    search = mp.agents.SearchAgent(seed=n // 2, **options)  # type: ignore[arg-type]
    greedy = mp.agents.GreedyAgent(n // 2)
    seconds, cpu = [], []
    while not s.is_over:
        if s.current_player == seat:
            start, start_cpu = time.perf_counter(), time.process_time()
            a = search.choose(s)
            seconds.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        else:
            a = greedy.choose(s)
        s = s.apply(a)
    winners = [bool(row["winner"]) for row in s.score_rows()]
    return Result(winners[seat] / sum(winners), learned.final_margin(s, seat), seconds, cpu)


def match(rulesets: list[str], n_games: int, workers: int, options: dict[str, object], first: int = 0) -> None:
    """Print the paired match of SearchAgent against GreedyAgent, games ``first ..``, (see the module doc)."""
    shown = ", ".join(f"{k}={v!r}" for k, v in options.items()) or "defaults"
    print(f"SearchAgent ({shown}) vs GreedyAgent, 2 players, {n_games} paired games {first}-{first + n_games - 1} "
          f"(game n: seed {MATCH} + n // 2, seats swapped)")
    with ProcessPoolExecutor(workers) as pool:
        for ruleset in rulesets:
            start = time.perf_counter()
            jobs = [(ruleset, n, options) for n in range(first, first + n_games)]
            results = list(tqdm(pool.map(match_game, jobs, chunksize=1), total=n_games, desc=ruleset, file=sys.stderr))
            wins = sum(r.win for r in results)
            low, high = wilson(wins, n_games)
            margins = [r.margin for r in results]
            print(f"  {ruleset}: {wins / n_games:.1%} wins (95% Wilson interval {low:.1%}-{high:.1%}), margin "
                  f"{fmean(margins):+.1f} ± {stdev(margins) / n_games ** 0.5:.1f} a game "
                  f"[{time.perf_counter() - start:.0f} s, {workers} workers]")
            for name, times in (("wall clock", [x for r in results for x in r.seconds]),
                                ("CPU", [x for r in results for x in r.cpu])):
                print(f"    the search's {len(times)} decisions, {name}: median {median(times) * 1000:.1f} ms, "
                      f"99th percentile {quantiles(times, n=100)[98]:.2f} s, most {max(times):.2f} s", flush=True)


def speed(rulesets: list[str], repeats: int) -> None:
    """Print the microseconds a call of the learned value and of the hand margin (see the module doc)."""
    print(f"CPU microseconds a call, median of {repeats} passes (fastest-slowest)")
    for ruleset in rulesets:
        s = mp.new_game(2, ruleset=ruleset, seed=11, **OPTIONS.get(ruleset, {}))
        agent, states = mp.agents.GreedyAgent(1), []
        while not s.is_over and len(states) < 120:
            s = s.apply(agent.choose(s))
            states.append(s)
        states = states[::4]
        learned.value(states[0], 0)  # the model read
        figures = []
        for name, call in (("learned value", learned.value), ("hand margin", lambda s, i: hand_terms(s).margin(s, i))):
            passes = []
            for _ in range(repeats):
                start = time.process_time()
                for state in states:
                    call(state, 0)
                passes.append((time.process_time() - start) / len(states) * 1e6)
            figures.append(f"{name} {median(passes):.0f} µs ({min(passes):.0f}-{max(passes):.0f})")
        print(f"  {ruleset}, {len(states)} positions: " + ", ".join(figures), flush=True)


MIN_PAIRS = 30  # pairs below which the model's error is not told from the noise (the bound is kept)
ERROR_HORIZONS = learned.ESTIMATED
BOOTSTRAP = 2000


Job = tuple[dict[str, object], list[str], int, list[dict[str, object]], int]


def error_position(job: Job) -> list[dict[str, object]]:
    """The Hint's samples of each valued choice of one reference position (see the module doc):
    per choice, ``{"greedy_pick", "reference": [margins], horizon: [estimated margins]}``."""
    from mp_notebook.agents import GreedyAgent
    from mp_notebook.analysis.evaluate import sample
    from mp_notebook.analysis.simulate import derive_seed

    setup, history, seat, valued, futures = job
    s = mp.replay(setup, history)
    policy = GreedyAgent(0)
    seeds = [derive_seed("mp_notebook.evaluate", 0, f) for f in range(futures)]  # the Hint's own futures
    out = []
    for choice in valued:
        plan = tuple(choice["plan"])  # type: ignore[arg-type]
        try:
            row = {h: [sample(s, seat, plan, f, h, policy).margin for f in seeds] for h in ERROR_HORIZONS}
        except mp.IllegalAction:  # a plan the Hint's futures cannot play through: not one the Hint compares
            continue
        out.append({"greedy_pick": choice.get("greedy_pick", False), "reference": choice["margins"], **row})
    return out


def noise(values: list[float]) -> float:
    """The variance of the mean of ``values``."""
    return stdev(values) ** 2 / len(values) if len(values) > 1 else 0.0


def error_figures(by_position: list[list[tuple[float, float]]]) -> dict[str, object]:
    """``(error, noise variance)`` items grouped by position -> rms, noise, the model's error with
    its bootstrap interval over positions, or the bound (see the module doc)."""
    import random

    def model_error(groups: list[list[tuple[float, float]]]) -> tuple[float, float, float]:
        items = [x for g in groups for x in g]
        rms2 = fmean(e * e for e, _ in items)
        noise2 = fmean(v for _, v in items)
        return math.sqrt(rms2), math.sqrt(noise2), math.sqrt(max(0.0, rms2 - noise2))

    groups = [g for g in by_position if g]
    items = sum(len(g) for g in groups)
    rms, noise_, sigma = model_error(groups)
    rng = random.Random(0)
    boot = sorted(model_error([rng.choice(groups) for _ in groups])[2] for _ in range(BOOTSTRAP))
    low, high = boot[int(0.025 * BOOTSTRAP)], boot[int(0.975 * BOOTSTRAP) - 1]
    kind = "estimate" if items >= MIN_PAIRS and sigma > 0.0 else "bound"
    return {"value": sigma if kind == "estimate" else rms, "kind": kind, "rms": rms, "noise": noise_,
            "interval": [low, high], "items": items, "positions": len(groups)}


def error(rulesets: list[str], references: list[str], futures: int, workers: int, write: bool) -> None:
    """The ``error`` command (see the module doc)."""
    import reference as ref  # bench/reference.py: the reference sets

    for ruleset in rulesets:
        jobs, names = [], []
        for name in references:
            data = ref.load(name, ruleset)
            for p in data.get("positions", []):
                valued = [c for c in p["valued"] if "margins" in c]
                if len(valued) > 1 and any(c["greedy_pick"] for c in valued):
                    jobs.append((p["setup"], p["history"], p["seat"], valued, futures))
            names.append(f"bench/data/{name}-{ruleset}.json")
        if not jobs:
            print(f"  {ruleset}: no reference positions in {', '.join(names)}")
            continue
        with ProcessPoolExecutor(workers) as pool:
            sampled = list(tqdm(pool.map(error_position, jobs), total=len(jobs), desc=ruleset, file=sys.stderr))
        unit = mp.registry.get(ruleset).part("ui").SCORE_UNIT
        found: dict[str, dict[str, object]] = {}
        print(f"  {ruleset}: {len(jobs)} positions of {', '.join(names)}, {futures} futures a choice ({unit})")
        for h in ERROR_HORIZONS:
            margins, differences = [], []
            for rows in sampled:
                pick = next((r for r in rows if r["greedy_pick"]), None)
                margins.append([(fmean(r[h]) - fmean(r["reference"]), noise(r[h]) + noise(r["reference"]))
                                for r in rows])
                if pick is None:
                    continue
                pairs = []
                for r in rows:
                    if r is pick:
                        continue
                    est = [a - b for a, b in zip(r[h], pick[h], strict=True)]
                    real = [a - b for a, b in zip(r["reference"], pick["reference"], strict=True)]
                    pairs.append((fmean(est) - fmean(real), noise(est) + noise(real)))
                differences.append(pairs)
            figures = {"difference": error_figures(differences), "margin": error_figures(margins)}
            for kind, f in figures.items():
                low, high = f["interval"]  # type: ignore[misc]
                print(f"    {h:>6} {kind:>10}: {f['value']:.2f} {unit} ({f['kind']}; rms {f['rms']:.2f}, noise "
                      f"{f['noise']:.2f}, model {low:.2f} to {high:.2f} (95% bootstrap over positions); "
                      f"{f['items']} {'pairs' if kind == 'difference' else 'choices'} at {f['positions']} positions)",
                      flush=True)
            found[h] = {kind: f["value"] for kind, f in figures.items()} | {
                "kind": {kind: f["kind"] for kind, f in figures.items()},
                "pairs": figures["difference"]["items"], "positions": figures["difference"]["positions"]}
        if write:
            fitted = learned.model(ruleset)
            section = {
                "model": fitted.margin.fingerprint(), "horizons": found,
                "measured": {"on": names, "futures": futures, "policy": "GreedyAgent(0), the Hint's own samples",
                             "command": f"python bench/value.py error --rulesets {ruleset} --references "
                                        f"{' '.join(references)} --futures {futures} --write"},
            }
            data_path(ruleset).write_text(replace(fitted, error=section).to_json(), encoding="utf-8")
            print(f"  wrote {data_path(ruleset).relative_to(ROOT)}'s error")


def data_path(ruleset: str) -> Path:
    return ROOT / "mp_notebook" / "rulesets" / ruleset / learned.FILE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("fit", "predict", "speed", "match", "error"):
        p = sub.add_parser(name)
        p.add_argument("--workers", type=int, default=2)
        p.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "mp_notebook-value")
        if name == "fit":
            p.add_argument("--ruleset", choices=RULESETS, required=True)
        else:
            p.add_argument("--rulesets", nargs="+", choices=RULESETS,
                           default=list(RULESETS) if name in ("predict", "speed", "error") else ["mp2"])
        p.add_argument("--games", type=int, default=None if name != "match" else 200,
                       help="training games (default: the ruleset's GAMES)" if name != "match" else "match games")
        if name == "predict":
            p.add_argument("--held-out", type=int, default=200)
            p.add_argument("--held-first", type=int, default=HELD_OUT,
                           help="the first held-out game's seed (another base: games never looked at before)")
            p.add_argument("--shipped", action="store_true", help="judge the shipped value.json instead of a refit")
        if name == "speed":
            p.add_argument("--repeats", type=int, default=7)
        if name == "error":
            p.add_argument("--references", nargs="+", default=["dev", "fresh"],
                           help="names of reference sets in bench/data (bench/reference.py --name)")
            p.add_argument("--futures", type=int, default=8, help="the Hint's futures a choice")
            p.add_argument("--write", action="store_true", help="write the figures into value.json")
        if name == "match":
            p.add_argument("--first", type=int, default=0, help="the first game's number (to add games to a match)")
            p.add_argument("--option", nargs=2, action="append", default=[], metavar=("NAME", "VALUE"),
                           type=str, help="a SearchAgent keyword argument (a Python literal), e.g. --option top_k 6")
    args = parser.parse_args()
    print("$ python bench/value.py " + " ".join(sys.argv[1:]))
    if args.command == "fit":
        seeds = range(TRAIN, TRAIN + (args.games or GAMES[args.ruleset]))
        fitted = fit(args.ruleset, games(args.ruleset, seeds, args.workers, args.cache), seeds)
        data_path(args.ruleset).parent.mkdir(exist_ok=True)
        data_path(args.ruleset).write_text(fitted.to_json(), encoding="utf-8")
        print(f"wrote {data_path(args.ruleset).relative_to(ROOT)}: {fitted.fitted}")
    elif args.command == "predict":
        print("Predicting the winner of held-out 2-player GreedyAgent games (learned value vs hand evaluation)")
        for ruleset in args.rulesets:
            seeds = range(TRAIN, TRAIN + (args.games or GAMES[ruleset]))
            train = games(ruleset, seeds, args.workers, args.cache)
            held = games(ruleset, range(args.held_first, args.held_first + args.held_out), args.workers, args.cache)
            predict(ruleset, train, held, learned.model(ruleset) if args.shipped else fit(ruleset, train, seeds))
    elif args.command == "speed":
        speed(args.rulesets, args.repeats)
    elif args.command == "error":
        error(args.rulesets, args.references, args.futures, args.workers, args.write)
    else:
        match(args.rulesets, args.games, args.workers, {k: ast.literal_eval(v) for k, v in args.option}, args.first)


if __name__ == "__main__":
    main()
