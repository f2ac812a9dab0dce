"""Reading a stud hand from one seat's view (Seven-Card Stud, Razz, Stud Hi/Lo eight-or-better):
the cards seen and how many of the cards a hand needs are still live, how boards of up cards
rank, the third-street starting hands, and the made hands and draws of the later streets.
The stud CPU players (:mod:`drawpoker.bots.stud`) decide from these.

Ranks are the cards' ``card >> 2`` (deuce 0 .. ace 12); in the low games a card's low rank puts
the ace lowest (:func:`low_rank`).

>>> from drawpoker.cards import parse_cards
>>> third_street(parse_cards("Kd Kc 4h"), parse_cards("7s 9d 2c"), "stud")
StartingHand(kind='pair', score=9)
>>> third_street(parse_cards("Ad 3c 5h"), parse_cards("Ks 9d"), "razz")
StartingHand(kind='low', score=9)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from drawpoker import _core

if TYPE_CHECKING:
    from drawpoker.engine.events import HandView
    from drawpoker.engine.spec import GameSpec

FAMILIES = ("stud", "razz", "stud-hi-lo")
"""The stud games: high, ace-to-five low, and high-low split eight-or-better."""

ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8

# Hand categories of the high ranking, as this module counts them.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS = range(8)


def family(spec: GameSpec) -> str:
    """Which stud game a spec deals, from its rules: ``"razz"`` when the up cards rank ace low,
    ``"stud-hi-lo"`` when the showdown has a high and a low part, else ``"stud"``.

    >>> from drawpoker.engine import game
    >>> [family(game(name)) for name in ("stud", "razz", "stud-hi-lo")]
    ['stud', 'razz', 'stud-hi-lo']
    """
    if spec.card_order == "low":
        return "razz"
    return "stud-hi-lo" if len(spec.showdown) > 1 else "stud"


def low_rank(card: int) -> int:
    """A card's rank with the ace lowest: ace 0, deuce 1 .. king 12 (eight: 7).

    >>> from drawpoker.cards import parse_cards
    >>> [low_rank(c) for c in parse_cards("As 2c 8d Kh")]
    [0, 1, 7, 12]
    """
    return ((card >> 2) + 1) % 13


def board_key(up: Sequence[int], low: bool = False) -> tuple[int, ...]:
    """How good a board of up cards is, the biggest best: by its groups of equal ranks (four of a
    kind, three, two pair, a pair, none), then their ranks; with ``low`` (razz) the reverse, ace
    low, so that any pair counts against a board. Suits never count (the engine's rule,
    R-STUD-6, R-RAZZ-1).

    >>> from drawpoker.cards import parse_cards
    >>> key = lambda text, low=False: board_key(parse_cards(text), low)
    >>> key("5c 5d") > key("Ac Kd"), key("7c 6d", True) > key("Kc 2d", True)
    (True, True)
    >>> key("Ac 2d", True) > key("3c 3d", True)
    True
    """
    ranks = Counter(low_rank(c) if low else c >> 2 for c in up)
    groups = sorted(((n, r) for r, n in ranks.items()), reverse=True)[:8]
    shape = [n for n, _ in groups] + [0] * (8 - len(groups))
    order = [r + 1 for _, r in groups] + [0] * (8 - len(groups))
    key = (*shape, *order)
    return tuple(-k for k in key) if low else key


class Sight(NamedTuple):
    """What a seat has seen in a stud hand: its cards (down and up), its up cards, the up cards
    of each opponent still in (by seat), the up cards of the folded seats (dead), and the common
    card when the deck ran short (R-STUD-7).

    >>> from drawpoker.cards import format_cards
    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("stud"), [5000] * 3, button=2, deck="As 2c 3d Ad 4c 5d Kh 7h 9s")
    >>> seen = sight(hand.view(0))
    >>> format_cards(seen.cards), {s: format_cards(up) for s, up in seen.rivals.items()}
    ('As Ad Kh', {1: '7h', 2: '9s'})
    """

    family: str
    cards: tuple[int, ...]
    up: tuple[int, ...]
    rivals: dict[int, tuple[int, ...]]
    dead: tuple[int, ...]
    common: tuple[int, ...]

    @property
    def seen(self) -> list[int]:
        """Every card seen that is not the seat's own: the opponents' up cards, live and
        folded, and the common card.

        >>> Sight("stud", (1, 2), (2,), {1: (5,)}, (9,), ()).seen
        [9, 5]
        """
        cards = [*self.dead, *self.common]
        for up in self.rivals.values():
            cards.extend(up)
        return cards


def sight(view: HandView) -> Sight:
    """The cards the seat of ``view`` has seen (:class:`Sight`).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("razz"), [5000] * 2, button=1, deck="As 2c 3d Ad 4c 5d")
    >>> sight(hand.view(1)).rivals  # seat 0's up card: the 4c
    {0: (8,)}
    """
    seat, live = view.seat, view.live
    rivals: dict[int, tuple[int, ...]] = {}
    dead: list[int] = []
    for other, up in enumerate(view.up_cards):
        if other == seat or not up:
            continue
        if live[other]:
            rivals[other] = tuple(up)
        else:
            dead.extend(up)
    return Sight(
        family(view.game),
        tuple(view.cards),
        tuple(view.up_cards[seat]),
        rivals,
        tuple(dead),
        tuple(view.board),
    )


def live_of_rank(rank: int, mine: Iterable[int], seen: Iterable[int]) -> int:
    """How many cards of ``rank`` (deuce 0 .. ace 12) are neither held nor seen.

    >>> from drawpoker.cards import parse_cards
    >>> live_of_rank(11, parse_cards("Kd Kc 4h"), parse_cards("Ks 9d"))
    1
    """
    return 4 - sum(c >> 2 == rank for c in mine) - sum(c >> 2 == rank for c in seen)


def live_of_suit(suit: int, mine: Iterable[int], seen: Iterable[int]) -> int:
    """How many cards of ``suit`` (clubs 0 .. spades 3) are neither held nor seen.

    >>> from drawpoker.cards import parse_cards
    >>> live_of_suit(2, parse_cards("Ah 9h 4h"), parse_cards("Kh 2c"))
    9
    """
    return 13 - sum(c & 3 == suit for c in mine) - sum(c & 3 == suit for c in seen)


class StartingHand(NamedTuple):
    """A third-street hand's kind (``trips``, ``pair``, ``flush``, ``straight``, ``low``,
    ``high`` or ``nothing``) and its worth, 0 (fold) to 10 (rolled-up trips): at 4 it may call
    the bring-in, at 5 call a completion, at 7 complete or raise, at 9 re-raise.

    >>> StartingHand("pair", 8).score >= 7
    True
    """

    kind: str
    score: int


def third_street(cards: Sequence[int], seen: Sequence[int], game: str) -> StartingHand:
    """The worth of three third-street cards, given the cards ``seen`` (the other seats' up
    cards, folded ones too), in ``game`` (one of :data:`FAMILIES`). Rules of thumb after
    Sklansky, Malmuth and Zee's *Seven-Card Stud for Advanced Players* (trips best; a big pair
    plays, better when higher than every up card out and when its rank is live; smaller pairs
    want a big kicker; three to a flush or a straight need their cards live), Sklansky's razz
    (three cards eight or lower, the lower the better; pairs are bad) and Zee's *High-Low Split
    Poker for Advanced Players* (three low cards, best with an ace; a pair of aces; big pairs
    only when higher than every up card out; middle pairs are trouble).

    >>> from drawpoker.cards import parse_cards
    >>> third_street(parse_cards("7c 7d 7h"), [], "razz")
    StartingHand(kind='trips', score=0)
    >>> third_street(parse_cards("9h Th Jh"), parse_cards("2h 5h 8h"), "stud")  # and a flush
    StartingHand(kind='straight', score=6)
    >>> third_street(parse_cards("Ac Ad 9s"), [], "stud-hi-lo")
    StartingHand(kind='pair', score=9)
    """
    return _third_street(tuple(cards), tuple(seen), game)


@lru_cache(maxsize=4096)
def _third_street(cards: tuple[int, ...], seen: tuple[int, ...], game: str) -> StartingHand:
    """:func:`third_street`, remembered (the players at a table ask again for the same)."""
    if game == "razz":
        return _razz_start(cards, seen)
    if game == "stud-hi-lo":
        return _hilo_start(cards, seen)
    return _stud_start(cards, seen)


def _groups(cards: Sequence[int]) -> list[tuple[int, int]]:
    """(count, rank) of each rank held, the biggest group first."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[card >> 2] = counts.get(card >> 2, 0) + 1
    return sorted(((n, r) for r, n in counts.items()), reverse=True)


def _stud_start(cards: Sequence[int], seen: Sequence[int]) -> StartingHand:
    groups = _groups(cards)
    if groups[0][0] == 3:
        return StartingHand("trips", 10)
    best = StartingHand("nothing", 0)
    if groups[0][0] == 2:
        pair, kicker = groups[0][1], groups[1][1]
        score = 9 if pair >= KING else 8 if pair >= JACK else 7 if pair == TEN else 5
        score -= pair < ACE and any(c >> 2 > pair for c in seen)  # an overcard is out
        score += pair < TEN and kicker >= KING
        live = live_of_rank(pair, cards, seen)
        score -= 2 if live == 0 else live == 1
        best = StartingHand("pair", max(score, 0))
    draw = _high_draw(cards, seen)
    if draw.score > best.score:
        best = draw
    high = sorted((c >> 2 for c in cards), reverse=True)
    if best.kind == "nothing" and high[0] >= KING and high[2] >= TEN:
        best = StartingHand("high", 3)
    return best


def _high_draw(cards: Sequence[int], seen: Sequence[int]) -> StartingHand:
    """Three to a flush or to a straight, scored by how live the cards they need are (one
    more for both at once)."""
    flush = 0
    suits = {c & 3 for c in cards}
    if len(suits) == 1:
        out = 10 - live_of_suit(suits.pop(), cards, seen)  # the suit's cards seen elsewhere
        flush = 6 if out <= 1 else 5 if out == 2 else 3 if out == 3 else 0
        flush += flush > 0 and max(c >> 2 for c in cards) >= KING
    straight = 0
    ranks = sorted({c >> 2 for c in cards})
    if len(ranks) == 3:
        options = [ranks] + ([[-1, ranks[0], ranks[1]]] if ranks[2] == ACE else [])
        held = min(options, key=lambda rs: rs[2] - rs[0])  # the ace also plays low: A-2-3
        low, high = held[0], held[2]
        span = high - low
        if span <= 4:
            window = range(low - (4 - span), high + (4 - span) + 1)
            needed = {r % 13 for r in window if -1 <= r <= ACE and r not in held}
            live = sum(live_of_rank(r, cards, seen) for r in needed)
            straight = {2: 5, 3: 4, 4: 3}.get(span, 3) - (live < 2 * len(needed))
            straight += low >= TEN
    if not flush and not straight:
        return StartingHand("nothing", 0)
    kind = "flush" if flush >= straight else "straight"
    return StartingHand(kind, max(flush, straight) + (flush > 0 and straight > 0))


def _razz_start(cards: Sequence[int], seen: Sequence[int]) -> StartingHand:
    lows = sorted({low_rank(c) for c in cards})
    if len(lows) < 3:
        kind = "trips" if len(lows) == 1 else "pair"
        return StartingHand(kind, 2 if len(lows) == 2 and lows[1] <= 4 else 0)
    highest = lows[2]
    score = 9 if highest <= 4 else 8 if highest == 5 else 7 if highest == 6 else 5
    if highest > 7:
        score = 3 if lows[1] <= 4 and highest <= 9 else 0
    if score and sum(low_rank(c) <= 7 for c in seen) >= 4:
        score -= 1  # the small cards she needs are out
    return StartingHand("low" if score >= 5 else "nothing", score)


def _hilo_start(cards: Sequence[int], seen: Sequence[int]) -> StartingHand:
    groups = _groups(cards)
    lows = sorted({low_rank(c) for c in cards if low_rank(c) <= 7})
    if groups[0][0] == 3:
        return StartingHand("trips", 10)
    best = StartingHand("nothing", 0)
    if groups[0][0] == 2:
        pair = groups[0][1]
        score = 2
        if pair == ACE:
            score = 9
        elif pair >= JACK and not any(c >> 2 > pair for c in seen):
            score = 6 if live_of_rank(pair, cards, seen) else 3
        elif pair >= JACK:
            score = 3
        elif (pair + 1) % 13 <= 7 and groups[1][1] == ACE:
            score = 6  # a low pair with an ace: two ways
        best = StartingHand("pair", score)
    if len(lows) == 3:
        score = 8 if lows[0] == 0 else 7 if lows[2] <= 5 else 6
        score -= score > 6 and sum(low_rank(c) <= 7 for c in seen) >= 4
        if score > best.score:
            best = StartingHand("low", score)
    elif len(lows) == 2 and lows[0] == 0 and best.score < 4:
        best = StartingHand("low", 4)  # an ace and a low card
    draw = _high_draw(cards, seen)
    if draw.score > best.score:
        best = StartingHand(draw.kind, min(draw.score, 5) - (len(lows) < 2))
    return best


def high_key(cards: Sequence[int]) -> tuple[int, ...]:
    """A high hand so far, comparable with another's: its category (``PAIR`` .. ``QUADS``,
    straights and flushes from five cards) and then the ranks that play, best five.

    >>> from drawpoker.cards import parse_cards
    >>> high_key(parse_cards("Kd Kc 4h 4s")), high_key(parse_cards("Ks Qs 3s 9s 2s"))[0]
    ((2, 11, 2, -1), 5)
    """
    return _high_key(tuple(cards))


@lru_cache(maxsize=8192)
def _high_key(cards: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`high_key`, remembered (every player reads the same boards)."""
    groups = _groups(cards)
    if len(cards) >= 5:
        strength = _core.evaluate(list(cards), "high")
        category = _core.category(strength, "high")
        if category in (4, 5, 8):  # straight, flush, straight flush
            return ({4: STRAIGHT, 5: FLUSH, 8: QUADS + 1}[category], strength)
    shape = [n for n, _ in groups]
    ranks = [r for _, r in groups]
    if shape[0] == 4:
        return (QUADS, ranks[0])
    if shape[0] == 3:
        if len(shape) > 1 and shape[1] >= 2:
            return (FULL_HOUSE, ranks[0], ranks[1])
        return (TRIPS, *ranks[:3])
    if shape[0] == 2 and len(shape) > 1 and shape[1] == 2:
        kicker = max(ranks[2:], default=-1)
        return (TWO_PAIR, ranks[0], ranks[1], kicker)
    if shape[0] == 2:
        return (PAIR, *ranks[:4])
    return (HIGH_CARD, *ranks[:5])


def high_draws(cards: Sequence[int], seen: Sequence[int]) -> int:
    """Live cards that would make a flush or a straight from four to one (the outs of a
    four-flush, an open-ended or a gutshot straight draw, counted once each); 0 once made.

    >>> from drawpoker.cards import parse_cards
    >>> high_draws(parse_cards("Ah 9h 4h 2h Kc"), parse_cards("5h 6h"))
    7
    >>> high_draws(parse_cards("8c 9d Th Js 2c"), parse_cards("Qs Qd 7c"))
    5
    """
    return _high_draws(tuple(cards), tuple(seen))


@lru_cache(maxsize=4096)
def _high_draws(cards: tuple[int, ...], seen: tuple[int, ...]) -> int:
    """:func:`high_draws`, remembered."""
    if high_key(cards)[0] >= STRAIGHT:
        return 0
    taken = {*cards, *seen}
    outs: set[int] = set()
    for suit in range(4):
        if sum(c & 3 == suit for c in cards) == 4:
            outs.update(c for c in range(suit, 52, 4) if c not in taken)
    ranks = {c >> 2 for c in cards}
    if ACE in ranks:
        ranks.add(-1)
    for low in range(-1, 9):
        missing = [r for r in range(low, low + 5) if r not in ranks]
        if len(missing) == 1:
            rank = missing[0] % 13
            outs.update(c for c in range(4 * rank, 4 * rank + 4) if c not in taken)
    return len(outs)


def low_cards(cards: Iterable[int], eight: bool = False) -> list[int]:
    """The distinct low ranks (:func:`low_rank`) held, lowest first, at most five; with
    ``eight`` only eight or lower (a hi/lo low).

    >>> from drawpoker.cards import parse_cards
    >>> low_cards(parse_cards("Ad 9c 3h 3s 7d Kc")), low_cards(parse_cards("Ad 9c 3h"), True)
    ([0, 2, 6, 8, 12], [0, 2])
    """
    ranks = sorted({low_rank(c) for c in cards})
    return [r for r in ranks if r <= 7 or not eight][:5]


def low_key(cards: Sequence[int], eight: bool = False) -> tuple[int, ...]:
    """A low hand so far, the biggest best: how many distinct low cards it has toward five, then
    the reverse of its highest cards (so 7-4-2 beats 8-3-2, and 9-4-3-2 beats 8-4-3).

    >>> from drawpoker.cards import parse_cards
    >>> low_key(parse_cards("7c 4d 2h")) > low_key(parse_cards("8c 3d 2h"))
    True
    """
    lows = low_cards(cards, eight)
    return (len(lows), *(-r for r in reversed(lows)))


def chance_to_hit(outs: int, unseen: int, cards_to_come: int) -> float:
    """The chance that at least one of ``outs`` live cards among ``unseen`` comes in the next
    ``cards_to_come`` cards.

    >>> round(chance_to_hit(9, 40, 2), 2)
    0.4
    """
    miss = 1.0
    for i in range(cards_to_come):
        if unseen - i <= 0:
            break
        miss *= max(unseen - outs - i, 0) / (unseen - i)
    return 1.0 - miss


ACTION_KINDS = frozenset(("bring-in", "check", "fold", "call", "bet", "raise"))
"""The events that are a seat's betting action."""


def actions_by_street(view: HandView) -> list[list[tuple[str, int]]]:
    """The betting actions the seat has seen, street by street (third street first), each as
    ``(kind, seat)``: a street starts with its cards (``up``, ``deal`` or the common card).

    >>> from drawpoker.engine import Action, Hand, game
    >>> hand = Hand(game("stud"), [5000] * 3, button=2, deck="As 2c 3d Ad 4c 5d Kh 7h 9s")
    >>> hand.act(Action.bring_in()); hand.act(Action.raise_to(200)); hand.call(); hand.call()
    >>> actions_by_street(hand.view(0))
    [[('bring-in', 1), ('raise', 2), ('call', 0), ('call', 1)], []]
    """
    streets: list[list[tuple[str, int]]] = [[]]
    dealing = True
    for event in view.events:
        kind = event.kind
        if kind in ("up", "deal", "board"):
            if not dealing:
                streets.append([])
                dealing = True
        elif kind in ACTION_KINDS and event.seat is not None:
            dealing = False
            streets[-1].append((kind, event.seat))
    return streets
