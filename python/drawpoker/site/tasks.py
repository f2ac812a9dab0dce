"""Stopping one asyncio task from another.

``task.cancel()`` then ``with suppress(CancelledError): await task`` cannot tell the stopped
task's ``CancelledError`` from one meant for the task that waits: a task cancelled while it
waits there (a dealer's lane keeper stopping a table's room as the dealer is told to stop)
swallows its own cancellation and runs on. :func:`stop_task` waits without taking the stopped
task's result as its own.

A cancellation can also be lost inside the stopped task, below our code: after a Redis restart
the dealer's lane keeper was seen (2 stops in 16) sleeping on in its loop, its cancel requested
and never raised in it. redis-py drops it: since its version 8 a connection has a socket timeout
of 5 s unless told otherwise, and it sends each command under ``asyncio.wait_for`` with that
timeout, which in Python 3.11 returns the result of an awaitable that ended in the same turn as
the cancel and forgets the cancel (CPython issue 86296, mended in 3.12). A task looping on
commands, as the keeper does, lost 55 cancels of 300 here. The timeout stays (a dealer cut off
from Redis must find out and drop its lanes), and our own code uses ``asyncio.timeout``; so a task
still running :data:`RECANCEL_AFTER` seconds after its cancel is cancelled again, until it ends,
with a warning.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

log = logging.getLogger(__name__)

RECANCEL_AFTER = 1.0
"""Seconds a cancelled task may take to end before it is cancelled again."""


async def stop_task(task: asyncio.Task[Any]) -> None:
    """Cancels ``task`` and waits until it has ended, cancelling it again each
    :data:`RECANCEL_AFTER` seconds it runs on. Its cancellation is not raised here; an error it
    ended with is (as awaiting it would); a cancellation of the task that waits goes on as
    usual, whether it comes before or while this waits.

    >>> async def demo():
    ...     sleeper = asyncio.create_task(asyncio.sleep(60))
    ...     await stop_task(sleeper)
    ...     return sleeper.cancelled()
    >>> asyncio.run(demo())
    True
    """
    task.cancel()
    while not (await asyncio.wait((task,), timeout=RECANCEL_AFTER))[0]:
        log.warning(
            "task %s runs on %.0f s after its cancel: cancelled again",
            task.get_name(),
            RECANCEL_AFTER,
        )
        task.cancel()
    if not task.cancelled():
        task.result()
