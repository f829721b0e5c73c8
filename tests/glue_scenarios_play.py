"""Scenarios for replays (web/app/glue/navigation.py) and one-click starts, rematches and the
board's orientation (web/app/glue/starts.py), in the Python that both MicroPython and CPython
run (see glue_scenarios.py)."""

from glue import navigation, starts


def scenario_replay_steps_stay_in_the_game_and_end_at_the_live_position():
    target = navigation.view_target
    # from the live game (ply 10)
    assert target(None, 10, "prev") == 9
    assert target(None, 10, "next") is None and target(None, 10, "last") is None
    assert target(None, 10, "first") == 0
    # while viewing
    assert target(4, 10, "prev") == 3 and target(4, 10, "next") == 5
    assert target(0, 10, "prev") == 0  # the start stays the start
    assert target(9, 10, "next") is None  # one step past the last viewed: the live game
    assert target(4, 10, "last") is None
    # a move of the list or a point of the chart
    assert target(None, 10, 3) == 3 and target(5, 10, 10) is None and target(5, 10, 12) is None
    assert target(5, 10, -2) == 0
    # nothing to step through before the first action; unknown steps change nothing
    assert target(None, 0, "prev") is None and target(None, 0, "first") is None
    assert target(4, 10, "sideways") == 4 and target(4, 10, True) == 4
    assert navigation.REPLAY_KEYS["ArrowLeft"] == "prev" and navigation.REPLAY_KEYS["End"] == "last"


def scenario_the_move_list_entry_of_a_position():
    # a Virus War game: turns of three steps, the last in progress
    moves = [
        {"number": 1, "plies": [{"text": "a1-b2-c3", "ply": 3}, {"text": "f6-e5-d4", "ply": 6}]},
        {"number": 2, "plies": [{"text": "b3", "ply": 7, "last": True}]},
    ]
    assert [entry["text"] for entry in navigation.entries(moves)] == ["a1-b2-c3", "f6-e5-d4", "b3"]
    viewed = navigation.viewed_entry
    assert viewed(moves, None) is None and viewed(moves, 0) is None
    assert [viewed(moves, ply) for ply in range(1, 8)] == [0, 0, 0, 1, 1, 1, 2]
    assert viewed(moves, 8) is None
    assert viewed([{"number": 1, "plies": [{"text": "x"}]}], 1) is None  # no ply: not known


def scenario_replay_steps_and_counts_as_the_move_list_does():
    # Virus War: 14 steps, turns of three (the last in progress); the list counts turns
    moves = [
        {"number": 1, "plies": [{"text": "a1-b2-c1", "ply": 3}, {"text": "f6-e6-f5", "ply": 6}]},
        {"number": 2, "plies": [{"text": "a3-a2-d2", "ply": 9}, {"text": "e4-d6", "ply": 12}]},
        {"number": 3, "plies": [{"text": "d3-d4", "ply": 14, "last": True}]},
    ]
    stops = navigation.step_stops(moves, 14)
    assert stops == [0, 3, 6, 9, 12]
    target = navigation.view_target
    assert target(None, 14, "prev", stops) == 12 and target(12, 14, "next", stops) is None
    assert target(0, 14, "next", stops) == 3 and target(3, 14, "next", stops) == 6
    assert target(6, 14, "prev", stops) == 3 and target(0, 14, "prev", stops) == 0
    assert target(5, 14, "prev", stops) == 3 and target(4, 14, "next", stops) == 6
    # a point of the chart between two turns: the nearer one (the later of two as near)
    assert target(None, 14, 4, stops) == 3 and target(None, 14, 5, stops) == 6
    assert target(None, 14, 13, stops) is None and target(None, 14, 1, stops) == 0
    number = navigation.position_number
    # "Viewing move 1 of 5" for the first turn, not "move 3 of 14"
    assert number(moves, 3) == (1, 5) and number(moves, 3, 0) == (1, 5)
    assert number(moves, 12) == (4, 5) and number(moves, 0) == (0, 5)
    assert number(moves, 4) == (1, 5)  # one step into the second turn: one turn done
    # Virus Fight: the programs appear together at the reveal (position 2); each its number
    fight: list = [
        {"number": None, "plies": [{"text": "1: a1:W1 @c1", "ply": 2}]},
        {"number": None, "plies": [{"text": "2: a5:E3 @e5", "ply": 2}]},
        {"number": 1, "plies": [{"text": "1: W2 @d1", "ply": 4}, {"text": "2: J3", "ply": 5}]},
    ]
    assert navigation.step_stops(fight, 6) == [0, 2, 4, 5]
    assert number(fight, 2, 0) == (1, 4) and number(fight, 2, 1) == (2, 4)
    assert number(fight, 2) == (2, 4) and navigation.viewed_entry(fight, 2) == 1
    assert number(fight, 2, 3) == (2, 4)  # a move clicked that shows another position
    # Zebra: a move per action, every position a stop
    zebra = [{"number": 1, "plies": [{"text": "b1-c1", "ply": 1}, {"text": "d2-d3", "ply": 2}]}]
    assert navigation.step_stops(zebra, 3) == [0, 1, 2] and number(zebra, 1) == (1, 2)
    assert navigation.step_stops(zebra, 2) == [0, 1]  # the live position is no stop
    assert navigation.step_stops([], 5) == [0] and number([], 0) == (0, 0)


def scenario_the_evaluation_chart_names_a_position_by_where_it_is_clicked():
    assert navigation.chart_ply(0.0, 11) == 0 and navigation.chart_ply(1.0, 11) == 10
    assert navigation.chart_ply(0.52, 11) == 5 and navigation.chart_ply(0.56, 11) == 6
    assert navigation.chart_ply(-3, 11) == 0 and navigation.chart_ply(7, 11) == 10
    assert navigation.chart_ply(0.5, 1) == 0
    assert navigation.chart_x(5, 11, 300) == 150.0 and navigation.chart_x(20, 11, 300) == 300.0
    assert navigation.chart_x(0, 1, 300) == 0.0


def scenario_one_click_starts_from_the_home_page():
    asked = starts.start_asked
    assert asked("#play=friend") == {"play": "friend"}
    assert asked("#play=computer") == {"play": "computer", "level": None}
    assert asked("play=computer&level=easy") == {"play": "computer", "level": "easy"}
    assert asked("#play=computer&level=godlike") == {"play": "computer", "level": None}
    assert asked("#play=chess") is None and asked("#record=t...") is None and asked("#") is None
    # a wrong part is said (the game starts without it), named by a short excerpt
    problem = starts.start_problem
    assert problem("#play=computer&level=godlike") == {
        "key": "start.bad-level",
        "params": {"value": "godlike", "levels": "easy, medium, hard"},
    }
    assert problem("#play=chess") == {"key": "start.bad-play", "params": {"value": "chess"}}
    long = problem("#play=computer&level=" + "x" * 3000)
    assert long is not None and len(long["params"]["value"]) == 24
    assert problem("#play=computer&level=easy") is None and problem("#play=computer") is None
    assert problem("#record=t...") is None and problem("#") is None
    bots = ["random", "easy", "medium", "hard"]
    level = starts.chosen_level
    assert level("hard", "easy", bots) == "hard"
    assert level(None, "easy", bots) == "easy"
    assert level(None, None, bots) == "medium"
    assert level(None, "strange", bots) == "medium"
    assert level("easy", None, ["random", "greedy"]) == "greedy"  # the game's strongest
    assert level(None, None, []) == "medium"


def scenario_rematch_swaps_seats_against_the_computer_with_new_dice():
    assert starts.rematch_seats(["human", "hard"]) == ["hard", "human"]
    assert starts.rematch_seats(["hard", "human"]) == ["human", "hard"]
    assert starts.rematch_seats(["human", "easy", "easy"]) == ["easy", "human", "easy"]
    assert starts.rematch_seats(["human", "human"]) == ["human", "human"]
    assert starts.rematch_seats([]) == []
    options = {"players": 2, "seed": 77, "size": 0}
    assert starts.rematch_options(options) == {"players": 2, "size": 0}
    assert options["seed"] == 77  # the game's own options are not changed


def scenario_the_board_starts_with_the_persons_side_at_the_bottom():
    assert starts.flipped_for(["medium", "human"])
    assert not starts.flipped_for(["human", "medium"])
    assert not starts.flipped_for(["human", "human"]) and not starts.flipped_for(["easy", "hard"])
    assert not starts.flipped_for(["easy", "human", "easy"])  # only two-seat boards turn
    assert not starts.flipped_for([])


def scenario_a_new_game_says_where_the_unfinished_one_is():
    assert starts.unfinished({"ply_count": 3, "result": None})
    assert not starts.unfinished({"ply_count": 0, "result": None})
    assert not starts.unfinished({"ply_count": 30, "result": {"title": {"key": "won"}}})
    assert not starts.unfinished(None)
