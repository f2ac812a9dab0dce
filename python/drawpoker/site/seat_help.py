"""What the table page tells a seat about its own hand, from that seat's view alone
(``table.view(seat)``: its cards, the board, nothing of another seat's hidden cards or the
stub): the hand as it stands (:func:`hand_line`, described as the showdown describes it) and,
at its draw in Five-Card Draw, the best discard with its chance to improve (:func:`draw_tip`,
the tips page's analysis of the same five cards).

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("five-card-draw"), [500, 500], deck="Jh 9c Jd 8c 7c 6s 4s 5s 2h 3d")
>>> hand_line(hand.view(1))
{'text': 'Pair of jacks (7-4-2)'}
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from drawpoker.analysis.evaluation import RANKINGS, evaluate, qualifies_low8
from drawpoker.analysis.omaha import evaluate_omaha, evaluate_omaha_hilo
from drawpoker.cards import format_cards
from drawpoker.engine import HandView, ShowdownPart
from drawpoker.engine.spec import DRAW_LIMITS
from drawpoker.narration import hand_words, partial_hand_words
from drawpoker.site.analysis import analyse

TIP_CACHE = 1024
"""The most five-card hands whose tip is kept: an analysis is worked out once per hand dealt
(the draw engine's exact count takes milliseconds), never once per update or per request."""


def _strength(part: ShowdownPart, own: tuple[int, ...], board: tuple[int, ...]) -> int | None:
    """The best strength of ``part`` that the cards make so far, ``None`` when they make no
    hand of the sizes its ranking takes (too few cards, an Omaha hand before the flop)."""
    sizes = RANKINGS[part.ranking].hand_sizes
    if part.cards == "two-hole-three-board":
        if len(own) < 2 or len(board) < 3:
            return None
        # the engine's Omaha evaluations: one call, not one for each of 60 hands
        if part.ranking == "high":
            return evaluate_omaha(own, board)
        if part.ranking == "ace-five" and part.qualifier == "eight-or-better":
            return evaluate_omaha_hilo(own, board)[1]  # None: no qualifying low
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

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [500, 500], deck="Kh Kd Ks 2c")
    >>> hand_line(hand.view(1)), hand_line(hand.view(1), "ar")
    ({'text': 'Pair of kings'}, {'text': 'زوج ملوك'})
    >>> hand_line(Hand(game("omaha-hi-lo"), [500, 500], seed=1).view(0)) is None
    True
    """
    if not view.cards or not view.live[view.seat]:
        return None
    return _line(view.game.showdown, tuple(view.cards), tuple(view.board), tag)


def warm_tips() -> None:
    """Runs the draw analysis once for each deck (52 cards, and 53 with the joker) so that its
    first use, which builds the draw engine's tables (a fifth of a second or more), happens
    when the server starts, not inside a table's event loop at somebody's draw.

    >>> warm_tips()
    """
    for deck in ("52", "53"):
        analyse({"hand": "Jh 9c Jd 8c 7c", "deck": deck, "limit": "3"})


@lru_cache(maxsize=TIP_CACHE)
def _best_choice(cards: tuple[int, ...], joker: bool, limit: str) -> dict[str, Any]:
    request = {"hand": format_cards(list(cards)), "deck": "53" if joker else "52", "limit": limit}
    best: dict[str, Any] = analyse(request)["choices"][0]
    return best


def draw_tip(view: HandView) -> dict[str, Any] | None:
    """At the seat's own draw in a five-card high game (Five-Card Draw, with or without the
    joker), the tips page's best choice for its five cards (:func:`drawpoker.site.analysis.analyse`
    with the table's draw limit and the objective that page starts with: beating a random
    hand): the ``discards`` and the cards ``kept``, the ``improve_probability`` and the
    chance to beat a random hand (``value``); ``None`` at any other moment or in any other
    game. It reads the seat's own cards only, as that page does.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("five-card-draw"), [500, 500], deck="Jh 9c Jd 8c 7c 6s 4s 5s 2h 3d")
    >>> hand.bet(20); hand.call()
    >>> tip = draw_tip(hand.view(hand.actor))
    >>> tip["discards"], tip["kept"], round(tip["improve_probability"], 3)
    (['7c', '4s', '2h'], ['Jh', 'Jd'], 0.287)
    """
    legal = view.legal
    limit = _draw_limit(view)
    if legal is None or "draw" not in legal.kinds or limit is None:
        return None
    if view.game.ranking not in ("high", "joker") or len(view.cards) != 5:
        return None
    choice = _best_choice(tuple(view.cards), view.game.joker, limit)
    keys = ("discards", "kept", "improve_probability", "value")
    return {key: choice[key] for key in keys}


def _draw_limit(view: HandView) -> str | None:
    """The draw limit of the street being played, when the tips' analysis knows it."""
    streets: Sequence[Any] = view.game.streets
    street = streets[view.street] if view.street < len(streets) else None
    limit = None if street is None else street.draw
    return limit if limit in DRAW_LIMITS else None
