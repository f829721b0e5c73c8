"""The first visit's download bar, the pure part: which files to fetch, the byte count as
responses arrive (three files at a time), the note that says a browser has these very files in
its HTTP cache, and the bar's text ("Downloading the game engine… 3.1 of 16.1 MB") in the
page's language. glue.download does the fetching and the drawing."""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MEGABYTE = 1000000
# The number formats of the site's languages (Intl's, with one decimal): decimal mark and
# thousands separator, and the smallest number of integer digits that gets a separator.
NUMBER_FORMATS = {"en": (".", ",", 4), "es": (",", ".", 5)}


def note_of(files: "list[tuple[str, int]]") -> str:
    """What a browser keeps once it has downloaded these files: their paths, which carry their
    versions (a new build's files are new paths)."""
    return " ".join(path for path, _ in files)


class Progress:
    """The bytes received of a known total; ``received`` never passes ``total``."""

    def __init__(self, files: "list[tuple[str, int]]") -> None:
        self.total = sum(size for _, size in files)
        self.counted = 0
        self.done = False

    @property
    def received(self) -> int:
        return min(self.counted, self.total)

    def add(self, length: int) -> None:
        self.counted += length

    def file_finished(self, size: int, counted: int) -> None:
        """A file's body has ended: its size as the build wrote it counts (a body of another
        length, never expected, must not leave the bar short or long)."""
        self.counted += size - counted

    def finish(self, complete: bool) -> None:
        self.done = True
        if complete:
            self.counted = self.total

    def state(self) -> "dict[str, Any]":
        return {"received": self.received, "total": self.total, "done": self.done}


def group(digits: str, separator: str) -> str:
    parts: list[str] = []
    while len(digits) > 3:
        parts.insert(0, digits[-3:])
        digits = digits[:-3]
    parts.insert(0, digits)
    return separator.join(parts)


def megabytes(count: int, language: str) -> str:
    """``count`` bytes in megabytes with one decimal, rounded half up, as ``language`` writes
    numbers (``toLocaleString`` with one fraction digit)."""
    decimal, thousands, grouping = NUMBER_FORMATS.get(language.split("-")[0], NUMBER_FORMATS["en"])
    tenths = (count + MEGABYTE // 20) // (MEGABYTE // 10)
    whole = str(tenths // 10)
    if len(whole) >= grouping:
        whole = group(whole, thousands)
    return whole + decimal + str(tenths % 10)


def bar_text(template: str, received: int, total: int, language: str) -> str:
    """The bar's text from its translated template (``{received}`` and ``{total}``)."""
    text = template.replace("{received}", megabytes(received, language), 1)
    return text.replace("{total}", megabytes(total, language), 1)
