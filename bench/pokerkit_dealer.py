"""The PokerKit automations the bench drivers share: PokerKit (https://github.com/uoftcprg/pokerkit)
then does all the dealer's work (antes, blinds, dealing, burning, showdown, pushing chips) and the
drivers only take the players' actions, as drawpoker's drivers do.

>>> len(dealer_automations())  # doctest: +SKIP
11
"""

from __future__ import annotations

from typing import Any


def dealer_automations() -> tuple[Any, ...]:
    """Every PokerKit automation but the players' actions (PokerKit is imported only when a
    driver runs: it is a peer, not a dependency)."""
    from pokerkit import Automation

    return (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
