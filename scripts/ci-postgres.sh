#!/usr/bin/env bash
# A throwaway PostgreSQL 15 server for the integration tests (CI runs them on PGlite, then again
# on a real server). Runs as root; the cluster belongs to the `postgres` user, as initdb demands.
#
#   scripts/ci-postgres.sh start [PORT]   prints TEST_DATABASE_URL=... and PGDIR=... (default 25432)
#   scripts/ci-postgres.sh stop DIR       stops that server and deletes its folder
#
#   eval "$(scripts/ci-postgres.sh start)"
#   TEST_DATABASE_URL="$TEST_DATABASE_URL" npx vitest run tests/integration
#   scripts/ci-postgres.sh stop "$PGDIR"
#
# Trust authentication on 127.0.0.1 only, no data kept: never use this for anything but tests.
set -euo pipefail

PG_BIN=/usr/lib/postgresql/15/bin

ensure_binaries() {
  if [[ ! -x "$PG_BIN/initdb" ]]; then
    echo "Installing PostgreSQL 15 (Debian package)..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
  fi
  # Debian's package starts its own cluster on 5432; ours is separate and does not need it.
  id postgres >/dev/null 2>&1 || {
    echo "The postgres user is missing (it comes with Debian's postgresql package)." >&2
    exit 1
  }
}

port_is_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Ports below Linux's ephemeral range (32768-60999): a port in it can be taken at any moment as the
# local end of some outgoing connection, which the check below cannot see, and the server then
# fails to bind (it happened to the nginx test's server on 54400).
start() {
  local port="${1:-25432}"
  ensure_binaries
  while ! port_is_free "$port"; do port=$((port + 1)); done
  local dir
  dir="$(mktemp -d /tmp/ci-postgres.XXXXXX)"
  chown postgres:postgres "$dir"
  chmod 700 "$dir"
  # Tuned for a disposable test server: nothing here must survive a crash.
  su postgres -s /bin/sh -c "$PG_BIN/initdb -D '$dir/data' --auth=trust --username=postgres \
    --encoding=UTF8 --locale=C.UTF-8 >'$dir/initdb.log' 2>&1" ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  su postgres -s /bin/sh -c "$PG_BIN/pg_ctl -D '$dir/data' -l '$dir/server.log' -w -t 30 \
    -o \"-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off \
    -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" start \
    >/dev/null" || { cat "$dir/server.log" >&2; exit 1; }
  echo "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
  echo "PGDIR=$dir"
}

stop() {
  local dir="${1:?usage: $0 stop DIR (the PGDIR printed by start)}"
  if [[ "$dir" != /tmp/ci-postgres.* || ! -d "$dir" ]]; then
    echo "Not a folder made by '$0 start': $dir" >&2
    exit 1
  fi
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    su postgres -s /bin/sh -c "$PG_BIN/pg_ctl -D '$dir/data' -m fast -w stop >/dev/null"
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start "${2:-}" ;;
  stop) stop "${2:-}" ;;
  *)
    echo "usage: $0 start [PORT] | stop DIR" >&2
    exit 2
    ;;
esac
