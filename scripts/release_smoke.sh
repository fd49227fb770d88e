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
# The server the README's main command starts: release `eki-tools serve`. A crash only a release
# build had (a task-local on the request path, fixed in f555ca3) passed every debug test, so the
# release server answers real requests here, and its API answers are the debug server's, byte for byte.
swift build -c release --product eki-tools 2>&1 | grep -E "error|Compiling|Build" | tail -1
start_server() {   # binary, name → the server's base URL on stdout (its pid in $scratch/NAME.pid)
    "$1" serve --port 0 --db "$database" >"$scratch/$2.out" 2>"$scratch/$2.log" &
    echo $! >"$scratch/$2.pid"
    # Its one line on stdout says where it listens; a guard against a hang, not a deadline.
    for _ in $(seq 6000); do
        if grep -q "^eki serving" "$scratch/$2.out" 2>/dev/null; then
            sed -n 's/^eki serving .* on \(http[^ ]*\)$/\1/p' "$scratch/$2.out"; return 0
        fi
        kill -0 "$(cat "$scratch/$2.pid")" 2>/dev/null || break
        sleep 0.1
    done
    echo "release smoke: $2 server did not start: $(tail -3 "$scratch/$2.log")" >&2; return 1
}
stop_servers() { for name in debug release; do [ -f "$scratch/$name.pid" ] && kill "$(cat "$scratch/$name.pid")" 2>/dev/null || true; done; }
trap 'stop_servers; rm -rf "$scratch"' EXIT
debug_tools=$(dirname "$debug")/eki-tools
debug_url=$(start_server "$debug_tools" debug) && release_url=$(start_server .build/release/eki-tools release) || failed=1
if [ $failed -eq 0 ]; then
    for path in "/api/v1/departures?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound&at=${at}&limit=4" \
                "/api/v1/station/Minatomirai.Minatomirai.Bashamichi?at=${at}" \
                "/api/v1/search?q=%E3%81%97%E3%81%B6%E3%82%84" \
                "/api/v1/railway/Minatomirai.Minatomirai" \
                "/api/v1/nope"; do
        want=$(curl -s -w '\nstatus %{http_code}' "$debug_url$path")
        got=$(curl -s -w '\nstatus %{http_code}' "$release_url$path")
        if [ "$want" == "$got" ] && [ -n "$got" ]; then echo "same from both servers: GET $path (${got##*$'\n'})"
        else echo "DIFFERS between the servers: GET $path"; diff <(echo "$want") <(echo "$got") | head -6; failed=1; fi
    done
    # Pages say "now" on a running clock, so they are checked for what they must hold, not compared.
    for path in "/" "/station/Minatomirai.Minatomirai.Bashamichi" "/board/Minatomirai.Minatomirai.Bashamichi?direction=Inbound" "/sw.js"; do
        status=$(curl -s -o "$scratch/page" -w '%{http_code}' "$release_url$path")
        if [ "$status" == 200 ] && [ -s "$scratch/page" ]; then echo "release server: GET $path 200 ($(wc -c <"$scratch/page") bytes)"
        else echo "release server: GET $path answered $status"; failed=1; fi
    done
    kill -0 "$(cat "$scratch/release.pid")" 2>/dev/null || { echo "release server died: $(tail -3 "$scratch/release.log")"; failed=1; }
fi
stop_servers
[ $failed -eq 0 ] && echo "release smoke test passed ($("$release" --version), static)" || { echo "release smoke test FAILED" >&2; exit 1; }
