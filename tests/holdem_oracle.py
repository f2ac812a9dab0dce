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

The hands are played and settled by the games oracle's mechanism (``games_oracle.py``: its
:data:`~games_oracle.HOLDEM` game, its :func:`~games_oracle.play` and
:func:`~games_oracle.case_of`), which checks every action against PokerKit and card-room rules;
this module gives them hold'em's form: hole cards and a board instead of a deck, per-seat antes,
``(kind, amount)`` actions, and the PHH file and the random mix hold'em is tested with.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import games_oracle as games
from differential_common import (
    OracleError,
    blind_seats,
    card_index,
    card_text,
    parse_cards_text,
    pokerkit_player,
    pokerkit_seat,
)
from games_oracle import BLINDS, HOLDEM, Move, Stakes, Style, case_of, full_deck, scripted
from pokerkit import State

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

PokerKitHoldem: Final = HOLDEM.pokerkit
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
      the seat left of the button (:func:`games_oracle.settle`). Equal to ``finishing_stacks``
      unless ``odd_chip_split``; even then often equal, as PokerKit gives a pot's whole remainder
      to the first of those winners. They differ when a remainder of two or more chips is split,
      or when pots PokerKit merges (it kills the hands that win nothing, then re-forms the pots)
      left odd chips apart.
    - ``odd_chip_split``: some pot was split among tied winners and did not divide evenly, in
      PokerKit's pots or in drawpoker's (found by settling the hand here both ways, each checked
      against PokerKit: :func:`games_oracle.settle`).
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
        return blind_seats(self.seats, self.button)[0]

    @property
    def big_blind_seat(self) -> int:
        """The seat that posts the big blind."""
        return blind_seats(self.seats, self.button)[1]


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
    (all-in); ``min_to == max_to`` is an all-in for less than a full raise (both 0 when no bet or
    raise is possible).
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
class Played:
    """A hand played through PokerKit (:func:`play`), in drawpoker's seat order: the games
    oracle's record of it (``game``) and hold'em's view of it."""

    game: games.Played
    table: Table
    hole: tuple[tuple[int, int], ...]
    board: tuple[int, ...]
    actions: tuple[Action, ...]
    actors: tuple[int, ...]
    finishing_stacks: tuple[int, ...]
    state: State


def _game_table(table: Table) -> games.Table:
    """The games oracle's table of a hold'em set-up (antes: uniform, plus the big blind's)."""
    n = table.seats
    if not 2 <= n <= 9 or not 0 <= table.button < n or len(table.antes) != n:
        raise OracleError(f"bad table {table}")
    big_blind_seat = blind_seats(n, table.button)[1]
    ante = min(table.antes)
    others = [a for seat, a in enumerate(table.antes) if seat != big_blind_seat]
    if any(a != ante for a in others):
        raise OracleError(f"antes {table.antes} are neither uniform nor the big blind's")
    stakes = Stakes(
        ante=ante,
        big_blind_ante=table.antes[big_blind_seat] - ante,
        small_blind=table.small_blind,
        big_blind=table.big_blind,
        small_bet=table.big_blind,
    )
    return games.Table(HOLDEM.name, n, table.button, stakes, table.stacks)


def _deck(table: Table, hole: Sequence[tuple[int, int]], board: Sequence[int]) -> list[int]:
    """The deal's order that deals ``hole`` and then ``board``: each seat's first hole card
    from the seat left of the button round the table, then each second card, then the board (as
    drawpoker deals, and PokerKit; no burns); the other cards after them."""
    n = table.seats
    if len(hole) != n:
        raise OracleError("stacks, antes and hole cards need one entry per seat")
    if len(board) > 5:
        raise OracleError("at most five board cards")
    order = [pokerkit_seat(n, table.button, k) for k in range(n)]
    top = [hole[s][0] for s in order] + [hole[s][1] for s in order] + list(board)
    if len(set(top)) != len(top) or not all(0 <= card < 52 for card in top):
        raise OracleError("cards must be distinct ints 0..51")
    return full_deck(top)


def _play(
    table: Table,
    hole: Sequence[tuple[int, int]],
    board: Sequence[int],
    decide: games.Decider,
    *,
    plain: bool = False,
) -> Played:
    """:func:`play` with a decider of the games oracle's :class:`~games_oracle.Options`."""
    played = games.play(_game_table(table), _deck(table, hole, board), decide, plain=plain)
    if len(played.board) > len(board):
        raise OracleError("the hand needs more board cards than given")
    assert played.state is not None
    return Played(
        game=played,
        table=table,
        hole=tuple((cards[0], cards[1]) for cards in played.cards),
        board=tuple(played.board),
        actions=tuple((move.kind, move.amount) for move in played.actions),
        actors=tuple(played.actors),
        finishing_stacks=played.finishing_stacks,
        state=played.state,
    )


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
    whom a short all-in did not reopen): a breach raises :class:`OracleError`
    (:func:`games_oracle.play`). PokerKit warnings are errors here. ``plain`` plays with
    PokerKit's own hand class instead of the remembering one (slower, same results).
    """

    def decide_move(options: games.Options) -> Move:
        kind, amount = decide(
            Options(
                seat=options.seat,
                street=options.street,
                level=options.level,
                to_call=options.to_call,
                may_raise=options.raise_kind in options.kinds,
                raise_kind=options.raise_kind,
                min_to=options.min_to,
                max_to=options.max_to,
                pot=options.pot,
            )
        )
        return Move(kind, amount)

    return _play(table, hole, board, decide_move, plain=plain)


def _case(played: Played, source: str) -> HoldemCase:
    """Check a played hand against the settlements made here (:func:`games_oracle.case_of`) and
    make it a case."""
    case = case_of(played.game, source)
    table = played.table
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
        finishing_stacks=case.finishing_stacks,
        card_room_stacks=case.card_room_stacks,
        odd_chip_split="odd_chip" in case.tags,
        tags=case.tags,
        source=source,
    )


def case_table(case: HoldemCase) -> Table:
    """The set-up of a case."""
    return Table(case.seats, case.button, case.small_blind, case.big_blind, case.antes, case.stacks)


def make_case(
    table: Table,
    hole: Sequence[tuple[int, int]],
    board: Sequence[int],
    actions: Sequence[Action],
    source: str,
) -> HoldemCase:
    """A case written by hand: the hand is played in PokerKit from these cards and actions (every
    board card given must be dealt and every action used) and settled as the others are."""
    played = _play(table, hole, board, scripted([Move(*action) for action in actions]))
    if len(played.actions) != len(actions) or len(played.board) != len(board):
        raise OracleError(f"{source}: the hand ended before its last actions or board cards")
    return _case(played, source)


def replay(case: HoldemCase, *, plain: bool = False) -> Played:
    """Replay a case's neutral form (table, cards, actions) in PokerKit, checking each action's
    actor against ``case.actors`` (``plain``: see :func:`play`)."""
    decide = scripted([Move(*action) for action in case.actions], case.actors)
    played = _play(case_table(case), case.hole, case.board, decide, plain=plain)
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
    style = Style(
        fold=rng.choice((0.02, 0.08, 0.15, 0.3, 0.5)),
        raise_=rng.choice((0.1, 0.2, 0.35)),
        open_=rng.choice((0.15, 0.3, 0.5)),
        shove=rng.choice((0.05, 0.15, 0.3)),
    )
    played = _play(table, hole, runout, games.random_decider(rng, style))
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
    sb_seat, bb_seat = blind_seats(n, button)
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
