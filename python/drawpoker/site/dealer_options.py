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


def differences(mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> list[str]:
    """Each option ``mine`` gives otherwise than ``theirs`` (a dealer alive), said as
    ``--option mine (a dealer alive: theirs)``.

    >>> differences({"--cpu-type": []}, {"--cpu-type": ["calls=m:C"]})
    ['--cpu-type none (a dealer alive: calls=m:C)']
    """
    said = []
    for option, value in mine.items():
        other = theirs.get(option)
        if other != value:
            said.append(f"{option} {_shown(value)} (a dealer alive: {_shown(other)})")
    return said


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(value) if value else "none"
    return "not given" if value is None else str(value)


def check_same_options(url: str, options: Mapping[str, Any], timeout: float = 5.0) -> None:
    """Refuses (:class:`InvalidArgumentError`, naming each difference) ``options`` when a
    dealer alive on the Redis at ``url`` was started with others: how ``serve --role dealer``
    checks them before it listens. The options of dealers no longer alive are forgotten.
    ``ConnectionError`` when Redis cannot be reached.

    >>> check_same_options("redis://127.0.0.1:1/0", {}, timeout=0.5)
    Traceback (most recent call last):
    ...
    ConnectionError: Redis at redis://127.0.0.1:1/0 cannot be reached: ...
    """
    with redis_at(url, timeout) as client:
        now_ms = unix_ms(client.time())  # the dealers' marks count by Redis's clock
        alive = {str(n) for n in client.zrangebyscore(dealers_key("drawpoker"), now_ms, "+inf")}
        saved = {str(k): str(v) for k, v in client.hgetall(options_key()).items()}
        gone = sorted(saved.keys() - alive)
        if gone:
            client.hdel(options_key(), *gone)
    for name in sorted(alive & saved.keys()):
        said = differences(options, _options_of(saved[name]))
        if said:
            raise InvalidArgumentError(
                f"the dealer {name}, alive, was started with other options; every dealer "
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
