"""Every registered ruleset has a lesson (``mp_notebook.lessons.LESSONS``), in one or more parts, that
shows every rule section its engine cites (``lessons.rule_sections``: the ``R_*`` constants), word for
word, in its text or its stored output; and every ``Exercise`` a lesson sets is answered by its own
worked answer (run by nbval, which checks the cells tagged ``nbval-check-output``). Lessons mark their
test cells with tags, not ``# NBVAL_`` comments a learner would read.

The shape of a lesson is held here too: its first screen says how you win with a picture of a score
sheet, then a turn is played step by step (``Guide``) before the first task; each part stays under
``lessons.PART_WORDS`` words of text; its still pictures are stored, at least 900 px wide, and label
the places the text before them names (a picture that could not be drawn leaves a text saying so,
which fails here and in nbval's comparison)."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest

import mp_notebook as mp
from mp_notebook import _lessons as lessons  # the public names and the tools that check lessons
from mp_notebook._lessons import PART_WORDS, coverage, notebook_text, part_size, rule_sections
from mp_notebook.lessons import LESSONS
from tests.registry import RULESETS

REPO = Path(__file__).resolve().parent.parent
PARTS = [(ruleset, part) for ruleset in RULESETS for part in LESSONS.get(ruleset, ())]
MIN_WIDTH = 900
"""The narrowest still picture a lesson stores (px)."""


def _notebook(part: str) -> dict[str, Any]:
    path = REPO / part
    assert path.is_file(), f"lesson part {part} does not exist"
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


def jpeg_size(data: bytes) -> tuple[int, int]:
    """``(width, height)`` of a JPEG image, read from its frame header.

    >>> jpeg_size(bytes.fromhex("ffd8ffc0000b08002a03e80300"))  # a frame of 1000 x 42
    (1000, 42)
    """
    k = 2
    while k + 9 < len(data):
        if data[k] != 0xFF:
            raise ValueError("not a JPEG marker")
        marker = data[k + 1]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            return int.from_bytes(data[k + 7:k + 9], "big"), int.from_bytes(data[k + 5:k + 7], "big")
        k += 2 + int.from_bytes(data[k + 2:k + 4], "big")
    raise ValueError("no frame header")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_lesson_shows_every_rule_section_the_engine_cites(ruleset: str) -> None:
    assert ruleset in LESSONS, f"ruleset {ruleset!r} has no lesson in mp_notebook.lessons.LESSONS"
    shown, missing = coverage(ruleset, REPO)
    assert missing == [], (f"{LESSONS[ruleset]} show {len(shown)} of {len(shown) + len(missing)} rule sections "
                           f"the {ruleset} engine cites; not shown: {missing}")


@pytest.mark.parametrize(("ruleset", "part"), PARTS)
def test_each_part_marks_its_tests_with_cell_tags(ruleset: str, part: str) -> None:
    marked = [i for i, cell in enumerate(_notebook(part)["cells"])
              if cell["cell_type"] == "code" and "# NBVAL_" in _joined(cell["source"])]
    assert marked == [], f"{part}: cells {marked} carry '# NBVAL_' comments; use cell tags"


@pytest.mark.parametrize(("ruleset", "part"), PARTS)
def test_each_part_reads_in_well_under_45_minutes(ruleset: str, part: str) -> None:
    words = part_size(REPO / part).words
    assert words <= PART_WORDS, f"{part} has {words} words of text, over {PART_WORDS}: split it into parts"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_lessons_exercises_are_checked(ruleset: str) -> None:
    """A lesson sets exercises, and the cells that check their worked answers are checked outputs of ✓."""
    cells = [c for part in LESSONS[ruleset] for c in _notebook(part)["cells"] if c["cell_type"] == "code"]
    checks = [cell for cell in cells if ".check(" in _joined(cell["source"])]
    assert checks, f"{LESSONS[ruleset]} set no exercise (no cell calls Exercise.check)"
    worked = [cell for cell in checks if ".worked" in _joined(cell["source"])]
    assert worked, f"{LESSONS[ruleset]}: no cell checks an exercise's worked answer"
    for cell in worked:
        assert "nbval-check-output" in cell["metadata"].get("tags", []), \
            f"{LESSONS[ruleset]}: a cell checking a worked answer is not tagged nbval-check-output"
        verdicts = [line for line in output_text(cell).splitlines() if line[:2] in ("✓ ", "✗ ")]
        assert verdicts and all(line.startswith("✓ ") for line in verdicts), \
            f"{LESSONS[ruleset]}: a worked answer's stored output is not a ✓"
    tasks = sum(_joined(c["source"]).count("Exercise(") for c in cells)
    answered = sum(line.startswith("✓ ") for cell in worked for line in output_text(cell).splitlines())
    assert answered == tasks, f"{LESSONS[ruleset]}: {tasks} tasks, {answered} worked answers checked"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_first_screen_says_how_you_win_then_a_turn_is_guided_before_the_first_task(ruleset: str) -> None:
    cells = _notebook(LESSONS[ruleset][0])["cells"]
    text = [_joined(c["source"]) for c in cells]
    first_code = next(i for i, c in enumerate(cells) if c["cell_type"] == "code")
    assert "how you win" in text[0].lower(), f"{LESSONS[ruleset][0]}: the first cell does not say how you win"
    assert "score_sheet(" in text[first_code], f"{LESSONS[ruleset][0]}: no score-sheet picture on the first screen"
    guided = next((i for i, t in enumerate(text) if "Guide(" in t), None)
    task = next(i for i, t in enumerate(text) if "Exercise(" in t)
    assert guided is not None and guided < task, f"{LESSONS[ruleset][0]}: no guided turn before the first task"
    steps = [i for i, t in enumerate(text) if re.match(r'turn\("', t)]
    assert len(steps) >= 3, f"{LESSONS[ruleset][0]}: the guided turn takes {len(steps)} cells of steps"


def _pictures(part: str) -> list[tuple[str, str, dict[str, Any]]]:
    """(the markdown just before, the source, the cell) of each cell of ``part`` that draws a picture."""
    cells = _notebook(part)["cells"]
    out = []
    for i, cell in enumerate(cells):
        source = _joined(cell["source"])
        if cell["cell_type"] == "code" and re.search(r"\b(picture|score_sheet)\(", source):
            before = next(_joined(c["source"]) for c in reversed(cells[:i]) if c["cell_type"] == "markdown")
            out.append((before, source, cell))
    return out


@pytest.mark.parametrize(("ruleset", "part"), PARTS)
def test_each_picture_is_stored_at_least_900_px_wide(ruleset: str, part: str) -> None:
    pictures = _pictures(part)
    assert pictures, f"{part} has no picture"
    for _, source, cell in pictures:
        images = [o["data"]["image/jpeg"] for o in cell.get("outputs", []) if "image/jpeg" in o.get("data", {})]
        assert "no picture" not in output_text(cell), f"{part}: {source[:60]!r} could not draw its picture"
        assert len(images) == 1, f"{part}: {source[:60]!r} stores {len(images)} pictures"
        width, _ = jpeg_size(base64.b64decode(_joined(images[0])))
        assert width >= MIN_WIDTH, f"{part}: {source[:60]!r} stores a picture {width} px wide"
        assert "nbval-check-output" in cell["metadata"].get("tags", []), \
            f"{part}: a picture cell is not compared in a fresh run (tag nbval-check-output): a missing one would pass"


@pytest.mark.parametrize(("ruleset", "part"), PARTS)
def test_each_map_labels_the_places_the_text_before_it_names(ruleset: str, part: str) -> None:
    places = set(mp.new_game(2, ruleset=ruleset, seed=1).board.locations)
    for before, source, cell in _pictures(part):
        if "picture(" not in source:
            continue
        caption = output_text(cell)
        labelled = re.search(r"Labelled: ([^.]*)\.", caption)
        named = {p for p in places if re.search(rf"\b{re.escape(p)}\b", before)}
        shown = set(labelled.group(1).split(", ")) if labelled else set()
        assert named <= shown, f"{part}: the text before {source[:50]!r} names {sorted(named - shown)}, not labelled"


def test_a_picture_that_cannot_be_drawn_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its text says why (a stored lesson with it fails its tests), and the reader of a plain
    install, which has no kaleido, sees the same map as an interactive figure."""
    monkeypatch.setattr(lessons, "_RENDERER", ["kaleido is not installed"])
    s = mp.new_game(["Ana", "Ben"], seed=7)
    still = lessons.picture(s, label=["Beijing"])
    assert still.jpeg is None and still.text.startswith("no picture: the picture could not be drawn (kaleido")
    shown = still._repr_mimebundle_()
    assert shown["text/plain"] == still.text and "image/jpeg" not in shown
    drawn = shown["application/vnd.plotly.v1+json"]
    assert drawn["layout"]["width"] == lessons.PICTURE_WIDTH
    assert any(trace.get("name") == "place names" for trace in drawn["data"])
    sheet = lessons.score_sheet(s)
    assert sheet.jpeg is None and "no picture" in repr(sheet)


def test_a_map_names_the_places_it_is_asked_to_label_even_where_it_had_no_room() -> None:
    s = mp.new_game(["Ana", "Ben"], ruleset="schmidt", seed=8)
    figure, caption = lessons.map_figure(s, label=["Shangdu", "Tenduc", "Venice"], marks={"start": ["Venice"]})
    named = next(set(t.text) for t in figure.data if t.name == "place names")
    added = {t.text[0] for t in figure.data if (t.name or "").startswith("name of ")}
    assert {"<b>Shangdu</b>", "<b>Tenduc</b>"} <= added | {f"<b>{p}</b>" for p in named}
    assert "Labelled: Shangdu, Tenduc, Venice." in caption and "Marked: start (Venice)." in caption
    assert figure.layout.width >= MIN_WIDTH
    with pytest.raises(mp.ArgumentError, match="'Atlantis' not on the"):
        lessons.map_figure(s, label=["Atlantis"])


def test_lessons_name_registered_rulesets_only() -> None:
    assert set(LESSONS) <= set(RULESETS)


def test_coverage_reads_every_part_text_and_outputs(tmp_path: Path) -> None:
    """A section counts when a cell's source or a stored output of any part shows it; not when only an image does."""
    sections = rule_sections("mp2")
    first = [{"cell_type": "markdown", "source": [sections[0]]}]
    second = [{"cell_type": "code", "source": "", "outputs": [
        {"output_type": "stream", "text": [f"R1 P0: x [{sections[1]}]"]},
        {"output_type": "execute_result", "data": {"text/plain": sections[2], "image/png": sections[3]}}]}]
    for part, cells in zip(LESSONS["mp2"], (first, second), strict=True):
        path = tmp_path / part
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"cells": cells}), encoding="utf-8")
    assert sections[0] in notebook_text(tmp_path / LESSONS["mp2"][0])
    shown, missing = coverage("mp2", tmp_path)
    assert shown == list(sections[:3]) and missing == list(sections[3:])
    assert part_size(tmp_path / LESSONS["mp2"][1]) == lessons.PartSize(1, 0, 0, 0)
    with pytest.raises(ValueError, match="unknown ruleset"):
        coverage("chess", tmp_path)
