"""What the terminal shows of a stud hand (Seven-Card Stud, Razz, Stud Hi/Lo): each street's
heading, every player's up cards as a row (your down cards in brackets, the others' as
``??``), who brings in and who acts first and why, and the common card (the showdown's words
are :mod:`~drawpoker.narration`'s). :class:`StudNews` follows the events one seat
may see (and the fact, not the cards, of the others' down cards being dealt).

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("stud"), [5000] * 3, button=2, deck="As 2c 3d Ad 4c 5d Ah 7h 9s")
>>> news = StudNews(hand.game, 3)
>>> for event in hand.events:
...     news.add(event, hidden=event.to not in (None, 0))
>>> for line in news.street_lines(["You", "CPU 1", "CPU 2"], 0, first=1, pot=120):
...     print(line)
*** 3rd street *** (pot 120)
You: (As Ad) Ah
CPU 1: [?? ??] 7h
CPU 2: [?? ??] 9s
CPU 1 brings in with 7h, the lowest up card
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from drawpoker.cards import format_cards
from drawpoker.cli.wording import said
from drawpoker.engine import Event
from drawpoker.engine.spec import GameSpec
from drawpoker.narration import PLURAL_RANK_WORDS, RANK_WORDS

ACTION_KINDS = frozenset(("bring-in", "check", "fold", "call", "bet", "raise"))
"""The events that are a seat's betting action."""

DEALING_KINDS = frozenset(("deal", "up", "board"))
"""The events that deal a street's cards."""

STREETS = ("3rd", "4th", "5th", "6th", "7th")
"""The stud streets' names, third street first."""

LOW_DIGITS = "A23456789TJQK"
"""Each low rank's character, ace (0) to king (12), as ace-to-five lows are written."""


def is_stud(spec: GameSpec) -> bool:
    """Whether a game is a stud game (its first street has a bring-in).

    >>> from drawpoker.engine import game
    >>> is_stud(game("razz")), is_stud(game("holdem"))
    (True, False)
    """
    return spec.streets[0].first == "bring-in"


def _plural(rank: int) -> str:
    word = RANK_WORDS[rank]
    return PLURAL_RANK_WORDS.get(word, word + "s")


def board_words(up: Sequence[int]) -> str:
    """A high board of up cards in words, as the best board showing is named (R-STUD-6).

    >>> from drawpoker.cards import parse_cards
    >>> [board_words(parse_cards(t)) for t in ("Kd Kc 7h", "9c 9d 4h 4s", "Ac Kd", "7c 7d 7s")]
    ['a pair of kings', 'two pair, nines and fours', 'ace-king high', 'three sevens']
    """
    counts = Counter(c >> 2 for c in up)
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    (most, top), pairs = groups[0], [r for n, r in groups if n == 2]
    if most == 4:
        return f"four {_plural(top)}"
    if most == 3:
        return f"three {_plural(top)}"
    if len(pairs) >= 2:
        return f"two pair, {_plural(pairs[0])} and {_plural(pairs[1])}"
    if pairs:
        return f"a pair of {_plural(pairs[0])}"
    return "-".join(RANK_WORDS[r] for _, r in groups) + " high"


def low_board_words(up: Sequence[int]) -> str:
    """A low board of up cards (razz), highest card first, ace low; a pair counts against it.

    >>> from drawpoker.cards import parse_cards
    >>> low_board_words(parse_cards("4c 7d Ah")), low_board_words(parse_cards("4c 4d 2h"))
    ('7-4-A', '4-4-2 (paired)')
    """
    ranks = sorted((((c >> 2) + 1) % 13 for c in up), reverse=True)
    text = "-".join(LOW_DIGITS[r] for r in ranks)
    return text + (" (paired)" if len(set(ranks)) < len(ranks) else "")


class StudNews:
    """Follows a stud hand's events for one seat: the street, each seat's up cards and down
    card count, the seat's own down cards, who is still in, the common card, and the high and
    low shown at the showdown. ``hidden`` events are the other seats' private ones: only the
    fact of a deal is read from them.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("razz"), [5000] * 2, button=1, deck="As Kd 2c Kc 3h Ks")
    >>> news = StudNews(hand.game, 2)
    >>> for event in hand.events:
    ...     news.add(event, hidden=event.to not in (None, 0))
    >>> news.street, news.row(0, "You", you=True), news.row(1, "CPU 1")
    (0, 'You: (As 2c) 3h', 'CPU 1: [?? ??] Ks')
    """

    def __init__(self, spec: GameSpec, seats: int) -> None:
        self.low = spec.card_order == "low"
        self.up: list[list[int]] = [[] for _ in range(seats)]
        self.downs = [0] * seats
        self.mine: list[int] = []
        self.live = [True] * seats
        self.common: list[int] = []
        self.street = -1
        self.dealing = False
        self.pending = False

    def add(self, event: Event, hidden: bool = False) -> None:
        """Follows one event (``hidden``: another seat's private event).

        >>> from drawpoker.engine import game
        >>> news = StudNews(game("stud"), 2)
        >>> news.add(Event("deal", seat=1, to=1, amount=0, cards=(3, 7)), hidden=True)
        >>> news.downs, news.street
        ([0, 2], 0)
        """
        kind, seat = event.kind, event.seat
        if kind in DEALING_KINDS:
            if not self.dealing:
                self.street += 1
                self.dealing = self.pending = True
            if kind == "board":
                self.common.extend(event.cards)
            elif seat is not None:
                if kind == "up":
                    self.up[seat].extend(event.cards)
                else:
                    self.downs[seat] += len(event.cards)
                    if not hidden:
                        self.mine.extend(event.cards)
            return
        if kind in ACTION_KINDS:
            self.dealing = False
        if kind == "fold" and seat is not None:
            self.live[seat] = False

    def row(self, seat: int, name: str, you: bool = False) -> str:
        """A seat's cards as a row: the person's down cards in brackets, the others' as
        ``??``; the seventh-street down card after the up cards.

        >>> from drawpoker.engine import game
        >>> news = StudNews(game("stud"), 2)
        >>> news.up[1], news.downs[1] = [51, 3], 3
        >>> news.row(1, "CPU 1")
        'CPU 1: [?? ??] As 2s [??]'
        """
        up = format_cards(self.up[seat])
        if you:
            first, last = self.mine[:2], self.mine[2:]
            text = f"{name}: ({format_cards(first)}) {up}"
            return text + (f" ({format_cards(last)})" if last else "")
        hidden = min(self.downs[seat], 2)
        text = f"{name}: [{' '.join(['??'] * hidden)}] {up}"
        return text + (" [??]" if self.downs[seat] > 2 else "")

    def street_lines(
        self, names: Sequence[str], you: int, first: int | None, pot: int
    ) -> list[str]:
        """The lines of a street just dealt: its heading, the common card if one came, a row
        per seat still in, and who acts first (``first``, None when nobody bets) and why.

        >>> from drawpoker.engine import game
        >>> news = StudNews(game("stud"), 2)
        >>> news.street, news.up, news.downs, news.mine = 1, [[51, 50], [3, 7]], [2, 2], [0, 4]
        >>> print("\\n".join(news.street_lines(["You", "CPU 1"], 0, first=0, pot=600)))
        *** 4th street *** (pot 600)
        You: (2c 3c) As Ah
        CPU 1: [?? ??] 2s 3s
        You act first: the best board showing, a pair of aces
        """
        self.pending = False
        lines = [f"*** {STREETS[self.street]} street *** (pot {pot})"]
        if self.common:
            lines.append(
                f"The deck is short: {format_cards(self.common)} is dealt face up, a common card "
                "for every hand"
            )
        lines += [
            self.row(seat, names[seat], you=seat == you)
            for seat in range(len(names))
            if self.live[seat] and (self.up[seat] or (seat == you and self.mine))
        ]
        if first is not None:
            lines.append(self.first_line(first, names[first]))
        return lines

    def first_line(self, seat: int, name: str) -> str:
        """Who brings in (third street) or acts first (later), and why.

        >>> from drawpoker.engine import game
        >>> news = StudNews(game("razz"), 2)
        >>> news.street, news.up = 0, [[47], [3]]
        >>> news.first_line(0, "CPU 3")
        'CPU 3 brings in with Ks, the highest up card'
        """
        if self.street == 0:
            which = "highest" if self.low else "lowest"
            card = format_cards(self.up[seat][-1:])
            return said(name, "brings in", f"with {card}, the {which} up card")
        up = self.up[seat]
        board = low_board_words(up) if self.low else board_words(up)
        best = "the best low board showing" if self.low else "the best board showing"
        return said(name, "acts first:", f"{best}, {board}")
