"""The build's cache of slow steps (web/tools/build_cache.py): a step runs again exactly when
one of its inputs changed, a failed step leaves no entry, and old entries are pruned."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from tools import build_cache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "cache"
    monkeypatch.setattr(build_cache, "CACHE", home)
    return home


def test_a_step_runs_once_per_inputs_and_again_when_one_changes(
    cache: Path, tmp_path: Path
) -> None:
    source = tmp_path / "source"
    (source / "sub").mkdir(parents=True)
    (source / "sub" / "a.txt").write_text("one")
    runs: list[str] = []

    def produce(out: Path) -> None:
        runs.append((source / "sub" / "a.txt").read_text())
        (out / "result.txt").write_text(runs[-1].upper())

    first, reused = build_cache.cached("step", [source, "v1"], produce)
    assert not reused and (first / "result.txt").read_text() == "ONE"
    again, reused = build_cache.cached("step", [source, "v1"], produce)
    assert reused and again == first and runs == ["one"]
    (source / "sub" / "a.txt").write_text("two")  # a file inside a directory input
    changed, reused = build_cache.cached("step", [source, "v1"], produce)
    assert not reused and changed != first and (changed / "result.txt").read_text() == "TWO"
    other, reused = build_cache.cached("step", [source, "v2"], produce)  # a text input
    assert not reused and runs == ["one", "two", "two"]
    # the two newest entries are kept
    assert sorted(p.name for p in (cache / "step").iterdir()) == sorted([changed.name, other.name])


def test_a_failed_step_leaves_no_entry(cache: Path) -> None:
    def fail(out: Path) -> None:
        (out / "half.txt").write_text("half")
        raise RuntimeError("the step failed")

    with pytest.raises(RuntimeError, match="the step failed"):
        build_cache.cached("broken", ["x"], fail)
    assert list((cache / "broken").iterdir()) == []
