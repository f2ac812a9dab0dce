"""A small client of the site, written from docs/protocol.md alone: the HTTP calls that make a
table and take a seat (:func:`create_table`, :func:`take_seat`), one seat's WebSocket in asyncio
(:class:`SeatClient`), and a player that picks random legal actions (:func:`random_action`).
The tests, the crash test and the load test (bench/site_load.py) drive the server with it.

>>> client = SeatClient("http://127.0.0.1:8000", "t1", "token")
>>> client.url, client.seq
('ws://127.0.0.1:8000/ws/t1', None)
"""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request
from typing import Any

from drawpoker.site.jsontext import decode

JSON = dict[str, Any]

REQUEST_TIMEOUT = 60.0
"""Seconds an HTTP call waits for the server's answer before it raises (a server that never
answers fails the caller instead of holding it for ever)."""


def _request(method: str, url: str, body: object = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method=method, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
        return json.loads(response.read())


def create_table(base_url: str, request: JSON) -> JSON:
    """``POST /api/tables``: a new table; its id, link and facts.

    >>> create_table.__name__
    'create_table'
    """
    data: JSON = _request("POST", base_url.rstrip("/") + "/api/tables", request)
    return data


def take_seat(base_url: str, table_id: str, name: str) -> tuple[int, str]:
    """``POST /api/tables/{id}/seats``: the seat taken and its token.

    >>> take_seat.__name__
    'take_seat'
    """
    data = _request("POST", f"{base_url.rstrip('/')}/api/tables/{table_id}/seats", {"name": name})
    return int(data["seat"]), str(data["token"])


def random_action(state: JSON, rng: random.Random) -> JSON:
    """A random legal action for the seat whose state this is, at its turn: any legal kind
    (checks and calls likelier than folds), a bet or raise of the minimum, a preset, a few
    steps more or all-in, a draw of any legal set of discards.

    >>> state = {"cards": ["As", "Kd"], "legal": {"kinds": ["fold", "call"], "presets": []}}
    >>> random_action(state, random.Random(1))["kind"] in ("fold", "call")
    True
    """
    legal = state["legal"]
    kinds = legal["kinds"]
    if "draw" in kinds:
        masks = legal.get("draws") or [0]
        mask = rng.choice(masks)
        return {"kind": "draw", "cards": [c for i, c in enumerate(state["cards"]) if mask >> i & 1]}
    weights = {"fold": 1, "check": 4, "call": 4, "bet": 2, "raise": 1}
    kind = rng.choices(kinds, [weights.get(k, 1) for k in kinds])[0]
    if kind in ("bet", "raise"):
        low, high, step = legal["min_to"], legal["max_to"], max(legal["step"], 1)
        options = [high] + [p["amount"] for p in legal["presets"]]
        options.append(low + step * rng.randint(0, min((high - low) // step, 5)))
        return {"kind": kind, "amount": rng.choice(options)}
    return {"kind": kind}


class SeatStream:
    """What a client follows of one seat's messages (:meth:`follow`): the seat, its latest
    whole state, the events of its stream (a gap raises) and the errors it was sent. The
    clients here (:class:`SeatClient`, the tests' scripted browsers) read their messages their
    own way and follow them with it.

    >>> stream = SeatStream()
    >>> stream.follow({"type": "welcome", "seat": 1, "events": [{"seq": 4}], "state": {}})["seat"]
    1
    >>> stream.follow({"type": "update", "seq": 6, "events": [{"seq": 6}], "state": {}})
    Traceback (most recent call last):
    ...
    ValueError: a gap in the stream: 4 then 6
    """

    def __init__(self) -> None:
        self.state: JSON | None = None
        self.events: list[JSON] = []
        self.errors: list[JSON] = []
        self.seat: int | None = None

    @property
    def seq(self) -> int | None:
        """The latest event of the seat's stream followed (``None`` before any).

        >>> SeatStream().seq is None
        True
        """
        return self.events[-1]["seq"] if self.events else None

    def follow(self, message: JSON) -> JSON:
        """Follows one message from the server (a welcome or an update: the seat's state and
        the next events of its stream; an error: kept); returns it."""
        kind = message["type"]
        if kind in ("welcome", "update"):
            if kind == "welcome":
                self.seat = message["seat"]
            for event in message["events"]:
                if self.events and event["seq"] != self.events[-1]["seq"] + 1:
                    raise ValueError(
                        f"a gap in the stream: {self.events[-1]['seq']} then {event['seq']}"
                    )
                self.events.append(event)
            self.state = message["state"]
        elif kind == "error":
            self.errors.append(message)
        return message


class SeatClient(SeatStream):
    """One seat's WebSocket: ``connect`` says hello (from the last event it has, after a first
    connection), ``receive`` reads the next message and follows the seat's state and stream,
    ``act`` sends an action chosen in the current state. Needs the ``websockets`` package.

    >>> SeatClient("http://h:1", "t", "x").my_turn()
    False
    """

    def __init__(self, base_url: str, table_id: str, token: str) -> None:
        super().__init__()
        self.base_url = base_url.rstrip("/")
        self.table_id = table_id
        self.token = token
        self.socket: Any = None
        self.pending: int | None = None
        """The table's action count when this client acted, until the action shows."""

    @property
    def url(self) -> str:
        """The table's WebSocket (``base_url`` may change: a server started again elsewhere).

        >>> SeatClient("https://h", "t", "x").url
        'wss://h/ws/t'
        """
        base = self.base_url.replace("http://", "ws://").replace("https://", "wss://")
        return f"{base}/ws/{self.table_id}"

    async def connect(self) -> JSON:
        """Opens the WebSocket, says hello, returns the welcome (followed); a server that
        does not answer within :data:`REQUEST_TIMEOUT` seconds raises ``TimeoutError``."""
        from websockets.asyncio.client import connect  # serve extra: the CLI starts without it

        self.socket = await connect(self.url, max_size=2**22, open_timeout=REQUEST_TIMEOUT)
        hello: JSON = {"type": "hello", "token": self.token}
        if self.seq is not None:
            hello["since"] = self.seq
        await self.socket.send(json.dumps(hello))
        async with asyncio.timeout(REQUEST_TIMEOUT):
            welcome = await self.receive()
        if welcome["type"] != "welcome":
            raise ConnectionError(f"the server refused the seat: {welcome}")
        return welcome

    async def close(self) -> None:
        """Closes the WebSocket."""
        if self.socket is not None:
            await self.socket.close()
            self.socket = None

    async def receive(self) -> JSON:
        """The next message, its state and events followed (a gap in the stream raises)."""
        return self.follow(decode(await self.socket.recv()))

    def follow(self, message: JSON) -> JSON:
        """Follows the message (:meth:`SeatStream.follow`) and whether the action sent shows
        yet (a welcome or an error ends the wait too)."""
        super().follow(message)
        kind, pending = message["type"], self.pending
        shown = kind == "update" and pending is not None and message["state"]["actions"] > pending
        if kind in ("welcome", "error") or shown:
            self.pending = None
        return message

    def my_turn(self) -> bool:
        """Whether the state waits for this seat's action (and none was sent for it yet, and the
        table does not hold the last hand's result: ``pause``).

        >>> client = SeatClient("http://h:1", "t", "x")
        >>> client.state = {"status": "playing", "legal": {"kinds": ["check"]}}
        >>> client.my_turn()
        True
        """
        state = self.state
        return (
            state is not None
            and state["status"] == "playing"
            and state["legal"] is not None
            and state.get("pause") is None
            and self.pending is None
        )

    async def act(self, action: JSON) -> None:
        """Sends ``action`` (``kind``, and ``amount`` or ``cards``) for the current state."""
        assert self.state is not None
        self.pending = self.state["actions"]
        await self.socket.send(json.dumps({"type": "act", "seq": self.state["seq"], **action}))
