# Shared by start-cluster.sh, stop-cluster.sh and kill-taskmanager.sh; sourced, not run.
# Layout of a cluster directory (default deploy/flink/.cluster):
#   classpath.txt   Flink 1.19.0 jars resolved from pom.xml
#   conf/           config.yaml and log4j2.properties (the --configDir of every process)
#   pids/           jobmanager.pid, taskmanager-<i>.pid
#   log/            one .log (log4j) and one .out (stdout/stderr) per process
#   tmp/            io.tmp.dirs and java.io.tmpdir of every process (blob caches, Pekko RPC jar)

FLINK_SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REST_PORT=8081
RPC_PORT=6123

die() {
  echo "flink: $*" >&2
  exit 1
}

# cluster_dir_from ARGS...: sets CLUSTER_DIR from --dir=DIR (default .cluster next to the scripts).
cluster_dir_from() {
  CLUSTER_DIR="$FLINK_SCRIPTS/.cluster"
  local a
  for a in "$@"; do
    case "$a" in
      --dir=*) CLUSTER_DIR="${a#--dir=}" ;;
    esac
  done
  mkdir -p "$CLUSTER_DIR"
  CLUSTER_DIR="$(cd "$CLUSTER_DIR" && pwd)"
}

pid_alive() {
  [ -n "$1" ] && kill -0 "$1" 2>/dev/null
}

# A recorded pid counts as ours only while its command line names our config dir, so a reused pid
# of an unrelated process is never signalled.
pid_is_ours() {
  local pid="$1"
  pid_alive "$pid" && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$CLUSTER_DIR/conf"
}

# ss where iproute2 is installed; otherwise a connect attempt through bash's /dev/tcp
port_in_use() {
  if command -v ss >/dev/null; then
    ss -Hltn "sport = :$1" 2>/dev/null | grep -q .
  else
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
  fi
}

# resource_params JM|TM: runs BashJavaUtils; sets JVM_PARAMS and DYNAMIC_PROPS from its two
# BASH_JAVA_UTILS_EXEC_RESULT lines (what flink-dist's config.sh does).
resource_params() {
  local out lines
  out="$(java -cp "$(cat "$CLUSTER_DIR/classpath.txt")" \
    -Dlog4j2.configurationFile="$CLUSTER_DIR/conf/log4j2-console.properties" \
    org.apache.flink.runtime.util.bash.BashJavaUtils "GET_$1_RESOURCE_PARAMS" \
    --configDir "$CLUSTER_DIR/conf" 2>&1)" || die "BashJavaUtils GET_$1_RESOURCE_PARAMS failed:
$out"
  lines="$(grep '^BASH_JAVA_UTILS_EXEC_RESULT:' <<<"$out" | sed 's/^BASH_JAVA_UTILS_EXEC_RESULT://')"
  JVM_PARAMS="$(sed -n 1p <<<"$lines")"
  DYNAMIC_PROPS="$(sed -n 2p <<<"$lines")"
  [ -n "$JVM_PARAMS" ] || die "BashJavaUtils printed no JVM parameters:
$out"
}

# launch NAME MAIN_CLASS: starts one cluster process in its own session, detached from this
# script's stdin/stdout, and records its pid in pids/NAME.pid. Log file: log/NAME.log. Every
# process runs in the cluster directory, so a relative path that reaches a worker lands there
# rather than wherever the script happened to be started.
launch() {
  local name="$1" main="$2" log="$CLUSTER_DIR/log/$1"
  # word splitting of the BashJavaUtils output is intended: it is a list of flags
  # shellcheck disable=SC2086
  cd "$CLUSTER_DIR"
  setsid java $JVM_PARAMS \
    -Djava.io.tmpdir="$CLUSTER_DIR/tmp" \
    -Dlog.file="$log.log" \
    -Dlog4j.configurationFile="$CLUSTER_DIR/conf/log4j2.properties" \
    -Dlog4j2.configurationFile="$CLUSTER_DIR/conf/log4j2.properties" \
    -cp "$(cat "$CLUSTER_DIR/classpath.txt")" \
    "$main" --configDir "$CLUSTER_DIR/conf" $DYNAMIC_PROPS \
    </dev/null >"$log.out" 2>&1 &
  echo $! >"$CLUSTER_DIR/pids/$name.pid"
}

# launch_taskmanager INDEX: starts TaskManager INDEX; a TaskManager started again under an index
# whose previous process was killed gets a fresh log file (taskmanager-<i>.<n>.log).
launch_taskmanager() {
  local name="taskmanager-$1" n=1
  if [ -e "$CLUSTER_DIR/log/$name.log" ]; then
    while [ -e "$CLUSTER_DIR/log/$name.$n.log" ]; do n=$((n + 1)); done
    mv "$CLUSTER_DIR/log/$name.log" "$CLUSTER_DIR/log/$name.$n.log"
    [ -e "$CLUSTER_DIR/log/$name.out" ] && mv "$CLUSTER_DIR/log/$name.out" "$CLUSTER_DIR/log/$name.$n.out"
  fi
  resource_params TM
  launch "$name" org.apache.flink.runtime.taskexecutor.TaskManagerRunner
}

# registered_taskmanagers: the JobManager's count of registered TaskManagers, or -1 while its REST
# endpoint does not answer.
registered_taskmanagers() {
  local body
  body="$(curl -fsS --max-time 2 "http://127.0.0.1:$REST_PORT/overview" 2>/dev/null)" || {
    echo -1
    return
  }
  sed -n 's/.*"taskmanagers":\([0-9]*\).*/\1/p' <<<"$body"
}

log_tails() {
  local f
  for f in "$CLUSTER_DIR"/log/*.log "$CLUSTER_DIR"/log/*.out; do
    [ -s "$f" ] || continue
    echo "---- last lines of $f" >&2
    tail -n 25 "$f" >&2
  done
}
