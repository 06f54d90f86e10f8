"""Every task the lessons set, with its worked answer and plausible wrong answers: the worked answer
passes, and each wrong answer fails with the message that names the rule at stake (a reader who types
a wrong answer at every task). Each task is built here as its lesson builds it, and tied to the lesson:
the notebook shows the task (its stored output prints it) and its worked answer.

The feedback is held to the lessons' promises: a refused step is never followed by a tick; a failed
answer names a rule section the engine cites and says it in words, without the players' field names."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import mp_notebook as mp
from mp_notebook._lessons import rule_sections
from mp_notebook.lessons import LESSONS, Exercise, cites, ends_turn, gains, holds, post_in, reaches, uses

REPO = Path(__file__).resolve().parent.parent
R = "Rulebook: "


class Task(NamedTuple):
    ruleset: str
    build: Callable[[], Exercise]
    wrong: tuple[tuple[str, str], ...]  # (answer, words the feedback must say)


# --------------------------------------------------------------------------- Marco Polo II (01, 01b)


@cache
def _mp2() -> mp.GameState:
    """Ana's first turn after her compensation (seed 7): dice 1, 1, 3, 3, 4."""
    return mp.new_game(["Ana", "Ben"], seed=7).apply("compensation coins=2,camels=1")


def _steps(s: mp.GameState, *steps: str) -> mp.GameState:
    for step in steps:
        s = s.apply(step)
    return s


def mp2_tasks() -> list[Task]:
    s = _mp2

    return [
        Task("mp2", lambda: Exercise(
            "Get 2 pepper and 1 silk", s(), [gains("pepper", 2), gains("silk", 1), ends_turn()],
            rule=R + "1. Books", worked=["books [3] silk", "offer 2", "end_turn"],
            hint="look at the silk book's offers; the silk book takes a die of 3 or more"),
            (("books [1] silk; offer 2; end_turn", "the silk space needs a die of at least 3"),
             ("books [3] silk; offer 1; end_turn", "Ana gained 0 pepper"))),
        Task("mp2", lambda: Exercise(
            "Take the Khan's Favor",
            _steps(s(), "books [3] silk", "offer 1", "end_turn", "khans_favor [4]", "end_turn"),
            [gains("coins", 4), gains("camels", 2), ends_turn()], rule=R + "2. Khan's Favor",
            worked=["khans_favor [4]", "end_turn"],
            hint="each die on Khan's Favor is at least as high as the one to its left"),
            (("khans_favor [3]; end_turn", "the next Khan's Favor space needs a die of at least 4"),
             ("money_bag [1] coins; end_turn", "you still have dice and must take a main action first"))),
        Task("mp2", lambda: Exercise(
            "Get 2 jade this turn", s(), [gains("jade", 2), ends_turn()], rule=R + "3. Guild Seals",
            worked=["guild_seal [3,4]", "seal tailor", "end_turn"],
            hint="the lower of the two dice picks the seal; which seal comes with 2 jade?"),
            (("money_bag [1] jade; money_bag [1] jade; end_turn", "must take a main action first"),
             ("guild_seal [1,3]; seal tailor; end_turn",
              "the tailor seal needs a lower die of at least 3, and your lower die is 1"),
             ("guild_seal [3,4]; seal jeweler; end_turn", "the jeweler seal needs a lower die of at least 4"))),
        Task("mp2", lambda: Exercise(
            "A trading post in Xian", s(), [post_in("Xian"), ends_turn()], rule=R + "4. Travel",
            worked=["travel [1] lower", "move Xian", "done", "end_turn"],
            hint="the lower Travel space takes 1 die and 2 coins and moves 1 step: Xian is 1 step from Beijing"),
            (("travel [1] middle; move Xian; done; end_turn", "the middle Travel space takes exactly 2 dice"),
             ("travel [1] lower; move Xanadu; end_turn", "Ana's trading posts: Xanadu"),
             ("travel [1] lower; move Xian; end_turn", "ending the turn has to wait"))),
        Task("mp2", lambda: Exercise(
            "A trading post in Lhasa with one Travel action", s(),
            [post_in("Lhasa"), uses("travel", at_least=1, at_most=1), ends_turn()], rule=R + "4. Travel",
            worked=["travel [3,4] middle", "move Xian", "move Chengdu", "move Lhasa", "take_contract Lhasa R23",
                    "end_turn"],
            hint="the lowest die of the Travel must be 3 or more, on a space that moves 3 steps"),
            (("travel [1,3] middle; move Xian; move Chengdu; move Lhasa; end_turn",
              "your lowest die is 1, so this Travel moves at most 1 step (Rulebook: 4. Travel)"),
             ("travel [4] lower; move Xian; move Chengdu", "the lower Travel space moves at most 1 step"),
             ("travel [3,4] middle; move Lhasa", "Lhasa is not one step from Beijing"))),
        Task("mp2", lambda: Exercise(
            "Reach Yangzhou", s().with_player(0, seals={"spicer": "basic"}), [reaches("Yangzhou"), ends_turn()],
            rule=R + "4. Travel", worked=["travel [3,4] middle", "move Xian", "move Yangzhou", "done", "end_turn"],
            hint="the sea route from Beijing needs the farmer seal; by land Yangzhou is 2 steps away"),
            (("travel [1] lower; move Yangzhou; end_turn", "needs the farmer seal, which you do not hold"),
             ("travel [1,3] middle; move Xian; move Yangzhou; end_turn", "your lowest die is 1"))),
        Task("mp2", lambda: Exercise(
            "Make Ben first player next round",
            _steps(s(), "travel [3,4] middle", "move Xian", "done", "done", "end_turn"),
            [cites(R + "The first player"), ends_turn()], rule=R + "The first player",
            worked=["travel [3,3] middle", "move Xanadu", "done", "end_turn"],
            hint="Ana used the middle space: Ben's Travel space must be at least as high"),
            (("travel [1] lower; move Xanadu; end_turn", "no event of the answer cites it"),
             ("khans_favor [3]; end_turn", "no event of the answer cites it"))),
        Task("mp2", lambda: Exercise(
            "Take two contracts with one Contracts action", s().with_player(0, trading_posts=["Xian", "Lhasa"]),
            [holds("contracts", 2), uses("take_contract", at_least=2), gains("coins", 3), ends_turn()],
            rule=R + "5. Contracts",
            worked=["contracts [1]", "take_contract Xian R22", "take_contract Lhasa R23", "discard S5", "end_turn"],
            hint="with no room for the second contract, discard one you held before this action"),
            (("contracts [1]; take_contract Xian R22; take_contract Lhasa R23; discard R22; end_turn",
              "contract R22 was taken in this action: you may not take a contract just to discard it"),
             ("contracts [1]; take_contract Xian R22; done; end_turn", "it takes 1"),
             ("contracts [1]; take_contract Delhi R24", "you have no trading post in Delhi"))),
        Task("mp2", lambda: Exercise(
            "Get 4 pepper in Hormuz", s().with_player(0, trading_posts=["Hormuz"], seals={"spicer": "improved"}),
            [gains("pepper", 4), ends_turn()], rule=R + "6. Special Cities",
            worked=["special_city [4] Hormuz", "end_turn"],
            hint="Hormuz gives 2 coins and 2 pepper; the improved spicer seal adds 1 coin and 1 pepper, "
                 "twice from a die of 4"),
            (("special_city [3] Hormuz; end_turn", "Ana gained 3 pepper"),
             ("special_city [4] Baghdad; end_turn", "you need a trading post in Baghdad"))),
        Task("mp2", lambda: Exercise(
            "Gain 9 coins with Xanadu's city card",
            _steps(s(), "travel [1] lower", "move Xanadu", "end_turn", "khans_favor [3]", "end_turn").with_player(
                0, goods={"pepper": 3}),
            [gains("coins", 9), ends_turn()], rule=R + "7. City Cards",
            worked=["city_card [3] Xanadu", "trade 1x3", "end_turn"],
            hint="the card repeats its exchange up to the die value"),
            (("city_card [1] Xanadu; trade 1x3; end_turn", "your die is 1, so the card is used at most 1 time"),
             ("city_card [3] Yangzhou; trade 1x3; end_turn", "you need a trading post in Yangzhou"))),
        Task("mp2", lambda: Exercise(
            "Complete contract S5 this turn", s(), [gains("completed", 1), gains("vp", 3), ends_turn()],
            rule=R + "Bonus action 1 — complete 1 contract",
            worked=["books [3] silk", "offer 2", "complete_contract S5", "end_turn"],
            hint="a bonus action may come after the main action that brings the goods"),
            (("complete_contract S5; books [3] silk; offer 2; end_turn", "you cannot pay contract S5's cost"),
             ("books [3] silk; offer 1; complete_contract S5; end_turn", "you cannot pay contract S5's cost"))),
        Task("mp2", lambda: Exercise(
            "Take the jeweler seal", s(), [gains("jade", 3), ends_turn()],
            rule=R + "Bonus action 5 — change 1 die by 1",
            worked=["adjust_die [3] +1", "guild_seal [4,4]", "seal jeweler", "end_turn"],
            hint="a bonus action before the main action can change a die by 1 for 2 camels"),
            (("guild_seal [3,4]; adjust_die [3] +1; seal jeweler; end_turn",
              "bonus actions and the end of the turn come before or after a main action, never in the middle"),
             ("guild_seal [3,4]; seal jeweler; end_turn", "the jeweler seal needs a lower die of at least 4"))),
        Task("mp2", lambda: Exercise(
            "Buy silk a second time this round",
            _steps(s(), "books [3] silk", "offer 1", "end_turn", "khans_favor [3]", "end_turn").with_player(
                0, black_dice=[5]),
            [gains("silk", 2), uses("books"), ends_turn()], rule=R + "Black dice",
            worked=["books [b5] silk", "offer 1", "end_turn"],
            hint="each colour goes on a space once a round; a black die is no colour"),
            (("books [4] silk; offer 1; end_turn", "your colour has already been used on the silk book"),
             ("books [b5,4] silk; offer 1; end_turn", "Books takes exactly 1 die"))),
        Task("mp2", lambda: Exercise(
            "Posts in Chengdu and Lhasa with one Travel action",
            s().with_player(0, coins=20, camels=8, dice=[3, 4, 4, 5, 6]),
            [post_in("Chengdu"), post_in("Lhasa"), uses("travel", at_most=1), ends_turn()],
            rule=R + "4. Travel — trading posts",
            worked=["travel [4,4,5] upper", "move Xian", "move Chengdu", "move Lhasa", "done",
                    "extra_post Chengdu", "take_contract Lhasa R23", "end_turn"],
            hint="only the upper Travel space places an extra post, in a city passed through"),
            (("travel [4,5] middle; move Xian; move Chengdu; move Lhasa; done; end_turn",
              "Ana's trading posts: Lhasa"),
             ("travel [4,4,5] upper; move Xian; move Chengdu; move Lhasa; done; extra_post Xian; done; end_turn",
              "Ana's trading posts: Lhasa, Xian"))),
        Task("mp2", lambda: Exercise(
            "A post in Xian without a Travel action",
            s().with_player(0, contracts=["R11"], goods={"pepper": 1, "silk": 2}),
            [post_in("Xian"), uses("travel", at_least=0, at_most=0), ends_turn()], rule="Supplement: Icons",
            worked=["complete_contract R11", "move Xian", "done", "khans_favor [3]", "end_turn"],
            hint="a completed contract's Move X moves your figure, and places a post where it ends"),
            (("complete_contract R11; done; khans_favor [3]; end_turn", "Ana's trading posts: none"),
             ("travel [1] lower; move Xian; done; end_turn", "it takes 1"))),
    ]


# --------------------------------------------------------------------------- The Voyages of Marco Polo (06, 06b)


@cache
def _voyages() -> mp.GameState:
    """Ana's first turn (seed 3, Ana Mercator ex Tabriz, Ben Johannes Carpini): dice 2, 2, 4, 5, 6."""
    return mp.new_game(["Ana", "Ben"], ruleset="voyages", seed=3, characters=["Mercator ex Tabriz", "Johannes Carpini"])


def voyages_tasks() -> list[Task]:
    s = _voyages
    seven = ["Moscow", "Alexandria", "Kashgar", "Ormuz", "Karachi", "Samarcanda", "Anxi"]

    def second_turn() -> mp.GameState:
        m = mp.new_game(["Ana", "Ben"], ruleset="voyages", seed=3, characters=["Matteo Polo", "Berke Khan"])
        return _steps(m, "take_coins [2]", "end_turn", "take_coins [1]", "end_turn")

    return [
        Task("voyages", lambda: Exercise(
            "End the turn with 10 coins", s(), [holds("coins", 10), ends_turn()],
            rule=R + "Can you choose an already occupied action space?", worked=["take_coins [2]", "end_turn"],
            hint="Take 5 coins always holds the neutral die: you pay your die's value"),
            (("take_coins [6]; end_turn", "Ana has 6 coins"),
             ("money_bag [2]; end_turn", "you still have dice and must take exactly 1 main action first"))),
        Task("voyages", lambda: Exercise(
            "Gain 3 gold", s(), [gains("gold", 3), ends_turn()], rule=R + "The Grand Bazaar",
            worked=["bazaar [4,5,6] gold", "column 4", "end_turn"],
            hint="the gold space takes 3 dice, and the lowest of them picks the column"),
            (("bazaar [2,2,4] gold; column 2; end_turn", "Ana gained 2 gold"),
             ("bazaar [5,6] gold; column 5; end_turn", "the gold bazaar takes exactly 3 dice"),
             ("bazaar [4,5,6] gold; column 5; end_turn", "your lowest die is 4, so the columns are 1 to 4"))),
        Task("voyages", lambda: Exercise(
            "Take the Khan's favor, with gold",
            _steps(s(), "take_coins [2]", "end_turn", "khans_favor [5]", "good gold", "end_turn"),
            [gains("camels", 2), gains("gold", 1), ends_turn()], rule=R + "The Khan's Favor",
            worked=["khans_favor [5]", "good gold", "end_turn"],
            hint="each die is at least as high as the one on the slot before"),
            (("khans_favor [4]; good gold; end_turn", "the next Khan's favor slot needs a die of at least 5"),
             ("khans_favor [6]; good pepper; end_turn", "Ana gained 0 gold"))),
        Task("voyages", lambda: Exercise(
            "Take contracts C32 and C30 with 3 camels", s(),
            [holds("contracts", 2), gains("camels", 3), ends_turn()], rule=R + "The Contracts",
            worked=["contracts [6]", "take_contract 6 C32", "choose 2", "take_contract 5 C30", "discard C29",
                    "choose 2", "end_turn"],
            hint="a 6 opens all six spaces; with no room, an older contract makes room"),
            (("contracts [5]; take_contract 6 C32; choose 2; end_turn",
              "your die is 5, so it opens contract spaces 1–5"),
             ("contracts [6]; take_contract 6 C32; choose 2; take_contract 5 C30; discard C32",
              "contract C32 was taken in this action"))),
        Task("voyages", lambda: Exercise(
            "A trading post in Moscow with one Travel action", s(),
            [post_in("Moscow"), uses("travel", at_most=1), ends_turn()], rule=R + "Travel",
            worked=["travel [2,2]", "move Oasis-A", "move Moscow", "good silk", "end_turn"],
            hint="two steps cost 7 coins on the travel table, and Ana has 7"),
            (("travel [2,2]; move Alexandria; done; end_turn", "Ana's trading posts: Alexandria"),
             ("travel [2]; move Oasis-A; move Moscow; end_turn", "Travel takes exactly 2 dice"),
             ("travel [2,2]; move Moscow", "Moscow is not one step from Venezia"))),
        Task("voyages", lambda: Exercise(
            "Score 5 VP with the 8th trading post",
            s().with_player(0, location="Oasis-I", coins=20, trading_posts=seven),
            [gains("vp", 5), gains("trading_posts", 1), ends_turn()], rule=R + "Travel - trading posts",
            worked=["travel [2,2]", "move Adana", "done", "end_turn"],
            hint="the 8th post placed scores 5 VP; Ana already has a post in Alexandria"),
            (("travel [2,2]; move Alexandria; done; end_turn", "Ana gained 0 trading posts"),
             ("travel [2,2]; move Adana; move Kochi; end_turn", "this step costs 19 coins, more than you can pay"))),
        Task("voyages", lambda: Exercise(
            "Score 12 VP with Alexandria's city card",
            s().with_player(0, trading_posts=["Alexandria"], goods={"gold": 6}),
            [gains("vp", 12), ends_turn()], rule=R + "The City Cards",
            worked=["city_card [4] Alexandria", "trade 1", "trade 1", "trade 1", "done", "end_turn"],
            hint="the card trades 2 gold for 4 VP, up to the die value times"),
            (("city_card [2] Alexandria; trade 1; trade 1; trade 1; end_turn", "Ana gained 8 VP"),
             ("city_card [4] Moscow; end_turn", "you need a trading post in Moscow"))),
        Task("voyages", lambda: Exercise(
            "Make Ben start player next round", _steps(s(), "travel [2,2]", "move Alexandria", "done", "end_turn"),
            [cites(R + "A Game Round - choose a new start player"), ends_turn()],
            rule=R + "A Game Round - choose a new start player",
            worked=["travel [4,5]", "move Oasis-A", "done", "end_turn"],
            hint="the next round's start player is whoever used Travel last"),
            (("take_coins [1]; end_turn", "no event of the answer cites it"),
             ("contracts [6]; take_contract 6 C32; choose 1; done; end_turn", "no event of the answer cites it"))),
        Task("voyages", lambda: Exercise(
            "Complete contract C29 this turn", s().with_player(0, goods={"silk": 1}),
            [gains("completed", 1), ends_turn()], rule=R + "Bonus action 1 - complete 1 contract",
            worked=["khans_favor [4]", "good gold", "complete_contract C29", "good pepper", "good gold", "end_turn"],
            hint="C29 needs 2 camels and 1 gold more than Ana has; the Khan's favor gives a good and 2 camels"),
            (("complete_contract C29; khans_favor [4]; good gold; end_turn", "complete_contract C29 is not allowed"),
             ("khans_favor [4]; good pepper; complete_contract C29; end_turn",
              "complete_contract C29 is not allowed"))),
        Task("voyages", lambda: Exercise(
            "End the turn holding a black die", s(), [holds("black_dice", 1), ends_turn()],
            rule=R + "Bonus action 5 - take 1 black die",
            worked=["khans_favor [4]", "good gold", "black_die", "end_turn"],
            hint="bonus actions may come after the main action; which main action brings camels?"),
            (("black_die; khans_favor [4]; good gold; end_turn", "it costs 3 camels and you have 2 camels"),
             ("khans_favor [4]; good gold; end_turn", "Ana has 0 black dice"))),
        Task("voyages", lambda: Exercise(
            "A trading post in Alexandria without a Travel action", s(),
            [post_in("Alexandria"), uses("travel", at_least=0, at_most=0), ends_turn()],
            rule=R + "Bonus action 4 - adjust 1 die result by 1",
            worked=["adjust_die [4] +1", "bazaar [5,5,6] gold", "column 5", "move Alexandria", "end_turn"],
            hint="column 5 needs a lowest die of 5; for 2 camels a bonus action turns a die 1 up"),
            (("bazaar [4,5,6] gold; column 5; move Alexandria; end_turn",
              "your lowest die is 4, so the columns are 1 to 4"),
             ("bazaar [4,5,6] gold; adjust_die [4] +1; column 5", "never in the middle of it"))),
        Task("voyages", lambda: Exercise(
            "Take 5 coins a second time this round", second_turn(), [uses("take_coins"), ends_turn()],
            rule=R + "White and black dice are not player colors", worked=["take_coins [b5]", "end_turn"],
            hint="a colour goes on a space once a round; the white die is no colour"),
            (("take_coins [4]; end_turn", "your colour is already on Take 5 coins this round"),
             ("money_bag [4]; end_turn", "must take exactly 1 main action first"))),
    ]


# --------------------------------------------------------------------------- Marco Polo, Schmidt (07)


@cache
def _schmidt() -> mp.GameState:
    return mp.new_game(["Ana", "Ben"], ruleset="schmidt", seed=8)


def spun(s: mp.GameState, ring: str, result: str, fight: str | None = None) -> mp.GameState:
    """The state after a spin of ``ring`` showing ``result`` (the lesson's helper)."""
    for k in range(5000):
        t = s.reseed(k).apply(f"spin {ring}")
        if t.spun == (ring, result) and (fight is None or (fight == "lost") == (t.decision.kind == "ransom")):
            return t
    raise AssertionError(f"no spin {ring} {result}")


def schmidt_tasks() -> list[Task]:
    s = _schmidt
    wares = ("ware card", "ware cards")

    def lost() -> mp.GameState:
        return spun(s().with_player(0, cards=["red30a", "blue80a"]), "sea", "pirates", fight="lost")

    def in_constantinople() -> mp.GameState:
        before = s().with_player(0, location="Ankara", cards=["green80a", "green30a", "blue50a"]).with_player(
            1, location="Constantinople", cards=["brown80a"])
        return spun(before, "land", "1").apply("move Constantinople")

    def made() -> mp.GameState:
        return s().with_player(0, location="Belgrade", plaque="Quinsai", secrets=True, gulden=480,
                               cards=["green80a", "red80a", "blue50a", "brown30a"])

    return [
        Task("schmidt", lambda: Exercise(
            "End the move in Ankara", spun(s().with_player(0, location="Sofia"), "land", "2"),
            [reaches("Ankara"), ends_turn()], rule=R + "How to Play (move the number of spaces shown)",
            worked=["move Ankara", "end_turn"], hint="a move goes exactly the number spun, unless the way on ends"),
            (("move Venice; end_turn", "only a merchant who may return enters Venice"),
             ("move Belgrade; end_turn", "Ana is at Belgrade"))),
        Task("schmidt", lambda: Exercise(
            "Pay the pirates and keep both cards", lost(), [holds("cards", 2, words=wares), ends_turn()],
            rule=R + "Fighting Pirates and Bandits", worked=["ransom bribe", "end_turn"],
            hint="the loser gives a ware card or, if he prefers, 50 Gulden"),
            (("ransom red30a; end_turn", "Ana has 1 ware card"),
             ("booty take; end_turn", "lost to the pirates: give a ware card or the bribe"))),
        Task("schmidt", lambda: Exercise(
            "Take the pirates' booty", spun(lost().apply("ransom red30a"), "sea", "pirates", fight="won"),
            [holds("cards", 1, words=wares), ends_turn()], rule=R + "Fighting Pirates and Bandits",
            worked=["booty take", "end_turn"], hint="a winner may take the booty lying on the robbers' space"),
            (("booty leave; end_turn", "Ben has 0 ware cards"),
             ("ransom bribe; end_turn", "won against the pirates"))),
        Task("schmidt", lambda: Exercise(
            "End the turn with 350 Gulden", in_constantinople(), [holds("gulden", 350, words="Gulden"), ends_turn()],
            rule=R + "How to Trade, a) Selling", worked=["sell green80a", "sell green30a", "end_turn"],
            hint="the bank buys cards of one colour on a visit"),
            (("sell green80a; sell blue50a; end_turn", "only cards of one colour are sold in a city"),
             ("sell green80a; end_turn", "Ana has 320 Gulden"))),
        Task("schmidt", lambda: Exercise(
            "Draw one of Ben's cards", in_constantinople(),
            [holds("cards", 4, words=wares), cites(R + "Trading with Another Player"), ends_turn()],
            rule=R + "Trading with Another Player", worked=["deal 1", "end_turn"],
            hint="a merchant trades with one other merchant, once, and not after buying from the bank"),
            (("buy; deal 1; end_turn", "not after buying from the bank"),
             ("sell green80a; deal 1; end_turn", "Ana has 3 ware cards"))),
        Task("schmidt", lambda: Exercise(
            "Receive the Golden Plaque",
            spun(s().with_player(0, location="Shangdu", cards=["red80a", "blue80a", "green80a"]), "land", "3"),
            [reaches("Khanbalik"), cites(R + "Arriving at Khanbalik"), ends_turn()], rule=R + "Arriving at Khanbalik",
            worked=["move Khanbalik", "end_turn"],
            hint="a move ends early where the way on ends: at Khanbalik's gate too"),
            (("move Xian; end_turn", "Ana is at Xian"),
             ("move Etzina; end_turn", "Ana is at Etzina"))),
        Task("schmidt", lambda: Exercise(
            "Come home and win", spun(made(), "land", "2"),
            [reaches("Venice"), cites(R + "Return to Venice"), ends_turn()], rule=R + "Return to Venice",
            worked=["move Venice", "end_turn"],
            hint="Venice admits a merchant who may return, and entering it ends the move"),
            (("sell green80a; move Venice; end_turn", "the game is waiting for 'Ana: move 2 spaces"),
             ("move Constantinople; end_turn", "Ana is at Constantinople"))),
    ]


TASKS = [*mp2_tasks(), *voyages_tasks(), *schmidt_tasks()]
MINIMUM = {"mp2": 10, "voyages": 10, "schmidt": 6}
"""The fewest tasks each game's lesson sets (its parts together)."""


def _title(task: Task) -> str:
    return f"{task.ruleset}: {task.build().title}"


@cache
def _cells(ruleset: str) -> tuple[tuple[str, str], ...]:
    """(source, stored text output) of every code cell of ``ruleset``'s lesson parts."""
    out = []
    for part in LESSONS[ruleset]:
        notebook: dict[str, Any] = json.loads((REPO / part).read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] != "code":
                continue
            text = []
            for o in cell.get("outputs", []):
                text.append("".join(o.get("text", "")))
                text.append("".join(o.get("data", {}).get("text/plain", "")))
            out.append(("".join(cell["source"]), "".join(text)))
    return tuple(out)


@pytest.mark.parametrize("ruleset", sorted(MINIMUM))
def test_each_lesson_sets_enough_tasks_and_every_one_is_tested_here(ruleset: str) -> None:
    set_there = sum(source.count("Exercise(") for source, _ in _cells(ruleset))
    tested = [t for t in TASKS if t.ruleset == ruleset]
    assert set_there >= MINIMUM[ruleset], f"{ruleset}: {set_there} tasks, fewer than {MINIMUM[ruleset]}"
    assert len(tested) == set_there, f"{ruleset}'s lesson sets {set_there} tasks, this file tests {len(tested)}"


@pytest.mark.parametrize("task", TASKS, ids=_title)
def test_the_lesson_shows_this_task_and_its_worked_answer(task: Task) -> None:
    ex = task.build()
    shown = [source for source, output in _cells(task.ruleset) if str(ex) in output]
    assert shown, f"no cell of {task.ruleset}'s lesson prints the task {ex.title!r} as built here"
    assert all(f'"{step}"' in shown[0] for step in ex.worked), f"{ex.title!r}: the lesson's worked answer differs"


@pytest.mark.parametrize("task", TASKS, ids=_title)
def test_the_worked_answer_passes(task: Task) -> None:
    ex = task.build()
    verdict = ex.check(ex.worked)
    assert verdict.ok, str(verdict)
    assert ex.worked[-1] == "end_turn", "every answer ends with end_turn (the lessons' one convention)"


ONE_MANY = re.compile(r"\b1 (cards|coins|camels|contracts|dice|steps|moves|times|trading posts|ware cards)\b")
"""A count of one with a plural noun ("1 cards")."""


def _field_names(ruleset: str) -> set[str]:
    """The player fields of ``ruleset`` whose name is not a word (black_dice, trading_posts, ...)."""
    return {f for f in mp.new_game(2, ruleset=ruleset, seed=1).players[0].fields() if "_" in f}


@pytest.mark.parametrize("task", TASKS, ids=_title)
def test_each_wrong_answer_fails_naming_the_rule_in_words(task: Task) -> None:
    ex = task.build()
    sections = rule_sections(task.ruleset)
    assert len(task.wrong) >= 2, f"{ex.title!r}: at least 2 wrong answers are tested"
    for answer, said in task.wrong:
        verdict = ex.check(answer)
        text = str(verdict)
        assert not verdict.ok, f"{ex.title!r}: the wrong answer {answer!r} passes"
        assert said in text, f"{ex.title!r}, answer {answer!r}: expected {said!r} in\n{text}"
        assert any(rule in text for rule in sections), f"{ex.title!r}, {answer!r}: no rule named in\n{text}"
        assert f"[{ex.rule}]" in text and ex.hint in text, f"{ex.title!r}: the task's rule and hint are not shown"
        lines = text.splitlines()
        if verdict.problems:  # no tick after a refused step
            assert not any(line.startswith("  ✓") for line in lines), text
        assert not [f for f in _field_names(task.ruleset) if f in text], f"{ex.title!r}: a field name in\n{text}"
        assert not ONE_MANY.search(text), f"{ex.title!r}: '1' with a plural in\n{text}"
