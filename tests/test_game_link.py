"""Games by link (web/app/glue/game_link.py, correspondence.py, commitment.py) in CPython: games
the engine plays passed between two devices by real links (and the links' sizes: messengers cut
links longer than about 2000 characters), every corruption of a real link, and generated
payloads. tests/glue_scenarios_links.py runs the rest under CPython and MicroPython."""

from __future__ import annotations

import doctest
import importlib
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.controller import Controller
from pyengine.core import State, get_game

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "app"))

from glue import commitment, correspondence, game_link, share  # noqa: E402
from glue.game_link import LinkError  # noqa: E402

MAX_SHARED = 2000  # characters: longer links get cut by messengers
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
NOW = 1_767_225_600_000  # 2026-01-01, in ms
GAME_ID = game_link.new_game_id(NOW, 0xFEDCBA9876543210)


def error_of(data: Any) -> LinkError:
    with pytest.raises(LinkError) as caught:
        game_link.decode_link(data)
    return caught.value


def send(payload: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """``payload`` through a real link: what the other device reads, and the link data."""
    data = game_link.encode_link(payload)
    return game_link.decode_link(data), data


def random_action(state: State, rnd: random.Random) -> str:
    """A seeded random legal action, passing only when nothing else is legal."""
    legal = state.legal_actions()
    if len(legal) > 1000:  # Virus Fight's programs: no pass among them
        return str(rnd.choice(legal))
    names = [str(action) for action in legal]
    moves = [action for action in names if action != "pass"]
    return rnd.choice(moves or names)


def actors_of(game: str, options: dict[str, Any], actions: list[str]) -> list[int]:
    """The seat that made each of ``actions``, as the engine's ``actors`` request says."""
    match = {
        "format": "virus-games/match",
        "version": 1,
        "seats": ["human"] * get_game(game).new_initial_state(options).num_players,
        "state": {
            "format": "virus-games/state",
            "version": 1,
            "game": game,
            "options": options,
            "start": None,
            "actions": actions,
        },
        "redo": [],
    }
    reply = Controller().handle({"op": "actors", "game": game, "match": match})
    assert reply["ok"], reply
    return list(reply["actors"])


def play_by_links(
    game: str,
    options: dict[str, Any],
    names: list[str],
    seed: int,
    turns: int | None = None,
    max_actions: int | None = None,
) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """A game played by one device per seat, passing a link at every change of the player to
    move (``turns``: stop after that many turns; ``max_actions``: after that many actions past
    the programs). Returns the last link's data, its payload and every device's record."""
    rnd = random.Random(seed)
    engine = get_game(game)
    state = engine.new_initial_state(options)
    seats = len(names)
    records: list[dict[str, Any] | None] = [None] * seats
    first = names[:1] + [""] * (seats - 1)
    records[0] = correspondence.new_record(GAME_ID, game, 0, first, options, NOW)
    clock = NOW
    data = ""
    payload: dict[str, Any] = {}
    holder = 0  # the seat whose device plays now
    if game == "virus-fight":  # programs by commitment first, then the reveals
        programs = []
        for _seat in range(seats):
            programs.append(random_action(state, rnd))
            state.apply(programs[-1])
        while True:
            record = records[holder]
            assert record is not None
            if correspondence.program_phase(record) == "play":
                break
            if record["commits"][holder] == "":
                salt = commitment.new_salt(rnd.getrandbits(64), rnd.getrandbits(64))
                record = correspondence.commit_mine(record, programs[holder], salt)
            elif record["reveals"][holder] is None:
                record = correspondence.reveal_mine(record)
            to_move = None
            if correspondence.program_phase(record) == "play":
                assert correspondence.programs(record) == programs
                to_move = state.current_player()
                if to_move == holder:  # the last to reveal moves first: no link yet
                    records[holder] = record
                    break
            clock += 60_000
            sent, records[holder] = correspondence.outgoing(record, [], to_move, clock)
            payload, data = send(sent)
            if "" in payload["c"]:  # nothing in the link lets anyone recover a program
                for secret in programs:
                    assert secret not in game_link.payload_json(payload)
            holder = payload["f"]
            decision = correspondence.open_link(records[holder], payload, names[holder])
            assert decision["kind"] in ("new", "update"), decision
            records[holder] = decision["record"]
    first = [str(action) for action in state.history]  # Virus Fight's programs
    start = len(state.history)
    played = 0
    while True:
        record = records[holder]
        assert record is not None
        mover = state.current_player()
        assert correspondence.may_move(record, mover)
        assert correspondence.status(record, mover, False)["key"] == "link.status.your-move"
        while not state.is_terminal() and state.current_player() == mover:
            state.apply(random_action(state, rnd))
            if max_actions is not None and len(state.history) - start >= max_actions:
                break
        played += 1
        actions = [str(action) for action in state.history[start:]]
        over = state.is_terminal()
        to_move = None if over else state.current_player()
        if to_move != mover:  # (unless stopped in the middle of a turn)
            assert correspondence.status(record, to_move, over)["key"] in (
                "link.status.send",
                "link.status.over",
            )
            assert correspondence.status(record, to_move, over, len(actions))["key"] in (
                "link.status.send",
                "link.status.over",
            )
        clock += 60_000
        sent, records[holder] = correspondence.outgoing(record, actions, to_move, clock)
        payload, data = send(sent)
        assert payload["s"] == holder and payload["a"] == actions
        news = ("same",) if payload["f"] == holder else ("new", "update")
        holder = payload["f"]
        kept = records[holder]
        decision = correspondence.open_link(kept, payload, names[holder])
        assert decision["kind"] in news, decision
        # the engine's actors: the moves are every seat's own, relayed ones too
        made_here = kept["actions"] if kept is not None else []
        movers = actors_of(game, options, first + actions)[len(first) :]
        assert correspondence.foreign_action(decision, kept, made_here, movers) is decision
        records[holder] = decision["record"]
        assert correspondence.undo_floor(decision["record"]) == len(actions)
        if (
            over
            or (turns is not None and played >= turns)
            or (max_actions is not None and len(actions) >= max_actions)
        ):
            break
    return data, payload, [record for record in records if record is not None]


# ---- the modules' own examples -----------------------------------------------------------


@pytest.mark.parametrize("name", ["game_link", "commitment", "correspondence"])
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"glue.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_every_name_field_has_the_engines_name_limit() -> None:
    from pyengine.games.fight_the_virus.game import MAX_NAME

    assert game_link.MAX_NAME == MAX_NAME  # the name forms of games by link (glue.remote)
    record = correspondence.new_record(GAME_ID, "zebra", 0, ["Ana", ""], {}, NOW)
    sent, _ = correspondence.outgoing(record, [], 1, NOW)
    decision = correspondence.open_link(None, send(sent)[0], "x" * 40)
    assert decision["record"]["names"] == ["Ana", "x" * MAX_NAME]


def test_a_move_played_for_the_other_seat_is_refused_by_its_device() -> None:
    """Ana's device plays Bea's turn too (the engine lets any seat act) and sends it: Bea's
    device refuses the link, naming her move it never made; Ana's own moves pass."""
    options = {"size": 6}
    state = get_game("virus-war").new_initial_state(options)
    rnd = random.Random(4)
    ana = correspondence.new_record(GAME_ID, "virus-war", 0, ["Ana", ""], options, NOW)
    while state.current_player() == 0:
        state.apply(random_action(state, rnd))
    genuine = [str(action) for action in state.history]
    sent, ana = correspondence.outgoing(ana, genuine, 1, NOW + 1)
    bea = correspondence.open_link(None, send(sent)[0], "Bea")["record"]
    forged_from = len(state.history)
    while state.current_player() == 1:  # Bea's turn, played on Ana's device
        state.apply(random_action(state, rnd))
    actions = [str(action) for action in state.history]
    sent, ana = correspondence.outgoing(ana, actions, state.current_player(), NOW + 2)
    decision = correspondence.open_link(bea, send(sent)[0], "Bea")
    assert decision["kind"] == "update"
    checked = correspondence.foreign_action(
        decision, bea, genuine, actors_of("virus-war", options, actions)
    )
    assert checked["kind"] == "refused" and checked["record"] is bea
    assert checked["reason"] == {
        "key": "link.error.not-yours",
        "params": {"number": forged_from + 1, "action": actions[forged_from]},
    }


# ---- games played by links: sizes ----------------------------------------------------------


def test_a_60_turn_virus_war_game_by_links() -> None:
    names = ["Ana María", "Bartolomé"]
    data, payload, records = play_by_links("virus-war", {"size": 10}, names, seed=1, turns=60)
    print(f"virus-war, 60 turns, {len(payload['a'])} actions: {len(data)} characters")
    assert len(payload["a"]) >= 120  # most turns are three steps
    assert len(data) < MAX_SHARED
    assert records[0]["actions"] == records[1]["actions"] == payload["a"]
    assert records[0]["names"] == records[1]["names"] == names


def test_a_whole_zebra_game_by_links() -> None:
    data, payload, records = play_by_links("zebra", {}, ["Ana", "Bea"], seed=3)
    print(f"zebra, whole game, {len(payload['a'])} actions: {len(data)} characters")
    assert get_game("zebra").new_initial_state().legal_actions()
    assert len(data) < MAX_SHARED
    assert all(record["actions"] == payload["a"] for record in records)
    assert correspondence.status(records[0], None, True)["key"] == "link.status.over"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_virus_fight_game_by_links(players: int) -> None:
    names = ["Ana", "Bea", "Cid", "Dan", "Eva"][:players]
    for seed in range(100):  # the first seeded game that lasts 40 actions past the programs
        data, payload, records = play_by_links(
            "virus-fight", {"players": players}, names, seed=seed, max_actions=40
        )
        if len(payload["a"]) == 40:
            break
    print(f"virus-fight, {players} players, programs + 40 actions: {len(data)} characters")
    assert len(payload["a"]) == 40
    assert len(data) < MAX_SHARED
    programs = correspondence.programs(records[0])
    assert programs is not None
    assert all(correspondence.programs(record) == programs for record in records)


# ---- corruption ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real_link() -> str:
    return play_by_links("virus-war", {"size": 10}, ["Ana", "Bea"], seed=2, turns=20)[0]


def test_every_single_character_edit_is_refused(real_link: str) -> None:
    data = real_link
    assert game_link.decode_link(data)
    for index in range(1, len(data)):
        for char in ALPHABET + "=~.+/ ":
            if char != data[index]:
                assert error_of(data[:index] + char + data[index + 1 :]).code == "damaged"
        assert error_of(data[:index] + data[index + 1 :]).code == "damaged"
    for index in range(1, len(data) + 1, 7):
        for char in ALPHABET:
            assert error_of(data[:index] + char + data[index:]).code == "damaged"
    for char in ALPHABET:
        if char != "1":
            code = "version" if char.isdigit() else "damaged"
            assert error_of(char + data[1:]).code == code


def test_every_truncation_is_refused(real_link: str) -> None:
    for size in range(len(real_link)):
        assert error_of(real_link[:size]).code == "damaged"


def test_oversized_links_are_refused() -> None:
    payload: dict[str, Any] = {
        "g": "zebra",
        "i": GAME_ID,
        "o": {},
        "a": [],
        "n": ["", ""],
        "f": 0,
        "s": 0,
        "t": 0,
    }
    rnd = random.Random(4)
    payload["a"] = ["".join(rnd.choice(ALPHABET) for _ in range(30)) for _ in range(5000)]
    with pytest.raises(LinkError, match="too-long"):
        game_link.encode_link(payload)  # incompressible: over 100_000 characters
    payload["a"] = [f"{index:0>200}" for index in range(5000)]
    with pytest.raises(LinkError, match="too-long"):
        game_link.encode_link(payload)  # over 1 MB of JSON
    # a small link that inflates to more than 1 MB
    packed = share.deflate_raw(b"[" + b" " * 1_100_000 + b"]")
    data = "1" + share.to_base64url(packed + game_link.checksum(packed))
    assert len(data) < 3000
    assert error_of(data).code == "too-long"


@given(st.text(max_size=300))
def test_any_text_is_read_or_refused(text: str) -> None:
    try:
        game_link.decode_link(text)
    except LinkError as error:
        assert error.code in ("damaged", "version", "too-long", "format")


# ---- generated payloads -------------------------------------------------------------------

HEX = "0123456789abcdef"
ID_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789-"
PRINTABLE = st.characters(blacklist_categories=("Cc", "Cs"))


def texts(low: int, high: int) -> st.SearchStrategy[str]:
    return st.text(PRINTABLE, min_size=low, max_size=high)


def hexes(size: int) -> st.SearchStrategy[str]:
    return st.text(st.sampled_from(HEX), min_size=size, max_size=size)


@st.composite
def payloads(draw: st.DrawFn) -> dict[str, Any]:
    game = draw(st.sampled_from(game_link.GAMES))
    values = st.one_of(
        st.booleans(), st.integers(-(2**63), 2**63 - 1), texts(0, game_link.MAX_OPTION_TEXT)
    )
    options = draw(st.dictionaries(texts(1, 40), values, max_size=8))
    seats = 2
    if game == "virus-fight":
        seats = draw(st.integers(2, 5))
        options["players"] = seats
    actions = draw(st.lists(texts(1, 200), max_size=30))
    seat = st.integers(0, seats - 1)
    payload = {
        "g": game,
        "i": draw(st.text(st.sampled_from(ID_CHARACTERS), min_size=1, max_size=40)),
        "o": options,
        "a": actions,
        "n": draw(st.lists(texts(0, 30), min_size=seats, max_size=seats)),
        "f": draw(seat),
        "s": draw(seat),
        "t": draw(st.integers(0, 2**53)),
    }
    if game == "virus-fight":
        reveal = st.fixed_dictionaries({"p": texts(0, 200), "k": hexes(32)})
        commits = st.one_of(st.just(""), hexes(64))
        payload["c"] = draw(st.lists(commits, min_size=seats, max_size=seats))
        reveals = reveal if actions else st.one_of(st.none(), reveal)
        payload["r"] = draw(st.lists(reveals, min_size=seats, max_size=seats))
    return payload


@given(payloads())
def test_payloads_round_trip(payload: dict[str, Any]) -> None:
    data = game_link.encode_link(payload)
    back = game_link.decode_link(data)
    assert back == payload
    assert game_link.encode_link(back) == data
    url = game_link.link_url("https://example.org/zebra.html?lang=es#x", data)
    assert game_link.link_in_fragment(url[url.index("#") :]) == data
