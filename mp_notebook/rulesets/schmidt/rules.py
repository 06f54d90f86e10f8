"""The rules of the Schmidt Spiele Marco Polo (seed 001), top to bottom.

A turn: spin the spinner on the ring of your route type (at a port you may change it first) →
move exactly that many spaces, or fight the pirates/bandits → on arriving in a trading city, sell
(one colour), then buy from the bank (up to 3 blind draws of the city's colour) *or* draw from a
merchant present → end the turn. Khanbalik, the mission city and Venice act on arrival. Jokers
and debts interrupt with decisions of their own. The pending steps are a stack of tasks
(``s.tasks``, the last on top) so that exactly one decision is awaited at a time; tasks that need
no choice are carried out at once by :func:`_run`.

Readings of the seed (``shared/reference/voyages-and-schmidt-audit.md`` B2), each tested in
``tests/test_schmidt_rules.py``:

* Exact movement (B2-5) along a path that visits no space twice; a move ends early only where
  the way on ends (a dead end such as Sansibar, or Venice and Khanbalik, see below).
* An occupied target space (not a trading city) cannot be chosen; with no free target the
  piece stays where it is and the turn is lost (B2-6: this turn's move, not a future turn).
* The route type is declared with the first spin (Venice is a port), and changed only at ports.
* Pirates/bandits: the piece does not move; the white die must be at least the black one. A
  loser gives one ware card or, if he prefers, 50 Gulden to the ring's booty pile (B2-7). He may
  prefer the bribe even without 50 Gulden in hand: it is then a debt ("Paying Debts"), so he sells
  cards of his choice to the bank until he can pay (an 80 card: pay 50, keep 30), or, with none
  left, pays what he has and restarts in Venice. A winner "may then take the bandits' booty": he decides, taking the
  whole pile or leaving it where it lies for a later winner; with the pile empty he gets nothing
  and there is nothing to decide. A Plaque whose mission is not done yet (no Secrets) protects
  (B2-11).
* Trading: selling comes first (the seed's order a, b), one colour per visit; then either bank
  draws or one draw from a merchant who was in the city on arrival, not both. A joker counts
  as one of the three draws; its free extra cards do not (B2-8).
* Khanbalik: without a Plaque a merchant enters only holding three ware cards of 80 Gulden or
  more; entering ends his move; he gives three such cards (his choice) and draws a Plaque at
  random (B2-9). With a Plaque, Khanbalik is an ordinary trading city. The mission city is
  secret: the log does not name it (the state holds it), the app shows it only on its owner's
  board while it is his decision, and everyone learns it when he reveals it there.
* The mission: arriving (by a move) in the Plaque's city without Secrets gives the Secrets.
* Venice: entered only by a merchant who may return (Plaque, Secrets, the capital of his player
  count, 1-2 cards of each ware colour); he wins at once.
* Debts: a merchant short of money sells cards of his choice (wares, Plaque, Secrets) to the
  bank at their value; with no card left he pays what he has and restarts in Venice with 240.
* Jokers moving a merchant: see ``data/cards.toml``. A moved merchant does not "arrive": no
  trading, no Khanbalik ceremony, no mission, no return; the mover's trading visit ends.
* Where the seed says a merchant *may* do something, he decides (the decisions ``booty``,
  ``extra_turn`` and ``extra_card``: take it or not). The strong wind, "you may take two extra
  turns": when his turn ends he takes the first extra turn or declines it, and after playing it
  the second; declining passes play on and lets the rest lapse (the seed does not bind the second
  turn to the first; the both-or-neither reading is not used). The same for the local lord's two
  free cards, which the seed's Joker Cards example quotes as "may draw two extra cards" (its line
  among the Joker Card Translations says "take"; ``optional`` in ``data/cards.toml``); the other
  free-card jokers say "take" and are drawn at once. The seed's other "may"s and "can"s were
  choices already (the route type at a port, selling, buying none to three cards, a draw from a
  merchant, returning to Venice, the Pope's and a deal joker's "if you like", asking a merchant
  to join) or permissions with no other course to choose: "He may also keep the Golden Plaque"
  (he keeps it: no rule says where it would go, and the return needs it), "he can start the game
  again with 240 Gulden" after a debt, and "the winner may call himself Messer Millioni".
* The bank's money is unlimited (the seed sets no limit on what the bank pays); seat 0 is the
  youngest player and starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Action, Decision
from mp_notebook.engine.text import counted

if TYPE_CHECKING:
    from mp_notebook.rulesets.schmidt.components import Components
    from mp_notebook.rulesets.schmidt.state import Player, SchmidtState

S = "Rulebook"  # seed 001, the rulebook of this game, cited as the other rulesets cite theirs
R_SETUP = f"{S}: Game Preparation"
R_TURN = f"{S}: How to Play (play proceeds clockwise)"
R_SPIN = f"{S}: How to Play (spin; blue ring at sea, red ring on land)"
R_PORT = f"{S}: How to Play (change the route type at a port)"
R_MOVE = f"{S}: How to Play (move the number of spaces shown)"
R_OCCUPIED = f"{S}: How to Play (only trading cities hold several pieces; else the turn is lost)"
R_FIGHT = f"{S}: Fighting Pirates and Bandits"
R_SELL = f"{S}: How to Trade, a) Selling"
R_BUY = f"{S}: How to Trade, b) Buying — Trading with the Bank"
R_JOKER = f"{S}: Joker Cards"
R_DEAL = f"{S}: Trading with Another Player"
R_KHANBALIK = f"{S}: Arriving at Khanbalik"
R_MISSION = f"{S}: Arriving at Khanbalik (the mission and the Secrets of the Orient)"
R_RETURN = f"{S}: Return to Venice"
R_DEBT = f"{S}: Paying Debts"
R_LIMIT = "mp_notebook: the round_limit option (not a rule of the rulebook)"

BANK = "bank"
MAY = {"booty": ("take", "leave"), "extra_turn": ("take", "decline"), "extra_card": ("take", "decline")}
"""The decisions of a seed "may" (a yes or no) and their choices."""


# ------------------------------------------------------------------------------- facts


def capital(c: Components, p: Player) -> int:
    """Money plus the value of every card held, Secrets and Plaque included (Return to Venice)."""
    wares = sum(c.cards[cid].value for cid in p.cards)
    return p.gulden + wares + (c.rules.plaque_value if p.plaque else 0) + (c.rules.secrets_value if p.secrets else 0)


def gift_cards(c: Components, p: Player) -> list[str]:
    """The ware cards worth enough to be a gift for the Khan."""
    return [cid for cid in p.cards if c.cards[cid].value >= c.rules.gift_min_value]


def may_enter_khanbalik(c: Components, p: Player) -> bool:
    """Without a Plaque: only with three ware cards of at least 80 Gulden (with one: always)."""
    return p.plaque is not None or len(gift_cards(c, p)) >= c.rules.gifts


def protected(p: Player) -> bool:
    """The Plaque protects from pirates and bandits only on the way to its city (no Secrets yet)."""
    return p.plaque is not None and not p.secrets


def return_check(s: SchmidtState, i: int) -> list[str]:
    """What merchant ``i`` still lacks to return to Venice (empty: he may return)."""
    c = s.components
    p = s.players[i]
    r = c.rules
    missing = []
    if not p.plaque:
        missing.append("the Golden Plaque")
    if not p.secrets:
        missing.append("the Secrets of the Orient")
    need = r.return_capital[s.num_players]
    have = capital(c, p)
    if have < need:
        missing.append(f"{need} Gulden of capital (has {have})")
    counts = p.goods
    wrong = [f"{colour} ({n})" for colour, n in counts.items() if not r.colour_min <= n <= r.colour_max]
    if wrong:
        missing.append(f"{r.colour_min}-{r.colour_max} cards of each colour, not " + ", ".join(wrong))
    return missing


def destinations(s: SchmidtState, i: int, steps: int, at: str | None = None, mode: str | None = None) -> list[str]:
    """The spaces merchant ``i`` may end a move of ``steps`` spaces on (see the module docstring);
    ``at``/``mode``: as if he stood there on that route (route analysis asks; default: his own)."""
    c = s.components
    p = s.players[i]
    start = p.location if at is None else at
    adj = c.neighbours[p.mode if mode is None else mode]
    may_return = not return_check(s, i)
    khan_stop = p.plaque is None and may_enter_khanbalik(c, p)
    found: set[str] = set()

    def walk(here: str, left: int, seen: frozenset[str]) -> None:
        if left == 0:
            found.add(here)
            return
        ways = []
        for n in adj.get(here, ()):
            if n in seen:
                continue
            if n == c.start:  # the end of the journey: only for a merchant who may return
                if may_return:
                    found.add(n)
            elif n == c.khanbalik and p.plaque is None:  # entering ends the move
                if khan_stop:
                    found.add(n)
            else:
                ways.append(n)
        if not ways and here != start:  # the way ends here
            found.add(here)
        for n in ways:
            walk(n, left - 1, seen | {n})

    walk(start, steps, frozenset({start}))
    taken = {q.location for j, q in enumerate(s.players) if j != i} - c.trading_cities - {c.start}
    return sorted(found - taken)


def _name(s: SchmidtState, i: int | None) -> str:
    return "nobody" if i is None else s.players[i].name


def _card(c: Components, cid: str) -> str:
    card = c.cards[cid]
    return f"{card.colour} {card.value}" if card.joker is None else f"{card.colour} joker"


def loot(c: Components, gulden: int, cards: tuple[str, ...]) -> str:
    """A booty pile in words, such as "50 Gulden and a red 30 card"."""
    parts = ([f"{gulden} Gulden"] if gulden else []) + [f"a {_card(c, x)} card" for x in cards]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def _others(s: SchmidtState, i: int) -> list[int]:
    """The other seats, in playing order after ``i``."""
    n = s.num_players
    return [(i + k) % n for k in range(1, n)]


# ------------------------------------------------------------------------------- decisions


def decision(s: SchmidtState) -> Decision:
    """What is awaited now (see ``SchmidtState.decision``)."""
    if s.over:
        return Decision("over", None, "the game is over")
    if not s.tasks:
        p = s.players[s.turn]
        rings = " or ".join(s.components.modes_at(p.location))
        return Decision("turn", s.turn, f"{p.name}: spin the spinner ({rings} ring) in {p.location}")
    task = s.tasks[-1]
    kind = task[0]
    i = task[1]
    name = s.players[i].name
    if kind == "move":
        how = f"move {counted(task[2], 'space')} on the {s.players[i].mode} route"
        return Decision("move", i, f"{name}: {how}", task[2])
    if kind == "ransom":
        return Decision("ransom", i, f"{name}: lost to the {_fight(task[2])}: give a ware card or the bribe")
    if kind == "gift":
        return Decision("gift", i, f"{name}: choose a gift for the Khan ({task[2]} more)", task[2])
    if kind == "booty":
        return Decision("booty", i, f"{name}: won against the {_fight(task[2])}: take their booty "
                                    f"({loot(s.components, *s.booty[task[2]])}) or leave it on their space", task[2])
    if kind == "extra_turn":
        return Decision("extra_turn", i, f"{name}: a strong wind: take an extra turn ({s.extra_turns} left) or "
                                         f"pass play on", s.extra_turns)
    if kind == "extra_card":
        return Decision("extra_card", i, f"{name}: draw a free {task[2]} card ({task[3]} left) or decline",
                        task[3])
    if kind == "trade":
        return Decision("trade", i, f"{name}: trade in {s.visit[0] if s.visit else '?'} or end the turn")
    if kind == "pick":
        joker = s.components.jokers[task[2]]
        return Decision("pick", i, f"{name}: choose a merchant — {joker.text}", joker.id)
    if kind == "debt":
        return Decision("debt", i, f"{name}: owes {task[2]} Gulden and has {s.players[i].gulden}: sell a card "
                                   f"to the bank", task[2])
    raise AssertionError(f"no decision for task {task!r}")


def _fight(ring: str) -> str:
    return "pirates" if ring == "sea" else "bandits"


def legal_actions(s: SchmidtState) -> list[Action]:
    """Every legal choice for the decision awaited (empty once the game is over)."""
    if s.over:
        return []
    c = s.components
    if not s.tasks:
        p = s.players[s.turn]
        return [Action("spin", s.turn, choice=m) for m in c.modes_at(p.location)]
    task = s.tasks[-1]
    kind, i = task[0], task[1]
    p = s.players[i]
    if kind == "move":
        return [Action("move", i, choice=d) for d in destinations(s, i, task[2])]
    if kind == "ransom":
        return [*(Action("ransom", i, choice=cid) for cid in p.cards), Action("ransom", i, choice="bribe")]
    if kind == "gift":
        return [Action("gift", i, choice=cid) for cid in gift_cards(c, p)]
    if kind in MAY:
        return [Action(kind, i, choice=x) for x in MAY[kind]]
    if kind == "trade":
        return trade_actions(s, i)
    if kind == "pick":
        return [Action("pick", i, choice=str(j) if j is not None else "none") for j in pick_choices(s, i, task[2])]
    if kind == "debt":
        own = list(p.cards) + (["plaque"] if p.plaque else []) + (["secrets"] if p.secrets else [])
        return [Action("pay_debt", i, choice=x) for x in own]
    raise AssertionError(f"no actions for task {task!r}")


def trade_actions(s: SchmidtState, i: int) -> list[Action]:
    """Selling (one colour, before buying), bank draws or one draw from a merchant present, end."""
    c = s.components
    p = s.players[i]
    assert s.visit is not None
    city, sold, bought, dealt, present = s.visit
    out = []
    if not bought and not dealt:
        out += [Action("sell", i, choice=cid) for cid in p.cards if sold in ("", c.cards[cid].colour)]
    colour = c.locations[city].colour
    if not dealt and bought < c.rules.max_buys and p.gulden >= c.rules.buy_price and colour and s.decks[colour]:
        out.append(Action("buy", i))
    if not bought and not dealt and p.gulden >= c.rules.deal_price:
        out += [Action("deal", i, choice=str(j)) for j in present
                if s.players[j].location == city and s.players[j].cards]
    out.append(Action("end_turn", i))
    return out


def pick_choices(s: SchmidtState, i: int, joker_id: str) -> list[int | None]:
    """The merchants a joker lets ``i`` choose (None: nobody, where the joker says "if you like")."""
    joker = s.components.jokers[joker_id]
    seats: list[int | None] = [j for j in range(s.num_players)
                               if j != i or (joker.effect == "send" and not joker.other)]
    return [*seats, None] if joker.optional else seats


# ------------------------------------------------------------------------------- explaining


def explain(s: SchmidtState, a: Action) -> str:
    """Why ``a`` is not legal in ``s``: what was tried, why not, which rule."""
    d = decision(s)
    head = f"{a} is not allowed"
    if s.over:
        return f"{head}: the game is over ({R_RETURN})"
    if a.player is not None and a.player != d.player:
        return f"{head}: it is {_name(s, d.player)}'s decision, not seat {a.player}'s ({R_TURN})"
    legal = legal_actions(s)
    shown = ", ".join(str(x) for x in legal[:12]) + (" …" if len(legal) > 12 else "")
    if a.kind not in (_TRADE_KINDS if d.kind == "trade" else (_KIND_OF[d.kind],)):
        return f"{head}: the game is waiting for {d.text!r} ({_RULE_OF[d.kind]}); the choices are: {shown}"
    return f"{head}: {_why_not(s, d, a)}; the choices are: {shown}"


_KIND_OF = {"turn": "spin", "move": "move", "ransom": "ransom", "gift": "gift", "pick": "pick", "debt": "pay_debt",
            **{kind: kind for kind in MAY}}
_TRADE_KINDS = ("sell", "buy", "deal", "end_turn")
_RULE_OF = {"turn": R_SPIN, "move": R_MOVE, "ransom": R_FIGHT, "gift": R_KHANBALIK, "trade": R_BUY,
            "pick": R_JOKER, "debt": R_DEBT, "booty": R_FIGHT, "extra_turn": R_JOKER, "extra_card": R_JOKER}


def _why_not(s: SchmidtState, d: Decision, a: Action) -> str:
    c = s.components
    i = d.player
    assert i is not None
    p = s.players[i]
    choice = a.choice or ""
    if a.kind == "spin":
        return (f"{p.location} is on the {' and '.join(c.modes_at(p.location))} route only; the route type changes "
                f"only at a port ({', '.join(c.ports)}) ({R_PORT})")
    if a.kind == "move":
        if choice == c.start:
            return f"only a merchant who may return enters Venice; {p.name} lacks {', '.join(return_check(s, i))} " \
                   f"({R_RETURN})"
        if choice == c.khanbalik and not may_enter_khanbalik(c, p):
            return f"{p.name} enters Khanbalik only with {c.rules.gifts} ware cards of {c.rules.gift_min_value} " \
                   f"Gulden or more ({R_KHANBALIK})"
        taken = [q.name for j, q in enumerate(s.players) if j != i and q.location == choice]
        if taken and choice not in c.trading_cities:
            return f"{choice} is occupied by {', '.join(taken)}, and only trading cities hold several pieces " \
                   f"({R_OCCUPIED})"
        return f"{choice} is not exactly {counted(d.about, 'space')} away on the {p.mode} route ({R_MOVE})"
    if a.kind in ("ransom", "gift", "pay_debt", "sell") and choice not in p.cards and choice not in (
            "bribe", "plaque", "secrets"):
        return f"{p.name} holds no card {choice!r} (cards: {', '.join(p.cards) or 'none'}) ({_RULE_OF[d.kind]})"
    if a.kind == "ransom":
        return f"{p.name} gives the {_fight(s.tasks[-1][2])} a ware card or the bribe, not {choice!r} ({R_FIGHT})"
    if a.kind == "gift":
        return f"a gift for the Khan is a ware card of {c.rules.gift_min_value} Gulden or more ({R_KHANBALIK})"
    if a.kind == "pick":
        return f"this joker chooses among {', '.join(map(str, pick_choices(s, i, d.about)))} ({R_JOKER})"
    if a.kind == "pay_debt":
        return f"{choice} is not a card {p.name} holds ({R_DEBT})"
    if a.kind in MAY:
        return f"{p.name} answers {' or '.join(MAY[a.kind])}, not {choice!r} ({_RULE_OF[a.kind]})"
    assert s.visit is not None
    city, sold, bought, dealt, present = s.visit
    if a.kind == "sell":
        if bought or dealt:
            return f"selling comes before buying ({R_SELL})"
        return f"only cards of one colour are sold in a city, and {p.name} sold {sold} here ({R_SELL})"
    if a.kind == "buy":
        if dealt:
            return f"{p.name} traded with a merchant here and may not also buy from the bank ({R_BUY})"
        if bought >= c.rules.max_buys:
            return f"at most {c.rules.max_buys} cards are bought in a trading city ({R_BUY})"
        return f"a card costs {c.rules.buy_price} Gulden and {p.name} has {p.gulden} ({R_BUY})"
    if a.kind == "deal":
        if bought or dealt:
            return f"a merchant trades with one other merchant, once, and not after buying from the bank ({R_DEAL})"
        if p.gulden < c.rules.deal_price:
            return f"a draw from a merchant costs {c.rules.deal_price} Gulden and {p.name} has {p.gulden} ({R_DEAL})"
        return (f"trading is with a merchant who was in {city} when {p.name} arrived and holds a ware card "
                f"(present: {', '.join(s.players[j].name for j in present) or 'nobody'}) ({R_DEAL})")
    return f"not a choice now ({R_TURN})"


# ------------------------------------------------------------------------------- applying


def apply(s: SchmidtState, a: Action) -> SchmidtState:
    """The state after the legal action ``a`` (checked by the caller)."""
    new = s._copy()
    new._hist = (s._hist, a)
    i = a.player
    assert i is not None
    _ACTIONS[a.kind](new, i, a.choice or "")
    _run(new)
    return new


def _spin(s: SchmidtState, i: int, ring: str) -> None:
    c = s.components
    p = s.players[i]
    if ring != p.mode:
        s._player(i).__dict__["mode"] = ring
        s._note(i, f"{p.name} changes to the {ring} route in {p.location}", R_PORT)
    sectors = c.rules.spinner[ring]
    result = sectors[s.draw(len(sectors))]
    s.spun = (ring, str(result))
    s.tasks = (*s.tasks, ("end", i))
    if isinstance(result, int):
        s._note(i, f"{p.name} spins the {ring} ring: {result}", R_SPIN)
        s.tasks = (*s.tasks, ("move", i, result))
        return
    s._note(i, f"{p.name} spins the {ring} ring: {result}!", R_SPIN)
    if protected(s.players[i]):
        s._note(i, f"the Golden Plaque protects {p.name} from the {result}", R_MISSION)
        return
    white, black = s.draw(6) + 1, s.draw(6) + 1
    if black > white:
        s._note(i, f"{p.name} fights the {result}: white {white}, black {black} — the {result} win", R_FIGHT)
        s.tasks = (*s.tasks, ("ransom", i, ring))
        return
    gulden, cards = s.booty[ring]
    if not gulden and not cards:
        s._note(i, f"{p.name} fights the {result}: white {white}, black {black} — {p.name} wins, but their space is "
                   f"empty: {p.name} receives nothing", R_FIGHT)
        return
    s._note(i, f"{p.name} fights the {result}: white {white}, black {black} — {p.name} wins and may take their "
               f"booty: {loot(c, gulden, cards)}", R_FIGHT)
    s.tasks = (*s.tasks, ("booty", i, ring))


def _booty(s: SchmidtState, i: int, choice: str) -> None:
    ring = s.tasks[-1][2]
    s.tasks = s.tasks[:-1]
    gulden, cards = s.booty[ring]
    p = s._player(i)
    if choice == "leave":
        s._note(i, f"{p.name} leaves the booty on the {_fight(ring)}' space", R_FIGHT)
        return
    p.__dict__.update(gulden=p.gulden + gulden, cards=tuple(sorted(p.cards + cards)))
    s.booty = {**s.booty, ring: (0, ())}
    s._note(i, f"{p.name} takes the {_fight(ring)}' booty: {loot(s.components, gulden, cards)}", R_FIGHT)


def _move(s: SchmidtState, i: int, dest: str) -> None:
    c = s.components
    steps = s.tasks[-1][2]
    s.tasks = s.tasks[:-1]
    present = tuple(j for j in _others(s, i) if s.players[j].location == dest)
    p = s._player(i)
    p.__dict__["location"] = dest
    s._note(i, f"{p.name} moves to {c.locations[dest].title} on a spin of {steps}", R_MOVE)
    if dest == c.start:
        s.over, s.winner, s.tasks = True, i, ()
        s._note(i, f"{p.name} returns to Venice as a made man, with {capital(c, p)} Gulden of capital, and wins: "
                   f"Messer Millioni!", R_RETURN)
        return
    if dest in c.trading_cities:
        s.visit = (dest, "", 0, False, present)
        s.tasks = (*s.tasks, ("trade", i))
    if dest == c.khanbalik and p.plaque is None:
        s._note(i, f"{p.name} enters Khanbalik and brings the Khan {c.rules.gifts} gifts", R_KHANBALIK)
        s.tasks = (*s.tasks, ("gift", i, c.rules.gifts))
    if p.plaque == dest and not p.secrets:
        if s.secrets_left:
            s.secrets_left -= 1
            p.__dict__["secrets"] = True
            s._note(i, f"{p.name} reveals the Golden Plaque in {dest}: the mission is done; {p.name} receives the "
                       f"Secrets of the Orient ({c.rules.secrets_value} Gulden) and may return to Venice", R_MISSION)
        else:
            s._note(i, f"{p.name} reaches {dest}, but no Secrets of the Orient are left in the bank", R_MISSION)


def _ransom(s: SchmidtState, i: int, choice: str) -> None:
    ring = s.tasks[-1][2]
    s.tasks = s.tasks[:-1]
    p = s._player(i)
    if choice == "bribe":
        s._note(i, f"{p.name} chooses to pay the {_fight(ring)} a bribe of {s.components.rules.bribe} Gulden", R_FIGHT)
        s.tasks = (*s.tasks, ("debt", i, s.components.rules.bribe, ring, R_FIGHT))
        return
    p.__dict__["cards"] = tuple(x for x in p.cards if x != choice)
    gulden, cards = s.booty[ring]
    s.booty = {**s.booty, ring: (gulden, tuple(sorted((*cards, choice))))}
    s._note(i, f"{p.name} gives the {_fight(ring)} a {_card(s.components, choice)} card; it lies on their space",
            R_FIGHT)


def _gift(s: SchmidtState, i: int, cid: str) -> None:
    left = s.tasks[-1][2] - 1
    s.tasks = s.tasks[:-1] + ((("gift", i, left),) if left else ())
    _give(s, i, (cid,))
    if not left:
        _receive_plaque(s, i)


def _give(s: SchmidtState, i: int, cids: tuple[str, ...]) -> None:
    p = s._player(i)
    p.__dict__["cards"] = tuple(x for x in p.cards if x not in cids)
    for cid in cids:
        _under_deck(s, cid)
    s._note(i, f"{p.name} gives the Khan {', '.join(_card(s.components, x) for x in cids)}", R_KHANBALIK)


def _receive_plaque(s: SchmidtState, i: int) -> None:
    p = s._player(i)
    k = s.draw(len(s.plaques))
    city = s.plaques[k]
    s.plaques = s.plaques[:k] + s.plaques[k + 1:]
    p.__dict__["plaque"] = city
    s._note(i, f"Kubilai Khan gives {p.name} a Golden Plaque ({s.components.rules.plaque_value} Gulden) and a secret "
               f"mission, a city only {p.name} sees; it protects {p.name} from pirates and bandits until the mission "
               f"is done",
            R_KHANBALIK)


def _under_deck(s: SchmidtState, cid: str) -> None:
    colour = s.components.cards[cid].colour
    s.decks = {**s.decks, colour: s.decks[colour] + (cid,)}


def _sell(s: SchmidtState, i: int, cid: str) -> None:
    c = s.components
    assert s.visit is not None
    city, _, bought, dealt, present = s.visit
    s.visit = (city, c.cards[cid].colour, bought, dealt, present)
    p = s._player(i)
    p.__dict__.update(cards=tuple(x for x in p.cards if x != cid), gulden=p.gulden + c.cards[cid].value)
    _under_deck(s, cid)
    s._note(i, f"{p.name} sells a {_card(c, cid)} card to the bank for {c.cards[cid].value} Gulden", R_SELL)


def _buy(s: SchmidtState, i: int, _: str) -> None:
    c = s.components
    assert s.visit is not None
    city, sold, bought, dealt, present = s.visit
    s.visit = (city, sold, bought + 1, dealt, present)
    p = s._player(i)
    p.__dict__["gulden"] = p.gulden - c.rules.buy_price
    s._note(i, f"{p.name} pays the bank {c.rules.buy_price} Gulden for a blind draw ({bought + 1} of "
               f"{c.rules.max_buys})", R_BUY)
    _draw(s, i, c.locations[city].colour or "")


def _draw(s: SchmidtState, i: int, colour: str) -> None:
    """Merchant ``i`` takes the top card of ``colour``'s deck; a joker is revealed and carried out."""
    c = s.components
    deck = s.decks[colour]
    if not deck:
        s._note(i, f"the {colour} deck is empty: no card", R_BUY)
        return
    cid, rest = deck[0], deck[1:]
    card = c.cards[cid]
    p = s._player(i)
    if card.joker is None:
        s.decks = {**s.decks, colour: rest}
        p.__dict__["cards"] = tuple(sorted((*p.cards, cid)))
        s._note(i, f"{p.name} draws a {_card(c, cid)} card", R_BUY)
        return
    s.decks = {**s.decks, colour: (*rest, cid)}  # revealed, carried out, put under the deck
    joker = c.jokers[card.joker]
    s._note(i, f"{p.name} draws a joker: “{joker.text}”", R_JOKER)
    if joker.effect == "draw" and joker.optional:
        s.tasks = (*s.tasks, ("extra_card", i, colour, joker.amount))
    elif joker.effect == "draw":
        s.tasks = s.tasks + (("draw", i, colour),) * joker.amount
    elif joker.effect == "pay" or (joker.effect == "pay_at_sea" and p.mode == "sea"):
        s.tasks = (*s.tasks, ("debt", i, joker.amount, BANK, R_JOKER))
    elif joker.effect == "pay_at_sea":
        s._note(i, f"{p.name} travels by land and needs no new ship", R_JOKER)
    elif joker.effect == "gift_each":
        s.tasks = s.tasks + tuple(("debt", j, joker.amount, i, R_JOKER) for j in reversed(_others(s, i)))
    elif joker.effect in ("send", "deal", "join"):
        s.tasks = (*s.tasks, ("pick", i, joker.id))
    elif joker.effect == "go":
        _teleport(s, i, joker.place or "")
    elif joker.effect == "extra_turns":
        s.extra_turns += joker.amount


def _teleport(s: SchmidtState, j: int, place: str) -> None:
    """A joker puts merchant ``j`` on ``place`` (no arrival: no trading, mission or return)."""
    c = s.components
    q = s._player(j)
    q.__dict__["location"] = place
    modes = c.modes_at(place)
    if q.mode not in modes:
        q.__dict__["mode"] = modes[0]
    s._note(j, f"{q.name} is sent to {c.locations[place].title} ({q.mode} route)", R_JOKER)
    if j == s.turn and s.visit is not None and s.visit[0] != place:
        s.visit = None


def _pick(s: SchmidtState, i: int, choice: str) -> None:
    joker = s.components.jokers[s.tasks[-1][2]]
    s.tasks = s.tasks[:-1]
    if choice == "none":
        s._note(i, f"{s.players[i].name} chooses nobody", R_JOKER)
        return
    j = int(choice)
    if joker.effect == "send":
        _teleport(s, j, joker.place or "")
    elif joker.effect == "join":
        _teleport(s, j, s.players[i].location)
    else:
        name = s.players[i].name
        s._note(i, f"{name} concludes a deal with {s.players[j].name}, who owes {name} {joker.amount} Gulden", R_JOKER)
        s.tasks = (*s.tasks, ("debt", j, joker.amount, i, R_JOKER))


def _extra_card(s: SchmidtState, i: int, choice: str) -> None:
    """A free card the merchant may draw: drawn (the next one offered after it) or declined (the rest lapse)."""
    _, _, colour, left = s.tasks[-1]
    s.tasks = s.tasks[:-1]
    name = s.players[i].name
    if choice == "decline":
        s._note(i, f"{name} declines the free {colour} card" + (f"s ({left})" if left > 1 else ""), R_JOKER)
        return
    if left > 1:
        s.tasks = (*s.tasks, ("extra_card", i, colour, left - 1))
    _draw(s, i, colour)


def _extra_turn(s: SchmidtState, i: int, choice: str) -> None:
    """The strong wind's next extra turn: taken (the turn starts again) or declined (the rest lapse)."""
    s.tasks = s.tasks[:-1]
    name = s.players[i].name
    if choice == "decline":
        s._note(i, f"{name} declines the extra turn" + (f"s ({s.extra_turns})" if s.extra_turns > 1 else ""),
                R_JOKER)
        s.extra_turns = 0
        _next_turn(s, i)
        return
    s.extra_turns -= 1
    s._note(i, f"{name} takes an extra turn ({s.extra_turns} more after it)", R_JOKER)


def _deal(s: SchmidtState, i: int, choice: str) -> None:
    c = s.components
    j = int(choice)
    assert s.visit is not None
    city, sold, bought, _, present = s.visit
    s.visit = (city, sold, bought, True, present)
    p, q = s._player(i), s._player(j)
    cid = q.cards[s.draw(len(q.cards))]
    p.__dict__.update(gulden=p.gulden - c.rules.deal_price, cards=tuple(sorted((*p.cards, cid))))
    q.__dict__.update(gulden=q.gulden + c.rules.deal_price, cards=tuple(x for x in q.cards if x != cid))
    s._note(i, f"{p.name} pays {q.name} {c.rules.deal_price} Gulden and draws one of {q.name}'s cards blind: a "
               f"{_card(c, cid)} card", R_DEAL)


def _pay_debt(s: SchmidtState, i: int, choice: str) -> None:
    c = s.components
    p = s._player(i)
    if choice == "plaque":
        value, what = c.rules.plaque_value, f"the Golden Plaque (mission: {p.plaque})"
        s.plaques = (*s.plaques, p.plaque or "")
        p.__dict__["plaque"] = None
    elif choice == "secrets":
        value, what = c.rules.secrets_value, "the Secrets of the Orient"
        s.secrets_left += 1
        p.__dict__["secrets"] = False
    else:
        value, what = c.cards[choice].value, f"a {_card(c, choice)} card"
        p.__dict__["cards"] = tuple(x for x in p.cards if x != choice)
        _under_deck(s, choice)
    p.__dict__["gulden"] = p.gulden + value
    s._note(i, f"{p.name} sells {what} to the bank for {value} Gulden to pay the debt", R_DEBT)


def _end_turn(s: SchmidtState, i: int, _: str) -> None:
    s.tasks = s.tasks[:-1]
    s.visit = None


_ACTIONS = {"spin": _spin, "move": _move, "ransom": _ransom, "gift": _gift, "sell": _sell, "buy": _buy,
            "deal": _deal, "pick": _pick, "pay_debt": _pay_debt, "end_turn": _end_turn, "booty": _booty,
            "extra_turn": _extra_turn, "extra_card": _extra_card}


# ------------------------------------------------------------------------------- automatic steps


def _run(s: SchmidtState) -> None:
    """Carry out the tasks on top of the stack that need no decision, until one does."""
    c = s.components
    while s.tasks and not s.over:
        task: tuple[Any, ...] = s.tasks[-1]
        kind, i = task[0], task[1]
        p = s.players[i]
        if kind == "end":
            s.tasks = s.tasks[:-1]
            s.visit = None
            if s.extra_turns:  # the strong wind: the merchant decides on each extra turn
                s.tasks = (*s.tasks, ("extra_turn", i))
            else:
                _next_turn(s, i)
        elif kind == "draw":
            s.tasks = s.tasks[:-1]
            _draw(s, i, task[2])
        elif kind == "move" and not destinations(s, i, task[2]):
            s.tasks = s.tasks[:-1]
            s._note(i, f"{p.name} cannot end a move of {counted(task[2], 'space')} on a free space and loses the turn",
                    R_OCCUPIED)
        elif kind == "gift" and len(gift_cards(c, p)) == task[2]:
            s.tasks = s.tasks[:-1]
            _give(s, i, tuple(gift_cards(c, p)))
            _receive_plaque(s, i)
        elif kind == "trade" and (s.visit is None or p.location != s.visit[0]):
            s.tasks = s.tasks[:-1]
            s.visit = None
        elif kind == "trade" and len(trade_actions(s, i)) == 1:
            s.tasks = s.tasks[:-1]
            s.visit = None
            s._note(i, f"{p.name} can make no more trades in {c.locations[p.location].title} on this visit", R_BUY)
        elif kind == "debt" and (p.gulden >= task[2] or not (p.cards or p.plaque or p.secrets)):
            s.tasks = s.tasks[:-1]
            _settle(s, i, task[2], task[3], task[4])
        else:
            return


def _settle(s: SchmidtState, i: int, amount: int, creditor: int | str, rule: str) -> None:
    """Merchant ``i`` pays ``amount``; with neither money nor cards enough, he pays what he has and
    restarts in Venice with the start capital."""
    c = s.components
    p = s._player(i)
    paid = min(amount, p.gulden)
    p.__dict__["gulden"] = p.gulden - paid
    to = "the bank"
    if isinstance(creditor, int):
        q = s._player(creditor)
        q.__dict__["gulden"] = q.gulden + paid
        to = q.name
    elif creditor != BANK:
        gulden, cards = s.booty[creditor]
        s.booty = {**s.booty, creditor: (gulden + paid, cards)}
        to = f"the {_fight(creditor)}' space"
    short = f" of the {amount} owed" if paid < amount else ""
    s._note(i, f"{p.name} pays {paid} Gulden{short} to {to}", R_DEBT if paid < amount else rule)
    if paid < amount:
        p.__dict__.update(location=c.start, gulden=c.rules.restart_gulden)
        s._note(i, f"{p.name} has neither money nor cards left: {p.name} returns to Venice and starts again with "
                   f"{c.rules.restart_gulden} Gulden", R_DEBT)
        if i == s.turn:
            s.visit = None


def _next_turn(s: SchmidtState, i: int) -> None:
    """Play passes from merchant ``i`` to the next; a new round starts with the first player."""
    s.turn = (i + 1) % s.num_players
    if s.turn == s.first_player:
        s.round += 1
        if s.round_limit is not None and s.round > s.round_limit:
            s.round -= 1
            s.over = True
            s.tasks = ()
            s._note(None, f"the round limit ({s.round_limit}) is reached: the game ends without a return to Venice; "
                          f"the richest merchant wins", R_LIMIT)
