#!/usr/bin/env bash
# Review of issue 20, 2 and 3: can a few clients still lock a normal rider out?
# 1. Four clients ask fastest routes for new dates (wrk -c4, scripts/bench-fastest-dates.lua) while a
#    rider asks today's Bashamichi -> Ginza every 0.5 s: how many of the rider's 30 answers are 503.
# 2. One address (127.0.0.1) holds 120 sockets with half a header, reopened as they close, against
#    --max-connections 20: how many of 20 plain requests from another address (127.0.0.2) get through.
#
# Usage: scripts/bench-fair-share.sh [database]
#   EKI_BIN=path/to/eki measures another build (default: .build/release/eki, built if missing).
#   EKI_SERVE_ARGS: extra `eki serve` options for part 2 (an older build has no per-address cap).
# Needs wrk, curl and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${EKI_BIN:-}" ]; then
    [ -x .build/release/eki-tools ] || { swift build -c release --product eki && swift build -c release --product eki-tools; }
    EKI_BIN=.build/release/eki
fi
scratch=$(mktemp -d)
database=${1:-${EKI_DB:-}}
if [ -z "$database" ]; then
    database=$scratch/eki.sqlite
    "$EKI_BIN" import "${EKI_DATA:-../shared/data/minitokyo3d}" --db "$database" >/dev/null
fi
server=""
trap '[ -n "$server" ] && kill -TERM $server 2>/dev/null; rm -rf "$scratch"' EXIT
start() {
    "$EKI_BIN" serve --port 0 --db "$database" "$@" >"$scratch/out" 2>"$scratch/log" &
    server=$!
    url=""
    for _ in $(seq 300); do
        url=$(sed -n 's/.* on \(http:.*\)$/\1/p' "$scratch/out")
        [ -n "$url" ] && return
        sleep 0.1
    done
    echo "the server did not start:" >&2; cat "$scratch/log" >&2; exit 1
}
stop() { kill -TERM "$server"; wait "$server" 2>/dev/null || true; server=""; : >"$scratch/out"; }

start
today=$(TZ=Asia/Tokyo date +%Y-%m-%d)
rider="$url/api/v1/route/fastest?from=%E9%A6%AC%E8%BB%8A%E9%81%93&to=%E9%8A%80%E5%BA%A7&at=${today}T"
# Warm: today's network built before the load starts, as on a server that has run a while.
curl -s -o /dev/null --max-time 120 "${rider}12:00"
echo "== 1. a rider asking today's route every 0.5 s beside wrk -t1 -c4 -d20s -s scripts/bench-fastest-dates.lua"
EKI_BENCH_FIRST_DAY=$(TZ=Asia/Tokyo date -d tomorrow +%Y-%m-%d) wrk -t1 -c4 -d20s --timeout 10s -s scripts/bench-fastest-dates.lua "$url" >"$scratch/wrk" &
hammer=$!
sleep 1
for i in $(seq 30); do
    minute=$(printf "%02d" $((i + 10)))
    curl -s -o /dev/null -w "%{http_code}\n" --max-time 10 "${rider}13:${minute}" >>"$scratch/rider"
    sleep 0.5
done
wait $hammer || true
echo "rider: $(sort "$scratch/rider" | uniq -c | awk '{printf "%s × %s  ", $1, $2}')"
grep "fastest, new dates" "$scratch/wrk"
stop

echo "== 2. one address holding 120 half-header sockets (reopened), another asking 20 boards; --max-connections 20 ${EKI_SERVE_ARGS:-}"
start --max-connections 20 --header-timeout 10 ${EKI_SERVE_ARGS:-}
python3 - "$url" <<'PY'
import socket, sys, threading, time, urllib.request
host, port = sys.argv[1].split("//")[1].split(":")
port = int(port)
stop = False
def hold():
    socks = []
    while not stop:
        while len(socks) < 120 and not stop:
            try:
                s = socket.create_connection((host, port), timeout=2)
                s.send(b"GET /api/v1/calendar/2026 HTTP/1.1\r\nHost: x\r\n")
                socks.append(s)
            except OSError:
                time.sleep(0.05)
        # Reopen what the server closed (a refusal or a timeout).
        alive = []
        for s in socks:
            s.setblocking(False)
            try:
                gone = s.recv(1) == b""
            except BlockingIOError:
                gone = False
            except OSError:
                gone = True
            if gone: s.close()
            else: alive.append(s)
        socks = alive
        time.sleep(0.2)
threading.Thread(target=hold, daemon=True).start()
time.sleep(2)
statuses = {}
for _ in range(20):
    s = socket.socket()
    s.settimeout(5)
    s.bind(("127.0.0.2", 0))
    try:
        s.connect((host, port))
        s.send(b"GET /api/v1/departures?station=Minatomirai.Minatomirai.Bashamichi&direction=Inbound HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        status = s.recv(64).split(b" ")[1].decode()
    except Exception as e:
        status = type(e).__name__
    s.close()
    statuses[status] = statuses.get(status, 0) + 1
    time.sleep(0.25)
stop = True
print("other address:", "  ".join(f"{n} × {k}" for k, n in sorted(statuses.items())))
PY
stop
