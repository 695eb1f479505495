#!/usr/bin/env bash
# "Nothing else gets slower": two builds of `grundy` side by side on the
# same workloads, alternating (A B A B ...), RUNS runs each (default 3);
# prints the median user + system CPU seconds of each and their ratio.
# Usage:
#   bash bench/compare.sh OLD_BINARY NEW_BINARY [FILE.game ...]
# Without files: the quicker bench/games/*.game (jobs.game and the
# expansions take minutes on a loaded machine), a few examples, and two
# `grundy octal` runs (a few seconds of CPU on a quiet machine). To
# build an older commit's binary without touching this work tree:
#   git archive COMMIT | tar -x -C /tmp/old && (cd /tmp/old && cargo build --release)
set -euo pipefail
cd "$(dirname "$0")/.."
OLD=$1
NEW=$2
shift 2
RUNS=${RUNS:-3}
FILES=("$@")
if [ ${#FILES[@]} -eq 0 ]; then
  FILES=(bench/games/wythoff.game bench/games/misere_kayles7_quotient.game
    bench/games/misere_dawson20_quotient.game examples/kayles.game examples/chomp.game
    examples/misere.game)
fi
cpu() { # command... -> CPU seconds (user + sys)
  local out
  out=$(mktemp)
  /usr/bin/time -o "$out" -f '%U %S' "$@" >/dev/null 2>&1 || true
  awk '{ s = $1 + $2 } END { printf "%.2f", s }' "$out"
  rm -f "$out"
}
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
row() { # label, then the command with BIN for the binary
  local label=$1
  shift
  local olds=() news=()
  for _ in $(seq "$RUNS"); do
    olds+=("$(cpu "${@/BIN/$OLD}")")
    news+=("$(cpu "${@/BIN/$NEW}")")
  done
  local o n
  o=$(median "${olds[@]}")
  n=$(median "${news[@]}")
  awk -v l="$label" -v o="$o" -v n="$n" \
    'BEGIN { printf "| %s | %.2f | %.2f | %s |\n", l, o, n, (o > 0 ? sprintf("%.2f", n / o) : "-") }'
}
echo "| workload | old CPU s | new CPU s | new / old |"
echo "|---|---|---|---|"
for f in "${FILES[@]}"; do
  row "$f" BIN run "$f"
done
if [ $# -eq 0 ]; then
  row "grundy octal 0.16" BIN octal 0.16
  row "grundy octal 0.137 --to 200000" BIN octal 0.137 --to 200000
fi
