"""What a draw-game CPU player learns of its opponents' pat hands from its seat's view: how often
each seat has stood pat in the hands seen so far. A pat hand made by the cards (a straight or
better) is rare; a seat that stands pat far more often than that is mostly standing pat on
nothing (a "snow"), and its pat is worth little more than a random hand.

>>> reader = PatReader()
>>> reader.trust(1)  # nothing seen yet: a pat is as likely real as the prior says
1.0
"""

from __future__ import annotations

from typing import Any

from drawpoker.bots.bet_reading import BetReader, hand_key
from drawpoker.engine.actions import Action
from drawpoker.engine.events import HandView

NATURAL_PAT = 0.015
"""How often a player who reaches the draw stands pat on a made hand (straights and better are
dealt to 0.76% of hands, and those hands nearly always reach the draw)."""

PRIOR_HANDS = 40
"""Hands' worth of belief that a seat stands pat at :data:`NATURAL_PAT` before any is seen."""


class PatReader:
    """Counts, per seat, the hands seen past the draw and the pats among them; each hand is
    counted once, on the first view of it after its draw.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("five-card-draw"), [2000, 2000], seed=2)
    >>> hand.bet(20); hand.call(); hand.draw(); hand.draw()
    >>> reader = PatReader()
    >>> reader.observe(hand.view(hand.actor)); reader.observe(hand.view(hand.actor))
    >>> reader.counts  # the other seat: one hand seen past the draw, one pat
    {0: [1, 1]}
    >>> round(reader.trust(0), 3)  # 0.015 / ((1 + 0.015 * 40) / (1 + 40))
    0.384
    """

    def __init__(self) -> None:
        self.counts: dict[int, list[int]] = {}
        """By seat: ``[hands seen past the draw, pats]``."""
        self._last: tuple[int, ...] = ()

    def observe(self, view: HandView) -> None:
        """Counts the latest draw of the hand of ``view`` (once per hand)."""
        if view.street == 0 or view.phase == "draw":
            return
        key = hand_key(view)
        if key == self._last:
            return
        self._last = key
        for seat, drawn in enumerate(view.drawn):
            if seat != view.seat and drawn >= 0:
                seen = self.counts.setdefault(seat, [0, 0])
                seen[0] += 1
                seen[1] += drawn == 0

    def trust(self, seat: int, natural: float = NATURAL_PAT) -> float:
        """The chance that a pat of ``seat`` is a made hand: the ``natural`` pat rate (the
        game's; five-card draw's by default) over the seat's pat rate (with :data:`PRIOR_HANDS`
        of prior belief), at most one.

        >>> reader = PatReader(); reader.counts[3] = [10, 10]
        >>> round(reader.trust(3), 3)  # 0.015 / ((10 + 0.6) / 50)
        0.071
        """
        hands, pats = self.counts.get(seat, (0, 0))
        rate = (pats + natural * PRIOR_HANDS) / (hands + PRIOR_HANDS)
        return min(1.0, natural / rate)

    def to_data(self) -> dict[str, Any]:
        """Plain data (JSON keeps no int keys), read back by :meth:`from_data`.

        >>> PatReader.from_data(PatReader().to_data()).counts
        {}
        """
        return {
            "counts": [[s, *c] for s, c in sorted(self.counts.items())],
            "last": list(self._last),
        }

    @classmethod
    def from_data(cls, data: Any) -> PatReader:
        """The reader :meth:`to_data` wrote."""
        reader = cls()
        reader.counts = {int(s): [int(h), int(p)] for s, h, p in data["counts"]}
        reader._last = tuple(int(c) for c in data["last"])
        return reader


class DrawReader:
    """Both readings a draw-game player makes of the other seats: their pats
    (:class:`PatReader`) and their bets and folds (:class:`~drawpoker.bots.bet_reading.BetReader`).

    >>> DrawReader.from_data(DrawReader().to_data()).bets.folds
    {}
    """

    def __init__(self) -> None:
        self.pats = PatReader()
        self.bets = BetReader()

    def observe(self, view: HandView) -> None:
        """Reads the view's pats and bets."""
        self.pats.observe(view)
        self.bets.observe(view)

    def acted(self, view: HandView, action: Action) -> None:
        """Notes the seat's own action (:meth:`BetReader.acted`)."""
        self.bets.acted(view, action)

    def to_data(self) -> dict[str, Any]:
        """Plain data, read back by :meth:`from_data`."""
        return {"pats": self.pats.to_data(), "bets": self.bets.to_data()}

    @classmethod
    def from_data(cls, data: Any) -> DrawReader:
        """The reader :meth:`to_data` wrote, or a
        :class:`~drawpoker.bots.bet_reading.BetReader`'s data alone (the lowball rules player
        saved before it read pats: no pat seen yet).

        >>> bets_only = BetReader(); bets_only.counts[1] = [3, 1]
        >>> reader = DrawReader.from_data(bets_only.to_data())
        >>> reader.bets.counts, reader.pats.counts
        ({1: [3, 1]}, {})
        """
        reader = cls()
        if "pats" not in data:
            reader.bets = BetReader.from_data(data)
            return reader
        reader.pats = PatReader.from_data(data["pats"])
        reader.bets = BetReader.from_data(data["bets"])
        return reader
