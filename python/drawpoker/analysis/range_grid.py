"""The 13x13 grid of starting hands and a heat map of a range's equity on it (SVG).

Rows and columns run from ace (0) down to deuce (12). Pairs sit on the diagonal, suited hands
above it (row = top card, column = second card: ``AKs`` is row 0, column 1) and offsuit hands
below it (``AKo`` is row 1, column 0), the layout of PokerStove and Equilab.

>>> from drawpoker.analysis.ranges import Range
>>> grid = equity_grid(Range("AA, AKs"), [Range("QQ")])
>>> cell_name(0, 1), round(float(grid.equity[0, 0]), 3), round(float(grid.equity[0, 1]), 3)
('AKs', 0.815, 0.46)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drawpoker.analysis.equity_result import DEFAULT_MAX_OUTCOMES, DEFAULT_SAMPLES
from drawpoker.analysis.range_equity import ComboEquities, range_equity
from drawpoker.analysis.ranges import Range
from drawpoker.cards import RANKS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from drawpoker.cards import CardsLike

GRID_RANKS = RANKS[::-1]
"""Ranks of the grid's rows and columns, ace first."""


def cell_name(row: int, column: int) -> str:
    """The hand class of a cell: ``AA``, ``AKs`` (above the diagonal) or ``AKo`` (below).

    >>> cell_name(12, 12), cell_name(1, 0), cell_name(0, 12)
    ('22', 'AKo', 'A2s')
    """
    high, low = GRID_RANKS[min(row, column)], GRID_RANKS[max(row, column)]
    if row == column:
        return high + low
    return high + low + ("s" if row < column else "o")


def cell_of(card_a: int, card_b: int) -> tuple[int, int]:
    """The grid cell of two hole cards.

    >>> cell_of(51, 47), cell_of(51, 46), cell_of(0, 1)
    ((0, 1), (1, 0), (12, 12))
    """
    high, low = 12 - max(card_a >> 2, card_b >> 2), 12 - min(card_a >> 2, card_b >> 2)
    if (card_a & 3) == (card_b & 3):
        return high, low
    return low, high


@dataclass(frozen=True)
class EquityGrid:
    """Per cell: the range's equity there (its combos' equities averaged by frequency; NaN for
    an empty cell) and the range's frequency in that cell (the cells sum to 1).

    >>> from drawpoker.analysis.ranges import Range
    >>> grid = equity_grid(Range("AKs"), ["QhQd"])
    >>> float(grid.frequency[0, 1]), bool(math.isnan(grid.equity[5, 5]))
    (1.0, True)
    """

    equity: npt.NDArray[np.float64]
    frequency: npt.NDArray[np.float64]
    title: str = ""


def grid_of(combos: ComboEquities, title: str = "") -> EquityGrid:
    """The grid of one player's per-combo results.

    >>> from drawpoker.analysis.range_equity import range_equity
    >>> result = range_equity([Range("KK"), Range("AA")])
    >>> round(float(grid_of(result.combos[0]).equity[1, 1]), 3)
    0.181
    """
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    weighted = np.zeros((13, 13))
    frequency = np.zeros((13, 13))
    for (a, b), eq, freq in zip(combos.combos, combos.equity, combos.frequency, strict=True):
        if freq > 0:
            cell = cell_of(int(a), int(b))
            weighted[cell] += freq * eq
            frequency[cell] += freq
    with np.errstate(invalid="ignore", divide="ignore"):
        equity = np.where(frequency > 0, weighted / frequency, np.nan)
    return EquityGrid(equity, frequency, title)


def equity_grid(
    hero: Range,
    others: Sequence[Range | CardsLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    max_outcomes: int = DEFAULT_MAX_OUTCOMES,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> EquityGrid:
    """The grid of ``hero``'s equity against the ``others`` (see
    :func:`~drawpoker.analysis.range_equity.range_equity`).

    >>> grid = equity_grid(Range("TT+"), [Range("AKs")])
    >>> [cell_name(r, c) for r, c in zip(*grid.frequency.nonzero())]
    ['AA', 'KK', 'QQ', 'JJ', 'TT']
    """
    result = range_equity(
        [hero, *others], board, dead, max_outcomes=max_outcomes, samples=samples, seed=seed
    )
    title = f"{hero.text} against {', '.join(_name(o) for o in others)}"
    return grid_of(result.combos[0], title)


def _name(player: Range | CardsLike) -> str:
    return player.text if isinstance(player, Range) else str(player)


_RED, _WHITE, _GREEN = (214, 48, 39), (255, 255, 255), (26, 152, 80)


def _colour(equity: float) -> str:
    """Red (0) through white (0.5) to green (1); grey for an empty cell."""
    if math.isnan(equity):
        return "#eeeeee"
    t = min(max(equity, 0.0), 1.0)
    low, high, k = (_RED, _WHITE, 2 * t) if t < 0.5 else (_WHITE, _GREEN, 2 * t - 1)
    r, g, b = (round(x + (y - x) * k) for x, y in zip(low, high, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


def grid_svg(grid: EquityGrid, *, cell: int = 40) -> str:
    """The grid as an SVG heat map (written by hand): each cell coloured by equity, red below
    50% through white to green above, labelled with its hand and equity; empty cells grey.

    >>> svg = grid_svg(equity_grid(Range("AA"), [Range("KK")]))
    >>> svg.startswith("<svg") and "AA" in svg and "82%" in svg
    True
    """
    top = 30
    size = 13 * cell
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 2}" height="{size + top + 2}" '
        'font-family="sans-serif" font-size="11" text-anchor="middle">',
        f'<text x="{size // 2}" y="18" font-size="13" font-weight="bold">'
        f"{_escape(grid.title or 'Equity by starting hand')}</text>",
    ]
    for row in range(13):
        for column in range(13):
            value = float(grid.equity[row, column])
            x, y = 1 + column * cell, top + row * cell
            name = cell_name(row, column)
            label = "" if math.isnan(value) else f"{100 * value:.0f}%"
            tip = name if not label else f"{name}: {100 * value:.1f}%"
            parts.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                f'fill="{_colour(value)}" stroke="#ffffff"><title>{tip}</title></rect>'
                f'<text x="{x + cell / 2}" y="{y + cell / 2 - 2}">{name}</text>'
                f'<text x="{x + cell / 2}" y="{y + cell / 2 + 11}" font-size="10">{label}</text>'
            )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
