# Sourced by test-local.sh: stopping the test cluster's daemons.
# stop_daemons PIDFILE...: send SIGTERM to the process of each pid file (missing or empty ones are skipped), then
# wait until every one has exited (30 s at most, then SIGKILL): slurmctld goes on writing its state for a moment
# after SIGTERM, and a folder removed under it ends in "rm: cannot remove ...: Directory not empty".
stop_daemons() {
  local pids=() file pid alive
  for file in "$@"; do
    if [ -s "$file" ]; then pids+=("$(cat "$file")"); fi
  done
  [ ${#pids[@]} = 0 ] && return 0
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for _ in $(seq 300); do
    alive=0
    for pid in "${pids[@]}"; do
      if kill -0 "$pid" 2>/dev/null; then alive=1; fi
    done
    [ $alive = 0 ] && return 0
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  sleep 0.5
}
