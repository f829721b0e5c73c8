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
