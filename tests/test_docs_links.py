"""Every relative link in the README and in ``docs/`` leads somewhere: to a file of the repository,
and where it names a ``#section``, to a heading of that file (GitHub's anchors)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)|^\[[\w-]+\]: (\S+)", re.MULTILINE)


def anchor(heading: str) -> str:
    """GitHub's anchor of a Markdown heading.

    >>> anchor("## `mp.analysis.evaluate`"), anchor("### The learned position value (issue 35)")
    ('mpanalysisevaluate', 'the-learned-position-value-issue-35')
    """
    text = heading.lstrip("#").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def prose(text: str) -> str:
    r"""``text`` without its fenced code blocks, whose ``#`` lines are comments and whose brackets are code.

    >>> prose("# Title\n```python\n# a comment, [x](y)\n```\nafter")
    '# Title\nafter'
    """
    return re.sub(r"^```.*?^```\n?", "", text, flags=re.MULTILINE | re.DOTALL)


def anchors(page: Path) -> set[str]:
    return {anchor(line) for line in prose(page.read_text(encoding="utf-8")).splitlines() if line.startswith("#")}


def links(page: Path) -> list[str]:
    return [a or b for a, b in LINK.findall(prose(page.read_text(encoding="utf-8")))
            if not re.match(r"[a-z]+:", a or b)]


def test_the_pages_link_to_each_other():
    """The README links to the measurement page, and the page back to the README."""
    assert any("docs/bots.md" in link for link in links(ROOT / "README.md"))
    assert any("README.md" in link for link in links(ROOT / "docs" / "bots.md"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_lead_somewhere(page: Path):
    for link in links(page):
        path, _, section = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        assert target.exists(), f"{page.name} links to {link!r}: no such file"
        if section and target.suffix == ".md":
            assert section in anchors(target), f"{page.name} links to {link!r}: no such heading"
