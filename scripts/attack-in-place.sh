#!/usr/bin/env bash
# Issue 33, 2: another database copied over the live file in place (`cp other.sqlite live.sqlite`,
# same inode) again and again while clients ask for boards. Counts what the clients got: a 200 with
# no departures, or a 404 saying no train leaves a station, is a torn read (both databases have
# trains at every board asked); a 503 is the server saying the file cannot be read now. Not run in
# CI: it takes a minute of wall time.
#
# Usage: scripts/attack-in-place.sh [rounds]   (default 20)
#   EKI_BIN: the binary that serves (default .build/debug/eki-tools, built with `swift build`).
#   EKI_DATA: the Mini Tokyo 3D folder (default ../shared/data/minitokyo3d, else /work/shared/data/minitokyo3d).
#   EKI_ATTACK_DBS: a folder where the two databases are imported once and reused by later runs.
# The other database: the same folder with every second railway's timetables left out; the boards
# asked are busy stations of the other database (between 07:00 and 19:00), with departures in both.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-20}
eki=${EKI_BIN:-.build/debug/eki-tools}
data=${EKI_DATA:-../shared/data/minitokyo3d}
[ -d "$data" ] || data=/work/shared/data/minitokyo3d
scratch=$(mktemp -d)
dbs=${EKI_ATTACK_DBS:-$scratch}

if [ ! -f "$dbs/real.sqlite" ] || [ ! -f "$dbs/other.sqlite" ]; then
    mkdir -p "$dbs"
    "$eki" import "$data" --db "$dbs/real.sqlite" >/dev/null
    mkdir -p "$scratch/other/train-timetables"
    for file in "$data"/*.json; do ln -s "$(realpath "$file")" "$scratch/other/"; done
    n=0
    for file in "$data"/train-timetables/*.json; do
        n=$((n + 1))
        case "$file" in *minatomirai-minatomirai.json) ;; *) [ $((n % 2)) -eq 0 ] && continue ;; esac
        ln -s "$(realpath "$file")" "$scratch/other/train-timetables/"
    done
    "$eki" import "$scratch/other" --db "$dbs/other.sqlite" >/dev/null
fi
cp "$dbs/real.sqlite" "$scratch/real.sqlite"
cp "$dbs/other.sqlite" "$scratch/other.sqlite"
cp "$scratch/real.sqlite" "$scratch/live.sqlite"

. "$(dirname "$0")/serve-in-background.sh"
start_server "$eki" "$scratch/live.sqlite"
echo "server: $url ($eki), $(nproc) cores; $rounds in-place copies, real and other in turn, under 4 clients"

python3 - "$url" "$scratch" "$rounds" <<'EOF'
import http.client, json, sqlite3, subprocess, sys, threading, time, urllib.parse
url, scratch, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
# Busy stations of the other database (all in the real one too, with the same trains): boards all
# over the file, so requests read pages the old connection has not cached, as the attack's did.
stations = [row[0] for row in sqlite3.connect("file:%s/other.sqlite?mode=ro" % scratch, uri=True).execute(
    "SELECT code FROM station WHERE departures >= 150 ORDER BY id")]
host = urllib.parse.urlparse(url)
stop = threading.Event()
lock = threading.Lock()
tally = {"200 with departures": 0, "200 with no departures": 0, "503": 0, "404 (a station with trains said to have none)": 0, "other": 0}
others = []

def client(k):
    connection = http.client.HTTPConnection(host.hostname, host.port, timeout=60)
    i = k
    while not stop.is_set():
        i += 1
        at = "2026-11-24T%02d:%02d" % (7 + i % 12, (i * 7) % 60)
        path = "/api/v1/departures?station=%s&at=%s" % (stations[(i * 7919) % len(stations)], at)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
        except Exception as error:
            connection.close()
            connection = http.client.HTTPConnection(host.hostname, host.port, timeout=60)
            with lock: tally["other"] += 1; others.append(repr(error))
            continue
        with lock:
            if response.status == 200:
                tally["200 with departures" if json.loads(body).get("departures") else "200 with no departures"] += 1
            elif response.status == 503:
                tally["503"] += 1
            elif response.status == 404 and b"no train leaves from it" in body:
                tally["404 (a station with trains said to have none)"] += 1
            else:
                tally["other"] += 1; others.append("%d %s" % (response.status, body[:200]))

threads = [threading.Thread(target=client, args=(k,)) for k in range(4)]
for thread in threads: thread.start()
for round in range(rounds):
    time.sleep(3)   # the server has taken the last copy back (its watcher looks once a second)
    source = "other" if round % 2 == 0 else "real"
    subprocess.run(["cp", "%s/%s.sqlite" % (scratch, source), "%s/live.sqlite" % scratch], check=True)   # same inode
time.sleep(3)
stop.set()
for thread in threads: thread.join()
print("stations asked: %d; requests: %d" % (len(stations), sum(tally.values())))
for key, value in tally.items(): print("  %s: %d" % (key, value))
for line in others[:5]: print("  e.g. %s" % line)
EOF
grep -c "was changed in place" "$scratch/log" | sed "s/^/changed in place, logged: /" || true
grep -c "now serving the database rewritten in place" "$scratch/log" | sed "s/^/taken back after a copy: /" || true
