"""Dask helpers (the optional extra ``pip install drawpoker[dask]``): batch evaluation of Dask
arrays too large for one machine's memory, and the cluster client behind
``drawpoker simulate --scheduler`` / ``--dask-local``.

>>> import dask.array as da
>>> import numpy as np
>>> hands = da.from_array(np.array([[48, 49, 50, 51, 0], [0, 5, 10, 15, 20]], dtype=np.uint8),
...                       chunks=(1, 5))
>>> evaluate(hands).compute()
array([7441,    1], dtype=uint16)
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from drawpoker.analysis.evaluation import evaluate_batch, ranking_system
from drawpoker.errors import InvalidArgumentError

if TYPE_CHECKING:
    import dask.array


def _require_dask() -> Any:
    try:
        import dask.array as da  # the dask extra, imported when used
    except ImportError as error:  # the extra is not installed
        raise InvalidArgumentError("this needs Dask: pip install 'drawpoker[dask]'") from error
    return da


def evaluate(array: dask.array.Array, ranking: str = "high") -> dask.array.Array:
    """Strengths of every row of a Dask array ``[N, k]`` of cards, as a lazy ``uint16[N]``
    Dask array: each block of rows goes through :func:`drawpoker.evaluate_batch` on whatever
    worker holds it (the columns are first gathered into one chunk per block of rows).

    >>> import dask.array as da
    >>> rows = da.from_array([[51, 47, 43, 39, 35]], chunks=1).astype("uint8")
    >>> int(evaluate(rows, ranking="high").compute()[0])
    7462
    >>> evaluate(da.zeros((3,), dtype="uint8"))
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: array must be 2-D [N, k], got shape (3,)
    """
    da = _require_dask()
    system = ranking_system(ranking)
    lazy: Any = array if isinstance(array, da.Array) else da.asarray(array)
    if lazy.ndim != 2:
        raise InvalidArgumentError(f"array must be 2-D [N, k], got shape {lazy.shape}")
    if lazy.shape[1] not in system.hand_sizes:
        sizes = [str(w) for w in system.hand_sizes]
        allowed = ", ".join(sizes[:-1]) + " or " + sizes[-1] if len(sizes) > 1 else sizes[0]
        raise InvalidArgumentError(
            f"rows must have {allowed} cards for ranking {ranking!r}, got {lazy.shape[1]}"
        )
    rows = lazy.rechunk({1: -1})
    strengths: dask.array.Array = rows.map_blocks(
        evaluate_batch, ranking, drop_axis=1, dtype="uint16", meta=_empty_strengths()
    )
    return strengths


def _empty_strengths() -> Any:
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    return np.empty((0,), dtype=np.uint16)


CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a Dask scheduler to answer before giving up on it."""


def _reason(error: BaseException) -> str:
    """A failed connection's reason in one line (the first line of the error, or its type).

    >>> _reason(OSError("Timed out trying to connect\\nmore"))
    'Timed out trying to connect'
    >>> _reason(MemoryError())
    'what answered does not speak the Dask protocol (MemoryError)'
    """
    text = str(error).strip()
    if isinstance(error, MemoryError) or not text:
        return f"what answered does not speak the Dask protocol ({type(error).__name__})"
    return text.splitlines()[0]


@contextlib.contextmanager
def client(
    scheduler: str | None = None,
    *,
    local_workers: int | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> Iterator[Any]:
    """A ``dask.distributed.Client``: of the scheduler at ``scheduler`` (``tcp://HOST:PORT``),
    or of a local cluster of ``local_workers`` single-threaded worker processes started (and
    closed) here. ``client.get_executor()`` is a :class:`concurrent.futures.Executor`.

    >>> with client(local_workers=1) as c:
    ...     c.get_executor().submit(sum, [1, 2]).result()
    3
    """
    _require_dask()
    distributed: Any = importlib.import_module("dask.distributed")
    Client, LocalCluster = distributed.Client, distributed.LocalCluster

    if (scheduler is None) == (local_workers is None):
        raise InvalidArgumentError("give a scheduler address or a local worker count")
    if scheduler is not None:
        try:
            remote = Client(scheduler, timeout=connect_timeout)
        except Exception as error:
            # Whatever answers there (or nothing) fails in its own way: a refused connection, a
            # time-out, a bad address, or bytes read as a frame's length (a MemoryError).
            raise InvalidArgumentError(
                f"no Dask scheduler at {scheduler}: {_reason(error)}"
            ) from None
        with remote:
            yield remote
        return
    with (
        LocalCluster(
            n_workers=local_workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            # One thread each for the core's parallel work: the workers share the cores.
            env={"RAYON_NUM_THREADS": "1"},
        ) as cluster,
        Client(cluster) as local,
    ):
        yield local
