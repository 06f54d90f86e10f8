"""Every registered ruleset has a lesson notebook (``mp_notebook.lessons.LESSONS``) that shows every rule
section its engine cites (``lessons.rule_sections``: the ``R_*`` constants), word for word, in its text or
its stored output; and every ``Exercise`` a lesson sets is answered by its own worked answer (run by nbval,
which checks the cells tagged ``nbval-check-output``). Lessons mark their test cells with tags, not
``# NBVAL_`` comments a learner would read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mp_notebook.lessons import LESSONS, rule_sections
from tests.registry import RULESETS

REPO = Path(__file__).resolve().parent.parent


def _notebook(ruleset: str) -> dict[str, Any]:
    assert ruleset in LESSONS, f"ruleset {ruleset!r} has no lesson notebook in mp_notebook.lessons.LESSONS"
    path = REPO / LESSONS[ruleset]
    assert path.is_file(), f"{ruleset}'s lesson {LESSONS[ruleset]} does not exist"
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return notebook


def _joined(text: str | list[str]) -> str:
    return text if isinstance(text, str) else "".join(text)


def output_text(cell: dict[str, Any]) -> str:
    """A cell's stored text outputs (printed text, and the text forms of displayed values)."""
    parts = []
    for output in cell.get("outputs", []):
        if "text" in output:
            parts.append(_joined(output["text"]))
        for mime, data in output.get("data", {}).items():
            if mime.startswith("text/"):
                parts.append(_joined(data))
    return "\n".join(parts)


def shown_text(notebook: dict[str, Any]) -> str:
    """All a reader sees of a notebook without running it: each cell's source and its stored text outputs."""
    return "\n".join(_joined(cell["source"]) + "\n" + output_text(cell) for cell in notebook["cells"])


def coverage(ruleset: str) -> tuple[list[str], list[str]]:
    """The rule sections ``ruleset`` cites that its lesson shows, and those it does not."""
    text = shown_text(_notebook(ruleset))
    sections = rule_sections(ruleset)
    return [s for s in sections if s in text], [s for s in sections if s not in text]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_lesson_shows_every_rule_section_the_engine_cites(ruleset: str) -> None:
    shown, missing = coverage(ruleset)
    assert missing == [], (f"{LESSONS[ruleset]} shows {len(shown)} of {len(shown) + len(missing)} rule sections "
                           f"the {ruleset} engine cites; not shown: {missing}")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_lesson_marks_its_tests_with_cell_tags(ruleset: str) -> None:
    marked = [i for i, cell in enumerate(_notebook(ruleset)["cells"])
              if cell["cell_type"] == "code" and "# NBVAL_" in _joined(cell["source"])]
    assert marked == [], f"{LESSONS[ruleset]}: cells {marked} carry '# NBVAL_' comments; use cell tags"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_lessons_exercises_are_checked(ruleset: str) -> None:
    """A lesson sets at least one exercise, and the cell that checks its worked answer is a checked output."""
    cells = _notebook(ruleset)["cells"]
    checks = [cell for cell in cells if cell["cell_type"] == "code" and ".check(" in _joined(cell["source"])]
    assert checks, f"{LESSONS[ruleset]} sets no exercise (no cell calls Exercise.check)"
    worked = [cell for cell in checks if ".worked" in _joined(cell["source"])]
    assert worked, f"{LESSONS[ruleset]}: no cell checks an exercise's worked answer"
    for cell in worked:
        assert "nbval-check-output" in cell["metadata"].get("tags", []), \
            f"{LESSONS[ruleset]}: a cell checking a worked answer is not tagged nbval-check-output"
        verdicts = [line for line in output_text(cell).splitlines() if line[:2] in ("✓ ", "✗ ")]
        assert verdicts and all(line.startswith("✓ ") for line in verdicts), \
            f"{LESSONS[ruleset]}: a worked answer's stored output is not a ✓"


def test_lessons_name_registered_rulesets_only() -> None:
    assert set(LESSONS) <= set(RULESETS)
