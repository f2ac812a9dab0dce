"""How an Omaha player reads its hand: the starting-hand point counts, how near the nuts its made
hand is, and its outs. The CPU players of :mod:`drawpoker.bots.omaha` decide from these.

- :func:`hutchison_high` is Edward Hutchison's point count for Omaha high (hutchisonpoker.com,
  "Hutchison Point Count System For Omaha Poker"): suited cards by the suit's highest card,
  pairs by rank, cards that can make straights together; the total, halved, approximates the
  hand's chance in percent to win against nine opponents who never fold.
- :func:`hutchison_hilo` is his count for Omaha Hi/Lo eight-or-better (Canadian Poker Monthly,
  December 1997; ehutchison.homestead.com): the high-only hands, then points for the two lowest
  cards, the other two, pairs, and suits (the suit points are ours: the published values of
  that step are not quoted here).
- :func:`read_board` counts the two-card holdings that would beat the made hand (an opponent's
  Omaha hand uses exactly two of its cards, so the count over every pair of unseen cards says how
  near the nuts a hand is); :func:`outs` counts the cards that would make a strong hand.

>>> from drawpoker.cards import parse_cards
>>> hutchison_high(parse_cards("As Ac Ks Kc"))  # aces and kings double suited
27.0
>>> read_board(parse_cards("As Ks 7d 2c"), parse_cards("Qs Js Ts")).beaten_by  # a royal flush
0.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from drawpoker import _core
from drawpoker.analysis.evaluation import HandCategory

ACE, TEN, EIGHT = 12, 8, 6  # card ranks: 0 = deuce .. 12 = ace

# Hutchison, Omaha high. FIRST: each suit held twice or more, by its highest card.
_SUIT_POINTS = {12: 8, 11: 6, 10: 5, 9: 4, 8: 3, 7: 3, 6: 2}  # seven or below: 1
# SECOND: each pair, by rank (no pair points in a hand holding three of a rank).
_PAIR_POINTS = {12: 18, 11: 16, 10: 14, 9: 13, 8: 12, 7: 10, 6: 8}  # sevens or below: 7
# THIRD: the cards that can make a straight together, by how many.
_STRAIGHT_POINTS = {2: 8, 3: 18, 4: 25}


def _low_rank(card: int) -> int:
    """A card's rank with the ace low: ace 1, deuce 2 .. king 13."""
    return (card >> 2) + 2 if card >> 2 != ACE else 1


def hutchison_high(cards: Sequence[int]) -> float:
    """Hutchison's Omaha-high points of four hole cards, halved (about the chance in percent to
    win against nine opponents who play to the river). Per suit held twice or more: 8 for an
    ace-high suit, 6 king, 5 queen, 4 jack, 3 ten or nine, 2 eight, 1 lower, 2 off for three or
    four of the suit; per pair: aces 18, kings 16, queens 14, jacks 13, tens 12, nines 10,
    eights 8, lower 7, none with three of a rank; the most cards within a straight's span
    (two 8, three 18, four 25), 2 off per missing rank inside (at most 6), 4 off when an ace is
    one of them.

    >>> from drawpoker.cards import parse_cards
    >>> [hutchison_high(parse_cards(text)) for text in ("Jh Tc 9h 8c", "Kd 8c 4h 2s")]
    [16.0, 3.0]
    """
    points = 0
    suits = Counter(c & 3 for c in cards)
    for suit, count in suits.items():
        if count >= 2:
            top = max(c >> 2 for c in cards if c & 3 == suit)
            points += _SUIT_POINTS.get(top, 1) - (2 if count > 2 else 0)
    ranks = Counter(c >> 2 for c in cards)
    if max(ranks.values()) < 3:
        points += sum(_PAIR_POINTS.get(r, 7) for r, n in ranks.items() if n == 2)
    points += _straight_points(set(ranks))
    return points / 2


def _straight_points(ranks: set[int]) -> int:
    """The best straight points of a set of ranks (the ace also below the deuce)."""
    low_ranks = ranks | ({-1} if ACE in ranks else set())
    best = 0
    for low in range(-1, 9):  # every five-rank span
        inside = [r for r in range(low, low + 5) if r in low_ranks]
        if len(inside) < 2:
            continue
        missing = inside[-1] - inside[0] + 1 - len(inside)
        value = _STRAIGHT_POINTS[len(inside)] - min(2 * missing, 6)
        if -1 in inside or ACE in inside:
            value -= 4
        best = max(best, value)
    return best


# Hutchison, Omaha Hi/Lo. FIRST: the two lowest cards of different ranks (ace low).
_LOW_PAIR_POINTS = {
    (1, 2): 20,
    (1, 3): 17,
    (1, 4): 13,
    (1, 5): 10,
    (2, 3): 15,
    (2, 4): 12,
    (3, 4): 11,
    (4, 5): 8,
}
# SECOND: each other rank held ("kickers"), by rank.
_KICKER_POINTS = {3: 9, 4: 6, 5: 4, 11: 2, 12: 2, 13: 2, 6: 1, 10: 1}
# THIRD: each pair, by rank (half with three of the rank).
_HILO_PAIR_POINTS = {1: 8, 13: 6, 12: 5, 11: 2, 2: 3, 3: 1, 4: 1, 10: 1}
# FOURTH (ours): a suited ace, another suit held twice.
SUITED_ACE_POINTS, SUITED_POINTS = 5, 2


def high_only(cards: Sequence[int]) -> bool:
    """Hutchison's playable high-only Omaha Hi/Lo hand: every card ten or higher, no three of a
    rank, and two pairs, or a pair and two suited cards, or two suits of two.

    >>> from drawpoker.cards import parse_cards
    >>> high_only(parse_cards("Ks Kd Qs Jc")), high_only(parse_cards("Ks Kd Qs 9s"))
    (True, False)
    """
    if min(c >> 2 for c in cards) < TEN:  # most hands: decided before counting anything
        return False
    ranks = Counter(c >> 2 for c in cards)
    suits = sorted(Counter(c & 3 for c in cards).values(), reverse=True)
    if max(ranks.values()) >= 3:
        return False
    pairs = sum(1 for n in ranks.values() if n == 2)
    return pairs == 2 or (pairs == 1 and suits[0] >= 2) or suits[:2] == [2, 2]


def hutchison_hilo(cards: Sequence[int]) -> int:
    """Hutchison's Omaha Hi/Lo points of four hole cards: A-2 20, A-3 17, A-4 13, A-5 10, 2-3 15,
    2-4 12, 3-4 11, 4-5 8 for the two lowest ranks; each other rank 3: 9, 4: 6, 5: 4, J Q K: 2,
    6 or ten: 1; pairs aces 8, kings 6, queens 5, jacks 2, deuces 3, threes, fours, tens 1 (half
    with three of the rank); ours: 5 for a suited ace, 2 for another suit held twice.

    >>> from drawpoker.cards import parse_cards
    >>> hutchison_hilo(parse_cards("As 2s 3d Kd")), hutchison_hilo(parse_cards("9s 9d Th Jc"))
    (38, 2)
    """
    # Plain lists, not Counters: the strong player scores thousands of sampled hands a decision.
    ranks = [_low_rank(c) for c in cards]
    low = sorted(set(ranks))
    points = _LOW_PAIR_POINTS.get((low[0], low[1]), 0) if len(low) >= 2 else 0
    points += sum(_KICKER_POINTS.get(r, 0) for r in low[2:])  # each other rank once
    if len(low) < len(ranks):  # a pair or more
        for rank in low:
            if (count := ranks.count(rank)) >= 2:
                value = _HILO_PAIR_POINTS.get(rank, 0)
                points += value if count == 2 else value // 2
    suits = [c & 3 for c in cards]
    for suit in set(suits):
        if suits.count(suit) >= 2:
            ace = any(c >> 2 == ACE and c & 3 == suit for c in cards)
            points += SUITED_ACE_POINTS if ace else SUITED_POINTS
    return points


class BoardRead(NamedTuple):
    """A made Omaha hand against every two-card holding of the unseen cards: its high strength
    and the share of holdings that beat it; for hi/lo its eight-or-better low (None when it has
    none) and the share of holdings with a better low (any low, when it has none).

    >>> BoardRead(7000, 0.01, None, 0.0).beaten_by
    0.01
    """

    high: int
    beaten_by: float
    low: int | None
    low_beaten_by: float


def read_board(hole: Sequence[int], board: Sequence[int], hilo: bool = False) -> BoardRead:
    """Where a made hand stands (:class:`BoardRead`): every pair of cards this player cannot see
    is tried as an opponent's two hole cards with each three of the board (in the compiled
    core: ``_core.omaha_board_read``, about 20 us where NumPy took 40-160).

    >>> from drawpoker.cards import parse_cards
    >>> read = read_board(parse_cards("Ah 2h Kd Ks"), parse_cards("3c 4d 8h Jc Kh"), hilo=True)
    >>> read.beaten_by < 0.01, read.low is not None, read.low_beaten_by < 0.01
    (True, True, True)
    """
    high, low, holdings, beat_high, beat_low = _core.omaha_board_read(list(hole), list(board), hilo)
    if not hilo:
        return BoardRead(high, beat_high / holdings, None, 0.0)
    return BoardRead(high, beat_high / holdings, low, beat_low / holdings)


def low_possible(board: Sequence[int], to_come: int) -> bool:
    """Whether the board has, or may still get, three ranks eight or lower (ace low): without
    them nobody makes a low.

    >>> from drawpoker.cards import parse_cards
    >>> low_possible(parse_cards("Ah Kd 9c"), 2), low_possible(parse_cards("Ah Kd 9c Qs"), 1)
    (True, False)
    """
    ranks = {_low_rank(c) for c in board if _low_rank(c) <= 8}
    return len(ranks) + to_come >= 3


def outs(hole: Sequence[int], board: Sequence[int], hilo: bool = False) -> float:
    """The unseen cards that, coming next, would give this hand a straight or better it does not
    have (flushes only to the best flush of the suit), and for hi/lo half a point for each card
    that would give it a low it does not have.

    >>> from drawpoker.cards import parse_cards
    >>> outs(parse_cards("Ah 5h Kc Qd"), parse_cards("Kh 9h 2c"))  # the nut flush draw
    9.0
    >>> outs(parse_cards("Ah 2d Kc Qd"), parse_cards("Kh 7h 5c"), hilo=True)  # 16 low cards
    8.0
    """
    if len(board) >= 5:
        return 0.0
    hole_list = list(hole)
    known = {*hole, *board}
    now = _core.evaluate_omaha_hilo(hole_list, list(board)) if hilo else None
    category = _core.category(_core.evaluate_omaha(hole_list, list(board)), "high")
    total = 0.0
    for card in range(52):
        if card in known:
            continue
        after = [*board, card]
        made = _core.category(_core.evaluate_omaha(hole_list, after), "high")
        strong = made > category and made >= HandCategory.STRAIGHT
        if strong and (made != HandCategory.FLUSH or _nut_flush(hole, after, card & 3)):
            total += 1
        elif now is not None and now[1] is None:
            total += 0.5 * (_core.evaluate_omaha_hilo(hole_list, after)[1] is not None)
    return total


def _nut_flush(hole: Sequence[int], board: Sequence[int], suit: int) -> bool:
    """Whether the hole cards hold the highest card of ``suit`` not on the board."""
    on_board = {c >> 2 for c in board if c & 3 == suit}
    top = next(r for r in range(ACE, -1, -1) if r not in on_board)
    return any(c >> 2 == top and c & 3 == suit for c in hole)
