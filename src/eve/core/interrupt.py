"""Ctrl-C for native work that runs without the GIL: the search and the playout batches.

Python runs a signal handler only in the main thread, between bytecodes, so a long native loop in
the caller's thread would not see Ctrl-C until it ended. Such work runs instead in threads of its
own while the caller's thread waits here: Ctrl-C raises KeyboardInterrupt in the wait, which asks
each job to stop (a flag its native loop reads), waits for them and re-raises.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

# how often the waiting thread wakes (seconds); a signal also interrupts the wait itself
_WAKE = 0.05


def run_stoppable(jobs: Sequence[Callable[[], Any]], stops: Sequence[Callable[[], None]]) -> list[Any]:
    """Run each job in a thread of its own and return their results, in order. On Ctrl-C in
    the caller's thread call every stop, wait for every job to end and re-raise
    KeyboardInterrupt; the first exception a job raised is re-raised here.

    The wait is on an Event each job sets as it ends, not on Thread.join: a join interrupted
    by Ctrl-C marks its thread as ended while it still runs (CPython 3.11, threading's
    bpo-45274 clean-up releases the running thread's own lock), and a second join then
    returns at once."""
    results: list[Any] = [None] * len(jobs)
    errors: list[BaseException] = []
    done = [threading.Event() for _ in jobs]

    def run(i: int, job: Callable[[], Any]) -> None:
        try:
            results[i] = job()
        except BaseException as e:      # re-raised in the caller's thread below
            errors.append(e)
        finally:
            done[i].set()

    started = 0
    try:
        for i, job in enumerate(jobs):
            threading.Thread(target=run, args=(i, job), daemon=True).start()
            started += 1
        for d in done:
            while not d.wait(_WAKE):
                pass
    except KeyboardInterrupt:
        for stop in stops:
            stop()
        for d in done[:started]:
            d.wait()
        raise
    if errors:
        raise errors[0]
    return results
