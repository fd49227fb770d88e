#!/usr/bin/env bash
# Every test: installs what the tests need (scripts/setup.sh --test), then the Swift suites (real data
# from ../shared), then, side by side, the API against its OpenAPI contract (schemathesis), the
# browser test of the web app, the rider test and the answer corpus (260 answers that must not
# change unless a commit re-records them), all against the debug `eki` the suites built. The release `eki` the README builds (a
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
# The suites import the real data once; where the script tests' database is not there yet, they
# leave a copy of that import there (Tests/EkiTestSupport/SharedData.swift), one import fewer.
source scripts/test-database.sh
export EKI_TEST_KEEP_DATABASE="$test_database"
step "Swift suites" swift test --skip-build
# The script tests share one database (imported here once, or kept from an earlier run this eki can
# read) and run side by side, each with its own server on its own port: schemathesis, Chromium and
# the debug servers spend much of their time waiting on one another, so the three together take
# little longer than the longest. Each one's output is shown whole when it ends.
# Not beside the Swift suites: both want both cores (an idle fresh clone took 1,057 s that way,
# against 1,069 s one after the other), and under that load a day's route network took longer to
# build than a page without JavaScript waits for it (docs/PERFORMANCE.md, 2026-11-28).
database="$test_database"
if ! .build/debug/eki info --db "$database" >/dev/null 2>&1; then
  step "test database" .build/debug/eki import ../shared/data/minitokyo3d --db "$database" >/dev/null
fi
logs=$(mktemp -d)
names=() pids=() begun=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$logs"' EXIT
beside() {
  local name=$1; shift
  "$@" >"$logs/${#names[@]}" 2>&1 &
  names+=("$name") pids+=($!) begun+=($SECONDS)
}
beside "API contract" scripts/api_test.sh .build/debug/eki "$database"
beside "browser test" python3 scripts/browser_test.py .build/debug/eki "$database"
# The rider test's ride part (replays at 60×, ~2 minutes) beside its pages and features: one after
# the other they were the longest of these, and took the command to 881 s of its 900 (2026-11-29).
beside "rider test" python3 scripts/rider_test.py --parts pages,features .build/debug/eki "$database"
beside "rider test, ride" python3 scripts/rider_test.py --parts ride .build/debug/eki "$database"
beside "answer corpus" python3 scripts/answer_corpus.py check .build/debug/eki "$database"
failed=()
for i in "${!names[@]}"; do
  status=0
  wait "${pids[$i]}" || status=$?
  cat "$logs/$i"
  echo "test: ${names[$i]} (side by side) took $((SECONDS - begun[$i])) s ($((SECONDS - started)) s in all)" >&2
  [ $status -eq 0 ] || failed+=("${names[$i]}")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "test: failed: ${failed[*]} (their output is above)" >&2
  exit 1
fi
if [ "${1:-}" = "--release" ]; then step "release smoke" scripts/release_smoke.sh .build/debug/eki; fi
