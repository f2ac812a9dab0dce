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
from drawpoker.draw import (
    DiscardChoice,
    DrawOutcome,
    discard_choices,
    draw_category_counts_batch,
    draw_outcome,
)
from drawpoker.draw_equity import DrawEquity, draw_equity
from drawpoker.equity import EquityResult, PlayerEquity, equity, equity_batch
from drawpoker.errors import (
    DrawPokerError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidCardError,
)
from drawpoker.evaluation import (
    HIGH_CLASS_COUNT,
    LOW8_MIN,
    RANKINGS,
    BadugiCategory,
    HandCategory,
    RankingSystem,
    category,
    category_counts,
    compare_batch,
    describe,
    evaluate,
    evaluate_batch,
    evaluate_low8,
    evaluate_low8_batch,
    qualifies_low8,
    ranking_system,
    strength_histogram,
)
from drawpoker.omaha import (
    evaluate_omaha,
    evaluate_omaha_batch,
    evaluate_omaha_hilo,
    evaluate_omaha_hilo_batch,
)

__all__ = [
    "HIGH_CLASS_COUNT",
    "JOKER",
    "LOW8_MIN",
    "RANKINGS",
    "RANKS",
    "SUITS",
    "BadugiCategory",
    "DiscardChoice",
    "DrawEquity",
    "DrawOutcome",
    "DrawPokerError",
    "EquityResult",
    "HandCategory",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidCardError",
    "PlayerEquity",
    "RankingSystem",
    "card",
    "category",
    "category_counts",
    "compare_batch",
    "describe",
    "discard_choices",
    "draw_category_counts_batch",
    "draw_equity",
    "draw_outcome",
    "equity",
    "equity_batch",
    "evaluate",
    "evaluate_batch",
    "evaluate_low8",
    "evaluate_low8_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_omaha_hilo",
    "evaluate_omaha_hilo_batch",
    "format_cards",
    "full_deck",
    "parse_cards",
    "qualifies_low8",
    "rank_of",
    "ranking_system",
    "strength_histogram",
    "suit_of",
]
