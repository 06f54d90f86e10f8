"""Position codes (``s.code()``, ``mp.load(code)``): round trips, lengths, and fuzzed codes refused.

Usage::

    nice -n 10 python bench/codes.py [roundtrip] [lengths] [fuzz] [--games 50] [--workers 2]

``roundtrip``: the conformance suite's random games (``tests/test_registry_conformance.py``: game
``k`` of a ruleset is its profile's setup ``k``, each action drawn by ``registry.pick`` from
``random.Random(k)``), the first ``--games`` of each ruleset; at every position ``mp.load(s.code())
== s`` is checked; prints positions checked and differences per ruleset.

``lengths``: characters of the code of the first position of round 3 and of the final position
of 2-player games between two GreedyAgents (seeds 0..``--length-games``-1): mean, min and max.

``fuzz``: damaged codes made from positions of those games: cut short at a random length, 1-3
bits flipped in the encoded bytes (the checksum no longer matches), a random character changed,
a correct checksum over another ruleset's name, a correct checksum over a history cut short or with
one entry changed (to another, which may be legal there: the position's digest must then differ),
huge texts (up to the longest code read, and 10 MB), a correct checksum over 50 MB of inflated
zeros. For each kind: how many, how many raised ``SaveFileError`` (any other outcome is counted as
a failure and shown), the slowest refusal (wall and CPU seconds) and the largest peak of memory
allocated while refusing one (``tracemalloc``, a separate pass).
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import sys
import time
import tracemalloc
import zlib
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from registry import RULESETS, new_game, pick, profile

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent
from mp_notebook.engine import code as codes
from mp_notebook.engine.game import PREFIX, leb128


def conformance_game(ruleset: str, k: int) -> tuple[int, int]:
    """Conformance game ``k`` of ``ruleset`` played again, every position's code loaded:
    ``(positions, differences)``."""
    players, options = profile(ruleset).setups()[k]
    rng = random.Random(k)
    s = new_game(ruleset, players, k, **options)
    checked = differ = 0
    while True:
        checked += 1
        differ += mp.load(s.code()) != s
        if s.is_over:
            return checked, differ
        s = s.apply(pick(rng, s.legal_actions(), by_kind=k % 2 == 1))


def run_roundtrip(games: int, workers: int) -> None:
    with ProcessPoolExecutor(workers) as pool:
        for ruleset in RULESETS:
            start = time.perf_counter()
            results = list(pool.map(conformance_game, [ruleset] * games, range(games)))
            print(f"{ruleset:8} roundtrip: {games} conformance games, {sum(p for p, _ in results):,} positions, "
                  f"{sum(d for _, d in results)} differences ({time.perf_counter() - start:.0f} s wall)", flush=True)


def greedy_game(ruleset: str, seed: int) -> list[mp.GameState]:
    """Every position of a 2-player game between two GreedyAgents."""
    s = mp.new_game(2, ruleset=ruleset, seed=seed)
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    out = [s]
    while not s.is_over:
        s = s.apply(agents[s.current_player].choose(s))
        out.append(s)
    return out


def lengths(ruleset: str, seed: int) -> tuple[int, int]:
    states = greedy_game(ruleset, seed)
    third = next(s for s in states if s.round >= 3)
    return len(third.code()), len(states[-1].code())


def run_lengths(games: int, workers: int) -> None:
    with ProcessPoolExecutor(workers) as pool:
        for ruleset in RULESETS:
            got = list(pool.map(lengths, [ruleset] * games, range(games)))
            for name, values in (("round 3", [a for a, _ in got]), ("end of game", [b for _, b in got])):
                print(f"{ruleset:8} length of a code, {name}: mean {statistics.fmean(values):.0f} characters "
                      f"(min {min(values)}, max {max(values)}) over {games} 2-player greedy games", flush=True)


def packed(doc: dict[str, object] | bytes) -> str:
    """A code of ``doc`` (or of raw bytes) with a correct checksum (what another program could write)."""
    text = doc if isinstance(doc, bytes) else json.dumps(doc).encode("utf-8")
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    payload = deflate.compress(text) + deflate.flush()
    rest = leb128(len(payload)) + payload
    return PREFIX + base64.urlsafe_b64encode(zlib.crc32(rest).to_bytes(4, "big") + rest).decode().rstrip("=")


def flipped(code: str, rng: random.Random) -> str:
    text = code[len(PREFIX):]
    body = bytearray(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    for bit in rng.sample(range(8 * len(body)), rng.randint(1, 3)):  # distinct bits: the flips never cancel
        body[bit // 8] ^= 1 << (bit % 8)
    return PREFIX + base64.urlsafe_b64encode(bytes(body)).decode().rstrip("=")


def fuzz_cases(per_kind: int) -> dict[str, list[str]]:
    rng = random.Random(57)
    states = {r: greedy_game(r, 1) for r in RULESETS}
    picks = [(r, rng.choice(states[r][1:])) for r in RULESETS for _ in range(per_kind // len(RULESETS) + 1)]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    cases: dict[str, list[str]] = {k: [] for k in ("truncated", "bit flips", "character changed", "wrong ruleset",
                                                    "history cut or changed", "huge", "inflates huge")}
    for ruleset, s in picks[:per_kind]:
        code = s.code()
        cases["truncated"].append(code[: rng.randrange(len(PREFIX), len(code))])
        cases["bit flips"].append(flipped(code, rng))
        k = rng.randrange(len(PREFIX), len(code))
        cases["character changed"].append(code[:k] + rng.choice(alphabet.replace(code[k], "")) + code[k + 1:])
        doc = json.loads(codes.decode(code))
        other = rng.choice([r for r in RULESETS if r != ruleset] + ["chess"])
        cases["wrong ruleset"].append(packed({**doc, "ruleset": other, "setup": {**doc["setup"], "ruleset": other}}))
        history = list(doc["history"])
        cut = rng.randrange(len(history))
        other_entry = rng.choice([e for e in ("end_turn", "travel [6] upper", "move Nowhere", history[-1])
                                  if e != history[cut]])
        cases["history cut or changed"].append(packed({**doc, "history": rng.choice([
            history[:cut], [*history[:cut], other_entry, *history[cut + 1:]]])}))
    for n in range(max(1, per_kind // 10)):
        size = rng.choice([codes.MAX_CODE, codes.MAX_CODE + 1, 10_000_000]) - n
        chunk = "".join(rng.choices(alphabet, k=100_000))
        cases["huge"].append(PREFIX + (chunk * (size // 100_000 + 1))[:size])
    for _ in range(max(1, per_kind // 20)):
        cases["inflates huge"].append(packed(b"\0" * 50_000_000))
    return cases


def refuse(code: str) -> str:
    """``""`` if ``mp.load(code)`` raises SaveFileError, else what happened."""
    try:
        mp.load(code)
    except mp.SaveFileError:
        return ""
    except Exception as exc:  # every other outcome is a failure the bench shows
        return f"{type(exc).__name__}: {exc}"[:200]
    return "loaded"


def measured(cases: list[str], probe: Callable[[str], str]) -> tuple[list[str], float, float, float]:
    """Failures, the slowest refusal (wall, CPU) and the largest tracemalloc peak (bytes)."""
    failures, wall, cpu = [], 0.0, 0.0
    for code in cases:
        start, clock = time.perf_counter(), time.process_time()
        outcome = probe(code)
        wall, cpu = max(wall, time.perf_counter() - start), max(cpu, time.process_time() - clock)
        if outcome:
            failures.append(outcome)
    peak = 0
    for code in cases:
        tracemalloc.start()
        probe(code)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    return failures, wall, cpu, peak


def run_fuzz(per_kind: int) -> None:
    for kind, cases in fuzz_cases(per_kind).items():
        failures, wall, cpu, peak = measured(cases, refuse)
        print(f"fuzz {kind:23} {len(cases):4} codes: {len(cases) - len(failures)} refused with SaveFileError; "
              f"slowest {wall:.3f} s wall, {cpu:.3f} s CPU; peak memory {peak / 1e6:.1f} MB"
              + (f"; NOT REFUSED: {failures[:3]}" if failures else ""), flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", nargs="*", help="roundtrip, lengths and/or fuzz (default: all)")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--length-games", type=int, default=20)
    parser.add_argument("--fuzz", type=int, default=300, help="fuzzed codes of each kind made from positions")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    args.what = args.what or ["roundtrip", "lengths", "fuzz"]
    if set(args.what) - {"roundtrip", "lengths", "fuzz"}:
        parser.error(f"unknown: {set(args.what) - {'roundtrip', 'lengths', 'fuzz'}}")
    print("python bench/codes.py " + " ".join(argv if argv is not None else sys.argv[1:]), flush=True)
    if "lengths" in args.what:
        run_lengths(args.length_games, args.workers)
    if "fuzz" in args.what:
        run_fuzz(args.fuzz)
    if "roundtrip" in args.what:
        run_roundtrip(args.games, args.workers)


if __name__ == "__main__":
    main()
