"""Shared SVG drawing for the board renderers: a safe element builder, grid geometry
and the skeleton every square board shares (:mod:`.board`).

Each game's ``render`` module builds on these helpers; nothing here knows a game's rules.
"""

from __future__ import annotations

from . import board, drawing
from .board import *  # noqa: F403 (the package's names are its two modules' names)
from .drawing import *  # noqa: F403

__all__ = []
__all__ += board.__all__
__all__ += drawing.__all__
