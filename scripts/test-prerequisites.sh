#!/usr/bin/env bash
# What `npm test` needs besides `npm install`, provisioned before anything runs
# (package.json runs this first): Debian's Chromium for Playwright (it never
# downloads a browser), nginx for the proxy test (tests/e2e/support/nginx.js
# runs docs/nginx/atrium.conf) and a running PostgreSQL that the user postgres
# reaches without a password (the store tests run on it as well as on SQLite;
# tests/support/databases.ts). As root on Debian it installs and starts what is
# missing; anywhere else it stops at once with one line naming what to run.
# Quick when all is there: a few checks, no network.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
pg_host="${ATRIUM_TEST_PG_HOST:-127.0.0.1}"
pg_port="${ATRIUM_TEST_PG_PORT:-5432}"
pg_user="${ATRIUM_TEST_PG_USER:-postgres}"
self="scripts/test-prerequisites.sh"

can_install() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }
pg_local() { [ "$pg_host" = 127.0.0.1 ] || [ "$pg_host" = localhost ]; }
pg_ready() { command -v pg_isready >/dev/null 2>&1 && pg_isready -h "$pg_host" -p "$pg_port" -q; }
pg_login() { PGPASSWORD="${ATRIUM_TEST_PG_PASSWORD:-}" psql -w -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres -Atqc 'select 1' >/dev/null 2>&1; }
stop() {
  echo "npm test cannot run: $1" >&2
  exit 1
}

missing_packages=()
[ -x "$chromium" ] || missing_packages+=(chromium)
command -v nginx >/dev/null 2>&1 || missing_packages+=(nginx)
installed_postgresql=false
if ! pg_ready && pg_local && [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
  missing_packages+=(postgresql)
  installed_postgresql=true
fi

if [ ${#missing_packages[@]} -gt 0 ]; then
  if ! can_install; then
    stop "missing $(IFS=,; echo "${missing_packages[*]}" | sed 's/,/, /g'); run as root on Debian: bash $self (or install them yourself; CHROMIUM_PATH names another Chromium)"
  fi
  echo "Installing what the tests need: ${missing_packages[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=120 update -qq || echo "apt-get update failed; installing from the package lists there are" >&2
  apt-get -o DPkg::Lock::Timeout=120 install -y -qq --no-install-recommends "${missing_packages[@]}" >/dev/null
fi

cluster_version() { ls /etc/postgresql | sort -V | tail -n 1; }
if $installed_postgresql; then
  # The cluster Debian just created asks for passwords over TCP; the tests connect as postgres without one.
  # (Where the install started it, as under systemd, it reloads; elsewhere it starts below with this.)
  version="$(cluster_version)"
  sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "/etc/postgresql/$version/main/pg_hba.conf"
  if pg_ready; then pg_ctlcluster --skip-systemctl-redirect "$version" main reload; fi
fi

if ! pg_ready; then
  pg_local || stop "PostgreSQL does not answer at $pg_host:$pg_port (ATRIUM_TEST_PG_HOST, ATRIUM_TEST_PG_PORT)"
  can_install && command -v pg_ctlcluster >/dev/null 2>&1 || stop "PostgreSQL does not answer at $pg_host:$pg_port; start it (as root on Debian: bash $self)"
  version="$(cluster_version)"
  echo "Starting PostgreSQL $version" >&2
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do pg_ready && break; sleep 1; done
  pg_ready || stop "PostgreSQL $version did not come up on $pg_host:$pg_port; see /var/log/postgresql/"
fi
pg_login || stop "PostgreSQL at $pg_host:$pg_port does not let user $pg_user in without a password; allow it (trust for 127.0.0.1 in pg_hba.conf) or set ATRIUM_TEST_PG_USER and ATRIUM_TEST_PG_PASSWORD"
