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
step "API contract" scripts/api_test.sh .build/debug/eki
step "browser test" python3 scripts/browser_test.py .build/debug/eki
step "rider test" python3 scripts/rider_test.py .build/debug/eki
if [ "${1:-}" = "--release" ]; then step "release smoke" scripts/release_smoke.sh .build/debug/eki; fi
