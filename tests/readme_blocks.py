"""The README's Python code blocks, run as a reader pastes them: in order, in one fresh kernel.

A block that needs an extra beyond the README's install (``pip install ".[notebook]"``) is marked
by an HTML comment on the line before its fence, invisible on GitHub: ``<!-- needs: rl -->``.
``run(without={"rl"})`` runs every other block; ``run(only={"rl"})`` the marked ones. The shell
blocks are not run here: the install they give is what ``tests/test_binder.py`` does.

Run as a script by the interpreter of the environment to test (its kernel ``python3`` runs the
blocks, in the current directory): ``python tests/readme_blocks.py [--without rl] [--only rl]``;
it exits non-zero naming the first block that fails, by its line in the README.

>>> [(b.line, b.needs) for b in blocks("text\\n```python\\nx = 1\\n```\\n<!-- needs: rl -->\\n```python\\ny\\n```\\n")]
[(2, frozenset()), (6, frozenset({'rl'}))]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import NamedTuple

README = Path(__file__).resolve().parents[1] / "README.md"
FENCE = re.compile(r"^(?:<!-- needs: (?P<needs>[\w ,]+) -->\n)?```python\n(?P<code>.*?)^```", re.MULTILINE | re.DOTALL)
CELL_TIMEOUT = 600  # s a block may take


class Block(NamedTuple):
    """A Python block of the README: the line of its fence, its code, the extras it needs."""

    line: int
    code: str
    needs: frozenset[str]


def blocks(text: str) -> list[Block]:
    """The Python blocks of ``text`` (Markdown), in order."""
    out = []
    for m in FENCE.finditer(text):
        fence = m.start("code") - len("```python\n")
        needs = frozenset(n.strip() for n in (m.group("needs") or "").split(",") if n.strip())
        out.append(Block(text.count("\n", 0, fence) + 1, m.group("code"), needs))
    return out


def selected(*, without: frozenset[str] = frozenset(), only: frozenset[str] | None = None) -> list[Block]:
    """The README's blocks that need none of ``without`` (and, with ``only``, some of ``only``)."""
    return [b for b in blocks(README.read_text(encoding="utf-8"))
            if not b.needs & without and (only is None or b.needs & only)]


def run(chosen: list[Block], cwd: Path, kernel: str = "python3") -> None:
    """Run ``chosen`` in order in one new kernel ``kernel`` started in ``cwd``; raises
    AssertionError naming the first block that fails (its README line) and the error."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    assert chosen, "no README block selected"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(b.code) for b in chosen])
    client = NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name=kernel, resources={"metadata": {"path": str(cwd)}})
    try:
        client.execute()
    except CellExecutionError as exc:
        failed = next((b for b, cell in zip(chosen, nb.cells, strict=True)
                       if any(o.get("output_type") == "error" for o in cell.get("outputs", []))), None)
        where = f"README.md line {failed.line}" if failed else "a README block"
        raise AssertionError(f"{where} fails as pasted:\n{exc}") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--without", nargs="*", default=[], help="skip the blocks needing these extras")
    parser.add_argument("--only", nargs="*", default=None, help="run only the blocks needing these extras")
    args = parser.parse_args()
    chosen = selected(without=frozenset(args.without), only=None if args.only is None else frozenset(args.only))
    print(f"{len(chosen)} README blocks, lines {', '.join(str(b.line) for b in chosen)}", flush=True)
    try:
        run(chosen, Path.cwd())
    except AssertionError as exc:
        sys.exit(str(exc))
    print("all ran")


if __name__ == "__main__":
    main()
