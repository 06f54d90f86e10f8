"""Every relative link in the README, the changelog and the Markdown pages of ``docs/`` leads
somewhere: to a file of the repository, and where it names a ``#section``, to a heading of that file
(GitHub's anchors), so the pages read on GitHub as they do in the built site
(``tests/test_docs_site.py`` checks the built site's links). The README links into the site."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md",
         *sorted(p for p in (ROOT / "docs").rglob("*.md") if not {"_build", "notebooks"} & set(p.parts))]
# The site's pages the README links to: its front door into each part of the site.
SITE = ["docs/getting-started.md", "docs/notebooks.md", "docs/howto/analyse-a-position.md",
        "docs/howto/plan-routes.md", "docs/howto/simulate.md", "docs/howto/write-a-bot.md",
        "docs/howto/pettingzoo-openspiel.md", "docs/howto/add-a-ruleset.md", "docs/howto/contribute-data.md",
        "docs/rulesets/index.md", "docs/api/index.md", "docs/benchmarks.md", "docs/bots.md", "CHANGELOG.md"]
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


def test_the_readme_links_into_the_site():
    found = {link.partition("#")[0] for link in links(ROOT / "README.md")}
    assert not set(SITE) - found, f"the README does not link to {sorted(set(SITE) - found)}"


def test_every_page_of_the_site_is_linked_from_another():
    """No Markdown page of ``docs/`` is an orphan: some other page links to it (or lists it in a
    toctree, as a path relative to its own folder)."""
    pages = [p for p in PAGES if p.parent != ROOT]
    reached = set()
    for page in PAGES:
        reached |= {(page.parent / link.partition("#")[0]).resolve() for link in links(page) if link.partition("#")[0]}
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"^```\{toctree\}\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
            reached |= {(page.parent / f"{line.strip()}.md").resolve() for line in block.splitlines()
                        if line.strip() and not line.startswith(":")}
    orphans = [p.relative_to(ROOT).as_posix() for p in pages if p.resolve() not in reached]
    assert not orphans, f"no page links to {orphans}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_lead_somewhere(page: Path):
    for link in links(page):
        path, _, section = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        assert target.exists(), f"{page.name} links to {link!r}: no such file"
        if section and target.suffix == ".md":
            assert section in anchors(target), f"{page.name} links to {link!r}: no such heading"
