#!/usr/bin/env bash
# The nightly regression run: evaluates the sweep into a new run directory, compares it with the
# last accepted baseline (`mathbeam compare`) and advances the baseline only when the gate passes.
# deploy/nightly/README.md documents the state directory, the settings and the exit codes.
set -euo pipefail

readonly EXIT_PASS=0 EXIT_REGRESSION=1 EXIT_INPUT=2 EXIT_EVAL_FAILED=3

usage() {
  cat <<'EOF'
usage: nightly.sh [--state=DIR] [--gate=FILE] [--detect=POINTS] [--] [EVAL_ARG...]

  --state=DIR   state directory: runs/<timestamp>/, accepted, history.jsonl
                (default $MATHBEAM_NIGHTLY_STATE, else /var/lib/mathbeam-nightly)
  --gate=FILE   gate file for `mathbeam compare` (default $MATHBEAM_NIGHTLY_GATE, else
                compare's default gate: no significant pass@1 drop on any dataset, the
                chance of any false failure held at 0.05 across them)
  --detect=POINTS  a drop in percentage points: each night's power lines also say how many
                samples per problem would catch it (default $MATHBEAM_NIGHTLY_DETECT)
  EVAL_ARG...   eval arguments after the flags, taken verbatim; appended to
                $MATHBEAM_NIGHTLY_ARGS (split on whitespace)

environment:
  MATHBEAM_NIGHTLY_ARGS  the sweep's eval arguments, e.g.
                         "--endpoints=http://vllm-0:8000 --benchmarks=aime24:16"
  MATHBEAM               launcher command, split on whitespace, e.g.
                         "java -jar /opt/flink/usrlib/mathbeam.jar" (default <repo>/bin/mathbeam)

exit: 0 accepted or passed, 1 regression, 2 usage or compare input error, 3 eval failed
EOF
}

die() {
  echo "nightly: $*" >&2
  exit "$EXIT_INPUT"
}

log() {
  echo "nightly: $*" >&2
}

state="${MATHBEAM_NIGHTLY_STATE:-/var/lib/mathbeam-nightly}"
gate="${MATHBEAM_NIGHTLY_GATE:-}"
detect="${MATHBEAM_NIGHTLY_DETECT:-}"
extra_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --state=*) state="${1#--state=}" ;;
    --gate=*) gate="${1#--gate=}" ;;
    --detect=*) detect="${1#--detect=}" ;;
    -h | --help)
      usage
      exit "$EXIT_PASS"
      ;;
    --)
      shift
      extra_args+=("$@")
      break
      ;;
    *) extra_args+=("$1") ;;
  esac
  shift
done

# -d '': newlines separate arguments too (YAML block scalars, multi-line env files).
read -r -d '' -a sweep_args <<<"${MATHBEAM_NIGHTLY_ARGS:-}" || true
sweep_args+=("${extra_args[@]+"${extra_args[@]}"}")
if [ "${#sweep_args[@]}" -eq 0 ]; then
  usage >&2
  die "no sweep: set MATHBEAM_NIGHTLY_ARGS (the eval arguments) or pass them after the flags"
fi
for arg in "${sweep_args[@]}"; do
  case "$arg" in
    --output | --output=*) die "the sweep must not set --output: each night writes runs/<timestamp>" ;;
  esac
done

if [ -n "${MATHBEAM:-}" ]; then
  read -r -d '' -a launcher <<<"$MATHBEAM" || true
else
  launcher=("$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/bin/mathbeam")
fi
[ "${#launcher[@]}" -gt 0 ] || die "MATHBEAM is set but empty"
if ! command -v "${launcher[0]}" >/dev/null 2>&1; then
  die "launcher '${launcher[0]}' not found or not executable (set MATHBEAM)"
fi
# The history lines are JSON built from metrics.json; check before spending a night on the sweep.
if command -v python3 >/dev/null 2>&1; then
  json_tool=python3
elif command -v jq >/dev/null 2>&1; then
  json_tool=jq
else
  die "needs python3 or jq to read metrics.json and write history.jsonl; install one of them"
fi
if [ -n "$gate" ] && [ ! -r "$gate" ]; then
  die "gate file '$gate' is not readable"
fi

mkdir -p "$state/runs" || die "cannot create $state/runs"
state="$(cd "$state" && pwd)"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$state/.lock"
  flock -n 9 || die "another nightly run holds $state/.lock"
else
  log "flock not found: not guarding $state against concurrent runs"
fi

# Prints the accepted baseline's run directory (absolute), or nothing when there is none yet.
accepted_run() {
  local link="$state/accepted" target=""
  if [ -L "$link" ]; then
    target="$(readlink "$link")"
  elif [ -f "$link" ]; then
    target="$(head -n 1 "$link")"
  fi
  [ -n "$target" ] || return 0
  case "$target" in
    /*) echo "$target" ;;
    *) echo "$state/$target" ;;
  esac
}

# Points `accepted` at runs/<ts> in one rename, so a reader never sees it missing.
accept() {
  local rel="runs/$1"
  ln -sfn "$rel" "$state/accepted.next"
  mv -T "$state/accepted.next" "$state/accepted"
  log "accepted baseline is now $rel"
}

# Appends one JSON line: timestamp, run, verdict, exit code, baseline, pass@1 per dataset.
record() {
  local verdict="$1" code="$2" baseline="$3" metrics="$run_dir/metrics.json"
  if [ "$json_tool" = python3 ]; then
    python3 - "$ts" "runs/$ts" "$verdict" "$code" "$baseline" "$metrics" <<'PY' \
      >>"$state/history.jsonl"
import json, os, sys

ts, run, verdict, code, baseline, metrics = sys.argv[1:]
pass_at_1 = {}
if os.path.isfile(metrics):
    with open(metrics, encoding="utf-8") as f:
        datasets = json.load(f).get("datasets", {})
    for name, d in sorted(datasets.items()):
        for p in d.get("pass_at_k", []):
            if p.get("k") == 1:
                pass_at_1[name] = p.get("value")
line = {"timestamp": ts, "run": run, "verdict": verdict, "exit_code": int(code),
        "baseline": baseline or None, "pass_at_1": pass_at_1}
print(json.dumps(line, separators=(",", ":")))
PY
  else
    local read_metrics='{}'
    if [ -f "$metrics" ]; then
      read_metrics="$(jq -c '.datasets // {} | map_values(
        [.pass_at_k[]? | select(.k == 1) | .value][0])' "$metrics")"
    fi
    jq -nc --arg ts "$ts" --arg run "runs/$ts" --arg verdict "$verdict" \
      --argjson code "$code" --arg baseline "$baseline" --argjson p "$read_metrics" \
      '{timestamp: $ts, run: $run, verdict: $verdict, exit_code: $code,
        baseline: (if $baseline == "" then null else $baseline end), pass_at_1: $p}' \
      >>"$state/history.jsonl"
  fi
}

ts="$(date -u +%Y%m%dT%H%M%SZ)"
# Two runs within one second (manual reruns) keep both: <ts>, <ts>-1, <ts>-2, ...
suffix=0
while [ -e "$state/runs/$ts" ]; do
  suffix=$((suffix + 1))
  ts="${ts%%-*}-$suffix"
done
run_dir="$state/runs/$ts"

baseline="$(accepted_run)"
if [ -n "$baseline" ] && [ ! -f "$baseline/metrics.json" ]; then
  die "accepted baseline $baseline has no metrics.json; fix or remove $state/accepted"
fi

log "run $ts: ${launcher[*]} eval ${sweep_args[*]} --output=$run_dir"
if ! "${launcher[@]}" eval "${sweep_args[@]}" --output="$run_dir"; then
  log "eval failed; $run_dir is kept for inspection and not accepted"
  record eval-failed "$EXIT_EVAL_FAILED" "${baseline#"$state/"}"
  exit "$EXIT_EVAL_FAILED"
fi
if [ ! -f "$run_dir/metrics.json" ]; then
  log "eval exited 0 but wrote no $run_dir/metrics.json; not accepted"
  record eval-failed "$EXIT_EVAL_FAILED" "${baseline#"$state/"}"
  exit "$EXIT_EVAL_FAILED"
fi

if [ -z "$baseline" ]; then
  log "no accepted baseline yet: accepting the first run"
  accept "$ts"
  record accepted-first "$EXIT_PASS" ""
  exit "$EXIT_PASS"
fi

compare_args=(--baseline="$baseline" --candidate="$run_dir" --output="$run_dir/compare")
[ -z "$gate" ] || compare_args+=(--gate="$gate")
[ -z "$detect" ] || compare_args+=(--detect="$detect")
log "comparing with the accepted baseline ${baseline#"$state/"}"
# compare's own output goes to a log: on a regression compare.md is printed once, below.
set +e
"${launcher[@]}" compare "${compare_args[@]}" >"$run_dir/compare.log" 2>&1
code=$?
set -e
case "$code" in
  0)
    grep -m 1 '^\*\*Verdict' "$run_dir/compare/compare.md" >&2 || true
    # What tonight's comparison could have caught, per gated dataset (compare.md's Power lines).
    grep '^- power ' "$run_dir/compare/compare.md" >&2 || true
    accept "$ts"
    record pass "$EXIT_PASS" "${baseline#"$state/"}"
    exit "$EXIT_PASS"
    ;;
  1)
    log "REGRESSION against ${baseline#"$state/"}; the baseline stays. compare.md:"
    cat "$run_dir/compare/compare.md" || true
    record regression "$EXIT_REGRESSION" "${baseline#"$state/"}"
    exit "$EXIT_REGRESSION"
    ;;
  *)
    log "compare could not judge the run (exit $code); the baseline stays. Its output:"
    cat "$run_dir/compare.log" >&2 || true
    record compare-error "$EXIT_INPUT" "${baseline#"$state/"}"
    exit "$EXIT_INPUT"
    ;;
esac
