"""The clock that search budgets are measured on: this process's CPU time, so that a busy
machine (another program on the same cores) does not shorten a search. A slice of a search
(``max_ms``, which keeps a page responsive) is wall time and is measured by the caller.

Where the platform has no process clock, wall time stands in for it (a browser worker has the
core to itself, so the two agree there)."""

from __future__ import annotations

import time
from collections.abc import Callable


def _process_clock() -> Callable[[], float]:
    try:
        time.process_time()
    except (AttributeError, OSError):
        return time.perf_counter
    return time.process_time


_CLOCK = _process_clock()


def cpu_ms() -> float:
    """Milliseconds of this process's CPU time since an arbitrary start."""
    return _CLOCK() * 1000.0
