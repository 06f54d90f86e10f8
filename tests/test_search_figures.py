"""The README's table of SearchAgent figures says what its saved games say: every row whose games are
kept in ``bench/data/search_match.jsonl`` is printed again by ``python bench/search_match.py
--report`` (win rate, Wilson interval, margin ± its standard error), so an edit to either shows."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]
GAMES = ROOT / "bench" / "data" / "search_match.jsonl"
# (ruleset, opponent class) in the report -> the README table's first two cells, and the margin's unit
ROWS = {
    ("mp2", "GreedyAgent"): ("Marco Polo II | GreedyAgent", "VP"),
    ("voyages", "GreedyAgent"): ("Voyages | GreedyAgent", "VP"),
    ("schmidt", "GreedyAgent"): ("Schmidt | GreedyAgent", "Gulden"),
    ("schmidt", "Greedy35Agent"): ("Schmidt | greedy before issue 35", "Gulden"),
}
LINE = re.compile(r"  defaults, games \d+-\d+: ([\d.]+)% wins of (\d+) \(95% CI ([\d.]+)%-([\d.]+)%\), "
                  r"margin ([+-][\d.]+) ± ([\d.]+) a game")


def report() -> dict[tuple[str, str], str]:
    """The README row (its first five cells) each group's defaults make, from the report."""
    out = subprocess.run([sys.executable, "bench/search_match.py", "--report", str(GAMES)], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    rows: dict[tuple[str, str], str] = {}
    group: tuple[str, str] | None = None
    for line in out.splitlines():
        if header := re.fullmatch(r"(\w+), against (\w+):", line):
            group = header[1], header[2]
        elif (found := LINE.match(line)) and group is not None:
            win, games, low, high, margin, se = found.groups()
            name, unit = ROWS[group]
            digits = 1 if unit == "VP" else 0
            rows[group] = (f"| {name} | {games} | {win}% ({low}–{high}%) | "
                           f"{float(margin):+.{digits}f} ± {float(se):.{digits}f} {unit} |")
    return rows


def test_readme_search_table_is_what_the_saved_games_say():
    rows = report()
    assert rows.keys() == ROWS.keys(), f"the saved games have the defaults of {sorted(rows)}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for row in rows.values():
        assert row in readme, f"README's search table has no row {row!r} (python bench/search_match.py --report)"
