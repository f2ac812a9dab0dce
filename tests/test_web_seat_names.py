"""A seat the site names, a CPU's or a person's who gave no nickname, is named in each
reader's language: in the table's state and narration (the server words them per connection),
and in the lobby's list, whose rows are shared by every language and so name such a seat by
its number for the page to word (its browser test is in tests/test_web_browser_words.py)."""

from __future__ import annotations

import json
from typing import Any

from starlette.testclient import TestClient
from web_helpers import Browser, new_table, site, take_seat


def _watch(client: TestClient, table: str, lang: str) -> Any:
    return client.websocket_connect(f"/ws/{table}?lang={lang}")


def _welcome_names(ws: Any) -> list[str]:
    ws.send_text(json.dumps({"type": "watch"}))
    welcome = json.loads(ws.receive_text())
    return [player["name"] for player in welcome["state"]["players"]]


def _sentences_until_fold(ws: Any, seat: int) -> str:
    """The sentence telling the first fold of ``seat`` a watcher is sent."""
    while True:
        for event in json.loads(ws.receive_text()).get("events", []):
            if event["kind"] == "fold" and event["seat"] == seat:
                return str(event["sentence"])


def test_an_unnamed_seat_and_a_cpu_seat_are_named_in_each_watchers_language() -> None:
    with site() as client:
        table = new_table(client, "holdem", ["person", "cpu:rules", "person"])
        first, first_token = take_seat(client, table, "")  # no nickname given
        last, last_token = take_seat(client, table, "Ann")
        assert (first, last) == (0, 2)
        with _watch(client, table, "ar") as arabic, _watch(client, table, "en") as english:
            assert _welcome_names(arabic) == ["المقعد 1", "الحاسوب 2", "Ann"]
            assert _welcome_names(english) == ["Seat 1", "CPU 2", "Ann"]
            seat = Browser(client, table, first_token)
            seat.open()
            Browser(client, table, last_token).open()
            seat.read_until(lambda state: state["actor"] == 0)
            seat.act("fold")
            assert _sentences_until_fold(arabic, 0) == "\u2068المقعد 1\u2069 ينسحب"  # noqa: RUF001
            assert _sentences_until_fold(english, 0) == "Seat 1 folds"
            # the saved name stays the one the history files use
            token = {"x-seat-token": last_token}
            history = client.get(f"/api/tables/{table}/history", headers=token)
            assert history.status_code == 200, history.text
            assert "Seat 1" in history.text and "المقعد" not in history.text


def test_the_lobby_row_names_only_the_seats_whose_players_named_them() -> None:
    with site() as client:
        table = new_table(client, "holdem", ["person", "cpu:rules", "person", "person"])
        take_seat(client, table, "")
        take_seat(client, table, "Ann")
        take_seat(client, table, "Seat 4")  # a nickname that is the seat's own name
        rows = client.get("/api/tables", headers={"accept-language": "ar"}).json()["tables"]
        assert [(p["seat"], p["name"], p["cpu"]) for p in rows[0]["seated"]] == [
            (0, None, False),
            (1, None, True),
            (2, "Ann", False),
            (3, None, False),
        ]
