#!/usr/bin/env bash
# Every test: installs what the tests need (scripts/setup.sh --test), then the Swift suites (real data
# from ../shared), then the API against its OpenAPI contract (schemathesis) and the browser test of
# the web app, both against the debug `eki` the suites built. The release `eki` the README builds (a
# static executable, another 4 minutes of building) is checked by CI (.ci/run, scripts/release_smoke.sh),
# or here with --release.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/data/minitokyo3d ]; then
  echo "test: ../shared/data/minitokyo3d is missing; the tests read the real data from there" >&2
  exit 1
fi
# Each step says how long it took, so a slow run shows where its time went.
started=$SECONDS
step() {
  local name=$1 began=$SECONDS; shift
  "$@"
  echo "test: $name took $((SECONDS - began)) s ($((SECONDS - started)) s in all)" >&2
}
step setup scripts/setup.sh --test
step build swift build --build-tests
step "Swift suites" swift test --skip-build
# The script tests share one database (imported here once, or kept from an earlier run this eki can
# read). The API contract test runs beside the browser tests: each has its own server on its own
# port, and schemathesis mostly waits on its server while Chromium mostly waits on its own.
database=/tmp/eki-browser-test.sqlite
if ! .build/debug/eki info --db "$database" >/dev/null 2>&1; then
  step "test database" .build/debug/eki import ../shared/data/minitokyo3d --db "$database" >/dev/null
fi
api_log=$(mktemp)
api_began=$SECONDS
scripts/api_test.sh .build/debug/eki "$database" >"$api_log" 2>&1 &
api=$!
trap 'kill $api 2>/dev/null || true; rm -f "$api_log"' EXIT
step "browser test" python3 scripts/browser_test.py .build/debug/eki "$database"
step "rider test" python3 scripts/rider_test.py .build/debug/eki "$database"
api_status=0
wait $api || api_status=$?
cat "$api_log"
echo "test: API contract (beside the browser tests) took $((SECONDS - api_began)) s ($((SECONDS - started)) s in all)" >&2
[ $api_status -eq 0 ] || { echo "test: the API contract test failed (its output is above)" >&2; exit $api_status; }
if [ "${1:-}" = "--release" ]; then step "release smoke" scripts/release_smoke.sh .build/debug/eki; fi
