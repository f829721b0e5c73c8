"""The build's cache of slow steps whose inputs did not change (``.cache/<step>/<key>/``).

A step's key is the SHA-256 of everything it reads (files, whole directories, strings); its
output directory is produced once per key, in a temporary directory renamed into place when
complete (an interrupted build never leaves half an entry). A fresh clone has no cache and
builds every step; ``make clean`` removes it. Each step keeps its two newest entries.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
CACHE = REPOSITORY / ".cache"
KEPT = 2


def key_of(inputs: Iterable[Path | str]) -> str:
    """The SHA-256 of ``inputs``: a file's bytes, a directory's files (names and bytes, in
    order), a string's text; each input's kind and name is hashed with it."""
    digest = hashlib.sha256()
    for item in inputs:
        if isinstance(item, str):
            digest.update(b"text\0" + item.encode() + b"\0")
        elif item.is_dir():
            digest.update(b"dir\0")
            for path in sorted(p for p in item.rglob("*") if p.is_file()):
                digest.update(path.relative_to(item).as_posix().encode() + b"\0")
                digest.update(path.read_bytes())
        else:
            digest.update(b"file\0" + item.name.encode() + b"\0" + item.read_bytes())
    return digest.hexdigest()[:20]


def cached(
    step: str, inputs: Iterable[Path | str], produce: Callable[[Path], object]
) -> tuple[Path, bool]:
    """The directory holding ``step``'s output for ``inputs``: ``produce(directory)`` fills a
    new one when the cache has none. Returns it and whether it was reused."""
    home = CACHE / step
    entry = home / key_of(inputs)
    reused = entry.is_dir()
    if not reused:
        home.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(prefix=".partial-", dir=home))
        try:
            produce(partial)
        except BaseException:
            shutil.rmtree(partial, ignore_errors=True)
            raise
        partial.rename(entry)
    entry.touch()  # the newest entries are kept
    entries = sorted(
        (path for path in home.iterdir() if path.is_dir() and not path.name.startswith(".")),
        key=lambda path: path.stat().st_mtime,
        reverse=True,
    )
    for old in entries[KEPT:]:
        shutil.rmtree(old, ignore_errors=True)
    return entry, reused
