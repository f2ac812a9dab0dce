"""The site's limits per client (issue 25, items 13 and 14): tables made per minute and open
per address, a full site, tables nobody joined expiring and finished tables leaving memory,
messages per connection, connections per address, the time to say hello and to send a request
body. Each limit answers with a status and a sentence, never a 500. The limits are set low,
so that each test sends a handful of requests."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import subprocess
import sys
from dataclasses import replace
from typing import Any

import pytest
from drawpoker.site.app import posted, read_json
from drawpoker.site.guard import POLICY_VIOLATION, Guard, MessageWindows, SiteLimits, rates
from drawpoker.site.i18n import message
from drawpoker.site.protocol import ProtocolError
from drawpoker.site.room import Pace
from site_server import SCRIPTED, SiteServer
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import SCRIPTED as SCRIPTED_LIMITS
from web_helpers import Browser, new_table, play_persons, refused_handshake, site, take_seat

REQUEST = {"game": "holdem", "seats": ["person", "cpu:checkcall"]}


def _rooms(client: TestClient) -> dict[str, Any]:
    rooms: dict[str, Any] = client.app.state.house.rooms  # type: ignore[attr-defined]
    return rooms


def test_defect_tables_made_per_minute_by_one_address_are_limited() -> None:
    """One client made 10,000 tables in 38 s; now its fourth table within a minute gets 429
    with a sentence, and makes nothing."""
    with site(limits=SiteLimits(table_rate="3/minute")) as client:
        made = [client.post("/api/tables", json=REQUEST) for _ in range(4)]
        assert [r.status_code for r in made] == [201, 201, 201, 429]
        refused = made[-1].json()
        assert refused["error"] == "too-many-tables" and "3/minute" in refused["message"]
        assert len(_rooms(client)) == 3


def test_a_play_now_refused_for_its_rate_reads_in_the_browsers_language() -> None:
    with site(limits=SiteLimits(table_rate="1/minute")) as client:
        arabic = {"accept-language": "ar"}
        assert client.post("/api/play", json={"game": "holdem"}, headers=arabic).status_code == 201
        refused = client.post("/api/play", json={"game": "razz"}, headers=arabic)
        assert refused.status_code == 429
        assert refused.json()["message"] == message("ar", "error.too-many-tables")
        assert "1/minute" in refused.json()["detail"]


def test_defect_open_tables_per_address_are_limited() -> None:
    with site(limits=SiteLimits(open_tables=2)) as client:
        made = [client.post("/api/tables", json=REQUEST) for _ in range(3)]
        assert [r.status_code for r in made] == [201, 201, 429]
        assert "2 open tables" in made[-1].json()["message"]
        assert len(_rooms(client)) == 2


def test_defect_open_tables_per_device_are_limited() -> None:
    """A device that sits at the tables it makes has ``open_tables`` open at most, from any
    address; without a device only the address counts."""
    limits = SiteLimits(open_tables=2, table_rate="100/minute")
    with site(limits=limits) as client:
        key = client.post("/api/devices", json={"nickname": "Ann"}).json()["device"]
        mine = {**REQUEST, "seats": ["person"] * 2, "sit": True, "device": key}
        made = [client.post("/api/tables", json=mine) for _ in range(2)]
        assert [r.status_code for r in made] == [201, 201]
        house = client.app.state.house  # type: ignore[attr-defined]
        for table_id in house.makers:  # as if each had been made from another address
            house.makers[table_id] = f"elsewhere-{table_id}"
        refused = client.post("/api/tables", json=mine)
        assert refused.status_code == 429
        assert refused.json()["message"] == (
            "this device has 2 open tables already: play or finish one first"
        )
        assert client.post("/api/tables", json=REQUEST).status_code == 201  # no device
        assert len(_rooms(client)) == 3


def test_defect_a_full_site_answers_503_not_500() -> None:
    """With the server's tables at their limit, a new table got 500; now 503 and a sentence."""
    limits = SiteLimits(max_tables=2, table_rate="100/minute", open_tables=100)
    with site(limits=limits) as client:
        made = [client.post("/api/tables", json=REQUEST) for _ in range(3)]
        assert [r.status_code for r in made] == [201, 201, 503]
        assert made[-1].json() == {
            "error": "site-full",
            "message": "the server holds 2 tables: try again later",
        }


def test_defect_idle_tables_expire_and_finished_ones_leave_memory(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A table nobody took a seat at is removed (memory and file) once ``idle_table`` has
    passed; a finished table without a connection leaves memory after ``archive_after`` (its
    history is still downloaded, from the file) and is not loaded again at the next start."""
    db = str(tmp_path / "site.db")
    limits = SiteLimits(idle_table=0, archive_after=0, sweep=3600)
    with site(db, Pace(), limits) as client:
        idle = client.post("/api/tables", json=REQUEST).json()["id"]
        finished = client.post("/api/tables", json={**REQUEST, "rounds": 1}).json()["id"]
        seat, token = take_seat(client, finished, "Ann")
        ann = Browser(client, finished, token)
        ann.open()
        play_persons({seat: ann}, random.Random(5))
        ann.close()
        house = client.app.state.house  # type: ignore[attr-defined]
        removed = client.portal.call(house.sweep)  # type: ignore[union-attr]
        assert sorted(removed) == sorted([idle, finished]) and _rooms(client) == {}
        assert client.get(f"/api/tables/{idle}").status_code == 404
        assert house.store.load_table(idle) is None
        history = client.get(f"/api/tables/{finished}/history", headers={"x-seat-token": token})
        assert history.status_code == 200 and len(history.json()["hands"]) == 1
        assert client.get(f"/api/tables/{finished}").json()["status"] == "over"
        late = client.post("/api/tables", json=REQUEST).json()["id"]  # idle when it restarts
    with site(db, Pace(), limits) as client:
        assert _rooms(client) == {}  # nothing reloaded at start: over, or removed as idle
        assert client.get(f"/api/tables/{late}").status_code == 404
        assert client.app.state.house.store.live_ids() == []  # type: ignore[attr-defined]


def test_defect_a_connection_that_floods_messages_is_closed_with_1008() -> None:
    """Every message of a flooder was served; beyond its rate a connection is closed with
    1008 (policy violation) and a reason. The hello counts: 1 + 4 pings fit in 5/minute."""
    with site(limits=SiteLimits(message_rate="5/minute")) as client:
        table_id = client.post("/api/tables", json=REQUEST).json()["id"]
        _, token = take_seat(client, table_id, "Ann")
        ann = Browser(client, table_id, token)
        ann.open()
        for _ in range(5):
            ann.send({"type": "ping"})
        pongs = 0
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                pongs += ann.read()["type"] == "pong"
        assert pongs == 4
        assert closed.value.code == POLICY_VIOLATION
        assert "too many messages" in closed.value.reason


def test_defect_a_connection_that_never_says_hello_is_closed() -> None:
    with site(limits=SiteLimits(hello_timeout=0.2)) as client:
        table_id = client.post("/api/tables", json=REQUEST).json()["id"]
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == POLICY_VIOLATION
            assert closed.value.reason == "no hello within 0.2 s"


def test_defect_websocket_connections_per_address_are_capped() -> None:
    """Beyond ``connections_per_address`` a handshake is refused with 429 and a sentence; a
    connection closed frees its place."""
    with site(limits=SiteLimits(connections_per_address=2)) as client:
        table_id = client.post("/api/tables", json=REQUEST).json()["id"]
        url = f"/ws/{table_id}"
        with client.websocket_connect(url), client.websocket_connect(url):
            denied = refused_handshake(client, url)
            assert denied.status_code == 429
            assert denied.json()["error"] == "too-many-connections"
            assert "2 connections" in denied.json()["message"]
        with client.websocket_connect(url) as ws:
            ws.send_text(json.dumps({"type": "ping"}))
            assert json.loads(ws.receive_text())["code"] == "hello-first"


def test_seated_players_connections_leave_room_for_more_behind_one_address() -> None:
    """Many phones behind one carrier's NAT are one IPv4 address. A connection whose seat's
    hello was let in counts against ``seated_connections_per_address`` instead of
    ``connections_per_address``, so that more players than the latter play from one address;
    lobby pages (and watchers, and connections before their hello) still count against it.
    Once the seated ones are full, a player's connection stays where it was counted. Before,
    the lobby page here was refused 429 while two players sat."""
    limits = replace(SCRIPTED_LIMITS, connections_per_address=2, seated_connections_per_address=2)
    with site(limits=limits) as client:
        table_id = new_table(client, "holdem", ["person"] * 3)
        tokens = [take_seat(client, table_id, f"P{n}")[1] for n in range(3)]
        for token in tokens[:2]:
            Browser(client, table_id, token).open()

        def refused() -> None:
            denied = refused_handshake(client, "/lobby/ws")
            assert (denied.status_code, denied.json()["error"]) == (429, "too-many-connections")

        with client.websocket_connect("/lobby/ws"), client.websocket_connect("/lobby/ws"):
            refused()  # two seated, two lobby pages: the unseated places are full
        Browser(client, table_id, tokens[2]).open()  # the seated ones full: counted unseated
        with client.websocket_connect("/lobby/ws"):
            refused()
        assert client.app.state.guard.seated == {"testclient": 2}  # type: ignore[attr-defined]
        assert client.app.state.guard.connections == {"testclient": 1}  # type: ignore[attr-defined]
    assert client.app.state.guard.seated == client.app.state.guard.connections == {}  # type: ignore[attr-defined]


def test_a_server_of_the_serve_extra_alone_counts_its_connections_without_redis() -> None:
    """The serve extra has no Redis client nor psycopg (the cluster extra has them): a one
    process server counts its connections in memory and never imports them. The seated count
    first imported the Redis counts' module at every handshake, which a server installed with
    the serve extra alone could not import."""
    code = (
        "import sys, json\n"
        "sys.modules['redis'] = sys.modules['psycopg'] = None  # not importable\n"
        "from starlette.testclient import TestClient\n"
        "from drawpoker.site.app import create_app\n"
        "with TestClient(create_app(':memory:')) as client:\n"
        "    made = client.post('/api/play', json={'game': 'holdem'}).json()\n"
        "    with client.websocket_connect(f\"/ws/{made['id']}\") as ws:\n"
        "        ws.send_text(json.dumps({'type': 'hello', 'token': made['token']}))\n"
        "        print(json.loads(ws.receive_text())['type'])\n"
        "        with client.websocket_connect('/lobby/ws') as lobby:\n"
        "            print(json.loads(lobby.receive_text())['type'])\n"
        "        print(dict(client.app.state.guard.seated))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "welcome\ntables\n{'testclient': 1}\n"


def _raw(url: str, request: bytes) -> bytes:
    """Sends ``request`` as it is to the server at ``url``; everything it answers (a server
    that neither answers nor closes within 20 s fails the test)."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=20) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def test_defect_serve_times_out_a_slow_body_and_builds_links_from_its_own_url(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A real ``drawpoker serve``: a request whose headers or body do not come within
    ``--header-timeout`` or ``--body-timeout`` gets 408 (a slow client held its connection
    for as long as it liked); a new table's link is the served address whatever the Host
    header says; an ``--allowed-origin`` may post, another origin may not."""
    options = (
        *SCRIPTED,
        "--body-timeout=0.3",
        "--header-timeout=0.3",
        "--allowed-origin=https://friend.example",
    )
    server = SiteServer(tmp_path / "site.db", options=options).start()
    try:
        assert _raw(server.url, b"GET / HTTP/1.1\r\nhost: x\r\n").startswith(b"HTTP/1.1 408")
        assert _raw(server.url, b"") == b""  # nothing sent: closed without a word
        two = _raw(server.url, b"GET /api/games HTTP/1.1\r\nhost: x\r\n\r\n")
        assert two.startswith(b"HTTP/1.1 200") and two.count(b"HTTP/1.1 ") == 1  # kept alive,
        # then closed silently when no next request came
        slow = _raw(
            server.url,
            b"POST /api/tables HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
            b"content-length: 40\r\nconnection: close\r\n\r\n{",
        )
        assert slow.startswith(b"HTTP/1.1 408"), slow
        assert b"too-slow" in slow
        body = json.dumps(REQUEST).encode()
        for origin, status in (("https://friend.example", 201), ("http://evil.example", 403)):
            answer = _raw(
                server.url,
                b"POST /api/tables HTTP/1.1\r\nhost: evil.example\r\n"
                b"content-type: application/json\r\norigin: " + origin.encode() + b"\r\n"
                b"content-length: "
                + str(len(body)).encode()
                + b"\r\nconnection: close\r\n\r\n"
                + body,
            )
            assert answer.startswith(f"HTTP/1.1 {status}".encode()), answer
            if status == 201:
                made = json.loads(answer.split(b"\r\n\r\n", 1)[1])
                assert made["url"] == f"{server.url}/table/{made['id']}"
    finally:
        server.stop()


def _read_with_length(length: str) -> Any:
    request = posted(b'{"game": "holdem"}')
    request.scope["headers"].append((b"content-length", length.encode("latin-1")))
    return asyncio.run(read_json(request))


def test_a_content_length_int_cannot_read_is_no_crash() -> None:
    """A superscript two is a digit to ``str.isdigit`` (and a Latin-1 header byte) that
    ``int`` refuses, as it refuses a number of 5000 digits."""
    assert _read_with_length("\u00b2") == {"game": "holdem"}  # no length said: read it
    assert _read_with_length("00018") == {"game": "holdem"}
    with pytest.raises(ProtocolError, match="at most 16384 bytes"):
        _read_with_length("1" * 5000)


def test_message_windows_decide_as_moving_windows_counted_afresh() -> None:
    """Over random message times of a few connections, each message is let in exactly when
    no rate has its count of let-in messages of that connection in its window (counted here
    from every message let in so far), and connections silent for the longest window are
    forgotten without changing any decision."""
    now = [0.0]
    windows = MessageWindows(rates("3/second;5/10 seconds"), clock=lambda: now[0])
    windows.SWEEP_FROM = 2  # sweep often
    rng = random.Random(7)
    let_in: dict[str, list[float]] = {}
    for _ in range(3000):
        now[0] += rng.choice([0.01, 0.1, 0.4, 3.0, 12.0])
        connection = f"c{rng.randrange(6)}"
        times = let_in.setdefault(connection, [])
        expected = all(
            sum(1 for t in times if t >= now[0] - seconds) < count
            for count, seconds in ((3, 1.0), (5, 10.0))
        )
        assert windows.hit(connection) == expected
        if expected:
            times.append(now[0])
    assert len(windows.times) < 6 * 2  # swept: the silent ones went


def test_counting_a_message_starts_no_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard counts a connection's messages without a timer thread per message (the
    ``limits`` memory storage started one whenever its last had run out, 10 ms after it
    started: a millisecond of CPU per message)."""
    import threading
    import time

    guard = Guard(SiteLimits(message_rate="20/second;240/minute"))
    time.sleep(0.02)  # a timer started with the guard has run out
    started: list[threading.Thread] = []
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self))
    assert all(guard.message_allowed(f"connection {n % 3}") for n in range(60))
    assert not guard.message_allowed("connection 0")
    assert started == []


def test_requests_of_one_address_are_limited_with_a_429_in_its_language() -> None:
    """Any HTTP request counts (a table's facts, a page): past ``request_rate`` the address
    gets 429 ``too-many-requests`` with retry-after, and another address is still served."""
    with site(limits=SiteLimits(request_rate="4/minute")) as client:
        made = client.post("/api/tables", json=REQUEST)
        answers = [client.get(f"/api/tables/{made.json()['id']}") for _ in range(3)]
        assert [r.status_code for r in [made, *answers]] == [201, 200, 200, 200]
        refused = client.get("/", headers={"accept-language": "ar"})
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "1"
        assert refused.json()["error"] == "too-many-requests"
        assert refused.json()["message"] == message("ar", "error.too-many-requests")
        assert "4/minute" in refused.json()["detail"]
        guard: Guard = client.app.state.guard  # type: ignore[attr-defined]
        assert guard.request_allowed("198.51.100.7")


def test_the_addresses_of_one_ipv6_network_count_as_one_address() -> None:
    """A home or a server is given a whole IPv6 /64: each of its addresses counted apart let
    one visitor pass the request rate (and every other per-address limit) with the next
    address. The addresses of one /64 share the limits; another /64 does not; an IPv4
    address is one address whether it comes as IPv4 or mapped into IPv6."""
    with site(limits=SiteLimits(request_rate="2/minute", connections_per_address=1)) as first:
        app = first.app

        def status(host: str) -> int:
            return TestClient(app, client=(host, 50000)).get("/api/games").status_code

        assert [status("2001:db8:1:2::1"), status("2001:db8:1:2:ffff::9")] == [200, 200]
        assert status("2001:db8:1:2:abcd::1") == 429  # the same /64
        assert status("2001:db8:1:3::1") == 200  # the next /64
        assert [status("192.0.2.7"), status("::ffff:192.0.2.7")] == [200, 200]
        assert status("192.0.2.7") == 429
        # a WebSocket: the connections an address may have open, shared by its /64 as well
        made = first.post("/api/tables", json=REQUEST).json()
        path = f"/ws/{made['id']}"
        with TestClient(app, client=("2001:db8:5:6::1", 1)).websocket_connect(path):
            same_network = TestClient(app, client=("2001:db8:5:6::2", 1))
            assert refused_handshake(same_network, path).status_code == 429
            with TestClient(app, client=("2001:db8:5:7::1", 1)).websocket_connect(path):
                pass


def test_a_browser_past_the_request_rate_gets_a_page_in_its_language_not_json() -> None:
    """A person loading pages saw the raw JSON error; a browser asking for HTML gets a page
    that says so in its language and loads itself again, the API still its JSON."""
    with site(limits=SiteLimits(request_rate="1/minute")) as client:
        assert client.get("/").status_code == 200
        page = client.get("/rules", headers={"accept": "text/html", "accept-language": "ar"})
        assert page.status_code == 429 and page.headers["retry-after"] == "1"
        assert page.headers["content-type"].startswith("text/html")
        assert 'dir="rtl"' in page.text and message("ar", "busy.title") in page.text
        assert 'http-equiv="refresh"' in page.text
        assert client.get("/api/tables").json()["error"] == "too-many-requests"
