"""The notebook app: play a game by clicking, one decision at a time.

>>> import mp_notebook as mp
>>> app = mp.play(players=2, seed=3)
>>> app.press(str(app.state.legal_actions()[0]))
>>> len(app.state.history)
1

``app.state`` is an ordinary game state: fork it into the next cell with ``s = app.state``.
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any, TypeVar, cast

import ipywidgets as widgets
import plotly.graph_objects as go

from mp_notebook.agents.random import RandomAgent
from mp_notebook.engine.actions import Action
from mp_notebook.render.map import PLAYER_COLOURS, board_traces, map_layout, state_trace_dicts
from mp_notebook.rulesets import get
from mp_notebook.ui.components import ActionPanel, DiceTray, PlayerBoards
from mp_notebook.ui.labels import sections, terms

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState

HUMAN, BOT, AUTOMA = "human", "random bot", "Automa"


def default_seats(state: GameState) -> list[str]:
    """Humans everywhere but the seats the engine plays itself (the solo Automa, inside ``apply``)."""
    engine = terms(state).automa_seats(state)
    return [AUTOMA if i in engine else HUMAN for i in range(state.num_players)]


def checked_seats(state: GameState, seats: list[str] | tuple[str, ...] | None) -> list[str]:
    """``seats`` (who plays each seat; None: :func:`default_seats`) checked against ``state``.

    One entry per seat: ``"human"`` or ``"random bot"``, and ``"Automa"`` exactly on the solo
    Automa's seat. Raises ValueError saying what is wrong.
    """
    default = default_seats(state)
    if seats is None:
        return default
    if not isinstance(seats, (list, tuple)) or len(seats) != state.num_players:
        raise ValueError(f"seats names who plays each of the {state.num_players} seats, like {default!r}; "
                         f"got {seats!r}"[:300])
    for i, (who, usual) in enumerate(zip(seats, default, strict=True)):
        if usual == AUTOMA and who != AUTOMA:
            raise ValueError(f"seat {i} is the Automa's: it plays itself (solo rules, seed 004); write {AUTOMA!r}")
        if usual != AUTOMA and who not in (HUMAN, BOT):
            hint = " (the Automa plays only its own seat of a solo game)" if who == AUTOMA else ""
            raise ValueError(f"seat {i}: {who!r} is not one of {HUMAN!r}, {BOT!r}{hint}"[:300])
    return list(seats)


MAX_BOT_STEPS = 50_000  # a safety net: random bots finish a whole game in far fewer
LOG_SHOWN = 120
APP_MAP_HEIGHT = 520

F = TypeVar("F", bound=Callable[..., Any])


def shown_errors(method: F) -> F:
    """Run a callback; an illegal action or any other error is shown in the app, never lost."""

    @functools.wraps(method)
    def wrapper(self: GameApp, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except ValueError as exc:  # IllegalAction, NotationError and bad arguments: the message says why
            self.show_message(escape(str(exc), quote=False), error=True)
        except Exception:
            self.show_message(traceback.format_exc(), error=True, code=True)
        return None

    return cast(F, wrapper)


def play(s: GameState | int | list[str] | None = None, **new_game_kwargs: Any) -> GameApp:
    """An app playing ``s``, or a new game made with ``new_game_kwargs`` (default: 2 players).

    ``s`` may also be what ``new_game`` takes first (a number of players or their names), so
    ``mp.play(["Ana"], automa="L1")`` works like ``mp.new_game``. Keyword ``seats`` (e.g.
    ``["human", "random bot"]``) chooses who plays each seat.
    """
    from mp_notebook import new_game

    seats = new_game_kwargs.pop("seats", None)
    if s is None or isinstance(s, (int, list, tuple)):
        if s is not None:
            new_game_kwargs["players"] = s
        new_game_kwargs.setdefault("players", 1 if new_game_kwargs.get("automa") else 2)
        s = new_game(**new_game_kwargs)
    return GameApp(s, seats=seats)


class GameApp(widgets.VBox):
    """Map, dice tray, action panel, player boards, log and controls around one game.

    Every handler is a method that Python can call too: :meth:`press`, :meth:`click_location`,
    :meth:`undo`, :meth:`fork`, :meth:`new_game`, :meth:`set_seat`.
    """

    def __init__(self, state: GameState, *, seats: list[str] | None = None, bot_seed: int = 0):
        self.state = state
        self.seats = checked_seats(state, seats)
        self.forks: list[GameState] = []
        self.last_error: str | None = None
        self._undo: list[GameState] = []
        self._static = 0  # the map's first traces that never change (base map, routes, oases)
        self._drawn: list[dict[str, Any]] = []  # the state traces as last sent to the map
        self._bot = RandomAgent(bot_seed)
        self._setup = dict(state.setup)
        self._solo = bool(terms(state).automa_seats(state))  # solo: the player against the Automa

        self.header = widgets.HTML(layout=widgets.Layout(margin="0 0 4px 0"))
        self.message = widgets.HTML(layout=widgets.Layout(min_height="0"))
        self.map = go.FigureWidget()
        self.map._config = {"responsive": True, "displaylogo": False}  # fits its width (widgets/action_panel.js)
        self.dice = DiceTray()
        self.boards = PlayerBoards()
        self.actions = ActionPanel()
        self.log_view = widgets.HTML()
        self.undo_button = widgets.Button(description="Undo", icon="undo", tooltip="undo your last decision")
        self.fork_button = widgets.Button(description="Fork", icon="code-branch",
                                          tooltip="keep this position in app.forks for the next cell")
        self.new_button = widgets.Button(description="New game", icon="plus", tooltip="start a new game (setup below)")
        self.players_box = widgets.Dropdown(options=[2, 3, 4], value=state.num_players, description="players",
                                            disabled=self._solo, layout=widgets.Layout(width="150px"))
        self.seed_box = widgets.IntText(value=int(self._setup.get("seed") or 0) + 1, description="seed",
                                        layout=widgets.Layout(width="150px"))
        self.seat_boxes = widgets.HBox()

        self.actions.observe(self._on_pressed, names="pressed")
        self.undo_button.on_click(lambda _: self.undo())
        self.fork_button.on_click(lambda _: self.fork())
        self.new_button.on_click(lambda _: self.new_game(players=None if self._solo else self.players_box.value,
                                                         seed=self.seed_box.value))

        side = widgets.VBox([self.dice, self.log_view], layout=widgets.Layout(flex="1 1 40%", min_width="280px"))
        self.actions.layout = widgets.Layout(flex="1 1 60%", min_width="320px")
        setup = widgets.HBox([widgets.HTML("<b>Seats</b>"), self.seat_boxes, self.players_box, self.seed_box],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        toolbar = widgets.HBox([self.undo_button, self.fork_button, self.new_button])
        super().__init__([
            self.header, toolbar, self.message, self.map,
            widgets.HBox([self.actions, side], layout=widgets.Layout(flex_flow="row wrap", width="100%")),
            self.boards, setup,
        ])
        self.add_class("mp-notebook-app")
        self._build_map()
        self._build_seats()
        self._advance()

    # --- handlers ------------------------------------------------------------------------------
    @shown_errors
    def press(self, notation: str) -> None:
        """Take the action written ``notation`` (what an action button does)."""
        self._act(notation)

    @shown_errors
    def click_location(self, name: str) -> None:
        """A click on a map location: the pending choice naming it, or why there is none."""
        location_of = terms(self.state).location_of
        matches = [a for a in self.state.legal_actions() if location_of(a) == name]
        if len(matches) == 1:
            self._act(matches[0])
        elif matches:
            self.show_message(f"{len(matches)} choices name {escape(name)}: pick one in the action panel "
                              f"({', '.join(escape(str(a)) for a in matches)}).")
        else:  # let the engine say why (IllegalAction, shown by the decorator)
            self._act(terms(self.state).click_action(self.state, name))

    @shown_errors
    def undo(self) -> None:
        """Go back to before your last decision (bots' replies are undone with it)."""
        if not self._undo:
            self.show_message("nothing to undo", error=True)
            return
        self.state = self._undo.pop()
        self.show_message(f"undone: back to “{escape(self.state.decision.text)}”")
        self.refresh()

    @shown_errors
    def fork(self) -> GameState:
        """Keep the current position in ``app.forks`` (and return it)."""
        self.forks.append(self.state)
        k = len(self.forks) - 1
        self.show_message(f"fork saved: <code>s = app.forks[{k}]</code> in the next cell "
                          f"(round {self.state.round}, {escape(self.state.decision.text)}); "
                          f"<code>app.state</code> is always the current position.")
        return self.state

    @shown_errors
    def new_game(self, players: int | None = None, seed: int | None = None) -> None:
        """Start a new game with the same options (``players``, ``seed`` may change; a solo game stays
        one player against the Automa)."""
        from mp_notebook import new_game

        kwargs = dict(self._setup)
        names = kwargs.pop("players")
        if self._solo and players not in (None, self.state.num_players):
            raise ValueError(f"this is a solo game against the Automa; for {players} players start a new app: "
                             f"mp.play(players={players})")
        n = len(names) if self._solo else players or len(names)
        kwargs["seed"] = seed if seed is not None else (kwargs.get("seed") or 0) + 1
        state = new_game(names if len(names) == n else n, **kwargs)
        self.state, self._setup, self._undo = state, dict(state.setup), []
        kept = [seat for seat in self.seats if seat != AUTOMA] + [HUMAN] * state.num_players
        self.seats = [AUTOMA if new == AUTOMA else kept[i] for i, new in enumerate(default_seats(state))]
        self.seed_box.value = kwargs["seed"] + 1
        self.players_box.value = state.num_players
        self._build_map()
        self._build_seats()
        self.show_message(f"new game: {n} player{'s' if n > 1 else ''}"
                          f"{' against the Automa' if self._solo else ''}, seed {kwargs['seed']}")
        self._advance()

    @shown_errors
    def set_seat(self, seat: int, who: str) -> None:
        """Let a human (``"human"``) or the random bot (``"random bot"``) play ``seat``."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise ValueError(f"no seat {seat!r} (seats 0-{len(self.seats) - 1})"[:300])
        if self.seats[seat] == AUTOMA:
            raise ValueError(f"seat {seat} is the Automa's: it plays itself (solo rules, seed 004)")
        if who not in (HUMAN, BOT):
            raise ValueError(f"seat {seat}: {who!r} is not one of {HUMAN!r}, {BOT!r}")
        self.seats[seat] = who
        cast(widgets.Dropdown, self.seat_boxes.children[seat]).value = who
        self._advance()

    # --- state changes -------------------------------------------------------------------------
    def _act(self, action: Action | str) -> None:
        new = self.state.apply(action)  # raises IllegalAction / NotationError: nothing changes
        self._undo.append(self.state)
        self.state = new
        self.show_message("")
        self._advance()

    def _advance(self) -> None:
        """Let bot seats play until a human decides or the game ends, then redraw."""
        steps = 0
        while not self.state.is_over and self.seats[self.state.current_player or 0] == BOT:
            self.state = self.state.apply(self._bot.choose(self.state))
            steps += 1
            if steps > MAX_BOT_STEPS:
                raise RuntimeError(f"bots made {MAX_BOT_STEPS} moves without reaching a human decision")
        self.refresh()

    def show_message(self, text: str, *, error: bool = False, code: bool = False) -> None:
        """Show ``text`` (HTML) above the map; errors in red (``code``: preformatted)."""
        self.last_error = text if error else None
        if not text:
            self.message.value = ""
            return
        body = f"<pre style='white-space:pre-wrap;margin:0'>{escape(text)}</pre>" if code else text
        style = ("background:#fde8e6;border:1px solid #e3a39c;color:#8a1c12" if error
                 else "background:#eef6e9;border:1px solid #b9d8a8;color:#2f5a1c")
        role = "alert" if error else "status"
        self.message.value = (f"<div class='mp-message{' mp-error' if error else ''}' role='{role}' "
                              f"style='{style};padding:4px 8px;border-radius:4px;font-size:13px'>{body}</div>")

    # --- drawing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring every widget up to date with ``self.state``."""
        s = self.state
        legal = s.legal_actions()
        human = not s.is_over and self.seats[s.current_player or 0] == HUMAN
        t = terms(s)
        targets = sorted({loc for a in legal if (loc := t.location_of(a))}) if human else []
        drawn = state_trace_dicts(s, targets=targets)
        with self.map.batch_update():
            for trace, old, new in zip(self.map.data[self._static:], self._drawn, drawn, strict=True):
                changed = {k: v for k, v in new.items() if old.get(k) != v}
                if changed:
                    trace.update(changed, overwrite=True)
        self._drawn = drawn
        self.header.value = self._header_html()
        self.dice.players = [self._dice_json(i) for i in range(s.num_players)]
        self.dice.spaces, self.dice.black_pool = t.board_dice(s)
        self.boards.players = [self._board_json(i) for i in range(s.num_players)]
        self.actions.title = ("The game is over." if s.is_over else
                              f"{escape(s.decision.text)}" + ("" if human else " (bot)"))
        self.actions.sections = sections(s, legal) if human else []
        self.log_view.value = self._log_html()
        self.undo_button.disabled = not self._undo

    def _build_map(self) -> None:
        s = self.state
        static = board_traces(s)
        self._static = len(static)
        self._drawn = state_trace_dicts(s)
        with self.map.batch_update():
            self.map.data = []
            self.map.add_traces(static + [go.Scattergeo(d) for d in self._drawn])
            self.map.layout = map_layout(s)
            self.map.layout.update(title_text="", margin_t=4, height=APP_MAP_HEIGHT)  # the header says it
        for trace in self.map.data:
            if trace.customdata is not None:
                trace.on_click(self._on_map_click)

    def _build_seats(self) -> None:
        boxes = []
        for i, p in enumerate(self.state.players):
            automa = self.seats[i] == AUTOMA
            box = widgets.Dropdown(options=[AUTOMA] if automa else [HUMAN, BOT], value=self.seats[i],
                                   description=p.name, disabled=automa,
                                   layout=widgets.Layout(width="220px"), style={"description_width": "70px"})
            box.observe(functools.partial(self._on_seat, i), names="value")
            boxes.append(box)
        self.seat_boxes.children = boxes

    def _header_html(self) -> str:
        s = self.state
        status = "game over" if s.is_over else f"round {s.round} of {s.rounds}"
        first = escape(s.players[s.first_player].name)
        if s.is_over:
            totals = s.scores()["total"]
            turn = "final scores — " + ", ".join(f"{escape(str(n))}: {v} VP" for n, v in totals.items())
        else:
            i = s.current_player or 0
            who = "bot" if self.seats[i] == BOT else "you"
            turn = (f"<span style='color:{PLAYER_COLOURS[i]}'>●</span> <b>{escape(s.players[i].name)}</b> ({who}): "
                    f"{escape(s.decision.text.partition(': ')[2])}")
        return (f"<div class='mp-header' style='font-size:14px'><b>{escape(get(s.ruleset).short)}</b> — {status} · "
                f"first player {first} · {turn}</div>")

    def _dice_json(self, i: int) -> dict[str, Any]:
        p = self.state.players[i]
        return {"seat": i, "name": p.name, "colour": PLAYER_COLOURS[i], "dice": list(p.dice),
                "black_dice": list(p.black_dice), "current": self.state.current_player == i}

    def _board_json(self, i: int) -> dict[str, Any]:
        s = self.state
        return {"seat": i, "name": s.players[i].name, "colour": PLAYER_COLOURS[i], "current": s.current_player == i,
                **terms(s).player_board(s, i)}

    def _log_html(self) -> str:
        s = self.state
        events = s.log[-LOG_SHOWN:][::-1]
        rows = []
        for e in events:
            who = "" if e.player is None else (f"<span style='color:{PLAYER_COLOURS[e.player]}'>●</span> ")
            rows.append(f"<div title='{escape(e.rule)}'><span style='color:#8a7b66'>R{e.round}</span> "
                        f"{who}{escape(e.text)}</div>")
        hidden = len(s.log) - LOG_SHOWN
        more = f"<div style='color:#8a7b66'>… {hidden} older events</div>" if hidden > 0 else ""
        return ("<div class='mp-log' style='font-size:12px;max-height:240px;overflow-y:auto;border:1px solid "
                "#e2d6bf;border-radius:6px;padding:4px 8px;background:#fffdf8'><b>Log</b> (newest first)"
                + ("".join(rows) or "<div>nothing yet</div>") + more + "</div>")

    # --- widget callbacks -----------------------------------------------------------------------
    def _on_pressed(self, change: dict[str, Any]) -> None:
        notation = (change["new"] or {}).get("notation")
        if notation:
            self.press(notation)

    def _on_map_click(self, trace: Any, points: Any, selector: Any) -> None:
        if points.point_inds:
            self.click_location(trace.customdata[points.point_inds[0]])

    def _on_seat(self, seat: int, change: dict[str, Any]) -> None:
        if self.seats[seat] != change["new"]:
            self.set_seat(seat, change["new"])
