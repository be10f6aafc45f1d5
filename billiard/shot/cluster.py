"""Batches on a Dask cluster (optional extra ``billiard[cluster]``: ``dask[distributed]``).

The cluster's workers run :func:`billiard.shot.batch.simulate_job` on shot dicts and send
back replay bytes; this machine reads the shots and writes the replays, so the workers need
billiard and numpy but no shared folder.
"""

from __future__ import annotations

from contextlib import contextmanager
from concurrent.futures import Executor
from typing import Iterator

from billiard.errors import BilliardError


CONNECT_TIMEOUT_S = 10.0  # Dask retries a refused connection until this runs out


@contextmanager
def dask_executor(address: str, timeout: float | None = None) -> Iterator[tuple[Executor, int]]:
    """(a concurrent.futures executor on the scheduler at ``address``, its worker threads);
    ``timeout``: seconds to reach it (default :data:`CONNECT_TIMEOUT_S`)."""
    try:
        from distributed import Client
    except ImportError:
        raise BilliardError(
            "--scheduler needs Dask: pip install 'billiard[cluster]' (or 'dask[distributed]')"
        ) from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT_S if timeout is None else timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise BilliardError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        threads = sum(client.nthreads().values())
        yield client.get_executor(pure=False), threads
    finally:
        client.close()
