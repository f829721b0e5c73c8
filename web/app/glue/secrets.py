"""Screens that keep one person's business from the others at one device.

* Secret setups (``view.setup``, Virus Fight's programs): the privacy screen covers the board
  until the seat to write a program says it holds the device; then the program builder
  (``glue.builder``) shows, and the engine draws the draft on the board (the ``preview``
  request, checked but not played). Once every program is in, both go away.
* Hot seat (HANDOVER_GAMES): when another human seat comes to decide, a "pass the device"
  screen over the dimmed board until that player says they hold it. Computer seats and games
  with one human skip it. DOM: #privacy with class "handover" and data-seat.

The seat that passed the privacy screen and the seat the handover screen asks for are the page
state's (``state.unlocked_seat``, ``state.handover_seat``).

Made by glue.game with: ``Secrets(state: PageState, language: i18n.PageLanguage, board: Board,
builder: Callable[[], Any], send: Send,
request: Send, render: Callable[[], None],
render_message: Callable[[], None])``: ``builder`` is the program builder's getter (made on first
use), ``send`` the page's request that takes in its reply, ``request`` the engine's own
(glue.engine's EngineClient.request: the draft's preview, not taken in), ``render`` draws the
whole page, ``render_message`` the message line (glue.panels).
"""

from glue import dom, page_state
from glue.views import player_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from glue.board import Board
    from glue.i18n import PageLanguage
    from glue.page_state import PageState, Send
    from pyengine.protocol import Message, View

# Games played hot-seat by several people at one device, where the page asks the next human to
# take the device (not secret: the board stays visible, dimmed).
HANDOVER_GAMES = ("fight-the-virus",)


class Secrets:
    def __init__(
        self,
        state: "PageState",
        language: "PageLanguage",
        board: "Board",
        builder: "Callable[[], Any]",
        send: "Send",
        request: "Send",
        render: "Callable[[], None]",
        render_message: "Callable[[], None]",
    ) -> None:
        self.state = state
        self.language = language
        self.board = board
        self.builder = builder
        self.send = send
        self.request = request
        self.render = render
        self.render_message = render_message
        self.privacy_seat: int | None = None  # the seat the screen last showed (focus once)
        self.preview: tuple[str, str] | None = None  # (draft key, board SVG with the draft)
        self.preview_count = 0
        self.preview_error: Message | None = None  # the message a refused draft put up
        self.submitting = False
        self.device_seat: int | None = None  # the human seat holding the device
        self.handover_shown: int | None = None  # the seat it last showed (focus once)
        # A game by link (glue.remote_programs): the program is sealed there, not played.
        self.on_sealed: Callable[[str], Any] | None = None

    def new_game(self) -> None:
        self.privacy_seat = None
        self.preview = None
        self.device_seat = None

    # ---- secret setups ------------------------------------------------------------------------

    def render_setup(self, view: "View") -> None:
        state = self.state
        builder = self.builder()
        setup = view.get("setup") or None
        # A computer seat writes its program without screen or builder: the board stays.
        computer = setup is not None and page_state.is_bot_seat(state.view, setup["seat"])
        # the screen hides a program from the other people at the device: with one person
        # (against the computer) there is nobody to hide it from
        alone = len(page_state.human_seats(state.view)) < 2
        locked = (
            setup is not None
            and not computer
            and not alone
            and setup["seat"] != state.unlocked_seat
        )
        remote = state.remote
        if setup is not None and remote is not None:  # one seat on this device, no screen
            computer = setup["seat"] != remote["seat"] or remote["secret"] is not None
            locked = False
        privacy = dom.node("privacy")
        privacy.show(locked)
        self.board.element.show(not locked)
        dom.node("extras").show(setup is None)  # the builder's palette shows the pieces
        if setup is None or computer:
            builder.hide()
            self.privacy_seat = None
            self.preview_count += 1  # a preview still on its way is stale
            self.preview = None
            return
        if not locked:
            builder.show(setup, state.generation)
            if alone and remote is None and self.privacy_seat != setup["seat"]:
                self.privacy_seat = setup["seat"]  # the builder takes the focus once
                slots = dom.node("builder-slots").children()
                if 0 <= builder.active < len(slots):
                    slots[builder.active].focus()
            return
        builder.hide()
        language = self.language
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
        if self.state.handover_seat is not None:
            self.take_device()
        else:
            self.unlock()

    def unlock(self) -> None:
        state = self.state
        setup = state.view.get("setup") if state.view is not None else None
        if not setup:
            return
        state.unlocked_seat = setup["seat"]
        self.render()
        slots = dom.node("builder-slots").children()
        active = self.builder().active
        if 0 <= active < len(slots):
            slots[active].focus()

    def draft_key(self) -> str:
        builder = self.builder()
        return str(builder.identity) + "|" + str(builder.last_draft)

    def preview_svg(self) -> "str | None":
        """The board with the draft drawn on it, while the builder shows that draft."""
        preview = self.preview
        if self.builder().visible and preview is not None and preview[0] == self.draft_key():
            return preview[1]
        return None

    async def preview_draft(self, text: "str | None") -> None:
        """Draws the draft on the board (the engine's preview op), or the plain board while the
        draft is empty or not yet a program."""
        state = self.state
        self.preview_count += 1
        count = self.preview_count
        key = self.draft_key()
        if state.message is not None and state.message is self.preview_error:
            state.message = None
            self.render_message()
        if text is None:
            self.preview = None
            if state.view is not None:
                self.board.draw()
            return
        try:
            reply = await self.request({"op": "preview", "action": text})
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
            message = page_state.error_message(
                failure if isinstance(failure, dict) else {}, self.language.translator.has
            )
            message["level"] = "error"
            self.preview_error = message
            state.message = message
            self.render_message()
        self.board.draw()

    async def submit(self, text: str) -> None:
        state = self.state
        if self.submitting:
            return  # a double click must not submit the next seat's program
        self.submitting = True
        dom.node("builder-submit").enable(False)
        try:
            if state.remote is not None and self.on_sealed is not None:
                await self.on_sealed(text)
                return
            reply = await self.send({"op": "play", "action": text})
            # Every program is in (the reveal), or a computer writes the next: the builder is
            # gone, the focus goes to the board.
            setup = state.view.get("setup") if state.view is not None else None
            if reply.get("ok") and (not setup or page_state.is_bot_seat(state.view, setup["seat"])):
                self.board.focus()
        finally:
            self.submitting = False

    # ---- hot seat -------------------------------------------------------------------------------

    def render_handover(self, view: "View") -> None:
        state = self.state
        privacy = dom.node("privacy")
        area = privacy.closest(".board-area")
        state.handover_seat = None
        to_move = view.get("to_move")
        if (
            state.game in HANDOVER_GAMES
            and not view.get("setup")
            and not view.get("result")
            and to_move is not None
            and not page_state.is_bot_seat(state.view, to_move)
        ):
            if self.device_seat is None or len(page_state.human_seats(state.view)) < 2:
                self.device_seat = to_move
            elif self.device_seat != to_move:
                state.handover_seat = to_move
        showing = state.handover_seat is not None
        privacy.set_class("handover", showing)
        if area is not None:
            area.set_class("handing-over", showing)
        self.board.element.set_attr("inert", "" if showing else None)
        dom.node("play-bar").set_attr("inert", "" if showing else None)
        if view.get("setup"):
            return  # the secret setup's privacy screen (render_setup)
        privacy.show(showing)
        if state.handover_seat is None:
            self.handover_shown = None
            return
        seat = state.handover_seat
        language = self.language
        player = player_of(view)
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
        if self.state.handover_seat is None:
            return
        self.device_seat = self.state.handover_seat
        self.render()
        self.board.focus()
