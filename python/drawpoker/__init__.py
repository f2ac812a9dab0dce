"""drawpoker: fast, exact poker in Python with a Rust core.

>>> import drawpoker
>>> drawpoker.describe(drawpoker.evaluate("Ah Kh Qh Jh Th 2c 3d"))
'Royal flush'
>>> drawpoker.describe(drawpoker.evaluate(["A♥", "K♥", "Q♥", "J♥", "10♥"]))
'Royal flush'
>>> drawpoker.__version__ == importlib.metadata.version("drawpoker")
True
"""

import importlib.metadata
from typing import TYPE_CHECKING, Any

from drawpoker.analysis.draw import (
    DiscardChoice,
    DrawOutcome,
    discard_choices,
    draw_category_counts_batch,
    draw_outcome,
)
from drawpoker.analysis.draw_equity import DrawEquity, draw_equity
from drawpoker.analysis.equity import EquityResult, PlayerEquity, equity, equity_batch
from drawpoker.analysis.evaluation import (
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
from drawpoker.analysis.omaha import (
    evaluate_omaha,
    evaluate_omaha_batch,
    evaluate_omaha_hilo,
    evaluate_omaha_hilo_batch,
)
from drawpoker.analysis.range_equity import RangeEquityResult, range_equity
from drawpoker.analysis.range_grid import EquityGrid, equity_grid, grid_svg
from drawpoker.analysis.ranges import Range
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

if TYPE_CHECKING:
    from drawpoker.matches.simulation import simulate as simulate

__version__ = importlib.metadata.version("drawpoker")
"""The installed version of drawpoker (from the package metadata)."""

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
    "EquityGrid",
    "EquityResult",
    "HandCategory",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidCardError",
    "PlayerEquity",
    "Range",
    "RangeEquityResult",
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
    "equity_grid",
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
    "grid_svg",
    "match",
    "parse_cards",
    "qualifies_low8",
    "range_equity",
    "rank_of",
    "ranking_system",
    "simulate",
    "strength_histogram",
    "suit_of",
]


def __getattr__(name: str) -> Any:
    """``drawpoker.simulate`` and ``drawpoker.match`` load the table engine on first use, not at
    ``import drawpoker``.

    >>> import drawpoker
    >>> drawpoker.simulate.__module__, drawpoker.match.__module__
    ('drawpoker.matches.simulation', 'drawpoker.matches.duplicate')
    """
    # Lazy for speed, not to dodge a circle: the table engine with its CPU players takes about
    # 0.6 s to import, more than twice the rest of the package.
    if name == "simulate":
        from drawpoker.matches.simulation import simulate

        return simulate
    if name == "match":
        from drawpoker.matches.duplicate import match

        return match
    raise AttributeError(f"module 'drawpoker' has no attribute {name!r}")
