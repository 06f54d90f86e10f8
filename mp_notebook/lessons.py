"""Lessons: "now you do it" exercises checked by the engine, and each game's lesson notebook.

An :class:`Exercise` is a position, a seat and goals ("get Ana 2 jade this turn", "reach Xian with
one Travel action"). A learner answers with actions in the notation (or :class:`Action` objects);
:meth:`Exercise.check` replays the answer through the engine's own ``apply``, so an illegal step is
refused with the engine's own reason and rule, and then says for every goal whether the position
reached meets it and, if not, why. Goals are built by :func:`gains`, :func:`holds`, :func:`reaches`,
:func:`post_in`, :func:`uses`, :func:`cites` and :func:`ends_turn`, or directly as a :class:`Goal`;
they read only what every ruleset's state offers, so an exercise works in every game.

>>> import mp_notebook as mp
>>> s = mp.new_game(["Ana", "Ben"], seed=7).apply("compensation coins=2,camels=1")
>>> ex = Exercise("Get Ana 2 jade this turn", s, [gains("jade", 2)],
...               worked=["guild_seal [3,4]", "seal tailor"])
>>> ex.check("books [3] silk; offer 1")
✗ Get Ana 2 jade this turn
  ✗ Ana gains at least 2 jade: Ana gained 0 jade
  after `offer 1` the game awaits 'Ana: take bonus actions or end the turn'
>>> print(ex.check(["guild_seal [3,4]", "seal tailor"]))
✓ Get Ana 2 jade this turn
  ✓ Ana gains at least 2 jade
>>> print(ex.check("books [1] silk"))
✗ Get Ana 2 jade this turn
  ! step 1 `books [1] silk` is refused: books [1] silk is not allowed: the silk space needs a die \
of at least 3 (Rulebook: 1. Books)
  ✗ Ana gains at least 2 jade: Ana gained 0 jade

:func:`side_by_side` shows the seats' pieces before and after some steps, as a table:

>>> print(side_by_side(s, ex.check(ex.worked).end))  # doctest: +NORMALIZE_WHITESPACE
                   Ana
                before   after
jade                 0       2
dice         1,1,3,3,4   1,1,3
seal_levels          -  tailor

The lesson notebook of each ruleset is named by the ruleset (``Ruleset.lesson``) and gathered in
:data:`LESSONS`; :func:`rule_sections` lists the rule sections a ruleset's engine cites, which its
lesson must show (``tests/test_lessons.py``).

>>> LESSONS["mp2"]
'notebooks/01-learn-the-rules.ipynb'
>>> "Rulebook: 4. Travel" in rule_sections("mp2")
True

:func:`coverage` measures it: the sections a lesson shows, word for word, in its text or its stored
output, and those it does not (``bench/lesson_coverage.py`` prints it for every ruleset).
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Action, Event
from mp_notebook.engine.errors import ArgumentError, IllegalAction, NotationError
from mp_notebook.engine.game import GameState
from mp_notebook.engine.text import resource
from mp_notebook.engine.validate import checked_int, checked_seat, shown
from mp_notebook.registry import PACKAGES, get

if TYPE_CHECKING:
    import pandas as pd

LESSONS: dict[str, str] = {name: get(name).lesson for name in PACKAGES if get(name).lesson}
"""The lesson notebook of each ruleset (path from the repository's root): the one notebook that
teaches that game's rules, every section its engine cites."""

CITATION_MODULES = ("citations", "rules")
"""The modules of a ruleset's package whose ``R_*`` text constants are the rule sections it cites."""

WIDE = 24
"""The widest collection :func:`side_by_side` writes out in full (in characters)."""

MAX_STEPS = 200
"""The most steps an answer may have (a whole turn of any ruleset takes far fewer)."""


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
    of its stored outputs (printed text, and the text forms of displayed values)."""
    with open(path, encoding="utf-8") as f:
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


def coverage(ruleset: str, root: str | os.PathLike[str] = ".") -> tuple[list[str], list[str]]:
    """The rule sections ``ruleset`` cites (:func:`rule_sections`) that its lesson notebook (:data:`LESSONS`,
    under the repository root ``root``) shows word for word, and those it does not show."""
    rules = get(ruleset)
    if rules.id not in LESSONS:
        raise ArgumentError(f"{rules.title} has no lesson notebook (lessons: {', '.join(LESSONS)})")
    text = notebook_text(os.path.join(root, LESSONS[rules.id]))
    sections = rule_sections(rules.id)
    return [s for s in sections if s in text], [s for s in sections if s not in text]


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

    def said(self, name: str) -> str:
        return self.text.format(name=name)


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


def gains(what: str, amount: int) -> Goal:
    """The seat gains at least ``amount`` of ``what`` (a good, ``coins``, ``camels``, ``vp``, ...,
    or a collection such as ``trading_posts``, counted), net of what the answer pays.

    >>> gains("jade", 2).text
    '{name} gains at least 2 jade'
    """
    amount = checked_int("amount", amount, 1)

    def test(a: Attempt) -> str | None:
        got = _amount(a.end.players[a.seat], what) - _amount(a.start.players[a.seat], what)
        return None if got >= amount else f"{a.name} gained {resource(got, what)}"
    return Goal(f"{{name}} gains at least {resource(amount, what)}", test, _countable(what))


def holds(what: str, at_least: int) -> Goal:
    """The seat ends with at least ``at_least`` of ``what`` (as :func:`gains` counts it).

    >>> holds("coins", 10).text
    '{name} ends with at least 10 coins'
    """
    at_least = checked_int("at_least", at_least, 0)

    def test(a: Attempt) -> str | None:
        has = _amount(a.end.players[a.seat], what)
        return None if has >= at_least else f"{a.name} has {resource(has, what)}"
    return Goal(f"{{name}} ends with at least {resource(at_least, what)}", test, _countable(what))


def _known_location(place: str) -> Callable[[GameState, int], str | None]:
    def fits(start: GameState, seat: int) -> str | None:
        return None if place in start.board.graph else f"{place!r} is not a place on the {get(start.ruleset).short} map"
    return fits


def reaches(place: str) -> Goal:
    """The seat's figure (one of them, for a character with two) ends the answer at ``place``.

    >>> reaches("Xian").text
    '{name} ends at Xian'
    """
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
    names = (kinds,) if isinstance(kinds, str) else tuple(kinds)
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


def cites(rule: str) -> Goal:
    """Something in the answer happens under rule section ``rule`` (a log event cites it).

    >>> cites("Rulebook: Using an occupied action space").text
    'the log cites [Rulebook: Using an occupied action space]'
    """
    def test(a: Attempt) -> str | None:
        return None if any(e.rule == rule for e in a.events) else "no event of the answer cites it"

    def fits(start: GameState, seat: int) -> str | None:
        return None if rule in rule_sections(start.ruleset) else f"{get(start.ruleset).short} cites no rule {rule!r}"
    return Goal(f"the log cites [{rule}]", test, fits)


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
    ``problems`` with the answer itself (a refused step, a step for another seat) and, per goal, its
    text and ``None`` if met or why not. True when the answer is whole and meets every goal."""

    exercise: Exercise
    attempt: Attempt
    problems: tuple[str, ...]
    goals: tuple[tuple[str, str | None], ...]

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
        lines += [f"  ✓ {text}" if why is None else f"  ✗ {text}: {why}" for text, why in self.goals]
        if not self.ok and self.attempt.steps and not self.end.is_over:
            lines.append(f"  after `{self.attempt.steps[-1]}` the game awaits {self.end.decision.text!r}")
        if not self.ok and self.exercise.hint:
            lines.append(f"  hint: {self.exercise.hint}")
        return "\n".join(lines)

    __repr__ = __str__


@dataclass(frozen=True, repr=False)
class Exercise:
    """A goal for one seat (default: whoever the start position awaits) from the position ``start``.

    ``goals`` are all to be met by one answer; ``worked`` is the lesson's own answer (its tests
    check it), ``hint`` is shown under a failed answer. A goal that makes no sense in ``start`` (a
    good the game lacks, a place not on its map) is an :class:`ArgumentError` here.
    """

    title: str
    start: GameState
    goals: Sequence[Goal]
    seat: int | None = None
    worked: Sequence[str] = ()
    hint: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.start, GameState):
            raise ArgumentError(f"Exercise: start must be a game state, got {shown(self.start)}")
        if self.start.is_over:
            raise ArgumentError("Exercise: the start position is a finished game; there is nothing to do")
        seat = checked_seat("Exercise seat", self.start.current_player if self.seat is None else self.seat,
                            self.start.num_players)
        object.__setattr__(self, "seat", seat)
        goals = tuple(self.goals)
        if not goals or not all(isinstance(g, Goal) for g in goals):
            raise ArgumentError(f"Exercise: goals must be a non-empty list of Goal, got {shown(self.goals)}")
        object.__setattr__(self, "goals", goals)
        object.__setattr__(self, "worked", tuple(self.worked))
        for goal in goals:
            why = goal.fits(self.start, seat)
            if why is not None:
                raise ArgumentError(f"Exercise {self.title!r}: goal {goal.said(self.name)!r} cannot be set here: {why}")

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
        the accepted steps reached.
        """
        steps = _steps(answer)
        seat = self.seat
        assert seat is not None
        state, done, problems = self.start, list[str](), list[str]()
        for number, step in enumerate(steps, 1):
            written = str(step)
            if state.is_over:
                problems.append(f"step {number} `{written}`: the game is already over")
                break
            if state.current_player != seat:
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
        return Verdict(self, attempt, tuple(problems), results)


def _steps(answer: Any) -> list[str | Action]:
    """The steps of an answer: a text split at ``;`` and new lines, an :class:`Action`, or a list of them."""
    if isinstance(answer, Action):
        return [answer]
    if isinstance(answer, str):
        steps: list[Any] = [part.strip() for line in answer.splitlines() for part in line.split(";")]
        steps = [s for s in steps if s]
    elif isinstance(answer, Iterable):
        steps = list(answer)[:MAX_STEPS + 1]
    else:
        raise ArgumentError(f"an answer is a list of actions or a text of them separated by ';', got {shown(answer)}")
    if not all(isinstance(s, (str, Action)) for s in steps):
        raise ArgumentError(f"an answer's steps are notation strings or Actions, got {shown(steps)}")
    if len(steps) > MAX_STEPS:
        raise ArgumentError(f"an answer has at most {MAX_STEPS} steps, got more")
    if not steps:
        raise ArgumentError("the answer is empty: give at least one action")
    return steps


def side_by_side(before: GameState, after: GameState, seats: Iterable[int] | None = None, *,
                 every_row: bool = False) -> pd.DataFrame:
    """The pieces of ``seats`` (default: those that changed) in ``before`` and ``after``, as a table:
    one row per field of the game's player (coins, goods, dice, location, ...), two columns per
    seat; only the rows that changed unless ``every_row``. Collections are written as ``a,b``."""
    import pandas as pd

    if not (isinstance(before, GameState) and isinstance(after, GameState) and before.ruleset == after.ruleset
            and before.num_players == after.num_players):
        raise ArgumentError("side_by_side compares two positions of the same game (a state and one reached from it)")
    if seats is None:
        chosen = [i for i in range(before.num_players)
                  if before.players[i].fields() != after.players[i].fields()] or [before.current_player or 0]
    else:
        chosen = [checked_seat("side_by_side seat", i, before.num_players) for i in seats]
    fields = [f for f in before.players[0].fields() if f != "name"]
    columns, data = [], []
    for i in chosen:
        old, new = before.players[i].fields(), after.players[i].fields()
        name = after.players[i].name
        columns += [(name, "before"), (name, "after")]
        data += [[_cell(old[f]) for f in fields], [_cell(new[f]) for f in fields]]
    table = pd.DataFrame(dict(zip(columns, data, strict=True)), index=fields)
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
