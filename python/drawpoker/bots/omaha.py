"""CPU players for Omaha (pot limit) and Omaha Hi/Lo eight-or-better (fixed limit by default).
Each decides from its seat's view alone (its four hole cards, the board, the chips, the public
events) and is seeded.

- :class:`OmahaRulesBot` plays rules of thumb: before the flop by Hutchison's point counts
  (:mod:`drawpoker.bots.omaha_reading`) and position; after it by how near the nuts its made
  hand is (the share of two-card holdings that beat it, high and low), its outs and the pot
  odds.
- :class:`OmahaStrongBot` bets and calls from its equity against the likely holdings of the
  opponents still in (four-card hands sampled from ranges narrowed by what they did), computed
  with :func:`drawpoker.equity` at every decision.

Bets are sized from the presets in pot limit ("half pot", "pot"); in fixed limit the bet is the
bet.

>>> from drawpoker.games import Table, TableSettings, game
>>> cpu = {0: OmahaRulesBot(seed=1), 1: OmahaRulesBot(seed=2), 2: OmahaStrongBot(seed=3)}
>>> table = Table(game("omaha"), 3, seed=5, cpu=cpu, settings=TableSettings(rounds=3))
>>> table.play_cpu()
>>> table.is_over, sum(table.stacks)
(True, 30000)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from drawpoker import _core
from drawpoker.bots.basic import SeededBot
from drawpoker.bots.holdem import Profile, opponent_profiles, position, preflop_raises
from drawpoker.bots.omaha_reading import (
    EIGHT,
    BoardRead,
    high_only,
    hutchison_high,
    hutchison_hilo,
    low_possible,
    outs,
    read_board,
)
from drawpoker.bots.sizing import passive, pot_odds, sized
from drawpoker.evaluation import HandCategory
from drawpoker.games.actions import CALL, CHECK, Action, LegalActions
from drawpoker.games.events import HandView


def is_hilo(view: HandView) -> bool:
    """Whether the game splits the pot with an eight-or-better low (Omaha Hi/Lo).

    >>> from drawpoker.games import Hand, game
    >>> is_hilo(Hand(game("omaha-hi-lo"), [1000, 1000]).view(0))
    True
    """
    return len(view.game.showdown) > 1


def starting_points(cards: Sequence[int], hilo: bool) -> float:
    """Hutchison's points of four hole cards: the Omaha-high count, or the Hi/Lo count (a
    playable high-only hand counted as :data:`HILO_PLAY` points).

    >>> from drawpoker.cards import parse_cards
    >>> starting_points(parse_cards("Ks Kd Qs Jc"), hilo=True) == HILO_PLAY
    True
    """
    if not hilo:
        return hutchison_high(cards)
    points = float(hutchison_hilo(cards))
    return max(points, HILO_PLAY) if high_only(cards) else points


# Before-the-flop thresholds (ours), in Hutchison points, set from the counts' spread over random
# hands: Omaha high's top 10% of hands have 13 points or more, its top 30% 10.5; Hi/Lo's top 10%
# 24 and its top 30% 15.
OPEN_RAISE = {False: 13.0, True: 24.0}
PLAY = {
    False: {"early": 12.0, "middle": 11.0, "late": 10.5, "blind": 10.0},
    True: {"early": 20.0, "middle": 18.0, "late": 15.0, "blind": 15.0},
}
CALL_RAISE = {False: 12.5, True: 22.0}
RERAISE = {False: 16.0, True: 30.0}
HILO_PLAY = 22.0
"""The points a playable high-only Hi/Lo hand counts as: enough to call a raise."""


def made_share(read: BoardRead, board: Sequence[int], opponents: int, wary: float = 1.0) -> float:
    """The share of the pot a made hand would take at a showdown now against ``opponents``
    random four-card hands (each holds six pairs of cards, so one with a better pair turns up
    with chance about ``1 - (1 - beaten_by) ** (6 * opponents)``); with a low on the board, half
    for the high and half for the low. ``wary`` scales the beating holdings up (facing a bet,
    the bettor's hand is stronger than a random one).

    >>> made_share(BoardRead(7000, 0.0, None, 0.0), [0, 1, 2], 3)
    1.0
    """
    holdings = 6 * opponents
    high = (1 - min(1.0, read.beaten_by * wary)) ** holdings
    if read.low is None and read.low_beaten_by == 0.0:  # Omaha high, or no low for anyone
        return high
    if not low_possible(board, 0):
        return high
    low = (1 - min(1.0, read.low_beaten_by * wary)) ** holdings if read.low is not None else 0.0
    return (high + low) / 2


class OmahaRulesBot(SeededBot):
    """Rules of thumb. Before the flop, by Hutchison's points (Omaha high or Hi/Lo): raise the
    pot with a top-10% hand when nobody raised, limp or check with a hand good enough for its
    position, re-raise the best hands, call a raise with the top hands while the call is at most
    an eighth of its stack. After the flop, by the share of the pot its made hand would take
    (:func:`made_share`: how near the nuts it is, high and low) and its outs: bet the pot near
    the nuts, half the pot with a good hand, semi-bluff half the pot with a strong draw now and
    then; facing a bet, raise near the nuts, call when its made share (wary of the bettor) or its
    chance to make a strong hand beats the pot odds; a seeded few river bluffs.

    >>> from drawpoker.games import Hand, game
    >>> hand = Hand(game("omaha"), [10000] * 2, deck="9c As 8d Ac 4h Ks 2s Kc")
    >>> hand.view(0)  # the button, first to act: aces and kings, suited twice
    HandView(seat=0, game='omaha', street=0, phase='bet', actor=0, cards='As Ac Ks Kc', ...)
    >>> OmahaRulesBot(seed=1).choose(hand.view(hand.actor))  # raise the pot
    Action(kind='raise', amount=300, cards=())
    """

    kind = "rules"
    games = ("omaha", "omaha-hi-lo")

    def __init__(self, seed: int = 0, bluff: float = 0.05) -> None:
        super().__init__(seed, bluff=bluff)
        self.bluff = bluff
        self._read: tuple[tuple[int, ...], tuple[int, ...], BoardRead, float] | None = None

    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is.

        >>> from drawpoker.games import Hand, game
        >>> hand = Hand(game("omaha-hi-lo"), [10000] * 2, deck="Ah 9c Ad 8d Kh 7h Ks 2s")
        >>> OmahaRulesBot().choose(hand.view(hand.actor)).kind  # 9-8-7-2 on the button
        'fold'
        """
        legal = view.legal
        assert legal is not None, "a CPU player chooses on its own turn"
        hilo = is_hilo(view)
        if not view.board:
            return self._preflop(view, legal, hilo)
        return self._postflop(view, legal, hilo)

    def _preflop(self, view: HandView, legal: LegalActions, hilo: bool) -> Action:
        points = starting_points(view.cards, hilo)
        raises = preflop_raises(view)
        if raises == 0:
            if points >= OPEN_RAISE[hilo]:
                return sized(legal, 1.0) or passive(legal, call=True)
            return passive(legal, call=points >= PLAY[hilo][position(view)])
        if points >= RERAISE[hilo] and raises < 3:
            return sized(legal, 1.0) or CALL
        stack = view.stacks[view.seat] + view.bets[view.seat]
        return passive(legal, call=points >= CALL_RAISE[hilo] and legal.call * 8 <= stack)

    def _board_read(self, view: HandView, hilo: bool) -> tuple[BoardRead, float]:
        """The board read and the outs, computed once per board (each turn on it reuses them)."""
        cards, board = view.cards, view.board
        if self._read is None or self._read[:2] != (cards, board):
            read = read_board(cards, board, hilo)
            self._read = (cards, board, read, outs(cards, board, hilo))
        return self._read[2], self._read[3]

    def _postflop(self, view: HandView, legal: LegalActions, hilo: bool) -> Action:
        read, out_count = self._board_read(view, hilo)
        opponents = sum(view.live) - 1
        to_come = 5 - len(view.board)
        unseen = 52 - len(view.cards) - len(view.board)
        chance = 1 - (1 - out_count / unseen) ** to_come
        if legal.call:
            wary = made_share(read, view.board, opponents, wary=3.0)
            if wary >= 0.8:
                return sized(legal, 1.0) or CALL
            return passive(legal, call=max(wary, chance) >= pot_odds(view.pot, legal) + 0.05)
        share = made_share(read, view.board, opponents)
        if share >= 0.75:
            return sized(legal, 1.0) or CHECK
        if share >= 0.55 or (chance >= 0.3 and self.rng.random() < 0.5):
            return sized(legal, 0.5) or CHECK
        if not to_come and self.rng.random() < self.bluff:
            return sized(legal, 0.5) or CHECK
        return CHECK


@cache
def _points_spread(hilo: bool) -> tuple[float, ...]:
    """Hutchison points of 20,000 seeded random hands, sorted best first."""
    rng = random.Random(2024)
    points = [starting_points(rng.sample(range(52), 4), hilo) for _ in range(20_000)]
    return tuple(sorted(points, reverse=True))


def points_at_top(share: float, hilo: bool) -> float:
    """The fewest points among the best ``share`` of starting hands (by Hutchison's count).

    >>> points_at_top(0.1, hilo=False) >= 12, points_at_top(1.0, hilo=True) <= 2
    (True, True)
    """
    spread = _points_spread(hilo)
    return spread[min(len(spread) - 1, max(0, round(share * len(spread)) - 1))]


def likely_share(profile: Profile) -> float:
    """The share of starting hands an opponent likely holds after what it did before the flop:
    the top 8% after two raises of its own, 25% after one, 45% after calling a raise, any
    otherwise.

    >>> likely_share(Profile(1, False, False))
    0.25
    """
    if profile.raises >= 2:
        return 0.08
    if profile.raises == 1:
        return 0.25
    return 0.45 if profile.called_raise else 1.0


def strong_after_flop(hole: Sequence[int], board: Sequence[int], hilo: bool) -> bool:
    """What a hand that bet or raised after the flop likely has: two pair or better, a flush
    draw (two of its suit with two on the board, cards still to come), or for hi/lo a low or two
    low cards with the board still open to a low.

    >>> from drawpoker.cards import parse_cards
    >>> board = parse_cards("Kh 7h 2c")
    >>> strong_after_flop(parse_cards("Ah 5h Qc Jd"), board, False)
    True
    >>> strong_after_flop(parse_cards("Qs Jd 9c 4s"), board, False)
    False
    """
    made = _core.category(_core.evaluate_omaha(list(hole), list(board)), "high")
    if made >= HandCategory.TWO_PAIR:
        return True
    to_come = 5 - len(board)
    if to_come and any(
        sum(c & 3 == suit for c in hole) >= 2 and sum(c & 3 == suit for c in board) >= 2
        for suit in range(4)
    ):
        return True
    if hilo and low_possible(board, to_come):
        return len({c >> 2 for c in hole if c >> 2 <= EIGHT or c >> 2 == 12}) >= 2
    return False


class OmahaStrongBot(SeededBot):
    """Bets and calls from its equity. At every decision it samples a hand for each opponent
    still in from its likely holdings (random four-card hands within the top share of
    Hutchison's points that its betting before the flop suggests, :func:`likely_share`; after
    the flop, when it bet or raised, with :func:`strong_after_flop`), computes its equity
    against each sample with :func:`drawpoker.equity` (``game="omaha"`` or ``"omaha-hi-lo"``;
    exact from the flop on, sampled before it), and acts by its edge (its equity times the
    players in the pot: 1 is a fair share): before the flop it raises the pot from an edge of
    1.3; facing a bet it raises from 1.5 when its equity also beats the pot odds, and calls when
    its equity beats the pot odds; with no bet to face it bets half the pot from an edge of 1.25
    and the pot from 1.6, and bluffs the river now and then.

    >>> from drawpoker.games import Hand, game
    >>> hand = Hand(game("omaha"), [10000] * 2, deck="9c As 8d Ac 4h Ks 2s Kc")
    >>> OmahaStrongBot(seed=1).choose(hand.view(hand.actor)).kind  # aces and kings, suited
    'raise'
    """

    kind = "strong"
    games = ("omaha", "omaha-hi-lo")

    def __init__(self, seed: int = 0, samples: int = 16, bluff: float = 0.03) -> None:
        super().__init__(seed, samples=samples, bluff=bluff)
        self.samples = samples
        self.bluff = bluff

    def equity(self, view: HandView) -> float:
        """Its estimated share of the pot against the likely holdings of the opponents still in.

        >>> from drawpoker.games import Hand, game
        >>> hand = Hand(game("omaha"), [10000] * 2, deck="9c As 8d Ac 4h Ks 2s Kc")
        >>> OmahaStrongBot(seed=1).equity(hand.view(0)) > 0.6
        True
        """
        from drawpoker.equity import equity

        hilo = is_hilo(view)
        profiles = opponent_profiles(view)
        ranges = [profiles[s] for s in sorted(profiles)]
        dead = {*view.cards, *view.board}
        total, counted = 0.0, 0
        for _ in range(self.samples):
            hands = self._sample(ranges, view.board, dead, hilo)
            if hands is None:
                continue
            result = equity(
                [list(view.cards), *hands],
                board=list(view.board),
                game=view.game.name,
                max_outcomes=2_000,
                samples=200,
                seed=self.rng.randrange(2**32),
            )
            total += result.players[0].equity
            counted += 1
        return total / counted if counted else 1 / (len(ranges) + 1)

    def _sample(
        self, profiles: Sequence[Profile], board: Sequence[int], dead: set[int], hilo: bool
    ) -> list[list[int]] | None:
        """One plausible four-card hand per opponent, none sharing a card with ``dead`` or each
        other (None when no such deal turns up after many tries)."""
        floors = [
            None if likely_share(p) >= 1 else points_at_top(likely_share(p), hilo) for p in profiles
        ]
        for _ in range(20):
            used = set(dead)
            hands = []
            for profile, floor in zip(profiles, floors, strict=True):
                for _ in range(200):
                    hole = self.rng.sample(range(52), 4)
                    if used.isdisjoint(hole) and _plausible(profile, floor, hole, board, hilo):
                        hands.append(hole)
                        used.update(hole)
                        break
                else:
                    break
            if len(hands) == len(profiles):
                return hands
        return None

    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is.

        >>> from drawpoker.games import Hand, game
        >>> hand = Hand(game("omaha-hi-lo"), [10000] * 2, deck="Ah 9c Ad 8d Kh 7h Ks 2s")
        >>> OmahaStrongBot(seed=2).choose(hand.view(hand.actor)).kind in ("fold", "call")
        True
        """
        legal = view.legal
        assert legal is not None, "a CPU player chooses on its own turn"
        mine = self.equity(view)
        edge = mine * sum(view.live)  # 1.0: a fair share of the pot
        odds = pot_odds(view.pot, legal)
        if not view.board and edge >= 1.3:
            return sized(legal, 1.0) or passive(legal, call=mine >= odds)
        if legal.call:
            if edge >= 1.5 and mine >= odds:
                return sized(legal, 1.0) or CALL
            return passive(legal, call=mine >= odds + 0.02)
        if edge >= 1.25:
            return sized(legal, 1.0 if edge >= 1.6 else 0.5) or CHECK
        if len(view.board) == 5 and self.rng.random() < self.bluff:
            return sized(legal, 0.5) or CHECK
        return CHECK


def _plausible(
    profile: Profile, floor: float | None, hole: list[int], board: Sequence[int], hilo: bool
) -> bool:
    """Whether an opponent of ``profile`` would likely hold ``hole`` (its starting hand at least
    ``floor`` points, None: any)."""
    if floor is not None and starting_points(hole, hilo) < floor:
        return False
    if profile.aggressive_after_flop and board:
        return strong_after_flop(hole, board, hilo)
    return True
