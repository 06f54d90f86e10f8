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

from mp_notebook.lessons import LESSONS, coverage, notebook_text, rule_sections
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
        parts += [_joined(data) for mime, data in output.get("data", {}).items() if mime.startswith("text/")]
    return "\n".join(parts)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_lesson_shows_every_rule_section_the_engine_cites(ruleset: str) -> None:
    assert ruleset in LESSONS, f"ruleset {ruleset!r} has no lesson notebook in mp_notebook.lessons.LESSONS"
    shown, missing = coverage(ruleset, REPO)
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


def test_coverage_reads_a_notebooks_text_and_outputs(tmp_path: Path) -> None:
    """A section counts when a cell's source or a stored output shows it; not when only an image does."""
    sections = rule_sections("mp2")
    cells = [{"cell_type": "markdown", "source": [sections[0]]},
             {"cell_type": "code", "source": "", "outputs": [
                 {"output_type": "stream", "text": [f"R1 P0: x [{sections[1]}]"]},
                 {"output_type": "execute_result", "data": {"text/plain": sections[2], "image/png": sections[3]}}]}]
    path = tmp_path / LESSONS["mp2"]
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"cells": cells}), encoding="utf-8")
    assert sections[0] in notebook_text(path)
    shown, missing = coverage("mp2", tmp_path)
    assert shown == list(sections[:3]) and missing == list(sections[3:])
    with pytest.raises(ValueError, match="unknown ruleset"):
        coverage("chess", tmp_path)
