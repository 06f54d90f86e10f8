"""Lesson coverage and size: of the rule sections each ruleset's engine cites (the ``R_*``
constants of its citations/rules modules), how many its lesson's parts show word for word, in
their text or their stored output; and, per part, its cells, the words of its text and code, and
the tasks it sets.

Usage::

    python bench/lesson_coverage.py                 # every registered ruleset's lesson
    python bench/lesson_coverage.py NOTEBOOK ...     # the size of these notebooks (any, e.g. an old
                                                     # version: git show REV:notebooks/x.ipynb > x.ipynb)

Before issue 36: Marco Polo II 22/26, Voyages 11/28, Schmidt 12/16 sections shown. Before issue 53
(one notebook per game): 01 94 cells, 5026 words of text, 4 tasks; 06 104 cells, 4379 words, 3 tasks;
07 72 cells, 2695 words, 3 tasks. This prints figures; it is not a test (``tests/test_lessons.py``
holds every lesson to all sections, and each part to ``lessons.PART_WORDS`` words).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mp_notebook._lessons import coverage, part_size
from mp_notebook.lessons import LESSONS
from mp_notebook.registry import PACKAGES

ROOT = Path(__file__).resolve().parent.parent


def size_line(path: str | Path) -> str:
    size = part_size(path)
    return (f"{path}: {size.cells} cells, {size.words} words of text, {size.code_words} words of code, "
            f"{size.tasks} tasks")


def main(paths: list[str]) -> None:
    if paths:
        for path in paths:
            print(size_line(path))
        return
    for ruleset in PACKAGES:
        if ruleset not in LESSONS:
            print(f"{ruleset}: no lesson notebook")
            continue
        shown, missing = coverage(ruleset, ROOT)
        print(f"{ruleset} ({', '.join(LESSONS[ruleset])}): {len(shown)} / {len(shown) + len(missing)} cited rule "
              f"sections shown")
        for section in missing:
            print(f"    not shown: {section}")
        for part in LESSONS[ruleset]:
            print("    " + size_line(ROOT / part).replace(str(ROOT) + "/", ""))


if __name__ == "__main__":
    main(sys.argv[1:])
