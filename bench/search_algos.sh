#!/usr/bin/env bash
# `outcome P by search` by df-pn and by the depth-first search side by
# side (docs/PERFORMANCE.md, "df-pn sound, and the default"): for each
# case, the two alternating (dfpn alphabeta dfpn ...), RUNS runs each
# (default 3); prints the outcome, the positions searched and the median
# user + system CPU seconds and peak resident MiB of each.
# Usage:
#   bash bench/search_algos.sh [BINARY] [CASE:PARTS ...]
# BINARY defaults to target/release/grundy; a CASE is one of the names
# below, PARTS its --search-parts. The rules are the examples' (Domineering
# written with `place`'s third argument, so that the bitboard search of
# placement games does not take it).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release/grundy}
shift || true
RUNS=${RUNS:-3}
CASES=("$@")
if [ ${#CASES[@]} -eq 0 ]; then
  CASES=(am44:0 am44:8 am43:0 am43:8 am34:0 am34:8 dom55:0 dom55:8 dom56:8 dom66:8
    domsum:0 domsum:8 kon46:0 kon55:0 clob35:0 clob35:8 clob44:0 clob44:8 clob45:8)
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
rules() { grep -v -E '^(value|winning|outcome|moves|#)' "examples/$1.game"; }
dom='game Dom(b) {
    left move dom_parts(c) for c in place(b, [(0, 0), (1, 0)], "#")
    right move dom_parts(c) for c in place(b, [(0, 0), (0, 1)], "#")
}
fn dom_parts(b) = sum([Dom(canonical(p, "mirror")) for p in components(b)])'
position() { # case -> rules and query
  case $1 in
    am44) rules amazons; echo 'outcome Amazons(grid([".oo.", "o..o", "x..x", ".xx."])) by search' ;;
    am44b) rules amazons; echo 'outcome Amazons(grid([".o..", "o...", "...x", "..x."])) by search' ;;
    am43) rules amazons; echo 'outcome Amazons(grid(["o..", "...", "..x", "x.o"])) by search' ;;
    am34) rules amazons; echo 'outcome Amazons(grid([".o.o", "....", "x..x"])) by search' ;;
    dom55) echo "$dom"; echo 'outcome Dom(grid(5, 5)) by search' ;;
    dom56) echo "$dom"; echo 'outcome Dom(grid(5, 6)) by search' ;;
    dom66) echo "$dom"; echo 'outcome Dom(grid(6, 6)) by search' ;;
    domsum) echo "$dom"; echo 'outcome Dom(grid(4, 4)) + Dom(grid(4, 4)) + Dom(grid(3, 3)) + Dom(grid(3, 3)) by search' ;;
    kon46) rules konane; echo 'outcome Konane(grid(["xoxoxo", "o.oxox", "xoxo.o", "oxoxox"])) by search' ;;
    kon55) rules konane; echo 'outcome Konane(grid(["xoxox", "oxoxo", "xo.ox", "oxoxo", "xoxox"])) by search' ;;
    clob35) rules clobber; echo 'outcome Clobber(grid(["xoxox", "oxoxo", "xoxox"])) by search' ;;
    clob44) rules clobber; echo 'outcome Clobber(grid(["xoxo", "oxox", "xoxo", "oxox"])) by search' ;;
    clob45) rules clobber; echo 'outcome Clobber(grid(["xoxox", "oxoxo", "xoxox", "oxoxo"])) by search' ;;
    *) echo "unknown case $1" >&2; exit 2 ;;
  esac
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
printf '%-8s %5s  %-9s %-3s %10s %8s %6s\n' case parts search out positions cpu_s MiB
for spec in "${CASES[@]}"; do
  name=${spec%:*}
  parts=${spec#*:}
  position "$name" >"$dir/$name.game"
  for algo in dfpn alphabeta; do : >"$dir/$algo.cpu"; : >"$dir/$algo.mib"; done
  for _ in $(seq "$RUNS"); do
    for algo in dfpn alphabeta; do
      /usr/bin/time -o "$dir/t" -f '%U %S %M' "$BIN" run "$dir/$name.game" \
        --search-algo "$algo" --search-parts "$parts" >"$dir/$algo.out" 2>&1 || true
      awk '{ printf "%.2f\n", $1 + $2 }' "$dir/t" >>"$dir/$algo.cpu"
      awk '{ printf "%d\n", $3 / 1024 }' "$dir/t" >>"$dir/$algo.mib"
    done
  done
  for algo in dfpn alphabeta; do
    out=$(grep -o -m1 '= [LRNP] ' "$dir/$algo.out" | tr -d '= ' || echo '?')
    pos=$(grep -o -m1 '[0-9,]* positions searched' "$dir/$algo.out" | cut -d' ' -f1 || echo '?')
    printf '%-8s %5s  %-9s %-3s %10s %8s %6s\n' "$name" "$parts" "$algo" "$out" "$pos" \
      "$(median <"$dir/$algo.cpu")" "$(median <"$dir/$algo.mib")"
  done
done
