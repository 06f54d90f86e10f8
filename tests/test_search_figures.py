"""The benchmark page's figures of SearchAgent (``docs/benchmarks.md``) say what its saved games
say: every row of its table of matches whose games are kept in ``bench/data/search_match.jsonl``,
and the Marco Polo II figure in the table of the bots' aims ("How strong the computer players
are"), is printed again by ``python bench/search_match.py --report`` (win rate, Wilson interval,
margin ± its standard error), so an edit to either shows."""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).parents[1]
GAMES = ROOT / "bench" / "data" / "search_match.jsonl"
PAGE = ROOT / "docs" / "benchmarks.md"
# (ruleset, opponent class) in the report -> the page's table's first two cells, and the margin's unit
ROWS = {
    ("mp2", "GreedyAgent"): ("Marco Polo II | GreedyAgent", "VP"),
    ("mp2", "Greedy35Agent"): ("Marco Polo II | frozen greedy of a3bcabb", "VP"),
    ("voyages", "GreedyAgent"): ("Voyages | GreedyAgent", "VP"),
    ("schmidt", "GreedyAgent"): ("Schmidt | GreedyAgent", "Gulden"),
    ("schmidt", "Greedy35Agent"): ("Schmidt | frozen greedy of a3bcabb", "Gulden"),
}
LINE = re.compile(r"  defaults, games \d+-\d+: ([\d.]+)% wins of (\d+) \(95% CI ([\d.]+)%-([\d.]+)%\), "
                  r"margin ([+-][\d.]+) ± ([\d.]+) a game")


@cache
def report() -> dict[tuple[str, str], tuple[str, ...]]:
    """The defaults' figures of each group in the report: win %, games, interval's ends, margin, its error."""
    out = subprocess.run([sys.executable, "bench/search_match.py", "--report", str(GAMES)], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    figures: dict[tuple[str, str], tuple[str, ...]] = {}
    group: tuple[str, str] | None = None
    for line in out.splitlines():
        if header := re.fullmatch(r"(\w+), against (\w+):", line):
            group = header[1], header[2]
        elif (found := LINE.match(line)) and group is not None:
            figures[group] = found.groups()
    return figures


def margin(group: tuple[str, str]) -> str:
    """The group's margin ± its error as the page writes it (VP to a tenth, Gulden whole)."""
    *_, value, se = report()[group]
    unit = ROWS[group][1]
    digits = 1 if unit == "VP" else 0
    return f"{float(value):+.{digits}f} ± {float(se):.{digits}f} {unit}"


def test_the_search_table_is_what_the_saved_games_say():
    figures = report()
    assert figures.keys() == ROWS.keys(), f"the saved games have the defaults of {sorted(figures)}"
    page = PAGE.read_text(encoding="utf-8")
    for group, (win, games, low, high, *_) in figures.items():
        row = f"| {ROWS[group][0]} | {games} | {win}% ({low}–{high}%) | {margin(group)} |"
        assert row in page, f"{PAGE.name}'s search table has no row {row!r} (python bench/search_match.py --report)"


def test_the_aims_table_is_what_the_saved_games_say():
    group = "mp2", "GreedyAgent"
    win, games, low, high, *_ = report()[group]
    cell = f"| {win}% ({low}–{high}%) of {games} games, {margin(group)};"
    page = PAGE.read_text(encoding="utf-8")
    assert cell in page, f"{PAGE.name}'s table of the aims has no {cell!r} (python bench/search_match.py --report)"
