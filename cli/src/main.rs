//! The `grundy` command: a thin shell over `grundy_cli::main`.

fn main() {
    std::process::exit(grundy_cli::main());
}
