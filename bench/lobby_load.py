"""Load test of the lobby's live list (issue 28) on loopback: ``--tables`` listed tables and
``--pages`` lobby pages connected to ``/lobby/ws``; then, ``--changes`` times, one seat is
taken at one of the tables, and each page's latency is the time from the request taking the
seat to the list that shows it (the table's ``free`` one lower). Prints the p50, p99 and
maximum over every page and change.

    python -m bench.lobby_load                        # 200 tables, 50 lobby pages, 40 changes

The server runs in its own process (``drawpoker serve``), the pages in this one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from drawpoker.web.client import create_table, take_seat
from drawpoker.web.process import ServeProcess

LIMITS = (
    "--table-rate=100000/minute",
    "--open-tables=100000",
    "--connections-per-address=100000",
    "--lobby-connections=1000",
)
"""The limits of a server whose only client is this script."""


async def _page(url: str, ready: asyncio.Event, lists: asyncio.Queue[tuple[float, Any]]) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=2**22) as socket:
        await socket.recv()  # the list as it is
        ready.set()
        async for text in socket:
            await lists.put((time.perf_counter(), json.loads(text)))


async def measure(tables: int, pages: int, changes: int) -> dict[str, float]:
    """The latencies (ms) of ``changes`` seats taken, seen by ``pages`` lobby pages."""
    with tempfile.TemporaryDirectory() as folder:
        server = ServeProcess(Path(folder) / "lobby.db", options=LIMITS)
        server.start()
        try:
            request = {"game": "holdem", "seats": ["person"] * 6}
            ids = [
                (await asyncio.to_thread(create_table, server.url, request))["id"]
                for _ in range(tables)
            ]
            url = server.url.replace("http://", "ws://") + "/lobby/ws"
            queues: list[asyncio.Queue[tuple[float, Any]]] = [asyncio.Queue() for _ in range(pages)]
            readies = [asyncio.Event() for _ in range(pages)]
            tasks = [asyncio.create_task(_page(url, readies[i], queues[i])) for i in range(pages)]
            for ready in readies:
                await ready.wait()
            latencies: list[float] = []
            for change in range(changes):
                table_id = ids[change % min(tables, 50)]  # the first page's tables
                free = 6 - (change // min(tables, 50)) - 1
                sent = time.perf_counter()
                await asyncio.to_thread(take_seat, server.url, table_id, f"P{change}")
                for queue in queues:
                    while True:
                        at, data = await queue.get()
                        row = next(r for r in data["tables"] if r["id"] == table_id)
                        if row["free"] == free:
                            latencies.append(1000 * (at - sent))
                            break
            for task in tasks:
                task.cancel()
        finally:
            server.stop()
    latencies.sort()
    return {
        "p50_ms": statistics.median(latencies),
        "p99_ms": latencies[int(0.99 * (len(latencies) - 1))],
        "max_ms": latencies[-1],
        "samples": len(latencies),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--changes", type=int, default=40)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(measure(args.tables, args.pages, args.changes)), indent=1))


if __name__ == "__main__":
    main()
