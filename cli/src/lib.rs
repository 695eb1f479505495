//! The `grundy` command line, over the `grundy` library's public API:
//! `grundy run` and `grundy check` (`command`), `grundy octal`
//! (`command::octal`), the REPL (`repl`), the language server (`lsp`), and
//! the process's streams and Ctrl-C handler (`console`).

// Not an API: the library target is the binary's code, public for the
// crate's own tests (cli/tests), not for other programs.
#![allow(missing_docs)]

pub mod command;
pub mod console;
pub mod lsp;
pub mod repl;
pub mod serve;

pub use command::main;

/// The program's name: the command, the language server's and the
/// diagnostics' source, the history file's.
pub const PROGRAM: &str = "grundy";
