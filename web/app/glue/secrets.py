"""Screens that keep one person's business from the others at one device.

* Secret setups (``view.setup``, Virus Fight's programs): the privacy screen covers the board
  until the seat to write a program says it holds the device; then the program builder
  (``glue.builder``) shows, and the engine draws the draft on the board (the ``preview``
  request, checked but not played). Once every program is in, both go away.
* Hot seat (HANDOVER_GAMES): when another human seat comes to decide, a "pass the device"
  screen over the dimmed board until that player says they hold it. Computer seats and games
  with one human skip it. DOM: #privacy with class "handover" and data-seat.
"""

from glue import dom

TYPE_CHECKING = False
if TYPE_CHECKING:
    from glue.game import GamePage
    from pyengine.protocol import Message, View

# Games played hot-seat by several people at one device, where the page asks the next human to
# take the device (not secret: the board stays visible, dimmed).
HANDOVER_GAMES = ("fight-the-virus",)


class Secrets:
    def __init__(self, page: "GamePage") -> None:
        self.page = page
        self.unlocked_seat: int | None = None  # the seat that last passed the privacy screen
        self.privacy_seat: int | None = None  # the seat the screen last showed (focus once)
        self.preview: tuple[str, str] | None = None  # (draft key, board SVG with the draft)
        self.preview_count = 0
        self.preview_error: Message | None = None  # the message a refused draft put up
        self.submitting = False
        self.device_seat: int | None = None  # the human seat holding the device
        self.handover_seat: int | None = None  # the seat the handover screen asks for
        self.handover_shown: int | None = None  # the seat it last showed (focus once)

    def new_game(self) -> None:
        self.privacy_seat = None
        self.preview = None
        self.device_seat = None

    # ---- secret setups ------------------------------------------------------------------------

    def render_setup(self, view: "View") -> None:
        page = self.page
        setup = view.get("setup") or None
        # A computer seat writes its program without screen or builder: the board stays.
        computer = setup is not None and page.is_bot_seat(setup["seat"])
        locked = setup is not None and not computer and setup["seat"] != self.unlocked_seat
        privacy = dom.node("privacy")
        privacy.show(locked)
        page.board.element.show(not locked)
        dom.node("extras").show(setup is None)  # the builder's palette shows the pieces
        if setup is None or computer:
            page.builder.hide()
            self.privacy_seat = None
            self.preview_count += 1  # a preview still on its way is stale
            self.preview = None
            return
        if not locked:
            page.builder.show(setup, page.generation)
            return
        page.builder.hide()
        language = page.language
        player = setup["player"]
        privacy.set_data("seat", setup["seat"])
        dom.node("privacy-token").set_text(str(setup["seat"] + 1))
        dom.node("privacy-title").set_text(
            language.t("virus-fight.setup.privacy-title", {"player": player})
        )
        dom.node("privacy-text").set_text(
            language.t("virus-fight.setup.privacy-text", {"player": player})
        )
        dom.node("privacy-ready").set_text(
            language.t("virus-fight.setup.privacy-button", {"player": player})
        )
        if self.privacy_seat != setup["seat"]:
            self.privacy_seat = setup["seat"]
            dom.node("privacy-ready").focus()

    def ready(self) -> None:
        """The privacy screen's button: the player holds the device."""
        if self.handover_seat is not None:
            self.take_device()
        else:
            self.unlock()

    def unlock(self) -> None:
        page = self.page
        setup = page.view.get("setup") if page.view is not None else None
        if not setup:
            return
        self.unlocked_seat = setup["seat"]
        page.render()
        slots = dom.node("builder-slots").children()
        active = page.builder.active
        if 0 <= active < len(slots):
            slots[active].focus()

    def draft_key(self) -> str:
        builder = self.page.builder
        return str(builder.identity) + "|" + str(builder.last_draft)

    def preview_svg(self) -> "str | None":
        """The board with the draft drawn on it, while the builder shows that draft."""
        preview = self.preview
        if self.page.builder.visible and preview is not None and preview[0] == self.draft_key():
            return preview[1]
        return None

    async def preview_draft(self, text: "str | None") -> None:
        """Draws the draft on the board (the engine's preview op), or the plain board while the
        draft is empty or not yet a program."""
        page = self.page
        self.preview_count += 1
        count = self.preview_count
        key = self.draft_key()
        if page.message is not None and page.message is self.preview_error:
            page.message = None
            page.panels.render_message()
        if text is None:
            self.preview = None
            if page.view is not None:
                page.board.draw()
            return
        try:
            reply = await page.engine.request({"op": "preview", "action": text})
        except Exception as error:
            dom.warn("engine request failed", str(error))
            return
        if count != self.preview_count or key != self.draft_key():
            return  # the draft moved on
        svg = reply.get("svg")  # a PreviewReply's board
        if reply.get("ok") and isinstance(svg, str):
            self.preview = (key, svg)
        else:
            self.preview = None
            failure = reply.get("error")  # a FailureReply's
            message = page.error_message(failure if isinstance(failure, dict) else {})
            message["level"] = "error"
            self.preview_error = message
            page.message = message
            page.panels.render_message()
        page.board.draw()

    async def submit(self, text: str) -> None:
        page = self.page
        if self.submitting:
            return  # a double click must not submit the next seat's program
        self.submitting = True
        dom.node("builder-submit").enable(False)
        try:
            reply = await page.send({"op": "play", "action": text})
            # Every program is in (the reveal), or a computer writes the next: the builder is
            # gone, the focus goes to the board.
            setup = page.view.get("setup") if page.view is not None else None
            if reply.get("ok") and (not setup or page.is_bot_seat(setup["seat"])):
                page.board.focus()
        finally:
            self.submitting = False

    # ---- hot seat -------------------------------------------------------------------------------

    def render_handover(self, view: "View") -> None:
        page = self.page
        privacy = dom.node("privacy")
        area = privacy.closest(".board-area")
        self.handover_seat = None
        to_move = view.get("to_move")
        if (
            page.game in HANDOVER_GAMES
            and not view.get("setup")
            and not view.get("result")
            and to_move is not None
            and not page.is_bot_seat(to_move)
        ):
            if self.device_seat is None or len(page.human_seats()) < 2:
                self.device_seat = to_move
            elif self.device_seat != to_move:
                self.handover_seat = to_move
        showing = self.handover_seat is not None
        privacy.set_class("handover", showing)
        if area is not None:
            area.set_class("handing-over", showing)
        page.board.element.set_attr("inert", "" if showing else None)
        dom.node("play-bar").set_attr("inert", "" if showing else None)
        if view.get("setup"):
            return  # the secret setup's privacy screen (render_setup)
        privacy.show(showing)
        if self.handover_seat is None:
            self.handover_shown = None
            return
        seat = self.handover_seat
        language = page.language
        player = page.computer.player_of(view)
        if player is None:
            player = language.t("play.seat-label", {"number": seat + 1})
        privacy.set_data("seat", seat)
        privacy.set_tint(seat)
        dom.node("privacy-token").set_text(str(seat + 1))
        dom.node("privacy-title").set_text(language.t("play.handover.title", {"player": player}))
        dom.node("privacy-text").set_text(language.t("play.handover.text", {"player": player}))
        dom.node("privacy-ready").set_text(language.t("play.handover.button", {"player": player}))
        if self.handover_shown != seat:  # the screen takes the focus once
            self.handover_shown = seat
            dom.node("privacy-ready").focus()

    def take_device(self) -> None:
        if self.handover_seat is None:
            return
        self.device_seat = self.handover_seat
        self.page.render()
        self.page.board.focus()
