#!/usr/bin/env bash
# Import benchmark: wall time, peak memory and database size of a full import of the shared data,
# with a release build. Usage: scripts/bench-import.sh [data-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
data=${1:-../shared/data/minitokyo3d}
runs=${2:-3}
swift build -c release --product eki >/dev/null && swift build -c release --product eki-tools >/dev/null
db=$(mktemp -d)/bench.sqlite
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr)"
echo "command: .build/release/eki import $data --db $db"
for run in $(seq "$runs"); do
  /usr/bin/time -f "run $run: %e s wall, %M KiB peak RSS, %U s user" \
    .build/release/eki import "$data" --db "$db" >/dev/null
done
echo "database: $(stat -c %s "$db") bytes ($(du -h "$db" | cut -f1))"
rm -rf "$(dirname "$db")"
