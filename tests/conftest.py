"""Shared test configuration.

The engine is imported from the source tree when it is not installed (running ``pytest``
from the repository root). Hypothesis runs derandomised so every run checks the same cases.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

try:
    import pyengine  # noqa: F401
except ImportError:  # not installed: use the checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

settings.register_profile(
    "engine",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("engine")
