"""Simple strategies to practise against and to test the other CPU players with: each bets by one
fixed rule whatever its cards, reading only its seat's view.

- ``maniac``: always raises or bets the most it may (all in, in no limit), never folds;
- ``station`` (a calling station): checks or calls, never bets, never folds;
- ``stabber``: bets about half the pot whenever it is checked to (or may raise the blinds
  freely), calls the forced bets only, folds to any bet or raise;
- ``min-raiser``: raises or bets the smallest amount whenever it may, never folds;
- ``snow`` (draw games): calls before the draw, stands pat on whatever it holds, then bets the
  pot whenever it may and calls any bet.

Bet sizes are the nearest preset of :func:`~drawpoker.bots.sizing.sized` (fixed limit and
Five-Card Draw's units: the smallest bet).

In the draw games the first four draw as the game's rules-of-thumb player would; their ``pat-``
versions (``pat-maniac``, ...) stand pat on every draw instead.

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("holdem"), [10_000, 10_000], seed=1)
>>> ManiacBot(game="holdem").choose(hand.view(hand.actor))
Action(kind='raise', amount=10000, cards=())
"""

from __future__ import annotations

from typing import Any, ClassVar

from drawpoker.bots.basic import SeededBot
from drawpoker.bots.seeded import seeded_bot
from drawpoker.bots.sizing import aggress, passive, sized
from drawpoker.engine.actions import BRING_IN, CALL, CHECK, FOLD, STAND_PAT, Action
from drawpoker.engine.events import HandView
from drawpoker.engine.registry import GAMES, game
from drawpoker.table.player import Player

_ROUND_EVENTS = frozenset({"ante", "blind", "bring-in", "check", "call", "bet", "raise", "fold"})
"""Event kinds of a betting round (a card dealt or a draw ends the round before)."""


def has_draw(name: str) -> bool:
    """Whether the registered game ``name`` has a draw.

    >>> has_draw("badugi"), has_draw("holdem")
    (True, False)
    """
    return any(street.draw is not None for street in game(name).streets)


def facing_a_bet(view: HandView) -> bool:
    """Whether another seat bet or raised in this betting round (the forced bets, a bring-in and
    calls do not count).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10_000, 10_000])
    >>> facing_a_bet(hand.view(hand.actor))
    False
    >>> hand.raise_to(300); facing_a_bet(hand.view(hand.actor))
    True
    """
    for event in reversed(view.events):
        if event.kind not in _ROUND_EVENTS:
            return False
        if event.kind in ("bet", "raise") and event.seat != view.seat:
            return True
    return False


def has_drawn(view: HandView) -> bool:
    """Whether the seat has drawn (or stood pat) in this hand.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("five-card-draw"), [2000, 2000], seed=2)
    >>> has_drawn(hand.view(0))
    False
    """
    return any(e.kind == "draw" and e.seat == view.seat for e in view.events)


class SimpleBot(SeededBot):
    """A player whose betting follows one rule (:meth:`bet`); it draws as the game's
    rules-of-thumb player (with this player's generator) or, when ``pat`` or in a game without
    one, stands pat.
    ``game`` names the game it plays (for its draws, and in a table snapshot).

    >>> StationBot(game="badugi").to_dict()["game"]
    'badugi'
    """

    pat: ClassVar[bool] = False
    quick = True
    """Stands pat on every draw."""

    games = tuple(GAMES)

    def __init__(self, seed: int = 0, game: str = "five-card-draw") -> None:
        super().__init__(seed, game=game)
        self.game = game
        self._drawer: Player | None = None
        if not self.pat and has_draw(game):
            drawer = seeded_bot("rules", seed, game)
            if drawer is not None:
                drawer.rng = self.rng  # one generator, saved with this player
            self._drawer = drawer

    def to_dict(self) -> dict[str, Any]:
        """Plain data, naming the game played (not the first of :attr:`games`).

        >>> SnowBot(game="2-7-triple-draw").to_dict()["kind"]
        'snow'
        """
        return {**super().to_dict(), "game": self.game}

    def choose(self, view: HandView) -> Action:
        """Draw (or stand pat), else bet by the rule.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("five-card-draw"), [2000, 2000], seed=2)
        >>> hand.bet(20); hand.call()
        >>> PatManiacBot(game="five-card-draw").choose(hand.view(hand.actor))
        Action(kind='draw', amount=0, cards=())
        """
        if view.phase == "draw":
            return self._drawer.choose(view) if self._drawer is not None else STAND_PAT
        return self.bet(view)

    def bet(self, view: HandView) -> Action:
        """The betting action (the rule of each strategy)."""
        raise NotImplementedError


class ManiacBot(SimpleBot):
    """Raises or bets the most it may whenever it may (completes a stud bring-in), else calls.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("omaha-hi-lo"), [10_000, 10_000])
    >>> hand.raise_to(200); ManiacBot(game="omaha-hi-lo").choose(hand.view(hand.actor))
    Action(kind='raise', amount=300, cards=())
    """

    kind = "maniac"

    def bet(self, view: HandView) -> Action:
        """The largest bet or raise open, else a call or check."""
        legal = view.legal
        assert legal is not None  # a view on the seat's turn
        return aggress(legal, legal.max_to) or passive(legal, call=True)


class StationBot(SimpleBot):
    """Checks or calls, never bets or folds (posts a stud bring-in).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10_000, 10_000])
    >>> hand.raise_to(10_000); StationBot(game="holdem").choose(hand.view(hand.actor))
    Action(kind='call', amount=0, cards=())
    """

    kind = "station"

    def bet(self, view: HandView) -> Action:
        """Bring in, check or call."""
        legal = view.legal
        assert legal is not None
        return BRING_IN if "bring-in" in legal.kinds else passive(legal, call=True)


class StabberBot(SimpleBot):
    """Bets about half the pot whenever it is checked to or may raise the blinds freely, calls
    only the forced bets (and posts a stud bring-in), folds to any bet or raise.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10_000, 10_000])
    >>> hand.call(); StabberBot(game="holdem").choose(hand.view(hand.actor))
    Action(kind='raise', amount=200, cards=())
    """

    kind = "stabber"

    def bet(self, view: HandView) -> Action:
        """Fold to a bet, stab when checked to, else call the forced bets."""
        legal = view.legal
        assert legal is not None
        if facing_a_bet(view):
            return passive(legal, call=False)
        if "bring-in" in legal.kinds:
            return BRING_IN
        if "check" in legal.kinds:
            return sized(legal, 0.5) or CHECK
        return CALL if "call" in legal.kinds else FOLD


class MinRaiserBot(SimpleBot):
    """Bets or raises the least it may whenever it may (completes a stud bring-in), else calls.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10_000, 10_000])
    >>> hand.raise_to(300); MinRaiserBot(game="holdem").choose(hand.view(hand.actor))
    Action(kind='raise', amount=500, cards=())
    """

    kind = "min-raiser"

    def bet(self, view: HandView) -> Action:
        """The smallest bet or raise open, else a call or check."""
        legal = view.legal
        assert legal is not None
        return aggress(legal, legal.min_to) or passive(legal, call=True)


class PatManiacBot(ManiacBot):
    """The maniac that stands pat on every draw (draw games).

    >>> PatManiacBot(game="badugi").pat
    True
    """

    kind = "pat-maniac"
    pat = True


class PatStationBot(StationBot):
    """The calling station that stands pat on every draw (draw games).

    >>> PatStationBot(game="badugi").kind
    'pat-station'
    """

    kind = "pat-station"
    pat = True


class PatStabberBot(StabberBot):
    """The stabber that stands pat on every draw (draw games).

    >>> PatStabberBot(game="badugi").kind
    'pat-stabber'
    """

    kind = "pat-stabber"
    pat = True


class PatMinRaiserBot(MinRaiserBot):
    """The min-raiser that stands pat on every draw (draw games).

    >>> PatMinRaiserBot(game="badugi").kind
    'pat-min-raiser'
    """

    kind = "pat-min-raiser"
    pat = True


class SnowBot(SimpleBot):
    """A snow (draw games): checks or calls before its first draw, stands pat on whatever it
    holds, then bets the pot whenever it may and calls any bet (Five-Card Draw: one unit).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("five-card-draw"), [2000, 2000], seed=2)
    >>> hand.bet(20); SnowBot(game="five-card-draw").choose(hand.view(hand.actor))
    Action(kind='call', amount=0, cards=())
    >>> hand.call(); hand.draw([hand.cards[hand.actor][0]]); hand.draw()
    >>> SnowBot(game="five-card-draw").choose(hand.view(hand.actor))
    Action(kind='bet', amount=20, cards=())
    """

    kind = "snow"
    pat = True

    def bet(self, view: HandView) -> Action:
        """Call before the draw; after it, bet the pot when no one has bet, else call."""
        legal = view.legal
        assert legal is not None
        if has_drawn(view) and "bet" in legal.kinds:
            return sized(legal, 1.0) or CHECK
        return passive(legal, call=True)


SIMPLE_BOTS: tuple[type[SimpleBot], ...] = (ManiacBot, StationBot, StabberBot, MinRaiserBot)
"""The simple players of every game."""

PAT_BOTS: tuple[type[SimpleBot], ...] = (
    PatManiacBot,
    PatStationBot,
    PatStabberBot,
    PatMinRaiserBot,
    SnowBot,
)
"""The simple players of the draw games only."""


def simple_kinds(name: str) -> tuple[str, ...]:
    """The simple CPU types that play the registered game ``name``.

    >>> simple_kinds("holdem")
    ('maniac', 'station', 'stabber', 'min-raiser')
    >>> simple_kinds("badugi")[-2:]
    ('pat-min-raiser', 'snow')
    """
    extra = PAT_BOTS if has_draw(name) else ()
    return tuple(cls.kind for cls in SIMPLE_BOTS + extra)
