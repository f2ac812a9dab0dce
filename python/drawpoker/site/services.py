"""How the site speaks of the services it is given (a PostgreSQL store, a Redis bus) in its
messages and logs: a URL without its password (in its login or in its query, as libpq and
redis-py both take it), what a service said on one line with that password blotted out, and
a URL that cannot be read refused before anything is asked of it.

>>> shown_url("postgresql://app:secret@db/site"), shown_url("redis://:secret@cache:6379/0")
('postgresql://app@db/site', 'redis://cache:6379/0')
>>> one_line(ValueError("no" + chr(10) + "  such   role"))
'no such role'
"""

from __future__ import annotations

import urllib.parse

from drawpoker.errors import InvalidArgumentError

SECRET_FIELDS = frozenset({"password"})
"""Query fields that hold a password (libpq's ``?password=``, redis-py's ``?password=``)."""

HIDDEN = "(not shown)"
"""What stands for a URL that cannot be read, or a password in a service's own words."""


def _parts(where: str) -> urllib.parse.SplitResult | None:
    """``where`` split as a URL, or ``None`` when it cannot be read (a bad port, a bad
    IPv6 address)."""
    try:
        parts = urllib.parse.urlsplit(where)
        parts.port  # noqa: B018  (reading it checks it)
    except ValueError:
        return None
    return parts


def _query_secrets(parts: urllib.parse.SplitResult) -> list[str]:
    fields = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    return [value for key, value in fields if key.lower() in SECRET_FIELDS and value]


def shown_url(where: str) -> str:
    """``where`` as the server may print it: a URL without its password (the login kept, a
    query's ``password`` left out), a URL that cannot be read as its scheme alone, and
    anything else (an SQLite file's path) as it is.

    >>> shown_url("unix:///run/redis.sock?password=pw&db=2"), shown_url("site.db")
    ('unix:///run/redis.sock?db=2', 'site.db')
    >>> shown_url("unix://:pw@/run/redis.sock"), shown_url("redis://:pw@[::1/0")
    ('unix:///run/redis.sock', 'redis://(not shown)')
    """
    parts = _parts(where)
    if parts is None:
        return f"{where.split('://', 1)[0]}://{HIDDEN}" if "://" in where else HIDDEN
    fields = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    kept = [(key, value) for key, value in fields if key.lower() not in SECRET_FIELDS]
    if parts.password is None and len(kept) == len(fields):
        return where
    netloc = parts.netloc
    if parts.password is not None:
        userinfo, host = netloc.rsplit("@", 1)
        login = userinfo.split(":", 1)[0]
        netloc = f"{login}@{host}" if login else host
    query = f"?{urllib.parse.urlencode(kept)}" if kept else ""
    fragment = f"#{parts.fragment}" if parts.fragment else ""
    return f"{parts.scheme}://{netloc}{parts.path}{query}{fragment}"


def one_line(error: BaseException, where: str = "") -> str:
    """What ``error`` says on one line (its class's name when it says nothing), for a message
    and the logs; the password of the service at ``where`` blotted out, should the service
    have repeated it (libpq does, in a percent sign it cannot read).

    >>> one_line(TimeoutError())
    'TimeoutError'
    >>> one_line(ValueError('bad token: "pw%zz"'), "postgresql://app:pw%zz@db/site")
    'bad token: "(not shown)"'
    """
    said = " ".join(str(error).split()) or type(error).__name__
    parts = _parts(where) if where else None
    if parts is not None:
        secrets = [parts.password or "", *_query_secrets(parts)]
        for secret in sorted(filter(None, secrets), key=len, reverse=True):
            said = said.replace(secret, HIDDEN)
    return said


def readable_url(name: str, where: str) -> str:
    """``where`` when it can be read as a URL, else refused naming the option ``name``
    (before a driver, which would print the whole URL in its error, is given it).

    >>> readable_url("--bus", "redis://cache:notaport/0")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: --bus: redis://(not shown) cannot be read as a URL \
(a port that is not a number, or an IPv6 address without its closing bracket?)
    """
    if _parts(where) is None:
        raise InvalidArgumentError(
            f"{name}: {shown_url(where)} cannot be read as a URL (a port that is not a number, "
            "or an IPv6 address without its closing bracket?)"
        )
    return where
