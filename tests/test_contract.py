"""One conformance test of the engine contract, run for every registered game.

It knows nothing about any game: it drives each one only through ``pyengine.core.game``.
"""

from __future__ import annotations

import inspect
import json
import random

import pytest

import pyengine
from pyengine.core.errors import EngineError, IllegalActionError, StateFormatError
from pyengine.core.game import TERMINAL, Game, Result, State
from pyengine.core.presentation import Presentation

GAMES = pyengine.games()


def game_ids() -> list[str]:
    return [game.id for game in GAMES]


def test_at_least_zebra_is_registered():
    assert "zebra" in game_ids()


@pytest.fixture(params=GAMES, ids=game_ids())
def game(request: pytest.FixtureRequest) -> Game:
    return request.param


def random_playout(state: State, rng: random.Random, *, limit: int = 100_000) -> int:
    plies = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        plies += 1
        assert plies < limit, "a random playout did not end"
    return plies


def test_definition_and_info(game: Game):
    assert isinstance(game, Game)
    assert pyengine.get_game(game.id) is game
    assert 1 <= game.min_players <= game.max_players
    info = game.info()
    assert json.loads(json.dumps(info)) == info
    assert info["id"] == game.id and info["name"] == game.name
    assert info["players"] == {"min": game.min_players, "max": game.max_players}
    schema = game.options.to_json()
    assert json.loads(json.dumps(schema)) == schema
    for option in schema["options"]:
        assert {"name", "kind", "default", "label", "description"} <= set(option)


def test_default_state(game: Game):
    state = game.new_initial_state()
    assert state.game is game
    assert dict(state.options) == dict(game.options.defaults())
    assert json.loads(json.dumps(dict(state.options))) == dict(state.options)
    assert game.min_players <= state.num_players <= game.max_players
    assert state.history == ()
    assert state.current_player() in range(state.num_players)
    assert state.result() is None
    assert state.returns() == (0.0,) * state.num_players
    assert state.legal_actions()


def some_actions(actions, count: int = 3000) -> list:
    """All the legal actions, or an even sample of a huge lazy list (Virus Fight's 583,236
    program setups)."""
    if len(actions) <= count:
        return list(actions)
    step = len(actions) // count
    return [actions[index] for index in range(0, len(actions), step)] + [actions[-1]]


def test_actions_round_trip_through_notation(game: Game):
    state = game.new_initial_state()
    for action in some_actions(state.legal_actions()):
        text = str(action)
        assert game.parse_action(text, state) == action
        assert game.parse_action(text) == action
        assert state.is_legal(action)
        state.check(action)
        namespace = {type(action).__name__: type(action)}
        assert eval(repr(action), namespace) == action


def test_apply_undo_restores_and_illegal_leaves_unchanged(game: Game):
    rng = random.Random(1)
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        before = state.clone()
        action = rng.choice(legal)
        state.apply(action)
        assert state.history == (*before.history, action)
        assert state.undo() == action
        assert state == before and state.legal_actions() == legal
        state.apply(str(action))  # notation is accepted too
    with pytest.raises(EngineError) as raised:
        game.new_initial_state().undo()
    assert raised.value.code == "undo.empty"
    finished = game.new_initial_state()
    random_playout(finished, rng)
    snapshot = finished.clone()
    some_action = game.new_initial_state().legal_actions()[0]
    with pytest.raises(IllegalActionError):
        finished.apply(some_action)
    assert finished == snapshot


def test_clones_are_independent(game: Game):
    state = game.new_initial_state()
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert state.history == () and len(twin.history) == 1
    assert state != twin
    state.apply(state.legal_actions()[0])
    assert state == twin


def test_random_playouts_end_with_a_well_formed_result(game: Game):
    rng = random.Random(7)
    for _ in range(20):
        state = game.new_initial_state()
        random_playout(state, rng)
        assert state.current_player() == TERMINAL and state.legal_actions() == []
        result = state.result()
        assert isinstance(result, Result)
        assert len(result.scores) == state.num_players
        assert all(seat in range(state.num_players) for seat in result.winners)
        assert result.reason and isinstance(result.reason, str)
        assert json.loads(json.dumps(result.to_json())) == result.to_json()
        returns = state.returns()
        assert len(returns) == state.num_players
        assert all(value in (-1.0, 0.0, 1.0) for value in returns)
        if result.winners:
            assert all(returns[seat] == 1.0 for seat in result.winners)


def test_text_and_json_forms_round_trip(game: Game):
    rng = random.Random(3)
    state = game.new_initial_state()
    random_playout(state, rng)
    while len(state.history) > 5:
        state.undo()
    document = json.loads(json.dumps(state.to_json()))
    assert document["format"] == "virus-games/state" and document["version"] == 1
    assert document["game"] == game.id
    loaded = game.state_from_json(document)
    assert loaded == state and loaded.history == state.history
    replayed = game.read_record(game.write_record(state))
    assert replayed == state and replayed.legal_actions() == state.legal_actions()
    positioned = game.from_position(state.position_text(), options=state.options)
    assert positioned.position_text() == state.position_text()  # (legality may differ:
    assert positioned.history == ()  # a position text carries no history)
    assert hash(state.position_key()) == hash(loaded.position_key())
    with pytest.raises(StateFormatError):
        game.state_from_json({**document, "version": 99})


def test_text_hooks_and_ai_module(game: Game):
    """What the command line shows comes through the contract (neutral defaults), and the
    computer players find the game's knowledge through the registry."""
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(40):
        assert isinstance(state.diagram(), str)
        lines = state.status_lines(lambda seat: f"seat {seat + 1}")
        assert isinstance(lines, list) and all(isinstance(line, str) for line in lines)
        assert isinstance(state.is_secret(), bool)
        summary = state.actions_summary()
        assert summary is None or (isinstance(summary, str) and summary)
        assert all(isinstance(state.seat_name(seat), str) for seat in range(state.num_players))
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    module = game.ai()
    assert module.__name__.endswith(".ai") and hasattr(module, "LEVELS")


def is_message(value: object) -> bool:
    """A translation request: ``{"key": str, "params": dict}``."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("key"), str)
        and isinstance(value.get("params"), dict)
    )


def check_presentation(present: Presentation, state: State, rng: random.Random) -> None:
    """Call every hook of ``present`` once on ``state`` and check the types of what it says."""
    legal = state.legal_actions()
    assert isinstance(present.render(state), str) and "<svg" in present.render(state)
    grid = present.grid(state)
    assert grid is None or isinstance(grid, dict)
    spots = list(present.spots(state))
    assert spots and all(isinstance(spot, str) for spot in spots)
    assert all(is_message(present.cell_label(state, spot)) for spot in spots)
    paths = present.click_paths(state)
    assert isinstance(paths, list)
    for cells, action in paths[:200]:
        assert isinstance(cells, tuple) and all(isinstance(cell, str) for cell in cells)
        assert state.is_legal(action)
        if not cells:
            assert is_message(present.action_label(action))
        else:
            label = present.click_label(state, cells[0]) if cells[0] not in spots else None
            assert label is None or is_message(label)
    if not state.is_terminal() and present.setup(state) is None:  # a setup is composed
        assert paths, "a legal action is made by clicks or a button"
    for action in some_actions(legal, 20):
        cells = present.action_cells(action)
        assert isinstance(cells, tuple) and all(isinstance(cell, str) for cell in cells)
    buttons = present.extra_buttons(state)
    assert isinstance(buttons, list) and all(isinstance(button, dict) for button in buttons)
    assert all(isinstance(cell, str) for cell in present.last_move(state))
    assert is_message(present.turn(state))
    assert is_message(present.status(state, []))
    assert is_message(present.explain(state, [spots[0]]))
    scores = present.scores(state)
    assert isinstance(scores, list) and all(isinstance(score, dict) for score in scores)
    rows = present.move_rows(state)
    assert all(isinstance(row, dict) and isinstance(row["plies"], list) for row in rows)
    result = present.result(state)
    assert isinstance(result, dict) if state.is_terminal() else result is None
    assert isinstance(present.undoable(state), bool)
    record = present.public_record(state)
    assert record is None or isinstance(record, str)
    extras = present.extras(state, [])
    assert isinstance(extras, list) and all(isinstance(extra, dict) for extra in extras)
    setup = present.setup(state)
    assert setup is None or isinstance(setup, dict)
    if setup is not None and legal:  # a secret setup is composed, then previewed as a draft
        preview = present.preview(state, str(rng.choice(legal)))
        assert isinstance(preview, str) and "<svg" in preview
    placement = present.placement(state, [])
    assert placement is None or isinstance(placement, dict)
    resigned = present.resigned(state, 0)
    assert resigned is None or is_message(resigned)
    if not state.is_terminal():
        seat = state.current_player()
        for decision in (
            present.computer_decision(state, seat, state.game.ai()),
            present.hint_decision(state, seat, state.game.ai()),
        ):
            assert decision is None or state.is_legal(decision)
        before, action = state.clone(), rng.choice(legal)
        after = state.clone()
        after.apply(action)
        announcement = present.announce(before, action, after)
        assert announcement is None or is_message(announcement)


def test_presentation(game: Game):
    """Every game's presentation implements :class:`Presentation` (the controller calls it
    without probing), and each hook answers with the type the controller expects, at the
    start and after a few random actions."""
    present = game.presentation()
    assert isinstance(present, Presentation) and not inspect.isabstract(type(present))
    assert game.presentation() is present
    assert len(present.PLAYERS) >= game.max_players and all(map(is_message, present.PLAYERS))
    assert isinstance(present.POSTER_RECORD, str) and game.read_record(present.POSTER_RECORD)
    assert isinstance(present.HIGHLIGHT_SOURCES, bool)
    assert isinstance(present.KEEP_CLICK_CASE, bool) and isinstance(present.WINS, str)
    options = present.new_options(game.options.defaults())
    assert isinstance(options, dict) and set(dict(game.options.defaults())) <= set(options)
    rng = random.Random(7)
    state = game.new_initial_state()
    check_presentation(present, state, rng)
    for _ in range(6):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    check_presentation(present, state, rng)
