"""The new-game form of a game page: the options the build wrote into the page from the game's
option schema, the game's cross-option rules (``#option-constraints``), the seats (person or
computer, ``glue.seats``) and the request that starts a game with them.

Made by glue.game with: ``OptionsForm(state: PageState, language: i18n.PageLanguage, embed:
dict[str, Any] | None)``: ``embed`` is a blog widget's settings (glue.embed_settings), None on
the site's own pages."""

import json

from glue import dom
from glue.seats import SeatKinds
from glue.starts import LEVEL_KEY, chosen_level, flipped_for
from glue.views import exact_integer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.i18n import PageLanguage
    from glue.page_state import PageState
    from pyengine.protocol import NewRequest, View


def allowed_value(current: str, allowed: "list[str]") -> str:
    """The allowed value nearest to ``current`` (numbers by distance, else the first)."""
    if current in allowed:
        return current
    try:
        number = float(current)
    except ValueError:
        return allowed[0]
    best = allowed[0]
    for value in allowed:
        try:
            if abs(float(value) - number) < abs(float(best) - number):
                best = value
        except ValueError:
            continue
    return best


class OptionsForm:
    def __init__(
        self, state: "PageState", language: "PageLanguage", embed: "dict[str, Any] | None"
    ) -> None:
        self.state = state
        self.language = language
        self.embed = embed
        self.form = dom.node("options")
        self.seats: SeatKinds | None = None
        source = dom.element("option-constraints")
        self.constraints = json.loads(source.text()) if source is not None else []

    def bind(self) -> None:
        self.seats = SeatKinds(self.language, self.form)
        self.form.on("change", lambda event: self.apply_constraints())
        self.apply_constraints()

    def fields(self) -> "dict[str, dom.Element]":
        fields = {}
        for field in self.form.find_all("[name]"):
            fields[field.attr("name") or ""] = field
        return fields

    def apply_constraints(self) -> None:
        """Keeps the form consistent with the game's cross-option rules (Zebra's odd sizes for
        the hole, remove and neutral setups): values the rules forbid are disabled, and a
        forbidden current value moves to the nearest allowed one. A field that only some
        values of another option use (data-show-when="mode=groups") shows only then."""
        for row in self.form.find_all("[data-show-when]"):
            name, values = (row.data("show-when") or "=").split("=", 1)
            when = self.form.find('[name="' + name + '"]')
            row.show(when is None or when.value() in values.split(","))
        fields = self.fields()
        for field in fields.values():
            for option in field.find_all("option"):
                option.enable()
        for rule in self.constraints:
            when = fields.get(rule["when"])
            target = fields.get(rule["option"])
            if when is None or target is None:
                continue
            if when.value() not in [str(value) for value in rule["values"]]:
                continue
            if target.tag() != "select":
                continue  # free text (hidden when not used)
            allowed = [str(value) for value in rule["allowed"]]
            for option in target.find_all("option"):
                option.enable(option.value() in allowed)
            target.set_value(allowed_value(target.value(), allowed))
        if self.seats is not None:
            self.seats.update()
            dom.node("vs-computer").show(self.seats.can_play_computer())

    def show(self, view: "View") -> None:
        """The form shows the game in play (after a restore, a load or a link); free-text
        fields (a seed, names) keep what the player typed."""
        options = view.get("options") or {}
        for name in options:
            value = options[name]
            field = self.form.find('[name="' + name + '"]')
            if field is None:
                continue
            if field.attr("type") == "checkbox":
                field.set_checked(bool(value))
            elif field.tag() == "select":
                text = json_text(value)
                if any(option.value() == text for option in field.find_all("option")):
                    field.set_value(text)
        self.apply_constraints()
        if isinstance(view.get("seats"), list) and self.seats is not None:
            self.seats.set_seats(view["seats"])

    def read(self) -> "dict[str, Any]":
        options: dict[str, Any] = {}
        for field in self.form.find_all("[name]"):
            if field.closest("[hidden]") is not None:
                continue  # not used with these options: the engine's default
            name = field.attr("name") or ""
            if field.attr("type") == "checkbox":
                options[name] = field.is_checked()
            elif field.data("kind") == "int":
                text = field.value().strip()
                if text == "":
                    continue  # an empty number field: the engine chooses (a random seed)
                options[name] = exact_integer(text)
            else:
                options[name] = field.value()
        return options

    def new_request(self) -> "NewRequest":
        game = self.state.game
        request: NewRequest
        if self.embed:
            request = {"op": "new", "game": game, "options": dict(self.embed["options"])}
            seats = self.embed_seats()
        else:
            request = {"op": "new", "game": game, "options": self.read()}
            seats = self.seats.seats() if self.seats is not None else None
        if seats is not None:
            request["seats"] = seats
            request["flipped"] = flipped_for(seats)  # the person's side at the bottom
        return request

    def embed_seats(self) -> "list[str] | None":
        """The seats of an embedded game: the URL's `seats`, else a person against `level`."""
        settings = self.embed
        if not settings or self.state.replay:
            return None
        if settings.get("seats"):
            return settings["seats"]
        level = settings.get("level")
        if not level:
            return None
        players = settings["options"].get("players")
        if not isinstance(players, int):
            players = int(dom.body().data("seats") or "0")
        if players < 2:
            return None
        return ["human"] + [level] * (players - 1)

    def versus_computer(self, level: "str | None" = None) -> None:
        """Seat 1 a person, the others the computer at ``level`` (else the level chosen last,
        on the home page or in a seat's select)."""
        if self.seats is not None:
            remembered = dom.setting(LEVEL_KEY)
            self.seats.versus_computer(chosen_level(level, remembered, self.seats.bots))

    def with_friends(self) -> None:
        """People in every seat (one device, hot seat)."""
        if self.seats is not None:
            self.seats.set_seats([])


def json_text(value: "Any") -> str:
    """An option's value as the form writes it (JavaScript's String(value))."""
    if value is True or value is False:
        return "true" if value else "false"
    return str(value)
