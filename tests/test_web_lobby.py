"""Issue 28 on the site: the lobby's list of tables (pages, pushed to lobby pages, private
tables left out, a cap on lobby pages), "Play now", the creator seated at once, watchers (the
public state only, the count shown to the players, nothing but ping, the caps), and nicknames
refused naming them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from drawpoker.site.guard import SiteLimits
from drawpoker.site.room import KeptOutbox, Pace
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import SCRIPTED, Browser, new_table, refused_handshake, room_of, site, take_seat


def _read(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def _listed(client: TestClient, query: str = "") -> dict[str, Any]:
    response = client.get(f"/api/tables{query}")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


# ---------------------------------------------------------------------- the list of tables


def test_a_public_table_is_listed_in_words_and_a_private_one_is_not() -> None:
    with site() as client:
        public = new_table(client, "stud", ["person", "person", "cpu:rules"])
        private = new_table(client, "holdem", ["person", "cpu:rules"], private=True)
        rows = _listed(client)["tables"]
        assert [row["id"] for row in rows] == [public]
        row = rows[0]
        assert row["title"] == "Seven-Card Stud"
        assert row["stakes"] == "ante 40, bring-in 50, bets 200/400"
        assert row["structure"] == "fixed limit"
        assert (row["seats"], row["free"], row["people"], row["cpu"]) == (3, 2, 0, 1)
        assert (row["status"], row["link"]) == ("waiting", f"/table/{public}")
        # who sits there, with the rating the table page shows beside each name (open seats not)
        cpu_rating = client.get(f"/api/tables/{public}").json()["players"][2]["rating"]
        # a CPU seat by its number, for the page to name in its reader's language
        assert row["seated"] == [{"seat": 2, "name": None, "cpu": True, "rating": cpu_rating}]
        assert isinstance(cpu_rating, float)
        assert client.get(f"/api/tables/{private}").json()["private"] is True


def test_the_private_flag_must_be_true_or_false() -> None:
    with site() as client:
        response = client.post(
            "/api/tables", json={"game": "holdem", "seats": ["person"] * 2, "private": "yes"}
        )
        assert response.status_code == 400
        assert "private must be true or false" in response.json()["message"]


def test_the_list_answers_bounded_pages() -> None:
    with site() as client:
        made = [new_table(client, "holdem", ["person", "cpu:rules"]) for _ in range(3)]
        first = _listed(client, "?limit=2")
        assert (len(first["tables"]), first["total"], first["limit"]) == (2, 3, 2)
        rest = _listed(client, "?limit=2&offset=2")
        assert [r["id"] for r in first["tables"] + rest["tables"]] == made
        for query, name in (
            ("?limit=101", "limit"),
            ("?limit=0", "limit"),
            ("?offset=-1", "offset"),
        ):
            response = client.get(f"/api/tables{query}")
            assert response.status_code == 400, query
            assert response.json()["error"] == "bad-page"
            assert response.json()["message"].startswith(f"{name} must be a whole number")


def test_a_finished_table_leaves_the_list() -> None:
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:checkcall"], rounds=1)
        _, token = take_seat(client, table_id, "Ann")
        ann = Browser(client, table_id, token)
        ann.open()
        assert [row["id"] for row in _listed(client)["tables"]] == [table_id]
        ann.send({"type": "away"})  # a CPU plays Ann's seat to the end
        ann.read_until(lambda s: s["status"] == "over")
        assert _listed(client)["tables"] == []


def test_joining_a_full_or_finished_table_offers_to_watch() -> None:
    with site() as client:
        full = new_table(client, "holdem", ["person", "cpu:rules"])
        take_seat(client, full, "Ann")
        refused = client.post(f"/api/tables/{full}/seats", json={"name": "Bob"})
        assert refused.status_code == 409 and refused.json()["error"] == "full"
        assert "?watch" in refused.json()["message"]
        over = new_table(client, "holdem", ["person", "person"], rounds=1)
        _, token = take_seat(client, over, "Ann")
        ann = Browser(client, over, token)
        ann.open()
        ann.send({"type": "start"})  # a CPU stands in for the open seat
        ann.send({"type": "away"})
        ann.read_until(lambda s: s["status"] == "over")
        refused = client.post(f"/api/tables/{over}/seats", json={"name": "Bob"})
        assert refused.status_code == 409 and refused.json()["error"] == "over"
        assert room_of(client, over).open_seats() == [1]


def test_a_lobby_page_is_sent_the_list_and_again_after_each_change() -> None:
    """The list a lobby page holds follows a new table and a seat taken (pushed shortly after
    the change, without asking)."""
    with site() as client, client.websocket_connect("/lobby/ws") as lobby:
        assert _read(lobby) == {
            "type": "tables",
            "tables": [],
            "total": 0,
            "limit": 50,
            "offset": 0,
        }
        table_id = new_table(client, "omaha", ["person", "person", "cpu:rules"])
        pushed = _read(lobby)
        assert [(r["id"], r["free"], r["people"]) for r in pushed["tables"]] == [(table_id, 2, 0)]
        take_seat(client, table_id, "Ann")
        pushed = _read(lobby)
        assert [(r["id"], r["free"], r["people"]) for r in pushed["tables"]] == [(table_id, 1, 1)]
        new_table(client, "holdem", ["person", "cpu:rules"], private=True)
        lobby.send_text(json.dumps({"type": "ping"}))
        assert _read(lobby) == {"type": "pong"}  # the private table pushed nothing before it
        lobby.send_text(json.dumps({"type": "start"}))
        assert _read(lobby)["code"] == "bad-message"


def test_the_feed_sends_a_change_at_once_and_a_burst_after_it_once_more() -> None:
    """A change goes out without the feed waiting first (the wait comes after a push), and
    changes made meanwhile go out together in one more push. Counted in event-loop turns, not
    timed: the first push is there before the feed's task could have slept."""
    import asyncio

    from drawpoker.site import listing

    class Page(KeptOutbox):
        def close(self, code: int = 1000, reason: str = "") -> None:
            raise AssertionError("a page that reads is never closed")

    async def scenario() -> list[int]:
        rooms: list[Any] = []
        feed = listing.LobbyFeed(lambda limit, offset: {})
        feed.message = lambda: json.dumps(len(rooms))  # type: ignore[method-assign]
        page = Page()
        feed.join(page)
        task = asyncio.create_task(feed.run())
        rooms.append("a")
        feed.changed()
        for _ in range(3):
            await asyncio.sleep(0)
        at_once = [json.loads(text) for text in page.texts]
        rooms.extend(["b", "c"])  # a burst while the feed waits
        feed.changed()
        feed.changed()
        for _ in range(20):  # the one more push, after the feed's wait
            await asyncio.sleep(listing.SETTLE)
            if len(page.texts) == 3:
                break
        task.cancel()
        return [*at_once, *(json.loads(text) for text in page.texts[len(at_once) :])]

    assert asyncio.run(scenario()) == [0, 1, 3]


def test_lobby_pages_are_capped_with_a_clear_refusal() -> None:
    with site(limits=SiteLimits(lobby_connections=1)) as client:
        with client.websocket_connect("/lobby/ws") as first:
            _read(first)
            denied = refused_handshake(client, "/lobby/ws")
            assert denied.status_code == 503
            assert denied.json()["error"] == "lobby-full"
            assert "1 pages open" in denied.json()["message"]
        with client.websocket_connect("/lobby/ws") as again:  # a page closed frees its place
            assert _read(again)["type"] == "tables"


# ---------------------------------------------------------------------- seats at once


def test_the_creator_is_seated_at_once_with_sit() -> None:
    with site() as client:
        alone = client.post(
            "/api/tables", json={"game": "holdem", "seats": ["person"] * 2, "name": "Ann"}
        )
        assert alone.status_code == 400 and '"sit": true' in alone.json()["message"]
        response = client.post(
            "/api/tables",
            json={
                "game": "badugi",
                "seats": ["person", "cpu:checkcall"],
                "sit": True,
                "name": "Ann",
            },
        )
        assert response.status_code == 201, response.text
        made = response.json()
        assert made["seat"] == 0 and made["table"]["players"][0]["name"] == "Ann"
        ann = Browser(client, made["id"], made["token"])
        assert ann.open()["seat"] == 0
        ann.read_until(lambda s: s["status"] == "playing")  # its only person is here


def test_play_now_joins_a_listed_table_with_cpu_players_first_else_makes_one() -> None:
    with site() as client:
        waiting = new_table(client, "razz", ["person", "person"])  # no CPU player: not joined
        first = client.post("/api/play", json={"game": "razz", "name": "Ann"})
        assert first.status_code == 201, first.text
        ann = first.json()
        assert ann["id"] != waiting and ann["seat"] == 0
        facts = client.get(f"/api/tables/{ann['id']}").json()
        assert [p["cpu"] for p in facts["players"]] == [None, None, "rules", "rules"]
        bob = client.post("/api/play", json={"game": "razz"}).json()
        assert (bob["id"], bob["seat"]) == (ann["id"], 1)
        cy = client.post("/api/play", json={"game": "razz", "name": "Cy"}).json()
        assert cy["id"] not in (ann["id"], waiting)
        ann_page = Browser(client, ann["id"], ann["token"])
        welcome = ann_page.open()
        assert welcome["seat"] == 0 and welcome["state"]["players"][0]["name"] == "Ann"
        assert welcome["state"]["hand"] == 0  # nobody played Ann's seat before she came
        started = ann_page.read_until(lambda s: s["status"] == "playing")  # Bob not here yet
        assert not started["players"][0]["away"] and started["players"][1]["away"]
        unknown = client.post("/api/play", json={"game": "snap"})
        assert unknown.status_code == 400 and "unknown game 'snap'" in unknown.json()["message"]


def test_people_who_play_now_without_a_nickname_are_named_by_their_seats() -> None:
    """Two people pressing "Play now" with no nickname were both "Player", in every language,
    and the log could not tell them apart; each is named by their seat, as at a table made
    from the lobby, in the reader's language."""
    with site() as client:
        first, second = (client.post("/api/play", json={"game": "razz"}).json() for _ in "ab")
        assert first["id"] == second["id"]
        facts = client.get(f"/api/tables/{first['id']}").json()
        assert [p["name"] for p in facts["players"][:2]] == ["Seat 1", "Seat 2"]
        assert room_of(client, first["id"]).names("ar")[:2] == ["المقعد 1", "المقعد 2"]
        request = {"game": "holdem", "seats": ["person", "cpu:rules"], "sit": True}
        made = client.post("/api/tables", json=request).json()
        assert made["table"]["players"][0]["name"] == "Seat 1"


# ---------------------------------------------------------------------- watchers


def test_a_watcher_sees_the_public_state_and_the_players_see_how_many_watch() -> None:
    with site(pace=Pace(grace=0)) as client:
        table_id = new_table(client, "holdem", ["person", "person"])
        tokens = [take_seat(client, table_id, name)[1] for name in ("Ann", "Bob")]
        ann, bob = (Browser(client, table_id, token) for token in tokens)
        ann.open()
        bob.open()
        watcher = Browser(client, table_id, None)
        welcome = watcher.open()
        assert welcome["seat"] is None and welcome["table"]["watching"] == 1
        state = welcome["state"]
        assert state["cards"] == [] and state["legal"] is None and state["card_counts"] == [2, 2]
        assert [e["kind"] for e in welcome["events"]] == ["blind", "blind"]  # no private deal
        ann.read_until(lambda s: s["watching"] == 1)
        actor = ann if ann.state and ann.state["actor"] == 0 else bob
        actor.read_until(lambda s: s["legal"] is not None)
        actor.act("call")
        seen = watcher.read_until(lambda s: s["actions"] == 1)
        assert seen["cards"] == [] and seen["bets"] == [100, 100]
        assert all(not e["private"] for e in watcher.events)
        watcher.send({"type": "act", "seq": seen["seq"], "kind": "check"})
        assert _read(watcher.ws)["code"] == "watching"
        watcher.close()
        bob.read_until(lambda s: s["watching"] == 0)


def test_a_private_table_is_watched_with_its_link() -> None:
    with site() as client:
        table_id = new_table(client, "stud", ["person", "cpu:rules"], private=True)
        welcome = Browser(client, table_id, None).open()
        assert welcome["seat"] is None and welcome["table"]["private"] is True


def test_watchers_per_table_are_capped() -> None:
    with site(limits=SiteLimits(watchers_per_table=1, **_scripted())) as client:
        table_id = new_table(client, "holdem", ["person", "cpu:rules"])
        Browser(client, table_id, None).open()
        with client.websocket_connect(f"/ws/{table_id}") as second:
            second.send_text(json.dumps({"type": "watch"}))
            refusal = _read(second)
            assert refusal["code"] == "too-many-watchers"
            assert "1 watchers already" in refusal["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                second.receive_text()
            assert closed.value.code == 4429


def test_watchers_count_against_the_connections_of_an_address() -> None:
    with site(limits=SiteLimits(connections_per_address=1)) as client:
        table_id = new_table(client, "holdem", ["person", "cpu:rules"])
        Browser(client, table_id, None).open()
        assert refused_handshake(client, f"/ws/{table_id}").status_code == 429


def _scripted() -> dict[str, Any]:
    return {
        "message_rate": SCRIPTED.message_rate,
        "connections_per_address": SCRIPTED.connections_per_address,
    }


# ---------------------------------------------------------------------- nicknames


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Eve\u202egnp.exe", "U+202E"),  # right-to-left override
        ("\u2066Bob\u2069", "U+2066"),  # left-to-right isolate
        ("Ann\u200f", "U+200F"),  # right-to-left mark
        ("bell\x07", "U+0007"),
        ("x" * 25, "25 characters; at most 24"),
    ],
)
def test_a_bad_nickname_is_refused_naming_it(name: str, why: str) -> None:
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:rules"])
        for path, body in (
            (f"/api/tables/{table_id}/seats", {"name": name}),
            ("/api/play", {"game": "holdem", "name": name}),
            ("/api/tables", {"game": "holdem", "seats": ["person"] * 2, "sit": True, "name": name}),
        ):
            response = client.post(path, json=body)
            assert response.status_code == 400, path
            assert response.json()["error"] == "bad-nickname"
            message = response.json()["message"]
            assert message.startswith("the nickname ") and why in message
            assert name.encode("unicode_escape").decode()[:20] in message  # named, escaped
        assert room_of(client, table_id).open_seats() == [0]
        assert _listed(client)["total"] == 1  # neither Play now nor the creator made a table


def test_a_nickname_with_a_lone_surrogate_is_refused_naming_the_field() -> None:
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:rules"])
        response = client.post(
            f"/api/tables/{table_id}/seats",
            content=b'{"name": "Ann\\ud800"}',
            headers={"content-type": "application/json"},
        )
        assert response.status_code == 400
        assert "the field 'name' holds a lone surrogate" in response.json()["message"]


def test_a_nickname_of_24_characters_is_kept_as_text() -> None:
    name = "<b>Ann</b> & \u00e9\u00e8 \U0001f600 xyzwab"
    assert len(name) == 24
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:rules"])
        take_seat(client, table_id, name)
        assert client.get(f"/api/tables/{table_id}").json()["players"][0]["name"] == name
