#!/usr/bin/env bash
# Makes sure Chromium is at /usr/bin/chromium for the browser test of the API reference page
# (test/browser/docs-page.test.ts): found when installed, else installed from Debian's package `chromium` when this
# user may run apt-get (root, or sudo without a password), with up to three tries. Prints what it found or did;
# exits non-zero when Chromium is missing and cannot be installed here, saying how to install it.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
log() { printf 'ensure-chromium: %s\n' "$*"; }

if [ -x "$CHROMIUM" ]; then
  log "found $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo"
  else
    printf 'ensure-chromium: ERROR: %s is missing, and installing it needs root: run `sudo apt-get install chromium`\n' "$CHROMIUM" >&2
    exit 1
  fi
fi
command -v apt-get >/dev/null 2>&1 ||
  { printf 'ensure-chromium: ERROR: %s is missing and apt-get is not here to install it\n' "$CHROMIUM" >&2; exit 1; }

log "installing Debian's chromium (the browser test drives it headless)…"
for attempt in 1 2 3; do
  if $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null &&
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; then
    break
  fi
  if [ "$attempt" -eq 3 ]; then
    printf 'ensure-chromium: ERROR: could not install chromium\n' >&2
    exit 1
  fi
  sleep $((attempt * 10))
done
log "installed $("$CHROMIUM" --version)"
