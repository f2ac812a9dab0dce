"""Ratings of the people who play at the site, one per game (the engine's game name), with
the ``openskill`` library's Bradley-Terry "full pairing" model: every pair of players at a
finished table counts as a win and a loss, or, for an equal placing, half of each (as the
rules say: a tie in the placing counts between a win and a loss).

A person is known by their device (:mod:`drawpoker.site.devices`). CPU players hold fixed
ratings by type (:data:`CPU_RATINGS`): they are rated against, never updated, so a person
playing CPU players is rated too. A game is not rated when no device played it (CPU players
only), when one device held two of its seats (a game against oneself), or when fewer than two
of its seats count (a seat nobody took, or taken without a device, does not count). The
placings are the table's standings (chips, or points in no-bet mode: R-DRAW-11, R-NOBET-1).

>>> entrants = [Entrant(0, 1, device=7, cpu=None), Entrant(1, 2, device=None, cpu="rules")]
>>> unrated_reason(entrants) is None
True
>>> after = rate(entrants, {})
>>> after[7].mu > NEW.mu, after[7].games
(True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the serve extra's library, imported when used: the CLI starts without it
    from openskill.models import BradleyTerryFull


@dataclass(frozen=True)
class Rating:
    """A rating: the library's mean ``mu`` and uncertainty ``sigma``, and the games rated.
    :attr:`shown` is the conservative figure the site shows and ranks by (openskill's
    ordinal, ``mu - 3 sigma``: a newcomer starts at 0).

    >>> NEW.shown, Rating(30.0, 2.0).shown
    (0.0, 24.0)
    """

    mu: float
    sigma: float
    games: int = 0

    @property
    def shown(self) -> float:
        """The figure shown beside a name, to one decimal.

        >>> Rating(26.0, 8.0).shown
        2.0
        """
        return round(self.mu - 3 * self.sigma, 1)


NEW = Rating(25.0, 25.0 / 3)
"""A person's rating before their first rated game (the library's defaults)."""

CPU_RATINGS = {
    "checkcall": Rating(20.0, 2.0),
    "rules": Rating(25.0, 2.0),
    "strong": Rating(30.0, 2.0),
}
"""The fixed rating of each CPU player type, in every game: the check/call player below a
newcomer's mean, the rules-of-thumb player at it, the strong player above; a small sigma so
that they move little in the library's update (which is thrown away: they never change)."""


@dataclass(frozen=True)
class Entrant:
    """A seat at a finished table: its place (1 is best; equal places for equal scores), and
    who played it: a person's ``device`` id, or a ``cpu`` type, or neither (a seat nobody took,
    or taken without a device).

    >>> Entrant(0, 1, device=3, cpu=None).counts
    True
    """

    seat: int
    place: int
    device: int | None
    cpu: str | None

    @property
    def counts(self) -> bool:
        """Whether the seat takes part in the rating (a device's or a CPU's seat).

        >>> Entrant(0, 1, device=None, cpu=None).counts
        False
        """
        return self.device is not None or self.cpu in CPU_RATINGS


def unrated_reason(entrants: list[Entrant]) -> str | None:
    """Why a finished game is not rated, or ``None`` when it is.

    >>> unrated_reason([Entrant(0, 1, None, "rules"), Entrant(1, 2, None, "strong")])
    'no person with a device played'
    >>> unrated_reason([Entrant(0, 1, 5, None), Entrant(1, 2, 5, None)])
    'one device held two seats'
    >>> unrated_reason([Entrant(0, 1, 5, None), Entrant(1, 2, None, None)])
    'fewer than two rated seats'
    """
    devices = [e.device for e in entrants if e.device is not None]
    if not devices:
        return "no person with a device played"
    if len(set(devices)) < len(devices):
        return "one device held two seats"
    if sum(e.counts for e in entrants) < 2:
        return "fewer than two rated seats"
    return None


def _model() -> BradleyTerryFull:
    from openskill.models import BradleyTerryFull  # serve extra: the CLI starts without it

    return BradleyTerryFull()


def rate(entrants: list[Entrant], current: dict[int, Rating]) -> dict[int, Rating]:
    """The devices' new ratings after a rated game (:func:`unrated_reason` is ``None``):
    ``current`` holds the devices' ratings before (a device without one is :data:`NEW`).
    The CPU players' fixed ratings take part; their updates are dropped.

    >>> tie = rate([Entrant(0, 1, 1, None), Entrant(1, 1, 2, None)], {})
    >>> tie[1] == tie[2], tie[1].mu == NEW.mu, tie[1].sigma < NEW.sigma
    (True, True, True)
    """
    model = _model()
    counted = [e for e in entrants if e.counts]
    before = [
        current.get(e.device, NEW) if e.device is not None else CPU_RATINGS[str(e.cpu)]
        for e in counted
    ]
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = model.rate(teams, ranks=[float(e.place) for e in counted])
    return {
        e.device: Rating(team[0].mu, team[0].sigma, old.games + 1)
        for e, old, team in zip(counted, before, after, strict=True)
        if e.device is not None
    }
