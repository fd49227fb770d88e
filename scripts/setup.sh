#!/usr/bin/env bash
# Installs what eki needs on a fresh Debian machine, skipping whatever is already there.
#   scripts/setup.sh          what building and running need (SQLite headers, rsvg-convert)
#   scripts/setup.sh --test   also what the tests need (headless Chromium, Japanese fonts, selenium,
#                             schemathesis at the version the API test was written against)
# Debian packages come through apt-get (run as root, or with sudo when it is there); Python ones through pip.
set -euo pipefail

packages=(libsqlite3-dev librsvg2-bin)
python_modules=()
# Pinned: a newer schemathesis may bring new checks, and the API test must fail only on the server.
schemathesis_version=4.32.5
if [ "${1:-}" = "--test" ]; then
  packages+=(chromium chromium-driver fonts-noto-cjk)
  python_modules+=(selenium)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

for module in "${python_modules[@]}"; do
  python3 -c "import $module" 2>/dev/null || { echo "setup: installing $module (pip)"; python3 -m pip install -q "$module"; }
done

if [ "${1:-}" = "--test" ] && [ "$(schemathesis --version 2>/dev/null)" != "schemathesis, version $schemathesis_version" ]; then
  echo "setup: installing schemathesis $schemathesis_version (pip)"
  python3 -m pip install -q "schemathesis==$schemathesis_version"
fi
