"""Scenarios for games by link: the link format (web/app/glue/game_link.py), secret programs by
commitment (commitment.py) and what a device does with a link (correspondence.py), run under
CPython and the site's MicroPython like glue_scenarios.py. tests/test_game_link.py adds games
played by the engine and generated payloads (CPython only)."""

import json

from glue import commitment, correspondence, game_link
from glue.game_link import LinkError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

ZEBRA: "dict[str, Any]" = {
    "g": "zebra",
    "i": "lmabc123-xyz",
    "o": {"movement": "step", "setup": "standard", "size": 4},
    "a": ["c2-d2", "a1-b1", "b3-b2"],
    "n": ["Ana", ""],
    "f": 1,
    "s": 0,
    "t": 1767225600000,
}
# ZEBRA's link data as CPython's encoder writes it (zlib): MicroPython must read it the same.
ZEBRA_BY_CPYTHON = (
    "1HYzBDsIwDEP_xedWWjPYpN74DsQhXQOaRLtpGwg67d9JySWOn50dDH_FQDYSDNjZ4HSH1gbCzeAO7wwe8CgSFlY0qn4mDoO"
    "j1n6-Ra1cX1xypbUzwe9I01uS5E3T6yazolW21_w_OUdeYrXGIvCnQxV8Y6Bp13c90blr6hw_gLUduwln"
)
# Two Virus Fight programs, a salt, and the first one's commitment as CPython's hashlib wrote it.
SALT = "0123456789abcdef0123456789abcdef"
PROGRAM_A = "a1:M1 b1:E2 c1:M3 d1:W2 e1:J1 @a1"
PROGRAM_B = "b5:M2 c5:W3 d5:E1 e5:M3 @b5"
COMMIT_A = "ea07ac94f450d5475015c3d679f85f4088dc8082c93096293d3b7e825a7222bf"


def _error(data: "object") -> "LinkError":
    try:
        game_link.decode_link(data)
    except LinkError as error:
        return error
    raise AssertionError("accepted " + repr(data)[:80])


def _virus_fight(players: int = 2) -> "dict":
    return {
        "g": "virus-fight",
        "i": "lvf-1",
        "o": {"players": players, "seed": 7, "size": 0},
        "a": [],
        "n": ["Ana"] + [""] * (players - 1),
        "f": 1,
        "s": 0,
        "t": 5,
        "c": [""] * players,
        "r": [None] * players,
    }


# ---- the link format ---------------------------------------------------------------------


def scenario_link_round_trip() -> None:
    long_game = dict(ZEBRA)
    long_game["g"] = "virus-war"
    long_game["o"] = {"size": 10, "variant": "standard"}
    long_game["a"] = ["a1", "b2", "c3", "pass"] * 300
    long_game["n"] = ['Jos\u00e9 "Pepe" \\ N\u00fa\u00f1ez', "\U0001f9a0 Bea"]
    fight = _virus_fight(3)
    fight["c"] = ["ab" * 32, "", "cd" * 32]
    fight["o"]["open"] = True
    fight["o"]["seed"] = 2**63 - 1  # the engine's largest seed
    for payload in (ZEBRA, long_game, fight):
        data = game_link.encode_link(payload)
        assert data[0] == "1"
        back = game_link.decode_link(data)
        assert back == payload, (back, payload)
        assert game_link.encode_link(back) == data  # the same payload, the same link
    reordered = {}
    for key in sorted(ZEBRA, reverse=True):
        reordered[key] = ZEBRA[key]
    assert game_link.encode_link(reordered) == game_link.encode_link(ZEBRA)
    # a fresh copy: changing it leaves nothing else changed
    back = game_link.decode_link(game_link.encode_link(ZEBRA))
    back["a"].append("x")
    assert len(ZEBRA["a"]) == 3


def scenario_link_made_by_cpython() -> None:
    assert game_link.decode_link(ZEBRA_BY_CPYTHON) == ZEBRA


def scenario_link_cut_refused() -> None:
    data = game_link.encode_link(ZEBRA)
    for size in range(len(data)):
        assert _error(data[:size]).code == "damaged", size
    assert _error(None).code == "damaged"


def scenario_link_edited_refused() -> None:
    data = game_link.encode_link(ZEBRA)
    for index in range(1, len(data)):
        for char in ("A", "f", "0", "_", "~", "."):
            if data[index] != char:
                edited = data[:index] + char + data[index + 1 :]
                assert _error(edited).code == "damaged", (index, char)
        assert _error(data[:index] + data[index + 1 :]).code == "damaged", index
        assert _error(data[:index] + "Q" + data[index:]).code == "damaged", index
    assert _error(data + "A").code == "damaged"
    for char in "023456789":
        assert _error(char + data[1:]).code == "version"
    assert _error("a" + data[1:]).code == "damaged"
    assert _error("2anything-a-newer-site-wrote").code == "version"


def scenario_link_format_refused() -> None:
    def refused(change: "dict", field: str, base: "dict | None" = None) -> None:
        payload = dict(ZEBRA if base is None else base)
        for key in change:
            if change[key] is None and key in payload and key != "r":
                del payload[key]
            else:
                payload[key] = change[key]
        try:
            game_link.encode_link(payload)
        except LinkError as error:
            assert error.code == "format" and error.field == field, (error.code, error.field)
        else:
            raise AssertionError("encoded " + field)

    refused({"g": "chess"}, "g")
    refused({"i": "Has Spaces"}, "i")
    refused({"i": None}, "i")
    refused({"o": {"size": 4.5}}, "o")
    refused({"o": {"size": "x" * 41}}, "o")
    refused({"o": {"size": [4]}}, "o")
    refused({"o": {"seed": 2**63}}, "o")
    refused({"a": ["c2-d2", ""]}, "a")
    refused({"a": ["c2\nd2"]}, "a")
    refused({"a": ["x"] * 5001}, "a")
    refused({"a": "c2-d2"}, "a")
    refused({"n": ["Ana"]}, "n")
    refused({"n": ["Ana", "B", "C"]}, "n")  # Zebra has two seats
    refused({"n": ["A" * 31, ""]}, "n")
    refused({"f": 2}, "f")
    refused({"f": True}, "f")
    refused({"s": -1}, "s")
    refused({"t": -5}, "t")
    refused({"t": 1.5}, "t")
    refused({"x": 1}, "x")
    refused({"c": ["", ""]}, "c")  # commitments in a game without programs
    fight = _virus_fight()
    refused({"c": ["AB" * 32, ""]}, "c", fight)
    refused({"c": [""]}, "c", fight)
    refused({"r": [{"p": "x", "k": "00"}, None]}, "r", fight)
    refused({"r": [{"p": "x", "k": SALT, "z": 1}, None]}, "r", fight)
    refused({"a": ["a1-a2"]}, "a", fight)  # moves before the programs are known
    refused({"n": ["A", "B", "C"]}, "n", fight)  # players: 2
    # a genuine link (the checksum holds) whose JSON is wrong
    packed = game_link.deflate_raw(b'{"g":"zebra"}')
    data = "1" + game_link.to_base64url(packed + game_link.checksum(packed))
    error = _error(data)
    assert error.code == "format" and error.field == "i"
    packed = game_link.deflate_raw(b"[1,2")
    data = "1" + game_link.to_base64url(packed + game_link.checksum(packed))
    assert _error(data).code == "format"


def scenario_link_too_long() -> None:
    # (tests/test_game_link.py encodes payloads too long for a link: slow in MicroPython)
    assert _error("1" + "A" * 100_000).code == "too-long"
    assert _error("1" + "A" * 99_999).code == "damaged"


def scenario_link_in_urls() -> None:
    data = game_link.encode_link(ZEBRA)
    url = game_link.link_url("https://example.org/a/zebra.html?lang=es#record=abc", data)
    assert url == "https://example.org/a/zebra.html#link=" + data
    assert game_link.link_in_fragment(url[url.index("#") :]) == data
    assert game_link.link_in_fragment("link=" + data) == data
    assert game_link.link_in_fragment("#record=abc") is None
    assert game_link.link_in_fragment("") is None
    assert game_link.link_in_fragment("#link=") == ""
    game_id = game_link.new_game_id(1767225600000, 2**64 - 1)
    assert game_id.startswith("l") and len(game_id) <= 40
    assert game_link.valid_id(game_id)


# ---- commitments ------------------------------------------------------------------------------


def scenario_commitment() -> None:
    assert commitment.new_salt(0, 0) == "0" * 32
    assert commitment.new_salt(2**64 - 1, 1) == "f" * 16 + "0" * 15 + "1"
    # the same digest in every interpreter (CPython's hashlib.sha256 wrote this one)
    made = commitment.commit("lvf-1", 0, SALT, PROGRAM_A)
    assert made == COMMIT_A, made
    reveal = {"p": PROGRAM_A, "k": SALT}
    assert commitment.matches(made, "lvf-1", 0, reveal)
    assert not commitment.matches(made, "lvf-1", 1, reveal)
    assert not commitment.matches(made, "lvf-2", 0, reveal)
    assert not commitment.matches(made, "lvf-1", 0, {"p": PROGRAM_B, "k": SALT})
    assert not commitment.matches(made, "lvf-1", 0, {"p": PROGRAM_A, "k": "1" + SALT[1:]})
    assert not commitment.matches(made, "lvf-1", 0, {"p": PROGRAM_A})
    assert not commitment.matches(made, "lvf-1", 0, None)
    assert not commitment.matches(None, "lvf-1", 0, reveal)


# ---- correspondence: links between two devices -----------------------------------------------


def _send(payload: "dict") -> "dict":
    """``payload`` through a real link."""
    return game_link.decode_link(game_link.encode_link(payload))


def scenario_correspondence_compare() -> None:
    compare = correspondence.compare
    assert compare(["a", "b"], ["a", "b"]) == ("same", 0)
    assert compare([], []) == ("same", 0)
    assert compare(["a"], ["a", "b", "c"]) == ("newer", 2)
    assert compare(["a", "b", "c"], ["a"]) == ("older", 2)
    assert compare(["a", "b", "c"], ["a", "x"]) == ("differs", 1)
    assert compare(["x"], ["a", "b"]) == ("differs", 0)


def scenario_correspondence_zebra_game() -> None:
    ana = correspondence.new_record("lz-1", "zebra", 0, ["Ana", ""], ZEBRA["o"], 100)
    assert correspondence.status(ana, 0, False)["key"] == "link.status.your-move"
    assert correspondence.may_move(ana, 0) and not correspondence.may_move(ana, 1)
    assert correspondence.undo_floor(ana) == 0
    assert correspondence.status(ana, 1, False)["key"] == "link.status.send"
    payload, ana = correspondence.outgoing(ana, ["c2-d2"], 1, 200)
    assert payload["f"] == 1 and payload["s"] == 0 and payload["t"] == 200
    assert "c" not in payload and "r" not in payload
    assert ana["sent"] and ana["base"] == 1 and correspondence.undo_floor(ana) == 1
    waiting = correspondence.status(ana, 1, False)
    player_2 = {"key": "link.player", "params": {"number": 2}}  # "Player 2", not "2"
    assert waiting == {"key": "link.status.waiting", "params": {"name": player_2, "seat": 2}}
    link_1 = _send(payload)
    # Bea's device: a new game, her name filled in
    decision = correspondence.open_link(None, link_1, "Bea")
    assert decision["kind"] == "new" and decision["for_me"]
    bea = decision["record"]
    assert bea["seat"] == 1 and bea["names"] == ["Ana", "Bea"] and bea["actions"] == ["c2-d2"]
    assert bea["updated"] == 200 and not bea["sent"]
    assert correspondence.clean_record(json.loads(json.dumps(bea))) == bea
    assert correspondence.undo_floor(bea) == 1
    assert correspondence.status(bea, 1, False)["key"] == "link.status.your-move"
    # the same link again: nothing new
    again = correspondence.open_link(bea, link_1, "Bea")
    assert again["kind"] == "same" and again["record"] is bea
    payload, bea = correspondence.outgoing(bea, ["c2-d2", "a1-b1"], 0, 300)
    assert payload["n"] == ["Ana", "Bea"] and payload["f"] == 0
    link_2 = _send(payload)
    # Ana's device: news, and Bea's name
    decision = correspondence.open_link(ana, link_2, "Ana")
    assert decision["kind"] == "update" and decision["for_me"]
    ana = decision["record"]
    assert ana["actions"] == ["c2-d2", "a1-b1"] and ana["names"] == ["Ana", "Bea"]
    assert not ana["sent"] and correspondence.undo_floor(ana) == 2 and ana["updated"] == 300
    waiting = correspondence.status(bea, 0, False)
    assert waiting["params"]["name"] == "Ana"
    # the older link: Ana keeps her game
    older = correspondence.open_link(ana, link_1, "Ana")
    assert older["kind"] == "older" and older["behind"] == 1 and older["record"] is ana
    # a link whose past differs
    rewritten = dict(link_2)
    rewritten["a"] = ["c2-d3", "a1-b1", "b3-b2"]
    differs = correspondence.open_link(ana, rewritten, "Ana")
    assert differs["kind"] == "differs" and differs["at"] == 0
    assert differs["mine"] == "c2-d2" and differs["theirs"] == "c2-d3"
    # other options, another game: refused, nothing changed
    other = dict(link_2)
    other["o"] = {"movement": "step", "setup": "standard", "size": 5}
    refused = correspondence.open_link(ana, other, "Ana")
    assert refused["kind"] == "refused" and refused["record"] is ana
    assert refused["reason"] == {"key": "link.error.options", "params": {}}
    other = dict(link_2)
    other["g"] = "virus-war"
    assert correspondence.open_link(ana, other, "Ana")["kind"] == "refused"
    assert correspondence.status(ana, None, True) == {"key": "link.status.over", "params": {}}


def scenario_correspondence_names_and_other_seats() -> None:
    record = correspondence.new_record("lw-1", "virus-war", 0, ["Ana", "Bea"], {"size": 10}, 1)
    payload, record = correspondence.outgoing(record, ["a1"], 1, 2)
    renamed = dict(payload)
    renamed["n"] = ["Someone", "Beatriz"]
    renamed["a"] = ["a1", "j10"]
    renamed["f"] = 0
    decision = correspondence.open_link(record, renamed, "Ana")
    assert decision["kind"] == "update"
    # my own name stays, the other seat's name is the link's
    assert decision["record"]["names"] == ["Ana", "Beatriz"]
    # a link for the other seat still updates this device
    elsewhere = dict(renamed)
    elsewhere["f"] = 1
    elsewhere["a"] = ["a1", "j10", "b2"]
    decision = correspondence.open_link(record, elsewhere, "Ana")
    assert decision["kind"] == "update" and not decision["for_me"]
    assert decision["record"]["sent"]  # nothing of this device's waits to go out
    assert correspondence.status(decision["record"], 1, False)["key"] == "link.status.waiting"
    # a name no link may carry is left out
    decision = correspondence.open_link(None, payload, "Bea\n" + "x" * 40)
    assert decision["record"]["names"] == ["Ana", "Bea"]
    unnamed = dict(payload)
    unnamed["n"] = ["Ana", ""]
    decision = correspondence.open_link(None, unnamed, "B\u0007")
    assert decision["record"]["names"] == ["Ana", ""]
    decision = correspondence.open_link(None, unnamed, "x" * 40)
    assert decision["record"]["names"] == ["Ana", "x" * 24]  # the site's one name limit
    # a new game opened from a link that names its seat already keeps that name
    decision = correspondence.open_link(None, renamed, "Ana")
    assert decision["record"]["names"] == ["Someone", "Beatriz"]


def scenario_correspondence_clean_record() -> None:
    clean = correspondence.clean_record
    record = correspondence.new_record("lz-2", "zebra", 1, ["", "Bea"], {"size": 4}, 9)
    assert clean(record) == record
    assert clean(None) is None and clean([]) is None
    for key, value in (
        ("id", "No Id"),
        ("game", "chess"),
        ("seat", 2),
        ("seat", True),
        ("names", ["a"]),
        ("actions", [""]),
        ("options", {"size": None}),
    ):
        damaged = dict(record)
        damaged[key] = value
        assert clean(damaged) is None, key
    damaged = dict(record)
    damaged["base"] = 5
    damaged["updated"] = "soon"
    damaged["sent"] = "yes"
    kept = clean(damaged)
    assert kept is not None and kept["base"] == 0 and kept["updated"] == 0 and not kept["sent"]
    fight = correspondence.new_record("lvf-9", "virus-fight", 0, ["A", "B"], {"players": 2}, 1)
    assert clean(fight) == fight
    damages: list[tuple[str, Any]] = [
        ("commits", ["zz", ""]),
        ("reveals", [None]),
        ("secret", {"p": "x"}),
    ]
    for key, value in damages:
        damaged = dict(fight)
        damaged[key] = value
        assert clean(damaged) is None, key


# ---- correspondence: Virus Fight's programs by commitment -----------------------------------


def _salt(number: int) -> str:
    return commitment.new_salt(number, number * 7919 + 1)


def _open(record: "dict | None", payload: "dict", name: str) -> "dict":
    decision = correspondence.open_link(record, _send(payload), name)
    assert decision["kind"] in ("new", "update"), decision
    return decision["record"]


def scenario_virus_fight_two_players() -> None:
    options = {"players": 2, "seed": 11, "size": 0}
    ana = correspondence.new_record("lvf-2", "virus-fight", 0, ["Ana", ""], options, 1)
    assert correspondence.program_phase(ana) == "commit"
    assert correspondence.status(ana, 0, False)["key"] == "link.status.your-move"
    try:
        correspondence.reveal_mine(ana)
    except ValueError:
        pass
    else:
        raise AssertionError("revealed before committing")
    ana = correspondence.commit_mine(ana, PROGRAM_A, _salt(1))
    assert ana["reveals"] == [None, None]  # Bea has not committed: no reveal
    assert correspondence.status(ana, 0, False)["key"] == "link.status.send"
    payload, ana = correspondence.outgoing(ana, [], 0, 2)
    assert payload["f"] == 1 and payload["r"] == [None, None]
    text = game_link.payload_json(_send(payload))
    assert PROGRAM_A not in text and _salt(1) not in text and "a1:M1" not in text
    assert correspondence.status(ana, 0, False)["key"] == "link.status.waiting"
    # Bea commits last: her reveal goes with it
    bea = _open(None, payload, "Bea")
    assert bea["seat"] == 1 and correspondence.program_phase(bea) == "commit"
    bea = correspondence.commit_mine(bea, PROGRAM_B, _salt(2))
    assert correspondence.program_phase(bea) == "reveal"
    assert bea["reveals"][1] == {"p": PROGRAM_B, "k": _salt(2)}
    link_2, bea = correspondence.outgoing(bea, [], 0, 3)
    assert link_2["f"] == 0 and link_2["r"][0] is None and link_2["r"][1] is not None
    # Ana checks Bea's reveal, reveals hers
    ana = _open(ana, link_2, "Ana")
    assert correspondence.program_phase(ana) == "reveal"
    assert correspondence.programs(ana) is None
    assert correspondence.status(ana, 0, False)["key"] == "link.status.your-move"
    ana = correspondence.reveal_mine(ana)
    assert correspondence.programs(ana) == [PROGRAM_A, PROGRAM_B]
    link_3, ana = correspondence.outgoing(ana, [], 1, 4)
    assert link_3["f"] == 1  # the first mover, as the engine says
    bea = _open(bea, link_3, "Bea")
    assert correspondence.programs(bea) == correspondence.programs(ana)
    assert correspondence.program_phase(bea) == "play"
    # moves follow
    link_4, bea = correspondence.outgoing(bea, ["d5-a5", "@a5"], 0, 5)
    ana = _open(ana, link_4, "Ana")
    assert ana["actions"] == ["d5-a5", "@a5"]
    # a tampered reveal (program changed, salt kept) is refused, naming the player
    tampered = dict(link_2)
    tampered["r"] = [None, {"p": PROGRAM_A, "k": _salt(2)}]
    fresh = correspondence.new_record("lvf-2", "virus-fight", 0, ["Ana", ""], options, 1)
    fresh = correspondence.commit_mine(fresh, PROGRAM_A, _salt(1))
    decision = correspondence.open_link(fresh, _send(tampered), "Ana")
    assert decision["kind"] == "refused" and decision["record"] is fresh
    assert decision["reason"] == {"key": "link.error.reveal", "params": {"player": 2}}
    assert correspondence.open_link(None, _send(tampered), "X")["kind"] == "refused"
    # a changed commitment is refused, naming the player
    changed = dict(link_3)
    changed["c"] = [link_3["c"][0], "0" * 64]
    changed["r"] = [link_3["r"][0], None]
    decision = correspondence.open_link(ana, _send(changed), "Ana")
    assert decision["reason"] == {"key": "link.error.commitment", "params": {"player": 2}}
    # my own commitment changed by someone else
    changed = dict(link_2)
    changed["c"] = ["1" * 64, link_2["c"][1]]
    decision = correspondence.open_link(fresh, _send(changed), "Ana")
    assert decision["reason"] == {"key": "link.error.commitment", "params": {"player": 1}}
    # a reveal before every seat committed
    early = dict(payload)
    early["r"] = [{"p": PROGRAM_A, "k": _salt(1)}, None]
    decision = correspondence.open_link(None, _send(early), "Bea")
    assert decision["reason"]["key"] == "link.error.early-reveal"
    # a different program cannot replace a commitment
    try:
        correspondence.commit_mine(ana, PROGRAM_B, _salt(1))
    except ValueError:
        pass
    else:
        raise AssertionError("committed twice")


def scenario_virus_fight_three_players() -> None:
    options = {"players": 3, "seed": 5, "size": 0}
    programs = ["a1:M1 @a1", "c5:W3 @c5", "e3:J2 @e3"]
    ana = correspondence.new_record("lvf-3", "virus-fight", 0, ["Ana", "", ""], options, 1)
    ana = correspondence.commit_mine(ana, programs[0], _salt(10))
    link, ana = correspondence.outgoing(ana, [], None, 2)
    assert link["f"] == 1
    bea = _open(None, link, "Bea")
    bea = correspondence.commit_mine(bea, programs[1], _salt(11))
    link, bea = correspondence.outgoing(bea, [], None, 3)
    assert link["f"] == 2 and link["r"] == [None, None, None]
    for secret in programs + [_salt(10), _salt(11)]:
        assert secret not in game_link.payload_json(link)
    cid = _open(None, link, "Cid")
    assert cid["names"] == ["Ana", "Bea", "Cid"]
    cid = correspondence.commit_mine(cid, programs[2], _salt(12))
    assert correspondence.program_phase(cid) == "reveal"
    link, cid = correspondence.outgoing(cid, [], None, 4)
    assert link["f"] == 0  # the next seat still to reveal
    ana = _open(ana, link, "Ana")
    ana = correspondence.reveal_mine(ana)
    link, ana = correspondence.outgoing(ana, [], None, 5)
    assert link["f"] == 1
    assert correspondence.status(ana, None, False)["params"]["name"] == "Bea"
    bea = _open(bea, link, "Bea")
    bea = correspondence.reveal_mine(bea)
    assert correspondence.programs(bea) == programs
    link, bea = correspondence.outgoing(bea, [], 0, 6)
    assert link["f"] == 0
    # the last link reaches everyone, whoever it is addressed to
    for record in (ana, cid):
        decision = correspondence.open_link(record, _send(link), "")
        assert decision["kind"] == "update"
        assert correspondence.programs(decision["record"]) == programs
    # a reveal for a seat whose commitment this device never saw is checked against the link's
    tampered = dict(link)
    tampered["r"] = [link["r"][0], link["r"][1], {"p": "e3:J3 @e3", "k": _salt(12)}]
    decision = correspondence.open_link(None, _send(tampered), "Dan")
    assert decision["reason"] == {"key": "link.error.reveal", "params": {"player": 3}}


def scenario_correspondence_refuses_a_move_of_this_seat_never_made_here() -> None:
    foreign = correspondence.foreign_action
    ana = correspondence.new_record("lz-9", "zebra", 0, ["Ana", ""], ZEBRA["o"], 1)
    sent, ana = correspondence.outgoing(ana, ["c2-d2"], 1, 2)
    bea_link = _send(sent)
    # Bea's device, new: the link may hold Ana's moves, never one for Bea
    decision = correspondence.open_link(None, bea_link, "Bea")
    assert foreign(decision, None, [], [0]) is decision
    forged = dict(bea_link)
    forged["a"] = ["c2-d2", "a1-b1"]  # Bea's move, made on Ana's device
    decision = correspondence.open_link(None, _send(forged), "Bea")
    refused = foreign(decision, None, [], [0, 1])
    assert refused["kind"] == "refused" and refused["record"] is None
    assert refused["reason"] == {
        "key": "link.error.not-yours",
        "params": {"number": 2, "action": "a1-b1"},
    }
    # Bea moves and sends: Ana's device takes Bea's move
    bea = correspondence.open_link(None, bea_link, "Bea")["record"]
    back, bea = correspondence.outgoing(bea, ["c2-d2", "a1-b1"], 0, 3)
    decision = correspondence.open_link(ana, _send(back), "Ana")
    assert foreign(decision, ana, ["c2-d2"], [0, 1])["kind"] == "update"
    # ... but not a move for Ana she never made, after it or anywhere new
    forged = dict(back)
    forged["a"] = ["c2-d2", "a1-b1", "b3-b2", "d4-d3"]
    decision = correspondence.open_link(ana, _send(forged), "Ana")
    refused = foreign(decision, ana, ["c2-d2"], [0, 1, 0, 1])
    assert refused["kind"] == "refused" and refused["record"] is ana
    assert refused["reason"]["params"] == {"number": 3, "action": "b3-b2"}
    # her own move she played here but never sent through the page (copied by hand) is hers
    unsent = correspondence.new_record("lz-9", "zebra", 0, ["Ana", "Bea"], ZEBRA["o"], 1)
    decision = correspondence.open_link(unsent, _send(back), "Ana")
    assert foreign(decision, unsent, ["c2-d2"], [0, 1])["kind"] == "update"
    refused = foreign(decision, unsent, [], [0, 1])  # not played here: not hers
    assert refused["reason"]["params"] == {"number": 1, "action": "c2-d2"}
    # the engine could not say who made what: not a game
    for actors in (None, [0]):
        refused = foreign(decision, unsent, ["c2-d2"], actors)
        assert refused["reason"] == {"key": "link.error.format", "params": {}}
    # other decisions pass unchanged
    same = correspondence.open_link(ana, bea_link, "Ana")
    assert same["kind"] == "same" and foreign(same, ana, [], None) is same


def scenario_correspondence_relayed_moves_of_other_seats_pass() -> None:
    options = {"players": 3, "seed": 5, "size": 0}
    cid = correspondence.new_record("lvf-7", "virus-fight", 2, ["Ana", "Bea", "Cid"], options, 1)
    cid["actions"] = ["a1-b2", "@b2"]
    payload = {
        "g": "virus-fight",
        "i": "lvf-7",
        "o": options,
        "a": ["a1-b2", "@b2", "c5-c4", "@c4", "e3-d3"],
        "n": ["Ana", "Bea", "Cid"],
        "f": 0,
        "s": 1,
        "t": 9,
        "c": ["ab" * 32, "cd" * 32, "ef" * 32],
        "r": [None, None, None],
    }
    # the programs are not all revealed: no link may carry a move yet
    try:
        game_link.encode_link(payload)
    except LinkError as error:
        assert error.code == "format"
    else:
        raise AssertionError("a move before the programs")
    # Bea relays Ana's moves and hers: Cid's device checks only its own seat's
    relayed = dict(cid)
    relayed["actions"] = payload["a"]
    decision = {"kind": "update", "record": relayed, "for_me": False}
    foreign = correspondence.foreign_action
    assert foreign(decision, cid, ["a1-b2", "@b2"], [0, 0, 1, 1, 2]) is not decision
    assert foreign(decision, cid, ["a1-b2", "@b2"], [0, 0, 1, 1, 0]) is decision
    # a new device's own commitment can only come from itself
    link = dict(payload)
    link["a"] = []
    link["c"] = ["ab" * 32, "", ""]
    link["f"] = 1
    assert correspondence.open_link(None, _send(link), "Bea")["kind"] == "new"
    link["c"] = ["ab" * 32, "cd" * 32, ""]
    decision = correspondence.open_link(None, _send(link), "Bea")
    assert decision["reason"] == {"key": "link.error.not-your-program", "params": {"player": 2}}


def scenario_correspondence_an_invitation_and_whom_a_link_goes_to() -> None:
    # Ana starts a game where Bea moves first: what goes out is an invitation, to Bea
    ana = correspondence.new_record("lw-5", "virus-war", 1, ["", "Ana"], {"size": 6}, 1)
    assert correspondence.is_invitation(ana, 0)
    assert correspondence.status(ana, 0, False, 0)["key"] == "link.status.invite"
    assert correspondence.link_target(ana, 0) == 0
    sent, ana = correspondence.outgoing(ana, [], 0, 2)
    assert sent["f"] == 0 and sent["a"] == []
    assert correspondence.status(ana, 0, False)["params"]["name"] == {
        "key": "link.player",
        "params": {"number": 1},
    }
    # once a move is played it is a move, not an invitation
    bea = correspondence.open_link(None, _send(sent), "Bea")["record"]
    assert not correspondence.is_invitation(bea, 1)
    assert correspondence.status(bea, 1, False, 1)["key"] == "link.status.send"
    # the game over: the last link goes to the next seat, never to a seat counted from 0
    assert correspondence.link_target(bea, None) == 1
    fight = correspondence.new_record("lvf-5", "virus-fight", 0, ["A", "", ""], {"players": 3}, 1)
    assert not correspondence.is_invitation(fight, 0)  # programs first, sealed
    assert correspondence.link_target(fight, None) == 1
