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
from drawpoker.errors import (
    DrawPokerError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidCardError,
)
from drawpoker.evaluation import (
    HIGH_CLASS_COUNT,
    RANKINGS,
    HandCategory,
    RankingSystem,
    category,
    category_counts,
    compare_batch,
    describe,
    evaluate,
    evaluate_batch,
    ranking_system,
    strength_histogram,
)

__all__ = [
    "HIGH_CLASS_COUNT",
    "JOKER",
    "RANKINGS",
    "RANKS",
    "SUITS",
    "DrawPokerError",
    "HandCategory",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidCardError",
    "RankingSystem",
    "card",
    "category",
    "category_counts",
    "compare_batch",
    "describe",
    "evaluate",
    "evaluate_batch",
    "format_cards",
    "full_deck",
    "parse_cards",
    "rank_of",
    "ranking_system",
    "strength_histogram",
    "suit_of",
]
