//! Every example in examples/ runs, exits 0, and prints what its snapshot holds.

mod common;

use std::process::Command;

#[test]
fn examples_run_and_match_their_snapshots() {
    insta::glob!("../examples", "*.game", |path| {
        let out = Command::new(common::grundy_bin())
            .arg("run")
            .arg(path)
            .output()
            .expect("run grundy");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{} failed:\n{stderr}", path.display());
        assert!(
            stderr.is_empty(),
            "{} wrote to stderr:\n{stderr}",
            path.display()
        );
        insta::assert_snapshot!(String::from_utf8_lossy(&out.stdout));
    });
}

#[test]
fn examples_json_is_one_object_per_query() {
    insta::glob!("../examples", "*.game", |path| {
        let text = std::fs::read_to_string(path).expect("read example");
        let queries = text
            .lines()
            .filter(|l| {
                let w = l.split_whitespace().next().unwrap_or("");
                matches!(
                    w,
                    "grundy"
                        | "outcome"
                        | "moves"
                        | "winning"
                        | "sequence"
                        | "table"
                        | "period"
                        | "remoteness"
                        | "kernels"
                        | "kernel_sequences"
                        | "kernel"
                        | "dot"
                        | "assert"
                        | "value"
                        | "mean"
                        | "temperature"
                        | "thermograph"
                        | "compare"
                        | "genus"
                        | "misere_form"
                        | "quotient"
                )
            })
            .count();
        let out = Command::new(common::grundy_bin())
            .args(["run", "--json"])
            .arg(path)
            .output()
            .expect("run grundy");
        assert!(out.status.success());
        let stdout = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), queries, "{}", path.display());
        for l in lines {
            let v: serde_json::Value = serde_json::from_str(l).expect("valid JSON");
            assert!(v.get("query").is_some(), "{l}");
            assert_eq!(v["grundy_json"], grundy::render::JSON_VERSION, "{l}");
        }
    });
}
