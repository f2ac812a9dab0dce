"""The messages a browser may send over the WebSocket, checked before anything reads them.

Every message is one JSON object in a text frame of at most :data:`MAX_MESSAGE` bytes, with a
``type`` and exactly the fields that type has (docs/protocol.md). :func:`parse_message` returns
the message as a small record or raises :class:`ProtocolError` with a code and a sentence; the
room then checks what only it can check (the seat token, whose turn, the engine's legality).

>>> parse_message('{"type": "act", "seq": 4, "kind": "raise", "amount": 300}')
Act(seq=4, kind='raise', amount=300, cards=())
>>> parse_message('{"type": "act", "seq": 4, "kind": "call", "amount": 300}')
Traceback (most recent call last):
...
drawpoker.site.protocol.ProtocolError: bad-message: a call takes no amount
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from drawpoker.engine.actions import AMOUNT_LIMIT, KINDS

MAX_MESSAGE = 4096
"""The most bytes a browser's message may have (a draw of five cards needs about 100)."""

TOO_SLOW = 1013
"""The close code of a connection that fell ``OUTBOX_SIZE`` messages behind (a browser that
does not read): it reconnects with ``since`` and misses nothing of its stream."""

MAX_TOKEN = 128
"""The longest seat token accepted (a real one is 43 characters)."""

MAX_DISCARDS = 16
"""The most cards a draw message may name (every game draws at most five)."""

ERROR_CODES = {
    "too-large": f"the message is longer than {MAX_MESSAGE} bytes",
    "bad-json": "the message is not a JSON object",
    "bad-message": "the message does not have the fields its type needs",
    "hello-first": "the first message must be a hello with the seat token",
    "bad-token": "the seat token is not one of this table's (the connection is closed)",
    "no-table": "there is no such table (the connection is closed)",
    "not-started": "the table waits for its players",
    "over": "the game is over",
    "away": "a CPU player plays the seat while its player is away: send back first",
    "pause": "the table shows the last hand's result before the next deal",
    "stale": "the table moved on since the state the action was chosen in",
    "not-your-turn": "it is another seat's turn",
    "illegal": "the rules do not allow the action now",
    "bad-card": "a discard is not a card of the seat",
    "watching": "a watcher only watches: it may send ping, nothing else",
    "too-many-watchers": "the table has as many watchers as it takes (the connection is closed)",
    "store-unavailable": "the database cannot be reached: nothing was done, try again shortly",
    "dealer-unavailable": "the table's dealer did not answer (a gateway): connect again shortly",
}
"""Every error code a client may receive, with what it means."""

CLOSE_CODES = {"bad-token": 4401, "no-table": 4404, "too-many-watchers": 4429}
"""The site's WebSocket close codes (docs/protocol.md): the refusals of a hello after which
the page must not simply connect again, by error code. Any other refused hello is closed with
1008 (policy violation)."""


def outage_sentence(error: object) -> str:
    """What a client is told of a store that could not be reached: the protocol's sentence,
    never the database's own words (they name its host or socket, which an anonymous client
    has no business knowing); those go to the log.

    >>> outage_sentence("connection to server on socket /run/pg/.s.PGSQL.5432 failed")
    'the database cannot be reached: nothing was done, try again shortly'
    """
    logging.getLogger("drawpoker.site").warning("the store is unavailable: %s", error)
    return ERROR_CODES["store-unavailable"]


class ProtocolError(Exception):
    """A message refused: ``code`` (one of :data:`ERROR_CODES`) and a sentence for people.

    >>> str(ProtocolError("bad-json", "not JSON"))
    'bad-json: not JSON'
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        """The error message the client receives.

        >>> ProtocolError("stale", "the hand moved on").to_dict()
        {'type': 'error', 'code': 'stale', 'message': 'the hand moved on'}
        """
        return {"type": "error", "code": self.code, "message": self.message}


@dataclass(frozen=True)
class Hello:
    """The first message: the seat token and the last event the client has (``since``; ``None``
    for a fresh page: it gets the current hand's events).

    >>> Hello("abc", None).since is None
    True
    """

    token: str
    since: int | None


@dataclass(frozen=True)
class Watch:
    """The first message of a watcher (no seat, no token): it is shown what every seat sees,
    the public events after ``since`` (``None``: those of the current hand).

    >>> Watch(None).since is None
    True
    """

    since: int | None


@dataclass(frozen=True)
class Act:
    """An action at the seat's turn: ``seq`` is the latest event the client had when it chose
    (the action is refused as stale if the table moved on), ``amount`` the bet or raise total,
    ``cards`` the discards as text.

    >>> Act(3, "draw", 0, ("7c", "2h")).cards
    ('7c', '2h')
    """

    seq: int
    kind: str
    amount: int = 0
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Command:
    """A message without fields: ``away`` (a CPU player plays the seat), ``back``, ``start``
    (start now: CPU players play the seats nobody took yet), ``next`` (end the pause after a
    hand once every present person asked) or ``ping``.

    >>> Command("ping").kind
    'ping'
    """

    kind: str


@dataclass(frozen=True)
class Tips:
    """A seated player's tips setting (``on``): only a seat whose player asked for tips is sent
    one at its draw (the analysis is not run for the others).

    >>> Tips(True).on
    True
    """

    on: bool


COMMANDS = ("away", "back", "start", "next", "ping")
"""The message types that are a :class:`Command`."""

Message = Hello | Watch | Act | Command | Tips


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the field {key!r} appears twice")
        result[key] = value
    return result


def load_object(text: str | bytes, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """``text`` as a JSON object: at most ``limit`` bytes, no repeated field, no NaN or
    Infinity; anything else raises :class:`ProtocolError`.

    >>> load_object('{"a": 1}')
    {'a': 1}
    >>> load_object('[1, 2]')
    Traceback (most recent call last):
    ...
    drawpoker.site.protocol.ProtocolError: bad-json: a message is a JSON object, not a list
    """
    size = len(text.encode() if isinstance(text, str) else text)
    if size > limit:
        raise ProtocolError("too-large", f"the message has {size} bytes; at most {limit}")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        raise ProtocolError("bad-json", f"the message is not JSON ({error})") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-json", f"a message is a JSON object, not a {_json_type(data)}")
    _refuse_lone_surrogates(data)
    return data


def _refuse_lone_surrogates(data: object, where: str = "the message") -> None:
    """Raises :class:`ProtocolError` when a text of ``data`` holds a lone surrogate (an escape
    such as ``"\\ud800"`` that JSON reads but that is no character: it cannot be encoded),
    naming the top-level field that holds it (a nickname's ``name``, say).

    >>> load_object(r'{"token": ["ok", "\\ud800"]}')
    Traceback (most recent call last):
    ...
    drawpoker.site.protocol.ProtocolError: bad-json: the field 'token' holds a lone surrogate \
'\\ud800', which is not text
    """
    if isinstance(data, str):
        try:
            data.encode()
        except UnicodeEncodeError as error:
            bad = data[error.start : error.end]
            raise ProtocolError(
                "bad-json", f"{where} holds a lone surrogate {bad!r}, which is not text"
            ) from None
    elif isinstance(data, dict):
        top = where == "the message"
        for key, value in data.items():
            _refuse_lone_surrogates(key, where)
            _refuse_lone_surrogates(value, f"the field {key!r}" if top else where)
    elif isinstance(data, list):
        for value in data:
            _refuse_lone_surrogates(value, where)


def _json_type(value: object) -> str:
    names = {list: "list", str: "string", bool: "boolean", int: "number", float: "number"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


def _fields(data: dict[str, Any], required: set[str], optional: set[str] | None = None) -> None:
    kind = data.get("type")
    optional = optional or set()
    missing = sorted(required - set(data))
    if missing:
        raise ProtocolError("bad-message", f"a {kind} message needs the fields {missing}")
    unknown = sorted(set(data) - required - optional)
    if unknown:
        allowed = sorted(required | optional)
        raise ProtocolError("bad-message", f"unknown fields {unknown} (a {kind} has {allowed})")


def _integer(name: str, value: object, low: int) -> int:
    """``value`` checked to be an int of ``low``..``AMOUNT_LIMIT - 1`` (no bool, no float).

    >>> _integer("amount", 2**62, 1)
    Traceback (most recent call last):
    ...
    drawpoker.site.protocol.ProtocolError: bad-message: amount must be a whole number from 1 \
below 4611686018427387904, not 4611686018427387904
    """
    if type(value) is not int or not low <= value < AMOUNT_LIMIT:
        raise ProtocolError(
            "bad-message",
            f"{name} must be a whole number from {low} below {AMOUNT_LIMIT}, not {value!r}",
        )
    return value


def parse_message(text: str | bytes) -> Message:
    """A browser's message, checked (size, JSON, type, fields and their types).

    >>> parse_message('{"type": "hello", "token": "x", "since": 7}')
    Hello(token='x', since=7)
    >>> parse_message('{"type": "watch"}')
    Watch(since=None)
    >>> parse_message('{"type": "tips", "on": true}')
    Tips(on=True)
    >>> parse_message('{"type": "ping", "extra": 1}')
    Traceback (most recent call last):
    ...
    drawpoker.site.protocol.ProtocolError: bad-message: unknown fields ['extra'] (a ping has \
['type'])
    """
    data = load_object(text)
    kind = data.get("type")
    if kind == "hello":
        _fields(data, {"type", "token"}, {"since"})
        token = data["token"]
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
            raise ProtocolError("bad-message", "token must be the seat token (a string)")
        since = data.get("since")
        if since is not None:
            since = _integer("since", since, 0)
        return Hello(token, since)
    if kind == "watch":
        _fields(data, {"type"}, {"since"})
        since = data.get("since")
        return Watch(None if since is None else _integer("since", since, 0))
    if kind == "act":
        return _parse_act(data)
    if kind == "tips":
        _fields(data, {"type", "on"})
        if not isinstance(data["on"], bool):
            raise ProtocolError("bad-message", "on must be true or false")
        return Tips(data["on"])
    if kind in COMMANDS:
        _fields(data, {"type"})
        return Command(kind)
    known = ", ".join(["hello", "watch", "act", "tips", *COMMANDS])
    raise ProtocolError("bad-message", f"unknown message type {kind!r} (known: {known})")


def _parse_act(data: dict[str, Any]) -> Act:
    action = data.get("kind")
    if action not in KINDS:
        raise ProtocolError(
            "bad-message", f"kind must be one of {', '.join(KINDS)}, not {action!r}"
        )
    if action in ("bet", "raise"):
        _fields(data, {"type", "seq", "kind", "amount"})
        amount = _integer("amount", data["amount"], 1)
        return Act(_integer("seq", data["seq"], 0), action, amount)
    if action == "draw":
        _fields(data, {"type", "seq", "kind", "cards"})
        cards = data["cards"]
        if not isinstance(cards, list) or len(cards) > MAX_DISCARDS:
            raise ProtocolError("bad-message", "cards must be a list of the cards to discard")
        if not all(isinstance(c, str) and 0 < len(c) <= 3 for c in cards):
            raise ProtocolError("bad-message", 'each discard is a card as text, such as "7c"')
        return Act(_integer("seq", data["seq"], 0), action, 0, tuple(cards))
    if "amount" in data:
        raise ProtocolError("bad-message", f"a {action} takes no amount")
    if "cards" in data:
        raise ProtocolError("bad-message", f"a {action} takes no cards")
    _fields(data, {"type", "seq", "kind"})
    return Act(_integer("seq", data["seq"], 0), action)
