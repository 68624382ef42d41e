#!/usr/bin/env bash
# Installs the Backstage catalog backend of this directory (index.js, package.json and its lock)
# into a git-ignored directory and starts it in the foreground, for
# `npm run bench:catalog -- --compare http://127.0.0.1:7077` (README.md beside this file).
# The repository's own dependencies never include Backstage: CI does not install it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
dir="${BACKSTAGE_BENCH_DIR:-$repo/data/bench/backstage-server}"

# The project's Node 24 when installed (Backstage's backends run on Node 20, 22 and 24).
if [ -x "$repo/node_modules/.bin/node" ]; then export PATH="$repo/node_modules/.bin:$PATH"; fi

export BACKSTAGE_PORT="${BACKSTAGE_PORT:-7077}"
export BACKSTAGE_TOKEN="${BACKSTAGE_TOKEN:-bench-backstage-token-0123456789abcdef}"
export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGUSER="${PGUSER:-postgres}"
# As the benchmark runs Atrium: warnings and errors only (a line per request would cost both servers alike).
export LOG_LEVEL="${LOG_LEVEL:-warn}" NODE_ENV="${NODE_ENV:-production}"

mkdir -p "$dir"
cp "$here/package.json" "$here/package-lock.json" "$here/index.js" "$here/app-config.yaml" "$dir/"
# npm ci again only when the lock changed since the last install.
if ! cmp -s "$dir/package-lock.json" "$dir/node_modules/.package-lock.installed" 2>/dev/null; then
  echo "installing the Backstage catalog backend into $dir (about a minute)" >&2
  (cd "$dir" && npm ci --no-audit --no-fund)
  cp "$dir/package-lock.json" "$dir/node_modules/.package-lock.installed"
fi

if [ "${1:-}" = "--install-only" ]; then exit 0; fi
echo "Backstage catalog backend on http://127.0.0.1:$BACKSTAGE_PORT (PostgreSQL $PGHOST:$PGPORT, database backstage_bench_catalog), node $(node --version)" >&2
cd "$dir"
exec node index.js --config app-config.yaml
