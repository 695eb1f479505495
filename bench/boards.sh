#!/usr/bin/env bash
# Domineering written with boards (examples/domineering.game's rules)
# against cgt-tools (the `cgt` crate, 0.9) on one thread, side by side:
# the two alternate, RUNS runs each (default 3), and the medians of user +
# system CPU seconds and of the peak resident memory are printed.
#
# cgt is not part of this repository: a small driver depending on it is
# written to $CGT_DIR (default /tmp/grundy-cgt-driver) and built there
# with cargo (crates.io must be reachable the first time). Usage:
#   bash bench/boards.sh            # 4x4 4x5 5x5
#   BOARDS="5x5 6x6" bash bench/boards.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
BOARDS=${BOARDS:-"4x4 4x5 5x5"}
CGT_DIR=${CGT_DIR:-/tmp/grundy-cgt-driver}
export RAYON_NUM_THREADS=1

if [ ! -x "$CGT_DIR/target/release/cgt-driver" ]; then
  mkdir -p "$CGT_DIR/src"
  cat > "$CGT_DIR/Cargo.toml" <<'TOML'
[package]
name = "cgt-driver"
version = "0.1.0"
edition = "2021"
[dependencies]
cgt = "0.9"
TOML
  cat > "$CGT_DIR/src/main.rs" <<'RS'
use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use std::str::FromStr;
fn main() {
    let board = std::env::args().nth(1).expect("board rows joined by |");
    let g: Domineering = Domineering::from_str(&board).expect("board");
    let tt = ParallelTranspositionTable::new();
    println!("{}", g.canonical_form(&tt));
}
RS
  (cd "$CGT_DIR" && cargo build --release -q)
fi
cargo build --release -q
GRUNDY=target/release/grundy
CGT=$CGT_DIR/target/release/cgt-driver
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# The example's definitions, without its queries.
grep -E '^(game |fn |    |\})' examples/domineering.game > "$TMP/defs.game"

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '| board | value (grundy) | value (cgt) | grundy CPU s | cgt CPU s | grundy / cgt | grundy MiB | cgt MiB | memory ratio |\n'
printf '|---|---|---|---:|---:|---:|---:|---:|---:|\n'
for b in $BOARDS; do
  r=${b%x*}; c=${b#*x}
  row=$(printf '%*s' "$c" '' | tr ' ' '.')
  cgt_board=$(for _ in $(seq "$r"); do printf '%s|' "$row"; done); cgt_board=${cgt_board%|}
  { cat "$TMP/defs.game"; echo "value Domineering(grid($r, $c))"; } > "$TMP/q.game"
  : > "$TMP/g.t"; : > "$TMP/c.t"
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f '%U %S %M' -o "$TMP/t" "$GRUNDY" run "$TMP/q.game" > "$TMP/g.out"
    cat "$TMP/t" >> "$TMP/g.t"
    /usr/bin/time -f '%U %S %M' -o "$TMP/t" "$CGT" "$cgt_board" > "$TMP/c.out"
    cat "$TMP/t" >> "$TMP/c.t"
  done
  gv=$(sed 's/.* = //; s/|/\\|/g' "$TMP/g.out"); cv=$(sed 's/|/\\|/g' "$TMP/c.out")
  gs=$(awk '{print $1 + $2}' "$TMP/g.t" | median); cs=$(awk '{print $1 + $2}' "$TMP/c.t" | median)
  gm=$(awk '{print $3 / 1024}' "$TMP/g.t" | median); cm=$(awk '{print $3 / 1024}' "$TMP/c.t" | median)
  printf '| %s | `%s` | `%s` | %.3f | %.3f | %.2f | %.1f | %.1f | %.2f |\n' "$b" "$gv" "$cv" "$gs" "$cs" \
    "$(echo "$gs $cs" | awk '{print ($2 > 0) ? $1 / $2 : 0}')" "$gm" "$cm" \
    "$(echo "$gm $cm" | awk '{print $1 / $2}')"
done
