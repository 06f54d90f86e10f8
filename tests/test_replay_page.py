"""The replay page's data (``mp_notebook.render.replay``) for every registered ruleset: every step
rebuilt from the patches is that position's frame (the app's map traces, of types the page's
plotly.js bundle has, boards, dice, header), the log of each step is the start of the game's log,
a position code built the way the page's script builds it loads as that position; the page's
files and arguments; the plotly.js bundle it inlines is the installed plotly's version. The page in
a browser: ``tests/browser/test_replay_browser.py``; sizes and timings: ``bench/replay_page.py``."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from registry import RULESETS, random_game

import mp_notebook as mp
from mp_notebook.analysis import positions
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.game import leb128
from mp_notebook.render import replay
from mp_notebook.render.map import state_trace_dicts
from mp_notebook.ui.labels import terms as mp_ui_terms


def applied(old: Any, p: Any) -> Any:
    """``widgets/replay_page.js``'s applyPatch, in Python."""
    if p is None:
        return old
    if "v" in p:
        return p["v"]
    if "d" in p:
        out = dict(old)
        out.update({k: applied(old.get(k), q) for k, q in p["d"].items()})
        for k in p.get("r", []):
            del out[k]
        return out
    out_list = list(old)
    for i, q in p["l"].items():
        out_list[int(i)] = applied(old[int(i)], q)
    return out_list


def js_code(data: dict[str, Any], k: int) -> str:
    """The position code of step ``k`` as the page's script makes it (its own deflate, same format)."""
    c = data["code"]
    text = c["head"] + json.dumps(c["history"][:k]) + ',"state":{"digest":' + json.dumps(c["digests"][k]) + "}}"
    payload = zlib.compress(text.encode("utf-8"), 6)[2:-4]
    rest = leb128(len(payload)) + payload
    return c["prefix"] + base64.urlsafe_b64encode(zlib.crc32(rest).to_bytes(4, "big") + rest).decode().rstrip("=")


def game(ruleset: str) -> mp.GameState:
    states = random_game(ruleset, 2, 1)
    return states[-1]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_step_rebuilt_from_the_patches_is_its_position(ruleset: str) -> None:
    """Each step rebuilt from the patches is its position's frame; every trace on the map is of a
    type the page's plotly.js bundle draws."""
    s = game(ruleset)
    data = replay.page_data(s)
    states = positions(s)
    assert len(data["steps"]) == len(states) == len(s.history) + 1
    json.dumps(data, allow_nan=False)  # plain JSON
    types = {t["type"] for t in data["map"]["static"]}
    frame = None
    for k, (p, x) in enumerate(zip(data["steps"], states, strict=True)):
        frame = p if k == 0 else applied(frame, p)
        assert frame == json.loads(json.dumps(replay.frame(x))), k
        assert frame["map"] == json.loads(json.dumps(state_trace_dicts(x)))
        assert frame["head"]["text"] == (mp_ui_terms(x).final_note(x) if x.is_over else x.decision.text)
        assert s.log[: data["log_counts"][k]] == x.log
        assert data["rounds"][k] == x.round
        types |= {t.get("type", "scattergeo") for t in frame["map"]}  # the page's script: scattergeo
    assert types <= set(replay.BUNDLE_TRACES), f"plotly.js's geo bundle has no {types - set(replay.BUNDLE_TRACES)}"
    assert data["final"] is not None and len(data["final"]["rows"]) == 2
    assert [p["seat"] for p in data["played"][1:] if p["seat"] is not None]  # the players' actions, in words
    assert all(p["text"] for p in data["played"][1:])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_page_s_position_codes_load(ruleset: str) -> None:
    s = game(ruleset)
    data = replay.page_data(s)
    states = positions(s)
    for k in (0, 1, len(states) // 2, len(states) - 1):
        assert mp.load(js_code(data, k)) == states[k]


def test_edits_and_reseeds_are_steps_as_written() -> None:
    s = random_game("mp2", 2, 1)[10].with_player(0, coins=9).reseed(3)
    s = s.apply(s.legal_actions()[0])
    data = replay.page_data(s)
    assert [p["text"] for p in data["played"][11:13]] == list(s.history[10:12])
    assert data["final"] is None
    assert mp.load(js_code(data, 12)) == positions(s)[12]


def test_the_page_is_one_file_with_nothing_to_fetch_but_plotly_from_the_cdn(tmp_path: Path) -> None:
    s = game("voyages")
    inline = s.to_html(tmp_path / "inline.html")
    cdn = s.to_html(plotlyjs="cdn")
    assert (tmp_path / "inline.html").read_text(encoding="utf-8") == inline
    bundle = replay.BUNDLE.read_bytes()
    assert re.findall(r"<script[^>]* src=", inline) == [] and len(inline) < 2_000_000
    assert bundle.decode("utf-8").replace("</", "<\\/") in inline
    assert re.findall(r'<script src="([^"]+)"', cdn) == [
        f"https://cdn.plot.ly/plotly-geo-{replay.bundle_version()}.min.js"]
    sri = base64.b64encode(hashlib.sha384(bundle).digest()).decode("ascii")
    assert f'integrity="sha384-{sri}"' in cdn and len(cdn) < 400_000
    assert not re.search(r"<(link|img|iframe)\b", cdn)
    packed = re.search(r'id="mp-replay-data">([^<]*)<', cdn)
    assert packed and json.loads(zlib.decompress(base64.b64decode(packed[1]))) == json.loads(
        json.dumps(replay.page_data(s)))


def test_the_plotly_js_bundle_is_the_installed_plotly_s_version() -> None:
    from plotly.offline import get_plotlyjs_version

    shipped, installed = replay.bundle_version(), get_plotlyjs_version()
    assert shipped == installed, (
        f"mp_notebook/render/plotlyjs/plotly-geo.min.js is plotly.js {shipped}, but the installed plotly ships "
        f"plotly.js {installed}: refresh it with `python bench/plotly_bundle.py` (it fetches npm's "
        f"plotly.js-geo-dist-min@{installed})")
    header = replay.BUNDLE.read_text(encoding="utf-8")[:200]
    assert "Licensed under the MIT license" in header
    assert "Permission is hereby granted" in replay.BUNDLE.with_name("LICENSE").read_text(encoding="utf-8")


def test_another_plotly_gets_its_own_full_bundle(monkeypatch: pytest.MonkeyPatch) -> None:
    import plotly.offline

    monkeypatch.setattr(plotly.offline, "get_plotlyjs_version", lambda: "9.9.9")
    monkeypatch.setattr(plotly.offline, "get_plotlyjs", lambda: "/* the full plotly.js 9.9.9 */")
    s = game("mp2")
    inline, cdn = s.to_html(), s.to_html(plotlyjs="cdn")
    assert "/* the full plotly.js 9.9.9 */" in inline and "plotly.js (geo - minified)" not in inline
    assert re.findall(r'<script src="([^"]+)"', cdn) == ["https://cdn.plot.ly/plotly-9.9.9.min.js"]


def test_the_app_s_widgets_are_inlined_as_plain_scripts() -> None:
    for name in replay.REUSED:
        script = replay.widget_script(name)
        assert "export" not in script and f'mpWidgets["{name}"] =' in script


def test_bad_arguments_name_what_is_wrong() -> None:
    s = game("schmidt")
    with pytest.raises(ArgumentError, match="plotlyjs must be one of 'inline', 'cdn'"):
        s.to_html(plotlyjs="web")
    with pytest.raises(ArgumentError, match="page takes a game state"):
        replay.page("game.json")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"review must be a table of mp\.analysis\.review"):
        s.to_html(review=[1, 2])
    with pytest.raises(ArgumentError, match="path must be a file name"):
        s.to_html(3)  # type: ignore[arg-type]


def test_the_command_line_writes_the_page_of_a_save(tmp_path: Path) -> None:
    s = game("mp2")
    s.save(tmp_path / "game.json")
    out = subprocess.run([sys.executable, "-m", "mp_notebook", "replay", str(tmp_path / "game.json"), "-o",
                          str(tmp_path / "g.html"), "--cdn"], capture_output=True, text=True, check=True).stdout
    assert out.startswith(f"wrote {tmp_path / 'g.html'}")
    assert (tmp_path / "g.html").read_text(encoding="utf-8") == s.to_html(plotlyjs="cdn")
    bad = subprocess.run([sys.executable, "-m", "mp_notebook", "replay", s.code()[:-4], "-o", str(tmp_path / "x.html")],
                         capture_output=True, text=True)
    assert bad.returncode == 1 and "position code: it is cut short" in bad.stderr
