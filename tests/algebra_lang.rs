//! The algebra's functions from the language: answers, and bad input as a
//! coded diagnostic (exit 1, a label on the argument, a help line).

use crate::common;

use std::process::Command;

fn run(source: &str) -> (i32, String, String) {
    let dir_tmp = tempfile::Builder::new()
        .prefix("grundy-algebra-lang-")
        .tempdir()
        .unwrap();
    let dir = dir_tmp.path();
    let file = dir.join(format!(
        "{:x}.game",
        source.len() * 7919 + source.bytes().map(usize::from).sum::<usize>()
    ));
    std::fs::write(&file, source).unwrap();
    let o = Command::new(common::grundy_bin())
        .arg("run")
        .arg(&file)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn answers() {
    let (code, out, err) = run("atomic_weight(up(-2) + value(*5))
reduced(num(-7, 4) + up(3))
left_stop(heat(value(*1), 2))
right_stop(heat(value(*1), 2))
nim_pow(3, 0)
nim_pow(16, 2)
nim_inv(1)
nim_mul(nim_inv(123456789), 123456789)
");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "-2\n-7/4\n2\n-2\n1\n24\n1\n1\n");
}

#[test]
fn bad_input_is_a_coded_diagnostic() {
    for (source, code, label, help) in [
        (
            "atomic_weight(num(1, 2))",
            "grundy::eval::value",
            "atomic weights are defined for all-small games",
            "help: an all-small game",
        ),
        (
            "nim_inv(0)",
            "grundy::eval::value",
            "0 has no nim inverse",
            "help: nim_inv(a) takes a >= 1",
        ),
        (
            "nim_pow(2, -1)",
            "grundy::eval::value",
            "`nim_pow` takes integers >= 0, not -1",
            "help: nim arithmetic",
        ),
        (
            "nim_inv([1])",
            "grundy::eval::type_error",
            "`nim_inv` takes integers, not a list",
            "help: usage: nim_inv(a)",
        ),
        (
            "reduced([1])",
            "grundy::eval::type_error",
            "`reduced` takes a position or a game value",
            "help: usage: reduced(G)",
        ),
        (
            "left_stop(1, 2)",
            "grundy::eval::arity",
            "left_stop",
            "help",
        ),
    ] {
        let (status, _, err) = run(source);
        assert_eq!(status, 1, "{source}: {err}");
        assert!(err.contains(code), "{source}: {err}");
        assert!(err.contains(label), "{source}: {err}");
        assert!(err.contains(help), "{source}: {err}");
        assert!(
            err.contains("───"),
            "{source}: a label under the span: {err}"
        );
        assert!(!err.contains("panicked"), "{source}: {err}");
    }
}
