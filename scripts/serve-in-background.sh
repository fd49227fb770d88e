# Sourced by the scripts that need a running server (api_test.sh, bench-http.sh, bench-fastest-load.sh):
# `start_server BINARY DATABASE [serve arguments…]` starts `eki serve` on a free port in the background,
# stops it on exit, and sets $url (and $scratch, a folder removed on exit). One line on failure.
start_server() {
    local eki=$1 database=$2
    shift 2
    "$eki" serve --port 0 --db "$database" "$@" >"$scratch/out" 2>"$scratch/log" &
    server=$!
    trap 'kill -TERM $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$scratch"' EXIT
    # Waits for its one line as long as it runs (a busy machine is slow to start it; ten minutes
    # only guard against a hang).
    url=""
    for _ in $(seq 6000); do
        url=$(sed -n 's/.* on \(http:.*\)$/\1/p' "$scratch/out")
        [ -n "$url" ] && break
        kill -0 $server 2>/dev/null || break
        sleep 0.1
    done
    [ -n "$url" ] || { echo "the server did not start:" >&2; cat "$scratch/log" >&2; exit 1; }
}
