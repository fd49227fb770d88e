#!/usr/bin/env bash
# Installs what eki needs on a fresh Debian machine, skipping whatever is already there.
#   scripts/setup.sh          what building and running need (SQLite and OpenSSL headers, rsvg-convert, Tesseract with its
#                             Japanese and English models and the C headers eki links against, Leptonica)
#   scripts/setup.sh --test   also what the tests need (headless Chromium, Japanese fonts — Noto CJK, and IPA
#                             Gothic/Mincho and VL Gothic for the harder ticket renders — selenium, Pillow
#                             to render the test tickets, schemathesis at the version the API test was
#                             written against)
# Debian packages come through apt-get (run as root, or with sudo when it is there); Python ones through pip.
set -euo pipefail

packages=(libsqlite3-dev libssl-dev librsvg2-bin libtesseract-dev libleptonica-dev tesseract-ocr tesseract-ocr-jpn tesseract-ocr-eng)
python_modules=()
# Pinned: a newer schemathesis may bring new checks, and the API test must fail only on the server.
schemathesis_version=4.32.5
if [ "${1:-}" = "--test" ]; then
  # The IPA and VL fonts: scripts/ticket_render.py --layouts draws tickets in typefaces the scanner was not tuned on.
  packages+=(chromium chromium-driver fonts-noto-cjk fonts-ipafont-gothic fonts-ipafont-mincho fonts-vlgothic)
  # axe-playwright-python 0.1.8 carries axe-core 4.12.1's script, which scripts/rider_test.py runs on
  # every page; only the script is used, so not Playwright (--no-deps: its package imports nothing).
  python_modules+=(selenium PIL:Pillow "axe_playwright_python:axe-playwright-python==0.1.8 --no-deps")
fi

missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
# The release binaries link the Swift runtime and Foundation statically (Package.swift; `eki` is a
# static executable, SQLite from libsqlite3-dev's libsqlite3.a), and static
# Foundation links the system's curl: any package giving libcurl.so will do (the toolchain's images
# bring one); only when none is there, add one.
if ! compgen -G "/usr/lib/*/libcurl.so" >/dev/null && [ ! -e /usr/lib/libcurl.so ]; then
  missing+=(libcurl4-openssl-dev)
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Each entry is the module to import, and after a colon the package pip knows it by when the names differ
# (with pip's options after it, if any).
for entry in "${python_modules[@]}"; do
  module="${entry%%:*}" package="${entry#*:}"
  # shellcheck disable=SC2086  # the package and its options are separate words
  python3 -c "import $module" 2>/dev/null || { echo "setup: installing $package (pip)"; python3 -m pip install -q $package; }
done

if [ "${1:-}" = "--test" ] && [ "$(schemathesis --version 2>/dev/null)" != "schemathesis, version $schemathesis_version" ]; then
  echo "setup: installing schemathesis $schemathesis_version (pip)"
  python3 -m pip install -q "schemathesis==$schemathesis_version"
fi
