"""The options every dealer of a site must share (docs/scale-out.md): a table is played by
whichever dealer holds its lane, so a dealer started with another pace, other limits or other
CPU types would change the tables it takes over (a turn timer, a registered player missing).
Each dealer writes its options in Redis beside its name; a dealer whose options differ from
those of a dealer alive is refused at start, naming each difference.

>>> mine = dealer_options(Pace(think=0.8), SiteLimits(), {})
>>> theirs = dealer_options(Pace(think=0.5), SiteLimits(open_tables=5), {})
>>> differences(mine, theirs)
['--think 0.8 (a dealer alive: 0.5)', '--open-tables 20 (a dealer alive: 5)']
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from drawpoker.bots import PLUGINS
from drawpoker.bots.plugins import CpuType
from drawpoker.errors import InvalidArgumentError
from drawpoker.site.bus import redis_at
from drawpoker.site.guard import SiteLimits
from drawpoker.site.lanes import dealers_key, unix_ms
from drawpoker.site.room import Pace

PACE_OPTIONS = {"think": "--think", "pause": "--pause", "grace": "--grace"}
"""The serve options of :class:`~drawpoker.site.room.Pace`'s fields (``showdown`` is
``--showdown-pause``; ``threads`` is no option)."""


def options_key(prefix: str = "drawpoker") -> str:
    """The Redis hash of the live dealers' options: each dealer's name, its options as JSON.

    >>> options_key()
    'drawpoker:dealer-options'
    """
    return f"{prefix}:dealer-options"


def cpu_type_names(types: Mapping[str, CpuType]) -> dict[str, str]:
    """Each registered CPU type as ``--cpu-type`` named it: ``NAME=module:Class``.

    >>> from drawpoker.bots.plugins import CheckCallBot
    >>> cpu_type_names({"calls": CpuType("calls", CheckCallBot, ("holdem",))})
    {'calls': 'calls=drawpoker.bots.basic:CheckCallBot'}
    """
    return {
        name: f"{name}={kind.make.__module__}:{kind.make.__qualname__}"
        for name, kind in sorted(types.items())
    }


def dealer_options(
    pace: Pace, limits: SiteLimits, cpu_types: Mapping[str, CpuType] | None = None
) -> dict[str, Any]:
    """A dealer's options as ``serve`` names them (``--think``, ``--open-tables``, ...), the
    registered CPU types (:data:`~drawpoker.bots.PLUGINS` when not given) under
    ``--cpu-type``.

    >>> dealer_options(Pace(think=0.8), SiteLimits(), {})["--think"]
    0.8
    """
    options: dict[str, Any] = {
        option: getattr(pace, field) for field, option in PACE_OPTIONS.items()
    }
    options["--showdown-pause"] = pace.showdown
    for name, value in asdict(limits).items():
        options["--" + name.replace("_", "-")] = value
    types = PLUGINS if cpu_types is None else cpu_types
    options["--cpu-type"] = sorted(cpu_type_names(types).values())
    return options


def differences(
    mine: Mapping[str, Any], theirs: Mapping[str, Any], other: str = "a dealer alive"
) -> list[str]:
    """Each option ``mine`` gives otherwise than ``theirs`` (``other``'s), said as
    ``--option mine (a dealer alive: theirs)``, then each option only ``theirs`` has (a dealer
    of another version).

    >>> differences({"--cpu-type": []}, {"--cpu-type": ["calls=m:C"]})
    ['--cpu-type none (a dealer alive: calls=m:C)']
    >>> differences({"--think": 0.5}, {"--think": 0.5, "--new": 3}, "a dealer starting")
    ['--new not given (a dealer starting: 3)']
    """
    said = []
    for option in [*mine, *(option for option in theirs if option not in mine)]:
        value, other_value = mine.get(option), theirs.get(option)
        if other_value != value:
            said.append(f"{option} {_shown(value)} ({other}: {_shown(other_value)})")
    return said


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(value) if value else "none"
    return "not given" if value is None else str(value)


CLAIM_MS = 10_000
"""How long a starting dealer's claim on its options holds (ms, by Redis's clock) before it is
alive (marked in the dealers' set each second): a dealer checked meanwhile with other options
is refused too. A start that failed holds them no longer than that."""

# KEYS[1] the live dealers' marks, KEYS[2] the dealers' options, KEYS[3] the claims of the
# dealers starting; ARGV the name, its options' text, Redis's time (ms), the claim's term (ms).
# One script: two dealers checked at once both passed when each read before the other wrote.
_CLAIM = """
local now = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local kept = {}
for _, group in ipairs({
    {redis.call('ZRANGEBYSCORE', KEYS[1], now, '+inf'), 'alive'},
    {redis.call('ZRANGE', KEYS[3], 0, -1), 'starting'},
}) do
    for _, name in ipairs(group[1]) do
        local theirs = redis.call('HGET', KEYS[2], name)
        if theirs and theirs ~= ARGV[2] then return {name, group[2], theirs} end
        kept[name] = true
    end
end
for _, name in ipairs(redis.call('HKEYS', KEYS[2])) do
    if not kept[name] then redis.call('HDEL', KEYS[2], name) end
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[4]), ARGV[1])
return false
"""


def starting_key(prefix: str = "drawpoker") -> str:
    """The Redis sorted set of the dealers starting: each name, its claim's end (ms).

    >>> starting_key()
    'drawpoker:dealers-starting'
    """
    return f"{prefix}:dealers-starting"


def check_same_options(
    url: str, options: Mapping[str, Any], name: str, timeout: float = 5.0, claim_ms: int = CLAIM_MS
) -> None:
    """Refuses (:class:`InvalidArgumentError`, naming each difference) ``options`` when a
    dealer alive on the Redis at ``url``, or starting (checked within ``claim_ms``), was started
    with others; else claims them for the dealer ``name`` for ``claim_ms``, in the same step:
    how ``serve --role dealer`` checks them before it listens. The options of dealers neither
    alive nor starting are forgotten. ``ConnectionError`` when Redis cannot be reached.

    >>> check_same_options("redis://127.0.0.1:1/0", {}, "dealer-a", timeout=0.5)
    Traceback (most recent call last):
    ...
    ConnectionError: Redis at redis://127.0.0.1:1/0 cannot be reached: ...
    """
    with redis_at(url, timeout) as client:
        now_ms = unix_ms(client.time())  # the dealers' marks count by Redis's clock
        keys = (dealers_key("drawpoker"), options_key(), starting_key())
        found = client.eval(_CLAIM, len(keys), *keys, name, options_text(options), now_ms, claim_ms)
    if found:
        other, state, text = (str(part) for part in found)
        said = differences(options, _options_of(text), f"a dealer {state}")
        raise InvalidArgumentError(
            f"the dealer {other}, {state}, was started with other options; every dealer "
            "plays any table, so they must share them (docs/scale-out.md): " + "; ".join(said)
        )


def _options_of(text: str) -> dict[str, Any]:
    """A dealer's options as it wrote them (an entry that is not a JSON object: none)."""
    try:
        found = json.loads(text)
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def options_text(options: Mapping[str, Any]) -> str:
    """``options`` as a dealer writes them beside its name.

    >>> options_text({"--think": 0.8})
    '{"--think": 0.8}'
    """
    return json.dumps(dict(options), sort_keys=True)
