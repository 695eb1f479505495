//! The `grundy` binary the tests run (`grundy_bin()`). It is the crate `grundy-cli`'s
//! (`cli/`), a package of the workspace beside this one, so Cargo does not
//! hand these tests its path (`CARGO_BIN_EXE_*` names a package's own
//! binaries only). The first call builds it, with the profile and target
//! folder of the running test, so a test never runs a stale binary (a
//! nested `cargo build` is a no-op after `cargo test` built the workspace).

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// The path of the `grundy` binary, built and up to date.
///
/// `GRUNDY_TEST_BIN`, when set, names a binary built with the tests instead
/// (CI sets it to the one `cargo test --release` has just built for
/// cli/tests). Without it the nested `cargo build -p grundy-cli` resolves
/// the features of shared dependencies without the workspace's
/// dev-dependencies (`syn`'s, `hyper`'s, `rustix`'s differ), so after a
/// `cargo test` of the whole workspace it compiles the library and the
/// command line a second time: about a minute of CI's 20.
pub fn grundy() -> &'static str {
    static BIN: OnceLock<String> = OnceLock::new();
    BIN.get_or_init(|| match std::env::var("GRUNDY_TEST_BIN") {
        Ok(path) if !path.is_empty() => {
            assert!(
                std::path::Path::new(&path).exists(),
                "GRUNDY_TEST_BIN names no file: {path}"
            );
            path
        }
        _ => build(),
    })
}

fn build() -> String {
    // A test program is `<target>/<profile dir>/deps/<name>-<hash>`.
    let exe = std::env::current_exe().expect("the test program's path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("a test program lives in <target>/<profile>/deps");
    let target = profile_dir.parent().expect("the target folder");
    let dir_name = profile_dir
        .file_name()
        .and_then(|n| n.to_str())
        .expect("a profile folder name");
    // Cargo's folder for the `dev` and `test` profiles is `debug`.
    let profile = if dir_name == "debug" { "dev" } else { dir_name };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args([
            "build",
            "--quiet",
            "--package",
            "grundy-cli",
            "--bin",
            "grundy",
        ])
        .arg("--profile")
        .arg(profile)
        .arg("--target-dir")
        .arg(target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "`cargo build -p grundy-cli` failed");
    let bin: PathBuf = profile_dir.join(format!("grundy{}", std::env::consts::EXE_SUFFIX));
    assert!(bin.exists(), "no binary at {}", bin.display());
    bin.to_string_lossy().into_owned()
}
