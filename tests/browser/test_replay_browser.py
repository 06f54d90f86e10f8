"""The replay page (``s.to_html``) in a real browser (headless Chromium, Debian's package, via
Playwright), for every registered ruleset: written with plotly.js inline (by ``python -m
mp_notebook replay SAVE.json`` for the first ruleset, by ``s.to_html`` for the others) and opened
from ``file://``, it makes no request off the page and logs no console error; the map and the score
chart are drawn, every trace by a trace module of the page's plotly.js bundle; stepping through the
game with the keys and the slider shows, at every step visited (at least 20), the map traces, the
log (each line with its rule), the decision and the players' scores of the position that replaying
the save in Python gives; the play button plays on, the code on screen loads as the position shown
and the copy button copies it. With a review, the slider's marks go to the reviewed decisions.
Sizes and the time to interactive: ``bench/replay_page.py``."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from labserver import ARGS, CHROMIUM, MISSING, SKIP_REASON

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the learned value taken as exact
from learned import exact_learned_value

import mp_notebook as mp
from mp_notebook.agents import GreedyAgent
from mp_notebook.analysis import positions, review
from mp_notebook.render.replay import frame
from mp_notebook.rulesets import PACKAGES
from mp_notebook.ui.labels import terms

if MISSING:
    pytest.skip(SKIP_REASON, allow_module_level=True)

RULESETS = tuple(PACKAGES)
STEPS = 24  # steps visited a game (the aim: at least 20)
OPTIONS: dict[str, dict[str, Any]] = {"schmidt": {"round_limit": 12}}  # a whole game, kept short
SHOWN = """(count) => ({
  step: mpReplay.step(),
  traces: document.getElementById('mp-replay-map').data.slice(-count),
  log: [...document.querySelectorAll('.mp-replay-line:not([hidden])')].map(
    (l) => [l.querySelector('.mp-replay-text').textContent, l.title]),
  decision: document.querySelector('.mp-replay-decision').textContent,
  scores: [...document.querySelectorAll('.mp-player .mp-vp')].map((e) => e.textContent),
})"""


DRAWN = """() => ['mp-replay-map', 'mp-replay-chart'].map((id) => {
  const plot = document.getElementById(id);
  return [plot.data.length, plot._fullData.filter((t) => t._module).map((t) => t.type)];
})"""  # traces given, and the types of those that plotly.js drew with a module it has


def greedy_game(ruleset: str) -> mp.GameState:
    s = mp.new_game(2, ruleset=ruleset, seed=4, **OPTIONS.get(ruleset, {}))
    agents = [GreedyAgent(1), GreedyAgent(2)]
    while not s.is_over:
        s = s.apply(agents[s.current_player].choose(s))
    return s


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield b
        finally:
            b.close()


def opened(browser: Any, path: Path) -> tuple[Any, list[str], list[str]]:
    """The page at ``path`` opened from ``file://`` and ready; the errors and the requests logged
    (every request but the page's own file)."""
    context = browser.new_context(viewport={"width": 1300, "height": 950})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    url = path.resolve().as_uri()
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("request", lambda r: requests.append(r.url) if r.url != url else None)
    page.goto(url)
    page.wait_for_function("window.mpReplay && window.mpReplay.ready", timeout=120_000)
    return page, errors, requests


def plain(x: Any) -> Any:
    return json.loads(json.dumps(x))


def check_step(page: Any, s: mp.GameState) -> None:
    expected = plain(frame(s))
    shown = page.evaluate(SHOWN, len(expected["map"]))
    traces = [{k: v for k, v in t.items() if k not in ("type", "uid")} for t in shown["traces"]]
    assert traces == expected["map"], f"map at step {shown['step']}"
    assert shown["log"] == [[e.text, e.rule] for e in reversed(s.log)], f"log at step {shown['step']}"
    assert shown["decision"] == (terms(s).final_note(s) if s.is_over else s.decision.text)
    assert shown["scores"] == [b["score_text"] for b in expected["boards"]]


def code_on_screen(page: Any) -> str:
    page.wait_for_function("document.querySelector('.mp-replay-code-text').value.startsWith('mpn')")
    code: str = page.locator(".mp-replay-code-text").input_value()
    return code


@pytest.mark.parametrize("ruleset", RULESETS)
def test_stepping_through_the_page_shows_the_replayed_game(browser: Any, ruleset: str, tmp_path: Path) -> None:
    greedy_game(ruleset).save(tmp_path / "game.json")
    if ruleset == RULESETS[0]:  # the command line (its own process)
        subprocess.run([sys.executable, "-m", "mp_notebook", "replay", str(tmp_path / "game.json"), "-o",
                        str(tmp_path / "game.html")], check=True, capture_output=True)
    else:
        mp.load(tmp_path / "game.json").to_html(tmp_path / "game.html")
    states = positions(mp.load(tmp_path / "game.json"))  # the save, replayed in Python
    page, errors, requests = opened(browser, tmp_path / "game.html")
    n = len(states) - 1
    assert page.evaluate("mpReplay.steps") == n and page.evaluate("mpReplay.step()") == n  # it opens at the end
    (map_traces, map_types), (chart_traces, chart_types) = page.evaluate(DRAWN)
    assert map_types == ["scattergeo"] * map_traces and chart_types == ["scatter"] * chart_traces == ["scatter"] * 2
    check_step(page, states[n])
    page.keyboard.press("Home")
    visited = [0]
    for _ in range(3):  # the arrow keys
        page.keyboard.press("ArrowRight")
        visited.append(visited[-1] + 1)
    page.wait_for_function(f"mpReplay.step() === {visited[-1]}")
    check_step(page, states[visited[-1]])
    slider = page.locator(".mp-replay-slider input")
    for k in sorted({round(j * n / (STEPS - len(visited))) for j in range(1, STEPS - len(visited) + 1)}):
        slider.fill(str(k))  # the slider, as a hand moves it
        page.wait_for_function(f"mpReplay.step() === {k}")
        check_step(page, states[k])
        visited.append(k)
    assert len(set(visited)) >= 20
    for k in (visited[2], n // 2):
        slider.fill(str(k))
        assert mp.load(code_on_screen(page)) == states[k]
    page.locator(".mp-replay-copy").click()
    page.wait_for_function("document.querySelector('.mp-replay-copied').textContent.includes('copied')")
    assert page.evaluate("navigator.clipboard.readText()") == code_on_screen(page)
    page.locator(".mp-replay-play").click()
    page.wait_for_function(f"mpReplay.step() > {n // 2}", timeout=20_000)
    page.locator(".mp-replay-play").click()
    assert not errors, errors
    assert not requests, requests


def test_the_review_s_marks_go_to_its_decisions(browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    exact_learned_value(monkeypatch)  # clear mistakes in 40 decisions at two futures a choice
    s = mp.new_game(2, seed=8)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    for _ in range(40):
        s = s.apply(agents[s.current_player].choose(s) if s.current_player else s.legal_actions()[-1])
    table = review(s, 0, time_budget=None, rollouts=2, min_futures=2, horizon="action", progress=False)
    mistakes = table[table["mistake"]]
    assert len(mistakes), "the last legal action of each decision: some are mistakes"
    s.to_html(tmp_path / "review.html", review=table)
    page, errors, requests = opened(browser, tmp_path / "review.html")
    marks = page.locator(".mp-replay-mark")
    assert marks.count() == len(mistakes)
    assert page.locator(".mp-replay-mistakes li").count() == len(mistakes)
    page.locator(".mp-replay-mistakes li button").first.click()
    step = int(mistakes.iloc[0]["step"])
    page.wait_for_function(f"mpReplay.step() === {step}")
    assert mistakes.iloc[0]["better_text"] in page.locator(".mp-replay-note").text_content()
    check_step(page, positions(s)[step])
    assert not errors and not requests, (errors, requests)


SHARE_PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><div id="host"></div><script>
const mpWidgets = {};
%s
// the widget's model, answering as the app does (ui/app.py: copy_code, save_replay)
const state = {code: "", replay: new DataView(new ArrayBuffer(0)), filename: "game.html", status: "",
               code_requested: 0, replay_requested: 0, code_answered: 0, replay_answered: 0};
const handlers = {};
const emit = (key) => (handlers["change:" + key] || []).forEach((f) => f());
const answer = {
  code_requested: () => { state.code = %s; emit("code"); state.code_answered++; emit("code_answered"); },
  replay_requested: () => {
    state.replay = new DataView(new TextEncoder().encode(%s).buffer); state.filename = "mp2-seed2-step5.html";
    state.replay_answered++; emit("replay_answered");
  },
};
const model = {
  get: (k) => state[k],
  set: (k, v) => { state[k] = v; },
  on: (e, f) => (handlers[e] = handlers[e] || []).push(f),
  off: () => {},
  save_changes: () => {
    for (const k in answer) if (state[k] !== window.sent[k]) { window.sent[k] = state[k]; setTimeout(answer[k]); }
  },
};
window.sent = {code_requested: 0, replay_requested: 0};
mpWidgets.share_bar.render({model, el: document.getElementById("host")});
</script></body></html>"""


def test_the_share_bar_copies_the_code_and_downloads_the_replay(browser: Any, tmp_path: Path) -> None:
    from mp_notebook.render.replay import widget_script

    s = mp.new_game(2, seed=2)
    for _ in range(5):
        s = s.apply(s.legal_actions()[0])
    html = s.to_html(plotlyjs="cdn")
    parts = (widget_script("share_bar"), json.dumps(s.code()), json.dumps(html))
    (tmp_path / "share.html").write_text(SHARE_PAGE % tuple(p.replace("</", "<\\/") for p in parts), encoding="utf-8")
    context = browser.new_context(accept_downloads=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto((tmp_path / "share.html").as_uri())
    page.locator(".mp-share-copy").click()
    page.wait_for_function("document.querySelector('.mp-share-status').textContent === 'code copied'")
    assert mp.load(page.evaluate("navigator.clipboard.readText()")) == s
    assert page.locator(".mp-share-code").input_value() == s.code()
    with page.expect_download() as download:
        page.locator(".mp-share-save").click()
    assert download.value.suggested_filename == "mp2-seed2-step5.html"
    assert Path(download.value.path()).read_text(encoding="utf-8") == html
    assert page.locator(".mp-share-link").is_visible() and not errors, errors
    context.close()
