//! The `grundy` command: a thin shell over `grundy::cli`.

fn main() {
    std::process::exit(grundy::cli::main());
}
