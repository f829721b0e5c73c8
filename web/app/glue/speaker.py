"""The game page's sounds and its mute toggle: one sound per reply, chosen by ``glue.sounds``
(moves, kills and erases, an illegal click, dice, the game won or lost) and synthesised with
Web Audio (``dom.play_notes``: no file, nothing fetched, works offline). Muted is remembered in
this browser; inside a blog's page the widget starts muted."""

from glue import dom
from glue.sounds import SOUND_KEY, SOUNDS, choose, muted


class Speaker:
    def __init__(self, embedded: bool) -> None:
        self.embedded = embedded
        self.muted = muted(dom.setting(SOUND_KEY), embedded)
        self.played: list[str] = []  # the sounds played (the e2e tests read them)
        for button in dom.find_all("[data-mute]"):
            button.on("click", lambda event: self.toggle())
        self.render()

    def toggle(self) -> None:
        self.muted = not self.muted
        if not self.embedded:  # a blog's reader chooses for that page only
            dom.keep_setting(SOUND_KEY, "off" if self.muted else "on")
        dom.unlock_audio()
        self.render()

    def render(self) -> None:
        """The toggle: pressed while muted (its name, "Mute sounds", is the page's)."""
        for button in dom.find_all("[data-mute]"):
            button.set_attr("aria-pressed", "true" if self.muted else "false")

    def play(
        self, events: "list[str]", illegal: bool = False, outcome: "str | None" = None
    ) -> None:
        """The sound of a reply (see sounds.choose), unless muted."""
        name = choose(events, illegal, outcome)
        if name is None or self.muted or not dom.audio_ready():
            return
        self.played.append(name)
        dom.play_notes(SOUNDS[name])
