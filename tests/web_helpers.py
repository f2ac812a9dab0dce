"""Scripted browsers for the site's tests: a seat's WebSocket over Starlette's TestClient that
records every message it receives, a random chooser of legal actions from a seat's state, and
the house's view of what a seat may know (for the leak checks)."""

from __future__ import annotations

import bisect
import json
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from drawpoker.site.app import create_app
from drawpoker.site.client import SeatStream, random_action
from drawpoker.site.guard import SiteLimits
from drawpoker.site.protocol import TOO_SLOW
from drawpoker.site.room import Pace, Room
from drawpoker.table import Table
from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

CARD = re.compile(r"^(?:[2-9TJQKA][cdhs]|Jk)$")
CARD_IN_TEXT = re.compile(r"(?<![\w-])(?:[2-9TJQKA][cdhs]|Jk)(?![\w-])")
"""A card named inside a sentence ("Ann shows As Kd: ...")."""


SCRIPTED = SiteLimits(
    message_rate="100000/second",
    request_rate="100000/second",
    table_rate="100000/minute",
    open_tables=100000,
    connections_per_address=100000,
)
"""The limits of a site whose clients are scripts acting as fast as they can (a person's
browser sends a few messages a second at most)."""


@contextmanager
def site(
    db: str = ":memory:", pace: Pace | None = None, limits: SiteLimits = SCRIPTED
) -> Iterator[TestClient]:
    """The application on a test client, its lifespan running (tables loaded, tasks live)."""
    with TestClient(create_app(db, pace or Pace(), limits)) as client:
        client.browsers = []  # type: ignore[attr-defined]
        try:
            yield client
        finally:
            for browser in client.browsers:  # type: ignore[attr-defined]
                browser.close()


def refused_handshake(client: TestClient, path: str) -> WebSocketDenialResponse:
    """The answer to a WebSocket handshake to ``path`` that is refused (the test fails if it
    is let in): its ``status_code`` and JSON body."""
    with pytest.raises(WebSocketDenialResponse) as denied, client.websocket_connect(path):
        pass
    return denied.value


def new_table(client: TestClient, game: str, seats: list[str], **fields: Any) -> str:
    response = client.post("/api/tables", json={"game": game, "seats": seats, **fields})
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def take_seat(client: TestClient, table_id: str, name: str) -> tuple[int, str]:
    response = client.post(f"/api/tables/{table_id}/seats", json={"name": name})
    assert response.status_code == 201, response.text
    data = response.json()
    return int(data["seat"]), str(data["token"])


def room_of(client: TestClient, table_id: str) -> Room:
    """The table's room: live, or finished and loaded back from the store (on the loop)."""
    house = client.app.state.house  # type: ignore[attr-defined]
    room: Room | None = client.portal.call(house.find, table_id)  # type: ignore[union-attr]
    assert room is not None, table_id
    return room


class Browser(SeatStream):
    """One seat's WebSocket (a watcher's when ``token`` is ``None``): every message received
    is kept (``texts``), the latest state and the events of the stream followed
    (:class:`~drawpoker.site.client.SeatStream`)."""

    def __init__(self, client: TestClient, table_id: str, token: str | None) -> None:
        super().__init__()
        self.client = client
        self.table_id = table_id
        self.token = token
        self.texts: list[str] = []
        self.slow_closes = 0
        self._context: Any = None
        self.ws: Any = None

    def open(self, since: int | None = None) -> dict[str, Any]:
        """Connects and says hello; returns the welcome."""
        self._context = self.client.websocket_connect(f"/ws/{self.table_id}")
        self.ws = self._context.__enter__()
        self.client.browsers.append(self)  # type: ignore[attr-defined]
        hello: dict[str, Any] = (
            {"type": "watch"} if self.token is None else {"type": "hello", "token": self.token}
        )
        if since is not None:
            hello["since"] = since
        else:
            self.events = []
        self.ws.send_text(json.dumps(hello))
        welcome = self.read()
        assert welcome["type"] == "welcome", welcome
        return welcome

    def close(self) -> None:
        if self._context is not None:
            context, self._context, self.ws = self._context, None, None
            context.__exit__(None, None, None)

    def read(self) -> dict[str, Any]:
        """The next message (kept, and followed). A connection the server closed as too slow
        (1013) is opened again from the last event, as the table page does."""
        try:
            text = self.ws.receive_text()
        except WebSocketDisconnect as closed:
            if closed.code != TOO_SLOW:
                raise
            self.slow_closes += 1
            self.close()
            return self.open(since=self.seq)
        self.texts.append(text)
        message: dict[str, Any] = json.loads(text)
        return self.follow(message)

    def read_until(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Reads until the state satisfies ``done``."""
        while self.state is None or not done(self.state):
            self.read()
        assert self.state is not None
        return self.state

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send_text(message if isinstance(message, str) else json.dumps(message))

    def act(self, kind: str, **fields: Any) -> None:
        assert self.state is not None
        self.send({"type": "act", "seq": self.state["seq"], "kind": kind, **fields})


def present_turn(persons: set[int]) -> Callable[[dict[str, Any]], bool]:
    """Whether a state is over, or waits for a present person of ``persons``."""

    def done(s: dict[str, Any]) -> bool:
        if s["status"] == "over":
            return True
        actor = s["actor"]
        return s["status"] == "playing" and actor in persons and not s["players"][actor]["away"]

    return done


def play_turn(
    browsers: dict[int, Browser],
    watcher: Browser,
    rng: random.Random,
    choose: Callable[[dict[str, Any], random.Random], dict[str, Any]] = random_action,
    ready: Callable[[dict[str, Any]], bool] = lambda state: True,
) -> Browser | None:
    """Plays the next person's turn once its state is ``ready`` (e.g. it has the tip being
    worked out for it); returns the browser to watch next (the one that acted: it has read
    its stream up to its action), or ``None`` when the game is over.

    ``watcher`` must be up to date to its own last action, so that the first state in its
    queue that waits for a person is the table as it is (the server waits for that person).
    """
    state = watcher.read_until(present_turn(set(browsers)))
    if state["status"] == "over":
        return None
    seat, actions = state["actor"], state["actions"]
    player = browsers[seat]
    mine = player.read_until(
        lambda s: (
            s["status"] == "over"
            or (s["actions"] >= actions and s["legal"] is not None and ready(s))
        )
    )
    if mine["status"] == "over":
        return None
    player.act(**choose(mine, rng))
    player.read_until(lambda s: s["actions"] > mine["actions"] or s["status"] == "over")
    return player


def play_persons(
    browsers: dict[int, Browser],
    rng: random.Random,
    choose: Callable[[dict[str, Any], random.Random], dict[str, Any]] = random_action,
    reconnect: float = 0.0,
    ready: Callable[[dict[str, Any]], bool] = lambda state: True,
) -> dict[str, Any]:
    """Plays the people's seats of one table to its end with ``choose``, each turn once its
    state is ``ready``; returns the final state. After an action, with probability
    ``reconnect`` the seat that acted closes its connection and opens a new one (from its last
    event, or afresh)."""
    watcher: Browser | None = browsers[min(browsers)]
    last = watcher
    while watcher is not None:
        last = watcher
        watcher = play_turn(browsers, watcher, rng, choose, ready)
        if watcher is not None and reconnect and rng.random() < reconnect:
            watcher.close()
            watcher.open(since=watcher.events[-1]["seq"] if rng.random() < 0.7 else None)
    final = last.read_until(lambda s: s["status"] == "over")
    for browser in browsers.values():
        browser.read_until(lambda s: s["status"] == "over" and s["actions"] == final["actions"])
        assert browser.errors == [], browser.errors
    return final


class KnownCards:
    """The house's record of what one seat may know: for each hand, after each event of the
    seat's stream (the engine's ``event.to`` decides which), every card it was shown so far."""

    def __init__(self, table: Table, seat: int) -> None:
        from drawpoker.site.seatview import cards_text

        self.seqs: dict[int, list[int]] = {}
        self.sets: dict[int, list[frozenset[str]]] = {}
        seq = 0
        for index, hand in enumerate(table.hands):
            seen: set[str] = set()
            seqs, sets = self.seqs.setdefault(index, []), self.sets.setdefault(index, [])
            for event in hand.events:
                if event.to is None or event.to == seat:
                    seq += 1
                    seen |= set(cards_text(event.cards))
                    seqs.append(seq)
                    sets.append(frozenset(seen))

    def allowed(self, hand: int, upto: int) -> frozenset[str]:
        """The cards of ``hand`` the seat had been shown by event ``upto`` of its stream."""
        seqs = self.seqs.get(hand, [])
        at = bisect.bisect_right(seqs, upto)
        return self.sets[hand][at - 1] if at else frozenset()


def cards_in(data: Any, hand: int | None = None) -> Iterator[tuple[int | None, str]]:
    """Every card text in a message, with the hand it belongs to (the nearest ``hand``)."""
    if isinstance(data, dict):
        if type(data.get("hand")) is int:
            hand = data["hand"]
        for key, value in data.items():
            if key == "sentence":  # the narration's: the cards it names count too
                yield from ((hand, card) for card in CARD_IN_TEXT.findall(value))
            elif key not in ("name", "message", "text", "draw_rule"):
                yield from cards_in(value, hand)
    elif isinstance(data, list):
        for value in data:
            yield from cards_in(value, hand)
    elif isinstance(data, str) and CARD.match(data):
        yield hand, data


def keys_in(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from keys_in(value)
    elif isinstance(data, list):
        for value in data:
            yield from keys_in(value)
