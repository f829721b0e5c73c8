"""The puzzle generator (web/tools/puzzles, docs/PUZZLES.md): the shipped files re-proven, the
proof on hand-checked positions, the file format, the rating fit, a reproducible tiny run."""

from __future__ import annotations

import copy
import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import pyengine
from pyengine.games.virus_fight.rules import VirusFightState

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "web" / "tools"))

import puzzles  # noqa: E402
from puzzles import ProofError, difficulty, format, game_module, mine, prove  # noqa: E402
from puzzles import virus_fight as fight_puzzles  # noqa: E402
from puzzles import zebra as zebra_puzzles  # noqa: E402
from test_virus_fight_examples import SAMPLE_RECORD  # noqa: E402

SHIPPED = sorted((REPOSITORY / "web" / "puzzles").glob("*.json"))


# -- the shipped files ---------------------------------------------------------------------------


def test_every_shipped_puzzle_is_re_proven() -> None:
    """Every puzzle of every file in web/puzzles/: its position is a unique puzzle of its kind
    and the stored solutions are exactly the proven ones (main line first); a "win" solution
    replays to the solver's win. All files together well under a minute."""
    assert SHIPPED, "no puzzle files in web/puzzles/"
    started = time.perf_counter()
    for path in SHIPPED:
        loaded = format.load(path)
        module = game_module(loaded["game"])
        for puzzle in loaded["puzzles"]:
            solutions = module.prove(puzzle)
            assert solutions == puzzle["solutions"], puzzle["id"]
            assert puzzles.player_turns(puzzle) == puzzle["player_turns"], puzzle["id"]
    assert time.perf_counter() - started < 60


@pytest.mark.parametrize("path", SHIPPED, ids=[path.stem for path in SHIPPED])
def test_shipped_file_holds_enough_rated_puzzles(path: Path) -> None:
    loaded = format.load(path, path.stem)
    shipped = loaded["puzzles"]
    assert len(shipped) >= 60
    assert loaded["game"] in puzzles.GAMES
    kinds = set(game_module(loaded["game"]).KINDS)
    ratings = [puzzle["rating"] for puzzle in shipped]
    assert ratings == sorted(ratings)
    for puzzle in shipped:
        assert puzzle["kind"] in kinds, puzzle["id"]
        assert puzzle["rating"] == difficulty.rating(puzzle["tries"]), puzzle["id"]
        state = format.position(puzzle)
        assert state.current_player() == puzzle["solver"], puzzle["id"]
        # the options the game was played with (Virus Fight's size 0 stands for the default 5)
        pyengine.get_game(loaded["game"]).options.validate(puzzle["options"])
        assert set(state.options) == set(puzzle["options"]), puzzle["id"]
    assert len(
        {json.dumps(format.position(puzzle).position_key(), default=str) for puzzle in shipped}
    ) == len(shipped)
    assert loaded["generator"]["command"].startswith("PYTHONPATH=web/tools")


# -- the proof on hand-checked positions ---------------------------------------------------------

ZEBRA_WIN_1 = "1. b1-c1 d2-d3 2. a2-a3 b2-a3 3. c2-d3 c3-d3 4. c4-b4 a3-a4"
"""White to move:

    4 B2 W2 .  B1
    3 W2 W1 .  B4
    2 .  .  .  .
    1 B1 .  W2 W1

White's moves all land on a4: a3-a4, b3-a4, b4-a4. b3-a4 empties b3 and leaves no Black tower
next to a White one (d4, d3 and a1 only touch empty cells and each other): Black is stuck and
White leads 5 towers to 3, so White wins at once. a3-a4 leaves B1 on a3 and b4-a4 leaves B1 on
b4, both next to White towers, so Black moves and the game goes on into White's second turn."""

ZEBRA_WIN_2 = (
    "1. a2-a3 d2-d3 2. b1-c1 b4-c4 3. c2-d3 c3-b3 4. d3-d4 b3-a4 5. b3-c4 b2-c1 6. d1-c1 a4-a3"
)
"""White to move, win in 2:

    4 W1 .  W3 W2
    3 B3 .  .  B2
    2 .  .  .  .
    1 B1 .  W4 .

a4-a3 takes a3 (W4) and leaves Black only d3 (B2) to move, onto c4 or d4; either way the White
piece left on d3 takes that tower back (d3-c4 or d3-d4), and Black (only a1 left, alone) is stuck
4 towers to 1. The proof also finds that c4-d3 and d4-d3 do not win within two turns."""


def _zebra(record: str) -> Any:
    return pyengine.get_game("zebra").read_record(record)


def test_zebra_win_in_1_hand_checked() -> None:
    state = _zebra(ZEBRA_WIN_1)
    assert sorted(map(str, state.legal_actions())) == ["a3-a4", "b3-a4", "b4-a4"]
    line = prove.solve(state, 1, zebra_puzzles.prover(0))
    assert line.solutions() == [["b3-a4"]]
    with pytest.raises(ProofError, match=r"already wins"):
        prove.solve(state, 2, zebra_puzzles.prover(0))


def test_zebra_win_in_2_hand_checked() -> None:
    state = _zebra(ZEBRA_WIN_2)
    assert sorted(map(str, state.legal_actions())) == ["a4-a3", "c4-d3", "d4-d3"]
    prover = zebra_puzzles.prover(0)
    assert not prover.wins(state, 1)
    line = prove.solve(state, 2, prover)
    main = line.main()
    assert main[0] == "a4-a3" and main[1] in ("d3-c4", "d3-d4") and main[2] == main[1]
    for solution in line.solutions():
        trial = state.clone()
        for text in solution:
            trial.apply(text)
        assert trial.result() is not None and trial.result().winners == (0,)


ZEBRA_TWO_WINS = (
    "1. b1-c1 c3-d3 2. c2-d2 b4-c4 3. b3-c4 d3-c4 4. a2-a3 c4-d3 5. c1-b2 c1-b2 6. a3-b2 a3-a4 "
    "7. b2-a1 b2-a1 8. c4-d3 c4-d3 9. c4-d3 d4-d3 10. b2-a1 b2-a1 11. d2-d3"
)
"""Black to move:

    4 B2 .  .  .
    3 .  .  .  W7
    2 .  .  .  B1
    1 B5 .  .  W1

Black's two moves both win at once: d2-d1 leaves W7 on d3 with only empty neighbours, d2-d3
leaves W1 on d1 with only empty neighbours; either way White is stuck with 1 tower to 3."""


def test_zebra_prover_rejects_a_non_unique_win() -> None:
    state = _zebra(ZEBRA_TWO_WINS)
    assert sorted(map(str, state.legal_actions())) == ["d2-d1", "d2-d3"]
    prover = zebra_puzzles.prover(1)
    assert len(prover.winning_ends(state, prove.turn_ends(state), 0)) == 2
    with pytest.raises(ProofError, match="2 turns keep the win"):
        prove.solve(state, 1, prover)
    assert zebra_puzzles.find_puzzle(state) is None


def test_zebra_search_key_keeps_the_history_that_matters() -> None:
    """The key holds the earlier positions with as many empty cells as now (the only ones the
    repetition rule can meet again, §5): a move that empties no cell adds the position before
    it; a move that empties one starts afresh."""
    state = _zebra(ZEBRA_WIN_1)
    key = zebra_puzzles.search_key(state, 0)
    assert isinstance(key, tuple)
    assert key[0] == state.cells and key[1] == state.to_move
    empty = state.cells.count(0)
    assert all(cells.count(0) == empty for cells, _ in key[2])
    before = (state.cells, state.to_move)
    state.apply("a3-a4")  # W2 on a3 leaves B1: no cell emptied
    after = zebra_puzzles.search_key(state, 0)
    assert isinstance(after, tuple) and before in after[2]
    state.undo()
    state.apply("b3-a4")  # empties b3
    emptied = zebra_puzzles.search_key(state, 0)
    assert isinstance(emptied, tuple) and emptied[2] == frozenset()


def test_shipped_style_reproof_detects_a_wrong_answer() -> None:
    state = _zebra(ZEBRA_WIN_1)
    puzzle = {
        "id": "zebra-001",
        "kind": "win",
        "turns": 1,
        "options": dict(state.options),
        "record": pyengine.get_game("zebra").write_record(state),
        "solver": 0,
        "solutions": [["b3-a4"]],
    }
    assert zebra_puzzles.prove(puzzle) == [["b3-a4"]]
    with pytest.raises(ProofError, match="zebra-001"):
        zebra_puzzles.prove(dict(puzzle, solutions=[["a3-a4"]]))
    with pytest.raises(ProofError, match="zebra-001: the solver already wins"):
        zebra_puzzles.prove(dict(puzzle, turns=2))


VIRUS_FIGHT_WIN_1 = SAMPLE_RECORD[: SAMPLE_RECORD.index("4.1 ")]
"""The spec's complete game (virus-fight.md §8.2) before 4.1: seat 1 (solver 0) runs E2 on b4;
its sources b4, b5 (seat 2's E2, in seat 1's block), c1 erase x-, xb1, xb3 or xb5. Erasing b5
cuts seat 2's marked M1 on c5 off: at 4.2 its MOVE has nothing to move and the marker nothing to
step on, so seat 2 is eliminated, whatever happens. Only xb5 does that (the step is then forced
onto b3)."""


def test_virus_fight_win_in_1_hand_checked() -> None:
    state = pyengine.get_game("virus-fight").read_record(VIRUS_FIGHT_WIN_1)
    assert state.current_player() == 0
    assert sorted(map(str, state.legal_actions())) == ["x-", "xb1", "xb3", "xb5"]
    line = prove.solve(state, 1, fight_puzzles.prover(0))
    assert line.solutions() == [["xb5", "@b3"]]  # seat 2's last turn is all automatic
    for solution in line.solutions():
        trial = state.clone()
        for text in solution:
            trial.apply(text)
        assert trial.result() is not None and trial.result().ending == "elimination"


def test_virus_fight_prover_rejects_a_non_unique_win() -> None:
    """One turn earlier (before 3.1, seat 1's W1 on b3) seat 1 also wins in 1, by writing an
    E2 next to seat 2's E2 on b5 or by others of its 56 writes: not one answer, so no puzzle."""
    record = VIRUS_FIGHT_WIN_1.rsplit("3.1", 1)[0]
    state = pyengine.get_game("virus-fight").read_record(record)
    assert fight_puzzles.prover(0).wins(state, 1)
    with pytest.raises(ProofError, match="turns keep the win"):
        prove.solve(state, 1, fight_puzzles.prover(0))


VIRUS_FIGHT_SURVIVE = """VirusFight 1
players 2
size 5
seed 0
setup 1 a1:E3 b1:W2 c1:M3 d1:J2 e1:E2 @c1
setup 2 c5:E3 d5:W2 @d5
1.2 W2 +E1@b5 @c5
1.1 M3 a1-e2 @d1
2.2 E3 xd5 @b5
2.1 J2 J@e1
3.1 E2 x- @e2
3.2 E1 x- @c5
4.1 E3 x- @e1
4.2 E3 x- @b5
5.1 E2 x- @e2
5.2 E1 x- @c5
6.1 E3 xd1 @e1
6.2 E3 x- @b5
"""
"""Seat 1 (solver 0) runs E2 on e1:

    5 .      E1/2*2 E3/2   .      .
    2 .      .      .      .      E3/1
    1 .      W2/1   M3/1   .      E2/1*1

Its sources e1 and e2 reach the empty d1, d2, e3 (so x-) and the unmarked e2 (xe2). After xe2
the marker on e1 has no piece to step on: seat 1 strands itself. After x- it steps onto e2 (its
only step), and seat 2, whose block {b5, c5} is far away and can only erase, write and move next
to it, cannot touch e1 or e2: seat 1's next ERASE on e2 again steps back onto e1. The only turn
that survives is x- @e2."""


def test_virus_fight_survive_hand_checked() -> None:
    state = pyengine.get_game("virus-fight").read_record(VIRUS_FIGHT_SURVIVE)
    assert state.current_player() == 0
    assert sorted(map(str, state.legal_actions())) == ["x-", "xe2"]
    assert fight_puzzles.survive_line(state) == [["x-", "@e2"]]
    assert isinstance(state, VirusFightState)
    found = fight_puzzles.find_puzzle(state)
    assert found is not None and (found["kind"], found["solutions"]) == ("survive", [["x-", "@e2"]])


def test_virus_fight_survive_rejects_a_quiet_position() -> None:
    """Early in the same game (seat 1's first turn) nothing threatens: many turns survive."""
    record = VIRUS_FIGHT_SURVIVE.split("1.1 ", 1)[0]
    state = pyengine.get_game("virus-fight").read_record(record)
    assert state.current_player() == 0
    with pytest.raises(ProofError, match="two or more turns survive"):
        fight_puzzles.survive_line(state)


def test_the_players_turns_are_the_games_own() -> None:
    """A Virus Fight turn is one instruction (virus-fight.md §6.1): a win whose line ends one
    round and starts the next with the solver's two instructions is proven as one run of the
    solver's actions, but the player plays it as two turns; elsewhere a run is a turn."""
    shipped = {puzzle["id"]: puzzle for path in SHIPPED for puzzle in format.load(path)["puzzles"]}
    for name, line in (
        ("virus-fight-074", ["a3-c5", "@b5", "xb4", "@c5"]),
        ("virus-fight-075", ["+J3@c5", "@c5", "J@d5", "x-"]),
    ):
        puzzle = shipped[name]
        assert puzzle["solutions"] == [line] and puzzle["turns"] == 1
        assert puzzles.player_turns(puzzle) == puzzle["player_turns"] == 2
    two = [name for name, puzzle in shipped.items() if puzzle["player_turns"] != puzzle["turns"]]
    assert two and all(name.startswith("virus-fight-") for name in two)
    zebra = next(puzzle for name, puzzle in shipped.items() if name.startswith("zebra-"))
    assert puzzles.player_turns(zebra) == zebra["turns"]


# -- the file format -----------------------------------------------------------------------------


def _sample_document() -> dict[str, Any]:
    state = _zebra(ZEBRA_WIN_1)
    puzzle = {
        "id": "zebra-001",
        "kind": "win",
        "turns": 1,
        "player_turns": 1,
        "options": dict(state.options),
        "record": pyengine.get_game("zebra").write_record(state),
        "solver": 0,
        "solutions": [["b3-a4"]],
        "rating": 700,
        "tries": {"random": [3, 8], "easy": [4, 4]},
    }
    return format.document(
        "zebra", [puzzle], command="python -m puzzles zebra", seed=1, seconds=2.0
    )


def test_format_round_trip_and_position() -> None:
    document = _sample_document()
    text = format.dumps(document)
    assert text.count("\n") == 7  # 4 header lines, "puzzles": [, one line a puzzle, ]}
    loaded = format.loads(text, "zebra")
    assert loaded == document
    assert list(loaded["puzzles"][0]) == list(format.PUZZLE_KEYS)
    state = format.position(loaded["puzzles"][0])
    assert state.position_key() == _zebra(ZEBRA_WIN_1).position_key()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("generator"), "'generator' is missing"),
        (lambda d: d.update(format="other"), "'format' must be"),
        (lambda d: d["puzzles"][0].update(id="zebra-002"), "'id' must be 'zebra-001'"),
        (lambda d: d["puzzles"][0].pop("rating"), "zebra-001: 'rating' is missing"),
        (lambda d: d["puzzles"][0].update(turns=0), "zebra-001: 'turns' must be"),
        (lambda d: d["puzzles"][0].update(player_turns=0), "zebra-001: 'player_turns' must be"),
        (lambda d: d["puzzles"][0].update(solutions=[]), "zebra-001: 'solutions' must be"),
        (lambda d: d["puzzles"][0].update(solutions=[["a"], ["a"]]), "repeats"),
        (lambda d: d["puzzles"][0]["tries"].update(easy=[5, 4]), "'tries.easy' must be"),
        (lambda d: d["puzzles"][0]["tries"].update(expert=[1, 1]), "'tries.expert' is not a level"),
        (lambda d: d["puzzles"][0].update(extra=1), "'extra' is not a puzzle field"),
    ],
)
def test_format_rejects_a_corrupt_file(change: Any, message: str) -> None:
    document = copy.deepcopy(_sample_document())
    change(document)
    with pytest.raises(format.PuzzleFormatError, match=message.replace("[", r"\[")):
        format.loads(json.dumps(document), "zebra")


def test_format_rejects_bad_json_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "zebra.json"
    path.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(format.PuzzleFormatError, match=r"zebra\.json: .*not JSON"):
        format.load(path)


# -- the rating ----------------------------------------------------------------------------------


def test_rating_symmetric_prior_and_evidence() -> None:
    assert difficulty.rating({}) == 1200
    half = dict.fromkeys(difficulty.ANCHORS, (2, 4))
    assert difficulty.rating(half) == 1200
    everything = {"random": (8, 8), "easy": (4, 4), "medium": (3, 3), "hard": (2, 2)}
    nothing = {"random": (0, 8), "easy": (0, 4), "medium": (0, 3), "hard": (0, 2)}
    assert difficulty.rating(everything) < 600 < 1200 < difficulty.rating(nothing) < 2000


def test_rating_is_monotone_in_finds() -> None:
    base = {"random": [2, 8], "easy": [2, 4], "medium": [2, 3], "hard": [1, 2]}
    value = difficulty.rating(base)
    for level in base:
        more = copy.deepcopy(base)
        more[level][0] += 1
        assert difficulty.rating(more) < value, level
    # the more often the weak levels find it, the lower (easier) the rating
    ratings = [difficulty.rating({"random": (found, 8), "hard": (2, 2)}) for found in range(9)]
    assert ratings == sorted(ratings, reverse=True) and len(set(ratings)) == 9


def test_rating_is_the_maximum_likelihood() -> None:
    tries = {"random": (6, 8), "easy": (2, 4), "medium": (1, 3), "hard": (0, 2)}
    best = difficulty.rating(tries)

    def likelihood(value: float) -> float:
        import math

        total = 0.0
        for level, (found, tried) in tries.items():
            chance = difficulty.find_probability(value, difficulty.ANCHORS[level])
            total += (found + 0.5) * math.log(chance) + (tried - found + 0.5) * math.log(1 - chance)
        return total

    assert likelihood(best) >= likelihood(best - 5) and likelihood(best) >= likelihood(best + 5)


def test_measure_counts_the_levels_finds() -> None:
    state = _zebra(ZEBRA_WIN_1)
    puzzle = {
        "record": pyengine.get_game("zebra").write_record(state),
        "solver": 0,
        "solutions": [["b3-a4"]],
    }
    counts = difficulty.measure("zebra", puzzle, {"random": 6, "hard": 1}, seed=3)
    assert set(counts) == {"random", "hard"}
    assert counts["hard"] == [1, 1]  # a win in one move: the search's solver sees it
    assert 0 <= counts["random"][0] <= 6 and counts["random"][1] == 6


# -- the generator -------------------------------------------------------------------------------


def test_quotas_split_the_count() -> None:
    shares = {("win", 1): 0.2, ("win", 2): 0.3, ("win", 3): 0.3, ("win", 4): 0.2}
    assert mine.quotas(shares, 75) == {
        ("win", 1): 15,
        ("win", 2): 23,
        ("win", 3): 22,
        ("win", 4): 15,
    }
    assert mine.quotas(shares, 10) == {("win", 1): 2, ("win", 2): 3, ("win", 3): 3, ("win", 4): 2}


def test_tiny_run_is_reproducible() -> None:
    tries = {"random": 2, "easy": 1}
    first = mine.generate("zebra", seed=5, count=2, tries=tries, out="x.json")
    second = mine.generate("zebra", seed=5, count=2, tries=tries, out="x.json")
    first["generator"].pop("seconds")
    second["generator"].pop("seconds")
    assert first == second
    assert len(first["puzzles"]) == 2
    assert (
        "--seed 5 --count 2 --tries random=2,easy=1 --out x.json" in first["generator"]["command"]
    )
    for puzzle in first["puzzles"]:
        assert zebra_puzzles.prove(puzzle) == puzzle["solutions"]
