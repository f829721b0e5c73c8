"""Which game a game page opens on, and the games that come from elsewhere: this tab's game
after a reload, a saved game the home page's list asks for (``#game=<id>``), the home page's
one-click starts (``#play=...``), a shared link's record (``#record=...``) and a blog embed's
settings. Anything that cannot be opened is said, and a new game starts in its place: the page
never opens on nothing, and a saved game is removed only when it cannot be read back. And
when another tab takes this tab's game (:func:`take_back_game`)."""

from glue import dom, i18n, page_state
from glue.records import settle
from glue.saved import listed_moves
from glue.starts import flipped_for, start_asked, start_problem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable
    from typing import Any, Protocol

    from glue.i18n import PageLanguage
    from glue.options import OptionsForm
    from glue.page_state import PageState
    from glue.saved import SavedGames
    from glue.tabs import TabGames
    from pyengine.protocol import LoadRequest, Message, NewRequest, Request, RestoreRequest

    class PageOpening(Protocol):
        """What opening a game uses of the game page (glue.game)."""

        state: PageState
        language: PageLanguage
        embed: dict[str, Any] | None  # a blog widget's settings (glue.embed_settings)
        saved: SavedGames
        tabs: TabGames
        options: OptionsForm

        def send(self, request: Request) -> Awaitable[dict[str, Any]]: ...
        def show_message(self, message: Message, level: str = "info") -> None: ...
        def remote(self) -> Awaitable[Any]: ...


def resumable(page: "PageOpening") -> "dict[str, Any] | None":
    """The game this page resumes when it opens: the one this tab showed before a reload
    (finished or not, or its draft, a game nobody played yet), else the most recent
    unfinished game that no other open tab plays."""
    if page.embed or dom.page_address("hash"):
        return None
    own = page.tabs.own()
    if own is not None:
        entry = page.saved.entry(own)
        if entry is not None and entry["game"] == page.state.game:
            return entry
        draft = page.saved.draft(page.state.game)
        if draft is not None and draft["id"] == own:
            return draft
    return page.saved.latest(page.state.game, page.tabs.held_elsewhere())


def fresh_start(page: "PageOpening") -> bool:
    """Whether the page opens on a new game (no saved game, shared record or embedded record
    to read back): then it needs no engine to start (the opening book may answer)."""
    if page.embed:
        return not page.embed.get("record") and not page.state.replay
    fragment = dom.page_address("hash")
    if "record=" in fragment or "link=" in fragment or game_asked(fragment):
        return False
    if challenge_asked(fragment):
        return False
    return start_asked(fragment) is not None or resumable(page) is None


async def open_first_game(page: "PageOpening") -> None:
    """A shared link's game (#record=...), else the game asked for (#game=<id>, the home
    page's list), else this tab's or the most recent unfinished game, else a new game."""
    if page.embed:
        await open_embedded(page)
        return
    fragment = dom.page_address("hash")
    if "link=" in fragment:  # a game by link (glue.remote): else what the page opens without it
        dom.drop_fragment()
        try:
            await (await page.remote()).open_link(fragment)
            return
        except Exception as error:  # its glue could not be fetched: the page opens as usual
            dom.warn("game by link", str(error))
        await open_entry(page, None)
        page.show_message({"key": "link.error.unavailable", "params": {}}, "error")
        return
    if challenge_asked(fragment):  # Fight the Virus challenges (glue.challenge_page)
        dom.drop_fragment()
        await i18n.load_extra_glue(page.language)
        from glue.challenge_page import open_challenge

        problem = await open_challenge(page, fragment)
        if problem is not None:  # refused: the page opens as without it, and says why
            await open_entry(page, None)
            page.show_message(problem, "error")
        return
    shared = None
    if "record=" in fragment:  # a shared link
        from glue.share import read_fragment

        shared = read_fragment(fragment)
    asked = game_asked(fragment)
    start = start_asked(fragment)
    problem = None if shared else start_problem(fragment)
    if shared or asked or start or problem:  # used once: a reload resumes the saved game
        dom.drop_fragment()
    if shared:
        await open_shared(page, shared)
        return
    if start is not None:
        await start_game(page, start)
    else:
        await open_entry(page, asked)
    if problem is not None:  # the game is on: the link's wrong part is said
        page.show_message(problem, "error")


async def open_entry(page: "PageOpening", asked: "str | None") -> None:
    """The saved game ``asked`` for (``#game=<id>``), else this tab's or the most recent
    unfinished game, else a new game."""
    if asked:
        entry = page.saved.entry(asked)
        if entry is not None and entry["game"] != page.state.game:
            entry = None
    else:
        entry = resumable(page)
    if entry is None:
        await page.send(page.options.new_request())
        if asked:
            page.show_message({"key": "saved.missing", "params": {}}, "error")
        return
    await restore_entry(page, entry)


async def restore_entry(page: "PageOpening", entry: "dict[str, Any]") -> bool:
    """Opens saved game ``entry`` (a game by link with its record); a game that cannot be read
    back is removed, said, and a new game starts in its place."""
    page.state.next_slot = entry["id"]
    if entry.get("link"):
        page.state.next_remote = (await page.remote()).record(entry["id"])
    match = page.saved.read(entry["id"])
    seats = match.get("seats") if isinstance(match, dict) else None
    flipped = flipped_for(seats if isinstance(seats, list) else [])
    remote = page.state.next_remote
    if remote is not None and len(remote["names"]) == 2:  # the seat this device plays below
        flipped = remote["seat"] == 1
    request: RestoreRequest = {
        "op": "restore",
        "game": page.state.game,
        "match": match,
        "flipped": flipped,
    }
    reply = await page.send(request)
    if reply.get("ok"):
        if entry.get("plies", 0) > 0:
            page.show_message({"key": "saved.resumed", "params": {"count": entry["moves"]}})
        return True
    page.saved.remove(entry["id"])  # it cannot be read back: say so, start afresh
    await page.send(page.options.new_request())
    error = reply.get("error") or {}
    reason = error.get("message") or error.get("code")
    page.show_message({"key": "saved.damaged", "params": {"reason": reason}}, "error")
    return False


def take_back_game(page: "Any", event: "dom.Event") -> None:
    """Another tab saved over this tab's game (it resumed it from the home page's list):
    this tab's game goes on under a new id, saved at once, so neither game is lost; a game
    by link follows the other tab (one game, the same on every device). ``page`` is the game
    page (glue.game)."""
    state = page.state
    key = "" if state.slot is None else page.tabs.saved_key(state.slot)
    if not page_state.took_back(state, key, event.key, event.new_value):
        return
    if state.remote is not None:  # one game by link, the same in every tab: never forked
        entry = page.saved.entry(state.slot)
        if entry is not None and page_state.moved_on(state, event.new_value):
            dom.spawn(restore_entry(page, entry), "game by link")
        return
    state.slot = page.fresh_slot()
    page.tabs.claim(state.slot)
    if state.view is not None:
        page.saved.write(state.slot, state.view, now=dom.now_ms())


async def start_game(page: "PageOpening", start: "dict[str, Any]") -> None:
    """The home page's "Play a friend" or "Play the computer": a new game of the form's
    options, people in every seat or one against the computer at the level asked for
    (else the one chosen last). The game this tab would have resumed stays saved."""
    left = resumable(page)
    if start["play"] == "computer":
        page.options.versus_computer(start.get("level"))
    else:
        page.options.with_friends()
    reply = await page.send(page.options.new_request())
    if reply.get("ok") and left is not None and left.get("plies", 0) > 0:
        page.show_message({"key": "saved.kept", "params": {}})
    if start["play"] == "link":  # the form of a game by link
        (await page.remote()).show_form()


async def open_shared(page: "PageOpening", shared: "dict[str, Any]") -> None:
    from glue.share import ShareError, decode_record

    try:
        record = await settle(decode_record(shared["data"]))
    except ShareError as error:
        reason: Message = {"key": "share.error." + error.code, "params": {}}
    else:
        request: LoadRequest = {"op": "load", "game": page.state.game, "record": record}
        if shared.get("seats"):
            request["seats"] = shared["seats"]
        reply = await page.send(request)
        if reply.get("ok"):
            count = listed_moves(reply["view"])
            page.show_message({"key": "share.opened", "params": {"count": count}})
            return
        reason = load_problem(page, reply.get("error") or {})
    await page.send(page.options.new_request())
    page.show_message({"key": "share.refused", "params": {"reason": reason}}, "error")


def load_problem(page: "PageOpening", error: "dict[str, Any]") -> "Message":
    if str(error.get("code", "")).startswith("record."):
        message = error.get("message") or error.get("code")
        return {"key": "share.error.record", "params": {"message": message}}
    return page_state.error_message(error, page.language.translator.has)


async def open_embedded(page: "PageOpening") -> None:
    """An embedded game: the URL's record (replayed, or played on from its position),
    options, seats or computer level. Anything refused is said, and the game starts without it
    (embed_settings.drop_refused: its default seats, else people, else a plain game)."""
    from glue.embed_settings import drop_refused
    from glue.share import ShareError, decode_record

    settings = page.embed or {}
    problems = list(settings.get("problems") or [])
    record = None
    if settings.get("record"):
        try:
            record = await settle(decode_record(settings["record"]))
        except ShareError as error:
            problems.append({"key": "share.error." + error.code, "params": {}})
    dropped = None
    while True:
        request: NewRequest | LoadRequest = page.options.new_request()
        if record is not None and settings.get("record"):
            loading: LoadRequest = {"op": "load", "game": page.state.game, "record": record}
            seats = page.options.embed_seats()
            if seats:
                loading["seats"] = seats
            request = loading
        reply = await page.send(request)
        if reply.get("ok"):
            break
        if dropped is None:  # the first refusal says why
            problems.append(load_problem(page, reply.get("error") or {}))
        dropped = drop_refused(settings)
        if dropped is None:
            break
    view = page.state.view
    if page.state.replay and view is not None:
        end = view["ply_count"]
        await page.send({"op": "seek", "ply": replay_start(settings.get("ply"), end)})
    if problems:
        key = "embed.refused-seats" if dropped in ("seats", "level") else "embed.refused"
        page.show_message({"key": key, "params": {"reason": problems[0]}}, "error")


def challenge_asked(fragment: str) -> bool:
    """Whether a fragment asks for a Fight the Virus challenge (``#challenge=<seed>``,
    ``#daily=<date>``; glue.challenge reads it)."""
    parts = fragment.lstrip("#").split("&")
    return any(part.startswith(("challenge=", "daily=")) for part in parts)


def game_asked(fragment: str) -> "str | None":
    """The saved game a ``#game=<id>`` fragment asks for (the home page's resume links)."""
    for part in fragment.lstrip("#").split("&"):
        if part.startswith("game="):
            return part[5:] or None
    return None


def replay_start(ply: "Any", end: int) -> int:
    """Where an embedded replay starts: ``ply`` from the URL ("end", a number), within 0..end."""
    if ply == "end":
        return end
    try:
        wanted = int(str(ply if ply is not None else "0"))
    except ValueError:
        return 0
    return min(wanted, end) if wanted >= 0 else 0
