"""Short-deck Hold'em, no limit (R-SD-1..4): Hold'em dealt from the 36-card deck (six through
ace), where a flush beats a full house and ``A-6-7-8-9`` is the lowest straight. The stakes,
blinds and streets are Hold'em's (R-HE-1..4); only the deck and the ranking differ.

>>> spec = ShortDeck()
>>> len(spec.deck_cards()), spec.ranking, spec.forced.big_blind
(36, 'short-deck', 100)
"""

from __future__ import annotations

from dataclasses import replace

from drawpoker.engine.spec import SHORT_RANKS, Deck, GameSpec, GameType, ShowdownPart
from drawpoker.engine.variants.holdem import Holdem, HoldemSettings


def ShortDeck(settings: HoldemSettings | None = None) -> GameSpec:
    """The spec of no-limit short-deck Hold'em: Hold'em's spec with the short deck and the
    short-deck ranking (ten seats and the board take 25 of the 36 cards).

    >>> ShortDeck(HoldemSettings(small_blind=100, big_blind=200, ante=25)).forced.ante
    25
    """
    return replace(
        Holdem(settings),
        name="short-deck",
        deck=Deck(ranks=SHORT_RANKS),
        showdown=(ShowdownPart("short-deck"),),
    )


GAME = GameType("short-deck", "Short-deck Hold'em, no limit", HoldemSettings, ShortDeck)
