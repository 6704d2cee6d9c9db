#!/usr/bin/env bash
# Submits the vLLM servers (GPU nodes) and the eval that depends on them:
#   MODEL=deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B RUN_DIR=/shared/runs/r1-1.5b \
#     deploy/slurm/submit.sh --benchmarks=aime24:64,math500:4 --dataDir=/shared/datasets
# Arguments go to eval. `after:` starts the eval once the servers job has started (it then waits
# for their /health); the eval cancels the servers when it ends.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
: "${MODEL:?set MODEL}"
: "${RUN_DIR:?set RUN_DIR to a directory every node mounts}"
servers="$(sbatch --parsable --export=ALL "$here/vllm-servers.sbatch")"
servers="${servers%%;*}"
eval_job="$(sbatch --parsable --dependency="after:$servers" --export="ALL,SERVERS_JOB=$servers" \
  "$here/eval.sbatch" "$@")"
echo "servers: job $servers, eval: job ${eval_job%%;*} (outputs and server logs in $RUN_DIR)"
