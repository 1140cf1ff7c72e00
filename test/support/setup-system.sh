#!/usr/bin/env bash
# Installs the real programs the tests drive (promtool checks /metrics, Chromium runs the admin UI, Radicale serves
# CalDAV, docker-compose validates docker/compose.yaml without a daemon, caddy reads its Caddyfile, PostgreSQL 15 hosts the second run of the
# database suites) when missing. PostgreSQL is optional: where it cannot be installed that run says so and skips.
set -euo pipefail
need=()
command -v promtool >/dev/null 2>&1 || need+=(prometheus)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v radicale >/dev/null 2>&1 || need+=(radicale)
command -v docker-compose >/dev/null 2>&1 || need+=(docker-compose)
command -v caddy >/dev/null 2>&1 || need+=(caddy)
want_pg=0
[ -x /usr/lib/postgresql/15/bin/initdb ] || want_pg=1
if [ ${#need[@]} -eq 0 ] && [ $want_pg -eq 0 ]; then exit 0; fi
if [ ${#need[@]} -eq 0 ] && [ "$(id -u)" -ne 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "tests need: ${need[*]} (apt-get install -y ${need[*]}); run as root or install them first" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if [ ${#need[@]} -gt 0 ]; then
  echo "installing test dependencies: ${need[*]}"
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
if [ $want_pg -eq 1 ]; then
  # the package creates the unprivileged "postgres" user the test cluster runs as (initdb refuses root)
  apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
    || echo "postgresql-15 could not be installed: the PostgreSQL run of the tests will be skipped" >&2
fi
