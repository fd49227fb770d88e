#!/usr/bin/env bash
# The API against its contract: schemathesis reads /api/openapi.json from `eki serve` on the real
# data and sends a few hundred generated requests, valid and invalid, with every check it has
# (status codes, content types, headers, response schemas, problem details, methods the paths do
# not serve); any finding fails. A fixed seed: the same requests on every run.
#
# Usage: scripts/api_test.sh [path/to/eki] [database]
#   eki: default .build/debug/eki; database: default scripts/test-database.sh's (the browser
#   test's), imported from ../shared/data/minitokyo3d when missing or unreadable.
# Needs schemathesis (scripts/setup.sh --test installs the pinned version).
set -euo pipefail
cd "$(dirname "$0")/.."
eki=${1:-.build/debug/eki}
source scripts/test-database.sh
database=${2:-$test_database}
command -v schemathesis >/dev/null || { echo "api test: schemathesis not found: scripts/setup.sh --test" >&2; exit 1; }
if ! "$eki" info --db "$database" >/dev/null 2>&1; then
    "$eki" import ../shared/data/minitokyo3d --db "$database" >/dev/null
fi

scratch=$(mktemp -d)
. "$(dirname "$0")/serve-in-background.sh"
# The server's clock starts at the document's example moment (its examples' at= and date=), so that
# they ask for days inside the route window on any day the test runs: EKI_NOW, for tests only.
example_moment=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["components"]["parameters"]["at"]["example"])' \
    < Sources/EkiServer/Resources/openapi.json)
EKI_NOW="$example_moment:00+09:00" start_server "$eki" "$database"

# The examples ask fastest routes for that day: its network is built first, as on a server that has
# run a while (a debug build on a busy machine may take longer than a request waits). The ride
# tracker's network too (built on the first ride request).
# It waits as long as the build takes (10 minutes only guard against a hang).
for _ in $(seq 600); do
    status=$(curl -s -o /dev/null -w "%{http_code}" --max-time 600 "$url/api/v1/route/fastest?from=%E9%A6%AC%E8%BB%8A%E9%81%93&to=%E9%8A%80%E5%BA%A7&at=$example_moment" || true)
    [ "$status" != 503 ] && break
    sleep 1
done
curl -s -o /dev/null --max-time 600 -H "Content-Type: application/json" \
    -d '{"session":"warmupwarmupwarmup","fixes":[{"t":1796085000,"lat":35.4505,"lon":139.6337}]}' "$url/api/v1/ride/fix" || true
# No stored examples between runs (the same cases every time), no colour in CI logs.
schemathesis --config-file scripts/schemathesis.toml run "$url/api/openapi.json" \
    --checks all --seed 20261124 --max-examples 15 --phases examples,coverage,fuzzing \
    --generation-database none --no-color --request-timeout 120
# A finding that took the server down would show above as an error; say so plainly too.
kill -0 $server 2>/dev/null || { echo "api test: the server stopped during the run:" >&2; tail -20 "$scratch/log" >&2; exit 1; }
echo "api test passed"
