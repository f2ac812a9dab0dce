"""The Starlette application of ``drawpoker serve``: the pages (plain files from ``static/``),
the JSON API of the lobby and the tips page, and the WebSocket of each table
(docs/protocol.md).

Routes::

    GET  /                          the lobby
    GET  /table/{id}                a table (the link a lobby shares; 404 for no table)
    GET  /tips                      the tips page
    GET  /rules, /rules/{game}      the rules pages: every game, and each game's rules
    GET  /i18n/{tag}.json           a language's catalogue for the pages (docs/i18n.md)
    GET  /static/...                the pages' CSS and JavaScript
    GET  /api/games                 every game, its settings and CPU players
    GET  /api/tables                the lobby's list of tables, a page (?limit=&offset=)
    POST /api/tables                a new table -> its id and link (and the creator's seat)
    POST /api/play                  "Play now": a seat at a table of a game with CPU players
    GET  /api/tables/{id}           the table's public facts (game, seats, status)
    POST /api/tables/{id}/seats     take an open seat -> the seat and its token
    POST /api/tables/{id}/return    a device takes its seat back -> the seat and a new token
    GET  /api/tables/{id}/history   the seat's hand history (header X-Seat-Token, or
                                    X-Device-Key and ?seat=)
    POST /api/tables/{id}/again     once the game is over: a seat at the group's new table
    POST /api/devices               a new device key for a nickname
    GET  /api/devices/me            the device's nickname (header X-Device-Key)
    GET  /api/devices/me/games      the device's tables, results and ratings (paged)
    GET  /api/leaderboard/{game}    a game's ratings, best first (paged)
    GET  /games, /leaderboard       the pages of your games and of the leaderboards
    GET  /api/tips, /api/tips.svg   the draw tips with their numbers, and their chart
    POST /api/analyse               every discard choice of a draw game's hand, ranked
    WS   /ws/{id}                   the table's WebSocket (a seat's, or a watcher's)
    WS   /lobby/ws                  the lobby's list of tables, sent again when it changes

Every response carries a Content-Security-Policy that allows only this server's own files:
the pages fetch nothing from anywhere else. A request that changes anything (a POST) and a
WebSocket handshake are refused (403) when they come from a page of another origin than the
site's own (``public_url``) and the ``allowed_origins``; a POST body must be JSON
(``content-type: application/json``, 415 otherwise), which a page of another site cannot send
without asking first. Links are built from ``public_url``, never from the request's Host. The
limits on what one client may use are :class:`~drawpoker.site.guard.SiteLimits`.

>>> app = create_app(":memory:")
>>> sorted(route.path for route in app.routes)[:3]
['/', '/api/analyse', '/api/devices']
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from drawpoker.engine import GAMES
from drawpoker.errors import DrawPokerError, InvalidArgumentError
from drawpoker.site.analysis import AnalysisRefused, analyse, tips_chart, tips_data
from drawpoker.site.guard import (
    POLICY_VIOLATION,
    Admission,
    Guard,
    Refused,
    SiteLimits,
    limited_address,
    origin_of,
)
from drawpoker.site.heap import TICK, YOUNG, HeapFreezer
from drawpoker.site.house import House, NicknameError, clean_name, could_be_table_id
from drawpoker.site.i18n import (
    DEFAULT_LANGUAGE,
    REMEMBERED,
    base_language,
    catalogue_json,
    chosen_language,
    remembered,
)
from drawpoker.site.i18n import message as say
from drawpoker.site.jsontext import encode
from drawpoker.site.listing import LobbyFeed, page_bounds, whole_number
from drawpoker.site.lobby import NewTable, catalogue, parse_new_table
from drawpoker.site.page_text import localised
from drawpoker.site.protocol import (
    CLOSE_CODES,
    Command,
    Hello,
    ProtocolError,
    Tips,
    Watch,
    load_object,
    outage_sentence,
    parse_message,
)
from drawpoker.site.room import Outbox, Pace, Room
from drawpoker.site.rules_pages import busy_html, game_html, index_html, missing_html
from drawpoker.site.seat_help import warm_tips
from drawpoker.site.store import Store, StoreUnavailableError
from drawpoker.site.store_postgres import PostgresBackend, is_postgres_url
from drawpoker.site.store_sqlite import SQLiteBackend
from drawpoker.site.tasks import stop_task

STATIC = Path(str(files("drawpoker.site").joinpath("static")))
"""The pages' files, shipped in the package."""

MAX_BODY = 16384
"""The most bytes a JSON request body may have."""

DEFAULT_URL = "http://127.0.0.1:8000"
"""The site's address when none is given (``drawpoker serve``'s default host and port)."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""The HTTP methods that change nothing (their Origin is not checked)."""

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


class ResponseFilter:
    """An ASGI middleware that passes each message of an HTTP response through :meth:`filter`
    on its way out (WebSockets and the lifespan go straight through).

    >>> ResponseFilter(None).app is None
    True
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def filtered(message: MutableMapping[str, Any]) -> None:
            await self.filter(message, scope, receive, send)

        await self.app(scope, receive, filtered)

    async def filter(
        self, message: MutableMapping[str, Any], scope: Scope, receive: Receive, send: Send
    ) -> None:
        """Sends ``message`` (a subclass changes it, holds it, or sends another)."""
        await send(message)


class SecurityHeaders(ResponseFilter):
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP response.

    >>> SecurityHeaders(None).app is None
    True
    """

    async def filter(
        self, message: MutableMapping[str, Any], scope: Scope, receive: Receive, send: Send
    ) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
        await send(message)


class OriginCheck:
    """ASGI middleware refusing (403, JSON) a request that may change something, sent by a
    page of an origin not in ``allowed`` (a request without an ``Origin`` header does not come
    from another site's page: browsers send one with every POST and WebSocket handshake).

    >>> OriginCheck(None, {"http://127.0.0.1:8000"}).allowed
    {'http://127.0.0.1:8000'}
    """

    def __init__(self, app: Any, allowed: set[str]) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            origin = foreign_origin(scope, self.allowed)
            if origin is not None:
                refusal = error(403, "bad-origin", f"requests from {origin} are not allowed")
                await refusal(scope, receive, send)
                return
        await self.app(scope, receive, send)


class RequestRate:
    """ASGI middleware refusing (429 ``too-many-requests``, retry-after 1) an HTTP request of an
    address past its ``request_rate`` (:meth:`Guard.request_allowed`, the running app's guard);
    WebSockets have their own limits.

    >>> RequestRate(None).app is None
    True
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            guard: Guard = scope["app"].state.guard
            address = address_of(HTTPConnection(scope))
            if not guard.request_allowed(address):
                limit = guard.settings.request_rate
                why = f"this address sent requests too fast (at most {limit}): wait a little"
                connection = HTTPConnection(scope)
                lang = language(connection)
                if scope["method"] == "GET" and "text/html" in connection.headers.get("accept", ""):
                    refusal: Response = HTMLResponse(busy_html(lang), status_code=429)
                else:  # the API's callers read the JSON error
                    refusal = error(429, "too-many-requests", why, lang)
                refusal.headers["retry-after"] = "1"
                await refusal(scope, receive, send)
                return
        await self.app(scope, receive, send)


class CommittedFirst(ResponseFilter):
    """ASGI middleware holding an HTTP response until the tables' writes grouped before it are
    committed (an SQLite file that groups its commits:
    :meth:`~drawpoker.site.store_sqlite.SQLiteBackend.saving`), as a WebSocket's messages
    wait (:class:`SocketOutbox`): the lobby's list, a table's state or history may tell of
    an action saved in this turn of the event loop, and nothing is told before it is saved.
    When that commit fails, the answer is 503 ``store-unavailable`` instead (the rooms load
    their tables again from the store). The store is the running application's house's.

    >>> CommittedFirst(None).app is None
    True
    """

    REFUSED = "drawpoker.unsaved"
    """The scope's key marking a response replaced by the 503 (the rest of it is dropped)."""

    async def filter(
        self, message: MutableMapping[str, Any], scope: Scope, receive: Receive, send: Send
    ) -> None:
        if scope.get(self.REFUSED):
            return
        if message["type"] == "http.response.start":
            commit = pending_commit(scope["app"])
            if commit is not None:
                await asyncio.wait((commit,))
                if commit.exception() is not None:
                    scope[self.REFUSED] = True
                    problem = "the tables could not be saved: send the request again"
                    await unsaved(problem, language(HTTPConnection(scope)))(scope, receive, send)
                    return
        await send(message)


def pending_commit(app: Starlette) -> asyncio.Future[None] | None:
    """The future of the commit of the writes grouped in this turn of the event loop by the
    store of ``app``'s house (``None`` when nothing waits, or before the house is open).

    >>> pending_commit(Starlette()) is None
    True
    """
    house: House | None = getattr(app.state, "house", None)
    saving = None if house is None else saving_of(house.store)
    return None if saving is None else saving()


def foreign_origin(scope: Scope, allowed: set[str]) -> str | None:
    """The request's ``Origin`` when it is given and not in ``allowed``, else ``None``.

    >>> foreign_origin({"headers": [(b"origin", b"http://evil.example")]}, {"http://a"})
    'http://evil.example'
    >>> foreign_origin({"headers": []}, {"http://a"}) is None
    True
    """
    for name, value in scope["headers"]:
        if name == b"origin":
            origin = value.decode("latin-1").lower()
            return None if origin in allowed else origin
    return None


def error(
    status: int, code: str, message: str, tag: str = DEFAULT_LANGUAGE, words: str | None = None
) -> JSONResponse:
    """A JSON error response: ``{"error": code, "message": message}``. In a language other than
    English the person reads ``words`` (the refusal said in their language, when it has its
    own sentence) or else the catalogue's sentence for the code (``error.<code>``), and the
    English ``message`` stays as ``detail``.

    >>> error(404, "no-table", "there is no such table").status_code
    404
    >>> import json
    >>> json.loads(error(404, "no-table", "there is no such table", "ar").body)["message"]
    'لا توجد طاولة بهذا الرقم'
    """
    if base_language(tag) == DEFAULT_LANGUAGE or code not in HTTP_ERRORS:
        return JSONResponse({"error": code, "message": message}, status_code=status)
    said = {"error": code, "message": words or say(tag, f"error.{code}"), "detail": message}
    return JSONResponse(said, status_code=status)


async def read_json(request: Request) -> Any:
    """The request's JSON body (``application/json``, at most :data:`MAX_BODY` bytes, sent
    within ``body_timeout`` seconds, an object); a :class:`ProtocolError` otherwise."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ProtocolError("not-json", "a request body is JSON, sent as application/json")
    if _declared_too_large(request.headers.get("content-length", "")):
        raise ProtocolError("too-large", f"a request body has at most {MAX_BODY} bytes")
    body = b""
    try:
        async with asyncio.timeout(request.app.state.guard.settings.body_timeout):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise ProtocolError("too-large", f"a request body has at most {MAX_BODY} bytes")
    except TimeoutError:
        raise ProtocolError("too-slow", "the request body came too slowly") from None
    return load_object(body, MAX_BODY)


def _declared_too_large(length: str) -> bool:
    """Whether a Content-Length header says more than :data:`MAX_BODY` bytes (without reading
    as a number what ``int`` refuses: a superscript digit, thousands of digits)."""
    digits = length.lstrip("0")
    if not (length.isascii() and length.isdigit()):
        return False
    return len(digits) > len(str(MAX_BODY)) or int(digits or "0") > MAX_BODY


HTTP_ERRORS = frozenset(
    {
        *("bad-origin", "not-json", "too-large", "too-slow", "bad-json", "bad-message"),
        *("bad-request", "no-table", "full", "bad-token", "no-phh"),
        *("site-full", "too-many-tables", "no-language"),
        *("bad-nickname", "bad-page", "no-game", "not-your-seat", "conflict", "over"),
        *("bad-device", "no-device", "other-table", "no-seat", "too-many-devices"),
        *("lobby-full", "too-many-watchers", "dealer-unavailable", "internal"),
        *("too-many-requests", "store-unavailable"),
    }
)
"""Every code an HTTP answer's error may carry; each has a sentence ``error.<code>`` in the
catalogues, which a person reading another language than English gets."""

BODY_STATUS = {"too-large": 413, "not-json": 415, "too-slow": 408}
"""The HTTP status of a refused request body, by its error code (400 for the others)."""


def body_error(problem: ProtocolError, tag: str = DEFAULT_LANGUAGE) -> JSONResponse:
    """The JSON error answering a refused request body.

    >>> body_error(ProtocolError("not-json", "send JSON")).status_code
    415
    """
    return error(BODY_STATUS.get(problem.code, 400), problem.code, problem.message, tag)


def _house(request: Request | WebSocket) -> House:
    house: House = request.app.state.house
    return house


def _room(request: Request) -> Room | None:
    return _house(request).find(request.path_params["table_id"])


def localised_page(name: str) -> Callable[[Request], Awaitable[Response]]:
    """A page of ``static/`` in the request's language (:mod:`drawpoker.site.page_text`)."""
    source = (STATIC / name).read_text(encoding="utf-8")

    async def page(request: Request) -> Response:
        return in_language(request, HTMLResponse(localised(source, language(request))))

    return page


TABLE_PAGE = localised_page("table.html")
"""A table's page; its script asks for the table (``GET /api/tables/{id}``) and draws it."""


async def table_page(request: Request) -> Response:
    """A table's page, answered 404 for an id no table has (its script then says so, with the
    lobby's link), so that a crawler or a link checker hears it too; 200 while the store cannot
    be asked (the script says what it finds)."""
    page = await TABLE_PAGE(request)
    table_id = request.path_params["table_id"]
    try:
        missing = not could_be_table_id(table_id) or (
            _house(request).store.seat_hashes(table_id) is None
        )
    except StoreUnavailableError:
        missing = False
    if missing:
        page.status_code = 404
    return page


MAX_SHOWN_NAME = 60
"""The most characters of an unknown game's name the not-found page repeats."""


def address_of(connection: HTTPConnection) -> str:
    """The address a request's or a WebSocket's limits are counted by
    (:func:`~drawpoker.site.guard.limited_address`: an IPv6 client by its /64 network)."""
    return limited_address(connection.client.host if connection.client else None)


def language(request: HTTPConnection) -> str:
    """The language tag a request (or a WebSocket: its events' sentences) is answered in
    (:func:`drawpoker.site.i18n.chosen_language`)."""
    return chosen_language(
        request.query_params, request.cookies, request.headers.get("accept-language", "")
    )


def in_language(request: Request, response: Response) -> Response:
    """``response``, remembering for the device a language chosen by the address."""
    for name, value in remembered(request.query_params).items():
        response.set_cookie(name, value, max_age=REMEMBERED, samesite="lax")
    return response


async def rules_index(request: Request) -> Response:
    """The list of every game's rules page."""
    return in_language(request, HTMLResponse(index_html(language(request))))


async def rules(request: Request) -> Response:
    """A game's rules page; a clear not-found page for a name that is no game."""
    name = request.path_params["game"]
    lang = language(request)
    if name not in GAMES:
        page = HTMLResponse(missing_html(name[:MAX_SHOWN_NAME], lang), status_code=404)
        return in_language(request, page)
    return in_language(request, HTMLResponse(await asyncio.to_thread(game_html, name, lang)))


async def texts(request: Request) -> Response:
    """A language's catalogue for the browser (``/i18n/ar.json``, ``/i18n/ar-u-nu-arab.json``)."""
    tag = request.path_params["tag"]
    try:
        return JSONResponse(catalogue_json(tag))
    except InvalidArgumentError as problem:
        return error(404, "no-language", str(problem))


async def games(request: Request) -> Response:
    """Every registered game with its settings and CPU players."""
    return JSONResponse({"games": catalogue()})


CREATOR_FIELDS = ("sit", "name", "device")
"""Fields of a new-table request about its creator, not the table: ``sit`` (true: the creator
takes the first seat for a person at once), ``name`` (their nickname) and ``device`` (their
device key: the seat is tied to it, as a seat taken from the table's link)."""


def split_creator(data: dict[str, Any]) -> dict[str, Any]:
    """Takes the :data:`CREATOR_FIELDS` out of a new-table request: those fields, ``sit``
    always there; :class:`ProtocolError` when they do not fit together.

    >>> data = {"game": "holdem", "sit": True, "name": "Ann"}
    >>> split_creator(data), data
    ({'sit': True, 'name': 'Ann'}, {'game': 'holdem'})
    """
    creator = {key: data.pop(key) for key in CREATOR_FIELDS if key in data}
    sit = creator.setdefault("sit", False)
    if type(sit) is not bool:
        raise ProtocolError("bad-message", f"sit must be true or false, not {sit!r}")
    for field in ("name", "device"):
        if field in creator and not sit:
            raise ProtocolError("bad-message", f'{field} is the creator\'s: send "sit": true')
    return creator


def posted(body: bytes, limits: SiteLimits | None = None) -> Request:
    """A POST request whose JSON body is ``body``, to a site of ``limits``, as a client sends
    it: for the examples of the handlers' body checks.

    >>> import asyncio
    >>> asyncio.run(read_json(posted(b'{"game": "holdem"}')))
    {'game': 'holdem'}
    """
    app = Starlette()
    app.state.guard = Guard(limits or SiteLimits())

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    headers = [(b"content-type", b"application/json")]
    scope = {"type": "http", "method": "POST", "app": app, "headers": headers}
    return Request(scope, receive)


async def new_table_fields(request: Request) -> tuple[dict[str, Any], NewTable, dict[str, Any]]:
    """A new-table request's body checked: the table's part of it (as sent), the table asked
    for and the creator's fields (:func:`split_creator`); :class:`Refused` (400, or as
    :func:`body_error` answers a bad body) naming what is wrong.

    >>> import asyncio
    >>> ask = posted(b'{"game": "holdem", "seats": ["person", "cpu:rules"]}')
    >>> data, table, creator = asyncio.run(new_table_fields(ask))
    >>> table.game.name, creator["sit"]
    ('holdem', False)
    >>> asyncio.run(new_table_fields(posted(b'{"game": "holdem", "seats": 3}')))
    Traceback (most recent call last):
    ...
    drawpoker.site.guard.Refused: bad-request: ...
    """
    try:
        data = await read_json(request)
        creator = split_creator(data)
        table_request = parse_new_table(dict(data))
        if creator["sit"]:
            clean_name(creator.get("name"), "")  # a nickname that is no nickname: refused
    except ProtocolError as problem:
        raise Refused(BODY_STATUS.get(problem.code, 400), problem.code, problem.message) from None
    except NicknameError as problem:
        raise Refused(400, "bad-nickname", str(problem)) from None
    except DrawPokerError as problem:
        raise Refused(400, "bad-request", str(problem)) from None
    return data, table_request, creator


def table_link(request: Request, table_id: str) -> str:
    """The link of the table ``table_id``, made from the site's configured ``public_url``
    (never from the request's Host header, which a client writes).

    >>> from types import SimpleNamespace
    >>> asked = SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace(
    ...     public_url="https://poker.example")))
    >>> table_link(asked, "abc")  # type: ignore[arg-type]
    'https://poker.example/table/abc'
    """
    return f"{request.app.state.public_url}/table/{table_id}"


async def new_table(request: Request) -> Response:
    """Makes a table from the lobby's request; answers its id, its link and its facts, and
    with ``"sit": true`` the creator's seat and its token."""
    maker = address_of(request)
    try:
        _, table_request, creator = await new_table_fields(request)
        body = _house(request).open_table(table_request, creator, maker)
    except Refused as refused:
        return error(refused.status, refused.code, refused.message, language(request))
    url = table_link(request, body["id"])
    return JSONResponse({"id": body["id"], "url": url, **body}, status_code=201)


async def list_tables(request: Request) -> Response:
    """A page of the lobby's list of tables (``?limit=`` at most 100, ``?offset=``)."""
    query = request.query_params
    try:
        limit, offset = page_bounds(query.get("limit"), query.get("offset"))
    except DrawPokerError as problem:
        return error(400, "bad-page", str(problem))
    lobby: LobbyFeed = request.app.state.lobby
    return JSONResponse(lobby.page(limit, offset))


async def play_fields(request: Request) -> dict[str, Any]:
    """The body of a "Play now" request: ``game`` (a game's name), ``name`` and ``device``;
    :class:`Refused` for a bad body (as :func:`body_error` answers it) or an unknown game (400).

    >>> import asyncio
    >>> asyncio.run(play_fields(posted(b'{"game": "holdem", "name": "Ann"}')))
    {'game': 'holdem', 'name': 'Ann'}
    >>> asyncio.run(play_fields(posted(b'{"game": "chess"}')))
    Traceback (most recent call last):
    ...
    drawpoker.site.guard.Refused: bad-request: unknown game 'chess' (known: ...)
    """
    try:
        data: dict[str, Any] = await read_json(request)
    except ProtocolError as problem:
        raise Refused(BODY_STATUS.get(problem.code, 400), problem.code, problem.message) from None
    unknown = sorted(set(data) - {"game", "name", "device"})
    if unknown:
        known = "game, name, device"
        raise Refused(400, "bad-message", f"unknown fields {unknown} (known: {known})")
    name = data.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise Refused(400, "bad-request", f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return data


async def play_now(request: Request) -> Response:
    """ "Play now": a seat at once at a table of the asked game with CPU players."""
    try:
        data = await play_fields(request)
    except Refused as refused:
        return error(refused.status, refused.code, refused.message, language(request))
    name = data["game"]
    maker = address_of(request)
    try:
        room, seat, token = _house(request).play_now(
            name, data.get("name"), maker, data.get("device")
        )
    except NicknameError as problem:
        return error(400, "bad-nickname", str(problem), language(request))
    except Refused as refused:
        return error(refused.status, refused.code, refused.message, language(request))
    url = table_link(request, room.id)
    return JSONResponse({"id": room.id, "url": url, "seat": seat, "token": token}, status_code=201)


async def table_facts(request: Request) -> Response:
    """The table's public facts."""
    room = _room(request)
    if room is None:
        return error(404, "no-table", "there is no such table", language(request))
    return JSONResponse(room.facts())


async def fields(request: Request, known: set[str]) -> dict[str, Any]:
    """The request's JSON object, with no field outside ``known``."""
    data: dict[str, Any] = await read_json(request)
    unknown = sorted(set(data) - known)
    if unknown:
        raise ProtocolError("bad-message", f"unknown fields {unknown} (known: {sorted(known)})")
    return data


async def take_seat(request: Request) -> Response:
    """Gives the first open seat to the person asking (tied to their ``device`` key when
    given): the seat and its token (keep it)."""
    room = _room(request)
    if room is None:
        return error(404, "no-table", "there is no such table", language(request))
    try:
        data = await fields(request, {"name", "device"})
    except ProtocolError as problem:
        return body_error(problem, language(request))
    try:
        seat, token = _house(request).take_seat(room, data.get("name"), data.get("device"))
    except Refused as refused:
        return error(refused.status, refused.code, refused.message, language(request))
    except NicknameError as problem:
        return error(400, "bad-nickname", str(problem))
    except DrawPokerError as problem:
        return error(400, "bad-request", str(problem), language(request))
    return JSONResponse({"seat": seat, "token": token}, status_code=201)


async def take_back(request: Request) -> Response:
    """A device takes its seat back (its first at this table, or ``seat``): the seat and a
    new token (the old one stops working)."""
    room = _room(request)
    if room is None:
        return error(404, "no-table", "there is no such table")
    try:
        data = await fields(request, {"device", "seat"})
        seat, token = _house(request).take_back(room, data.get("device"), data.get("seat"))
    except ProtocolError as problem:
        return body_error(problem)
    except Refused as refused:
        return error(refused.status, refused.code, refused.message)
    return JSONResponse({"seat": seat, "token": token})


PAGE_SIZE = 25
"""Rows in one page of a listing (a device's games, a leaderboard)."""

MAX_PAGE = 10000
"""The last page number a listing answers (a request beyond it is refused)."""


def _page_number(request: Request) -> int:
    """The ``page`` asked for (0 when not given); :class:`Refused` (400) when it is not a
    number 0..:data:`MAX_PAGE`."""
    try:
        return whole_number("page", request.query_params.get("page", "0"), 0, MAX_PAGE)
    except InvalidArgumentError as problem:
        raise Refused(400, "bad-page", str(problem)) from None


def _paged(page: int, total: int, rows: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return {"page": page, "page_size": PAGE_SIZE, "total": total, name: rows}


async def new_device(request: Request) -> Response:
    """A new device key for a nickname: keep it (the browser's storage), it is shown once."""
    try:
        data = await fields(request, {"nickname"})
    except ProtocolError as problem:
        return body_error(problem)
    address = address_of(request)
    try:
        key, nickname = _house(request).register(data.get("nickname"), address)
    except Refused as refused:
        return error(refused.status, refused.code, refused.message)
    except DrawPokerError as problem:
        return error(400, "bad-nickname", str(problem))
    return JSONResponse({"device": key, "nickname": nickname}, status_code=201)


def _device(request: Request) -> tuple[int, str]:
    """The device of the request's ``X-Device-Key``; :class:`Refused` otherwise."""
    return _house(request).device_of(request.headers.get("x-device-key", ""))


async def device_me(request: Request) -> Response:
    """The device's nickname (a browser importing a key checks it here)."""
    try:
        _, nickname = _device(request)
    except Refused as refused:
        return error(refused.status, refused.code, refused.message)
    return JSONResponse({"nickname": nickname}, headers={"cache-control": "no-store"})


async def device_games(request: Request) -> Response:
    """A page of the device's tables, newest first, with its results and rating changes."""
    try:
        device, _ = _device(request)
        page = _page_number(request)
    except Refused as refused:
        return error(refused.status, refused.code, refused.message)
    total, rows = _house(request).store.device_games(device, page * PAGE_SIZE, PAGE_SIZE)
    return JSONResponse(_paged(page, total, rows, "tables"), headers={"cache-control": "no-store"})


async def leaderboard(request: Request) -> Response:
    """A page of a game's ratings, best first; the row of the device of the request's
    ``X-Device-Key``, if any, marked ``you`` (an unknown key marks none)."""
    name = request.path_params["game"]
    if name not in GAMES:
        return error(404, "no-game", "there is no such game")
    try:
        page = _page_number(request)
    except Refused as refused:
        return error(refused.status, refused.code, refused.message)
    device = None
    if request.headers.get("x-device-key"):
        with contextlib.suppress(Refused):
            device, _ = _device(request)
    total, rows = _house(request).store.leaderboard(name, page * PAGE_SIZE, PAGE_SIZE, device)
    # a page marked for one device is not another's
    headers = {"cache-control": "no-store", "vary": "x-device-key"}
    return JSONResponse({"game": name, **_paged(page, total, rows, "ratings")}, headers=headers)


async def history(request: Request) -> Response:
    """The seat's hand history, as a file: this site's JSON, or PHH with ``?format=phh``."""
    room = _room(request)
    if room is None:
        return error(404, "no-table", "there is no such table", language(request))
    headers, query = request.headers, request.query_params
    try:
        name, media, text = _house(request).history_file(
            room,
            headers.get("x-seat-token", ""),
            headers.get("x-device-key"),
            query.get("seat"),
            query.get("format", "json"),
        )
    except Refused as refused:
        return error(refused.status, refused.code, refused.message, language(request))
    return download(name, media, text)


def download(name: str, media: str, text: str) -> Response:
    """A file to save (a hand history), named ``name``, never cached.

    >>> download("h.json", "application/json", "{}").headers["content-disposition"]
    'attachment; filename="h.json"'
    """
    headers = {"content-disposition": f'attachment; filename="{name}"', "cache-control": "no-store"}
    return Response(text, media_type=media, headers=headers)


async def play_again(request: Request) -> Response:
    """A person of a finished table (header X-Seat-Token) plays again: their seat at the
    group's new table (same game, settings and seats) and its token."""
    room = _room(request)
    if room is None:
        return error(404, "no-table", "there is no such table")
    try:
        again, seat, new_token = _house(request).again(
            room, request.headers.get("x-seat-token", "")
        )
    except Refused as refused:
        return error(refused.status, refused.code, refused.message)
    url = table_link(request, again.id)
    return JSONResponse(
        {"id": again.id, "url": url, "seat": seat, "token": new_token}, status_code=201
    )


async def tips(request: Request) -> Response:
    """The draw tips with their exact numbers, both decks."""
    return JSONResponse(await asyncio.to_thread(tips_data))


async def tips_svg(request: Request) -> Response:
    """The tips' chart, in the request's language."""
    chart = await asyncio.to_thread(tips_chart, language(request))
    return in_language(request, Response(chart, media_type="image/svg+xml"))


async def analysis(request: Request) -> Response:
    """Every discard choice of the hand asked about, ranked exactly; a bad request is refused
    in the request's language."""
    try:
        data = await read_json(request)
        result = await asyncio.to_thread(analyse, data)
    except ProtocolError as problem:
        return body_error(problem, language(request))
    except AnalysisRefused as refused:
        tag = language(request)
        return error(400, "bad-request", str(refused), tag, refused.said(tag))
    except DrawPokerError as problem:
        return error(400, "bad-request", str(problem), language(request))
    return JSONResponse(result)


UNSAVED = 1011
"""The close code of a connection whose next message told of writes whose commit failed
(:class:`SocketOutbox`): the browser reconnects to the table as the store has it."""


@dataclass(frozen=True)
class _Close:
    """A connection's last item (:meth:`SocketOutbox.close`)."""

    code: int
    reason: str


class SocketOutbox:
    """A WebSocket's queue of messages, sent in order by one task; a connection whose queue
    fills (a browser that does not read) is closed, and reconnects to a snapshot.

    ``saving`` (an SQLite file that groups its commits:
    :meth:`~drawpoker.site.store_sqlite.SQLiteBackend.saving`) gives the future of the commit
    of the writes not committed yet: a message queued while one is pending is sent only once
    that commit is done (what it tells may come from them: nothing is told before it is
    saved), and when that commit fails the connection is closed instead (1011: the browser
    reconnects to the table as the store has it)."""

    def __init__(
        self,
        websocket: WebSocket,
        saving: Callable[[], asyncio.Future[None] | None] | None = None,
    ) -> None:
        self.websocket = websocket
        self.saving = saving
        self.queue: asyncio.Queue[tuple[str, asyncio.Future[None] | None] | _Close] = asyncio.Queue(
            OUTBOX_SIZE
        )
        self.task = asyncio.get_running_loop().create_task(self._send_all())

    def send(self, text: str) -> bool:
        """Queues a message; ``False`` when the queue is full."""
        try:
            self.queue.put_nowait((text, None if self.saving is None else self.saving()))
        except asyncio.QueueFull:
            return False
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Closes the connection once the messages queued before are sent; when the queue is
        full (the browser does not read) the oldest are dropped to make room for the close,
        which must go out: the browser reconnects and gets what it missed from its stream."""
        while True:
            try:
                self.queue.put_nowait(_Close(code, reason))
                return
            except asyncio.QueueFull:
                self.queue.get_nowait()

    async def _send_all(self) -> None:
        websocket = self.websocket
        with contextlib.suppress(Exception):
            while True:
                item = await self.queue.get()
                if isinstance(item, _Close):
                    await websocket.close(item.code, item.reason)
                    return
                text, commit = item
                if commit is not None:
                    if not commit.done():
                        await asyncio.wait((commit,))
                    if commit.exception() is not None:
                        await websocket.close(UNSAVED, "the table could not be saved: reconnect")
                        return
                await websocket.send_text(text)

    async def finish(self) -> None:
        """Stops the sending task (after the queued messages, if they go out soon)."""
        with contextlib.suppress(Exception):
            async with asyncio.timeout(1.0):
                await asyncio.shield(self._drained())
        with contextlib.suppress(Exception):  # (a send that failed: the connection is gone)
            await stop_task(self.task)

    async def _drained(self) -> None:
        while not self.queue.empty() and not self.task.done():
            await asyncio.sleep(0.01)


def saving_of(store: Store) -> Callable[[], asyncio.Future[None] | None] | None:
    """The :class:`SocketOutbox` ``saving`` of a store: its SQLite file's future of the grouped
    writes' commit (:meth:`~drawpoker.site.store_sqlite.SQLiteBackend.saving`); ``None`` for
    another backend, which commits each write before it returns.

    >>> saving_of(Store(":memory:"))() is None
    True
    """
    backend = store.backend
    return backend.saving if isinstance(backend, SQLiteBackend) else None


async def table_socket(websocket: WebSocket) -> None:
    """A table's WebSocket: a hello with the seat token first, then actions and commands;
    each refused message gets an error to this connection only (docs/protocol.md). A
    handshake from a foreign origin (403) or from an address with
    ``connections_per_address`` open already (429) is refused before it is accepted; a seat's
    hello moves its count to the address's seated connections (``Guard.seat``)."""
    house = _house(websocket)
    address = await admit(websocket, house.guard)
    if address is None:
        return
    admission = Admission(address)
    try:
        room = house.find(websocket.path_params["table_id"])
        await websocket.accept()
        outbox = SocketOutbox(websocket, saving_of(house.store))
        if room is None:
            outbox.send(encode(ProtocolError("no-table", "there is no such table").to_dict()))
            outbox.close(CLOSE_CODES["no-table"], "no such table")
            await outbox.finish()
            return
        seat = await _serve(websocket, house, room, outbox, admission)
        if seat is not None:
            room.disconnect(seat, outbox)
        await outbox.finish()
    finally:
        house.guard.end(admission)


async def admit(websocket: WebSocket, guard: Guard) -> str | None:
    """The address of a WebSocket handshake let in: from an allowed origin (else refused with
    403) and an address with fewer than ``connections_per_address`` open (else 429). The
    connection is counted: end it with ``guard.disconnect(address)``. ``None`` when refused.
    """
    origin = foreign_origin(websocket.scope, websocket.app.state.origins)
    if origin is not None:
        await deny(websocket, 403, "bad-origin", f"connections from {origin} are not allowed")
        return None
    address = address_of(websocket)
    if not guard.connect(address):
        limit = guard.settings.connections_per_address
        why = f"an address may have {limit} connections open"
        await deny(websocket, 429, "too-many-connections", why)
        return None
    return address


async def deny(websocket: WebSocket, status: int, code: str, message: str) -> None:
    """Refuses a handshake with an HTTP status and a JSON error (a close before accepting
    where the server cannot answer a handshake with a response)."""
    try:
        await websocket.send_denial_response(error(status, code, message))
    except RuntimeError:
        await websocket.close(POLICY_VIOLATION, message)


async def _serve(
    websocket: WebSocket, house: House, room: Room, outbox: Outbox, admission: Admission
) -> int | None:
    seat: int | None = None
    settings = house.guard.settings
    hello_by = asyncio.get_running_loop().time() + settings.hello_timeout
    connection = secrets.token_hex(8)  # its own window of the message rate
    while True:
        if seat is None:  # (a seat's connection waits for its messages without a deadline)
            try:
                async with asyncio.timeout_at(hello_by):
                    message = await websocket.receive()
            except TimeoutError:
                outbox.close(POLICY_VIOLATION, f"no hello within {settings.hello_timeout:g} s")
                return None
        else:
            message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return seat
        if not house.guard.message_allowed(connection):
            outbox.close(POLICY_VIOLATION, f"too many messages (at most {settings.message_rate})")
            return seat
        text = message.get("text")
        try:
            if text is None:
                raise ProtocolError("bad-message", "messages are JSON in text frames")
            parsed = parse_message(text)
            if seat is None and isinstance(parsed, Watch):
                await _watch(websocket, house, room, outbox, parsed, connection)
                return None
            if seat is None:
                if not isinstance(parsed, Hello):
                    raise ProtocolError(
                        "hello-first", "send a hello with your seat token (or watch) first"
                    )
                found = house.seat_of(room, parsed.token)
                if found is None:
                    outbox.send(
                        encode(
                            ProtocolError(
                                "bad-token", "this is not a seat token of this table"
                            ).to_dict()
                        )
                    )
                    outbox.close(CLOSE_CODES["bad-token"], "bad seat token")
                    return None
                seat = found
                house.guard.seat_admitted(admission)
                room.connect(seat, outbox, parsed.since, language(websocket))
            elif isinstance(parsed, Hello | Watch):
                raise ProtocolError("bad-message", "this connection has said hello already")
            elif isinstance(parsed, Command):
                if parsed.kind == "ping":
                    outbox.send(encode({"type": "pong"}))
                else:
                    room.command(seat, parsed.kind)
            elif isinstance(parsed, Tips):
                room.set_tips(seat, parsed.on)
            else:
                room.act(seat, parsed)
        except ProtocolError as problem:
            outbox.send(encode(problem.to_dict()))


async def _watch(
    websocket: WebSocket, house: House, room: Room, outbox: Outbox, hello: Watch, connection: str
) -> None:
    """A watcher's connection: shown what every seat sees, it may send only ``ping``. A table
    with ``watchers_per_table`` watching already refuses one more (closed with its
    :data:`~drawpoker.site.protocol.CLOSE_CODES`)."""
    refusal = room.watchers_full(house.guard.settings.watchers_per_table)
    if refusal is not None:
        outbox.send(encode(refusal.to_dict()))
        outbox.close(CLOSE_CODES["too-many-watchers"], "too many watchers")
        return
    room.watch(outbox, hello.since, language(websocket))
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            if not house.guard.message_allowed(connection):
                rate = house.guard.settings.message_rate
                outbox.close(POLICY_VIOLATION, f"too many messages (at most {rate})")
                return
            try:
                parsed = parse_message(message.get("text") or "")
                if not (isinstance(parsed, Command) and parsed.kind == "ping"):
                    raise ProtocolError("watching", "a watcher may send ping, nothing else")
                outbox.send(encode({"type": "pong"}))
            except ProtocolError as problem:
                outbox.send(encode(problem.to_dict()))
    finally:
        room.unwatch(outbox)


async def lobby_socket(websocket: WebSocket) -> None:
    """The lobby's WebSocket: the list of tables at once and again after each change; it may
    send only ``ping``. Refused before it is accepted from a foreign origin (403), from an
    address with ``connections_per_address`` open (429), or when ``lobby_connections`` lobby
    pages are connected (503)."""
    guard: Guard = websocket.app.state.guard
    lobby: LobbyFeed = websocket.app.state.lobby
    settings = guard.settings
    address = await admit(websocket, guard)
    if address is None:
        return
    try:
        if len(lobby.pages) >= settings.lobby_connections:
            why = f"the lobby has {settings.lobby_connections} pages open: reload it later"
            await deny(websocket, 503, "lobby-full", why)
            return
        await websocket.accept()
        house = getattr(websocket.app.state, "house", None)  # a gateway has none
        outbox = SocketOutbox(websocket, None if house is None else saving_of(house.store))
        lobby.join(outbox)
        connection = secrets.token_hex(8)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not guard.message_allowed(connection):
                    outbox.close(
                        POLICY_VIOLATION, f"too many messages (at most {settings.message_rate})"
                    )
                    break
                try:
                    parsed = parse_message(message.get("text") or "")
                    if not (isinstance(parsed, Command) and parsed.kind == "ping"):
                        raise ProtocolError("bad-message", "the lobby's socket takes only ping")
                    outbox.send(encode({"type": "pong"}))
                except ProtocolError as problem:
                    outbox.send(encode(problem.to_dict()))
        finally:
            lobby.leave(outbox)
            await outbox.finish()
    finally:
        guard.disconnect(address)


Endpoint = Callable[[Request], Awaitable[Response]]
"""A route's handler."""

SocketEndpoint = Callable[[WebSocket], Awaitable[None]]
"""A WebSocket route's handler."""


@dataclass(frozen=True)
class TableHandlers:
    """The handlers of the routes that need the tables themselves: the one process's own
    (:data:`ONE_PROCESS`), or a gateway's, which ask the tables' dealers
    (:mod:`drawpoker.site.gateway`). The other routes are the same everywhere (:func:`site_routes`).
    """

    new_table: Endpoint
    table_facts: Endpoint
    take_seat: Endpoint
    table_socket: SocketEndpoint
    play_now: Endpoint
    take_back: Endpoint
    history: Endpoint
    play_again: Endpoint

    @classmethod
    def named_in(cls, namespace: Mapping[str, Any]) -> TableHandlers:
        """The handlers of a module's namespace named as the fields are.

        >>> TableHandlers.named_in(globals()).history is history
        True
        """
        return cls(**{name: namespace[name] for name in cls.__dataclass_fields__})


ONE_PROCESS = TableHandlers.named_in(globals())
"""The one process's own table-bound handlers (its rooms are in memory)."""


def site_routes(bound: TableHandlers) -> list[BaseRoute]:
    """Every route of the site (the module's list), the table-bound ones handled by ``bound``.

    >>> [r.path for r in site_routes(ONE_PROCESS)][:3]
    ['/', '/table/{table_id}', '/tips']
    """
    return [
        Route("/", localised_page("index.html")),
        Route("/table/{table_id}", table_page),
        Route("/tips", localised_page("tips.html")),
        Route("/games", localised_page("games.html")),
        Route("/leaderboard", localised_page("leaderboard.html")),
        Route("/rules", rules_index),
        Route("/i18n/{tag}.json", texts),
        Route("/rules/{game:path}", rules),
        Route("/api/games", games),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", bound.new_table, methods=["POST"]),
        Route("/api/play", bound.play_now, methods=["POST"]),
        Route("/api/tables/{table_id}", bound.table_facts),
        Route("/api/tables/{table_id}/seats", bound.take_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/return", bound.take_back, methods=["POST"]),
        Route("/api/tables/{table_id}/history", bound.history),
        Route("/api/tables/{table_id}/again", bound.play_again, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", bound.table_socket),
        Route("/api/devices", new_device, methods=["POST"]),
        Route("/api/devices/me", device_me),
        Route("/api/devices/me/games", device_games),
        Route("/api/leaderboard/{game}", leaderboard),
        Route("/api/tips", tips),
        Route("/api/tips.svg", tips_svg),
        Route("/api/analyse", analysis, methods=["POST"]),
        WebSocketRoute("/lobby/ws", lobby_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


def create_app(
    db: str | Path = ":memory:",
    pace: Pace | None = None,
    limits: SiteLimits | None = None,
    public_url: str = DEFAULT_URL,
    allowed_origins: tuple[str, ...] = (),
) -> Starlette:
    """The application, with its tables in the SQLite file ``db`` or the PostgreSQL database of a
    ``postgresql://`` URL (loaded when it starts), CPU players at ``pace``, the ``limits`` on
    what clients may use, its links made from ``public_url``, and requests that change anything
    allowed from that URL's origin and ``allowed_origins``. (A gateway's and a dealer's
    applications are :mod:`drawpoker.site.roles`'.)

    >>> app = create_app(":memory:", Pace(think=1.0), public_url="https://poker.example/")
    >>> app.state.pace.think, app.state.public_url, sorted(app.state.origins)
    (1.0, 'https://poker.example', ['https://poker.example'])
    """
    settings = limits or SiteLimits()
    origins = {origin_of(public_url), *(origin_of(url) for url in allowed_origins)}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # A one-process server holds its PostgreSQL database alone, as its SQLite file.
        store = Store(PostgresBackend(str(db), "exclusive") if is_postgres_url(db) else db)
        if isinstance(store.backend, SQLiteBackend):  # one commit for the tables' actions of
            store.backend.grouping = True  # a turn of the loop: the connections wait for it
            store.backend.checkpoint_aside()  # the log's checkpoints off the loop
        house = House(store, pace, settings)
        app.state.house = house
        app.state.guard = house.guard
        app.state.lobby = house.lobby
        house.load()
        warm_tips()  # before any table's turn: the first analysis builds the draw tables
        loop = asyncio.get_running_loop()
        freezer = HeapFreezer()
        tasks = [
            loop.create_task(sweep_tables(house)),
            loop.create_task(house.lobby.run()),
            loop.create_task(freeze_heap(house, freezer)),
        ]
        try:
            yield
        finally:
            for task in tasks:
                await stop_task(task)
            freezer.stop()
            await house.stop()
            store.close()

    app = Starlette(
        routes=site_routes(ONE_PROCESS),
        lifespan=lifespan,
        exception_handlers={StoreUnavailableError: store_away},
    )
    app.state.pace = pace or Pace()
    app.state.public_url = public_url.rstrip("/")
    app.state.origins = origins
    app.add_middleware(CommittedFirst)
    app.add_middleware(RequestRate)
    app.add_middleware(OriginCheck, allowed=origins)
    app.add_middleware(SecurityHeaders)
    return app


async def store_away(request: Request, problem: Exception) -> Response:
    """A request whose store could not be reached: 503, nothing done, to be sent again."""
    return unsaved(str(problem), language(request))


def unsaved(problem: str, tag: str = DEFAULT_LANGUAGE) -> JSONResponse:
    """503 ``store-unavailable``: the store could not be reached or could not save (what it
    said goes to the log, not to the client: :func:`~drawpoker.site.protocol.outage_sentence`),
    in the language ``tag`` as :func:`error`.

    >>> unsaved("disk full").status_code, unsaved("disk full").headers["retry-after"]
    (503, '1')
    >>> import json
    >>> json.loads(unsaved("disk full", "ar").body)["message"]
    'تعذّر الوصول إلى قاعدة البيانات: لم يحدث شيء، حاول مرة أخرى بعد لحظة.'
    """
    answer = error(503, "store-unavailable", outage_sentence(problem), tag)
    answer.headers["retry-after"] = "1"
    return answer


async def freeze_heap(
    house: House, freezer: HeapFreezer, every: float = TICK, young: float = YOUNG
) -> None:
    """Turns the collector's own schedule off and collects the young generations every
    ``young`` seconds; every ``every`` seconds, a tick of ``freezer``
    (:mod:`drawpoker.site.heap`): what lived that long leaves the collector's full
    collections, and all of it comes back once a tenth of the tables held have left memory (or
    ten minutes have passed). :meth:`HeapFreezer.stop` gives the collector its schedule back.

    >>> from drawpoker.site.heap import Recorded
    >>> class Held:
    ...     rooms = {"t1": None}
    >>> freezer = HeapFreezer(ops=Recorded())
    >>> async def briefly():
    ...     task = asyncio.create_task(freeze_heap(Held(), freezer, every=0.02, young=0.01))
    ...     await asyncio.sleep(0.05); task.cancel()
    >>> asyncio.run(briefly()); calls = freezer.ops.calls
    >>> calls[:2], calls[calls.index("freeze") - 1]
    (['disable', 'collect(1)'], 'collect(1)')
    """
    freezer.start()
    held = set(house.rooms)
    loop = asyncio.get_running_loop()
    due = loop.time() + every
    while True:
        await asyncio.sleep(young)
        if loop.time() < due:
            freezer.collect_young()
            continue
        due = loop.time() + every
        now = set(house.rooms)
        freezer.tick(tables=len(now), dropped=len(held - now))
        held = now


async def sweep_tables(house: House) -> None:
    """Every ``sweep`` seconds, the expired and finished tables leave memory (a sweep that finds
    the store away is tried again at the next one)."""
    while True:
        await asyncio.sleep(max(house.guard.settings.sweep, 0.1))
        try:
            house.sweep()
        except StoreUnavailableError as error:
            logging.getLogger("drawpoker.site").warning("sweep put off: %s", error)
