"""The engine writes a seat's hand for its state (``HandView.felt_json``, the site's
``hand_text``) in one pass over the view: here it is checked, byte for byte, against the
same fields read one by one from the view's rows and events in Python and encoded as the site
encodes a message, for every seat and the watchers, after every action of
random hands of every game (blinds, all-ins and side pots, uncalled bets returned, redeals,
hands exposed and shown, awards of hi/lo halves), its hands described in English and Arabic;
and the discard sets it lists at a draw are those the hand allows."""

from __future__ import annotations

import random
from functools import partial
from itertools import combinations
from typing import Any

import pytest
from drawpoker.engine import GAMES, Action, Event, Hand, HandView, game, side_pots
from drawpoker.errors import InvalidCardError
from drawpoker.site.jsontext import decode, encode
from drawpoker.site.seatview import cards_text, public_view, shown_text

BLIND_NAMES = {"small": "SB", "big": "BB"}


def _shown(events: list[Event], rankings: list[str], tag: str) -> list[dict[str, Any]]:
    lows = {e.seat: e.amount for e in events if e.kind == "low"}
    shown = []
    for e in events:
        if e.kind == "show" and e.seat is not None:
            entry: dict[str, Any] = {
                "seat": e.seat,
                "cards": cards_text(e.cards),
                "text": shown_text(e.amount, rankings[0], tag),
            }
            if len(rankings) > 1:
                low = lows.get(e.seat)
                entry["low"] = None if low is None else shown_text(low, rankings[-1], tag)
            shown.append(entry)
    return shown


def _awards(events: list[Event]) -> list[dict[str, Any]]:
    pots: dict[int, dict[str, Any]] = {}
    for e in events:
        if e.award is None or e.award.strength is None:
            continue
        pot = pots.setdefault(e.award.pot, {"amount": 0, "high": [], "low": [], "shares": []})
        pot["amount"] += e.amount
        pot["low" if e.award.share == "low" else "high"].append(e.seat)
        pot["shares"].append({"seat": e.seat, "share": e.award.share, "amount": e.amount})
    return [
        {**pot, "high": sorted(pot["high"]), "low": sorted(pot["low"])}
        for _, pot in sorted(pots.items())
    ]


def _read(view: HandView, hand: int, winners: list[int], tag: str) -> dict[str, Any]:
    """The felt read field by field from ``view`` (its events as the view gives them)."""
    events = list(view.events)
    awarded = [e for e in events if e.kind == "award"]
    won: dict[int, int] = {}
    for e in awarded:
        assert e.seat is not None
        won[e.seat] = won.get(e.seat, 0) + e.amount
    bets = list(view.bets) if view.phase == "bet" else [0] * view.seats
    middle = [c - b for c, b in zip(view.committed, bets, strict=True)]
    pots = side_pots(middle, view.live) if any(middle) else []
    return {
        "hand": hand,
        "button": view.button,
        "street": view.street,
        "phase": view.phase,
        "actor": view.actor,
        "cards": cards_text(view.cards),
        "card_counts": list(view.card_counts),
        "up": [cards_text(cards) for cards in view.up_cards],
        "board": cards_text(view.board),
        "stacks": list(view.stacks),
        "bets": bets,
        "committed": list(view.committed),
        "pot": view.pot,
        "pots": [
            {"amount": p.amount + (view.dead if i == 0 else 0), "eligible": list(p.eligible)}
            for i, p in enumerate(pots)
        ],
        "live": list(view.live),
        "current_bet": view.current_bet,
        "drawn": list(view.drawn),
        "blinds": [
            {"seat": e.seat, "amount": e.amount, "name": BLIND_NAMES[e.blind]}
            for e in events
            if e.kind == "blind" and e.blind in BLIND_NAMES
        ],
        "shown": _shown(
            [e for e in events if e.kind in ("show", "low")],
            [part.ranking for part in view.game.showdown],
            tag,
        ),
        "exposed": [
            {"seat": e.seat, "cards": cards_text(e.cards)} for e in events if e.kind == "expose"
        ],
        "won": [{"seat": seat, "amount": chips} for seat, chips in sorted(won.items())],
        "returned": [{"seat": e.seat, "amount": e.amount} for e in events if e.kind == "return"],
        "redeals": sum(e.kind == "redeal" for e in events),
        "winners": winners if view.phase == "done" else [],
        "awards": _awards(awarded),
    }


def _action(hand: Hand, rng: random.Random) -> Action:
    """A random legal action: folds rare, raises often (all-ins and side pots at short stacks)."""
    legal = hand.legal_actions()
    kinds = [k for k in legal.kinds if k != "fold" or rng.random() < 0.15]
    kind = rng.choice(kinds or list(legal.kinds))
    if kind in ("bet", "raise"):
        return Action(kind, rng.choice([legal.min_to, legal.max_to]), ())
    if kind == "draw":  # a random set of discards the hand allows (standing pat at worst)
        cards = list(hand.view(hand.actor).cards)
        count = rng.randint(0, min(legal.max_discards, len(cards)))
        draw = Action.draw(rng.sample(cards, count))
        return draw if hand.why_illegal(draw) is None else Action.draw()
    return Action(kind, 0, ())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_felt_is_the_views_fields_and_events(name: str) -> None:
    spec = game(name)
    rng = random.Random(name)
    shown = 0
    for number in range(12):
        seats = rng.randint(2, min(spec.seats[1], 6))
        stacks = [rng.choice([40, 150, 400, 3000]) for _ in range(seats)]
        hand = Hand(spec, stacks, seed=number)
        while True:
            winners = list(hand.winners) if hand.is_over else []
            tag = "ar" if number % 2 else "en"
            words = partial(shown_text, tag=tag)
            for seat in range(seats):
                view = hand.view(seat)
                own = encode(_read(view, number, winners, tag))
                assert view.felt_json(number, winners, words) == own
                public = encode(_read(public_view(view), number, winners, tag))
                assert public_view(view).felt_json(number, winners, words) == public
            if hand.is_over:
                break
            hand.act(_action(hand, rng))
        shown += any(e.kind == "show" for e in hand.events)
    assert shown  # showdowns were checked


@pytest.mark.parametrize("name", ["2-7-triple-draw", "badugi", "five-card-draw"])
def test_the_discard_sets_are_those_the_hand_allows(name: str) -> None:
    rng = random.Random(name)
    draws = 0
    for number in range(10):
        hand = Hand(game(name), [2000] * 3, seed=number)
        while not hand.is_over:
            for seat in range(3):
                view = hand.view(seat)
                if seat != hand.actor or "draw" not in hand.legal_actions().kinds:
                    assert view.draw_masks() == []
                    continue
                cards = view.cards
                allowed = sorted(
                    sum(1 << i for i in chosen)
                    for size in range(len(cards) + 1)
                    for chosen in combinations(range(len(cards)), size)
                    if hand.why_illegal(Action.draw([cards[i] for i in chosen])) is None
                )
                assert view.draw_masks() == allowed
                draws += 1
            hand.act(_action(hand, rng))
    assert draws


def test_a_card_that_is_no_card_is_refused() -> None:
    view = Hand(game("holdem"), [1000, 1000], seed=1).view(0)
    with pytest.raises(InvalidCardError, match="card value 53 is out of range"):
        view._replace(cards=(53, 1)).felt_json(0, [], str)


@pytest.mark.parametrize("text", ['Quote " and \\ back', "line\nbreak\ttab\x01\x1f", "بدر ⁦A-K⁩ é"])
def test_the_words_of_a_shown_hand_are_escaped_as_the_site_escapes_text(text: str) -> None:
    hand = Hand(game("holdem"), [100, 100], seed=2)
    while not hand.is_over:
        hand.act(
            hand.default_action() if "call" not in hand.legal_actions().kinds else Action.call()
        )
    felt = hand.view(0).felt_json(0, hand.winners, lambda strength, ranking: text)
    assert decode(felt)["shown"][0]["text"] == text
    assert f'"text":{encode(text)}' in felt
