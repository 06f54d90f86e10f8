"""The notebook app: play a game by clicking, one decision at a time.

>>> import mp_notebook as mp
>>> app = mp.play(players=2, seed=3)
>>> app.press(str(app.state.legal_actions()[0]))
>>> len(app.state.history)
1

``app.state`` is an ordinary game state: fork it into the next cell with ``s = app.state``.
Computer players take seats (``seats=["human", "greedy bot"]``); **Hint** (:meth:`GameApp.hint`)
shows what the engine recommends at a human decision and why: the ``evaluate`` table of its choices.
"""

from __future__ import annotations

import functools
import math
import threading
import traceback
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any, TypeVar, cast

import ipywidgets as widgets
import plotly.graph_objects as go

from mp_notebook.agents.greedy import GreedyAgent, distinct_actions
from mp_notebook.agents.random import RandomAgent
from mp_notebook.agents.search import SearchAgent
from mp_notebook.agents.value import prediction_error
from mp_notebook.analysis.evaluate import CAP, DEFAULT_TIME_BUDGET, MIN_FUTURES, plans, spread
from mp_notebook.engine.actions import Action
from mp_notebook.engine.errors import ArgumentError, IllegalAction
from mp_notebook.engine.game import checked_state
from mp_notebook.engine.text import counted, resource
from mp_notebook.engine.validate import checked_choice, checked_int, checked_seat, checked_seed, checked_text, shown
from mp_notebook.registry import PACKAGES, get
from mp_notebook.render.map import PLAYER_COLOURS, board_traces, map_layout, state_trace_dicts
from mp_notebook.ui.components import ActionPanel, DiceTray, PlayerBoards, SharedFigureWidget
from mp_notebook.ui.labels import BoardRow, sections, terms

if TYPE_CHECKING:
    from concurrent.futures import Executor

    import pandas as pd

    from mp_notebook.agents.base import Agent
    from mp_notebook.engine.game import GameState

HUMAN, BOT, GREEDY, SEARCH, AUTOMA = "human", "random bot", "greedy bot", "search bot", "Automa"
# The computer players a seat can take, made from a seed; all but the random bot need the ruleset's
# evaluation (its ``agents`` part). The search bot is SearchAgent, the best search measured (greedy's
# best moves valued by the learned position value before the last round, rollouts capped at 400
# decisions in it), on a clock so that it answers within a second: its searches stop at
# BOT_SECONDS, and where the first rollout says the rest would not fit, fewer candidates are
# searched (greedy's choice where not two). At its defaults a decision's 99th percentile is
# 0.6-0.7 s of CPU but the slowest take 1.4 s (`python bench/app_bots.py --against-defaults`).
BOT_SECONDS = 0.8  # a search's clock; greedy's ranking and the follow-ups fit in the rest of a second
BOTS: dict[str, Callable[[int], Agent]] = {
    BOT: RandomAgent,
    GREEDY: lambda seed: GreedyAgent(seed),
    SEARCH: lambda seed: SearchAgent(seed=seed, budget_seconds=BOT_SECONDS),
}


def has_evaluation(state: GameState) -> bool:
    """Whether ``state``'s ruleset offers the evaluation the greedy/search bots and the hint need."""
    return "agents" in get(state.ruleset).parts


def seat_choices(state: GameState) -> list[str]:
    """Who may play a seat that is not the Automa's: a human or one of the computer players."""
    return [HUMAN, BOT] + ([GREEDY, SEARCH] if has_evaluation(state) else [])


def default_seats(state: GameState) -> list[str]:
    """Humans everywhere but the seats the engine plays itself (the solo Automa, inside ``apply``)."""
    engine = terms(state).automa_seats(state)
    return [AUTOMA if i in engine else HUMAN for i in range(state.num_players)]


def checked_seats(state: GameState, seats: list[str] | tuple[str, ...] | None) -> list[str]:
    """``seats`` (who plays each seat; None: :func:`default_seats`) checked against ``state``.

    One entry per seat: ``"human"`` or a computer player (``"random bot"``, ``"greedy bot"``,
    ``"search bot"``: :func:`seat_choices`), and ``"Automa"`` exactly on the solo Automa's seat.
    Raises an ArgumentError saying what is wrong.
    """
    default = default_seats(state)
    choices = seat_choices(state)
    if seats is None:
        return default
    if not isinstance(seats, (list, tuple)) or len(seats) != state.num_players:
        raise ArgumentError(f"seats names who plays each of the {state.num_players} seats, like {default!r}; "
                            f"got {shown(seats)}")
    for i, (who, usual) in enumerate(zip(seats, default, strict=True)):
        if usual == AUTOMA and who != AUTOMA:
            raise ArgumentError(f"seat {i} is the Automa's: it plays itself (solo rules, seed 004); write {AUTOMA!r}")
        if usual != AUTOMA and not (isinstance(who, str) and who in choices):
            hint = " (the Automa plays only its own seat of a solo game)" if who == AUTOMA else ""
            raise ArgumentError(f"seat {i}: {shown(who)} is not one of {', '.join(map(repr, choices))}{hint}")
    return list(seats)


MAX_BOT_STEPS = 50_000  # a safety net: random bots finish a whole game in far fewer
LOG_SHOWN = 120
HINT_ROLLOUTS = 32  # the most sampled futures a choice gets behind a hint (evaluate's rollouts)
HINT_TIME_BUDGET = DEFAULT_TIME_BUDGET  # CPU seconds a hint samples futures for (evaluate's time_budget)
HINT_MIN_FUTURES = MIN_FUTURES  # the floor: futures behind each finalist (evaluate's min_futures)
HINT_ROWS = 8  # choices shown in the hint table
HINT_HORIZONS = {"action": "to the end of the action", "turn": "to the end of the turn",
                 "round": "to the end of the round", "game": "to the end of the game"}

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
    ``["human", "greedy bot"]``, see :func:`seat_choices`) chooses who plays each seat.
    """
    from mp_notebook.engine.game import GameState
    from mp_notebook.registry import new_game

    seats = new_game_kwargs.pop("seats", None)
    if not (s is None or isinstance(s, (GameState, int, list, tuple))):
        raise ArgumentError(f"play() takes a game state, a number of players or a list of names, got {shown(s)}")
    if s is None or isinstance(s, (int, list, tuple)):
        if s is not None:
            new_game_kwargs["players"] = s
        new_game_kwargs.setdefault("players", 1 if new_game_kwargs.get("automa") else 2)
        s = new_game(**new_game_kwargs)
    return GameApp(s, seats=seats)


def _interval(low: float, high: float) -> str:
    """A 95% interval as text (true minus signs); none from a single sampled future.

    >>> _interval(-18.84, 21.9), _interval(float("-inf"), float("inf"))
    ('−18.8 to +21.9', '—')
    """
    return f"{_signed(low)} to {_signed(high)}" if math.isfinite(low) and math.isfinite(high) else "—"


def _signed(x: float) -> str:
    """A difference with its sign (a true minus sign).

    >>> _signed(2.04), _signed(-0.96)
    ('+2.0', '−1.0')
    """
    return f"+{x:.1f}" if x >= 0 else f"−{-x:.1f}"


def _share(low: float, high: float) -> str:
    """A win rate as its 95% interval, never a bare 100% from a few futures.

    >>> _share(0.41, 0.744), _share(0.72, 1.0)
    ('41–74%', '72–100%')
    """
    return f"{low:.0%}–{high:.0%}".replace("%–", "–")


def _under(text: str) -> str:
    """``text`` as the small second line of a hint table cell (none when empty).

    >>> _under("→ Karakorum"), _under("")
    ("<div class='mp-hint-sub'>→ Karakorum</div>", '')
    """
    return f"<div class='mp-hint-sub'>{escape(text)}</div>" if text else ""


def _detail(text: str, plan: str) -> str:
    """An action's detail in the hint table, with the destination of a journey plan."""
    moves = [step.removeprefix("move ") for step in plan.split(" → ") if step.startswith("move ")]
    return f"{text} → {moves[-1]}" if moves else text


def _cited(text: str) -> tuple[str, str]:
    """``text`` without the parenthesis that closes it (the rule it cites), and that citation
    (``""``: none).

    >>> _cited("only a merchant who may return enters Venice (Rulebook: Return to Venice)")
    ('only a merchant who may return enters Venice', 'Rulebook: Return to Venice')
    """
    depth = 0
    for k in range(len(text) - 1, -1, -1) if text.endswith(")") else ():
        depth += {")": 1, "(": -1}.get(text[k], 0)
        if depth == 0:
            return text[:k].rstrip(), text[k + 1:-1]
    return text, ""


def _click_refused(name: str, error: str, awaited: str, places: list[str]) -> str:
    """Why a click on ``name`` takes no choice, for a player: plain sentences, no nested brackets.
    ``error``: the engine's message for the action the click tried; its reason is told only when
    the decision asks for a place (``places`` can be clicked): then it is about this place (too far,
    not allowed in); otherwise it is about the engine's order of decisions, and the awaited
    decision says it better.

    >>> _click_refused("Delhi", "illegal: move is a follow-up choice (Rulebook: A Game Turn)",
    ...                "Player 1: take a main action", [])
    'Delhi is not a choice now. Player 1: take a main action. Nothing on the map is a choice now: use the action panel.'
    >>> _click_refused("Venice", "illegal: only a merchant who may return enters Venice (Rulebook: Return to Venice)"
    ...                "; the choices are ...", "Player 1: move 2 spaces", ["Sofia"])
    'Venice is not a choice now: only a merchant who may return enters Venice — Rulebook: Return to Venice. Player 1: \
move 2 spaces. You can click Sofia.'
    """
    why, rule = _cited(error.partition(": ")[2].partition("; the choices are")[0])
    if not places or why.startswith("the game is waiting for"):  # nothing more than what is awaited
        why = rule = ""
    first = f"{name} is not a choice now" + (f": {why}" if why else "") + (f" — {rule}" if rule else "")
    where = (f"You can click {', '.join(places)}" if places
             else "Nothing on the map is a choice now: use the action panel")
    return f"{first}. {awaited}. {where}."


def _shown(row: BoardRow, sees: bool) -> dict[str, Any]:
    """A player-board row as the widget draws it: a secret row the viewer may not see says so and
    carries nothing of its content."""
    if row.get("secret") and not sees:
        return {"label": row["label"], "value": "hidden (secret)"}
    return {k: v for k, v in row.items() if k != "secret"}


class GameApp(widgets.VBox):
    """Map, dice tray, action panel, player boards, log and controls around one game.

    Every handler is a method that Python can call too: :meth:`press`, :meth:`click_location`,
    :meth:`undo`, :meth:`fork`, :meth:`new_game`, :meth:`set_seat`, :meth:`hint`.
    """

    def __init__(self, state: GameState, *, seats: list[str] | None = None, bot_seed: int = 0):
        self.state = checked_state("state", state)
        self.seats = checked_seats(state, seats)
        bot_seed = checked_seed(bot_seed, "bot_seed")
        self.forks: list[GameState] = []
        self.last_error: str | None = None
        self.hint_rollouts = HINT_ROLLOUTS
        self.hint_time_budget: float | None = HINT_TIME_BUDGET
        self.hint_min_futures = HINT_MIN_FUTURES
        self.hint_time_cap: float | None = None  # evaluate's default: CAP budgets
        self.hint_executor: Executor | None = None  # e.g. a ProcessPoolExecutor; off by default (docs/howto)
        self._undo: list[GameState] = []
        self._static = 0  # the map's first traces that never change (base map, routes, oases)
        self._drawn: list[dict[str, Any]] = []  # the state traces as last sent to the map
        self._bot_seed = bot_seed
        self._setup = dict(state.setup)
        self._solo = bool(terms(state).automa_seats(state))  # solo: the player against the Automa
        self._position = 0  # counts redraws: a press from an older panel (a double click) is ignored
        self._hinting: GameState | None = None  # the position a hint is being computed for

        self.header = widgets.HTML(layout=widgets.Layout(margin="0 0 4px 0"))
        self.message = widgets.HTML(layout=widgets.Layout(min_height="0"))
        self.final_view = widgets.HTML()
        self.map = self._new_map()
        self.dice = DiceTray()
        self.boards = PlayerBoards()
        self.actions = ActionPanel()
        self.log_view = widgets.HTML()
        self.undo_button = widgets.Button(description="Undo", icon="undo", tooltip="undo your last decision")
        self.fork_button = widgets.Button(description="Fork", icon="code-branch",
                                          tooltip="keep this position in app.forks for the next cell")
        self.new_button = widgets.Button(description="New game", icon="plus",
                                         tooltip="start a new game: the players and seed below (the seed "
                                                 "box shows this game's; unchanged, the next seed is used)")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o",
                                          tooltip="what the engine recommends here, and why (sampled futures)")
        # the hint's progress: above the hint (the toolbar keeps its line)
        self.hint_progress = widgets.IntProgress(value=0, min=0, max=1, description="thinking",
                                                 layout=widgets.Layout(display="none", width="260px"))
        self.hint_view = widgets.HTML()
        self.hint_view.add_class("mp-hint-view")  # widgets/mp.css: as wide as its column
        self.goals_box = widgets.Checkbox(value=False, description="show every player's secret cards",
                                          indent=False, layout=widgets.Layout(width="auto"))
        players = [1] if self._solo else [2, 3, 4]
        self.players_box = widgets.Dropdown(options=players, value=state.num_players - self._solo,
                                            description="players", disabled=self._solo,
                                            layout=widgets.Layout(width="150px"))
        self.seed_box = widgets.IntText(value=int(self._setup.get("seed") or 0), description="seed",
                                        layout=widgets.Layout(width="170px"))
        self.seat_boxes = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))

        self.actions.observe(self._on_pressed, names="pressed")
        self.undo_button.on_click(lambda _: self.undo())
        self.fork_button.on_click(lambda _: self.fork())
        self.new_button.on_click(lambda _: self._on_new_game())
        self.hint_button.on_click(lambda _: self.hint(background=True))
        self.goals_box.observe(lambda _: self.refresh(), names="value")

        # Under the map, side by side: the action panel, and the hint (its recommendation beside the
        # panel's first rows, both in sight under the map) above the dice and the log.
        side = widgets.VBox([self.hint_progress, self.hint_view, self.dice, self.log_view],
                            layout=widgets.Layout(flex="1 1 40%", min_width="280px"))
        self.actions.layout = widgets.Layout(flex="1 1 60%", min_width="320px")
        setup = widgets.HBox([widgets.HTML("<b>Seats</b>"), self.seat_boxes, self.players_box, self.seed_box],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        toolbar = widgets.HBox([self.undo_button, self.fork_button, self.new_button, self.hint_button,
                                self.goals_box],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self._parts: list[widgets.Widget] = [
            self.header, toolbar, self.message, self.final_view, self.map,
            widgets.HBox([self.actions, side], layout=widgets.Layout(flex_flow="row wrap", width="100%")),
            self.boards, setup,
        ]
        super().__init__(self._parts)
        self.add_class("mp-notebook-app")
        self._add_sharing()
        self._build_seats()
        self._advance()

    # --- handlers ------------------------------------------------------------------------------
    @shown_errors
    def press(self, notation: str, position: int | None = None) -> None:
        """Take the action written ``notation`` (what an action button does). ``position``: the
        panel's position number the press came from; a press from an older panel (the second
        click of a double click) is ignored."""
        if not isinstance(notation, (str, Action)):
            raise ArgumentError(f"press takes an action's notation (str) or an Action, got {shown(notation)}")
        if position is not None and checked_int("position", position, 0, 2**63) != self._position:
            return
        self._act(notation)

    @shown_errors
    def click_location(self, name: str) -> None:
        """A click on a map location: the pending choice naming it, or why there is none."""
        checked_text("name", name, 200)
        t = terms(self.state)
        matches = [a for a in self.state.legal_actions() if t.location_of(a) == name]
        if len(matches) == 1:
            self._act(matches[0])
            return
        if matches:
            labels = ", ".join(escape(t.describe(self.state, a)[0]) for a in matches)
            self.show_message(f"{len(matches)} choices lead to {escape(name)}: pick one in the action panel "
                              f"({labels}).")
            return
        places = sorted({loc for a in self.state.legal_actions() if (loc := t.location_of(a))})
        try:
            self.state.apply(t.click_action(self.state, name))
        except ValueError as exc:
            raise IllegalAction(_click_refused(name, str(exc), self.state.decision.text, places)) from None
        raise AssertionError(f"a click on {name} was taken although no legal action names it")

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
        """Start a new game with the same options (``players``, ``seed`` may change; default: the
        next seed; a solo game stays one player against the Automa)."""
        from mp_notebook.registry import new_game

        if players is not None:
            players = checked_int("players", players, 1, 99)
        if seed is not None:
            seed = checked_seed(seed)
        kwargs = dict(self._setup)
        names = kwargs.pop("players")
        if self._solo and players not in (None, 1, self.state.num_players):
            raise ArgumentError(f"this is a solo game against the Automa; for {players} players start a new app: "
                             f"mp.play(players={players})")
        n = len(names) if self._solo else players or len(names)
        kwargs["seed"] = seed if seed is not None else (kwargs.get("seed") or 0) + 1
        state = new_game(names if len(names) == n else n, **kwargs)
        self.state, self._setup, self._undo = state, dict(state.setup), []
        kept = [seat for seat in self.seats if seat != AUTOMA] + [HUMAN] * state.num_players
        self.seats = [AUTOMA if new == AUTOMA else kept[i] for i, new in enumerate(default_seats(state))]
        self.seed_box.value = kwargs["seed"]
        self.players_box.value = state.num_players - self._solo
        self._build_map()
        self._build_seats()
        humans = state.num_players - self._solo
        self.show_message(f"new game: {counted(humans, 'player')}"
                          f"{' against the Automa' if self._solo else ''}, seed {kwargs['seed']}")
        self._advance()

    @shown_errors
    def set_seat(self, seat: int, who: str) -> None:
        """Let a human (``"human"``) or a computer player (``"random bot"``, ``"greedy bot"``,
        ``"search bot"``) play ``seat``."""
        seat = checked_seat("seat", seat, len(self.seats))
        if self.seats[seat] == AUTOMA:
            raise ArgumentError(f"seat {seat} is the Automa's: it plays itself (solo rules, seed 004)")
        choices = seat_choices(self.state)
        if not (isinstance(who, str) and who in choices):
            raise ArgumentError(f"seat {seat}: {shown(who)} is not one of {', '.join(map(repr, choices))}")
        self.seats[seat] = who
        cast(widgets.Dropdown, self.seat_boxes.children[seat]).value = who
        self._advance()

    @shown_errors
    def hint(self, *, background: bool = False) -> pd.DataFrame | None:
        """What the engine recommends at the current human decision, and why: every choice played
        out on futures sampled from this seat's view (:func:`mp_notebook.analysis.evaluate` with
        ``app.hint_time_budget`` CPU seconds, at least ``app.hint_min_futures`` and at most
        ``app.hint_rollouts`` futures behind a finalist, up to ``app.hint_time_cap`` CPU seconds, on
        ``app.hint_executor``), shown as a table under the action panel with a progress bar while it
        runs, and returned. ``background``: run in a thread (the button does) and return None at once."""
        background = checked_choice("background", background, (True, False))
        s = self.state
        if not has_evaluation(s):
            raise ValueError(f"no hint for {get(s.ruleset).title}: it has no evaluation yet (agents part)")
        if s.is_over or self.seats[s.current_player or 0] != HUMAN:
            raise ValueError("a hint is for a human player's decision; the game is over or a computer decides")
        if self._hinting is not None:
            raise ValueError("a hint is being computed: wait for it")
        self._hinting = s
        choices = len(plans(s, s.current_player or 0, distinct_actions(s, s.legal_actions())))
        self.hint_progress.max = 1
        self.hint_progress.value = 0
        self.hint_progress.layout.display = None
        self.hint_button.disabled = True
        budget = "" if self.hint_time_budget is None else f", for about {self.hint_time_budget:g} s of CPU"
        self.hint_view.value = (f"<div class='mp-hint mp-muted'>thinking: {counted(choices, 'choice')} on sampled "
                                f"futures{budget}…</div>")
        if background:
            threading.Thread(target=self._hint_run, args=(s,), daemon=True).start()
            return None
        return self._hint_run(s)

    def _hint_step(self, done: int, planned: int) -> None:
        """The progress bar: samples played of those planned (the budget may stop it short, the
        floor may add some)."""
        self.hint_progress.max = max(1, planned, done)
        self.hint_progress.value = done

    def _hint_run(self, s: GameState) -> pd.DataFrame | None:
        from mp_notebook.analysis import evaluate

        try:
            table = evaluate(s, time_budget=self.hint_time_budget, rollouts=self.hint_rollouts,
                             min_futures=self.hint_min_futures, time_cap=self.hint_time_cap,
                             executor=self.hint_executor, progress=self._hint_step)
            if self.state is s:
                self.hint_view.value = self._hint_html(s, table)
            else:
                self.hint_view.value = ("<div class='mp-hint mp-muted'>the position changed while the hint "
                                        "was computed: press Hint again</div>")
            return table
        except Exception:
            self.show_message(traceback.format_exc(), error=True, code=True)
            return None
        finally:
            self._hinting = None
            self.hint_progress.layout.display = "none"
            self.hint_button.disabled = not self._can_hint()

    def _hint_html(self, s: GameState, table: pd.DataFrame) -> str:
        words = terms(s)
        described = {str(a): words.describe(s, a) for a in s.legal_actions()}
        label = {a: " — ".join(filter(None, d)) for a, d in described.items()}
        unit = table.attrs["unit"]
        best = table.iloc[0]
        name = escape(label[best["action"]])
        if len(table) == 1:
            head = f"<b>The only choice: {name}</b>"
        else:
            runner = escape(label[table.iloc[1]["action"]])
            lead = (f"{_signed(best['diff'])} {unit} over {runner} ({spread(best['diff_low'], best['diff_high'])}) "
                    f"on the same {counted(int(table.iloc[1]['futures']), 'future')}")
            head = (f"<b>Recommended: {name}</b> — {lead}" if table.attrs["verdict"] == "clear" else
                    f"<b>Too close to call: {name} or {runner}</b> — {lead}; "
                    "either is as good as this analysis can tell")
            head += f". Why: {escape(best['why'])}"
        to = HINT_HORIZONS[best["horizon"]]
        basis = (f"Each choice is played on sampled futures ({escape(words.FUTURES_TEXT)}), every seat played "
                 f"{to} by the greedy player"
                 + ("" if best["horizon"] == "game" else
                    ", then valued by the learned position value, whose own error (about "
                    f"{prediction_error(s.ruleset, best['horizon'])[0]:.1f} {unit} on a difference) "
                    "is in the intervals")
                 + f". Score: your final margin over the best other player, in {unit}; "
                 f"{counted(int(best['futures']), 'future')} behind the recommendation, "
                 f"{table.attrs['cpu']:.1f} s of CPU")
        if table.attrs["capped"]:
            basis += (f". It stopped at the hard cap ({self._cap_text()}) before every finalist had "
                      f"{self.hint_min_futures} futures: a tentative answer")
        pruned = int(table["pruned"].sum())
        if pruned:
            basis += (f". {counted(pruned, 'choice')} that did worse on the first futures got fewer "
                      f"(the futures column)")
        rows = "".join(
            f"<tr data-notation='{escape(r['action'])}'><td>{k + 1}</td>"
            f"<td>{escape(described[r['action']][0])}{_under(_detail(described[r['action']][1], r['plan']))}</td>"
            f"<td>{_signed(r['margin'])}{_under(_interval(r['margin_low'], r['margin_high']))}</td>"
            f"<td>{'' if k == 0 else _signed(r['diff'])}</td>"
            f"<td>{_share(r['win_low'], r['win_high'])}</td><td>{int(r['futures'])}</td></tr>"
            for k, r in table.head(HINT_ROWS).iterrows())
        more = f"<div class='mp-muted'>… {len(table) - HINT_ROWS} more choices</div>" if len(table) > HINT_ROWS else ""
        return (f"<div class='mp-hint'><div class='mp-hint-verdict'>{head}.</div>"
                f"<table class='mp-table mp-hint-table'><tr><th>#</th>"
                f"<th>choice{_under('cost')}</th><th>margin ({escape(unit)}){_under('95% interval')}</th>"
                f"<th>vs #1</th><th>wins</th><th>futures</th></tr>"
                f"{rows}</table>{more}<div class='mp-muted'>{basis}. A sample, not a proof: more time "
                f"(<code>app.hint_time_budget</code>) narrows the futures' part of the intervals.</div></div>")

    def _cap_text(self) -> str:
        if self.hint_time_cap is not None:
            return f"{self.hint_time_cap:g} s of CPU"
        return "no cap" if self.hint_time_budget is None else f"{CAP * self.hint_time_budget:g} s of CPU"

    def _can_hint(self) -> bool:
        s = self.state
        return (has_evaluation(s) and not s.is_over and self.seats[s.current_player or 0] == HUMAN
                and self._hinting is None and len(s.legal_actions()) > 1)

    # --- sharing and the post-game review (ui/share.py) -----------------------------------------
    def _add_sharing(self) -> None:
        """The share bar at the foot of the app (below the seats: the action panel and the Hint keep
        their place in sight) and the review panel under the final scoring."""
        from mp_notebook.ui.share import ReviewPanel, ShareBar

        self.share = ShareBar()
        self.share.observe(lambda _: self.copy_code(), names="code_requested")
        self.share.observe(lambda _: self.save_replay(), names="replay_requested")
        self.review_panel = ReviewPanel(self)  # review_panel.options: mp.analysis.review's keywords
        self.final_view.observe(lambda _: self.review_panel.update(), names="value")
        self._parts.append(self.share)
        self._parts.insert(self._parts.index(self.final_view) + 1, self.review_panel)
        self.children = tuple(self._parts)

    @shown_errors
    def copy_code(self) -> str:
        """The position code of ``app.state`` (``mp.load(code)`` gives it back), put in the share bar
        and, by the button, on the clipboard; returned."""
        code = self.state.code()
        self.share.code = code
        self.share.code_answered += 1
        self.share.status = f"position code: {len(code):,} characters"
        return code

    @shown_errors
    def save_replay(self, plotlyjs: str = "inline") -> str:
        """The replay page of the game so far (``app.state.to_html``, with this game's review if one
        was made), handed to the browser as a download by the share bar; its HTML is returned."""
        from mp_notebook.ui.share import replay_name

        review = self.review_panel.table if self.review_panel.game == self.state else None
        html = self.state.to_html(plotlyjs=plotlyjs, review=review)
        self.share.filename = replay_name(self.state)
        self.share.replay = html.encode("utf-8")
        self.share.replay_answered += 1
        self.share.status = f"replay page {self.share.filename}: {len(html) / 1e6:.1f} MB"
        return html

    @shown_errors
    def review(self, seat: int | None = None, *, background: bool = False) -> pd.DataFrame | None:
        """Review ``seat``'s decisions in the finished game (default: the player chosen in the panel,
        a human first): :func:`mp_notebook.analysis.review` with ``app.review_panel.options``, shown
        under the final scoring, the mistakes listed with their positions and better moves on a map;
        returned. ``background``: run in a thread (the button does) and return None at once."""
        if seat is not None:
            seat = checked_seat("seat", seat, self.state.num_players)
        background = checked_choice("background", background, (True, False))
        return self.review_panel.run(seat, background=background)

    # --- state changes -------------------------------------------------------------------------
    def _act(self, action: Action | str) -> None:
        new = self.state.apply(action)  # raises IllegalAction / NotationError: nothing changes
        self._undo.append(self.state)
        self.state = new
        self.show_message("")
        self._advance()

    def _advance(self) -> None:
        """Let computer seats play until a human decides or the game ends, then redraw."""
        steps = 0
        while not self.state.is_over and (who := self.seats[self.state.current_player or 0]) in BOTS:
            bot = BOTS[who](self._bot_seed + (self.state.current_player or 0))
            self.state = self.state.apply(bot.choose(self.state))
            steps += 1
            if steps > MAX_BOT_STEPS:
                raise RuntimeError(f"bots made {MAX_BOT_STEPS} moves without reaching a human decision")
        self.refresh()

    def show_message(self, text: str, *, error: bool = False, code: bool = False) -> None:
        """Show ``text`` (HTML) above the map; errors in red (``code``: preformatted)."""
        text = checked_text("text", text, 100_000)
        error = checked_choice("error", error, (True, False))
        code = checked_choice("code", code, (True, False))
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
        self._position += 1
        self.header.value = self._header_html()
        self.dice.players = [self._dice_json(i) for i in range(s.num_players)]
        spaces, self.dice.black_pool = t.board_dice(s)
        self.dice.words = dict(t.TRAY)
        self.dice.spaces = [dict(space, dice=[dict(d, colour=None if d["owner"] is None else PLAYER_COLOURS[d["owner"]])
                                               for d in space["dice"]]) for space in spaces]
        self.boards.players = [self._board_json(i) for i in range(s.num_players)]
        if s.is_over:
            self.actions.title = "The game is over: the final scoring is above the map."
        else:
            self.actions.title = s.decision.text + ("" if human else " (computer)")  # plain text (widgets/)
        self.actions.sections = sections(s, legal) if human else []
        self.actions.position = self._position
        self.final_view.value = self._final_html() if s.is_over else ""
        self.log_view.value = self._log_html()
        self.undo_button.disabled = not self._undo
        self.hint_button.disabled = not self._can_hint()
        self.hint_button.layout.display = None if has_evaluation(s) else "none"
        if self._hinting is None:
            self.hint_view.value = ""

    def _build_map(self) -> None:
        """Replace the map by one of the current game (:meth:`_new_map`)."""
        old, self.map = self.map, self._new_map()
        self._parts[self._parts.index(old)] = self.map
        self.children = tuple(self._parts)
        old.close()

    def _new_map(self) -> SharedFigureWidget:
        """A new map widget holding the whole figure from the start: a front end that connects
        later (Voilà renders the notebook before the page connects) draws it from the widget's
        state, where traces added afterwards would only travel as messages it never sees."""
        s = self.state
        static = board_traces(s)
        self._static = len(static)
        self._drawn = state_trace_dicts(s)
        layout = map_layout(s, app=True)  # no title, legend beside, room for plotly's toolbar
        figure = SharedFigureWidget(data=static + [go.Scattergeo(d) for d in self._drawn], layout=layout)
        figure._config = {"responsive": True, "displaylogo": False}  # fits its box (widgets/action_panel.js)
        figure.add_class("mp-map")  # its box: the app's width, the map's proportions (widgets/mp.css)
        for trace in figure.data:
            if trace.customdata is not None or trace.hovertext is not None:  # places, pieces, route dots
                trace.on_click(self._on_map_click)
        return figure

    def _build_seats(self) -> None:
        boxes = []
        choices = seat_choices(self.state)
        for i, p in enumerate(self.state.players):
            automa = self.seats[i] == AUTOMA
            box = widgets.Dropdown(options=[AUTOMA] if automa else choices, value=self.seats[i],
                                   description=p.name, disabled=automa,
                                   layout=widgets.Layout(width="220px"), style={"description_width": "70px"})
            box.observe(functools.partial(self._on_seat, i), names="value")
            boxes.append(box)
        self.seat_boxes.children = boxes

    def _header_html(self) -> str:
        s = self.state
        status = "game over" if s.is_over else s.round_text
        first = escape(s.players[s.first_player].name)
        if s.is_over:
            turn = escape(terms(s).final_note(s))
        else:
            i = s.current_player or 0
            who = "you" if self.seats[i] == HUMAN else self.seats[i]
            turn = (f"<span style='color:{PLAYER_COLOURS[i]}'>●</span> <b>{escape(s.players[i].name)}</b> ({who}): "
                    f"{escape(s.decision.text.partition(': ')[2])}")
        return (f"<div class='mp-header' style='font-size:14px'><b>{escape(get(s.ruleset).short)}</b> — {status} · "
                f"first player {first} · {turn}</div>")

    def _final_html(self) -> str:
        """The final scoring: each category per player (``scores()``), the winner and the tie-break."""
        s = self.state
        t = terms(s)
        table = s.scores()
        columns = [c for c in t.SCORE_TITLES if c in table.columns]
        say = t.score_cells(s)  # the cells in the game's words
        head = "".join(f"<th>{escape(t.SCORE_TITLES[c])}</th>" for c in columns)
        rows = []
        for i, (name, row) in enumerate(table.iterrows()):
            won = bool(row.get("winner", False))
            cells = "".join(f"<td{' class=mp-total' if c == 'total' else ''}>{escape(say[i][c])}</td>" for c in columns)
            rows.append(f"<tr class='{'mp-winner' if won else ''}' data-player='{i}'><th style='border-left:6px solid "
                        f"{PLAYER_COLOURS[i]}'>{'★ ' if won else ''}{escape(str(name))}</th>{cells}</tr>")
        return (f"<div class='mp-final' role='status'><div class='mp-final-title'>Final scoring — "
                f"{escape(t.final_note(s))}</div><table class='mp-table'><tr><th>player</th>{head}</tr>"
                f"{''.join(rows)}</table></div>")

    def _dice_json(self, i: int) -> dict[str, Any]:
        p = self.state.players[i]
        return {"seat": i, "name": p.name, "colour": PLAYER_COLOURS[i], "dice": list(p.dice),
                "black_dice": list(p.black_dice), "current": self.state.current_player == i,
                "note": terms(self.state).dice_note(self.state, i)}

    def _board_json(self, i: int) -> dict[str, Any]:
        """Seat ``i``'s card: its head, resource chips and the ruleset's rows, the secret rows
        hidden unless the seat's cards are shown (:meth:`_sees`)."""
        s = self.state
        t = terms(s)
        board = t.player_board(s, i)
        score = int(s.scores()["total"].iloc[i]) if s.is_over else board["score"]
        sees = self._sees(i)
        return {"seat": i, "name": s.players[i].name, "colour": PLAYER_COLOURS[i], "current": s.current_player == i,
                "score_text": t.SCORE_TEXT[s.is_over].format(score),
                "resources": {name: resource(n, name) for name, n in board["resources"].items()},
                "rows": [_shown(r, sees) for r in board["rows"]]}

    def _sees(self, i: int) -> bool:
        """Whether seat ``i``'s secret cards are shown: at the game's end, when asked, to a seat's
        own human, and — with one human at the table — that human's; hidden from the others in
        hotseat play (several humans at one screen) and from the human for computer seats."""
        s = self.state
        if s.is_over or self.goals_box.value:
            return True
        humans = [k for k, who in enumerate(self.seats) if who == HUMAN]
        if len(humans) == 1:
            return i == humans[0]
        return i == s.current_player and self.seats[i] == HUMAN
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
        return ("<div class='mp-log' style='font-size:12px;line-height:1.35;max-height:240px;overflow-y:auto;"
                "border:1px solid #e2d6bf;border-radius:6px;padding:4px 8px;background:#fffdf8'>"
                "<b>Log</b> (newest first)"
                + ("".join(rows) or "<div>nothing yet</div>") + more + "</div>")

    # --- widget callbacks -----------------------------------------------------------------------
    def _on_pressed(self, change: dict[str, Any]) -> None:
        pressed = change["new"] or {}
        if pressed.get("notation"):
            self.press(pressed["notation"], position=pressed.get("position"))

    def _on_new_game(self) -> None:
        seed = self.seed_box.value
        self.new_game(players=None if self._solo else self.players_box.value,
                      seed=None if seed == self._setup.get("seed") else seed)

    def _on_map_click(self, trace: Any, points: Any, selector: Any) -> None:
        if not points.point_inds:
            return
        if trace.customdata is None:  # a dot in the middle of a route, which tells its cost
            route = str(trace.hovertext[points.point_inds[0]]).replace("<br>", " · ")
            self.show_message(f"That dot is a route, not a place: {route}. Click a place on the map (the circled "
                              f"ones are choices now) or use the action panel.")
            return
        self.click_location(trace.customdata[points.point_inds[0]])

    def _on_seat(self, seat: int, change: dict[str, Any]) -> None:
        if self.seats[seat] != change["new"]:
            self.set_seat(seat, change["new"])


def _close_all(widget: widgets.Widget) -> None:
    """Close ``widget`` and every widget inside it (their models leave the page and the kernel)."""
    for child in getattr(widget, "children", ()):
        _close_all(child)
    widget.close()


class PlayPage(widgets.VBox):
    """The app page (``notebooks/play.ipynb``, the README's *Play* link): a chooser of the
    registered rulesets above an app (:class:`GameApp`, in ``page.app``) of a new game of the chosen
    one: ``players`` seats, the first a human, the others computer players (the greedy bot where the
    ruleset has an evaluation, else the random bot).

    >>> page = PlayPage()
    >>> page.app.state.ruleset, page.app.seats
    ('mp2', ['human', 'greedy bot'])
    >>> page.choose("schmidt")
    >>> page.app.state.ruleset, page.app.state.num_players
    ('schmidt', 2)
    """

    def __init__(self, ruleset: str = "mp2", *, players: int = 2, seed: int = 1):
        ruleset = get(ruleset).id  # an unknown ruleset: the registry's error
        self._players, self._seed = checked_int("players", players, 1, 4), checked_seed(seed)
        self.chooser = widgets.ToggleButtons(options=[(get(r).short, r) for r in PACKAGES], value=ruleset,
                                             description="Game", style={"button_width": "auto"})
        self.app = self._new_app(ruleset)
        self.chooser.observe(lambda change: self._show(change["new"]), names="value")
        super().__init__([self.chooser, self.app])
        self.add_class("mp-play-page")

    def choose(self, ruleset: str) -> None:
        """Start a new game of ``ruleset`` (what the chooser's buttons do)."""
        self.chooser.value = get(ruleset).id  # an unknown ruleset: the registry's error

    def _new_app(self, ruleset: str) -> GameApp:
        from mp_notebook.registry import new_game

        state = new_game(self._players, ruleset=ruleset, seed=self._seed)
        bot = GREEDY if has_evaluation(state) else BOT
        return GameApp(state, seats=[HUMAN] + [bot] * (state.num_players - 1))

    def _show(self, ruleset: str) -> None:
        old, self.app = self.app, self._new_app(ruleset)
        self.children = (self.chooser, self.app)
        _close_all(old)
