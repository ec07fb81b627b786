"""Independent seeded jobs run in order: on this process, a process pool, or Ray.

Every job carries its own seed, so a job's result does not depend on where or when it
runs, and :func:`run_jobs` returns the results in job order: the same results for a
seed whatever the number of workers or machines. Ray (the optional extra
``flickboard[ray]``) starts a local cluster on loopback with ``workers`` CPUs, or joins
one (``address``, e.g. ``127.0.0.1:6379`` or a head node's ``HOST:6379``); a session
already open in this process is used as it is.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from flickboard.errors import InvalidInput

J = TypeVar("J")
R = TypeVar("R")

LOOPBACK = "127.0.0.1"


@dataclass(frozen=True, slots=True)
class RaySettings:
    """Where Ray runs: a local cluster (``address`` None, on loopback) or the cluster at
    ``address``."""

    address: str | None = None


def ray_module() -> Any:
    """The ``ray`` module; a clear error naming the extra when it is not installed."""
    try:
        import ray
    except ImportError:
        raise InvalidInput(
            "Ray is not installed: pip install 'flickboard[ray]' (on every machine)"
        ) from None
    return ray


@contextmanager
def ray_session(settings: RaySettings, workers: int) -> Iterator[Any]:
    """An open Ray session: the one already open, else one started (local, on loopback,
    with ``workers`` CPUs) or joined (``settings.address``) and shut down afterwards."""
    if settings.address is None:
        # Ray resolves "127.0.0.1" to the machine's outward address unless told this is
        # a one-machine cluster: keep a local cluster on loopback (read when ray loads).
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    ray = ray_module()
    if ray.is_initialized():
        yield ray
        return
    if settings.address is None:
        ray.init(
            address="local",  # a new cluster, never one another program left running
            num_cpus=workers,
            include_dashboard=False,
            _node_ip_address=LOOPBACK,
            log_to_driver=False,
        )
    else:
        ray.init(address=settings.address, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def run_jobs(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    *,
    workers: int = 1,
    ray: RaySettings | None = None,
    on_done: Callable[[], None] | None = None,
) -> list[R]:
    """``fn`` of every job, in job order: on Ray when ``ray`` is given, else on
    ``workers`` processes (one: this process). ``on_done`` is called as each finishes."""
    if workers < 1:
        raise InvalidInput(f"workers must be at least 1, not {workers}")
    step = on_done or (lambda: None)
    if ray is not None:
        return _on_ray(fn, jobs, ray, workers, step)
    results = []
    for result in results_in_order(fn, jobs, workers):
        results.append(result)
        step()
    return results


def results_in_order(fn: Callable[[J], R], jobs: Sequence[J], workers: int = 1) -> Iterator[R]:
    """``fn`` of every job, each given as soon as it and those before it are done, in
    job order: on ``workers`` processes (one: this process)."""
    if workers < 1:
        raise InvalidInput(f"workers must be at least 1, not {workers}")
    if workers == 1:
        yield from map(fn, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(fn, jobs)


def _on_ray(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    settings: RaySettings,
    workers: int,
    step: Callable[[], None],
) -> list[R]:
    with ray_session(settings, workers) as ray:
        remote = ray.remote(num_cpus=1)(fn)
        refs = [remote.remote(job) for job in jobs]
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for _ in done:
                step()
        return list(ray.get(refs))
