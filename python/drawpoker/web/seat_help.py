"""What the table page tells a seat about its own hand, from that seat's view alone
(``table.view(seat)``: its cards, the board, nothing of another seat's hidden cards or the
stub): the hand as it stands (:func:`hand_line`, described as the showdown describes it).

>>> from drawpoker.games import Hand, game
>>> hand = Hand(game("five-card-draw"), [500, 500], deck="Jh 9c Jd 8c 7c 6s 4s 5s 2h 3d")
>>> hand_line(hand.view(1))
{'text': 'Pair of jacks (7-4-2)'}
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from drawpoker.evaluation import RANKINGS, evaluate, qualifies_low8
from drawpoker.games import HandView, ShowdownPart
from drawpoker.narration import hand_words, partial_hand_words


def _strength(part: ShowdownPart, own: tuple[int, ...], board: tuple[int, ...]) -> int | None:
    """The best strength of ``part`` that the cards make so far, ``None`` when they make no
    hand of the sizes its ranking takes (too few cards, an Omaha hand before the flop)."""
    sizes = RANKINGS[part.ranking].hand_sizes
    if part.cards == "two-hole-three-board":
        if len(own) < 2 or len(board) < 3:
            return None
        return max(
            evaluate(hole + common, part.ranking)
            for hole in combinations(own, 2)
            for common in combinations(board, 3)
        )
    pool = own + board
    if len(pool) in sizes:
        return evaluate(pool, part.ranking)
    if len(pool) < min(sizes):
        return None
    return max(evaluate(cards, part.ranking) for cards in combinations(pool, max(sizes)))


@lru_cache(maxsize=4096)
def _line(
    parts: tuple[ShowdownPart, ...], own: tuple[int, ...], board: tuple[int, ...], tag: str
) -> dict[str, Any] | None:
    high = parts[0]
    strength = _strength(high, own, board)
    if strength is not None:
        line: dict[str, Any] = {"text": hand_words(strength, high.ranking, tag)}
    elif high.ranking == "high" and high.cards == "best-of-all":
        line = {"text": partial_hand_words(own + board, tag)}
        if not line["text"]:
            return None
    else:
        return None
    if len(parts) > 1:
        low_part = parts[-1]
        low = _strength(low_part, own, board)
        if low is None and strength is None:
            return line  # too few cards to tell a low yet: the line says the high only
        if low is not None and low_part.qualifier == "eight-or-better" and not qualifies_low8(low):
            low = None
        line["low"] = None if low is None else hand_words(low, low_part.ranking, tag)
    return line


def hand_line(view: HandView, tag: str = "en") -> dict[str, Any] | None:
    """The seat's own hand as it stands, described as a shown hand is (``text``; in a hi/lo
    game also ``low``: its qualifying low, or ``None`` for no low), from its cards and the
    board: Omaha's two of the hand and three of the board, stud's own cards, a draw game's hand
    as it is now. Fewer than five cards are said by what they hold so far ("Pair of kings");
    ``None`` when there is nothing to say (no cards, folded, an Omaha hand before the flop).

    >>> from drawpoker.games import Hand, game
    >>> hand = Hand(game("holdem"), [500, 500], deck="Kh Kd Ks 2c")
    >>> hand_line(hand.view(1)), hand_line(hand.view(1), "ar")
    ({'text': 'Pair of kings'}, {'text': 'زوج ملوك'})
    >>> hand_line(Hand(game("omaha-hi-lo"), [500, 500], seed=1).view(0)) is None
    True
    """
    if not view.cards or not view.live[view.seat]:
        return None
    return _line(view.game.showdown, tuple(view.cards), tuple(view.board), tag)
