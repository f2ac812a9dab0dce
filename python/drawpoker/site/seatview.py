"""What one seat is shown, as JSON: the seat's view of the current hand (:func:`seat_state`)
and its events (:func:`event_json`). Everything here is read from ``table.view(seat)`` and the
events that seat may see, never from the house's copy of the hand, so no other seat's hidden
card, no card of the stub and no seed can reach a browser through it.

Cards are written as text (``"As"``, ``"Td"``, ``"Jk"`` for the joker). Every object that holds
cards also names its ``hand`` (the index of the hand at the table), so a card is always read
against the hand it belongs to.

>>> from drawpoker.table import Table
>>> from drawpoker.engine import game
>>> table = Table(game("holdem"), 3, seed=5)
>>> state = seat_state(table, 1, players=[], status="playing", seq=4, time_left=None)
>>> state["hand"], len(state["cards"]), state["card_counts"], state["blinds"]
(0, 2, [2, 2, 2], [{'seat': 1, 'amount': 50, 'name': 'SB'}, {'seat': 2, 'amount': 100, \
'name': 'BB'}])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial
from typing import Any

from drawpoker import _core
from drawpoker.cards import cards_text as cards_text  # (the site's name for it)
from drawpoker.engine import Event, HandView
from drawpoker.engine.actions import LegalActions
from drawpoker.engine.betting import FixedLimit, NoLimit, PotLimit, UnitBetting
from drawpoker.narration import hand_words
from drawpoker.site.jsontext import decode, encode
from drawpoker.site.seat_help import hand_line, known_draw_tip
from drawpoker.table import Table

DRAW_RULES = {
    "3": "up to 3 cards",
    "3-or-4-with-ace": "up to 3 cards, or 4 when the card you keep is an ace or the joker",
}
"""The Five-Card Draw limits that need words (R-DRAW-7); any other is "up to N cards"."""

MASKED_DRAW_CARDS = 7
"""Hands up to this many cards get the list of every legal discard set (2**7 checks at most);
a bigger hand gets only the most cards it may exchange."""


def preset_kind(rule: str, percent: int) -> tuple[str, dict[str, int]]:
    """A sizing preset as a (kind, numbers) pair for the page to say in its own language (its
    catalogue's ``table.preset.<kind>``), from the preset's rule: the engine's stable id of how
    its total is found (``pot-share`` or ``bet-multiple``) and its percentage, never from its
    English label.

    >>> preset_kind("pot-share", 33), preset_kind("pot-share", 100), preset_kind("pot-share", 50)
    (('share', {'share': 33}), ('pot', {}), ('half_pot', {}))
    >>> preset_kind("bet-multiple", 300), preset_kind("bet-multiple", 250)
    (('times', {'times': 3}), ('bet_share', {'share': 250}))
    """
    if rule == "pot-share":
        named: dict[int, tuple[str, dict[str, int]]] = {100: ("pot", {}), 50: ("half_pot", {})}
        return named.get(percent, ("share", {"share": percent}))
    if percent % 100 == 0:
        return ("times", {"times": percent // 100})
    return ("bet_share", {"share": percent})


PRESETS = {label: preset_kind(rule, percent) for label, rule, percent in _core.preset_rules()}
"""Every preset the engine offers (``_core.preset_rules``: each label of the legal actions
with its rule), as :func:`preset_kind` says it: made from the engine's own table, so a preset
added there is said by its rule with no change here."""


def structure_kind(betting: object) -> tuple[str, dict[str, int]]:
    """A betting structure as a (kind, amounts) pair, for a page to say in its own language.

    >>> from drawpoker.engine import game
    >>> structure_kind(game("omaha").betting), structure_kind(game("five-card-draw").betting)
    (('pot-limit', {}), ('unit', {'unit': 20}))
    """
    if isinstance(betting, FixedLimit):
        return ("fixed-limit", {})
    if isinstance(betting, PotLimit):
        return ("pot-limit", {})
    if isinstance(betting, NoLimit):
        return ("no-limit", {})
    if isinstance(betting, UnitBetting):
        return ("unit", {"unit": betting.unit})
    return ("no-betting", {})


def betting_facts(betting: object) -> dict[str, Any]:
    """A betting structure as the table page shows it: its name in English (``structure``),
    its kind and amounts for the page's own words (``structure_kind``, :func:`structure_kind`)
    and, in fixed limit, the small and big bets (``None`` elsewhere).

    >>> from drawpoker.engine import game
    >>> betting_facts(game("stud").betting)
    {'structure': 'fixed limit', 'structure_kind': ('fixed-limit', {}), 'small_bet': 200, \
'big_bet': 400}
    >>> betting_facts(game("omaha").betting)["structure"]
    'pot limit'
    """
    small = big = None
    if isinstance(betting, FixedLimit):
        structure, small, big = "fixed limit", betting.small, betting.big
    elif isinstance(betting, PotLimit):
        structure = "pot limit"
    elif isinstance(betting, NoLimit):
        structure = "no limit"
    elif isinstance(betting, UnitBetting):
        structure = f"bets of {betting.unit}"
    else:
        structure = "no betting"
    kind = structure_kind(betting)
    return {"structure": structure, "structure_kind": kind, "small_bet": small, "big_bet": big}


def shown_text(strength: int, ranking: str, tag: str = "en") -> str:
    """A shown hand's description (``Two pair, kings and nines``) in the language of ``tag``
    (the narration's words: :func:`drawpoker.narration.hand_words`), or ``""`` when the
    ranking cannot describe that strength.

    >>> shown_text(7462, "high"), shown_text(7462, "high", "ar")
    ('Royal flush', 'رويال فلاش')
    """
    try:
        return hand_words(strength, ranking, tag)
    except ValueError:
        return ""


def event_json(
    event: Event,
    seq: int,
    hand: int,
    timer: bool = False,
    sentence: str | None = None,
) -> dict[str, Any]:
    """One event as a seat receives it, numbered ``seq`` in its stream; ``private`` marks an
    event only this seat sees; an action the turn timer took for its seat (R-TABLE-1) has
    ``timer``; ``sentence`` is the event as the narration tells it to the reader
    (:mod:`drawpoker.narration`), in their language. A shown hand's description is in the
    sentence and in the state's ``shown`` (in the reader's language), not in the event.

    >>> event_json(Event("show", 1, None, 7462, (51, 47, 43, 39, 35)), 9, 0)
    {'seq': 9, 'hand': 0, 'kind': 'show', 'seat': 1, 'amount': 7462, \
'cards': ['As', 'Ks', 'Qs', 'Js', 'Ts'], 'private': False}
    >>> event_json(Event("check", 0, None), 11, 0, timer=True)["timer"]
    True
    >>> event_json(Event("blind", 0, None, 50, blind="small"), 12, 0)["blind"]
    'small'
    >>> from drawpoker.engine import Award
    >>> event_json(Event("award", 0, None, 90, award=Award(1, 2, "low", 6174)), 13, 0)["award"]
    {'pot': 1, 'pots': 2, 'share': 'low'}
    """
    data: dict[str, Any] = {
        "seq": seq,
        "hand": hand,
        "kind": event.kind,
        "seat": event.seat,
        "amount": event.amount,
        "cards": cards_text(event.cards),
        "private": event.to is not None,
    }
    if event.blind is not None:
        data["blind"] = event.blind
    if event.award is not None:
        data["award"] = {k: getattr(event.award, k) for k in ("pot", "pots", "share")}
    if timer:
        data["timer"] = True
    if sentence is not None:
        data["sentence"] = sentence
    return data


def legal_json(view: HandView, legal: LegalActions) -> dict[str, Any]:
    """The seat's legal actions: kinds, the call, the bet or raise range and step, the presets,
    whether the largest total is all the seat's chips (``all_in``), and in a draw every legal
    set of discards as a mask over the seat's cards (bit ``i`` = card ``i``; the engine's
    :meth:`~drawpoker.engine.HandView.draw_masks`) with the draw limit in words.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [1000, 1000])
    >>> legal_json(hand.view(0), hand.legal_actions())["presets"]
    [{'name': '2x', 'kind': 'times', 'values': {'times': 2}, 'amount': 200}, \
{'name': '3x', 'kind': 'times', 'values': {'times': 3}, 'amount': 300}]
    """
    data: dict[str, Any] = {
        "kinds": list(legal.kinds),
        "call": legal.call,
        "min_to": legal.min_to,
        "max_to": legal.max_to,
        "step": legal.step,
        "max_discards": legal.max_discards,
        "presets": [
            {"name": name, "kind": PRESETS[name][0], "values": PRESETS[name][1], "amount": amount}
            for name, amount in legal.presets
        ],
        "all_in": 0 < legal.max_to == view.stacks[view.seat] + view.bets[view.seat],
    }
    if "draw" in legal.kinds:
        cards = view.cards
        masks = view.draw_masks() if len(cards) <= MASKED_DRAW_CARDS else None
        street = view.game.streets[view.street] if view.street < len(view.game.streets) else None
        limit = street.draw if street is not None else None
        data["draws"] = masks
        most = min(legal.max_discards, len(cards))  # a limit of "5" is badugi's every four
        data["draw_rule"] = DRAW_RULES.get(limit or "", f"up to {most} cards")
    return data


def hand_text(view: HandView, hand: int, winners: Sequence[int] = (), tag: str = "en") -> str:
    """:func:`hand_json` as the JSON text the site sends, written by the engine from the view
    in one pass (:meth:`~drawpoker.engine.HandView.felt_json`), the hands shown said by
    :func:`shown_text`.

    >>> from drawpoker.engine import Hand, game
    >>> hand_text(Hand(game("five-card-draw"), [500, 500], seed=3).view(0), 0)[:40]
    '{"hand":0,"button":0,"street":0,"phase":'
    """
    return view.felt_json(hand, winners, partial(shown_text, tag=tag))


def hand_json(
    view: HandView, hand: int, winners: Sequence[int] = (), tag: str = "en"
) -> dict[str, Any]:
    """The seat's view of one hand: its cards, the public facts, the up cards, the hands shown
    (described in the language of ``tag``) and exposed, who posted the blinds, the pots, the
    chips won and, once the hand is over, its ``winners`` (public then: in a game without
    betting they score the points) and, when it reached a showdown, ``awards``: each pot's
    high (and in a hi/lo game low) winners, each winner's share of it. ``bets`` are
    the chips in front of the seats in the betting round being played: once a round ends (a
    draw, the next street, the showdown) they are in the pot. A watcher is shown that of
    :func:`public_view`. Read from its text (:func:`hand_text`).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("five-card-draw"), [500, 500], seed=3)
    >>> data = hand_json(hand.view(0), 0)
    >>> data["pot"], data["phase"], data["drawn"], data["board"]
    (20, 'bet', [-1, -1], [])
    >>> watcher = hand_json(public_view(hand.view(0)), 0)
    >>> watcher["cards"], watcher["pot"] == data["pot"]
    ([], True)
    """
    data: dict[str, Any] = decode(hand_text(view, hand, winners, tag))
    return data


def _own(
    table: Table, seat: int, status: str, seq: int, tag: str, tips: bool
) -> tuple[str, dict[str, Any]]:
    """:func:`own_state` in two parts: the current hand's text (:func:`hand_text`) and the
    members that follow it."""
    index = len(table.hands) - 1
    hand = table.hand
    view = hand.view(seat)
    felt = hand_text(view, index, hand.winners if hand.is_over else (), tag)
    legal = view.legal if status == "playing" and not table.is_over else None
    return felt, {
        "type": "state",
        "seat": seat,
        "seq": seq,
        "legal": None if legal is None else legal_json(view, legal),
        "own_hand": hand_line(view, tag),
        "tip": known_draw_tip(view) if tips and legal is not None else None,
    }


def own_state(
    table: Table, seat: int, *, status: str, seq: int, tag: str = "en", tips: bool = False
) -> dict[str, Any]:
    """What ``seat`` alone is shown at this moment: the current hand as it sees it
    (:func:`hand_json`, its words in the language of ``tag``), its own hand described as it
    stands (``own_hand``, :func:`~drawpoker.site.seat_help.hand_line`), its legal actions on its
    turn (only while the table plays) with, at its draw when its player turned ``tips`` on, the
    tips page's best discard (``tip``, :func:`~drawpoker.site.seat_help.known_draw_tip`) once it is
    worked out (the room has it worked out in a worker thread: never here, on the table's
    event loop; ``null`` until then), and ``seq``, the latest event of the seat's stream.

    >>> from drawpoker.table import Table
    >>> from drawpoker.engine import game
    >>> own = own_state(Table(game("holdem"), 2, seed=1), 0, status="playing", seq=3)
    >>> own["seat"], own["legal"]["kinds"]
    (0, ['fold', 'call', 'raise'])
    """
    felt, own = _own(table, seat, status, seq, tag, tips)
    data: dict[str, Any] = decode(felt)
    data.update(own)
    return data


def own_text(
    table: Table, seat: int, *, status: str, seq: int, tag: str = "en", tips: bool = False
) -> str:
    """:func:`own_state` as the JSON text the seat is sent: the hand's text as the engine
    wrote it with the seat's own members added (no object made for the hand).

    >>> from drawpoker.table import Table
    >>> from drawpoker.engine import game
    >>> table = Table(game("holdem"), 2, seed=1)
    >>> decode(own_text(table, 0, status="playing", seq=3)) == own_state(table, 0,
    ...                                                                  status="playing", seq=3)
    True
    """
    felt, own = _own(table, seat, status, seq, tag, tips)
    return felt[:-1] + "," + encode(own)[1:]


def table_state(
    table: Table,
    *,
    players: list[dict[str, Any]],
    status: str,
    time_left: float | None,
    actions: int | None = None,
    watching: int = 0,
    settled: bool = False,
) -> dict[str, Any]:
    """What every seat is shown alike at this moment: the status, the round, the actions played
    at the table (counted here when not given), the turn timer's seconds left, the standings
    (by the chips each seat holds now, or its points in a game without betting; the chips at
    the start of the hand are ``table_stacks``, and the standings are by them while the room
    shows the previous hand's result, ``settled``, and while the table waits for its players:
    nobody has played its first hand, whose forced bets are already in), the players
    (``players`` and ``status`` come from the room: who sits where, who is away) and how many
    people are ``watching``.

    >>> from drawpoker.table import Table
    >>> from drawpoker.engine import game
    >>> shared = table_state(Table(game("five-card-draw"), 2, seed=1), players=[],
    ...                      status="playing", time_left=None)
    >>> shared["round"], shared["actions"], [s["score"] for s in shared["standings"]]
    (1, 0, [1990, 1990])
    >>> waiting = table_state(Table(game("holdem"), 3, seed=1), players=[], status="waiting",
    ...                       time_left=None)
    >>> [(s["place"], s["score"]) for s in waiting["standings"]]
    [(1, 10000), (1, 10000), (1, 10000)]
    """
    names = {p["seat"]: p["name"] for p in players}
    stacks = table.stacks if settled or status == "waiting" else table.hand.stacks
    scores = tuple(stacks) if table.betting else tuple(table.points)
    return {
        "status": status,
        "round": table.round,
        "rounds": table.settings.rounds,
        "is_over": table.is_over,
        "actions": sum(len(h.actions) for h in table.hands) if actions is None else actions,
        "time_left": None if time_left is None else round(max(time_left, 0.0), 2),
        "timer": table.settings.turn_timer,
        "table_stacks": list(table.stacks),
        "points": list(table.points),
        "standings": [
            {"place": place, "seat": s, "name": names.get(s, table.names[s]), "score": scores[s]}
            for place, s in placed(scores)
        ],
        "players": players,
        "watching": watching,
    }


@lru_cache(maxsize=4096)
def placed(scores: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The seats by score, best first, each with its place (equal scores share the place of
    the first of them), as ``(place, seat)`` pairs; remembered (a table's scores change only
    with a bet, and every seat is sent the same).

    >>> placed((50, 80, 50, 10))
    ((1, 1), (2, 0), (2, 2), (4, 3))
    """
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    places: list[tuple[int, int]] = []
    for position, s in enumerate(order):
        tied = position > 0 and scores[order[position - 1]] == scores[s]
        places.append((places[-1][0] if tied else position + 1, s))
    return tuple(places)


def seat_state(
    table: Table,
    seat: int | None,
    *,
    players: list[dict[str, Any]],
    status: str,
    seq: int,
    time_left: float | None,
    actions: int | None = None,
    last: dict[str, Any] | None = None,
    watching: int = 0,
    settled: bool = False,
    tag: str = "en",
    tips: bool = False,
) -> dict[str, Any]:
    """Everything ``seat`` is shown at this moment, in the language of ``tag`` where it has
    words: its own part (:func:`own_state`, its tip when ``tips`` is on), the part
    every seat shares (:func:`table_state`) and the previous hand's summary (``last``: its
    :func:`hand_json`, made here when not given; ``None`` in the first hand). A watcher
    (``seat`` ``None``) is shown the current and the previous hand as :func:`public_view`
    leaves them, and ``seq`` is the latest event of the public stream.

    >>> from drawpoker.table import Table
    >>> from drawpoker.engine import game
    >>> state = seat_state(Table(game("five-card-draw"), 2, seed=1), 0, players=[],
    ...                    status="playing", seq=3, time_left=None)
    >>> state["round"], state["legal"], [s["score"] for s in state["standings"]]
    (1, None, [1990, 1990])
    >>> state = seat_state(Table(game("holdem"), 3, seed=5), None, players=[], status="playing",
    ...                    seq=2, time_left=None)
    >>> state["seat"], state["cards"], state["card_counts"], state["legal"], state["last"]
    (None, [], [2, 2, 2], None, None)
    """
    index = len(table.hands) - 1
    if seat is None:
        hand = table.hand
        winners = hand.winners if hand.is_over else ()
        data = hand_json(public_view(hand.view(0)), index, winners, tag)
        data.update(
            {
                "type": "state",
                "seat": None,
                "seq": seq,
                "legal": None,
                "own_hand": None,
                "tip": None,
            }
        )
    else:
        data = own_state(table, seat, status=status, seq=seq, tag=tag, tips=tips)
    data.update(
        table_state(
            table,
            players=players,
            status=status,
            time_left=time_left,
            actions=actions,
            watching=watching,
            settled=settled,
        )
    )
    if last is None and index > 0:
        previous = table.hands[index - 1]
        seen = public_view(previous.view(0)) if seat is None else previous.view(seat)
        last = hand_json(seen, index - 1, previous.winners, tag)
    data["last"] = last
    return data


def public_view(view: HandView) -> HandView:
    """``view`` with what only its seat knows taken out: no cards of its own, no legal
    actions, only the events every seat sees. What is left (the board, up cards, bets, pots,
    hands shown) is what a watcher may know.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("stud"), [1000, 1000], seed=4)
    >>> public = public_view(hand.view(0))
    >>> public.cards, [len(up) for up in public.up_cards], {e.to for e in public.events}
    ((), [1, 1], {None})
    """
    return view._replace(cards=(), legal=None, events=tuple(e for e in view.events if e.to is None))
