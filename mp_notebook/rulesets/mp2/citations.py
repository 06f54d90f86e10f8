"""The rule citations of Marco Polo II: every log event and every illegal-action message names one.

>>> R_TRAVEL
'Rulebook: 4. Travel'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mp_notebook.rulesets.mp2.components import Character

R_TURN = "Rulebook: A Game Turn"
R_ACTIONS = "Rulebook: Actions (general rules)"
R_OCCUPIED = "Rulebook: Using an occupied action space"
R_BLACK = "Rulebook: Black dice"
R_BOOKS = "Rulebook: 1. Books"
R_KHAN = "Rulebook: 2. Khan's Favor"
R_SEALS = "Rulebook: 3. Guild Seals"
R_TRAVEL = "Rulebook: 4. Travel"
R_POSTS = "Rulebook: 4. Travel — trading posts"
R_OUTPOST = "Rulebook: 4. Travel — outpost bonus"
R_CONTRACTS = "Rulebook: 5. Contracts"
R_SPECIAL = "Rulebook: 6. Special Cities"
R_CARDS = "Rulebook: 7. City Cards"
R_COMPLETE = "Rulebook: Bonus action 1 — complete 1 contract"
R_IMPROVE = "Rulebook: Bonus action 2 — improve 1 guild seal"
R_BAG = "Rulebook: Bonus action 3 — money bag"
R_REROLL = "Rulebook: Bonus action 4 — reroll 1 die"
R_ADJUST = "Rulebook: Bonus action 5 — change 1 die by 1"
R_BUY_BLACK = "Rulebook: Bonus action 6 — take 1 black die"
R_JADE = "Rulebook: Jade — pays for any coin or camel"
R_COMPENSATION = "Rulebook: Compensation for low die rolls"
R_FIRST = "Rulebook: The first player"
R_ROUND = "Rulebook: Start of a new round"
R_END = "Rulebook: End of game"
R_ICONS = "Supplement: Icons"
R_SETUP = "Rulebook: Player setup"


def R_CHAR(ch: Character) -> str:  # a rule citation, named like the constants above
    return f"Supplement: Characters — {ch.name}"
