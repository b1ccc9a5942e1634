#!/usr/bin/env bash
# Makes sure the servers the integration tests use are up: PostgreSQL on 127.0.0.1:5432 (or the host and port of
# DATABASE_URL), Redis on 127.0.0.1:6379 (or the host and port of REDIS_URL), and the tests' own three-master Redis
# Cluster on 127.0.0.1:7301-7303 (scripts/redis-cluster.sh; not when REDIS_CLUSTER_NODES names another cluster).
# Starts whichever is down when it is on this machine, waits up to ~20 s for it, and exits non-zero with a message
# naming the server when one still does not answer. The tests then fail rather than skip.
set -euo pipefail

DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
WAIT_SECONDS="${SERVICES_WAIT_SECONDS:-20}"

log() { printf 'ensure-services: %s\n' "$*"; }
fail() {
  printf 'ensure-services: ERROR: %s\n' "$*" >&2
  exit 1
}

# Host and port of DATABASE_URL (postgres:// or postgresql://, user and password optional, an IPv6 host in brackets;
# the port defaults to 5432). Anything else is refused rather than guessed at.
if [[ "$DATABASE_URL" =~ ^postgres(ql)?://([^@/]*@)?(\[[^]/]*\]|[^:/?]+)(:([0-9]+))?(/[^?]*)?(\?.*)?$ ]]; then
  PG_HOST="${BASH_REMATCH[3]}"
  PG_HOST="${PG_HOST#[}"
  PG_HOST="${PG_HOST%]}"
  PG_PORT="${BASH_REMATCH[5]:-5432}"
else
  fail "DATABASE_URL is not a postgres://[user[:password]@]host[:port]/database URL: $DATABASE_URL"
fi

postgres_up() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2
  else
    psql "$DATABASE_URL" -tAc 'select 1' >/dev/null 2>&1
  fi
}

redis_up() {
  [ "$(redis-cli -u "$REDIS_URL" ping 2>/dev/null)" = PONG ]
}

start_postgres() {
  case "$PG_HOST" in
  127.0.0.1 | localhost | ::1) ;;
  *) fail "PostgreSQL at $PG_HOST:$PG_PORT does not answer, and only a server on this machine can be started here" ;;
  esac
  command -v pg_ctlcluster >/dev/null 2>&1 || fail "PostgreSQL is down and pg_ctlcluster is not installed"
  # The newest configured cluster on DATABASE_URL's port: starting one on another port would not help.
  local version cluster
  read -r version cluster < <(pg_lsclusters --no-header 2>/dev/null | awk -v port="$PG_PORT" '$3 == port { print $1, $2 }' | sort -V | tail -n 1) || true
  [ -n "${version:-}" ] || fail "PostgreSQL is down and no cluster on this machine is configured for port $PG_PORT"
  log "starting PostgreSQL $version (cluster $cluster, port $PG_PORT)"
  pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" start || log "pg_ctlcluster failed (exit $?)"
}

# The port of REDIS_URL when it names this machine (127.0.0.1 or localhost), else nothing: only a local server is started.
local_redis_port() {
  if [[ "$REDIS_URL" =~ ^redis://([^@/]*@)?(127\.0\.0\.1|localhost)(:([0-9]+))?(/.*)?$ ]]; then
    printf '%s' "${BASH_REMATCH[4]:-6379}"
  fi
}

start_redis() {
  command -v redis-server >/dev/null 2>&1 || fail "Redis is down and redis-server is not installed"
  local port
  port="$(local_redis_port)"
  [ -n "$port" ] || fail "Redis at $REDIS_URL does not answer, and only a server on this machine can be started here"
  log "starting Redis on 127.0.0.1:$port"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no ||
    log "redis-server failed (exit $?)"
}

# wait_for CHECK: polls CHECK every half second for up to WAIT_SECONDS.
wait_for() {
  local check="$1" tries=$((WAIT_SECONDS * 2))
  for ((i = 0; i < tries; i++)); do
    "$check" && return 0
    sleep 0.5
  done
  return 1
}

command -v redis-cli >/dev/null 2>&1 || fail "redis-cli is not installed (Debian package redis-tools)"
command -v pg_isready >/dev/null 2>&1 || command -v psql >/dev/null 2>&1 ||
  fail "neither pg_isready nor psql is installed (Debian package postgresql-client)"

postgres_up || start_postgres
redis_up || start_redis

status=0
if wait_for postgres_up; then
  log "PostgreSQL is up on $PG_HOST:$PG_PORT"
else
  printf 'ensure-services: ERROR: PostgreSQL does not answer on %s:%s after %s s\n' "$PG_HOST" "$PG_PORT" "$WAIT_SECONDS" >&2
  status=1
fi
if wait_for redis_up; then
  log "Redis is up at $REDIS_URL"
else
  printf 'ensure-services: ERROR: Redis does not answer at %s after %s s\n' "$REDIS_URL" "$WAIT_SECONDS" >&2
  status=1
fi
# The cluster's script starts, forms and waits for it, and says what failed; the tests would start it too.
if [ -z "${REDIS_CLUSTER_NODES:-}" ]; then
  if nodes="$("$(dirname "$0")/redis-cluster.sh" start)"; then
    log "Redis Cluster is up at $nodes"
  else
    printf 'ensure-services: ERROR: the Redis Cluster of the tests did not start (scripts/redis-cluster.sh start)\n' >&2
    status=1
  fi
fi
exit "$status"
