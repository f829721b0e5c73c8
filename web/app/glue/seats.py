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

    def __init__(self, language: "PageLanguage", form: "dom.Element") -> None:
        self.language = language
        self.form = form
        body = dom.body()
        self.bots = parse_bots(body.data("bots"))
        self.players = form.find('[name="players"]')
        self.fixed = whole_number(body.data("seats"))  # seats of a game without `players`
        self.choices: dict[int, str] = {}  # kept across player-count changes: seat -> kind
        self.enabled = offers_seats(self.bots, self.players is not None, self.fixed)
        dom.node("seat-kinds").show(self.enabled)
        if not self.enabled:
            return
        dom.node("seat-kinds-list").on("change", self.changed)
        language.on_change(lambda _language: self.update(True))
        self.update()

    def changed(self, event: "dom.Event") -> None:
        target = event.target
        select = None if target is None else target.closest("select[data-seat]")
        if select is not None:
            kind = select.value()
            self.choices[int(select.data("seat") or "0")] = kind
            if kind in LEVELS:  # the level chosen last is the next one-click start's
                dom.keep_setting(LEVEL_KEY, kind)

    def count(self) -> int:
        players = None if self.players is None else self.players.value()
        return seat_count(players, self.fixed)

    def kind_label(self, kind: str) -> str:
        key = "play.seat-kind." + kind
        return self.language.t(key) if self.language.translator.has(key) else kind

    def update(self, relabel: bool = False) -> None:
        """Rebuilds the selects after the player count changed (or the language,
        ``relabel``)."""
        if not self.enabled:
            return
        seat_list = dom.node("seat-kinds-list")
        count = self.count()
        if not relabel and len(seat_list.children()) == count:
            return
        rows = []
        for seat, value in enumerate(seat_values(self.choices, count)):
            row = dom.make("div", "seat-kind field")
            row.set_data("seat", seat)
            label = dom.make("label", "", self.language.t("play.seat-label", {"number": seat + 1}))
            label.set_attr("for", "seat-kind-" + str(seat))
            select = dom.make("select")
            select.set_attr("id", "seat-kind-" + str(seat))
            select.set_data("seat", seat)
            for kind in [HUMAN] + self.bots:  # no [*x] displays in MicroPython
                option = dom.make("option", "", self.kind_label(kind))
                option.set_value(kind)
                select.append(option)
            select.set_value(value)
            row.append(label)
            row.append(select)
            rows.append(row)
        seat_list.replace_children(rows)

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
        selects = dom.node("seat-kinds-list").find_all("select[data-seat]")
        return [select.value() for select in selects]
