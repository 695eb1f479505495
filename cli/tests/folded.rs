//! The CLI crate's integration tests folded into one test program
//! (`cargo test -p grundy-cli --test folded`), as the root package's
//! `tests/folded.rs` folds its own: one program to link instead of one per
//! file. A new file `cli/tests/NAME.rs` becomes `mod NAME;` below (with
//! `use crate::serve_common;` for `mod serve_common;`), or, when its tests
//! change the state of the whole process, a `[[test]]` entry of
//! cli/Cargo.toml as `repl` is (it changes the current folder).
//! `tests/folded.rs`'s `every_test_file_is_built` checks that each file is
//! in exactly one of the two places.

mod front_errors;
mod serve_api;
mod serve_browser;
mod serve_common;
mod thermograph_pictures;
