"""What the table page tells a seat about its own hand, from that seat's view alone
(``table.view(seat)``: its cards, the board, nothing of another seat's hidden cards or the
stub): the hand as it stands (:func:`hand_line`, described as the showdown describes it) and,
at its draw in any draw game, the best discard with its chance to improve (:func:`draw_tip`,
the tips page's analysis of the same cards by the game's ranking, with the seat's own earlier
discards of the hand out of the deck: :func:`known_dead`). A table asks
:func:`known_tip` on its event loop and has :func:`work_out_tip` run in a worker thread.

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("five-card-draw"), [500, 500], deck="Jh 9c Jd 8c 7c 6s 4s 5s 2h 3d")
>>> hand_line(hand.view(1))
{'text': 'Pair of jacks (7-4-2)'}
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from drawpoker.analysis.evaluation import RANKINGS, evaluate, qualifies_low8
from drawpoker.analysis.omaha import evaluate_omaha, evaluate_omaha_hilo
from drawpoker.cards import format_cards
from drawpoker.engine import HandView, ShowdownPart
from drawpoker.engine.spec import DRAW_LIMITS
from drawpoker.narration import hand_words, partial_hand_words
from drawpoker.site.analysis import analyse, hand_size

TIP_CACHE = 1024
"""The most hands whose tip is kept: an analysis is worked out once per hand dealt (the draw
engine's exact count takes milliseconds), never once per update or per request."""


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
    """Runs the draw analysis once for each ranking a draw game plays (five-card high with
    either deck, deuce-to-seven, badugi) so that its first use, which builds the draw engine's
    tables (a fifth of a second or more), happens when the server starts.

    >>> warm_tips()
    """
    for question in WARM_QUESTIONS:
        work_out_tip(question)


@dataclass(frozen=True)
class TipQuestion:
    """What a tip is worked out from, and all it is worked out from: the seat's own cards, the
    game's ranking (``"joker"``: five-card high with the joker wild), the draw's limit and the
    cards the seat knows are out of the stub (``dead``, in order: :func:`known_dead`, its own
    discards still in the discard pile). The question is the tips' cache key, so two seats with
    the same cards but different discards behind them are told different numbers.

    >>> TipQuestion((0, 5, 10, 15), "badugi", "5").request()
    {'hand': '2c 3d 4h 5s', 'ranking': 'badugi', 'deck': '52', 'limit': '5', 'dead': ''}
    >>> TipQuestion((48, 9, 22, 28), "badugi", "5", dead=(28,)).request()["dead"]
    '9c'
    """

    cards: tuple[int, ...]
    ranking: str
    limit: str
    dead: tuple[int, ...] = ()

    def request(self) -> dict[str, str]:
        """The tips page's analysis request (:func:`drawpoker.site.analysis.analyse`) of the
        question, ranked by that page's first objective: beating a random hand."""
        joker = self.ranking == "joker"
        return {
            "hand": format_cards(list(self.cards)),
            "ranking": "high" if joker else self.ranking,
            "deck": "53" if joker else "52",
            "limit": self.limit,
            "dead": format_cards(list(self.dead)),
        }


WARM_QUESTIONS = (
    TipQuestion((39, 37, 20, 13, 2), "high", "3-or-4-with-ace"),
    TipQuestion((39, 37, 20, 13, 2), "joker", "3-or-4-with-ace"),
    TipQuestion((40, 41, 22, 11, 0), "deuce-seven", "5"),
    TipQuestion((48, 9, 22, 28), "badugi", "5"),
)
"""One question of each ranking a draw game plays, asked when the server starts."""

_TIP_KEYS = ("discards", "kept", "improve_probability", "value")

_tips: OrderedDict[TipQuestion, dict[str, Any]] = OrderedDict()
_tips_lock = threading.Lock()


def known_tip(question: TipQuestion) -> dict[str, Any] | None:
    """The tip of ``question`` if it was worked out already (:func:`work_out_tip`), else
    ``None``: never computes, so that a table's event loop may ask it.

    >>> question = TipQuestion((39, 37, 20, 13, 2), "high", "3")
    >>> _ = work_out_tip(question); known_tip(question)["discards"]
    ['7c', '5d', '2h']
    """
    with _tips_lock:
        tip = _tips.get(question)
        if tip is not None:
            _tips.move_to_end(question)
        return tip


def work_out_tip(question: TipQuestion) -> dict[str, Any]:
    """The tips page's best choice for ``question`` (the ``discards``, the cards ``kept``,
    the ``improve_probability`` and the chance to beat a random hand, ``value``), kept for
    the last :data:`TIP_CACHE` questions: the draw engine's exact count (milliseconds, and
    more with the joker) runs once per hand dealt, not once per update. Safe to call from a
    worker thread.

    >>> work_out_tip(TipQuestion((0, 5, 10, 15), "badugi", "5"))["discards"]
    []
    """
    tip = known_tip(question)
    if tip is not None:
        return tip
    best = analyse(question.request())["choices"][0]
    tip = {key: best[key] for key in _TIP_KEYS}
    with _tips_lock:
        _tips[question] = tip
        while len(_tips) > TIP_CACHE:
            _tips.popitem(last=False)
    return tip


def tip_question(view: HandView) -> TipQuestion | None:
    """What the seat's tip would be worked out from at this moment: at its own draw in a draw
    game, its own cards, the game's ranking, the draw's limit and the cards it knows are not
    in the stub (:func:`known_dead`: at a later draw of 2-7 triple draw or badugi, its own
    earlier discards); ``None`` at any other moment or in a game without a draw. Nothing but
    what the seat's view shows it is read: not the stub, not another seat's cards or discards.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("badugi"), [500, 500], deck="Ac 9c 4d 8d 7h 2h 9s 3s")
    >>> hand.call(); hand.check()
    >>> tip_question(hand.view(hand.actor))
    TipQuestion(cards=(48, 9, 22, 31), ranking='badugi', limit='5', dead=())
    """
    legal = view.legal
    limit = _draw_limit(view)
    if legal is None or "draw" not in legal.kinds or limit is None:
        return None
    parts = view.game.showdown
    if len(parts) != 1 or len(view.cards) != hand_size(parts[0].ranking):
        return None
    ranking = "joker" if view.game.joker else parts[0].ranking
    return TipQuestion(tuple(view.cards), ranking, limit, known_dead(view))


def known_dead(view: HandView) -> tuple[int, ...]:
    """The cards the seat knows are not in the stub, in order: its own discards of this hand
    that are still in the discard pile, read from its own ``discard`` events (only the seat
    sees them). A reshuffle (R-DRAW-8, a public event) makes the whole pile the new stub, the
    seat's earlier discards with it, and a redeal deals a new deck: the discards before either
    are live again.

    Counting these cards out of the stub is exact whenever the stub holds enough cards for the
    seat's draw: the cards the count lets come are then exactly those that can come, every card
    the seat has not seen (each as likely as another: the tips guess nothing from other seats'
    play), and none of these. When the stub runs short at the seat's draw, the rest of its
    cards come from the reshuffled discards of the seats that drew before (R-DRAW-8), which hold
    the seat's own earlier discards: the count then leaves out cards that may come, and is an
    approximation (the engine's stub is never read to tell which case it is).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("badugi"), [500, 500], deck="Ac 9s 4d 8s 7h 2d 9c 3c Kh")
    >>> hand.call(); hand.check()
    >>> hand.draw([28]); hand.draw([]); hand.check(); hand.check()  # seat 1 throws the 9c
    >>> known_dead(hand.view(1)), known_dead(hand.view(0))
    ((28,), ())
    """
    dead: list[int] = []
    for event in view.events:
        if event.kind in ("reshuffle", "redeal"):
            dead.clear()
        elif event.kind == "discard" and event.seat == view.seat:
            dead.extend(event.cards)
    return tuple(sorted(dead))


def draws_after(view: HandView) -> int:
    """How many draws the hand has after the street being played (0 in a single draw).

    >>> from drawpoker.engine import Hand, game
    >>> draws_after(Hand(game("2-7-triple-draw"), [500, 500], seed=1).view(0))
    3
    """
    streets: Sequence[Any] = view.game.streets
    return sum(1 for street in streets[view.street + 1 :] if street.draw)


def draw_tip(view: HandView) -> dict[str, Any] | None:
    """At the seat's own draw in a draw game (Five-Card Draw with or without the joker, 2-7
    single and triple draw, badugi), the tips page's best choice for its own cards by the
    game's ranking and the draw's limit, its own discards still in the pile counted out of the
    stub (:func:`known_dead`) (:func:`work_out_tip`: the ``discards``, the cards
    ``kept``, the chance to improve, which in the lows and badugi is to end with a better
    low, and the chance to beat a random hand, ``value``), with the ``ranking`` and
    ``draws_left``: the draws still to come after this one, for which the numbers do not
    look (they are of the hand after this draw). ``None`` at any other moment or in any other
    game. Worked out here when it is not known yet (:func:`known_draw_tip` never does).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("five-card-draw"), [500, 500], deck="Jh 9c Jd 8c 7c 6s 4s 5s 2h 3d")
    >>> hand.bet(20); hand.call()
    >>> tip = draw_tip(hand.view(hand.actor))
    >>> tip["discards"], tip["kept"], round(tip["improve_probability"], 3), tip["draws_left"]
    (['7c', '4s', '2h'], ['Jh', 'Jd'], 0.287, 0)
    """
    question = tip_question(view)
    return None if question is None else _told(view, question, work_out_tip(question))


def known_draw_tip(view: HandView) -> dict[str, Any] | None:
    """:func:`draw_tip` if its numbers are worked out already, else ``None``: never computes,
    so that a table's event loop may ask it (the room has the tip worked out in a worker
    thread and sends it when ready).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("badugi"), [500, 500], deck="Ac 9c 4d 8d 7h 2h 9s 3s")
    >>> hand.call(); hand.check()
    >>> _tips.clear(); known_draw_tip(hand.view(hand.actor)) is None
    True
    >>> draw_tip(hand.view(hand.actor)) == known_draw_tip(hand.view(hand.actor))
    True
    """
    question = tip_question(view)
    known = None if question is None else known_tip(question)
    return None if question is None or known is None else _told(view, question, known)


def _told(view: HandView, question: TipQuestion, tip: dict[str, Any]) -> dict[str, Any]:
    """The tip's numbers with what the page says beside them: the ranking, the draws left."""
    return {**tip, "ranking": question.ranking, "draws_left": draws_after(view)}


def _draw_limit(view: HandView) -> str | None:
    """The draw limit of the street being played, when the tips' analysis knows it."""
    streets: Sequence[Any] = view.game.streets
    street = streets[view.street] if view.street < len(streets) else None
    limit = None if street is None else street.draw
    return limit if limit in DRAW_LIMITS else None
