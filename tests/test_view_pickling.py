"""A seat's view and a game spec survive ``pickle``: a view can be sent to a process pool with
the CPU player that reads it (before, ``pickle.dumps(view)`` raised "cannot pickle
'drawpoker._core.SeatView' object", and a spec failed on its compiled ``Rules``)."""

from __future__ import annotations

import multiprocessing
import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from bot_matches import decide
from drawpoker.engine import GAMES, Action, Hand, HandView, game
from drawpoker.engine.spec import GameSpec


def _views(name: str, seed: int) -> list[HandView]:
    """Every seat's view at every decision of one three-seat hand of ``name`` played by random
    legal actions, and every seat's view of the finished hand."""
    spec = game(name)
    hand = Hand(spec, [spec.default_stack] * 3, seed=seed)
    rng = random.Random(seed)
    views: list[HandView] = []
    while not hand.is_over:
        views.extend(hand.view(seat) for seat in range(3))
        legal = hand.legal_actions()
        assert legal is not None
        kind = rng.choice(legal.kinds)
        if kind == "draw":
            cards = hand.view(hand.actor).cards
            count = min(rng.randint(0, legal.max_discards), len(cards))
            draw = Action("draw", cards=tuple(rng.sample(list(cards), count)))
            hand.act(draw if hand.can_act(draw) else Action("draw"))
        elif legal.min_to is not None and kind in ("bet", "raise", "complete"):
            hand.act(Action(kind, amount=rng.choice([legal.min_to, legal.max_to])))
        else:
            hand.act(Action(kind))
    views.extend(hand.view(seat) for seat in range(3))
    return views


@pytest.mark.parametrize("name", list(GAMES))
def test_every_view_of_a_hand_survives_pickle(name: str) -> None:
    for view in _views(name, seed=11):
        copy = pickle.loads(pickle.dumps(view))
        assert type(copy) is HandView
        assert copy == view
        assert copy._asdict() == view._asdict()
        assert copy.legal == view.legal
        assert copy.game.rules.name == view.game.rules.name


@pytest.mark.parametrize(
    "spec",
    [
        game("five-card-draw", {"joker": True, "ante": 5}),
        game("2-7-triple-draw", {"ante": 5, "small_bet": 20, "big_bet": 40}),
        game("holdem"),
        game("stud-hi-lo"),
    ],
    ids=lambda spec: spec.name,
)
def test_a_spec_survives_pickle_and_plays_the_same_hand(spec: GameSpec) -> None:
    copy = pickle.loads(pickle.dumps(spec))
    assert copy == spec
    assert copy.rules is not spec.rules
    first = Hand(spec, [1000, 1000], seed=5)
    second = Hand(copy, [1000, 1000], seed=5)
    while not first.is_over:
        for hand in (first, second):
            if "draw" in hand.legal_actions().kinds:
                hand.draw()
            else:
                hand.check_or_call()
    assert first.events == second.events
    assert first.stacks == second.stacks


@pytest.mark.slow
def test_a_cpu_player_in_a_fresh_process_decides_as_it_does_here() -> None:
    work = []
    for name in GAMES:
        decisions = [v for v in _views(name, seed=3) if v.legal is not None and v.actor == v.seat]
        work.extend((name, index, view) for index, view in enumerate(decisions[:4]))
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=spawn) as pool:
        futures = [pool.submit(decide, "rules", name, index, view) for name, index, view in work]
        there = [future.result() for future in futures]
    here = [decide("rules", name, index, view) for name, index, view in work]
    assert len(work) >= 2 * len(GAMES)
    assert there == here
