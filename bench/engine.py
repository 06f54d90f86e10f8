"""Engine benchmark: random playouts through the public API, with python-chess as a yardstick.

Usage::

    python bench/engine.py [--blocks N] [--block-seconds S] [--players P] [--ruleset R ...]
                           [--no-import]

Every registered ruleset (``mp_notebook.registry.PACKAGES``; ``--ruleset`` picks some, and may be
repeated) plays seeded random games through ``s.legal_actions()`` / ``s.apply(random.choice(..))``
until ``s.is_over``, game after game (seeds 0, 1, ...). The Schmidt Spiele game's random merchants
never get home, so its games stop at a round limit of :data:`SCHMIDT_ROUNDS`.

The machine's load changes while a benchmark runs, so the two are **interleaved in short blocks**:
a block of python-chess random playouts (a random legal move until the game is over or 200
plies), then about ``--block-seconds`` of one ruleset's playouts, then chess again, then the next
ruleset, and so on, round robin, ``--blocks`` times per ruleset. Each ruleset block gives one
ratio: its decisions/s ÷ the plies/s of the chess blocks just before and after it (their
geometric mean). The report gives the median ratio over the blocks, the min-max and the
interquartile range. A game in progress carries on into the ruleset's next block, so every block
times the same mix of decisions; only the decision loops are timed (``new_game`` is not, like
python-chess's ``Board()`` costs nothing worth timing).

Printed besides, per ruleset: decisions per game, the median ``new_game``, ``apply`` and
``legal_actions`` times (one extra block timing each call); and the cost of ``import mp_notebook``
measured in fresh interpreters. This prints figures; it is not a test. Only the public API is used.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHESS_MAX_PLIES = 200
MAX_DECISIONS_PER_GAME = 200_000  # a guard against an engine that never ends a game
SCHMIDT_ROUNDS = 100  # the round_limit of schmidt games (random merchants never return to Venice)

clock = time.perf_counter


# --- playouts that carry on across blocks -------------------------------------------------------


class Playouts:
    """Random playouts of one game, resumable: :meth:`block` plays for a while and stops mid-game."""

    def __init__(self, new_game: Callable[[int], Any], step: Callable[[Any, random.Random], Any],
                 is_over: Callable[[Any], bool]):
        self.new_game, self.step, self.is_over = new_game, step, is_over
        self.seed = 0
        self.games = 0  # games finished
        self.decisions = 0  # decisions in finished games
        self.setup_us: list[float] = []
        self.unfinished = 0
        self._start()

    def _start(self) -> None:
        self.rng = random.Random(self.seed)
        t0 = clock()
        self.state = self.new_game(self.seed)
        self.setup_us.append((clock() - t0) * 1e6)
        self.seed += 1
        self.made = 0

    def block(self, seconds: float) -> tuple[int, float]:
        """Play for about ``seconds`` (decision loops only); return (decisions, seconds timed)."""
        n, timed = 0, 0.0
        step, is_over = self.step, self.is_over
        while timed < seconds:
            s, rng, made = self.state, self.rng, self.made
            t0 = clock()
            end = t0 + seconds - timed
            while not is_over(s) and made < MAX_DECISIONS_PER_GAME:
                s = step(s, rng)
                made += 1
                if clock() > end:
                    break
            t1 = clock()
            timed += t1 - t0
            n += made - self.made
            self.state, self.made = s, made
            if is_over(s) or made >= MAX_DECISIONS_PER_GAME:
                self.unfinished += not is_over(s)
                self.games += 1
                self.decisions += made
                self._start()
        return n, timed


def ruleset_playouts(ruleset: str, players: int) -> Playouts:
    import mp_notebook as mp

    options = {"round_limit": SCHMIDT_ROUNDS} if ruleset == "schmidt" else {}

    def step(s: Any, rng: random.Random) -> Any:
        actions = s.legal_actions()
        if not actions:
            raise RuntimeError(f"{ruleset}: no legal actions but the game is not over; "
                               f"history tail: {list(s.history)[-5:]}")
        return s.apply(rng.choice(actions))

    return Playouts(lambda seed: mp.new_game(players=players, seed=seed, ruleset=ruleset, **options),
                    step, lambda s: s.is_over)


def chess_playouts() -> Playouts:
    import chess

    def step(board: chess.Board, rng: random.Random) -> chess.Board:
        board.push(rng.choice(list(board.legal_moves)))
        return board

    return Playouts(lambda seed: chess.Board(), step,
                    lambda b: b.ply() >= CHESS_MAX_PLIES or b.is_game_over())


def call_times(ruleset: str, players: int, seconds: float) -> tuple[list[float], list[float]]:
    """Microseconds of each ``legal_actions`` and ``apply`` call over ``seconds`` of playouts."""
    import mp_notebook as mp

    options = {"round_limit": SCHMIDT_ROUNDS} if ruleset == "schmidt" else {}
    legal_us: list[float] = []
    apply_us: list[float] = []
    end = clock() + seconds
    seed = 10_000
    while clock() < end:
        rng = random.Random(seed)
        s = mp.new_game(players=players, seed=seed, ruleset=ruleset, **options)
        seed += 1
        while not s.is_over and clock() < end:
            t0 = clock()
            actions = s.legal_actions()
            t1 = clock()
            a = rng.choice(actions)
            t2 = clock()
            s = s.apply(a)
            t3 = clock()
            legal_us.append((t1 - t0) * 1e6)
            apply_us.append((t3 - t2) * 1e6)
    return legal_us, apply_us


# --- import cost ------------------------------------------------------------------------------


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)


def _wall(code: str) -> float:
    t0 = clock()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True)
    return clock() - t0


def bench_import(repeats: int = 7) -> dict[str, object]:
    """Cost of `import mp_notebook` in fresh interpreters."""
    cumulative = []
    for _ in range(repeats):
        err = _run("import mp_notebook").stderr
        # lines: "import time: self [us] | cumulative | imported package"
        for line in err.splitlines():
            parts = line.split("|")
            if len(parts) == 3 and parts[2].strip() == "mp_notebook":
                cumulative.append(int(parts[1].strip()))
    bare = statistics.median(_wall("pass") for _ in range(repeats))
    with_import = statistics.median(_wall("import mp_notebook") for _ in range(repeats))
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, mp_notebook; print(','.join(m for m in "
         "('plotly', 'ipywidgets', 'anywidget', 'pandas', 'networkx') if m in sys.modules))"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout.strip()
    return {
        "importtime_ms": statistics.median(cumulative) / 1000 if cumulative else None,
        "wall_ms": (with_import - bare) * 1000,
        "loaded": loaded or "none of them",
    }


# --- the interleaved run ----------------------------------------------------------------------


@dataclass
class Blocks:
    """One ruleset's blocks: its rate, and the rate of python-chess around each block."""

    ours: list[float] = field(default_factory=list)  # decisions/s
    chess: list[float] = field(default_factory=list)  # plies/s: geometric mean of the chess blocks around
    failed: str = ""  # the error that stopped this ruleset's playouts

    @property
    def ratios(self) -> list[float]:
        return [a / b for a, b in zip(self.ours, self.chess, strict=True)]


def interleave(rulesets: list[str], players: int, blocks: int, seconds: float,
               progress: Callable[[str], None]) -> tuple[dict[str, Playouts], list[float], dict[str, Blocks]]:
    """Round robin: chess, then each ruleset followed by chess, ``blocks`` times. A ruleset
    block's ratio divides its rate by the geometric mean of the chess blocks just before and after
    it (so a load that rises or falls during the block weighs on both sides alike). Returns the
    playouts, every chess block's rate and each ruleset's blocks."""
    out = {r: Blocks() for r in rulesets}
    ours: dict[str, Playouts] = {}
    for r in rulesets:
        try:
            ours[r] = ruleset_playouts(r, players)
            ours[r].block(min(0.2, seconds))  # warm up: imports, caches
        except Exception as exc:  # report it, carry on with the other rulesets, exit non-zero
            out[r].failed = f"{type(exc).__name__}: {exc}"
    chess = chess_playouts()
    chess.block(min(0.2, seconds))

    def chess_rate() -> float:
        n, t = chess.block(seconds)
        return n / t

    chess_rates = [chess_rate()]
    for k in range(blocks):
        for r in rulesets:
            if out[r].failed:
                continue
            try:
                n, t = ours[r].block(seconds)
            except Exception as exc:
                out[r].failed = f"{type(exc).__name__}: {exc}"
                progress(f"  {r}: FAILED: {out[r].failed}")
                continue
            chess_rates.append(chess_rate())
            out[r].ours.append(n / t)
            out[r].chess.append((chess_rates[-2] * chess_rates[-1]) ** 0.5)
        progress(f"  block {k + 1}/{blocks}: " + "  ".join(f"{r} {out[r].ratios[-1]:.2f}" for r in rulesets
                                                              if out[r].ratios))
    return ours, chess_rates, out


def quartiles(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return values[0], values[0]
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[2]


# --- report ------------------------------------------------------------------------------------


def _row(label: str, value: str, note: str = "") -> None:
    print(f"  {label:<40} {value:>12}  {note}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--blocks", type=int, default=12, help="blocks per ruleset (default 12)")
    p.add_argument("--block-seconds", type=float, default=1.0,
                   help="seconds of one block, ours or chess (default 1.0)")
    p.add_argument("--players", type=int, default=4, help="seats per game (default 4)")
    p.add_argument("--ruleset", action="append", default=None,
                   help="a ruleset to measure (repeatable; default: every registered ruleset)")
    p.add_argument("--no-import", action="store_true", help="skip the import-cost measurement")
    args = p.parse_args(argv)
    if args.blocks < 1 or args.block_seconds <= 0:
        p.error("--blocks must be at least 1 and --block-seconds positive")

    sys.path.insert(0, str(ROOT))  # benchmark the working tree even without an install
    import chess

    from mp_notebook.registry import PACKAGES

    rulesets = args.ruleset or list(PACKAGES)
    unknown = [r for r in rulesets if r not in PACKAGES]
    if unknown:
        p.error(f"unknown ruleset(s) {unknown}; registered: {', '.join(PACKAGES)}")
    print(f"mp_notebook engine benchmark  (Python {sys.version.split()[0]}, {sys.platform}, "
          f"python-chess {chess.__version__})")
    print(f"{args.players}-player random playouts; {args.blocks} block{'s' * (args.blocks != 1)} of "
          f"{args.block_seconds:g} s per ruleset, "
          f"each between blocks of python-chess; ratio = decisions/s ÷ plies/s of the chess blocks around")
    print()
    ours, chess_rates, blocks = interleave(rulesets, args.players, args.blocks, args.block_seconds,
                                          lambda line: print(line, flush=True))
    print()
    print(f"  {'measure':<40} {'value':>12}  notes")
    print(f"  {'-' * 40} {'-' * 12}  {'-' * 36}")
    for r in rulesets:
        b = blocks[r]
        if b.failed:
            _row(f"{r}: FAILED", "", b.failed[:300])
        if not b.ratios:
            continue
        lo, hi = quartiles(b.ratios)
        _row(f"{r}: ratio ours/chess, median", f"{statistics.median(b.ratios):.3f}",
             f"min-max {min(b.ratios):.3f}-{max(b.ratios):.3f}, IQR {lo:.3f}-{hi:.3f}, {len(b.ratios)} blocks")
        _row(f"{r}: decisions/s, median", f"{statistics.median(b.ours):,.0f}",
             f"min-max {min(b.ours):,.0f}-{max(b.ours):,.0f}")
        play = ours[r]  # a ruleset with ratios has playouts
        if play.games:
            _row(f"{r}: decisions per game", f"{play.decisions / play.games:,.0f}",
                 f"{play.games} games finished" + (f", {play.unfinished} cut at the guard" if play.unfinished else ""))
        _row(f"{r}: median new_game()", f"{statistics.median(play.setup_us) / 1000:,.2f} ms")
        legal_us, apply_us = call_times(r, args.players, args.block_seconds)
        _row(f"{r}: median legal_actions()", f"{statistics.median(legal_us):,.1f} µs",
             f"one more {args.block_seconds:g} s block, each call timed")
        _row(f"{r}: median apply()", f"{statistics.median(apply_us):,.1f} µs")
    _row("python-chess plies/s, median", f"{statistics.median(chess_rates):,.0f}",
         f"min-max {min(chess_rates):,.0f}-{max(chess_rates):,.0f} (<= {CHESS_MAX_PLIES} plies a game)")
    if not args.no_import:
        imp = bench_import()
        it = imp["importtime_ms"]
        _row("import mp_notebook (-X importtime)", f"{it:,.1f} ms" if isinstance(it, float) else "n/a",
             "cumulative, median of 7")
        _row("import mp_notebook (wall - bare)", f"{imp['wall_ms']:,.1f} ms", "fresh interpreter, median of 7")
        _row("modules loaded by the import", "", str(imp["loaded"]))
    return 1 if any(b.failed for b in blocks.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
