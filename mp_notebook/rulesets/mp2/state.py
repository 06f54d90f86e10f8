"""The state of a Marco Polo II game: players, the board's changing parts, pending decisions.

States are immutable values: :meth:`Mp2State.apply` returns a new state that shares everything
unchanged (the static board, untouched players, the history) with the old one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Decision
from mp_notebook.engine.errors import IllegalAction
from mp_notebook.engine.rng import next_int
from mp_notebook.engine.state import Pieces, RulesState
from mp_notebook.rulesets._shared.dice import EMPTY as EMPTY_SPACE
from mp_notebook.rulesets._shared.dice import Placement, Space
from mp_notebook.rulesets.mp2 import editing, rules, scoring, secrets, summary
from mp_notebook.rulesets.mp2.components import GOODS, SEALS, Components, components, shared_board
from mp_notebook.rulesets.mp2.notation import VOCABULARY

if TYPE_CHECKING:

    from mp_notebook.board.graph import Board
    from mp_notebook.rulesets.mp2.automa import Automa

_set = object.__setattr__


class Player(Pieces):
    """One seat's pieces. Read-only: edit a position with ``GameState.with_player``.

    ``dice`` are the unplaced dice of the player's colour, ``black_dice`` the black dice held,
    ``seals`` maps each seal held to ``"basic"`` or ``"improved"``.
    """

    FIELDS = ("name", "character", "coins", "camels", "pepper", "silk", "gold", "jade", "vp", "dice",
              "black_dice", "location", "figure2", "trading_posts", "contracts", "completed", "seal_levels",
              "goal", "shields", "outpost_tiles")
    GOODS = GOODS

    name: str
    character: str | None
    coins: int
    camels: int
    pepper: int
    silk: int
    gold: int
    jade: int
    vp: int
    dice: tuple[int, ...]
    black_dice: tuple[int, ...]
    location: str
    figure2: str | None  # the second figure of Mailin & Tian Chin
    trading_posts: tuple[str, ...]
    contracts: tuple[str, ...]
    completed: tuple[str, ...]
    seal_levels: tuple[tuple[str, bool], ...]  # (type, improved), in SEALS order
    goal: str | None
    shields: int  # "+1" shield icons gained from rewards
    outpost_tiles: tuple[str, ...]  # outpost bonus tiles collected by Filippo Vitello

    @property
    def seals(self) -> dict[str, str]:
        return {t: ("improved" if up else "basic") for t, up in self.seal_levels}

    def has_seal(self, seal: str) -> bool:
        return any(t == seal for t, _ in self.seal_levels)

    def improved(self, seal: str) -> bool:
        return (seal, True) in self.seal_levels

    @property
    def locations(self) -> tuple[str, ...]:
        """Where the player's figures stand (two for Mailin & Tian Chin)."""
        return (self.location,) if self.figure2 is None else (self.location, self.figure2)

    def __repr__(self) -> str:
        goods = " ".join(f"{g}={getattr(self, g)}" for g in GOODS if getattr(self, g))
        return (f"<Player {self.name}: {self.vp} VP, {self.coins} coins, {self.camels} camels"
                f"{', ' + goods if goods else ''}, dice {list(self.dice)}"
                f"{' + black ' + str(list(self.black_dice)) if self.black_dice else ''}, at {self.location}>")


class Mp2State(RulesState):
    """A Marco Polo II position. Create one with ``mp_notebook.new_game``."""

    ruleset = "mp2"

    components: Components
    board: Board
    num_players: int
    round: int
    first_player: int
    next_first: int
    travel_high: int
    turn: int | None
    main_done: bool
    black_bought: bool
    bagged: bool  # a die went on the money bag this turn before the main action
    posted_now: frozenset[str]
    players: tuple[Player, ...]
    spaces: dict[str, Space]
    placed: tuple[Placement, ...]  # the dice placed this round, by whom
    offer_tiles: tuple[str, str, str]
    offer_piles: tuple[tuple[str, ...], ...]
    display: dict[str, tuple[str | None, str | None]]
    contract_pile: tuple[str, ...]
    markers: dict[str, str]
    outposts: dict[str, str]
    cards: dict[str, str]
    card_deck: tuple[str, ...]
    black_pool: tuple[int, ...]
    variants: frozenset[str]
    tasks: tuple[tuple[Any, ...], ...]
    completing: frozenset[str]  # contracts whose rewards are being received (still in their slot)
    automa: Automa | None  # the solo Automa (seat 1), None in a game of 2-4 players
    rng: int

    vocabulary = VOCABULARY
    rules = rules
    scoring = scoring
    editing = editing
    secrets = secrets
    summary = summary

    def _static(self) -> dict[str, Any]:
        return {"components": components(), "board": shared_board()}

    def roll(self) -> int:
        """Roll one die with the state's RNG (only while the rules build a new state)."""
        self.rng, v = next_int(self.rng, 6)
        return v + 1

    def space(self, key: str) -> Space:
        """An action space: (colours used this round, values of the dice on it)."""
        return self.spaces.get(key, EMPTY_SPACE)

    # --- the public API ----------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return self.components.rules.rounds

    @property
    def decision(self) -> Decision:
        """What is awaited now: ``.kind``, ``.player``, ``.text`` in plain English and ``.about``
        (``rules.DECISION_ABOUT`` lists what it holds for a move, an offer, a choice of rewards and an
        exchange).

        >>> import mp_notebook as mp
        >>> s = mp.new_game(players=2, seed=1)
        >>> s.decision.kind, s.decision.player
        ('turn', 0)
        >>> s.apply("travel [5,6] middle").decision.about  # the moves left
        3
        """
        known = self._decision  # asked for again and again by the agents: no super() call then
        return known if known is not None else super().decision

    def with_player(self, i: int, **changes: Any) -> Mp2State:
        """A new state with player ``i``'s pieces edited (position editing for analysis).

        Keys: ``coins camels vp dice black_dice location figure2 goods seals trading_posts
        contracts completed goal``. The edit is recorded in the history so the state still replays.
        Bad values raise ValueError and change nothing: numbers are ints (numpy ints too; not
        floats or bools) up to 999,999, lists are lists or tuples within the rules' sizes (at most
        11 dice), a contract has one holder, and an edit may not leave a pending decision (a
        ``pay``, say) without a legal choice.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(players=2, seed=1).with_player(0, coins=20, goods={"silk": 2})
        >>> s.players[0].coins, s.players[0].silk
        (20, 2)
        """
        return super().with_player(i, **changes)



__all__ = ["SEALS", "IllegalAction", "Mp2State", "Player"]
