"""What a seat is shown: of a finished showdown (``awards`` in the seat's JSON), each pot's
high (and in hi/lo games low) winners and what each took of it, checked against the engine's
own payouts over many random CPU hands of every betting game (R-A5-4: a pot splits between the
best high and the best eight-or-better low; without a qualifying low the high takes it all);
the bets swept into the pot when a betting round ends; the standings by the chips held now; in
every update, the seat's whole state."""

from __future__ import annotations

import asyncio
import json

import pytest
from drawpoker.bots import bot_kinds, make_bot
from drawpoker.engine import GAMES, Action, game
from drawpoker.site.lobby import parse_new_table
from drawpoker.site.protocol import Act
from drawpoker.site.room import KeptOutbox, Pace, Room
from drawpoker.site.seatview import cards_text, hand_json, seat_state
from drawpoker.site.store import Store
from drawpoker.table import Table

HI_LO = ("omaha-hi-lo", "stud-hi-lo")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_r_a5_4_awards_name_the_seats_the_engine_paid(name: str) -> None:
    """Every showdown's ``awards`` (the felt marks the winners of each pot and half from it)
    name exactly the seats the engine paid, and its pots add up to the chips paid; in a hi/lo
    game both halves are seen."""
    spec = game(name)
    if spec.betting is None:
        pytest.skip("a game without betting pays points, not pots")
    seats = min(spec.seats[1], 4)
    awards = lows = 0
    for seed in range(12 if name not in HI_LO else 40):
        cpu = {s: make_bot("checkcall", s, name) for s in range(seats)}
        table = Table(spec, seats, seed=seed, cpu=cpu)
        table.play_cpu(limit=4000)
        for hand in table.hands:
            data = hand_json(hand.view(0), 0, hand.winners)
            paid = {s for s, chips in enumerate(hand.payouts) if chips}
            if not data["shown"]:
                assert data["awards"] == []
                continue
            awards += 1
            assert sum(pot["amount"] for pot in data["awards"]) == sum(hand.payouts)
            named = {s for pot in data["awards"] for s in pot["high"] + pot["low"]}
            assert named == paid, (seed, data["awards"], hand.payouts)
            # each winner's shares (what the felt says it won from which pot or half) add up
            # to what the engine paid it, and each pot's to the pot
            taken = [0] * seats
            for pot in data["awards"]:
                assert sum(share["amount"] for share in pot["shares"]) == pot["amount"]
                for share in pot["shares"]:
                    taken[share["seat"]] += share["amount"]
                    half = pot["low"] if share["share"] == "low" else pot["high"]
                    assert share["seat"] in half
                    # a pot is halved only in a hi/lo game, and only when a low qualified
                    assert (share["share"] == "whole") == (name not in HI_LO or not pot["low"])
            assert taken == list(hand.payouts)
            for pot in data["awards"]:
                lows += bool(pot["low"])
                for seat in pot["low"]:
                    assert next(x for x in data["shown"] if x["seat"] == seat)["low"]
    assert awards >= 10
    assert (lows > 5) == (name in HI_LO)  # both halves were seen in a hi/lo game


def test_bets_are_swept_into_the_pot_when_the_betting_round_ends() -> None:
    """In the draw after a betting round the seats have no chips in front of them: all of them
    are in the pot (the engine's own ``bets`` keep them until the next bet)."""
    table = Table(game("five-card-draw"), 3, seed=4)
    seat = table.to_act
    assert seat is not None
    table.act(seat, Action.bet(table.view(seat).legal.min_to))  # type: ignore[union-attr]
    for _ in range(2):
        seat = table.to_act
        assert seat is not None
        table.act(seat, Action.call())
    view = table.hand.view(0)
    assert view.phase == "draw" and view.bets == (20, 20, 20)  # the engine's figure
    data = hand_json(view, 0)
    assert data["bets"] == [0, 0, 0]
    assert data["pots"] == [{"amount": 90, "eligible": [0, 1, 2]}] and data["pot"] == 90


def test_the_standings_show_the_chips_held_now() -> None:
    """The standings rank the chips each seat holds at this moment (the Hold'em blinds are out
    of their stacks), the same figure as the seats' ``stacks``."""
    table = Table(game("holdem"), 3, seed=2)
    state = seat_state(table, 0, players=[], status="playing", seq=3, time_left=None)
    scores = {s["seat"]: s["score"] for s in state["standings"]}
    assert [scores[s] for s in range(3)] == state["stacks"] == [10000, 9950, 9900]
    assert [s["place"] for s in state["standings"]] == [1, 2, 3]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_update_carries_the_seats_whole_state(name: str) -> None:
    """An update's state (its shared part encoded once for every seat and language) is the
    seat's whole state as the room makes it for a welcome in its connection's language, after
    every action of a few hands, the previous hand's summary included; and its events are the
    seat's new events."""
    spec = game(name)
    seats = min(spec.seats[1], 4)
    request = parse_new_table({"game": name, "seats": ["person"] * seats, "rounds": 4})
    room = Room.new("t", 0.0, request, Store(":memory:"), Pace(), seed=11)
    outs = [KeptOutbox() for _ in range(seats)]
    tags = ["ar" if seat % 2 else "en" for seat in range(seats)]
    for seat, out in enumerate(outs):
        room.claim(seat, f"P{seat}", f"hash{seat}")
        room.connect(seat, out, None, tags[seat])
    room.start()  # every seat connected: the table plays
    chooser = make_bot("rules" if "rules" in bot_kinds(name) else "checkcall", 0, name)
    seen = list(room.streams.last)
    updates = 0
    while not room.table.is_over:
        seat = room.table.to_act
        assert seat is not None
        action = chooser.choose(room.table.view(seat))
        cards = tuple(cards_text(action.cards))
        room.act(seat, Act(room.streams.last[seat], action.kind, action.amount, cards))
        for other, out in enumerate(outs):
            update = json.loads(out.texts[-1])
            assert update["type"] == "update" and update["seq"] == room.streams.last[other]
            assert [e["seq"] for e in update["events"]] == list(
                range(seen[other] + 1, update["seq"] + 1)
            )
            assert update["state"] == room.state(other, tags[other])
            seen[other] = update["seq"]
            updates += 1
    assert updates > 8 * seats and len(room.table.hands) > 1 and room.state(0)["last"] is not None


def test_a_connection_is_sent_hand_words_and_cpu_names_in_its_language() -> None:
    """An Arabic connection's state says the hands shown (the narration's words) and the CPU
    seats' names in Arabic, the English one's in English; the page gets the betting structure
    and the presets as kinds with numbers to say from its own catalogue."""
    from drawpoker.analysis.evaluation import evaluate
    from drawpoker.narration import cpu_name, hand_words

    request = parse_new_table({"game": "holdem", "seats": ["person", "person", "cpu:rules"]})
    room = Room.new("t", 0.0, request, Store(":memory:"), Pace(), seed=3)
    english, arabic = KeptOutbox(), KeptOutbox()
    room.claim(0, "Ann", "h0")
    room.claim(1, "Bob", "h1")
    room.connect(0, english, None, "en")
    room.connect(1, arabic, None, "ar")
    welcome = json.loads(arabic.texts[0])
    assert welcome["table"]["game"]["structure_kind"] == ["no-limit", {}]
    assert [p["name"] for p in welcome["table"]["players"]] == ["Ann", "Bob", cpu_name(2, "ar")]
    shown_both = False
    chooser = make_bot("checkcall", 0, "holdem")
    while not room.table.is_over and len(room.table.hands) < 30 and not shown_both:
        seat = room.table.to_act
        assert seat is not None
        if seat == 2:
            asyncio.run(room._cpu_turn())
        else:
            legal = room.state(seat)["legal"]
            assert {p["kind"] for p in legal["presets"]} <= {"share", "half_pot", "pot", "times"}
            action = chooser.choose(room.table.view(seat))
            room.act(seat, Act(room.streams.last[seat], action.kind, action.amount, ()))
        state_en = json.loads(english.texts[-1])["state"]
        state_ar = json.loads(arabic.texts[-1])["state"]
        assert [state_en["players"][2]["name"], state_ar["players"][2]["name"]] == [
            "CPU 3",
            "الحاسوب 3",
        ]
        assert {s["name"] for s in state_ar["standings"]} == {"Ann", "Bob", "الحاسوب 3"}
        last_en, last_ar = state_en["last"], state_ar["last"]
        if last_ar is not None and last_ar["shown"]:
            for shown_en, shown_ar in zip(last_en["shown"], last_ar["shown"], strict=True):
                strength = evaluate(" ".join(shown_en["cards"] + last_en["board"]))
                assert shown_ar["text"] == hand_words(strength, "high", "ar") != shown_en["text"]
                assert shown_en["text"] == hand_words(strength, "high", "en")
            shown_both = True
    assert shown_both


@pytest.mark.parametrize(
    ("name", "all_in"), [("holdem", True), ("omaha", False), ("stud", False), ("razz", False)]
)
def test_all_in_is_said_only_when_the_largest_total_is_every_chip(name: str, all_in: bool) -> None:
    """The first decision with a bet or raise to size: in no limit the largest total is every
    chip the seat has (the page may say "All in"); in pot and fixed limit it is the pot or the
    limit, a small part of the seat's chips (the page says "Pot" or the bet's size)."""
    from drawpoker.bots import CheckCallBot
    from drawpoker.site.seatview import legal_json

    table = Table(game(name), 3, seed=1)
    while True:
        seat = table.to_act
        assert seat is not None
        view = table.view(seat)
        assert view.legal is not None
        if {"bet", "raise"} & set(view.legal.kinds) and "bring-in" not in view.legal.kinds:
            break
        table.act(seat, CheckCallBot().choose(view))
    data = legal_json(view, view.legal)
    chips = view.stacks[seat] + view.bets[seat]
    assert data["all_in"] is all_in and (data["max_to"] == chips) is all_in, (data, chips)


def _two_people(name: str) -> tuple[Room, list[KeptOutbox]]:
    """A table of ``name`` for two people (seed 6), each seated and connected in English."""
    request = parse_new_table({"game": name, "seats": ["person"] * 2})
    room = Room.new("t", 0.0, request, Store(":memory:"), Pace(), seed=6)
    outs = [KeptOutbox(), KeptOutbox()]
    for seat, out in enumerate(outs):
        room.claim(seat, f"P{seat}", f"hash{seat}")
        room.connect(seat, out, None, "en")
    return room, outs


def test_only_a_seat_whose_player_turned_tips_on_is_analysed_at_its_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two people at a Five-Card Draw table, tips on for seat 0 only (the page's ``tips``
    message): at each seat's draw seat 0's state carries the tips page's best discard and seat
    1's has none, and the draw analysis never ran on seat 1's cards."""
    from drawpoker.site import seat_help

    analysed: list[str] = []

    def counted(request: dict[str, str]) -> dict[str, object]:
        analysed.append(request["hand"])
        return real(request)

    real = seat_help.analyse
    monkeypatch.setattr(seat_help, "analyse", counted)
    seat_help._tips.clear()
    room, outs = _two_people("five-card-draw")
    room.set_tips(0, True)
    while room.table.hand.view(0).phase != "draw":  # bet and call: checked around, it redeals
        seat = room.table.to_act
        assert seat is not None
        kinds = room.table.view(seat).legal.kinds  # type: ignore[union-attr]
        kind = "bet" if "bet" in kinds else "call"
        amount = room.table.view(seat).legal.min_to if kind == "bet" else 0  # type: ignore[union-attr]
        room.act(seat, Act(room.streams.last[seat], kind, amount))
    tips_seen = []
    for _ in range(2):  # each seat's draw
        seat = room.table.to_act
        assert seat is not None
        states = [json.loads(out.texts[-1])["state"] for out in outs]
        assert states[seat]["legal"] is not None and "draw" in states[seat]["legal"]["kinds"]
        tips_seen.append((seat, states[seat]["tip"] is not None))
        room.act(seat, Act(room.streams.last[seat], "draw", 0, ()))
    assert sorted(tips_seen) == [(0, True), (1, False)]
    own = " ".join(cards_text(room.table.hand.view(0).cards))
    assert analysed and set(analysed) == {own}


def test_turning_tips_on_or_off_updates_that_seat_alone() -> None:
    """A seat's tips toggle costs one seat update: its own connections get their state, and
    the other seats, the watchers and the lobby's listener get nothing."""
    request = parse_new_table({"game": "five-card-draw", "seats": ["person"] * 2})
    room = Room.new("t", 0.0, request, Store(":memory:"), Pace(), seed=6)
    outs = [KeptOutbox() for _ in range(3)]  # seat 0 in two tabs, then seat 1
    for seat in (0, 1):
        room.claim(seat, f"P{seat}", f"hash{seat}")
    for seat, out in zip((0, 0, 1), outs, strict=True):
        room.connect(seat, out, None, "en")
    watcher = KeptOutbox()
    room.watch(watcher, None, "en")
    listened: list[None] = []
    room.listener = lambda: listened.append(None)
    before = [len(out.texts) for out in (*outs, watcher)]
    for on in (True, False, True):
        room.set_tips(0, on)
    sent = [len(out.texts) - n for out, n in zip((*outs, watcher), before, strict=True)]
    assert sent == [3, 3, 0, 0] and listened == []
    assert json.loads(outs[1].texts[-1])["type"] == "update" and room.tips == {0}


def test_a_tip_is_worked_out_in_a_worker_thread_not_on_the_tables_event_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At a 2-7 triple draw table (a deuce-to-seven count of every discard takes a tenth of a
    second or more) a seat with tips on is sent its draw turn at once, its tip ``null``; the
    analysis runs in a worker thread, never on the event loop's, and the seat alone then gets
    its state again with the tip."""
    import threading

    from drawpoker.site import seat_help

    threads: list[threading.Thread] = []

    def recorded(request: dict[str, str]) -> dict[str, object]:
        threads.append(threading.current_thread())
        return real(request)

    real = seat_help.analyse
    monkeypatch.setattr(seat_help, "analyse", recorded)
    seat_help._tips.clear()

    async def play() -> None:
        room, outs = _two_people("2-7-triple-draw")
        room.set_tips(0, True)
        room.set_tips(1, True)
        while True:
            seat = room.table.to_act
            assert seat is not None
            kinds = room.table.view(seat).legal.kinds  # type: ignore[union-attr]
            if "draw" in kinds:
                break
            room.act(seat, Act(room.streams.last[seat], "call" if "call" in kinds else "check"))
        at_draw = json.loads(outs[seat].texts[-1])["state"]
        assert "draw" in at_draw["legal"]["kinds"] and at_draw["tip"] is None
        assert threads == [] and len(room.tips_asked) == 1
        other = len(outs[1 - seat].texts)
        await asyncio.gather(*room.tips_asked.values())
        tip = json.loads(outs[seat].texts[-1])["state"]["tip"]
        assert tip is not None and tip["ranking"] == "deuce-seven" and tip["draws_left"] == 2
        assert len(outs[1 - seat].texts) == other  # the other seat is told nothing
        assert threads and threading.main_thread() not in threads
        assert room.tips_asked == {}

    asyncio.run(play())


def test_cards_text_looks_up_plain_integers_and_refuses_the_rest() -> None:
    """The table lookup takes plain integers only: a bool is refused as not a card (though
    ``True == 1``), a NumPy integer is read, a number past the joker is refused."""
    import numpy as np
    from drawpoker.errors import InvalidCardError

    assert cards_text([51, 52, 0]) == ["As", "Jk", "2c"]
    assert cards_text(np.array([51, 0])) == ["As", "2c"]
    for bad in ([True], [51, 53], [-1], [1.0]):
        with pytest.raises(InvalidCardError):
            cards_text(bad)
