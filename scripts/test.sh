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
scripts/setup.sh --test
swift test
scripts/api_test.sh .build/debug/eki
python3 scripts/browser_test.py .build/debug/eki
python3 scripts/rider_test.py .build/debug/eki
if [ "${1:-}" = "--release" ]; then scripts/release_smoke.sh .build/debug/eki; fi
