"""drawpoker: fast, exact poker in Python with a Rust core.

>>> import drawpoker
>>> drawpoker.describe(drawpoker.evaluate("Ah Kh Qh Jh Th 2c 3d"))
'Royal flush'
"""

from drawpoker.cards import (
    JOKER,
    RANKS,
    SUITS,
    card,
    format_cards,
    full_deck,
    parse_cards,
    rank_of,
    suit_of,
)
from drawpoker.equity import EquityResult, PlayerEquity, equity, equity_batch
from drawpoker.errors import (
    DrawPokerError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidCardError,
)
from drawpoker.evaluation import (
    HIGH_CLASS_COUNT,
    HandCategory,
    category,
    category_counts,
    compare_batch,
    describe,
    evaluate,
    evaluate_batch,
    strength_histogram,
)

__all__ = [
    "HIGH_CLASS_COUNT",
    "JOKER",
    "RANKS",
    "SUITS",
    "DrawPokerError",
    "EquityResult",
    "HandCategory",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidCardError",
    "PlayerEquity",
    "card",
    "category",
    "category_counts",
    "compare_batch",
    "describe",
    "equity",
    "equity_batch",
    "evaluate",
    "evaluate_batch",
    "format_cards",
    "full_deck",
    "parse_cards",
    "rank_of",
    "strength_histogram",
    "suit_of",
]
