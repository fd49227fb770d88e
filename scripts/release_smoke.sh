#!/usr/bin/env bash
# The release `eki` the README builds — one static executable (Package.swift, issue 19) — built and
# run: it must answer as the debug build the suites tested does, byte for byte, with and without
# $HOME, and hand the tools' commands to `eki-tools` (or say in one line that it is missing).
# Usage: scripts/release_smoke.sh [debug-eki] [database]   (defaults: .build/debug/eki and the
# browser test's database (scripts/test-database.sh), imported by the debug eki when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
debug=${1:-.build/debug/eki}
source scripts/test-database.sh
database=${2:-$test_database}
[ -s "$database" ] || "$debug" import ../shared/data/minitokyo3d --db "$database" >/dev/null
swift build -c release --product eki 2>&1 | grep -E "error|Compiling|Build" | tail -1
release=.build/release/eki
file "$release" | grep -q "statically linked" || { echo "release smoke: $release is not a static executable" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The test day's morning (scripts/test_clock.py: a Tuesday inside the route window), and both
# binaries' clocks there too, for the answers that ask "now" (routes are found near today only).
at=$(python3 scripts/test_clock.py)
export EKI_NOW="$at:00+09:00"
failed=0
check() {
    local want got
    want=$(EKI_STATE=$scratch/debug.sqlite EKI_CACHE=$scratch/debug-cache "$debug" "$@" --db "$database" 2>&1; echo "exit $?")
    got=$(EKI_STATE=$scratch/release.sqlite EKI_CACHE=$scratch/release-cache "$release" "$@" --db "$database" 2>&1; echo "exit $?")
    if [ "$want" == "$got" ]; then echo "same: eki $*"; else echo "DIFFERS: eki $*"; diff <(echo "$want") <(echo "$got") | head -8; failed=1; fi
}
check departures Minatomirai.Minatomirai.Bashamichi --direction Inbound --json --at $at
check departures 渋谷 --at $at --lang en
check next 馬車道 --direction Inbound --at $at
check search しぶや
check search tiba --json
check nearby 35.4505,139.6337 --at $at
check station 東京 --at $at
check route last 新宿 横浜 --at $at
check departures 存在しない駅
# Without $HOME the state file's place comes from glibc's user database, linked statically.
want=$(env -u HOME "$debug" next 馬車道 --direction Inbound --at $at --db "$database" 2>&1)
got=$(env -u HOME "$release" next 馬車道 --direction Inbound --at $at --db "$database" 2>&1)
[ "$want" == "$got" ] && echo "same without \$HOME: $got" || { echo "DIFFERS without \$HOME: $want / $got"; failed=1; }
# The tools' commands go to eki-tools beside it; this build made only eki, so it must say so in one line.
if [ ! -e .build/release/eki-tools ]; then
    message=$("$release" serve --help 2>&1 || true)
    case "$message" in
        "eki: serve is a command of eki-tools, which could not be started at "*) echo "hand-over: $message" ;;
        *) echo "hand-over without eki-tools said: $message"; failed=1 ;;
    esac
fi
[ $failed -eq 0 ] && echo "release smoke test passed ($("$release" --version), static)" || { echo "release smoke test FAILED" >&2; exit 1; }
