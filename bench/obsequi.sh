#!/usr/bin/env bash
# Who wins Domineering on a rectangle: grundy's `outcome P by search` (the
# rules of examples/domineering.game, interpreted) against Obsequi (Nathan
# Bullock's Domineering solver, C++), on one thread, side by side: the two
# alternate, RUNS runs each (default 3), and the medians of user + system
# CPU seconds and of the peak resident memory are printed, with both
# outcomes and whether they agree. grundy answers the outcome class (both
# starts) in one query; Obsequi is run once with Vertical (Left) to move
# and once with Horizontal, and its columns add the two runs.
#
# Obsequi is not part of this repository: point OBSEQUI_SRC at a checkout
# of its repository (github.com/orangepips/obsequi or a fork of it); its
# `obsequi/` folder is copied to $OBSEQUI_DIR (default /tmp/grundy-obsequi)
# and built there with g++ -O3 -march=native, the command-line solver
# only (three small fixes for a current g++ are made to the copy: two
# missing includes, and the server's protobuf export left out). Its
# transposition table has 2^BITS entries (default 22).
#   OBSEQUI_SRC=~/src/obsequi bash bench/obsequi.sh            # 4x4 5x5 6x6
#   OBSEQUI_SRC=~/src/obsequi CASES="6x6 7x7" RUNS=1 bash bench/obsequi.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
CASES=${CASES:-"4x4 5x5 6x6 7x7"}
BITS=${BITS:-22}
OBSEQUI_DIR=${OBSEQUI_DIR:-/tmp/grundy-obsequi}
OBSEQUI=$OBSEQUI_DIR/Obsequi

if [ ! -x "$OBSEQUI" ]; then
  : "${OBSEQUI_SRC:?set OBSEQUI_SRC to a checkout of the Obsequi repository}"
  mkdir -p "$OBSEQUI_DIR"
  cp "$OBSEQUI_SRC"/obsequi/*.cc "$OBSEQUI_SRC"/obsequi/*.h "$OBSEQUI_DIR"/
  (
    cd "$OBSEQUI_DIR"
    for f in *.cc; do sed -i '1i #include <cstdio>\n#include <cstring>' "$f"; done
    # The server's protobuf export (score_board_get_metrics) is not
    # needed by the command-line solver.
    python3 - <<'PY'
s = open("score-board.cc").read().replace('#include "obsequi.pb.h"', "")
i = s.find("void score_board_get_metrics(")
if i >= 0:
    s = s[:i] + s[s.index("}  // namespace obsequi", i):]
open("score-board.cc", "w").write(s)
PY
    g++ -std=c++11 -O3 -march=native -o Obsequi obsequi.cc base.cc board.cc negamax.cc \
      positional-values.cc move.cc transposition.cc stats.cc bitops.cc score-board.cc
  )
fi
cargo build --release -q
GRUNDY=target/release/grundy
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { echo "$1 $2" | awk '{print ($2 > 0) ? $1 / $2 : 0}'; }
# Obsequi's winner with $3 (V or H) to move on a $1 x $2 board, its
# CPU and memory written to $4.
obsequi() {
  echo "solve rows $1 cols $2 bits $BITS $3" \
    | /usr/bin/time -f '%U %S %M' -o "$4" "$OBSEQUI" 2>/dev/null \
    | sed -n 's/^winner \([VH]\).*/\1/p'
}

printf '| board | outcome (grundy) | Obsequi agrees | positions searched | grundy CPU s | Obsequi CPU s | grundy / Obsequi | grundy MiB | Obsequi MiB |\n'
printf '|---|---|---|---:|---:|---:|---:|---:|---:|\n'
for size in $CASES; do
  r=${size%x*}; c=${size#*x}
  { grep -E '^(game |fn |    |\})' examples/domineering.game
    echo "outcome Domineering(grid($r, $c)) by search"; } > "$TMP/q.game"
  : > "$TMP/g.t"; : > "$TMP/o.t"
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f '%U %S %M' -o "$TMP/t" "$GRUNDY" run --max-steps 1000000000000 \
      --max-positions 100000000 --max-memory 4G "$TMP/q.game" > "$TMP/g.out"
    cat "$TMP/t" >> "$TMP/g.t"
    obsequi "$r" "$c" V "$TMP/t1" > "$TMP/v.out"
    obsequi "$r" "$c" H "$TMP/t2" > "$TMP/h.out"
    paste "$TMP/t1" "$TMP/t2" | awk '{print $1 + $4, $2 + $5, ($3 > $6) ? $3 : $6}' >> "$TMP/o.t"
  done
  go=$(sed -n 's/.* by search = \([LRNP]\) .*/\1/p' "$TMP/g.out")
  nodes=$(sed -n 's/^  \([0-9,]*\) positions searched/\1/p' "$TMP/g.out")
  case "$(cat "$TMP/v.out")$(cat "$TMP/h.out")" in
    VV) oo=L ;; HH) oo=R ;; VH) oo=N ;; HV) oo=P ;; *) oo=? ;;
  esac
  agree=no; [ "$go" = "$oo" ] && agree=yes
  gs=$(awk '{print $1 + $2}' "$TMP/g.t" | median); gm=$(awk '{print $3 / 1024}' "$TMP/g.t" | median)
  os=$(awk '{print $1 + $2}' "$TMP/o.t" | median); om=$(awk '{print $3 / 1024}' "$TMP/o.t" | median)
  printf '| %sx%s | %s | %s | %s | %.2f | %.2f | %.0f | %.1f | %.1f |\n' "$r" "$c" "$go" "$agree" \
    "$nodes" "$gs" "$os" "$(ratio "$gs" "$os")" "$gm" "$om"
done
