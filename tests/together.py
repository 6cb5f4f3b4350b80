"""Two people (or two app servers) doing something at the same moment, in tests of the locks (PostgreSQL: SQLite
has no row locks). Each call runs in its own thread with its own database connection, all released together
by a barrier, so they really meet in the database."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connections


def at_once(*calls: Callable[[], object], timeout: float = 60) -> tuple[list, list[Exception]]:
    """Run the calls together; what they returned and what they raised (each in no particular order)."""
    barrier = threading.Barrier(len(calls))
    results: list = []
    errors: list[Exception] = []

    def run(call):
        try:
            barrier.wait(timeout=timeout)
            results.append(call())
        except Exception as exc:  # the test asserts on each error: a refusal, never a crash
            errors.append(exc)
        finally:
            connections.close_all()  # the thread's own connection, or the test database cannot be dropped

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    return results, errors


def errors_at_once(*calls: Callable[[], object]) -> list[Exception]:
    """Run the calls together; what they raised."""
    return at_once(*calls)[1]
