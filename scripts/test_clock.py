#!/usr/bin/env python3
"""The moment the script tests live at, chosen from the real calendar so that the tests never age.

The tests ask for weekday trains (the 07:37 express from 馬車道, the 07:43 commuter limited express)
and for routes, which the server finds only from yesterday to 30 days ahead of its clock. So they run
on the test day: the first Tuesday from today (Tokyo) on, whose Tuesday and Wednesday both run the
weekday timetable by the data's own holiday table (../shared/data/jp-holidays-1955-2050.csv), never
Dec 29 – Jan 4. At 07:30 that day (`AT`), in every process of the run:
  - `eki` (CLI and server) reads it from EKI_NOW (`env()`): its clock starts there and runs on;
  - Chromium's pages from `clock_script()`, run before any page script.
Every other date a test needs is counted from the test day (the next Sunday, a far date past the
route window), never written down.

EKI_TEST_DAYS_AHEAD=N moves "today" N days on: scripts/calendar_check.sh runs the tests again at 60
and 400 days ahead, which fails wherever a date is still written into a test or where eki reads the
machine's clock instead of its own.

  python3 scripts/test_clock.py          prints the test day's moment (for shell scripts: AT=$(...))
"""
import csv, datetime, os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOKYO = datetime.timezone(datetime.timedelta(hours=9))
HOLIDAYS_CSV = os.path.join(ROOT, "../shared/data/jp-holidays-1955-2050.csv")
DAYS_AHEAD = int(os.environ.get("EKI_TEST_DAYS_AHEAD", "0") or 0)


def _holidays():
    with open(HOLIDAYS_CSV, encoding="utf8") as f:
        return {datetime.date.fromisoformat(row["date"]) for row in csv.DictReader(f)}


def runs_weekday_timetable(day, holidays):
    """Monday to Friday, not a national holiday, not the year-end break (which runs the holiday timetable)."""
    year_end = (day.month == 12 and day.day >= 29) or (day.month == 1 and day.day <= 4)
    return day.weekday() < 5 and day not in holidays and not year_end


def test_day(today):
    holidays = _holidays()
    day = today + datetime.timedelta(days=(1 - today.weekday()) % 7)   # Tuesday on or after today
    while not (runs_weekday_timetable(day, holidays) and runs_weekday_timetable(day + datetime.timedelta(days=1), holidays)):
        day += datetime.timedelta(days=7)
    return day


# Today's service day in Tokyo (it runs to 03:00 the next morning), moved on when asked.
TODAY = (datetime.datetime.now(TOKYO) - datetime.timedelta(hours=3)).date() + datetime.timedelta(days=DAYS_AHEAD)
DAY = test_day(TODAY)
ISO = DAY.isoformat()                                   # "YYYY-MM-DD", a Tuesday
NEXT_DAY = (DAY + datetime.timedelta(days=1)).isoformat()   # its Wednesday, also a weekday
SUNDAY = (DAY + datetime.timedelta(days=5)).isoformat()     # the Sunday after
FAR = (DAY + datetime.timedelta(days=200)).isoformat()      # far past the route window (30 days ahead)
AT = f"{ISO}T07:30"                                     # the tests' "now", as eki's at= and --at take it


def moment(iso_minute):
    """Tokyo local "YYYY-MM-DDTHH:MM[:SS]" as an aware datetime."""
    return datetime.datetime.fromisoformat(iso_minute).replace(tzinfo=TOKYO)


def at(hh_mm, day=ISO):
    """"HH:MM" on the test day (or another), as at= takes it."""
    return f"{day}T{hh_mm}"


def env(now=AT):
    """The environment for an `eki` process of this run: its clock starts at `now` (Tokyo)."""
    return dict(os.environ, EKI_NOW=now + ("" if now.count(":") == 2 else ":00") + "+09:00")


def epoch_ms(now=AT):
    """`now` (Tokyo local) in milliseconds since 1970, as a page's Date.now() says it."""
    return int(moment(now).timestamp() * 1000)


def clock_script(now=AT, later_ms=0):
    """JavaScript that makes a page's clock start at `now` (Tokyo) plus `later_ms` when the page
    loads, and run on: Date.now() and new Date() follow it. Installed with
    Page.addScriptToEvaluateOnNewDocument, before any page script runs."""
    return """(() => { const shift = %d - Date.now(), Real = Date;
  class Shifted extends Real { constructor(...a) { if (a.length) super(...a); else super(Real.now() + shift); }
    static now() { return Real.now() + shift; } }
  window.Date = Shifted; })();""" % (epoch_ms(now) + int(later_ms))


if __name__ == "__main__":
    print(AT)
