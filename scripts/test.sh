#!/usr/bin/env bash
# Every test: the Swift suites (real data from ../shared), then the browser test of the web app
# against the debug `eki` they built.
set -euo pipefail
cd "$(dirname "$0")/.."
swift test
python3 scripts/browser_test.py .build/debug/eki
