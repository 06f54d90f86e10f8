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
from mp_notebook.rulesets.schmidt.rules import R_LIMIT, R_RETURN, capital, loot

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState
    from mp_notebook.rulesets.schmidt.state import SchmidtState

KIND_TITLES = {
    "spin": "Spin", "move": "Move to", "ransom": "Give the robbers", "gift": "Gift for the Khan",
    "sell": "Sell to the bank", "buy": "Buy from the bank", "deal": "Draw from a merchant", "pick": "Choose",
    "pay_debt": "Sell to pay the debt", "end_turn": "End", "booty": "The robbers' booty",
    "extra_card": "A free card", "extra_turn": "A strong wind",
}


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
        ring = "blue" if choice == "sea" else "red"
        return f"spin the {ring} ring ({choice} route): move {min(moves)}-{max(moves)} spaces, or {fight}", ""
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


def board_dice(s: GameState) -> tuple[list[dict[str, Any]], int]:
    """The last spin, shown where other rulesets show their action spaces (no dice: a spinner)."""
    spun = cast("SchmidtState", s).spun
    return ([{"label": f"last spin: {spun[1]} ({spun[0]} ring)", "dice": []}] if spun else []), 0


def dice_note(s: GameState, i: int) -> str | None:
    """The dice tray's line for merchant ``i``: this game is played with a spinner, not dice."""
    return "spins the spinner" if s.current_player == i else None


def unavailable(s: GameState, legal: list[Action]) -> list[dict[str, str]]:
    """Every choice the rules allow is offered (nothing to grey out in this game)."""
    return []


SECRET = ("goal",)  # the Plaque's mission city (``_plaque`` also hides it while others decide)
SCORE_TITLES = {"gulden": "Gulden", "wares": "wares", "plaque": "Golden Plaque", "secrets": "Secrets of the Orient",
                "total": "capital", "returned": "back in Venice"}


def final_note(s: GameState) -> str:
    """Who won: the merchant back in Venice with the capital needed, or, after a round limit, the
    richest (a shared victory on a tie)."""
    state = cast("SchmidtState", s)
    rows = state.score_rows()
    winners = [r["player"] for r in rows if r["winner"]]
    names = " and ".join(str(n) for n in winners)
    if state.winner is not None:
        return f"{names} is back in Venice with {rows[state.winner]['total']} Gulden of capital and wins ({R_RETURN})."
    best = max(r["total"] for r in rows)
    verb = "share the victory" if len(winners) > 1 else "wins"
    return (f"nobody got back to Venice within the round limit: {names} {verb} with {best} Gulden of capital "
            f"({R_LIMIT}).")


def _plaque(s: SchmidtState, i: int) -> str:
    """The Plaque as the app shows it: its mission city is secret until done, except to its
    owner while the decision is his (the screen is his then)."""
    p = s.players[i]
    if p.plaque is None:
        return "no Plaque yet"
    if p.secrets or s.current_player == i:
        return f"Golden Plaque: mission to {p.plaque}" + (" (done)" if p.secrets else "")
    return "Golden Plaque: secret mission"


def player_board(s: GameState, i: int) -> dict[str, Any]:
    """Merchant ``i``'s board: capital (as the score), Gulden and cards per colour, his cards,
    route type, Plaque (its mission secret from the others) and Secrets; no ``seals`` (the game has
    none, so the board shows no seals row).

    >>> import mp_notebook as mp
    >>> s = mp.new_game(2, ruleset="schmidt", seed=1).with_player(1, plaque="Pagan")
    >>> player_board(s, 1)["goal"], player_board(s.with_player(1, secrets=True), 1)["goal"]
    ('Golden Plaque: secret mission', 'Golden Plaque: mission to Pagan (done)')
    """
    state = cast("SchmidtState", s)
    c = state.components
    p = state.players[i]
    return {
        "vp": capital(c, p), "location": c.locations[p.location].title, "posts": [], "posts_total": 0,
        "resources": {"Gulden": p.gulden, **p.goods},
        "contracts": [f"{c.cards[x].colour} {c.cards[x].value}" for x in p.cards],
        "completed": "Secrets of the Orient" if p.secrets else "—",
        "character": f"{p.mode} route", "goal": _plaque(state, i),
    }
