#!/usr/bin/env bash
# Makes a bare Debian machine ready for the test suite: Debian's Chromium for the browser tests and a
# running PostgreSQL 15 cluster with the role the server tests sign in as. Idempotent; when everything
# is already in place it only checks and returns in about a second. As root it installs and starts
# what is missing; as another user it fails naming the command to run.
set -euo pipefail

CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://avalia:avalia@127.0.0.1:5432/postgres}"
PG_VERSION=15
PG_CLUSTER=main
PG_ROLE=avalia
PG_PASSWORD=avalia

say() { printf '[prepareTestEnv] %s\n' "$*"; }
fail() {
  printf '[prepareTestEnv] ERROR: %s\n' "$*" >&2
  exit 1
}

is_root=false
[ "$(id -u)" -eq 0 ] && is_root=true

apt_updated=false
apt_install() {
  $is_root || fail "missing Debian packages: $*. Run: sudo apt-get update && sudo apt-get install -y $*"
  if ! $apt_updated; then
    say "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=true
  fi
  say "apt-get install -y $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Runs psql against the test URL; true when the role can sign in.
postgres_ready() {
  command -v psql >/dev/null 2>&1 && PGCONNECT_TIMEOUT=5 psql "$TEST_POSTGRES_URL" -qtAc 'SELECT 1' >/dev/null 2>&1
}

# --- Chromium -------------------------------------------------------------------------------------
missing=()
[ -x "$CHROMIUM_PATH" ] || missing+=(chromium)
# Without any font the screenshots show boxes and text metrics differ; Liberation is the usual pick.
if ! { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list 2>/dev/null | head -n 1)" ]; }; then
  missing+=(fonts-liberation)
fi
# The durability test reads the server's fsync calls with strace.
command -v strace >/dev/null 2>&1 || missing+=(strace)
# The report tests read PDFs as text (pdftotext) and render their pages (pdftoppm).
command -v pdftotext >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$CHROMIUM_PATH" != /usr/bin/chromium ] && [[ " ${missing[*]} " == *" chromium "* ]]; then
    fail "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable. Unset it to use Debian's /usr/bin/chromium."
  fi
  apt_install "${missing[@]}"
fi
[ -x "$CHROMIUM_PATH" ] || fail "$CHROMIUM_PATH is still missing after the install"
say "chromium: $("$CHROMIUM_PATH" --version 2>/dev/null || echo "$CHROMIUM_PATH")"

# --- PostgreSQL -----------------------------------------------------------------------------------
if postgres_ready; then
  say "postgresql: $TEST_POSTGRES_URL answers"
  exit 0
fi

case "$TEST_POSTGRES_URL" in
  *@127.0.0.1:5432/* | *@localhost:5432/*) ;;
  *) fail "TEST_POSTGRES_URL=$TEST_POSTGRES_URL does not answer, and it is not the local cluster this script can set up." ;;
esac

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ ! -x "/usr/lib/postgresql/$PG_VERSION/bin/postgres" ]; then
  apt_install postgresql
fi
[ -x "/usr/lib/postgresql/$PG_VERSION/bin/postgres" ] ||
  fail "PostgreSQL $PG_VERSION is not installed (Debian 12's postgresql package gives version $PG_VERSION)"

if ! pg_lsclusters -h 2>/dev/null | awk -v v="$PG_VERSION" -v c="$PG_CLUSTER" '$1 == v && $2 == c { found = 1 } END { exit !found }'; then
  $is_root || fail "no PostgreSQL cluster $PG_VERSION/$PG_CLUSTER. Run: sudo pg_createcluster $PG_VERSION $PG_CLUSTER"
  say "pg_createcluster $PG_VERSION $PG_CLUSTER"
  pg_createcluster "$PG_VERSION" "$PG_CLUSTER" >/dev/null
fi

status=$(pg_lsclusters -h | awk -v v="$PG_VERSION" -v c="$PG_CLUSTER" '$1 == v && $2 == c { print $4 }')
if [ "$status" != online ]; then
  $is_root || fail "PostgreSQL $PG_VERSION/$PG_CLUSTER is $status. Run: sudo pg_ctlcluster $PG_VERSION $PG_CLUSTER start"
  say "pg_ctlcluster $PG_VERSION $PG_CLUSTER start"
  pg_ctlcluster "$PG_VERSION" "$PG_CLUSTER" start
fi

port=$(pg_lsclusters -h | awk -v v="$PG_VERSION" -v c="$PG_CLUSTER" '$1 == v && $2 == c { print $3 }')
[ "$port" = 5432 ] || fail "cluster $PG_VERSION/$PG_CLUSTER listens on port $port, the tests expect 5432 (set TEST_POSTGRES_URL)"

role_sql="SELECT 1 FROM pg_roles WHERE rolname = '$PG_ROLE'"
if $is_root; then
  if [ "$(su postgres -c "psql -qtAc \"$role_sql\"")" != 1 ]; then
    say "creating role $PG_ROLE"
    su postgres -c "psql -qc \"CREATE ROLE $PG_ROLE LOGIN SUPERUSER PASSWORD '$PG_PASSWORD'\"" >/dev/null
  fi
fi

# The cluster may take a moment to accept connections right after the start.
for _ in $(seq 1 30); do
  postgres_ready && break
  sleep 0.5
done
postgres_ready || fail "$TEST_POSTGRES_URL does not answer. As root: su postgres -c \"psql -c \\\"CREATE ROLE $PG_ROLE LOGIN SUPERUSER PASSWORD '$PG_PASSWORD'\\\"\""
say "postgresql: $TEST_POSTGRES_URL answers"
