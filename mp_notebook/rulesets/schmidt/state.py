"""The state of a Schmidt Spiele Marco Polo game: merchants, decks, booty piles, pending decisions.

States are immutable values: :meth:`SchmidtState.apply` returns a new state sharing everything
unchanged (the static board, untouched merchants, the history) with the old one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mp_notebook.engine.actions import Decision
from mp_notebook.engine.errors import IllegalAction
from mp_notebook.engine.rng import next_int
from mp_notebook.engine.state import Pieces, RulesState
from mp_notebook.rulesets.schmidt import editing, rules, scoring, secrets, summary
from mp_notebook.rulesets.schmidt.components import Components, components, shared_board
from mp_notebook.rulesets.schmidt.notation import VOCABULARY

if TYPE_CHECKING:

    from mp_notebook.board.graph import Board



class Player(Pieces):
    """One merchant. Read-only: edit a position with ``GameState.with_player``.

    ``gulden`` is his money (also ``coins``), ``cards`` his ware cards (ids such as ``green80a``),
    ``plaque`` the mission city of his Golden Plaque (None without one), ``secrets`` whether he
    holds the Secrets of the Orient, ``mode`` the route type he travels (``land`` or ``sea``).
    The fields other rulesets have (camels, dice, trading posts, ...) are empty here.
    """

    FIELDS = ("name", "gulden", "cards", "plaque", "secrets", "location", "mode")
    GOODS = ()  # no goods but ware cards: ``goods`` counts the cards per colour

    name: str
    gulden: int
    cards: tuple[str, ...]
    plaque: str | None
    secrets: bool
    location: str
    mode: str

    character = None
    camels = 0
    vp = 0
    dice: tuple[int, ...] = ()
    black_dice: tuple[int, ...] = ()
    trading_posts: tuple[str, ...] = ()
    contracts: tuple[str, ...] = ()
    completed: tuple[str, ...] = ()
    goal = None

    @property
    def coins(self) -> int:
        return self.gulden

    @property
    def goods(self) -> dict[str, int]:
        """Ware cards held per colour."""
        cards = components().cards
        out = dict.fromkeys(components().colours, 0)
        for cid in self.cards:
            out[cards[cid].colour] += 1
        return out

    @property
    def seals(self) -> dict[str, str]:
        return {}

    @property
    def locations(self) -> tuple[str, ...]:
        return (self.location,)

    def __repr__(self) -> str:
        extra = (", Plaque → " + self.plaque if self.plaque else "") + (", Secrets" if self.secrets else "")
        return (f"<Player {self.name}: {self.gulden} Gulden, cards {list(self.cards)}{extra}, "
                f"at {self.location} ({self.mode})>")


Visit = tuple[str, str, int, bool, tuple[int, ...]]
"""A trading visit: (city, colour sold so far or "", cards bought, traded with a merchant, merchants
present on arrival)."""


class SchmidtState(RulesState):
    """A position of the Schmidt Spiele Marco Polo. Create one with ``mp_notebook.new_game``."""

    ruleset = "schmidt"

    components: Components
    board: Board
    num_players: int
    round: int
    first_player: int
    turn: int
    players: tuple[Player, ...]
    decks: dict[str, tuple[str, ...]]  # colour -> card ids, top first
    plaques: tuple[str, ...]  # mission cities of the Plaques left in the bank, top first
    secrets_left: int
    booty: dict[str, tuple[int, tuple[str, ...]]]  # ring -> (Gulden, cards) on its pirates/bandits space
    tasks: tuple[tuple[Any, ...], ...]  # pending decisions and steps, the last on top
    visit: Visit | None
    extra_turns: int
    spun: tuple[str, str] | None  # (ring, sector) of the last spin
    round_limit: int | None
    winner: int | None
    rng: int

    vocabulary = VOCABULARY
    rules = rules
    scoring = scoring
    editing = editing
    secrets = secrets
    summary = summary

    def _static(self) -> dict[str, Any]:
        return {"components": components(), "board": shared_board()}

    def draw(self, n: int) -> int:
        """A uniform number in ``range(n)`` from the state's RNG (only while the rules build a new state)."""
        self.rng, v = next_int(self.rng, n)
        return v

    # --- the public API ----------------------------------------------------------------------
    @property
    def rounds(self) -> int | None:
        """The round limit if the game was given one (``round_limit``); the rules set none."""
        return self.round_limit or None

    @property
    def decision(self) -> Decision:
        """What is awaited now: ``.kind`` (``turn``, ``move``, ``ransom``, ``booty``, ``gift``,
        ``trade``, ``pick``, ``extra_card``, ``extra_turn``, ``debt`` or ``over``), ``.player``,
        ``.text`` and ``.about`` (the spaces to move for a ``move``, the ring of the fight for a
        ``booty``, the joker for a ``pick``, the free cards or extra turns left for ``extra_card``
        and ``extra_turn``, the amount owed for a ``debt``).

        >>> import mp_notebook as mp
        >>> s = mp.new_game(2, ruleset="schmidt", seed=1)
        >>> s.decision.kind, s.decision.player
        ('turn', 0)
        """
        return rules.decision(self)

    def with_player(self, i: int, **changes: Any) -> SchmidtState:
        """A new state with merchant ``i`` edited (position editing for analysis).

        Keys: ``gulden`` (or ``coins``), ``cards``, ``plaque``, ``secrets``, ``location``, ``mode``.
        Cards move out of the decks (or another merchant's hand); bad values raise ValueError and
        change nothing. The edit is recorded in the history so the state still replays.

        >>> import mp_notebook as mp
        >>> s = mp.new_game(2, ruleset="schmidt", seed=1).with_player(0, gulden=500, cards=["red80a"])
        >>> s.players[0].gulden, s.players[0].cards
        (500, ('red80a',))
        """
        return super().with_player(i, **changes)


__all__ = ["IllegalAction", "Player", "SchmidtState"]
