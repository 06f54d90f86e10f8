"""Fingerprints of seeded, varied games, to check that a refactoring changes no game.

Usage::

    python bench/fingerprint.py before.json [--ruleset mp2|voyages] [--games 100]
    (change the code)
    python bench/fingerprint.py after.json --compare before.json

Each game is played to the end from its seed by a seeded mix of random moves and the greedy
agent's (mp2: 2-4 players, random characters, the black dice variant, the full setup and solo
games against the Automa L1-L3; voyages: random characters and the expert variant; schmidt: a
round limit of 60). A game's
fingerprint hashes its history, its log, its scores and its JSON save separately, so a
difference says what changed. Prints one hash of all games; with ``--compare``, the games that
differ and in what.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def options(ruleset: str, seed: int) -> dict[str, Any]:
    kind = seed % 5
    opts: dict[str, Any] = {"seed": seed, "ruleset": ruleset, "players": 2 + seed % 3}
    if ruleset == "schmidt":  # random merchants never get home: a round limit ends their games
        opts["round_limit"] = 60
        return opts
    if ruleset == "voyages":
        if kind in (1, 2):
            opts["characters"] = "random"
        if kind in (2, 3):
            opts["variants"] = ("expert",)
        return opts
    if kind == 1:
        opts["characters"] = "random"
    elif kind == 2:
        opts.update(players=3, characters="random", variants=("black_dice",))
    elif kind == 3:
        opts["setup"] = "full"
    elif kind == 4:
        opts.update(players=["Solo"], automa=("L1", "L2", "L3")[seed % 3], characters="random")
    return opts


def fingerprint(ruleset: str, seed: int) -> dict[str, str]:
    import mp_notebook as mp

    rng = random.Random(seed)
    s = mp.new_game(**options(ruleset, seed))
    greedy = None
    if seed % 2:
        try:
            greedy = mp.agents.GreedyAgent(seed=seed)
            greedy.choose(s)
        except NotImplementedError:  # a ruleset without an evaluation: random moves only
            greedy = None
    while not s.is_over:
        legal = s.legal_actions()
        s = s.apply(greedy.choose(s) if greedy and rng.random() < 0.5 else rng.choice(legal))
    game = {"history": list(s.history), "log": [str(e) for e in s.log],
            "scores": s.scores().to_dict(orient="records"), "json": s.to_json()}
    return {k: hashlib.sha256(json.dumps(v, sort_keys=True, default=str).encode()).hexdigest()[:16]
            for k, v in game.items()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out", help="where to write the fingerprints (JSON)")
    p.add_argument("--ruleset", default="mp2")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--compare", help="fingerprints written before, to compare with")
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # the working tree, even without an install
    prints = {str(seed): fingerprint(args.ruleset, seed) for seed in range(args.games)}
    Path(args.out).write_text(json.dumps(prints, indent=0))
    print(f"{args.games} {args.ruleset} games: {hashlib.sha256(json.dumps(prints).encode()).hexdigest()}")
    if args.compare:
        before = json.loads(Path(args.compare).read_text())
        differ = {seed: [k for k in f if before.get(seed, {}).get(k) != f[k]] for seed, f in prints.items()}
        differ = {seed: parts for seed, parts in differ.items() if parts}
        print(f"{len(differ)} of {len(prints)} games differ" + "".join(
            f"\n  seed {seed}: {', '.join(parts)}" for seed, parts in differ.items()))
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
