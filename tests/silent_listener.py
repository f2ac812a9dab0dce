"""A listening socket that accepts connections and never answers: a server that hangs (stopped
or swamped) as a client meets it, the kernel taking the connection and nothing replying."""

from __future__ import annotations

import socket
import threading
from pathlib import Path


class SilentListener:
    """Accepts every connection on ``listener`` and never answers; ``accepted`` holds the
    connections made to it (a client opens a new one after each timed-out call)."""

    def __init__(self, listener: socket.socket) -> None:
        self.listener = listener
        self.accepted: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    @classmethod
    def unix(cls, path: Path) -> SilentListener:
        """One on a unix socket at ``path``."""
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(str(path))
        listener.listen(64)
        return cls(listener)

    @classmethod
    def tcp(cls) -> SilentListener:
        """One on a free TCP port of loopback (:attr:`port`)."""
        return cls(socket.create_server(("127.0.0.1", 0)))

    @property
    def port(self) -> int:
        return int(self.listener.getsockname()[1])

    def _accept(self) -> None:
        while True:
            try:
                self.accepted.append(self.listener.accept()[0])
            except OSError:  # closed
                return

    def close(self) -> None:
        self.listener.close()
        for accepted in self.accepted:
            accepted.close()
