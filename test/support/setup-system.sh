#!/usr/bin/env bash
# Installs the real programs the tests drive (promtool checks /metrics, Chromium runs the admin UI, Radicale serves
# CalDAV, docker-compose validates docker/compose.yaml without a daemon) when missing.
set -euo pipefail
need=()
command -v promtool >/dev/null 2>&1 || need+=(prometheus)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v radicale >/dev/null 2>&1 || need+=(radicale)
command -v docker-compose >/dev/null 2>&1 || need+=(docker-compose)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "tests need: ${need[*]} (apt-get install -y ${need[*]}); run as root or install them first" >&2
  exit 1
fi
echo "installing test dependencies: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
