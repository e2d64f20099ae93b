#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# The scheduled runs: runs each benchmark the config lists, keeps its results under
# RESULTS_ROOT/<UTC time>/<name>, runs `history` over the whole root, and calls the alert command
# when a benchmark fails (a threshold, exit 5, or anything else) or history finds a regression
# (exit 6). It then exits non-zero, so that systemd marks the unit failed.
#
# usage: run-benchmarks.sh CONFIG    (CONFIG: see deploy/benchmarks.conf)
# exit: 0 nothing to report; 1 alerted; 2 the config is wrong; 3 another runner holds RESULTS_ROOT
# (nothing run); 128+N stopped by signal N
set -euo pipefail

if [[ $# -ne 1 ]]; then
  echo "usage: run-benchmarks.sh CONFIG" >&2
  exit 2
fi
config=$1

# What the config may set; these are the defaults.
RESULTS_ROOT=/var/lib/txbench/results
TXBENCH=(java -jar /opt/txbench/benchmark.jar)
PASSWORD_FILE=
HISTORY_OPTIONS=()
EXPORTS=()
ALERT_COMMAND=
ALERT_TIMEOUT=60

# The benchmarks, kept without eval: their names, and their arguments in one flat array that
# each benchmark's start and count cut up.
names=()
flat=()
starts=()
counts=()

config_error() {
  echo "run-benchmarks: $config: $*" >&2
  exit 2
}

# Called by the config, once per benchmark: benchmark NAME TXBENCH-ARGUMENTS...
# shellcheck disable=SC2317 # called by the sourced config, which shellcheck does not see call it
benchmark() {
  [[ $# -ge 1 ]] || config_error "benchmark needs a name"
  local name=$1 arg existing
  shift
  [[ $name =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] ||
    config_error "benchmark name '$name': letters, digits, '.', '_', '-' only"
  # Beside each benchmark's directory, the runner keeps NAME.log and history.txt.
  [[ $name != *.log && $name != history.txt ]] ||
    config_error "benchmark name '$name': NAME.log and history.txt are the runner's own files"
  for existing in "${names[@]}"; do
    [[ $existing != "$name" ]] || config_error "benchmark '$name' is listed twice"
  done
  for arg in "$@"; do
    # The runner chooses the result directory: one per run, by date.
    [[ $arg != --output-dir* && $arg != --overwrite* ]] ||
      config_error "benchmark '$name': $arg is the runner's to give"
  done
  names+=("$name")
  starts+=("${#flat[@]}")
  counts+=("$#")
  flat+=("$@")
}

[[ -f $config && -r $config ]] || config_error "cannot read it"
# shellcheck source=benchmarks.conf
source "$config"
[[ ${#names[@]} -gt 0 ]] || config_error "lists no benchmark"
[[ $RESULTS_ROOT == /* ]] || config_error "RESULTS_ROOT must be an absolute path"
[[ $ALERT_TIMEOUT =~ ^[1-9][0-9]*$ ]] || config_error "ALERT_TIMEOUT must be a number of seconds"

# A stop (systemd's TimeoutStartSec, systemctl stop, a kill) ends the benchmark in hand the way
# txbench ends on SIGTERM, results written; the runner then runs nothing more, but says so.
# (TERM, not INT: a background child of a script ignores SIGINT.)
stopped=
child=
# shellcheck disable=SC2317 # called by the traps
stop() {
  stopped=$1
  if [[ -n $child ]]; then kill -TERM "$child" 2>/dev/null || true; fi
}
trap 'stop 143' TERM
trap 'stop 130' INT

problems=()
report() {
  problems+=("$1")
  echo "run-benchmarks: $1" >&2
}

# Calls the alert command with the message, three ways: argument, environment and standard input
# (curl --data-binary @-); a hung webhook is ended after ALERT_TIMEOUT seconds, with what it
# started (timeout signals its process group).
alert() {
  local message=$1 code=0
  if [[ -z $ALERT_COMMAND ]]; then
    echo "run-benchmarks: no ALERT_COMMAND configured; the message was:"$'\n'"$message" >&2
    return 0
  fi
  TXBENCH_ALERT_MESSAGE=$message timeout --kill-after=10 "$ALERT_TIMEOUT" \
    bash -c "$ALERT_COMMAND" txbench-alert "$message" <<<"$message" || code=$?
  case $code in
    0) ;;
    124 | 137) echo "run-benchmarks: the alert command did not finish in $ALERT_TIMEOUT s" >&2 ;;
    *) echo "run-benchmarks: the alert command failed (exit $code)" >&2 ;;
  esac
}

# Results that cannot be kept (a root not writable, a full disk) are worth an alert: nothing ran.
cannot_keep() {
  echo "run-benchmarks: cannot keep results: $1" >&2
  alert "txbench on $(hostname): nothing run, cannot keep results: $1"
  exit 1
}

# One runner at a time per results root: a second one (by hand while the timer's runs, or a
# cron line without flock) would load the same servers and halve both runs' figures. The lock is
# inherited by txbench, so a runner killed outright keeps it until its benchmark ends.
lock_file=$RESULTS_ROOT/.run-benchmarks.lock
made=$({ mkdir -p "$RESULTS_ROOT" && touch "$lock_file"; } 2>&1) || cannot_keep "${made//$'\n'/; }"
exec {lock}<"$lock_file"
if ! flock -n "$lock"; then
  echo "run-benchmarks: another runner is running on $RESULTS_ROOT (it holds $lock_file);" \
    "nothing run" >&2
  exit 3
fi

# The run's directory: its UTC start, sortable; a second run in the same second gets a suffix.
stamp=$(date -u +%Y-%m-%dT%H%M%SZ)
run_dir=$RESULTS_ROOT/$stamp
suffix=1
while [[ -e $run_dir ]]; do
  suffix=$((suffix + 1))
  run_dir=$RESULTS_ROOT/$stamp-$suffix
done
made=$(mkdir -p "$run_dir" 2>&1) || cannot_keep "$made"

if [[ -n $PASSWORD_FILE && ! -r $PASSWORD_FILE ]]; then
  report "PASSWORD_FILE $PASSWORD_FILE cannot be read by $(id -un)"
fi

# What an exit code of txbench means, in a few words (the README's exit codes).
meaning() {
  case $1 in
    1) echo "failed verification or reached --max-errors" ;;
    2) echo "bad usage" ;;
    3) echo "the target could not be reached or prepared" ;;
    4) echo "some result files could not be written" ;;
    5) echo "a threshold failed" ;;
    126 | 127) echo "txbench could not be started (TXBENCH in the config)" ;;
    130 | 143) echo "stopped by a signal" ;;
    *) echo "failed" ;;
  esac
}

# Runs txbench with its output kept in LOG and shown as it comes (the journal keeps it too);
# returns its code.
txbench() {
  local log=$1 code=0 follower
  shift
  { : >"$log"; } 2>/dev/null || true # before tail looks for it: the child's redirection may be later
  "${TXBENCH[@]}" "$@" </dev/null >"$log" 2>&1 &
  child=$!
  if [[ -n $stopped ]]; then kill -TERM "$child" 2>/dev/null || true; fi # stopped before $! was
  tail -n +1 -s 0.2 -f --pid="$child" "$log" &
  follower=$!
  wait "$child" || code=$?
  # A trapped signal ends the wait, not the child: wait on for the child's own code.
  while kill -0 "$child" 2>/dev/null; do
    code=0
    wait "$child" || code=$?
  done
  child=
  wait "$follower" || true
  return "$code"
}

for i in "${!names[@]}"; do
  if [[ -n $stopped ]]; then
    report "${names[$i]}: not run (the runner was stopped)"
    continue
  fi
  name=${names[$i]}
  args=("${flat[@]:${starts[$i]}:${counts[$i]}}")
  # The password goes by file (or TXBENCH_PASSWORD in the environment), never on a command line
  # that ps shows; a benchmark that names its own password file keeps it.
  if [[ -n $PASSWORD_FILE && " ${args[*]} " != *" --target-database-password"* ]]; then
    args+=(--target-database-password-file "$PASSWORD_FILE")
  fi
  echo "run-benchmarks: $name: starting"
  code=0
  txbench "$run_dir/$name.log" "${args[@]}" --output-dir "$run_dir/$name" || code=$?
  if [[ $code -ne 0 ]]; then
    # A failed threshold's lines, else the last lines (txbench ends with a one-line reason).
    if [[ $code -eq 5 ]]; then
      detail=$(grep FAIL "$run_dir/$name.log" | sed 's/^/  /' || true)
    else
      detail=$(tail -n 3 "$run_dir/$name.log" | sed 's/^/  /')
    fi
    report "$name: exit $code, $(meaning "$code")${detail:+$'\n'$detail}"
  fi
done

if [[ -z $stopped ]]; then
  history_args=(history "$RESULTS_ROOT" --html "$RESULTS_ROOT/history.html")
  history_args+=("${HISTORY_OPTIONS[@]}")
  for exported in "${EXPORTS[@]}"; do
    history_args+=(--export "$exported")
  done
  code=0
  txbench "$run_dir/history.txt" "${history_args[@]}" || code=$?
  case $code in
    0) ;;
    6) report "history: a regression"$'\n'"$(grep '^REGRESSION' "$run_dir/history.txt" | sed 's/^/  /' || true)" ;;
    *) report "history: exit $code, $(meaning "$code")" ;;
  esac
fi

if [[ -n $stopped ]]; then
  report "stopped by a signal before it finished"
fi
if [[ ${#problems[@]} -eq 0 ]]; then
  echo "run-benchmarks: ${#names[@]} benchmarks, no regression; results in $run_dir"
  exit 0
fi

message="txbench on $(hostname): ${#problems[@]} to look at, results in $run_dir"
for problem in "${problems[@]}"; do
  message+=$'\n'"- $problem"
done
alert "$message"
exit "${stopped:-1}"
