"""How the site speaks of the services it is given (a PostgreSQL store, a Redis bus) in its
messages and logs: a URL without its password, and what a service said, on one line.

>>> shown_url("postgresql://app:secret@db/site"), shown_url("redis://:secret@cache:6379/0")
('postgresql://app@db/site', 'redis://cache:6379/0')
>>> one_line(ValueError("no" + chr(10) + "  such   role"))
'no such role'
"""

from __future__ import annotations

import urllib.parse


def shown_url(where: str) -> str:
    """``where`` as the server may print it: a URL without its password (the login kept), and
    anything else (an SQLite file's path) as it is.

    >>> shown_url("unix:///run/redis.sock"), shown_url("site.db")
    ('unix:///run/redis.sock', 'site.db')
    """
    parts = urllib.parse.urlsplit(where)
    if parts.password is None:
        return where
    userinfo, host = parts.netloc.rsplit("@", 1)
    login = userinfo.split(":", 1)[0]
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{login}@{host}" if login else host))


def one_line(error: BaseException) -> str:
    """What ``error`` says on one line (its class's name when it says nothing), for a message
    and the logs.

    >>> one_line(TimeoutError())
    'TimeoutError'
    """
    return " ".join(str(error).split()) or type(error).__name__
