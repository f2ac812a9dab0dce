"""What a CPU player learns from its seat's view of how often each other seat is the first to bet
or raise in a betting round (the forced bets do not count) when it has the chance. A player who
does so far more often than the hands that deserve it (a "stabber") is mostly betting without
them, and its bets say little.

>>> BetReader().trust(2)  # nothing seen yet: a bet is as telling as the prior says
1.0
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import Any

from drawpoker.bots.basic import ReadingBot
from drawpoker.bots.sizing import sized
from drawpoker.engine.actions import Action, LegalActions
from drawpoker.engine.events import HandView

NATURAL_STAB = 0.45
"""How often a sound player bets or raises first in a betting round when it may."""

PRIOR_CHANCES = 30
"""Chances' worth of belief that a seat bets at :data:`NATURAL_STAB` before any is seen."""

NATURAL_FOLDS = 0.3
"""How often a sound player folds to a bet or raise."""

PRIOR_BETS = 20
"""Bets' worth of belief that a seat folds to them at :data:`NATURAL_FOLDS`."""

BLUFF_FOLDS = 0.6
"""The fold rate to bets (:func:`least_fold_rate`) from which a player bets or raises whatever it
holds: :func:`against_folders` always, the hold'em and draw players too."""

PROFITABLE_FOLDS = 0.35
"""The fold rate to bets from which a bet of half the pot with nothing wins more than it costs
(it needs folds a third of the time), with a little margin: :func:`against_folders` starts
betting any hand now and then from here."""

_ROUND_STARTS = frozenset({"board", "up", "draw"})
_CHOICES = frozenset({"check", "call", "fold", "bet", "raise"})


class BetReader:
    """Counts, per seat, its chances to be the first to bet or raise in a betting round and the
    bets and raises among them, from the events of the seat's views (each counted once). A
    betting round is a street of the hand: a redeal (nobody opened) starts the first one afresh.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10_000, 10_000], button=0)
    >>> hand.call(); hand.check(); hand.check(); hand.bet(100)
    >>> reader = BetReader(); reader.observe(hand.view(1)); reader.observe(hand.view(1))
    >>> reader.counts  # seat 0 called the blind, then was checked to on the flop and bet
    {0: [2, 1]}
    >>> round(reader.trust(0), 3)  # 0.45 / ((1 + 0.45 * 30) / 32)
    0.993
    """

    def __init__(self) -> None:
        self.counts: dict[int, list[int]] = {}
        """By seat: ``[chances, bets]``."""
        self.folds: dict[int, list[int]] = {}
        """By seat: ``[bets and raises faced, folds to them]``."""
        self.round_folds: dict[tuple[int, int], list[int]] = {}
        """By seat and betting round (0 the first): ``[bets and raises faced, folds to them]``;
        a tight player folds most hands to the first bet and few later ones."""
        self._round = 0
        self._betting = False
        """Whether a betting choice was seen since the betting round began."""
        self._pending_round = 0
        self._hand: tuple[int, ...] = ()
        self._seen = 0
        self._bettor = -1
        self._pending = -1
        """The one opponent left facing this seat's last bet, when no more of the hand was
        seen: it folded unless the hand goes on (see :meth:`acted`)."""

    def observe(self, view: HandView) -> None:
        """Counts the events of the view's hand not counted yet."""
        key = hand_key(view)
        if key != self._hand:
            if self._pending >= 0:  # the last hand ended on this seat's bet: a fold
                self._faced(self._pending, self._pending_round, folded=True)
            self._hand, self._seen, self._bettor, self._round = key, 0, -1, 0
            self._betting = False
        self._pending = -1
        events = view.events
        own, counts = view.seat, self.counts
        # the round's state in locals while the new events are read (a decision reads a few)
        bettor, betting_round, betting = self._bettor, self._round, self._betting
        for event in events[self._seen :]:
            kind, seat = event[0], event[1]  # Event.kind, Event.seat
            if seat is None:
                seat = -1
            if kind == "redeal":  # nobody opened: the deal starts over, and its betting
                bettor, betting_round, betting = -1, 0, False
            elif kind in _ROUND_STARTS or (kind == "deal" and betting):
                bettor = -1
                betting_round += betting
                betting = False
            elif kind in _CHOICES and seat != own:
                if bettor < 0:
                    chances = counts.setdefault(seat, [0, 0])
                    chances[0] += 1
                    chances[1] += kind in ("bet", "raise")
                elif seat != bettor:
                    self._faced(seat, betting_round, folded=kind == "fold")
            betting = betting or kind in _CHOICES
            if kind in ("bet", "raise"):
                bettor = seat
        self._bettor, self._round, self._betting = bettor, betting_round, betting
        self._seen = len(events)

    def _faced(self, seat: int, betting_round: int, folded: bool) -> None:
        """Counts a bet or raise ``seat`` faced in ``betting_round``, and whether it folded."""
        for faced in (
            self.folds.setdefault(seat, [0, 0]),
            self.round_folds.setdefault((seat, betting_round), [0, 0]),
        ):
            faced[0] += 1
            faced[1] += folded

    def trust(self, seat: int) -> float:
        """The chance that a bet of ``seat`` when checked to is made with a hand worth it: the
        natural rate over the seat's rate (with :data:`PRIOR_CHANCES` of prior belief), at most
        one.

        >>> reader = BetReader(); reader.counts[1] = [20, 20]
        >>> round(reader.trust(1), 3)  # 0.45 / ((20 + 13.5) / 50)
        0.672
        """
        chances, bets = self.counts.get(seat, (0, 0))
        rate = (bets + NATURAL_STAB * PRIOR_CHANCES) / (chances + PRIOR_CHANCES)
        return min(1.0, NATURAL_STAB / rate)

    def acted(self, view: HandView, action: Action) -> None:
        """Notes the seat's own action: a bet or raise that leaves one opponent to answer before
        the last betting round, with chips behind, ends the hand only if the opponent folds, so a
        next hand seen without another turn in this one counts that fold.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("holdem"), [10_000, 10_000], button=0)
        >>> reader = BetReader(); reader.observe(hand.view(0))
        >>> reader.acted(hand.view(0), Action.raise_to(300)); hand.raise_to(300); hand.fold()
        >>> again = Hand(game("holdem"), [10_000, 10_000], button=1, seed=1)
        >>> reader.observe(again.view(again.actor)); reader.folds
        {1: [1, 1]}
        """
        rivals = [s for s in range(view.seats) if s != view.seat and view.live[s]]
        last_round = view.street >= len(view.game.streets) - 1
        all_in = action.amount >= view.stacks[view.seat] + view.bets[view.seat]
        if action.kind in ("bet", "raise") and len(rivals) == 1 and not last_round and not all_in:
            self._pending = rivals[0]
            self._pending_round = self._round

    @property
    def betting_round(self) -> int:
        """The betting round (0 the first) of the hand's last event seen.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("holdem"), [10_000, 10_000], button=0)
        >>> hand.call(); hand.check(); reader = BetReader(); reader.observe(hand.view(1))
        >>> reader.betting_round
        1
        """
        return self._round

    def fold_rate(self, seat: int, betting_round: int | None = None) -> float:
        """How often ``seat`` folds to a bet or raise, in every betting round or in
        ``betting_round`` alone (0 the first), with :data:`PRIOR_BETS` of prior belief at
        :data:`NATURAL_FOLDS`.

        >>> reader = BetReader(); reader.folds[1] = [20, 20]; reader.round_folds[1, 0] = [20, 20]
        >>> reader.fold_rate(1), reader.fold_rate(1, 0)  # (20 + 6) / 40
        (0.65, 0.65)
        >>> reader.fold_rate(1, 2)  # no bet faced in the third round yet: the prior
        0.3
        """
        if betting_round is None:
            faced, folded = self.folds.get(seat, (0, 0))
        else:
            faced, folded = self.round_folds.get((seat, betting_round), (0, 0))
        return (folded + NATURAL_FOLDS * PRIOR_BETS) / (faced + PRIOR_BETS)

    def to_data(self) -> dict[str, Any]:
        """Plain data, read back by :meth:`from_data`.

        >>> BetReader.from_data(BetReader().to_data()).counts
        {}
        """
        return {
            "counts": [[s, *c] for s, c in sorted(self.counts.items())],
            "folds": [[s, *c] for s, c in sorted(self.folds.items())],
            "round_folds": [[s, r, *c] for (s, r), c in sorted(self.round_folds.items())],
            "round": self._round,
            "betting": self._betting,
            "pending_round": self._pending_round,
            "hand": list(self._hand),
            "seen": self._seen,
            "bettor": self._bettor,
            "pending": self._pending,
        }

    @classmethod
    def from_data(cls, data: Any) -> BetReader:
        """The reader :meth:`to_data` wrote."""
        reader = cls()
        reader.counts = {int(s): [int(c), int(b)] for s, c, b in data["counts"]}
        reader._hand = tuple(int(c) for c in data["hand"])
        reader._seen = int(data["seen"])
        reader.folds = {int(s): [int(f), int(n)] for s, f, n in data["folds"]}
        reader._bettor = int(data["bettor"])
        reader._pending = int(data["pending"])
        # snapshots saved before the rounds were told apart hold none of these
        reader.round_folds = {
            (int(s), int(r)): [int(f), int(n)] for s, r, f, n in data.get("round_folds", [])
        }
        reader._round = int(data.get("round", 0))
        reader._betting = bool(data.get("betting", False))
        reader._pending_round = int(data.get("pending_round", 0))
        return reader


def looseness(trust: float) -> float:
    """How far a bettor's range is from a sound player's towards any hand, from 0 (it bets as
    often as a sound player, or less) to 1 (every time it may), given :meth:`BetReader.trust`
    of its bets (the natural rate over its rate: :data:`NATURAL_STAB` for a seat that always
    bets).

    >>> looseness(1.0), looseness(NATURAL_STAB)
    (0.0, 1.0)
    """
    return min(1.0, max(0.0, (1 - trust) / (1 - NATURAL_STAB)))


def against_folders(
    reader: BetReader, view: HandView, legal: LegalActions, rng: random.Random
) -> Action | None:
    """A bet or raise of about half the pot whatever the cards, with a chance that grows with
    how often the opponents still in fold to bets in the betting round under way
    (:meth:`BetReader.fold_rate`, the least of theirs; a tight player folds most hands to the
    first round's bets, and bluffs on later rounds would pay for that): none up to
    :data:`PROFITABLE_FOLDS`, always from :data:`BLUFF_FOLDS`; once a betting round, else None.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("omaha"), [10_000, 10_000], button=0)
    >>> reader = BetReader(); reader.round_folds[1, 0] = [40, 40]
    >>> against_folders(reader, hand.view(0), hand.legal_actions(), random.Random(1))
    Action(kind='raise', amount=200, cards=())
    >>> against_folders(BetReader(), hand.view(0), hand.legal_actions(), random.Random(1)) is None
    True
    """
    if aggressed_this_round(view):
        return None  # called or raised back: the bluff did not work, its own rules decide
    rate = least_fold_rate(reader, view, reader.betting_round)
    chance = (rate - PROFITABLE_FOLDS) / (BLUFF_FOLDS - PROFITABLE_FOLDS)
    if chance > 0 and rng.random() < chance:
        return sized(legal, 0.5)
    return None


def least_fold_rate(reader: BetReader, view: HandView, betting_round: int | None = None) -> float:
    """The least :meth:`BetReader.fold_rate` (in every betting round, or in ``betting_round``
    alone) of the opponents still in: a bet of any hand pays when even that one folds often
    enough (0 when nobody is left to fold).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10_000] * 3, button=0)
    >>> reader = BetReader(); reader.folds[1] = [40, 40]; reader.folds[2] = [40, 0]
    >>> least_fold_rate(reader, hand.view(0))  # seat 2 calls every bet: (0 + 6) / 60
    0.1
    >>> least_fold_rate(reader, hand.view(0), 0)  # nothing seen in the first round: the prior
    0.3
    """
    rivals = [s for s in range(view.seats) if s != view.seat and view.live[s]]
    return min((reader.fold_rate(s, betting_round) for s in rivals), default=0.0)


class BetReadingBot(ReadingBot):
    """A seeded player that reads the table's bets and folds (``self.reader``, a
    :class:`BetReader`) and, before its own rules (:meth:`decide`), bets any hand against
    opponents who fold to most bets (:func:`against_folders`).

    >>> from drawpoker.bots import make_bot
    >>> make_bot("rules", game="stud").reader.counts  # a BetReadingBot: nothing read yet
    {}
    """

    reader_type = BetReader
    reader: BetReader

    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is (the reader takes the view in first).

        >>> from drawpoker.bots import make_bot
        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("omaha"), [10000] * 2, deck="9c As 8d Ac 4h Ks 2s Kc")
        >>> make_bot("rules", seed=1, game="omaha").choose(hand.view(hand.actor)).kind
        'raise'
        """
        legal = view.legal
        assert legal is not None, "a CPU player chooses on its own turn"
        self.reader.observe(view)
        action = against_folders(self.reader, view, legal, self.rng) or self.decide(view, legal)
        self.reader.acted(view, action)
        return action

    @abstractmethod
    def decide(self, view: HandView, legal: LegalActions) -> Action:
        """The player's own choice, from the view and its legal actions (each kind of player
        has its own; :meth:`choose` asks it when :func:`against_folders` does not bet).

        >>> from drawpoker.bots import make_bot
        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("omaha"), [10000] * 2, deck="9c As 8d Ac 4h Ks 2s Kc")
        >>> bot = make_bot("rules", seed=1, game="omaha")
        >>> bot.decide(hand.view(hand.actor), hand.legal_actions()).kind
        'raise'
        """

    def trust(self, view: HandView) -> float:
        """:meth:`BetReader.trust` of the seat that bet or raised last (1: nobody has).

        >>> from drawpoker.bots import make_bot
        >>> from drawpoker.engine import Hand, game
        >>> make_bot("rules", game="stud").trust(Hand(game("stud"), [5000] * 2).view(0))
        1.0
        """
        bettor = last_bettor(view)
        return 1.0 if bettor is None else self.reader.trust(bettor)


def aggressed_this_round(view: HandView) -> bool:
    """Whether the seat has bet or raised in the betting round under way.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10_000, 10_000], button=0)
    >>> hand.raise_to(300); hand.raise_to(900); aggressed_this_round(hand.view(0))
    True
    >>> hand.call(); aggressed_this_round(hand.view(1))
    False
    """
    for event in reversed(view.events):
        if event.kind in _ROUND_STARTS:
            return False
        if event.kind in ("bet", "raise") and event.seat == view.seat:
            return True
    return False


def last_bettor(view: HandView) -> int | None:
    """The seat that bet or raised last in the hand so far (None: nobody has).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10_000, 10_000], button=0)
    >>> last_bettor(hand.view(0)) is None
    True
    >>> hand.raise_to(300); last_bettor(hand.view(1))
    0
    """
    for event in reversed(view.events):
        if event.kind in ("bet", "raise"):
            return event.seat
    return None


def hand_key(view: HandView) -> tuple[int, ...]:
    """The button and the seat's first cards: tells one hand from the next.

    >>> from drawpoker.engine import Hand, game
    >>> hand_key(Hand(game("holdem"), [10_000, 10_000], deck="As Kd Ah Kc").view(1))
    (0, 51, 50)
    """
    seat = view.seat
    for event in view.events:
        if event[0] == "deal" and event[2] == seat:  # Event.kind, Event.to
            return (view.button, *event[4])  # Event.cards
    return (view.button,)
