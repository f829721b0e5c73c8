"""A "try it" board (a rules page's exercise, a lesson's step, a puzzle), without the page: its
position, the selection, what a click or a key means, the feedback, the keyboard cursor, hints
and the answer. Pure logic (no browser import): ``glue.tryboard`` draws it, and
``tests/glue_scenarios_rules.py`` checks it under CPython and MicroPython.

Everything a board needs was computed by the engine at build time (web/tools/rules_pages.py,
``tryit_data``) and sits in the page as JSON: per position (*node*) its SVG, the click paths of
the legal actions (``[[token, ...], action index]``) with each action's verdict, the engine's
explanation of clicks that make no action, the cells' spoken labels and the buttons for clicks
that are not cells, each action's words (``said``, web/tools/tryit_words.py) and, on a sheet,
the dice (``dice``). A node where the opponent answers on the solution line (a puzzle's
defence) has ``auto``: the index of that answer, which the page plays by itself. Clicks are
matched against the paths exactly as the game page's controller matches them
(pyengine/controller/clicks.py, ``match_click``).

**Shapes.** Where the next click places a shape on the sheet (Fight the Virus's analysis), the
node's ``place`` maps the selection (its clicks joined by spaces) to the face whose shapes the
data's ``shapes`` lists: :meth:`TryIt.placement` is then the game page's ``view.placement``
(face, shapes, the legal placements as click tokens, the cells they reach), and ``shapes`` (a
``glue.shapes.ShapeChoice``, the game page's own placer state) turns a click on an analysis
cell into a placement: the current shape, rotated and flipped, anchored there.

Texts are translation requests (``{"key", "params"}``, the engine's messages) or plain tokens
(a cell without a label): the page translates them with ``glue.i18n``.
"""

from glue.shapes import (
    ShapeChoice,
    cell_position,
    flip,
    normalise,
    rotate,
    token_cells,
    token_shape,
)
from glue.shapes import step as shape_step
from glue.views import grid_cursor, nearest_spot

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

# Arrow keys: the cursor's step on the board, (files, ranks) (up is towards higher ranks).
MOVES = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


class Step:
    """What a click, a button or a key did. ``kind`` says which (for tests and the page):
    ``done`` (the board is solved already), ``deselect``, ``select``, ``right`` (a right action:
    the next position), ``wrong`` (legal, not the one asked for), ``illegal``, ``cancel``,
    ``reply`` (the opponent's answer on the solution line), ``wait`` (a click while it is
    due), ``hint``, ``answer`` (an action of the answer, shown), ``preview`` (a first tap on
    the sheet shows where the shape would go), ``shape`` (the shape turned or chosen) or
    ``none`` (nothing to do).
    The page redraws the board (or, without ``redraw``, only the feedback) and says
    ``announce`` when it is not None (``""`` empties the live region)."""

    def __init__(self, kind: str, redraw: bool = True, announce: "Any" = None) -> None:
        self.kind = kind
        self.redraw = redraw
        self.announce = announce


class Button:
    """A button under the board: a click that is not a cell (``action`` None: ``token`` is the
    click) or an action made without a cell (``action``: its index in the node's actions)."""

    def __init__(self, token: str, label: "Any", action: "int | None", pressed: bool) -> None:
        self.token = token
        self.label = label
        self.action = action
        self.pressed = pressed


def _starts_with(cells: "list[str]", prefix: "list[str]") -> bool:
    return len(cells) > len(prefix) and all(
        cells[index] == cell for index, cell in enumerate(prefix)
    )


class TryIt:
    def __init__(self, data: "dict[str, Any]") -> None:
        self.data = data
        self.node_index = 0
        self.selection: list[str] = []
        self.cursor: str | None = None
        self.feedback: dict[str, Any] | None = None  # {key, params, level}
        self.hinted: list[str] = []  # the clicks the last hint points at
        self.mistakes = 0  # wrong and illegal tries since the start
        self.hints = 0  # hints asked for since the start
        self.answered = False  # "show the answer" played an action (since the start)
        self.showing = False  # the answer is being shown (since the last reset)
        self.shown: list[Any] = []  # the words of the answer's actions shown so far
        self.shapes = ShapeChoice()  # the shape placer's state
        self.reset()

    @property
    def node(self) -> "dict[str, Any]":
        return self.data["nodes"][self.node_index]

    @property
    def done(self) -> bool:
        return bool(self.node.get("done"))

    def reset(self) -> None:
        """Back to the start. The counts of mistakes, hints and answers stay: a page that
        judges the attempt (the puzzle trainer) judges the first one."""
        self.node_index = 0
        self.selection = []
        self.cursor = None
        self.feedback = None
        self.hinted = []
        self.showing = False
        self.shown = []
        self.shapes.update(None)

    @property
    def pending_reply(self) -> bool:
        """The opponent is to answer on the solution line: the page plays ``reply()`` after a
        pause (the board takes no click meanwhile)."""
        return self.node.get("auto") is not None and not self.done

    def message(self, index: int) -> "dict[str, Any]":
        return self.data["messages"][index]

    def label(self, token: str) -> "Any":
        """What a screen reader says for a cell: the engine's label, else the token itself."""
        index = self.node["labels"].get(token)
        return token if index is None else self.message(index)

    def said(self, action: "dict[str, Any]") -> "Any":
        """An action of a node in words (its notation where the data has no words)."""
        index = action.get("said")
        return action["text"] if index is None else self.message(index)

    def dice(self) -> "str | None":
        """The dice beside the board (a sheet's), None for a board without."""
        index = self.node.get("dice")
        return None if index is None else str(self.data["messages"][index])

    def next_tokens(self, selection: "list[str] | None" = None) -> "list[str]":
        """The clicks that go on from ``selection`` (the current one by default), each once, in
        the order of the paths."""
        if selection is None:
            selection = self.selection
        depth = len(selection)
        tokens: list[str] = []
        for path in self.node["paths"]:
            cells = path[0]
            if _starts_with(cells, selection) and cells[depth] not in tokens:
                tokens.append(cells[depth])
        return tokens

    def targets(self) -> "list[str]":
        """The clicks the board offers now (none once solved or while the opponent answers)."""
        return [] if self.done or self.pending_reply else self.next_tokens()

    # -- shapes ----------------------------------------------------------------------------

    def placement(self) -> "dict[str, Any] | None":
        """While the next click places a shape: the game page's ``view.placement`` (``face``,
        its ``shapes``, the ``legal`` placements as click tokens, the cells they ``reach``);
        None otherwise."""
        if self.done or self.pending_reply:
            return None
        node = self.node
        face = (node.get("place") or {}).get(" ".join(self.selection))
        if face is None:
            return None
        legal = [
            token
            for token in self.next_tokens()
            if token not in node["labels"] and token not in node["buttons"]
        ]
        reach: list[str] = []
        for token in legal:
            for cell in token_cells(token):
                if cell not in reach:
                    reach.append(cell)
        return {
            "face": face,
            "shapes": self.data["shapes"][str(face)],
            "legal": legal,
            "reach": sorted(reach),
        }

    def shape_choice(self) -> ShapeChoice:
        """The shape placer's state, brought up to date with the position and selection (a
        new placement starts from a shape that fits somewhere)."""
        self.shapes.update(self.placement())
        return self.shapes

    def is_sheet_cell(self, token: "str | None") -> bool:
        """Whether ``token`` is an analysis cell of this board (where a shape is placed)."""
        return bool(token) and cell_position(token) is not None and token in self.node["labels"]

    def turn_shape(self, how: str) -> Step:
        """The R and F keys and the Rotate and Flip buttons: ``how`` is "rotate" or "flip"."""
        choice = self.shape_choice()
        if not choice.turn(rotate if how == "rotate" else flip):
            return Step("none", redraw=False)
        return Step("shape", announce=self.shape_said())

    def choose_family(self, key: str) -> Step:
        """A wild shape's family chosen from the palette (its key, ``glue.shapes``)."""
        choice = self.shape_choice()
        if not choice.active or not choice.choose_family(key):
            return Step("none", redraw=False)
        return Step("shape", announce=self.shape_said())

    def shape_said(self) -> "Any":
        """The current shape and what it would do at the keyboard cursor."""
        choice = self.shapes
        anchor = self.cursor if self.is_sheet_cell(self.cursor) else None
        hint = choice.preview(anchor).hint if anchor else choice.idle_hint()
        return {
            "key": "rules.tryit.shape-said",
            "params": {"shape": choice.current_name(), "hint": hint},
        }

    def place_shape(self, cell: str, via_touch: bool) -> Step:
        """A click on an analysis cell while a shape is placed: a touch's first tap previews,
        a placement that leaves the sheet or is not legal is said (the selection stays), a
        legal one is the next click."""
        outcome, token = self.shapes.click(cell, via_touch)
        if outcome == "preview":
            preview = self.shapes.preview(cell)
            return Step("preview", announce=preview.hint)
        if token is None or token not in self.next_tokens():
            self.mistakes += 1
            if token is None:
                self.feedback = {"key": "ftv-ui.placer.outside", "params": {}, "level": "error"}
            else:
                cells = " ".join(token_cells(token))
                self.feedback = {
                    "key": "rules.tryit.shape-illegal",
                    "params": {"cells": cells},
                    "level": "error",
                }
            return Step("illegal", announce=self.feedback)
        return self.click(token)

    # -- clicks ----------------------------------------------------------------------------

    def click(self, token: str, via_touch: bool = False) -> Step:
        """A click on ``token`` (a cell, or a button's token); ``via_touch``: a tap on the
        screen (a shape's first tap only previews it)."""
        node = self.node
        if node.get("done"):
            key = "rules.tryit.answered" if self.showing else "rules.tryit.done"
            self.feedback = {"key": key, "params": {}, "level": "ok"}
            return Step("done", redraw=False)
        if self.pending_reply:
            return Step("wait", redraw=False)
        self.hinted = []
        if self.shape_choice().active and self.is_sheet_cell(token):
            return self.place_shape(token, via_touch)
        if self.selection and self.selection[-1] == token:
            self.selection.pop()  # clicking the selected cell again takes the selection back
            self.feedback = None
            return Step("deselect")
        extended = list(self.selection)
        extended.append(token)
        for prefix in (extended, [token]):
            complete = [path for path in node["paths"] if path[0] == prefix]
            longer = [path for path in node["paths"] if _starts_with(path[0], prefix)]
            if complete and not longer:
                return self.play(complete[0][1])
            if longer:
                self.selection = prefix
                self.feedback = None
                announce: Any = ""
                if self.next_tokens():
                    announce = {
                        "key": "rules.tryit.selected",
                        "params": {"cell": self.label(token)},
                    }
                return Step("select", announce=announce)
        explained = node["explain"].get(" ".join(extended))
        self.selection = []
        self.mistakes += 1
        if explained is None:
            self.feedback = {"key": "rules.tryit.pick-highlighted", "level": "error"}
        else:
            self.feedback = {
                "key": "rules.tryit.not-legal",
                "params": {"reason": self.message(explained)},
                "level": "error",
            }
        return Step("illegal")

    def play(self, index: int) -> Step:
        """Makes the node's action ``index``: the next position if it is right, else why not."""
        action = self.node["actions"][index]
        self.selection = []
        self.hinted = []
        if not action["right"]:
            self.mistakes += 1
            self.feedback = {
                "key": "rules.tryit.legal-but",
                "params": {
                    "action": self.said(action),
                    "reason": {"key": action["why"], "params": {}},
                },
                "level": "warning",
            }
            return Step("wrong")
        self.node_index = action["next"]
        done = self.done
        if self.pending_reply:
            key = "rules.tryit.await-reply"
        elif done:
            key = self.data["success"]
        else:
            key = self.data.get("progress") or "rules.tryit.go-on"
        self.feedback = {
            "key": "rules.tryit.right" if done else "rules.tryit.good-step",
            "params": {"action": self.said(action), "reason": {"key": key, "params": {}}},
            "level": "ok",
        }
        return Step("right")

    def reply(self) -> Step:
        """The opponent's answer on the solution line (the node's ``auto`` action)."""
        if not self.pending_reply:
            return Step("none", redraw=False)
        action = self.node["actions"][self.node["auto"]]
        self.node_index = action["next"]
        self.selection = []
        if self.showing:  # the answer is being shown: its next action, or all of it
            self.shown.append(self.said(action))
            self.feedback = self.answer_said()
        elif self.done:
            self.feedback = {
                "key": "rules.tryit.right",
                "params": {
                    "action": self.said(action),
                    "reason": {"key": self.data["success"], "params": {}},
                },
                "level": "ok",
            }
        else:
            self.feedback = {
                "key": "rules.tryit.replied",
                "params": {"action": self.said(action)},
                "level": "ok",
            }
        return Step("reply", announce=self.feedback)

    def right_action(self) -> "int | None":
        """The index of the first right action here (the answer's next action)."""
        node = self.node
        if node.get("done"):
            return None
        if node.get("auto") is not None:
            return node["auto"]
        for index, action in enumerate(node["actions"]):
            if action["right"]:
                return index
        return None

    def hint(self) -> Step:
        """Points at the next click of the answer (``hinted``) and says the board's hint, or
        the general one naming that click."""
        index = self.right_action()
        if index is None or self.pending_reply:
            return Step("none", redraw=False)
        self.hints += 1
        tokens: list[str] = []
        for path in self.node["paths"]:
            if path[1] == index:
                tokens = path[0]
                break
        depth = len(self.selection)
        if tokens[:depth] != self.selection:
            self.selection = []
            depth = 0
        node = self.node
        following = tokens[depth] if depth < len(tokens) else None
        self.hinted = [] if following is None else [following]
        message: Any = None
        if following is not None and following in node["buttons"]:  # a die, a raise, a number
            button = self.message(node["buttons"][following])
            message = {"key": "rules.tryit.hint-press", "params": {"button": button}}
        elif following is not None and following not in node["labels"]:  # a shape to place
            self.hinted = token_cells(following)
            if self.shape_choice().active:
                self.shapes.shape = normalise(token_shape(following))
            message = {"key": "rules.tryit.hint-shape", "params": {"cells": " ".join(self.hinted)}}
        elif following is not None:
            message = {"key": "rules.tryit.hint", "params": {"cell": self.label(following)}}
        else:  # an action without a click: its button
            token = "action:" + node["actions"][index]["text"]
            self.hinted = [token]
            button = self.message(node["buttons"][token])
            message = {"key": "rules.tryit.hint-press", "params": {"button": button}}
        if self.data.get("hint"):
            message = {"key": self.data["hint"], "params": {}}
        self.feedback = {
            "key": "rules.tryit.hint-said",
            "params": {"hint": message},
            "level": "hint",
        }
        return Step("hint", announce=self.feedback)

    def answer(self) -> Step:
        """Plays the answer's next action (the solver's or the opponent's) and says it in
        words; once the answer is complete, says it all (which is not solving the board)."""
        index = self.right_action()
        if index is None:
            return Step("none", redraw=False)
        self.answered = True
        self.showing = True
        if self.pending_reply:
            return self.reply()
        action = self.node["actions"][index]
        self.play(index)
        self.shown.append(self.said(action))
        self.feedback = self.answer_said()
        return Step("answer", announce=self.feedback)

    def answer_said(self) -> "dict[str, Any]":
        """The answer shown so far: each action in words, one after the other; at the end,
        that it was the answer."""
        said: Any = self.shown[0]
        for action in self.shown[1:]:
            said = {"key": "rules.tryit.then", "params": {"first": said, "then": action}}
        key = "rules.tryit.answer-shown" if self.done else "rules.tryit.answer-step"
        return {"key": key, "params": {"actions": said}, "level": "hint"}

    def cancel(self) -> Step:
        """Escape: the selection is dropped (and with it a shape being placed)."""
        self.selection = []
        self.feedback = None
        self.shapes.update(None)
        return Step("cancel", announce={"key": "rules.tryit.cancelled", "params": {}})

    # -- what the page draws ---------------------------------------------------------------

    def svg(self) -> "str | None":
        """The position's SVG, None for the start (the page keeps the board's first picture)."""
        return self.node.get("svg")

    def aria_label(self, cell: str, targets: "list[str]") -> "Any":
        label = self.label(cell)
        if cell in targets:
            return {"key": "rules.tryit.cell-target", "params": {"cell": label}}
        return label

    def buttons(self, targets: "list[str]", on_board: "Callable[[str], bool]") -> "list[Button]":
        """The buttons under the board: the next clicks that are not cells, the actions made
        without a cell (before any selection), and first the chosen clicks that are not cells
        (pressed, the last chosen first)."""
        node = self.node
        found: list[Button] = []
        for token in targets:
            if on_board(token) or token not in node["buttons"]:
                continue
            found.append(Button(token, self.message(node["buttons"][token]), None, False))
        if not self.selection and not node.get("done"):
            for path in node["paths"]:
                cells, index = path[0], path[1]
                token = "action:" + node["actions"][index]["text"]
                if cells or token not in node["buttons"]:
                    continue
                if any(button.token == token for button in found):
                    continue
                found.append(Button(token, self.message(node["buttons"][token]), index, False))
        for token in self.selection:
            if on_board(token) or token not in node["buttons"]:
                continue
            found.insert(0, Button(token, self.message(node["buttons"][token]), None, True))
        return found

    # -- the keyboard cursor ---------------------------------------------------------------

    def place_cursor(self, cells: "list[str]") -> "str | None":
        """The cursor on one of the board's ``cells`` (in page order): kept if it is one,
        else the first next click on the board, else the first cell."""
        if not self.cursor or self.cursor not in cells:
            first = None
            if self.shape_choice().active:  # a shape to place: where it first fits
                first = self.shapes.suggested_anchor()
            for token in self.next_tokens() if first is None else ():
                if token in cells:
                    first = token
                    break
            if first is None and cells:
                first = cells[0]
            self.cursor = first
        return self.cursor

    def move_cursor(
        self, dx: int, dy: int, spots: "Callable[[], Sequence[tuple[str, float, float]]]"
    ) -> None:
        """An arrow key: on a grid one cell that way (stopping at the edge), on any other board
        the nearest cell that way on screen (``spots`` gives the cells' centres, y down). The
        page then shows the cursor (placing it first if there was none)."""
        if not self.cursor:
            return
        if self.shape_choice().active:  # placing a shape: one analysis cell at a time
            stepped = shape_step(self.cursor, [-dy, dx], self.is_sheet_cell)
            if stepped is not None:
                self.cursor = stepped
                return
        grid = self.node.get("grid")
        if grid:
            self.cursor = grid_cursor(grid, self.cursor, dx, dy)
        else:
            found = nearest_spot(spots(), self.cursor, dx, dy)
            if found is not None:
                self.cursor = found
