#!/usr/bin/env bash
# Octal engine benchmark: grundy's sparse (and plain) engine against
# ogsolve's rc2 method on the same games, same number of heaps (0..=N).
#
#   bash bench/octal.sh            # the four reference games
#   RUNS=5 bash bench/octal.sh     # best of 5 runs each (default 3)
#
# Prints seconds (best of RUNS, wall clock of the computation as each tool
# reports it) and grundy/ogsolve ratios. Installs ogsolve with
# `cargo install ogsolve` if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}

cargo build --release --bench octal >/dev/null 2>&1 || cargo build --release --bench octal
BIN=$(cargo bench --bench octal --no-run --message-format=json 2>/dev/null \
  | sed -n 's/.*"executable":"\([^"]*octal[^"]*\)".*/\1/p' | tail -1)
if [ -z "$BIN" ] || [ ! -x "$BIN" ]; then
  echo "cannot find the octal bench binary" >&2
  exit 1
fi
if ! command -v ogsolve >/dev/null 2>&1; then
  echo "installing ogsolve (cargo install ogsolve)…" >&2
  cargo install ogsolve >&2
fi

# seconds grundy takes: CODE N ENGINE
grundy_secs() {
  "$BIN" "$1" "$2" "$3" | sed -n 's/.* seconds=\([0-9.]*\) .*/\1/p'
}
# seconds ogsolve reports: CODE N METHOD (its "calculation time", in ms/s/µs)
ogsolve_secs() {
  ogsolve -m "$3" -n "$2" "$1" | sed -n 's/.*calculation time: *//p' | awk '
    /µs$/ { sub("µs", ""); print $1 / 1e6; next }
    /ms$/ { sub("ms", ""); print $1 / 1e3; next }
    /s$/  { sub("s", "");  print $1 + 0; next }'
}
best() { sort -g | head -1; }

printf "%-8s %10s %-13s %10s %10s %7s  %s\n" code N "engine/og" grundy ogsolve ratio period
run() {
  local code=$1 n=$2 engine=$3 method=$4
  local g o period
  g=$(for _ in $(seq "$RUNS"); do grundy_secs "$code" "$n" "$engine"; done | best)
  o=$(for _ in $(seq "$RUNS"); do ogsolve_secs "$code" "$n" "$method"; done | best)
  period=$("$BIN" "$code" "$n" "$engine" | sed -n 's/.*period: //p')
  printf "%-8s %10s %-13s %10.3f %10.3f %7.3f  %s\n" "$code" "$n" "$engine/$method" "$g" "$o" \
    "$(awk -v a="$g" -v b="$o" 'BEGIN { print (b > 0 ? a / b : 0) }')" "$period"
}

run 0.16 509622 sparse rc2
run 0.56 653570 sparse rc2
run 0.354 1048576 sparse rc2
run 0.007 262144 sparse rc2
# The plain path (O(n²)) on smaller N, against ogsolve's naive method.
run 0.16 30000 plain naive
run 0.77 30000 plain naive
