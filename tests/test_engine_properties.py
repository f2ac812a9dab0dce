"""Property tests: random legal games keep every invariant of the engine."""

from __future__ import annotations

import json
import random

import pytest
from drawpoker.bots import RulesOfThumbBot
from drawpoker.engine import Action, DrawSettings, FiveCardDraw, Hand
from drawpoker.errors import IllegalActionError, InvalidArgumentError
from drawpoker.table import Table, TableSettings
from engine_helpers import random_action
from hypothesis import given, settings
from hypothesis import strategies as st

draw_settings = st.builds(
    DrawSettings,
    mode=st.sampled_from(["betting", "betting", "no-bet"]),
    ante=st.integers(1, 30),
    draw_limit=st.sampled_from(["3", "3-or-4-with-ace", "5"]),
    opening=st.sampled_from(["none", "jacks"]),
    second_round=st.sampled_from(["opener", "left-of-dealer"]),
    joker=st.booleans(),
)


def illegal_attempts(hand: Hand, rng: random.Random) -> list[Action]:
    """Actions that must be refused now."""
    seat = hand.actor
    assert seat is not None
    others = [c for s in range(hand.seats) if s != seat for c in hand.cards[s]]
    if hand.phase == "draw":
        attempts = [Action.check(), Action.bet(20), Action.draw(hand.cards[seat][:1] * 2)]
        if others:
            attempts.append(Action.draw([rng.choice(others)]))
        return attempts
    legal = hand.legal_actions()
    attempts = [Action.draw(), Action("shove"), Action.raise_to(-5), Action.bet(legal.max_to + 1)]
    attempts.append(Action.fold() if "check" in legal.kinds else Action.check())
    if "bet" in legal.kinds or "raise" in legal.kinds:
        kind = legal.kinds[-1]
        if legal.step > 1 and legal.min_to + 1 < legal.max_to:
            attempts.append(Action(kind, legal.min_to + 1))
        attempts.append(Action(kind, legal.min_to - 1))
    return attempts


def hidden_cards_stay_hidden(hand: Hand) -> None:
    """Each seat sees only its own cards, plus hands shown at the showdown."""
    for seat in range(hand.seats):
        view = hand.view(seat)
        assert list(view.cards) == hand.cards[seat]
        for event in hand.visible_events(seat):
            if event.cards:
                assert event.to == seat or event.kind == "show", event
                assert event.seat == seat or event.kind == "show", event
        assert set(view.revealed) <= {e.seat for e in hand.events if e.kind == "show"}
        if view.legal is not None:
            assert seat == hand.actor


def play_and_check(hand: Hand, rng: random.Random) -> Hand:
    total = sum(hand.start_stacks)
    snapshot_at = rng.randrange(8)
    snapshot = None
    steps = 0
    while not hand.is_over:
        if steps == snapshot_at:
            snapshot = (hand.to_dict(), len(hand.actions))
        for bad in illegal_attempts(hand, rng):
            before = hand.to_dict()
            try:
                hand.act(bad)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"illegal {bad} accepted")
            assert hand.to_dict() == before
        hand.act(random_action(hand, rng))
        steps += 1
        assert sum(hand.stacks) + sum(hand.committed) == total
        assert min(hand.stacks) >= 0
        hidden_cards_stay_hidden(hand)
    assert sum(hand.stacks) == total and hand.pot == 0
    replayed = Hand.replay(hand.game, hand.start_stacks, hand.button, hand.seed, hand.actions)
    assert replayed.to_dict() == hand.to_dict()
    data = json.loads(json.dumps(hand.to_dict()))
    assert Hand.from_dict(data).to_dict() == hand.to_dict()
    if snapshot is not None:
        restored = Hand.from_dict(json.loads(json.dumps(snapshot[0])))
        for action in hand.actions[snapshot[1] :]:
            restored.act(action)
        assert restored.to_dict() == hand.to_dict()
    return hand


@settings(max_examples=100, deadline=None)
@given(
    draw_settings,
    st.lists(st.integers(0, 400), min_size=2, max_size=6),
    st.integers(0, 2**32),
    st.data(),
)
def test_r_pot_5_random_legal_hands_keep_invariants(
    settings_: DrawSettings, stacks: list[int], seed: int, data: st.DataObject
) -> None:
    betting = settings_.betting
    if betting:
        stacks = [s + 1 if i < 2 else s for i, s in enumerate(stacks)]
    button = data.draw(st.integers(0, len(stacks) - 1))
    if betting and stacks[button] == 0:
        button = 0
    hand = Hand(FiveCardDraw(settings_), stacks, button, seed)
    play_and_check(hand, random.Random(seed))


def test_thousands_of_random_hands() -> None:
    rng = random.Random(2024)
    for game in range(1000):
        settings_ = DrawSettings(
            ante=rng.choice([1, 5, 10]),
            draw_limit=rng.choice(["3", "3-or-4-with-ace", "5"]),
            opening=rng.choice(["none", "jacks"]),
            second_round=rng.choice(["opener", "left-of-dealer"]),
            joker=rng.random() < 0.3,
        )
        stacks = [rng.randint(1, 300) for _ in range(rng.randint(2, 6))]
        hand = Hand(FiveCardDraw(settings_), stacks, rng.randrange(len(stacks)), seed=game)
        while not hand.is_over:
            hand.act(random_action(hand, rng))
            assert sum(hand.stacks) + sum(hand.committed) == sum(stacks)
        replayed = Hand.replay(hand.game, stacks, hand.button, game, hand.actions)
        assert replayed.events == hand.events


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6))
def test_cpu_games_replay_exactly(seed: int, players: int) -> None:
    def play() -> Table:
        cpu = {s: RulesOfThumbBot(seed=seed + s) for s in range(players)}
        game = Table(FiveCardDraw(), players, seed=seed, cpu=cpu, settings=TableSettings(rounds=3))
        game.play_cpu()
        return game

    first, second = play(), play()
    assert first.stacks == second.stacks and sum(first.stacks) == 2000 * players
    assert [h.to_dict() for h in first.hands] == [h.to_dict() for h in second.hands]


def test_seat_cards_is_the_views_cards() -> None:
    rng = random.Random(5)
    for seed in range(40):
        hand = Hand(FiveCardDraw(DrawSettings(joker=seed % 2 == 0)), [300] * 4, seed % 4, seed)
        while not hand.is_over:
            for seat in range(hand.seats):
                assert hand.seat_cards(seat) == hand.view(seat).cards
            hand.act(random_action(hand, rng))
        assert hand.seat_cards(3) == hand.view(3).cards
    for bad in (-1, 4):
        with pytest.raises(InvalidArgumentError, match="is not a seat"):
            hand.seat_cards(bad)
