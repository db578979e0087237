#!/bin/bash
# Submit one patience run to Slurm as a job array of SHARDS tasks (one shard each, --shard i/SHARDS) and a merge
# job that starts when every task has ended well; prints the two job ids.
#
#   deploy/slurm/submit.sh SHARDS OUTDIR simulate --game shah --deals 1000000 --seed 2026 --player greedy
#   deploy/slurm/submit.sh 50 results/shah-solve solve --game shah --deals 10000 --seed 2026 --nodes 100000
#   deploy/slurm/submit.sh 100 results/shah-escalate solve --game shah --deals 10000 --seed 2026 --nodes 1e5,1e6,1e7 --subsample 0.05
#
# The last is an escalation: each deal is searched at 100,000 positions, the deals left unknown at 1,000,000, and a
# random 5% of those still unknown at 10,000,000; the per-deal files (PATIENCE_PER_DEAL=1) say which budget decided
# each deal, and the merged summary carries the two-stage estimate. Each task's solver tables take --memory
# (default 1024 MiB a worker, one table per budget, each only what its budget needs): give Slurm room for
# them, e.g. PATIENCE_SBATCH="--mem=3G" for 1e7 on 2 workers. A larger last stage goes on from a finished run's
# merged per-deal file without searching its deals again: add --from that file, --from-summary the merged
# summary, and the larger budget to --nodes (with --sample-from the old last budget, the subsample's deals left
# unknown there go on to the new one, and only they).
#
# Environment: PATIENCE, the command (default `patience`; e.g. "node /opt/patience/dist/cli/main.js");
# PATIENCE_PER_DEAL=1 to write and merge per-deal files too; PATIENCE_SBATCH, more sbatch options for both jobs
# (e.g. "--partition=long --account=games"). The jobs inherit this environment. Submitting the same command again
# after some tasks hit their time limit resumes those shards from their checkpoints.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 SHARDS OUTDIR simulate|solve ARGS... (see the comment at the top)" >&2
  exit 2
fi
shards=$1
out=$2
shift 2
if ! [[ $shards =~ ^[0-9]+$ ]] || [ "$shards" -lt 2 ]; then
  echo "$0: SHARDS must be a whole number of at least 2, got '$shards'" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/logs"
export PATIENCE_OUT
PATIENCE_OUT=$(cd "$out" && pwd)
export PATIENCE_SHARDS=$shards
export PATIENCE_RUN="$*"
# shellcheck disable=SC2086
array=$(sbatch --parsable ${PATIENCE_SBATCH:-} --array="0-$((shards - 1))" --output="$PATIENCE_OUT/logs/shard-%a.log" "$here/shard.sbatch")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${PATIENCE_SBATCH:-} --dependency="afterok:$array" --kill-on-invalid-dep=yes --output="$PATIENCE_OUT/logs/merge.log" "$here/merge.sbatch")
merge=${merge%%;*}
echo "shards: job $array (array 0-$((shards - 1))), merge: job $merge; the merged file will be $PATIENCE_OUT/merged.csv"
