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
from drawpoker.site.bus import RedisBus
from drawpoker.site.dealer import Dealer
from drawpoker.site.guard import Guard, Refused, SiteLimits, origin_of
from drawpoker.site.heap import HeapFreezer
from drawpoker.site.house import House
from drawpoker.site.room import Pace
from drawpoker.site.seat_help import warm_tips
from drawpoker.site.store import Store, StoreUnavailableError
from drawpoker.site.store_postgres import PostgresBackend


def _finishing(app: Starlette, origins: set[str], public_url: str) -> Starlette:
    app.state.public_url = public_url.rstrip("/")
    app.state.origins = origins
    app.add_middleware(site.OriginCheck, allowed=origins)
    app.add_middleware(site.SecurityHeaders)
    return app


async def _stopped(tasks: list[asyncio.Task[None]]) -> None:
    for task in tasks:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


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
        app.state.health.bus = bus
        app.state.gateway = gateway.Gateway(store, bus, guard)
        app.state.house = House(store)  # no room: devices and ratings, read from the store
        app.state.house.guard = guard
        lobby = gateway.GatewayLobby(bus)
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
            app.state.health.bus = None
            await _stopped(tasks)
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
    app.state.health = BusHealth()
    app.add_middleware(site.RequestRate)  # a dealer serves no browser
    return _finishing(app, origins or {origin_of(public_url)}, public_url)


def dealer_app(
    store_url: str,
    bus_url: str,
    pace: Pace | None = None,
    limits: SiteLimits | None = None,
    public_url: str = site.DEFAULT_URL,
    origins: set[str] | None = None,
) -> Starlette:
    """A dealer: its lanes' tables, played from their inboxes; it serves only ``/health`` (its
    lanes).

    >>> [route.path for route in dealer_app("postgresql://localhost/poker", "redis://x").routes]
    ['/health']
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(PostgresBackend(store_url, site_lock="shared"))
        house = House(store, pace, limits)
        warm_tips()  # as a single process does: not inside a table's turn
        bus = RedisBus.from_url(bus_url)
        app.state.health.bus = bus
        dealer = Dealer(house, bus)
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
            app.state.health.bus = None
            await _stopped(tasks)
            freezer.stop()
            await dealer.release()
            await house.stop()
            await bus.aclose()
            store.close()

    app = Starlette(routes=[Route("/health", _health)], lifespan=lifespan)
    app.state.health = BusHealth()
    return _finishing(app, origins or {origin_of(public_url)}, public_url)


class _Answers(Protocol):
    async def reachable(self) -> bool: ...


class BusHealth:
    """Whether a process's bus answered lately, for ``/health``: a gateway that lost Redis
    still listens but cannot reach a dealer, and a dealer that lost it can hold no lane, so
    their health checks must hear it. Redis is asked at most once every ``every`` seconds
    (the answer kept in between), however often ``/health`` is asked; ``None`` before the
    process has its bus (starting, or stopped).

    >>> class Bus:
    ...     asked = 0
    ...     async def reachable(self) -> bool:
    ...         Bus.asked += 1
    ...         return True
    >>> async def demo():
    ...     health = BusHealth(every=60.0)
    ...     before = await health.reachable()
    ...     health.bus = Bus()
    ...     return before, [await health.reachable() for _ in range(3)], Bus.asked
    >>> asyncio.run(demo())
    (None, [True, True, True], 1)
    """

    def __init__(self, every: float = 1.0) -> None:
        self.every = every
        self.bus: _Answers | None = None
        self._answer: bool | None = None
        self._asked = -math.inf

    async def reachable(self) -> bool | None:
        """The bus's last answer, asked again when it is older than ``every`` seconds."""
        if self.bus is None:
            return None
        now = time.monotonic()
        if now - self._asked >= self.every:
            self._asked = now  # checks that arrive while Redis is asked take the last answer
            self._answer = await self.bus.reachable()
        return self._answer


async def _health(request: Request) -> Response:
    """What this process does (a dealer: its name and lanes) and whether it reaches its bus:
    ``{"role": ..., "bus": "reachable"}``, 200; 503 with ``"unreachable"`` (or ``"starting"``)
    when it cannot serve, which makes deploy/compose.yaml's health check fail."""
    reachable = await request.app.state.health.reachable()
    bus = {None: "starting", True: "reachable", False: "unreachable"}[reachable]
    status = 200 if reachable else 503
    dealer: Dealer | None = getattr(request.app.state, "dealer", None)
    if dealer is None:
        return JSONResponse({"role": "gateway", "bus": bus}, status)
    facts = {"role": "dealer", "name": dealer.name, "lanes": sorted(dealer.held), "bus": bus}
    return JSONResponse(facts, status)
