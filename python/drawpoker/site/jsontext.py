"""JSON text of the site's messages and stored rows, made by ``orjson`` when it is installed
(the serve extra has it: it encodes a table's update several times faster than the standard
library) and by :mod:`json` otherwise, or for what ``orjson`` refuses (an integer past 64
bits, say); read back the same way by :func:`decode` (what the site's clients read). Both
write the same JSON: no spaces, the members in their order; ``orjson`` leaves letters outside
ASCII as they are (UTF-8), where :mod:`json` escapes them (``\\u0627``), which every JSON
reader reads as the same text.

>>> encode({"type": "pong", "seats": [1, None], "ok": True})
'{"type":"pong","seats":[1,null],"ok":true}'
>>> import json
>>> json.loads(encode({"name": "لاعب", 3: 2.5})) == {"name": "لاعب", "3": 2.5}
True
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - the serve extra installs it
    orjson = None  # type: ignore[assignment]

_ENCODER = json.JSONEncoder(separators=(",", ":"))
"""The standard library's encoder, made once (``json.dumps`` with separators makes one per
call)."""

_OPTIONS = 0 if orjson is None else orjson.OPT_NON_STR_KEYS
"""Keys that are not text (a seat's number) written as text, as :mod:`json` writes them."""


def standard_encode(data: Any) -> str:
    """``data`` as JSON text by the standard library alone (what :func:`encode` falls back on).

    >>> standard_encode({"a": [1, 2], 3: "x"})
    '{"a":[1,2],"3":"x"}'
    """
    return _ENCODER.encode(data)


def encode(data: Any) -> str:
    """``data`` as JSON text without spaces (``orjson``'s when it can, else
    :func:`standard_encode`).

    >>> encode({"a": (1, 2), "b": {"c": None}})
    '{"a":[1,2],"b":{"c":null}}'
    >>> encode({"big": 2**70})
    '{"big":1180591620717411303424}'
    """
    if orjson is not None:
        try:  # text keys alone first: a third quicker than with the option that allows others
            return orjson.dumps(data).decode()
        except TypeError:  # orjson.JSONEncodeError: a key that is not text (or what it does
            try:  # not write, which json may)
                return orjson.dumps(data, option=_OPTIONS).decode()
            except TypeError:
                pass
    return _ENCODER.encode(data)


def decode(text: str | bytes) -> Any:
    """The value of the JSON ``text`` (``orjson``'s reading when it can, else the standard
    library's, which also raises its errors: ``json.JSONDecodeError``).

    >>> decode('{"type":"update","seq":3,"state":{"pot":1.5,"cards":["As"]}}')
    {'type': 'update', 'seq': 3, 'state': {'pot': 1.5, 'cards': ['As']}}
    >>> decode('[NaN, 18446744073709551616]')
    [nan, 18446744073709551616]
    >>> decode('{"a": }')
    Traceback (most recent call last):
    ...
    json.decoder.JSONDecodeError: Expecting value: line 1 column 7 (char 6)
    """
    if orjson is not None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:  # what it does not read (NaN, a huge integer): json may
            pass
    return json.loads(text)
