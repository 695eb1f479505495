//! The modules of `src/` form layers: no import cycle between top-level
//! modules (a folder such as `eval/` counts as one, and cycles among its
//! own files are its business). Read from the `crate::` paths each file
//! names outside comments.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The folders of Rust sources: the `grundy` crate, the theory crate and the CLI crate.
const SOURCE_DIRS: [&str; 3] = ["src", "theory/src", "cli/src"];

/// The top-level module a file of `src/` belongs to.
fn unit(rel: &Path) -> String {
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Code without `//` comments (doc comments included).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every top-level module named as `crate::name` in a text.
fn named(text: &str, units: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if units.contains(&name) {
            out.insert(name);
        }
        // `use crate::{a, b}`: each name in the braces.
        if rest.starts_with('{') {
            let end = rest.find('}').unwrap_or(rest.len());
            for part in rest[1..end].split(',') {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if units.contains(&name) {
                    out.insert(name);
                }
            }
        }
    }
    out
}

/// The module graph: unit -> units it names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let units: BTreeSet<String> = all
        .iter()
        .map(|p| unit(p.strip_prefix(&src).unwrap()))
        .filter(|u| u != "lib" && u != "main")
        .collect();
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for p in &all {
        let u = unit(p.strip_prefix(&src).unwrap());
        if u == "lib" || u == "main" {
            continue;
        }
        let text = code(&fs::read_to_string(p).unwrap());
        let entry = g.entry(u.clone()).or_default();
        for n in named(&text, &units) {
            if n != u {
                entry.insert(n);
            }
        }
    }
    g
}

/// A cycle through the graph, if any (as the list of units on it).
fn find_cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // 0 unvisited, 1 on the path, 2 done; iterative DFS.
    let mut state: BTreeMap<&str, u8> = g.keys().map(|k| (k.as_str(), 0)).collect();
    for start in g.keys() {
        if state[start.as_str()] != 0 {
            continue;
        }
        let mut stack: Vec<(&str, Vec<&str>)> = vec![(
            start,
            g[start].iter().map(std::string::String::as_str).collect(),
        )];
        state.insert(start, 1);
        while let Some((node, next)) = stack.last_mut() {
            let node = *node;
            match next.pop() {
                Some(m) => match state.get(m).copied().unwrap_or(2) {
                    0 => {
                        state.insert(m, 1);
                        let succ = g
                            .get(m)
                            .map(|s| s.iter().map(std::string::String::as_str).collect());
                        stack.push((m, succ.unwrap_or_default()));
                    }
                    1 => {
                        let from = stack.iter().position(|(n, _)| *n == m).unwrap();
                        let mut cycle: Vec<String> =
                            stack[from..].iter().map(|(n, _)| n.to_string()).collect();
                        cycle.push(m.to_string());
                        return Some(cycle);
                    }
                    _ => {}
                },
                None => {
                    state.insert(node, 2);
                    stack.pop();
                }
            }
        }
    }
    None
}

#[test]
fn top_level_modules_form_layers() {
    let g = graph();
    assert!(g.contains_key("eval") && g.contains_key("solve"), "{g:?}");
    if let Some(cycle) = find_cycle(&g) {
        panic!("import cycle between modules: {}", cycle.join(" -> "));
    }
}

/// The `grundy` crate's modules, bottom up. Each may name only modules
/// before it: the shared leaves, the syntax, the domain model, then the
/// solver (which sees games only through `model::GameKind` and knows no
/// syntax, library, evaluator or kind of game), the library of callables,
/// the evaluator, the kinds of games (the rule engine runs the
/// evaluator), the queries, the session, and the renderings. (The theory
/// floor and the command line are crates of their own: the compiler keeps
/// them apart.)
const LAYERS: &[&str] = &[
    "source",
    "vocab",
    "shown",
    "progress",
    "plot",
    "plot_thermo",
    "error",
    "syntax",
    "model",
    "solve",
    "library",
    "eval",
    "games",
    "query",
    "session",
    "present",
    "pictures",
];

#[test]
fn modules_name_only_the_layers_below_them() {
    let g = graph();
    let units: BTreeSet<&str> = g.keys().map(std::string::String::as_str).collect();
    let listed: BTreeSet<&str> = LAYERS.iter().copied().collect();
    assert_eq!(
        units, listed,
        "every module of src/ has its place in LAYERS"
    );
    for (i, low) in LAYERS.iter().enumerate() {
        let above: Vec<&&str> = LAYERS[i + 1..]
            .iter()
            .filter(|high| g[*low].contains(**high))
            .collect();
        assert!(above.is_empty(), "`{low}` names {above:?}, above it");
    }
}

#[test]
fn the_checker_finds_a_cycle() {
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert!(find_cycle(&g).is_some());
    g.insert("b".to_string(), BTreeSet::new());
    assert!(find_cycle(&g).is_none());
}

/// No source file is over 900 lines outside its tests (a file of tests,
/// `tests.rs` or `*_tests.rs`, and a file's inline `#[cfg(test)] mod` at its
/// end do not count): a file that grows past it is split by concern.
#[test]
fn no_source_file_is_over_900_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for dir in SOURCE_DIRS {
        files(&root.join(dir), &mut all);
    }
    let mut long = Vec::new();
    for p in &all {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if name == "tests.rs" || name.ends_with("_tests.rs") {
            continue;
        }
        let text = fs::read_to_string(p).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let end = lines
            .windows(2)
            .position(|w| {
                w[0].trim() == "#[cfg(test)]" && w[1].starts_with("mod ") && w[1].contains('{')
            })
            .unwrap_or(lines.len());
        if end > 900 {
            long.push(format!("{} ({end} lines)", p.display()));
        }
    }
    assert!(long.is_empty(), "files over 900 lines: {long:?}");
}

/// docs/ARCHITECTURE.md, a code map, names every crate and every module
/// of each: a folder as `name/` (or its path), a file as `name.rs`, in
/// backticks. (What is inside a folder is its `mod.rs`'s to say.)
#[test]
fn the_architecture_names_every_crate_and_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap();
    let mut missing = Vec::new();
    for crate_dir in ["theory/", "cli/", "python/"] {
        if !doc.contains(&format!("`{crate_dir}`")) {
            missing.push(crate_dir.to_string());
        }
    }
    for dir in SOURCE_DIRS {
        for e in fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let named = if p.is_dir() {
                doc.contains(&format!("`{name}/`")) || doc.contains(&format!("`{dir}/{name}/`"))
            } else {
                doc.contains(&format!("`{name}`"))
                    || doc.contains(&format!("`{dir}/{name}`"))
                    || name == "lib.rs"
                    || name == "main.rs" && doc.contains("`cli/src/main.rs`")
            };
            if !named {
                missing.push(format!("{dir}/{name}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md does not name: {missing:?}"
    );
}
