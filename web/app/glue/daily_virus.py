"""The home page's "Daily virus" card: today's Fight the Virus daily challenge (glue.challenge:
the same dice for everyone who plays that date), the link that plays it, this browser's best
score of it, and the previous days' dailies, each with its best score if played here. Today is
the device's calendar date when the page opened.

DOM (web/index.html): ``#daily-virus`` (hidden until drawn), ``.daily-virus-today``,
``a.daily-virus-play``, ``.daily-virus-best``, ``ul.daily-virus-earlier``.
"""

from glue import dom
from glue.challenge import (
    FIRST_DAILY,
    best_turns,
    challenge_path,
    challenges_from_text,
    daily_seed,
    date_parts,
    earlier_days,
)
from glue.dom.sharing import format_day
from glue.score_table import CHALLENGES_KEY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from glue.i18n import PageLanguage


class DailyVirusCard:
    def __init__(self, language: "PageLanguage", today: str) -> None:
        self.language = language
        self.today = today
        self.section = dom.element("daily-virus")

    def render(self, *_: "Any") -> None:
        section = self.section
        if section is None:
            return
        t = self.language.t
        challenges = challenges_from_text(dom.setting(CHALLENGES_KEY))
        today = self.today
        part = section.find(".daily-virus-today")
        if part is not None:
            part.set_text(t("home.daily-virus-today", {"date": self.day(today)}))
        play = section.find(".daily-virus-play")
        if play is not None:
            play.set_attr("href", challenge_path({"daily": today}))
        best = best_turns(challenges, daily_seed(today))
        part = section.find(".daily-virus-best")
        if part is not None:
            part.show(best is not None)
            part.set_text("" if best is None else t("home.daily-virus-best", {"turns": best}))
        days = []
        for date in earlier_days(today):
            item = dom.make("li")
            link = dom.make("a", "daily-virus-day", self.day(date))
            link.set_attr("href", challenge_path({"daily": date}))
            link.set_data("date", date)
            item.append(link)
            played = best_turns(challenges, daily_seed(date))
            if played is not None:
                text = t("home.daily-virus-best", {"turns": played})
                item.append(dom.make("span", "daily-virus-day-best", text))
            days.append(item)
        holder = section.find(".daily-virus-earlier")
        if holder is not None:
            holder.replace_children(days)
            earlier = holder.parent()
            if earlier is not None:
                earlier.show(bool(days))
        section.show(True)

    def day(self, date: str) -> str:
        """A date as the browser writes it in the page's language."""
        return format_day(date, self.language.language) or date

    def changed(self, event: "dom.Event") -> None:
        """Another tab kept a score: the card again."""
        if event.storage_key in (None, CHALLENGES_KEY):
            self.render()


def show(language: "PageLanguage") -> None:
    """Draws the card (on the home page only; from the first daily on), and again when the
    language or the kept scores change."""
    today = dom.local_date()
    card = DailyVirusCard(language, today)
    if card.section is None or date_parts(today) is None or today < FIRST_DAILY:
        return
    card.render()
    language.on_change(card.render)
    dom.on_window("storage", card.changed)
