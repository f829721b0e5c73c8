"""Who plays each seat: the selects of the options form (``#seat-kinds``), drawn from the
choices of :mod:`glue.seat_choices` (which explains the page's data and the DOM)."""

from glue import dom
from glue.seat_choices import (
    HUMAN,
    choices_of,
    offers_seats,
    parse_bots,
    seat_count,
    seat_values,
    versus_choices,
    whole_number,
)
from glue.starts import LEVEL_KEY, LEVELS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.i18n import PageLanguage

__all__ = ["HUMAN", "SeatKinds"]


class SeatKinds:
    """The seat selects of the options form ``form`` (seat-kinds.js's SeatKinds)."""

    def __init__(self, language: "PageLanguage", form: "Any") -> None:
        self.language = language
        self.form = form
        body = dom.document.body
        self.bots = parse_bots(dom.data(body, "bots"))
        self.players = dom.query('[name="players"]', form)
        self.fixed = whole_number(dom.data(body, "seats"))  # seats of a game without `players`
        self.choices: dict[int, str] = {}  # kept across player-count changes: seat -> kind
        self.enabled = offers_seats(self.bots, self.players is not None, self.fixed)
        dom.by_id("seat-kinds").hidden = not self.enabled
        if not self.enabled:
            return
        dom.on(dom.by_id("seat-kinds-list"), "change", self.changed)
        language.on_change(lambda _language: self.update(True))
        self.update()

    def changed(self, event: "Any") -> None:
        select = event.target.closest("select[data-seat]")
        if select is not None:
            kind = str(select.value)
            self.choices[int(dom.data(select, "seat") or "0")] = kind
            if kind in LEVELS:  # the level chosen last is the next one-click start's
                dom.keep_setting(LEVEL_KEY, kind)

    def count(self) -> int:
        players = None if self.players is None else str(self.players.value)
        return seat_count(players, self.fixed)

    def kind_label(self, kind: str) -> str:
        key = "play.seat-kind." + kind
        return self.language.t(key) if self.language.translator.has(key) else kind

    def update(self, relabel: bool = False) -> None:
        """Rebuilds the selects after the player count changed (or the language,
        ``relabel``)."""
        if not self.enabled:
            return
        seat_list = dom.by_id("seat-kinds-list")
        count = self.count()
        if not relabel and seat_list.children.length == count:
            return
        rows = []
        for seat, value in enumerate(seat_values(self.choices, count)):
            row = dom.create("div", "seat-kind field")
            row.setAttribute("data-seat", str(seat))
            label = dom.create(
                "label", "", self.language.t("play.seat-label", {"number": seat + 1})
            )
            label.htmlFor = "seat-kind-" + str(seat)
            select = dom.create("select")
            select.id = "seat-kind-" + str(seat)
            select.setAttribute("data-seat", str(seat))
            for kind in [HUMAN] + self.bots:  # no [*x] displays in MicroPython
                option = dom.create("option", "", self.kind_label(kind))
                option.value = kind
                select.append(option)
            select.value = value
            row.append(label, select)
            rows.append(row)
        dom.replace_children(seat_list, rows)

    def can_play_computer(self) -> bool:
        """Whether "play the computer" makes sense: computer players and at least two seats."""
        return self.enabled and self.count() >= 2

    def versus_computer(self, level: "str | None" = None) -> None:
        """Seat 1 a person, every other seat a computer (see :func:`versus_choices`)."""
        if not self.can_play_computer():
            return
        self.choices = versus_choices(self.choices, self.count(), self.bots, level)
        self.update(True)

    def set_seats(self, seats: "list[Any]") -> None:
        """Shows the seats of the game in play (a resumed or shared game), so that "new game"
        keeps them."""
        if not self.enabled:
            return
        self.choices = choices_of(seats, self.bots)
        self.update(True)

    def seats(self) -> "list[str] | None":
        """The ``seats`` of a new request, or None when the game offers no computer player."""
        if not self.enabled:
            return None
        self.update()
        selects = dom.query_all("select[data-seat]", dom.by_id("seat-kinds-list"))
        return [str(select.value) for select in selects]
