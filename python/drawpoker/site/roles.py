"""The applications of ``drawpoker serve --role gateway`` and ``--role dealer``
(docs/scale-out.md): a gateway serves the pages, the table API and the tables' WebSockets
(:mod:`drawpoker.site.gateway`); a dealer serves only ``/health`` and plays its lanes' tables
(:mod:`drawpoker.site.dealer`). Both need a PostgreSQL store and a Redis bus.

>>> app = gateway_app("postgresql://localhost/poker", "redis://localhost")
>>> sorted(route.path for route in app.routes)[:3]
['/', '/api/analyse', '/api/devices']
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import AsyncIterator, Coroutine
from typing import Any, Protocol

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from drawpoker.site import app as site
from drawpoker.site import gateway
from drawpoker.site.bus import REDIS_DOWN, RedisBus
from drawpoker.site.dealer import Dealer
from drawpoker.site.dealer_options import dealer_options, options_text
from drawpoker.site.guard import Guard, Refused, SiteLimits, origin_of
from drawpoker.site.heap import HeapFreezer
from drawpoker.site.house import House
from drawpoker.site.room import Pace
from drawpoker.site.seat_help import warm_tips
from drawpoker.site.store import Store, StoreUnavailableError
from drawpoker.site.store_postgres import PostgresBackend, answers
from drawpoker.site.tasks import stop_task

log = logging.getLogger("drawpoker.site")


def _finishing(app: Starlette, origins: set[str], public_url: str) -> Starlette:
    app.state.public_url = public_url.rstrip("/")
    app.state.origins = origins
    app.add_middleware(site.OriginCheck, allowed=origins)
    app.add_middleware(site.SecurityHeaders)
    return app


async def _stopped(tasks: list[asyncio.Task[None]]) -> None:
    for task in tasks:
        await stop_task(task)


def gateway_app(
    store_url: str,
    bus_url: str,
    limits: SiteLimits | None = None,
    public_url: str = site.DEFAULT_URL,
    origins: set[str] | None = None,
) -> Starlette:
    """A gateway: the pages and the table API and WebSockets, its tables' dealers reached
    through the bus; devices and leaderboards straight from the store."""
    guard = Guard(limits or SiteLimits(), shared=bus_url)  # an address's counts site-wide

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(store_url)
        bus = RedisBus.from_url(bus_url)
        app.state.gateway = gateway.Gateway(store, bus, guard)
        app.state.house = House(store)  # no room: devices and ratings, read from the store
        app.state.house.guard = guard
        lobby = gateway.GatewayLobby(bus)
        app.state.health.services = Services(bus, store_url, lobby)
        app.state.lobby = lobby.feed
        work = [
            app.state.gateway.keep_present(),
            app.state.gateway.feed.run(),
            guard.keep_counts(),
            lobby.run(),
            lobby.feed.run(),
        ]
        tasks = [asyncio.create_task(step) for step in work]
        try:
            yield
        finally:
            app.state.health.services = None
            await _stopped(tasks)
            app.state.gateway.inbox.close()
            await bus.aclose()
            store.close()

    app = Starlette(
        routes=[*site.site_routes(gateway.GATEWAY), Route("/health", _health)],
        lifespan=lifespan,
        exception_handlers={
            StoreUnavailableError: site.store_away,
            Refused: gateway.refused,
        },
    )
    app.state.guard = guard
    app.state.health = Health()
    app.add_middleware(site.RequestRate)  # a dealer serves no browser
    return _finishing(app, origins or {origin_of(public_url)}, public_url)


def dealer_app(
    store_url: str,
    bus_url: str,
    pace: Pace | None = None,
    limits: SiteLimits | None = None,
    public_url: str = site.DEFAULT_URL,
    origins: set[str] | None = None,
    name: str | None = None,
) -> Starlette:
    """A dealer: its lanes' tables, played from their inboxes; it serves only ``/health`` (its
    lanes). ``name``: the name its options were claimed under
    (:func:`~drawpoker.site.dealer_options.check_same_options`), by default a new one.

    >>> [route.path for route in dealer_app("postgresql://localhost/poker", "redis://x").routes]
    ['/health']
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(PostgresBackend(store_url, site_lock="shared"))
        house = House(store, pace, limits)
        warm_tips()  # as a single process does: not inside a table's turn
        bus = RedisBus.from_url(bus_url)
        app.state.health.services = Services(bus, store_url)
        dealer = Dealer(house, bus, name=name)
        dealer.options = options_text(dealer_options(house.pace, house.guard.settings))
        app.state.dealer = dealer
        freezer = HeapFreezer()  # its tables out of the collector's way, as in one process
        work: list[Coroutine[Any, Any, None]] = [
            dealer.keep_lanes(),
            dealer.serve_inbox(),
            dealer.publisher.run(),
            dealer.publish_lobby(),
            site.sweep_tables(house),
            site.freeze_heap(house, freezer),
        ]
        tasks = [asyncio.create_task(step) for step in work]
        try:
            yield
        finally:
            app.state.health.services = None
            await _stopped(tasks)
            freezer.stop()
            await dealer.release()
            await house.stop()
            dealer.inbox.close()
            await bus.aclose()
            store.close()

    app = Starlette(routes=[Route("/health", _health)], lifespan=lifespan)
    app.state.health = Health()
    return _finishing(app, origins or {origin_of(public_url)}, public_url)


class _Services(Protocol):
    async def bus_answers(self) -> bool: ...

    async def store_answers(self) -> bool: ...

    async def live_dealers(self) -> int | None: ...


class Services:
    """What ``/health`` asks of a gateway's or a dealer's services: whether Redis answers a
    ``PING`` (:meth:`~drawpoker.site.bus.RedisBus.reachable`), whether PostgreSQL answers
    (:func:`~drawpoker.site.store_postgres.answers`, on a connection of its own: the store's
    is in use by the tables), and for a gateway (``lobby`` given) how many dealers are alive.

    >>> services = Services(RedisBus.from_url("redis://127.0.0.1:1/0"), "postgresql://x")
    >>> asyncio.run(services.live_dealers()) is None  # a dealer's: not asked
    True
    """

    def __init__(
        self, bus: RedisBus, store_url: str, lobby: gateway.GatewayLobby | None = None
    ) -> None:
        self.bus = bus
        self.store_url = store_url
        self.lobby = lobby

    async def bus_answers(self) -> bool:
        """Whether Redis answers."""
        return await self.bus.reachable()

    async def store_answers(self) -> bool:
        """Whether PostgreSQL answers (in a worker thread: the driver blocks)."""
        return await asyncio.to_thread(answers, self.store_url)

    async def live_dealers(self) -> int | None:
        """The dealers alive (a gateway's), ``None`` for a dealer or while Redis is away."""
        if self.lobby is None:
            return None
        try:
            return await self.lobby.live_dealers()
        except REDIS_DOWN:
            return None


class Health:
    """What ``/health`` says of a process's services: a gateway that lost Redis still listens
    but cannot reach a dealer, one that lost PostgreSQL cannot check a seat's token, a dealer
    that lost either can play no table, and a gateway with no dealer alive can serve no table;
    their health checks must hear it. The services are asked at most once every ``every``
    seconds (the answer kept in between, and the checks that arrive while they are asked take
    the last one), however often ``/health`` is asked; ``None`` before the process has its
    services (starting, or stopped). A change of a service's answer is logged.

    >>> class Up:
    ...     asked = 0
    ...     async def bus_answers(self): Up.asked += 1; return True
    ...     async def store_answers(self): return True
    ...     async def live_dealers(self): return 2
    >>> async def demo():
    ...     health = Health(every=60.0)
    ...     before = await health.facts()
    ...     health.services = Up()
    ...     return before, [await health.facts() for _ in range(3)][-1], Up.asked
    >>> asyncio.run(demo())
    (None, {'bus': 'reachable', 'store': 'reachable', 'dealers': 2}, 1)
    """

    def __init__(self, every: float = 1.0) -> None:
        self.every = every
        self.services: _Services | None = None
        self._facts: dict[str, Any] | None = None
        self._asked = -math.inf
        self._asking = False

    async def facts(self) -> dict[str, Any] | None:
        """The services' last answers (``"bus"`` and ``"store"``: ``"reachable"`` or
        ``"unreachable"``; ``"dealers"``: a gateway's live dealers), asked again when they are
        older than ``every`` seconds."""
        if self.services is None:
            return None
        if time.monotonic() - self._asked >= self.every and not self._asking:
            self._asking = True  # one question at a time, however long a service takes
            try:
                bus, store, dealers = await asyncio.gather(
                    self.services.bus_answers(),
                    self.services.store_answers(),
                    self.services.live_dealers(),
                )
            finally:
                self._asking = False
                self._asked = time.monotonic()
            said: dict[str, Any] = {"bus": _said(bus), "store": _said(store)}
            if dealers is not None:
                said["dealers"] = dealers
            self._tell_changes(said)
            self._facts = said
        return self._facts

    def _tell_changes(self, said: dict[str, Any]) -> None:
        before = self._facts or {}
        for service in ("bus", "store"):
            if before.get(service, "reachable") != said[service]:
                log.warning("health: the %s is %s", NAMES[service], said[service])
        if before.get("dealers", 1) != 0 and said.get("dealers") == 0:
            log.warning("health: no dealer is alive: no table can be served")


NAMES = {"bus": "bus (Redis)", "store": "store (PostgreSQL)"}
"""The services ``/health`` names, as the log says them."""


def _said(answered: bool) -> str:
    return "reachable" if answered else "unreachable"


def serving(facts: dict[str, Any] | None) -> bool:
    """Whether a process with these health facts can serve: both services reachable and, for
    a gateway, a dealer alive.

    >>> serving({"bus": "reachable", "store": "reachable", "dealers": 0})
    False
    >>> serving({"bus": "reachable", "store": "reachable"}), serving(None)
    (True, False)
    """
    if facts is None:
        return False
    services: bool = facts["bus"] == facts["store"] == "reachable"
    return services and int(facts.get("dealers", 1)) > 0


async def _health(request: Request) -> Response:
    """What this process does (a dealer: its name and lanes) and whether its services answer:
    ``{"role": ..., "bus": "reachable", "store": "reachable"}`` (a gateway's also with its
    live ``"dealers"``), 200; 503 when it cannot serve (:func:`serving`; ``"starting"`` before
    its services are set up), which makes deploy/compose.yaml's health check fail."""
    facts = await request.app.state.health.facts()
    status = 200 if serving(facts) else 503
    said = facts if facts is not None else {"bus": "starting", "store": "starting"}
    dealer: Dealer | None = getattr(request.app.state, "dealer", None)
    if dealer is None:
        return JSONResponse({"role": "gateway", **said}, status)
    facts = {"role": "dealer", "name": dealer.name, "lanes": sorted(dealer.held), **said}
    return JSONResponse(facts, status)
