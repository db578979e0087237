#!/bin/bash
# `npm run test:slurm`: the Slurm scripts tried for real on a one-node Slurm cluster started here, in a temporary
# folder, and stopped at the end. Needs root and Debian's slurm-wlm (`apt-get install -y slurm-wlm`, which brings
# munge). It submits 4 shards of a small simulate run and of a small solve run with submit.sh, waits for the
# dependent merge jobs, and compares the merged files with one run over all the deals: every column but timing.
# Not part of `npm test`: CI has no Slurm.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
for cmd in slurmctld slurmd sbatch squeue sinfo munge unmunge; do
  if ! command -v "$cmd" >/dev/null; then
    echo "test:slurm needs Debian's slurm-wlm (missing: $cmd): apt-get install -y slurm-wlm, as root" >&2
    exit 1
  fi
done
if [ "$(id -u)" != 0 ]; then
  echo "test:slurm starts slurmd, which runs jobs as their users: run it as root" >&2
  exit 1
fi

tmp=$(mktemp -d /tmp/patience-slurm.XXXXXX)
host=$(hostname -s)
started_munge=""
keep=1
# shellcheck source=deploy/slurm/daemons.sh
source "$root/deploy/slurm/daemons.sh"
cleanup() {
  # the daemons are stopped and waited for before their folder goes (stop_daemons)
  stop_daemons "$tmp/slurmd.pid" "$tmp/slurmctld.pid"
  if [ -n "$started_munge" ]; then stop_daemons /run/munge/munged.pid; fi
  if [ $keep = 0 ]; then rm -rf "$tmp"; fi
}
trap cleanup EXIT

# munge authenticates the daemons to each other; it refuses to run as root
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  mkdir -p /run/munge && chown munge:munge /run/munge
  su -s /bin/sh munge -c /usr/sbin/munged
  started_munge=1
  sleep 1
fi

# a one-node cluster, every path absolute (the daemons change directory)
mkdir -p "$tmp/state" "$tmp/spool"
cat > "$tmp/slurm.conf" <<CONF
ClusterName=patience-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
NodeName=$host CPUs=2 RealMemory=2000 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
  if sinfo -h -o %t 2>/dev/null | grep -q idle; then break; fi
  sleep 0.5
done
sinfo -h -o '%P %t %N' | grep -q idle || { echo "the Slurm node never came up; logs in $tmp" >&2; exit 1; }
echo "slurm: one-node cluster up ($(sinfo -h -o '%N %c CPUs %t'))"

export PATIENCE="node $root/dist/cli/main.js"
export PATIENCE_PER_DEAL=1
export PATIENCE_SBATCH="--cpus-per-task=1"
sim=(simulate --game shah --player greedy,random --deals 2000 --seed slurm)
sol=(solve --game carpet --deals 12 --seed slurm --nodes 20000)
merges=()
for run in sim sol; do
  declare -n args=$run
  line=$("$root/deploy/slurm/submit.sh" 4 "$tmp/$run" "${args[@]}")
  echo "slurm: $run: $line"
  merges+=("$(sed -E 's/.*merge: job ([0-9]+).*/\1/' <<<"$line")")
done

# wait until no job of ours is left in the queue (5 minutes at most)
for _ in $(seq 300); do
  [ -z "$(squeue -h -o %i)" ] && break
  sleep 1
done
if [ -n "$(squeue -h -o %i)" ]; then
  squeue
  echo "slurm: jobs still queued after 5 minutes; logs in $tmp" >&2
  exit 1
fi

status=0
for run in sim sol; do
  declare -n args=$run
  if [ ! -s "$tmp/$run/merged.csv" ]; then
    echo "slurm: $run: no merged file; the jobs' logs:" >&2
    tail -n 20 "$tmp/$run"/logs/*.log >&2 || true
    status=1
    continue
  fi
  $PATIENCE "${args[@]}" --workers 2 --quiet --out "$tmp/$run/one.csv" --per-deal "$tmp/$run/one-deals.csv" >/dev/null
  if node "$root/deploy/slurm/same-run.mjs" "$tmp/$run/merged.csv" "$tmp/$run/one.csv" && node "$root/deploy/slurm/same-run.mjs" "$tmp/$run/merged-deals.csv" "$tmp/$run/one-deals.csv"; then
    echo "slurm: $run: 4 shards run as a job array and merged by the dependent job equal one run ($(cat "$tmp/$run/logs/merge.log" | head -1))"
  else
    status=1
  fi
done
if [ $status = 0 ]; then
  keep=0
  echo "slurm: passed"
else
  echo "slurm: FAILED (files and logs kept in $tmp)"
fi
exit $status
