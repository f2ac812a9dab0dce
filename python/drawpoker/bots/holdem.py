"""CPU players for no-limit Hold'em. Each decides from its seat's view alone (its hole cards, the
board, the chips, the public events) and is seeded.

- :class:`HoldemRulesBot` plays rules of thumb: before the flop by hand group (Sklansky and
  Malmuth's eight groups, *Hold'em Poker for Advanced Players*) and position; after it by its
  made hand, its draws (outs, "the rule of 2 and 4") and the pot odds.
- :class:`HoldemStrongBot` bets and calls from its equity against the likely holdings of the
  opponents still in (their ranges narrowed by what they did before the flop), computed with
  :func:`drawpoker.equity` at every decision, and sizes its bets from the presets.

>>> from drawpoker.table import Table, TableSettings
>>> from drawpoker.engine import game
>>> cpu = {0: HoldemRulesBot(seed=1), 1: HoldemRulesBot(seed=2), 2: HoldemStrongBot(seed=3)}
>>> table = Table(game("holdem"), 3, seed=5, cpu=cpu, settings=TableSettings(rounds=3))
>>> table.play_cpu()
>>> table.is_over, sum(table.stacks)
(True, 30000)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from drawpoker import _core
from drawpoker.analysis.equity import equity
from drawpoker.analysis.evaluation import HandCategory, evaluate_batch
from drawpoker.bots.basic import ReadingBot
from drawpoker.bots.bet_reading import BLUFF_FOLDS, BetReader, last_bettor, least_fold_rate
from drawpoker.bots.sizing import can_aggress
from drawpoker.bots.tables import shipped
from drawpoker.cards import RANKS
from drawpoker.engine.actions import CALL, CHECK, FOLD, Action, LegalActions
from drawpoker.engine.events import HandView
from drawpoker.engine.spec import GameSpec

# Sklansky-Malmuth hand groups, best first ("s" suited, "o" offsuit, pairs bare).
_GROUPS = (
    "AA KK QQ JJ AKs",
    "TT AQs AJs KQs AKo",
    "99 JTs QJs KJs ATs AQo",
    "T9s KQo 88 QTs 98s J9s AJo KTs",
    "77 87s Q9s T8s KJo QJo JTo 76s 97s A9s A8s A7s A6s A5s A4s A3s A2s 65s",
    "66 ATo 55 86s KTo QTo 54s K9s J8s 75s",
    "44 J9o 64s T9o 53s 33 98o 43s 22 K8s K7s K6s K5s K4s K3s K2s T7s Q8s",
    "87o A9o Q9o 76o 42s 32s 96s 85s J8o J7s 65o 54o 74s K9o T8o",
)
HAND_GROUPS: dict[str, int] = {
    name: group for group, names in enumerate(_GROUPS, start=1) for name in names.split()
}
"""Each starting hand's group, 1 (best) to 8; hands not listed are group 9."""


def starting_hand(cards: Sequence[int]) -> str:
    """The name of two hole cards: ``"AKs"``, ``"T9o"``, ``"77"``.

    >>> from drawpoker.cards import parse_cards
    >>> [starting_hand(parse_cards(text)) for text in ("Kd As", "9h Th", "2c 2d")]
    ['AKo', 'T9s', '22']
    """
    high, low = sorted(cards, reverse=True)
    if high >> 2 == low >> 2:
        return RANKS[high >> 2] * 2
    suited = "s" if high & 3 == low & 3 else "o"
    return f"{RANKS[high >> 2]}{RANKS[low >> 2]}{suited}"


def hand_group(cards: Sequence[int]) -> int:
    """The Sklansky-Malmuth group of two hole cards (9 for hands outside the eight groups).

    >>> from drawpoker.cards import parse_cards
    >>> hand_group(parse_cards("As Ah")), hand_group(parse_cards("7c 2d"))
    (1, 9)
    """
    return HAND_GROUPS.get(starting_hand(cards), 9)


def position(view: HandView) -> str:
    """Where the seat sits for this hand: ``"blind"``, ``"early"``, ``"middle"`` or ``"late"``
    (the two seats before the blinds: the cutoff and the button).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [1000] * 6, button=0)
    >>> [position(hand.view(s)) for s in range(6)]
    ['late', 'blind', 'blind', 'early', 'middle', 'late']
    """
    order = [
        (view.button + i) % view.seats
        for i in range(1, view.seats + 1)
        if view.card_counts[(view.button + i) % view.seats]
    ]
    if len(order) == 2:  # heads-up: the button is the small blind and acts first pre-flop
        return "late" if view.seat == view.button else "blind"
    place = order.index(view.seat)
    if place < 2:
        return "blind"
    if place >= len(order) - 2:
        return "late"
    return "early" if place < 2 + (len(order) - 4 + 1) // 2 else "middle"


def preflop_raises(view: HandView) -> int:
    """How many bets and raises were made before the flop (the blinds not counted).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [1000] * 3)
    >>> hand.raise_to(300); preflop_raises(hand.view(1))
    1
    """
    raises = 0
    for event in view.events:
        if event.kind == "board":
            break
        raises += event.kind in ("bet", "raise")
    return raises


def outs(hole: Sequence[int], board: Sequence[int]) -> int:
    """Cards that would complete a flush or straight draw (a rough count, as players make it):
    9 for four to a flush, 8 for an open-ended straight draw, 4 for a gutshot, the draws'
    outs added (at most 15).

    >>> from drawpoker.cards import parse_cards
    >>> outs(parse_cards("Ah 5h"), parse_cards("Kh 9h 2c"))
    9
    >>> outs(parse_cards("9c 8d"), parse_cards("7h 6s Kc"))
    8
    """
    cards = [*hole, *board]
    suits = Counter(c & 3 for c in cards)
    flush = any(n == 4 and any(c & 3 == s for c in hole) for s, n in suits.items())
    ranks = {c >> 2 for c in cards} | ({-1} if any(c >> 2 == 12 for c in cards) else set())
    best = 0
    for low in range(-1, 9):  # five-rank windows, the ace also low
        held = sum(r in ranks for r in range(low, low + 5))
        if held == 4:
            missing = next(r for r in range(low, low + 5) if r not in ranks)
            open_ended = missing in (low, low + 4) and low not in (-1, 8)
            best = max(best, 8 if open_ended else 4)
    return min(15, (9 if flush else 0) + best)


def pot_odds(view: HandView, legal: LegalActions) -> float:
    """The share of the pot after calling that the call costs.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [1000, 1000])
    >>> round(pot_odds(hand.view(0), hand.legal_actions()), 3)
    0.25
    """
    return legal.call / (view.pot + legal.call) if legal.call else 0.0


def preset(legal: LegalActions, label: str) -> int:
    """The legal total of the preset named ``label`` (its minimum bet or raise when absent).

    >>> from drawpoker.engine import Hand, game
    >>> preset(Hand(game("holdem"), [1000, 1000]).legal_actions(), "3x")
    300
    """
    return next((to for name, to in legal.presets if name == label), legal.min_to)


def _aggress(legal: LegalActions, to: int) -> Action | None:
    """A bet or raise to ``to`` (kept within the legal range), when betting is open."""
    if "bet" in legal.kinds:
        return Action.bet(max(legal.min_to, min(to, legal.max_to)))
    if "raise" in legal.kinds:
        return Action.raise_to(max(legal.min_to, min(to, legal.max_to)))
    return None


def _passive(legal: LegalActions, call: bool) -> Action:
    """Check when free, else call (``call``) or fold."""
    if "check" in legal.kinds:
        return CHECK
    return CALL if call else FOLD


def made_hand(hole: Sequence[int], board: Sequence[int], ranking: str = "high") -> int:
    """How good the made hand is by ``ranking`` (``high``, or ``short-deck``), 0-4: nothing, a
    weak pair, top pair or an overpair, two pair or trips, a straight or better; pairs and
    better that the board alone makes count as nothing.

    >>> from drawpoker.cards import parse_cards
    >>> board = parse_cards("Ks 7c 2d")
    >>> made_hand(parse_cards("Ah Kd"), board), made_hand(parse_cards("9h 9d"), board)
    (2, 1)
    """
    mine = _core.category(_core.evaluate([*hole, *board], ranking), ranking)
    on_board = (
        _core.category(_core.evaluate(list(board), ranking), ranking) if len(board) >= 5 else 0
    )
    if mine >= HandCategory.STRAIGHT and mine > on_board:
        return 4
    if mine >= HandCategory.TWO_PAIR and mine > on_board:
        return 3
    ranks = [c >> 2 for c in board]
    top = max(ranks)
    hole_ranks = [c >> 2 for c in hole]
    if hole_ranks[0] == hole_ranks[1] and hole_ranks[0] > top:
        return 2  # an overpair
    if top in hole_ranks:
        return 2 if max(r for r in hole_ranks) >= 9 or top in hole_ranks else 1
    if any(r in ranks for r in hole_ranks) or hole_ranks[0] == hole_ranks[1]:
        return 1
    return 0


WIDE_CALLS = 0.8
"""The trust in a raiser's raises (:meth:`BetReader.trust`) below which the rules player calls
its raise before the flop whatever the size, with more hand groups the less it trusts them."""


def _against_folders(reader: BetReader, view: HandView, legal: LegalActions) -> Action | None:
    """A bet of half the pot (a raise to three times the bet) whatever the cards, when every
    opponent still in folds to bets so often
    (:func:`~drawpoker.bots.bet_reading.least_fold_rate` at least
    :data:`~drawpoker.bots.bet_reading.BLUFF_FOLDS`) that it wins more than it costs (a half-pot
    bet needs folds a third of the time); else None.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10_000, 10_000], button=0)
    >>> reader = BetReader(); reader.folds[1] = [40, 40]
    >>> _against_folders(reader, hand.view(0), hand.legal_actions())
    Action(kind='raise', amount=300, cards=())
    """
    if not can_aggress(legal):
        return None
    if least_fold_rate(reader, view) >= BLUFF_FOLDS:
        return _aggress(legal, preset(legal, "3x" if legal.call else "50% pot"))
    return None


class HoldemRulesBot(ReadingBot):
    """Rules of thumb. Before the flop: open-raise to 3 big blinds with a hand group good enough
    for its position (groups 1-2 early, 1-4 middle, 1-6 late, 1-5 from the blinds), re-raise
    with group 1, call a raise with groups 1-2 (1-3 in late position or the big blind) when the
    call is at most a tenth of its stack, go all-in or fold with groups 1-4 when short (15 big
    blinds or less); against a raiser who raises far more often than a sound player, call wider
    (:data:`WIDE_CALLS`). After the flop: bet strong made hands (two pair or better: the pot;
    top pair: half the pot), semi-bluff draws now and then, call when its outs or its pair beat
    the pot odds, and a seeded few bluffs on the river. Against opponents who fold to most bets
    (:class:`~drawpoker.bots.bet_reading.BetReader`) it bets whatever it holds.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10000] * 6, button=0, deck="2c 7d As 9c 3d 8h 4s Kc Ah")
    >>> HoldemRulesBot(seed=1).choose(hand.view(hand.actor))  # seat 3, early position, aces
    Action(kind='raise', amount=300, cards=())
    """

    kind = "rules"
    quick = True
    games = ("holdem", "short-deck")
    reader_type = BetReader
    reader: BetReader

    def __init__(self, seed: int = 0, bluff: float = 0.05) -> None:
        super().__init__(seed, bluff=bluff)
        self.bluff = bluff

    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("holdem"), [10000] * 2, deck="7c 2d 9h 4s")
        >>> HoldemRulesBot().choose(hand.view(hand.actor)).kind
        'fold'
        """
        legal = view.legal
        assert legal is not None, "a CPU player chooses on its own turn"
        self.reader.observe(view)
        action = _against_folders(self.reader, view, legal)
        if action is None:
            action = self._preflop(view, legal) if not view.board else self._postflop(view, legal)
        self.reader.acted(view, action)
        return action

    def _preflop(self, view: HandView, legal: LegalActions) -> Action:
        group = hand_group(view.cards)
        big_blind = view.game.stake.chips
        stack = view.stacks[view.seat] + view.bets[view.seat]
        if stack <= 15 * big_blind:  # short: all-in or fold
            if group <= 4:
                return _aggress(legal, legal.max_to) or _passive(legal, call=True)
            return _passive(legal, call=False)
        raises = preflop_raises(view)
        where = position(view)
        if raises == 0:
            opens = {"early": 2, "middle": 4, "late": 6, "blind": 5}[where]
            if group <= opens:
                return _aggress(legal, 3 * big_blind) or _passive(legal, call=True)
            return _passive(legal, call=False)
        if group == 1:
            return _aggress(legal, preset(legal, "3x")) or _passive(legal, call=True)
        calls = 3 if where in ("late", "blind") else 2
        cheap = legal.call * 10 <= stack
        bettor = last_bettor(view)
        trust = 1.0 if bettor is None else self.reader.trust(bettor)
        if trust < WIDE_CALLS:  # a raiser who raises far more often than a sound player
            calls, cheap = calls + round((1 - trust) * 8), True
        return _passive(legal, call=group <= calls and cheap)

    def _postflop(self, view: HandView, legal: LegalActions) -> Action:
        made = made_hand(view.cards, view.board, view.game.ranking)
        cards_to_come = 5 - len(view.board)
        chance = outs(view.cards, view.board) * 2 * cards_to_come / 100
        odds = pot_odds(view, legal)
        if made >= 3:
            return _aggress(legal, preset(legal, "pot" if not legal.call else "3x")) or CALL
        if made == 2:
            if not legal.call:
                return _aggress(legal, preset(legal, "50% pot")) or CHECK
            return _passive(legal, call=odds <= 0.4)
        if chance > 0 and not legal.call and self.rng.random() < 0.4:
            return _aggress(legal, preset(legal, "50% pot")) or CHECK
        if made == 1:
            return _passive(legal, call=odds <= 0.25)
        if not cards_to_come and not legal.call and self.rng.random() < self.bluff:
            return _aggress(legal, preset(legal, "50% pot")) or CHECK
        return _passive(legal, call=chance >= odds)


def preflop_strengths() -> dict[str, float]:
    """Each starting hand's chance to beat one random hand by the river (ties half), as
    :func:`compute_preflop_strengths` estimated it, read from the shipped tables
    (:mod:`drawpoker.bots.tables`).

    >>> strengths = preflop_strengths()
    >>> len(strengths), strengths["AA"] > 0.84, strengths["72o"] < 0.36
    (169, True, True)
    """
    strengths: dict[str, float] = shipped()["holdem-preflop"]
    return strengths


def compute_preflop_strengths() -> dict[str, float]:
    """Each starting hand's chance to beat one random hand by the river (ties half), estimated
    from 4,000 seeded random deals per hand with the batch evaluator (about 2 s, so it runs
    offline: ``python -m drawpoker.bots.make_tables``).

    >>> compute_preflop_strengths() == preflop_strengths()  # the shipped table is up to date
    True
    """
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    rng = np.random.default_rng(2024)
    deals = 4000
    result = {}
    for high in range(13):
        for low in range(high + 1):
            kinds = ["pair"] if high == low else ["s", "o"]
            for kind in kinds:
                hole = (
                    [4 * high, 4 * low + (0 if kind == "s" else 1)]
                    if kind != "pair"
                    else [4 * high, 4 * high + 1]
                )
                rest = np.array([c for c in range(52) if c not in hole], dtype=np.uint8)
                order = np.argsort(rng.random((deals, rest.size)), axis=1)[:, :7]
                picked = rest[order]
                board, other = picked[:, :5], picked[:, 5:]
                mine = np.concatenate(
                    [np.tile(np.array(hole, dtype=np.uint8), (deals, 1)), board], axis=1
                )
                theirs = np.concatenate([other, board], axis=1)
                a, b = evaluate_batch(mine), evaluate_batch(theirs)
                share = float(((a > b) + 0.5 * (a == b)).mean())
                result[starting_hand(hole)] = share
    return result


@cache
def _ranked_starting_hands() -> tuple[str, ...]:
    """Starting hands best first by :func:`preflop_strengths`."""
    strengths = preflop_strengths()
    return tuple(sorted(strengths, key=lambda name: -strengths[name]))


@cache
def likely_range(raises: int, called: bool) -> frozenset[str]:
    """The starting hands an opponent likely holds after what it did before the flop: the top
    15% after a raise of its own (5% after two), the top 35% after calling a raise, the top 60%
    after calling the big blind, anything otherwise (counted by combinations, roughly, as
    classes).

    >>> len(likely_range(0, False)), "AA" in likely_range(2, False)
    (169, True)
    """
    share = 1.0
    if raises >= 2:
        share = 0.05
    elif raises == 1:
        share = 0.15
    elif called:
        share = 0.35
    ranked = _ranked_starting_hands()
    return frozenset(ranked[: max(1, round(share * len(ranked)))])


class Profile(NamedTuple):
    """What an opponent did in the hand so far: its bets and raises before the flop, whether
    it called a raise there, and whether it bet or raised after the flop.

    >>> Profile(1, False, True).raises
    1
    """

    raises: int
    called_raise: bool
    aggressive_after_flop: bool


def opponent_profiles(view: HandView) -> dict[int, Profile]:
    """Each opponent still in, by seat, with what it did (:class:`Profile`).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [1000] * 3)
    >>> hand.raise_to(300); hand.call()
    >>> opponent_profiles(hand.view(2))
    {0: Profile(raises=1, called_raise=False, aggressive_after_flop=False), \
1: Profile(raises=0, called_raise=True, aggressive_after_flop=False)}
    """
    raises: Counter[int] = Counter()
    called: set[int] = set()
    aggressive: set[int] = set()
    raised_pot = flop = False
    for event in view.events:
        if event.kind == "board":
            flop = True
        if event.seat is None:
            continue
        if event.kind in ("bet", "raise"):
            if flop:
                aggressive.add(event.seat)
            else:
                raises[event.seat] += 1
                raised_pot = True
        elif event.kind == "call" and raised_pot and not flop:
            called.add(event.seat)
    return {
        s: Profile(raises[s], s in called, s in aggressive)
        for s in range(view.seats)
        if s != view.seat and view.live[s]
    }


def _plausible(
    profile: Profile, hole: list[int], board: Sequence[int], believed: bool, ranking: str
) -> bool:
    """Whether an opponent of ``profile`` would likely hold ``hole``: in its starting range
    (narrowed by its raises when they are ``believed``), and, when it bet or raised after the
    flop and its bets are believed, with top pair or better or a strong draw."""
    raises = profile.raises if believed else 0
    if starting_hand(hole) not in likely_range(raises, profile.called_raise):
        return False
    if profile.aggressive_after_flop and board and believed:
        return made_hand(hole, board, ranking) >= 2 or outs(hole, board) >= 8
    return True


def _sample_holdings(
    rng: random.Random,
    profiles: Sequence[Profile],
    game: GameSpec,
    board: Sequence[int],
    dead: set[int],
    trust: Sequence[float] | None = None,
) -> list[list[int]] | None:
    """One plausible holding per opponent from the deck of ``game``, none sharing a card with
    ``dead`` or each other (None when no such deal turns up after many tries); opponent ``i``'s
    bets after the flop are believed in a share ``trust[i]`` of the samples (all, by default)."""
    deck = game.deck_cards()
    trust = trust or [1.0] * len(profiles)
    for _ in range(50):
        used = set(dead)
        hands = []
        for profile, belief in zip(profiles, trust, strict=True):
            believed = belief >= 1.0 or rng.random() < belief
            for _ in range(300):
                hole = rng.sample(deck, 2)
                if (
                    hole[0] not in used
                    and hole[1] not in used
                    and _plausible(profile, hole, board, believed, game.ranking)
                ):
                    hands.append(hole)
                    used.update(hole)
                    break
            else:
                break
        if len(hands) == len(profiles):
            return hands
    return None


class HoldemStrongBot(ReadingBot):
    """Bets and calls from its equity: at every decision it samples the opponents still in from
    their likely holdings (their starting ranges, :func:`likely_range`, narrowed to top pair or
    better or a strong draw for those who bet or raised after the flop), computes its equity
    against each sample with :func:`drawpoker.equity` (exact on the turn and river, sampled
    earlier), and acts by its edge (its equity times the players in the pot: 1 is a fair share):
    before the flop it raises to three times the bet from an edge of 1.2; facing a bet it raises
    from 1.4 (when its equity also beats the pot odds) and calls when its equity beats the pot
    odds; with no bet to face it bets a third, half or all of the pot from an edge of 1.2, 1.4,
    1.7, and bluffs the river now and then. A seat that bets when checked to far more often than
    a sound player (:class:`~drawpoker.bots.bet_reading.BetReader`) has its bets believed only
    that much less.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10000] * 2, deck="7c As 2h Ad")  # seat 0: aces
    >>> HoldemStrongBot(seed=1).choose(hand.view(hand.actor)).kind
    'raise'
    """

    kind = "strong"
    games = ("holdem", "short-deck")
    reader_type = BetReader
    reader: BetReader

    def __init__(self, seed: int = 0, samples: int = 24, bluff: float = 0.03) -> None:
        super().__init__(seed, samples=samples, bluff=bluff)
        self.samples = samples
        self.bluff = bluff

    def equity(self, view: HandView) -> float:
        """Its estimated share of the pot against the likely holdings of the opponents still in.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("holdem"), [10000] * 2, deck="7c As 2h Ad")  # seat 0: aces
        >>> HoldemStrongBot(seed=1).equity(hand.view(0)) > 0.8
        True
        """
        profiles = opponent_profiles(view)
        ranges = [profiles[s] for s in sorted(profiles)]
        trust = [self.reader.trust(s) for s in sorted(profiles)]
        dead = {*view.cards, *view.board}
        total, counted = 0.0, 0
        for _ in range(self.samples):
            hands = _sample_holdings(self.rng, ranges, view.game, view.board, dead, trust)
            if hands is None:
                continue
            result = equity(
                [list(view.cards), *hands],
                board=list(view.board),
                game=view.game.name,
                max_outcomes=2_000,
                samples=300,
                seed=self.rng.randrange(2**32),
            )
            total += result.players[0].equity
            counted += 1
        return total / counted if counted else 1 / (len(ranges) + 1)

    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("holdem"), [10000] * 2, deck="7c 2d 9h 4s")
        >>> HoldemStrongBot(seed=2).choose(hand.view(hand.actor)).kind in ("fold", "call")
        True
        """
        legal = view.legal
        assert legal is not None, "a CPU player chooses on its own turn"
        self.reader.observe(view)
        action = self._decide(view, legal)
        self.reader.acted(view, action)
        return action

    def _decide(self, view: HandView, legal: LegalActions) -> Action:
        if exploit := _against_folders(self.reader, view, legal):
            return exploit
        mine = self.equity(view)
        rivals = sum(view.live) - 1
        edge = mine * (rivals + 1)  # 1.0: a fair share of the pot
        odds = pot_odds(view, legal)
        if not view.board and edge >= 1.2:
            return _aggress(legal, preset(legal, "3x")) or _passive(legal, call=mine >= odds)
        if legal.call:
            if edge >= 1.4 and mine >= odds:
                return _aggress(legal, preset(legal, "3x" if edge >= 1.7 else "2x")) or CALL
            return _passive(legal, call=mine >= odds + 0.02)
        if edge >= 1.2:
            label = "pot" if edge >= 1.7 else "50% pot" if edge >= 1.4 else "33% pot"
            return _aggress(legal, preset(legal, label)) or CHECK
        if len(view.board) == 5 and self.rng.random() < self.bluff:
            return _aggress(legal, preset(legal, "50% pot")) or CHECK
        return CHECK
