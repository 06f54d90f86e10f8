"""Exercises checked by the engine (mp_notebook.lessons), over every registered ruleset: a whole
turn answered by the engine's own legal actions meets goals read off the position it reaches; a
refused step gives the engine's own reason; a step past the turn, a goal not met and a goal the game
cannot have each say why; bad answers are ArgumentErrors."""

from __future__ import annotations

import pytest

import mp_notebook as mp
from mp_notebook import _lessons as lessons  # the public names and the internals they use
from mp_notebook._lessons import words_for
from mp_notebook.lessons import Exercise, Guide, cites, ends_turn, gains, holds, post_in, reaches, uses
from tests.registry import RULESETS


def _turn(s: mp.GameState) -> list[str]:
    """One whole turn of the seat ``s`` awaits, by the last legal action at each decision (the first is
    often a pass), at most 40 steps."""
    seat, steps = s.current_player, []
    while not s.is_over and s.current_player == seat and len(steps) < 40:
        action = s.legal_actions()[-1]
        steps.append(str(action))
        s = s.apply(action)
    assert s.current_player != seat, "a turn of at most 40 decisions"
    return steps


def _start(ruleset: str) -> mp.GameState:
    """A 2-player game at its first main turn (setup decisions and compensation taken)."""
    s = mp.new_game(["Ana", "Ben"], ruleset=ruleset, seed=11)
    while s.decision.kind != "turn":
        s = s.apply(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_whole_turn_meets_goals_read_off_its_end(ruleset: str) -> None:
    s = _start(ruleset)
    answer = _turn(s)
    end = s
    for step in answer:
        end = end.apply(step)
    me = end.players[s.current_player]
    first = end.log[len(s.log)]
    ex = Exercise("Play a turn", s, [ends_turn(), reaches(me.location), holds("coins", me.coins),
                                     uses(answer[0].split()[0]), cites(first.rule)],
                  worked=answer)
    verdict = ex.check(ex.worked)
    assert verdict.ok and bool(verdict), str(verdict)
    assert verdict.attempt.steps == tuple(answer) and verdict.end == end
    assert verdict.attempt.events == end.log[len(s.log):]
    assert str(verdict).startswith("✓ Play a turn")
    # the same answer as one text, steps separated by ';' and new lines
    assert ex.check(";\n".join(answer)).ok


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_refused_step_gives_the_engines_reason_and_stops(ruleset: str) -> None:
    s = _start(ruleset)
    legal = s.legal_actions()
    first, after, illegal = next((a, s.apply(a), b) for a in legal for b in legal
                                 if s.apply(a).current_player == s.current_player
                                 and b not in s.apply(a).legal_actions())
    with pytest.raises(mp.IllegalAction) as refused:
        after.apply(illegal)
    verdict = Exercise("Anything", s, [ends_turn()]).check([first, illegal, first])
    assert not verdict.ok
    assert verdict.problems == (f"step 2 `{illegal}` is refused: {refused.value}",)
    assert verdict.attempt.steps == (str(first),) and verdict.end == after
    text = str(verdict)
    assert text.startswith("✗ Anything") and f"after `{first}` the game awaits {after.decision.text!r}" in text
    # a goal the accepted steps met is not ticked after a refused step: the answer is not whole
    met = Exercise("Anything", s, [uses(first.kind)], rule=cited(s)).check([first, illegal])
    assert met.goals[0][1] is None and not met.ok
    assert "✓" not in str(met).splitlines()[1:] and "· the answer takes" in str(met)
    assert str(met).splitlines()[-1] == f"  the rule at stake: [{cited(s)}]"
    garbled = Exercise("Anything", s, [ends_turn()]).check("fly to the moon")
    assert garbled.problems[0].startswith("step 1 `fly to the moon` is refused: ") and "unknown action kind" \
        in garbled.problems[0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_step_past_the_turn_is_not_the_seats(ruleset: str) -> None:
    s = _start(ruleset)
    answer = _turn(s)
    end = s
    for step in answer:
        end = end.apply(step)
    extra = str(end.legal_actions()[0])
    verdict = Exercise("One turn", s, [ends_turn()]).check([*answer, extra])
    name = s.players[s.current_player].name
    assert verdict.problems == (f"step {len(answer) + 1} `{extra}` is not {name}'s to take: the game awaits "
                                f"{end.decision.text!r} (after `{answer[-1]}`)",)
    assert verdict.goals == ((f"{name} ends the turn", None),) and not verdict.ok


@pytest.mark.parametrize("ruleset", RULESETS)
def test_goals_not_met_say_why(ruleset: str) -> None:
    s = _start(ruleset)
    seat = s.current_player
    me, name = s.players[seat], s.players[seat].name
    ex = Exercise("Too much", s, [holds("coins", 10**5), gains("coins", 10**5), ends_turn(),
                                  uses(s.legal_actions()[-1].kind, at_least=0, at_most=0)], hint="it cannot be done")
    step = str(s.legal_actions()[-1])
    after = s.apply(step)
    verdict = ex.check(step)
    assert not verdict.ok and not verdict.problems
    assert verdict.goals == (
        (f"{name} ends with at least 100000 coins", f"{name} has {after.players[seat].coins} coins"),
        (f"{name} gains at least 100000 coins", f"{name} gained {after.players[seat].coins - me.coins} coins"),
        (f"{name} ends the turn", f"the game still awaits {after.decision.text!r}"),
        (f"the answer takes no `{s.legal_actions()[-1].kind}` action", "it takes 1"),
    )
    assert str(verdict).endswith("hint: it cannot be done")
    assert str(ex).startswith("Exercise: Too much\n  position: round ")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_goal_the_game_cannot_have_is_refused_at_once(ruleset: str) -> None:
    s = _start(ruleset)
    goods = s.players[0].goods
    missing = next(g for g in ("jade", "pepper", "red", "gulden") if g not in goods and not hasattr(s.players[0], g))
    for goal, why in [(gains(missing, 1), f"no count {missing!r}"), (reaches("Atlantis"), "'Atlantis' is not a place"),
                      (post_in("Atlantis"), "'Atlantis' is not a place"), (uses("fly"), "no action kind 'fly'"),
                      (cites("Rulebook: chess"), "cites no rule")]:
        with pytest.raises(mp.ArgumentError, match=why):
            Exercise("Impossible", s, [goal])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_bad_exercises_and_answers_are_argument_errors(ruleset: str) -> None:
    s = _start(ruleset)
    ex = Exercise("Anything", s, [ends_turn()])
    for bad in (5, [], "  ;  ", [1], None, ["end_turn"] * (lessons.MAX_STEPS + 1)):
        with pytest.raises(mp.ArgumentError):
            ex.check(bad)
    for args in [("x", "not a state", [ends_turn()]), ("x", s, []), ("x", s, ["goal"])]:
        with pytest.raises(mp.ArgumentError):
            Exercise(*args)
    with pytest.raises(mp.ArgumentError, match="no seat 5"):
        Exercise("x", s, [ends_turn()], seat=5)


def test_the_seat_answering_can_be_named_and_a_post_goal_met() -> None:
    """Marco Polo II: Ana travels to Xian and builds a post there; Ben is the seat of a later exercise."""
    s = mp.new_game(["Ana", "Ben"], seed=7).apply("compensation coins=2,camels=1")
    ex = Exercise("A post in Xian", s, [post_in("Xian"), reaches("Xian"), uses("travel", at_most=1)])
    assert ex.check("travel [1] lower; move Xian; done").ok
    short = ex.check("travel [1] lower; move Xanadu; done")
    assert short.goals[:2] == (("Ana has a trading post in Xian", "Ana's trading posts: Xanadu"),
                               ("Ana ends at Xian", "Ana is at Xanadu"))
    later = s.apply("books [3] silk").apply("offer 1").apply("end_turn")
    assert Exercise("Ben's turn", later, [ends_turn()]).name == "Ben"
    with pytest.raises(mp.ArgumentError, match="finished game"):
        Exercise("x", _finished(), [ends_turn()])


def cited(s: mp.GameState) -> str:
    """A rule section the engine of ``s`` cites (the first)."""
    return lessons.rule_sections(s.ruleset)[0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_one_end_of_turn_convention_a_last_end_turn_after_the_turn_passed_is_read_as_done(ruleset: str) -> None:
    s = _start(ruleset)
    answer = _turn(s)
    if answer[-1] == lessons.END_TURN:  # the rules wait for end_turn here: one more is another seat's
        verdict = Exercise("One turn", s, [ends_turn()]).check([*answer, lessons.END_TURN])
        assert verdict.problems and "is not" in verdict.problems[0] and not verdict.ok
        answer = answer[:-1]
        end = s
        for step in answer:
            end = end.apply(step)
        if end.current_player == s.current_player:
            return  # this game's turn ends only with end_turn
    verdict = Exercise("One turn", s, [ends_turn()]).check([*answer, lessons.END_TURN])
    assert verdict.ok and verdict.notes == (f"the turn had already ended after `{answer[-1]}`, so the last "
                                            f"`{lessons.END_TURN}` has nothing left to end",), str(verdict)
    assert "  note: the turn had already ended" in str(verdict)


def test_a_task_names_its_rule_and_refuses_a_rule_the_game_does_not_cite() -> None:
    s = mp.new_game(["Ana", "Ben"], seed=7).apply("compensation coins=2,camels=1")
    ex = Exercise("Jade", s, [gains("jade", 2)], rule="Rulebook: 3. Guild Seals", hint="take the tailor seal")
    assert str(ex.check("books [3] silk; offer 1")).endswith("hint: take the tailor seal [Rulebook: 3. Guild Seals]")
    assert str(ex.check("guild_seal [3,4]; seal tailor")).splitlines()[-1] == "  ✓ Ana gains at least 2 jade"
    with pytest.raises(mp.ArgumentError, match="cites no rule"):
        Exercise("Jade", s, [gains("jade", 2)], rule="Rulebook: chess")


def test_counts_are_said_in_words_not_field_names() -> None:
    s = mp.new_game(["Ana", "Ben"], seed=7).apply("compensation coins=2,camels=1")
    verdict = Exercise("Words", s, [gains("completed", 1), holds("black_dice", 2), gains("trading_posts", 1),
                                    holds("coins", 1)]).check("khans_favor [3]")
    text = str(verdict)
    for said in ("Ana gains at least 1 completed contract: Ana gained 0 completed contracts",
                 "Ana ends with at least 2 black dice: Ana has 0 black dice",
                 "Ana gains at least 1 trading post: Ana gained 0 trading posts"):
        assert said in text, text
    assert "black_dice" not in text and "trading_posts" not in text
    schmidt = mp.new_game(["Ana", "Ben"], ruleset="schmidt", seed=7)
    goal = holds("cards", 2)
    assert goal.said("Ana") == "Ana ends with at least 2 cards"
    assert goal.test(lessons.Attempt(schmidt, 0, (), schmidt)) == "Ana has 0 cards"
    assert holds("gulden", 300, words="Gulden").said("Ana") == "Ana ends with at least 300 Gulden"
    assert holds("cards", 1).test(lessons.Attempt(schmidt, 0, (), schmidt.with_player(0, cards=["red30a"]))) is None


def test_a_guide_plays_a_turn_step_by_step_and_a_refused_step_changes_nothing(capsys: pytest.CaptureFixture) -> None:
    s = mp.new_game(["Ana", "Ben"], seed=7).apply("compensation coins=2,camels=1")
    turn = Guide(s)
    turn("travel [6] lower")
    said = capsys.readouterr().out
    assert said.startswith("`travel [6] lower` is refused: ") and "nothing changed" in said and turn.steps == ()
    for step in ("travel [1] lower", "move Xanadu", "end_turn"):
        turn(step)
    said = capsys.readouterr().out
    assert turn.steps == ("travel [1] lower", "move Xanadu", "end_turn") and turn.state.current_player == 1
    assert "[Rulebook: 4. Travel]" in said and "Ana's turn is over (3 steps: " in said
    turn("end_turn")
    assert "is not played: the turn is over" in capsys.readouterr().out
    turn.undo()
    assert turn.steps == ("travel [1] lower", "move Xanadu") and "back to: Ana:" in capsys.readouterr().out
    with pytest.raises(mp.ArgumentError):
        Guide("not a state")  # type: ignore[arg-type]


def _finished() -> mp.GameState:
    s = mp.new_game(2, ruleset="schmidt", seed=3, round_limit=1)
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("ruleset", RULESETS)
def test_side_by_side_shows_what_a_turn_changed(ruleset: str) -> None:
    s = _start(ruleset)
    seat = s.current_player
    end = s
    for step in _turn(s):
        end = end.apply(step)
    name = s.players[seat].name
    table = lessons.side_by_side(s, end, [seat], every_row=True)
    fields = [words_for(f)[1] for f in s.players[seat].fields() if f != "name"]
    assert list(table.index) == fields and list(table.columns) == [(name, "before"), (name, "after")]
    assert not any("_" in row for row in table.index), "rows are named in words, not field names"
    assert table.loc["location", (name, "after")] == end.players[seat].location
    changed = lessons.side_by_side(s, end)
    assert {who for who, _ in changed.columns} <= {p.name for p in s.players}
    assert all((row[0::2].to_numpy() != row[1::2].to_numpy()).any() for _, row in changed.iterrows())
    assert lessons.side_by_side(s, s).empty
    with pytest.raises(mp.ArgumentError):
        lessons.side_by_side(s, mp.new_game(3, ruleset=ruleset, seed=1))
