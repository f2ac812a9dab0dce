"""A real ``drawpoker serve`` for the tests (:class:`drawpoker.site.process.ServeProcess`), with
JSON requests to its API."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from drawpoker.site.process import ServeProcess

SCRIPTED = (
    "--message-rate=100000/second",
    "--request-rate=100000/second",
    "--table-rate=100000/minute",
    "--open-tables=100000",
    "--connections-per-address=100000",
)
"""The limits of a site whose clients are scripts acting as fast as they can."""


class SiteServer(ServeProcess):
    """``drawpoker serve --port 0`` in a subprocess; ``url`` once it listens. Its limits are
    :data:`SCRIPTED` unless ``options`` are given."""

    def __init__(self, db: str | Path, *, options: tuple[str, ...] = SCRIPTED, **pace: float):
        super().__init__(db, options=options, **pace)

    def start(self) -> SiteServer:
        super().start()
        return self

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read())

    def ws_url(self, table_id: str) -> str:
        return self.url.replace("http://", "ws://") + f"/ws/{table_id}"
