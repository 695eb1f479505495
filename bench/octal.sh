#!/usr/bin/env bash
# Octal engine benchmark, whole processes on the same machine:
#   grundy octal CODE --to N+1      against      ogsolve -m rc2 -n N CODE
# (both compute the heaps 0 ..= N). The two tools run alternately, RUNS
# times each (default 3); printed are, for each, the median CPU seconds
# (user + system), the median wall-clock seconds and the median peak
# resident set (KB, /usr/bin/time's %M), and the ratios grundy / ogsolve.
# On a shared machine wall-clock time mostly measures the wait for a core:
# CPU time is the figure to compare, and alternating runs keep both tools
# under the same load.
#
#   bash bench/octal.sh                 # every row below
#   RUNS=5 bash bench/octal.sh 0.16     # rows whose code is given
#   bash bench/octal.sh hex             # three-heap codes only: values/s on
#                                       # 1 and 2 threads (HEX_NS="3000 10000")
#
# Installs ogsolve with `cargo install ogsolve` if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}

cargo build --release >/dev/null 2>&1 || cargo build --release
BIN=target/release/grundy
if ! command -v ogsolve >/dev/null 2>&1; then
  echo "installing ogsolve (cargo install ogsolve)…" >&2
  cargo install ogsolve >&2
fi
if [ ! -x /usr/bin/time ]; then
  echo "needs /usr/bin/time (apt-get install time)" >&2
  exit 1
fi

# "cpu_seconds wall_seconds KB" of one command (its output discarded).
measure() {
  /usr/bin/time -f "%U %S %e %M" "$@" 2>&1 >/dev/null | tail -1 |
    awk '{ printf "%.2f %s %s\n", $1 + $2, $3, $4 }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

row() {
  local code=$1 n=$2 gc=() gw=() gm=() oc=() ow=() om=() r
  for _ in $(seq "$RUNS"); do
    read -r c w k < <(measure "$BIN" octal "$code" --to $((n + 1)))
    gc+=("$c") gw+=("$w") gm+=("$k")
    read -r c w k < <(measure ogsolve -m rc2 -n "$n" "$code")
    oc+=("$c") ow+=("$w") om+=("$k")
  done
  local g o g2 o2 gk ok
  g=$(printf '%s\n' "${gc[@]}" | median)
  o=$(printf '%s\n' "${oc[@]}" | median)
  g2=$(printf '%s\n' "${gw[@]}" | median)
  o2=$(printf '%s\n' "${ow[@]}" | median)
  gk=$(printf '%s\n' "${gm[@]}" | median)
  ok=$(printf '%s\n' "${om[@]}" | median)
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
  printf "%-7s %9s %8.2f %8.2f %5s | %8.2f %8.2f %5s | %8s %8s %5s   cpu grundy: %s ogsolve: %s\n" \
    "$code" "$n" "$g" "$o" "$(ratio "$g" "$o")" "$g2" "$o2" "$(ratio "$g2" "$o2")" \
    "$gk" "$ok" "$(ratio "$gk" "$ok")" "${gc[*]}" "${oc[*]}"
}

# Three-heap codes: values per second to N with the default engine (pair
# sets) on one thread and on two (RAYON_NUM_THREADS=1/2: the engine shares
# each heap past 8,192 with a second thread), and with --engine plain (the
# plain mex). CPU is user + system of the whole process, wall the elapsed
# time; on a shared machine wall mostly measures the wait for a core.
hex_row() {
  local code=$1 n=$2 engine=$3 threads=$4 c w k
  read -r c w k < <(RAYON_NUM_THREADS=$threads measure "$BIN" octal "$code" --to "$n" --engine "$engine")
  printf "%-6s %8s %-7s %d thr %9.2f s cpu %9.2f s wall %10.0f values/s (cpu) %9s KB\n" "$code" "$n" \
    "$engine" "$threads" "$c" "$w" "$(awk -v s="$c" -v n="$n" 'BEGIN { print (s > 0 ? n / s : 0) }')" "$k"
}

ARGS=("$@")
pick() { local c=$1; [ ${#ARGS[@]} -eq 0 ] && return 0; for a in "${ARGS[@]}"; do [ "$a" = "$c" ] && return 0; done; return 1; }

if ! pick hex || [ ${#ARGS[@]} -eq 0 ]; then
  printf "%-7s %9s %8s %8s %5s | %8s %8s %5s | %8s %8s %5s\n" code N cpu_g cpu_og ratio \
    wall_g wall_og ratio KB_g KB_og ratio
  pick 0.16 && row 0.16 509622
  pick 0.56 && row 0.56 653570
  pick 0.6 && row 0.6 1048576
  pick 0.354 && row 0.354 20126195
  pick 0.007 && row 0.007 262144
  pick 0.376 && row 0.376 4536507
fi
if pick hex; then
  # HEX_NS: the lengths (default up to 10^5: tens of minutes of CPU for
  # 0.8 and 0.9).
  for code in 0.8 0.9 0.f7; do
    hex_row "$code" 3000 plain 1
    for n in ${HEX_NS:-3000 10000 30000 100000}; do
      hex_row "$code" "$n" sparse 1
      hex_row "$code" "$n" sparse 2
    done
  done
fi
