"""Omaha high and Omaha Hi/Lo eight-or-better (R-HIGH-4, R-A5-4): a hand is exactly two of the
4, 5 or 6 hole cards plus exactly three of the 3, 4 or 5 board cards.

High strengths are on the high scale (1..7,462, see :func:`drawpoker.evaluate`); lows are
ace-to-five strengths (``ranking="ace-five"``), present only when eight-or-better.

>>> from drawpoker import describe
>>> describe(evaluate_omaha("As Kd Qc 2h", "3s 4s 5s 9s Jd"))
'Straight, five high'
>>> high, low = evaluate_omaha_hilo("As 2s Kd Kh", "3c 4d 8h Jc Qd")
>>> describe(low, ranking="ace-five")
'Eight-four low: 8-4-3-2-A'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawpoker import _core
from drawpoker.cards import as_card_array, to_card_list

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from drawpoker.cards import CardsLike

HOLE_SIZES = (4, 5, 6)
"""Hole-card counts of the Omaha variants."""

BOARD_SIZES = (3, 4, 5)
"""Board sizes: flop, turn, river."""


def evaluate_omaha(hole: CardsLike, board: CardsLike) -> int:
    """High strength of the best hand of two hole cards and three board cards.

    >>> evaluate_omaha("As Ks Qc 2h", "3s 4s 5s 9s Jd") > evaluate_omaha(
    ...     "As Kd Qc 2h", "3s 4s 5s 9s Jd")
    True
    """
    return _core.evaluate_omaha(to_card_list(hole, "hole"), to_card_list(board, "board"))


def evaluate_omaha_hilo(hole: CardsLike, board: CardsLike) -> tuple[int, int | None]:
    """``(high, low)`` of an Omaha Hi/Lo hand; ``low`` is the best eight-or-better ace-to-five
    strength of two hole cards and three board cards, or ``None`` when no low qualifies.

    >>> evaluate_omaha_hilo("As 2s Kd Kh", "3c 9d Th Jc Qd")[1] is None
    True
    """
    return _core.evaluate_omaha_hilo(to_card_list(hole, "hole"), to_card_list(board, "board"))


def _batches(
    hole: npt.ArrayLike, board: npt.ArrayLike
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    return (
        as_card_array(hole, widths=HOLE_SIZES, name="hole"),
        as_card_array(board, widths=BOARD_SIZES, name="board"),
    )


def evaluate_omaha_batch(hole: npt.ArrayLike, board: npt.ArrayLike) -> npt.NDArray[np.uint16]:
    """High strengths of ``hole[N, h]`` (h = 4, 5, 6) with ``board[N, b]`` (b = 3, 4, 5), row by
    row, computed with the GIL released. A repeated card within a row's hole and board raises
    :class:`~drawpoker.errors.InvalidCardError` naming the row.

    >>> from drawpoker import describe, parse_cards
    >>> hole = [parse_cards("As Ks 2c 2d"), parse_cards("Qh 2h 7c 7d")]
    >>> board = [parse_cards("Qs Js Ts 2h 3c"), parse_cards("Ah Kh Th 7h 2s")]
    >>> [describe(s) for s in evaluate_omaha_batch(hole, board)]
    ['Royal flush', 'Flush, A-K-Q-T-2']
    """
    return _core.evaluate_omaha_batch(*_batches(hole, board))


def evaluate_omaha_hilo_batch(
    hole: npt.ArrayLike, board: npt.ArrayLike
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """High and low strengths of ``hole[N, h]`` with ``board[N, b]``; a low of ``0`` marks a
    row without an eight-or-better low.

    >>> from drawpoker import parse_cards
    >>> hole = [parse_cards("As 2s Kd Kh"), parse_cards("As 2s Kd Kh")]
    >>> board = [parse_cards("3c 9d Th Jc Qd"), parse_cards("3c 4d 8h Jc Qd")]
    >>> high, low = evaluate_omaha_hilo_batch(hole, board)
    >>> (low > 0).tolist()
    [False, True]
    """
    return _core.evaluate_omaha_hilo_batch(*_batches(hole, board))
