#!/usr/bin/env bash
# Stops every process recorded under DIR/pids (SIGTERM, then SIGKILL after 30 s), checks that
# ports 8081 and 6123 are free and removes the processes' temporary files. Logs are kept.
#
# usage: stop-cluster.sh [--dir=DIR]
set -euo pipefail
# shellcheck source=cluster-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/cluster-lib.sh"

for arg in "$@"; do
  case "$arg" in
    --dir=*) ;;
    -h | --help)
      sed -n '2,5p' "$0"
      exit 0
      ;;
    *) die "unknown argument '$arg' (usage: stop-cluster.sh [--dir=DIR])" ;;
  esac
done
cluster_dir_from "$@"

pids=()
names=()
for f in "$CLUSTER_DIR"/pids/*.pid; do
  [ -e "$f" ] || continue
  pid="$(cat "$f")"
  if pid_is_ours "$pid"; then
    kill -TERM "$pid" 2>/dev/null || true
    pids+=("$pid")
    names+=("$(basename "$f" .pid)")
  fi
  rm -f "$f"
done

for ((waited = 0; waited < 60; waited++)); do
  alive=0
  for pid in "${pids[@]}"; do
    pid_alive "$pid" && alive=$((alive + 1))
  done
  [ "$alive" -eq 0 ] && break
  sleep 0.5
done
for i in "${!pids[@]}"; do
  if pid_alive "${pids[$i]}"; then
    echo "flink: ${names[$i]} (pid ${pids[$i]}) ignored SIGTERM for 30 s; sending SIGKILL" >&2
    kill -KILL "${pids[$i]}" 2>/dev/null || true
  fi
done
for pid in "${pids[@]}"; do
  while pid_alive "$pid"; do sleep 0.2; done
done
echo "flink: stopped ${#pids[@]} process(es)${names[*]:+: ${names[*]}}"

# a TaskManager killed with -9 leaves its blob cache (one copy of every job jar) behind
rm -rf "$CLUSTER_DIR/tmp" "$CLUSTER_DIR/webtmp"

busy=()
for port in "$REST_PORT" "$RPC_PORT"; do
  port_in_use "$port" && busy+=("$port")
done
if [ "${#busy[@]}" -gt 0 ]; then
  die "port(s) ${busy[*]} still in use after stopping $CLUSTER_DIR (a cluster started elsewhere?): $(ss -Hltnp | grep -E ":(${busy[*]// /|}) " || true)"
fi
echo "flink: ports $REST_PORT and $RPC_PORT are free"
