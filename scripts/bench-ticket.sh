#!/usr/bin/env bash
# Speed of `eki ticket scan` as a fresh process (hyperfine, warm file cache): a screenshot, a clean
# 12-megapixel photo, a hard one; and parsing alone (words -> ticket) in-process through EkiBench.
#   scripts/bench-ticket.sh [path/to/release/eki]
# Renders its images with scripts/ticket_render.py into a temporary folder (seed 31).
set -euo pipefail
cd "$(dirname "$0")/.."
eki="${1:-.build/release/eki}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 scripts/ticket_render.py "$work" --count 16 --seed 31 2>/dev/null
screenshot="$(ls "$work"/*-ekinet-ja-screen.png | head -1)"
# The 12-megapixel photos (4000x3000 or 4032x3024), clean and hard.
pick() { python3 - "$work" "$1" <<'PY'
import sys, glob
from PIL import Image
for path in sorted(glob.glob(sys.argv[1] + "/*-photo-*-" + sys.argv[2] + ".jpg")):
    w, h = Image.open(path).size
    if w * h >= 11_500_000:
        print(path); break
PY
}
clean="$(pick clean)"; hard="$(pick hard)"
for image in "$screenshot" $clean $hard; do
  python3 -c "import sys; from PIL import Image; im = Image.open(sys.argv[1]); print(sys.argv[1].split('/')[-1], im.size)" "$image"
done
hyperfine --warmup 1 --runs 8 --export-markdown "$work/scan.md" \
  "$eki ticket scan --no-save $screenshot" ${clean:+"$eki ticket scan --no-save $clean"} ${hard:+"$eki ticket scan --no-save $hard"}
sed "s|$work/||g; s|$eki|eki|g" "$work/scan.md"
