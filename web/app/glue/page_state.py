"""The game page's state and its transitions: pure Python, tested without a browser.

:class:`PageState` is the one place that holds what a game page knows between two events: the
engine's latest view and message, which saved game this tab writes, the computer's turn and
the hint in progress, the privacy screens' seats. The functions below are the page's
transitions. Each takes the state and one event (a request about to go, its reply, a click, the
computer's turn coming up, a "still thinking" reply) and changes the state; what the page must
do then comes back as a value (:class:`Taken`, a :data:`click decision <CLICK_ENGINE>`, the next
request), which ``glue.game`` carries out with the browser. ``tests/glue_scenarios_page.py``
plays them under CPython and MicroPython.
"""

import json

from glue.seat_choices import HUMAN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any

    from pyengine.protocol import (
        Message,
        PlayRequest,
        Request,
        ThinkRequest,
        UndoRequest,
        View,
    )

    # A request to the engine and its reply (glue.game's send and ask, glue.engine's request).
    Send = Callable[[Request], Awaitable[dict[str, Any]]]

# Requests that put another game on the page (its own saved game, options, secrets).
REPLACING = ("new", "load", "restore")
# Requests that only look at a game (the one on the page, or a saved one): they change nothing
# of the game, so a game by link lets them through whoever is to act (refusal).
READING = ("hello", "games", "view", "position", "diagram", "preview", "flip", "review", "actors")
# The error code of a request the page itself refused (refused_reply).
REFUSED = "page.refused"
# Requests the page makes by itself, not for a person's decision: waiting for the engine, they
# are not announced. (A program's preview on the board, Virus Fight's ``preview``, is: the
# person sees it come.)
LOOKS = ("view", "hello", "games")
# How long the engine thinks per request: short enough that a new game or an undo is taken at
# once, long enough that the messages cost little.
SLICE_MS = 50

# What a click on a board cell does (click_decision).
CLICK_IGNORED = "ignored"  # no game yet, a replay widget, or a computer to move
CLICK_VIEWING = "viewing"  # an earlier position is on view: say how to get back
CLICK_PROGRAM = "program"  # Virus Fight's program builder picks the cell
CLICK_ENGINE = "engine"  # the shape placer, else the engine, decides
CLICK_REMOTE = "remote"  # a game by link, another player's move: say whose it is


class PageState:
    """What a game page knows between two events."""

    def __init__(self, game: str, embedded: bool = False, replay: bool = False) -> None:
        self.game = game  # the page's game id
        self.embedded = embedded  # a blog widget (nothing saved in the browser)
        self.replay = replay  # a blog widget that only replays a record
        self.view: View | None = None  # the engine's latest view
        self.message: Message | None = None  # the latest reply's message (with its level)
        self.generation = 0  # games started or loaded on this page
        self.loaded_generation: int | None = None  # a loaded record's game: no best score
        self.slot: str | None = None  # the saved game this tab writes
        self.next_slot: str | None = None  # the id a `restore` on its way keeps
        self.inflight = 0  # requests on their way to the engine
        self.undoing = False  # an undo back to a person's decision is going on
        self.last_input = "pointer"  # "pointer" or "keyboard": how the person acts
        self.cursor: str | None = None  # the board's keyboard cursor (a cell)
        self.announced_turn: str | None = None  # the turn screen readers last heard
        self.dismissed_result: int | None = None  # the ply whose result box was closed
        # Virus Fight's privacy screens: the seat whose program may show, the seat the
        # "pass the device" screen asks for.
        self.unlocked_seat: int | None = None
        self.handover_seat: int | None = None
        # Computer players: one pending decision at a time; the epoch changes with every new
        # game, undo or pause, so a decision planned for the old situation is dropped.
        self.waiting = False  # a decision is scheduled (the pause before it)
        self.asking = False  # a `bot` request is on its way
        self.epoch = 0
        self.halted = False  # a bot request failed: wait for the player
        self.paused = False  # the pause button: no computer decision until resumed
        self.thinking: dict[str, Any] | None = None  # the latest progress of a search
        self.thinking_replies = 0  # how many "still thinking" replies came
        # The hint on view ({key, actions}; key = the game and ply it belongs to).
        self.hint: dict[str, Any] | None = None
        self.hint_epoch = 0
        self.hint_busy = False
        self.early_clicks: list[str] = []  # board clicks made before the first view
        # A game by link: this device's record of it (glue.correspondence: "seat", "base",
        # "sent", ...), None for a game played here only.
        self.remote: dict[str, Any] | None = None
        self.next_remote: dict[str, Any] | None = None  # the record a `restore` on its way plays


# ---- seats ----------------------------------------------------------------------------------


def is_bot_seat(view: "View | None", seat: "Any") -> bool:
    seats = (view.get("seats") or []) if view is not None else []
    return type(seat) is int and 0 <= seat < len(seats) and seats[seat] != HUMAN


def bot_to_move(view: "View | None") -> bool:
    """Whether a computer player decides now."""
    return (
        view is not None
        and not view.get("result")
        and view.get("to_move") is not None
        and is_bot_seat(view, view.get("to_move"))
    )


def forced_action(view: "View | None") -> "str | None":
    """The action a person's seat must make now, which the page makes by itself (the view's
    ``forced``: Virus War's pass with nothing in reach), or None."""
    if view is None or view.get("result") or view.get("to_move") is None:
        return None
    if is_bot_seat(view, view.get("to_move")):
        return None  # the computer decides it, as any other
    if view.get("can_redo"):
        return None  # a game stepped back through: redo (or the Pass button) goes on
    action = view.get("forced")
    return action if isinstance(action, str) and action else None


def human_seats(view: "View | None") -> "list[int]":
    if view is None:
        return []
    seats = view.get("seats") or []
    players = len(view.get("scores") or []) or len(seats)
    return [seat for seat in range(min(players, len(seats))) if seats[seat] == HUMAN]


def human_to_move(state: PageState) -> bool:
    """Whether a person decides now on the board (a hint may be asked for)."""
    view = state.view
    return (
        view is not None
        and not view.get("result")
        and not view.get("setup")
        and view.get("to_move") is not None
        and not is_bot_seat(view, view.get("to_move"))
        and state.handover_seat is None
        and not remote_waits(state)
    )


def remote_waits(state: PageState) -> bool:
    """Whether a game by link waits for another player's move (sent by link), or for the
    other programs once this device's is sealed: this device decides nothing on the board now."""
    view = state.view
    remote = state.remote
    if remote is None or view is None or view.get("result"):
        return False
    if view.get("setup"):
        return remote.get("secret") is not None
    return view.get("to_move") is not None and view.get("to_move") != remote.get("seat")


def player_name(remote: "dict[str, Any]", seat: "Any") -> "Any":
    """The name of ``seat`` in a game by link (``remote``: this device's record of it): the name
    its player gave, else a translation request for "Player 2" (seats counted from 1)."""
    names = remote.get("names") or []
    if type(seat) is int and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return {"key": "link.player", "params": {"number": seat + 1 if type(seat) is int else 0}}


def may_decide(state: PageState) -> bool:
    """Whether the decision buttons (a pass, a choice, a proposal) act now: not while a
    computer decides, nor while a game by link waits for another player."""
    return not bot_to_move(state.view) and not remote_waits(state)


def scores_shown(state: PageState) -> "list[Any]":
    """The score panel's lines: the view's, except while a game by link's programs are
    written, one device each (the engine holds only this device's program, and stand-ins for
    the seats before it): then each seat's line says whether its program is sealed yet."""
    view = state.view
    scores = list((view.get("scores") or []) if view is not None else [])
    remote = state.remote
    if remote is None or view is None or not view.get("setup"):
        return scores
    commits = remote.get("commits") or []
    players = view.get("players") or []
    shown: list[Any] = []
    for score in scores:
        seat = score.get("player")
        if type(seat) is int and 0 <= seat < min(len(commits), len(players)):
            key = "link.score.sealed" if commits[seat] else "link.score.writing"
            label = {"key": key, "params": {"player": players[seat]}}
            shown.append({"player": seat, "label": label})
        else:
            shown.append(score)
    return shown


def refusal(state: PageState, request: "Request") -> "Message | None":
    """Why the page must not send ``request`` now (a translation request), or None: the one
    decision every request of the page passes before it reaches the engine
    (``glue.game``'s ``GamePage.request``), whatever made it: a click, a button, a key, a
    part of the page or the test hook.

    A game by link is played on this device for its own seat only (``state.remote``): a request
    that acts while another player is to act, or while this device's program waits sealed, is
    refused naming whose turn it is, and during a program's setup nothing but the sealed
    program may act (the program builder seals it here). Undo, and ``seek`` back, only over
    this device's own actions not yet sent (:func:`undo_allowed`); ``seek`` forward like
    ``redo``; resigning never (a link carries actions only). Requests that only look
    (:data:`READING`) or put another game on the page (:data:`REPLACING`) always pass, and so
    does everything in a game played on this device only."""
    remote = state.remote
    view = state.view
    op = request.get("op")
    if remote is None or view is None or op in READING or op in REPLACING:
        return None
    if op == "resign":
        return {"key": "link.no-resign", "params": {}}
    current = view.get("ply_count", 0)
    ply = request.get("ply") if op == "seek" else None
    back = isinstance(ply, int) and ply < current
    if op == "undo" or back:
        base = remote.get("base")
        floor = base if type(base) is int else current
        allowed = undo_allowed(state) and (not isinstance(ply, int) or ply >= floor)
        return None if allowed else {"key": "link.no-undo", "params": {}}
    if op == "seek" and ply == current:
        return None
    if remote_waits(state):
        if view.get("setup"):
            return {"key": "link.programs-wait", "params": {}}
        name = player_name(remote, view.get("to_move"))
        return {"key": "link.not-your-move", "params": {"name": name}}
    if view.get("setup"):
        return {"key": "link.program-write", "params": {}}
    return None


def refused_reply(reason: "Message") -> "dict[str, Any]":
    """The reply that stands for a request the page refused (:func:`refusal`): a failure whose
    text is ``reason``; the game is unchanged, so it carries no view."""
    error = {"code": REFUSED, "message": "refused on this device", "params": {"reason": reason}}
    return {"ok": False, "error": error}


def review_offered(state: PageState) -> bool:
    """Whether the page offers the computer's review of its game: a game of two or more seats
    with a move played, over or opened from a record or a shared link, its secrets out, not a
    game by link still going on, not a blog widget."""
    view = state.view
    if view is None or state.embedded or view.get("setup"):
        return False
    if len(view.get("seats") or []) < 2 or not view.get("ply_count"):
        return False
    if view.get("result"):
        return True
    return state.remote is None and state.loaded_generation == state.generation


def undo_allowed(state: PageState) -> bool:
    """Whether undo may go back one more action: in a game by link, only this device's own
    actions since the last link came in, and only before they are sent."""
    view = state.view
    if view is None or not view.get("can_undo"):
        return False
    remote = state.remote
    if remote is None:
        return True
    base = remote.get("base")
    return not remote.get("sent") and type(base) is int and view.get("ply_count", 0) > base


# ---- requests and replies -------------------------------------------------------------------


def begin_request(state: PageState, op: str) -> "int | None":
    """A request is about to go. A change to the game drops the computer's search and the
    hint in progress; another game brings the privacy screen back. Returns the seat unlocked
    before, which a refused new game gives back (:func:`take_reply`)."""
    unlocked = state.unlocked_seat
    if op in ("new", "load"):
        state.unlocked_seat = None
    if changes_game(op):
        stop_computer(state)
        drop_hint(state)
    return unlocked


def changes_game(op: str) -> bool:
    """Whether a request changes the game on the page (so a replay on view goes back to it)."""
    return op not in ("view", "flip")


class Taken:
    """What taking in a reply asks of the page."""

    def __init__(self) -> None:
        self.new_game = False  # another game is on the page: options, secrets, saved slot
        self.claim: str | None = None  # the saved game this tab now writes
        self.save = False  # write the view to the tab's saved game
        self.render = False  # draw the view
        self.ended = False  # this reply ended the game
        self.refused = False  # the engine refused the request (or said so in its message)


def take_reply(
    state: PageState,
    op: str,
    reply: "dict[str, Any]",
    unlocked: "int | None",
    fresh_slot: "Callable[[], str]",
    has_text: "Callable[[str], bool]",
) -> Taken:
    """Takes in the reply to ``op``: the view, the message, and after a new or loaded game the
    page's per-game state. ``fresh_slot`` makes the id a new game is saved under (called only
    for one); ``has_text`` tells whether the site has a translation for a key."""
    taken = Taken()
    replacing = op in REPLACING
    view = reply.get("view")
    before = state.view
    taken.ended = bool(view) and not replacing and not (before is not None and before.get("result"))
    if view:
        state.view = view
    if replacing and reply.get("ok"):
        state.slot = state.next_slot if op == "restore" else fresh_slot()
        state.remote = state.next_remote if op == "restore" else None
        state.next_remote = None
        taken.claim = state.slot
        taken.new_game = True
        state.generation += 1
        state.loaded_generation = state.generation if op == "load" else None
    elif replacing and state.unlocked_seat is None:
        state.unlocked_seat = unlocked  # refused: the old game stays
    if reply.get("ok"):
        state.message = reply.get("message") or None
    else:
        failure = error_message(reply.get("error") or {}, has_text)
        failure["level"] = "error"
        state.message = failure
    taken.save = bool(view) and state.slot is not None
    taken.render = state.view is not None
    message = state.message
    taken.refused = not reply.get("ok") or (message is not None and message.get("level") == "error")
    taken.ended = taken.ended and state.view is not None and bool(state.view.get("result"))
    return taken


def error_message(error: "dict[str, Any]", has_text: "Callable[[str], bool]") -> "Message":
    """A translation request for an engine error: its own text where the site has one, else
    the engine's English message inside a generic sentence."""
    code = str(error.get("code", "internal"))
    key = "error." + code
    if has_text(key):
        return {"key": key, "params": error.get("params") or {}}
    family = "error.record.generic" if code.startswith("record.") else "error.generic"
    return {"key": family, "params": {"message": error.get("message") or code}}


def worker_failure() -> "dict[str, Any]":
    """The reply that stands for a request the worker itself failed to answer."""
    return {"ok": False, "error": {"code": "internal", "params": {}}}


def undo_again(state: PageState, reply: "dict[str, Any]") -> bool:
    """After an undo: with computer players, undo on back to the last decision a person made
    (undoing only the computer's decision would let it play the same again at once)."""
    view = state.view
    return (
        bool(reply.get("ok"))
        and view is not None
        and bool(view.get("can_undo"))
        and bot_to_move(view)
        and bool(human_seats(view))
    )


def undo_request(state: PageState) -> "UndoRequest":
    """The `undo` request: in a game by link, never back past the actions that came in."""
    request: UndoRequest = {"op": "undo"}
    base = state.remote.get("base") if state.remote is not None else None
    if type(base) is int:
        request["floor"] = base
    return request


def replay_target(view: "View", where: str) -> "int | None":
    """The ply a replay button (``first``, ``prev``, ``next``, ``last``) goes to, or None where
    it cannot go."""
    current = view["ply_count"]
    total = current + len((view.get("saved") or {}).get("redo") or [])
    targets = {"first": 0, "prev": current - 1, "next": current + 1, "last": total}
    ply = targets.get(where)
    if ply is None or ply < 0 or ply > total or ply == current:
        return None
    return ply


def took_back(state: PageState, saved_key: str, key: str, new_value: "str | None") -> bool:
    """Another tab saved over this tab's game (``key`` changed to ``new_value``; this tab's
    game is saved under ``saved_key``): whether this tab's game must go on under a new id."""
    view = state.view
    if state.slot is None or view is None or not view.get("saved"):
        return False
    return key == saved_key and new_value is not None


def moved_on(state: PageState, document_text: "str | None") -> bool:
    """Whether the match document another tab saved for this tab's game (JSON text) holds
    more actions than the game on view: a game by link that tab took further."""
    view = state.view
    try:
        document = json.loads(document_text or "")
        actions = document["state"]["actions"]
    except Exception:  # not a match document
        return False
    return (
        view is not None and isinstance(actions, list) and len(actions) > view.get("ply_count", 0)
    )


# ---- clicks ---------------------------------------------------------------------------------


def click_decision(state: PageState, viewing: bool, program_shown: bool) -> str:
    """What a click (or Enter) on a board cell does: nothing without a game, in a replay
    widget or while a computer decides; while an earlier position is viewed the viewing bar's
    text is said; during a secret setup the program builder (``program_shown``) picks the cell;
    otherwise the shape placer or the engine decides."""
    view = state.view
    if view is None or state.replay:
        return CLICK_IGNORED
    if viewing:
        return CLICK_VIEWING
    if view.get("setup"):
        return CLICK_PROGRAM if program_shown else CLICK_IGNORED
    if bot_to_move(view):
        return CLICK_IGNORED
    if remote_waits(state):
        return CLICK_REMOTE
    return CLICK_ENGINE


def token_clickable(state: PageState, viewing: bool) -> bool:
    """Whether a click token (a die beside the board, a choice button) goes to the engine."""
    return (
        state.view is not None
        and not bot_to_move(state.view)
        and not viewing
        and not remote_waits(state)
    )


# ---- the computer's turn and hints ----------------------------------------------------------


def stop_computer(state: PageState) -> None:
    """Drops the computer's pending decision (its search's progress too)."""
    state.epoch += 1
    state.waiting = False
    state.halted = False
    if state.thinking is not None and state.thinking.get("purpose") == "bot":
        state.thinking = None


def schedule_bot(state: PageState) -> bool:
    """After every reply: whether a computer player's decision is to be asked for now (after
    a short pause). Never two at once; a failed request halts the loop until the next game or
    undo; the pause button holds it. True: the decision is now waiting."""
    if state.waiting or state.asking or state.halted or state.undoing or state.paused:
        return False
    if not bot_to_move(state.view) and (state.replay or forced_action(state.view) is None):
        return False
    state.waiting = True
    return True


def bot_request(state: PageState, epoch: int) -> "ThinkRequest | PlayRequest | None":
    """The request to send for the decision planned in ``epoch``: the computer's `bot`, or
    the `play` of a person's forced action (:func:`forced_action`, only where this page may
    act for that seat: :func:`refusal`); None where the situation changed (another request
    on its way: its reply schedules again)."""
    if epoch != state.epoch or state.inflight > 0 or state.paused:
        return None
    if bot_to_move(state.view):
        return {"op": "bot", "slice_ms": SLICE_MS}
    forced = None if state.replay else forced_action(state.view)
    if forced is None:
        return None
    play: PlayRequest = {"op": "play", "action": forced}
    return play if refusal(state, play) is None else None


def take_thinking(state: PageState, reply: "dict[str, Any]") -> None:
    """A "still thinking" reply: its progress is shown."""
    state.thinking_replies += 1
    state.thinking = dict(reply["thinking"])


def bot_decided(state: PageState, epoch: int, reply: "dict[str, Any] | None") -> bool:
    """The `bot` requests of ``epoch`` ended with ``reply``: whether it is taken in as the
    computer's decision (a failed one halts the loop)."""
    if epoch != state.epoch or reply is None or reply.get("thinking"):
        return False
    state.thinking = None
    drop_hint(state)
    if not reply.get("ok"):
        state.halted = True
    return True


def toggle_pause(state: PageState) -> None:
    state.paused = not state.paused
    if state.paused:
        state.epoch += 1
        state.waiting = False


def hint_key(state: PageState) -> str:
    ply = state.view["ply_count"] if state.view is not None else None
    return str(state.generation) + ":" + str(ply)


def current_hint(state: PageState) -> "dict[str, Any] | None":
    """The hint on view, if it belongs to the position on the board."""
    hint = state.hint
    return hint if hint is not None and hint["key"] == hint_key(state) else None


def drop_hint(state: PageState) -> None:
    state.hint_epoch += 1
    state.hint_busy = False
    if state.thinking is not None and state.thinking.get("purpose") == "hint":
        state.thinking = None
    state.hint = None


def start_hint(state: PageState) -> "int | None":
    """A person asks for a hint: the epoch of its requests, or None where none can be given
    now (a computer to move, a hint already on its way)."""
    view = state.view
    if view is None or not human_to_move(state) or state.hint_busy:
        return None
    state.hint_epoch += 1
    state.hint_busy = True
    state.thinking = {"purpose": "hint", "seat": view["to_move"], "progress": 0}
    return state.hint_epoch


def hint_done(state: PageState, key: str, reply: "dict[str, Any]") -> None:
    """The hint's search ended with ``reply`` (for the position ``key``)."""
    state.hint_busy = False
    state.thinking = None
    hint = reply.get("hint") if reply.get("ok") else None
    state.hint = {"key": key, "actions": hint["actions"]} if hint else None


def hinting(state: PageState) -> bool:
    """Whether the thinking line shows the hint's search (else the computer's)."""
    thinking = state.thinking
    return thinking is not None and thinking.get("purpose") == "hint" and state.hint_busy


def thinking_progress(state: PageState) -> float:
    """How far the search on view got, 0 to 1 (a computer's: only the seat to move's)."""
    thinking = state.thinking
    if thinking is None:
        return 0
    to_move = state.view["to_move"] if state.view is not None else None
    if hinting(state) or thinking.get("seat") == to_move:
        return float(thinking.get("progress") or 0)
    return 0
