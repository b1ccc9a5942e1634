#!/usr/bin/env bash
# A local Redis Cluster for the tests and for trying `npm start` on a cluster: three masters (no replicas) on
# 127.0.0.1, on ports of their own (7301-7303 unless REDIS_CLUSTER_PORT names another first port; never the
# 6379 of the ordinary Redis), each a `redis-server` with `cluster-enabled yes` and no persistence, its files in
# a directory under $TMPDIR (REDIS_CLUSTER_DIR to choose it).
#
#   scripts/redis-cluster.sh start     starts whatever is missing, forms the cluster (redis-cli --cluster create),
#                                      closes slots a reshard left half-moved, and waits for cluster_state:ok;
#                                      does nothing to a cluster that is already up and whole. Prints the nodes
#                                      (as `nodes` does) on its standard output, its progress on standard error
#   scripts/redis-cluster.sh stop      shuts the three servers down and removes their directory
#   scripts/redis-cluster.sh status    prints each node's state; exits 0 only when the cluster is up and ok
#   scripts/redis-cluster.sh nodes     prints the nodes as CARTWRIGHT_REDIS_CLUSTER takes them (host:port,…)
#   scripts/redis-cluster.sh reshard N moves N slots from the master holding most to the one holding fewest
#   scripts/redis-cluster.sh rebalance spreads the slots evenly again
#
# Every command holds a lock, so that test files (and test runs) calling it at once see one cluster formed once,
# and a reshard never meets another. Needs redis-server and redis-cli (Debian packages redis-server, redis-tools).
set -euo pipefail

HOST=127.0.0.1
FIRST_PORT="${REDIS_CLUSTER_PORT:-7301}"
PORTS=("$FIRST_PORT" "$((FIRST_PORT + 1))" "$((FIRST_PORT + 2))")
DIR="${REDIS_CLUSTER_DIR:-${TMPDIR:-/tmp}/cartwright-redis-cluster-$FIRST_PORT}"
WAIT_SECONDS="${REDIS_CLUSTER_WAIT_SECONDS:-30}"
# Slots a reshard moves at a time: each batch is one MIGRATE per node and key.
PIPELINE=100

log() { printf 'redis-cluster: %s\n' "$*" >&2; }
fail() {
  printf 'redis-cluster: ERROR: %s\n' "$*" >&2
  exit 1
}

# cli PORT ARGS…: one command to a node; nothing on stdout when it does not answer.
cli() {
  local port="$1"
  shift
  redis-cli -h "$HOST" -p "$port" "$@" 2>/dev/null || true
}

# cluster_field PORT FIELD: one field of the node's INFO cluster / CLUSTER INFO, without the CR.
cluster_field() {
  cli "$1" cluster info | tr -d '\r' | awk -F: -v f="$2" '$1 == f { print $2 }'
}

answers() { [ "$(cli "$1" ping)" = PONG ]; }

# A node that answers but is not a cluster node is someone else's server: never touched.
is_cluster_node() { cli "$1" info cluster | tr -d '\r' | grep -qx 'cluster_enabled:1'; }

# The cluster is whole when every node sees the other two and cluster_state:ok, with all 16384 slots served.
whole() {
  local port
  for port in "${PORTS[@]}"; do
    [ "$(cluster_field "$port" cluster_state)" = ok ] || return 1
    [ "$(cluster_field "$port" cluster_known_nodes)" = "${#PORTS[@]}" ] || return 1
    [ "$(cluster_field "$port" cluster_slots_ok)" = 16384 ] || return 1
  done
}

start_node() {
  local port="$1"
  log "starting redis-server on $HOST:$port (cluster node, files in $DIR)"
  redis-server --daemonize yes --bind "$HOST" --port "$port" --protected-mode yes \
    --dir "$DIR" --cluster-enabled yes --cluster-config-file "nodes-$port.conf" --cluster-node-timeout 5000 \
    --save "" --appendonly no --pidfile "$DIR/redis-$port.pid" --logfile "$DIR/redis-$port.log" 9>&- ||
    fail "redis-server did not start on port $port (see $DIR/redis-$port.log)"
}

# wait_until CHECK WHAT: polls CHECK every 0.2 s for up to WAIT_SECONDS.
wait_until() {
  local check="$1" what="$2" tries=$((WAIT_SECONDS * 5))
  for ((i = 0; i < tries; i++)); do
    "$check" && return 0
    sleep 0.2
  done
  fail "$what after $WAIT_SECONDS s (logs in $DIR)"
}

all_answer() {
  local port
  for port in "${PORTS[@]}"; do answers "$port" || return 1; done
}

stop_nodes() {
  local port pid
  for port in "${PORTS[@]}"; do
    if answers "$port" && is_cluster_node "$port"; then cli "$port" shutdown nosave >/dev/null; fi
  done
  for port in "${PORTS[@]}"; do
    pid="$(cat "$DIR/redis-$port.pid" 2>/dev/null || true)"
    for ((i = 0; i < 50; i++)); do
      { [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; } && ! answers "$port" && break
      sleep 0.1
    done
  done
}

# Fresh nodes, each knowing only itself, joined into one cluster with the slots split in three.
form() {
  local nodes=() port
  for port in "${PORTS[@]}"; do nodes+=("$HOST:$port"); done
  log "forming the cluster: ${nodes[*]}"
  redis-cli --cluster create "${nodes[@]}" --cluster-replicas 0 --cluster-yes >"$DIR/create.log" 2>&1 ||
    fail "redis-cli --cluster create failed: $(tail -n 5 "$DIR/create.log")"
}

# A reshard cut short (a test run killed half-way) leaves slots marked migrating/importing: close them.
fix_open_slots() {
  local report
  report="$(redis-cli --cluster check "$HOST:${PORTS[0]}" 2>&1 || true)"
  if grep -qE '\[(WARNING|ERR)\]' <<<"$report"; then
    log "closing the slots a reshard left open"
    redis-cli --cluster fix "$HOST:${PORTS[0]}" --cluster-yes >"$DIR/fix.log" 2>&1 ||
      fail "redis-cli --cluster fix failed (see $DIR/fix.log)"
  fi
}

start() {
  local port up=0 foreign=()
  for port in "${PORTS[@]}"; do
    if answers "$port"; then
      up=$((up + 1))
      is_cluster_node "$port" || foreign+=("$port")
    fi
  done
  [ "${#foreign[@]}" -eq 0 ] ||
    fail "port(s) ${foreign[*]} answer as Redis without cluster-enabled: choose other ports with REDIS_CLUSTER_PORT"
  if [ "$up" -eq "${#PORTS[@]}" ] && whole; then
    fix_open_slots
    return 0
  fi
  # Anything less than a whole cluster (some nodes gone, a cluster never formed) starts over: the data is
  # test data, and a half-formed cluster is not worth mending.
  [ "$up" -eq 0 ] || {
    log "the cluster on ${PORTS[*]} is not whole: starting it afresh"
    stop_nodes
  }
  rm -rf "$DIR"
  mkdir -p "$DIR"
  for port in "${PORTS[@]}"; do start_node "$port"; done
  wait_until all_answer "the nodes do not answer"
  form
  wait_until whole "the cluster is not ok (cluster_state:ok on every node)"
  log "the cluster is up"
}

nodes() {
  local list=() port
  for port in "${PORTS[@]}"; do list+=("$HOST:$port"); done
  local IFS=,
  printf '%s\n' "${list[*]}"
}

status() {
  local port state=0
  for port in "${PORTS[@]}"; do
    if answers "$port"; then
      printf '%s:%s cluster_state:%s known_nodes:%s\n' "$HOST" "$port" \
        "$(cluster_field "$port" cluster_state)" "$(cluster_field "$port" cluster_known_nodes)"
    else
      printf '%s:%s down\n' "$HOST" "$port"
      state=1
    fi
  done
  [ "$state" -eq 0 ] && whole
}

# The masters as "<slot count> <node id>" lines, most slots first.
masters_by_slots() {
  cli "${PORTS[0]}" cluster nodes | tr -d '\r' | awk '$3 ~ /master/ {
    n = 0
    for (i = 9; i <= NF; i++) {
      if ($i ~ /^\[/) continue
      split($i, r, "-"); n += (r[2] == "" ? 1 : r[2] - r[1] + 1)
    }
    print n, $1
  }' | sort -rn
}

reshard() {
  local slots="$1" from to
  [[ "$slots" =~ ^[0-9]+$ ]] || fail "reshard takes a number of slots"
  whole || fail "the cluster is not up: run scripts/redis-cluster.sh start"
  from="$(masters_by_slots | head -n 1 | cut -d' ' -f2)"
  to="$(masters_by_slots | tail -n 1 | cut -d' ' -f2)"
  log "moving $slots slots from $from to $to"
  redis-cli --cluster reshard "$HOST:${PORTS[0]}" --cluster-from "$from" --cluster-to "$to" \
    --cluster-slots "$slots" --cluster-pipeline "$PIPELINE" --cluster-yes >"$DIR/reshard.log" 2>&1 ||
    fail "reshard failed: $(tail -n 5 "$DIR/reshard.log")"
}

rebalance() {
  whole || fail "the cluster is not up: run scripts/redis-cluster.sh start"
  redis-cli --cluster rebalance "$HOST:${PORTS[0]}" --cluster-pipeline "$PIPELINE" >"$DIR/rebalance.log" 2>&1 ||
    fail "rebalance failed: $(tail -n 5 "$DIR/rebalance.log")"
}

command -v redis-server >/dev/null 2>&1 || fail "redis-server is not installed (Debian package redis-server)"
command -v redis-cli >/dev/null 2>&1 || fail "redis-cli is not installed (Debian package redis-tools)"

# The lock lives beside the directory, which `start` may remove and make again.
mkdir -p "$(dirname "$DIR")"
exec 9>"$DIR.lock"
flock -w 300 9 || fail "another scripts/redis-cluster.sh has held the lock for 5 minutes"

case "${1:-}" in
start)
  start
  nodes
  ;;
stop)
  stop_nodes
  rm -rf "$DIR"
  ;;
status) status ;;
nodes) nodes ;;
reshard) reshard "${2:-}" ;;
rebalance) rebalance ;;
*)
  echo "usage: scripts/redis-cluster.sh start|stop|status|nodes|reshard SLOTS|rebalance" >&2
  exit 2
  ;;
esac
