#!/usr/bin/env bash
# Every test: installs what the tests need (scripts/setup.sh --test), then the Swift suites (real data
# from ../shared) and, beside them, the API against its OpenAPI contract (schemathesis), the
# browser test of the web app and the rider test, all against the debug `eki` the build made. The release `eki` the README builds (a
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
  local name=$1 began=$SECONDS status=0; shift
  "$@" || status=$?
  echo "test: $name took $((SECONDS - began)) s ($((SECONDS - started)) s in all)" >&2
  return $status
}
step setup scripts/setup.sh --test
step build swift build --build-tests
# The script tests share one database (imported here once, or kept from an earlier run this eki can
# read) and run side by side, each with its own server on its own port, beside the Swift suites:
# schemathesis, Chromium and the debug servers spend much of their time waiting on one another, so
# all of it together takes little longer than the suites alone (an idle machine: 371 s of suites
# then 235 s of scripts one after the other, docs/PERFORMANCE.md). Each script's output is shown
# whole when the suites have ended.
source scripts/test-database.sh
database="$test_database"
logs=$(mktemp -d)
scripts() {
  if ! .build/debug/eki info --db "$database" >/dev/null 2>&1; then
    step "test database" .build/debug/eki import ../shared/data/minitokyo3d --db "$database" >/dev/null
  fi
  local pids=() failed=()
  scripts/api_test.sh .build/debug/eki "$database" >"$logs/api" 2>&1 & pids+=($!)
  python3 scripts/browser_test.py .build/debug/eki "$database" >"$logs/browser" 2>&1 & pids+=($!)
  python3 scripts/rider_test.py .build/debug/eki "$database" >"$logs/rider" 2>&1 & pids+=($!)
  wait "${pids[0]}" || failed+=("API contract")
  wait "${pids[1]}" || failed+=("browser test")
  wait "${pids[2]}" || failed+=("rider test")
  cat "$logs/api" "$logs/browser" "$logs/rider"
  if [ ${#failed[@]} -gt 0 ]; then echo "test: failed: ${failed[*]} (their output is above)"; return 1; fi
}
began=$SECONDS
scripts >"$logs/scripts" 2>&1 &
scripts_pid=$!
trap 'pkill -TERM -P "$scripts_pid" 2>/dev/null; kill "$scripts_pid" 2>/dev/null; rm -rf "$logs"' EXIT
suites=0 status=0
step "Swift suites" swift test --skip-build || suites=$?
wait "$scripts_pid" || status=$?
cat "$logs/scripts"
echo "test: script tests (beside the suites) took $((SECONDS - began)) s ($((SECONDS - started)) s in all)" >&2
[ $suites -eq 0 ] || echo "test: the Swift suites failed (their output is above)" >&2
[ $suites -eq 0 ] && [ $status -eq 0 ] || exit 1
if [ "${1:-}" = "--release" ]; then step "release smoke" scripts/release_smoke.sh .build/debug/eki; fi
