#!/usr/bin/env bash
# Installs Debian's Chromium (and fonts) for the browser tests and nginx for the reverse-proxy
# tests when they are missing. Never downloads a browser build of its own. Needs root (or sudo).
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
nginx="${NGINX_PATH:-/usr/sbin/nginx}"
missing=()
[ -x "$chrome" ] || missing+=(chromium fonts-liberation)
[ -x "$nginx" ] || missing+=(nginx)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Es fehlen Debian-Pakete für die Tests: ${missing[*]} – installiere sie (braucht root) ..."
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "Bitte als root ausführen: apt-get install ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
[ -x "$chrome" ] || { echo "Chromium wurde nicht unter $chrome installiert" >&2; exit 1; }
[ -x "$nginx" ] || { echo "nginx wurde nicht unter $nginx installiert" >&2; exit 1; }
