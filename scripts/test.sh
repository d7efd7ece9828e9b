#!/usr/bin/env bash
# The whole suite, as `npm test` and CI run it: environment; schema drift, lint, types and the web build
# the browser tests load (side by side: each is one process on one core); then every Vitest project
# (unit, ui, server on PGlite and on PostgreSQL, ops, e2e). Stops at the first failing step and says which.
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
    failedTests
    echo "Tests FAILED after $((SECONDS - started)) s."
  else
    echo "All ${#steps[@]} steps passed in $((SECONDS - started)) s."
  fi
  echo '=============================================='
}
# The failed tests again, by file, one line each: CI logs are read from the end, and Vitest's own account
# of the failures is far above it.
report=test-results/vitest.json
rm -f "$report"
failedTests() {
  [ -f "$report" ] || return 0
  node -e '
    const report = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    if (report.numFailedTests === 0 && report.testResults.every((file) => file.status !== "failed")) console.log("        every test passed: Vitest failed on an error outside them (its \"Unhandled Errors\" above names the file)");
    for (const file of report.testResults) {
      const failed = file.assertionResults.filter((test) => test.status === "failed");
      if (failed.length === 0 && file.status !== "failed") continue;
      console.log(`        ${require("path").relative(process.cwd(), file.name)}`);
      if (failed.length === 0) console.log(`          ${(file.message || "").split("\n")[0].slice(0, 200)}`);
      for (const test of failed) console.log(`          ✗ ${test.fullName}: ${(test.failureMessages[0] || "").split("\n")[0].slice(0, 200)}`);
    }' "$report" || true
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

# Runs the named commands side by side ("name=command" each), prints each one's output in turn, and
# fails naming every command that failed.
side_by_side() {
  local dir names=() pids=() failed=() i
  dir=$(mktemp -d)
  for entry in "$@"; do
    names+=("${entry%%=*}")
    bash -c "${entry#*=}" >"$dir/${#pids[@]}.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then failed+=("${names[$i]}"); fi
    echo "--- ${names[$i]}"
    cat "$dir/$i.log"
  done
  rm -rf "$dir"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED: ${failed[*]}"
    return 1
  fi
}

step 'test environment' bash scripts/prepareTestEnv.sh
step 'schema check, lint, typecheck, web build' side_by_side \
  'schema check=npm run --silent schema:check' \
  'lint=npm run --silent lint' \
  'typecheck=npm run --silent typecheck' \
  'web build=npx vite build --logLevel warn'
step 'vitest (unit, ui, server-pglite, server-postgres, ops, e2e)' npx vitest run --reporter=default --reporter=json --outputFile.json="$report"
