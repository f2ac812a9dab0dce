"""Hand histories exchanged with PokerKit, both ways, for every standard variant the engine plays
(no-limit Hold'em, ``NT``):

- written here, read by PokerKit (``HandHistory.loads_all``) and replayed there: PokerKit ends
  with the stacks drawpoker wrote, except where a documented rule differs (each difference is
  asserted to be one of them, with its reason);
- written by PokerKit (``HandHistory.from_game_state`` and ``dumps_all``) for random hands it
  played (the oracle, ``tests/holdem_oracle.py``), read and replayed here: drawpoker ends with
  PokerKit's stacks, or with the card room's where PokerKit's odd-chip rule differs (R-POT-3).

The rule differences (docs/engine.md, "Where PokerKit differs"; drawpoker/history docs):

- odd chips of a split pot: drawpoker gives them one at a time from the seat left of the button,
  PokerKit the whole remainder to the first winner;
- a blind the seat cannot cover: drawpoker keeps the whole big blind as the bet to call and the
  minimum raise a big blind more, PokerKit's bet to match is what was posted.

Five-Card Draw has no standard code (``_5CD``): PokerKit cannot read it, and it fails clearly,
at the variant and at the joker (``Jk``), rather than misreading a hand.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Final

import pytest
from drawpoker.engine import Hand, game
from drawpoker.history import dumps, dumps_all, from_hand, loads
from history_helpers import random_hand
from holdem_oracle import PokerKitHoldem, pokerkit_player, random_pokerkit_hand
from pokerkit import Automation, Card, HandHistory, NoLimitTexasHoldem

pytestmark = pytest.mark.pokerkit

OURS_COUNT: Final = 1_000
THEIRS_COUNT: Final = 1_000
DEEP: Final = (100, 150, 250, 1_000, 5_000, 20_000)
"""Stacks that cover the blinds (50/100) most of the time."""
SHORT: Final = (5, 40, 99, *DEEP)


def _hands(count: int, seed: int) -> list[Hand]:
    rng = random.Random(f"history pokerkit {seed}")
    hands = []
    for i in range(count):
        settings = [{}, {"ante": 10}, {"big_blind_ante": 100}, {"small_blind": 25}][i % 4]
        stacks = SHORT if i % 5 == 0 else DEEP
        hands.append(random_hand(game("holdem", settings), rng, rng.randint(2, 9), stacks))
    return hands


class _Histories(HandHistory):
    """PokerKit's hand histories, its no-limit hold'em's hands remembered (the same ranking;
    PokerKit works every hand out again for every pot, most of its replay time)."""

    game_types = HandHistory.game_types | {"NT": PokerKitHoldem}


def _pokerkit_stacks(history: HandHistory) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns of the user-defined fields
        states = list(history)
    return list(states[-1].stacks)


def _why_they_may_differ(hand: Hand) -> set[str]:
    """The documented rules by which PokerKit may settle ``hand`` otherwise."""
    reasons = set()
    forced = hand.game.forced
    blinds = [e.amount for e in hand.events if e.kind == "blind"]
    if blinds != [forced.small_blind, forced.big_blind]:
        reasons.add("short blind")
    winners = {e.seat for e in hand.events if e.kind == "award"}
    shows = {e.seat: e.amount for e in hand.events if e.kind == "show"}
    if len(set(shows.values())) < len(shows) and len(winners) >= 2:
        reasons.add("odd chips")
    return reasons


def test_histories_written_here_replay_in_pokerkit() -> None:
    hands = _hands(OURS_COUNT, 1)
    texts = dumps_all(hands)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = list(_Histories.loads_all(texts))
    assert len(theirs) == OURS_COUNT
    differ: Counter[str] = Counter()
    for hand, history in zip(hands, theirs, strict=True):
        ours = from_hand(hand).get("finishing_stacks")
        try:
            stacks = _pokerkit_stacks(history)
        except ValueError as error:  # PokerKit refuses an action by its own rules
            stacks = [-1]
            message = str(error)
        else:
            message = ""
        if stacks == ours:
            continue
        reasons = _why_they_may_differ(hand)
        assert reasons, f"{dumps(hand)}\nPokerKit: {stacks or message}"
        if "short blind" not in reasons:
            assert sum(stacks) == sum(ours) and all(
                abs(a - b) <= 3 for a, b in zip(stacks, ours, strict=True)
            ), dumps(hand)
        differ.update(reasons)
    agreeing = OURS_COUNT - sum(differ.values())
    assert agreeing >= 0.85 * OURS_COUNT, differ


def test_histories_pokerkit_writes_replay_here() -> None:
    texts = []
    cases = []
    for index in range(THEIRS_COUNT):
        case, state = random_pokerkit_hand(23, index, antes=True)
        n = case.seats
        order = [(case.button + 1 + k) % n for k in range(n)]
        blinds = (case.small_blind, case.big_blind, *[0] * (n - 2))
        antes = [case.antes[seat] for seat in order]
        if n == 2:
            antes.reverse()  # the standard's positions: reversed heads-up
        game_ = NoLimitTexasHoldem(
            (Automation.ANTE_POSTING,), False, tuple(antes), blinds, case.big_blind
        )
        history = HandHistory.from_game_state(
            game_, state, finishing_stacks=list(state.stacks), hand=index + 1
        )
        texts.append(history)
        cases.append(case)
    text = HandHistory.dumps_all(texts)
    histories = loads(text)
    assert len(histories) == THEIRS_COUNT
    odd = idle = 0
    for case, history in zip(cases, histories, strict=True):
        n = case.seats
        pokerkit_order = [(case.button + 1 + k) % n for k in range(n)]
        assert [pokerkit_player(n, case.button, s) for s in pokerkit_order] == list(range(n))
        expected = [case.card_room_stacks[s] for s in pokerkit_order]
        assert history.outcome.stacks == expected, history.dumps()
        if case.odd_chip_split:
            odd += 1
        else:
            assert history.disagreement() is None
        idle += history.outcome.idle_checks
    assert odd < THEIRS_COUNT // 10
    assert idle > 0  # PokerKit's big-blind option after an all-in, read as PokerKit means it


def test_the_specifications_example_replays_the_same_in_pokerkit() -> None:
    from pathlib import Path

    path = Path(__file__).parent / "data" / "phh" / "spec-examples.phhs"
    ours = loads(path.read_text())
    with path.open("rb") as file, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = list(HandHistory.load_all(file))
    assert _pokerkit_stacks(theirs[0]) == ours[0].outcome.stacks


def test_defect_a_short_big_blind_hand_records_no_action_pokerkit_refuses() -> None:
    """The big blind all-in for 3 against a small blind of 5: no betting remains (R-HE-8), so
    the history holds no action of a seat, and PokerKit replays it to the same stacks (it
    refused the call the engine used to ask for)."""
    hand = Hand(game("holdem", {"small_blind": 5, "big_blind": 10}), [19, 3], button=0, seed=7)
    text = dumps(hand)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(text)
    assert not [a for a in history.actions if not a.startswith("d ") and " sm " not in a]
    stacks = _pokerkit_stacks(history)
    assert stacks == from_hand(hand).get("finishing_stacks") and sorted(stacks) == sorted(
        hand.stacks
    )


def test_five_card_draw_histories_fail_clearly_in_pokerkit() -> None:
    spec = game("five-card-draw", {"joker": True})
    rng = random.Random(4)
    hand = next(
        h
        for h in (random_hand(spec, rng, 6) for _ in range(200))
        if any(52 in e.cards for e in h.events if e.kind == "deal")
    )
    text = dumps(hand)
    assert "Jk" in text and "variant = '_5CD'" in text
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(text)
    with pytest.raises(KeyError, match="_5CD"):
        history.create_state()
    with pytest.raises(ValueError, match="'k' is not a valid Suit"):
        list(Card.parse("Jk"))
