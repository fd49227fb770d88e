#!/usr/bin/env bash
# Every test: installs what the tests need (scripts/setup.sh --test), then the Swift suites (real data
# from ../shared), then the API against its OpenAPI contract (schemathesis) and the browser test of
# the web app, both against the debug `eki` the suites built; last, the release `eki` the README
# builds (a static executable) built and run beside the debug one (scripts/release_smoke.sh).
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
scripts/release_smoke.sh .build/debug/eki
