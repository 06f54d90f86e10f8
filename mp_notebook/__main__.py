"""``python -m mp_notebook``: share a game from the command line.

::

    python -m mp_notebook replay SAVE.json -o game.html [--cdn] [--review SEAT]
    python -m mp_notebook code SAVE.json

``replay`` writes the replay page of a saved game (``s.to_html``; ``SAVE.json`` may also be a
position code); ``--cdn`` loads plotly.js from its CDN (a small file that needs the network);
``--review SEAT`` reviews that seat's decisions first (``mp.analysis.review``, a few minutes of
CPU) and marks them on the page. ``code`` prints the position code of a saved game.
"""

from __future__ import annotations

import argparse
import sys

import mp_notebook as mp


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mp_notebook", description="Share a game of mp_notebook.")
    commands = parser.add_subparsers(dest="command", required=True)
    page = commands.add_parser("replay", help="write a game's replay page (one self-contained HTML file)")
    page.add_argument("game", help="a saved game (JSON file written by s.save) or a position code")
    page.add_argument("-o", "--output", required=True, help="the HTML file to write")
    page.add_argument("--cdn", action="store_true", help="load plotly.js from its CDN (small file, needs the network)")
    page.add_argument("--review", type=int, metavar="SEAT", help="review this seat's decisions and mark them")
    code = commands.add_parser("code", help="print a saved game's position code")
    code.add_argument("game", help="a saved game (JSON file written by s.save)")
    args = parser.parse_args(argv)
    try:
        s = mp.load(args.game)
        if args.command == "code":
            print(s.code())
            return 0
        review = mp.analysis.review(s, args.review) if args.review is not None else None
        html = s.to_html(args.output, plotlyjs="cdn" if args.cdn else "inline", review=review)
    except (ValueError, OSError) as exc:
        print(f"python -m mp_notebook {args.command}: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.output}: {len(html):,} bytes, {len(s.history)} steps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
