#!/usr/bin/env bash
# Starts a Flink 1.19.0 standalone session cluster on 127.0.0.1 from Maven Central jars (no
# flink-dist): one JobManager (REST and web UI on localhost:8081) and N TaskManagers, each a
# background JVM with a pid file and its own log. See README.md.
#
# usage: start-cluster.sh [--taskmanagers=2] [--slots=1] [--dir=DIR] [--timeout=120]
set -euo pipefail
# shellcheck source=cluster-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/cluster-lib.sh"

taskmanagers=2
slots=1
timeout=120
for arg in "$@"; do
  case "$arg" in
    --taskmanagers=*) taskmanagers="${arg#*=}" ;;
    --slots=*) slots="${arg#*=}" ;;
    --timeout=*) timeout="${arg#*=}" ;;
    --dir=*) ;;
    -h | --help)
      sed -n '2,7p' "$0"
      exit 0
      ;;
    *) die "unknown argument '$arg' (usage: start-cluster.sh [--taskmanagers=2] [--slots=1] [--dir=DIR] [--timeout=120])" ;;
  esac
done
[[ "$taskmanagers" =~ ^[1-9][0-9]*$ ]] || die "--taskmanagers must be a positive integer, got '$taskmanagers'"
[[ "$slots" =~ ^[1-9][0-9]*$ ]] || die "--slots must be a positive integer, got '$slots'"
[[ "$timeout" =~ ^[1-9][0-9]*$ ]] || die "--timeout must be a positive number of seconds, got '$timeout'"
cluster_dir_from "$@"
command -v java >/dev/null || die "java not found on PATH (Java 17 needed)"
command -v curl >/dev/null || die "curl not found on PATH"

for f in "$CLUSTER_DIR"/pids/*.pid; do
  [ -e "$f" ] || continue
  if pid_is_ours "$(cat "$f")"; then
    die "a cluster from $CLUSTER_DIR is already running ($(basename "$f" .pid), pid $(cat "$f")); stop it with stop-cluster.sh --dir=$CLUSTER_DIR"
  fi
done
for port in "$REST_PORT" "$RPC_PORT"; do
  port_in_use "$port" && die "port $port is already in use (another Flink cluster?): $(ss -Hltnp "sport = :$port" | head -1)"
done

started=$(date +%s)
rm -rf "$CLUSTER_DIR/pids" "$CLUSTER_DIR/log" "$CLUSTER_DIR/tmp" "$CLUSTER_DIR/webtmp"
mkdir -p "$CLUSTER_DIR/conf" "$CLUSTER_DIR/pids" "$CLUSTER_DIR/log" "$CLUSTER_DIR/tmp" "$CLUSTER_DIR/webtmp"
# a cluster directory holds only generated files
[ -e "$CLUSTER_DIR/.gitignore" ] || echo '*' >"$CLUSTER_DIR/.gitignore"

pom="$FLINK_SCRIPTS/pom.xml"
if [ ! -s "$CLUSTER_DIR/classpath.txt" ] || [ "$pom" -nt "$CLUSTER_DIR/classpath.txt" ]; then
  command -v mvn >/dev/null || die "mvn not found on PATH (needed once to resolve the Flink jars)"
  echo "flink: resolving the Flink 1.19.0 classpath from $pom"
  resolve=(mvn -B -q -f "$pom" dependency:build-classpath -Dmdep.outputFile="$CLUSTER_DIR/classpath.txt")
  if ! "${resolve[@]}" -o >"$CLUSTER_DIR/log/maven.out" 2>&1; then
    echo "flink: offline resolution failed, downloading from Maven Central"
    "${resolve[@]}" >"$CLUSTER_DIR/log/maven.out" 2>&1 || {
      cat "$CLUSTER_DIR/log/maven.out" >&2
      die "cannot resolve the Flink classpath (Maven output above)"
    }
  fi
fi

cat >"$CLUSTER_DIR/conf/config.yaml" <<YAML
# written by start-cluster.sh; every socket binds to loopback
jobmanager.rpc.address: localhost
jobmanager.rpc.port: $RPC_PORT
jobmanager.bind-host: 127.0.0.1
taskmanager.host: 127.0.0.1
taskmanager.bind-host: 127.0.0.1
rest.address: localhost
rest.bind-address: 127.0.0.1
rest.port: $REST_PORT
jobmanager.memory.process.size: 1024m
taskmanager.memory.process.size: 2048m
# mathbeam's batch job deploys about 40 tasks into each slot at once, and every sort-shuffle result
# partition reserves 512 network buffers (16 MiB): at Flink's default 10% network share (109 MiB
# at 1536m) tasks fail with "Insufficient number of network buffers" until the restarts run out.
taskmanager.memory.network.fraction: 0.25
taskmanager.memory.network.min: 256m
taskmanager.memory.network.max: 1g
taskmanager.memory.managed.fraction: 0.3
taskmanager.numberOfTaskSlots: $slots
parallelism.default: 2
io.tmp.dirs: $CLUSTER_DIR/tmp
web.tmpdir: $CLUSTER_DIR/webtmp
# Batch jobs have no restart strategy unless the cluster sets one; a job cannot set it itself.
restart-strategy.type: fixed-delay
restart-strategy.fixed-delay.attempts: 10
restart-strategy.fixed-delay.delay: 2 s
# milliseconds; a dead TaskManager is noticed after about two missed intervals instead of 50 s
heartbeat.interval: 2000
heartbeat.timeout: 10000
YAML

cat >"$CLUSTER_DIR/conf/log4j2.properties" <<'LOG4J'
rootLogger.level = INFO
rootLogger.appenderRef.file.ref = MainAppender
appender.main.name = MainAppender
appender.main.type = File
appender.main.fileName = ${sys:log.file}
appender.main.layout.type = PatternLayout
appender.main.layout.pattern = %d{yyyy-MM-dd HH:mm:ss,SSS} %-5p %-60c %x - %m%n
logger.pekko.name = org.apache.pekko
logger.pekko.level = INFO
logger.netty.name = org.jboss.netty.channel.DefaultChannelPipeline
logger.netty.level = OFF
LOG4J

cat >"$CLUSTER_DIR/conf/log4j2-console.properties" <<'LOG4J'
rootLogger.level = WARN
rootLogger.appenderRef.console.ref = ConsoleAppender
appender.console.name = ConsoleAppender
appender.console.type = Console
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{HH:mm:ss,SSS} %-5p %c - %m%n
LOG4J

# on any failure below, leave nothing running
started_ok=false
cleanup_on_failure() {
  if [ "$started_ok" != true ]; then
    log_tails
    echo "flink: start failed; stopping what was started" >&2
    "$FLINK_SCRIPTS/stop-cluster.sh" --dir="$CLUSTER_DIR" >&2 || true
  fi
}
trap cleanup_on_failure EXIT

resource_params JM
launch jobmanager org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint
echo "flink: JobManager started (pid $(cat "$CLUSTER_DIR/pids/jobmanager.pid"), log $CLUSTER_DIR/log/jobmanager.log)"
for ((i = 0; i < taskmanagers; i++)); do
  launch_taskmanager "$i"
  echo "flink: TaskManager $i started (pid $(cat "$CLUSTER_DIR/pids/taskmanager-$i.pid"), log $CLUSTER_DIR/log/taskmanager-$i.log)"
done

deadline=$((started + timeout))
while :; do
  registered="$(registered_taskmanagers)"
  [ "${registered:--1}" -ge "$taskmanagers" ] && break
  for f in "$CLUSTER_DIR"/pids/*.pid; do
    pid_alive "$(cat "$f")" || die "$(basename "$f" .pid) (pid $(cat "$f")) exited during startup"
  done
  if [ "$(date +%s)" -ge "$deadline" ]; then
    die "timed out after ${timeout}s: the JobManager at http://localhost:$REST_PORT reports ${registered/-1/no answer} of $taskmanagers TaskManagers registered"
  fi
  sleep 0.5
done
started_ok=true
echo "flink: cluster up in $(($(date +%s) - started))s with $taskmanagers TaskManagers x $slots slots"
echo "flink: REST and web UI at http://localhost:$REST_PORT (submit with --runner=FlinkRunner --flinkMaster=localhost:$REST_PORT)"
