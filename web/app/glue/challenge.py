"""Fight the Virus challenges, the pure part (glue.challenge_page draws them on the game page,
glue.daily_virus on the home page). A challenge is a seed: the dice are a function of the seed
and the re-roll decisions only (rules §5.2), so the same choices give the same dice on every
device.

* ``fight-the-virus.html#challenge=<seed>``: a seed 0..2**31-1 (:data:`MAX_SEED`);
* ``fight-the-virus.html#daily=<YYYY-MM-DD>``: the "Daily virus" of a calendar day, whose seed
  is :func:`daily_seed` of the date's text, so everyone who plays that date gets the same dice.
  Dailies start on :data:`FIRST_DAILY`; the day after the device's today is the latest one
  (a friend's evening can be a day ahead).

This browser keeps the challenges it has opened, each with its best scores (rules §4.3's
table, kept per challenge), in ``localStorage`` under ``glue.score_table.CHALLENGES_KEY``: a
JSON list of ``{"seed": "4711", "daily": "2026-11-27" or "", "used": <ms>, "best":
[score_table entries]}``, the most recently used first, at most :data:`MAX_CHALLENGES`. It is
read back as untrusted: anything malformed is dropped. The game page knows a game is a
challenge by its seed being in that list.

>>> daily_seed("2026-11-27")
1535383666
>>> read_fragment("#daily=2026-11-27", "2026-11-27")
({'seed': 1535383666, 'daily': '2026-11-27'}, None)
"""

import hashlib
import json

from glue.daily import days_from_civil
from glue.score_table import (
    MAX_CHALLENGE_SEED,
    MAX_ENTRIES,
    insert_score,
    is_entry,
    iso_date,
    whole_number,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from pyengine.protocol import Message

MAX_SEED = MAX_CHALLENGE_SEED
FIRST_DAILY = "2026-01-01"
DAILY_SALT = b"virus-games/daily/"
MAX_CHALLENGES = 60  # challenges kept in this browser; the least recently used go first
MAX_SHOWN_INPUT = 40  # characters of a refused fragment quoted back in the message
PAGE = "fight-the-virus.html"
DIGITS = "0123456789"
DAY_MS = 86_400_000
# The sheet's areas (rules §2): research squares, analysis cells, testing cells, curve squares.
RESEARCH_SQUARES = 12
ANALYSIS_CELLS = 73
TESTING_CELLS = 15
CURVE_SQUARES = 16
BAR = 6  # blocks of a share text's bar


def daily_seed(date: str) -> int:
    """The seed of the daily virus of ``date`` ("YYYY-MM-DD"): the first four bytes of
    SHA-256("virus-games/daily/" + date), big-endian, below 2**31."""
    digest = hashlib.sha256(DAILY_SALT + date.encode()).digest()
    return int.from_bytes(digest[:4], "big") & MAX_SEED


def _digits(text: str) -> bool:
    return len(text) > 0 and all(char in DIGITS for char in text)


def date_parts(text: str) -> "tuple[int, int, int] | None":
    """``"2026-11-27"`` -> (2026, 11, 27) when ``text`` is written YYYY-MM-DD (ASCII digits),
    whatever the numbers; None otherwise."""
    parts = text.split("-")
    if len(parts) != 3 or [len(part) for part in parts] != [4, 2, 2]:
        return None
    if not all(_digits(part) for part in parts):
        return None
    return (int(parts[0]), int(parts[1]), int(parts[2]))


def real_date(year: int, month: int, day: int) -> bool:
    """Whether the day exists in the (Gregorian) calendar."""
    if not 1 <= month <= 12 or day < 1:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    lengths = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    return day <= lengths[month - 1]


def shift_date(date: str, days: int) -> str:
    """The date ``days`` after ``date`` (negative: before), both "YYYY-MM-DD"."""
    parts = date_parts(date)
    if parts is None:
        raise ValueError("not a date: " + date)
    return iso_date((days_from_civil(parts[0], parts[1], parts[2]) + days) * DAY_MS)[:10]


def _shown(text: str) -> str:
    return text if len(text) <= MAX_SHOWN_INPUT else text[:MAX_SHOWN_INPUT] + "…"


def _problem(key: str, params: "dict[str, Any]") -> "Message":
    return {"key": "challenge.error." + key, "params": params}


def fragment_value(fragment: str) -> "tuple[str, str] | None":
    """("challenge" or "daily", the value) of a page address's fragment that asks for a
    challenge, or None."""
    for part in fragment.lstrip("#").split("&"):
        for kind in ("challenge", "daily"):
            if part.startswith(kind + "="):
                return (kind, part[len(kind) + 1 :])
    return None


def read_fragment(fragment: str, today: str) -> "tuple[dict[str, Any] | None, Message | None]":
    """The challenge a fragment asks for, ``{"seed": int, "daily": date or None}``, or the
    problem with it (a translation request naming it): not a number, a seed out of range, not a
    date, a day that does not exist, a day after tomorrow (``today``: the device's date) or
    before :data:`FIRST_DAILY`."""
    asked = fragment_value(fragment)
    if asked is None:
        return (None, _problem("missing", {}))
    kind, value = asked
    if kind == "challenge":
        if not _digits(value) or len(value) > 10 or int(value) > MAX_SEED:
            return (None, _problem("seed", {"text": _shown(value), "most": MAX_SEED}))
        return ({"seed": int(value), "daily": None}, None)
    parts = date_parts(value)
    if parts is None:
        return (None, _problem("date", {"text": _shown(value)}))
    if not real_date(parts[0], parts[1], parts[2]):
        return (None, _problem("no-such-day", {"text": value}))
    if value < FIRST_DAILY:
        return (None, _problem("too-early", {"text": value, "first": FIRST_DAILY}))
    if date_parts(today) is not None and value > shift_date(today, 1):
        return (None, _problem("too-late", {"text": value, "today": today}))
    return ({"seed": daily_seed(value), "daily": value}, None)


def challenge_path(challenge: "Mapping[str, Any]") -> str:
    """The site-relative address of a challenge: its daily's date, else its seed."""
    if challenge.get("daily"):
        return PAGE + "#daily=" + str(challenge["daily"])
    return PAGE + "#challenge=" + str(challenge["seed"])


def challenge_name(challenge: "Mapping[str, Any]", day: "str | None" = None) -> "Message":
    """A challenge's name as a translation request: "Daily virus — <day>" (``day``: its date
    as the page writes it, else the date's text), else "Challenge <seed>"."""
    if challenge.get("daily"):
        return {"key": "challenge.daily-name", "params": {"date": day or challenge["daily"]}}
    return {"key": "challenge.name", "params": {"seed": str(challenge["seed"])}}


# ---- the challenges kept in this browser -----------------------------------------------------


def _seed_text(value: "Any") -> "str | None":
    if not isinstance(value, str) or not _digits(value) or len(value) > 10:
        return None
    return value if int(value) <= MAX_SEED and str(int(value)) == value else None


def clean_challenge(raw: "Any") -> "dict[str, Any] | None":
    """A stored challenge rebuilt from its checked fields, or None."""
    if not isinstance(raw, dict):
        return None
    seed = _seed_text(raw.get("seed"))
    daily = raw.get("daily") or ""
    used = whole_number(raw.get("used"))
    if seed is None or used is None or not isinstance(daily, str):
        return None
    if daily:
        parts = date_parts(daily)
        if parts is None or not real_date(parts[0], parts[1], parts[2]):
            return None
        if str(daily_seed(daily)) != seed:
            return None  # a daily's seed is its date's
    scores = raw.get("best")
    best = []
    for entry in scores if isinstance(scores, list) else []:
        if is_entry(entry) and entry.get("seed") == seed:
            best.append(dict(entry, turns=whole_number(entry["turns"])))
    # fewest turns first, a tie in stored order (MicroPython's sort is not stable)
    order = sorted(range(len(best)), key=lambda index: (best[index]["turns"], index))
    best = [best[index] for index in order]
    return {"seed": seed, "daily": daily, "used": used, "best": best[:MAX_ENTRIES]}


def challenges_from_text(text: "str | None") -> "list[dict[str, Any]]":
    """The valid challenges of the stored JSON ``text`` (None: nothing stored; damaged: none),
    the most recently used first, one per seed, at most :data:`MAX_CHALLENGES`."""
    try:
        raw = json.loads(text) if text else []
    except ValueError:
        return []
    kept: list[dict[str, Any]] = []
    seen: list[str] = []
    for item in raw if isinstance(raw, list) else []:
        challenge = clean_challenge(item)
        if challenge is not None and challenge["seed"] not in seen:
            seen.append(challenge["seed"])
            kept.append(challenge)
    order = sorted(range(len(kept)), key=lambda index: (-kept[index]["used"], index))
    return [kept[index] for index in order][:MAX_CHALLENGES]


def challenges_to_text(challenges: "list[dict[str, Any]]") -> str:
    return json.dumps(challenges, separators=(",", ":"))


def find_challenge(challenges: "list[dict[str, Any]]", seed: "Any") -> "dict[str, Any] | None":
    """The kept challenge of ``seed`` (a number or its text), or None."""
    for challenge in challenges:
        if challenge["seed"] == str(seed):
            return challenge
    return None


def remember(
    challenges: "list[dict[str, Any]]", seed: int, daily: "str | None", now_ms: int
) -> "list[dict[str, Any]]":
    """The list with challenge ``seed`` (a daily of ``daily``) used now: first, its scores
    kept (a daily stays a daily when its seed is opened as a plain challenge); the least
    recently used beyond :data:`MAX_CHALLENGES` dropped."""
    known = find_challenge(challenges, seed)
    challenge = {
        "seed": str(seed),
        "daily": daily or (known["daily"] if known else ""),
        "used": now_ms,
        "best": known["best"] if known else [],
    }
    others = [other for other in challenges if other["seed"] != str(seed)]
    return ([challenge] + others)[:MAX_CHALLENGES]


def record_score(
    challenges: "list[dict[str, Any]]", entry: "dict[str, Any]", now_ms: int
) -> "tuple[list[dict[str, Any]], int | None]":
    """The list with a finished game's score ``entry`` (a score_table entry whose ``seed`` is
    the challenge's) in its challenge's best scores; returns (challenges, rank): rank 1-based,
    None when it did not make the top :data:`glue.score_table.MAX_ENTRIES`."""
    known = find_challenge(challenges, entry["seed"])
    daily = known["daily"] if known else None
    updated = remember(challenges, int(entry["seed"]), daily, now_ms)
    best, rank = insert_score(updated[0]["best"], entry)
    updated[0] = dict(updated[0], best=best)
    return (updated, rank)


def challenge_of(document: "Any", challenges: "list[dict[str, Any]]") -> "dict[str, Any] | None":
    """The kept challenge (of ``challenges``) a saved game is a game of, from its match
    document (``glue.saved``'s, untrusted): a solo Fight the Virus game whose seed is that
    challenge's, as the game page knows it; else None."""
    state = document.get("state") if isinstance(document, dict) else None
    options = state.get("options") if isinstance(state, dict) else None
    if not isinstance(options, dict) or state.get("game") != PAGE[: -len(".html")]:
        return None
    seed = options.get("seed")
    if options.get("mode") != "solo" or type(seed) is not int or not 0 <= seed <= MAX_SEED:
        return None
    return find_challenge(challenges, seed)


def best_turns(challenges: "list[dict[str, Any]]", seed: "Any") -> "int | None":
    """The fewest turns of challenge ``seed`` in this browser, or None (never won here)."""
    challenge = find_challenge(challenges, seed)
    if challenge is None or not challenge["best"]:
        return None
    return int(challenge["best"][0]["turns"])


# ---- the result to share --------------------------------------------------------------------


def bar(count: int, total: int, full: str) -> str:
    """``count`` of ``total`` as :data:`BAR` blocks: some block filled as soon as one is, one
    left empty until all are."""
    count = max(0, min(count, total))
    filled = (count * BAR + total // 2) // total
    if count > 0:
        filled = max(filled, 1)
    if count < total:
        filled = min(filled, BAR - 1)
    return full * filled + "⬜" * (BAR - filled)


def sheet_lines(counts: "dict[str, Any]") -> "list[str]":
    """The emoji summary of a solo sheet, four short lines and no names: the research track
    square by square, then the analysis, testing and curve filled as bars with their counts.
    ``counts``: the score's ``research``, ``analysed``, ``testing`` and ``curve`` numbers."""

    def number(name: str, total: int) -> int:
        value = whole_number(counts.get(name))
        return 0 if value is None else max(0, min(value, total))

    research = number("research", RESEARCH_SQUARES)
    lines = ["🔬 " + "✅" * research + "⬜" * (RESEARCH_SQUARES - research)]
    for symbol, name, total, full in (
        ("🧫", "analysed", ANALYSIS_CELLS, "🟩"),
        ("🧪", "testing", TESTING_CELLS, "🟦"),
        ("📈", "curve", CURVE_SQUARES, "🟨"),
    ):
        count = number(name, total)
        lines.append(symbol + " " + bar(count, total, full) + " " + str(count) + "/" + str(total))
    return lines


def share_body(heading: str, outcome: "list[str]", counts: "dict[str, Any]") -> str:
    """The text of a challenge's result (the link goes beside it): the heading (game and
    challenge), the outcome's sentences (score and rating) on one line, the sheet's summary."""
    lines = [heading]
    said = " ".join(part.strip() for part in outcome if part.strip())
    if said:
        lines.append(said)
    return "\n".join(lines + sheet_lines(counts))


def solo_counts(view: "Any") -> "dict[str, Any]":
    """The numbers of a solo view's sheet, from its score (``fight-the-virus.score``'s
    parameters): research, AP, analysed, testing, curve; {} when the view has none."""
    scores = view.get("scores") if isinstance(view, dict) else None
    if not isinstance(scores, list) or not scores or not isinstance(scores[0], dict):
        return {}
    label = scores[0].get("label")
    params = label.get("params") if isinstance(label, dict) else None
    return params if isinstance(params, dict) else {}


def solo_turns(view: "Any") -> "int | None":
    """A finished solo game's score in turns (its result's ``fight-the-virus.solo-score``), or
    None (not over, or the virus won)."""
    result = view.get("result") if isinstance(view, dict) else None
    for detail in (result.get("details") or []) if isinstance(result, dict) else []:
        if isinstance(detail, dict) and detail.get("key") == "fight-the-virus.solo-score":
            turns = whole_number((detail.get("params") or {}).get("turns"))
            return turns if turns is not None and turns > 0 else None
    return None


def earlier_days(today: str, count: int = 6) -> "list[str]":
    """The ``count`` days before ``today``, the latest first, none before :data:`FIRST_DAILY`."""
    days = [shift_date(today, -back) for back in range(1, count + 1)]
    return [day for day in days if day >= FIRST_DAILY]


# What of a solo result a shared text says: the score, the rating, how the virus won (no names).
OUTCOME_KEYS = ("fight-the-virus.solo-score", "fight-the-virus.rating.", "fight-the-virus.ending.")


def outcome_details(view: "Any") -> "list[dict[str, Any]]":
    """The details of a finished solo view's result that a shared result says: its score, its
    rating, or how the virus won; never a player's name."""
    result = view.get("result") if isinstance(view, dict) else None
    details = result.get("details") if isinstance(result, dict) else None
    return [
        detail
        for detail in (details if isinstance(details, list) else [])
        if isinstance(detail, dict) and str(detail.get("key") or "").startswith(OUTCOME_KEYS)
    ]
