#!/usr/bin/env bash
# The speed issue's table, every row measured again in one run on this
# machine (docs/PERFORMANCE.md, "Summary: the speed table"):
#   1. heap games written as rules (Kayles, Grundy's game) against the plain
#      mex loop over a vector, at n = 1,000, 4,000 and 8,000
#      (`cargo bench --bench heaps`);
#   2. Wythoff 300×300 and 400×400 against the dense array, Chomp 7×7
#      against a hand-written state graph (`cargo bench --bench spine`);
#   3. the octal rows against ogsolve -m rc2 (`bash bench/octal.sh`), and
#      the three-heap codes to 10^5 (`bash bench/octal.sh hex`).
# Each part alternates the two sides and prints medians; on a shared
# machine compare the CPU-time ratios. About 10 minutes in all (most of it
# ogsolve); `QUICK=1` skips part 3.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
export RUNS
echo "## 1. heap games as rules vs the plain mex loop"
for n in 1000 4000 8000; do
  cargo bench -q --bench heaps -- --n "$n" --runs "$RUNS" 2>/dev/null
done
echo
echo "## 2. Wythoff vs the dense array; Chomp 7×7 vs a hand-written graph"
cargo bench -q --bench spine -- --runs "$RUNS" 2>/dev/null
cargo bench -q --bench spine -- --runs "$RUNS" --only wythoff --wythoff 400 2>/dev/null
if [ -z "${QUICK:-}" ]; then
  echo
  echo "## 3. octal codes vs ogsolve (CPU seconds, medians of $RUNS alternating runs),"
  echo "##    then the three-heap codes (values/s)"
  bash bench/octal.sh
fi
