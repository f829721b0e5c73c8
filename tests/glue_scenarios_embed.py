"""Scenarios for the blog widget's settings (web/app/glue/embed_settings.py, the rules of the
JavaScript widget's embedSettings) and the first visit's download bar (web/app/glue/progress.py),
in the Python that both MicroPython and CPython run, like glue_scenarios.py."""

from glue.embed_settings import drop_refused, embed_settings, game_page_query, option_value
from glue.progress import Progress, bar_text, megabytes, note_of
from glue.urlform import parse_form as parse_query


def scenario_embed_defaults_without_parameters():
    for query in ("", "?", "?game=zebra", "game=zebra&&"):
        settings = embed_settings(query)
        assert settings == {
            "mode": "play",
            "record": None,
            "level": None,
            "seats": None,
            "ply": None,
            "options": {},
            "parent": None,
            "problems": [],
        }, (query, settings)


def scenario_embed_reads_every_reserved_parameter():
    settings = embed_settings(
        "?game=virus-war&mode=replay&record=tAbC-_&level=hard&lang=es&seats=human,easy"
        "&ply=end&parent=https%3A%2F%2Fblog.example&fast=1"
    )
    assert settings["mode"] == "replay"
    assert settings["record"] == "tAbC-_"
    assert settings["level"] == "hard"
    assert settings["seats"] == ["human", "easy"]
    assert settings["ply"] == "end"
    assert settings["parent"] == "https://blog.example"
    assert settings["options"] == {}  # game, lang and fast are reserved too
    assert settings["problems"] == []


def scenario_embed_a_bad_mode_is_named_and_play_is_used():
    settings = embed_settings("?game=zebra&size=99&mode=fast")
    assert settings["mode"] == "play"
    assert settings["problems"] == [{"key": "embed.bad-mode", "params": {"mode": "fast"}}]
    assert settings["options"] == {"size": 99}  # the engine checks the options
    # an empty mode is no mode; a repeated one counts once, the first (URLSearchParams.get)
    assert embed_settings("?mode=")["mode"] == "play"
    assert embed_settings("?mode=")["problems"] == []
    assert embed_settings("?mode=replay&mode=oops")["mode"] == "replay"
    bad = embed_settings("?mode=Replay")
    assert bad["mode"] == "play" and bad["problems"][0]["params"] == {"mode": "Replay"}


def scenario_embed_options_are_numbers_booleans_or_text():
    settings = embed_settings("?size=6&setup=hole&seed=-12&open=true&closed=false&x=1.5&y=007")
    assert settings["options"] == {
        "size": 6,
        "setup": "hole",
        "seed": -12,
        "open": True,
        "closed": False,
        "x": "1.5",
        "y": 7,
    }
    assert option_value("123456789012345") == 123456789012345  # 15 digits: a number
    assert option_value("1234567890123456") == "1234567890123456"  # 16: text, as in JS
    assert option_value("-") == "-" and option_value("") == "" and option_value("+3") == "+3"
    assert option_value("True") == "True" and option_value(" 3") == " 3"
    assert option_value("٣") == "٣"  # only ASCII digits, like JavaScript's \d
    # the last of a repeated option wins (a plain object's assignment)
    assert embed_settings("?size=4&size=8")["options"] == {"size": 8}


def scenario_embed_refused_seats_go_first_then_everything():
    # bad seats with good options and a record: the game is tried again with its default seats
    settings = embed_settings("?seats=bogus&size=5&level=hard&record=tAbC")
    assert drop_refused(settings) == "seats"
    assert settings["seats"] is None
    assert settings["options"] == {"size": 5}
    assert settings["level"] == "hard" and settings["record"] == "tAbC"
    # refused again: people in every seat, then a plain game, then nothing is left to drop
    assert drop_refused(settings) == "level"
    assert settings["level"] is None and settings["options"] == {"size": 5}
    assert drop_refused(settings) == "all"
    assert settings["options"] == {} and settings["level"] is None and settings["record"] is None
    assert drop_refused(settings) is None
    # too many seats for the game, nothing else: its default seats, then nothing left
    settings = embed_settings("?seats=human,human,human")
    assert drop_refused(settings) == "seats" and settings["seats"] is None
    assert drop_refused(settings) is None
    # an unknown level: people in every seat, the options kept
    settings = embed_settings("?level=bogus&size=5")
    assert drop_refused(settings) == "level" and settings["options"] == {"size": 5}
    # no seats (or an empty list, which is the default already): the options go at once
    settings = embed_settings("?seats=,&size=99")
    assert drop_refused(settings) == "all" and settings["options"] == {}
    assert drop_refused(embed_settings("")) is None
    # a replay has no seats nor level to drop: its record goes
    settings = embed_settings("?mode=replay&seats=bogus&level=hard&record=zzz")
    assert drop_refused(settings) == "all" and settings["record"] is None


def scenario_embed_seats_are_split_and_capped():
    assert embed_settings("?seats=human,,easy,")["seats"] == ["human", "easy"]
    assert embed_settings("?seats=")["seats"] is None
    assert embed_settings("?seats=,")["seats"] == []
    many = ",".join("s" + str(index) for index in range(12))
    assert embed_settings("?seats=" + many)["seats"] == ["s" + str(i) for i in range(8)]


def scenario_embed_empty_values_stay_empty_text():
    settings = embed_settings("?record=&level=&ply=&parent=")
    assert settings["record"] == "" and settings["level"] == ""
    assert settings["ply"] == "" and settings["parent"] == ""


def scenario_embed_query_decoding_is_the_browsers():
    assert parse_query("?a=1&b&c=x=y&=z") == [("a", "1"), ("b", ""), ("c", "x=y"), ("", "z")]
    assert parse_query("q=a+b%20c%2Bd") == [("q", "a b c+d")]
    assert parse_query("n=%C3%A9t%C3%A9&m=%E2%82%AC") == [("n", "été"), ("m", "€")]
    assert parse_query("bad=%zz%4&end=%") == [("bad", "%zz%4"), ("end", "%")]
    assert parse_query("broken=a%FFb%C3") == [("broken", "a\ufffdb\ufffd")]
    # one replacement per invalid sequence's longest valid beginning, as browsers decode
    assert parse_query("t=%E2%82x&s=%ED%A0%80") == [("t", "\ufffdx"), ("s", "\ufffd" * 3)]
    assert parse_query("e=%F0%9F%98%80") == [("e", "\U0001f600")]
    assert parse_query("%73ize=5") == [("size", "5")]
    assert embed_settings("?%73ize=5&mode=re%70lay")["options"] == {"size": 5}
    assert embed_settings("?mode=re%70lay")["mode"] == "replay"


def scenario_download_counts_bytes_and_never_passes_the_total():
    files = [("pyodide/a.wasm", 1000), ("pyodide/b.zip", 500)]
    assert note_of(files) == "pyodide/a.wasm pyodide/b.zip"
    progress = Progress(files)
    assert progress.state() == {"received": 0, "total": 1500, "done": False}
    progress.add(400)
    progress.add(600)
    progress.file_finished(1000, 1000)
    assert progress.received == 1000
    progress.add(700)  # a body longer than the build said (never expected)
    assert progress.received == 1500
    progress.file_finished(500, 700)
    assert progress.counted == 1500
    progress.finish(True)
    assert progress.state() == {"received": 1500, "total": 1500, "done": True}
    short = Progress(files)
    short.add(100)
    short.file_finished(1000, 100)  # a shorter body counts as the whole file
    assert short.received == 1000
    failed = Progress(files)
    failed.add(10)
    failed.finish(False)
    assert failed.state() == {"received": 10, "total": 1500, "done": True}


def scenario_download_text_in_megabytes_per_language():
    assert megabytes(0, "en") == "0.0"
    assert megabytes(16_123_456, "en") == "16.1"
    assert megabytes(16_150_000, "en") == "16.2"  # half up, like Intl
    assert megabytes(16_149_999, "es") == "16,1"
    assert megabytes(1_234_500_000, "en") == "1,234.5"
    assert megabytes(1_234_500_000, "es") == "1234,5"  # Spanish groups from five digits
    assert megabytes(12_345_600_000, "es-ES") == "12.345,6"
    assert megabytes(3_000_000, "fr") == "3.0"  # not a site language: English
    template = "Downloading the game engine… {received} of {total} MB"
    text = bar_text(template, 3_100_000, 16_123_456, "en")
    assert text == "Downloading the game engine… 3.1 of 16.1 MB"
    assert bar_text("{received}/{total}", 0, 2_000_000, "es") == "0,0/2,0"


def scenario_the_posters_play_link_keeps_its_settings_and_sets_language_and_parent():
    # As URLSearchParams's set, delete and toString write them (checked against Node's).
    assert game_page_query("?game=zebra&lang=de&mode=replay&lang=fr", None, "es") == (
        "lang=es&mode=replay"
    )
    assert game_page_query("size=6", "https://blog.example/a b", "en") == (
        "size=6&parent=https%3A%2F%2Fblog.example%2Fa+b&lang=en"
    )
    assert game_page_query("", None, "en") == "lang=en"
