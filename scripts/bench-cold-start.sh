#!/usr/bin/env bash
# Cold start: each command as a fresh process (hyperfine, warm file cache) beside the floor — sqlite3
# opening the same file and answering — measured in the same run; then the first requests a
# just-started `eki serve` answers, timed from the moment its port is open.
#
# Usage: scripts/bench-cold-start.sh [database] [runs]
#   database: default $EKI_DB, else a fresh import of $EKI_DATA (default ../shared/data/minitokyo3d)
#   EKI_BIN=path/to/eki: measure that binary instead of building .build/release/eki (before/after).
#   Needs hyperfine and sqlite3 (apt-get install hyperfine sqlite3).
# Goals (issue 19): departures --json <= 5x the floor; --version, search, nearby <= 4x; a fastest
# route <= 40 ms; the server's first answer <= 20 ms after the port opens. "fastest-cold" is the
# first fastest route of a day, which builds the day's network (the cache folder emptied first).
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in hyperfine sqlite3 curl; do
    command -v $tool >/dev/null || { echo "$tool not found: apt-get install -y $tool" >&2; exit 1; }
done
runs=${2:-30}
eki=${EKI_BIN:-}
if [ -z "$eki" ]; then
    swift build -c release --product eki >/dev/null && swift build -c release --product eki-tools >/dev/null
    eki=.build/release/eki
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
database=${1:-${EKI_DB:-}}
if [ -z "$database" ]; then
    database=$scratch/eki.sqlite
    "$eki" import "${EKI_DATA:-../shared/data/minitokyo3d}" --db "$database" >/dev/null
fi
# The route networks `eki route fastest` keeps between processes go to the scratch folder: the
# warm-up runs leave the day's network there, as a rider's first route of the day does.
export EKI_DB=$database EKI_STATE=$scratch/state.sqlite EKI_CACHE=$scratch/cache
at=2026-11-24T08:00
echo "binary: $eki ($(stat -c %s "$eki") bytes), database: $database ($(stat -c %s "$database") bytes)"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$database" >/dev/null   # warm file cache

# `eki next` is new with issue 19: left out when measuring an older binary.
next=()
"$eki" --help | grep -q "^  next " && next=(-n next "$eki next 馬車道 --direction Inbound --at $at")
hyperfine -N --warmup 5 --runs "$runs" --export-markdown "$scratch/table.md" --export-json "$scratch/table.json" \
    -n floor "sqlite3 $database 'select count(*) from station'" \
    -n version "$eki --version" \
    -n departures "$eki departures Minatomirai.Minatomirai.Bashamichi --direction Inbound --json --at $at" \
    "${next[@]}" \
    -n search "$eki search しぶや" \
    -n nearby "$eki nearby 35.4505,139.6337 --at $at" \
    -n fastest "$eki route fastest 馬車道 浅草 --at $at" >/dev/null
hyperfine -N --warmup 1 --runs 10 --prepare "rm -rf $scratch/cache" --export-markdown "$scratch/cold.md" --export-json "$scratch/cold.json" \
    -n fastest-cold "$eki route fastest 馬車道 浅草 --at $at" >/dev/null
tail -n 1 "$scratch/cold.md" >>"$scratch/table.md"
cat "$scratch/table.md"
# CPU time beside wall time: on a shared machine it moves far less with the load than wall time.
python3 -c '
import json, sys
for r in [r for name in sys.argv[1:] for r in json.load(open(name))["results"]]:
    print("%-11s user+sys %6.1f ms  min wall %6.1f ms" % (r["command"][:11], 1000 * (r["user"] + r["system"]), 1000 * r["min"]))
' "$scratch/table.json" "$scratch/cold.json"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# The server: the first answer after the port opens, a fresh server each time.
echo
echo "first request answered by a just-started eki serve (curl time_total after the port opened):"
for run in $(seq 5); do
    "$eki" serve --port 0 --db "$database" >"$scratch/out" 2>"$scratch/log" &
    server=$!
    url=""
    for _ in $(seq 2000); do
        url=$(sed -n 's/.* on \(http:.*\)$/\1/p' "$scratch/out")
        [ -n "$url" ] && break
        sleep 0.005
    done
    [ -n "$url" ] || { echo "the server did not start:" >&2; cat "$scratch/log" >&2; kill $server; exit 1; }
    api=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' "$url/api/v1/departures?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound&at=$at")
    page=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' "$url/board/%E9%A6%AC%E8%BB%8A%E9%81%93?direction=Inbound")
    route=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' "$url/api/v1/route/fastest?from=%E9%A6%AC%E8%BB%8A%E9%81%93&to=%E6%B5%85%E8%8D%89&at=$at")
    echo "run $run: departures API ${api} s, board page ${page} s, then a fastest route ${route} s"
    kill -TERM $server; wait $server 2>/dev/null || true
done
