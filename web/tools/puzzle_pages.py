"""The puzzle trainer's pages and data: ``puzzles.html``, ``puzzles-<game>.html`` and
``app/puzzles/`` from web/puzzles/."""

from __future__ import annotations

from pathlib import Path


def write_puzzle_pages(dist: Path, renderer) -> list[Path]:
    """The trainer's pages and the puzzles' files, texts filled in English."""
    return []
