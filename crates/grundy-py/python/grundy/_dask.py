"""What the Dask runs (``python -m grundy.survey``, ``python -m grundy.outcome``) share: the
client of a running scheduler or of a local cluster, and the whole numbers their flags read."""

import argparse
import contextlib
from typing import Callable, Iterator, Optional, Tuple

from grundy.errors import GrundyError


@contextlib.contextmanager
def client(
    scheduler: Optional[str], workers: int, what: str, error: Callable[[str], GrundyError]
) -> Iterator[Tuple[object, object]]:
    """A Dask client of the scheduler at `scheduler`, else of a local cluster of `workers`
    processes (one thread each, no dashboard), with ``as_completed``; both closed on leaving.
    `what` names the run in the refusal when Dask is not installed; `error` makes the
    refusals (that one, and a scheduler out of reach)."""
    import logging

    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise error(
            f'{what} on a Dask cluster needs dask[distributed] (pip install "dask[distributed]"); --workers 0 runs it in this process'
        ) from None
    cluster = None
    if scheduler:
        try:
            dask_client = Client(scheduler, timeout=30)
        except OSError as e:
            raise error(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    else:
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        dask_client = Client(cluster)
    try:
        yield dask_client, as_completed
    finally:
        dask_client.close()
        if cluster is not None:
            cluster.close()


def whole(text: str) -> int:
    """A flag's whole number from 0 to 2^64 - 1 (argparse's type)."""
    if not text.isdigit() or int(text) > 2**64 - 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number from 0 to 2^64 - 1")
    return int(text)
