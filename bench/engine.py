"""Engine benchmark: random playouts through the public API, with python-chess as a yardstick.

Usage::

    python bench/engine.py [--games N] [--seconds S] [--players P] [--chess-games M] [--ruleset R]

``--ruleset`` picks the game played (default ``mp2``; ``voyages``: The Voyages of Marco Polo;
``schmidt``: the Schmidt Spiele Marco Polo, whose random merchants never get home, so its games
stop at a round limit of :data:`SCHMIDT_ROUNDS`).

Prints, for mp_notebook:

* random-playout decisions per second (decision loop only, like python-chess below) and full
  games per second (``new_game`` included): seeded games played to the end with
  ``s.legal_actions()`` / ``s.apply(random.choice(actions))`` until ``s.is_over``;
* the median time of ``new_game``;
* the median time of one ``apply`` and one ``legal_actions`` call (µs);
* the cost of ``import mp_notebook`` measured in fresh interpreters (``-X importtime``
  cumulative figure, and wall clock minus a bare interpreter start);

and, in the same run, python-chess random-playout plies per second (a random legal move until
the game is over or 200 plies) and the ratio ours/chess. This prints figures; it is not a test.
Only the public API is used.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHESS_MAX_PLIES = 200
MAX_DECISIONS_PER_GAME = 200_000  # a guard against an engine that never ends a game
SCHMIDT_ROUNDS = 100  # the round_limit of schmidt games (random merchants never return to Venice)


@dataclass
class PlayoutStats:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0  # wall time of whole games, new_game included
    play_seconds: float = 0.0  # wall time of the decision loops only (new_game excluded)
    new_game_us: list[float] = field(default_factory=list)
    apply_us: list[float] = field(default_factory=list)
    legal_us: list[float] = field(default_factory=list)
    unfinished: int = 0  # games stopped by MAX_DECISIONS_PER_GAME


# --- mp_notebook -------------------------------------------------------------------------------


def bench_mp(games: int, seconds: float, players: int, ruleset: str = "mp2") -> PlayoutStats:
    import mp_notebook as mp

    clock = time.perf_counter
    st = PlayoutStats()
    budget_end = clock() + seconds
    for k in range(games):
        if k > 0 and clock() > budget_end:
            break
        rng = random.Random(k)
        t0 = clock()
        options = {"round_limit": SCHMIDT_ROUNDS} if ruleset == "schmidt" else {}
        s = mp.new_game(players=players, seed=k, ruleset=ruleset, **options)
        t_setup = clock()
        n = 0
        while not s.is_over:
            if n >= MAX_DECISIONS_PER_GAME:
                st.unfinished += 1
                break
            t1 = clock()
            actions = s.legal_actions()
            t2 = clock()
            if not actions:
                raise RuntimeError(
                    f"game seed={k}: no legal actions after {n} decisions but the game is not "
                    f"over; history tail: {list(s.history)[-5:]}"
                )
            a = rng.choice(actions)
            t3 = clock()
            s = s.apply(a)
            t4 = clock()
            st.legal_us.append((t2 - t1) * 1e6)
            st.apply_us.append((t4 - t3) * 1e6)
            n += 1
        t_end = clock()
        st.seconds += t_end - t0
        st.play_seconds += t_end - t_setup
        st.new_game_us.append((t_setup - t0) * 1e6)
        st.decisions += n
        st.games += 1
    return st


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )


def _wall(code: str) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - t0


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
        [
            sys.executable,
            "-c",
            "import sys, mp_notebook; print(','.join(m for m in "
            "('plotly', 'ipywidgets', 'anywidget', 'pandas', 'networkx') if m in sys.modules))",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return {
        "importtime_ms": statistics.median(cumulative) / 1000 if cumulative else None,
        "wall_ms": (with_import - bare) * 1000,
        "loaded": loaded or "none of them",
    }


# --- python-chess ------------------------------------------------------------------------------


def bench_chess(games: int, seconds: float) -> PlayoutStats:
    import chess

    clock = time.perf_counter
    st = PlayoutStats()
    budget_end = clock() + seconds
    for k in range(games):
        if k > 0 and clock() > budget_end:
            break
        rng = random.Random(k)
        t0 = clock()
        board = chess.Board()
        n = 0
        while n < CHESS_MAX_PLIES and not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(rng.choice(moves))
            n += 1
        st.seconds += clock() - t0
        st.decisions += n
        st.games += 1
    return st


# --- report ------------------------------------------------------------------------------------


def _row(label: str, value: str, note: str = "") -> None:
    print(f"  {label:<38} {value:>14}  {note}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=300, help="max mp_notebook games (default 300)")
    p.add_argument(
        "--seconds",
        type=float,
        default=10.0,
        help="time budget per playout measurement; at least one game is always played (default 10)",
    )
    p.add_argument("--players", type=int, default=4, help="seats per game (default 4)")
    p.add_argument(
        "--chess-games", type=int, default=2000, help="max python-chess games (default 2000)"
    )
    p.add_argument("--ruleset", default="mp2", help="the ruleset played (default mp2; or voyages, schmidt)")
    args = p.parse_args(argv)

    sys.path.insert(0, str(ROOT))  # benchmark the working tree even without an install
    print(f"mp_notebook engine benchmark  (Python {sys.version.split()[0]}, {sys.platform})")
    print()

    failed = False
    ours: PlayoutStats | None = None
    imp: dict[str, object] | None = None
    try:
        ours = bench_mp(args.games, args.seconds, args.players, args.ruleset)
        imp = bench_import()
    except Exception as exc:  # report, still run the yardstick, exit non-zero
        failed = True
        print(f"mp_notebook: FAILED: {type(exc).__name__}: {exc}")
        print()

    try:
        import chess
    except ImportError:
        chess_stats = None
        print("python-chess not installed (pip install chess); skipping the yardstick")
    else:
        chess_stats = bench_chess(args.chess_games, args.seconds)

    print(f"  {'measure':<38} {'value':>14}  notes")
    print(f"  {'-' * 38} {'-' * 14}  {'-' * 30}")
    who = "mp_notebook" if args.ruleset == "mp2" else args.ruleset  # mp2's rows keep their labels
    if ours is not None and ours.games:
        dps = ours.decisions / ours.play_seconds
        _row(
            f"{who} decisions/s ({args.players}p random)",
            f"{dps:,.0f}",
            f"{ours.decisions:,} decisions, {ours.games} games, {ours.play_seconds:.2f} s playing",
        )
        _row(
            f"{who} games/s ({args.players}p)",
            f"{ours.games / ours.seconds:,.3f}",
            f"{ours.decisions / ours.games:,.0f} decisions/game on average, new_game included",
        )
        _row("median new_game()", f"{statistics.median(ours.new_game_us) / 1000:,.2f} ms")
        if ours.apply_us:
            _row("median apply()", f"{statistics.median(ours.apply_us):,.1f} µs")
            _row("median legal_actions()", f"{statistics.median(ours.legal_us):,.1f} µs")
        if ours.unfinished:
            _row(
                "games cut at the decision guard",
                str(ours.unfinished),
                f"> {MAX_DECISIONS_PER_GAME:,} decisions",
            )
    if imp is not None:
        it = imp["importtime_ms"]
        _row(
            "import mp_notebook (-X importtime)",
            f"{it:,.1f} ms" if isinstance(it, float) else "n/a",
            "cumulative, median of 7",
        )
        _row(
            "import mp_notebook (wall - bare)",
            f"{imp['wall_ms']:,.1f} ms",
            "fresh interpreter, median of 7",
        )
        _row("modules loaded by the import", "", str(imp["loaded"]))
    if chess_stats is not None and chess_stats.games:
        cps = chess_stats.decisions / chess_stats.seconds
        _row(
            f"python-chess {chess.__version__} plies/s",
            f"{cps:,.0f}",
            f"{chess_stats.decisions:,} plies in {chess_stats.games} games "
            f"(<= {CHESS_MAX_PLIES} plies each)",
        )
        if ours is not None and ours.games:
            _row("ratio ours/chess (decisions/ply)", f"{dps / cps:,.3f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
