"""Virus Fight on the built site: programs through the builder and the privacy screen, whole
games by clicks, compared with the engine."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from virus_fight_play import (
    build_program,
    open_virus_fight,
    play_actions,
    random_game,
    set_up,
    unlock,
)

SAMPLE_PROGRAMS = ["b1:W2 c1:E3 @b1", "c5:M1 d5:E2 @d5"]
SAMPLE_ACTIONS = [
    "x-",
    "@c5",
    "+W3@b2",
    "@b2",
    "+W1@b3",
    "@b3",
    "d5-b5",
    "@b5",
    "x-",
    "@c5",
    "+E2@b4",
    "@b4",
    "xb5",
    "@b3",
]
SAMPLE_RECORD = """VirusFight 1
players 2
size 5
seed 0
setup 1 b1:W2 c1:E3 @b1
setup 2 c5:M1 d5:E2 @d5
1.2 E2 x- @c5
1.1 W2 +W3@b2 @b2
2.1 W3 +W1@b3 @b3
2.2 M1 d5-b5 @b5
3.2 E2 x- @c5
3.1 W1 +E2@b4 @b4
4.1 E2 xb5 @b3
4.2 M1 - @-
result win 1 elimination
"""


def mirror(record: str):
    import pyengine

    return pyengine.get_game("virus-fight").read_record(record)


def test_the_rules_sample_game_by_clicks(page: Page, site_url: str, watch) -> None:
    open_virus_fight(page, site_url, {"players": 2, "seed": 0})
    expect(page.locator("#turn-text")).to_have_text("Player 1: write your program")
    expect(page.locator("#board .cell.home-0")).to_have_count(5)
    set_up(page, SAMPLE_PROGRAMS)
    expect(page.locator("#message")).to_have_text(
        "All programs are revealed! Player 2 plays first."
    )
    expect(page.locator("#turn-text")).to_have_text("Player 2 executes ERASE 2")
    expect(page.locator("#status")).to_contain_text("Round 1 (first: Player 2).")
    expect(page.locator("#board .cell.highlight")).to_have_count(3)  # capture c5, or aim at d4 / e5
    expect(page.locator("#undo")).to_be_disabled()  # programs are never taken back
    expect(page.locator("#extras figure")).to_have_count(2)
    expect(page.locator('#extras figure[data-seat="0"] figcaption')).to_have_text(
        "Player 1's supply: 10 pieces"
    )

    state = mirror("\n".join(SAMPLE_RECORD.splitlines()[:6]))
    play_actions(page, state, SAMPLE_ACTIONS)
    expect(page.locator("#message")).to_contain_text(
        "Player 2 cannot move their marker and is eliminated."
    )
    expect(page.locator("#result-title")).to_have_text("Player 1 wins!")
    expect(page.locator("#result-detail")).to_have_text("Every other program was eliminated.")
    assert page.locator("#record-text").input_value() == SAMPLE_RECORD
    # the captured E2 sits in Player 1's supply, drawn in Player 2's colours
    expect(page.locator('#extras figure[data-seat="0"] .slot.captured')).to_have_count(1)
    expect(page.locator('#extras figure[data-seat="0"] .slot[data-code="E2"]')).to_have_attribute(
        "data-origins", "1"
    )
    expect(page.locator('#extras figure[data-seat="1"] figcaption')).to_have_text(
        "Player 2: eliminated, supply gone"
    )


def test_a_random_two_player_game_to_the_winner(page: Page, site_url: str, watch) -> None:
    programs, actions, final = random_game({"players": 2, "seed": 0}, seed=0)
    assert final.result().ending == "elimination"
    assert {turn.code[0] for turn in final.turns} == set("MWJE")
    open_virus_fight(page, site_url, {"players": 2, "seed": 0})
    set_up(page, programs)
    state = mirror(page.locator("#record-text").input_value())
    play_actions(page, state, actions)
    (winner,) = final.result().winners
    expect(page.locator("#result-title")).to_have_text(f"Player {winner + 1} wins!")
    assert page.locator("#record-text").input_value() == final.game.write_record(final)
    page.locator("#result-close").click()
    expect(page.locator("#result")).to_be_hidden()


def test_three_players_set_up_and_play_ten_rounds(page: Page, site_url: str, watch) -> None:
    open_virus_fight(page, site_url, {"players": 3, "seed": 5})
    expect(page.locator("#board [data-cell]")).to_have_count(36)
    programs = ["c1:M1 d1:W2 e1:J3 f1:J2 @f1", "a3:W3 a4:E1 a5:W1 @a5", "d6:M3 e6:M2 @e6"]
    set_up(page, programs)
    record = page.locator("#record-text").input_value()
    for number, program in enumerate(programs, start=1):
        assert f"setup {number} {program}" in record
    state = mirror(record)
    expect(page.locator("#move-list li.prelude")).to_have_count(3)

    # a stop proposal, declined: the turn goes on and cannot propose again
    proposer = state.current_player()
    page.locator('#turn-actions button[data-play="stop"]').click()
    expect(page.locator("#message")).to_have_text(
        f"Player {proposer + 1} proposes to stop the game; every other player answers in turn."
    )
    expect(page.locator("#turn-text")).to_contain_text(f"Player {proposer + 1} proposes to stop")
    page.locator('#turn-actions button[data-play="decline"]').click()
    expect(page.locator('#turn-actions button[data-play="stop"]')).to_have_count(0)
    state.apply("stop")
    state.apply("decline")

    import random

    rng = random.Random(3)
    actions = []
    twin = state.clone()
    while not twin.is_terminal() and twin.round_number <= 10:
        action = str(rng.choice(twin.legal_actions()))
        actions.append(action)
        twin.apply(action)
    play_actions(page, state, actions)
    assert state.round_number > 10 and not state.is_terminal()
    assert page.locator("#record-text").input_value() == state.game.write_record(state)
    if not state.is_terminal():
        expect(page.locator("#status")).to_contain_text(
            f"Round {state.round_number} (first: Player {state.first_player + 1})."
        )
    # undo takes back the last decision only
    if not state.is_terminal():
        page.locator("#undo").click()
        state.undo()
        expect(page.locator("#record-text")).to_have_value(state.game.write_record(state))


def test_five_player_setup_on_the_default_board(page: Page, site_url: str, watch) -> None:
    open_virus_fight(page, site_url, {"players": 5})
    expect(page.locator("#board [data-cell]")).to_have_count(81)
    expect(page.locator("#scores li")).to_have_count(5)
    for seat in range(5):
        expect(page.locator(f"#board .cell.home-{seat}")).to_have_count(4 if seat in (0, 4) else 5)
    unlock(page, 1)
    expect(page.locator("#program-builder .slot")).to_have_count(4)  # seat 1 shares the south edge
    build_program(page, "a1:J3 b1:E3 c1:W3 d1:M3 @a1")
    for number in range(2, 6):
        unlock(page, number)
        expect(page.locator("#board .cell.piece")).to_have_count(0)  # nobody else's program shows
        page.locator("#builder-random").click()
        page.locator("#builder-submit").click()
    expect(page.locator("#message")).to_contain_text("All programs are revealed!")
    state = mirror(page.locator("#record-text").input_value())
    expect(page.locator("#board .cell.piece")).to_have_count(len(state.board_cells()))
    expect(page.locator("#board .cell.marked")).to_have_count(5 - len(state.eliminated))
    expect(page.locator("#extras figure")).to_have_count(5)
    expect(page.locator("#turn")).to_have_attribute("data-player", str(state.current_player()))
    if not state.is_terminal():
        expect(page.locator("#turn-text")).to_have_text(
            re.compile(r"^Player \d executes (MOVE|WRITE|JUMP|ERASE) [123]$")
        )
