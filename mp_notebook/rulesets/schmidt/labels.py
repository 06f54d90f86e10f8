"""What the play app shows of the Schmidt game (the ``ui`` part of the ruleset): labels of the
legal actions with their cost, the spaces map clicks stand for, the last spin, and each
merchant's board.

>>> import mp_notebook as mp
>>> s = mp.new_game(2, ruleset="schmidt", seed=1)
>>> describe(s, mp.Action("spin", 0, choice="sea"))
('spin the blue ring (sea route): move 2-6 spaces, or pirates', '')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from mp_notebook.engine.actions import Action
from mp_notebook.rulesets.schmidt.rules import R_RETURN, capital, loot
from mp_notebook.ui.labels import BoardRow, PlayerBoard, TrayWords, number_cells, row

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.schmidt.state import SchmidtState

KIND_TITLES = {
    "spin": "Spin", "move": "Move to", "ransom": "Give the robbers", "gift": "Gift for the Khan",
    "sell": "Sell to the bank", "buy": "Buy from the bank", "deal": "Draw from a merchant", "pick": "Choose",
    "pay_debt": "Sell to pay the debt", "end_turn": "End", "booty": "The robbers' booty",
    "extra_card": "A free card", "extra_turn": "A strong wind",
}
RINGS = {"sea": "blue", "land": "red"}  # the spinner's ring of each route type (How to Play)
PLAQUE = "Golden Plaque"


def describe(s: GameState, a: Action) -> tuple[str, str]:
    """``(label, cost)`` of a legal action; cost ``""`` when free."""
    state = cast("SchmidtState", s)
    c = state.components
    r = c.rules
    choice = a.choice or ""
    card = c.cards.get(choice)
    what = f"{card.colour} {card.value}" if card else choice
    if a.kind == "spin":
        sectors = r.spinner[choice]
        moves = [x for x in sectors if isinstance(x, int)]
        fight = next((x for x in sectors if isinstance(x, str)), "")
        return f"spin the {RINGS[choice]} ring ({choice} route): move {min(moves)}-{max(moves)} spaces, or {fight}", ""
    if a.kind == "move":
        return f"to {c.locations[choice].title}", ""
    if a.kind == "ransom":
        return ("pay the bribe", f"{r.bribe} Gulden") if choice == "bribe" else (f"give up a {what} card", "")
    if a.kind == "gift":
        return f"give a {what} card", ""
    if a.kind == "sell":
        return f"sell a {what} card", f"+{card.value} Gulden" if card else ""
    if a.kind == "buy":
        colour = c.locations[state.visit[0]].colour if state.visit else ""
        return f"draw a {colour} card blind", f"{r.buy_price} Gulden"
    if a.kind == "deal":
        return f"draw a card of {state.players[int(choice)].name} blind", f"{r.deal_price} Gulden"
    if a.kind == "pick":
        return ("nobody", "") if choice == "none" else (state.players[int(choice)].name, "")
    if a.kind == "pay_debt":
        value = card.value if card else r.plaque_value if choice == "plaque" else r.secrets_value
        return f"sell {what if card else 'the ' + choice}", f"+{value} Gulden"
    if a.kind == "booty":
        return ("leave it on their space", "") if choice == "leave" else (
            f"take it: {loot(c, *state.booty[state.decision.about])}", "")
    if a.kind == "extra_card":
        return ("draw it blind", "") if choice == "take" else ("decline it (and any left)", "")
    if a.kind == "extra_turn":
        return ("take the extra turn", "") if choice == "take" else ("decline it (and any left): play passes on", "")
    return "end the turn", ""


def location_of(a: Action) -> str | None:
    """The space a ``move`` goes to (a map click takes it)."""
    return a.choice if a.kind == "move" else None


def click_action(s: GameState, name: str) -> Action:
    """A click on a space tries to move there (the engine says why not, if not)."""
    return Action("move", choice=name)


def automa_seats(s: GameState) -> frozenset[int]:
    """No seat is played by the engine itself."""
    return frozenset()


# The app's dice panel is the spinner's here: no dice, no action spaces, no pool of black dice.
TRAY = TrayWords(title="Spinner", done="", spaces="", empty="Nobody has spun yet.", pool="")


def board_dice(s: GameState) -> tuple[list[dict[str, Any]], int]:
    """The last spin, shown where other rulesets show their action spaces (no dice: a spinner).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="schmidt", seed=1)
    >>> board_dice(s.apply("spin land"))[0]
    [{'label': 'last spin: 2 (red ring, land route)', 'dice': []}]
    """
    spun = cast("SchmidtState", s).spun
    return ([{"label": f"last spin: {spun[1]} ({RINGS[spun[0]]} ring, {spun[0]} route)", "dice": []}]
            if spun else []), 0


def dice_note(s: GameState, i: int) -> str | None:
    """The spinner panel's line for merchant ``i`` (no dice in this game): who spins now; nothing
    once the game is over."""
    if s.is_over:
        return None
    return "spins the spinner now" if s.current_player == i else "spins on his turn"


def unavailable(s: GameState, legal: list[Action]) -> list[dict[str, str]]:
    """Every choice the rules allow is offered (nothing to grey out in this game)."""
    return []


SCORE_TITLES = {"gulden": "Gulden", "wares": "wares", "plaque": "Golden Plaque", "secrets": "Secrets of the Orient",
                "total": "capital", "returned": "back in Venice"}
SCORE_TEXT = ("capital {} Gulden", "final capital {} Gulden")  # capital: money and cards (Return to Venice)
SCORE_UNIT = "Gulden"
FUTURES_TEXT = ("other spins, dice and blind draws, the other merchants' secret missions dealt from those you have "
                "not seen")


def score_cells(s: GameState) -> list[dict[str, str]]:
    """The final table's cells: capital in Gulden, and whether the merchant is back in Venice in
    words (where he is, if not).

    >>> import mp_notebook as mp
    >>> score_cells(mp.new_game(2, ruleset="schmidt", seed=1))[0]["returned"]
    'no, in Venice (exit space)'
    """
    state = cast("SchmidtState", s)
    cells = number_cells(state, SCORE_TITLES)
    for i, row_cells in enumerate(cells):
        where = state.components.locations[state.players[i].location].title
        row_cells["returned"] = "yes" if state.winner == i else f"no, in {where}"
    return cells


def final_note(s: GameState) -> str:
    """Who won: the merchant back in Venice with the capital needed, or, after the round limit
    this game was given (an option of this library; the rules set none), the richest (a shared
    victory on a tie)."""
    state = cast("SchmidtState", s)
    rows = state.score_rows()
    winners = [r["player"] for r in rows if r["winner"]]
    names = " and ".join(str(n) for n in winners)
    if state.winner is not None:
        total = rows[state.winner]["total"]
        return f"{names} is back in Venice with {total} Gulden of capital and wins ({R_RETURN})."
    best = max(r["total"] for r in rows)
    verb = "share the victory" if len(winners) > 1 else "wins"
    return (f"nobody got back to Venice within the {state.round_limit} rounds this game was given: {names} {verb} "
            f"with {best} Gulden of capital (a round limit set for this game; the rules set none).")


def _plaque(s: SchmidtState, i: int) -> BoardRow:
    """The Golden Plaque row: its mission city is secret until the mission is done (only then may
    the card be shown to the others: seed 001, Arriving at Khanbalik) or the game is over, and
    even its owner sees it only while the decision is his (the screen is his then); the app hides
    the row from seats that may not see it."""
    p = s.players[i]
    if p.plaque is None:
        return row(PLAQUE, "not yet")
    if p.secrets:
        return row(PLAQUE, f"mission to {p.plaque} (done)")
    if s.is_over:  # every card is shown at the end
        return row(PLAQUE, f"mission to {p.plaque} (not done)")
    return row(PLAQUE, f"mission to {p.plaque}" if s.current_player == i else "secret mission", secret=True)


def player_board(s: GameState, i: int) -> PlayerBoard:
    """Merchant ``i``'s board in the rulebook's words: his capital as the score, Gulden and ware
    cards per colour as chips, then where his piece is, the route type he travels (which ring of
    the spinner), his ware cards, the Golden Plaque (its mission secret, see ``_plaque``) and the
    Secrets of the Orient. No posts, contracts, seals or character: this game has none.

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="schmidt", seed=1).with_player(1, plaque="Pagan")
    >>> [(r["label"], r["value"]) for r in player_board(s, 1)["rows"]][:2]
    [('piece in', 'Venice (exit space)'), ('route', 'land (red ring)')]
    >>> player_board(s, 1)["rows"][3]
    {'label': 'Golden Plaque', 'value': 'secret mission', 'secret': True}
    >>> player_board(s.with_player(1, secrets=True), 1)["rows"][3]
    {'label': 'Golden Plaque', 'value': 'mission to Pagan (done)'}
    """
    state = cast("SchmidtState", s)
    c = state.components
    p = state.players[i]
    cards = sorted((c.cards[x] for x in p.cards), key=lambda card: (c.colours.index(card.colour), -card.value))
    worth = sum(card.value for card in cards)
    return PlayerBoard(score=capital(c, p), resources={"Gulden": p.gulden, **p.goods}, rows=[
        row("piece in", c.locations[p.location].title),
        row("route", f"{p.mode} ({RINGS[p.mode]} ring)"),
        row("ware cards", f"{len(cards)}, worth {worth} Gulden" if cards else "none",
            items=[", ".join(f"{card.colour} {card.value}" for card in cards)] if cards else []),
        _plaque(state, i),
        row("Secrets of the Orient", f"held, worth {c.rules.secrets_value} Gulden" if p.secrets else "not yet"),
    ])
