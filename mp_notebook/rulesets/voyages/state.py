"""The state of a game of The Voyages of Marco Polo: players, the board's changing parts and the
pending decisions.

States are immutable values: :meth:`VoyagesState.apply` returns a new state that shares
everything unchanged (the static board, untouched players, the history) with the old one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Decision
from mp_notebook.engine.state import Pieces, RulesState
from mp_notebook.rulesets._shared.dice import Placement, Space
from mp_notebook.rulesets.voyages import editing, rules, scoring, secrets, summary
from mp_notebook.rulesets.voyages.components import GOODS, components, shared_board
from mp_notebook.rulesets.voyages.notation import VOCABULARY

if TYPE_CHECKING:

    from mp_notebook.board.graph import Board
    from mp_notebook.rulesets.voyages.components import Components

_set = object.__setattr__


class Player(Pieces):
    """One seat's pieces. Read-only: edit a position with ``GameState.with_player``.

    ``dice`` are the unplaced dice of the player's colour, ``black_dice`` the black dice held and
    ``white`` the value of Matteo Polo's white die (0: not held); black and white dice are no
    player's colour, and an action writes both with a ``b``. Raschid ad-Din Sinan's dice show 0
    until he places them and sets their values. ``goals`` are the goal cards kept (2).
    ``figure2`` is the second figure of Niccolò & Marco Polo (None for everyone else).
    """

    FIELDS = ("name", "character", "coins", "camels", "pepper", "silk", "gold", "vp", "dice", "black_dice",
              "white", "location", "figure2", "trading_posts", "contracts", "completed", "goals")
    GOODS = GOODS  # pepper, silk and gold (camels are not goods)

    name: str
    character: str | None
    coins: int
    camels: int
    pepper: int
    silk: int
    gold: int
    vp: int
    dice: tuple[int, ...]
    black_dice: tuple[int, ...]
    white: int
    location: str
    figure2: str | None
    trading_posts: tuple[str, ...]
    contracts: tuple[str, ...]
    completed: tuple[str, ...]
    goals: tuple[str, ...]

    @property
    def locations(self) -> tuple[str, ...]:
        """Where the player's figures stand (two for Niccolò & Marco Polo)."""
        return (self.location,) if self.figure2 is None else (self.location, self.figure2)

    def __repr__(self) -> str:
        goods = " ".join(f"{g}={getattr(self, g)}" for g in GOODS if getattr(self, g))
        return (f"<Player {self.name}: {self.vp} VP, {self.coins} coins, {self.camels} camels"
                f"{', ' + goods if goods else ''}, dice {list(self.dice)}"
                f"{' + colourless ' + str(list(self.black_dice)) if self.black_dice else ''}, at {self.location}>")


class VoyagesState(RulesState):
    """A position of The Voyages of Marco Polo. Create one with
    ``mp_notebook.new_game(n, ruleset="voyages")``."""

    ruleset = "voyages"

    components: Components
    board: Board
    num_players: int
    round: int
    first_player: int
    next_first: int
    turn: int | None
    main_done: bool
    black_bought: int  # black dice bought this turn (bonus action)
    posted_now: frozenset[str]
    players: tuple[Player, ...]
    spaces: dict[str, Space]
    placed: tuple[Placement, ...]  # the dice placed this round, by whom
    contract_spaces: tuple[str | None, ...]  # the 6 contract spaces of the board, left to right
    contract_piles: tuple[tuple[str, ...], ...]  # the piles of 6 still to come, one per round
    special_pile: tuple[str, ...]  # top first
    cards: dict[str, str]  # city card space -> card id
    outposts: dict[str, str]  # large city -> outpost bonus tile still there ("" once taken)
    markers: dict[str, str]  # small city -> city bonus marker
    beijing: tuple[int | None, ...]  # seat on each Beijing space, highest VP first
    black_pool: int  # black dice on the board
    variants: frozenset[str]
    tasks: tuple[tuple[Any, ...], ...]
    completing: frozenset[str]  # contracts whose rewards are being received (still in their slot)
    rng: int

    vocabulary = VOCABULARY
    rules = rules
    scoring = scoring
    editing = editing
    secrets = secrets
    summary = summary

    def _static(self) -> dict[str, Any]:
        return {"components": components(), "board": shared_board()}

    # --- the public API ----------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return self.components.rules.rounds

    @property
    def decision(self) -> Decision:
        """What is awaited now: ``.kind``, ``.player`` and ``.text`` in plain English.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(2, ruleset="voyages", seed=1)
        >>> s.decision.kind, s.decision.player, s.decision.text
        ('compensation', 1, 'Player 2: take 1 compensation as coins and/or camels')
        """
        return super().decision

    def with_player(self, i: int, **changes: Any) -> VoyagesState:
        """A new state with player ``i``'s pieces edited (position editing for analysis).

        Keys: ``coins camels vp goods dice black_dice location figure2 trading_posts contracts
        completed goals``. The edit is recorded in the history so the state still replays.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(2, ruleset="voyages", seed=1).with_player(0, coins=20, goods={"silk": 2})
        >>> s.players[0].coins, s.players[0].silk
        (20, 2)
        """
        return super().with_player(i, **changes)


__all__ = ["Player", "VoyagesState"]
