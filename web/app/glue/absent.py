"""Stand-ins for the game page's parts that only some games make (glue.game): the program
builder of a page whose game has no secret setup, the shape placer of one with no shape to
place. Each answers as the real part does when it has nothing to do."""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class AbsentBuilder:
    """The program builder of a page whose game has no secret setup (yet)."""

    visible = False
    active = 0
    identity = None
    last_draft = None

    def hide(self) -> None:
        pass

    def cell_label(self, cell: "Any") -> None:
        return None

    def select_cell(self, cell: "Any") -> bool:
        return False


class AbsentPlacer:
    """The shape placer of a page whose game has no shape to place (yet)."""

    active = False
    last_pointer = None

    def update(self, placement: "Any", can_cancel: bool = True) -> bool:
        return False

    def set_cursor(self, cell: "Any") -> None:
        pass

    def click(self, cell: "Any", via_touch: bool = False) -> bool:
        return False

    def key(self, event: "Any") -> bool:
        return False

    def step(self, cell: "Any", direction: "Any") -> None:
        return None

    def suggested_anchor(self) -> None:
        return None


ABSENT_BUILDER = AbsentBuilder()
ABSENT_PLACER = AbsentPlacer()
