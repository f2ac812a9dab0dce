"""Reading a person's answers in the terminal with the turn timer running: a reader is
``read(prompt, timeout) -> str | None`` (``None``: the time ran out while they thought).

>>> untimed(lambda prompt: "c")("> ", 30.0)
'c'
"""

from __future__ import annotations

import math
import os
import select
import sys
import time
from collections.abc import Callable
from typing import TextIO

WARN_AT = 10.0
"""Seconds left on the turn timer when the terminal reader warns while it waits."""

LATE_GRACE = 2.0
"""Seconds after a timeout in which a line finished on the terminal is taken as a late answer
to the question that timed out (reported, not used), not as an answer to the next one."""

Reader = Callable[[str, float | None], str | None]
"""``read(prompt, timeout)``: the answer typed, or ``None`` when ``timeout`` seconds (``None``: no
limit) passed without one; raises :class:`EOFError` at the end of the input."""


def untimed(read: Callable[[str], str]) -> Reader:
    """A reader from a plain ``input``-like function, which cannot time out: with a turn
    timer, an answer that comes after the time ran out is refused as late.

    >>> untimed(lambda prompt: "c")("Your move > ", 30.0)
    'c'
    """

    def reader(prompt: str, timeout: float | None) -> str | None:
        return read(prompt)

    return reader


def closed_input(prompt: str, timeout: float | None) -> str | None:
    """The reader of a program without a standard input: the input is over at once.

    >>> closed_input("> ", None)
    Traceback (most recent call last):
    ...
    EOFError
    """
    raise EOFError


def _ready(fd: int, timeout: float | None) -> bool:
    """Whether ``fd`` has input within ``timeout`` seconds (``None``: wait as long as it takes)."""
    return bool(select.select([fd], [], [], timeout)[0])


class TerminalReader:
    """Reads answers from a file descriptor (standard input: a terminal, a pipe, a file) with a
    real timeout: ``select`` waits for a line at most ``timeout`` seconds, so the turn timer
    fires while the person thinks. ``warn_at`` seconds before the end it writes how long is
    left and the prompt again. POSIX only (``select`` on a terminal).

    An answer typed after the time ran out is never used (it answered a question that is gone;
    applied to the next one it could be a blunder) and never dropped silently: the lines
    waiting when the next prompt comes, and the lines finished within ``late_grace`` seconds
    of the timeout (someone who was typing when the time ran out presses Enter just after),
    are reported as not used and the prompt is asked again.

    ``out`` takes the prompts; ``clock`` and ``ready(fd, timeout)`` are injectable for tests.

    >>> import io, os
    >>> r, w = os.pipe()
    >>> _ = os.write(w, b"c\\n")
    >>> out = io.StringIO()
    >>> read = TerminalReader(r, out)
    >>> read("Your move > ", 30.0), out.getvalue()
    ('c', 'Your move > ')
    >>> read("Your move > ", 0.01)
    >>> os.close(w); read("Again > ", None)
    Traceback (most recent call last):
    ...
    EOFError
    >>> os.close(r)
    """

    def __init__(
        self,
        fd: int = 0,
        out: TextIO | None = None,
        *,
        warn_at: float = WARN_AT,
        late_grace: float = LATE_GRACE,
        clock: Callable[[], float] = time.monotonic,
        ready: Callable[[int, float | None], bool] = _ready,
    ) -> None:
        self.fd = fd
        self.out = out if out is not None else sys.stdout
        self.warn_at = warn_at
        self.late_grace = late_grace
        self.clock = clock
        self.ready = ready
        self.buffer = b""
        self.ended = False
        self.timed_out = False
        self.late_until = -math.inf

    def __call__(self, prompt: str, timeout: float | None = None) -> str | None:
        """The next line typed, ``None`` when ``timeout`` seconds pass without one; raises
        :class:`EOFError` when the input is over.

        >>> import io, os
        >>> r, w = os.pipe()
        >>> read = TerminalReader(r, io.StringIO())
        >>> read("> ", 0.0)
        >>> _ = os.write(w, b"late\\n")
        >>> read("> ", 0.0)  # the late line is reported and dropped
        >>> read.out.getvalue().splitlines()[1]
        "Not used: 'late' was typed after your time ran out."
        >>> os.close(w); os.close(r)
        """
        if self.timed_out:
            self.timed_out = False
            self._not_used(self._typed_already())
        self._write(prompt)
        deadline = None if timeout is None else self.clock() + timeout
        warned = timeout is None or timeout <= self.warn_at
        while True:
            if b"\n" in self.buffer:
                raw, _, self.buffer = self.buffer.partition(b"\n")
                line = raw.decode(errors="replace").rstrip("\r")
                if self.clock() >= self.late_until:
                    return line
                self._not_used([line])
                self._write(prompt)
                continue
            if self.ended:
                if not self.buffer:
                    raise EOFError
                self.buffer += b"\n"  # the last line had no newline
                continue
            wait: float | None = None
            if deadline is not None:
                left = deadline - self.clock()
                if left <= 0:
                    self.timed_out = True
                    self.late_until = self.clock() + self.late_grace
                    self._write("\n")
                    return None
                if not warned and left <= self.warn_at:
                    warned = True
                    self._write(f"\n{math.ceil(left)} s left! {prompt}")
                wait = left if warned else left - self.warn_at
            if self.ready(self.fd, wait):
                self._read_some()

    def _write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()

    def _not_used(self, lines: list[str]) -> None:
        for line in lines:
            self._write(f"Not used: {line!r} was typed after your time ran out.\n")

    def _read_some(self) -> None:
        chunk = os.read(self.fd, 4096)
        if chunk:
            self.buffer += chunk
        else:
            self.ended = True

    def _typed_already(self) -> list[str]:
        """The complete lines waiting now (typed before the current prompt), taken out."""
        while not self.ended and self.ready(self.fd, 0):
            self._read_some()
        lines = self.buffer.split(b"\n")
        self.buffer = lines.pop()
        return [line.decode(errors="replace").rstrip("\r") for line in lines]


def terminal_reader() -> Reader:
    """The reader of this process's standard input: with a real timeout on POSIX, a plain
    ``input`` elsewhere (there the timer is enforced when the answer comes).

    >>> callable(terminal_reader())
    True
    """
    if sys.stdin is None:
        return closed_input
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return untimed(input)
    if os.name != "posix":
        return untimed(input)
    return TerminalReader(fd, sys.stdout)
