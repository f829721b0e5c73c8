"""Games by link between devices: what a device keeps and what it does with a link (pure).

Every device that plays a game by link keeps a *record* of it (the page stores it as JSON under
``virus-games.link.<id>``; :func:`clean_record` checks what is read back)::

    {"id": game id (the links' "i"), "game": "zebra" | "virus-war" | "virus-fight",
     "seat": this device's seat, "names": [name per seat, "" when unknown],
     "options": engine options, "actions": [what this device last had in sync: the actions
     received in the last link or sent in its own], "sent": True when nothing of this device
     waits to go out, "base": the action count when the last link came in or went out (undo
     stops there), "updated": ms of the last link, "commits": [per seat: 64 hex or ""],
     "reveals": [per seat: {"p", "k"} or None], "secret": {"p": my program, "k": its salt}
     or None}

``commits``, ``reveals`` and ``secret`` matter in Virus Fight only (elsewhere they stay empty).
Its programs are secret: each seat commits (glue.commitment) in turn, and reveals only once
every seat has committed; the moves (``actions``) come after, the programs being replayed first
(:func:`programs`). A link never carries a program before then (:func:`outgoing`).

Opening a link (:func:`open_link`) compares the link's actions with the record's: the link
may carry news (``update``), be behind (``older``: the record is kept), say nothing new
(``same``), or disagree about the past (``differs``: someone rewrote it). A link contradicting
what this device saw is ``refused``, with a translation request saying why: other game options
(``link.error.options``), a commitment changed (``link.error.commitment``), a reveal that does
not match its commitment (``link.error.reveal``) or one sent before every seat committed
(``link.error.early-reveal``), a commitment for the seat a new game gives this device
(``link.error.not-your-program``: only this device commits for it); ``player`` is the seat's
number (from 1). A link addressed to another seat is never refused for that (three players pass
links around). Once the engine has said which seat made each of the link's actions (its
``actors`` request), :func:`foreign_action` refuses a link whose new actions hold one for this
device's seat that this device never made (``link.error.not-yours``, naming it); the other
seats' actions are relayed freely.

>>> record = new_record("lgame", "zebra", 0, ["Ana", ""], {"size": 4}, 1000)
>>> payload, record = outgoing(record, ["c2-d2"], 1, 2000)
>>> payload["f"], record["sent"]
(1, True)
>>> decision = open_link(None, payload, "Bea")
>>> decision["kind"], decision["record"]["seat"], decision["record"]["names"]
('new', 1, ['Ana', 'Bea'])
"""

from glue.commitment import commit, matches
from glue.game_link import (
    GAMES,
    MAX_NAME,
    MAX_PROGRAM,
    SECRET_GAME,
    clean_actions,
    clean_commits,
    clean_names,
    clean_options,
    clean_reveal,
    clean_reveals,
    is_int,
    is_printable,
    seat_count,
)
from glue.page_state import player_name
from glue.saved import valid_id

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

STORAGE_PREFIX = "virus-games.link."  # + the game's id: where the page keeps a record


# ---- records ---------------------------------------------------------------------------------


def new_record(
    game_id: str,
    game: str,
    seat: int,
    names: "list[str]",
    options: "dict[str, Any]",
    now_ms: int,
) -> "dict[str, Any]":
    """The record of a game by link this device starts, playing ``seat``."""
    seats = len(names)
    return {
        "id": game_id,
        "game": game,
        "seat": seat,
        "names": list(names),
        "options": dict(options),
        "actions": [],
        "sent": False,
        "base": 0,
        "updated": now_ms,
        "commits": [""] * seats,
        "reveals": [None] * seats,
        "secret": None,
    }


def copy_record(record: "dict[str, Any]") -> "dict[str, Any]":
    """A copy of ``record`` whose lists and dicts may be changed."""
    copy = dict(record)
    for key in ("names", "actions", "commits", "reveals"):
        copy[key] = list(record[key])
    copy["options"] = dict(record["options"])
    return copy


def clean_record(raw: "Any") -> "dict[str, Any] | None":
    """The record ``raw`` (read back from storage) rebuilt from its checked fields, or None
    when a field that matters is damaged. A damaged ``base`` reads as no undo, a damaged time
    as 0."""
    if not isinstance(raw, dict):
        return None
    game = raw.get("game")
    options = clean_options(raw.get("options"))
    names = clean_names(raw.get("names"))
    actions = clean_actions(raw.get("actions"))
    if (
        not valid_id(raw.get("id"))
        or game not in GAMES
        or options is None
        or names is None
        or actions is None
        or len(names) != seat_count(game, options)
        or not is_int(raw.get("seat"), 0, len(names) - 1)
    ):
        return None
    seats = len(names)
    commits: list[str] | None = [""] * seats
    reveals: list[dict[str, str] | None] | None = [None] * seats
    secret = None
    if game == SECRET_GAME:
        commits = clean_commits(raw.get("commits"), seats)
        reveals = clean_reveals(raw.get("reveals"), seats)
        secret = raw.get("secret")
        if secret is not None:
            secret = clean_reveal(secret)
            if secret is None:
                return None
        if commits is None or reveals is None:
            return None
    base = raw.get("base")
    updated = raw.get("updated")
    return {
        "id": raw["id"],
        "game": game,
        "seat": raw["seat"],
        "names": names,
        "options": options,
        "actions": actions,
        "sent": raw.get("sent") is True,
        "base": base if is_int(base, 0, len(actions)) else len(actions),
        "updated": int(updated) if isinstance(updated, (int, float)) and updated >= 0 else 0,
        "commits": commits,
        "reveals": reveals,
        "secret": secret,
    }


# ---- links coming in -----------------------------------------------------------------------


def compare(mine: "list[str]", theirs: "list[str]") -> "tuple[str, int]":
    """How action list ``theirs`` relates to ``mine``: ``("same", 0)``, ``("newer", n)``
    (theirs is mine and ``n`` more), ``("older", n)`` (theirs lacks mine's last ``n``) or
    ``("differs", k)`` (``k``: the first index where they disagree)."""
    common = min(len(mine), len(theirs))
    for index in range(common):
        if mine[index] != theirs[index]:
            return ("differs", index)
    if len(theirs) > len(mine):
        return ("newer", len(theirs) - len(mine))
    if len(theirs) < len(mine):
        return ("older", len(mine) - len(theirs))
    return ("same", 0)


def _my_name(name: "Any") -> str:
    """``name`` cut to a name's length, or "" when it is no name a link may carry."""
    name = name[:MAX_NAME] if isinstance(name, str) else ""
    return name if is_printable(name, 0, MAX_NAME) else ""


def _reason(key: str, seat: "int | None" = None) -> "dict[str, Any]":
    return {"key": key, "params": {} if seat is None else {"player": seat + 1}}


def _refused(record: "dict[str, Any] | None", reason: "dict[str, Any]") -> "dict[str, Any]":
    return {"kind": "refused", "reason": reason, "record": record}


def _same_options(mine: "dict[str, Any]", theirs: "dict[str, Any]") -> bool:
    """Whether two option sets are equal, types included (True is not 1)."""
    if len(mine) != len(theirs):
        return False
    for name in mine:
        if name not in theirs:
            return False
        if type(mine[name]) is not type(theirs[name]) or mine[name] != theirs[name]:
            return False
    return True


def _merge_secrets(
    game_id: str,
    record: "dict[str, Any] | None",
    payload: "dict[str, Any]",
) -> "tuple[list[str], list[Any], dict[str, Any] | None]":
    """The commitments and reveals known after ``payload`` (a Virus Fight link) comes to a
    device holding ``record`` (None: none yet, the link's seat becomes this device's), and the
    reason to refuse it (or None). This device's own commitment comes from itself only."""
    their_commits = payload["c"]
    their_reveals = payload["r"]
    seats = len(their_commits)
    known_commits = [""] * seats if record is None else record["commits"]
    known_reveals = [None] * seats if record is None else record["reveals"]
    commits = list(known_commits)
    reveals = list(known_reveals)
    if "" in their_commits:
        for seat in range(seats):
            if their_reveals[seat] is not None:
                return commits, reveals, _reason("link.error.early-reveal", seat)
    for seat in range(seats):
        known = known_commits[seat]
        theirs = their_commits[seat]
        if theirs and known != theirs:
            # a commitment never changes; mine is known only from my own record
            if known or (record is not None and seat == record["seat"]):
                return commits, reveals, _reason("link.error.commitment", seat)
            commits[seat] = theirs
    for seat in range(seats):
        reveal = their_reveals[seat]
        if reveal is None:
            continue
        if not matches(commits[seat], game_id, seat, reveal):
            return commits, reveals, _reason("link.error.reveal", seat)
        if reveals[seat] is None:
            reveals[seat] = {"p": reveal["p"], "k": reveal["k"]}
    if record is None and their_commits[payload["f"]]:  # the seat it gives this device
        return commits, reveals, _reason("link.error.not-your-program", payload["f"])
    return commits, reveals, None


def _pending(record: "dict[str, Any]", payload: "dict[str, Any]") -> bool:
    """Whether ``record`` holds a commitment or reveal of its own seat ``payload`` lacks."""
    if record["game"] != SECRET_GAME:
        return False
    seat = record["seat"]
    if record["commits"][seat] and not payload["c"][seat]:
        return True
    return record["reveals"][seat] is not None and payload["r"][seat] is None


def open_link(
    record: "dict[str, Any] | None", payload: "dict[str, Any]", my_name: str
) -> "dict[str, Any]":
    """What this device does with link ``payload`` (decoded by glue.game_link) of a game it
    holds as ``record`` (None: a game new here), ``my_name`` being this device's player.

    Returns ``{"kind", "record", "for_me", ...}``: ``record`` is what to keep from now on
    (unchanged unless the kind is ``new`` or ``update``; None when a new game is refused);
    ``for_me``: whether the link is addressed to this device's seat. Kinds: ``new``,
    ``update``, ``same``, ``older`` (with ``behind``: how many actions the link lacks),
    ``differs`` (with ``at``, the first differing index, and ``mine`` and ``theirs``, the
    actions there or None) and ``refused`` (with ``reason``, a translation request)."""
    secret_game = payload["g"] == SECRET_GAME
    if record is None:
        commits: list[str] = [""] * len(payload["n"])
        reveals: list[Any] = [None] * len(payload["n"])
        if secret_game:
            commits, reveals, reason = _merge_secrets(payload["i"], None, payload)
            if reason is not None:
                return _refused(None, reason)
        seat = payload["f"]
        names = list(payload["n"])
        if not names[seat]:
            names[seat] = _my_name(my_name)
        fresh = {
            "id": payload["i"],
            "game": payload["g"],
            "seat": seat,
            "names": names,
            "options": dict(payload["o"]),
            "actions": list(payload["a"]),
            "sent": False,
            "base": len(payload["a"]),
            "updated": payload["t"],
            "commits": commits,
            "reveals": reveals,
            "secret": None,
        }
        return {"kind": "new", "record": fresh, "for_me": True}
    seat = record["seat"]
    for_me = payload["f"] == seat
    if (
        payload["g"] != record["game"]
        or not _same_options(record["options"], payload["o"])
        or len(payload["n"]) != len(record["names"])
    ):
        return _refused(record, _reason("link.error.options"))
    commits = record["commits"]
    reveals = record["reveals"]
    if secret_game:
        commits, reveals, reason = _merge_secrets(record["id"], record, payload)
        if reason is not None:
            return _refused(record, reason)
    relation, count = compare(record["actions"], payload["a"])
    if relation == "differs":
        mine = record["actions"]
        theirs = payload["a"]
        return {
            "kind": "differs",
            "at": count,
            "mine": mine[count] if count < len(mine) else None,
            "theirs": theirs[count] if count < len(theirs) else None,
            "record": record,
            "for_me": for_me,
        }
    if relation == "older":
        return {"kind": "older", "behind": count, "record": record, "for_me": for_me}
    names = list(record["names"])
    for index in range(len(names)):
        theirs_name = payload["n"][index]
        if index == seat:
            if not names[index]:
                names[index] = theirs_name or _my_name(my_name)
        elif theirs_name:
            names[index] = theirs_name
    news = (
        relation == "newer"
        or names != record["names"]
        or commits != record["commits"]
        or reveals != record["reveals"]
    )
    if not news:
        return {"kind": "same", "record": record, "for_me": for_me}
    updated = copy_record(record)
    updated["names"] = names
    updated["commits"] = list(commits)
    updated["reveals"] = list(reveals)
    updated["actions"] = list(payload["a"])
    updated["base"] = len(payload["a"])
    updated["sent"] = not for_me and not _pending(record, payload)
    updated["updated"] = max(record["updated"], payload["t"])
    return {"kind": "update", "record": updated, "for_me": for_me}


def foreign_action(
    decision: "dict[str, Any]",
    kept: "dict[str, Any] | None",
    played: "list[str]",
    actors: "list[int] | None",
) -> "dict[str, Any]":
    """``decision`` (:func:`open_link`'s, for a device holding ``kept``) refused when the
    link's new actions hold one for this device's seat that this device never made: one
    beyond the actions it last had in sync that its own game (``played``: the actions of the
    game kept here, moves only) does not hold there. Actions for the other seats are not
    looked at, since a link passes through several devices on its way. ``actors``: the seat
    that made each of the link's actions, as the engine replayed them (None: unknown, the
    link is refused as not a game). Other decisions come back unchanged.

    >>> kept = new_record("lgame", "zebra", 0, ["Ana", "Bea"], {"size": 4}, 1000)
    >>> payload, kept = outgoing(kept, ["c2-d2"], 1, 2000)
    >>> payload["a"] = ["c2-d2", "a1-b1", "d2-d1"]  # Bea's move, then one for Ana
    >>> decision = open_link(kept, payload, "Ana")
    >>> foreign_action(decision, kept, ["c2-d2"], [0, 1, 0])["reason"]
    {'key': 'link.error.not-yours', 'params': {'number': 3, 'action': 'd2-d1'}}
    >>> foreign_action(decision, kept, ["c2-d2"], [0, 1, 1])["kind"]
    'update'
    """
    if decision["kind"] not in ("new", "update"):
        return decision
    fresh = decision["record"]
    actions = fresh["actions"]
    if actors is None or len(actors) != len(actions):
        return _refused(kept, _reason("link.error.format"))
    known = len(kept["actions"]) if kept is not None else 0
    seat = fresh["seat"]
    for index in range(known, len(actions)):
        if actors[index] == seat and played[: index + 1] != actions[: index + 1]:
            params = {"number": index + 1, "action": actions[index]}
            return _refused(kept, {"key": "link.error.not-yours", "params": params})
    return decision


# ---- playing and sending ---------------------------------------------------------------------


def may_move(record: "dict[str, Any]", to_move: "int | None") -> bool:
    """Whether this device may play for the seat ``to_move`` (only its own)."""
    return to_move is not None and to_move == record["seat"]


def undo_floor(record: "dict[str, Any]") -> int:
    """The action count undo must not go below: everything sent stays, and so does
    everything that came in (only this device's own unsent moves may be taken back)."""
    return len(record["actions"]) if record["sent"] else record["base"]


def _next_seat(record: "dict[str, Any]", missing: "list[Any]", empty: "Any") -> int:
    """The first seat after this device's (in turn) whose entry in ``missing`` is ``empty``,
    else the seat after this device's."""
    seats = len(record["names"])
    for step in range(1, seats + 1):
        seat = (record["seat"] + step) % seats
        if missing[seat] == empty and seat != record["seat"]:
            return seat
    return (record["seat"] + 1) % seats


def link_target(record: "dict[str, Any]", to_move: "int | None") -> int:
    """The seat this device's next link goes to (:func:`outgoing`), ``to_move`` being the seat
    to act (None: the game is over)."""
    seats = len(record["names"])
    phase = program_phase(record)
    if phase == "commit":
        return _next_seat(record, record["commits"], "")
    if phase == "reveal":
        return _next_seat(record, record["reveals"], None)
    if to_move is not None and 0 <= to_move < seats:
        return to_move
    return (record["seat"] + 1) % seats


def is_invitation(record: "dict[str, Any]", played: int) -> bool:
    """Whether this device's next link is the invitation to a game nobody has moved in yet
    (``played``: the moves on this device), which the player to move first gets: a game
    without programs that this device started with another seat to move."""
    return record["game"] != SECRET_GAME and played == 0 and not record["actions"]


def outgoing(
    record: "dict[str, Any]", actions: "list[str]", to_move: "int | None", now_ms: int
) -> "tuple[dict[str, Any], dict[str, Any]]":
    """The payload to send after this device played up to ``actions`` (``to_move``: the seat
    to move next, None when the game is over), and the record once it is sent.

    The link goes to ``to_move``, or when the game is over to the seat after this one; while
    Virus Fight's programs are being committed, to the next seat that has not committed yet,
    and while they are being revealed, to the next seat that has not revealed yet. A reveal
    goes out only once every seat has committed."""
    seats = len(record["names"])
    target = link_target(record, to_move)
    payload: dict[str, Any] = {
        "g": record["game"],
        "i": record["id"],
        "o": dict(record["options"]),
        "a": list(actions),
        "n": list(record["names"]),
        "f": target,
        "s": record["seat"],
        "t": now_ms,
    }
    if record["game"] == SECRET_GAME:
        payload["c"] = list(record["commits"])
        if "" in record["commits"]:
            payload["r"] = [None] * seats
        else:
            payload["r"] = [None if item is None else dict(item) for item in record["reveals"]]
    sent = copy_record(record)
    sent["actions"] = list(actions)
    sent["base"] = len(actions)
    sent["sent"] = True
    sent["updated"] = now_ms
    return payload, sent


def _waiting(record: "dict[str, Any]", seat: int) -> "dict[str, Any]":
    return {
        "key": "link.status.waiting",
        "params": {"name": player_name(record, seat), "seat": seat + 1},
    }


def status(
    record: "dict[str, Any]", to_move: "int | None", over: bool, played: "int | None" = None
) -> "dict[str, Any]":
    """The home page's line for game ``record`` (a translation request): ``your-move``,
    ``send`` (this device moved but has not sent it), ``invite`` (the invitation of a game
    nobody moved in, :func:`is_invitation`, is not sent), ``waiting`` (for ``name``, the player's
    name or "Player 2", glue.page_state's ``player_name``; ``seat``: the seat's number) or
    ``over``, under ``link.status.``. ``played``: the live game's action count when known
    (moves beyond the record's are unsent), else the record's ``sent`` says whether something
    waits to go out."""
    if over:
        return {"key": "link.status.over", "params": {}}
    seat = record["seat"]
    phase = program_phase(record)
    if phase != "play":
        missing = record["commits"] if phase == "commit" else record["reveals"]
        empty = "" if phase == "commit" else None
        if missing[seat] == empty:
            return {"key": "link.status.your-move", "params": {}}
        if not record["sent"]:
            return {"key": "link.status.send", "params": {}}
        return _waiting(record, _next_seat(record, missing, empty))
    if to_move == seat:
        return {"key": "link.status.your-move", "params": {}}
    unsent = not record["sent"] if played is None else played > len(record["actions"])
    invite = played == 0 and not record["sent"] and is_invitation(record, 0)
    if unsent or invite:
        return {"key": "link.status.invite" if invite else "link.status.send", "params": {}}
    if to_move is None or not 0 <= to_move < len(record["names"]):
        return _waiting(record, (seat + 1) % len(record["names"]))
    return _waiting(record, to_move)


# ---- Virus Fight's programs by commitment ----------------------------------------------------


def program_phase(record: "dict[str, Any]") -> str:
    """``commit`` while a seat has not committed to its program, ``reveal`` while a program
    is not revealed, else ``play`` (always ``play`` in games without programs)."""
    if record["game"] != SECRET_GAME:
        return "play"
    if "" in record["commits"]:
        return "commit"
    if None in record["reveals"]:
        return "reveal"
    return "play"


def commit_mine(record: "dict[str, Any]", program: str, salt: str) -> "dict[str, Any]":
    """The record once this device commits to ``program`` with ``salt`` (glue.commitment's
    new_salt); when that is the last commitment, its reveal too (everyone is committed, so
    revealing cannot help anyone choose). ValueError for a wrong program or salt, or when a
    different program is committed already."""
    secret = clean_reveal({"p": program, "k": salt})
    if record["game"] != SECRET_GAME or secret is None or not is_printable(program, 1, MAX_PROGRAM):
        raise ValueError("not a program to commit")
    seat = record["seat"]
    commitment = commit(record["id"], seat, salt, program)
    if record["commits"][seat] and record["commits"][seat] != commitment:
        raise ValueError("committed already")
    updated = copy_record(record)
    updated["commits"][seat] = commitment
    updated["secret"] = secret
    updated["sent"] = False
    if "" not in updated["commits"]:
        updated["reveals"][seat] = dict(secret)
    return updated


def reveal_mine(record: "dict[str, Any]") -> "dict[str, Any]":
    """The record with this device's reveal added; ValueError unless every seat has committed
    and this device holds the secret of its commitment."""
    seat = record["seat"]
    secret = record.get("secret")
    if program_phase(record) == "commit" or secret is None:
        raise ValueError("not time to reveal")
    if not matches(record["commits"][seat], record["id"], seat, secret):
        raise ValueError("not this seat's secret")
    if record["reveals"][seat] is not None:
        return record
    updated = copy_record(record)
    updated["reveals"][seat] = dict(secret)
    updated["sent"] = False
    return updated


def programs(record: "dict[str, Any]") -> "list[str] | None":
    """Every seat's program in seat order once all are revealed and match their commitments
    (the setup actions to replay before ``actions``), else None."""
    if program_phase(record) != "play" or record["game"] != SECRET_GAME:
        return None
    found = []
    for seat in range(len(record["names"])):
        reveal = record["reveals"][seat]
        if not matches(record["commits"][seat], record["id"], seat, reveal):
            return None
        found.append(reveal["p"])
    return found
