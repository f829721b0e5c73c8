"""The draft of a secret setup (Virus Fight's programs, ``view.setup``; see
pyengine/protocol.py), without the DOM: ``glue.builder`` draws it.

A row of slots, one per home cell of the seat, and a palette of the seat's pieces. The draft is
a small state machine: one code (or None) per slot, the active slot and the marker's slot. It
knows only the rules the view states: 1 to ``max`` distinct pieces on consecutive slots, the
marker on one of them. The engine checks everything again when the program is previewed or
submitted.

>>> draft = Draft()
>>> draft.load({"seat": 0, "segment": ["a1", "b1"], "max": 2, "pieces": [{"code": "M1"}]}, 1)
True
>>> draft.choose("M1") and draft.check()["text"]
'a1:M1 @a1'
"""

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    # a part of a view (pyengine.protocol's Setup, SetupPiece, Message), or a test's dict
    # shaped like one
    Message = Mapping[str, Any]

# The slot row's arrow keys: -1 to the left (up), 1 to the right (down).
SLOT_MOVES = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowUp": -1, "ArrowDown": 1}


def palette_target(key: str, index: int, count: int, columns: int) -> "int | None":
    """In the palette (``count`` buttons in a grid of ``columns``) the arrow keys move the focus
    over the pieces, Home and End to the first and the last: the button to focus from
    ``index``, or None for another key."""
    moves = {
        "ArrowLeft": -1,
        "ArrowRight": 1,
        "ArrowUp": -columns,
        "ArrowDown": columns,
        "Home": -index,
        "End": count - 1 - index,
    }
    if key not in moves:
        return None
    return min(count - 1, max(0, index + moves[key]))


class Draft:
    """The program being written for ``setup``; every method that changes it returns True
    (the builder then redraws), False when it changed nothing."""

    def __init__(self) -> None:
        self.setup: Message | None = None
        self.identity: str | None = None
        self.slots: list[str | None] = []
        self.active = 0
        self.marker: int | None = None

    def load(self, setup: "Message", generation: "Any") -> bool:
        """Takes the view's setup; ``generation`` changes with every new or loaded game, so the
        same seat of a new game starts from an empty draft. True when the draft was reset."""
        codes = [piece["code"] for piece in setup["pieces"]]
        identity = json.dumps([generation, setup["seat"], setup["segment"], codes])
        self.setup = setup
        if identity == self.identity:
            return False
        self.identity = identity
        self.slots = [None for _ in setup["segment"]]
        self.active = 0
        self.marker = None
        return True

    @property
    def segment(self) -> "list[str]":
        return list(self.setup["segment"]) if self.setup else []

    @property
    def maximum(self) -> int:
        return int(self.setup["max"]) if self.setup else 0

    def piece(self, code: str) -> "Message | None":
        for piece in self.setup["pieces"] if self.setup else []:
            if piece["code"] == code:
                return piece
        return None

    def index_of(self, cell: "str | None") -> int:
        segment = self.segment
        return segment.index(cell) if cell in segment else -1

    def placed(self) -> "list[int]":
        return [index for index, code in enumerate(self.slots) if code]

    def is_used(self, code: str) -> bool:
        return code in self.slots

    def can_add(self) -> bool:
        return len(self.placed()) < self.maximum

    def free(self, slot: int) -> bool:
        return 0 <= slot < len(self.slots) and not self.slots[slot]

    def next_empty(self, index: int) -> "int | None":
        """Where a new piece goes when the active slot is taken: the empty slot just after the
        run of pieces holding ``index``, else just before it, else the first empty slot next to
        any piece, else the first empty slot; None when every slot is taken."""
        end = index
        while end + 1 < len(self.slots) and self.slots[end + 1]:
            end += 1
        if self.free(end + 1):
            return end + 1
        start = index
        while start > 0 and self.slots[start - 1]:
            start -= 1
        if self.free(start - 1):
            return start - 1
        for slot, code in enumerate(self.slots):
            if not code and (self.filled(slot - 1) or self.filled(slot + 1)):
                return slot
        for slot, code in enumerate(self.slots):
            if not code:
                return slot
        return None

    def filled(self, slot: int) -> bool:
        return 0 <= slot < len(self.slots) and bool(self.slots[slot])

    # -- changes -------------------------------------------------------------------------------

    def select(self, index: int) -> bool:
        if index < 0 or index >= len(self.slots):
            return False
        self.active = index
        return True

    def select_cell(self, cell: "str | None") -> bool:
        """Makes the slot of a home cell active (a click on the board); False for another cell."""
        return self.select(self.index_of(cell))

    def choose(self, code: str) -> bool:
        """A palette click: a piece of the program leaves it; another piece goes to the active
        slot if it is empty, else next to the program; then the next empty slot next to the
        program becomes active, ready for the next piece."""
        if code in self.slots:
            return self.remove(self.slots.index(code))
        if not self.can_add():
            return False
        target = self.next_empty(self.active) if self.slots[self.active] else self.active
        if target is None:
            return False
        self.slots[target] = code
        if self.marker is None:
            self.marker = target  # the first piece placed carries the marker
        if self.can_add():
            following = self.next_empty(target)
            self.active = target if following is None else following
        else:
            self.active = target
        return True

    def remove(self, index: int) -> bool:
        if not self.filled(index):
            return False
        self.slots[index] = None
        if self.marker == index:
            # the marker goes to the nearest remaining piece (the left one on a tie)
            placed = self.placed()
            left = [slot for slot in placed if slot < index]
            right = [slot for slot in placed if slot > index]
            if not left:
                self.marker = right[0] if right else None
            elif not right:
                self.marker = left[-1]
            else:
                self.marker = left[-1] if index - left[-1] <= right[0] - index else right[0]
        self.active = index
        return True

    def shift(self, step: int) -> bool:
        """Moves the active slot's piece by ``step`` slots (swapping with what is there)."""
        source = self.active
        target = source + step
        if not self.filled(source) or target < 0 or target >= len(self.slots):
            return False
        self.slots[source], self.slots[target] = self.slots[target], self.slots[source]
        if self.marker == source:
            self.marker = target
        elif self.marker == target:
            self.marker = source
        self.active = target
        return True

    def put_marker(self) -> bool:
        if not self.filled(self.active):
            return False
        self.marker = self.active
        return True

    def clear(self) -> bool:
        self.slots = [None for _ in self.slots]
        self.marker = None
        self.active = 0
        return True

    def randomize(self, random_int: "Callable[[int, int], int]") -> bool:
        """A random legal program: random length, offset, distinct pieces and marker.
        ``random_int(low, high)`` gives an integer between both bounds, included."""
        count = random_int(1, min(self.maximum, len(self.slots)))
        start = random_int(0, len(self.slots) - count)
        codes = [piece["code"] for piece in self.setup["pieces"]] if self.setup else []
        for index in range(len(codes) - 1, 0, -1):  # Fisher-Yates
            other = random_int(0, index)
            codes[index], codes[other] = codes[other], codes[index]
        self.slots = [
            codes[index - start] if start <= index < start + count else None
            for index in range(len(self.slots))
        ]
        self.marker = start + random_int(0, count - 1)
        self.active = self.marker
        return True

    def slot_key(self, index: int, key: str, shift: bool = False, modified: bool = False) -> str:
        """A key on the slot of ``index``: the arrow keys walk the slots (with Shift: move the
        piece along), Delete or Backspace removes, M puts the marker. ``modified``: Alt, Ctrl
        or Meta is held. Returns "move" (the focus follows the active slot), "edit", or ""
        for a key it leaves alone."""
        if key in SLOT_MOVES and not modified:
            target = min(len(self.slots) - 1, max(0, index + SLOT_MOVES[key]))
            if shift:
                self.active = index
                self.shift(target - index)
            else:
                self.select(target)
            return "move"
        if key in ("Delete", "Backspace"):
            self.remove(index)
            return "edit"
        if key.lower() == "m" and not modified:
            self.select(index)
            self.put_marker()
            return "edit"
        return ""

    # -- what it is worth ----------------------------------------------------------------------

    def check(self) -> "Message":
        """``{"text", "hint"}`` when the draft can be submitted, else ``{"hint"}`` saying why
        not (hints are translation requests)."""
        placed = self.placed()
        segment = self.segment
        if not placed:
            return {
                "hint": {"key": "virus-fight.setup.hint.empty", "params": {"max": self.maximum}}
            }
        if len(placed) > self.maximum:
            return {
                "hint": {"key": "virus-fight.setup.hint.too-many", "params": {"max": self.maximum}}
            }
        first = placed[0]
        last = placed[-1]
        if last - first + 1 != len(placed):
            gap = [segment[index] for index in range(first, last + 1) if not self.slots[index]]
            return {
                "hint": {"key": "virus-fight.setup.hint.gap", "params": {"cells": ", ".join(gap)}}
            }
        marker = self.marker if self.marker in placed else first
        items = [segment[index] + ":" + str(self.slots[index]) for index in placed]
        params = {"count": len(placed), "max": self.maximum, "cell": segment[marker]}
        return {
            "text": " ".join(items) + " @" + segment[marker],
            "hint": {"key": "virus-fight.setup.hint.ready", "params": params},
        }

    def text(self) -> "str | None":
        """The program's text when the draft can be submitted, else None."""
        return self.check().get("text")

    def hint_level(self) -> str:
        if self.text() is not None:
            return "ok"
        return "warning" if self.placed() else "todo"

    def slot_message(self, index: int) -> "Message":
        """The label of a home cell (its slot button, and the board cell while building)."""
        cell = self.segment[index]
        code = self.slots[index]
        if not code:
            return {"key": "virus-fight.setup.slot-empty", "params": {"cell": cell}}
        piece = self.piece(code)
        name = piece["label"] if piece and piece.get("label") else code
        key = (
            "virus-fight.setup.slot-marked"
            if index == self.marker
            else "virus-fight.setup.slot-piece"
        )
        return {"key": key, "params": {"cell": cell, "piece": name}}

    def cell_message(self, cell: "str | None") -> "Message | None":
        index = self.index_of(cell)
        return self.slot_message(index) if index >= 0 else None

    def controls(self) -> "dict[str, bool]":
        """Which slot actions are disabled (True) for the active slot, and whether the marker
        button is pressed."""
        filled = self.filled(self.active)
        return {
            "left": not filled or self.active == 0,
            "right": not filled or self.active == len(self.slots) - 1,
            "remove": not filled,
            "marker": not filled,
            "marker-pressed": filled and self.active == self.marker,
        }
