//! Most of the package's integration tests, folded into one test program
//! (`cargo test --test folded`): each file of `tests/` below is a module
//! here, so the library and its dependencies are linked into one program
//! rather than one per file (CI builds them twice, release and debug:
//! docs/ARCHITECTURE.md, "Tests"). A test's name gains its file's name,
//! `boards::values_agree`: run one file's tests with
//! `cargo test --test folded boards::`.
//!
//! **A new test file** `tests/NAME.rs`: add `mod NAME;` below and write
//! `use crate::common;` in it where a program of its own writes
//! `mod common;`. Leave it a program of its own (a `[[test]]` entry in
//! Cargo.toml, `autotests` being off) only when its tests depend on the
//! state of the whole process: a signal handler, an environment variable
//! or the current folder they change, the memory or peak of the process
//! (`common::child::alone`), a snapshot of `insta` (named after the
//! program), or CI runs it by itself. `every_test_file_is_built` fails
//! for a file in neither place.

mod common;

mod algebra_lang;
mod amazons_search;
mod board_lines;
mod boards;
mod budgets;
mod cgsuite;
mod cgsuite_codes;
mod cgsuite_heaps;
mod cgsuite_methods;
mod cgsuite_rest;
mod cgsuite_rulesets;
mod cgsuite_stoppers;
mod cli;
mod compounds;
mod dense;
mod dfpn;
mod digraph_examples;
mod digraph_props;
mod division;
mod docs;
mod draw;
mod editors;
mod first_hour;
mod fuzz;
mod graph_values;
mod headings;
mod heap_games;
mod honest_budgets;
mod json_schema;
mod layers;
mod lines;
mod list_boxes;
mod literals;
mod loopy;
mod loopy_partizan;
mod loopy_values;
mod lsp;
mod lsp_fuzz;
mod misere_lang;
mod misere_mates;
mod misere_papers;
mod misere_parts;
mod misere_predicates;
mod misere_sums;
mod move_fast_paths;
mod notation;
mod octal_hex;
mod octal_long_runs;
mod octal_published;
mod octal_sweep;
mod one_game;
mod ordinals;
mod partizan;
mod partizan_lang;
mod pictures;
mod placement;
mod properties;
mod quotient_long_runs;
mod rationals;
mod rays;
mod registry;
mod robustness;
mod rulesets;
mod search;
mod seeds;
mod series_values;
mod set_fast_paths;
mod spelling;
mod store_theory;
mod take_break;
mod values;

use std::path::Path;

/// The names `mod NAME;` declares in a folded program's text.
fn modules(root: &str) -> Vec<String> {
    root.lines()
        .filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

/// The names of a manifest's `[[test]]` entries.
fn test_targets(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_test = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_test = line == "[[test]]";
        } else if in_test && let Some(rest) = line.strip_prefix("name = ") {
            names.push(rest.trim_matches('"').to_string());
        }
    }
    names
}

/// Every `.rs` file directly in `tests/` and `cli/tests/` is built once:
/// a module of its package's folded program or a `[[test]]` entry of its
/// manifest, not both (with `autotests = false`, Cargo builds nothing
/// else there, so a new file in neither would never run).
#[test]
fn every_test_file_is_built() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for package in [root.to_path_buf(), root.join("cli")] {
        let read = |p: &Path| std::fs::read_to_string(p).expect("readable");
        let folded = modules(&read(&package.join("tests/folded.rs")));
        let targets = test_targets(&read(&package.join("Cargo.toml")));
        assert!(
            targets.contains(&"folded".to_string()),
            "{package:?}: no folded target"
        );
        let mut files: Vec<String> = std::fs::read_dir(package.join("tests"))
            .expect("a tests folder")
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                Some(name.strip_suffix(".rs")?.to_string())
            })
            .collect();
        files.sort();
        for file in files.iter().filter(|f| *f != "folded") {
            let (folded, own) = (folded.contains(file), targets.contains(file));
            assert!(
                folded != own,
                "{}/tests/{file}.rs is {}: add `mod {file};` to its tests/folded.rs \
                 (and `use crate::common;` for `mod common;`), or a `[[test]]` entry \
                 `name = \"{file}\"` to its Cargo.toml (docs/ARCHITECTURE.md, \"Tests\")",
                package.display(),
                if folded { "built twice" } else { "never built" }
            );
        }
        for name in folded.iter().chain(&targets) {
            let is_dir = package.join("tests").join(name).join("mod.rs").exists();
            assert!(
                files.contains(name) || is_dir,
                "{}: `{name}` names no file of tests/",
                package.display()
            );
        }
    }
}
