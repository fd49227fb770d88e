#!/usr/bin/env bash
# HTTP next departures under load, against a release server on a free loopback port.
# DESIGN.md budget: >= 5,000 requests/s, p99 <= 20 ms, no errors.
#
# Usage: scripts/bench-http.sh [database] [seconds]
#   database: default $EKI_DB, else a fresh import of $EKI_DATA (default ../shared/data/minitokyo3d)
#   EKI_BIN=path/to/eki: benchmark that binary instead of building .build/release/eki (to compare two
#   builds back to back on the same machine).
#   Needs wrk (apt-get install wrk). Runs four loads: one platform by id, one station by name (both
#   served from the answer cache after the first request), and rotating stations by id and by name
#   at a different minute each (nearly all cache misses: the whole query and JSON encoding).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "wrk not found: apt-get install -y wrk" >&2; exit 1; }
seconds=${2:-15}

eki=${EKI_BIN:-}
if [ -z "$eki" ]; then
    swift build -c release --product eki && swift build -c release --product eki-tools
    eki=.build/release/eki
fi
database=${1:-${EKI_DB:-}}
scratch=$(mktemp -d)
if [ -z "$database" ]; then
    database=$scratch/eki.sqlite
    "$eki" import "${EKI_DATA:-../shared/data/minitokyo3d}" --db "$database" >/dev/null
fi

. "$(dirname "$0")/serve-in-background.sh"
start_server "$eki" "$database"
echo "server: $url ($database), $(nproc) cores, wrk -t2 -c32 -d${seconds}s"

load() {
    local title=$1; shift
    echo "== $title"
    echo "   wrk -t2 -c32 -d${seconds}s --latency $*"
    wrk -t2 -c32 -d"${seconds}s" --latency "$@" | grep -E "Latency  |50%|99%|Requests/sec|Non-2xx|Socket errors|rotating:"
}
load "one platform by id" \
    "$url/api/v1/departures?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound&at=2026-11-24T07:30&limit=8"
load "one station by name (馬車道, both directions)" \
    "$url/api/v1/departures?station=%E9%A6%AC%E8%BB%8A%E9%81%93&at=2026-11-24T07:30&limit=8"
load "rotating: 32 stations by id, both directions, every minute of the day (cache misses)" \
    -s scripts/bench-rotating.lua "$url"
EKI_BENCH_NAMES=1 load "rotating: 9 platforms by name, every minute of the day (cache misses)" \
    -s scripts/bench-rotating.lua "$url"
