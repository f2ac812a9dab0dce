"""The Starlette application of ``drawpoker serve``: the pages (plain files from ``static/``),
the JSON API of the lobby and the tips page, and the WebSocket of each table
(docs/protocol.md).

Routes::

    GET  /                          the lobby
    GET  /table/{id}                a table (the link a lobby shares)
    GET  /tips                      the tips page
    GET  /static/...                the pages' CSS and JavaScript
    GET  /api/games                 every game, its settings and CPU players
    POST /api/tables                a new table -> its id and link
    GET  /api/tables/{id}           the table's public facts (game, seats, status)
    POST /api/tables/{id}/seats     take an open seat -> the seat and its token
    GET  /api/tables/{id}/history   the seat's hand history (header X-Seat-Token)
    POST /api/tables/{id}/again     once the game is over: a seat at the group's new table
    GET  /api/tips, /api/tips.svg   the draw tips with their numbers, and their chart
    POST /api/analyse               every discard choice of a five-card hand, ranked
    WS   /ws/{id}                   the table's WebSocket

Every response carries a Content-Security-Policy that allows only this server's own files:
the pages fetch nothing from anywhere else.

>>> app = create_app(":memory:")
>>> sorted(route.path for route in app.routes)[:3]
['/', '/api/analyse', '/api/games']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from drawpoker.errors import DrawPokerError, HistoryError
from drawpoker.web.analysis import analyse, tips_chart, tips_data
from drawpoker.web.history import phh_history, seat_history
from drawpoker.web.house import House
from drawpoker.web.lobby import catalogue, parse_new_table
from drawpoker.web.protocol import (
    Command,
    Hello,
    ProtocolError,
    load_object,
    parse_message,
)
from drawpoker.web.room import Outbox, Pace, Room, encode
from drawpoker.web.store import Store

STATIC = Path(str(files("drawpoker.web").joinpath("static")))
"""The pages' files, shipped in the package."""

MAX_BODY = 16384
"""The most bytes a JSON request body may have."""

OUTBOX_SIZE = 256
"""Messages queued for one connection before it counts as too slow and is closed."""

SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        b"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
"""Headers added to every HTTP response."""

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP response.

    >>> SecurityHeaders(None).app is None
    True
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


def error(status: int, code: str, message: str) -> JSONResponse:
    """A JSON error response: ``{"error": code, "message": message}``.

    >>> error(404, "no-table", "there is no such table").status_code
    404
    """
    return JSONResponse({"error": code, "message": message}, status_code=status)


async def read_json(request: Request) -> Any:
    """The request's JSON body (at most :data:`MAX_BODY` bytes, an object); a
    :class:`ProtocolError` otherwise."""
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY:
        raise ProtocolError("too-large", f"a request body has at most {MAX_BODY} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ProtocolError("too-large", f"a request body has at most {MAX_BODY} bytes")
    return load_object(body, MAX_BODY)


def _house(request: Request | WebSocket) -> House:
    house: House = request.app.state.house
    return house


def _room(request: Request) -> Room | None:
    return _house(request).rooms.get(request.path_params["table_id"])


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / name, media_type="text/html")

    return page


async def games(request: Request) -> Response:
    """Every registered game with its settings and CPU players."""
    return JSONResponse({"games": catalogue()})


async def new_table(request: Request) -> Response:
    """Makes a table from the lobby's request; answers its id, its link and its facts."""
    try:
        data = await read_json(request)
        table_request = parse_new_table(data)
    except ProtocolError as problem:
        return error(413 if problem.code == "too-large" else 400, problem.code, problem.message)
    except DrawPokerError as problem:
        return error(400, "bad-request", str(problem))
    room = _house(request).create(table_request)
    url = str(request.base_url).rstrip("/") + f"/table/{room.id}"
    return JSONResponse({"id": room.id, "url": url, "table": room.facts()}, status_code=201)


async def table_facts(request: Request) -> Response:
    """The table's public facts."""
    room = _room(request)
    if room is None:
        return error(404, "no-table", "there is no such table")
    return JSONResponse(room.facts())


async def take_seat(request: Request) -> Response:
    """Gives the first open seat to the person asking: the seat and its token (keep it)."""
    room = _room(request)
    if room is None:
        return error(404, "no-table", "there is no such table")
    try:
        data = await read_json(request)
        unknown = sorted(set(data) - {"name"})
        if unknown:
            raise ProtocolError("bad-message", f"unknown fields {unknown} (known: ['name'])")
    except ProtocolError as problem:
        return error(413 if problem.code == "too-large" else 400, problem.code, problem.message)
    if not room.open_seats():
        return error(409, "full", "every seat of this table is taken")
    try:
        seat, token = _house(request).claim(room, data.get("name"))
    except DrawPokerError as problem:
        return error(400, "bad-request", str(problem))
    return JSONResponse({"seat": seat, "token": token}, status_code=201)


async def history(request: Request) -> Response:
    """The seat's hand history, as a file: this site's JSON, or PHH with ``?format=phh``."""
    room = _room(request)
    if room is None:
        return error(404, "no-table", "there is no such table")
    token = request.headers.get("x-seat-token", "")
    seat = _house(request).seat_of(room, token) if token else None
    if seat is None:
        return error(403, "bad-token", "send the seat token in the X-Seat-Token header")
    names = [p["name"] for p in room.players()]
    kind = request.query_params.get("format", "json")
    name = f"drawpoker-{room.id}-seat{seat + 1}"
    if kind == "phh":
        try:
            text = phh_history(room.id, room.table, seat, names)
        except HistoryError as problem:  # a game or setting no PHH variant can write
            return error(501, "no-phh", str(problem))
        return Response(
            text,
            media_type="text/plain",
            headers={"content-disposition": f'attachment; filename="{name}.phhs"'},
        )
    if kind != "json":
        return error(400, "bad-request", 'format is "json" or "phh"')
    body = json.dumps(seat_history(room.id, room.table, seat, names), indent=1)
    return Response(
        body,
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{name}.json"'},
    )


async def play_again(request: Request) -> Response:
    """A person of a finished table (header X-Seat-Token) plays again: their seat at the
    group's new table (same game, settings and seats) and its token."""
    room = _room(request)
    if room is None:
        return error(404, "no-table", "there is no such table")
    token = request.headers.get("x-seat-token", "")
    seat = _house(request).seat_of(room, token) if token else None
    if seat is None:
        return error(403, "bad-token", "send the seat token in the X-Seat-Token header")
    try:
        again, new_token = _house(request).play_again(room, seat)
    except DrawPokerError as problem:
        return error(409, "conflict", str(problem))
    url = str(request.base_url).rstrip("/") + f"/table/{again.id}"
    return JSONResponse(
        {"id": again.id, "url": url, "seat": seat, "token": new_token}, status_code=201
    )


async def tips(request: Request) -> Response:
    """The draw tips with their exact numbers, both decks."""
    return JSONResponse(await asyncio.to_thread(tips_data))


async def tips_svg(request: Request) -> Response:
    """The tips' chart."""
    return Response(await asyncio.to_thread(tips_chart), media_type="image/svg+xml")


async def analysis(request: Request) -> Response:
    """Every discard choice of the hand asked about, ranked exactly."""
    try:
        data = await read_json(request)
        result = await asyncio.to_thread(analyse, data)
    except ProtocolError as problem:
        return error(413 if problem.code == "too-large" else 400, problem.code, problem.message)
    except DrawPokerError as problem:
        return error(400, "bad-request", str(problem))
    return JSONResponse(result)


class SocketOutbox:
    """A WebSocket's queue of messages, sent in order by one task; a connection whose queue
    fills (a browser that does not read) is closed, and reconnects to a snapshot."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue(OUTBOX_SIZE)
        self.task = asyncio.get_running_loop().create_task(self._send_all())

    def send(self, text: str) -> bool:
        """Queues a message; ``False`` when the queue is full."""
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            return False
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Closes the connection once the messages queued before are sent; when the queue is
        full (the browser does not read) the oldest are dropped to make room for the close,
        which must go out: the browser reconnects and gets what it missed from its stream."""
        while True:
            try:
                self.queue.put_nowait((code, reason))
                return
            except asyncio.QueueFull:
                self.queue.get_nowait()

    async def _send_all(self) -> None:
        websocket = self.websocket
        with contextlib.suppress(Exception):
            while True:
                item = await self.queue.get()
                if isinstance(item, tuple):
                    await websocket.close(item[0], item[1])
                    return
                await websocket.send_text(item)

    async def finish(self) -> None:
        """Stops the sending task (after the queued messages, if they go out soon)."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.shield(self._drained()), 1.0)
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.task

    async def _drained(self) -> None:
        while not self.queue.empty() and not self.task.done():
            await asyncio.sleep(0.01)


async def table_socket(websocket: WebSocket) -> None:
    """A table's WebSocket: a hello with the seat token first, then actions and commands;
    each refused message gets an error to this connection only (docs/protocol.md)."""
    house = _house(websocket)
    room = house.rooms.get(websocket.path_params["table_id"])
    await websocket.accept()
    outbox = SocketOutbox(websocket)
    if room is None:
        outbox.send(encode(ProtocolError("no-table", "there is no such table").to_dict()))
        outbox.close(4404, "no such table")
        await outbox.finish()
        return
    seat = await _serve(websocket, house, room, outbox)
    if seat is not None:
        room.disconnect(seat, outbox)
    await outbox.finish()


async def _serve(websocket: WebSocket, house: House, room: Room, outbox: Outbox) -> int | None:
    seat: int | None = None
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return seat
        text = message.get("text")
        try:
            if text is None:
                raise ProtocolError("bad-message", "messages are JSON in text frames")
            parsed = parse_message(text)
            if seat is None:
                if not isinstance(parsed, Hello):
                    raise ProtocolError("hello-first", "send a hello with your seat token first")
                found = house.seat_of(room, parsed.token)
                if found is None:
                    outbox.send(
                        encode(
                            ProtocolError(
                                "bad-token", "this is not a seat token of this table"
                            ).to_dict()
                        )
                    )
                    outbox.close(4401, "bad seat token")
                    return None
                seat = found
                room.connect(seat, outbox, parsed.since)
            elif isinstance(parsed, Hello):
                raise ProtocolError("bad-message", "this connection has said hello already")
            elif isinstance(parsed, Command):
                if parsed.kind == "ping":
                    outbox.send(encode({"type": "pong"}))
                else:
                    room.command(seat, parsed.kind)
            else:
                room.act(seat, parsed)
        except ProtocolError as problem:
            outbox.send(encode(problem.to_dict()))


def create_app(db: str | Path = ":memory:", pace: Pace | None = None) -> Starlette:
    """The application, with its tables in the SQLite file ``db`` (loaded when it starts) and
    CPU players at ``pace``.

    >>> create_app(":memory:", Pace(think=1.0)).state.pace.think
    1.0
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(db)
        house = House(store, pace)
        app.state.house = house
        house.load()
        try:
            yield
        finally:
            await house.stop()
            store.close()

    app = Starlette(
        routes=[
            Route("/", _page("index.html")),
            Route("/table/{table_id}", _page("table.html")),
            Route("/tips", _page("tips.html")),
            Route("/api/games", games),
            Route("/api/tables", new_table, methods=["POST"]),
            Route("/api/tables/{table_id}", table_facts),
            Route("/api/tables/{table_id}/seats", take_seat, methods=["POST"]),
            Route("/api/tables/{table_id}/history", history),
            Route("/api/tables/{table_id}/again", play_again, methods=["POST"]),
            Route("/api/tips", tips),
            Route("/api/tips.svg", tips_svg),
            Route("/api/analyse", analysis, methods=["POST"]),
            WebSocketRoute("/ws/{table_id}", table_socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.pace = pace or Pace()
    app.add_middleware(SecurityHeaders)
    return app
