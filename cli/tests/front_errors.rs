//! The front ends' own failures (files, Graphviz, REPL `:commands`): each
//! is an `Error` variant with its code, message and help, rendered exactly
//! as the earlier ad-hoc reports were, and with no source text shown.

use std::path::Path;
use std::process::Command;

use grundy::Error;
use grundy::FrontEndError;
use grundy_cli::repl::Repl;

const BIN: &str = env!("CARGO_BIN_EXE_grundy");

/// Lines with their trailing spaces cut, the whole trimmed at its end.
fn tidy(s: &str) -> String {
    let lines: Vec<&str> = s.lines().map(str::trim_end).collect();
    lines.join("\n").trim_end().to_string()
}

/// What the REPL writes to its two streams for one input.
fn repl_input(repl: &mut Repl, input: &str) -> (String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    repl.handle(input, &mut out, &mut err);
    (
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

#[test]
fn repl_command_failures_render_as_before() {
    let mut repl = Repl::new(10_000);
    // A source in the session: a command's diagnostic must not show it.
    repl_input(&mut repl, "game Take(n) { move Take(n - 1) if n > 0 }");
    let missing = std::env::temp_dir().join("grundy-front-errors-no-such-file.game");
    let cases = [
        (
            ":lod x".to_string(),
            "grundy::repl::unknown_command\n\n  × unknown command `:lod`\n  help: did you mean `:load`?",
        ),
        (
            ":zzzzzz".to_string(),
            "grundy::repl::unknown_command\n\n  × unknown command `:zzzzzz`\n  help: type :help for the list of commands",
        ),
        (
            ":time 1".to_string(),
            "grundy::repl::arguments\n\n  × `:time` takes no arguments\n  help: type `:time` alone",
        ),
        (
            ":load".to_string(),
            "grundy::repl::arguments\n\n  × `:load` needs a file name\n  help: e.g. `:load examples/kayles.game` (Tab completes paths)",
        ),
        (
            ":help octl".to_string(),
            "grundy::repl::help_topic\n\n  × no help topic `octl`; did you mean `octal`?\n  help: type :help for the list of topics",
        ),
        (
            ":help zzzzz".to_string(),
            "grundy::repl::help_topic\n\n  × no help topic `zzzzz`; the topics are queries, syntax, octal, graphs, draws, kernels,\n  │ remoteness, misere, partizan\n  help: type :help for the list of topics",
        ),
    ];
    for (input, expected) in cases {
        let (out, err) = repl_input(&mut repl, &input);
        assert_eq!(out, "", "{input}");
        assert_eq!(tidy(&err), expected, "{input}");
    }
    let (_, err) = repl_input(&mut repl, &format!(":load {}", missing.display()));
    assert_eq!(
        tidy(&err),
        format!(
            "grundy::io::read\n\n  × cannot read {}: No such file or directory (os error 2)\n  help: check the path (Tab after :load completes file names)",
            missing.display()
        )
    );
}

#[test]
fn repl_json_mode_prints_no_json_for_a_command_failure() {
    let mut repl = Repl::new(10_000);
    repl_input(&mut repl, ":json");
    let (out, err) = repl_input(&mut repl, ":games now");
    assert_eq!(out, "");
    assert!(err.contains("grundy::repl::arguments"), "{err}");
}

/// Run the binary in `dir` (paths short, so no line wraps), without
/// colours, and with `PATH` replaced when asked.
fn grundy(dir: &Path, args: &[&str], path_var: Option<&str>) -> (bool, String) {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(dir).args(args).env("NO_COLOR", "1");
    if let Some(p) = path_var {
        cmd.env("PATH", p);
    }
    let o = cmd.output().expect("run grundy");
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn cli_file_failures_render_as_before() {
    let dir_tmp = tempfile_dir("files");
    let dir = dir_tmp.path();
    let (ok, err) = grundy(dir, &["run", "missing/x.game"], None);
    assert!(!ok);
    assert_eq!(
        tidy(&err),
        "grundy::io::read\n\n  × cannot read missing/x.game: No such file or directory (os error 2)\n  help: check the path; .game files are plain UTF-8 text"
    );
    let (ok, err) = grundy(
        dir,
        &["octal", "0.77", "--to", "5", "--plot", "missing/x.svg"],
        None,
    );
    assert!(!ok);
    assert_eq!(
        tidy(&err),
        "grundy::io::write\n\n  × cannot write missing/x.svg: No such file or directory (os error 2)\n  help: check that the folder exists and is writable"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn cli_without_graphviz_says_how_to_get_it() {
    let dir_tmp = tempfile_dir("graphviz");
    let dir = dir_tmp.path();
    std::fs::write(dir.join("g.game"), "graph G { a -> b }\ndot G\n").expect("write the game");
    // No `dot` on an empty PATH.
    let (ok, err) = grundy(dir, &["run", "g.game", "--svg", "g.svg"], Some(""));
    assert!(!ok);
    assert_eq!(
        tidy(&err),
        "grundy::io::graphviz\n\n  × cannot draw g.svg: Graphviz's `dot` program is not installed\n  help: install Graphviz (e.g. `apt-get install graphviz`), or pipe the DOT\n        text printed above into any Graphviz viewer"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A fresh folder of this test's own under the system's temporary one.
fn tempfile_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("grundy-front-errors-{name}-"))
        .tempdir()
        .expect("create a temporary folder")
}

#[test]
fn front_end_errors_have_codes_and_no_source() {
    let cases: Vec<(Error, &str)> = vec![
        (
            FrontEndError::ReadFile {
                path: "a.game".into(),
                reason: "gone".into(),
                help: "look".into(),
            }
            .into(),
            "grundy::io::read",
        ),
        (
            FrontEndError::WriteFile {
                path: "a.svg".into(),
                reason: "read-only".into(),
            }
            .into(),
            "grundy::io::write",
        ),
        (
            FrontEndError::GraphvizMissing {
                path: "a.svg".into(),
            }
            .into(),
            "grundy::io::graphviz",
        ),
        (
            FrontEndError::GraphvizFailed {
                reason: "syntax error in line 1".into(),
            }
            .into(),
            "grundy::io::graphviz",
        ),
        (
            FrontEndError::UnknownCommand {
                word: "lod".into(),
                help: "did you mean `:load`?".into(),
            }
            .into(),
            "grundy::repl::unknown_command",
        ),
        (
            FrontEndError::CommandArguments {
                command: "time".into(),
            }
            .into(),
            "grundy::repl::arguments",
        ),
        (
            FrontEndError::LoadWithoutFile.into(),
            "grundy::repl::arguments",
        ),
        (
            FrontEndError::HelpTopic {
                message: "no help topic `x`".into(),
            }
            .into(),
            "grundy::repl::help_topic",
        ),
    ];
    let mut sources = grundy::Sources::default();
    sources.add("shown.game", "grundy Nim(3)\n");
    for (e, code) in cases {
        assert!(!e.in_source(), "{e:?}");
        let json = grundy::render::json_error(&e);
        assert_eq!(json["error"]["code"], code, "{e:?}");
        assert_eq!(json["error"]["message"], e.to_string());
        let text = e.render_plain(&sources);
        assert!(text.starts_with(code), "{text}");
        assert!(text.contains("help: "), "{text}");
        assert!(!text.contains("shown.game"), "{text}");
    }
}
