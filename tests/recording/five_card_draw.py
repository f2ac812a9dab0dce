"""A recording of the Five-Card Draw table engine's behaviour, made before the engine became a
game-as-data spec on a Rust core, and checked against it since (tests/test_recording.py).

Each case is one hand: settings, stacks, button, seed, and the card order of every shuffle the
hand made (the deal, each reshuffle, each redeal). Replaying a case plays the hand with those
shuffles, random legal actions (from a seeded generator) and, at every step, a set of attempted
actions (legal and illegal); everything observable goes into one digest per hand: every seat's
view, the legal actions, the answer to every attempt (``why_illegal``), every event, a snapshot
restored mid-hand and played on, a replay from the actions, the final chips. Refusal messages are
kept as text beside the digest, so intended wording changes can be checked one by one.

Run ``python tests/recording/five_card_draw.py OUT.json.gz`` to record with the installed engine.

The file in tests/data was recorded on main at 031964e with one rule changed there too, as it
was changed in the new engine afterwards (the recording made before it, in git history at
451d8de, matched the new engine before the change): a bet or raise is offered only when another
live seat could put in more than the current bet (without one, a raise could only come back as
an uncalled bet). In ``Hand._find_legal_actions`` of python/drawpoker/games/hand.py,
``opens = self._able > 1 and (...)`` became ``opens = could_call_more and (...)`` with::

    could_call_more = any(
        s != seat and live[s] and stacks[s] > 0 and bets[s] + stacks[s] > current
        for s in range(self.seats)
    )
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from collections.abc import Callable
from typing import Any, Protocol

CASES = 1500
BOT_CASES = 240
SETTINGS_NAMES = ("mode", "ante", "draw_limit", "opening", "second_round", "joker")


class Engine(Protocol):
    """What a recording needs of an engine: a hand for a case, its replay, bots by name."""

    def new_hand(self, case: dict[str, Any]) -> Any: ...

    def replay(self, case: dict[str, Any], actions: list[Any]) -> Any: ...

    def from_dict(self, data: dict[str, Any]) -> Any: ...

    def action(self, kind: str, amount: int = 0, cards: tuple[int, ...] = ()) -> Any: ...

    def bot_choice(self, bot: Any, hand: Any) -> Any: ...

    def act_restored(self, hand: Any, action: Any) -> None: ...

    def make_bot(self, kind: str, seed: int) -> Any: ...


def make_cases(seed: int = 2026) -> list[dict[str, Any]]:
    """The random cases: every setting, 2-6 seats, short stacks (all-ins, side pots)."""
    rng = random.Random(seed)
    cases = []
    for number in range(CASES + BOT_CASES):
        mode = "no-bet" if rng.random() < 0.15 else "betting"
        settings = {
            "mode": mode,
            "ante": rng.choice([1, 5, 10, 25]),
            "draw_limit": rng.choice(["3", "3-or-4-with-ace", "5"]),
            "opening": rng.choice(["none", "jacks"]),
            "second_round": rng.choice(["opener", "left-of-dealer"]),
            "joker": rng.random() < 0.3,
        }
        seats = rng.randint(2, 6)
        high = rng.choice([60, 300, 2000])
        stacks = [rng.randint(0, high) for _ in range(seats)]
        if mode == "betting":
            stacks[0] = stacks[0] or 1
            stacks[1] = stacks[1] or 1
        button = rng.randrange(seats)
        if mode == "betting" and stacks[button] == 0:
            button = 0
        case: dict[str, Any] = {
            "settings": settings,
            "stacks": stacks,
            "button": button,
            "seed": rng.randrange(2**32),
            "rng": rng.randrange(2**32),
        }
        if number >= CASES:
            kinds = ["checkcall", "rules", "rules", "strong"]
            case["bots"] = [rng.choice(kinds) for _ in range(seats)]
        cases.append(case)
    return cases


def legal_fields(legal: Any) -> list[Any] | None:
    if legal is None:
        return None
    return [
        legal.seat,
        list(legal.kinds),
        legal.call,
        legal.min_to,
        legal.max_to,
        legal.step,
        legal.max_discards,
    ]


def observe(hand: Any) -> list[Any]:
    """Every seat's view and the hand's public state."""
    views = []
    for seat in range(hand.seats):
        v = hand.view(seat)
        views.append(
            [
                v.seat,
                v.seats,
                v.button,
                v.street,
                v.phase,
                v.actor,
                list(v.cards),
                list(v.card_counts),
                list(v.stacks),
                list(v.bets),
                list(v.committed),
                list(v.live),
                v.current_bet,
                list(v.drawn),
                sorted([s, list(c)] for s, c in v.revealed.items()),
                legal_fields(v.legal),
                v.pot,
            ]
        )
    legal = None if hand.actor is None else legal_fields(hand.legal_actions())
    return [views, legal, hand.phase, hand.actor, hand.pot, hand.is_over]


def event_list(hand: Any) -> list[Any]:
    """The hand's events as the recording holds them: the engine then paid each seat's chips
    won as one ``win`` event, in seat order, where it now reports each pot's ``award``s (the
    last events of a hand): the awards are written as those totals."""
    events = [[e.kind, e.seat, e.to, e.amount, list(e.cards)] for e in hand.events]
    awarded = [e for e in events if e[0] == "award"]
    if awarded:
        assert events[-len(awarded) :] == awarded
        won = [[["win", s, None, c, []] for s, c in enumerate(hand.payouts) if c]]
        events = events[: -len(awarded)] + won[0]
    return events


def attempts(engine: Engine, hand: Any, rng: random.Random) -> list[Any]:
    """Actions to ask ``why_illegal`` about now: illegal ones and legal alternatives."""
    seat = hand.actor
    legal = hand.legal_actions()
    own = list(hand.view(seat).cards)
    others = [c for s in range(hand.seats) if s != seat for c in hand.view(s).cards]
    act = engine.action
    if legal.kinds == ("draw",):
        tries = [act("check"), act("bet", 20), act("fold"), act("draw", 0, tuple(own[:1] * 2))]
        if others:
            tries.append(act("draw", 0, (rng.choice(others),)))
        tries.append(act("draw", 0, (99,)))
        for size in range(len(own) + 1):
            tries.append(act("draw", 0, tuple(rng.sample(own, size))))
        return tries
    tries = [act("draw"), act("shove"), act("raise", -5), act("bet", legal.max_to + 1)]
    tries += [act("fold"), act("check"), act("call"), act("bet", 20), act("raise", 40)]
    for kind in ("bet", "raise"):
        for to in (legal.min_to, legal.min_to - 1, legal.min_to + 1, legal.max_to):
            tries.append(act(kind, to))
        if legal.step:
            tries.append(act(kind, legal.min_to + legal.step))
    return tries


def random_action(engine: Engine, hand: Any, rng: random.Random) -> Any:
    """A uniformly chosen legal kind with a random legal amount or discard set."""
    legal = hand.legal_actions()
    if legal.kinds == ("draw",):
        cards = list(hand.view(legal.seat).cards)
        for _ in range(4):
            action = engine.action("draw", 0, tuple(rng.sample(cards, rng.randint(0, 5))))
            if hand.why_illegal(action) is None:
                return action
        return engine.action("draw")
    kind = rng.choice(legal.kinds)
    if kind in ("bet", "raise"):
        steps = (legal.max_to - legal.min_to) // legal.step
        to = legal.min_to + legal.step * rng.randint(0, steps)
        return engine.action(kind, rng.choice([to, legal.max_to, legal.min_to]))
    return engine.action(kind)


def play_case(engine: Engine, case: dict[str, Any]) -> dict[str, Any]:
    """Plays one case; returns its digest, its refusal messages and its actions."""
    rng = random.Random(case["rng"])
    hand = engine.new_hand(case)
    bots = None
    if "bots" in case:
        bots = [engine.make_bot(k, case["seed"] + s) for s, k in enumerate(case["bots"])]
    stream: list[Any] = []
    messages: list[str | None] = []
    tried: list[Any] = []
    actions: list[Any] = []
    snapshot_at = rng.randrange(10)
    restored = None
    step = 0
    while not hand.is_over:
        stream.append(observe(hand))
        if step == snapshot_at:
            restored = engine.from_dict(json.loads(json.dumps(hand.to_dict())))
            stream.append(observe(restored))
        for attempt in attempts(engine, hand, rng):
            tried.append(attempt)
            messages.append(hand.why_illegal(attempt))
        if bots is not None:
            action = engine.bot_choice(bots[hand.actor], hand)
        else:
            action = random_action(engine, hand, rng)
        actions.append(action)
        stream.append([action.kind, action.amount, list(action.cards)])
        hand.act(action)
        if restored is not None:
            engine.act_restored(restored, action)
        step += 1
    stream.append(observe(hand))
    stream.append(event_list(hand))
    stream.append([list(hand.stacks), list(hand.payouts), sorted(hand.winners)])
    if restored is not None:
        stream.append(event_list(restored) == event_list(hand))
        stream.append(observe(restored))
    again = engine.replay(case, actions)
    stream.append(event_list(again) == event_list(hand))
    stream.append(list(again.stacks))
    digest = hashlib.sha256(json.dumps(stream, separators=(",", ":")).encode()).hexdigest()
    return {"digest": digest, "messages": messages, "steps": len(actions), "tried": tried}


class OldEngine:
    """The engine as it was (main at 031964e): a Variant subclass on the Python state machine."""

    def __init__(self) -> None:
        import drawpoker.games.hand as hand_module
        from drawpoker import bots
        from drawpoker.games import Action, DrawSettings, FiveCardDraw, Hand

        self.Action, self.DrawSettings, self.FiveCardDraw, self.Hand = (
            Action,
            DrawSettings,
            FiveCardDraw,
            Hand,
        )
        self.bots = bots
        self.shuffles: list[list[int]] | None = None
        original: Callable[..., list[int]] = hand_module.shuffled

        def logged(cards: Any, seed: int, key: tuple[int, ...]) -> list[int]:
            order = original(cards, seed, key)
            if self.shuffles is not None:
                self.shuffles.append(list(order))
            return order

        hand_module.shuffled = logged  # type: ignore[assignment]

    def variant(self, case: dict[str, Any]) -> Any:
        return self.FiveCardDraw(self.DrawSettings(**case["settings"]))

    def new_hand(self, case: dict[str, Any]) -> Any:
        self.shuffles = case["shuffles"] = []
        return self.Hand(self.variant(case), case["stacks"], case["button"], case["seed"])

    def replay(self, case: dict[str, Any], actions: list[Any]) -> Any:
        self.shuffles = None
        v = self.variant(case)
        return self.Hand.replay(v, case["stacks"], case["button"], case["seed"], actions)

    def from_dict(self, data: dict[str, Any]) -> Any:
        shuffles, self.shuffles = self.shuffles, None
        hand = self.Hand.from_dict(data)
        self.shuffles = shuffles
        return hand

    def act_restored(self, hand: Any, action: Any) -> None:
        shuffles, self.shuffles = self.shuffles, None
        hand.act(action)
        self.shuffles = shuffles

    def action(self, kind: str, amount: int = 0, cards: tuple[int, ...] = ()) -> Any:
        return self.Action(kind, amount, cards)

    def make_bot(self, kind: str, seed: int) -> Any:
        return self.bots.make_bot(kind, seed)

    def bot_choice(self, bot: Any, hand: Any) -> Any:
        return bot.choose(hand)


def record(path: str) -> None:
    engine = OldEngine()
    cases = make_cases()
    for case in cases:
        result = play_case(engine, case)
        del result["tried"]
        case["shuffles"] = case.pop("shuffles")
        case.update(result)
    with gzip.open(path, "wt") as out:
        json.dump({"cases": cases}, out, separators=(",", ":"))


if __name__ == "__main__":
    record(sys.argv[1])
