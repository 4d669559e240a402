"""Seeded work spread over processes or a Ray cluster: `eve simulate --workers N` and `--ray`.

Each match and each run depends only on its seed, the content and the policy, so the seeds are
cut into chunks, each chunk is played wherever there is room, and the results are put back in
chunk order: the same whatever the backend and the number of workers.

A chunk whose worker is lost (killed, out of memory) is played again from its seeds, which gives
the same result: the process pool breaks (BrokenProcessPool), and a new pool plays every chunk
not yet back; Ray retries the task. Past MAX_RERUNS losses (a pool's, over the whole work; a
Ray task's, of its own) the work stops with WorkerLost. A chunk that raises raises the same
error here (from Ray too, as itself rather than wrapped). Ctrl-C ends the worker processes at
once (the workers ignore it themselves) and cancels the Ray tasks in flight.

Backends:

- in this process (`workers=1`, no Ray): the caller plays the chunks itself;
- processes (`workers=N`): a pool of N spawned processes on this machine;
- Ray (`ray=""` for a local Ray started for the work, `ray=ADDRESS` for a cluster's, or the Ray
  this process already initialized): at most `workers` chunks at a time when it is given,
  otherwise as many as the cluster has CPUs (and as many again queued).

A chunk's arguments cross to the worker by pickle; an Engine among them costs its packs' names
there, not an Engine build (35 ms and more), once the worker has built it (eve.engine's cache
of rebuilt Engines).
"""
from __future__ import annotations

import math
import os
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from eve.core.errors import EveError

T = TypeVar("T")

# the least play time worth sending as a chunk: 300-400 times what scheduling one costs
# (BENCHMARKS.md, "Scale-out": 0.12-0.26 ms a chunk over a process pool, 1.8-2.8 ms on a local
# Ray, the higher figures on a loaded machine), so that the scheduling stays under 1% of the
# play with room for a policy's matches being quicker than MATCH_SECONDS says
MIN_CHUNK_SECONDS = {"processes": 0.1, "ray": 1.0}
# chunks a worker is given on average: several, so that an uneven chunk does not hold the
# others up at the end, and few, so that each is big enough to be worth sending
CHUNKS_PER_WORKER = 4
# times a chunk's worker may be lost (the pool broken, a Ray task's worker dead) before the
# work is given up: a worker that keeps dying is a fault to report, not to retry for ever
MAX_RERUNS = 3
# Ray without a workers cap: tasks in flight a CPU of the cluster, so that a CPU never waits
# for the next one to be sent (with a cap of N, N in flight: no more than N play at once)
RAY_TASKS_IN_FLIGHT = 2
# seconds to wait for a Ray head's port to answer before saying it cannot be reached (Ray's
# own client retries for minutes, printing a line every few seconds)
RAY_CONNECT_SECONDS = 10.0
# a test hook: a worker that finds this variable set to a path, and creates that file (it did
# not exist; its folder does), exits at once without a word, as a killed worker does: once per
# marker file
LOSE_WORKER_ENV = "EVE_TEST_LOSE_WORKER"


class WorkerLost(EveError, RuntimeError):
    """A chunk's worker was lost more than MAX_RERUNS times: the work stopped."""


class BackendUnavailable(EveError, ValueError):
    """Ray asked for (`--ray`) but not installed, or its cluster cannot be reached."""


@dataclass(frozen=True)
class Backend:
    """Where chunks are played: `workers` processes on this machine (1: this process), or with
    `ray` not None on Ray ("": a local Ray; else the address of a cluster's head; `workers`:
    at most that many chunks at a time, None: one a CPU of the cluster)."""
    workers: int | None = None
    ray: str | None = None

    @property
    def local(self) -> bool:
        """Played in this process: no pool, no Ray."""
        return self.ray is None and (self.workers or 1) <= 1

    @property
    def name(self) -> str:
        if self.ray is not None:
            return f"ray {self.ray}" if self.ray else "ray (local)"
        return "this process" if self.local else "processes"


    @property
    def min_chunk_seconds(self) -> float:
        """The least play time a chunk should have on this backend (MIN_CHUNK_SECONDS)."""
        return MIN_CHUNK_SECONDS["ray" if self.ray is not None else "processes"]


def chunk_size(n: int, backend: Backend, item_seconds: float | None, most: int) -> int:
    """Items a chunk for n items on `backend`: about CHUNKS_PER_WORKER chunks a worker, but
    enough for the backend's MIN_CHUNK_SECONDS of play at `item_seconds` an item (None: an
    item plays far longer than a chunk costs to schedule, so one is enough), and at most
    `most` (a lost worker's chunk, played again, stays short)."""
    least = 1 if item_seconds is None else math.ceil(backend.min_chunk_seconds / item_seconds)
    share = math.ceil(n / (CHUNKS_PER_WORKER * max(1, backend.workers or 1)))
    return max(1, min(most, max(least, share)))


def chunked(items: Sequence[T], size: int) -> list[list[T]]:
    """Consecutive slices of `size` (the last one shorter), in order."""
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


def _lose_worker_for_a_test() -> None:
    """LOSE_WORKER_ENV's hook: the first worker to claim the marker file exits abruptly, as if
    killed mid-chunk (os._exit: no cleanup, no result, no exception to send back)."""
    marker = os.environ.get(LOSE_WORKER_ENV)
    if not marker:
        return
    try:
        fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except OSError:             # claimed already, or its folder absent: the hook is not armed
        return
    os.close(fd)
    os._exit(1)


def run_chunk(fn: Callable[..., list[Any]], common: tuple[Any, ...],
              chunk: Any) -> tuple[list[Any], float]:
    """What a worker runs: `fn(*common, chunk)` and the seconds it took there (the chunk's play
    time, for the scheduling overhead beside it)."""
    _lose_worker_for_a_test()
    started = time.perf_counter()
    out = fn(*common, chunk)
    return out, time.perf_counter() - started


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool (no trace per process)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass
class Played:
    """The chunks' results in chunk order, with what it took: each chunk's play time in its
    worker (seconds, in chunk order) and how often the process pool broke (a worker lost: the
    chunks not back were played again; Ray reruns its tasks itself, unseen here)."""
    results: list[list[Any]]
    seconds: list[float] = field(default_factory=list)
    reruns: int = 0

    @property
    def play_s(self) -> float:
        """The chunks' play time in the workers, summed."""
        return sum(self.seconds)


def map_chunks(fn: Callable[..., list[Any]], common: tuple[Any, ...], chunks: Sequence[Any],
               backend: Backend, each: Callable[[int, list[Any]], Any] | None = None) -> Played:
    """`fn(*common, chunk)` for every chunk on `backend`, the results in chunk order whatever
    order they came back in; `each(k, result)` is told each chunk's result as it comes back.
    `fn` and `common` must pickle (a module's function; an Engine, a Match, plain data)."""
    if backend.ray is not None:
        return _on_ray(fn, common, chunks, backend, each)
    if backend.local:
        played = Played([])
        for k, chunk in enumerate(chunks):
            started = time.perf_counter()
            out = fn(*common, chunk)
            played.seconds.append(time.perf_counter() - started)
            played.results.append(out)
            if each is not None:
                each(k, out)
        return played
    return _on_processes(fn, common, chunks, backend.workers or 1, each)


def _on_processes(fn: Callable[..., list[Any]], common: tuple[Any, ...], chunks: Sequence[Any],
                  workers: int, each: Callable[[int, list[Any]], Any] | None) -> Played:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    done: dict[int, list[Any]] = {}
    took: dict[int, float] = {}
    played = Played([])
    ctx = multiprocessing.get_context("spawn")      # no fork of a process that holds threads
    while len(done) < len(chunks):
        todo = [k for k in range(len(chunks)) if k not in done]
        pool = ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=ctx,
                                   initializer=_quiet_worker)
        try:
            futures = {pool.submit(run_chunk, fn, common, chunks[k]): k for k in todo}
            try:
                for f in as_completed(futures):
                    k = futures[f]
                    done[k], took[k] = f.result()
                    if each is not None:
                        each(k, done[k])
            except BrokenProcessPool:
                # a worker died: the chunks that came back before stand, the others are played
                # again by a new pool (the same seeds, so the same results)
                for f, k in futures.items():
                    if k not in done and f.done() and not f.cancelled() and f.exception() is None:
                        done[k], took[k] = f.result()
                        if each is not None:
                            each(k, done[k])
                played.reruns += 1
                if played.reruns > MAX_RERUNS:
                    raise WorkerLost(f"a worker process was lost {played.reruns} times (killed or "
                                     f"out of memory?): stopped after {len(done)} of "
                                     f"{len(chunks)} chunks") from None
        except KeyboardInterrupt:
            # Ctrl-C: the workers ignore it (_quiet_worker) and a chunk may play for seconds
            # (one searched match, 65,536 native ones): end them now rather than wait; their
            # chunks are lost with the command
            for proc in list((getattr(pool, "_processes", None) or {}).values()):
                proc.terminate()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    played.results = [done[k] for k in range(len(chunks))]
    played.seconds = [took[k] for k in range(len(chunks))]
    return played


def import_ray() -> Any:
    """The ray module, or BackendUnavailable saying how to install it."""
    try:
        import ray
    except ImportError:
        raise BackendUnavailable("--ray needs Ray, which is not installed: pip install "
                                 "'eve-engine[ray]' (or pip install ray)") from None
    return ray


def check_reachable(address: str, timeout: float = RAY_CONNECT_SECONDS) -> None:
    """BackendUnavailable, at once, when `address` is a host:port (or ray://host:port) where
    nothing accepts a connection; other addresses ("auto") are Ray's to resolve."""
    import socket

    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as e:
        raise BackendUnavailable(f"--ray {address}: no Ray cluster answers there "
                                 f"({' '.join(str(e).split()) or type(e).__name__})") from None


def _start_ray(ray: Any, address: str, workers: int | None) -> bool:
    """Connect to the cluster at `address` ("": start a local Ray, with `workers` CPUs when
    given) unless this process already did; True when this call started it (and must stop it)."""
    if ray.is_initialized():
        return False
    import logging
    kw: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                          "logging_level": logging.ERROR}
    if address:
        check_reachable(address)
        kw["address"] = address
    elif workers:
        kw["num_cpus"] = workers
    try:
        ray.init(**kw)
    except Exception as e:      # Ray raises several kinds (ConnectionError, RuntimeError...)
        where = f"the Ray cluster at {address!r}" if address else "a local Ray"
        raise BackendUnavailable(f"--ray: cannot start or reach {where}: "
                                 f"{' '.join(str(e).split()) or type(e).__name__}") from None
    return True


def _on_ray(fn: Callable[..., list[Any]], common: tuple[Any, ...], chunks: Sequence[Any],
            backend: Backend, each: Callable[[int, list[Any]], Any] | None) -> Played:
    import contextlib
    import sys

    ray = import_ray()
    # Ray's driver prints what its cluster reports (a worker that died and was replaced...) on
    # stdout; a summary on stdout (`--json`) must stay clean, so it goes to stderr meanwhile
    with contextlib.redirect_stdout(sys.stderr):
        started = _start_ray(ray, backend.ray or "", backend.workers)
        try:
            return _ray_chunks(ray, fn, common, chunks, backend, each)
        finally:
            if started:
                ray.shutdown()


def _ray_chunks(ray: Any, fn: Callable[..., list[Any]], common: tuple[Any, ...],
                chunks: Sequence[Any], backend: Backend,
                each: Callable[[int, list[Any]], Any] | None) -> Played:
    """The chunks as Ray tasks: `backend.workers` of them at a time (each taking a CPU), or
    RAY_TASKS_IN_FLIGHT a CPU of the cluster."""
    played = Played([])
    # Ray reruns a task whose worker died (max_retries), not one that raised
    task = ray.remote(max_retries=MAX_RERUNS, retry_exceptions=False)(run_chunk)
    in_flight = backend.workers or RAY_TASKS_IN_FLIGHT * max(
        1, int(ray.cluster_resources().get("CPU", 1)))
    common_ref = ray.put(common)        # sent to the object store once, not once a chunk
    done: dict[int, list[Any]] = {}
    took: dict[int, float] = {}
    pending: dict[Any, int] = {}
    nxt = 0
    try:
        while len(done) < len(chunks):
            while nxt < len(chunks) and len(pending) < in_flight:
                pending[task.remote(fn, common_ref, chunks[nxt])] = nxt
                nxt += 1
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                k = pending.pop(ref)
                try:
                    done[k], took[k] = ray.get(ref)
                except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError) as e:
                    raise WorkerLost(f"a Ray worker was lost more than {MAX_RERUNS} times on one "
                                     f"chunk ({type(e).__name__}): stopped after {len(done)} of "
                                     f"{len(chunks)} chunks") from None
                except ray.exceptions.RayTaskError as e:
                    # the chunk raised: that error, as a process pool gives it (Ray's wrapper
                    # carries the remote traceback in its message, not one line)
                    if isinstance(getattr(e, "cause", None), Exception):
                        raise e.cause from None
                    raise
                if each is not None:
                    each(k, done[k])
    except BaseException:
        # Ctrl-C or an error: the chunks still in flight would play on, on a cluster this
        # process did not start, for nothing
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    played.results = [done[k] for k in range(len(chunks))]
    played.seconds = [took[k] for k in range(len(chunks))]
    return played
