"""An oracle of no-limit Texas hold'em hands played by PokerKit, in a neutral form.

A :class:`HoldemCase` is one hand: the table (seats, button, blinds, antes, stacks), every card
dealt, every action in order, and PokerKit's finishing stacks. An engine replays the actions from
the same cards and must end with the same stacks (or with :attr:`HoldemCase.card_room_stacks`,
which differ from PokerKit's only in how the odd chips of split pots are given out).

Conventions (drawpoker's):

- Cards are ints ``4 * rank + suit``: rank 0 = deuce .. 12 = ace, suits c d h s = 0 1 2 3.
- Seats ``0 .. seats - 1`` clockwise. The small blind is the first seat after the button, the big
  blind the next; heads-up the button posts the small blind and the other seat the big blind.
- Actions are ``(kind, amount)``: ``fold``, ``check``, ``call`` (amount 0) or ``bet``/``raise``
  with the player's total in the betting round after the action ("to"). ``bet`` is the first
  voluntary bet of a post-flop round; before the flop every increase is a ``raise``.

Seat mapping to PokerKit (and PHH): PokerKit's player ``k`` (0-based) sits at drawpoker seat
``(button + 1 + k) % seats``. For three or more players PokerKit's first player is the small blind
and its last the button; heads-up PokerKit reverses the blinds, so its first player is the big blind
and its second the button and small blind, which the same formula gives. PHH files put the button
last, so a PHH hand becomes ``p_k -> seat k - 1`` with ``button = seats - 1``.

Sources: :func:`load_phh_cases` (PHH files written by PokerKit) and :func:`random_pokerkit_cases`
(hands played here at random in PokerKit, with actions legal both in PokerKit and by card-room
rules). :func:`pokerkit_finishing_stacks` replays a case's neutral form in PokerKit.
"""

from __future__ import annotations

import random
import tomllib
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from differential_common import (
    AUTOMATIONS,
    OracleError,
    Pot,
    card_index,
    card_text,
    cards_text,
    layers,
    parse_cards_text,
    pokerkit_seat,
    remembered,
    uncalled,
)
from differential_common import pokerkit_player as pokerkit_player
from pokerkit import Hand, Mode, NoLimitTexasHoldem, StandardHighHand, State

__all__ = [
    "BLINDS",
    "KINDS",
    "PHH_NT_PATH",
    "HoldemCase",
    "OracleError",
    "card_index",
    "card_text",
    "pokerkit_player",
    "pokerkit_seat",
]

KINDS: Final = ("fold", "check", "call", "bet", "raise")
Action = tuple[str, int]

PHH_NT_PATH: Final = Path(__file__).parent / "data" / "phh" / "NT.phhs"

BLINDS: Final = ((1, 2), (1, 3), (2, 5), (5, 10), (25, 50), (50, 100), (100, 200))
"""The (small, big) blinds random hands are played with."""

_HighHand = remembered(StandardHighHand)
"""PokerKit's standard high hand, remembered (:func:`differential_common.remembered`)."""


class _Holdem(NoLimitTexasHoldem):
    """No-limit Texas hold'em as PokerKit plays it, with :data:`_HighHand`."""

    hand_types = (_HighHand,)


PokerKitHoldem: Final = _Holdem
"""No-limit hold'em as PokerKit plays it, its hands remembered (for other tests' PokerKit runs)."""


@dataclass(frozen=True)
class HoldemCase:
    """One no-limit hold'em hand, in drawpoker's seat order.

    - ``seats``: number of players (2-9), all dealt in.
    - ``button``: the button's seat.
    - ``small_blind``, ``big_blind``: the blinds (every stack covers its blind and ante).
    - ``antes``: the ante each seat posts before the blinds (all zero in most hands; uniform antes
      and big-blind antes occur in the PHH file). Antes are dead money: PokerKit puts every ante
      in the main pot, never returns one as an uncalled bet, and so does ``card_room_stacks``.
      (Layering antes with the bets instead changes nothing with uniform antes but changes the
      result of about 40% of big-blind-ante hands: the big blind's ante would come back as
      uncalled or sit in a side pot.)
    - ``stacks``: starting stacks.
    - ``hole``: each seat's two hole cards, in the order dealt.
    - ``board``: the board cards dealt, in deal order (fewer than five if the hand ended early;
      all five if it ended in an all-in showdown, the run-out included).
    - ``actions``: every voluntary action in order, ``(kind, amount)`` as in the module's doc.
    - ``actors``: the seat of each action (the same length as ``actions``).
    - ``finishing_stacks``: PokerKit's stacks after the hand.
    - ``card_room_stacks``: the stacks by drawpoker's rules (R-POT-1/3): pots contested by every
      live hand, each split pot's odd chips one at a time to its tied winners in seat order from
      the seat left of the button (:func:`settle`). Equal to ``finishing_stacks`` unless
      ``odd_chip_split``; even then often equal, as PokerKit gives a pot's whole remainder to the
      first of those winners. They differ when a remainder of two or more chips is split, or when
      pots PokerKit merges (it kills the hands that win nothing, then re-forms the pots) left odd
      chips apart.
    - ``odd_chip_split``: some pot was split among tied winners and did not divide evenly, in
      PokerKit's pots or in drawpoker's (found by settling the hand here both ways, each checked
      against PokerKit: :func:`settle`).
    - ``tags``: what the hand exercises: ``showdown`` (two or more hands shown), ``all_in``
      (someone put in their whole stack), ``side_pot`` (a pot not every shown hand can win),
      ``split_pot`` (a pot split among tied winners), ``odd_chip`` (= ``odd_chip_split``),
      ``heads_up``, ``antes``, and the last street reached: ``preflop``, ``flop``, ``turn`` or
      ``river`` (betting on it, or its cards dealt), ``multiway_all_in`` (three or more players
      all-in).
    - ``source``: where the hand comes from, e.g. ``"NT.phhs hand 12"`` or
      ``"random seed 3 hand 7"``.
    """

    seats: int
    button: int
    small_blind: int
    big_blind: int
    antes: tuple[int, ...]
    stacks: tuple[int, ...]
    hole: tuple[tuple[int, int], ...]
    board: tuple[int, ...]
    actions: tuple[Action, ...]
    actors: tuple[int, ...]
    finishing_stacks: tuple[int, ...]
    card_room_stacks: tuple[int, ...]
    odd_chip_split: bool
    tags: frozenset[str]
    source: str

    @property
    def small_blind_seat(self) -> int:
        """The seat that posts the small blind (the button heads-up)."""
        return self.button if self.seats == 2 else (self.button + 1) % self.seats

    @property
    def big_blind_seat(self) -> int:
        """The seat that posts the big blind."""
        return (self.small_blind_seat + 1) % self.seats


@dataclass(frozen=True)
class Table:
    """A hand's set-up in drawpoker's seat order (what :class:`HoldemCase` starts from)."""

    seats: int
    button: int
    small_blind: int
    big_blind: int
    antes: tuple[int, ...]
    stacks: tuple[int, ...]


@dataclass(frozen=True)
class Options:
    """What the player in turn may do, legal both in PokerKit and by card-room rules.

    ``level`` is the bet to match and ``pot`` every chip put in so far (bets in front of the
    players included). ``to_call`` is 0 when checking is possible (folding is then not offered),
    less than ``level`` minus the player's bet for an all-in call. A ``bet``/``raise``
    (``raise_kind``) is possible when ``may_raise``, to any total from ``min_to`` to ``max_to``
    (all-in); ``min_to == max_to`` is an all-in for less than a full raise.
    """

    seat: int
    street: int
    level: int
    to_call: int
    may_raise: bool
    raise_kind: str
    min_to: int
    max_to: int
    pot: int


Decider = Callable[[Options], Action]


@dataclass(frozen=True)
class Settlement:
    """How a finished hand's chips go back: ``winnings[seat]`` (refunds included), its pots, and
    whether a pot split among tied winners left odd chips."""

    winnings: tuple[int, ...]
    pots: tuple[Pot, ...]
    refund: tuple[int, int] | None
    odd_chips: bool
    split: bool


@dataclass(frozen=True)
class Played:
    """A hand played through PokerKit (:func:`play`), in drawpoker's seat order."""

    table: Table
    hole: tuple[tuple[int, int], ...]
    board: tuple[int, ...]
    actions: tuple[Action, ...]
    actors: tuple[int, ...]
    committed: tuple[int, ...]
    live: tuple[bool, ...]
    last_street: int
    pokerkit_pots: tuple[Pot, ...]
    finishing_stacks: tuple[int, ...]
    state: State


class _Round:
    """Card-room bookkeeping of one betting round: the bet to match, the size of a full raise, and
    the bet each player faced when they last acted (to know who may raise again)."""

    def __init__(self, street: int, level: int, big_blind: int) -> None:
        self.street = street
        self.level = level
        self.full = big_blind
        self.acted: dict[int, int] = {}

    def may_raise(self, player: int) -> bool:
        """A player who already acted may raise again only if the bet rose by at least a full
        raise since then (short all-ins add up; a short all-in alone reopens nothing)."""
        faced = self.acted.get(player)
        return faced is None or self.level - faced >= self.full

    def record(self, player: int, kind: str, amount: int) -> None:
        if kind in ("bet", "raise"):
            increment = amount - self.level
            if increment >= self.full:
                self.full = increment
            self.level = amount
        if kind != "fold":
            self.acted[player] = self.level


def _new_state(table: Table, *, plain: bool = False) -> State:
    n = table.seats
    order = [pokerkit_seat(n, table.button, k) for k in range(n)]
    antes = [table.antes[seat] for seat in order]
    if n == 2:  # PokerKit reverses heads-up antes as it does the blinds
        antes.reverse()
    blinds = [table.small_blind, table.big_blind] + [0] * (n - 2)
    game = NoLimitTexasHoldem if plain else _Holdem
    return game.create_state(
        AUTOMATIONS,
        False,
        tuple(antes),
        tuple(blinds),
        table.big_blind,
        tuple(table.stacks[seat] for seat in order),
        n,
        mode=Mode.TOURNAMENT,
    )


def _check_table(table: Table, hole: Sequence[tuple[int, int]], board: Sequence[int]) -> None:
    n = table.seats
    if not 2 <= n <= 9 or not 0 <= table.button < n:
        raise OracleError(f"bad table {table}")
    if len(table.stacks) != n or len(table.antes) != n or len(hole) != n:
        raise OracleError("stacks, antes and hole cards need one entry per seat")
    if not 0 < table.small_blind <= table.big_blind:
        raise OracleError("blinds must be 0 < small <= big")
    sb_seat = table.button if n == 2 else (table.button + 1) % n
    blind_of = {sb_seat: table.small_blind, (sb_seat + 1) % n: table.big_blind}
    for seat in range(n):
        if table.antes[seat] < 0 or table.stacks[seat] < table.antes[seat] + blind_of.get(seat, 0):
            raise OracleError(f"seat {seat} cannot cover its ante and blind")
        if table.stacks[seat] <= 0:
            raise OracleError(f"seat {seat} has no chips")
    cards = [card for pair in hole for card in pair] + list(board)
    if len(set(cards)) != len(cards) or not all(0 <= card < 52 for card in cards):
        raise OracleError("cards must be distinct ints 0..51")
    if len(board) > 5:
        raise OracleError("at most five board cards")


def play(
    table: Table,
    hole: Sequence[tuple[int, int]],
    board: Sequence[int],
    decide: Decider,
    *,
    plain: bool = False,
) -> Played:
    """Play one hand in PokerKit: ``decide`` picks each action from the :class:`Options`; the
    hole cards and the board (as many of its cards as get dealt: ``Played.board``) are dealt as
    given.

    Every action is checked against PokerKit and against card-room rules (no fold when checking
    is free, ``check``/``call``/``bet``/``raise`` named right, minimum raises, no raise by a player
    whom a short all-in did not reopen): a breach raises :class:`OracleError`. PokerKit warnings
    are errors here. ``plain`` plays with PokerKit's own hand class instead of the remembering
    :class:`_HighHand` (slower, same results).
    """
    _check_table(table, hole, board)
    n = table.seats
    seat_of = [pokerkit_seat(n, table.button, k) for k in range(n)]
    state = _new_state(table, plain=plain)
    committed = [0] * n  # PokerKit order
    posted = False
    dealt = 0
    last_street = 0
    actions: list[Action] = []
    actors: list[int] = []
    live = [True] * n
    pk_pots: tuple[Pot, ...] | None = None
    round_: _Round | None = None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        while state.status:
            if not posted and state.street_index is not None:
                for k in range(n):
                    committed[k] = table.stacks[seat_of[k]] - state.stacks[k]
                posted = True
            if state.street_index is not None:
                last_street = max(last_street, state.street_index)
            if state.actor_index is not None:
                street = state.street_index
                assert street is not None
                if round_ is None or round_.street != street:
                    round_ = _Round(street, max(state.bets), table.big_blind)
                k = state.actor_index
                options = _options(state, round_, k, seat_of[k])
                action = decide(options)
                before = state.stacks[k]
                _apply(state, options, action)
                committed[k] += before - state.stacks[k]
                round_.record(k, action[0], action[1])
                if action[0] == "fold":
                    live[k] = False
                actions.append(action)
                actors.append(seat_of[k])
            elif state.card_burning_status:
                state.burn_card("??")
            elif state.hole_dealee_index is not None:
                k = state.hole_dealee_index
                state.deal_hole(cards_text(hole[seat_of[k]]), k)
            elif state.board_dealing_count is not None:
                count = state.board_dealing_count
                if dealt + count > len(board):
                    raise OracleError("the hand needs more board cards than given")
                state.deal_board(cards_text(board[dealt : dealt + count]))
                dealt += count
            elif state.can_show_or_muck_hole_cards():
                if pk_pots is None:  # before PokerKit kills the losing hands
                    pk_pots = _pokerkit_pots(state, seat_of)
                state.show_or_muck_hole_cards(True)
            elif state.can_push_chips():
                if pk_pots is None:
                    pk_pots = _pokerkit_pots(state, seat_of)
                state.push_chips()
            else:
                raise OracleError(f"PokerKit is stuck: {state.operations[-1]}")

    def seats_order(values: Sequence[int]) -> tuple[int, ...]:
        by_seat = [0] * n
        for k, value in enumerate(values):
            by_seat[seat_of[k]] = value
        return tuple(by_seat)

    live_by_seat = [True] * n
    for k in range(n):
        live_by_seat[seat_of[k]] = live[k]
    return Played(
        table=table,
        hole=tuple(hole),
        board=tuple(board[:dealt]),
        actions=tuple(actions),
        actors=tuple(actors),
        committed=seats_order(committed),
        live=tuple(live_by_seat),
        last_street=last_street,
        pokerkit_pots=pk_pots or (),
        finishing_stacks=seats_order(state.stacks),
        state=state,
    )


def _pokerkit_pots(state: State, seat_of: Sequence[int]) -> tuple[Pot, ...]:
    return tuple(
        Pot(pot.amount, tuple(sorted(seat_of[k] for k in pot.player_indices))) for pot in state.pots
    )


def _options(state: State, round_: _Round, k: int, seat: int) -> Options:
    bets = state.bets
    if round_.level != max(bets):
        raise OracleError(f"card-room bet {round_.level} is not PokerKit's {max(bets)}")
    to_call = state.checking_or_calling_amount
    assert to_call is not None
    max_to = state.stacks[k] + bets[k]
    min_to = min(round_.level + round_.full, max_to)
    pk_may = state.can_complete_bet_or_raise_to()
    if pk_may and state.min_completion_betting_or_raising_to_amount != min_to:
        raise OracleError(
            f"PokerKit's minimum raise {state.min_completion_betting_or_raising_to_amount}"
            f" is not the card-room {min_to}"
        )
    street = round_.street
    return Options(
        seat=seat,
        street=street,
        level=round_.level,
        to_call=to_call,
        may_raise=pk_may and round_.may_raise(k),
        raise_kind="raise" if street == 0 or max(bets) > 0 else "bet",
        min_to=min_to,
        max_to=max_to,
        pot=state.total_pot_amount,
    )


def _apply(state: State, options: Options, action: Action) -> None:
    kind, amount = action
    where = f"seat {options.seat} street {options.street}: {kind} {amount}"
    if kind not in KINDS:
        raise OracleError(f"{where}: unknown action")
    if kind in ("fold", "check", "call") and amount != 0:
        raise OracleError(f"{where}: {kind} carries no amount")
    if kind == "fold":
        if options.to_call == 0:
            raise OracleError(f"{where}: folding when checking is free")
        state.fold()
    elif kind == "check" or kind == "call":
        if (kind == "check") != (options.to_call == 0):
            raise OracleError(f"{where}: it is {'a check' if options.to_call == 0 else 'a call'}")
        state.check_or_call()
    else:
        if kind != options.raise_kind:
            raise OracleError(f"{where}: it is a {options.raise_kind}")
        if not options.may_raise:
            raise OracleError(f"{where}: raising is not allowed here")
        if not options.min_to <= amount <= options.max_to:
            raise OracleError(f"{where}: outside {options.min_to}..{options.max_to}")
        state.complete_bet_or_raise_to(amount)


def settle(played: Played, *, pokerkit: bool = False) -> Settlement:
    """Settle a played hand here, independently of PokerKit's pushes.

    The uncalled part of the highest commitment goes back; antes are dead money in the main pot
    (where PokerKit puts them); the rest forms pots layered by commitment
    (:func:`~differential_common.layers`) among the live hands; each pot goes to the best hand
    among its contenders, ties split.

    Card-room (drawpoker's R-POT-3, the default): the pots are contested by every live hand and a
    split pot's odd chips go one at a time to its tied winners in seat order from the seat left of
    the button. PokerKit (``pokerkit=True``): the hands that win no pot are killed first and the
    pots are layered again among the survivors (so layers that only the killed hands told apart
    merge), and a split pot's whole remainder goes to the first tied winner in that order.
    ``odd_chips`` says whether some split left a remainder, in the decomposition used.
    """
    table = played.table
    n = table.seats
    order = [(table.button + 1 + i) % n for i in range(n)]
    antes = [min(table.antes[s], table.stacks[s]) for s in range(n)]
    contrib = [played.committed[s] - antes[s] for s in range(n)]
    live = [s for s in order if played.live[s]]
    total = sum(played.committed)
    winnings = [0] * n
    if len(live) == 1:
        winnings[live[0]] = total
        return Settlement(tuple(winnings), (), None, odd_chips=False, split=False)
    refund = uncalled(contrib)
    if refund is not None:
        winnings[refund[0]] += refund[1]
    board = cards_text(played.board)
    strength: dict[int, Hand] = {
        s: _HighHand.from_game(cards_text(played.hole[s]), board) for s in live
    }

    def winners(pot: Pot) -> list[int]:
        best = max(strength[s] for s in pot.eligible)
        return [s for s in pot.eligible if strength[s] == best]

    pots = layers(contrib, sum(antes), live)
    if pokerkit:
        survivors = {s for pot in pots for s in winners(pot)}
        pots = layers(contrib, sum(antes), [s for s in live if s in survivors])
    odd = split = False
    for pot in pots:
        tied = winners(pot)
        share, remainder = divmod(pot.amount, len(tied))
        split = split or len(tied) > 1
        odd = odd or remainder > 0
        for i, s in enumerate(tied):
            winnings[s] += share
            if pokerkit:
                winnings[s] += remainder if i == 0 else 0
            else:
                winnings[s] += 1 if i < remainder else 0
    if sum(winnings) != total:
        raise OracleError("chips lost in settling")
    sorted_pots = tuple(Pot(p.amount, tuple(sorted(p.eligible))) for p in pots)
    return Settlement(tuple(winnings), sorted_pots, refund, odd_chips=odd, split=split)


_STREETS: Final = ("preflop", "flop", "turn", "river")


def _case(played: Played, source: str) -> HoldemCase:
    """Check a played hand against an independent settlement and make it a case."""
    table = played.table
    pk = settle(played, pokerkit=True)
    room = settle(played)
    start = table.stacks
    pk_stacks = tuple(start[s] - played.committed[s] + pk.winnings[s] for s in range(table.seats))
    room_stacks = tuple(
        start[s] - played.committed[s] + room.winnings[s] for s in range(table.seats)
    )
    if pk_stacks != played.finishing_stacks:
        raise OracleError(f"{source}: settled {pk_stacks}, PokerKit {played.finishing_stacks}")
    if room.pots and room.pots != played.pokerkit_pots:
        raise OracleError(f"{source}: pots {room.pots}, PokerKit's {played.pokerkit_pots}")
    if sum(played.finishing_stacks) != sum(start):
        raise OracleError(f"{source}: chips not conserved")
    shown = sum(played.live) > 1
    tags = {_STREETS[max(played.last_street, _street_of_board(len(played.board)))]}
    if shown:
        tags.add("showdown")
    all_in = sum(played.committed[s] == start[s] for s in range(table.seats))
    if all_in:
        tags.add("all_in")
    if all_in >= 3:
        tags.add("multiway_all_in")
    odd = pk.odd_chips or room.odd_chips
    if shown and any(len(p.eligible) < sum(played.live) for p in room.pots):
        tags.add("side_pot")
    if pk.split:
        tags.add("split_pot")
    if odd:
        tags.add("odd_chip")
    if table.seats == 2:
        tags.add("heads_up")
    if any(table.antes):
        tags.add("antes")
    return HoldemCase(
        seats=table.seats,
        button=table.button,
        small_blind=table.small_blind,
        big_blind=table.big_blind,
        antes=table.antes,
        stacks=table.stacks,
        hole=played.hole,
        board=played.board,
        actions=played.actions,
        actors=played.actors,
        finishing_stacks=played.finishing_stacks,
        card_room_stacks=room_stacks,
        odd_chip_split=odd,
        tags=frozenset(tags),
        source=source,
    )


def _street_of_board(cards: int) -> int:
    return {0: 0, 3: 1, 4: 2, 5: 3}[cards]


def case_table(case: HoldemCase) -> Table:
    """The set-up of a case."""
    return Table(case.seats, case.button, case.small_blind, case.big_blind, case.antes, case.stacks)


def _scripted(actions: Sequence[Action], actors: Sequence[int] | None = None) -> Decider:
    """A decider that plays ``actions`` in order (and checks whose turn it is, if ``actors``)."""
    pending = iter(enumerate(actions))

    def decide(options: Options) -> Action:
        step = next(pending, None)
        if step is None:
            raise OracleError(f"seat {options.seat} is to act but the actions ran out")
        i, action = step
        if actors is not None and actors[i] != options.seat:
            raise OracleError(f"action {i}: seat {options.seat} acts, not seat {actors[i]}")
        return action

    return decide


def make_case(
    table: Table,
    hole: Sequence[tuple[int, int]],
    board: Sequence[int],
    actions: Sequence[Action],
    source: str,
) -> HoldemCase:
    """A case written by hand: the hand is played in PokerKit from these cards and actions (every
    board card given must be dealt and every action used) and settled as the others are."""
    played = play(table, hole, board, _scripted(actions))
    if len(played.actions) != len(actions) or len(played.board) != len(board):
        raise OracleError(f"{source}: the hand ended before its last actions or board cards")
    return _case(played, source)


def replay(case: HoldemCase, *, plain: bool = False) -> Played:
    """Replay a case's neutral form (table, cards, actions) in PokerKit, checking each action's
    actor against ``case.actors`` (``plain``: see :func:`play`)."""
    decide = _scripted(case.actions, case.actors)
    played = play(case_table(case), case.hole, case.board, decide, plain=plain)
    if len(played.actions) != len(case.actions):
        raise OracleError(f"{case.source}: the hand ended before its last actions")
    if played.board != case.board:
        raise OracleError(
            f"{case.source}: {len(case.board)} board cards, {len(played.board)} dealt"
        )
    return played


def to_pokerkit_state(case: HoldemCase) -> State:
    """The finished PokerKit state of a case replayed from its neutral form (PokerKit's player
    order: see :func:`pokerkit_seat`)."""
    return replay(case).state


def pokerkit_finishing_stacks(case: HoldemCase, *, plain: bool = False) -> tuple[int, ...]:
    """PokerKit's finishing stacks of a case replayed from its neutral form, in seat order."""
    return replay(case, plain=plain).finishing_stacks


# PHH files


def load_phh_cases(path: str | Path = PHH_NT_PATH) -> list[HoldemCase]:
    """The hands of a PHH ``.phhs`` file of variant ``NT`` (PokerKit's ``dump_all`` format: tables
    ``[1]``, ``[2]``, ...), in file order.

    ``cc`` becomes ``check`` or ``call`` and ``cbr X`` ``bet`` or ``raise`` by replaying the hand
    in PokerKit; ``sm`` (show/muck) lines are ignored (every live hand is shown). A hand whose
    replay does not end with the file's ``finishing_stacks`` raises :class:`OracleError`.
    """
    path = Path(path)
    with path.open("rb") as file:
        data = tomllib.load(file)
    return [_phh_case(data[key], f"{path.name} hand {key}") for key in sorted(data, key=int)]


def _phh_case(hand: dict[str, object], source: str) -> HoldemCase:
    if hand.get("variant") != "NT":
        raise OracleError(f"{source}: variant {hand.get('variant')}, not NT")
    if hand.get("ante_trimming_status") is not False:
        raise OracleError(f"{source}: ante trimming is not handled")
    stacks = _ints(hand["starting_stacks"])
    n = len(stacks)
    blinds = _ints(hand["blinds_or_straddles"])
    raw_antes = _ints(hand["antes"])
    if len(blinds) != n or len(raw_antes) != n or blinds[2:] != (0,) * (n - 2):
        raise OracleError(f"{source}: blinds other than [small, big, 0, ...]")
    if hand["min_bet"] != blinds[1]:
        raise OracleError(f"{source}: min_bet is not the big blind")
    # PHH order: p1 .. pn, the button last, so p_k is seat k - 1 with the button at seat n - 1;
    # heads-up PokerKit reverses the antes as it does the blinds.
    antes = raw_antes[::-1] if n == 2 else raw_antes
    hole: dict[int, tuple[int, int]] = {}
    board: list[int] = []
    script: list[tuple[int, str, int]] = []
    for line in _strs(hand["actions"]):
        words = line.split()
        if words[:2] == ["d", "dh"]:
            cards = parse_cards_text(words[3])
            if len(cards) != 2:
                raise OracleError(f"{source}: {line!r}")
            hole[_player(words[2], n)] = (cards[0], cards[1])
        elif words[:2] == ["d", "db"]:
            board.extend(parse_cards_text(words[2]))
        elif words[1] == "sm":
            continue
        elif words[1] == "f" and len(words) == 2:
            script.append((_player(words[0], n), "f", 0))
        elif words[1] == "cc" and len(words) == 2:
            script.append((_player(words[0], n), "cc", 0))
        elif words[1] == "cbr" and len(words) == 3:
            script.append((_player(words[0], n), "cbr", int(words[2])))
        else:
            raise OracleError(f"{source}: unknown action {line!r}")
    if sorted(hole) != list(range(n)):
        raise OracleError(f"{source}: hole cards missing")
    table = Table(n, n - 1, blinds[0], blinds[1], antes, stacks)
    pending = iter(script)

    def decide(options: Options) -> Action:
        step = next(pending, None)
        if step is None:
            raise OracleError(f"{source}: seat {options.seat} to act, no actions left")
        seat, code, amount = step
        if seat != options.seat:
            raise OracleError(f"{source}: seat {options.seat} to act, not seat {seat}")
        if code == "f":
            return ("fold", 0)
        if code == "cc":
            return ("check" if options.to_call == 0 else "call", 0)
        return (options.raise_kind, amount)

    played = play(table, [hole[s] for s in range(n)], board, decide)
    if next(pending, None) is not None:
        raise OracleError(f"{source}: actions left after the hand ended")
    if len(played.board) != len(board):
        raise OracleError(f"{source}: {len(board)} board cards, {len(played.board)} dealt")
    case = _case(played, source)
    if case.finishing_stacks != _ints(hand["finishing_stacks"]):
        raise OracleError(f"{source}: replay ends {case.finishing_stacks}, file says otherwise")
    return case


def _player(word: str, n: int) -> int:
    """The seat of a PHH player ``p1`` .. ``pn``."""
    if not word.startswith("p") or not 1 <= int(word[1:]) <= n:
        raise OracleError(f"bad player {word!r}")
    return int(word[1:]) - 1


def _ints(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
        raise OracleError(f"expected a list of ints, not {value!r}")
    return tuple(value)


def _strs(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise OracleError(f"expected a list of strings, not {value!r}")
    return list(value)


# Random hands


@dataclass(frozen=True)
class _Style:
    """How a random hand's players act: chances to fold facing a bet, to raise facing one, to bet
    when checking is free, and to shove when raising."""

    fold: float
    raise_: float
    open_: float
    shove: float


def random_pokerkit_case(seed: int, index: int, *, antes: bool = False) -> HoldemCase:
    """Hand ``index`` of :func:`random_pokerkit_cases` with ``seed`` (each hand has its own
    ``random.Random``, so any one can be made again alone)."""
    return random_pokerkit_hand(seed, index, antes=antes)[0]


def random_pokerkit_hand(seed: int, index: int, *, antes: bool = False) -> tuple[HoldemCase, State]:
    """:func:`random_pokerkit_case` with the finished PokerKit state it was played in (PokerKit's
    player order: :func:`pokerkit_seat`), for what PokerKit writes of it."""
    rng = random.Random(f"holdem-oracle seed {seed} hand {index}")
    table = _random_table(rng, antes)
    deck = list(range(52))
    rng.shuffle(deck)
    n = table.seats
    hole = [(deck[2 * s], deck[2 * s + 1]) for s in range(n)]
    runout = deck[2 * n : 2 * n + 5]
    style = _Style(
        fold=rng.choice((0.02, 0.08, 0.15, 0.3, 0.5)),
        raise_=rng.choice((0.1, 0.2, 0.35)),
        open_=rng.choice((0.15, 0.3, 0.5)),
        shove=rng.choice((0.05, 0.15, 0.3)),
    )
    played = play(table, hole, runout, _random_decider(rng, style))
    return _case(played, f"random seed {seed} hand {index}"), played.state


def random_pokerkit_cases(count: int, seed: int, *, antes: bool = False) -> list[HoldemCase]:
    """``count`` random no-limit hold'em hands played in PokerKit, reproducibly from ``seed``.

    Each hand: 2-9 players (heads-up more often than 1 in 8), blinds from :data:`BLINDS`, a random
    button, stacks from the big blind (plus ante) to hundreds of big blinds, sometimes equal
    (short stacks make all-ins, side pots and multiway all-ins common), cards from a seeded
    shuffle, and actions drawn among those legal both in PokerKit and by card-room rules
    (:class:`Options`), weighted so most hands see a flop and many a showdown. With ``antes``,
    about a third of the hands have a uniform ante and a third a big-blind ante.
    """
    return [random_pokerkit_case(seed, i, antes=antes) for i in range(count)]


def _random_table(rng: random.Random, with_antes: bool) -> Table:
    n = 2 if rng.random() < 0.2 else rng.randint(2, 9)
    small, big = rng.choice(BLINDS)
    button = rng.randrange(n)
    antes = [0] * n
    kind = rng.randrange(3) if with_antes else 0
    sb_seat = button if n == 2 else (button + 1) % n
    bb_seat = (sb_seat + 1) % n
    if kind == 1:
        antes = [max(1, big // rng.choice((2, 5, 10)))] * n
    elif kind == 2:
        antes[bb_seat] = big
    stacks: list[int] = []
    for seat in range(n):
        floor = antes[seat] + (small if seat == sb_seat else big if seat == bb_seat else 0)
        u = rng.random()
        if stacks and u < 0.12:
            stack = rng.choice(stacks)
        elif u < 0.45:
            stack = rng.randint(big, 12 * big)
        elif u < 0.8:
            stack = rng.randint(12 * big, 60 * big)
        else:
            stack = rng.randint(60 * big, 400 * big)
        stacks.append(max(stack, floor, big))
    return Table(n, button, small, big, tuple(antes), tuple(stacks))


def _random_decider(rng: random.Random, style: _Style) -> Decider:
    def decide(options: Options) -> Action:
        if options.to_call == 0:
            if options.may_raise and rng.random() < style.open_:
                return (options.raise_kind, _size(options))
            return ("check", 0)
        u = rng.random()
        fold = style.fold if options.street == 0 else min(0.6, 1.5 * style.fold)
        if u < fold:
            return ("fold", 0)
        if options.may_raise and u < fold + style.raise_:
            return (options.raise_kind, _size(options))
        return ("call", 0)

    def _size(options: Options) -> int:
        low, high = options.min_to, options.max_to
        u = rng.random()
        if low >= high or u < style.shove:
            return high
        if u < 0.5:
            return low
        if u < 0.75:  # about the pot
            return min(high, max(low, options.level + options.pot + options.to_call))
        return low + int((high - low) * rng.random() ** 2)

    return decide
