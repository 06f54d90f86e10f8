"""Sharing and reviewing a game in the app: the share bar ("Copy position code", "Save replay") and
the post-game review under the final scoring ("Review my game"). The app (``ui/app.py``) adds them
and answers their buttons (:meth:`GameApp.copy_code`, :meth:`GameApp.save_replay`,
:meth:`GameApp.review`); nothing needs a server: the code goes to the clipboard and the replay page
is handed to the browser as a download (``widgets/share_bar.js``).
"""

from __future__ import annotations

import math
import threading
import traceback
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

import anywidget
import ipywidgets as widgets
import traitlets

from mp_notebook.analysis.review import plan_path, positions
from mp_notebook.registry import get
from mp_notebook.render.map import show_map
from mp_notebook.ui.components import CSS, SharedFigureWidget, _esm

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.engine.game import GameState

MISTAKES_SHOWN = 20  # mistakes listed, the biggest first


class App(Protocol):
    """What the review panel asks of the app it sits in (``ui.app.GameApp``)."""

    state: GameState
    seats: list[str]
    forks: list[GameState]

    def review(self, seat: int | None = None, *, background: bool = False) -> pd.DataFrame | None: ...

    def show_message(self, text: str, *, error: bool = False, code: bool = False) -> None: ...


class ShareBar(anywidget.AnyWidget):
    """Two buttons and the code's field. A press counts up ``code_requested`` or
    ``replay_requested``; the app answers by setting ``code`` (then ``code_answered``), or
    ``replay`` and ``filename`` (then ``replay_answered``), which the browser copies to the
    clipboard or downloads; ``status`` is a line of text beside them."""

    _esm = _esm("share_bar.js")
    _css = CSS
    code = traitlets.Unicode("").tag(sync=True)
    replay = traitlets.Bytes(b"").tag(sync=True)
    filename = traitlets.Unicode("game.html").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    code_requested = traitlets.Int(0).tag(sync=True)
    replay_requested = traitlets.Int(0).tag(sync=True)
    code_answered = traitlets.Int(0).tag(sync=True)
    replay_answered = traitlets.Int(0).tag(sync=True)


def replay_name(s: GameState) -> str:
    """The replay page's file name: the game, its seed and how far it went.

    >>> import mp_notebook as mp
    >>> replay_name(mp.new_game(players=2, seed=3))
    'mp2-seed3-step0.html'
    """
    return f"{s.ruleset}-seed{s.setup.get('seed')}-step{len(s.history)}.html"


class ReviewPanel(widgets.VBox):
    """"Review my game" under the final scoring: the chosen player's decisions reviewed
    (:func:`mp_notebook.analysis.review` with ``options``), the summary, the mistakes (the biggest
    first), and for the one picked its position on a map with the better choice's path drawn, what
    it lost and why, its code, and a button that forks it into ``app.forks``. Shown once the game is
    over (and the ruleset has an evaluation)."""

    def __init__(self, app: App):
        self.app = app
        self.options: dict[str, Any] = {}
        self.table: pd.DataFrame | None = None
        self.game: GameState | None = None  # the game the table reviews
        self._positions: list[GameState] = []
        self._running = False
        self.button = widgets.Button(description="Review my game", icon="search",
                                     tooltip="value every decision of this player like the Hint: the biggest "
                                             "mistakes first, each with the better choice (a few minutes of CPU)")
        self.seat = widgets.Dropdown(description="player", layout=widgets.Layout(width="220px"))
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="reviewing",
                                            layout=widgets.Layout(display="none", width="260px"))
        self.summary = widgets.HTML()
        self.mistakes = widgets.Select(options=[], rows=8, layout=widgets.Layout(width="100%", display="none"))
        self.detail = widgets.HTML()
        self.fork_button = widgets.Button(description="Fork this position", icon="code-branch",
                                          layout=widgets.Layout(display="none"),
                                          tooltip="keep the position of this mistake in app.forks for the next cell")
        self.map_box = widgets.Box(layout=widgets.Layout(width="100%"))
        self.button.on_click(lambda _: self.app.review(background=True))
        self.mistakes.observe(self._on_pick, names="value")
        self.fork_button.on_click(lambda _: self._fork())
        super().__init__([widgets.HBox([self.button, self.seat, self.progress],
                                       layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
                          self.summary, self.mistakes, self.detail, self.fork_button, self.map_box],
                         layout=widgets.Layout(display="none"))
        self.add_class("mp-review")

    def update(self) -> None:
        """Show the panel when the app's game is over (and the ruleset has an evaluation), with its
        players to choose from (the humans first); forget a review of another game."""
        s = self.app.state
        shown = s.is_over and "agents" in get(s.ruleset).parts
        self.layout.display = None if shown else "none"
        if self.game is not None and self.game != s:
            self.table, self.game = None, None
            self.summary.value = self.detail.value = ""
            self.mistakes.options = []
            self.mistakes.layout.display = self.fork_button.layout.display = "none"
            self.map_box.children = ()
        if shown:
            seats = [i for i, who in enumerate(self.app.seats) if who == "human"]
            seats += [i for i, who in enumerate(self.app.seats) if who not in ("human", "Automa")]
            self.seat.options = [(s.players[i].name, i) for i in seats]
            self.seat.disabled = len(seats) < 2
            self.button.disabled = self._running or not seats

    def run(self, seat: int | None, *, background: bool) -> pd.DataFrame | None:
        """Review ``seat`` (``None``: the one chosen in the panel) of the app's finished game."""
        s = self.app.state
        if not s.is_over:
            raise ValueError("the review is of a finished game: play it to the end first")
        if "agents" not in get(s.ruleset).parts:
            raise ValueError(f"no review for {get(s.ruleset).title}: it has no evaluation yet (agents part)")
        if self._running:
            raise ValueError("a review is being computed: wait for it")
        seat = self.seat.value if seat is None else seat
        if seat is None:
            raise ValueError("no player to review")
        self._running = True
        self.button.disabled = True
        self.progress.value, self.progress.max = 0, 1
        self.progress.layout.display = None
        self.summary.value = (f"<div class='mp-muted'>reviewing {escape(s.players[seat].name)}'s decisions on "
                              f"sampled futures…</div>")
        if background:
            threading.Thread(target=self._run, args=(s, seat), daemon=True).start()
            return None
        return self._run(s, seat)

    def _step(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done

    def _run(self, s: GameState, seat: int) -> pd.DataFrame | None:
        from mp_notebook.analysis import review

        try:
            table = review(s, seat, progress=self._step, **self.options)
            self.table, self.game, self._positions = table, s, positions(s)
            self._list()
            return table
        except Exception:
            self.app.show_message(traceback.format_exc(), error=True, code=True)
            return None
        finally:
            self._running = False
            self.progress.layout.display = "none"
            self.update()

    def _list(self) -> None:
        assert self.table is not None
        table = self.table
        unit = table.attrs["unit"]
        self.summary.value = f"<div class='mp-hint'><b>Review</b>: {escape(table.attrs['sentence'])}</div>"
        mistakes = table[table["mistake"]].head(MISTAKES_SHOWN)
        self.mistakes.options = [(f"round {r['round']}: {r['played_text']} — better {r['better_text']} "
                                  f"({r['loss']:+.1f} {unit})", k) for k, r in mistakes.iterrows()]
        self.mistakes.layout.display = None if len(mistakes) else "none"
        if len(mistakes):
            self.mistakes.value = mistakes.index[0]
        else:
            self.detail.value = "<div class='mp-muted'>no decision lost clearly more than the noise</div>"

    def _on_pick(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.show(int(change["new"]))

    def show(self, index: int) -> None:
        """Show the reviewed decision ``index`` (a row of ``table``): its position on the map, with the
        better choice's path drawn, what it lost and why."""
        assert self.table is not None
        row = self.table.loc[index]
        s = self._positions[int(row["step"])]
        seat = int(self.table.attrs["seat"])
        unit = self.table.attrs["unit"]
        low, high = row["loss_low"], row["loss_high"]
        spread = (f"95% interval {low:+.1f} to {high:+.1f}" if math.isfinite(low) and math.isfinite(high)
                  else "no interval")
        self.detail.value = (
            f"<div class='mp-hint'><b>Round {row['round']}, step {row['step']}</b>: {escape(row['decision'])}<br>"
            f"played: {escape(row['played_text'])}<br><b>better: {escape(row['better_text'])}</b> "
            f"({row['loss']:+.1f} {unit}, {spread}, on {row['futures']} futures to the end of the "
            f"{escape(row['horizon'])})<br>{escape(row['why'])}<br>"
            f"<span class='mp-muted'>position code: <code style='word-break:break-all'>{escape(row['code'])}"
            f"</code></span></div>")
        figure = SharedFigureWidget(show_map(s, player=seat, highlight=plan_path(s, str(row["better"]))))
        figure._config = {"responsive": True, "displaylogo": False}
        old = self.map_box.children
        self.map_box.children = (figure,)
        for widget in old:
            widget.close()
        self.fork_button.layout.display = None

    def _fork(self) -> None:
        if self.table is not None and self.mistakes.value is not None:
            s = self._positions[int(self.table.loc[self.mistakes.value, "step"])]
            self.app.forks.append(s)
            self.app.show_message(f"fork saved: <code>s = app.forks[{len(self.app.forks) - 1}]</code> is the "
                                  f"position of this mistake (round {s.round}, {escape(s.decision.text)})")
