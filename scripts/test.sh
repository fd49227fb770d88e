#!/usr/bin/env bash
# Every test: installs what the tests need (scripts/setup.sh --test), then the Swift suites (real data
# from ../shared), then the browser test of the web app against the debug `eki` they built.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/data/minitokyo3d ]; then
  echo "test: ../shared/data/minitokyo3d is missing; the tests read the real data from there" >&2
  exit 1
fi
scripts/setup.sh --test
swift test
python3 scripts/browser_test.py .build/debug/eki
