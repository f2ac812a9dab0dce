"""The tables of a one-process site or of a dealer out of the cyclic garbage collector's way.

A table keeps every hand it played (its events, actions, CPU players' readings), so a server
with a thousand tables holds a few hundred thousand objects that live as long as their tables.
CPython's collector goes through all of them at each full collection, which comes back every
time the heap has grown by a quarter: measured in-process with 1,000 tables, a pause of up to
0.75 s, and a fifth of the server's CPU spent collecting. Every action waits out such a
pause, so it set the site's p99 latency at a thousand tables and more.

:class:`HeapFreezer` moves what has lived a few seconds into the collector's permanent
generation (``gc.freeze``), which its collections skip; the young generations are collected
first, so that only objects still in use are frozen. A cycle of frozen objects that later
falls out of use is not collected until the next thaw (``gc.unfreeze``, then one full
collection): done once the tables that left memory since the last thaw are a tenth of those
held (whole tables' objects are what falls out of use), and at least every ten minutes.
A thaw goes through every object held: a finished hand keeps no event objects
(:meth:`~drawpoker.engine.Hand.forget_events`), so that a table's share grows by a few objects
a hand rather than about thirty (in-process, 1,000 tables after 63,000 actions: 253,000
objects, a thaw about 0.1 s of CPU).

The collector's own schedule is turned off while the site runs (:meth:`HeapFreezer.start`):
CPython collects the young generation once the objects made outnumber those freed by 700,
and old objects freed count as much as new ones: with a thousand tables and more, objects a
few seconds old fall out of use about as fast as new ones are made, so that count hardly
moves, and the young generations grew between two collections to 55,000-76,000 objects
(measured at 2,000 tables: collections of the two young generations of 18-66 ms, a third of
them over 20 ms, each a pause of every table). The site collects the young generations itself
instead, every :data:`YOUNG` seconds (:meth:`HeapFreezer.collect_young`): a few thousand
objects, a pause of a millisecond or two.

>>> freezer = HeapFreezer(ops=Recorded(), clock=lambda: 0.0)
>>> freezer.tick(tables=100, dropped=0)
'frozen'
>>> freezer.ops.calls
['collect(1)', 'freeze']
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Protocol

THAW_SHARE = 0.1
"""A thaw once the tables that left memory since the last one are this share of the tables
held (or more)."""

THAW_EVERY = 600.0
"""Seconds after which a thaw is done whatever left memory: the cycles of frozen objects that
fell out of use otherwise (a CPU stand-in replaced, say) wait no longer than this."""

TICK = 5.0
"""Seconds between two ticks of :func:`drawpoker.site.app.freeze_heap` (a one-process site's
or a dealer's): what lived that long is frozen."""

YOUNG = 0.1
"""Seconds between two collections of the young generations by
:func:`drawpoker.site.app.freeze_heap` (the collector's own schedule is off while it runs)."""


class GcOps(Protocol):
    """What :class:`HeapFreezer` does with the collector (the :mod:`gc` module's functions)."""

    def collect(self, generation: int = 2) -> int: ...

    def freeze(self) -> None: ...

    def unfreeze(self) -> None: ...

    def isenabled(self) -> bool: ...

    def enable(self) -> None: ...

    def disable(self) -> None: ...


class Recorded:
    """A stand-in for :mod:`gc` that records the calls made (for examples and tests).

    >>> ops = Recorded(); ops.collect(1); ops.freeze(); ops.calls
    0
    ['collect(1)', 'freeze']
    """

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.enabled = True

    def collect(self, generation: int = 2) -> int:
        self.calls.append(f"collect({generation})")
        return 0

    def freeze(self) -> None:
        self.calls.append("freeze")

    def unfreeze(self) -> None:
        self.calls.append("unfreeze")

    def isenabled(self) -> bool:
        return self.enabled

    def enable(self) -> None:
        self.calls.append("enable")
        self.enabled = True

    def disable(self) -> None:
        self.calls.append("disable")
        self.enabled = False


class HeapFreezer:
    """Freezes the objects that outlived a tick, and thaws them all now and then (see the
    module's text); ``ops`` is the collector (:mod:`gc`), ``clock`` the time in seconds.

    >>> now = [0.0]
    >>> freezer = HeapFreezer(ops=Recorded(), clock=lambda: now[0])
    >>> freezer.tick(tables=100, dropped=4), freezer.tick(tables=100, dropped=6)
    ('frozen', 'thawed')
    >>> freezer.ops.calls[2:]
    ['unfreeze', 'collect(2)', 'freeze']
    >>> now[0] = THAW_EVERY; freezer.tick(tables=100, dropped=0)
    'thawed'
    """

    def __init__(self, ops: GcOps | None = None, clock: Callable[[], float] = time.monotonic):
        self.ops: GcOps = ops if ops is not None else gc
        self.clock = clock
        self.thawed_at = clock()
        self.dropped = 0
        """Tables that left memory since the last thaw."""
        self.was_enabled: bool | None = None
        """Whether the collector ran on its own schedule before :meth:`start` (``None``: not
        started)."""

    def start(self) -> None:
        """Turns the collector's own schedule off (the site calls :meth:`collect_young`).

        >>> freezer = HeapFreezer(ops=Recorded()); freezer.start(); freezer.ops.enabled
        False
        """
        if self.was_enabled is None:
            self.was_enabled = self.ops.isenabled()
        self.ops.disable()

    def collect_young(self) -> None:
        """Collects the young generations (what outlives it waits for the next tick's freeze).

        >>> freezer = HeapFreezer(ops=Recorded()); freezer.collect_young(); freezer.ops.calls
        ['collect(1)']
        """
        self.ops.collect(1)

    def tick(self, tables: int, dropped: int) -> str:
        """One tick: ``tables`` are held in memory, ``dropped`` left it since the last tick.
        Thaws (``"thawed"``: every object collected once, then frozen again) when it is time
        to, else collects the young generations and freezes what is left (``"frozen"``).

        >>> HeapFreezer(ops=Recorded()).tick(tables=10, dropped=1)
        'thawed'
        """
        self.dropped += dropped
        now = self.clock()
        if self.dropped >= THAW_SHARE * max(tables, 1) or now - self.thawed_at >= THAW_EVERY:
            self.ops.unfreeze()
            self.ops.collect(2)
            self.ops.freeze()
            self.dropped = 0
            self.thawed_at = now
            return "thawed"
        self.ops.collect(1)
        self.ops.freeze()
        return "frozen"

    def stop(self) -> None:
        """Gives every frozen object back to the collector, and its own schedule back if it
        had it before :meth:`start`.

        >>> freezer = HeapFreezer(ops=Recorded()); freezer.start(); freezer.stop()
        >>> freezer.ops.calls, freezer.ops.enabled
        (['disable', 'unfreeze', 'enable'], True)
        """
        self.ops.unfreeze()
        if self.was_enabled:
            self.ops.enable()
        self.was_enabled = None
