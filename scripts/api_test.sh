#!/usr/bin/env bash
# The API against its contract: schemathesis reads /api/openapi.json from `eki serve` on the real
# data and sends a few hundred generated requests, valid and invalid, with every check it has
# (status codes, content types, headers, response schemas, problem details, methods the paths do
# not serve); any finding fails. A fixed seed: the same requests on every run.
#
# Usage: scripts/api_test.sh [path/to/eki] [database]
#   eki: default .build/debug/eki; database: default /tmp/eki-browser-test.sqlite (the browser
#   test's), imported from ../shared/data/minitokyo3d when missing or unreadable.
# Needs schemathesis (scripts/setup.sh --test installs the pinned version).
set -euo pipefail
cd "$(dirname "$0")/.."
eki=${1:-.build/debug/eki}
database=${2:-/tmp/eki-browser-test.sqlite}
command -v schemathesis >/dev/null || { echo "api test: schemathesis not found: scripts/setup.sh --test" >&2; exit 1; }
if ! "$eki" info --db "$database" >/dev/null 2>&1; then
    "$eki" import ../shared/data/minitokyo3d --db "$database" >/dev/null
fi

scratch=$(mktemp -d)
. "$(dirname "$0")/serve-in-background.sh"
start_server "$eki" "$database"

# The examples ask fastest routes for the document's example day: its network is built first, as on
# a server that has run a while (a debug build on a busy machine may take longer than a request waits).
# Today's too (requests without at), and the ride tracker's network (built on the first ride request).
for at in "&at=2026-11-24T07:30" ""; do
    for _ in $(seq 60); do
        status=$(curl -s -o /dev/null -w "%{http_code}" --max-time 30 "$url/api/v1/route/fastest?from=%E9%A6%AC%E8%BB%8A%E9%81%93&to=%E9%8A%80%E5%BA%A7$at" || true)
        [ "$status" != 503 ] && break
        sleep 1
    done
done
curl -s -o /dev/null --max-time 60 -H "Content-Type: application/json" \
    -d '{"session":"warmupwarmupwarmup","fixes":[{"t":1796085000,"lat":35.4505,"lon":139.6337}]}' "$url/api/v1/ride/fix" || true
# No stored examples between runs (the same cases every time), no colour in CI logs.
schemathesis --config-file scripts/schemathesis.toml run "$url/api/openapi.json" \
    --checks all --seed 20261124 --max-examples 15 --phases examples,coverage,fuzzing \
    --generation-database none --no-color --request-timeout 30
# A finding that took the server down would show above as an error; say so plainly too.
kill -0 $server 2>/dev/null || { echo "api test: the server stopped during the run:" >&2; tail -20 "$scratch/log" >&2; exit 1; }
echo "api test passed"
