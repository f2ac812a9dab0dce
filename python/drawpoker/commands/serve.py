"""``drawpoker serve``: the site: every game of the engine in the browser, against CPU players
and other people on the same server (:mod:`drawpoker.web`).

What a user types::

    drawpoker serve                              # http://127.0.0.1:8000/, tables in drawpoker.db
    drawpoker serve --port 8080 --db games.db    # another port and file
    drawpoker serve --host 0.0.0.0 --think 1.5   # open to the network; slower CPU players

It prints the URL once the server listens (the real port with ``--port 0``). Tables and hands
are saved in the SQLite file as they happen; a server started again on the same file resumes
every table. It needs the ``serve`` extra (``pip install "drawpoker[serve]"``).

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args([])
>>> args.host, args.port, args.db, args.think, args.showdown_pause
('127.0.0.1', 8000, 'drawpoker.db', 0.8, 4.0)
"""

from __future__ import annotations

import argparse
import asyncio

from drawpoker.errors import InvalidArgumentError

NAME = "serve"
HELP = "play in the browser: a web server for every game (Starlette, uvicorn, SQLite)"

MAX_FRAME = 65536
"""The largest WebSocket frame the server reads at all (messages over 4 KB are refused by the
protocol; anything over this closes the connection)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The address, the database file and the CPU players' pace.

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


def run(args: argparse.Namespace) -> int:
    """Runs the server until Ctrl-C."""
    for name in ("think", "pause", "showdown_pause", "grace"):
        if not 0 <= getattr(args, name) <= 3600:
            option = name.replace("_", "-")
            raise InvalidArgumentError(f"--{option} is 0..3600 seconds")
    try:
        import uvicorn

        from drawpoker.web.app import create_app
        from drawpoker.web.room import Pace
    except ImportError as error:
        raise InvalidArgumentError(
            f'drawpoker serve needs the serve extra: pip install "drawpoker[serve]" ({error})'
        ) from None
    pace = Pace(think=args.think, pause=args.pause, grace=args.grace, showdown=args.showdown_pause)
    app = create_app(args.db, pace)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=MAX_FRAME,
        lifespan="on",
    )
    server = uvicorn.Server(config)

    async def serve() -> None:
        task = asyncio.ensure_future(server.serve())
        while not server.started and not task.done():
            await asyncio.sleep(0.05)
        if server.started:
            host, port = server.servers[0].sockets[0].getsockname()[:2]
            shown = f"[{host}]" if ":" in host else host
            print(f"drawpoker serve: http://{shown}:{port}/ (tables in {args.db})", flush=True)
        await task

    asyncio.run(serve())
    return 0 if server.started else 1
