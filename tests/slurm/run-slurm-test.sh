#!/usr/bin/env bash
# The README's Slurm recipe on a one-node Slurm cluster on localhost, made for this test alone:
# a generated munge key and slurm.conf in a temporary folder (no cgroups: proctrack/linuxproc,
# task/none; free ports; the node's CPUs and memory from `slurmd -C`), munged, slurmctld and slurmd
# started here and stopped on every way out. It submits scripts/slurm/sudokucam-array.sbatch as
# a 3-task job array over a few training photos, then the merge as a job that waits for it, and
# checks that every photo was done exactly once.
#
#   run-slurm-test.sh SUDOKUCAM PHOTO_DIR
#
# Exit 0: passed; 77: skipped (slurm-wlm not installed, not root, no photos: the reason is
# printed); anything else: failed, with the daemons' and the jobs' logs printed.
set -euo pipefail
exe=$1 photos=$2
here=$(cd "$(dirname "$0")" && pwd)
recipe=$here/../../scripts/slurm/sudokucam-array.sbatch

skip() { echo "SKIPPED: $*"; exit 77; }
for tool in slurmctld slurmd sbatch squeue sinfo scontrol scancel munged mungekey; do
  command -v "$tool" >/dev/null || skip "$tool not found: install slurm-wlm (scripts/install-deps.sh)"
done
[ "$(id -u)" -eq 0 ] || skip "slurmd must run as root to start jobs (run the test as root)"
[ -f "$photos/image1.jpg" ] || skip "no training photos at $photos"

tmp=$(mktemp -d /tmp/sudokucam-slurm.XXXXXX)
# munged wants its socket's folders open to all, its key's folder private.
chmod 755 "$tmp"
mkdir -p "$tmp"/{run,key,state,spool,log,bin,photos}
chmod 700 "$tmp/key"
pids=()
export SLURM_CONF=$tmp/slurm.conf

logs() {
  for f in "$tmp"/log/* "$tmp"/jobs/*; do
    [ -f "$f" ] && { echo "---- $f"; tail -n 40 "$f"; }
  done
}
cleanup() {
  local status=$?
  if [ -f "$SLURM_CONF" ] && [ ${#pids[@]} -gt 1 ]; then
    scancel --quiet --full --user=root 2>/dev/null || true
  fi
  # slurmd, slurmctld, munged: the daemons are this script's children, so `wait` sees them end
  # (slurmctld saves its state first); one that does not within 10 s is killed.
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    pid=${pids[$i]}
    kill "$pid" 2>/dev/null || continue
    { sleep 10; kill -9 "$pid" 2>/dev/null; } &
    wait "$pid" 2>/dev/null || true
    kill $! 2>/dev/null || true
  done
  [ "$status" -eq 0 ] || [ "$status" -eq 77 ] || logs
  rm -rf "$tmp" 2>/dev/null || { sleep 1; rm -rf "$tmp"; }
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() { echo "FAILED: $*"; exit 1; }

# A port nobody listens on (a probe that cannot connect), away from Slurm's defaults and below the
# kernel's ephemeral range (32768 up on Linux): a port in it can be some outgoing connection's
# own, and slurmd then cannot bind it ("Address already in use", seen once in the tsan run).
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 12000))
    (: <"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
  done
}

# Waits up to $1 seconds for the command after it to succeed.
wait_for() {
  local seconds=$1
  shift
  for _ in $(seq $((seconds * 5))); do
    "$@" && return 0
    sleep 0.2
  done
  return 1
}

# ---- munge: a key of our own, a socket in the temporary folder ----
mungekey --create --keyfile="$tmp/key/munge.key"
# Every daemon in the foreground, a child of this script: were the script killed (a CTest
# timeout kills the test's process tree), none is left behind detached.
munged --foreground --socket="$tmp/run/munge.socket" --key-file="$tmp/key/munge.key" \
  --pid-file="$tmp/run/munged.pid" --log-file="$tmp/log/munged.log" \
  --seed-file="$tmp/key/munged.seed" >"$tmp/log/munged.out" 2>&1 &
pids+=("$!")
wait_for 10 test -S "$tmp/run/munge.socket" || fail "munged did not start"

# ---- slurm.conf: one node, this machine, as `slurmd -C` describes it ----
node=$(slurmd -C | head -n 1)
name=$(sed -n 's/^NodeName=\([^ ]*\).*/\1/p' <<<"$node")
ctld_port=$(free_port)
slurmd_port=$(free_port)
while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done
cat >"$SLURM_CONF" <<CONF
ClusterName=sudokucamtest
SlurmctldHost=$name(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/run/munge.socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/run/slurmctld.pid
SlurmdPidFile=$tmp/run/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
MinJobAge=600
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=$name Default=YES MaxTime=10 State=UP
CONF

slurmctld -D -c -f "$SLURM_CONF" >"$tmp/log/slurmctld.out" 2>&1 &
pids+=("$!")
wait_for 15 scontrol ping >/dev/null 2>&1 || fail "slurmctld did not answer"
slurmd -D -f "$SLURM_CONF" >"$tmp/log/slurmd.out" 2>&1 &
pids+=("$!")
wait_for 20 bash -c '[ "$(sinfo -h -o %T)" = idle ]' || fail "the node did not become idle: $(sinfo -h)"
echo "slurm: node $name idle (slurmctld port $ctld_port, slurmd port $slurmd_port)"

# ---- the README's recipe over a few photos, a text file among them ----
for i in 1 10 100 101 102 103; do ln "$photos/image$i.jpg" "$tmp/photos/" 2>/dev/null ||
  cp "$photos/image$i.jpg" "$tmp/photos/"; done
echo "not a photo" >"$tmp/photos/notes.txt"
ln -s "$(readlink -f "$exe")" "$tmp/bin/sudokucam"
export PATH=$tmp/bin:$PATH
mkdir -p "$tmp/jobs"
cd "$tmp"
array=$(sbatch --parsable --array=1-3 --output="$tmp/jobs/task-%a.out" \
  "$recipe" 3 photos out)
merge=$(sbatch --parsable --dependency=afterany:"$array" --output="$tmp/jobs/merge.out" \
  --wrap "sudokucam merge out/results.shard-*-of-3.jsonl --folder photos -o out/results.jsonl")
echo "slurm: job array $array, merge job $merge"
wait_for 120 bash -c "[ -z \"\$(squeue -h -j $array,$merge 2>/dev/null)\" ]" ||
  fail "the jobs did not end within 120 s: $(squeue)"

# ---- every photo exactly once ----
# JobState and ExitCode of a job, from its one-line description.
job_state() { scontrol -o show job "$1" | grep -o -e 'JobState=[A-Z_]*' -e ' ExitCode=[0-9:]*' | tr -d '\n '; }
for job in "${array}_1" "${array}_2" "${array}_3" "$merge"; do
  state=$(job_state "$job")
  echo "slurm: job $job: $state"
  [ "$state" = "JobState=COMPLETEDExitCode=0:0" ] || fail "job $job did not complete"
done
for k in 1 2 3; do [ -f "out/results.shard-$k-of-3.jsonl" ] || fail "no results of shard $k"; done
cat "$tmp/jobs/merge.out"
lines=$(wc -l <out/results.jsonl)
[ "$lines" -eq 6 ] || fail "$lines merged results, 6 photos"
# The merged file on its own: each photo of the folder once, nothing else.
sudokucam merge out/results.jsonl --folder photos >/dev/null || fail "the merged results are not each photo once"
for i in 1 10 100 101 102 103; do
  [ "$(grep -c "\"file\":\"image$i.jpg\"" out/results.jsonl)" -eq 1 ] || fail "image$i.jpg not once"
done
echo "slurm: 6 photos in 3 shards, merged: each exactly once"
