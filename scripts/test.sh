#!/usr/bin/env bash
# `npm test`: every check and every test, failing on the first that fails.
#
#   npm test                  typecheck, lint, build, unit, integration (PGlite), end-to-end
#   npm test -- --postgres    the same, and the integration tests again on a throwaway
#                             PostgreSQL 15 server (scripts/ci-postgres.sh: Debian's postgresql,
#                             run as root), as CI does
#
# The typecheck and lint run beside the build and the unit tests, which leave a core mostly idle;
# their output is printed when they end, so the build's stays readable. The PostgreSQL pass runs after the
# end-to-end tests, not beside them: tried beside them (one file at a time, 2026-12-02), the load
# went to 12 on 2 cores and end-to-end tests ran out of their 30 s.
set -euo pipefail
cd "$(dirname "$0")/.."

postgres=false
for arg in "$@"; do
  case "$arg" in
    --postgres) postgres=true ;;
    *) echo "npm test: unknown option $arg (only --postgres)" >&2; exit 2 ;;
  esac
done

logs="$(mktemp -d)"
pgdir=""
cleanup() {
  # Whatever still runs beside (after a failure) stops with us.
  for pid in $(jobs -p); do pkill -TERM -P "$pid" 2>/dev/null || true; kill "$pid" 2>/dev/null || true; done
  if [[ -n "$pgdir" ]]; then scripts/ci-postgres.sh stop "$pgdir" || true; fi
  rm -rf "$logs"
}
trap cleanup EXIT

# Waits for a job started beside, prints its output under a heading, fails as it failed.
finish() {
  local pid="$1" name="$2" status=0
  wait "$pid" || status=$?
  echo "--- $name (ran beside) ---"
  cat "$logs/$name.log"
  if [[ $status -ne 0 ]]; then
    echo "npm test: $name failed (exit $status)" >&2
    exit "$status"
  fi
}

# The messages' compiled functions first (app/paraglide), which the typecheck and the build both
# read: each then finds them current and leaves them alone. The unit tests follow the build while
# the typecheck still runs (it outlasts the build by about 20 s, on one core of two).
npm run -s messages
(npm run -s typecheck && npm run -s lint) >"$logs/typecheck-and-lint.log" 2>&1 &
checks=$!
npm run build
npm run test:unit
finish "$checks" typecheck-and-lint

# With a PostgreSQL pass to come, the files about the HTTP layer wait for it (ONCE_ON_POSTGRES in
# vitest.config.ts): they run once, where a server starts in under a second.
if $postgres; then
  POSTGRES_PASS_FOLLOWS=1 npm run test:integration
else
  npm run test:integration
fi

npm run test:e2e

if $postgres; then
  eval "$(scripts/ci-postgres.sh start)"
  pgdir="$PGDIR"
  echo "Integration tests on PostgreSQL 15:"
  TEST_DATABASE_URL="$TEST_DATABASE_URL" npx vitest run tests/integration
fi
