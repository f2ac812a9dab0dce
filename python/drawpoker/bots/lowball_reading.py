"""How a lowball player reads its hand and the table: the draw rules of thumb of 2-7 and badugi,
how good a made hand is, the draws left, and what each seat drew so far (public counts).

- 2-7 (:func:`deuce_seven_discards`): stand pat with an eight-low or better (a nine-low on the
  last draw), else keep one card of each rank seven or lower, an eight too beside three of
  them; a seven-low straight or flush is broken (its second-highest card, its highest).
- Badugi (:func:`badugi_discards`): keep the best badugi subset (distinct ranks and suits, low,
  :func:`badugi_subset`); a four-card badugi stands pat when low enough for the draws left (nine
  or lower with three to come, ten with two, any on the last) and else breaks its top card;
  before the last draw, kept cards above an eight are thrown too.

>>> from drawpoker.cards import format_cards, parse_cards
>>> format_cards(deuce_seven_discards(parse_cards("7h 5d 4c 3s Ks"), draws_left=3))
'Ks'
>>> format_cards(badugi_discards(parse_cards("Ac 2d 3h 3s"), draws_left=3))
'3s'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from drawpoker.engine.events import HandView

SEVEN, EIGHT, NINE = 5, 6, 7  # card ranks: 0 = deuce .. 12 = ace


def deuce_seven_made(cards: Sequence[int]) -> bool:
    """Whether five cards are a made 2-7 hand: five ranks, no straight, no flush (the ace is high:
    A-2-3-4-5 is no straight, R-27-1).

    >>> from drawpoker.cards import parse_cards
    >>> [deuce_seven_made(parse_cards(t)) for t in ("8h 6d 4c 3s 2s", "6h 5d 4c 3s 2s")]
    [True, False]
    """
    ranks = sorted({c >> 2 for c in cards})
    if len(ranks) < 5:
        return False
    straight = ranks[-1] - ranks[0] == 4
    flush = len({c & 3 for c in cards}) == 1
    return not straight and not flush


def deuce_seven_top(cards: Sequence[int]) -> int | None:
    """The highest rank (0 = deuce .. 12 = ace) of a made 2-7 hand, None when not made.

    >>> from drawpoker.cards import parse_cards
    >>> [deuce_seven_top(parse_cards(text)) for text in ("8h 6d 4c 3s 2s", "8h 8d 4c 3s 2s")]
    [6, None]
    """
    return max(c >> 2 for c in cards) if deuce_seven_made(cards) else None


def deuce_seven_discards(cards: Sequence[int], draws_left: int) -> list[int]:
    """The 2-7 draw the rules of thumb advise (the module's summary), ``draws_left`` counting
    this one.

    >>> from drawpoker.cards import format_cards, parse_cards
    >>> format_cards(deuce_seven_discards(parse_cards("8h 6d 4c 3s 2s"), draws_left=1))
    ''
    >>> format_cards(deuce_seven_discards(parse_cards("9h 6d 4c 3s 2s"), draws_left=3))
    '9h'
    >>> format_cards(deuce_seven_discards(parse_cards("7h 7d 4c Ks 2s"), draws_left=2))
    '7d Ks'
    >>> format_cards(deuce_seven_discards(parse_cards("7h 6d 5c 4s 3s"), draws_left=2))
    '6d'
    """
    top = deuce_seven_top(cards)
    if top is not None and top <= (NINE if draws_left <= 1 else EIGHT):
        return []
    keep: dict[int, int] = {}
    for card in cards:
        if card >> 2 <= SEVEN:
            keep.setdefault(card >> 2, card)
    if len(keep) == 5:  # five ranks seven or lower but not made: a straight or a flush
        ranks = sorted(keep)
        del keep[ranks[-2] if ranks[-1] - ranks[0] == 4 else ranks[-1]]
    elif len(keep) == 3:
        eight = next((c for c in cards if c >> 2 == EIGHT), None)
        if eight is not None:
            keep[EIGHT] = eight
    kept = set(keep.values())
    return [c for c in cards if c not in kept]


def low_rank(card: int) -> int:
    """A card's rank with the ace low (badugi, R-BADUGI-1): ace 1, deuce 2 .. king 13.

    >>> low_rank(51), low_rank(0)
    (1, 2)
    """
    return 1 if card >> 2 == 12 else (card >> 2) + 2


def badugi_subset(cards: Sequence[int]) -> list[int]:
    """The best badugi subset of a hand: the most cards of distinct ranks and distinct suits,
    then the lowest (compared from the highest card down, ace low; R-BADUGI-1, 2); ties go to
    the subset of the earliest cards.

    >>> from drawpoker.cards import format_cards, parse_cards
    >>> format_cards(badugi_subset(parse_cards("Kc 2c 5d 9h")))
    '2c 5d 9h'
    """
    best: tuple[int, tuple[int, ...]] | None = None
    chosen: list[int] = []
    for size in range(len(cards), 0, -1):
        for subset in combinations(cards, size):
            if len({c >> 2 for c in subset}) < size or len({c & 3 for c in subset}) < size:
                continue
            key = (size, tuple(sorted(-low_rank(c) for c in subset)))
            if best is None or key > best:
                best, chosen = key, list(subset)
        if chosen:
            return chosen
    return chosen


def badugi_discards(cards: Sequence[int], draws_left: int) -> list[int]:
    """The badugi draw the rules of thumb advise (the module's summary), ``draws_left`` counting
    this one.

    >>> from drawpoker.cards import format_cards, parse_cards
    >>> format_cards(badugi_discards(parse_cards("Kc 2d 5h 9s"), draws_left=3))
    'Kc'
    >>> format_cards(badugi_discards(parse_cards("Kc 2d 5h 9s"), draws_left=1))
    ''
    >>> format_cards(badugi_discards(parse_cards("Kc Qc 5h 2h"), draws_left=2))
    'Kc Qc 5h'
    """
    keep = badugi_subset(cards)
    if len(keep) == 4:
        top = max(low_rank(c) for c in keep)
        if top <= {3: 9, 2: 10}.get(draws_left, 13):
            return []
        keep = [c for c in keep if low_rank(c) != top]
    elif draws_left >= 2:
        keep = [c for c in keep if low_rank(c) <= 8]
    kept = set(keep)
    return [c for c in cards if c not in kept]


def badugi_top(cards: Sequence[int]) -> tuple[int, int]:
    """The size of a hand's best badugi subset and its highest card (ace low).

    >>> from drawpoker.cards import parse_cards
    >>> badugi_top(parse_cards("Kc 2d 5h 9s")), badugi_top(parse_cards("Ac 2d 3h 3s"))
    ((4, 13), (3, 3))
    """
    keep = badugi_subset(cards)
    return len(keep), max(low_rank(c) for c in keep)


def draws_left(view: HandView) -> int:
    """The draws still to come, counting one under way (a draw phase) as to come.

    >>> from drawpoker.engine import Hand, game
    >>> draws_left(Hand(game("2-7-triple-draw"), [1000, 1000]).view(0))
    3
    """
    streets = view.game.streets
    start = view.street if view.phase == "draw" else view.street + 1
    return sum(1 for street in streets[start:] if street.draw)


def draw_counts(view: HandView) -> dict[int, list[int]]:
    """The cards each seat exchanged in each draw so far, by seat (public: ``draw`` events).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("badugi"), [1000, 1000])
    >>> hand.call(); hand.check(); hand.draw(hand.seat_cards(1)[:2])
    >>> draw_counts(hand.view(0))
    {0: [], 1: [2]}
    """
    counts: dict[int, list[int]] = {seat: [] for seat in range(view.seats)}
    for event in view.events:
        if event.kind == "draw" and event.seat is not None:
            counts[event.seat].append(event.amount)
    return counts


def known_dead(view: HandView) -> list[int]:
    """The cards this seat threw since the last reshuffle: out of every stub it can draw from.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("badugi"), [1000, 1000])
    >>> hand.call(); hand.check(); hand.draw(hand.seat_cards(1)[:2])
    >>> len(known_dead(hand.view(1))), known_dead(hand.view(0))
    (2, [])
    """
    dead: list[int] = []
    for event in view.events:
        if event.kind == "reshuffle":
            dead = []
        elif event.kind == "discard" and event.seat == view.seat:
            dead.extend(event.cards)
    return dead
