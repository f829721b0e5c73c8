"""Fight the Virus solo: the best scores kept in this browser (the table itself: see
:mod:`glue.score_table`). Storage can be refused (private mode, blocked cookies): the table then
lives only as long as the page, and the page says so.

DOM (web/templates/game.html): ``#best-panel`` (details), ``#best-empty``, ``#best-scores``
(table), ``#best-scores-body`` (``tr[data-rank][data-turns][data-seed]``, class ``new`` on the
game just recorded), ``#best-unsaved``; the game page writes the result banner's
``#result-best`` from the rank :meth:`BestScores.record` returns.
"""

from glue import dom
from glue.score_table import (
    MAX_ENTRIES,
    SPEC_VERSION,
    STORAGE_KEY,
    entries_from_text,
    entries_to_text,
    insert_score,
    new_entry,
    same_entry,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.i18n import PageLanguage

__all__ = ["MAX_ENTRIES", "SPEC_VERSION", "STORAGE_KEY", "BestScores", "insert_score"]


def score_row(rank: int, entry: "dict[str, Any]", cells: "list[str]", new: bool) -> "dom.Element":
    """A row of a best-scores table (texts only: names are user input): ``data-rank``,
    ``data-turns``, class ``new`` for the game just recorded, the rank as the row's header."""
    row = dom.make("tr")
    row.set_data("rank", rank)
    row.set_data("turns", entry["turns"])
    if new:
        row.set_class("new")
    for column, text in enumerate(cells):
        cell = dom.make("th" if column == 0 else "td", "", text)
        if column == 0:
            cell.set_attr("scope", "row")
        row.append(cell)
    return row


class BestScores:
    def __init__(self, language: "PageLanguage") -> None:
        self.language = language
        self.memory: list[dict[str, Any]] = []  # the table when storage is refused
        self.saved = True
        self.latest: dict[str, Any] | None = None  # recorded last on this page (drawn as new)

    def load(self) -> "list[dict[str, Any]]":
        try:
            store = dom.storage()
            if store is None:
                raise OSError("storage refused")
            entries = entries_from_text(store.get(STORAGE_KEY))
            self.saved = True
            return entries
        except Exception:  # refused or damaged: the page's own copy
            self.saved = False
            return self.memory

    def store(self, entries: "list[dict[str, Any]]") -> None:
        self.memory = entries
        try:
            store = dom.storage()
            if store is None:
                raise OSError("storage refused")
            store.put(STORAGE_KEY, entries_to_text(entries))
            self.saved = True
        except Exception:  # refused, or the quota is full
            self.saved = False

    def record(self, score: "dict[str, Any]") -> "int | None":
        """Adds a finished solo game, ``{"name", "turns", "seed"}``; returns its rank (None:
        not in the top 10)."""
        entry = new_entry(score["name"], score["turns"], score["seed"], dom.now_ms())
        entries, rank = insert_score(self.load(), entry)
        self.store(entries)
        self.latest = None if rank is None else entry
        return rank

    def draw(self) -> None:
        """Draws the side-panel table (texts only: names are user input)."""
        entries = self.load()
        dom.node("best-empty").show(len(entries) == 0)
        dom.node("best-scores").show(len(entries) > 0)
        dom.node("best-unsaved").show(not self.saved)
        rows = []
        for index, entry in enumerate(entries):
            date = dom.format_iso_date(entry["date"], self.language.language)
            cells = [
                str(index + 1),
                entry["name"],
                str(entry["turns"]),
                entry["seed"],
                entry["date"] if date is None else date,
            ]
            row = score_row(index + 1, entry, cells, same_entry(entry, self.latest))
            row.set_data("seed", entry["seed"])
            rows.append(row)
        dom.node("best-scores-body").replace_children(rows)
