"""Games by link on the game page ("Play a friend far away"): two or more people on their own
devices, with no server, pass the game back and forth as links (``glue.game_link``). Every
device keeps its own copy, saved under the game's id (``glue.saved``, ``link`` entries) with
its record of the correspondence (``glue.correspondence``: this device's seat, the names, the
actions last in sync, what was sent).

What this part does on the page:

* opens a link (``#link=...``, from ``glue.opening``): a new game here, news for a game kept
  here, or a refusal said in words (an older link, a link whose past differs, a cut or edited
  one, a forged move) that leaves the kept game, and the game the tab shows, as they were;
* the form of a new game by link (side, number of players, the person's name, asked once and
  remembered in ``virus-games.name``);
* the bar above the board (``#remote``): who is who, whose move it is, "Send your move" (the
  system share sheet on phones, else the clipboard), the link sent, the name to give.

``glue.page_state`` keeps the rules of play: every request of the page passes its ``refusal``
(nothing acts for a seat but this device's; undo only over this device's own actions before they
are sent, ``undo_allowed``), and a link whose new actions hold one for this device's seat that it
never made is refused (``glue.correspondence.foreign_action``, on the engine's ``actors`` of the
link's moves). Virus Fight's programs travel by commitment (``glue.remote_programs``).
"""

import json

from glue import dom, opening, page_state
from glue.correspondence import (
    clean_record,
    foreign_action,
    is_invitation,
    link_target,
    new_record,
    outgoing,
    program_phase,
    programs,
)
from glue.correspondence import open_link as decide
from glue.dom.sharing import share_text
from glue.game_link import (
    MAX_NAME,
    LinkError,
    decode_link,
    encode_link,
    link_in_fragment,
    link_url,
)
from glue.remote_programs import RemotePrograms, match_document
from glue.saved import MAX_DOCUMENT_CHARS, read_json, valid_message
from glue.seat_choices import HUMAN
from glue.starts import flipped_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from pyengine.protocol import ActorsRequest, Message

NAME_KEY = "virus-games.name"  # the person's name, asked once (localStorage)
# The games played by link (Fight the Virus has challenges instead: glue.challenge).
LINK_GAMES = ("zebra", "virus-war", "virus-fight")
MAX_PLAYERS = 5


def clean_name(text: "Any") -> str:
    """A name as typed: trimmed, at most MAX_NAME characters, no control characters."""
    if not isinstance(text, str):
        return ""
    kept = "".join(char for char in text if ord(char) >= 32 and char != "\x7f")
    return kept.strip()[:MAX_NAME].strip()


def my_name() -> str:
    return clean_name(dom.setting(NAME_KEY))


def live_actions(view: "Any") -> "list[str]":
    """The actions of the game on view (its saved match document)."""
    document = (view or {}).get("saved") or {}
    actions = (document.get("state") or {}).get("actions")
    return [str(action) for action in actions] if isinstance(actions, list) else []


class RemotePlay:
    """The game page's part for games by link; ``page`` is the game page (glue.game), used as
    glue.opening uses it."""

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.state = page.state
        self.language = page.language
        self.saved = page.saved
        self.root = dom.node("remote")
        # Virus Fight's programs, sealed by commitment
        self.programs = RemotePrograms(self)
        page.secrets.on_sealed = self.programs.seal
        self.form_open = False
        self.sent_url: str | None = None  # the last link this page sent
        self.note: Message | None = None  # how the last send went
        self.said: str | None = None  # the bar's line screen readers last heard

    def t(self, key: str, params: "dict[str, Any] | None" = None) -> str:
        return self.language.t(key, params or {})

    # ---- records ---------------------------------------------------------------------------

    def record(self, game_id: str) -> "dict[str, Any] | None":
        """This device's record of game by link ``game_id`` (checked), or None."""
        return clean_record(read_json(self.saved.attached("link", game_id), MAX_DOCUMENT_CHARS))

    def keep(self, record: "dict[str, Any]") -> None:
        self.saved.attach("link", record["id"], json.dumps(record))

    def name_of(self, record: "dict[str, Any]", seat: "Any") -> str:
        """The name of ``seat``'s player, else "Player 2" (page_state.player_name)."""
        name = page_state.player_name(record, seat)
        return self.language.message(name) if isinstance(name, dict) else str(name)

    # ---- opening a link --------------------------------------------------------------------

    async def open_link(self, fragment: str) -> None:
        """Opens the game by link in ``fragment``; a link that cannot be taken is said, and the
        page opens what it would open without it (the game kept here, when there is one)."""
        page = self.page
        problem: Message | None = None
        record = None
        self.sent_url = None
        self.note = None
        self.form_open = False
        try:
            payload = decode_link(link_in_fragment(fragment))
            if payload["g"] != self.state.game:
                raise LinkError("game")
        except LinkError as error:
            problem = {"key": "link.error." + error.code, "params": {}}
        else:
            record = self.record(payload["i"])
            decision = decide(record, payload, my_name())
            kind = decision["kind"]
            reply: dict[str, Any] = {"ok": True}
            if kind in ("new", "update"):
                fresh = self.programs.settled(decision["record"])
                decision["record"] = fresh
                reply, actors = await self.movers(fresh)
                decision = foreign_action(decision, record, self.kept_moves(record), actors)
                kind = decision["kind"] if reply.get("ok") else "moves"
            if kind in ("new", "update"):
                reply = await self.play(fresh)
                if reply.get("ok"):
                    self.keep(fresh)
                    key = "link.opened-new" if kind == "new" else "link.opened"
                    sender = self.name_of(fresh, payload["s"])
                    page.show_message({"key": key, "params": {"name": sender}})
                    return
            if not reply.get("ok"):
                failure = reply.get("error") or {}
                reason = failure.get("message") or failure.get("code") or ""
                problem = {"key": "link.error.moves", "params": {"reason": reason}}
            elif kind == "older":
                problem = {"key": "link.older", "params": {"count": decision.get("behind", 1)}}
            elif kind == "same":
                problem = {"key": "link.same", "params": {}}
            elif kind == "differs":
                at = int(decision.get("at", 0))
                problem = {
                    "key": "link.differs",
                    "params": {
                        "number": at + 1,
                        "mine": decision.get("mine") or "—",
                        "theirs": decision.get("theirs") or "—",
                    },
                }
            else:
                reason = decision.get("reason")
                problem = {"key": "link.error.format", "params": {}}
                if isinstance(reason, dict) and valid_message(reason):
                    problem = {"key": str(reason["key"]), "params": reason.get("params") or {}}
        await self.reopen(record)
        if problem is not None:
            level = "info" if problem["key"] in ("link.same", "link.older") else "error"
            page.show_message(problem, level)

    async def reopen(self, record: "dict[str, Any] | None") -> None:
        """After a link that was not taken: the game kept here for ``record`` (its saved copy,
        with moves not yet sent, exactly as it was), else the game the tab shows stays (a
        finished one too), else (a page opened from the link) what the page opens without it."""
        entry = self.saved.entry(record["id"]) if record is not None else None
        if entry is not None and entry["game"] == self.state.game:
            await opening.restore_entry(self.page, entry)
        elif record is not None and record["game"] == self.state.game:
            await self.play(record)
        elif self.state.view is None:
            await opening.open_entry(self.page, None)

    async def movers(self, record: "dict[str, Any]") -> "tuple[dict[str, Any], list[int] | None]":
        """The engine's reply to the ``actors`` request for ``record``'s moves (an illegal move
        fails it), and the seat that made each move (None: not known). Virus Fight's moves come
        after every program, and there are none before every program is revealed."""
        first: list[str] = []
        if self.programs_needed(record):
            found = programs(record)
            if found is None:
                return {"ok": True}, [] if not record["actions"] else None
            first = found
        match: Any = match_document(record, first + list(record["actions"]))
        request: ActorsRequest = {"op": "actors", "game": record["game"], "match": match}
        reply = await self.page.request(request)
        actors = reply.get("actors") if reply.get("ok") else None
        if not isinstance(actors, list):
            return reply, None
        return reply, actors[len(first) :]

    def kept_moves(self, record: "dict[str, Any] | None") -> "list[str]":
        """The moves of the game kept here for ``record`` (its saved copy), or none."""
        if record is None:
            return []
        document = self.saved.read(record["id"])
        live = live_actions({"saved": document if isinstance(document, dict) else {}})
        return self.programs.moves(record, live) if self.programs_needed(record) else live

    async def play(self, record: "dict[str, Any]") -> "dict[str, Any]":
        """Puts ``record``'s game on the page: its actions replayed by the engine (which
        refuses an illegal one), saved under the game's id."""
        seat = record["seat"]
        seats = [HUMAN if index == seat else "far" for index in range(len(record["names"]))]
        self.state.next_slot = record["id"]
        self.state.next_remote = record
        actions = list(record["actions"])
        if self.programs_needed(record):
            actions = await self.programs.actions(record)
        return await self.page.send(
            {
                "op": "restore",
                "game": self.state.game,
                "match": match_document(record, actions),
                "flipped": flipped_for(seats),
            }
        )

    def programs_needed(self, record: "dict[str, Any]") -> bool:
        return record["game"] == "virus-fight"

    # ---- a new game by link --------------------------------------------------------------

    def show_form(self) -> None:
        """The form of a new game by link: side, players (Virus Fight), the person's name."""
        view = self.state.view
        if view is None or self.state.game not in LINK_GAMES:
            return
        self.form_open = True
        self.sent_url = None
        self.note = None
        root = self.root
        form = dom.make("form")
        form.set_attr("class", "remote-form")
        heading = dom.make("h2")
        heading.set_text(self.t("link.form-title"))
        form.append(heading)
        form.append(self.field("remote-name", "link.name-label", my_name()))
        if self.state.game == "virus-fight":
            count = dom.make("select")
            count.set_attr("id", "remote-players")
            players = len(view.get("players") or []) or 2
            for number in range(2, MAX_PLAYERS + 1):
                option = dom.make("option")
                option.set_attr("value", str(number))
                option.set_text(str(number))
                option.set_attr("selected", True if number == players else None)
                count.append(option)
            form.append(self.labelled(count, "link.players-label"))
        side = dom.make("select")
        side.set_attr("id", "remote-side")
        for seat, player in enumerate(view.get("players") or []):
            option = dom.make("option")
            option.set_attr("value", str(seat))
            option.set_text(self.language.message(player))
            side.append(option)
        form.append(self.labelled(side, "link.side-label"))
        buttons = dom.make("div")
        buttons.set_attr("class", "remote-buttons")
        start = dom.make("button")
        start.set_attr("type", "submit")
        start.set_attr("class", "primary")
        start.set_text(self.t("link.start"))
        cancel = dom.make("button")
        cancel.set_attr("type", "button")
        cancel.set_text(self.t("link.cancel"))
        cancel.on("click", lambda event: self.close_form())
        buttons.append(start)
        buttons.append(cancel)
        form.append(buttons)
        form.on("submit", self.form_submitted)
        root.replace_children([form])
        root.show(True)
        root.scroll_into_view()
        name = dom.node("remote-name")
        name.focus()

    def field(self, element_id: str, label_key: str, value: str) -> "dom.Element":
        entry = dom.make("input")
        entry.set_attr("id", element_id)
        entry.set_attr("type", "text")
        entry.set_attr("maxlength", str(MAX_NAME))
        entry.set_attr("autocomplete", "nickname")
        entry.set_value(value)
        return self.labelled(entry, label_key)

    def labelled(self, control: "dom.Element", label_key: str) -> "dom.Element":
        label = dom.make("label")
        label.set_attr("class", "remote-field")
        text = dom.make("span")
        text.set_text(self.t(label_key))
        label.append(text)
        label.append(control)
        return label

    def close_form(self) -> None:
        self.form_open = False
        self.render()

    def form_submitted(self, event: "dom.Event") -> None:
        event.prevent()  # now: a coroutine would run after the browser submitted the form
        name = clean_name(dom.node("remote-name").value())
        if name:
            dom.keep_setting(NAME_KEY, name)
        try:
            seat = int(dom.node("remote-side").value())
        except ValueError:
            seat = 0
        players = 2
        if self.state.game == "virus-fight":
            try:
                players = int(dom.node("remote-players").value())
            except ValueError:
                players = 2
        dom.spawn(self.start(seat, players, name), "game by link", True)

    async def start(self, seat: int, players: int, name: str) -> None:
        """A new game by link: people in every seat, this device at ``seat``; its first link
        goes out when the first move is made (at once when another seat moves first)."""
        page = self.page
        request = page.options.new_request()
        request["seats"] = [HUMAN] * players
        if self.state.game == "virus-fight":
            options = dict(request.get("options") or {})
            options["players"] = players
            request["options"] = options
        reply = await page.send(request)
        view = self.state.view
        if not reply.get("ok") or view is None or self.state.slot is None:
            return
        players = len(view.get("players") or []) or players
        seat = seat if 0 <= seat < players else 0
        names = [""] * players
        names[seat] = name
        options = view.get("options") or {}
        record = clean_record(
            new_record(self.state.slot, self.state.game, seat, names, options, dom.now_ms())
        )
        if record is None:
            return
        self.form_open = False
        self.state.remote = record
        self.keep(record)
        self.saved.write(record["id"], view, dom.now_ms(), True)
        self.page.render()  # one seat here: no privacy screen
        self.render()
        page.board.focus()

    # ---- the bar -----------------------------------------------------------------------------

    def moves(self) -> "list[str]":
        """The moves of the game on view (Virus Fight's after every program)."""
        record = self.state.remote
        live = live_actions(self.state.view)
        if record is not None and self.programs_needed(record):
            return self.programs.moves(record, live)
        return live

    def pending(self) -> bool:
        """Whether this device has something to send: its actions since the last link, or the
        invitation of a game whose first move is another seat's."""
        record = self.state.remote
        view = self.state.view
        if record is None or view is None:
            return False
        if self.programs_needed(record) and program_phase(record) != "play":
            return self.programs.pending(record)
        if view.get("to_move") == record["seat"] and not view.get("result"):
            return False
        if self.moves() != record["actions"]:
            return True
        return not record["sent"] and not record["actions"]

    def invitation(self) -> bool:
        """Whether what waits to go out is the invitation (nobody has moved yet)."""
        record = self.state.remote
        return record is not None and self.pending() and is_invitation(record, len(self.moves()))

    def render(self) -> None:
        """Draws the bar for the game by link on the page (hidden for any other game)."""
        if self.form_open:
            return
        record = self.state.remote
        view = self.state.view
        root = self.root
        if record is None or view is None:
            root.show(False)
            root.replace_children([])
            return
        parts = []
        others = [self.name_of(record, seat) for seat in range(len(record["names"]))]
        others = [name for seat, name in enumerate(others) if seat != record["seat"]]
        title = dom.make("p")
        title.set_attr("class", "remote-title")
        players = view.get("players") or []
        side = ""
        if record["seat"] < len(players):
            side = self.language.message(players[record["seat"]])
        title.set_text(self.t("link.title", {"side": side, "names": ", ".join(others)}))
        parts.append(title)
        line = dom.make("p")
        line.set_attr("class", "remote-status")
        to_move = view.get("to_move")
        waiting_for = self.name_of(record, to_move)
        target = self.name_of(record, link_target(record, None if view.get("result") else to_move))
        invitation = self.invitation()
        setting_up = self.programs_needed(record) and program_phase(record) != "play"
        if setting_up:
            line.set_text(self.language.message(self.programs.line(record)))
        elif self.pending():
            key = "link.invite-now" if invitation else "link.send-now"
            line.set_text(self.t(key, {"name": target}))
        elif view.get("result"):
            line.set_text(self.t("link.over"))
        elif to_move == record["seat"]:
            line.set_text(self.t("link.your-move", {"side": side}))
        else:
            line.set_text(self.t("link.waiting", {"name": waiting_for}))
        parts.append(line)
        if self.pending() and self.said != line.text():  # the turn is over: say what is next
            self.said = line.text()
            self.page.say(self.said)
        buttons = dom.make("div")
        buttons.set_attr("class", "remote-buttons")
        if self.pending():
            label = "link.send-program" if setting_up else "link.send"
            label = "link.send-invitation" if invitation else label
            buttons.append(self.button("remote-send", label, True, self.send_move))
        elif record["sent"] and (to_move != record["seat"] or setting_up):
            buttons.append(self.button("remote-send", "link.send-again", False, self.send_move))
        parts.append(buttons)
        if self.note is not None:
            note = dom.make("p")
            note.set_attr("class", "remote-note")
            note.set_text(self.language.message(self.note))
            parts.append(note)
        if self.sent_url is not None:
            link = dom.make("input")
            link.set_attr("id", "remote-link")
            link.set_attr("class", "share-link")
            link.set_attr("readonly", True)
            link.set_value(self.sent_url)
            parts.append(self.labelled(link, "link.link-label"))
        if not record["names"][record["seat"]]:
            parts.append(self.name_form())
        root.replace_children(parts)
        root.show(True)

    def button(self, element_id: str, key: str, primary: bool, handler: "Any") -> "dom.Element":
        button = dom.make("button")
        button.set_attr("type", "button")
        button.set_attr("id", element_id)
        if primary:
            button.set_attr("class", "primary")
        button.set_text(self.t(key))
        button.on("click", lambda event: handler())
        return button

    def name_form(self) -> "dom.Element":
        """Asks this device's player for a name (kept for every later game)."""
        form = dom.make("form")
        form.set_attr("class", "remote-name")
        form.append(self.field("remote-my-name", "link.name-label", my_name()))
        save = dom.make("button")
        save.set_attr("type", "submit")
        save.set_text(self.t("link.name-save"))
        form.append(save)
        form.on("submit", self.name_given)
        return form

    def name_given(self, event: "dom.Event") -> None:
        event.prevent()
        record = self.state.remote
        name = clean_name(dom.node("remote-my-name").value())
        if record is None or not name:
            return
        dom.keep_setting(NAME_KEY, name)
        names = list(record["names"])
        names[record["seat"]] = name
        record["names"] = names
        self.keep(record)
        self.render()

    async def send_move(self) -> None:
        """Sends this device's news as a link: the share sheet where the browser has one,
        else the clipboard; the link also shows in the bar, to copy by hand."""
        record = self.state.remote
        view = self.state.view
        if record is None or view is None:
            return
        to_move = None if view.get("result") else view.get("to_move")
        actions = self.moves()
        key = "link.invite-text" if self.invitation() else "link.share-text"
        payload, updated = outgoing(record, actions, to_move, dom.now_ms())
        url = link_url(dom.page_address("href"), encode_link(payload))
        self.sent_url = url
        game = self.t("game." + self.state.game + ".name")
        text = self.t(key, {"game": game, "name": self.name_of(record, record["seat"])})
        try:
            how = await share_text(game, text, url)
        except Exception:
            how = "failed"
        if how in ("shared", "copied"):
            self.state.remote = updated
            self.keep(updated)
            self.note = {
                "key": "link." + how,
                "params": {"name": self.name_of(updated, payload["f"])},
            }
        else:
            self.note = {"key": "link.copy-by-hand", "params": {}}
        self.page.render()  # undo: what was sent stays
        self.render()
        # screen readers hear how it went, and no longer "Send your move" (the page's one
        # live region: the note itself is not live, so nothing is read twice)
        self.said = None
        self.page.say(self.language.message(self.note))
        if how not in ("shared", "copied"):
            link = dom.node("remote-link")
            link.focus()
            link.select_all()
