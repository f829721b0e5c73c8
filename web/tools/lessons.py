"""The lesson pages, ``learn-<game>.html``: one track of steps per game from web/lessons/."""

from __future__ import annotations

from pathlib import Path


def write_lesson_pages(dist: Path, renderer) -> list[Path]:
    """``learn-<game>.html`` for every game with a lesson file, texts filled in English."""
    return []
