"""The site's WebSocket protocol over Starlette's TestClient (docs/protocol.md): a whole game of
every registered game, each kind of bad message refused with a clear error to its sender only
and nothing changed, the turn timer, leaving and coming back, reconnects from a sequence
number, and a server restarted on the same database."""

from __future__ import annotations

import json
import logging
import random
import sqlite3

import pytest
from drawpoker.engine import GAMES
from drawpoker.site.protocol import MAX_MESSAGE, TOO_SLOW
from drawpoker.site.room import Pace
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect
from web_helpers import (
    Browser,
    new_table,
    play_persons,
    play_turn,
    random_action,
    room_of,
    site,
    take_seat,
)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_over_the_websocket(game: str) -> None:
    rng = random.Random(f"websocket {game}")  # str hashes change per process
    with site() as client:
        table_id = new_table(client, game, ["person", "person", "cpu:rules"], rounds=3)
        people = {}
        for name in ("Ann", "Bob"):
            seat, token = take_seat(client, table_id, name)
            people[seat] = Browser(client, table_id, token)
        for browser in people.values():
            welcome = browser.open()
            assert welcome["table"]["game"]["name"] == game
        final = play_persons(people, rng)
        room = room_of(client, table_id)
        table = room.table
        assert final["is_over"] and table.is_over
        start = table.settings.stack or table.game.default_stack
        if table.betting:
            assert sum(final["table_stacks"]) == start * len(table.names)
        assert final["table_stacks"] == table.stacks
        for seat, browser in people.items():
            kinds = [e["kind"] for e in browser.events]
            assert "award" in kinds
            assert browser.events[-1]["seq"] == browser.state["seq"]  # type: ignore[index]
            # the stream is exactly what the engine lets the seat see, in order
            visible = [
                (i, e.kind, e.seat, e.amount)
                for i, hand in enumerate(table.hands)
                for e in hand.events
                if e.to is None or e.to == seat
            ]
            assert [(e["hand"], e["kind"], e["seat"], e["amount"]) for e in browser.events] == (
                visible
            )
            assert [e["seq"] for e in browser.events] == list(range(1, len(visible) + 1))
        stored = client.app.state.house.store.load()  # type: ignore[attr-defined]
        assert [s.snapshot for s in stored if s.id == table_id] == [table.to_dict()]


def _error_table(client):  # type: ignore[no-untyped-def]
    """Five-Card Draw: a CPU at seat 0, people at seats 1 (to act first) and 2."""
    table_id = new_table(client, "five-card-draw", ["cpu:checkcall", "person", "person"])
    seat1, token1 = take_seat(client, table_id, "Ann")
    seat2, token2 = take_seat(client, table_id, "Bob")
    assert (seat1, seat2) == (1, 2)
    ann, bob = Browser(client, table_id, token1), Browser(client, table_id, token2)
    ann.open()
    bob.open()
    ann.read_until(lambda s: s["status"] == "playing" and s["legal"] is not None)
    bob.read_until(lambda s: s["status"] == "playing")
    return table_id, ann, bob


BAD_MESSAGES = [
    ("{not json", "bad-json"),
    ("[1, 2]", "bad-json"),
    ('{"type": "act", "seq": 0, "kind": "bet", "amount": NaN}', "bad-json"),
    ('{"type": "ping", "type": "ping"}', "bad-json"),
    ("x" * (MAX_MESSAGE + 1), "too-large"),
    (json.dumps({"type": "ping", "pad": "x" * MAX_MESSAGE}), "too-large"),
    ('{"type": "dance"}', "bad-message"),
    ('{"kind": "check"}', "bad-message"),
    ('{"type": "act", "seq": "SEQ", "kind": "check", "extra": 1}', "bad-message"),
    ('{"type": "act", "seq": "SEQ", "kind": "check", "amount": 20}', "bad-message"),
    ('{"type": "act", "seq": "SEQ", "kind": "bet"}', "bad-message"),
    ('{"type": "act", "seq": "SEQ", "kind": "bet", "amount": 20.5}', "bad-message"),
    ('{"type": "act", "seq": "SEQ", "kind": "bet", "amount": true}', "bad-message"),
    ('{"type": "act", "seq": "SEQ", "kind": "bet", "amount": "20"}', "bad-message"),
    ('{"type": "act", "seq": "SEQ", "kind": "bet", "amount": 4611686018427387904}', "bad-message"),
    ('{"type": "act", "seq": "SEQ", "kind": "shove"}', "bad-message"),
    ('{"type": "act", "seq": -1, "kind": "check"}', "bad-message"),
    ('{"type": "hello", "token": "again"}', "bad-message"),
    ('{"type": "act", "seq": "SEQ", "kind": "bet", "amount": 25}', "illegal"),
    ('{"type": "act", "seq": "SEQ", "kind": "bet", "amount": 5000}', "illegal"),
    ('{"type": "act", "seq": "SEQ", "kind": "call"}', "illegal"),
    ('{"type": "act", "seq": "SEQ", "kind": "draw", "cards": []}', "illegal"),
    ('{"type": "act", "seq": 1, "kind": "check"}', "stale"),
]


@pytest.mark.parametrize(("text", "code"), BAD_MESSAGES)
def test_a_bad_message_is_refused_to_its_sender_only_and_changes_nothing(
    text: str, code: str
) -> None:
    with site() as client:
        table_id, ann, bob = _error_table(client)
        room = room_of(client, table_id)
        before = room.table.to_dict()
        ann.send(text.replace('"SEQ"', str(ann.state["seq"])))  # type: ignore[index]
        reply = ann.read()
        assert reply["type"] == "error" and reply["code"] == code, reply
        assert reply["message"]
        assert room.table.to_dict() == before
        # the connection still works, and the other seat heard nothing of it
        ann.act("check")
        assert ann.read()["type"] == "update"
        update = bob.read()
        assert update["type"] == "update" and update["events"][0]["kind"] == "check"


def test_an_out_of_turn_action_is_refused() -> None:
    with site() as client:
        table_id, ann, bob = _error_table(client)
        room = room_of(client, table_id)
        before = room.table.to_dict()
        bob.act("check")
        reply = bob.read()
        assert reply["code"] == "not-your-turn" and "seat 1's turn" in reply["message"]
        assert room.table.to_dict() == before
        ann.act("bet", amount=20)
        assert ann.read()["state"]["bets"][1] == 20
        assert bob.read()["events"][0]["kind"] == "bet"


def test_a_wrong_token_is_refused_and_closed() -> None:
    with site() as client:
        table_id, ann, bob = _error_table(client)
        before = room_of(client, table_id).table.to_dict()
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": "x" * 43}))
            reply = json.loads(ws.receive_text())
            assert reply == {
                "type": "error",
                "code": "bad-token",
                "message": "this is not a seat token of this table",
            }
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4401
        assert room_of(client, table_id).table.to_dict() == before
        ann.act("check")
        assert bob.read()["events"][0]["kind"] == "check"


def test_a_connection_must_say_hello_first_and_a_table_must_exist() -> None:
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:rules"])
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_text(json.dumps({"type": "act", "seq": 0, "kind": "fold"}))
            assert json.loads(ws.receive_text())["code"] == "hello-first"
            ws.send_bytes(b"\x00\x01")
            assert json.loads(ws.receive_text())["code"] == "bad-message"
        with client.websocket_connect("/ws/no-such-table") as ws:
            assert json.loads(ws.receive_text())["code"] == "no-table"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4404


def test_a_draw_of_cards_the_seat_does_not_hold_is_refused() -> None:
    with site() as client:
        table_id, ann, bob = _error_table(client)
        ann.act("bet", amount=20)
        ann.read()
        bob.read_until(lambda s: s["legal"] is not None)
        bob.act("call")
        ann.read_until(lambda s: s["legal"] is not None and "draw" in s["legal"]["kinds"])
        room = room_of(client, table_id)
        before = room.table.to_dict()
        theirs = room.table.hand.cards[2][0]
        from drawpoker.cards import format_cards

        for cards, code in (
            ([format_cards([theirs])], "bad-card"),
            (["Zz"], "bad-card"),
            ([ann.state["cards"][0]] * 2, "bad-card"),  # type: ignore[index]
            (ann.state["cards"][:4], "illegal"),  # type: ignore[index]
        ):
            sizes = [bin(m).count("1") for m in ann.state["legal"]["draws"]]  # type: ignore[index]
            if code == "illegal" and 4 in sizes:
                continue  # the seat holds an ace: four cards are a legal draw
            ann.act("draw", cards=cards)
            reply = ann.read()
            assert reply["code"] == code, (cards, reply)
            assert room.table.to_dict() == before
        legal = ann.state["legal"]  # type: ignore[index]
        assert legal["draws"] == sorted(legal["draws"]) and 0 in legal["draws"]
        ann.act("draw", cards=ann.state["cards"][:2])  # type: ignore[index]
        update = ann.read()
        assert [e["kind"] for e in update["events"]] == ["discard", "receive", "draw"]
        bob.read_until(lambda s: s["drawn"][1] == 2)
        told = {"seq": bob.events[-1]["seq"], "sentence": "Ann draws 2 cards"}  # her name
        assert update["events"][2]["sentence"] == "You draw 2 cards"
        assert bob.events[-1] == {**update["events"][2], **told}
        assert not {"discard", "receive"} & {e["kind"] for e in bob.events if e["seat"] == 1}


def test_defect_a_card_named_twice_in_a_draw_is_refused_as_named_twice() -> None:
    """Issue 25, item 18: a discard named twice said "9s is not one of your cards"."""
    with site() as client:
        table_id, ann, bob = _error_table(client)
        ann.act("bet", amount=20)
        ann.read()
        bob.read_until(lambda s: s["legal"] is not None)
        bob.act("call")
        state = ann.read_until(lambda s: s["legal"] is not None and "draw" in s["legal"]["kinds"])
        before = room_of(client, table_id).table.to_dict()
        card = state["cards"][0]
        ann.act("draw", cards=[card, card])
        reply = ann.read()
        assert reply["code"] == "bad-card", reply
        assert reply["message"] == f"{card} is named twice in the discards"
        assert room_of(client, table_id).table.to_dict() == before


def test_defect_a_lone_surrogate_in_a_hello_token_gets_a_clear_error() -> None:
    """Issue 25, item 15: a hello whose token holds a lone surrogate crashed the handler (a
    traceback, no close code); it is refused like any bad message, and the connection can
    still say hello."""
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:checkcall"])
        _, token = take_seat(client, table_id, "Ann")
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_text('{"type": "hello", "token": "\\ud800"}')
            reply = json.loads(ws.receive_text())
            assert reply["type"] == "error" and reply["code"] == "bad-json", reply
            assert "lone surrogate" in reply["message"]
            ws.send_text(json.dumps({"type": "hello", "token": token}))
            assert json.loads(ws.receive_text())["type"] == "welcome"


def test_defect_a_websocket_from_a_foreign_origin_is_refused() -> None:
    """Issue 25, item 16: the handshake's Origin is checked (a page of another site could
    otherwise play a seat whose token it got); the site's own origin is allowed."""
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:checkcall"])
        _, token = take_seat(client, table_id, "Ann")
        with (
            pytest.raises(WebSocketDenialResponse) as denied,
            client.websocket_connect(f"/ws/{table_id}", headers={"origin": "http://evil.example"}),
        ):
            pass
        assert denied.value.status_code == 403
        assert denied.value.json()["error"] == "bad-origin"
        assert "http://evil.example" in denied.value.json()["message"]
        own = {"origin": "http://127.0.0.1:8000"}
        with client.websocket_connect(f"/ws/{table_id}", headers=own) as ws:
            ws.send_text(json.dumps({"type": "hello", "token": token}))
            assert json.loads(ws.receive_text())["type"] == "welcome"


def test_defect_a_missing_seat_row_sets_the_table_aside(tmp_path, caplog) -> None:  # type: ignore[no-untyped-def]
    """Issue 25, item 17: with seat 0's row gone, seat 1's token was welcomed as seat 0 and
    saw seat 0's cards. A table whose rows disagree is logged by its id and not served; the
    other tables of the file are."""
    db = str(tmp_path / "site.db")
    with site(db, Pace(grace=3600)) as client:
        broken = new_table(client, "holdem", ["person", "person"])
        tokens = [take_seat(client, broken, name)[1] for name in ("Ann", "Bob")]
        kept = new_table(client, "holdem", ["person", "cpu:checkcall"])
        _, kept_token = take_seat(client, kept, "Cy")
    with sqlite3.connect(db) as file:
        file.execute("DELETE FROM seats WHERE table_id = ? AND seat = 0", (broken,))
    with caplog.at_level(logging.ERROR, logger="drawpoker.site"), site(db) as client:
        assert client.get(f"/api/tables/{broken}").status_code == 404
        with client.websocket_connect(f"/ws/{broken}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": tokens[1]}))
            assert json.loads(ws.receive_text())["code"] == "no-table"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4404
        assert client.get(f"/api/tables/{kept}").status_code == 200
        assert Browser(client, kept, kept_token).open()["seat"] == 0
    assert any(broken in record.getMessage() for record in caplog.records)
    assert any("seat rows [1]" in record.getMessage() for record in caplog.records)


def test_the_draw_sets_follow_the_draw_limit() -> None:
    with site() as client:
        table_id = new_table(
            client, "five-card-draw", ["cpu:checkcall", "person"], settings={"draw_limit": "3"}
        )
        _, token = take_seat(client, table_id, "Ann")
        ann = Browser(client, table_id, token)
        ann.open()
        ann.read_until(lambda s: s["legal"] is not None)
        ann.act("bet", amount=20)
        state = ann.read_until(lambda s: s["legal"] is not None and "draw" in s["legal"]["kinds"])
        draws = state["legal"]["draws"]
        assert len(draws) == 1 + 5 + 10 + 10  # no card, one, two or three of five
        assert max(bin(m).count("1") for m in draws) == 3
        assert state["legal"]["draw_rule"] == "up to 3 cards"


def test_the_turn_timer_acts_for_a_seat_whose_time_ran_out() -> None:
    with site() as client:
        table_id = new_table(client, "five-card-draw", ["cpu:checkcall", "person"], turn_timer=30)
        _, token = take_seat(client, table_id, "Ann")
        ann = Browser(client, table_id, token)
        welcome = ann.open()
        assert welcome["table"]["turn_timer"] == 30
        state = ann.read_until(lambda s: s["legal"] is not None)
        assert state["time_left"] is not None and 0 <= state["time_left"] <= 30
        # nobody acts and the table's clock passes 30 s: the table checks for seat 1 (R-TABLE-1)
        room = room_of(client, table_id)
        room.table.turn_started -= 30
        client.portal.call(room.wake.set)  # type: ignore[union-attr]
        update = ann.read()
        assert update["events"][0]["kind"] == "check" and update["events"][0]["seat"] == 1
        assert update["events"][0]["timer"] is True  # the page says the timer acted for Ann
        assert not any(e.get("timer") for e in welcome["events"])
        # a reconnect's replay still says it
        again = Browser(client, table_id, token).open(since=welcome["seq"])
        timed = [e for e in again["events"] if e["kind"] == "check" and e["seat"] == 1]
        assert timed and timed[0]["timer"] is True
        # an action chosen before the timer acted is stale now
        ann.send({"type": "act", "seq": state["seq"], "kind": "bet", "amount": 20})
        while (reply := ann.read())["type"] != "error":
            pass
        assert reply["code"] in ("stale", "not-your-turn")


def test_r_he_7_a_table_whose_blinds_end_every_hand_plays_out_as_it_starts() -> None:
    """Every seat all-in on its blind: each hand ends at its deal and nobody is asked to act.
    The table plays its hands out at once and is over; it never waits for an actor that does
    not exist (the leak test's Hold'em table hung so, 199 hands in, on a short stack)."""
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "person"], stack=40)
        ann, bob = (
            Browser(client, table_id, take_seat(client, table_id, name)[1])
            for name in ("Ann", "Bob")
        )
        ann.open()
        bob.open()  # the last person connects: the table starts
        room = room_of(client, table_id)
        assert room.status == "over" and room.table.is_over
        final = bob.read_until(lambda s: s["status"] == "over")
        assert final["legal"] is None and final["actor"] is None
        assert sum(final["table_stacks"]) == 80


def test_a_player_who_leaves_is_played_by_a_cpu_until_they_return() -> None:
    with site(pace=Pace(grace=0)) as client:
        table_id = new_table(client, "holdem", ["person", "cpu:checkcall"], rounds=50)
        _, token = take_seat(client, table_id, "Ann")
        ann = Browser(client, table_id, token)
        ann.open()
        state = ann.read_until(lambda s: s["legal"] is not None)
        seq = state["seq"]
        ann.send({"type": "away"})
        # a CPU stand-in plays Ann's turn (R-TABLE-2)
        ann.read_until(lambda s: s["actions"] > state["actions"])
        assert next(e for e in ann.events if e["seq"] > seq)["seat"] == 0
        ann.send({"type": "back"})
        ann.read_until(lambda s: not s["players"][0]["away"])
        ann.read_until(lambda s: s["legal"] is not None or s["status"] == "over")
        room = room_of(client, table_id)
        assert 0 not in room.table.away  # the table waits for Ann: safe to read
        # closing the page is leaving: the stand-in plays; the token brings the seat back
        seq = ann.events[-1]["seq"]
        ann.close()
        welcome = ann.open(since=seq)
        assert [e["seq"] for e in welcome["events"]] == list(range(seq + 1, welcome["seq"] + 1))
        if welcome["state"]["status"] != "over":
            assert any(e["seat"] == 0 and not e["private"] for e in welcome["events"])
            ann.read_until(lambda s: not s["players"][0]["away"])
            ann.read_until(lambda s: s["legal"] is not None or s["status"] == "over")
            assert 0 not in room.table.away


def test_a_reconnect_gets_the_whole_state_and_the_events_after_its_last() -> None:
    with site(pace=Pace(grace=3600)) as client:
        table_id = new_table(client, "five-card-draw", ["cpu:rules", "person", "person"])
        _, token_a = take_seat(client, table_id, "Ann")
        _, token_b = take_seat(client, table_id, "Bob")
        ann, bob = Browser(client, table_id, token_a), Browser(client, table_id, token_b)
        ann.open()
        bob.open()
        people = {1: ann, 2: bob}
        rng = random.Random(5)
        watcher = ann
        for _ in range(6):
            watcher = play_turn(people, watcher, rng) or watcher
        bob.read_until(lambda s: s["actions"] >= watcher.state["actions"])  # type: ignore[index]
        seq = bob.events[-1]["seq"]
        bob.close()
        ann.read_until(lambda s: s["actions"] >= watcher.state["actions"])  # type: ignore[index]
        for _ in range(3):
            state = ann.read_until(lambda s: s["actor"] != 1 or s["legal"] is not None)
            if state["actor"] != 1:
                break  # Bob's turn: the table waits for him
            ann.act("fold" if "fold" in state["legal"]["kinds"] else "check")
            ann.read_until(lambda s, a=state["actions"]: s["actions"] > a)
        # the table waits for a person now: safe to read
        ann.read_until(lambda s: s["actor"] in people or s["status"] == "over")
        room = room_of(client, table_id)
        assert 2 not in room.table.away  # within the grace period the seat stays Bob's
        again = Browser(client, table_id, token_b)
        welcome = again.open(since=seq)
        assert [e["seq"] for e in welcome["events"]] == list(range(seq + 1, welcome["seq"] + 1))
        assert welcome["seq"] == room.streams.last[2]
        assert welcome["state"] == room.state(2)
        fresh = Browser(client, table_id, token_b).open()
        current = len(room.table.hands) - 1
        assert {e["hand"] for e in fresh["events"]} == {current}


def test_the_server_resumes_its_tables_from_the_database(tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = str(tmp_path / "site.db")
    with site(db, Pace(grace=3600)) as client:
        table_id = new_table(client, "five-card-draw", ["cpu:rules", "person"], rounds=4)
        _, token = take_seat(client, table_id, "Ann")
        ann = Browser(client, table_id, token)
        ann.open()
        rng = random.Random(2)
        for _ in range(8):
            state = ann.read_until(lambda s: s["legal"] is not None or s["status"] == "over")
            if state["status"] == "over":
                break
            ann.act(**random_action(state, rng))
            ann.read()
        # the table waits for Ann (or is over): nothing moves while it is read
        ann.read_until(lambda s: s["legal"] is not None or s["status"] == "over")
        before = room_of(client, table_id).table.to_dict()
        seq = ann.events[-1]["seq"]
        ann.close()
    with site(db, Pace(grace=3600)) as client:
        room = room_of(client, table_id)
        after = room.table.to_dict()
        # every hand, action, chip and card as it was; the CPU players' random generators
        # are saved with each hand that ends, so they may differ
        assert {k: v for k, v in after.items() if k != "cpu"} == {
            k: v for k, v in before.items() if k != "cpu"
        }
        assert [(s, p["kind"]) for s, p in after["cpu"]] == [(0, "rules")]
        welcome = Browser(client, table_id, token).open(since=seq)
        assert welcome["seq"] >= seq
        assert client.get(f"/api/tables/{table_id}").json()["players"][1]["name"] == "Ann"


def test_r_stud_2_bring_in_and_completion_over_the_websocket() -> None:
    """The seat with the lowest up card is offered the bring-in (not a check); it posts it, the
    next seat completes to the small bet (a raise to it): both seats see both, with the
    amounts."""
    with site() as client:
        table_id = new_table(client, "stud", ["person", "person"])
        people = {}
        for name in ("Ann", "Bob"):
            seat, token = take_seat(client, table_id, name)
            people[seat] = Browser(client, table_id, token)
        for browser in people.values():
            browser.open()
        first = people[0].read_until(lambda s: s["actor"] is not None)["actor"]
        low = people[first]
        state = low.read_until(lambda s: s["legal"] is not None)
        assert "bring-in" in state["legal"]["kinds"] and "check" not in state["legal"]["kinds"]
        assert state["legal"]["call"] == 50  # StudSettings.bring_in
        assert all(len(state["up"][s]) == 1 for s in (0, 1))  # one up card each
        low.act("bring-in")
        other = people[1 - first]
        state = other.read_until(lambda s: s["legal"] is not None and s["actor"] == 1 - first)
        assert state["bets"][first] == 50
        assert (state["legal"]["min_to"], state["legal"]["max_to"]) == (200, 200)  # completion
        assert "raise" in state["legal"]["kinds"]
        other.act("raise", amount=200)
        for browser in people.values():
            browser.read_until(lambda s: s["bets"][1 - first] == 200)
            kinds = [(e["kind"], e["seat"], e["amount"]) for e in browser.events]
            assert ("bring-in", first, 50) in kinds and ("raise", 1 - first, 200) in kinds
            assert not browser.errors


def test_a_connection_whose_queue_is_full_is_still_closed_as_too_slow() -> None:
    """A browser OUTBOX_SIZE messages behind is refused further messages and closed (1013),
    even though its queue is full (the close once could not be queued, which left the seat's
    player waiting on a connection that never got another state); the page then reconnects
    from its last event."""
    import asyncio

    from drawpoker.site.app import OUTBOX_SIZE, SocketOutbox
    from drawpoker.site.protocol import TOO_SLOW

    class Stuck:
        """A WebSocket whose reader does not read until ``reading`` is set."""

        def __init__(self) -> None:
            self.reading = asyncio.Event()
            self.sent: list[str] = []
            self.closed: tuple[int, str] | None = None

        async def send_text(self, text: str) -> None:
            await self.reading.wait()
            self.sent.append(text)

        async def close(self, code: int, reason: str) -> None:
            self.closed = (code, reason)

    async def scenario() -> Stuck:
        socket = Stuck()
        outbox = SocketOutbox(socket)  # type: ignore[arg-type]
        accepted = 0
        while outbox.send(f"m{accepted}"):
            accepted += 1
            await asyncio.sleep(0)
        assert accepted == OUTBOX_SIZE + 1  # the one being sent, and a full queue
        outbox.close(TOO_SLOW, "too slow")
        socket.reading.set()
        await asyncio.wait_for(outbox.task, 5)
        return socket

    socket = asyncio.run(scenario())
    assert socket.closed == (TOO_SLOW, "too slow")
    assert (
        socket.sent[0] == "m0" and len(socket.sent) == OUTBOX_SIZE
    )  # the oldest queued one dropped


def test_the_browser_helper_resumes_after_a_too_slow_close() -> None:
    """The tests' browser, like the page, reopens a connection closed as too slow from its
    last event and misses nothing of its stream."""
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:checkcall"], rounds=3)
        _, token = take_seat(client, table_id, "Ann")
        ann = Browser(client, table_id, token)
        ann.open()
        ann.read_until(lambda s: s["legal"] is not None)
        room = room_of(client, table_id)
        for out in list(room.connections[0]):  # the server finds the connection too slow
            room.connections[0].discard(out)
            out.close(TOO_SLOW, "too slow")
        ann.read()  # the close, then the welcome of the new connection
        assert ann.slow_closes == 1
        final = play_persons({0: ann}, random.Random(2))
        seqs = [e["seq"] for e in ann.events]
        assert seqs == list(range(1, len(seqs) + 1)) and final["seq"] == seqs[-1]


def test_the_table_holds_a_finished_hand_until_every_present_person_asks_next() -> None:
    """After a hand ends the table pauses (its result on every page): an action is refused
    with ``pause`` and changes nothing, the turn timer stands still, one person's ``next``
    does not end the pause while another present person has not asked, and the second one's
    does (the pause's seconds are far longer than the test: only ``next`` can end it)."""
    pace = Pace(grace=3600, pause=3600, showdown=3600)
    with site(pace=pace) as client:
        table_id = new_table(client, "holdem", ["person", "person"], turn_timer=30)
        people = {}
        for name in ("Ann", "Bob"):
            seat, token = take_seat(client, table_id, name)
            people[seat] = Browser(client, table_id, token)
        for browser in people.values():
            browser.open()
        first = people[0].read_until(lambda s: s["status"] == "playing" and s["actor"] is not None)
        actor = first["actor"]
        people[actor].read_until(lambda s: s["legal"] is not None)
        people[actor].act("fold")  # the hand ends without a showdown: the table pauses
        paused = people[0].read_until(lambda s: s["hand"] == 1)
        assert paused["pause"] is not None and paused["pause"] > 3000
        assert paused["last"]["won"] and paused["last"]["shown"] == []
        # the standings agree with the chips the felt shows: the finished hand's, then the
        # new hand's once its blinds are in
        scores = {x["seat"]: x["score"] for x in paused["standings"]}
        assert [scores[s] for s in (0, 1)] == paused["last"]["stacks"] != paused["stacks"]
        room = room_of(client, table_id)
        actions = room.actions
        mover = people[paused["actor"]]
        state = mover.read_until(lambda s: s["hand"] == 1 and s["legal"] is not None)
        assert state["time_left"] is not None and state["time_left"] > 29.9  # the timer waits
        mover.act("fold" if "fold" in state["legal"]["kinds"] else "check")
        refused = mover.read()
        assert refused["type"] == "error" and refused["code"] == "pause"
        assert room.actions == actions and room.pause_until is not None
        people[0].send({"type": "next"})
        assert people[1].read_until(lambda s: s["ready"] == [0])["pause"] is not None
        people[1].send({"type": "next"})
        resumed = people[0].read_until(lambda s: s["pause"] is None)
        assert resumed["hand"] == 1 and resumed["ready"] == []
        scores = {x["seat"]: x["score"] for x in resumed["standings"]}
        assert [scores[s] for s in (0, 1)] == resumed["stacks"]
        mover.errors.clear()
        state = mover.read_until(lambda s: s["pause"] is None and s["legal"] is not None)
        mover.act("fold" if "fold" in state["legal"]["kinds"] else "check")
        mover.read_until(lambda s: s["actions"] > state["actions"])
        assert mover.errors == [] and room.actions == actions + 1


def test_play_again_seats_the_same_group_at_a_new_table_of_the_same_request() -> None:
    """Once the game is over, each person's "Play again" gives them their own seat, under
    their name, at one new table of the same game, settings and seats; before the end, or
    without the seat's token, it is refused."""
    rng = random.Random("play again")
    with site() as client:
        table_id = new_table(
            client, "five-card-draw", ["person", "cpu:rules", "person"], rounds=1, turn_timer=60
        )
        people, tokens = {}, {}
        for name in ("Ann", "Bob"):
            seat, token = take_seat(client, table_id, name)
            people[seat], tokens[seat] = Browser(client, table_id, token), token
        for browser in people.values():
            browser.open()
        again = f"/api/tables/{table_id}/again"
        early = client.post(again, headers={"x-seat-token": tokens[0]})
        assert early.status_code == 409 and "not over" in early.json()["message"]
        play_persons(people, rng)
        assert client.post(again, headers={"x-seat-token": "nope"}).status_code == 403
        ann = client.post(again, headers={"x-seat-token": tokens[0]})
        assert ann.status_code == 201, ann.text
        new_id = ann.json()["id"]
        assert ann.json()["seat"] == 0 and new_id != table_id
        assert people[2].read_until(lambda s: s["next_table"] is not None)["next_table"] == new_id
        forged = {"x-seat-token": tokens[2], "host": "forged.example"}
        bob = client.post(again, headers=forged)
        assert bob.status_code == 201 and bob.json()["id"] == new_id and bob.json()["seat"] == 2
        public_url = client.app.state.public_url  # type: ignore[attr-defined]
        assert bob.json()["url"] == f"{public_url}/table/{new_id}"  # not from the Host header
        twice = client.post(again, headers={"x-seat-token": tokens[2]})
        assert twice.status_code == 409
        old, new = client.get(f"/api/tables/{table_id}").json(), client.get(f"/api/tables/{new_id}")
        new_facts = new.json()
        assert [p["name"] for p in new_facts["players"]] == [p["name"] for p in old["players"]]
        assert [p["cpu"] for p in new_facts["players"]] == [p["cpu"] for p in old["players"]]
        for key in ("game", "rounds", "turn_timer", "stack"):
            assert new_facts[key] == old[key], key
        assert new_facts["status"] == "waiting" and new_facts["open_seats"] == []
        for seat, data in ((0, ann.json()), (2, bob.json())):
            welcome = Browser(client, new_id, data["token"]).open()
            assert welcome["seat"] == seat
