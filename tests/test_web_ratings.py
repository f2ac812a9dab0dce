"""Devices, "your games" and ratings on the site: device keys made, checked and refused; a
device takes its seat back; finished games rate their people with the openskill library's own
figures (computed here by calling the library directly on the final standings), ties by half;
games of one device against itself and games no person played change nothing; the ratings
and results are in the SQLite file, and survive a server killed with SIGKILL."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request
from typing import Any

import pytest
from drawpoker.site.client import SeatClient
from drawpoker.site.ratings import CPU_RATINGS, NEW, Entrant, Rating, rate, unrated_reason
from drawpoker.site.store import Store
from openskill.models import BradleyTerryFull
from site_server import SiteServer
from starlette.testclient import TestClient
from web_helpers import Browser, keys_in, new_table, play_persons, room_of, site


def library_ratings(
    places: list[int], before: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """The library's own figures: each player's (mu, sigma) after a game with these places."""
    model = BradleyTerryFull()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = model.rate(teams, ranks=places)
    return [(team[0].mu, team[0].sigma) for team in after]


def shown(mu: float, sigma: float) -> float:
    return round(mu - 3 * sigma, 1)


def register(client: TestClient, nickname: str) -> str:
    response = client.post("/api/devices", json={"nickname": nickname})
    assert response.status_code == 201, response.text
    assert response.json()["nickname"] == nickname.strip()
    return str(response.json()["device"])


def seat_with(client: TestClient, table_id: str, key: str) -> tuple[int, str]:
    response = client.post(f"/api/tables/{table_id}/seats", json={"device": key})
    assert response.status_code == 201, response.text
    return int(response.json()["seat"]), str(response.json()["token"])


def fold_or_check(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    kinds = state["legal"]["kinds"]
    if "draw" in kinds:
        return {"kind": "draw", "cards": []}
    return {"kind": "fold" if "fold" in kinds else "check"}


def play_devices(client: TestClient, table_id: str, keys: list[str]) -> dict[str, Any]:
    """Seats each device (in order), folds every turn to the game's end; the final state."""
    browsers = {}
    for key in keys:
        seat, token = seat_with(client, table_id, key)
        browsers[seat] = Browser(client, table_id, token)
    for browser in browsers.values():
        browser.open()
    return play_persons(browsers, random.Random(3), choose=fold_or_check)


def leaderboard(client: TestClient, game: str) -> dict[str, Any]:
    response = client.get(f"/api/leaderboard/{game}")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


# ---------------------------------------------------------------------- the wrapper, alone


def test_rate_gives_the_library_figures_for_placings_with_ties() -> None:
    cases = [
        ([1, 2, 2, 4], [NEW, NEW, NEW, NEW]),
        ([1, 1], [NEW, Rating(31.0, 4.0, 6)]),
        ([2, 1, 2], [Rating(27.5, 6.1, 2), NEW, Rating(20.0, 3.0, 9)]),
    ]
    for places, before in cases:
        entrants = [Entrant(seat, place, 10 + seat, None) for seat, place in enumerate(places)]
        current = {10 + seat: rating for seat, rating in enumerate(before)}
        after = rate(entrants, current)
        expected = library_ratings(places, [(r.mu, r.sigma) for r in before])
        for seat, (mu, sigma) in enumerate(expected):
            assert after[10 + seat].mu == pytest.approx(mu, rel=1e-12)
            assert after[10 + seat].sigma == pytest.approx(sigma, rel=1e-12)
            assert after[10 + seat].games == before[seat].games + 1


def test_a_tie_between_equals_keeps_the_mean_and_narrows_sigma_by_the_library() -> None:
    after = rate([Entrant(0, 1, 1, None), Entrant(1, 1, 2, None)], {})
    ((mu, sigma), _) = library_ratings([1, 1], [(NEW.mu, NEW.sigma)] * 2)
    assert after[1] == after[2] == Rating(mu, sigma, 1)
    assert mu == NEW.mu and sigma < NEW.sigma
    # a tie is between a win and a loss
    win = rate([Entrant(0, 1, 1, None), Entrant(1, 2, 2, None)], {})
    assert win[2].mu < after[2].mu < win[1].mu


def test_cpu_players_are_rated_against_with_fixed_ratings_never_updated() -> None:
    entrants = [Entrant(0, 2, 5, None), Entrant(1, 1, None, "strong"), Entrant(2, 3, None, "rules")]
    after = rate(entrants, {})
    strong, rules = CPU_RATINGS["strong"], CPU_RATINGS["rules"]
    expected = library_ratings(
        [2, 1, 3], [(NEW.mu, NEW.sigma), (strong.mu, strong.sigma), (rules.mu, rules.sigma)]
    )
    assert list(after) == [5]
    assert (after[5].mu, after[5].sigma) == pytest.approx(expected[0], rel=1e-12)
    assert CPU_RATINGS["strong"] == strong


def test_self_play_cpu_only_and_lone_seats_are_not_rated() -> None:
    assert unrated_reason([Entrant(0, 1, 4, None), Entrant(1, 2, 4, None)]) is not None
    assert unrated_reason([Entrant(0, 1, None, "rules"), Entrant(1, 2, None, "strong")])
    assert unrated_reason([Entrant(0, 1, 4, None), Entrant(1, 2, None, None)])
    assert unrated_reason([Entrant(0, 1, 4, None), Entrant(1, 2, None, "checkcall")]) is None


# ---------------------------------------------------------------------- devices


def test_device_key_and_nickname_errors() -> None:
    with site() as client:
        for nickname, why in [
            ("", "1 to 24"),
            ("x" * 25, "at most 24"),
            ("Ann\x07", "control"),
            ("evil\u202egnp.exe", "control"),
            ("a\u2066b", "control"),
            (7, "text"),
        ]:
            response = client.post("/api/devices", json={"nickname": nickname})
            assert response.status_code == 400, nickname
            assert why in response.json()["message"], response.json()
        assert client.post("/api/devices", json={"nickname": "Ann", "x": 1}).status_code == 400
        ann = register(client, "  Ann  ")
        assert len(ann) == 64 and int(ann, 16) >= 0
        assert client.get("/api/devices/me", headers={"x-device-key": ann}).json() == {
            "nickname": "Ann"
        }
        table = new_table(client, "holdem", ["person", "person", "person"], rounds=1)
        other = new_table(client, "holdem", ["person", "person"], rounds=1)
        cases = [
            ("short", 400, "bad-device"),
            ("g" * 64, 400, "bad-device"),
            ("ab" * 32, 404, "no-device"),
        ]
        for key, status, code in cases:
            for response in (
                client.get("/api/devices/me", headers={"x-device-key": key}),
                client.post(f"/api/tables/{table}/seats", json={"device": key}),
                client.post(f"/api/tables/{table}/return", json={"device": key}),
                client.get(f"/api/tables/{table}/history", headers={"x-device-key": key}),
            ):
                assert (response.status_code, response.json()["error"]) == (status, code)
        assert room_of(client, table).open_seats() == [0, 1, 2]  # nothing taken by a refusal
        response = client.post(f"/api/tables/{table}/return", json={"device": ann})
        assert (response.status_code, response.json()["error"]) == (404, "no-seat")
        seat, _ = seat_with(client, other, ann)
        response = client.post(f"/api/tables/{table}/return", json={"device": ann})
        assert (response.status_code, response.json()["error"]) == (409, "other-table")
        assert "other tables" in response.json()["message"]
        response = client.get(f"/api/tables/{table}/history", headers={"x-device-key": ann})
        assert (response.status_code, response.json()["error"]) == (409, "other-table")
        response = client.post(f"/api/tables/{other}/return", json={"device": ann, "seat": 1})
        assert (response.status_code, response.json()["error"]) == (403, "not-your-seat")
        assert room_of(client, other).players()[seat]["name"] == "Ann"


def test_a_device_takes_its_seat_back_and_the_old_token_stops_working() -> None:
    with site() as client:
        ann = register(client, "Ann")
        table = new_table(client, "holdem", ["person", "cpu:rules"], rounds=3)
        seat, old = seat_with(client, table, ann)
        response = client.post(f"/api/tables/{table}/return", json={"device": ann.upper()})
        assert response.status_code == 200, response.text
        assert response.json()["seat"] == seat
        new = response.json()["token"]
        assert new != old
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": old}))
            assert json.loads(ws.receive_text())["code"] == "bad-token"
        welcome = Browser(client, table, new).open()
        assert welcome["seat"] == seat
        assert not {"device", "key_hash"} & set(keys_in(welcome))  # nothing of the device
        assert welcome["state"]["players"][seat]["name"] == "Ann"
        assert welcome["state"]["players"][seat]["rating"] == NEW.shown
        assert welcome["state"]["players"][1]["rating"] == CPU_RATINGS["rules"].shown


def test_the_lobby_ties_the_creators_and_play_now_seats_to_the_device() -> None:
    """The lobby sends the device key when it makes a table the creator sits at, and with
    Play now: each seat is the device's (it takes it back), under the device's nickname when
    no other is given; a bad key makes no table."""
    with site() as client:
        ann = register(client, "Ann")
        body = {"game": "holdem", "seats": ["person", "cpu:rules"], "sit": True, "device": ann}
        made = client.post("/api/tables", json=body)
        assert made.status_code == 201, made.text
        back = client.post(f"/api/tables/{made.json()['id']}/return", json={"device": ann})
        assert back.status_code == 200 and back.json()["seat"] == made.json()["seat"]
        assert room_of(client, made.json()["id"]).players()[0]["name"] == "Ann"
        played = client.post("/api/play", json={"game": "razz", "device": ann, "name": "Annie"})
        assert played.status_code == 201, played.text
        back = client.post(f"/api/tables/{played.json()['id']}/return", json={"device": ann})
        assert back.status_code == 200 and back.json()["seat"] == played.json()["seat"]
        assert room_of(client, played.json()["id"]).players()[0]["name"] == "Annie"
        tables = len(client.get("/api/tables").json()["tables"])
        for path, wrong in (
            ("/api/tables", {**body, "device": "ab" * 32}),
            (
                "/api/play",
                {
                    "game": "stud",
                    "device": "nope",
                },
            ),
        ):
            refused = client.post(path, json=wrong)
            assert refused.status_code in (400, 404)
            assert refused.json()["error"] in ("bad-device", "no-device")
        assert len(client.get("/api/tables").json()["tables"]) == tables  # none made
        unsat = client.post("/api/tables", json={**body, "sit": False})
        assert unsat.status_code == 400 and unsat.json()["error"] == "bad-message"


# ---------------------------------------------------------------------- rated games


def test_game_over_rates_people_by_the_library_figures_with_a_tie() -> None:
    with site() as client:
        keys = [register(client, name) for name in ("Ann", "Bob", "Cy", "Dee")]
        table = new_table(client, "holdem", ["person"] * 4, rounds=1)
        final = play_devices(client, table, keys)
        places = {s["seat"]: s["place"] for s in final["standings"]}
        assert len(set(places.values())) < 4  # the two who folded before the blinds tie
        names = [p["name"] for p in final["players"]]
        seats = sorted(places)
        expected = library_ratings([places[s] for s in seats], [(NEW.mu, NEW.sigma)] * 4)
        board = leaderboard(client, "holdem")
        assert board["total"] == 4
        by_name = {row["nickname"]: row for row in board["ratings"]}
        for seat, (mu, sigma) in zip(seats, expected, strict=True):
            row = by_name[names[seat]]
            assert (row["mu"], row["sigma"]) == pytest.approx((mu, sigma), rel=1e-12)
            assert row["games"] == 1
            change = final["players"][seat]["rating_change"]
            assert change == pytest.approx(shown(mu, sigma) - NEW.shown, abs=0.11)
            assert final["players"][seat]["rating"] == shown(mu, sigma)
        tied = [s for s in seats if list(places.values()).count(places[s]) == 2]
        assert len(tied) == 2
        assert by_name[names[tied[0]]]["mu"] == by_name[names[tied[1]]]["mu"]
        ratings = [row["rating"] for row in board["ratings"]]
        assert ratings == sorted(ratings, reverse=True)
        assert [row["place"] for row in board["ratings"]] == [1, 2, 3, 4]
        # a second game starts from the first one's ratings
        again = new_table(client, "holdem", ["person"] * 2, rounds=1)
        final = play_devices(client, again, keys[:2])
        places2 = {s["seat"]: s["place"] for s in final["standings"]}
        start = [(by_name[n]["mu"], by_name[n]["sigma"]) for n in ("Ann", "Bob")]
        expected2 = library_ratings([places2[0], places2[1]], start)
        by_name2 = {row["nickname"]: row for row in leaderboard(client, "holdem")["ratings"]}
        for name, (mu, sigma) in zip(("Ann", "Bob"), expected2, strict=True):
            assert (by_name2[name]["mu"], by_name2[name]["sigma"]) == pytest.approx((mu, sigma))
            assert by_name2[name]["games"] == 2
        assert leaderboard(client, "omaha")["total"] == 0  # a rating per game


def test_the_leaderboard_marks_the_asking_devices_row() -> None:
    """Two players of one nickname were two rows nobody could tell apart: the row of the
    device whose key the request carries is marked ``you`` (no row without a key or with an
    unknown one), and such a page is not cached for another device."""
    with site() as client:
        first, second = register(client, "Layla"), register(client, "Layla")
        play_devices(client, new_table(client, "holdem", ["person"] * 2, rounds=1), [first, second])

        def marked(headers: dict[str, str]) -> list[bool]:
            response = client.get("/api/leaderboard/holdem", headers=headers)
            assert response.status_code == 200, response.text
            assert response.headers["cache-control"] == "no-store"
            rows = response.json()["ratings"]
            assert [row["nickname"] for row in rows] == ["Layla", "Layla"]
            return [row["you"] for row in rows]

        mine, theirs = marked({"x-device-key": first}), marked({"x-device-key": second})
        assert sorted(mine) == [False, True] and theirs == [not you for you in mine]
        assert marked({}) == [False, False]
        assert marked({"x-device-key": "not-a-key"}) == [False, False]


def test_a_person_playing_a_cpu_is_rated_against_its_fixed_rating() -> None:
    with site() as client:
        ann = register(client, "Ann")
        table = new_table(client, "holdem", ["person", "cpu:checkcall"], rounds=1)
        final = play_devices(client, table, [ann])
        places = [s["place"] for s in sorted(final["standings"], key=lambda s: s["seat"])]
        cpu = CPU_RATINGS["checkcall"]
        ((mu, sigma), _) = library_ratings(places, [(NEW.mu, NEW.sigma), (cpu.mu, cpu.sigma)])
        (row,) = leaderboard(client, "holdem")["ratings"]
        assert (row["nickname"], row["mu"], row["sigma"]) == ("Ann", mu, sigma)
        assert final["players"][1]["rating"] == cpu.shown
        assert final["players"][1]["rating_change"] is None


def test_self_play_and_games_without_a_device_change_nothing(store_url: str) -> None:
    db = store_url
    with site(db) as client:
        ann = register(client, "Ann")
        table = new_table(client, "holdem", ["person", "person"], rounds=1)
        final = play_devices(client, table, [ann, ann])
        assert [p["rating_change"] for p in final["players"]] == [None, None]
        # nobody takes the person's seat: CPU players only
        cpu_only = new_table(client, "holdem", ["person", "cpu:checkcall"], rounds=1)
        room = room_of(client, cpu_only)
        client.portal.call(room.command, 0, "start")  # type: ignore[union-attr]
        for _ in range(10000):
            if room.status == "over":
                break
            client.portal.call(asyncio.sleep, 0.001)  # type: ignore[union-attr]
        assert room.status == "over"
        assert leaderboard(client, "holdem")["total"] == 0
    store = Store(db)
    try:
        assert store.backend.execute("SELECT count(*) FROM ratings").fetchone() == (0,)
        placed = store.backend.execute("SELECT count(*) FROM results").fetchone()
        assert placed == (4,)  # both games' placings are kept, unrated
    finally:
        store.close()


# ---------------------------------------------------------------------- your games


def test_your_games_lists_tables_with_placings_and_downloads() -> None:
    with site() as client:
        ann, bob = register(client, "Ann"), register(client, "Bob")
        tables = []
        for _ in range(3):
            table = new_table(client, "holdem", ["person", "person"], rounds=1)
            play_devices(client, table, [ann, bob])
            tables.append(table)
        waiting = new_table(client, "omaha", ["person", "person"], rounds=1)
        seat_with(client, waiting, ann)
        response = client.get("/api/devices/me/games", headers={"x-device-key": ann})
        assert response.status_code == 200, response.text
        data = response.json()
        assert data["total"] == 4 and data["page"] == 0 and data["page_size"] == 25
        listed = data["tables"]
        assert [t["id"] for t in listed] == [waiting, *reversed(tables)]
        assert listed[0]["status"] == "waiting" and listed[0]["seats"][0]["place"] is None
        for entry in listed[1:]:
            (mine,) = entry["seats"]
            room = room_of(client, entry["id"])
            standing = next(s for s in room.table.standings() if s.seat == mine["seat"])
            assert (mine["place"], mine["score"]) == (standing.place, standing.score)
            assert mine["rating_after"] is not None and entry["game"] == "holdem"
        first = listed[1]
        for kind in ("json", "phh"):
            response = client.get(
                f"/api/tables/{first['id']}/history?format={kind}", headers={"x-device-key": ann}
            )
            assert response.status_code == 200, response.text
            assert "attachment" in response.headers["content-disposition"]
        assert "Ann" in response.text
        history = f"/api/tables/{first['id']}/history"
        for seat in ("\u00b2", "x", "-1", "9" * 5000):  # a superscript two: isdigit, not int
            response = client.get(f"{history}?seat={seat}", headers={"x-device-key": ann})
            assert (response.status_code, response.json()["error"]) == (400, "bad-request")
            assert "seat must be a whole number" in response.json()["message"]
        for page in ("-1", "x", "10001", "9" * 7, "\u00b2"):
            response = client.get(
                f"/api/devices/me/games?page={page}", headers={"x-device-key": ann}
            )
            assert (response.status_code, response.json()["error"]) == (400, "bad-page")
        empty = client.get("/api/devices/me/games?page=1", headers={"x-device-key": ann}).json()
        assert empty["tables"] == [] and empty["total"] == 4
        assert client.get("/api/devices/me/games").status_code == 400
        assert client.get("/api/leaderboard/nope").status_code == 404
        assert client.get("/api/leaderboard/holdem?page=z").status_code == 400
        assert client.get("/api/leaderboard/holdem?page=\u00b2").status_code == 400
        for bound in ("limit", "offset"):  # more digits than int() reads
            assert client.get(f"/api/tables?{bound}={'1' * 5000}").status_code == 400
        for page in ("/games", "/leaderboard"):
            assert client.get(page).status_code == 200


# ---------------------------------------------------------------------- the store


def _get(server: SiteServer, path: str, key: str | None = None) -> Any:
    headers = {} if key is None else {"x-device-key": key}
    request = urllib.request.Request(server.url + path, headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


async def _fold_to_the_end(client: SeatClient) -> dict[str, Any]:
    await client.connect()
    while client.state is None or client.state["status"] != "over":
        if client.my_turn():
            await client.act(fold_or_check(client.state, random.Random()))  # type: ignore[arg-type]
        message = await client.receive()
        assert message["type"] != "error", message
    await client.close()
    return client.state


def test_ratings_and_results_survive_a_kill(store_url: str) -> None:
    db = store_url
    server = SiteServer(db, think=0.005).start()
    try:
        keys = [server.request("POST", "/api/devices", {"nickname": n})["device"] for n in "AB"]
        made = server.request(
            "POST", "/api/tables", {"game": "holdem", "seats": ["person", "person"], "rounds": 1}
        )
        table = made["id"]
        tokens = [
            server.request("POST", f"/api/tables/{table}/seats", {"device": key})["token"]
            for key in keys
        ]

        async def both() -> list[dict[str, Any]]:
            clients = [SeatClient(server.url, table, token) for token in tokens]
            return list(await asyncio.gather(*(_fold_to_the_end(c) for c in clients)))

        finals = asyncio.run(both())
        seen = {p["name"]: p["rating"] for p in finals[0]["players"]}
        assert sorted(seen) == ["A", "B"] and seen["A"] != seen["B"]
        server.kill()  # right after the game-over message: no shutdown
    finally:
        server.kill()
    server = SiteServer(db).start()
    try:
        board = _get(server, "/api/leaderboard/holdem")
        assert {row["nickname"]: row["rating"] for row in board["ratings"]} == seen
        games = _get(server, "/api/devices/me/games", keys[0])
        assert games["tables"][0]["id"] == table
        assert games["tables"][0]["status"] == "over"
        assert games["tables"][0]["seats"][0]["rating_after"] == seen["A"]
        assert _get(server, "/api/devices/me", keys[1]) == {"nickname": "B"}
        facts = _get(server, f"/api/tables/{table}")
        assert {p["name"]: p["rating"] for p in facts["players"]} == seen
    finally:
        server.stop()


def test_store_round_trip_of_devices_seats_results_and_ratings(store_url: str) -> None:
    db = store_url
    with site(db) as client:
        ann, bob = register(client, "Ann"), register(client, "Bob")
        table = new_table(client, "five-card-draw", ["person", "person"], rounds=1)
        final = play_devices(client, table, [ann, bob])
        board = leaderboard(client, "five-card-draw")
    with site(db) as client:
        assert leaderboard(client, "five-card-draw") == board
        room = room_of(client, table)
        assert [p["rating_change"] for p in room.players()] == [
            p["rating_change"] for p in final["players"]
        ]
        assert [r.device for r in room.seats] == [1, 2]
        assert client.post(f"/api/tables/{table}/return", json={"device": bob}).json()["seat"] == 1
