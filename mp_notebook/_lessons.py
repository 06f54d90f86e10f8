"""The lessons' machinery behind :mod:`mp_notebook.lessons` (which documents what a notebook uses),
and the tools that check each game's lesson against its rules.

The lesson of each ruleset is named by the ruleset (``Ruleset.lesson``), in parts (a base game,
then the rest), and gathered in :data:`LESSONS`; :func:`rule_sections` lists the rule sections a
ruleset's engine cites, which its lesson must show (``tests/test_lessons.py``).

>>> LESSONS["mp2"][0]
'notebooks/01-learn-the-rules.ipynb'
>>> "Rulebook: 4. Travel" in rule_sections("mp2")
True

:func:`coverage` measures it: the sections a lesson's parts show, word for word, in their text or
their stored output, and those they do not (``bench/lesson_coverage.py`` prints it for every ruleset).
"""

from __future__ import annotations

import base64
import importlib
import json
import os
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import MAX_NOTATION, Action, Event
from mp_notebook.engine.errors import ArgumentError, IllegalAction, NotationError
from mp_notebook.engine.game import GameState, checked_state
from mp_notebook.engine.text import RESOURCE_NOUNS, counted
from mp_notebook.engine.validate import (
    checked_choice,
    checked_function,
    checked_int,
    checked_items,
    checked_path,
    checked_seat,
    checked_text,
    shown,
)
from mp_notebook.registry import PACKAGES, get

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go

LESSONS: dict[str, tuple[str, ...]] = {name: get(name).lesson for name in PACKAGES if get(name).lesson}
"""The lesson of each ruleset, in parts (``mp_notebook.lessons.LESSONS`` says more)."""

CITATION_MODULES = ("citations", "rules")
"""The modules of a ruleset's package whose ``R_*`` text constants are the rule sections it cites."""

WIDE = 24
"""The widest collection :func:`side_by_side` writes out in full (in characters)."""

MAX_STEPS = 200
"""The most steps an answer may have (a whole turn of any ruleset takes far fewer)."""

MAX_GOALS = 50
"""The most goals an exercise may set."""

END_TURN = "end_turn"
"""The action that ends a turn, in every ruleset's notation (the last step of every answer)."""

PICTURE_WIDTH = 1000
"""The width of a lesson's map pictures, in pixels."""

PICTURE_HEIGHT = 640
"""The height of a lesson's map pictures, in pixels."""


def rule_sections(ruleset: str) -> tuple[str, ...]:
    """Every rule section ``ruleset``'s engine cites: the ``R_*`` text constants of its
    :data:`CITATION_MODULES`, in the order they are defined, each once.

    >>> len(rule_sections("schmidt")) > 10
    True
    """
    package = PACKAGES[get(ruleset).id]
    sections: dict[str, None] = {}
    for name in CITATION_MODULES:
        try:
            module = importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError:
            continue
        for attribute, value in vars(module).items():
            if attribute.startswith("R_") and isinstance(value, str):
                sections[value] = None
    return tuple(sections)


def notebook_text(path: str | os.PathLike[str]) -> str:
    """All a reader sees of a stored notebook without running it: every cell's source and the text
    of its stored outputs (printed text, and the text forms of displayed values). ``path`` is a file
    name (an int is not taken for a file descriptor, which ``open`` would close)."""
    with open(checked_path("path", path), encoding="utf-8") as f:
        notebook = json.load(f)
    parts = []
    for cell in notebook["cells"]:
        parts.append(_joined(cell["source"]))
        for output in cell.get("outputs", []):
            if "text" in output:
                parts.append(_joined(output["text"]))
            parts += [_joined(data) for mime, data in output.get("data", {}).items() if mime.startswith("text/")]
    return "\n".join(parts)


def _joined(text: str | list[str]) -> str:
    return text if isinstance(text, str) else "".join(text)


PART_WORDS = 4000
"""The most words of text (markdown) one part of a lesson has: a part reads in well under 45 minutes;
a longer lesson is split into parts (:data:`LESSONS`)."""


@dataclass(frozen=True)
class PartSize:
    """How big a lesson part is: its cells, the words of its text (markdown cells) and of its code,
    and the tasks it sets (``Exercise(`` in its code cells)."""

    cells: int
    words: int
    code_words: int
    tasks: int


def part_size(path: str | os.PathLike[str]) -> PartSize:
    """The :class:`PartSize` of the stored notebook at ``path`` (``bench/lesson_coverage.py`` prints it)."""
    with open(checked_path("path", path), encoding="utf-8") as f:
        cells = json.load(f)["cells"]
    sources = [(c["cell_type"], _joined(c["source"])) for c in cells]
    return PartSize(len(cells), sum(len(s.split()) for kind, s in sources if kind == "markdown"),
                    sum(len(s.split()) for kind, s in sources if kind == "code"),
                    sum(s.count("Exercise(") for kind, s in sources if kind == "code"))


def coverage(ruleset: str, root: str | os.PathLike[str] = ".") -> tuple[list[str], list[str]]:
    """The rule sections ``ruleset`` cites (:func:`rule_sections`) that its lesson's parts (:data:`LESSONS`,
    under the repository root ``root``) show word for word, and those they do not show."""
    rules = get(ruleset)
    if rules.id not in LESSONS:
        raise ArgumentError(f"{rules.title} has no lesson notebook (lessons: {', '.join(LESSONS)})")
    root = checked_path("root", root)
    text = "\n".join(notebook_text(os.path.join(root, part)) for part in LESSONS[rules.id])
    sections = rule_sections(rules.id)
    return [s for s in sections if s in text], [s for s in sections if s not in text]


# --------------------------------------------------------------------------- words for counts

FIELD_NOUNS = {**RESOURCE_NOUNS, "dice": ("die", "dice"), "black_dice": ("black die", "black dice"),
               "completed": ("completed contract", "completed contracts"),
               "contracts": ("contract in hand", "contracts in hand")}
"""The words of the player fields every ruleset's state offers whose name is not the plain word
(``vp``, ``black_dice``, ``completed`` ...); another field is read with ``_`` as a space, and
a game's own word can be given to :func:`gains` and :func:`holds` (``words=``)."""


def words_for(what: str, words: str | tuple[str, str] | None = None) -> tuple[str, str]:
    """The singular and plural words of a player's count ``what``: ``words`` if given (one word
    for both, or a pair), else :data:`FIELD_NOUNS`, else the field name read as words.

    >>> words_for("black_dice"), words_for("trading_posts"), words_for("gulden", "Gulden")
    (('black die', 'black dice'), ('trading post', 'trading posts'), ('Gulden', 'Gulden'))
    >>> words_for("pepper"), words_for("cards")
    (('pepper', 'pepper'), ('card', 'cards'))
    """
    checked_text("what", what, 100)
    if isinstance(words, str):
        return words, words
    if words is not None:
        if not (isinstance(words, tuple) and len(words) == 2 and all(isinstance(w, str) for w in words)):
            raise ArgumentError(f"words is one word or a (singular, plural) pair, got {shown(words)}")
        return words
    if what in FIELD_NOUNS:
        return FIELD_NOUNS[what]
    plural = what.replace("_", " ")
    return (plural[:-1] if plural.endswith("s") else plural), plural


# --------------------------------------------------------------------------- exercises


@dataclass(frozen=True)
class Attempt:
    """An answer replayed: the position it started from, the seat answering, the steps the engine
    accepted (as notation), the position they reached and the log events they caused."""

    start: GameState
    seat: int
    steps: tuple[str, ...]
    end: GameState

    @property
    def events(self) -> tuple[Event, ...]:
        """The log events the accepted steps caused (what happened and the rule of each)."""
        return self.end.log[len(self.start.log):]

    @property
    def name(self) -> str:
        """The answering seat's name."""
        name: str = self.start.players[self.seat].name
        return name


@dataclass(frozen=True)
class Goal:
    """One thing an answer must achieve: ``text`` says it to the learner (``{name}`` is the seat's
    name), ``test`` answers ``None`` when an :class:`Attempt` meets it, else why not; ``fits``
    answers why the goal makes no sense in a start position (a field the game lacks), else ``None``."""

    text: str
    test: Callable[[Attempt], str | None]
    fits: Callable[[GameState, int], str | None] = field(default=lambda start, seat: None)

    def __post_init__(self) -> None:
        checked_text("Goal text", self.text)
        checked_function("Goal test", self.test, "a function of an Attempt (None if met, else why not)")
        checked_function("Goal fits", self.fits, "a function of (start, seat) (None if the goal makes sense)")

    def said(self, name: str) -> str:
        """The goal's text for the seat called ``name``.

        >>> gains("jade", 2).said("Ana")
        'Ana gains at least 2 jade'
        """
        return self.text.format(name=checked_text("name", name, 100))


def _amount(player: Any, what: str) -> int:
    """The count ``what`` of a player: a good (``player.goods``) or a number field (coins, vp, ...)."""
    goods = player.goods
    if what in goods:
        return int(goods[what])
    value = getattr(player, what)
    return len(value) if isinstance(value, (tuple, list)) else int(value)


def _countable(what: str) -> Callable[[GameState, int], str | None]:
    def fits(start: GameState, seat: int) -> str | None:
        player = start.players[seat]
        if what in player.goods:
            return None
        value = getattr(player, what, None)
        if isinstance(value, (int, tuple, list)) and not isinstance(value, bool):
            return None
        return f"{get(start.ruleset).short} players have no count {what!r}"
    return fits


def gains(what: str, amount: int, *, words: str | tuple[str, str] | None = None) -> Goal:
    """The seat gains at least ``amount`` of ``what`` (a good, ``coins``, ``camels``, ``vp``, ...,
    or a collection such as ``trading_posts``, counted), net of what the answer pays. ``words``:
    how to say the count (see :func:`words_for`).

    >>> gains("jade", 2).text, gains("completed", 1).text
    ('{name} gains at least 2 jade', '{name} gains at least 1 completed contract')
    """
    amount = checked_int("amount", amount, 1)
    one, many = words_for(what, words)

    def test(a: Attempt) -> str | None:
        got = _amount(a.end.players[a.seat], what) - _amount(a.start.players[a.seat], what)
        return None if got >= amount else f"{a.name} gained {counted(got, one, many)}"
    return Goal(f"{{name}} gains at least {counted(amount, one, many)}", test, _countable(what))


def holds(what: str, at_least: int, *, words: str | tuple[str, str] | None = None) -> Goal:
    """The seat ends with at least ``at_least`` of ``what`` (as :func:`gains` counts it).

    >>> holds("coins", 10).text, holds("black_dice", 1).text
    ('{name} ends with at least 10 coins', '{name} ends with at least 1 black die')
    """
    at_least = checked_int("at_least", at_least, 0)
    one, many = words_for(what, words)

    def test(a: Attempt) -> str | None:
        has = _amount(a.end.players[a.seat], what)
        return None if has >= at_least else f"{a.name} has {counted(has, one, many)}"
    return Goal(f"{{name}} ends with at least {counted(at_least, one, many)}", test, _countable(what))


def _known_location(place: str) -> Callable[[GameState, int], str | None]:
    def fits(start: GameState, seat: int) -> str | None:
        return None if place in start.board.graph else f"{place!r} is not a place on the {get(start.ruleset).short} map"
    return fits


def reaches(place: str) -> Goal:
    """The seat's figure (one of them, for a character with two) ends the answer at ``place``.

    >>> reaches("Xian").text
    '{name} ends at Xian'
    """
    checked_text("place", place, 100)
    def test(a: Attempt) -> str | None:
        player = a.end.players[a.seat]
        where = tuple(player.locations)
        return None if place in where else f"{a.name} is at {' and '.join(where)}"
    return Goal(f"{{name}} ends at {place}", test, _known_location(place))


def post_in(city: str) -> Goal:
    """The seat has a trading post in ``city`` after the answer.

    >>> post_in("Lhasa").text
    '{name} has a trading post in Lhasa'
    """
    checked_text("city", city, 100)
    def test(a: Attempt) -> str | None:
        posts = tuple(a.end.players[a.seat].trading_posts)
        return None if city in posts else f"{a.name}'s trading posts: {', '.join(posts) or 'none'}"
    return Goal(f"{{name}} has a trading post in {city}", test, _known_location(city))


def _kinds_text(kinds: Sequence[str]) -> str:
    return " or ".join(f"`{k}`" for k in kinds)


def uses(kinds: str | Sequence[str], *, at_least: int = 1, at_most: int | None = None) -> Goal:
    """The answer takes between ``at_least`` and ``at_most`` actions of the kinds ``kinds``
    (``at_least=0, at_most=0`` forbids them).

    >>> uses("travel", at_most=1).text
    'the answer takes exactly 1 `travel` action'
    >>> uses("travel", at_least=2).text
    'the answer takes at least 2 `travel` actions'
    >>> uses(["reroll", "adjust_die"], at_least=0, at_most=0).text
    'the answer takes no `reroll` or `adjust_die` action'
    """
    names = (kinds,) if isinstance(kinds, str) else tuple(checked_items("kinds", kinds, 50, "action kinds"))
    if not names or not all(isinstance(k, str) for k in names):
        raise ArgumentError(f"kinds is an action kind or a list of them (strings), got {shown(kinds)}")
    low = checked_int("at_least", at_least, 0)
    high = None if at_most is None else checked_int("at_most", at_most, low)
    if high == 0:
        count = "no"
    elif high is None:
        count = f"at least {low}"
    else:
        count = f"exactly {low}" if low == high else f"{low} to {high}" if low else f"at most {high}"
    text = f"the answer takes {count} {_kinds_text(names)} action" + ("" if count.split()[-1] in ("no", "1") else "s")

    def test(a: Attempt) -> str | None:
        count = sum(step.split()[0] in names for step in a.steps)
        if count < low or (high is not None and count > high):
            return f"it takes {count}"
        return None

    def fits(start: GameState, seat: int) -> str | None:
        unknown = [k for k in names if k not in get(start.ruleset).vocabulary.kinds]
        return f"{get(start.ruleset).short} has no action kind {unknown[0]!r}" if unknown else None
    return Goal(text, test, fits)


def _known_rule(rule: str) -> Callable[[GameState, int], str | None]:
    def fits(start: GameState, seat: int) -> str | None:
        return None if rule in rule_sections(start.ruleset) else f"{get(start.ruleset).short} cites no rule {rule!r}"
    return fits


def cites(rule: str) -> Goal:
    """Something in the answer happens under rule section ``rule`` (a log event cites it).

    >>> cites("Rulebook: Using an occupied action space").text
    'the log cites [Rulebook: Using an occupied action space]'
    """
    checked_text("rule", rule, 300)
    def test(a: Attempt) -> str | None:
        return None if any(e.rule == rule for e in a.events) else "no event of the answer cites it"
    return Goal(f"the log cites [{rule}]", test, _known_rule(rule))


def ends_turn() -> Goal:
    """The answer finishes the seat's turn: the game then awaits another seat (or is over).

    >>> ends_turn().text
    '{name} ends the turn'
    """
    def test(a: Attempt) -> str | None:
        if a.end.is_over or a.end.current_player != a.seat:
            return None
        return f"the game still awaits {a.end.decision.text!r}"
    return Goal("{name} ends the turn", test)


@dataclass(frozen=True, repr=False)
class Verdict:
    """What :meth:`Exercise.check` found: the :class:`Attempt` (the steps the engine accepted),
    ``problems`` with the answer itself (a refused step, a step for another seat), ``notes`` (a last
    ``end_turn`` after the turn had passed) and, per goal, its text and ``None`` if met or why not.
    True when the answer is whole and meets every goal.

    Written out, a goal met is ticked only when the answer is whole: after a refused step it reads
    "not judged", since the answer did not get to its end."""

    exercise: Exercise
    attempt: Attempt
    problems: tuple[str, ...]
    goals: tuple[tuple[str, str | None], ...]
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems and all(why is None for _, why in self.goals)

    def __bool__(self) -> bool:
        return self.ok

    @property
    def end(self) -> GameState:
        """The position the accepted steps reached."""
        return self.attempt.end

    def __str__(self) -> str:
        lines = [f"{'✓' if self.ok else '✗'} {self.exercise.title}"]
        lines += [f"  ! {problem}" for problem in self.problems]
        stopped = f"not judged, the answer stopped at step {len(self.attempt.steps) + 1}"
        for text, why in self.goals:
            if why is not None:
                lines.append(f"  ✗ {text}: {why}")
            else:
                lines.append(f"  · {text}: {stopped}" if self.problems else f"  ✓ {text}")
        lines += [f"  note: {note}" for note in self.notes]
        if not self.ok and self.attempt.steps and not self.end.is_over:
            lines.append(f"  after `{self.attempt.steps[-1]}` the game awaits {self.end.decision.text!r}")
        if not self.ok:
            rule = f"[{self.exercise.rule}]" if self.exercise.rule else ""
            if self.exercise.hint:
                lines.append(f"  hint: {self.exercise.hint}" + (f" {rule}" if rule else ""))
            elif rule:
                lines.append(f"  the rule at stake: {rule}")
        return "\n".join(lines)

    __repr__ = __str__


@dataclass(frozen=True, repr=False)
class Exercise:
    """A goal for one seat (default: whoever the start position awaits) from the position ``start``.

    ``goals`` are all to be met by one answer; ``rule`` is the rule section at stake (one the
    engine cites), named under a failed answer with the ``hint``; ``worked`` is the lesson's own
    answer (its tests check it). A goal that makes no sense in ``start`` (a good the game lacks, a
    place not on its map) or a rule the game does not cite is an :class:`ArgumentError` here.
    """

    title: str
    start: GameState
    goals: Sequence[Goal]
    seat: int | None = None
    worked: Sequence[str] = ()
    hint: str = ""
    rule: str = ""

    def __post_init__(self) -> None:
        checked_text("Exercise title", self.title, 300)
        checked_state("Exercise start", self.start)
        if self.start.is_over:
            raise ArgumentError("Exercise: the start position is a finished game; there is nothing to do")
        seat = checked_seat("Exercise seat", self.start.current_player if self.seat is None else self.seat,
                            self.start.num_players)
        object.__setattr__(self, "seat", seat)
        goals = tuple(checked_items("Exercise goals", self.goals, MAX_GOALS, "goals"))
        if not goals or not all(isinstance(g, Goal) for g in goals):
            raise ArgumentError(f"Exercise: goals must be a non-empty list of Goal, got {shown(self.goals)}")
        object.__setattr__(self, "goals", goals)
        worked = tuple(checked_items("Exercise worked", self.worked, MAX_STEPS, "steps"))
        if not all(isinstance(step, (str, Action)) for step in worked):
            raise ArgumentError(f"Exercise worked: the steps are notation strings or Actions, got {shown(worked)}")
        object.__setattr__(self, "worked", worked)
        checked_text("Exercise hint", self.hint)
        checked_text("Exercise rule", self.rule, 300)
        for goal in goals:
            why = goal.fits(self.start, seat)
            if why is not None:
                raise ArgumentError(f"Exercise {self.title!r}: goal {goal.said(self.name)!r} cannot be set here: {why}")
        if self.rule:
            why = _known_rule(self.rule)(self.start, seat)
            if why is not None:
                raise ArgumentError(f"Exercise {self.title!r}: rule {self.rule!r} cannot be set here: {why}")

    @property
    def name(self) -> str:
        """The answering seat's name."""
        assert self.seat is not None
        name: str = self.start.players[self.seat].name
        return name

    def __str__(self) -> str:
        goals = "\n".join(f"  - {g.said(self.name)}" for g in self.goals)
        return (f"Exercise: {self.title}\n  position: {self.start.round_text}, "
                f"the game awaits {self.start.decision.text!r}\n{goals}")

    __repr__ = __str__

    def check(self, answer: str | Action | Iterable[str | Action]) -> Verdict:
        """Replay ``answer`` from the start position and say whether it meets every goal, and why not.

        ``answer`` is a list of actions (notation or :class:`Action`), or one text with the steps
        separated by ``;`` or new lines. Replaying stops at the first step the engine refuses (its
        reason is given) or that is not this seat's decision; the goals are judged on the position
        the accepted steps reached. A last ``end_turn`` after the seat's turn has already passed
        (the rules ended it) is read as done, with a note.
        """
        steps = _steps(answer)
        seat = self.seat
        assert seat is not None
        state, done, problems, notes = self.start, list[str](), list[str](), list[str]()
        for number, step in enumerate(steps, 1):
            written = str(step)
            passed = state.is_over or state.current_player != seat
            if passed and done and done[-1] != END_TURN and number == len(steps) and written.strip() == END_TURN:
                notes.append(f"the turn had already ended after `{done[-1]}`, so the last `{END_TURN}` "
                             f"has nothing left to end")
                break
            if state.is_over:
                problems.append(f"step {number} `{written}`: the game is already over")
                break
            if passed:
                problems.append(f"step {number} `{written}` is not {self.name}'s to take: the game awaits "
                                f"{state.decision.text!r}" + (f" (after `{done[-1]}`)" if done else ""))
                break
            try:
                after = state.apply(step)
            except (IllegalAction, NotationError) as exc:
                problems.append(f"step {number} `{written}` is refused: {exc}")
                break
            done.append(str(after.history[-1]))
            state = after
        attempt = Attempt(self.start, seat, tuple(done), state)
        results = tuple((g.said(self.name), g.test(attempt)) for g in self.goals)
        return Verdict(self, attempt, tuple(problems), results, tuple(notes))


def _steps(answer: Any) -> list[str | Action]:
    """The steps of an answer: a text split at ``;`` and new lines, an :class:`Action`, or a list of them."""
    if isinstance(answer, Action):
        return [answer]
    if isinstance(answer, str):
        if len(answer) > MAX_STEPS * MAX_NOTATION:
            raise ArgumentError(f"an answer has at most {MAX_STEPS} steps, got {len(answer):,} characters")
        steps: list[Any] = [part.strip() for line in answer.splitlines() for part in line.split(";")]
        steps = [s for s in steps if s]
        if len(steps) > MAX_STEPS:
            raise ArgumentError(f"an answer has at most {MAX_STEPS} steps, got more")
    else:  # read step by step: an endless answer is refused at its cap
        steps = checked_items("answer", answer, MAX_STEPS, "actions (or a text of them separated by ';')")
    if not all(isinstance(s, (str, Action)) for s in steps):
        raise ArgumentError(f"an answer's steps are notation strings or Actions, got {shown(steps)}")
    if not steps:
        raise ArgumentError("the answer is empty: give at least one action")
    return steps


# --------------------------------------------------------------------------- a guided turn

LISTED = 12
"""The most choices :class:`Guide` lists one by one (more are summed up by kind)."""


class Guide:
    """A turn played one step at a time: call it with one action (notation or :class:`Action`) and
    it prints what happened, each event with its rule, and what the game waits for now with the
    choices; a step the engine refuses changes nothing and says why. ``state`` is the position
    reached, ``steps`` the steps taken; :meth:`undo` takes the last one back.

    >>> import mp_notebook as mp
    >>> turn = Guide(mp.new_game(["Ana", "Ben"], seed=7).apply("compensation coins=2,camels=1"))
    >>> turn("khans_favor [6]")
    `khans_favor [6]` is refused: khans_favor [6] is not allowed: you have no unplaced die showing 6 \
(your dice: [1, 1, 3, 3, 4]) (Rulebook: Actions (general rules))
    nothing changed: the game still awaits 'Ana: take a main action (bonus actions before or after)'
    >>> turn("khans_favor [3]")
    `khans_favor [3]`:
      Ana places [3] on Khan's Favor space 3   [Rulebook: 2. Khan's Favor]
      Ana gains 4 coins, 2 camels (Khan's Favor)   [Rulebook: 2. Khan's Favor]
    now: Ana: take bonus actions or end the turn
    choices (19): money_bag ×9 (e.g. `money_bag [1] coins`) · reroll ×3 (e.g. `reroll [1]`) · adjust_die ×5 \
(e.g. `adjust_die [1] +1`) · black_die · end_turn
    >>> turn.steps
    ('khans_favor [3]',)
    """

    def __init__(self, start: GameState) -> None:
        checked_state("Guide start", start)
        if start.is_over:
            raise ArgumentError("Guide: the start position is a finished game; there is nothing to play")
        self.start = start
        self.seat: int = start.current_player if start.current_player is not None else 0
        self._states: list[GameState] = [start]

    @property
    def state(self) -> GameState:
        """The position the accepted steps reached."""
        return self._states[-1]

    @property
    def steps(self) -> tuple[str, ...]:
        """The steps taken so far (as notation)."""
        return self.state.history[len(self.start.history):]

    def __call__(self, step: str | Action) -> None:
        """Take ``step`` (notation or an :class:`Action`) and print what happened and what is awaited
        now; a step the engine refuses is printed with its reason, and changes nothing."""
        if not isinstance(step, (str, Action)):
            raise ArgumentError(f"Guide: a step is an action's notation (str) or an Action, got {shown(step)}")
        before = self.state
        if before.is_over or before.current_player != self.seat:
            print(f"`{step}` is not played: the turn is over; the game awaits {before.decision.text!r}")
            return
        try:
            after = before.apply(step)
        except (IllegalAction, NotationError) as exc:
            print(f"`{step}` is refused: {exc}")
            print(f"nothing changed: the game still awaits {before.decision.text!r}")
            return
        self._states.append(after)
        print(f"`{after.history[-1]}`:")
        for event in after.log[len(before.log):]:
            print(f"  {event.text}   [{event.rule}]")
        if after.is_over or after.current_player != self.seat:
            name = self.start.players[self.seat].name
            print(f"{name}'s turn is over ({counted(len(self.steps), 'step')}: {'; '.join(self.steps)})")
            print(f"now: {after.decision.text}")
            return
        print(f"now: {after.decision.text}")
        print(choices_text(after))

    def undo(self) -> None:
        """Take the last step back (nothing happens at the start)."""
        if len(self._states) > 1:
            self._states.pop()
        print(f"back to: {self.state.decision.text}")

    def __repr__(self) -> str:
        return f"<Guide: {counted(len(self.steps), 'step')}; the game awaits {self.state.decision.text!r}>"


def choices_text(s: GameState) -> str:
    """The legal actions of ``s`` in one line: each of them when few, else counted by kind with an example.

    >>> import mp_notebook as mp
    >>> choices_text(mp.new_game(["Ana", "Ben"], seed=7))[:45]
    'choices (4): compensation coins=3,camels=0 · '
    """
    legal = [str(a) for a in s.legal_actions()]
    if len(legal) <= LISTED:
        return f"choices ({len(legal)}): " + " · ".join(legal)
    kinds = Counter(a.split()[0] for a in legal)
    example = {kind: next(a for a in legal if a.split()[0] == kind) for kind in kinds}
    parts = [kind if n == 1 else f"{kind} ×{n} (e.g. `{example[kind]}`)" for kind, n in kinds.items()]
    return f"choices ({len(legal)}): " + " · ".join(parts)


# --------------------------------------------------------------------------- tables and pictures


def side_by_side(before: GameState, after: GameState, seats: Iterable[int] | None = None, *,
                 every_row: bool = False) -> pd.DataFrame:
    """The pieces of ``seats`` (default: those that changed) in ``before`` and ``after``, as a table:
    one row per field of the game's player (coins, goods, dice, location, ...), in words
    (:func:`words_for`), two columns per seat; only the rows that changed unless ``every_row``.
    Collections are written as ``a,b``."""
    import pandas as pd

    if not (isinstance(before, GameState) and isinstance(after, GameState) and before.ruleset == after.ruleset
            and before.num_players == after.num_players):
        raise ArgumentError("side_by_side compares two positions of the same game (a state and one reached from it)")
    every_row = checked_choice("every_row", every_row, (True, False))
    if seats is None:
        chosen = [i for i in range(before.num_players)
                  if before.players[i].fields() != after.players[i].fields()] or [before.current_player or 0]
    else:
        chosen = [checked_seat("side_by_side seat", i, before.num_players)
                  for i in checked_items("seats", seats, before.num_players, "seats")]
    fields = [f for f in before.players[0].fields() if f != "name"]
    columns, data = [], []
    for i in chosen:
        old, new = before.players[i].fields(), after.players[i].fields()
        name = after.players[i].name
        columns += [(name, "before"), (name, "after")]
        data += [[_cell(old[f]) for f in fields], [_cell(new[f]) for f in fields]]
    table = pd.DataFrame(dict(zip(columns, data, strict=True)), index=[words_for(f)[1] for f in fields])
    table.columns = pd.MultiIndex.from_tuples(columns)
    if not every_row:
        changed = [any(table.iloc[r, 2 * k] != table.iloc[r, 2 * k + 1] for k in range(len(chosen)))
                   for r in range(len(fields))]
        table = table[changed]
    return table


def _cell(value: Any) -> str | int:
    """A field's value for :func:`side_by_side`: numbers as they are, collections as ``a,b`` (a long
    one as its count and last items), and a
    pair ``(name, flag)`` (Marco Polo II's seals: improved or not) as the name, ``(+)`` if flagged.

    >>> _cell((("farmer", False), ("tailor", True))), _cell(()), _cell(None), _cell(3)
    ('farmer,tailor(+)', '-', '-', 3)

    A long collection is cut to its count and its last items (posts are listed as placed):

    >>> _cell(("Xian", "Chengdu", "Lhasa", "Xanadu", "Karakorum", "Kabul", "Herat", "Isfahan"))
    '8: …,Herat,Isfahan'

    """
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [_pair(v) if isinstance(v, tuple) else str(v) for v in value]
        if len(",".join(items)) <= WIDE:
            return ",".join(items) if items else "-"
        tail: list[str] = []
        while len(",".join([items[-1 - len(tail)], *tail])) <= WIDE - 8:
            tail.insert(0, items[-1 - len(tail)])
        return f"{len(items)}: …," + ",".join(tail)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return "-" if value is None else str(value)


def _pair(item: tuple[Any, ...]) -> str:
    if len(item) == 2 and isinstance(item[1], bool):
        return f"{item[0]}{'(+)' if item[1] else ''}"
    return ":".join(map(str, item))


@dataclass(frozen=True, repr=False)
class Picture:
    """A still picture for a lesson: the JPEG image and its caption (what it shows, the places it
    labels), or, when it could not be made, why not (``problem``). In a notebook it shows as the
    image with the caption as its text. Without the image (no kaleido or no browser: a plain
    install) the reader sees the same map as an interactive figure (``figure``), and its text is
    the problem, so a notebook whose stored output has the picture no longer matches (its tests
    fail)."""

    caption: str
    jpeg: bytes | None = None
    problem: str | None = None
    size: tuple[int, int] = (0, 0)
    figure: go.Figure | None = field(default=None, compare=False)

    @property
    def text(self) -> str:
        """What the picture shows, in words; or, without an image, why there is none."""
        return self.caption if self.jpeg is not None else f"no picture: {self.problem} (it would show: {self.caption})"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        if self.jpeg is None:
            import plotly.io as pio

            shown = {} if self.figure is None else pio.renderers["plotly_mimetype"].to_mimebundle(self.figure.to_dict())
            return {**shown, "text/plain": self.text}
        return {"image/jpeg": base64.b64encode(self.jpeg).decode("ascii"), "text/plain": self.text}

    def __repr__(self) -> str:
        return self.text


MARK_SYMBOLS = ("star", "diamond", "square", "pentagon", "cross", "hexagram", "x", "star-triangle-up")
MARK_COLOURS = ("#e6a100", "#7b3fb5", "#1a9e77", "#d95f02", "#e7298a", "#386cb0", "#666666", "#a6761d")


_RENDERER: list[str | None] = []  # why pictures cannot be drawn here (None: they can), once found out


def _renderer() -> str | None:
    """Why no picture can be drawn here, or ``None``: kaleido is installed and finds a browser (a
    check that launches nothing), and its browser is then kept running for the pictures to come."""
    if not _RENDERER:
        try:
            import kaleido  # type: ignore[import-untyped]
        except ImportError:
            _RENDERER.append("kaleido is not installed")
            return _RENDERER[0]
        try:
            if hasattr(kaleido, "Kaleido"):
                kaleido.Kaleido()  # finds the browser or raises; starts nothing
            if hasattr(kaleido, "start_sync_server"):  # one browser for every picture (about 1 s each)
                kaleido.start_sync_server(silence_warnings=True)
            _RENDERER.append(None)
        except Exception as exc:  # no browser found: say so
            _RENDERER.append(f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}")
    return _RENDERER[0]


def _still(figure: go.Figure, caption: str, width: int, height: int) -> Picture:
    """``figure`` as a JPEG of ``width`` x ``height`` px (kaleido and Chrome/Chromium draw it)."""
    advice = "pictures need kaleido and Chrome or Chromium (BROWSER_PATH names it if it is not on the PATH)"
    why = _renderer()
    if why is not None:
        return Picture(caption, problem=f"the picture could not be drawn ({why}); {advice}", figure=figure)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # plotly: "kopts is ignored if using a server"
            jpeg = figure.to_image(format="jpeg", width=width, height=height)
    except Exception as exc:  # a browser that failed: say so
        why = f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
        return Picture(caption, problem=f"the picture could not be drawn ({why}); {advice}", figure=figure)
    return Picture(caption, jpeg, size=(width, height))


def picture(s: GameState, *, label: Sequence[str] = (), marks: Mapping[str, Sequence[str]] | None = None,
            highlight: Sequence[str] | None = None, player: int | None = None, title: str | None = None,
            width: int = PICTURE_WIDTH, height: int = PICTURE_HEIGHT) -> Picture:
    """A still picture of the map of ``s`` (``mp.show_map``) for a lesson, ``width`` px wide.

    ``label``: the places the lesson's text names; each is ringed and, if the map leaves it
    unnamed (no room), named beside its ring. ``marks``: legend entries of places to mark, such as
    ``{"city card": ["Xanadu", ...]}`` (what the text lists that the map shows only on hover).
    ``highlight`` and ``player`` are those of ``show_map``; ``title`` replaces its title line.
    Returns a :class:`Picture` whose caption says what it shows; if the picture cannot be drawn,
    the Picture says why.
    """
    figure, caption = map_figure(s, label=label, marks=marks, highlight=highlight, player=player, title=title,
                                 width=width, height=height)
    return _still(figure, caption, width, height)


def map_figure(s: GameState, *, label: Sequence[str] = (), marks: Mapping[str, Sequence[str]] | None = None,
               highlight: Sequence[str] | None = None, player: int | None = None, title: str | None = None,
               width: int = PICTURE_WIDTH, height: int = PICTURE_HEIGHT) -> tuple[go.Figure, str]:
    """The figure :func:`picture` draws (interactive in a notebook) and its caption.

    >>> import mp_notebook as mp
    >>> figure, caption = map_figure(mp.new_game(2, seed=7), label=["Beijing", "Xian"], title="The start")
    >>> caption, figure.layout.width
    ('Map (1000×640 px): The start. Labelled: Beijing, Xian.', 1000)
    """
    from mp_notebook.render.map import show_map

    places = checked_state("s", s).board.locations
    width = checked_int("width", width, 600, 4000)
    height = checked_int("height", height, 300, 4000)
    label = checked_items("label", label, len(places), "places")
    if marks is not None and not isinstance(marks, Mapping):
        raise ArgumentError(f"marks is a dict of legend entries to lists of places, got {shown(marks)}")
    marks = {checked_text("a name in marks", name, 100): checked_items(f"marks[{name!r}]", ps, len(places), "places")
             for name, ps in checked_items("marks", list((marks or {}).items()), 20, "legend entries")}
    if title is not None:
        checked_text("title", title, 300)
    unknown = [p for p in [*label, *(p for ps in marks.values() for p in ps)]
               if not (isinstance(p, str) and p in places)]
    if unknown:
        raise ArgumentError(f"picture: {', '.join(map(shown, unknown))} not on the {get(s.ruleset).short} map")
    figure = show_map(s, player=player, highlight=highlight)
    _add_marks(figure, s, marks)
    _add_labels(figure, s, list(label))
    heading = title if title is not None else _plain(figure.layout.title.text)
    figure.update_layout(width=width, height=height, margin={"l": 0, "r": 0, "t": 46, "b": 0},
                         title={"text": heading, "font": {"size": 16}, "x": 0.01})
    caption = f"Map ({width}×{height} px): {heading}."
    if label:
        caption += f" Labelled: {', '.join(label)}."
    if marks:
        caption += " Marked: " + "; ".join(f"{name} ({', '.join(ps)})" for name, ps in marks.items()) + "."
    return figure, caption


def _plain(html: str | None) -> str:
    return (html or "").replace("<i>", "").replace("</i>", "")


def _add_marks(figure: go.Figure, s: GameState, marks: Mapping[str, Sequence[str]]) -> None:
    """One legend entry per mark; a place with several marks shows them side by side below it."""
    import plotly.graph_objects as go

    from mp_notebook.render.map import projection

    fit = projection(s)
    count = Counter(p for places in marks.values() for p in places)
    seen: Counter[str] = Counter()
    for k, (name, places) in enumerate(marks.items()):
        points = []
        for p in places:
            loc = s.board.locations[p]
            shift = (seen[p] - (count[p] - 1) / 2) * 12 if count[p] > 1 else 0.0
            seen[p] += 1
            points.append(fit.offset(loc.lon, loc.lat, shift, 14 if count[p] > 1 else 0))
        figure.add_trace(go.Scattergeo(
            name=name, lon=[x for x, _ in points], lat=[y for _, y in points], mode="markers",
            hoverinfo="text", hovertext=list(places),
            marker={"size": 12, "symbol": MARK_SYMBOLS[k % len(MARK_SYMBOLS)],
                    "color": MARK_COLOURS[k % len(MARK_COLOURS)], "line": {"width": 1, "color": "black"}}))


LABEL_SIDES = (("top center", 0, -1), ("bottom center", 0, 1), ("middle right", 1, 0), ("middle left", -1, 0))
"""Where a place's added name may stand: plotly's text position and its direction on the map."""


def _add_labels(figure: go.Figure, s: GameState, label: list[str]) -> None:
    """Ring the places in ``label``; name those the map left unnamed, each on the side of its ring
    farthest from the other rings and names added (so that two close places do not overlap)."""
    import plotly.graph_objects as go

    from mp_notebook.render.map import projection

    if not label:
        return
    named = next((set(t.text) for t in figure.data if t.name == "place names" and t.text is not None), set())
    locs = [s.board.locations[p] for p in label]
    figure.add_trace(go.Scattergeo(
        name="named in the text", lon=[loc.lon for loc in locs], lat=[loc.lat for loc in locs], mode="markers",
        hoverinfo="skip", marker={"size": 22, "symbol": "circle-open", "color": "#c0392b", "line": {"width": 2.5}}))
    fit = projection(s)
    taken = [fit(loc.lon, loc.lat) for loc in locs]
    for p in label:
        if p in named:
            continue
        loc = s.board.locations[p]
        x, y = fit(loc.lon, loc.lat)

        def room(side: tuple[str, int, int], x: float = x, y: float = y) -> float:
            ax, ay = x + side[1] * 30, y + side[2] * 14
            return min(((ax - tx) ** 2 + (ay - ty) ** 2 for tx, ty in taken if (tx, ty) != (x, y)), default=1e9)
        side = max(LABEL_SIDES, key=room)
        taken.append((x + side[1] * 30, y + side[2] * 14))
        figure.add_trace(go.Scattergeo(
            name=f"name of {p}", lon=[loc.lon], lat=[loc.lat], mode="text", text=[f"<b>{p}</b>"],
            textposition=side[0], showlegend=False, textfont={"size": 13, "color": "#c0392b"}, hoverinfo="skip"))


def score_sheet(s: GameState, *, title: str | None = None, width: int = 900, height: int = 300) -> Picture:
    """A small picture of ``s``'s scores (``s.scores()``) as a score sheet: one bar per player, cut
    into the scoring categories the game adds up, each with its points.
    """
    import plotly.graph_objects as go

    table = checked_state("s", s).scores()
    if title is not None:
        checked_text("title", title, 300)
    width = checked_int("width", width, 300, 4000)
    height = checked_int("height", height, 150, 4000)
    columns = list(table.columns)
    categories = columns[:columns.index("total")]
    titles: dict[str, str] = dict(get(s.ruleset).part("ui").SCORE_TITLES)
    names = [str(n) for n in table.index]
    figure = go.Figure(layout={"barmode": "stack", "width": width, "height": height,
                               "margin": {"l": 10, "r": 10, "t": 50, "b": 10}, "plot_bgcolor": "white",
                               "legend": {"orientation": "h", "y": -0.15, "traceorder": "normal"}})
    for k, column in enumerate(categories):
        values = [int(v) for v in table[column]]
        figure.add_trace(go.Bar(name=titles.get(column, column), y=names, x=values, orientation="h",
                                text=[str(v) if v else "" for v in values], textposition="inside",
                                marker={"color": MARK_COLOURS[k % len(MARK_COLOURS)]}))
    figure.add_trace(go.Scatter(x=[int(t) for t in table["total"]], y=names, mode="text", showlegend=False,
                                text=[f"  {int(t)}" for t in table["total"]], textposition="middle right",
                                textfont={"size": 14}))
    totals = ", ".join(f"{n} {int(t)}" for n, t in zip(names, table["total"], strict=True))
    winners = [n for n, w in zip(names, table["winner"], strict=True) if w]
    verb = "wins" if len(winners) == 1 else "share the victory"
    heading = title or f"Score sheet — {totals} VP" + (f" — {' and '.join(winners)} {verb}" if winners else "")
    figure.update_layout(title={"text": heading, "x": 0.01, "font": {"size": 15}},
                         yaxis={"autorange": "reversed"}, xaxis={"showgrid": True, "gridcolor": "#ddd"})
    caption = (f"Score sheet ({width}×{height} px): {heading}; by category: "
               + "; ".join(f"{titles.get(c, c)} " + "/".join(str(int(v)) for v in table[c]) for c in categories) + ".")
    return _still(figure, caption, width, height)
