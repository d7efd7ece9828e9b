#!/usr/bin/env bash
# The whole suite, as `npm test` and CI run it: environment, schema drift, lint, types, the web build
# the browser tests load, then every Vitest project (unit, ui, server on PGlite and on PostgreSQL, ops,
# e2e). Stops at the first failing step and says which one.
set -euo pipefail
cd "$(dirname "$0")/.."

export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
export TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://avalia:avalia@127.0.0.1:5432/postgres}"

steps=()
current=''
started=$SECONDS

summary() {
  local rc=$?
  echo
  echo '================ test summary ================'
  for s in "${steps[@]}"; do echo "  ok    $s"; done
  if [ "$rc" -ne 0 ]; then
    echo "  FAIL  ${current:-setup} (exit $rc)"
    echo "Tests FAILED after $((SECONDS - started)) s."
  else
    echo "All ${#steps[@]} steps passed in $((SECONDS - started)) s."
  fi
  echo '=============================================='
}
trap summary EXIT

step() {
  current="$1"
  shift
  local t0=$SECONDS
  echo
  echo ">>> $current: $*"
  "$@"
  steps+=("$current ($((SECONDS - t0)) s)")
  current=''
}

step 'test environment' bash scripts/prepareTestEnv.sh
step 'schema check' npm run --silent schema:check
step 'lint' npm run --silent lint
step 'typecheck' npm run --silent typecheck
step 'web build' npx vite build --logLevel warn
step 'vitest (unit, ui, server-pglite, server-postgres, ops, e2e)' npx vitest run
