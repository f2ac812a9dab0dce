"""``drawpoker serve``: the site: every game of the engine in the browser, against CPU players
and other people on the same server (:mod:`drawpoker.site`).

What a user types::

    drawpoker serve                              # http://127.0.0.1:8000/, tables in drawpoker.db
    drawpoker serve --port 8080 --db games.db    # another port and file
    drawpoker serve --host 0.0.0.0 --think 1.5   # open to the network; slower CPU players
    drawpoker serve --store postgresql://app@db.example/poker   # tables in PostgreSQL

It prints the URL once the server listens (the real port with ``--port 0``). Tables and hands
are saved in the SQLite file as they happen; a server started again on the same file resumes
every table not over (a finished one stays in the file: its history can be downloaded). It
needs the ``serve`` extra (``pip install "drawpoker[serve]"``). With ``--store`` and a
``postgresql://`` URL the same is saved in that PostgreSQL database instead (the ``postgres``
extra), resumed from there alike.

Links and the origin allowed to post and to open WebSockets come from ``--public-url``
(default: the address served, ``http://HOST:PORT``); a site reached under another name (a
proxy, ``--host 0.0.0.0``) says it with ``--public-url https://poker.example`` and may allow
more origins with ``--allowed-origin``. The limits on what one client may use
(:class:`drawpoker.site.guard.SiteLimits`) are options too: ``--table-rate``, ``--open-tables``,
``--max-tables``, ``--idle-table``, ``--archive-after``, ``--message-rate``, ``--request-rate``,
``--connections-per-address``, ``--hello-timeout``, ``--body-timeout``; with
``--header-timeout`` (seconds a request has to send its headers, :mod:`drawpoker.site.timeouts`)
and uvicorn's ``--keep-alive`` (seconds an idle HTTP connection stays open) and
``--max-connections`` (connections and requests at once; beyond it, 503). The WebSockets'
messages are compressed as :mod:`drawpoker.site.deflate` sets it (permessage-deflate).

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args([])
>>> args.host, args.port, args.db, args.think, args.open_tables, args.public_url
('127.0.0.1', 8000, 'drawpoker.db', 0.8, 20, None)
>>> args.showdown_pause, args.store
(4.0, None)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
from collections.abc import Callable
from dataclasses import fields

from drawpoker.bots import register
from drawpoker.errors import InvalidArgumentError
from drawpoker.site.guard import SiteLimits, origin_of
from drawpoker.site.services import readable_url, shown_url

NAME = "serve"
HELP = "play in the browser: a web server for every game (Starlette, uvicorn, SQLite)"

BUS_VARIABLE = "DRAWPOKER_BUS"
"""The environment variable that gives ``--bus`` when it is not on the command line, where a
Redis password would show in every process listing (PostgreSQL's is libpq's ``PGPASSWORD``)."""

MAX_FRAME = 65536
"""The largest WebSocket frame the server reads at all (messages over 4 KB are refused by the
protocol; anything over this closes the connection)."""


LIMIT_HELP = {
    "table_rate": "tables one address may make, as COUNT/PERIOD[;COUNT/PERIOD...]",
    "open_tables": "tables made by one address that may be open (not over) at once",
    "max_tables": "tables the server holds in memory (beyond it a new one gets 503)",
    "idle_table": "seconds a table nobody took a seat at lives",
    "archive_after": "seconds a finished table without a connection stays in memory",
    "sweep": "seconds between two looks for expired and finished tables",
    "message_rate": "messages one WebSocket connection may send (beyond it: closed, 1008)",
    "request_rate": "HTTP requests one address may make to this process (beyond it: 429)",
    "connections_per_address": (
        "WebSocket connections one address may have open that hold no seat: lobby pages, "
        "watchers, a table's before its hello (beyond: 429)"
    ),
    "seated_connections_per_address": (
        "WebSocket connections of seated players one address may have open besides (many "
        "phones share one IPv4 address behind a carrier's NAT)"
    ),
    "hello_timeout": "seconds a WebSocket connection has to say hello (then closed, 1008)",
    "body_timeout": "seconds a request has to send its body (then 408)",
    "lobby_connections": "lobby pages kept up to date at once (beyond: 503)",
    "watchers_per_table": "people who may watch one table at once (beyond: closed, 4429)",
}
"""The help of each option made from a field of :class:`SiteLimits`."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The address, the database file, the CPU players' pace and the site's limits.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> parser.parse_args(["--port", "9000", "--grace", "0"]).grace
    0.0
    """
    parser.add_argument("--host", default="127.0.0.1", help="address (default: %(default)s)")
    parser.add_argument("--port", type=int, default=8000, help="port (default: %(default)s)")
    parser.add_argument(
        "--db", default="drawpoker.db", help="the SQLite file of the tables (default: %(default)s)"
    )
    parser.add_argument(
        "--store",
        metavar="URL",
        help=(
            "a postgresql:// URL: the tables in that PostgreSQL database rather than in --db "
            "(default: none, the SQLite file of --db)"
        ),
    )
    parser.add_argument(
        "--role",
        choices=("all", "gateway", "dealer"),
        default="all",
        help="all: one process, every table (default); gateway: the pages and WebSockets, no "
        "table; dealer: plays the tables of its lanes (both need --store and --bus)",
    )
    parser.add_argument(
        "--bus",
        metavar="URL",
        help=(
            "the Redis (redis://, rediss:// or unix://) that gateways and dealers share "
            f"(default: for them, the environment's {BUS_VARIABLE}, which keeps a Redis password "
            "out of the command line; none for --role all)"
        ),
    )
    parser.add_argument(
        "--loop",
        choices=("auto", "uvloop", "asyncio"),
        default="auto",
        help="the event loop: uvloop (libuv's, the cheaper per message and timer), asyncio "
        "(Python's own), or auto: uvloop when it is installed (default: %(default)s)",
    )
    parser.add_argument(
        "--cpu-type",
        action="append",
        default=[],
        metavar="NAME=module:Class",
        help="a CPU type from outside the package (a trained policy, say) offered under NAME "
        "for the games its class lists in its games attribute (repeatable; every gateway and "
        "dealer of a site needs the same; see examples/rl/README.md; default: none)",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.8,
        help="seconds a CPU player takes before each action (default: %(default)s)",
    )
    parser.add_argument(
        "--pause",
        type=float,
        default=2.5,
        help="seconds the table shows the result of a hand won without a showdown before the "
        "next deal (default: %(default)s)",
    )
    parser.add_argument(
        "--showdown-pause",
        type=float,
        default=4.0,
        help="seconds the table shows a showdown (every shown hand, the winners) before the next "
        "deal; a person may skip it with Next hand (default: %(default)s)",
    )
    parser.add_argument(
        "--grace",
        type=float,
        default=5.0,
        help="seconds a player's seat waits for them to reconnect before a CPU plays it "
        "(default: %(default)s)",
    )
    parser.add_argument(
        "--public-url",
        help="the site's address as browsers reach it: links are made from it and its origin "
        "may post and open WebSockets (default: http://HOST:PORT as served)",
    )
    parser.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another origin whose pages may post and open WebSockets (repeatable; default: "
        "none, only the public URL's own origin)",
    )
    limits = parser.add_argument_group("limits per client")
    for setting in fields(SiteLimits):  # the defaults read without the serve extra's imports
        default = setting.default
        limits.add_argument(
            "--" + setting.name.replace("_", "-"),
            type=type(default),
            default=default,
            help=LIMIT_HELP[setting.name] + " (default: %(default)s)",
        )
    limits.add_argument(
        "--header-timeout",
        type=float,
        default=10.0,
        help="seconds a request has to send its headers (then 408) (default: %(default)s)",
    )
    limits.add_argument(
        "--keep-alive",
        type=float,
        default=5.0,
        help="seconds an idle HTTP connection stays open (default: %(default)s)",
    )
    limits.add_argument(
        "--max-connections",
        type=int,
        default=1000,
        help="connections and requests served at once; beyond it 503 (default: %(default)s)",
    )


def run(args: argparse.Namespace) -> int:
    """Runs the server until Ctrl-C."""
    for name in ("think", "pause", "showdown_pause", "grace", "keep_alive", "header_timeout"):
        if not 0 <= getattr(args, name) <= 3600:
            raise InvalidArgumentError(f"--{name.replace('_', '-')} is 0..3600 seconds")
    if not 1 <= args.max_connections <= 10**6:
        raise InvalidArgumentError("--max-connections is 1..1000000")
    for url in [args.public_url or "http://localhost", *args.allowed_origin]:
        origin_of(url)
    for cpu_type in args.cpu_type:
        try:
            register(cpu_type)
        except InvalidArgumentError as error:
            raise InvalidArgumentError(f"--cpu-type: {error}") from None
    try:  # the serve extra, imported here: every other command runs without it
        import limits as _rate_limits  # noqa: F401  (the site's rate limits)
        import uvicorn

        from drawpoker.site.app import create_app
        from drawpoker.site.deflate import SiteWebSocketProtocol
        from drawpoker.site.room import Pace
        from drawpoker.site.store import FileLock
        from drawpoker.site.store_postgres import PostgresBackend, is_postgres_url
        from drawpoker.site.timeouts import header_timeout_protocol
    except ImportError as error:
        raise InvalidArgumentError(
            f'drawpoker serve needs the serve extra: pip install "drawpoker[serve]" ({error})'
        ) from None
    for setting in fields(SiteLimits):  # each checked alone: the error names its option
        try:
            SiteLimits(**{setting.name: getattr(args, setting.name)})
        except InvalidArgumentError as error:
            option = "--" + setting.name.replace("_", "-")
            raise InvalidArgumentError(f"{option}: {error}") from None
    limits = SiteLimits(
        **{setting.name: getattr(args, setting.name) for setting in fields(SiteLimits)}
    )
    pace = Pace(think=args.think, pause=args.pause, grace=args.grace, showdown=args.showdown_pause)
    where = args.db
    bus_name = "--bus"  # what a refusal of the bus names: where the operator gave it
    if args.bus is None and args.role != "all" and os.environ.get(BUS_VARIABLE):
        args.bus, bus_name = os.environ[BUS_VARIABLE], BUS_VARIABLE
    if args.role != "all" and (args.store is None or args.bus is None):
        raise InvalidArgumentError(
            f"--role {args.role} needs --store postgresql://... and --bus redis://... "
            "(the store and the bus its gateways and dealers share)"
        )
    if args.bus is not None and args.role == "all":
        raise InvalidArgumentError("--bus is for --role gateway or dealer")
    if args.bus is not None and not args.bus.startswith(("redis://", "rediss://", "unix://")):
        raise InvalidArgumentError(
            f"{bus_name} takes a redis://, rediss:// or unix:// URL, not {shown_url(args.bus)!r}"
        )
    for name, given in (("--store", args.store), (bus_name, args.bus)):
        if given is not None:
            readable_url(name, given)
    holder: str | None = None  # a dealer's name: its options claimed and its lanes held by it
    if args.role == "dealer":
        from drawpoker.site.dealer import dealer_name

        holder = dealer_name()
    if args.store is not None:
        if not is_postgres_url(args.store):
            raise InvalidArgumentError(
                f"--store takes a postgresql:// URL, not {shown_url(args.store)!r} (an SQLite "
                "file: --db)"
            )
        where = args.store
        lock = {"all": "exclusive", "dealer": "shared"}.get(args.role)
        try:  # reached, its schema migrated and its site lock free, before listening
            PostgresBackend(where, site_lock=lock).close()
        except ConnectionError as error:
            raise InvalidArgumentError(f"--store: {error}") from None
        if args.bus is not None:
            from drawpoker.site.bus import check_reachable
            from drawpoker.site.dealer_options import check_same_options, dealer_options

            try:  # reached before listening, as the store; a dealer's options as its peers'
                check_reachable(args.bus)
                if holder is not None:
                    check_same_options(args.bus, dealer_options(pace, limits), holder)
            except ConnectionError as error:
                raise InvalidArgumentError(f"{bus_name}: {error}") from None
    elif args.db != ":memory:":  # refused before listening; the store takes the lock for real
        FileLock(args.db).release()
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    try:  # bound first: the public URL needs the real port
        sock = socket.create_server((args.host, args.port), family=family)
    except OSError as error:
        raise InvalidArgumentError(f"cannot listen on {args.host}:{args.port}: {error}") from None
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    served = f"http://{shown}:{port}"
    public_url = args.public_url or served
    if args.role == "all":
        app = create_app(
            where, pace, limits, public_url=public_url, allowed_origins=tuple(args.allowed_origin)
        )
    else:
        from drawpoker.site.roles import dealer_app, gateway_app

        origins = {origin_of(url) for url in (public_url, *args.allowed_origin)}
        if args.role == "gateway":
            app = gateway_app(where, args.bus, limits, public_url, origins)
        else:
            app = dealer_app(where, args.bus, pace, limits, public_url, origins, holder)
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws_max_size=MAX_FRAME,
        lifespan="on",
        http=header_timeout_protocol(args.header_timeout),
        ws=SiteWebSocketProtocol,
        timeout_keep_alive=args.keep_alive,
        limit_concurrency=args.max_connections,
    )
    server = uvicorn.Server(config)

    async def serve() -> None:
        task = asyncio.ensure_future(server.serve(sockets=[sock]))
        while not server.started and not task.done():
            await asyncio.sleep(0.05)
        if server.started:
            role = "" if args.role == "all" else f", {args.role}"
            print(f"drawpoker serve: {served}/ (tables in {shown_url(where)}{role})", flush=True)
            if args.public_url is None and host in ("0.0.0.0", "::"):
                print(
                    f"drawpoker serve: browsers may post and connect only from {served}: "
                    "give --public-url with the address they use (http://NAME:PORT)",
                    flush=True,
                )
        await task

    with asyncio.Runner(loop_factory=loop_factory(args.loop)) as runner:
        runner.run(serve())
    return 0 if server.started else 1


def loop_factory(name: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """How ``--loop`` makes the server's event loop: uvloop's for ``uvloop`` (an error naming
    the missing package when it is not installed) and for ``auto`` when it is installed, else
    ``None``: asyncio's own.

    >>> loop_factory("asyncio") is None
    True
    >>> loop = loop_factory("auto")()  # uvloop comes with the serve extra
    >>> type(loop).__module__, loop.close()
    ('uvloop', None)
    """
    if name == "asyncio":
        return None
    try:
        import uvloop
    except ImportError as missing:
        if name == "auto":
            return None
        raise InvalidArgumentError(
            "--loop uvloop needs the uvloop package (pip install uvloop)"
        ) from missing
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory
