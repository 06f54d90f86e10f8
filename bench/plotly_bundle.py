"""Refresh the plotly.js bundle the replay page inlines: the geo partial bundle of the plotly.js
version the installed plotly ships.

Usage::

    python bench/plotly_bundle.py [--version 4.1.1]

The replay page (``s.to_html``) draws the map with ``scattergeo`` traces and the score chart with
``scatter``: plotly.js's ``geo`` partial bundle (``choropleth``, ``scatter``, ``scattergeo``; about
1.4 MB) has both, and Chromium parses and runs it in about a third of the CPU time of the full
bundle (4.8 MB) that plotly's Python package carries (figures: ``bench/replay_page.py``). The
bundle is published on npm as ``plotly.js-geo-dist-min``; this script fetches it with ``npm pack``
(the version: ``--version``, by default ``plotly.offline.get_plotlyjs_version()``) and writes its
``plotly-geo.min.js`` and ``LICENSE`` (MIT) unchanged into ``mp_notebook/render/plotlyjs/``, then
prints the version, size and SHA-384 of the file. ``tests/test_replay_page.py`` fails while that
file's version differs from the installed plotly's plotly.js.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mp_notebook.render.replay import BUNDLE, bundle_version  # noqa: E402

PACKAGE = "plotly.js-geo-dist-min"
FILES = {"package/plotly-geo.min.js": BUNDLE, "package/LICENSE": BUNDLE.with_name("LICENSE")}


def main(argv: list[str] | None = None) -> None:
    from plotly.offline import get_plotlyjs_version

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", default=get_plotlyjs_version(),
                        help="plotly.js version (default: the one the installed plotly ships)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        name = subprocess.run(["npm", "pack", f"{PACKAGE}@{args.version}", "--silent"], cwd=folder, check=True,
                              capture_output=True, text=True).stdout.split()[-1]
        with tarfile.open(Path(folder) / name) as tar:
            for member, target in FILES.items():
                source = tar.extractfile(member)
                if source is None:
                    raise SystemExit(f"{name} has no file {member}")
                target.parent.mkdir(exist_ok=True)
                target.write_bytes(source.read())
    if bundle_version() != args.version:
        raise SystemExit(f"{BUNDLE} says it is plotly.js {bundle_version()}, not {args.version}")
    sha = base64.b64encode(hashlib.sha384(BUNDLE.read_bytes()).digest()).decode("ascii")
    print(f"wrote {BUNDLE.relative_to(ROOT)} (plotly.js {bundle_version()}, {BUNDLE.stat().st_size:,} bytes, "
          f"sha384-{sha}) and its LICENSE, from npm's {PACKAGE}@{args.version}")


if __name__ == "__main__":
    main()
