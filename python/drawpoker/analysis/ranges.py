"""Hold'em hand ranges in the standard notation (PokerStove, Equilab, eval7's HandRange).

A range is a comma-separated union of tokens, each optionally weighted with ``:weight``:

========================  ==========================================================
``QQ``, ``QQ+``           a pair; that pair and every higher one (``22+`` = all 78)
``JJ-99``                 the pairs from JJ down to 99
``AKs``, ``AKo``, ``AK``  suited (4 combos), offsuit (12), both (16)
``K9s+``                  the kicker up to one below the top card: K9s, KTs, KJs, KQs
``A5s-A2s``               same top card, kickers 5 down to 2
``AhKh``                  one explicit combo (any card text: ``A♥K♥``, ``10hJh``)
``random``                all 1,326 combos
``AA:0.5``                a weight in 0..1 (the chance the player holds the combo
                          relative to an unweighted one)
========================  ==========================================================

A combo given twice keeps the last weight. Ranks are ``23456789TJQKA`` (case-insensitive).

>>> len(Range("QQ+, AKs")), len(Range("22+")), len(Range("random"))
(22, 78, 1326)
>>> Range("AA:0.5, AhAd").weight("AhAd"), Range("AA:0.5, AhAd").weight("AsAc")
(1.0, 0.5)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, cast

from drawpoker.cards import RANKS, format_cards, is_integer, to_card_list
from drawpoker.errors import DrawPokerError, InvalidArgumentError
from drawpoker.validate import encodable_text

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from drawpoker.cards import CardsLike

Combo = tuple[int, int]
"""Two hole cards, the higher card first."""


def _combo(a: int, b: int) -> Combo:
    return (a, b) if a > b else (b, a)


def _pair_combos(rank: int) -> list[Combo]:
    cards = [4 * rank + s for s in range(4)]
    return [_combo(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]]


def _two_rank_combos(high: int, low: int, kind: str) -> list[Combo]:
    """Combos of two different ranks: ``kind`` is ``"s"`` (suited), ``"o"`` (offsuit) or ``""``."""
    return [
        _combo(4 * high + s, 4 * low + t)
        for s in range(4)
        for t in range(4)
        if (kind == "s" and s == t) or (kind == "o" and s != t) or kind == ""
    ]


class _BadToken(Exception):
    """A token that is not range notation (turned into an error naming it)."""


def _rank(char: str) -> int:
    index = RANKS.find(char.upper())
    if index < 0 or len(char) != 1:
        raise _BadToken(f"{char!r} is not a rank ({RANKS})")
    return index


def _hand_class(text: str) -> tuple[int, int, str]:
    """``(high rank, low rank, kind)`` of ``QQ``, ``AKs``, ``AKo`` or ``AK``."""
    kind = ""
    if len(text) == 3 and text[2].lower() in "so":
        text, kind = text[:2], text[2].lower()
    if len(text) != 2:
        raise _BadToken("expected two ranks, e.g. QQ, AKs, AKo or AK")
    high, low = _rank(text[0]), _rank(text[1])
    if high < low:
        high, low = low, high
    if high == low and kind:
        raise _BadToken("a pair is neither suited nor offsuit")
    return high, low, kind


def _class_combos(high: int, low: int, kind: str) -> list[Combo]:
    return _pair_combos(high) if high == low else _two_rank_combos(high, low, kind)


def _token_combos(token: str) -> list[Combo]:
    """The combos of one token without its weight."""
    if token.lower() == "random":
        return [(a, b) for a in range(52) for b in range(a)]
    if "-" in token:
        first, _, last = token.partition("-")
        a, b = _hand_class(first), _hand_class(last)
        if a[2] != b[2]:
            raise _BadToken("both ends of a dash need the same suffix (s, o or none)")
        if a[0] == a[1] and b[0] == b[1]:
            top, bottom = max(a[0], b[0]), min(a[0], b[0])
            return [c for r in range(bottom, top + 1) for c in _pair_combos(r)]
        if a[0] != b[0] or a[0] == a[1] or b[0] == b[1]:
            raise _BadToken("a dash joins two pairs or two hands with the same top card")
        top, bottom = max(a[1], b[1]), min(a[1], b[1])
        return [c for r in range(bottom, top + 1) for c in _two_rank_combos(a[0], r, a[2])]
    if token.endswith("+"):
        high, low, kind = _hand_class(token[:-1])
        if high == low:
            return [c for r in range(high, 13) for c in _pair_combos(r)]
        return [c for r in range(low, high) for c in _two_rank_combos(high, r, kind)]
    try:
        return _class_combos(*_hand_class(token))
    except _BadToken:
        pass
    try:
        cards = to_card_list(token)
    except DrawPokerError:
        raise _BadToken("not range notation (QQ+, JJ-99, AKs, K9s+, AhKh, random)") from None
    if len(cards) != 2 or cards[0] == cards[1] or 52 in cards:
        raise _BadToken("an explicit combo is two different cards, e.g. AhKh")
    return [_combo(cards[0], cards[1])]


def _weight(text: str) -> float:
    try:
        weight = float(text)
    except ValueError:
        raise _BadToken(f"weight {text!r} is not a number") from None
    if not (math.isfinite(weight) and 0 <= weight <= 1):
        raise _BadToken(f"weight {text!r} is not in 0..1")
    return weight


class Range:
    """A Hold'em hand range: combos (two cards each) with weights.

    ``Range(text)`` parses the notation of this module; ``dead`` removes every combo holding
    one of those cards. ``len()`` is the number of combos, iteration gives ``(combo, weight)``
    with combos as pairs of card integers, higher card first, in a fixed order (by top card,
    then second card, descending). Bad notation raises
    :class:`~drawpoker.errors.InvalidArgumentError` naming the token.

    >>> r = Range("AKs, QQ+:0.5")
    >>> len(r), r.total_weight
    (22, 13.0)
    >>> next(iter(r))
    ((51, 50), 0.5)
    >>> len(Range("AK", dead="As"))
    12
    >>> Range("QQ+, AKx")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: bad range token 'AKx' in 'QQ+, AKx': not range \
notation (QQ+, JJ-99, AKs, K9s+, AhKh, random)
    """

    __slots__ = ("_weights", "text")

    def __init__(self, text: str = "", *, dead: CardsLike = ()) -> None:
        if not isinstance(text, str):
            raise InvalidArgumentError(f"a range is text such as 'QQ+, AKs', not {text!r}")
        encodable_text("a range", text)
        weights: dict[Combo, float] = {}
        for raw in text.split(","):
            token = raw.strip()
            if not token:
                continue
            try:
                notation, colon, weight_text = token.partition(":")
                weight = _weight(weight_text) if colon else 1.0
                for combo in _token_combos(notation.strip()):
                    weights[combo] = weight
            except _BadToken as error:
                raise InvalidArgumentError(
                    f"bad range token {token!r} in {text!r}: {error}"
                ) from None
        self.text = text
        """The notation the range was made from."""
        self._weights = weights
        if dead:
            self._weights = self.without(dead)._weights

    @classmethod
    def from_combos(cls, combos: Iterable[tuple[CardsLike, float] | CardsLike]) -> Range:
        """A range of explicit combos, each card text or ints, alone or with a weight.

        >>> r = Range.from_combos([("AhKh", 0.5), "7c7d", [51, 50]])
        >>> len(r), r.weight("AsAh"), r.text
        (3, 1.0, 'AhKh:0.5, 7c7d, AsAh')
        """
        parts = []
        for item in combos:
            if isinstance(item, tuple) and len(item) == 2 and not is_integer(item[0]):
                cards, weight = cast("tuple[CardsLike, float]", item)
                parts.append(f"{format_cards(cards).replace(' ', '')}:{weight:g}")
            else:
                parts.append(format_cards(cast("CardsLike", item)).replace(" ", ""))
        return cls(", ".join(parts))

    def without(self, dead: CardsLike) -> Range:
        """The range without the combos holding a dead card (card removal).

        >>> len(Range("QQ+").without("Qs Kd"))
        12
        """
        out = set(to_card_list(dead))
        clone = Range.__new__(Range)
        clone.text = self.text
        clone._weights = {c: w for c, w in self._weights.items() if not out.intersection(c)}
        return clone

    def _ordered(self) -> list[tuple[Combo, float]]:
        return sorted(self._weights.items(), reverse=True)

    def __len__(self) -> int:
        return len(self._weights)

    def __iter__(self) -> Iterator[tuple[Combo, float]]:
        return iter(self._ordered())

    def __contains__(self, combo: object) -> bool:
        try:
            return self.weight(combo) > 0  # type: ignore[arg-type]
        except DrawPokerError:
            return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and self._weights == other._weights

    def __hash__(self) -> int:
        return hash(frozenset(self._weights.items()))

    def __repr__(self) -> str:
        return f"Range({self.text!r})  # {len(self)} combos"

    def weight(self, combo: CardsLike) -> float:
        """The weight of a combo (0 when it is not in the range).

        >>> Range("AKs:0.25").weight("KhAh")
        0.25
        """
        cards = to_card_list(combo)
        if len(cards) != 2:
            raise InvalidArgumentError(f"a combo is two cards, got {format_cards(cards)!r}")
        return self._weights.get(_combo(cards[0], cards[1]), 0.0)

    @property
    def total_weight(self) -> float:
        """The sum of the weights (the number of combos when none is weighted).

        >>> Range("AA:0.5").total_weight
        3.0
        """
        return math.fsum(self._weights.values())

    def arrays(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
        """The combos as a ``uint8[N, 2]`` array and the weights as ``float64[N]``, in
        iteration order.

        >>> combos, weights = Range("AKs").arrays()
        >>> combos.shape, weights.tolist()
        ((4, 2), [1.0, 1.0, 1.0, 1.0])
        """
        import numpy as np  # lazy: NumPy loads on first array use (issue 2)

        ordered = self._ordered()
        combos = np.array([c for c, _ in ordered], dtype=np.uint8).reshape(len(ordered), 2)
        weights = np.array([w for _, w in ordered], dtype=np.float64)
        return combos, weights
