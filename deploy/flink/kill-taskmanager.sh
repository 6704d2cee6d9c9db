#!/usr/bin/env bash
# Kills one TaskManager with SIGKILL, as a crashed machine would vanish, for failover tests. With
# --replace, starts a new TaskManager under the same index right after, so the job finds its slots
# again (with one slot per TaskManager, a job of parallelism 2 otherwise waits up to
# slot.request.timeout, 5 min, for one).
#
# usage: kill-taskmanager.sh [--dir=DIR] [--index=0] [--replace]
set -euo pipefail
# shellcheck source=cluster-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/cluster-lib.sh"

index=0
replace=false
for arg in "$@"; do
  case "$arg" in
    --index=*) index="${arg#*=}" ;;
    --replace) replace=true ;;
    --dir=*) ;;
    -h | --help)
      sed -n '2,7p' "$0"
      exit 0
      ;;
    *) die "unknown argument '$arg' (usage: kill-taskmanager.sh [--dir=DIR] [--index=0] [--replace])" ;;
  esac
done
[[ "$index" =~ ^[0-9]+$ ]] || die "--index must be a non-negative integer, got '$index'"
cluster_dir_from "$@"

pid_file="$CLUSTER_DIR/pids/taskmanager-$index.pid"
[ -e "$pid_file" ] || die "no TaskManager $index recorded in $CLUSTER_DIR/pids"
pid="$(cat "$pid_file")"
pid_is_ours "$pid" || die "TaskManager $index (pid $pid) is not running"
kill -KILL "$pid"
killed_at="$(date +%T.%3N)"
while pid_alive "$pid"; do sleep 0.1; done
rm -f "$pid_file"
echo "flink: killed TaskManager $index (pid $pid) with SIGKILL at $killed_at"

if [ "$replace" = true ]; then
  launch_taskmanager "$index"
  echo "flink: started replacement TaskManager $index (pid $(cat "$pid_file"), log $CLUSTER_DIR/log/taskmanager-$index.log)"
fi
