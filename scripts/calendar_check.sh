#!/usr/bin/env bash
# The suite has no calendar in it: the browser tests and the release smoke test run again with
# "today" moved 60 and 400 days on (EKI_TEST_DAYS_AHEAD, read by scripts/test_clock.py, which picks
# the test day and sets eki's clock and the pages' from it). A date still written into a test, or a
# part of eki that reads the machine's clock instead of its own, fails here before the calendar
# reaches it. CI runs this after scripts/test.sh (.ci/run); it needs what that installed and built.
# Usage: scripts/calendar_check.sh [path/to/eki] [database] [days…]   (default days: 60 400)
set -euo pipefail
cd "$(dirname "$0")/.."
eki=${1:-.build/debug/eki}
source scripts/test-database.sh
database=${2:-$test_database}
shift $(( $# < 2 ? $# : 2 ))
days=("$@")
[ ${#days[@]} -gt 0 ] || days=(60 400)
for ahead in "${days[@]}"; do
    export EKI_TEST_DAYS_AHEAD=$ahead
    echo "calendar check: today moved $ahead days on, the tests run at $(python3 scripts/test_clock.py)"
    python3 scripts/browser_test.py "$eki" "$database"
    python3 scripts/rider_test.py "$eki" "$database"
    scripts/release_smoke.sh "$eki" "$database"
done
echo "calendar check passed (${days[*]} days ahead)"
