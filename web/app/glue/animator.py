"""Motion on the board: the engine's new picture is drawn at once, then parts of it arrive from
where the old picture had them (glue.motion plans the steps from the two pictures' ``data-``
attributes). The steps are CSS animations (site.css, ``.anim-*``) driven by classes and custom
properties set through the DOM, which the site's CSP allows (``style`` attributes in markup it
would not). When they end, or at once when the person clicks or presses a key, the classes,
the properties and the old picture's ghosts go: the board is then the engine's SVG exactly.
Nothing moves where the browser asks for reduced motion.

Made by glue.game with: ``Animator(board: dom.Element)``, the board's element (glue.board)."""

from glue import dom
from glue.motion import DURATION_MS, plan, rolled

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

REDUCED = "(prefers-reduced-motion: reduce)"


def cell_selector(cell: str) -> str:
    return '[data-cell="' + dom.css_escape(cell) + '"]'


class Animator:
    def __init__(self, board: "dom.Element") -> None:
        self.board = board
        # (element, classes added) of the motions under way, and the old picture's parts
        # fading away (ghosts)
        self.touched: list[tuple[dom.Element, list[str]]] = []
        self.ghosts: list[dom.Element] = []
        self.epoch = 0
        self.until = 0.0  # when the motions under way end (page time, ms)
        self.played = 0  # pictures animated so far (the e2e tests read it)

    def allowed(self) -> bool:
        return not dom.media_matches(REDUCED)

    def animate(
        self, game: str, before: str, old_svg: "dom.Element | None", after: str
    ) -> "list[str]":
        """Animates the board from picture ``before`` (its element ``old_svg``, no longer on
        the page) to picture ``after`` (on the board now); returns the events seen (for the
        sounds), also when nothing moves."""
        self.finish()
        steps, events = plan(game, before, after)
        if not steps or not self.allowed():
            return events
        board = self.board
        svg = board.find("svg")
        longest = 0
        for step in steps:
            delay = step.get("delay") or 0
            if step.get("ghost"):
                source = None if old_svg is None else old_svg.find(cell_selector(step["cell"]))
                parts = [] if source is None or svg is None else source.find_all(step["part"])
                for part in parts:
                    ghost = part.clone()
                    svg.append(ghost)
                    self.ghosts.append(ghost)
                    self.start(ghost, step, delay)
            else:
                cell = board.find(cell_selector(step["cell"]))
                if cell is None:
                    continue
                parts = [cell] if not step["part"] else cell.find_all(step["part"])
                if step.get("last"):
                    parts = parts[max(0, len(parts) - step["last"]) :]
                for part in parts:
                    self.start(part, step, delay)
            longest = max(longest, delay)
        if not self.touched and not self.ghosts:
            return events
        self.played += 1
        board.set_data("animating", "true")
        self.end_after(longest + DURATION_MS)
        return events

    def start(self, element: "dom.Element", step: "dict[str, Any]", delay: int) -> None:
        if "dx" in step:
            element.set_style("--dx", str(step["dx"]) + "px")
            element.set_style("--dy", str(step["dy"]) + "px")
        if delay:
            element.set_style("--anim-delay", str(delay) + "ms")
        names = ["anim", "anim-" + step["effect"]]
        if step.get("ghost"):
            names.append("anim-ghost")
        for name in names:
            element.set_class(name)
        self.touched.append((element, names))

    def roll(self, dice: "dom.Element | None", before: "str | None", after: "str | None") -> bool:
        """Fight the Virus's dice roll when their values change; whether they did."""
        if not rolled(before, after):
            return False
        if dice is not None and self.allowed():
            for die in dice.find_all(".die"):
                self.start(die, {"effect": "roll"}, 0)
            self.played += 1
            self.end_after(DURATION_MS)
        return True

    def end_after(self, milliseconds: int) -> None:
        """Every motion under way ends once the longest is over (a margin for the frame)."""
        now = dom.page_time_ms()
        self.until = max(self.until, now + milliseconds + 40)
        self.epoch += 1
        dom.spawn(self.wait(self.epoch, int(self.until - now)), "motion")

    async def wait(self, epoch: int, milliseconds: int) -> None:
        await dom.sleep_ms(milliseconds)
        if epoch == self.epoch:
            self.finish()

    def finish(self) -> None:
        """Every motion ends now: the board is the engine's picture."""
        if not self.touched and not self.ghosts:
            return
        for element, names in self.touched:
            for name in names:
                element.set_class(name, False)
            element.set_attr("style", None)  # the engine's SVG has no style attributes
        for ghost in self.ghosts:
            ghost.remove()
        self.touched = []
        self.ghosts = []
        self.epoch += 1
        self.until = 0.0
        self.board.set_data("animating", None)
