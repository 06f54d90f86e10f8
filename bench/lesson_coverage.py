"""Lesson coverage (issue 36): of the rule sections each ruleset's engine cites (the ``R_*``
constants of its citations/rules modules), how many its lesson notebook shows word for word, in
its text or its stored output.

Usage::

    python bench/lesson_coverage.py

It prints, per registered ruleset, ``shown / cited`` and the sections not shown. Before issue 36:
Marco Polo II 22/26, Voyages 11/28, Schmidt 12/16. This prints figures; it is not a test
(``tests/test_lessons.py`` holds every lesson to all of them).
"""

from __future__ import annotations

from pathlib import Path

from mp_notebook.lessons import LESSONS, coverage
from mp_notebook.registry import PACKAGES

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    for ruleset in PACKAGES:
        if ruleset not in LESSONS:
            print(f"{ruleset}: no lesson notebook")
            continue
        shown, missing = coverage(ruleset, ROOT)
        print(f"{ruleset} ({LESSONS[ruleset]}): {len(shown)} / {len(shown) + len(missing)} cited rule sections shown")
        for section in missing:
            print(f"    not shown: {section}")


if __name__ == "__main__":
    main()
