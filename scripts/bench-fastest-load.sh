#!/usr/bin/env bash
# Issue 20: cached departures while four clients ask fastest routes for a new date each request.
# Before, every such request built a route network on the request path and starved everything else;
# now one background builder takes a small queue and the rest get 503 + Retry-After. The goal:
# cached departures keep >= 50% of their throughput under this load.
#
# Usage: scripts/bench-fastest-load.sh [database] [seconds]
#   EKI_BIN=path/to/eki measures another build (e.g. the one before the change); default: a release
#   build of this checkout. Needs wrk (apt-get install wrk) and python3 (the idle-connection check).
# Prints: cached departures alone; the same beside 4 fastest-route clients; then idle connections
# (500 opened, none sending) and how many the server still holds after its timeouts.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "wrk not found: apt-get install -y wrk" >&2; exit 1; }
seconds=${2:-10}
if [ -z "${EKI_BIN:-}" ]; then
    swift build -c release --product eki && swift build -c release --product eki-tools
    EKI_BIN=.build/release/eki
fi
database=${1:-${EKI_DB:-}}
scratch=$(mktemp -d)
if [ -z "$database" ]; then
    database=$scratch/eki.sqlite
    "$EKI_BIN" import "${EKI_DATA:-../shared/data/minitokyo3d}" --db "$database" >/dev/null
fi

. "$(dirname "$0")/serve-in-background.sh"
start_server "$EKI_BIN" "$database" ${EKI_SERVE_ARGS:-}
echo "server: $EKI_BIN at $url ($database), $(nproc) cores"

board="$url/api/v1/departures?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound&at=2026-11-24T07:30&limit=8"
summary() { grep -E "Latency  |50%|99%|Requests/sec|Non-2xx|Socket errors|fastest, new dates"; }

echo "== cached departures alone: wrk -t1 -c16 -d${seconds}s --latency"
wrk -t1 -c16 -d"${seconds}s" --latency "$board" | summary

echo "== cached departures beside 4 clients asking fastest routes for new dates"
wrk -t1 -c4 -d"$((seconds + 2))s" --timeout 10s -s scripts/bench-fastest-dates.lua "$url" >"$scratch/fastest" &
hammer=$!
sleep 1
wrk -t1 -c16 -d"${seconds}s" --latency "$board" | summary
wait $hammer || true
summary <"$scratch/fastest"

echo "== idle connections: 500 opened, none sends a byte; then 500 kept alive after one request"
python3 - "$url" "$server" <<'PY'
import os, socket, sys, time
url, pid = sys.argv[1], sys.argv[2]
host, port = url.split("//")[1].split(":")
def held():
    return sum(1 for fd in os.listdir(f"/proc/{pid}/fd") if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:"))
base = held()
for label, first in (("silent", b""), ("kept alive", b"GET /api/v1/calendar/2026 HTTP/1.1\r\nHost: x\r\n\r\n")):
    conns = []
    for _ in range(500):
        s = socket.create_connection((host, int(port)))
        if first: s.send(first)
        conns.append(s)
    time.sleep(0.5)
    print(f"{label}: server holds {held() - base} sockets 0.5 s after 500 opened")
    start = time.time()
    while held() - base > 0 and time.time() - start < 120:
        time.sleep(0.25)
    print(f"{label}: {held() - base} left after {time.time() - start + 0.5:.1f} s")
    for s in conns: s.close()
    time.sleep(0.5)
PY
