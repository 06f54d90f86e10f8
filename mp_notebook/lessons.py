"""Lessons: tasks checked by the engine, a turn played step by step, pictures, and each game's lesson.

An :class:`Exercise` (a task) is a position, a seat and goals ("get Ana 2 jade this turn", "reach
Xian with one Travel action"), with the rule section at stake. A learner answers with actions in
the notation (or :class:`Action` objects); :meth:`Exercise.check` replays the answer through the
engine's own ``apply``, so an illegal step is refused with the engine's own reason and rule, and
then says for every goal whether the position reached meets it and, if not, why. Goals are built
by :func:`gains`, :func:`holds`, :func:`reaches`, :func:`post_in`, :func:`uses`, :func:`cites` and
:func:`ends_turn`, or directly as a :class:`Goal`; they read only what every ruleset's state
offers, so an exercise works in every game.

>>> import mp_notebook as mp
>>> s = mp.new_game(["Ana", "Ben"], seed=7).apply("compensation coins=2,camels=1")
>>> ex = Exercise("Get Ana 2 jade this turn", s, [gains("jade", 2), ends_turn()],
...               rule="Rulebook: 3. Guild Seals", hint="the tailor seal comes with 2 jade",
...               worked=["guild_seal [3,4]", "seal tailor", "end_turn"])
>>> ex.check("books [3] silk; offer 1; end_turn")
✗ Get Ana 2 jade this turn
  ✗ Ana gains at least 2 jade: Ana gained 0 jade
  ✓ Ana ends the turn
  after `end_turn` the game awaits 'Ben: take a main action (bonus actions before or after)'
  hint: the tailor seal comes with 2 jade [Rulebook: 3. Guild Seals]
>>> print(ex.check(ex.worked))
✓ Get Ana 2 jade this turn
  ✓ Ana gains at least 2 jade
  ✓ Ana ends the turn

A refused step stops the answer: its goals are judged on the position the steps before it
reached, and a goal met by then is not ticked (the answer is not whole):

>>> print(ex.check("guild_seal [3,4]; seal tailor; khans_favor [1]; end_turn"))
✗ Get Ana 2 jade this turn
  ! step 3 `khans_favor [1]` is refused: khans_favor [1] is not allowed: you have already taken your main \
action this turn (Rulebook: A Game Turn)
  · Ana gains at least 2 jade: not judged, the answer stopped at step 3
  ✗ Ana ends the turn: the game still awaits 'Ana: take bonus actions or end the turn'
  after `seal tailor` the game awaits 'Ana: take bonus actions or end the turn'
  hint: the tailor seal comes with 2 jade [Rulebook: 3. Guild Seals]

**One convention for the end of a turn**, in every game: an answer ends with ``end_turn``. Where
the rules end the turn by themselves (a Schmidt move that reaches no trading city), a last
``end_turn`` after the turn has passed is read as done, with a note.

:class:`Guide` plays one turn a step at a time, saying after each step what happened (with each
rule) and what the game waits for now; :func:`side_by_side` shows the seats' pieces before and
after some steps, as a table, in words:

>>> print(side_by_side(s, ex.check(ex.worked).end))  # doctest: +NORMALIZE_WHITESPACE
                   Ana
                before   after
jade                 0       2
dice         1,1,3,3,4   1,1,3
seal levels          -  tailor

:func:`picture` makes a still picture of the map (1000 px wide unless told) with the
places a lesson names labelled, and :func:`score_sheet` a small picture of a game's final scores;
a picture that cannot be made says so instead of showing nothing.

The lesson of each game, in parts, is named in :data:`LESSONS`.
"""

from mp_notebook import _lessons
from mp_notebook._lessons import (
    Attempt,
    Exercise,
    Goal,
    Guide,
    Picture,
    Verdict,
    cites,
    ends_turn,
    gains,
    holds,
    picture,
    post_in,
    reaches,
    score_sheet,
    side_by_side,
    uses,
)

__all__ = ["LESSONS", "Attempt", "Exercise", "Goal", "Guide", "Picture", "Verdict", "cites", "ends_turn", "gains",
           "holds", "picture", "post_in", "reaches", "score_sheet", "side_by_side", "uses"]

LESSONS = _lessons.LESSONS
"""The lesson of each ruleset, in parts (paths from the repository's root): the notebooks that teach
that game's rules, the base game first; together they show every section its engine cites.

>>> LESSONS["mp2"][0]
'notebooks/01-learn-the-rules.ipynb'
"""
