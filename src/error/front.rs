//! The front ends' failures: files, streams, pictures, the command line and the REPL's commands (they point into no source text).

use miette::Diagnostic;
use thiserror::Error;

use super::mib;
use crate::source::Span;

/// The front ends' failures: files, streams, pictures, the command line and the REPL's commands (they point into no source text).
#[derive(Debug, Clone, Error, Diagnostic)]
pub enum FrontEndError {
    /// `grundy::octal::too_many`: --to {asked} asks for more values than the memory budget holds ({} for at most {most} values).
    #[error("--to {asked} asks for more values than the memory budget holds ({} for at most {most} values)", mib(*memory))]
    #[diagnostic(
        code(grundy::octal::too_many),
        help(
            "ask for fewer values, or raise the budget with --max-memory (each value takes about {per_value} bytes)"
        )
    )]
    OctalTooMany {
        /// How many values were asked for.
        asked: usize,
        /// The most values the budget holds.
        most: usize,
        /// The memory budget in bytes.
        memory: usize,
        /// Bytes one value takes.
        per_value: usize,
    },

    /// `grundy::octal::checkpoint_refused`: cannot use the checkpoint {path}: {reason}.
    #[error("cannot use the checkpoint {path}: {reason}")]
    #[diagnostic(code(grundy::octal::checkpoint_refused), help("{help}"))]
    CheckpointRefused {
        /// The checkpoint file.
        path: String,
        /// Which code, version or option differs (or what cannot be held).
        reason: String,
        /// What to do.
        help: String,
    },

    /// `grundy::octal::checkpoint_damaged`: cannot use the checkpoint {path}: {reason}.
    #[error("cannot use the checkpoint {path}: {reason}")]
    #[diagnostic(code(grundy::octal::checkpoint_damaged), help("{help}"))]
    CheckpointDamaged {
        /// The checkpoint file.
        path: String,
        /// What is wrong with it.
        reason: String,
        /// What to do.
        help: String,
    },

    /// `grundy::quotient::checkpoint_refused`: cannot use the checkpoint {path}: {reason}.
    #[error("cannot use the checkpoint {path}: {reason}")]
    #[diagnostic(code(grundy::quotient::checkpoint_refused), help("{help}"))]
    QuotientCheckpointRefused {
        /// The checkpoint file.
        path: String,
        /// Which code, version or option differs.
        reason: String,
        /// What to do.
        help: String,
    },

    /// `grundy::quotient::checkpoint_damaged`: cannot use the checkpoint {path}: {reason}.
    #[error("cannot use the checkpoint {path}: {reason}")]
    #[diagnostic(code(grundy::quotient::checkpoint_damaged), help("{help}"))]
    QuotientCheckpointDamaged {
        /// The checkpoint file.
        path: String,
        /// What is wrong with it.
        reason: String,
        /// What to do.
        help: String,
    },

    /// `grundy::io::read`: cannot read {path}: {reason}.
    #[error("cannot read {path}: {reason}")]
    #[diagnostic(code(grundy::io::read), help("{help}"))]
    ReadFile {
        /// The file.
        path: String,
        /// Why, as the system said.
        reason: String,
        /// What to check, said for where the path came from.
        help: String,
    },

    /// `grundy::io::write`: cannot write {path}: {reason}.
    #[error("cannot write {path}: {reason}")]
    #[diagnostic(
        code(grundy::io::write),
        help("check that the folder exists and is writable")
    )]
    WriteFile {
        /// The file.
        path: String,
        /// Why, as the system said.
        reason: String,
    },

    /// `grundy::cli::same_file`: --svg and --plot would both write {path}.
    #[error("--svg and --plot would both write {path}")]
    #[diagnostic(
        code(grundy::cli::same_file),
        help(
            "each option writes FILE, then FILE-2, FILE-3, ...: give --svg and --plot names that cannot meet"
        )
    )]
    SamePictureFile {
        /// The file.
        path: String,
    },

    /// `grundy::io::write`: cannot write to {stream}: {reason}.
    #[error("cannot write to {stream}: {reason}")]
    #[diagnostic(
        code(grundy::io::write),
        help(
            "the answers could not be written: check the disk, file or program that {stream} goes to"
        )
    )]
    WriteStream {
        /// The stream.
        stream: String,
        /// Why, as the system said.
        reason: String,
    },

    /// `grundy::io::too_large`: {name} is larger than {limit} bytes.
    #[error("{name} is larger than {limit} bytes")]
    #[diagnostic(
        code(grundy::io::too_large),
        help(
            "a .game program is a text of at most 2 MiB (2,097,152 bytes); split it into files, compute long lists with a comprehension instead of writing them out, or check that the right file was given"
        )
    )]
    InputTooLarge {
        /// The name.
        name: String,
        /// The limit.
        limit: usize,
    },

    /// `grundy::io::utf8`: {name} is not UTF-8 text: invalid byte at offset {offset} (line {line}).
    #[error("{name} is not UTF-8 text: invalid byte at offset {offset} (line {line})")]
    #[diagnostic(
        code(grundy::io::utf8),
        help("a .game program is UTF-8 text; re-save the file as UTF-8 or remove the byte")
    )]
    NotUtf8 {
        /// The name.
        name: String,
        /// The byte offset.
        offset: usize,
        /// The line.
        line: usize,
    },

    /// `grundy::io::graphviz`: cannot draw {path}: Graphviz's `dot` program is not installed.
    #[error("cannot draw {path}: Graphviz's `dot` program is not installed")]
    #[diagnostic(
        code(grundy::io::graphviz),
        help(
            "install Graphviz (e.g. `apt-get install graphviz`), or pipe the DOT text printed above into any Graphviz viewer"
        )
    )]
    GraphvizMissing {
        /// The file.
        path: String,
    },

    /// `grundy::io::graphviz`: Graphviz's `dot` failed: {reason}.
    #[error("Graphviz's `dot` failed: {reason}")]
    #[diagnostic(
        code(grundy::io::graphviz),
        help("the DOT text printed above is what was given to Graphviz")
    )]
    GraphvizFailed {
        /// Why, as the system said.
        reason: String,
    },

    /// `grundy::picture::too_large`: a picture of {cells} cells is too large to draw (at most {limit}).
    #[error("a picture of {cells} cells is too large to draw (at most {limit})")]
    #[diagnostic(
        code(grundy::picture::too_large),
        help("draw a smaller range, or leave out --plot to have the answer alone")
    )]
    PictureTooLarge {
        /// How many cells.
        cells: usize,
        /// The limit.
        limit: usize,
    },

    /// `grundy::usage`: {message}.
    #[error("{message}")]
    #[diagnostic(code(grundy::usage), help("{help}"))]
    Usage {
        /// What went wrong.
        message: String,
        /// How to fix it.
        help: String,
    },

    /// `grundy::repl::unknown_command`: unknown command `:{word}`.
    #[error("unknown command `:{word}`")]
    #[diagnostic(code(grundy::repl::unknown_command), help("{help}"))]
    UnknownCommand {
        /// The word typed.
        word: String,
        /// How to fix it.
        help: String,
    },

    /// `grundy::repl::arguments`: `:{command}` takes no arguments.
    #[error("`:{command}` takes no arguments")]
    #[diagnostic(code(grundy::repl::arguments), help("type `:{command}` alone"))]
    CommandArguments {
        /// The command.
        command: String,
    },

    /// `grundy::repl::arguments`: `:{command}` needs a file name.
    #[error("`:{command}` needs a file name")]
    #[diagnostic(
        code(grundy::repl::arguments),
        help("e.g. `:{command} {example}` (a name ending in .png asks for PNG)")
    )]
    PictureWithoutFile {
        /// The command.
        command: String,
        /// An example.
        example: String,
    },

    /// `grundy::repl::no_picture`: {message}.
    #[error("{message}")]
    #[diagnostic(code(grundy::repl::no_picture), help("{help}"))]
    NoPicture {
        /// What went wrong.
        message: String,
        /// How to fix it.
        help: String,
    },

    /// `grundy::repl::arguments`: `:load` needs a file name.
    #[error("`:load` needs a file name")]
    #[diagnostic(
        code(grundy::repl::arguments),
        help("e.g. `:load examples/kayles.game` (Tab completes paths)")
    )]
    LoadWithoutFile,

    /// `grundy::repl::help_topic`: {message}.
    #[error("{message}")]
    #[diagnostic(
        code(grundy::repl::help_topic),
        help("type :help for the list of topics")
    )]
    HelpTopic {
        /// What went wrong.
        message: String,
    },
}

impl FrontEndError {
    /// Where in a text it points; None when it points into no text.
    pub fn span(&self) -> Option<Span> {
        match self {
            FrontEndError::OctalTooMany { .. }
            | FrontEndError::CheckpointRefused { .. }
            | FrontEndError::CheckpointDamaged { .. }
            | FrontEndError::QuotientCheckpointRefused { .. }
            | FrontEndError::QuotientCheckpointDamaged { .. }
            | FrontEndError::ReadFile { .. }
            | FrontEndError::WriteFile { .. }
            | FrontEndError::SamePictureFile { .. }
            | FrontEndError::WriteStream { .. }
            | FrontEndError::InputTooLarge { .. }
            | FrontEndError::NotUtf8 { .. }
            | FrontEndError::GraphvizMissing { .. }
            | FrontEndError::GraphvizFailed { .. }
            | FrontEndError::PictureTooLarge { .. }
            | FrontEndError::Usage { .. }
            | FrontEndError::UnknownCommand { .. }
            | FrontEndError::CommandArguments { .. }
            | FrontEndError::PictureWithoutFile { .. }
            | FrontEndError::NoPicture { .. }
            | FrontEndError::LoadWithoutFile
            | FrontEndError::HelpTopic { .. } => None,
        }
    }
}
