"""Nothing lost: games saved after every action and resumed after a reload, the home page's
list of unfinished games (kept up to date from other tabs), record files out and in (bad files
refused naming the problem), share links (a tampered one gives a clear error and a fresh game),
new games and refused links that never push a played game out, and a full storage that never
stops a page (it says the game is not being saved)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from game_page import open_game
from human_play import wait_for_held
from virus_war_play import choose_game as choose_virus_war
from virus_war_play import open_virus_war
from virus_war_play import play_by_clicks as play_virus_war
from zebra_play import cells_of, choose_game, click_cell, open_zebra, play_by_clicks

# The keys of the games kept in this browser (web/app/glue/saved.py).
SAVED_KEYS = """() => Object.keys(localStorage).filter((key) => key.startsWith('virus-games.saved'))
    .sort()"""
# Fills localStorage with junk until not one more character fits, and nothing is left that a
# save could free to make room (board pictures: a save may drop other games' pictures).
FILL_STORAGE = """() => {
    Object.keys(localStorage).filter((key) => key.startsWith('virus-games.board.'))
        .forEach((key) => localStorage.removeItem(key));
    let size = 1 << 20;
    let count = 0;
    while (size >= 1) {
        try {
            localStorage.setItem(`junk-${count}`, "j".repeat(size));
            count += 1;
        } catch {
            size = Math.floor(size / 2);
        }
    }
    return count;
}"""
SAVED_PLIES = """() => {
    const games = JSON.parse(sessionStorage.getItem('virus-games.tab')).games;
    const saved = JSON.parse(localStorage.getItem('virus-games.saved.' + games['virus-war']));
    return saved.state.actions.length;
}"""
FREE_STORAGE = """() => Object.keys(localStorage).filter((key) => key.startsWith('junk-'))
    .forEach((key) => localStorage.removeItem(key))"""


def board_cells(page: Page) -> dict[str, str]:
    """Each cell's kind and height: the position on screen."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#board [data-cell]')]
        .map((cell) => [cell.dataset.cell, `${cell.dataset.kind}/${cell.dataset.height ?? ''}`]))""")


def play_on(page: Page, moves: list[str]) -> None:
    """Plays `moves` by clicks after the moves already on the list."""
    start = page.locator("#move-list .ply").count()
    for number, move in enumerate(moves, start=start + 1):
        for cell in cells_of(move):
            click_cell(page, cell)
        expect(page.locator("#move-list .ply")).to_have_count(number)
        expect(page.locator("#move-list .ply.last")).to_have_text(move)


def move_list(page: Page) -> list[str]:
    return page.locator("#move-list .ply").all_inner_texts()


def test_a_game_survives_a_reload_and_plays_on(page: Page, site_url: str, watch) -> None:
    moves, _ = choose_game({"size": 4}, seed=11)
    open_zebra(page, site_url)
    play_by_clicks(page, moves[:5])
    page.locator("#undo").click()  # something to redo after the reload
    expect(page.locator("#move-list .ply")).to_have_count(4)
    before = board_cells(page)

    held = []
    # the runtime waits (a lambda, not held.append: Playwright marks its handlers with an attribute)
    page.route("**/app/engine-worker.js", lambda route: held.append(route))  # noqa: PLW0108
    page.reload()
    expect(page.locator("#loading")).to_be_visible()
    # the saved board is painted before the engine runs (by the page's glue, once it has run)
    expect(page.locator("#board")).to_have_attribute("data-painted", "saved")
    assert board_cells(page) == before
    wait_for_held(page, held, what="the runtime")
    held[0].continue_()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert move_list(page) == moves[:4]
    assert board_cells(page) == before
    expect(page.locator("#message")).to_contain_text("as you left it (4 moves)")
    expect(page.locator("#redo")).to_be_enabled()
    page.locator("#redo").click()
    expect(page.locator("#move-list .ply")).to_have_count(5)
    play_on(page, moves[5:7])  # plies 6 and 7
    assert move_list(page) == moves[:7]
    # undo reaches back over the reload to the very start
    for remaining in range(6, -1, -1):
        page.locator("#undo").click()
        expect(page.locator("#move-list .ply")).to_have_count(remaining)
    expect(page.locator("#undo")).to_be_disabled()


def test_the_home_page_lists_unfinished_games_and_resumes_them(
    page: Page, site_url: str, watch
) -> None:
    moves, _ = choose_game({"size": 4}, seed=12)
    open_zebra(page, site_url)
    play_by_clicks(page, moves[:3])
    open_game(page, site_url, "virus-war")
    page.goto(f"{site_url}/")
    games = page.locator("#unfinished .unfinished-game")
    expect(games).to_have_count(1)  # the Virus War page was opened, not played
    expect(games.first).to_contain_text("Zebra")
    expect(games.first).to_contain_text("3 moves")
    games.first.locator("a").click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert move_list(page) == moves[:3]
    assert "#" not in page.url  # the resume link is used once
    # a finished game leaves the list; a deleted one too
    play_on(page, moves[3:])
    expect(page.locator("#result")).to_be_visible()
    page.goto(f"{site_url}/")
    expect(page.locator("#unfinished")).to_be_hidden()
    open_zebra(page, site_url, {"size": 4})
    play_by_clicks(page, moves[:1])
    page.goto(f"{site_url}/")
    expect(games).to_have_count(1)
    games.first.locator("button").click()
    expect(page.locator("#unfinished")).to_be_hidden()


def test_record_file_out_and_back_in_and_bad_files_refused(
    page: Page, site_url: str, watch, tmp_path: Path
) -> None:
    moves, _ = choose_game({"size": 4}, seed=13)
    open_zebra(page, site_url)
    play_by_clicks(page, moves[:4])
    page.locator(".record-panel summary").click()
    with page.expect_download() as download_info:
        page.locator("#record-save").click()
    saved = tmp_path / download_info.value.suggested_filename
    assert saved.name.startswith("zebra-") and saved.name.endswith("-4.txt")
    download_info.value.save_as(saved)
    text = saved.read_text(encoding="utf-8")
    assert text == page.locator("#record-text").input_value()
    assert " ".join(moves[:2]) in text

    play_on(page, moves[4:6])
    on_screen = board_cells(page)
    lines = text.splitlines()
    last_move_line = max(number for number, line in enumerate(lines, start=1) if line[:1].isdigit())
    bad_files = {
        # a move that is not legal there
        "tampered.txt": (text.replace(moves[1], "a1-a1", 1), "is illegal"),
        # the record is cut in the middle of a move
        "truncated.txt": (
            "\n".join([*lines[: last_move_line - 1], lines[last_move_line - 1][:4]]) + "\n",
            f"line {last_move_line}",
        ),
        # a header that is not Zebra's
        "wrong-game.txt": (text.replace('[Game "Zebra"]', '[Game "Chess"]'), "line 1"),
        "garbage.txt": ("\x00\x01 not a record \n", "cannot be loaded"),
    }
    for name, (content, expected) in bad_files.items():
        path = tmp_path / name
        path.write_bytes(content.encode("utf-8"))
        page.locator("#record-file").set_input_files(str(path))
        expect(page.locator("#message")).to_contain_text(expected)
        assert board_cells(page) == on_screen, name
        assert move_list(page) == moves[:6], name
    binary = tmp_path / "picture.txt"
    binary.write_bytes(bytes(range(128, 256)))
    page.locator("#record-file").set_input_files(str(binary))
    expect(page.locator("#message")).to_contain_text("picture.txt is not a text file")
    assert move_list(page) == moves[:6]

    page.locator("#record-file").set_input_files(str(saved))
    expect(page.locator("#message")).to_have_text("Game loaded: 4 moves replayed.")
    assert move_list(page) == moves[:4]


def test_share_link_replays_and_a_tampered_link_starts_fresh(
    page: Page, site_url: str, watch
) -> None:
    moves, _ = choose_game({"size": 6}, seed=14)
    open_zebra(page, site_url, {"size": 6})
    play_by_clicks(page, moves[:12])  # long enough to be compressed
    position = board_cells(page)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("#share").click()
    expect(page.locator("#message")).to_contain_text("Link copied")
    link = page.locator("#share-link").input_value()
    assert link.startswith(f"{site_url}/zebra.html#record=z")
    assert page.evaluate("navigator.clipboard.readText()") == link

    other = page.context.new_page()
    other.goto(link)
    expect(other.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(other.locator("#message")).to_contain_text("12 moves replayed")
    assert move_list(other) == moves[:12]
    assert board_cells(other) == position
    play_on(other, moves[12:13])  # play on from the shared position
    other.close()

    data = link.split("#record=")[1]
    for broken in (
        data[:-9],
        data[:12] + "!!" + data[14:],
        "q" + data[1:],
        "t" + "dGhpcyBpcyBub3QgYSByZWNvcmQ",
    ):
        fresh = page.context.new_page()
        fresh.goto(f"{site_url}/zebra.html#record={broken}")
        expect(fresh.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
        expect(fresh.locator("#message")).to_contain_text("This shared link cannot be opened")
        expect(fresh.locator("#move-list .ply")).to_have_count(0)  # a fresh game, playable
        expect(fresh.locator("#board [data-cell]")).to_have_count(16)
        play_by_clicks(fresh, choose_game({"size": 4}, seed=15)[0][:1])
        assert "Traceback" not in fresh.locator("body").inner_text()
        fresh.close()


def test_two_tabs_keep_and_resume_their_own_games(page: Page, site_url: str, watch) -> None:
    """Each tab plays, saves and resumes its own game; a tab that takes over another tab's game
    (from the home page's list) never overwrites it: the first tab's game goes on under a new
    id."""
    first_moves, _ = choose_game({"size": 4}, seed=21)
    second_moves, _ = choose_game({"size": 4}, seed=22)
    assert first_moves[:4] != second_moves[:3]
    open_zebra(page, site_url, {"size": 4})
    play_by_clicks(page, first_moves[:4])

    second = page.context.new_page()
    errors: list[str] = []
    second.on("console", lambda message: message.type == "error" and errors.append(message.text))  # type: ignore[call-overload, func-returns-value]
    second.on("pageerror", lambda error: errors.append(str(error)))
    open_zebra(second, site_url)
    assert move_list(second) == [], "a new tab does not resume a game another tab plays"
    open_zebra(second, site_url, {"size": 4})
    play_by_clicks(second, second_moves[:3])

    for tab, moves in ((page, first_moves[:4]), (second, second_moves[:3])):
        tab.bring_to_front()  # (a background tab's timers are slowed down)
        tab.reload()
        expect(tab.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
        assert move_list(tab) == moves, "a reload resumes this tab's own game"

    second.goto(f"{site_url}/")
    games = second.locator("#unfinished .unfinished-game")
    expect(games).to_have_count(2)
    expect(games.filter(has_text="4 moves")).to_have_count(1)
    expect(games.filter(has_text="3 moves")).to_have_count(1)
    # the second tab takes over the first tab's game and takes a move back
    games.filter(has_text="4 moves").locator("a").click()
    expect(second.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert move_list(second) == first_moves[:4]
    second.locator("#undo").click()
    expect(second.locator("#move-list .ply")).to_have_count(3)
    # the first tab plays on: its game is still its own
    page.bring_to_front()
    play_on(page, first_moves[4:5])
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert move_list(page) == first_moves[:5]
    second.bring_to_front()
    second.reload()
    expect(second.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert move_list(second) == first_moves[:3]
    second.goto(f"{site_url}/")
    expect(games).to_have_count(3)
    for plies in ("5 moves", "3 moves"):
        expect(games.filter(has_text=plies).first).to_be_visible()
    assert errors == []
    second.close()


def test_the_home_page_follows_games_played_in_other_tabs(page: Page, site_url: str, watch) -> None:
    """Three tabs: the home page's list shows what the two game tabs play, without a reload."""
    moves, _ = choose_game({"size": 4}, seed=31)
    home = page.context.new_page()
    home.goto(f"{site_url}/")
    expect(home.locator("body")).to_have_attribute("data-glue", "ready", timeout=60_000)
    page.bring_to_front()  # (a background tab's timers are slowed down)
    open_zebra(page, site_url, {"size": 4})
    play_by_clicks(page, moves[:3])
    games = home.locator("#unfinished .unfinished-game")
    expect(games).to_have_count(1)
    expect(games.first).to_contain_text("3 moves")
    link = home.locator(".unfinished-link").first.get_attribute("href") or ""
    second = page.context.new_page()
    second.goto(f"{site_url}/{link}")
    expect(second.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert move_list(second) == moves[:3]
    home.locator(".unfinished-delete").focus()
    play_on(second, moves[3:4])
    # the second tab's game has 4 moves; the first tab's goes on apart (3 moves, a new id)
    expect(games.filter(has_text="4 moves")).to_have_count(1)
    expect(games.filter(has_text="3 moves")).to_have_count(1)
    expect(games).to_have_count(2)
    # redrawn, the list keeps the focus where it was: on that game's Delete button
    expect(games.filter(has_text="4 moves").locator(".unfinished-delete")).to_be_focused()
    second.close()
    home.close()


def generation(page: Page) -> int:
    return page.evaluate("() => JSON.parse(window.virusGames.status()).generation")


def test_new_games_and_refused_links_never_push_a_played_game_out(
    page: Page, site_url: str, watch
) -> None:
    """4 steps of Virus War, then more new games than the browser keeps games (and refused
    links): the Virus War game stays. A game nobody played takes no slot, a refused link saves
    nothing."""
    actions, shown, _ = choose_virus_war({"size": 10}, seed=9)
    open_virus_war(page, site_url)
    play_virus_war(page, actions[:4], shown[:4])
    kept = page.evaluate(SAVED_KEYS)
    assert len(kept) == 2  # its entry and its match document
    open_zebra(page, site_url)
    for _ in range(31):
        before = generation(page)
        page.locator(".controls [data-action=new-game]").click()
        page.wait_for_function(
            "(before) => JSON.parse(window.virusGames.status()).generation > before", arg=before
        )
    for number in range(3):
        page.goto(f"{site_url}/zebra.html?visit={number}#record=tBROKEN")
        expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
        expect(page.locator("#message")).to_contain_text("This shared link cannot be opened")
    assert page.evaluate(SAVED_KEYS) == kept
    # the tab's last new game is its draft: a reload shows it again, still not a saved game
    page.locator(".options-panel summary").click()
    page.locator("#option-size").select_option("5")
    page.locator("#options button[type=submit]").click()
    expect(page.locator("#board [data-cell]")).to_have_count(25)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#board [data-cell]")).to_have_count(25)
    assert page.evaluate(SAVED_KEYS) == kept
    page.goto(f"{site_url}/")
    games = page.locator("#unfinished .unfinished-game")
    expect(games).to_have_count(1)
    expect(games.first).to_contain_text("Virus War")


def test_a_full_storage_never_stops_a_page_and_says_the_game_is_not_saved(
    page: Page, site_url: str, watch
) -> None:
    """Browser storage full, a second tab of the same game open: every move plays, the page
    says once that the game is not being saved (with a way to keep it), a reload starts, and
    once room is made the game is saved again."""
    actions, shown, _ = choose_virus_war({"size": 10}, seed=4)
    open_virus_war(page, site_url)
    play_virus_war(page, actions[:1], shown[:1])
    second = page.context.new_page()
    open_virus_war(second, site_url)
    page.bring_to_front()  # (a background tab's timers are slowed down)
    assert page.evaluate(FILL_STORAGE) > 0
    notice = page.locator("#storage-full-body")
    expect(notice).to_be_hidden()
    play_virus_war(page, actions[1:4], shown[1:4])
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("this game is not being saved")
    with page.expect_download() as download_info:
        notice.get_by_role("button", name="Save record (.txt)").click()
    assert download_info.value.suggested_filename.endswith("-4.txt")
    expect(notice.get_by_role("link", name="Saved games (opens a new tab)")).to_have_attribute(
        "target", "_blank"
    )
    second.bring_to_front()
    play_virus_war(second, actions[:2], shown[:2])  # the other tab plays on too
    # a reload starts (on the game as it was last saved) and plays on
    page.bring_to_front()
    # the game as this tab last saved it: the move before the storage filled up, or one more
    # when the other tab's start-up dropped a lease and so left a little room
    last_saved = page.evaluate(SAVED_PLIES)
    assert 1 <= last_saved < 4
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert page.evaluate("() => JSON.parse(window.virusGames.status()).ply") == last_saved
    page.evaluate(FILL_STORAGE)  # (the other tab's saves made room by dropping pictures)
    ply = last_saved
    play_virus_war(page, actions[ply : ply + 2], shown[ply : ply + 2])
    expect(notice).to_be_visible()
    notice.get_by_role("button", name="OK").click()
    expect(notice).to_be_hidden()
    expect(page.locator("#board")).to_be_focused()
    play_virus_war(page, actions[ply + 2 : ply + 3], shown[ply + 2 : ply + 3])
    expect(notice).to_be_hidden()  # told once: closed, it stays closed
    # the home page starts too, and lists the games as they were saved
    home = page.context.new_page()
    home.goto(f"{site_url}/")
    expect(home.locator("body")).to_have_attribute("data-glue", "ready", timeout=60_000)
    expect(home.locator("#unfinished .unfinished-game").first).to_be_visible()
    page.bring_to_front()
    # room again: the next move is saved
    page.evaluate(FREE_STORAGE)
    play_virus_war(page, actions[ply + 3 : ply + 4], shown[ply + 3 : ply + 4])
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert page.evaluate("() => JSON.parse(window.virusGames.status()).ply") == ply + 4
    home.close()
    second.close()
