"""The opening book: the engine's own answers to the person's first decision, written by the
build (web/tools/openings.py, ``app/openings/<game>/<seating>.json``), so that the board plays
before the engine has arrived. Pure logic (no browser import): ``glue.engine`` asks it first
while the engine's worker starts, and ``tests/glue_scenarios_book.py`` checks it under CPython
and MicroPython.

A book answers a ``new`` request of the page's default options (the seed left to chance: the
book's seeds stand in for the engine's draw), then the ``click`` and ``play`` requests its
nodes list, each with the reply the engine's controller gave at build time. The first request
it cannot answer ends it (``left``): from then on every request goes to the engine, after the
hand-over (:meth:`OpeningBook.handover`): the requests that bring the engine to the book's
position, a ``restore`` of the last view's ``saved`` match and the clicks of its selection.
"""

FORMAT = "virus-games/opening"
VERSION = 1

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from pyengine.protocol import Request


class BookError(ValueError):
    """A book that is not one this page can use (format, version, game)."""


def seating_name(seats: "Any", players: int) -> "str | None":
    """The name of the book for ``seats`` (web/tools/openings.py's ``seatings``): ``people``
    for a person in every seat (also no seats given: the engine's default), a computer
    player's kind for a person in the first seat against it; None for other seatings."""
    if seats is None:
        return "people"
    if not isinstance(seats, list) or len(seats) != players or players < 1:
        return None
    if seats[0] != "human":
        return None
    others = seats[1:]
    if all(seat == "human" for seat in others):
        return "people"
    kind = others[0]
    if not isinstance(kind, str) or not all(seat == kind for seat in others):
        return None
    return kind


def book_url(game: str, seating: str) -> str:
    """Where the build wrote the book of ``game`` for ``seating`` (from the site's root)."""
    return "app/openings/" + game + "/" + seating + ".json"


class OpeningBook:
    """One book (``data``: the parsed file), answering until it is ``left``."""

    def __init__(self, data: "Any", game: str) -> None:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BookError("not an opening book")
        if data.get("version") != VERSION:
            raise BookError("an opening book of another version")
        if data.get("game") != game:
            raise BookError("the opening book of another game")
        self.data = data
        self.game = game
        self.node: int | None = None  # the node of the last answer, once a game started
        self.left = False  # a request it could not answer: the engine answers from then on
        self.answered = 0  # requests answered

    @property
    def players(self) -> int:
        return len(self.data.get("seats") or [])

    def matches(self, request: "Any") -> bool:
        """Whether ``request`` is a new game this book starts: its game, the book's seats (or
        none: people), not flipped, and options the book's (missing ones are the defaults; no
        seed, or an empty one: drawn by chance)."""
        if request.get("op") != "new" or request.get("game") != self.game:
            return False
        if request.get("flipped"):
            return False
        seats = request.get("seats")
        expected = self.data.get("seats")
        if seats is None:
            seats = ["human"] * self.players
        if seats != expected:
            return False
        options = request.get("options") or {}
        if not isinstance(options, dict):
            return False
        known = self.data.get("options") or {}
        for name in options:
            value = options[name]
            if name == "seed" and value in (None, ""):
                continue
            if name not in known or known[name] != value:
                return False
        return True

    def answer(self, request: "Any", chance: float = 0.0) -> "dict[str, Any] | None":
        """The engine's reply to ``request`` from the book, or None (then the book is left).
        ``chance`` (0 <= chance < 1) picks the start among a seeded game's seeds."""
        if self.left:
            return None
        reply = self._answer(request, chance)
        if reply is None:
            self.left = True
        else:
            self.answered += 1
        return reply

    def _answer(self, request: "Any", chance: float) -> "dict[str, Any] | None":
        op = request.get("op") if isinstance(request, dict) else None
        if op == "new":
            starts = self.data.get("starts") or []
            if not starts or not self.matches(request):
                return None
            start = starts[min(int(chance * len(starts)), len(starts) - 1)]
            self.node = start["node"]
            return self.reply(self.node)
        if self.node is None or op not in ("click", "play"):
            return None
        node = self.data["nodes"][self.node]
        key = request_key(request)
        if key is None:
            return None
        following = (node.get("next") or {}).get(key)
        if following is not None:
            self.node = following
            return self.reply(following)
        stay_part = (node.get("stays") or {}).get(key)
        if stay_part is None:
            return None
        stay = self.data["parts"][stay_part]
        reply = self.reply(self.node)
        if "error" in stay:
            return {"ok": False, "error": stay["error"], "view": reply["view"]}
        reply["message"] = stay.get("message")
        return reply

    def reply(self, index: int) -> "dict[str, Any]":
        """Node ``index``'s reply, its parts in place (new dicts; the parts are shared)."""
        stored = self.data["nodes"][index]["reply"]
        parts = self.data["parts"]
        fields = stored["view"]
        view = {}
        for name in fields:
            view[name] = parts[fields[name]]
        return {"ok": True, "view": view, "message": parts[stored["message"]]}

    def handover(self, flipped: bool = False) -> "list[Request]":
        """The requests that give the engine the game the book has answered so far: a
        ``restore`` of its match, then the clicks of the selection in progress. Nothing when
        the book started no game."""
        if self.node is None:
            return []
        view = self.reply(self.node)["view"]
        requests: list[Request] = [
            {"op": "restore", "game": self.game, "match": view["saved"], "flipped": flipped}
        ]
        for token in view.get("selection") or []:
            requests.append({"op": "click", "cell": str(token)})
        return requests


def request_key(request: "dict[str, Any]") -> "str | None":
    """A click or play request as the book's key (``"click c2"``, ``"play pass"``)."""
    op = request.get("op")
    if op == "click" and isinstance(request.get("cell"), str):
        return "click " + request["cell"]
    if op == "play" and isinstance(request.get("action"), str):
        return "play " + request["action"]
    return None
