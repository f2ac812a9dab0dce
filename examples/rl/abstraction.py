"""The abstraction the single-draw example learns in: a small table of information sets made
from a seat's observation, and four abstract actions mapped onto the engine's action indices.

Heads-up no-limit 2-7 single draw has far too many situations for a table, so the example
groups them (docs/rl.md, "A worked example"):

* the seat's cards become a bucket: before the draw, how many cards :func:`rule_discards`
  throws and the highest card it keeps; after the draw, the made hand's highest card (a pair,
  straight or flush is the worst bucket);
* the betting becomes whether the seat faces a bet and how big the bet to match is;
* the table becomes the street, the phase, whether the seat has the button and how many cards
  the opponent drew.

Betting has four abstract actions, fold, check or call, raise (the pot for a bet, three times
the bet for a raise, else the smallest) and all-in; the draw has two, stand pat or draw the
cards :func:`rule_discards` names. Everything here reads the observation alone, so a trained
table plays the same from ``BatchGame.observe()`` and from ``ObservationLayout.encode(view)``.

>>> import numpy as np
>>> from drawpoker.rl import BatchGame
>>> games = BatchGame(GAME, batch=2, seats=2, seed=1)
>>> abstraction = Abstraction(games.layout, games.actions)
>>> keys, legal, engine = abstraction.situations(games.observe(), games.legal())
>>> legal.astype(int).tolist()  # the button acts first: fold, call, raise, all-in
[[1, 1, 1, 1], [1, 1, 1, 1]]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from drawpoker.rl import ActionSpace, ObservationLayout

GAME = "2-7-single-draw"
"""The game the example plays, heads-up."""

ACTIONS = 4
"""Abstract actions. Betting: fold, check/call, raise, all-in. The draw: stand pat, draw."""

BET_NAMES = ("fold", "check/call", "raise", "all-in")
DRAW_NAMES = ("stand pat", "draw")

PREDRAW_BUCKETS = 16
MADE_BUCKETS = 8
PRESSURES = 8
OPPONENT_DRAWS = 5
KEYS = 2 * 2 * 2 * PREDRAW_BUCKETS * PRESSURES * OPPONENT_DRAWS
"""The information sets of the table (phase, street, button, cards, pressure, opponent's draw)."""

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def ranks_and_suits(cards: IntArray) -> tuple[IntArray, IntArray]:
    """Ranks (2..14, the ace high as 2-7 lowball counts it) and suits of card numbers.

    >>> ranks_and_suits(np.array([[0, 51]]))
    (array([[ 2, 14]]), array([[0, 3]]))
    """
    return cards // 4 + 2, cards % 4


def made_hand(ranks: IntArray, suits: IntArray) -> tuple[BoolArray, IntArray]:
    """For five-card hands (rows): whether each is a made low (no pair, straight or flush: 2-7
    counts them against the hand, R-27) and its highest card.

    >>> made, high = made_hand(np.array([[2, 3, 4, 5, 7], [2, 3, 4, 5, 6], [2, 2, 4, 5, 7]]),
    ...                        np.array([[0, 1, 0, 0, 0], [0, 1, 0, 0, 0], [0, 1, 0, 0, 0]]))
    >>> made.tolist(), high.tolist()
    ([True, False, False], [7, 6, 7])
    """
    ordered = np.sort(ranks, axis=1)
    paired = (np.diff(ordered, axis=1) == 0).any(axis=1)
    straight = ~paired & (ordered[:, -1] - ordered[:, 0] == 4)
    flush = (suits == suits[:, :1]).all(axis=1)
    return ~(paired | straight | flush), ordered[:, -1]


def rule_discards(ranks: IntArray, suits: IntArray) -> BoolArray:
    """The example's fixed drawing rule, per row of five cards: stand pat on a made 9-low or
    better; else keep one card of each rank from 2 to 8 and throw the rest (and the highest of
    five such cards when they make a straight or a flush).

    >>> rule_discards(np.array([[2, 4, 4, 8, 13]]), np.array([[0, 1, 2, 3, 0]])).tolist()
    [[False, False, True, False, True]]
    """
    made, high = made_hand(ranks, suits)
    pat = made & (high <= 9)
    earlier_same = np.tril(ranks[:, :, None] == ranks[:, None, :], k=-1).any(axis=2)
    keep = (ranks <= 8) & ~earlier_same
    every = keep.all(axis=1) & ~pat  # five low cards that make a straight or a flush
    keep[every, np.argmax(np.where(every[:, None], ranks, 0), axis=1)[every]] = False
    keep[pat] = True
    discard: BoolArray = ~keep
    return discard


def card_buckets(ranks: IntArray, suits: IntArray, before_draw: BoolArray) -> IntArray:
    """Each row's card bucket: before the draw, 4 x cards the rule throws (at most 3) + the
    highest card kept (6 or lower, 7, 8, 9); after it, the made hand's highest card (7 or lower
    is 0 .. king or ace 6) or 7 for a pair, straight or flush.

    >>> ranks = np.array([[2, 3, 4, 5, 7], [2, 3, 4, 5, 7], [2, 2, 9, 12, 13]])
    >>> suits = np.array([[0, 1, 0, 0, 0], [0, 1, 0, 0, 0], [0, 1, 0, 0, 0]])
    >>> card_buckets(ranks, suits, np.array([True, False, True])).tolist()
    [1, 0, 12]
    """
    discard = rule_discards(ranks, suits)
    draws = np.minimum(discard.sum(axis=1), 3)
    kept_high = np.where(discard, 0, ranks).max(axis=1)
    kept_high = np.where(kept_high == 0, 9, kept_high)
    before = 4 * draws + np.clip(kept_high - 6, 0, 3)
    made, high = made_hand(ranks, suits)
    after = np.where(made, np.clip(high - 7, 0, 6), 7)
    buckets: IntArray = np.where(before_draw, before, after)
    return buckets


class Abstraction:
    """Information-set keys, abstract legal actions and their engine indices, for a batch of
    observations of heads-up 2-7 single draw laid out by ``layout`` with actions ``actions``.

    >>> from drawpoker.engine import game
    >>> spec = game(GAME)
    >>> Abstraction(ObservationLayout(spec, 2), ActionSpace(spec)).first_discard
    9
    """

    def __init__(self, layout: ObservationLayout, actions: ActionSpace) -> None:
        self.layout = layout
        self.first_discard = actions.first_discard
        names = actions.names
        self._raise_order = [names.index(n) for n in ("pot", "3x", "min bet/raise")]
        self._all_in = names.index("all-in")
        self._cards = layout.cards

    def _part(self, observations: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
        segment = self.layout.segment(name)
        part = observations[:, segment.start : segment.start + segment.size]
        return part.reshape((len(observations), *segment.shape))

    def situations(
        self, observations: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]
    ) -> tuple[IntArray, BoolArray, IntArray]:
        """For each row (the seat to act's observation and its action mask): the information
        set's key (``0 .. KEYS - 1``), which abstract actions are legal (``bool[N, 4]``), and the
        engine index each abstract action stands for (``int64[N, 4]``; -1 where illegal).

        >>> from drawpoker.rl import BatchGame
        >>> games = BatchGame(GAME, batch=1, seats=2, seed=3)
        >>> keys, legal, engine = Abstraction(games.layout, games.actions).situations(
        ...     games.observe(), games.legal())
        >>> engine.tolist()  # fold, call, a raise to 3 big blinds ("3x"), all-in
        [[0, 1, 7, 8]]
        """
        n = len(observations)
        part = self._part
        cards = np.argmax(part(observations, "own_cards"), axis=2)
        ranks, suits = ranks_and_suits(cards)
        phase = np.argmax(part(observations, "phase"), axis=1)
        drawing = phase == 1
        street = np.argmax(part(observations, "street"), axis=1)
        button = part(observations, "button")[:, 0].astype(np.int64)
        before_draw = drawing | (street == 0)
        buckets = card_buckets(ranks, suits, before_draw)
        to_call = part(observations, "to_call")[:, 0]
        current = part(observations, "current_bet")[:, 0]
        level = np.searchsorted(np.array([1.0, 4.0, 16.0]), current, side="left")
        pressure = 4 * (to_call > 0) + np.minimum(level, 3)
        drawn = part(observations, "drawn")[:, 1]
        has_drawn = part(observations, "has_drawn")[:, 1] > 0
        opponent = np.where(has_drawn, np.minimum(drawn, 3), 4).astype(np.int64)
        keys = (
            (((drawing * 2 + np.minimum(street, 1)) * 2 + button) * PREDRAW_BUCKETS + buckets)
            * PRESSURES
            + pressure
        ) * OPPONENT_DRAWS + opponent

        legal = np.zeros((n, ACTIONS), dtype=np.bool_)
        engine = np.full((n, ACTIONS), -1, dtype=np.int64)
        rows = np.arange(n)
        # betting
        betting = ~drawing
        legal[:, 0] = betting & mask[:, 0] & (to_call > 0)  # never fold when a check is free
        legal[:, 1] = betting & mask[:, 1]
        engine[:, 0], engine[:, 1] = 0, 1
        raise_index = np.full(n, -1, dtype=np.int64)
        for index in reversed(self._raise_order):  # the first of the order that is legal wins
            raise_index = np.where(mask[:, index], index, raise_index)
        legal[:, 2] = betting & (raise_index >= 0)
        engine[:, 2] = raise_index
        legal[:, 3] = betting & mask[:, self._all_in]
        engine[:, 3] = self._all_in
        # the draw
        bits = (rule_discards(ranks, suits) * (1 << np.arange(ranks.shape[1]))).sum(axis=1)
        pat, draw = self.first_discard, self.first_discard + bits
        legal[drawing, 0] = mask[drawing, pat]
        legal[drawing, 1] = (bits[drawing] > 0) & mask[rows[drawing], draw[drawing]]
        engine[drawing, 0], engine[drawing, 1] = pat, draw[drawing]
        engine[drawing, 2:] = -1
        engine[~legal] = -1
        return keys.astype(np.int64), legal, engine
