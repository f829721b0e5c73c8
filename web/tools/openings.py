"""The opening books: what a game page needs to play its first move before the engine runs.

    web/build.py calls write_opening_books(dist); tests call opening_book(game_id)

A game page shows its board at first paint, but the engine (Pyodide in a worker) takes seconds
to arrive on a first visit. The person's first decision on the page's default options needs no
engine: at build time the real controller (``pyengine.controller.Controller``, the very code the
worker runs) answers every click sequence of that decision, and the answers are written to
``app/openings/<game>.json``. The page glue (``web/app/glue/book.py``) answers from it until the
engine is ready, then hands the game over with a ``restore`` of the last answer's ``saved``
match plus its selection's clicks. No rule is written twice: every answer is the engine's.

What a book covers (``SCOPE``): Zebra's first move, Virus War's whole first turn step by step,
Fight the Virus's first roll (the dice are seeded: the book holds a few seeds, the page picks
one at random), and Virus Fight's start (its program builder works on the page; the program is
sent when the engine is there). It holds one start per seating the page opens with (people in
every seat, or a person against each computer player) and seed.

The format (``FORMAT``, version 1)::

    {"format": "virus-games/opening", "version": 1, "game": id,
     "options": {the new game's options, the seed left out},
     "seats": [the seats of every start], "starts": [{"seed": int | null, "node": n}, ...],
     "parts": [each distinct value once],
     "nodes": [{"reply": {"ok": true, "view": {field: part}, "message": part},
                "next": {"click <token>" | "play <action>": node},
                "stays": {"click <token>" | "play <action>": part}}]}

A node is one reply of the controller; each field of its view (the board's SVG, the cells'
labels, ...) is an index into ``parts``, where a value shared by many nodes is written once.
``stays`` are the requests that leave the view as it is, with what they add: ``{"message"}``
(a click that makes nothing: the engine's explanation) or ``{"error"}`` (a refused request).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

FORMAT = "virus-games/opening"
VERSION = 1
# How far each game's book goes: the first player's actions covered ("turn": while the first
# player is still to move), and how many seeds a seeded game gets.
SCOPE: dict[str, dict[str, Any]] = {
    "zebra": {"actions": 1},
    "virus-war": {"actions": "turn"},
    "fight-the-virus": {"actions": 1, "seeds": 4},
    "virus-fight": {"actions": 0, "seeds": 4},
}
MAX_NODES = 400  # per start: a guard against a scope that explodes
# The computer players with a book of their own: the levels the home page's one-click starts
# offer (web/app/glue/starts.py). Other seatings wait for the engine.
LEVELS = ("easy", "medium", "hard")


def request_key(request: dict[str, Any]) -> str:
    """A click or play request as a book's ``next`` key: ``"click c2"``, ``"play pass"``."""
    if request["op"] == "click":
        return "click " + str(request["cell"])
    return "play " + str(request["action"])


class _Explorer:
    """Answers request sequences from one start with a fresh controller each time."""

    def __init__(self, game_id: str, options: dict[str, Any], seats: list[str]) -> None:
        self.game_id = game_id
        self.options = options
        self.seats = seats

    def controller(self, path: list[dict[str, Any]]) -> tuple[Any, dict[str, Any]]:
        """A controller after the new game and ``path``, and its last reply."""
        from pyengine.controller import Controller

        controller = Controller()
        new = {"op": "new", "game": self.game_id, "options": self.options, "seats": self.seats}
        reply = controller.handle(new)
        for request in path:
            reply = controller.handle(request)
        return controller, reply


def _within(view: dict[str, Any], start: dict[str, Any], actions: Any) -> bool:
    """Whether the book goes on from ``view`` (else it is a leaf)."""
    if view.get("result"):
        return False
    if actions == "turn":
        return view.get("to_move") == start.get("to_move")
    return int(view.get("ply_count") or 0) < int(actions)


def _requests(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every request a person can make from ``view``'s clicks and buttons."""
    tokens = list(view.get("targets") or []) + list(view.get("sources") or [])
    tokens += list(view.get("selection") or [])[-1:]  # clicked again: taken back
    requests: list[dict[str, Any]] = [{"op": "click", "cell": token} for token in tokens]
    for button in view.get("buttons") or []:
        if button.get("click"):
            requests.append({"op": "click", "cell": button["click"]})
        elif button.get("action"):
            requests.append({"op": "play", "action": button["action"]})
    unique = {request_key(request): request for request in requests}
    return [unique[key] for key in sorted(unique)]


class _Book:
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.parts: list[Any] = []
        self.part_index: dict[str, int] = {}
        self.nodes: list[dict[str, Any]] = []
        self.index: dict[str, int] = {}

    def add(self, reply: dict[str, Any]) -> tuple[int, bool]:
        """The node of ``reply`` (``True``: new)."""
        key = json.dumps(reply, sort_keys=True)
        if key in self.index:
            return self.index[key], False
        view = reply["view"]
        stored = {
            "ok": True,
            "view": {name: self.part(view[name]) for name in view},
            "message": self.part(reply.get("message")),
        }
        self.index[key] = len(self.nodes)
        self.nodes.append({"reply": stored, "next": {}, "stays": {}})
        return self.index[key], True

    def explore(self, explorer: _Explorer, actions: Any) -> int:
        from pyengine.controller.basics import presentation_of
        from pyengine.controller.clicks import board_spots

        _, first = explorer.controller([])
        start_view = first["view"]
        root, _ = self.add(first)
        queue: list[tuple[int, list[dict[str, Any]]]] = [(root, [])]
        seen = 0
        while queue:
            node, path = queue.pop(0)
            seen += 1
            if seen > MAX_NODES:
                raise RuntimeError(f"{self.game_id}: the opening book exceeds {MAX_NODES} nodes")
            controller, reply = explorer.controller(path)
            view = reply["view"]
            if not _within(view, start_view, actions):
                continue
            entry = self.nodes[node]
            for request in _requests(view):
                _, answer = explorer.controller([*path, request])
                if self.stays(entry, request, answer, view):
                    continue
                child, new = self.add(answer)
                entry["next"][request_key(request)] = child
                if new:
                    queue.append((child, [*path, request]))
            # clicks on the board that make nothing: the engine's explanation, the same view
            # (not drawn again for each: a click that changed the game is caught below)
            before = (controller.match.to_json(), list(controller.selection))
            controller.view = lambda view=view: view
            for token in board_spots(presentation_of(self.game_id), controller.match.state):
                request = {"op": "click", "cell": token}
                if request_key(request) in entry["next"] or request_key(request) in entry["stays"]:
                    continue
                answer = controller.handle(request)
                changed = (controller.match.to_json(), list(controller.selection)) != before
                if changed or not self.stays(entry, request, answer, view):
                    raise RuntimeError(f"{self.game_id}: a click on {token} was not offered")
        return root

    def part(self, value: Any) -> int:
        """The index of ``value`` in the book's parts (added once)."""
        key = json.dumps(value, sort_keys=True)
        if key not in self.part_index:
            self.part_index[key] = len(self.parts)
            self.parts.append(value)
        return self.part_index[key]

    def stays(
        self, entry: dict[str, Any], request: dict[str, Any], answer: dict[str, Any], view: Any
    ) -> bool:
        """Keeps ``answer`` as one of ``entry``'s ``stays`` if it leaves the view as it is: its
        message, or its error."""
        if answer.get("view") != view:
            if not answer.get("ok"):
                raise RuntimeError(f"a refused {request} changed the view: {answer}")
            return False
        kept = (
            {"message": answer.get("message")} if answer.get("ok") else {"error": answer["error"]}
        )
        entry["stays"][request_key(request)] = self.part(kept)
        return True


def seatings(game_id: str) -> dict[str, list[str]]:
    """The seatings a book is made for, by name: ``people`` (a person in every seat, the form's
    default) and, for each computer player, a person in the first seat against it."""
    from pyengine.controller import Controller, seat_kinds

    players = len(Controller().new_game(game_id)["view"]["seats"])
    named = {"people": ["human"] * players}
    for kind in seat_kinds(game_id):
        if kind in LEVELS:
            named[kind] = ["human"] + [kind] * (players - 1)
    return named


def opening_book(game_id: str, seats: list[str]) -> dict[str, Any]:
    """The opening book of ``game_id`` for ``seats`` (see the module's docstring)."""
    from pyengine.controller import Controller

    scope = SCOPE.get(game_id, {"actions": 0})
    view = Controller().new_game(game_id)["view"]
    options = {name: value for name, value in view["options"].items() if name != "seed"}
    seeded = "seed" in view["options"]
    generator = random.Random(game_id)  # the same book from every build of the same code
    seeds: list[int | None] = (
        [generator.randrange(1, 2**31) for _ in range(scope.get("seeds", 1))] if seeded else [None]
    )
    book = _Book(game_id)
    starts = []
    for seed in seeds:
        asked = dict(options) if seed is None else {**options, "seed": seed}
        node = book.explore(_Explorer(game_id, asked, seats), scope["actions"])
        starts.append({"seed": seed, "node": node})
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game_id,
        "seats": seats,
        "options": options,
        "starts": starts,
        "parts": book.parts,
        "nodes": book.nodes,
    }


def book_path(game_id: str, seating: str = "people") -> str:
    """Where a game's book for a seating (see :func:`seatings`) is served, from the site's
    root."""
    return f"app/openings/{game_id}/{seating}.json"


def write_opening_books(dist: Path) -> list[Path]:
    """Writes every registered game's opening books into ``dist``; returns the files."""
    import pyengine

    written = []
    for game in pyengine.games():
        for seating, seats in seatings(game.id).items():
            path = dist / book_path(game.id, seating)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(opening_book(game.id, seats), separators=(",", ":")))
            written.append(path)
    return written
