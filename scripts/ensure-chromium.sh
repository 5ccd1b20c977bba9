#!/usr/bin/env bash
# Installs Debian's Chromium (and fonts) for the browser tests when it is missing.
# Never downloads a browser build of its own. Needs root (or sudo) to install.
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$chrome" ]; then
  exit 0
fi
echo "Chromium fehlt unter $chrome – installiere Debians Paket 'chromium' (braucht root) ..."
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "Bitte als root ausführen: apt-get install chromium fonts-liberation" >&2; exit 1; }
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-liberation >/dev/null
[ -x "$chrome" ] || { echo "Chromium wurde nicht unter $chrome installiert" >&2; exit 1; }
