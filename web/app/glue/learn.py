"""A lesson page (learn-<game>.html): one step shown at a time, each with its task on a "try it"
board (``glue.tryboard``, on data the engine computed at build time, web/tools/lessons.py), the
step list with each step's state, "Next step" once a task is solved, and the last step's
button that opens the game against the easy computer. Progress is kept in this browser
(``glue.lessons``)."""

from glue import dom, i18n, lessons, pwa
from glue.tryboard import TryBoard

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.tryit import Step

# What a step's state is called in the step list (said by screen readers after its title).
STATE_KEYS = {
    "done": "learn.state.done",
    "current": "learn.state.current",
    "todo": "learn.state.todo",
}


class LessonPage:
    def __init__(self, language: "i18n.PageLanguage") -> None:
        self.language = language
        self.game = dom.body().data("game") or ""
        self.sections = dom.find_all(".learn-step")
        self.steps = [section.data("step") or "" for section in self.sections]
        self.items = dom.find_all(".learn-item")
        self.progress = lessons.read_progress(dom.setting(lessons.STORAGE_KEY))
        self.boards: dict[int, TryBoard] = {}
        for index, section in enumerate(self.sections):
            root = section.find(".tryit[data-tryit]")
            if root is not None:
                board = TryBoard(language, root, game=self.game)
                board.on_step = self.stepped(index)
                self.boards[index] = board
            following = section.find(".learn-next")
            if following is not None:
                following.on("click", self.go_next)
            play = section.find(".learn-play")
            if play is not None:
                play.on("click", self.on_play)
        for item in self.items:
            button = item.find(".learn-go")
            if button is not None:
                button.on("click", self.on_go)
        self.current = lessons.first_open(self.steps, self.done())
        self.show(self.current, focus=False)
        language.on_change(self.redraw)

    def done(self) -> "list[str]":
        return lessons.done_steps(self.progress, self.game)

    def keep(self) -> None:
        dom.keep_setting(lessons.STORAGE_KEY, lessons.write_progress(self.progress))

    # -- events ----------------------------------------------------------------------------

    def stepped(self, index: int) -> "Any":
        def report(step: "Step") -> None:
            self.on_step(index, step)

        return report

    def on_step(self, index: int, step: "Step") -> None:
        """After a step on the task's board: a solved task is done (and kept); a wrong or
        illegal try says to try again."""
        section = self.sections[index]
        retry = section.find(".learn-retry")
        if retry is not None:
            retry.show(step.kind in ("wrong", "illegal"))
        board = self.boards[index]
        if step.kind in ("select", "hint"):  # a large sheet scrolls in its frame: show the cell
            shown = board.board.find(".tryit-hint" if step.kind == "hint" else ".tryit-target")
            if shown is not None:
                shown.scroll_into_view()
        if board.tryit.done and self.steps[index] not in self.done():
            self.progress = lessons.mark_done(self.progress, self.game, self.steps[index])
            self.keep()
        self.draw_state()

    def on_go(self, event: "dom.Event") -> None:
        target = event.target.closest(".learn-go") if event.target is not None else None
        if target is None:
            return
        self.show(int(target.data("index") or "0"), focus=True)

    def go_next(self, event: "dom.Event") -> None:
        following = lessons.next_step(self.steps, self.current)
        if following is not None:
            self.show(following, focus=True)

    def on_play(self, event: "dom.Event") -> None:
        """The last step's button: the track is complete (the link then opens the game)."""
        self.progress = lessons.mark_complete(self.progress, self.game, self.steps[-1])
        self.keep()
        self.draw_state()

    # -- drawing ---------------------------------------------------------------------------

    def show(self, index: int, focus: bool) -> None:
        """Shows step ``index`` alone (its heading focused when the person chose it)."""
        if not 0 <= index < len(self.sections):
            return
        self.current = index
        for number, section in enumerate(self.sections):
            section.show(number == index)
        self.draw_state()
        title = self.sections[index].find(".learn-title")
        if focus and title is not None:
            title.focus()
            title.scroll_into_view("start")

    def draw_state(self) -> None:
        done = self.done()
        states = lessons.statuses(self.steps, done, self.current)
        for index, item in enumerate(self.items):
            state = states[index] if index < len(states) else "todo"
            item.set_data("state", state)
            item.set_class("done", (item.data("step") or "") in done)
            button = item.find(".learn-go")
            if button is not None:
                button.set_attr("aria-current", "step" if state == "current" else "false")
            said = item.find(".learn-state")
            if said is not None:
                said.set_data("i18n", STATE_KEYS[state])
                said.set_text(self.language.t(STATE_KEYS[state]))
        for number, section in enumerate(self.sections):
            counter = section.find(".learn-counter")
            if counter is not None:
                params = {"step": number + 1, "total": len(self.steps)}
                counter.set_text(self.language.t("learn.counter", params))
            following = section.find(".learn-next")
            if following is not None:
                following.show(self.steps[number] in done)
            finished = section.find(".learn-finished")
            if finished is not None:
                finished.show(lessons.is_complete(self.progress, self.game))
        count = lessons.done_count(self.steps, done)
        summary = dom.element("learn-progress")
        if summary is not None:
            params = {"count": count, "total": len(self.steps)}
            key = (
                "learn.complete" if lessons.is_complete(self.progress, self.game) else "learn.done"
            )
            summary.set_text(self.language.t(key, params))

    def redraw(self, *_: "Any") -> None:
        for board in self.boards.values():
            board.draw()
        self.draw_state()


async def run() -> None:
    pwa.start()  # waits for the load event by itself
    language = await i18n.start()
    LessonPage(language)
    dom.body().set_data("glue", "ready")  # for tests: the glue has run


def main() -> None:
    dom.start(run, "lesson page")
