"""Reading notation, the parts every game's notation module shares: text checks, position-text
errors and the rank lines of a board diagram."""

from __future__ import annotations

from collections.abc import Callable

from pyengine.core.errors import NotationError

__all__ = [
    "action_error",
    "as_text",
    "diagram_ranks",
    "position_error",
    "position_mismatch",
    "rank_labels",
]


def as_text(text: object, what: str, code: str) -> str:
    """``text`` if it is a string; else :class:`NotationError` (``code``) saying that ``what``
    (``"an action"``) must be text."""
    if not isinstance(text, str):
        raise NotationError(
            f"{what} must be text, not {type(text).__name__}.",
            code=code,
            params={"text": str(text)},
        )
    return text


def action_error(game: str, text: str, hint: str) -> NotationError:
    """The error for a ``text`` that is no action of ``game`` (its name); ``hint`` says how
    the game's actions are written."""
    return NotationError(
        f"{text!r} is not a {game} action: {hint}.", code="notation.action", params={"text": text}
    )


def position_error(game: str, text: str, reason: str) -> NotationError:
    """The error for a position text of ``game`` (its name) that cannot be read."""
    return NotationError(
        f"not a {game} position: {reason}.",
        code="notation.position",
        params={"text": text, "reason": reason},
    )


def position_mismatch(text: str, reason: str, against: str = "rules") -> NotationError:
    """The error for a position (``text``, its position text) that was read but cannot occur
    by the ``against`` (``"rules"``, ``"options"``) because of ``reason``."""
    return NotationError(
        f"the position does not fit the {against}: {reason}.",
        code="notation.position-mismatch",
        params={"text": text, "reason": reason},
    )


def rank_labels(count: int) -> list[str]:
    """The rank numbers of a board's ``count`` ranks as text, rank N first."""
    return [str(count - row) for row in range(count)]


def diagram_ranks(
    text: str, files: str, error: Callable[[str, str], NotationError]
) -> tuple[list[list[str]], list[str]]:
    """The rank lines of a diagram block (rank N first) as the words after each rank number,
    and those numbers. Blank lines are ignored; each rank line starts with its number, ranks
    run from N down to 1, and the last line holds the first N of ``files``. A diagram that is
    not so raises ``error(text, reason)``.

    >>> diagram_ranks("2 . X\\n1 O .\\n  a b", "abcd", NotationError)
    ([['.', 'X'], ['O', '.']], ['2', '1'])
    """
    lines = [line.split() for line in text.splitlines() if line.strip()]
    if len(lines) < 2:
        raise error(text, "a diagram needs rank lines and a line of file letters")
    *rank_lines, file_line = lines
    size = len(rank_lines)
    if [letter.lower() for letter in file_line] != list(files[:size]):
        raise error(text, f"the last line must hold the file letters {' '.join(files[:size])}")
    labels = rank_labels(size)
    for row, (words, expected) in enumerate(zip(rank_lines, labels, strict=True)):
        if words[0] != expected:
            raise error(
                text, f"expected rank {expected} at the start of line {row + 1}, found {words[0]!r}"
            )
    return [words[1:] for words in rank_lines], labels
