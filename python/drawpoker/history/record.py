"""One hand history: the fields of the PHH standard, checked when it is made
(:meth:`History.from_fields`), and written back as PHH (:meth:`History.dumps`).

Field names and meanings are the standard's (``spec.rst``, ``required.rst``, ``optional.rst`` of
uoftcprg/phh-std); user-defined fields (a leading ``_``) are kept in ``custom`` as read, and so
are fields the standard does not know (which its parsers should ignore). Chips are whole numbers
(the engine counts the smallest unit); per-player arrays have one entry a player, p1 first.

>>> history = History.from_fields({
...     "variant": "NT", "antes": [0, 0], "blinds_or_straddles": [1, 2], "min_bet": 2,
...     "starting_stacks": [200, 200], "actions": ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"],
...     "_note": "short"})
>>> history.players_count, history.custom
(2, {'_note': 'short'})
>>> print(history.dumps())
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 f']
_note = 'short'
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from drawpoker.errors import HistoryError
from drawpoker.history.notation import Move, parse_action
from drawpoker.history.replay import Replay
from drawpoker.history.text import format_fields
from drawpoker.history.variants import VARIANTS, Variant

if TYPE_CHECKING:
    from drawpoker.engine import GameSpec, Hand

_CHIPS = "chips"
_CHIP_LIST = "chip list"
_STR = "string"
_INT = "integer"
_NUMBER = "number"
_STR_OR_INT = "string or integer"
_INT_LIST = "integer list"
_STR_LIST = "string list"
_NUMBER_LIST = "number list"
_BOOL = "boolean"
_TIME = "local time"

STANDARD: dict[str, str] = {
    "variant": _STR,
    "ante_trimming_status": _BOOL,
    "antes": _CHIP_LIST,
    "blinds_or_straddles": _CHIP_LIST,
    "bring_in": _CHIPS,
    "small_bet": _CHIPS,
    "big_bet": _CHIPS,
    "min_bet": _CHIPS,
    "starting_stacks": _CHIP_LIST,
    "actions": _STR_LIST,
    "author": _STR,
    "event": _STR,
    "url": _STR,
    "venue": _STR,
    "address": _STR,
    "city": _STR,
    "region": _STR,
    "postal_code": _STR,
    "country": _STR,
    "time": _TIME,
    "time_zone": _STR,
    "time_zone_abbreviation": _STR,
    "day": _INT,
    "month": _INT,
    "year": _INT,
    "hand": _STR_OR_INT,
    "level": _INT,
    "seats": _INT_LIST,
    "seat_count": _INT,
    "table": _STR_OR_INT,
    "players": _STR_LIST,
    "finishing_stacks": _CHIP_LIST,
    "winnings": _CHIP_LIST,
    "currency": _STR,
    "currency_symbol": _STR,
    "time_limit": _NUMBER,
    "time_banks": _NUMBER_LIST,
}
"""Every field of the standard and its type, in the order drawpoker writes them (required
fields first, as the standard's style guide asks)."""

_RANK = {key: place for place, key in enumerate(STANDARD)}

PER_PLAYER = (
    *("antes", "blinds_or_straddles", "starting_stacks", "seats", "players"),
    *("finishing_stacks", "winnings", "time_banks"),
)
"""Fields with one entry a player."""


def _type_ok(kind: str, value: Any) -> bool:
    if kind == _CHIPS:
        return type(value) is int and value >= 0
    if kind == _CHIP_LIST:
        return isinstance(value, list) and all(type(v) is int and v >= 0 for v in value)
    if kind == _STR:
        return isinstance(value, str)
    if kind == _INT:
        return type(value) is int
    if kind == _STR_OR_INT:
        return isinstance(value, str) or type(value) is int
    if kind == _INT_LIST:
        return isinstance(value, list) and all(type(v) is int for v in value)
    if kind == _STR_LIST:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == _NUMBER:
        return type(value) in (int, float)
    if kind == _NUMBER_LIST:
        return isinstance(value, list) and all(type(v) in (int, float) for v in value)
    if kind == _BOOL:
        return type(value) is bool
    return isinstance(value, datetime.time)


@dataclass(frozen=True, eq=False)
class History:
    """A hand history: ``values``, its fields by name (the standard's and the user-defined
    ones, as read), and ``name``, what error messages call it (``hand 3``). Make one with
    :meth:`from_fields` (checked), :func:`drawpoker.history.loads` or
    :func:`drawpoker.history.from_hand` (a hand of the engine).

    Histories compare equal when their fields are equal.

    >>> h = History.from_fields({"variant": "NT", "antes": [0, 0], "blinds_or_straddles": [1, 2],
    ...                          "min_bet": 2, "starting_stacks": [9, 9], "actions": []})
    >>> h.variant.code, h.starting_stacks, h.get("finishing_stacks")
    ('NT', [9, 9], None)
    """

    values: Mapping[str, Any]
    name: str = "hand"
    parsed: tuple[Move, ...] | None = field(default=None, repr=False)
    """The actions parsed (:func:`~drawpoker.history.notation.parse_action`), when known."""
    replayed: Outcome | None = field(default=None, repr=False)
    """How the replay ended, when the history was replayed (:attr:`outcome`)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, History) and dict(self.values) == dict(other.values)

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def from_fields(cls, values: Mapping[str, Any], name: str = "hand 1") -> History:
        """A history of these fields, checked: a known variant, every field it requires, each
        field of its type (chips whole and not negative), one entry a player in per-player
        fields, and actions written in the standard's notation; else
        :class:`~drawpoker.errors.HistoryError` naming the hand and the field or action.

        >>> History.from_fields({"variant": "XX"})
        Traceback (most recent call last):
        ...
        drawpoker.errors.HistoryError: hand 1: unknown variant 'XX' (known: FT, NT, NS, PO, \
FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB, _5CD)
        """
        if not isinstance(values, Mapping):
            raise HistoryError(f"{name}: a hand is a table of fields, not {values!r}")
        code = values.get("variant")
        variant = VARIANTS.get(code) if isinstance(code, str) else None
        if variant is None:
            raise HistoryError(
                f"{name}: unknown variant {code!r} (known: {', '.join(VARIANTS)})"
                if "variant" in values
                else f"{name}: missing required field 'variant'"
            )
        for required in (*variant.required, "starting_stacks", "actions"):
            if required not in values:
                raise HistoryError(f"{name}: missing required field {required!r}")
        for key, value in values.items():
            kind = STANDARD.get(key)
            if kind is not None and not _type_ok(kind, value):
                whole = " (drawpoker counts whole chips)" if kind in (_CHIPS, _CHIP_LIST) else ""
                raise HistoryError(f"{name}: field {key!r} must be a {kind}{whole}, not {value!r}")
        players = len(values["starting_stacks"])
        if players < 2:
            raise HistoryError(f"{name}: field 'starting_stacks' must list two players or more")
        for key in PER_PLAYER:
            if key in values and len(values[key]) != players:
                raise HistoryError(
                    f"{name}: field {key!r} has {len(values[key])} entries for {players} players"
                )
        moves = []
        for index, text in enumerate(values["actions"]):
            try:
                move = parse_action(text)
            except HistoryError as error:
                raise HistoryError(f"{name}: action {index} {text!r}: {error}") from None
            if move.player is not None and move.player >= players:
                raise HistoryError(
                    f"{name}: action {index} {text!r}: there is no p{move.player + 1} "
                    f"of {players} players"
                )
            moves.append(move)
        history = cls(dict(values), name, tuple(moves))
        history._check_seats()
        history._check_stacks()
        return history

    def _check_seats(self) -> None:
        seats = self.get("seats")
        count = self.get("seat_count")
        if count is not None and count < self.players_count:
            raise HistoryError(
                f"{self.name}: field 'seat_count' {count} is less than the {self.players_count} "
                "players"
            )
        if seats is None:
            return
        top = count if count is not None else max(seats)
        if len(set(seats)) != len(seats) or not all(1 <= s <= top for s in seats):
            raise HistoryError(
                f"{self.name}: field 'seats' {seats} must be distinct seats 1..{top}"
            )
        button = seats[-1]
        after = [(s - button - 1) % top for s in seats]
        if after != sorted(after):
            raise HistoryError(
                f"{self.name}: field 'seats' {seats}: the players are listed clockwise from the "
                "seat left of the button, which is the last player's"
            )

    def _check_stacks(self) -> None:
        finishing = self.get("finishing_stacks")
        start = sum(self.values["starting_stacks"])
        if finishing is not None and sum(finishing) > start:
            raise HistoryError(
                f"{self.name}: field 'finishing_stacks' adds up to {sum(finishing)}, more than "
                f"the starting stacks' {start}"
            )

    # ---------------------------------------------------------------- reading

    @property
    def moves(self) -> tuple[Move, ...]:
        """The actions, parsed.

        >>> from drawpoker.history import loads
        >>> loads(EXAMPLE)[0].moves[2]
        Move(verb='cbr', player=1, cards=None, amount=30)
        """
        if self.parsed is None:
            moves = []
            for index, text in enumerate(self.values["actions"]):
                try:
                    moves.append(parse_action(text))
                except HistoryError as error:
                    raise HistoryError(f"{self.name}: action {index} {text!r}: {error}") from None
            object.__setattr__(self, "parsed", tuple(moves))
        return self.parsed  # type: ignore[return-value]

    def get(self, name: str, default: Any = None) -> Any:
        """A field's value, or ``default`` when the history does not have it.

        >>> from drawpoker.history import loads
        >>> loads(EXAMPLE)[0].get("players")
        ['Ann', 'Bob']
        """
        return self.values.get(name, default)

    @property
    def variant(self) -> Variant:
        """The history's variant (:data:`drawpoker.history.VARIANTS`).

        >>> from drawpoker.history import loads
        >>> loads(EXAMPLE)[0].variant.title
        "no-limit Texas hold 'em"
        """
        code = self.values.get("variant")
        if not isinstance(code, str) or code not in VARIANTS:
            raise HistoryError(f"{self.name}: no known variant, {code!r}")
        return VARIANTS[code]

    @property
    def starting_stacks(self) -> list[int]:
        """Each player's chips before the forced bets, p1 first.

        >>> from drawpoker.history import loads
        >>> loads(EXAMPLE)[0].starting_stacks
        [1000, 1000]
        """
        return list(self.values["starting_stacks"])

    @property
    def actions(self) -> list[str]:
        """The actions as written.

        >>> from drawpoker.history import loads
        >>> loads(EXAMPLE)[0].actions[:2]
        ['d dh p1 AsKs', 'd dh p2 7c2d']
        """
        return list(self.values["actions"])

    @property
    def custom(self) -> dict[str, Any]:
        """The fields the standard does not define (user-defined ones start with ``_``).

        >>> from drawpoker.history import loads
        >>> loads(EXAMPLE)[0].custom
        {}
        """
        return {k: v for k, v in self.values.items() if k not in STANDARD}

    @property
    def players_count(self) -> int:
        """How many players the hand has (``len(starting_stacks)``).

        >>> from drawpoker.history import loads
        >>> loads(EXAMPLE)[0].players_count
        2
        """
        return len(self.values["starting_stacks"])

    @property
    def engine_seats(self) -> tuple[int, list[int], int]:
        """Where the players sit in the engine: the number of seats, each player's seat (0-based,
        from the ``seats`` field, else p1 at seat 0, ...), and the button (the last player's
        seat: the standard lists the players from the seat left of the button).

        >>> from drawpoker.history import loads
        >>> loads(EXAMPLE)[0].engine_seats
        (6, [2, 4], 4)
        """
        seats = self.get("seats")
        if seats is None:
            n = self.players_count
            return n, list(range(n)), n - 1
        count = self.get("seat_count") or max(seats)
        places = [s - 1 for s in seats]
        return count, places, places[-1]

    @property
    def spec(self) -> GameSpec:
        """The game of the engine that plays the hand; raises
        :class:`~drawpoker.errors.UnsupportedVariantError` for a variant it does not play yet.

        >>> from drawpoker.history import loads
        >>> loads(EXAMPLE)[0].spec.forced
        ForcedBets(ante=0, small_blind=5, big_blind=10, big_blind_ante=0, bring_in=0)
        """
        try:
            return self.variant.spec(self.values, self.players_count)
        except HistoryError as error:
            raise type(error)(f"{self.name}: {error}") from None

    # ---------------------------------------------------------------- replaying

    def replay(self) -> Replay:
        """The hand replayed on the engine, action by action (:class:`Replay`).

        >>> from drawpoker.history import loads
        >>> replay = loads(EXAMPLE)[0].replay()
        >>> replay.step(), replay.step(), replay.step()
        ('d dh p1 AsKs', 'd dh p2 7c2d', 'p2 cbr 30')
        >>> replay.hand.bets
        [0, 0, 10, 0, 30, 0]
        """
        return Replay(self)

    @property
    def outcome(self) -> Outcome:
        """How the hand ends when replayed (replayed once, when first asked for; a history that
        :func:`~drawpoker.history.loads` read was replayed then).

        >>> from drawpoker.history import loads
        >>> loads(EXAMPLE)[0].outcome
        Outcome(stacks=[990, 1010], winnings=[0, 20], over=True, idle_checks=0, mucks=0)
        """
        if self.replayed is None:
            replay = self.replay()
            hand = replay.finish()
            _count, places, _button = self.engine_seats
            stacks, payouts = hand.stacks, hand.payouts
            outcome = Outcome(
                [stacks[s] for s in places],
                [payouts[s] for s in places],
                hand.is_over,
                replay.idle_checks,
                replay.mucks,
            )
            object.__setattr__(self, "replayed", outcome)
        return self.replayed  # type: ignore[return-value]

    def disagreement(self) -> str | None:
        """How the replay's final stacks differ from the history's ``finishing_stacks``
        (``None`` when they agree, or the history has none).

        >>> from drawpoker.history import loads
        >>> from drawpoker.history.record import EXAMPLE
        >>> loads(EXAMPLE.replace("[990, 1010]", "[1010, 990]"))[0].disagreement()
        'hand 1: the replay ends with stacks [990, 1010], finishing_stacks says [1010, 990]'
        """
        expected = self.get("finishing_stacks")
        got = self.outcome.stacks
        if expected is None or list(expected) == got:
            return None
        return f"{self.name}: the replay ends with stacks {got}, finishing_stacks says {expected}"

    def play(self) -> Hand:
        """The hand replayed to its last action (finished, for a complete history).

        >>> from drawpoker.history import loads
        >>> loads(EXAMPLE)[0].play().stacks
        [0, 0, 990, 0, 1010, 0]
        """
        return self.replay().finish()

    # ---------------------------------------------------------------- writing

    def fields(self) -> dict[str, Any]:
        """The fields in writing order: the standard's (required first), then the others.

        >>> from drawpoker.history import loads
        >>> list(loads(EXAMPLE)[0].fields())[:3]
        ['variant', 'antes', 'blinds_or_straddles']
        """
        return dict(self._in_order())

    def _in_order(self) -> Mapping[str, Any]:
        """``values`` when they are in writing order already (the writer's are), else a copy in
        that order."""
        values = self.values
        rank, last = _RANK, -1
        for key in values:
            place = rank.get(key, len(rank))
            if place < last:
                break
            last = place
        else:
            return values
        ordered = {key: values[key] for key in STANDARD if key in values}
        return ordered | {key: value for key, value in values.items() if key not in STANDARD}

    def dumps(self) -> str:
        """The history as one PHH document.

        >>> from drawpoker.history import loads
        >>> print(loads(EXAMPLE)[0].dumps().splitlines()[5])
        actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 cbr 30', 'p1 f']
        """
        return format_fields(self._in_order())


class Outcome(NamedTuple):
    """How a replay ended: each player's stack and winnings (p1 first), whether the hand is
    over, and the checks and mucks of the history the engine had no action for
    (:class:`~drawpoker.history.replay.Replay`).

    >>> Outcome([990, 1010], [0, 20], True, 0, 0).stacks
    [990, 1010]
    """

    stacks: list[int]
    winnings: list[int]
    over: bool
    idle_checks: int
    mucks: int


EXAMPLE = """\
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [1000, 1000]
actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 cbr 30', 'p1 f']
seats = [3, 5]
seat_count = 6
players = ['Ann', 'Bob']
finishing_stacks = [990, 1010]
"""
"""A short heads-up history the examples read (p2, on the button, raises; p1 folds)."""
