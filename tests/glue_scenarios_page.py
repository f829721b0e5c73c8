"""Scenarios for glue/page_state.py (the game page's state and transitions), run under CPython
and MicroPython like glue_scenarios.py."""

from glue import page_state
from glue.page_state import (
    CLICK_ENGINE,
    CLICK_IGNORED,
    CLICK_PROGRAM,
    CLICK_VIEWING,
    PageState,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def a_view(**more):
    view = {
        "ply_count": 3,
        "to_move": 0,
        "seats": ["human", "medium"],
        "scores": [],
        "result": None,
        "can_undo": True,
        "saved": {"redo": []},
    }
    view.update(more)
    return view


def no_texts(key):
    return False


def scenario_a_new_game_claims_a_fresh_slot_and_counts_a_generation():
    state = PageState("zebra")
    unlocked = page_state.begin_request(state, "new")
    taken = page_state.take_reply(
        state,
        "new",
        {"ok": True, "view": a_view(ply_count=0)},
        unlocked,
        lambda: "slot-1",
        no_texts,
    )
    assert taken.new_game and taken.claim == "slot-1" and taken.save and taken.render
    assert state.slot == "slot-1" and state.generation == 1 and state.loaded_generation is None
    assert not taken.ended and not taken.refused
    page_state.begin_request(state, "load")
    page_state.take_reply(
        state, "load", {"ok": True, "view": a_view()}, None, lambda: "slot-2", no_texts
    )
    assert state.slot == "slot-2" and state.loaded_generation == 2  # no best score for it


def scenario_a_restore_keeps_the_saved_games_id():
    state = PageState("zebra")
    state.next_slot = "kept"
    page_state.take_reply(
        state, "restore", {"ok": True, "view": a_view()}, None, lambda: "new", no_texts
    )
    assert state.slot == "kept"


def scenario_a_refused_new_game_keeps_the_game_and_its_unlocked_seat():
    state = PageState("virus-fight")
    state.view = a_view()
    state.slot = "mine"
    state.unlocked_seat = 1
    unlocked = page_state.begin_request(state, "new")
    assert state.unlocked_seat is None  # another game: the privacy screen comes back
    reply = {"ok": False, "error": {"code": "option.bad", "message": "no such size"}}
    taken = page_state.take_reply(state, "new", reply, unlocked, lambda: "other", no_texts)
    assert state.slot == "mine" and state.unlocked_seat == 1 and state.generation == 0
    assert not taken.new_game and taken.refused and not taken.save
    assert state.message == {
        "key": "error.generic",
        "params": {"message": "no such size"},
        "level": "error",
    }


def scenario_an_engine_error_has_its_own_text_where_the_site_has_one():
    def known(key):
        return key == "error.illegal"

    assert page_state.error_message({"code": "illegal", "params": {"x": 1}}, known) == {
        "key": "error.illegal",
        "params": {"x": 1},
    }
    record = page_state.error_message({"code": "record.line"}, known)
    assert record == {"key": "error.record.generic", "params": {"message": "record.line"}}
    assert page_state.worker_failure()["error"]["code"] == "internal"


def scenario_the_reply_that_ends_the_game_says_so_once():
    state = PageState("zebra")
    state.view = a_view()
    state.slot = "s"
    over = a_view(result={"winners": [0]}, to_move=None)
    taken = page_state.take_reply(
        state, "click", {"ok": True, "view": over}, None, lambda: "x", no_texts
    )
    assert taken.ended and taken.save
    again = page_state.take_reply(
        state, "view", {"ok": True, "view": over}, None, lambda: "x", no_texts
    )
    assert not again.ended


def scenario_a_message_in_error_counts_as_refused():
    state = PageState("zebra")
    state.view = a_view()
    reply = {"ok": True, "view": a_view(), "message": {"key": "m", "params": {}, "level": "error"}}
    taken = page_state.take_reply(state, "click", reply, None, lambda: "x", no_texts)
    assert taken.refused and not taken.save  # no saved game yet on this page


def scenario_a_request_that_changes_the_game_drops_the_search_and_the_hint():
    state = PageState("zebra")
    state.view = a_view(to_move=0)
    state.hint = {"key": page_state.hint_key(state), "actions": []}
    state.waiting = True
    epoch = state.epoch
    page_state.begin_request(state, "flip")
    assert state.hint is not None and state.waiting  # flipping the board changes nothing
    page_state.begin_request(state, "click")
    assert state.hint is None and not state.waiting and state.epoch == epoch + 1
    assert page_state.changes_game("undo") and not page_state.changes_game("view")


def scenario_the_computer_plays_in_slices_and_a_new_epoch_drops_its_decision():
    state = PageState("zebra")
    state.view = a_view(to_move=1)
    assert page_state.schedule_bot(state) and state.waiting
    assert not page_state.schedule_bot(state)  # never two at once
    state.waiting = False
    epoch = state.epoch
    assert page_state.bot_request(state, epoch) == {"op": "bot", "slice_ms": 50}
    thinking = {"ok": True, "thinking": {"purpose": "bot", "seat": 1, "progress": 0.5}}
    page_state.take_thinking(state, thinking)
    assert state.thinking_replies == 1 and page_state.thinking_progress(state) == 0.5
    assert not page_state.bot_decided(state, epoch, thinking)  # still thinking
    assert page_state.bot_decided(state, epoch, {"ok": True, "view": a_view()})
    assert state.thinking is None and not state.halted
    page_state.stop_computer(state)
    assert page_state.bot_request(state, epoch) is None  # planned for the old situation
    assert not page_state.bot_decided(state, epoch, {"ok": True, "view": a_view()})


def scenario_a_forced_pass_is_played_by_the_page_for_a_person_only():
    state = PageState("virus-war")
    state.view = a_view(to_move=0, seats=["human", "human"], forced="pass")
    assert page_state.schedule_bot(state) and state.waiting
    state.waiting = False
    assert page_state.bot_request(state, state.epoch) == {"op": "play", "action": "pass"}
    state.view = a_view(to_move=0, seats=["human", "human"], forced="pass", can_redo=True)
    assert not page_state.schedule_bot(state)  # stepped back: redo goes on, not a new pass
    state.view = a_view(to_move=1, seats=["human", "easy"], forced="pass")
    assert page_state.bot_request(state, state.epoch) == {"op": "bot", "slice_ms": 50}
    state.view = a_view(to_move=0, seats=["human", "human"], forced=None)
    assert not page_state.schedule_bot(state) and page_state.bot_request(state, 0) is None
    replay = PageState("virus-war", replay=True)
    replay.view = a_view(to_move=0, seats=["human", "human"], forced="pass")
    assert not page_state.schedule_bot(replay)  # a replay widget only replays


def scenario_a_failed_decision_halts_the_computer_until_the_next_change():
    state = PageState("zebra")
    state.view = a_view(to_move=1)
    epoch = state.epoch
    assert page_state.bot_decided(state, epoch, {"ok": False, "error": {"code": "internal"}})
    assert state.halted and not page_state.schedule_bot(state)
    page_state.begin_request(state, "undo")
    assert not state.halted and page_state.schedule_bot(state)


def scenario_pause_holds_the_computer_and_nothing_is_asked_while_a_request_is_out():
    state = PageState("zebra")
    state.view = a_view(to_move=1)
    page_state.toggle_pause(state)
    assert state.paused and not page_state.schedule_bot(state)
    page_state.toggle_pause(state)
    state.inflight = 1
    assert page_state.bot_request(state, state.epoch) is None
    state.inflight = 0
    state.view = a_view(to_move=0)  # a person's turn
    assert not page_state.schedule_bot(state)
    state.view = a_view(to_move=1, result={"winners": [1]})
    assert not page_state.schedule_bot(state)


def scenario_a_hint_belongs_to_its_position_and_only_a_person_asks_for_one():
    state = PageState("zebra")
    state.view = a_view(to_move=1)
    assert page_state.start_hint(state) is None  # the computer's turn
    state.view = a_view(to_move=0)
    state.handover_seat = 0
    assert page_state.start_hint(state) is None  # the device is being passed
    state.handover_seat = None
    epoch = page_state.start_hint(state)
    assert epoch == state.hint_epoch and state.hint_busy and page_state.hinting(state)
    assert page_state.start_hint(state) is None  # one at a time
    key = page_state.hint_key(state)
    page_state.hint_done(state, key, {"ok": True, "hint": {"actions": ["a1"]}})
    assert page_state.current_hint(state) == {"key": key, "actions": ["a1"]}
    state.view = a_view(to_move=0, ply_count=4)
    assert page_state.current_hint(state) is None  # another position
    page_state.hint_done(state, key, {"ok": False})
    assert state.hint is None


def scenario_clicks_go_where_the_page_is():
    state = PageState("zebra")
    assert page_state.click_decision(state, False, False) == CLICK_IGNORED  # no game yet
    state.view = a_view(to_move=0)
    assert page_state.click_decision(state, False, False) == CLICK_ENGINE
    assert page_state.click_decision(state, True, False) == CLICK_VIEWING
    state.view = a_view(to_move=1)
    assert page_state.click_decision(state, False, False) == CLICK_IGNORED
    state.view = a_view(to_move=0, setup={"seat": 0})
    assert page_state.click_decision(state, False, True) == CLICK_PROGRAM
    assert page_state.click_decision(state, False, False) == CLICK_IGNORED
    state.replay = True
    assert page_state.click_decision(state, False, True) == CLICK_IGNORED
    state.replay = False
    state.view = a_view(to_move=0)
    assert page_state.token_clickable(state, False) and not page_state.token_clickable(state, True)


def scenario_undo_goes_back_to_a_persons_decision():
    state = PageState("zebra")
    state.view = a_view(to_move=1)
    assert page_state.undo_again(state, {"ok": True})
    assert not page_state.undo_again(state, {"ok": False})
    state.view = a_view(to_move=1, can_undo=False)
    assert not page_state.undo_again(state, {"ok": True})
    state.view = a_view(to_move=1, seats=["easy", "medium"])  # computers only
    assert not page_state.undo_again(state, {"ok": True})
    state.view = a_view(to_move=0)
    assert not page_state.undo_again(state, {"ok": True})


def scenario_replay_buttons_go_to_existing_positions_only():
    view = a_view(ply_count=2, saved={"redo": ["x", "y"]})
    assert page_state.replay_target(view, "first") == 0
    assert page_state.replay_target(view, "prev") == 1
    assert page_state.replay_target(view, "next") == 3
    assert page_state.replay_target(view, "last") == 4
    assert page_state.replay_target(a_view(ply_count=0), "prev") is None
    assert page_state.replay_target(a_view(ply_count=0), "first") is None  # already there
    assert page_state.replay_target(view, "sideways") is None


def scenario_another_tab_saving_over_this_game_moves_it_to_a_new_id():
    state = PageState("zebra")
    state.view = a_view()
    state.slot = "s"
    assert page_state.took_back(state, "k", "k", "{}")
    assert not page_state.took_back(state, "k", "other", "{}")
    assert not page_state.took_back(state, "k", "k", None)  # removed, not taken
    state.view = a_view(saved=None)
    assert not page_state.took_back(state, "k", "k", "{}")


def scenario_seats_say_who_decides():
    view = a_view(seats=["human", "easy", "human"], scores=[{}, {}])
    assert page_state.human_seats(view) == [0]  # two players in the game
    assert page_state.is_bot_seat(view, 1) and not page_state.is_bot_seat(view, 0)
    assert not page_state.is_bot_seat(view, True) and not page_state.is_bot_seat(None, 0)
    assert not page_state.bot_to_move(None)


def scenario_a_game_by_link_plays_only_this_devices_seat():
    state = PageState("zebra")
    record = {"seat": 1, "base": 2, "sent": False}
    state.next_remote = record
    state.next_slot = "link-game"
    page_state.take_reply(
        state,
        "restore",
        {"ok": True, "view": a_view(ply_count=2, seats=["human", "human"])},
        None,
        lambda: "new",
        no_texts,
    )
    assert state.remote is record and state.next_remote is None and state.slot == "link-game"
    # the other seat moves: this device waits, clicks and buttons do not reach the engine
    assert page_state.remote_waits(state)
    assert page_state.click_decision(state, False, False) == page_state.CLICK_REMOTE
    assert not page_state.token_clickable(state, False)
    assert not page_state.human_to_move(state)  # no hint for the other side either
    assert not page_state.undo_allowed(state)  # what came in by link stays
    # this device's turn: it plays, and may take back what it played since the link came in
    state.view = a_view(ply_count=2, to_move=1, seats=["human", "human"])
    assert not page_state.remote_waits(state)
    assert page_state.click_decision(state, False, False) == CLICK_ENGINE
    assert not page_state.undo_allowed(state)
    state.view = a_view(ply_count=3, to_move=0, seats=["human", "human"])
    assert page_state.undo_allowed(state)
    record["sent"] = True  # once sent, it stays
    assert not page_state.undo_allowed(state)
    # the game over: nobody waits
    state.view = a_view(ply_count=3, to_move=0, result={"title": "x"})
    assert not page_state.remote_waits(state)
    # a new game on the page is not by link
    page_state.take_reply(
        state, "new", {"ok": True, "view": a_view()}, None, lambda: "fresh", no_texts
    )
    assert state.remote is None and page_state.undo_allowed(state)


def scenario_a_game_by_link_follows_another_tab_only_forward():
    state = PageState("zebra")
    state.view = a_view(ply_count=2)
    longer = '{"state": {"actions": ["a", "b", "c"]}}'
    assert page_state.moved_on(state, longer)
    assert not page_state.moved_on(state, '{"state": {"actions": ["a", "b"]}}')
    assert not page_state.moved_on(state, "{not json")
    assert not page_state.moved_on(state, None)


def scenario_a_sealed_program_by_link_waits_for_the_others():
    state = PageState("virus-fight")
    state.remote = {"seat": 0, "base": 0, "sent": False, "secret": None}
    state.view = a_view(ply_count=0, to_move=0, setup={"seat": 0}, seats=["human", "human"])
    assert not page_state.remote_waits(state)  # the builder is this device's to use
    state.remote["secret"] = {"p": "b1:M2 @b1", "k": "0" * 32}
    assert page_state.remote_waits(state)  # sealed: nothing more to do here


def why(state: "PageState", request: "Any") -> "Any":
    """page_state.refusal for a request written as a plain dict."""
    return page_state.refusal(state, request)


def scenario_a_game_by_link_refuses_every_request_for_another_seat_in_one_place():
    state = PageState("virus-war")
    record = {"seat": 1, "names": ["Ana", ""], "base": 2, "sent": False, "secret": None}
    state.remote = record
    state.view = a_view(ply_count=2, to_move=0, seats=["human", "human"], can_redo=True)
    alice = {"key": "link.not-your-move", "params": {"name": "Ana"}}
    acting = [
        {"op": "click", "cell": "a1"},
        {"op": "play", "action": "pass"},
        {"op": "cancel"},
        {"op": "redo"},
        {"op": "hint", "slice_ms": 50},
        {"op": "bot", "slice_ms": 50},
        {"op": "seek", "ply": 3},
    ]
    for request in acting:  # Ana's turn: nothing acts for her here, whatever sends it
        assert why(state, request) == alice, request
    assert why(state, {"op": "resign"})["key"] == "link.no-resign"
    assert why(state, {"op": "undo"})["key"] == "link.no-undo"
    assert why(state, {"op": "seek", "ply": 0})["key"] == "link.no-undo"
    looking = [
        {"op": "view"},
        {"op": "position", "ply": 1},
        {"op": "diagram"},
        {"op": "preview", "action": "x"},
        {"op": "flip"},
        {"op": "review"},
        {"op": "actors", "match": {}},
        {"op": "new", "game": "virus-war"},
        {"op": "load", "record": "x"},
        {"op": "restore", "match": {}},
        {"op": "seek", "ply": 2},  # where it is: nothing changes
    ]
    for request in looking:
        assert why(state, request) is None, request
    assert not page_state.may_decide(state)  # the decision buttons show disabled
    # a seat without a name is "Player 1" (counted from 1)
    record["names"] = ["", "Bea"]
    assert why(state, {"op": "click", "cell": "a1"}) == {
        "key": "link.not-your-move",
        "params": {"name": {"key": "link.player", "params": {"number": 1}}},
    }
    # this device's turn: it acts; undo and seek back only over its own unsent actions
    state.view = a_view(ply_count=2, to_move=1, seats=["human", "human"], can_redo=True)
    assert page_state.may_decide(state)
    for request in acting:
        assert why(state, request) is None, request
    assert why(state, {"op": "undo"})["key"] == "link.no-undo"  # came by link
    state.view = a_view(ply_count=4, to_move=0, seats=["human", "human"])
    for request in ({"op": "undo"}, {"op": "seek", "ply": 3}, {"op": "seek", "ply": 2}):
        assert why(state, request) is None, request
    assert why(state, {"op": "seek", "ply": 1})["key"] == "link.no-undo"
    record["sent"] = True
    assert why(state, {"op": "undo"})["key"] == "link.no-undo"
    # the game over: the engine says so itself
    state.view = a_view(ply_count=4, to_move=None, result={"title": "x"}, seats=["human"] * 2)
    assert why(state, {"op": "click", "cell": "a1"}) is None
    # the same requests in a game played here only: all pass
    state.remote = None
    state.view = a_view(ply_count=2, to_move=0, seats=["human", "human"])
    for request in acting + [{"op": "resign"}, {"op": "undo"}, {"op": "seek", "ply": 0}]:
        assert why(state, request) is None, request


def scenario_a_program_by_link_is_only_sealed_never_played():
    state = PageState("virus-fight")
    state.remote = {"seat": 0, "names": ["Ana", "Bea"], "base": 0, "sent": False, "secret": None}
    state.view = a_view(ply_count=0, to_move=0, setup={"seat": 0}, seats=["human", "human"])
    program = {"op": "play", "action": "b1:M2 @b1"}
    assert why(state, program) == {"key": "link.program-write", "params": {}}
    assert why(state, {"op": "preview", "action": "b1:M2 @b1"}) is None
    state.remote["secret"] = {"p": "b1:M2 @b1", "k": "0" * 32}
    assert why(state, program) == {"key": "link.programs-wait", "params": {}}


def scenario_a_refused_request_is_said_and_changes_nothing():
    state = PageState("zebra")
    view = a_view(ply_count=2, to_move=0, seats=["human", "human"])
    state.view = view
    state.slot = "link-game"
    state.remote = {"seat": 1, "names": ["Ana", "Bea"], "base": 2, "sent": True}
    reason = why(state, {"op": "play", "action": "pass"})
    reply = page_state.refused_reply(reason)
    assert not reply["ok"] and "view" not in reply
    taken = page_state.take_reply(
        state, "play", reply, None, lambda: "new", lambda key: key == "error.page.refused"
    )
    assert taken.refused and not taken.save and not taken.new_game and taken.render
    assert state.view is view and state.slot == "link-game"
    assert state.message == {
        "key": "error.page.refused",
        "params": {"reason": reason},
        "level": "error",
    }


def scenario_a_game_by_link_says_which_programs_are_sealed():
    state = PageState("virus-fight")
    players = [{"key": "virus-fight.player", "params": {"number": n}} for n in (1, 2, 3)]
    scores = [{"player": seat, "label": {"key": "virus-fight.score.writing"}} for seat in range(3)]
    state.view = a_view(ply_count=0, setup={"seat": 1}, players=players, scores=scores)
    assert page_state.scores_shown(state) == scores  # a game on this device: the engine's
    state.remote = {"seat": 1, "commits": ["ab" * 32, "cd" * 32, ""], "secret": {"p": "x"}}
    shown = page_state.scores_shown(state)
    assert [line["label"]["key"] for line in shown] == [
        "link.score.sealed",
        "link.score.sealed",  # this device's own, sealed here: no longer "writing"
        "link.score.writing",
    ]
    assert shown[2] == {
        "player": 2,
        "label": {"key": "link.score.writing", "params": {"player": players[2]}},
    }
    state.view = a_view(ply_count=3, players=players, scores=scores)  # the game is on
    assert page_state.scores_shown(state) == scores
