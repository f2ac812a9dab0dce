"""Device keys: how the site knows a person without registration.

A browser's first visit asks the server for a device key (:func:`new_device_key`: 32 random
bytes, 256 bits, as 64 hexadecimal digits) with a nickname; the browser keeps the key (its
``localStorage``), and may show it to be copied into another browser. Every seat the device
takes is tied to it, so the device can take its seat back (a fresh seat token) and its games
and ratings are its own. Like a seat token, the key is a secret: the store keeps only its
SHA-256.

>>> key = new_device_key()
>>> parse_device_key(key) == key, len(key)
(True, 64)
>>> parse_device_key("not a key")
Traceback (most recent call last):
...
drawpoker.site.guard.Refused: bad-device: a device key is 64 hexadecimal digits
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from drawpoker.site.guard import Refused

KEY_BYTES = 32
"""Random bytes in a device key."""

_KEY = re.compile(rf"[0-9a-f]{{{2 * KEY_BYTES}}}")


def new_device_key() -> str:
    """A new random device key.

    >>> new_device_key() != new_device_key()
    True
    """
    return secrets.token_hex(KEY_BYTES)


def parse_device_key(value: object) -> str:
    """``value`` when it is a well-formed device key (letters in either case, given back in
    lower case); :class:`Refused` (400, ``bad-device``) otherwise.

    >>> parse_device_key("AB" * 32) == "ab" * 32
    True
    >>> parse_device_key(12)
    Traceback (most recent call last):
    ...
    drawpoker.site.guard.Refused: bad-device: a device key is 64 hexadecimal digits
    """
    if isinstance(value, str):
        key = value.strip().lower()
        if _KEY.fullmatch(key):
            return key
    raise Refused(400, "bad-device", f"a device key is {2 * KEY_BYTES} hexadecimal digits")


@dataclass(frozen=True)
class KnownDevice:
    """A device whose key a gateway checked already: its id and nickname, sent to the dealer
    in the key's stead (a key is a secret: it never goes into a lane's inbox in Redis).

    >>> KnownDevice(7, "Ann").to_json(), KnownDevice.from_json({"id": 7, "nickname": "Ann"})
    ({'id': 7, 'nickname': 'Ann'}, KnownDevice(id=7, nickname='Ann'))
    """

    id: int
    nickname: str

    def to_json(self) -> dict[str, object]:
        """The device as a request to a dealer carries it."""
        return {"id": self.id, "nickname": self.nickname}

    @classmethod
    def from_json(cls, value: dict[str, object]) -> KnownDevice:
        """The device a request to a dealer carries (:meth:`to_json`)."""
        return cls(int(str(value["id"])), str(value["nickname"]))
