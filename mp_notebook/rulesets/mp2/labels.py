"""What the play app shows of Marco Polo II (the ``ui`` part of the ruleset): plain-English labels
for legal actions with what they cost, the choices the rules list but the player cannot take now
(with the reason), the locations map clicks stand for, the dice on the action spaces and whose
they are, the player boards (the goal card is secret), the Automa's seat and the final scoring.

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=1)
>>> describe(s, mp.Action.parse("travel [4] lower", 0))
('lower space, die 4: up to 1 move', '2 coins')

Whose dice lie on an action space is read from this round's log ("Player 2 places [b5,3] on the
silk book"): the state keeps only the values and the colours used. The dice a space starts the
round with (2-3 players) are neutral; dice no player's log line accounts for are the Automa's,
which places dice without values (004).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from mp_notebook.engine.actions import Action
from mp_notebook.engine.text import counted, resource
from mp_notebook.rulesets._shared.boards import contracts_row, figures_row, posts_row
from mp_notebook.rulesets._shared.dice import owned_dice
from mp_notebook.rulesets.mp2.automa import SEAT
from mp_notebook.rulesets.mp2.citations import R_BOOKS, R_END, R_TRAVEL
from mp_notebook.rulesets.mp2.components import SEALS, Bundle
from mp_notebook.rulesets.mp2.notation import MAIN_KINDS
from mp_notebook.rulesets.mp2.rules import space_coins
from mp_notebook.ui.labels import DICE_TRAY, VP_SCORE_TEXT, PlayerBoard, number_cells, row, vp_final_note

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.mp2.state import Mp2State

# Decision kinds whose choices are locations, and the action kind a map click then means.
CLICK_KINDS = {"move": "move", "extra_post": "extra_post", "relocate": "relocate_post",
               "copy": "copy_bonus", "city_bonus": "city_bonus", "take_contract": "take_contract"}

KIND_TITLES = {
    "books": "Books", "khans_favor": "Khan's Favor", "guild_seal": "Guild Seals", "travel": "Travel",
    "contracts": "Contracts", "special_city": "Special cities", "city_card": "City cards",
    "complete_contract": "Complete a contract", "improve_seal": "Improve a seal", "money_bag": "Money bag",
    "reroll": "Reroll a die", "adjust_die": "Change a die by 1", "black_die": "Black die", "end_turn": "End",
    "offer": "Offers", "seal": "Seals", "move": "Move to", "done": "Stop", "extra_post": "Extra post",
    "take_contract": "Contracts", "discard": "Discard", "relocate_post": "Move a post from", "good": "Goods",
    "choose": "Options", "copy_bonus": "Copy a bonus", "city_bonus": "City bonuses", "trade": "Exchanges",
    "compensation": "Compensation", "pay": "Payment", "goal": "Goal cards", "outpost_bonus": "Outpost tiles",
    "pair": "Pairs rolled", "character": "Characters", "double_bonus": "Round bonus twice",
}


def _dice(a: Action) -> str:
    words = [f"black {v}" if k < len(a.black) else str(v)
             for k, v in enumerate(list(a.black) + _own(a))]
    return ("die " if len(words) == 1 else "dice ") + " + ".join(words)


def _own(a: Action) -> list[int]:
    own = list(a.dice)
    for b in a.black:
        own.remove(b)
    return own


def describe(s: Mp2State, a: Action) -> tuple[str, str]:
    """``(label, cost)`` of a legal action of ``s``; cost is ``""`` when free."""
    c = s.components
    if a.kind in MAIN_KINDS:
        fee = space_coins(s, a)
        return _main(s, a), resource(fee, "coins") if fee else ""
    p = s.players[a.player if a.player is not None else s.current_player or 0]
    about = s.decision.about
    kind, choice = a.kind, a.choice or ""
    if kind == "complete_contract":
        contract = c.contracts[choice]
        return f"{choice}: {contract.reward}", str(contract.cost)
    if kind == "improve_seal":
        seal = c.seals[choice]
        return f"{choice} seal: {seal.bonus} now and every round", str(seal.improve)
    if kind == "money_bag":
        bag = c.rules.money_bag[choice]
        return f"{_dice(a)} → {bag}", ""
    if kind == "reroll":
        return f"reroll {_dice(a)}", str(c.rules.reroll_cost)
    if kind == "adjust_die":
        return f"{_dice(a)} → {a.dice[0] + int(choice)}", str(c.rules.adjust_cost)
    if kind == "black_die":
        label = f"take the black die showing {a.dice[0]}" if a.dice else "take a black die (rolled)"
        return label, str(c.rules.black_die_cost) if s.decision.kind == "turn" else ""
    if kind == "end_turn":
        return "end the turn", ""
    if kind == "done":
        return "stop here" if s.decision.kind in ("move", "take_contract", "city_bonus") else "no thanks", ""
    if kind == "move":  # "Xian", "Xian#1" (parallel routes), "Xian/2" (Mailin & Tian Chin's second figure)
        label, _, figure = choice.partition("/")
        start = p.figure2 if figure and p.figure2 else p.location
        route = next(r for _, _, r, lab in s.board.adjacent[start] if lab == label)
        how = f"sea/river, {route.seal} seal" if route.seal else "land"
        return f"{label.partition('#')[0]}{' (2nd figure)' if figure else ''} ({how})", str(route.cost)
    if kind == "extra_post":
        return f"extra post in {choice}", ""
    if kind == "relocate_post":
        return f"move the post from {choice}", ""
    if kind == "take_contract":
        contract = c.contracts[choice]
        return f"{choice} from {a.space}: pay {contract.cost} → {contract.reward}", ""
    if kind == "discard":
        contract = c.contracts[choice]
        return f"give up contract {choice} ({contract.cost} → {contract.reward})", ""
    if kind == "goal":
        return f"keep goal card {_goal_text(c.goals[choice])}", ""
    if kind == "outpost_bonus":
        return f"cash outpost tile {choice}: {c.outposts[choice]}", ""
    if kind == "good":
        sign = s.tasks[-1][5] if s.tasks and s.tasks[-1][0] == "good" else "gain"
        return f"{sign} 1 {choice}", ""
    if kind == "character":
        character = c.characters[choice]
        return f"{character.name}: {character.ability}", ""
    if kind == "double_bonus":
        return f"{s.tasks[-1][2][int(choice) - 1][1]}, twice", ""
    if kind == "pair":
        return ("the doubles bonus for the pair" if choice == "doubles"
                else "each die's bonus, once per die"), ""
    if kind == "offer":
        jade, reward = _offer_tile(s, about).offers[int(choice) - 1]
        return f"offer {choice}: {reward}", f"{jade} jade" if jade else ""
    if kind == "seal":
        return f"{choice} seal" + (f" (+{c.seals[choice].jade} jade)" if c.seals[choice].jade else ""), ""
    if kind == "choose":
        return f"option {choice}: {about[int(choice) - 1]}", ""
    if kind in ("copy_bonus", "city_bonus"):
        return f"{choice}: {c.city_bonuses[s.markers[choice]]}", ""
    if kind == "trade":
        option, times = (int(x) for x in choice.split("x"))
        o = c.city_cards[about].options[option - 1]
        return f"{times}× get {o.gain}", f"{times}× {o.pay}"
    if kind in ("compensation", "pay"):
        parts = dict(part.split("=") for part in choice.split(","))
        text = str(Bundle(**{k: int(v) for k, v in parts.items()}))
        return (text if kind == "pay" else " + ".join(resource(int(v), k) for k, v in parts.items())), ""
    return str(a), ""


def _main(s: Mp2State, a: Action) -> str:
    c = s.components
    die = min(a.dice)
    space = a.space or ""
    if a.kind == "books":
        return f"{a.space} book with {_dice(a)}: 1 of 4 offers"
    if a.kind == "khans_favor":
        return f"{_dice(a)}: {c.rules.khan_reward}"
    if a.kind == "guild_seal":
        p = s.players[a.player or 0]
        seals = [t for t in SEALS if c.seals[t].min_die <= die and not p.has_seal(t)]
        return f"{_dice(a)}: a seal ({', '.join(seals)})"
    if a.kind == "travel":
        space = _travel_space(s, a.space)
        extra = ", then an extra post" if space.extra_post else ""
        return f"{a.space} space, {_dice(a)}: up to {counted(min(die, space.max_moves), 'move')}{extra}"
    if a.kind == "contracts":
        return f"{_dice(a)}: take 1–2 contracts, then {c.rules.contracts_reward}"
    if a.kind == "special_city":
        return f"{space} with {_dice(a)}: {c.special_cities[space].reward}"
    card = c.city_cards[s.cards[space]]
    return f"card {card.id} ({space}) with {_dice(a)}: {card}"


def _goal_text(goal: Any) -> str:
    """A goal card in words: ``G01: improved farmer → 4 VP, tailor → 6 VP; shields dragon, lion``."""
    return (f"{goal.id}: improved " + ", ".join(f"{t} → {vp} VP" for t, vp in goal.seals)
            + "; shields " + ", ".join(goal.shields))


def _travel_space(s: Mp2State, name: str | None) -> Any:
    return next(t for t in s.components.rules.travel if t.name == name)


def _offer_tile(s: Mp2State, space: str) -> Any:
    book = next(b.book for b in s.components.rules.books if b.name == space)
    return next(t for t in s.components.offer_tiles if t.id == s.offer_tiles[book - 1])


def location_of(a: Action) -> str | None:
    """The map location an action stands for, if any (``move Xian#1`` → ``Xian``; Mailin & Tian
    Chin's second figure: ``move Xanadu/2`` → ``Xanadu``)."""
    if a.kind == "take_contract":
        return a.space
    if a.kind in CLICK_KINDS.values() and a.choice:
        return a.choice.partition("/")[0].partition("#")[0]
    return None


def click_action(s: GameState, name: str) -> Action:
    """What a click on ``name`` tries when no legal action names it (the engine then says why)."""
    kind = CLICK_KINDS.get(s.decision.kind, "move")
    return Action(kind, space=name, choice="?") if kind == "take_contract" else Action(kind, choice=name)


def automa_seats(s: GameState) -> frozenset[int]:
    """The seat the solo Automa plays (inside ``apply``), if any."""
    return frozenset({SEAT}) if cast("Mp2State", s).automa is not None else frozenset()


def board_dice(s: GameState) -> tuple[list[dict[str, Any]], int]:
    """The dice on the action spaces (``label``, ``dice``: ``{value, owner, black}``, owner ``None``
    for a neutral die) and the black dice left in the pool."""
    state = cast("Mp2State", s)
    spaces = [{"label": key.replace(":", " "), "dice": owned_dice(key, space, state.placed)}
              for key, space in state.spaces.items() if space[1]]
    return spaces, len(state.black_pool)


def player_board(s: GameState, i: int) -> PlayerBoard:
    """Player ``i``'s board: the score track, resources, and the rows figures, posts, seals,
    contracts (one a line), completed contracts, character and the goal card (secret: dealt face
    down, Rulebook, Player setup).

    >>> import mp_notebook as mp
    >>> [(r["label"], r["value"]) for r in player_board(mp.new_game(players=2, seed=1), 0)["rows"]][:3]
    [('figure in', 'Beijing'), ('posts', '0/11'), ('seals', 'none')]
    """
    state = cast("Mp2State", s)
    c = state.components
    p = state.players[i]
    goal = c.goals.get(p.goal) if p.goal else None
    goal_text = _goal_text(goal) if goal else "—"
    character = p.character or "none (plain rules)"
    if state.automa is not None and i == SEAT:
        character = f"{state.automa.character} (Automa {state.automa.level})"
    seals = [f"{t} ★" if lvl == "improved" else t for t, lvl in p.seals.items()]
    return PlayerBoard(score=p.vp, resources={"coins": p.coins, "camels": p.camels, **p.goods}, rows=[
        figures_row(p.locations),
        posts_row(p.trading_posts, c.rules.posts_per_player),
        row("seals", ", ".join(seals) or "none"),
        contracts_row(p.contracts, c.contracts),
        row("completed", str(len(p.completed))),
        row("character", character),
        row("goal", goal_text, secret=True),
    ])


def dice_note(s: GameState, i: int) -> str | None:
    """What the dice tray says instead of seat ``i``'s dice values: the Automa's dice have none."""
    state = cast("Mp2State", s)
    if state.automa is None or i != SEAT:
        return None
    n = state.automa.dice
    return f"{counted(n, 'die', 'dice')} to place (the Automa's dice have no values)" if n else "all dice placed"


def unavailable(s: GameState, legal: list[Action]) -> list[dict[str, str]]:
    """Choices of the decision the rules list but the player cannot take now, with the reason:
    book offers whose jade they lack, and stopping a Travel action before its first move."""
    state = cast("Mp2State", s)
    d = state.decision
    i = d.player if d.player is not None else 0
    out = []
    if d.kind == "offer":
        for k, (jade, reward) in enumerate(_offer_tile(state, d.about).offers):
            if state.players[i].jade < jade:
                out.append({"kind": "offer", "label": f"offer {k + 1}: {reward}", "cost": f"{jade} jade",
                            "reason": f"needs {jade} jade, you have {state.players[i].jade} ({R_BOOKS})"})
    if d.kind == "move" and not any(a.kind == "done" for a in legal):
        out.append({"kind": "done", "label": "stop here", "cost": "",
                    "reason": f"a Travel action makes its first move before it may stop ({R_TRAVEL})"})
    return out


SCORE_TITLES = {"track": "score track", "goal_seals": "goal seals", "shields": "shields", "goods": "goods",
                "coins": "coins", "contracts": "contracts", "total": "total", "camels": "camels (tie-break)"}
SCORE_TEXT = VP_SCORE_TEXT
SCORE_UNIT = "VP"
FUTURES_TEXT = "other dice and face-down cards, the other players' goal cards dealt from those you have not seen"
TRAY = DICE_TRAY


def score_cells(s: GameState) -> list[dict[str, str]]:
    """The final table's cells: every category is a number of VP (camels: a count)."""
    return number_cells(s, SCORE_TITLES)


def final_note(s: GameState) -> str:
    """Who won, and how a tie on VP was broken (most camels; still tied: a shared victory)."""
    return vp_final_note(s, R_END)
