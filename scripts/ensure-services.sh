#!/usr/bin/env bash
# Makes sure the servers the integration tests use are up: PostgreSQL on 127.0.0.1:5432 (or the host and port of
# DATABASE_URL), Redis on 127.0.0.1:6379 (or REDIS_URL's), NATS with JetStream on 127.0.0.1:4222 (or NATS_URL's),
# RabbitMQ on 127.0.0.1:5672 (or RABBITMQ_URL's) and the tests' own three-master Redis Cluster on 127.0.0.1:7301-7303
# (scripts/redis-cluster.sh; not when REDIS_CLUSTER_NODES names another cluster). Starts whichever is down when it is
# on this machine, waits for it (~20 s, RabbitMQ ~60 s), prints what it found and what it did, and exits non-zero with
# a message naming the server when one still does not answer. The tests then fail rather than skip.
set -euo pipefail

DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
RABBITMQ_URL="${RABBITMQ_URL:-amqp://guest:guest@127.0.0.1:5672}"
WAIT_SECONDS="${SERVICES_WAIT_SECONDS:-20}"
RABBITMQ_WAIT_SECONDS="${RABBITMQ_WAIT_SECONDS:-60}"

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

# Host and port of a URL of the form scheme://[user[:password]@]host[:port][/…] (IPv6 in brackets); the port defaults
# to $2. Prints "host port", or fails naming the variable.
host_port() {
  local url="$1" default_port="$2" name="$3"
  if [[ "$url" =~ ^[a-z]+://([^@/]*@)?(\[[^]/]*\]|[^:/?]+)(:([0-9]+))?(/.*)?$ ]]; then
    local host="${BASH_REMATCH[2]}"
    host="${host#[}"
    printf '%s %s\n' "${host%]}" "${BASH_REMATCH[4]:-$default_port}"
  else
    fail "$name is not a scheme://[user[:password]@]host[:port] URL: $url"
  fi
}

read -r NATS_HOST NATS_PORT < <(host_port "$NATS_URL" 4222 NATS_URL)
read -r RABBITMQ_HOST RABBITMQ_PORT < <(host_port "$RABBITMQ_URL" 5672 RABBITMQ_URL)

# tcp_up HOST PORT: whether something accepts a TCP connection there within 2 s.
tcp_up() {
  timeout 2 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null
}

# NATS greets every connection with an INFO line.
nats_up() {
  timeout 2 bash -c "exec 3<>/dev/tcp/$NATS_HOST/$NATS_PORT && head -c 4 <&3" 2>/dev/null | grep -q '^INFO'
}

rabbitmq_up() {
  tcp_up "$RABBITMQ_HOST" "$RABBITMQ_PORT"
}

is_local() {
  case "$1" in
  127.0.0.1 | localhost | ::1) return 0 ;;
  *) return 1 ;;
  esac
}

start_nats() {
  is_local "$NATS_HOST" || fail "NATS at $NATS_HOST:$NATS_PORT does not answer, and only a server on this machine can be started here"
  command -v nats-server >/dev/null 2>&1 || fail "NATS is down and nats-server is not installed (Debian package nats-server)"
  # The machine's own store directory for the standard port; one of its own for any other, so two never share.
  local store=/var/lib/nats-server
  [ "$NATS_PORT" = 4222 ] || store="${TMPDIR:-/tmp}/cartwright-nats-$NATS_PORT"
  mkdir -p "$store"
  log "starting NATS with JetStream on $NATS_HOST:$NATS_PORT (store $store)"
  setsid nats-server -a "$NATS_HOST" -p "$NATS_PORT" -js -sd "$store" -l "$store/nats-server.log" \
    </dev/null >/dev/null 2>&1 &
}

start_rabbitmq() {
  is_local "$RABBITMQ_HOST" || fail "RabbitMQ at $RABBITMQ_HOST:$RABBITMQ_PORT does not answer, and only a server on this machine can be started here"
  command -v rabbitmq-server >/dev/null 2>&1 || fail "RabbitMQ is down and rabbitmq-server is not installed (Debian package rabbitmq-server)"
  log "starting RabbitMQ on port $RABBITMQ_PORT (it takes a while to boot)"
  if [ "$RABBITMQ_PORT" = 5672 ]; then
    rabbitmq-server -detached || log "rabbitmq-server failed (exit $?)"
  else
    RABBITMQ_NODE_PORT="$RABBITMQ_PORT" RABBITMQ_NODENAME="cartwright-$RABBITMQ_PORT@localhost" \
      rabbitmq-server -detached || log "rabbitmq-server failed (exit $?)"
  fi
}

# wait_for CHECK [SECONDS]: polls CHECK every half second for up to SECONDS (default WAIT_SECONDS).
wait_for() {
  local check="$1" tries=$((${2:-$WAIT_SECONDS} * 2))
  for ((i = 0; i < tries; i++)); do
    "$check" && return 0
    sleep 0.5
  done
  return 1
}

command -v redis-cli >/dev/null 2>&1 || fail "redis-cli is not installed (Debian package redis-tools)"
command -v pg_isready >/dev/null 2>&1 || command -v psql >/dev/null 2>&1 ||
  fail "neither pg_isready nor psql is installed (Debian package postgresql-client)"

# ensure NAME CHECK START: leaves a server that answers alone, else starts it (START says what it starts).
ensure() {
  "$2" || "$3"
}

# settle NAME CHECK SECONDS WHERE: waits for a server, and says where it answers or that it does not.
status=0
settle() {
  if wait_for "$2" "$3"; then
    log "$1 is up at $4"
  else
    printf 'ensure-services: ERROR: %s does not answer at %s after %s s\n' "$1" "$4" "$3" >&2
    status=1
  fi
}

ensure PostgreSQL postgres_up start_postgres
ensure Redis redis_up start_redis
ensure NATS nats_up start_nats
ensure RabbitMQ rabbitmq_up start_rabbitmq

settle PostgreSQL postgres_up "$WAIT_SECONDS" "$PG_HOST:$PG_PORT"
settle Redis redis_up "$WAIT_SECONDS" "$REDIS_URL"
settle NATS nats_up "$WAIT_SECONDS" "$NATS_HOST:$NATS_PORT"
settle RabbitMQ rabbitmq_up "$RABBITMQ_WAIT_SECONDS" "$RABBITMQ_HOST:$RABBITMQ_PORT"
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
