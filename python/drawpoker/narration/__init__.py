"""The one narration of a hand: each event as a sentence for the person reading it, in their
language. The terminal (:mod:`drawpoker.cli.table_view`), ``drawpoker history show``
(:mod:`drawpoker.history.show`) and the site (the server sends the sentence with each event)
all say an event with :func:`sentence`, so the same event reads the same everywhere.

A :class:`Scene` follows the hand's public events in order (chips behind and in front of each
seat, the board): what an event means can depend on what came before it (a stud completion, an
all-in). What the engine knows it says in the event itself: which blind a blind is, which pot
and part of it an award is and the hand that won it. The texts are gettext catalogues
(``locale/<lang>/LC_MESSAGES/narration.po``, the ``narration`` domain) read by
:mod:`drawpoker.catalogues`.

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("holdem"), [1000, 1000], deck="As Kd 7c 2h")
>>> hand.raise_to(1000); hand.call()
>>> scene = Scene(hand.game, ["Ann", "Bob"], hand.start_stacks)
>>> for event in hand.visible_events(1):
...     scene.add(event)
...     print(sentence(event, 1, "en", scene))
Ann posts the small blind 50
You post the big blind 100
Your cards: As 7c
Ann raises to 1,000 (all-in)
You call (1,000 in this round) (all-in)
You turn over As 7c (all-in: no more betting)
Ann turns over Kd 2h (all-in: no more betting)
Flop: 4h 3s 6s
Turn: 4c
River: Jh
Ann shows Kd 2h: Pair of fours (K-J-6)
You show As 7c: Pair of fours (A-J-7)
You win 2,000 with Pair of fours (A-J-7)
>>> scene.board_cards == hand.board, scene.pot
(True, 0)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from drawpoker.analysis.evaluation import describe
from drawpoker.cards import cards_text, format_cards, rank_of
from drawpoker.catalogues import (
    PSEUDO_LANGUAGE,
    Catalogue,
    base_language,
    domain_languages,
    filled,
    number,
    pseudo_catalogue,
    read_catalogue,
)
from drawpoker.engine.events import AWARD_SHARES, EVENT_KINDS, Award, Event
from drawpoker.engine.registry import game
from drawpoker.engine.spec import GameSpec
from drawpoker.errors import InvalidArgumentError

LOCALE_DIR = Path(__file__).parent / "locale"
"""Where the narration's catalogues live, one folder per language."""

DOMAIN = "narration"
"""The gettext domain of the narration (the site's pages have their own, ``messages``)."""

ACTION_KINDS = frozenset(("bring-in", "check", "fold", "call", "bet", "raise"))
"""The events that are a seat's betting action."""

DEALING_KINDS = frozenset(("deal", "up", "board"))
"""The events that deal a street's cards."""

TABLE_KINDS = frozenset(("board", "reshuffle", "redeal"))
"""The events of the whole table: the only ones without a seat."""

BOARD_STREETS = {0: "board.flop", 3: "board.turn", 4: "board.river"}
"""The message of a board event by the board cards before it (any other: ``board``)."""

_ISOLATED = {"ar"}
"""Languages written right to left: names, cards and amounts sit in Unicode isolates there so
that a Latin nickname or ``As Kd`` never reorders the sentence."""


def languages() -> tuple[str, ...]:
    """The languages the narration speaks, the default first.

    >>> languages()
    ('en', 'ar')
    """
    return domain_languages(LOCALE_DIR, DOMAIN)


@cache
def catalogue(lang: str) -> Catalogue:
    """The narration's catalogue of ``lang`` (a language, not a tag; the pseudo-language is
    English marked).

    >>> catalogue("en").messages["check"]
    '{name} checks'
    >>> catalogue("xx")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: the narration has no language 'xx' (known: en, ar, qps)
    """
    if lang == PSEUDO_LANGUAGE:
        return pseudo_catalogue(read_catalogue(LOCALE_DIR, DOMAIN, "en"))
    if lang not in languages():
        known = ", ".join((*languages(), PSEUDO_LANGUAGE))
        raise InvalidArgumentError(f"the narration has no language {lang!r} (known: {known})")
    return read_catalogue(LOCALE_DIR, DOMAIN, lang)


def say(tag: str, key: str, count: int | None = None, **values: Any) -> str:
    """The narration's message ``key`` in the tag's language, ``values`` filled in.

    >>> say("en", "draw", count=1, name="Ann"), say("ar", "draw", count=2, name="Ann")
    ('Ann draws 1 card', 'Ann يبدّل ورقتين')
    """
    return filled(catalogue(base_language(tag)), tag, key, count, values)


@lru_cache(maxsize=1024)
def cpu_name(seat: int, tag: str) -> str:
    """A CPU seat's name in the tag's language (the site's CPU players are named by seat;
    remembered: every event told at a table names its seats in each reader's language).

    >>> cpu_name(1, "en"), cpu_name(1, "ar")
    ('CPU 2', 'الحاسوب 2')
    """
    return say(tag, "cpu", number=number(seat + 1, tag))


def seat_name(seat: int, tag: str) -> str:
    """A person's seat's name in the tag's language, while its player has given none.

    >>> seat_name(0, "en"), seat_name(0, "ar")
    ('Seat 1', 'المقعد 1')
    """
    return say(tag, "seat", number=number(seat + 1, tag))


def _isolate(text: str, tag: str, strong: bool = False) -> str:
    """``text`` in an isolate in a right-to-left language: left to right (``strong``: codes,
    cards, numbers) or by its own first letter (names)."""
    if base_language(tag) not in _ISOLATED:
        return text
    return f"\u2066{text}\u2069" if strong else f"\u2068{text}\u2069"


# --- hands in words ---------------------------------------------------------------------------

RANK_WORDS = [
    "deuce",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
]
"""Each rank's English name, deuce (rank 0) to ace (rank 12)."""
PLURAL_RANK_WORDS = {"six": "sixes"}
"""Rank names whose plural is not the name and an s."""
_RANK = r"(deuce|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace)"
_RANKS_MANY = r"(deuces|threes|fours|fives|sixes|sevens|eights|nines|tens|jacks|queens|kings|aces)"
_LIST = r"([2-9TJQKA](?:-[2-9TJQKA])*)"
_HAND_FORMS = [
    ("hand.royal_flush", re.compile(r"Royal flush")),
    ("hand.five_of_a_kind", re.compile(rf"Five of a kind, {_RANKS_MANY}")),
    ("hand.straight_flush", re.compile(rf"Straight flush, {_RANK} high")),
    ("hand.four_of_a_kind", re.compile(rf"Four of a kind, {_RANKS_MANY} \({_LIST} kicker\)")),
    ("hand.full_house", re.compile(rf"Full house, {_RANKS_MANY} full of {_RANKS_MANY}")),
    ("hand.flush", re.compile(rf"Flush, {_LIST}")),
    ("hand.straight", re.compile(rf"Straight, {_RANK} high")),
    ("hand.three_of_a_kind", re.compile(rf"Three of a kind, {_RANKS_MANY} \({_LIST}\)")),
    ("hand.two_pair", re.compile(rf"Two pair, {_RANKS_MANY} and {_RANKS_MANY} \({_LIST} kicker\)")),
    ("hand.pair", re.compile(rf"Pair of {_RANKS_MANY} \({_LIST}\)")),
    ("hand.high_card", re.compile(rf"High card, {_RANK} \({_LIST}\)")),
    ("hand.low", re.compile(rf"(?i:{_RANK})-{_RANK} low: {_LIST}")),
    ("hand.badugi", re.compile(rf"Badugi, {_LIST}")),
    ("hand.three_card", re.compile(rf"Three-card {_LIST}")),
    ("hand.two_card", re.compile(rf"Two-card {_LIST}")),
    ("hand.one_card", re.compile(rf"One-card {_LIST}")),
]
"""Every form of the engine's English hand descriptions (rust/eval: ``describe``), with the
message that says it in another language."""


NO_BREAK_HYPHEN = "\u2011"
"""Joins a card list ("T-9-7") in a right-to-left language, where a line break inside the list
would show "-T-9" and "7" on two lines once the line is reordered.

>>> import unicodedata
>>> unicodedata.name(NO_BREAK_HYPHEN)
'NON-BREAKING HYPHEN'
"""


def _rank_word(word: str, tag: str) -> str:
    """A rank's name (``king``) or its plural (``kings``) in the tag's language."""
    word = word.lower()
    many = word not in RANK_WORDS
    if many:
        word = next(r for r in RANK_WORDS if PLURAL_RANK_WORDS.get(r, r + "s") == word)
    return say(tag, f"rank.{word}.{'many' if many else 'one'}")


def hand_words(strength: int, ranking: str, tag: str = "en") -> str:
    """A hand's strength in words in the tag's language: the engine's description in English
    (:func:`drawpoker.analysis.evaluation.describe`), said again from its parts in another.

    >>> from drawpoker.analysis.evaluation import evaluate
    >>> full = evaluate("Kc Kd Kh 3s 3c")
    >>> hand_words(full, "high"), hand_words(full, "high", "ar")
    ('Full house, kings full of threes', 'فول هاوس، ثلاثة ملوك وزوج ثلاثات')
    >>> low = hand_words(evaluate("6h 5s 4d 2c Ad", "ace-five"), "ace-five", "ar")
    >>> low.replace(NO_BREAK_HYPHEN, "-"), "-" in low
    ('منخفضة بالستة ثم الخمسة: \\u20666-5-4-2-A\\u2069', False)
    >>> hand_words(evaluate("Ts 5h 3d Ac", "badugi"), "badugi", "ar").replace(NO_BREAK_HYPHEN, "-")
    'بادوجي \\u2066T-5-3-A\\u2069'
    """
    english = describe(strength, ranking)
    if base_language(tag) == "en":
        return english
    for key, form in _HAND_FORMS:
        found = form.fullmatch(english)
        if found is None:
            continue
        parts = [
            _isolate(part.replace("-", NO_BREAK_HYPHEN), tag, strong=True)
            if "-" in part or len(part) == 1
            else _rank_word(part, tag)
            for part in found.groups()
        ]
        values: dict[str, Any] = {f"p{k}": part for k, part in enumerate(parts)}
        return say(tag, key, **values)
    return _isolate(english, tag, strong=True)  # a form this module does not know yet


PARTIAL_FORMS = {
    4: "hand.partial.four_of_a_kind",
    3: "hand.partial.three_of_a_kind",
    2: "hand.partial.pair",
    1: "hand.partial.high_card",
}
"""What fewer than five cards hold so far by their largest group of one rank (two pairs are
``hand.partial.two_pair``)."""


def partial_hand_words(cards: Sequence[int], tag: str = "en") -> str:
    """Fewer than five cards (a hold'em hand before the flop, stud's first streets) in words by
    what they hold so far: four or three of a kind, two pair, a pair or the high card; ``""``
    for no cards. The ranks are said as in :func:`hand_words`.

    >>> from drawpoker.cards import parse_cards
    >>> partial_hand_words(parse_cards("Kd Ks 4c 4h")), partial_hand_words(parse_cards("6d 6s"))
    ('Two pair, kings and fours', 'Pair of sixes')
    >>> partial_hand_words(parse_cards("Ah 9c 2d")), partial_hand_words(parse_cards("Ah 9c"), "ar")
    ('High card, ace', 'ورقة عالية، آس')
    >>> partial_hand_words(parse_cards("Ah Ah"))
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: cards hold a card twice: Ah Ah
    """
    if not cards:
        return ""
    if len(set(cards)) != len(cards):
        raise InvalidArgumentError(f"cards hold a card twice: {format_cards(cards)}")
    counts = Counter(rank_of(card) for card in cards)
    groups = sorted(((n, rank) for rank, n in counts.items()), reverse=True)
    (most, top), second = groups[0], groups[1][0] if len(groups) > 1 else 0
    key, ranks = PARTIAL_FORMS[most], [top]
    if most == 2 and second == 2:
        key, ranks = "hand.partial.two_pair", [top, groups[1][1]]
    number = "one" if most == 1 else "many"
    words: dict[str, Any] = {
        f"p{k}": say(tag, f"rank.{RANK_WORDS[rank]}.{number}") for k, rank in enumerate(ranks)
    }
    return say(tag, key, **words)


# --- following a hand -------------------------------------------------------------------------


class Scene:
    """A hand told so far: each seat's chips behind and in front of it in the betting round,
    the pot, the board and the street. Give it every public event in order (a seat's private
    ones change nothing here), each before its :func:`sentence`.

    >>> from drawpoker.engine import game
    >>> scene = Scene(game("holdem"), ["Ann", "Bob"], [500, 500])
    >>> scene.add(Event("blind", seat=0, to=None, amount=50)); scene.stacks, scene.pot
    ([450, 500], 50)
    """

    def __init__(
        self, spec: GameSpec, names: Sequence[str], stacks: Sequence[int], betting: bool = True
    ) -> None:
        self.spec = spec
        self.names = list(names)
        self.betting = betting
        self.rankings = [part.ranking for part in spec.showdown]
        self.stud = spec.streets[0].first == "bring-in"
        self.stacks = list(stacks)
        self.bets = [0] * len(stacks)
        self.pot = 0
        self.board_cards: list[int] = []
        self.board_before = 0
        """The board cards dealt before the latest board event."""
        self.street = 0
        self.acted = False
        """Whether a seat acted in the current street (a dealing event after it starts the next)."""
        self.opened = False
        """Whether a stud hand's first bet (the completion) was made."""
        self.completion = False
        """Whether the latest event completed a stud bring-in."""

    def add(self, event: Event) -> None:
        """Follows one event.

        >>> from drawpoker.engine import game
        >>> scene = Scene(game("stud"), ["Ann", "Bob"], [500, 500])
        >>> scene.add(Event("bring-in", seat=0, to=None, amount=10))
        >>> scene.add(Event("raise", seat=1, to=None, amount=40)); scene.completion
        True
        >>> scene.add(Event("call", seat=2, to=None, amount=40))
        Traceback (most recent call last):
        ...
        drawpoker.errors.InvalidArgumentError: a 'call' event of seat 2 at a table of 2 seats
        """
        check_event(event)
        kind, seat, amount = event.kind, event.seat, event.amount
        if seat is not None and seat >= len(self.stacks):
            seats = f"{len(self.stacks)} seats"
            raise InvalidArgumentError(f"a {kind!r} event of seat {seat} at a table of {seats}")
        self.completion = False
        if kind in DEALING_KINDS or kind in ("draw", "redeal"):
            if self.acted:
                self.street += 1
                self.acted = False
                self.bets = [0] * len(self.bets)
            if kind == "board":
                self.board_before = len(self.board_cards)
                self.board_cards.extend(event.cards)
        if seat is None:
            return
        if kind in ACTION_KINDS:
            self.acted = True
        if kind in ("ante", "blind"):
            self._move(seat, amount)
            if kind == "blind":
                self.bets[seat] += amount
        elif kind in ("call", "bet", "raise", "bring-in"):
            self._move(seat, amount - self.bets[seat])
            self.bets[seat] = amount
            if kind in ("bet", "raise") and self.stud and self.street == 0 and not self.opened:
                self.opened = self.completion = True
        elif kind in ("return", "award"):
            self._move(seat, -amount)

    def _move(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.pot += chips

    def all_in(self, seat: int) -> bool:
        """Whether a seat has no chips left behind (at a table that bets).

        >>> from drawpoker.engine import game
        >>> Scene(game("holdem"), ["A", "B"], [0, 10]).all_in(0)
        True
        """
        return self.betting and seat < len(self.stacks) and self.stacks[seat] == 0


# --- the sentence -----------------------------------------------------------------------------

_PLAIN = {"check": "check", "fold": "fold"}
_CHIPS = {"ante": "ante", "bring-in": "bring_in", "call": "call", "bet": "bet", "raise": "raise"}
_CARDS = {"deal": "deal", "up": "up", "discard": "discard", "receive": "receive"}
_CARDS |= {"expose": "expose"}
_BLINDS = {"small": "blind.small", "big": "blind.big"}
_HALVES = {"high": "win.high", "low": "win.low"}


def check_event(event: Event) -> None:
    """Refuses an event the narration cannot tell, naming what is wrong (InvalidArgumentError):
    an unknown kind, a seat missing or negative (only :data:`TABLE_KINDS` have none), a blind
    that is not the small or the big one, an award without its pot and part.

    >>> check_event(Event("check", seat=0, to=None))
    >>> check_event(Event("splash", seat=0, to=None))
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: unknown event kind 'splash' (known: ante, blind, \
deal, up, board, bring-in, check, fold, call, bet, raise, draw, discard, receive, reshuffle, \
redeal, expose, show, low, return, award)
    >>> check_event(Event("award", seat=0, to=None, amount=50))
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: an 'award' event needs its award (which pot, which \
part: whole, high, low)
    """
    kind, seat = event.kind, event.seat
    if kind not in EVENT_KINDS:
        raise InvalidArgumentError(f"unknown event kind {kind!r} (known: {', '.join(EVENT_KINDS)})")
    if seat is None and kind not in TABLE_KINDS:
        raise InvalidArgumentError(f"a {kind!r} event needs the seat it is about")
    if seat is not None and (kind in TABLE_KINDS or seat < 0):
        raise InvalidArgumentError(f"a {kind!r} event cannot be about seat {seat}")
    if kind == "blind" and event.blind not in (None, *_BLINDS):
        raise InvalidArgumentError(f"a blind is {' or '.join(_BLINDS)}, not {event.blind!r}")
    if kind == "award" and (event.award is None or event.award.share not in AWARD_SHARES):
        raise InvalidArgumentError(
            f"an 'award' event needs its award (which pot, which part: {', '.join(AWARD_SHARES)})"
        )


def sentence(
    event: Event,
    viewer: int | None,
    tag: str = "en",
    scene: Scene | None = None,
    *,
    timer: bool = False,
    cards: Sequence[int | None] | None = None,
) -> str:
    """``event`` as a sentence for ``viewer`` (the seat reading it, spoken to as "you"; ``None``
    for a watcher or the public) in the language of ``tag``, read in the ``scene`` that has
    followed the hand up to and including the event (:meth:`Scene.add`); ``timer`` says the turn
    timer took the action for the seat; ``cards`` are the event's cards as the reader's copy holds
    them (``None`` for a card it does not have: a history file's ``??``). A private event reaches
    only its seat: telling it to anyone else is refused, so no sentence names a card its reader
    may not see.

    >>> from drawpoker.engine import game
    >>> scene = Scene(game("five-card-draw"), ["Ann", "Bob"], [500, 500])
    >>> draw = Event("draw", seat=0, to=None, amount=3)
    >>> sentence(draw, None, "en", scene), sentence(draw, 0, "en", scene)
    ('Ann draws 3 cards', 'You draw 3 cards')
    >>> sentence(draw._replace(amount=0), 1, "ar", scene)
    '\\u2068Ann\\u2069 يثبت على أوراقه'
    >>> sentence(Event("check", seat=1, to=None), 1, "en", scene, timer=True)
    'Your time ran out: You check'
    >>> sentence(Event("deal", seat=0, to=0, cards=(51, 50)), 1, "en", scene)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: seat 0's private 'deal' event told to seat 1
    >>> sentence(Event("blind", seat=0, to=None, amount=50, blind="straddle"), 1, "en", scene)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: a blind is small or big, not 'straddle'
    """
    check_event(event)
    catalogue(base_language(tag))  # an unknown language is refused before any number is written
    if event.to is not None and event.to != viewer:
        raise InvalidArgumentError(
            f"seat {event.to}'s private {event.kind!r} event told to "
            + ("the public" if viewer is None else f"seat {viewer}")
        )
    scene = scene or Scene(game("holdem"), [], [])
    told = _told(event, viewer, tag, scene, cards)
    if timer and event.seat is not None:
        if event.seat == viewer:
            return say(tag, "timer.you", sentence=told)
        return say(tag, "timer", name=_name(event.seat, tag, scene), sentence=told)
    return told


def _name(seat: int, tag: str, scene: Scene) -> str:
    name = scene.names[seat] if seat < len(scene.names) else seat_name(seat, tag)
    return _isolate(name, tag)


def _cards_text(event: Event, tag: str, cards: Sequence[int | None] | None) -> str:
    held = event.cards if cards is None else cards
    if None in held:  # a history file's reader does not have every card
        text = " ".join("??" if card is None else format_cards([card]) for card in held)
    else:
        text = " ".join(cards_text(held))  # type: ignore[arg-type]  # (no None in it)
    return _isolate(text, tag, strong=True)


def _told(
    event: Event, viewer: int | None, tag: str, scene: Scene, cards: Sequence[int | None] | None
) -> str:
    kind, seat = event.kind, event.seat
    amount = _isolate(number(event.amount, tag), tag, strong=True)
    if seat is None:
        if kind == "board":
            key = BOARD_STREETS.get(scene.board_before, "board")
            if len(event.cards) != 3 and key == "board.flop":
                key = "board"
            return say(tag, key, cards=_cards_text(event, tag, cards))
        if kind == "reshuffle":
            return say(tag, "reshuffle", count=event.amount)
        return say(tag, "redeal", amount=amount)  # the last of TABLE_KINDS
    you = ".you" if seat == viewer else ""
    name = _name(seat, tag, scene)
    if kind in _PLAIN:
        return say(tag, _PLAIN[kind] + you, name=name)
    if kind == "blind":
        return say(tag, _BLINDS[event.blind or "big"] + you, name=name, amount=amount)
    if kind in _CHIPS:
        key = "complete" if scene.completion else _CHIPS[kind]
        told = say(tag, key + you, name=name, amount=amount)
        if kind != "ante" and scene.all_in(seat):
            return say(tag, "all_in", sentence=told)
        return told
    if kind == "draw":
        if event.amount == 0:
            return say(tag, "stand_pat" + you, name=name)
        return say(tag, "draw" + you, count=event.amount, name=name)
    if kind in ("show", "expose") and cards is not None and None in cards:
        return say(tag, "show.unknown" + you, name=name)
    if kind in _CARDS:
        return say(tag, _CARDS[kind] + you, name=name, cards=_cards_text(event, tag, cards))
    if kind == "show":
        hand = hand_words(event.amount, scene.rankings[0], tag)
        shown = _cards_text(event, tag, cards)
        return say(tag, "show" + you, name=name, cards=shown, hand=hand)
    if kind == "low":
        return say(
            tag, "low" + you, name=name, hand=hand_words(event.amount, scene.rankings[-1], tag)
        )
    if kind == "return":
        return say(tag, "return" + you, name=name, amount=amount)
    assert event.award is not None, "check_event: every other kind is told above"
    return _award(event.award, you, tag, scene, name=name, amount=amount)


def _pot_name(award: Award, tag: str) -> str:
    """The pot an award comes from: the only pot, the main pot, the side pot, side pot 2."""
    if award.pots == 1:
        return say(tag, "pot.only")
    if award.pot == 0:
        return say(tag, "pot.main")
    if award.pots == 2:
        return say(tag, "pot.side")
    return say(tag, "pot.side.n", number=_isolate(number(award.pot, tag), tag, strong=True))


def _award(award: Award, you: str, tag: str, scene: Scene, name: str, amount: str) -> str:
    """An award's sentence: the chips, the pot when the hand had several, the half in a hi/lo
    game and the hand that won it (nothing when nobody contested the pot).

    >>> from drawpoker.analysis.evaluation import evaluate
    >>> from drawpoker.engine import Award, game
    >>> scene = Scene(game("stud-hi-lo"), ["Sam"], [0])
    >>> low = Award(pot=1, pots=2, share="low", strength=evaluate("8h 4s 3d 2c Ad", "ace-five"))
    >>> _award(low, "", "en", scene, name="Sam", amount="600")
    'Sam wins 600, the low half of the side pot, with Eight-four low: 8-4-3-2-A'
    >>> high = Award(pot=0, pots=1, share="whole", strength=evaluate("Kc Kd 9h 4s 3c"))
    >>> _award(high, ".you", "en", scene, name="Sam", amount="1,200")
    'You win 1,200 with Pair of kings (9-4-3) (no low qualifies)'
    """
    if award.strength is None:
        return say(tag, "win" + you, name=name, amount=amount)
    ranking = scene.rankings[-1] if award.share == "low" else scene.rankings[0]
    hand = hand_words(award.strength, ranking, tag)
    if award.share == "whole" and len(scene.rankings) > 1:
        hand = say(tag, "no_low", hand=hand)
    if award.share in _HALVES:
        pot = _pot_name(award, tag)
        return say(tag, _HALVES[award.share] + you, name=name, amount=amount, hand=hand, pot=pot)
    if award.pots > 1:
        pot = _pot_name(award, tag)
        return say(tag, "win.from" + you, name=name, amount=amount, hand=hand, pot=pot)
    return say(tag, "win.with" + you, name=name, amount=amount, hand=hand)
