"""Virus Fight by link: every player writes a program on their own device, and it travels
sealed. The device keeps the program and a random salt; a link carries only the commitment
(``glue.commitment``: a SHA-256 of both), and the program itself once every seat has committed
(``glue.correspondence``: ``commit_mine``, ``reveal_mine``, ``programs``). A device that opens a
link checks every program revealed against the commitment it saw before.

The engine asks for the programs in seat order, so the program builder of seat 2 needs a
program in seat 1's place: this device puts stand-ins there (the first legal program of each
earlier seat). They never show, since the board stays empty until every program is in; they
never leave the device, since no action goes into a link before every program is revealed; and
the real programs replace them as soon as they are all known.
"""

from glue import dom
from glue.commitment import new_salt
from glue.correspondence import commit_mine, program_phase, programs, reveal_mine
from glue.program import Draft

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def lowest(low: int, high: int) -> int:
    return low


def match_document(record: "dict[str, Any]", actions: "list[str]") -> "dict[str, Any]":
    """The engine's match document (``restore``) of a game by link after ``actions``: people
    in every seat (the others play on their own devices)."""
    return {
        "format": "virus-games/match",
        "version": 1,
        "seats": ["human"] * len(record["names"]),
        "state": {
            "format": "virus-games/state",
            "version": 1,
            "game": record["game"],
            "options": record["options"],
            "start": None,
            "actions": actions,
        },
        "redo": [],
    }


class RemotePrograms:
    """``remote`` is the page's glue.remote.RemotePlay."""

    def __init__(self, remote: "Any") -> None:
        self.remote = remote
        self.page = remote.page
        self.state = remote.state

    async def actions(self, record: "dict[str, Any]") -> "list[str]":
        """The engine's actions for ``record``: every program then the moves once all are
        revealed, else stand-ins for the seats before this device's."""
        found = programs(record)
        if found is not None:
            return found + list(record["actions"])
        return await self.stand_ins(record)

    async def stand_ins(self, record: "dict[str, Any]") -> "list[str]":
        texts: list[str] = []
        for _ in range(record["seat"]):
            reply = await self.page.request(
                {"op": "restore", "game": record["game"], "match": match_document(record, texts)}
            )
            setup = (reply.get("view") or {}).get("setup") if reply.get("ok") else None
            if not setup:
                break
            draft = Draft()
            draft.load(setup, 0)
            draft.randomize(lowest)
            text = draft.text()
            if text is None:
                break
            texts.append(text)
        return texts

    def moves(self, record: "dict[str, Any]", live: "list[str]") -> "list[str]":
        """The moves among the engine's actions ``live`` (after every seat's program); none
        while the programs are not all revealed (the engine's then are stand-ins)."""
        if program_phase(record) != "play":
            return []
        return list(live[len(record["names"]) :])

    def settled(self, record: "dict[str, Any]") -> "dict[str, Any]":
        """``record`` with this device's program revealed when every seat has committed."""
        seat = record["seat"]
        phase = program_phase(record)
        if phase == "reveal" and record["reveals"][seat] is None and record["secret"]:
            return reveal_mine(record)
        return record

    async def seal(self, text: str) -> None:
        """The program builder's "hide my program": sealed here, its commitment to send."""
        record = self.state.remote
        if record is None or record["secret"] is not None:
            return
        salt = new_salt(dom.random_bits64(), dom.random_bits64())
        record = commit_mine(record, text, salt)
        self.state.remote = record
        self.remote.keep(record)
        if programs(record) is not None:  # the last program in: the game starts here
            await self.remote.play(record)
        self.page.show_message({"key": "link.program-committed", "params": {}})
        self.page.render()
        self.remote.render()
        self.page.board.focus()

    def pending(self, record: "dict[str, Any]") -> bool:
        """Whether this device's sealed or revealed program waits to be sent."""
        return not record["sent"] and record["secret"] is not None

    def line(self, record: "dict[str, Any]") -> "dict[str, Any]":
        """The bar's line while the programs are not all revealed."""
        if record["secret"] is None:
            return {"key": "link.program-write", "params": {}}
        if not record["sent"]:
            return {"key": "link.program-committed", "params": {}}
        return {"key": "link.programs-wait", "params": {}}
