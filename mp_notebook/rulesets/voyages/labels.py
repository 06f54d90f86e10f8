"""What the play app shows of The Voyages of Marco Polo (the ``ui`` part of the ruleset): plain-English
labels for legal actions with what they cost, the locations map clicks stand for, the dice on the
action spaces and the player boards. There is no Automa in this game.

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="voyages", seed=3, characters=["Berke Khan", "Kubilai Khan"])
>>> describe(s, mp.Action.parse("travel [2,2]", 0, "voyages"))
('Travel with dice 2 + 2: up to 2 steps', '')
>>> describe(s, mp.Action.parse("bazaar [4] pepper", 0, "voyages"))
('pepper bazaar with die 4: a column 1–4', '')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from mp_notebook.engine.actions import Action
from mp_notebook.engine.text import counted, first, resource
from mp_notebook.rulesets._shared.boards import contracts_row, figures_row, posts_row
from mp_notebook.rulesets._shared.dice import owned_dice, without
from mp_notebook.rulesets.voyages.components import GOODS, Bundle
from mp_notebook.rulesets.voyages.notation import MAIN_KINDS
from mp_notebook.rulesets.voyages.rules import (
    CARD,
    CONTRACTS,
    R_CHAR,
    R_END,
    TAKE_COINS,
    TRAVEL,
    open_steps,
    posts_limit,
    space_fee,
    step_cost,
)
from mp_notebook.ui.labels import DICE_TRAY, VP_SCORE_TEXT, PlayerBoard, number_cells, row, vp_final_note

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.voyages.state import VoyagesState

__all__ = ["KIND_TITLES", "automa_seats", "board_dice", "click_action", "describe", "location_of", "player_board"]

# Decision kinds whose choices are locations, and the action kind a map click then means.
CLICK_KINDS = {"move": "move", "relocate": "relocate_post", "city_bonus": "city_bonus"}

KIND_TITLES = {
    "take_coins": "Take 5 coins", "bazaar": "Grand Bazaar", "khans_favor": "Khan's Favor", "contracts": "Contracts",
    "travel": "Travel", "city_card": "City cards", "complete_contract": "Complete a contract",
    "money_bag": "Money bag", "reroll": "Reroll a die", "adjust_die": "Change a die by 1", "black_die": "Black die",
    "end_turn": "End", "column": "Bazaar column", "move": "Move to", "done": "Stop", "take_contract": "Contracts",
    "discard": "Discard", "good": "Goods", "choose": "Options", "trade": "Exchanges", "city_bonus": "City bonuses",
    "copy_bonus": "Copy a bonus", "relocate_post": "Move a post from", "compensation": "Compensation",
    "character": "Characters", "goal": "Goal cards",
}


def _dice(a: Action) -> str:
    words = [f"black {v}" for v in a.black] + [str(v) for v in without(a.dice, a.black)]
    return ("die " if len(words) == 1 else "dice ") + " + ".join(words)


_FEE_SPACES = {"take_coins": TAKE_COINS, "contracts": CONTRACTS, "travel": TRAVEL}


def describe(s: GameState, a: Action) -> tuple[str, str]:
    """``(label, cost)`` of a legal action of ``s``; cost is ``""`` when free."""
    state = cast("VoyagesState", s)
    c = state.components
    i = a.player if a.player is not None else state.current_player or 0
    kind, choice = a.kind, a.choice or ""
    if kind in MAIN_KINDS:
        key = str(a.space) if kind == "bazaar" else _FEE_SPACES.get(kind)
        fee = space_fee(state, i, key, a.dice) if key else 0
        return _main(state, a), resource(fee, "coins") if fee else ""
    if kind == "complete_contract":
        contract = c.contracts[choice]
        return f"{choice}: {contract.reward}", str(contract.cost)
    if kind == "money_bag":
        return f"{_dice(a)} → {c.rules.spaces['money_bag'].reward}", ""
    if kind == "reroll":
        return f"reroll {_dice(a)}", str(c.rules.reroll_cost)
    if kind == "adjust_die":
        return f"{_dice(a)} → {a.dice[0] + int(choice)}", str(c.rules.adjust_cost)
    if kind == "black_die":
        return "take a black die (rolled)", str(c.rules.black_die_cost)
    if kind == "end_turn":
        return "end the turn", ""
    if kind == "done":
        return "stop here" if state.decision.kind in ("move", "take_contract", "city_bonus", "trade") else "done", ""
    if kind == "move":
        return _move(state, i, choice)
    if kind == "column":
        space = str(state.decision.about)
        return f"column {choice}: {c.rules.spaces[space].column(int(choice))}", ""
    if kind == "take_contract":
        contract = c.contracts[choice]
        bonus = c.rules.contract_bonus.get(int(str(a.space)))
        extra = f" (+ {bonus})" if bonus else ""
        return f"{choice} from space {a.space}: pay {contract.cost} → {contract.reward}{extra}", ""
    if kind == "discard":
        return f"discard {choice}: pay {c.contracts[choice].cost} → {c.contracts[choice].reward}", ""
    if kind == "trade":
        o = c.city_cards[str(state.decision.about)].options[int(choice) - 1]
        return f"get {o.gain}", str(o.pay)
    if kind in ("copy_bonus", "city_bonus"):
        letter = choice if kind == "copy_bonus" else state.markers[choice]
        return f"{choice}: {c.city_bonuses[letter]}", ""
    if kind == "relocate_post":
        return f"move the post from {choice}", ""
    if kind == "compensation":
        parts = {k: int(v) for k, _, v in (kv.partition("=") for kv in choice.split(","))}
        return str(Bundle(**parts)), ""
    if kind == "character":
        ch = c.characters[choice]
        return f"{ch.name}: {ch.ability}", ""
    if kind == "goal":
        goal = c.goals[choice]
        return f"{choice}: {' + '.join(goal.cities)} → {goal.vp} VP", ""
    if kind == "choose":  # the pending task holds the rewards offered
        return f"option {choice}: {state.tasks[-1][2][int(choice) - 1]}", ""
    if kind == "good":
        return f"1 {choice}", ""
    return str(a), ""


def _move(s: VoyagesState, i: int, choice: str) -> tuple[str, str]:
    """A step: where to (which figure), the route's extra cost, and what the step charges."""
    to, _, fig = choice.partition("/")
    figure = int(fig or 1)
    step = next(st for st in open_steps(s, i) if st[0] == figure and st[2] == to)
    _, _, _, made, mode, per_step, _ = s.tasks[-1]
    route = step[3]
    how = "oasis hop" if route is None else f"route +{route.cost}" if route.cost else "route"
    who = f" (figure {figure})" if fig else ""
    return f"{to}{who} ({how})", str(step_cost(s, route, made, mode, per_step))


def _main(s: VoyagesState, a: Action) -> str:
    c = s.components
    die = min(a.dice)
    if a.kind == "take_coins":
        return f"{_dice(a)}: {c.rules.spaces[TAKE_COINS].reward}"
    if a.kind == "bazaar":
        return f"{a.space} bazaar with {_dice(a)}: " + ("column 1" if die == 1 else f"a column 1–{die}")
    if a.kind == "khans_favor":
        return f"{_dice(a)}: {c.rules.spaces['khans_favor'].reward}"
    if a.kind == "contracts":
        return f"{_dice(a)}: take up to 2 contracts from {first(die, 'space')}"
    if a.kind == "travel":
        return f"Travel with {_dice(a)}: up to {counted(die, 'step')}"
    card_id = s.cards[str(a.space)]
    return f"card {card_id} ({a.space}) with {_dice(a)}: {_card_text(s, card_id)}"


def _card_text(s: VoyagesState, card_id: str) -> str:
    card = s.components.city_cards[card_id]
    if card.kind == "exchange":
        return " or ".join(f"pay {o.pay} → {o.gain}" for o in card.options) + " (× die)"
    if card.kind == "by_die":
        return "by the die: " + "; ".join(f"{k}: {r}" for k, r in enumerate(card.by_die, 1))
    if card.kind == "count":
        return f"{card.gain} per {'post' if card.counts == 'posts' else 'completed contract'} (at most the die)"
    return f"pay {card.pay} per city bonus of yours, each city once"


def location_of(a: Action) -> str | None:
    """The map location an action stands for, if any (``move Anxi/2`` → ``Anxi``)."""
    if a.kind in CLICK_KINDS.values() and a.choice:
        return a.choice.partition("/")[0]
    return None


def click_action(s: GameState, name: str) -> Action:
    """What a click on ``name`` tries when no legal action names it (the engine then says why)."""
    return Action(CLICK_KINDS.get(s.decision.kind, "move"), choice=name)


def automa_seats(s: GameState) -> frozenset[int]:
    """No Automa in this game."""
    return frozenset()


def board_dice(s: GameState) -> tuple[list[dict[str, Any]], int]:
    """The dice on the action spaces (``label``, ``dice``: ``{value, owner, black}``, owner ``None``
    for the neutral dice of 2- and 3-player games) and the black dice left on the board."""
    state = cast("VoyagesState", s)
    spaces = []
    for key, (_, values) in state.spaces.items():
        if not values:
            continue
        spaces.append({"label": key.removeprefix(CARD).replace("_", " "),
                       "dice": owned_dice(key, state.spaces[key], state.placed)})
    return spaces, state.black_pool


def dice_note(s: GameState, i: int) -> str | None:
    """Raschid ad-Din Sinan's dice have no values until he places them."""
    state = cast("VoyagesState", s)
    p = state.players[i]
    if p.dice and not any(p.dice):
        return (f"{counted(len(p.dice), 'die', 'dice')}, values chosen when placed "
                f"({R_CHAR(state.components.characters[str(p.character)])})")
    return None


def unavailable(s: GameState, legal: list[Action]) -> list[dict[str, str]]:
    """Every choice the rules list is offered when it is legal: nothing is greyed out."""
    return []


SCORE_TITLES = {"track": "score track", "goal_cards": "goal cards", "goal_cities": "goal cities", "coins": "coins",
                "beijing": "Beijing", "goods": "goods", "contracts": "most contracts", "total": "total",
                "camels": "camels (tie-break)"}
SCORE_TEXT = VP_SCORE_TEXT
SCORE_UNIT = "VP"
FUTURES_TEXT = "other dice and face-down contracts, the other players' goal cards dealt from those you have not seen"
TRAY = DICE_TRAY


def score_cells(s: GameState) -> list[dict[str, str]]:
    """The final table's cells, numbers of VP; goods held by a player without a post in Beijing
    score nothing, and their cell says so (Rulebook: Game End and Final Scoring).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="voyages", seed=1).with_player(0, goods={"pepper": 17})
    >>> score_cells(s)[0]["goods"]
    '0 (17 goods, no post in Beijing)'
    >>> s.components.beijing in s.players[0].trading_posts
    False
    """
    state = cast("VoyagesState", s)
    cells = number_cells(state, SCORE_TITLES)
    for row_cells, p in zip(cells, state.players, strict=True):
        held = sum(p.goods[g] for g in GOODS)
        if held and state.components.beijing not in p.trading_posts:
            row_cells["goods"] = f"0 ({counted(held, 'good')}, no post in Beijing)"
    return cells


def final_note(s: GameState) -> str:
    """Who won, and how a tie on VP was broken (most camels; still tied: a shared victory)."""
    return vp_final_note(s, R_END)


def player_board(s: GameState, i: int) -> PlayerBoard:
    """Player ``i``'s board: the score track, resources, and the rows figure (two for Niccolò &
    Marco Polo), posts (his character's extra posts counted), contracts (one a line), completed
    contracts, character and the goal cards, one a line and secret (dealt face down and kept
    secret: Rulebook, Player Setup 8). No seals row: this game has no guild seals.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="voyages", seed=1, characters=["Niccolo", "Wilhelm"])
    >>> [(r["label"], r["value"]) for r in player_board(s, 0)["rows"]][:2]
    [('figures in', 'Venezia & Venezia'), ('posts', '0/9')]
    """
    state = cast("VoyagesState", s)
    c = state.components
    p = state.players[i]
    ch = c.characters[p.character] if p.character else None
    goals = [f"{g}: {' + '.join(c.goals[g].cities)} → {c.goals[g].vp} VP" for g in p.goals]
    return PlayerBoard(score=p.vp, resources={"coins": p.coins, "camels": p.camels, **p.goods}, rows=[
        figures_row(p.locations),
        posts_row(p.trading_posts, posts_limit(state, i)),
        contracts_row(p.contracts, c.contracts),
        row("completed", str(len(p.completed))),
        row("character", ch.name if ch else "none (plain rules)"),
        row("goal cards", "" if goals else "none yet", items=goals, secret=True),
    ])
