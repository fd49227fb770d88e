#!/usr/bin/env python3
"""Answers do not change unless we mean them to (issue 28): a corpus of CLI commands (text and --json,
Japanese and English) and API requests, run against the real data on one fixed moment, each answer
kept as a SHA-256 in scripts/answer_corpus.tsv. `check` fails naming every answer that changed;
`record` writes the file again — commit it with the change that meant to change those answers, and
say in the commit which ones and why.

Only digests are kept (no answer text, so no copy of the data in the repository). To see how an
answer changed, run its command with the build before and after.

The moment is fixed (EKI_NOW, and --at / at= on every command that reads a time) and the rider's
state is new for each run, so the answers depend on the code and the data only, never on the day
the corpus runs (the route window follows EKI_NOW).

Usage: scripts/answer_corpus.py check|record [eki] [database]
"""
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "scripts", "answer_corpus.tsv")
NOW = "2026-12-01T07:30:00+09:00"   # a Tuesday (weekday timetables); routes are found near it
AT = "2026-12-01T07:30"
LATE = "2026-12-01T23:40"
HOLIDAY = "2026-11-23T10:00"         # 勤労感謝の日 (Monday): SaturdayHoliday timetables
PATIENCE = 600                       # a guard against a hung server, not a deadline

STATIONS = ["馬車道", "渋谷", "東京", "新宿", "池袋", "大手町", "横浜", "北千住", "品川", "上野", "秋葉原", "中目黒"]
ROUTES = [("馬車道", "池袋"), ("新宿", "横浜"), ("渋谷", "東京"), ("北千住", "品川"), ("中目黒", "秋葉原")]


def cli_commands():
    """Every read-only command, each in text and JSON and in both languages where it has them."""
    commands = []
    for station in STATIONS:
        for at in (AT, LATE):
            commands.append(["departures", station, "--at", at])
            commands.append(["departures", station, "--at", at, "--json"])
        commands.append(["departures", station, "--at", HOLIDAY, "--lang", "en"])
        commands.append(["next", station, "--at", AT])
        commands.append(["station", station, "--at", AT])
        commands.append(["station", station, "--at", LATE, "--lang", "en"])
        commands.append(["station", station, "--at", AT, "--json"])
        commands.append(["transfers", station])
        commands.append(["transfers", station, "--json", "--lang", "en"])
    for station, direction in [("馬車道", "Inbound"), ("渋谷", "Outbound"), ("東京", "OuterLoop")]:
        commands.append(["timetable", station, "--direction", direction, "--date", "2026-12-01"])
        commands.append(["timetable", station, "--direction", direction, "--date", "2026-11-23", "--json"])
        commands.append(["next", station, "--direction", direction, "--at", LATE, "--lang", "en"])
    for query in ["しぶや", "shibuya", "シブヤ", "tiba", "東横", "yamanote", "おおさき", "ｼﾌﾞﾔ", "存在しない駅"]:
        commands.append(["search", query])
        commands.append(["search", query, "--json", "--lang", "en"])
    for point in ["35.4505,139.6337", "35.6812,139.7671", "35.6580,139.7016"]:
        commands.append(["nearby", point, "--at", AT])
        commands.append(["nearby", point, "--at", AT, "--json", "--lang", "en"])
    for railway in ["Minatomirai.Minatomirai", "東横線", "山手線", "JR-East.ChuoRapid"]:
        commands.append(["railway", railway])
        commands.append(["railway", railway, "--json", "--lang", "en"])
    for train in ["Minatomirai.Minatomirai.006072.Weekday", "Tokyu.Toyoko.026054.Weekday"]:
        commands.append(["train", train, "--date", "2026-12-01"])
        commands.append(["train", train, "--date", "2026-12-01", "--json", "--lang", "en"])
    for year in ["2026", "2027"]:
        commands.append(["calendar", year])
        commands.append(["calendar", year, "--json", "--lang", "en"])
    for date in ["2026-12-01", "2026-11-23", "2026-12-31"]:
        commands.append(["schedule", date])
        commands.append(["schedule", date, "--json"])
    for origin, destination in ROUTES:
        commands.append(["route", "fastest", origin, destination, "--at", AT])
        commands.append(["route", "fastest", origin, destination, "--at", AT, "--json", "--lang", "en"])
        commands.append(["route", "last", origin, destination, "--at", AT])
        commands.append(["route", "last", origin, destination, "--at", AT, "--json", "--lang", "en"])
    # Bad input answers too: one line, a status.
    commands += [["departures", "存在しない駅"], ["station", "馬車道", "--at", "2026-13-45T07:30"],
                 ["train", "No.Such.Train"], ["route", "fastest", "馬車道", "馬車道", "--at", AT]]
    return commands


def api_paths():
    q = urllib.parse.quote
    paths = []
    for station_id in ["Minatomirai.Minatomirai.Bashamichi", "Tokyu.Toyoko.Shibuya", "JR-East.Yamanote.Tokyo",
                       "TokyoMetro.Marunouchi.Shinjuku"]:
        paths.append(f"/api/v1/departures?station={station_id}&at={AT}&limit=8")
        paths.append(f"/api/v1/departures?station={station_id}&at={LATE}&limit=8&lang=en")
        paths.append(f"/api/v1/station/{station_id}?at={AT}")
        paths.append(f"/api/v1/station/{station_id}?at={HOLIDAY}&lang=en")
        paths.append(f"/api/v1/transfers?station={station_id}")
    paths.append(f"/api/v1/timetable?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound&date=2026-12-01")
    paths.append(f"/api/v1/timeline?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound&at={AT}")
    paths.append(f"/api/v1/train/Tokyu.Toyoko.026054.Weekday?date=2026-12-01")
    for query in ["しぶや", "shibuya", "tiba", "東横"]:
        paths.append(f"/api/v1/search?q={q(query)}")
    paths.append(f"/api/v1/nearby?lat=35.4505&lon=139.6337&at={AT}")
    paths.append(f"/api/v1/railway/Tokyu.Toyoko")
    paths.append(f"/api/v1/calendar/2026")
    paths.append(f"/api/v1/schedule?date=2026-11-23")
    for origin, destination in ROUTES:
        paths.append(f"/api/v1/route/fastest?from={q(origin)}&to={q(destination)}&at={AT}")
        paths.append(f"/api/v1/route/last?from={q(origin)}&to={q(destination)}&at={AT}&lang=en")
        paths.append(f"/api/v1/route/next?from={q(origin)}&to={q(destination)}&at={AT}")
    # Bad input: problem details.
    paths += ["/api/v1/departures?station=No.Such.Station", "/api/v1/station/x?at=2026-02-30T07:00", "/api/v1/nope"]
    return paths


# A route's id is a new UUID each time it is made: the one part of an answer that is meant to differ.
UUID = re.compile(rb"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")


def digest(data):
    return hashlib.sha256(UUID.sub(b"<uuid>", data)).hexdigest()


def run_cli(eki, database, state):
    env = dict(os.environ, EKI_NOW=NOW, EKI_STATE=os.path.join(state, "state.sqlite"),
               EKI_CACHE=os.path.join(state, "cache"))
    answers = []
    for command in cli_commands():
        done = subprocess.run([eki, *command, "--db", database], env=env, capture_output=True, timeout=PATIENCE)
        answer = done.stdout + b"\n--stderr--\n" + done.stderr + f"\n--exit {done.returncode}--\n".encode()
        answers.append(("eki " + " ".join(command), digest(answer)))
    return answers


def run_api(eki, database, state):
    env = dict(os.environ, EKI_NOW=NOW, EKI_STATE=os.path.join(state, "serve-state.sqlite"),
               EKI_CACHE=os.path.join(state, "serve-cache"))
    log = tempfile.TemporaryFile()
    server = subprocess.Popen([eki, "serve", "--port", "0", "--db", database], env=env, stdout=subprocess.PIPE, stderr=log)
    try:
        line = server.stdout.readline().decode()
        if not line.startswith("eki serving"):
            log.seek(0)
            raise SystemExit(f"answer corpus: eki serve did not start: {line!r} {log.read().decode()[-400:]}")
        base = line.rsplit(" on ", 1)[1].strip()
        answers = []
        for path in api_paths():
            answers.append(("GET " + path, digest(fetch(base + path))))
        return answers
    finally:
        server.terminate()
        server.wait(timeout=PATIENCE)


def fetch(url):
    """Status and body; a route answer waits while the day's network is built (503 準備中)."""
    for _ in range(PATIENCE * 2):
        try:
            with urllib.request.urlopen(url, timeout=PATIENCE) as response:
                return f"{response.status}\n".encode() + response.read()
        except urllib.error.HTTPError as error:
            if error.code == 503:
                time.sleep(0.5)
                continue
            return f"{error.code}\n".encode() + error.read()
    raise SystemExit(f"answer corpus: {url} stayed busy")


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "check"
    eki = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build/debug/eki")
    database = sys.argv[3] if len(sys.argv) > 3 else subprocess.run(
        ["bash", "-c", "source scripts/test-database.sh && echo $test_database"], cwd=ROOT, capture_output=True,
        text=True, check=True).stdout.strip()
    if mode not in ("check", "record"):
        raise SystemExit("usage: scripts/answer_corpus.py check|record [eki] [database]")
    with tempfile.TemporaryDirectory() as state:
        answers = run_cli(eki, database, state) + run_api(eki, database, state)
    if mode == "record":
        with open(CORPUS, "w", encoding="utf-8") as out:
            out.write("# sha256\tcommand — scripts/answer_corpus.py record (EKI_NOW=%s)\n" % NOW)
            for command, value in answers:
                out.write(f"{value}\t{command}\n")
        print(f"answer corpus: recorded {len(answers)} answers in {os.path.relpath(CORPUS, ROOT)}")
        return
    recorded = {}
    with open(CORPUS, encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#") or not line.strip():
                continue
            value, command = line.rstrip("\n").split("\t", 1)
            recorded[command] = value
    changed = [command for command, value in answers if recorded.get(command) != value]
    gone = sorted(set(recorded) - {command for command, _ in answers})
    for command in changed:
        print(f"answer changed: {command}" if command in recorded else f"answer not recorded: {command}")
    for command in gone:
        print(f"recorded but no longer asked: {command}")
    if changed or gone:
        print(f"answer corpus FAILED: {len(changed)} of {len(answers)} answers differ from {os.path.relpath(CORPUS, ROOT)}; "
              "if the change is meant, run `scripts/answer_corpus.py record` and say why in the commit")
        sys.exit(1)
    print(f"answer corpus: all {len(answers)} answers as recorded")


if __name__ == "__main__":
    main()
