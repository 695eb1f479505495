#!/usr/bin/env bash
# Board games written with boards (the rules of examples/domineering.game,
# snort.game, konane.game, amazons.game, clobber.game) against cgt-tools
# (the `cgt` crate, 0.9) on one thread, side by side: the two alternate,
# RUNS runs each (default 3), and the medians of user + system CPU seconds
# and of the peak resident memory are printed, with both values and
# whether they agree (cgt's value read back by grundy as a literal).
# cgt 0.9 has no Clobber: its cgt columns are left empty.
#
# cgt is not part of this repository: a small driver depending on it is
# written to $CGT_DIR (default /tmp/grundy-cgt-driver) and built there
# with cargo (crates.io must be reachable the first time). A case is
# GAME:BOARD, the board as R x C empty cells or as rows joined by `|`:
#   bash bench/boards.sh                       # the default cases below
#   CASES="domineering:5x5 domineering:6x6" bash bench/boards.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
CASES=${CASES:-"domineering:4x4 domineering:4x5 domineering:5x5 snort:3x4 snort:4x4
  konane:xoxox|oxoxo|xo.ox|oxoxo konane:xoxoxo|oxox.x|xoxoxo|oxoxox
  amazons:x..|...|..o amazons:x...|....|...o clobber:xoxo|oxox|xoxo clobber:xoxox|oxoxo|xoxox"}
CGT_DIR=${CGT_DIR:-/tmp/grundy-cgt-driver}
export RAYON_NUM_THREADS=1

DRIVER=$(cat <<'RS'
use cgt::graph::adjacency_matrix::undirected::UndirectedGraph;
use cgt::graph::{Graph, VertexIndex};
use cgt::short::partizan::games::amazons::Amazons;
use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::games::konane::Konane;
use cgt::short::partizan::games::snort::{Snort, VertexColor, VertexKind};
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use std::collections::HashMap;
use std::str::FromStr;

/// Snort on the grid graph of a board's cells ('#' no cell).
fn snort(board: &str) -> Snort<VertexKind, UndirectedGraph<VertexKind>> {
    let mut index = HashMap::new();
    for (r, row) in board.split('|').enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch != '#' {
                let n = index.len();
                index.insert((r, c), n);
            }
        }
    }
    let mut edges = Vec::new();
    for (&(r, c), &i) in &index {
        for next in [(r + 1, c), (r, c + 1)] {
            if let Some(&j) = index.get(&next) {
                edges.push((VertexIndex { index: i }, VertexIndex { index: j }));
            }
        }
    }
    let vertices = vec![VertexKind::Single(VertexColor::Empty); index.len()];
    Snort::new(UndirectedGraph::from_edges(&edges, &vertices))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().expect("domineering | snort | konane | amazons");
    let board = args.next().expect("board rows joined by |");
    let value = match game.as_str() {
        "domineering" => <Domineering>::from_str(&board)
            .expect("board")
            .canonical_form(&ParallelTranspositionTable::new()),
        "snort" => snort(&board).canonical_form(&ParallelTranspositionTable::new()),
        "konane" => <Konane>::from_str(&board)
            .expect("board")
            .canonical_form(&ParallelTranspositionTable::new()),
        "amazons" => <Amazons>::from_str(&board)
            .expect("board")
            .canonical_form(&ParallelTranspositionTable::new()),
        other => panic!("cgt has no {other}"),
    };
    println!("{value}");
}
RS
)
mkdir -p "$CGT_DIR/src"
if [ ! -x "$CGT_DIR/target/release/cgt-driver" ] || [ "$(cat "$CGT_DIR/src/main.rs" 2>/dev/null)" != "$DRIVER" ]; then
  cat > "$CGT_DIR/Cargo.toml" <<'TOML'
[package]
name = "cgt-driver"
version = "0.1.0"
edition = "2021"
[dependencies]
cgt = "0.9"
TOML
  printf '%s\n' "$DRIVER" > "$CGT_DIR/src/main.rs"
  (cd "$CGT_DIR" && cargo build --release -q)
fi
cargo build --release -q
GRUNDY=/tmp/p53/grundy-v1
CGT=$CGT_DIR/target/release/cgt-driver
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
short() { if [ ${#1} -gt 40 ]; then printf '%s…' "${1:0:40}"; else printf '%s' "$1"; fi; }
ratio() { echo "$1 $2" | awk '{print ($2 > 0) ? $1 / $2 : 0}'; }

printf '| game | board | value (grundy) | cgt agrees | grundy CPU s | cgt CPU s | grundy / cgt | grundy MiB | cgt MiB | memory ratio |\n'
printf '|---|---|---|---|---:|---:|---:|---:|---:|---:|\n'
for case in $CASES; do
  game=${case%%:*}; board=${case#*:}
  if [[ $board =~ ^([0-9]+)x([0-9]+)$ ]]; then
    row=$(printf '%*s' "${BASH_REMATCH[2]}" '' | tr ' ' '.')
    board=$(for _ in $(seq "${BASH_REMATCH[1]}"); do printf '%s|' "$row"; done); board=${board%|}
  fi
  name=$(echo "${game:0:1}" | tr a-z A-Z)${game:1}
  # The example's definitions, without its queries.
  { grep -E '^(game |fn |let |    |\})' "examples/$game.game"; echo "value $name(grid(\"$board\"))"; } > "$TMP/q.game"
  has_cgt=yes; [ "$game" = clobber ] && has_cgt=
  : > "$TMP/g.t"; : > "$TMP/c.t"
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f '%U %S %M' -o "$TMP/t" "$GRUNDY" run "$TMP/q.game" > "$TMP/g.out"
    cat "$TMP/t" >> "$TMP/g.t"
    if [ -n "$has_cgt" ]; then
      /usr/bin/time -f '%U %S %M' -o "$TMP/t" "$CGT" "$game" "$board" > "$TMP/c.out"
      cat "$TMP/t" >> "$TMP/c.t"
    fi
  done
  gv=$(sed 's/.* = //' "$TMP/g.out")
  gs=$(awk '{print $1 + $2}' "$TMP/g.t" | median); gm=$(awk '{print $3 / 1024}' "$TMP/g.t" | median)
  if [ -n "$has_cgt" ]; then
    echo "value($(cat "$TMP/c.out"))" > "$TMP/c.game"
    agree=no; [ "$("$GRUNDY" run "$TMP/c.game")" = "$gv" ] && agree=yes
    cs=$(awk '{print $1 + $2}' "$TMP/c.t" | median); cm=$(awk '{print $3 / 1024}' "$TMP/c.t" | median)
    printf '| %s | `%s` | `%s` | %s | %.3f | %.3f | %.2f | %.1f | %.1f | %.2f |\n' "$game" "${board//|/\\|}" \
      "$(short "$gv" | sed 's/|/\\|/g')" "$agree" "$gs" "$cs" "$(ratio "$gs" "$cs")" "$gm" "$cm" "$(ratio "$gm" "$cm")"
  else
    printf '| %s | `%s` | `%s` | (no cgt) | %.3f | | | %.1f | | |\n' "$game" "${board//|/\\|}" "$(short "$gv" | sed 's/|/\\|/g')" "$gs" "$gm"
  fi
done
