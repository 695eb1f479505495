//! The move-rule fast paths (`src/eval/moves.rs`) against the ordinary
//! evaluation of the same rules, through whole programs.

use grundy::{Mode, Session};

/// Every answer of a program, as text, errors included.
fn run(text: &str) -> Vec<String> {
    let mut s = Session::new(100_000);
    let mut out = Vec::new();
    s.run_text("t.game", text, Mode::Run, &mut |s, r| match r {
        Ok(a) => out.push(format!("{a:?}")),
        Err(e) => out.push(e.render_plain(s.sources())),
    });
    out
}

/// An answer or an error, without the lines that show the source (a
/// wrapped program's columns differ).
fn strip(s: &str) -> String {
    s.lines()
        .filter(|l| !l.contains(['│', '╭', '╰', '·']))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The answers of a program using a fast path and of the same program
/// with it hidden, each stripped of its source lines.
fn both(fast: &str, slow: &str) -> (Vec<String>, Vec<String>) {
    let answers = |text: &str| run(text).iter().map(|s| strip(s)).collect();
    (answers(fast), answers(slow))
}

/// `A` has move lines of the affine shape (one range, arguments linear in
/// the loop variable); `B` is the same game written so that no line has it
/// (the identity function hides the shape). Their options, in order, and
/// values must agree everywhere.
#[test]
fn affine_move_lines_list_the_same_options() {
    let rules = |g: &str, wrap: &str| {
        format!(
            "game {g}(a, b) {{\n\
             move {g}({wrap}(a - k), b) for k in 1..=a\n\
             move {g}({wrap}(a - 2 * k + 1), b - k) for k in 1..=b if a - 2 * k + 1 >= 0\n\
             move {g}({wrap}(a), b - 3 * k) for k in 1..b // 3 + 1\n\
             move {g}({wrap}(b - k), k * 1 - 1 + a - a) for k in 1..min(a, b) if (a + k) % 3 != 0\n\
             move {g}({wrap}(a - k), (b - k) * 2 - b) for k in 0..a if 2 * k < a and b - k >= 0 and (b - k) * 2 - b >= 0 and (b - k) * 2 - b < b\n\
             }}\n"
        )
    };
    let mut text = String::from("fn id(x) = x\n");
    text.push_str(&rules("A", ""));
    text.push_str(&rules("B", "id"));
    for a in 0..9 {
        for b in 0..9 {
            text.push_str(&format!("moves A({a}, {b})\nmoves B({a}, {b})\n"));
        }
    }
    let out = run(&text);
    assert_eq!(out.len(), 2 * 81);
    for pair in out.chunks(2) {
        assert!(!pair[0].contains("rror"), "{}", pair[0]);
        assert_eq!(pair[0], pair[1].replace("B(", "A("));
    }
}

/// An argument, or a part of one, that leaves the 64-bit integers somewhere
/// in the range is reported as the ordinary evaluation reports it.
#[test]
fn affine_move_lines_report_overflow() {
    for target in [
        "O(n * 4611686018427387904 - k)",
        "O(n + 9223372036854775807 - 9223372036854775807 - k)",
        "O(k * 4611686018427387904 - k)",
        "O(n - k * 4611686018427387904 * 4)",
    ] {
        let text = format!("game O(n) {{ move {target} for k in 0..n }}\ngrundy O(3)\n");
        let out = run(&text);
        assert_eq!(out.len(), 1);
        assert!(out[0].contains("overflow"), "{target}: {}", out[0]);
    }
    // Within range at every k: no error.
    let out = run(
        "game O(n) { move O(n - 9223372036854775807 + 9223372036854775806 + k) for k in 0..n }\n\
                   grundy O(0)\ngrundy O(1)\n",
    );
    assert!(out.iter().all(|a| a.starts_with("Grundy")), "{out:?}");
}

/// A component whose options start single and then include a sum and the
/// empty position (the per-option ends are written for the earlier ones
/// then) has the values of the same game with its sum written first.
#[test]
fn mixed_option_sizes() {
    let single = "move {g}(n - k) for k in 1..=n if k % 3 != 1\n";
    let sum = "move {g}(n - 2) + {g}(1) for k in 0..1 if n >= 2\n";
    let rest = "move 0 for k in 0..n if n % 3 == 1\nmove {g}(n - 1) for k in 0..1 if n >= 1\n";
    let m = format!("game M(n) {{\n{single}{sum}{rest}}}\n").replace("{g}", "M");
    let n = format!("game N(n) {{\n{sum}{single}{rest}}}\n").replace("{g}", "N");
    let mut text = m + &n;
    for k in 0..12 {
        text.push_str(&format!("grundy M({k})\ngrundy N({k})\n"));
    }
    let out = run(&text);
    assert_eq!(out.len(), 24, "{out:?}");
    let values: Vec<String> = out.iter().map(|a| a.replace("N(", "M(")).collect();
    for pair in values.chunks(2) {
        assert!(pair[0].starts_with("Grundy"), "{}", pair[0]);
        assert_eq!(pair[0], pair[1]);
    }
    assert!(
        values
            .iter()
            .any(|v| !v.contains("Finite(0)") && !v.contains("Finite(1)")),
        "{values:?}"
    );
}

/// Components are packed by the size of their arguments (8 bytes, 16
/// bytes, or kept whole): positions on either side of every boundary, met
/// along different paths, are each one component with the right value.
#[test]
fn packing_boundaries() {
    fn brute(a: i64, b: i64, memo: &mut std::collections::HashMap<(i64, i64), u64>) -> u64 {
        if let Some(&v) = memo.get(&(a, b)) {
            return v;
        }
        let mut opts = Vec::new();
        if a > 0 {
            opts.push((a.div_euclid(2), b));
        }
        if b > 0 {
            opts.push((a, b.div_euclid(3)));
        }
        if a > b && b > 0 {
            opts.push((a.div_euclid(5), b.div_euclid(5)));
        }
        let vals: Vec<u64> = opts.into_iter().map(|(x, y)| brute(x, y, memo)).collect();
        let v = (0..).find(|v| !vals.contains(v)).unwrap_or(0);
        memo.insert((a, b), v);
        v
    }
    let starts: [(i64, i64); 8] = [
        (1 << 40, 1 << 24),
        ((1 << 31) + 7, (1 << 24) - 1),
        ((1 << 24) + 3, 1 << 33),
        (3 << 33, -(1 << 24) - 1),
        (-(1 << 24) - 1, 100),
        (-(1 << 31) - 5, (1 << 31) - 1),
        (i64::MAX, 1 << 50),
        (1 << 24, -(1 << 24)),
    ];
    let mut text = String::from(
        "game K(a, b) { move K(a // 2, b) if a > 0\n move K(a, b // 3) if b > 0\n move K(a // 5, b // 5) if a > b and b > 0 }\n",
    );
    for (a, b) in starts {
        text.push_str(&format!("grundy K({a}, {b})\n"));
    }
    let out = run(&text);
    let mut memo = std::collections::HashMap::new();
    for ((a, b), got) in starts.into_iter().zip(&out) {
        let want = brute(a, b, &mut memo);
        assert_eq!(
            *got,
            format!("Grundy {{ position: \"K({a}, {b})\", value: Finite({want}) }}")
        );
    }
}

/// Values of 2^32 - 2 and more are kept aside from the 4-byte table.
#[test]
fn large_values() {
    let out = run(
        "grundy Nim(4294967293)\ngrundy Nim(4294967294)\ngrundy Nim(4294967295)\n\
                   grundy Nim(10000000000) + Nim(1)\n\
                   game H(n) { move Nim(4294967294 + k) for k in 0..3\n move Nim(k) for k in 0..n }\n\
                   grundy H(2)\ngrundy H(2) + Nim(4294967295)\n",
    );
    let values: Vec<&str> = out
        .iter()
        .map(|a| {
            a.split("Finite(")
                .nth(1)
                .unwrap_or(a)
                .trim_end_matches(") }")
        })
        .collect();
    assert_eq!(
        values,
        [
            "4294967293",
            "4294967294",
            "4294967295",
            "10000000001",
            "2",
            "4294967293"
        ]
    );
}

/// Components whose argument is a list or tuple of small integers are
/// packed inline: lists and tuples stay apart, and lists just inside and
/// outside the packing (elements up to 255, at most 18 of them) agree with
/// the nim-sum they stand for.
#[test]
fn packed_lists() {
    let out = run("game D(x) { move D([0]) for k in 0..1 if x == (1, 2) }\n\
                   grundy D((1, 2))\ngrundy D([1, 2])\ngrundy D((1, 2))\n");
    assert_eq!(
        out.iter()
            .map(|a| a
                .split("Finite(")
                .nth(1)
                .unwrap_or(a)
                .trim_end_matches(") }"))
            .collect::<Vec<_>>(),
        ["1", "0", "1"],
        "{out:?}"
    );
    // Nim on a list of heaps stored with an offset: element e + off is heap e.
    let game = |name: &str, off: i64| {
        format!(
            "game {name}(xs) {{ move {name}([if j == i then xs[j] - k else xs[j] for j in 0..len(xs)]) \
             for i in 0..len(xs), k in 1..=xs[i] - {off} }}\n"
        )
    };
    let mut text = game("A", 0) + &game("B", 250) + &game("C", -3);
    let cases: [&[i64]; 4] = [
        &[3, 5, 6],
        &[1, 2, 4, 7],
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 1],
        &[1, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1],
    ];
    for heaps in cases {
        for (name, off) in [("A", 0), ("B", 250), ("C", -3)] {
            let xs: Vec<String> = heaps.iter().map(|h| (h + off).to_string()).collect();
            text.push_str(&format!("grundy {name}([{}])\n", xs.join(", ")));
        }
    }
    let out = run(&text);
    assert_eq!(out.len(), 12, "{out:?}");
    for (heaps, answers) in cases.iter().zip(out.chunks(3)) {
        let want = heaps.iter().fold(0, |a, h| a ^ h);
        for a in answers {
            assert!(
                a.contains(&format!("value: Finite({want}) }}")),
                "{heaps:?}: {a}"
            );
        }
    }
}

/// Move lines whose target builds a short list, by a comprehension or by a
/// small function inlined (`expand::ListPlans`), list the same options and
/// values as the same rules written so that no such plan applies (the
/// identity function around the list), and report the same errors. The
/// lists cross the packing's limits: elements above 255 or negative, more
/// than 18 of them, non-integers, sets.
#[test]
fn list_plans_agree_with_the_ordinary_path() {
    let bite =
        "[ if r >= i then min(rows[r], j) else rows[r] for r in 0..len(rows) if r < i or j > 0 ]";
    let games = |name: &str, wrap: &str| {
        let (open, close) = if wrap.is_empty() {
            ("", "")
        } else {
            ("id(", ")")
        };
        format!(
            "game {name}C(rows) {{ move {name}C({open}bite(rows, i, j){close}) for i in 0..len(rows), j in 0..rows[i] if (i, j) != (0, 0) }}\n\
             game {name}D(rows) {{ move {name}D({open}{bite}{close}) for i in 0..len(rows), j in 0..rows[i] if (i, j) != (0, 0) }}\n\
             game {name}S(xs) {{ move {name}S({open}shift(xs, i, k){close}) for i in 0..len(xs), k in 1..=xs[i] // 100 + 1 if xs[i] >= k }}\n\
             game {name}E(xs) {{ move {name}E({open}[xs[r + 1] for r in 0..len(xs) if r < i]{close}) for i in 0..len(xs) }}\n\
             game {name}F(xs) {{ move {name}F({open}[xs[r + 1] for r in 0..len(xs) if r <= i]{close}) for i in 0..len(xs) }}\n\
             game {name}O(xs) {{ move {name}O({open}grow(xs, i){close}) for i in 0..len(xs) if xs[i] > 0 and xs[i] < 3 }}\n\
             game {name}T(xs) {{ move {name}T({open}set(xs, i){close}) for i in 0..len(xs) if xs[i] > 0 }}\n"
        )
    };
    let mut text = format!(
        "fn id(x) = x\nfn bite(rows, i, j) = {bite}\n\
         fn shift(xs, i, k) = [ if r == i then xs[r] - k * 100 else xs[r] for r in 0..len(xs) ]\n\
         fn grow(xs, i) = [ if r == i then xs[r] * 4611686018427387904 else xs[r] for r in 0..len(xs) ]\n\
         fn set(xs, i) = {{ if r == i then xs[r] - 1 else xs[r] for r in 0..len(xs) }}\n"
    );
    text.push_str(&games("A", ""));
    text.push_str(&games("B", "id"));
    let queries = [
        "grundy {g}C([3, 3, 2, 1])",
        "moves {g}C([4, 2, 2])",
        "grundy {g}D([3, 2, 2, 1])",
        "moves {g}D([2, 2])",
        "grundy {g}C([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])",
        "grundy {g}C([2, true])",
        "grundy {g}S([310, 5, 256])",
        "grundy {g}S([-120, 150])",
        "moves {g}S([420])",
        "grundy {g}E([1, 2])",
        "grundy {g}E([])",
        "grundy {g}T([2, 1])",
        "grundy {g}F([1, 2])",
        "grundy {g}O([0, 2])",
        "grundy {g}O([0, 1])",
    ];
    for q in queries {
        for g in ["A", "B"] {
            text.push_str(&q.replace("{g}", g));
            text.push('\n');
        }
    }
    let out = run(&text);
    assert_eq!(out.len(), 2 * queries.len(), "{out:?}");
    let mut errors = 0;
    for pair in out.chunks(2) {
        errors += usize::from(pair[0].contains('×'));
        let b = pair[1].replace("BC(", "AC(").replace("BD(", "AD(");
        let b = b
            .replace("BS(", "AS(")
            .replace("BE(", "AE(")
            .replace("BT(", "AT(");
        let b = b.replace("BF(", "AF(").replace("BO(", "AO(");
        // Errors point at the line they come from: compare the messages.
        assert_eq!(strip(&pair[0]), strip(&b), "{} / {}", pair[0], pair[1]);
    }
    assert_eq!(errors, 4, "{out:?}");
    for want in ["overflow", "out of range", "cannot index a set"] {
        assert!(out.iter().any(|a| a.contains(want)), "{want}: {out:?}");
    }
}

/// A function inlined into a move line and then redefined: the new body is
/// used, as a fresh session would.
#[test]
fn list_plans_follow_redefinitions() {
    let game = "game G(xs) { move G(cut(xs, i)) for i in 0..len(xs) if xs[i] > 0 }\n";
    let first = "fn cut(xs, i) = [ if r == i then xs[r] - 1 else xs[r] for r in 0..len(xs) ]\n";
    let second = "fn cut(xs, i) = [ if r == i then xs[r] // 2 else xs[r] for r in 0..len(xs) ]\n";
    let query = "grundy G([5, 3, 7])\n";
    let mut s = Session::new(100_000);
    s.set_redefine(grundy::Redefine::Replace);
    let mut out = Vec::new();
    for text in [format!("{game}{first}{query}"), format!("{second}{query}")] {
        s.run_text("t.game", &text, Mode::Run, &mut |_, r| {
            out.push(format!("{r:?}"));
        });
    }
    let fresh = run(&format!("{game}{second}{query}"));
    assert_eq!(out.len(), 2);
    assert_eq!(out[1], format!("Ok({})", fresh[0]), "{out:?}");
    assert_ne!(out[0], out[1]);
}

mod runs {
    //! Runs (`RuleSet::list_options` handing a move line's innermost
    //! binding over in one call, its condition folded into the range)
    //! against the same rules with every affine expression hidden behind
    //! the identity function, which the ordinary evaluation runs.
    use proptest::prelude::*;

    /// `c0 + c1*k + c2*j + c3*n`, optionally wrapped in `id(...)`.
    fn affine(c: [i64; 4], wrap: bool) -> String {
        let e = format!("{} + {} * k + {} * j + {} * n", c[0], c[1], c[2], c[3]);
        if wrap {
            format!("id({e})")
        } else {
            format!("({e})")
        }
    }

    fn cmp_op(i: usize) -> &'static str {
        ["<", "<=", ">", ">=", "==", "!="][i % 6]
    }

    fn program(
        parts: &[[i64; 4]],
        extra: &[([i64; 4], usize, [i64; 4])],
        lo: i64,
        span: i64,
        wrap: bool,
    ) -> String {
        let targets: Vec<String> = parts
            .iter()
            .map(|c| format!("G({})", affine(*c, wrap)))
            .collect();
        // Each part must be a smaller heap: guards that are themselves affine.
        let mut conds: Vec<String> = parts
            .iter()
            .map(|c| format!("{} >= 0 and {} < n", affine(*c, wrap), affine(*c, wrap)))
            .collect();
        for (a, op, b) in extra {
            conds.push(format!(
                "{} {} {}",
                affine(*a, wrap),
                cmp_op(*op),
                affine(*b, wrap)
            ));
        }
        format!(
            "fn id(x) = x\n\
             game G(n) {{\n    move {} for j in 0..=n, k in {lo}..{lo} + {span} + n if {}\n    move G(n - 1) if n > 0\n}}\n\
             sequence G 0..=14\nmoves G(9)\nmoves G(14)\n",
            targets.join(" + "),
            conds.join(" and ")
        )
    }

    fn coeffs() -> impl Strategy<Value = [i64; 4]> {
        prop::array::uniform4(-3i64..=3)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn runs_list_what_the_ordinary_evaluation_lists(
            parts in prop::collection::vec(coeffs(), 1..=3),
            extra in prop::collection::vec((coeffs(), 0usize..6, coeffs()), 0..=2),
            lo in -4i64..=2,
            span in 0i64..=6,
        ) {
            let fast = super::run(&program(&parts, &extra, lo, span, false));
            let slow = super::run(&program(&parts, &extra, lo, span, true));
            prop_assert_eq!(fast, slow);
        }
    }

    #[test]
    fn kayles_and_grundys_game_as_runs() {
        let fast = super::run(
            "game K(n) { move K(i) + K(n - k - i) for k in 1..=2, i in 0..=n - k }\n\
             game Gr(n) { move Gr(a) + Gr(n - a) for a in 1..n if 2 * a < n }\n\
             sequence K 0..=40\nsequence Gr 0..=40\nmoves K(7)\nmoves Gr(9)\n",
        );
        let slow = super::run(
            "fn id(x) = x\n\
             game K(n) { move K(id(i)) + K(id(n - k - i)) for k in 1..=2, i in 0..=n - k }\n\
             game Gr(n) { move Gr(id(a)) + Gr(id(n - a)) for a in 1..n if id(2 * a) < n }\n\
             sequence K 0..=40\nsequence Gr 0..=40\nmoves K(7)\nmoves Gr(9)\n",
        );
        assert_eq!(fast, slow);
    }
}

/// Targets that are a tuple or list literal, `G((p[0] - k, p[1]))`, are
/// packed straight from their elements' integer closures
/// (`Interp::small_literal`): the same options, values and errors as the
/// same rules with the literal hidden behind the identity function, for
/// elements that fit a byte and elements that do not (negative, above 255,
/// overflowing, not integers).
mod literals {
    use proptest::prelude::*;

    const ELEMENTS: [&str; 10] = [
        "j",
        "p[1]",
        "p[1] - k",
        "k * 100",
        "p[0] - k - 3",
        "k * 4611686018427387904",
        "p[1] + 1",
        "k",
        "0",
        "p[0] == k",
    ];

    /// Conditions of a literal line: folded into the range (affine), or
    /// not (`k * k < 5`, tested per option).
    const CONDS: [&str; 5] = [
        "",
        " if k != 2",
        " if k < p[1]",
        " if p[0] > 2 * k",
        " if k * k < 5",
    ];

    /// A line: tuple or list, its elements after `p[0] - k`, its
    /// condition, and whether an outer binding `j` comes first (an
    /// element `j` is `0` without it).
    type Line = (bool, Vec<usize>, usize, bool);

    fn program(lines: &[Line], wrap: bool) -> String {
        let mut text = String::from("fn id(x) = x\ngame G(p) {\n");
        for (tuple, elems, cond, outer) in lines {
            let mut xs = vec!["p[0] - k".to_string()];
            xs.extend(elems.iter().map(|&e| match ELEMENTS[e] {
                "j" if !outer => "0".to_string(),
                e => e.to_string(),
            }));
            let lit = if *tuple {
                format!("({})", xs.join(", "))
            } else {
                format!("[{}]", xs.join(", "))
            };
            let lit = if wrap { format!("id({lit})") } else { lit };
            let bind = if *outer { "j in 0..2, " } else { "" };
            text.push_str(&format!(
                "    move G({lit}) for {bind}k in 1..=p[0]{}\n",
                CONDS[*cond]
            ));
        }
        text.push_str("}\n");
        for q in [
            "grundy G((4, 3))",
            "moves G((3, 250))",
            "grundy G([5, 1])",
            "outcome G((2, 0, 7))",
        ] {
            text.push_str(q);
            text.push('\n');
        }
        text
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn literal_targets_list_what_the_ordinary_evaluation_lists(
            lines in prop::collection::vec(
                (
                    any::<bool>(),
                    prop::collection::vec(0usize..ELEMENTS.len(), 1..=2),
                    0usize..CONDS.len(),
                    any::<bool>(),
                ),
                1..=3,
            ),
        ) {
            let (fast, slow) = super::both(&program(&lines, false), &program(&lines, true));
            prop_assert_eq!(fast, slow);
        }
    }

    #[test]
    fn long_literals_are_not_packed() {
        let xs: Vec<String> = (0..19).map(|i| format!("p[0] - k + {i}")).collect();
        let game = |lit: &str| {
            format!(
                "fn id(x) = x\ngame G(p) {{ move G({lit}) for k in 1..=p[0] if p[0] < 3 }}\nmoves G([2])\ngrundy G([2])\n"
            )
        };
        let fast = super::run(&game(&format!("[{}]", xs.join(", "))));
        let slow = super::run(&game(&format!("id([{}])", xs.join(", "))));
        assert!(fast.iter().all(|a| !a.contains('×')), "{fast:?}");
        assert_eq!(fast, slow);
    }
}

mod nested {
    //! List plans of nested calls (`G(f(g(p, i, v), v, i))`: each inner
    //! list computed into bytes the next step reads) against the same
    //! target behind the identity function, which the ordinary evaluation
    //! runs: same answers and same errors.
    use proptest::prelude::*;

    /// List functions of `(xs, i, v)`: comprehensions with a list shape
    /// (`set`, `cut`, `drop`, `short`, `big` and `put`, whose 256 leaves
    /// the bytes, `mark`, which writes the length; `set`, `put` and `mark`
    /// run on an earlier step's bytes by `SetAt`),
    /// one without (`half`, its element a quotient), one whose element
    /// overflows (`grow`), and one that is no comprehension (`pair`). No
    /// value grows past the largest of the position's values, its length
    /// and 256, so every game is small.
    const FNS: &str = "fn id(x) = x\n\
        fn set(xs, i, v) = [if j == i then v else xs[j] for j in 0..len(xs)]\n\
        fn cut(xs, i, v) = [if r >= i then min(xs[r], v) else xs[r] for r in 0..len(xs) if r < i or v > 0]\n\
        fn drop(xs, i, v) = [xs[r] for r in 0..len(xs) if r != i]\n\
        fn short(xs, i, v) = [xs[r + 1] for r in 0..len(xs) if r < i]\n\
        fn big(xs, i, v) = [if r == i then 256 else xs[r] for r in 0..len(xs) if r == i]\n\
        fn half(xs, i, v) = [if r == i then (xs[r] + v) // 2 else xs[r] for r in 0..len(xs)]\n\
        fn grow(xs, i, v) = [if r == i then xs[r] * 4611686018427387904 * 2 else xs[r] for r in 0..len(xs)]\n\
        fn pair(xs, i, v) = [v, i]\n\
        fn put(xs, i, v) = [if j == i then 256 else xs[j] for j in 0..len(xs)]\n\
        fn mark(xs, i, v) = [if v == j then len(xs) else xs[j] for j in 0..len(xs)]\n";
    const NAMES: [&str; 10] = [
        "set", "cut", "drop", "short", "big", "half", "grow", "pair", "put", "mark",
    ];
    const ARGS: [&str; 4] = ["i, v", "v, i", "i, 0", "v, 1"];
    const CONDS: [&str; 3] = ["", " if v != 1", " if len(p) > 1"];

    /// `f1(f2(..(p, a), a), a)` for the calls `(function, arguments)`,
    /// innermost first.
    fn nest(calls: &[(usize, usize)]) -> String {
        calls.iter().fold("p".to_string(), |inner, &(f, a)| {
            format!("{}({inner}, {})", NAMES[f], ARGS[a])
        })
    }

    fn program(lines: &[(Vec<(usize, usize)>, usize)], wrap: bool) -> String {
        let mut text = format!("{FNS}game G(p) {{\n");
        for (calls, cond) in lines {
            let e = nest(calls);
            let e = if wrap { format!("id({e})") } else { e };
            text.push_str(&format!(
                "    move G({e}) for i in 0..len(p), v in 0..p[i]{}\n",
                CONDS[*cond]
            ));
        }
        // `options`, not `moves`: no values below the lists past the bytes.
        text.push_str(
            "}\ngrundy G([2, 1, 2])\nmoves G([3, 0, 1])\ngrundy G([1, 2])\n\
             options(G([256, 1]))\noptions(G([300, 2, 1]))\ngrundy G([2, true])\n",
        );
        text
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn nested_list_calls_list_what_the_ordinary_evaluation_lists(
            lines in prop::collection::vec(
                (
                    prop::collection::vec((0usize..NAMES.len(), 0usize..ARGS.len()), 1..=3),
                    0usize..CONDS.len(),
                ),
                1..=2,
            ),
        ) {
            let (fast, slow) = super::both(&program(&lines, false), &program(&lines, true));
            prop_assert_eq!(fast, slow);
        }
    }

    /// Arguments of the later calls of `kept`'s lines, which read the
    /// innermost loop variable `w` that the first call does not.
    const LATER: [&str; 3] = ["w, v", "i, w", "w, 0"];

    /// A line `G(fn(..fn(first(p, ..), ..)..))` for i, v and an innermost
    /// `w`: the first call's list is the same for every `w` and is kept
    /// (`Memo`), the later ones read `w`.
    fn kept(lines: &[(Vec<(usize, usize)>, usize)], wrap: bool) -> String {
        let mut text = format!("{FNS}game G(p) {{\n");
        for (calls, cond) in lines {
            let e = calls
                .iter()
                .enumerate()
                .fold("p".to_string(), |inner, (k, &(f, a))| {
                    let args = if k == 0 {
                        ARGS[a]
                    } else {
                        LATER[a % LATER.len()]
                    };
                    format!("{}({inner}, {args})", NAMES[f])
                });
            let e = if wrap { format!("id({e})") } else { e };
            text.push_str(&format!(
                "    move G({e}) for i in 0..len(p), v in 0..p[i], w in 0..len(p){}\n",
                CONDS[*cond]
            ));
        }
        text.push_str(
            "}\ngrundy G([2, 1, 2])\nmoves G([3, 0, 1])\ngrundy G([1, 2, 1])\n\
             options(G([256, 1]))\noptions(G([300, 2, 1]))\ngrundy G([2, true])\n",
        );
        text
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn first_steps_kept_over_an_inner_loop_list_what_the_ordinary_evaluation_lists(
            lines in prop::collection::vec(
                (
                    prop::collection::vec((0usize..NAMES.len(), 0usize..ARGS.len()), 2..=3),
                    0usize..CONDS.len(),
                ),
                1..=2,
            ),
        ) {
            let (fast, slow) = super::both(&kept(&lines, false), &kept(&lines, true));
            prop_assert_eq!(fast, slow);
        }
    }

    /// Moore's Nim₂ written with a nested call: the plan is taken (the
    /// options are those of the same game written without nesting), and
    /// a position whose inner list leaves the bytes goes the ordinary way.
    #[test]
    fn moores_nim_with_a_nested_call() {
        let game = |two: &str| {
            format!(
                "fn set(xs, i, v) = [if j == i then v else xs[j] for j in 0..len(xs)]\n\
                 game M(hs) {{\n    move M(set(hs, i, a)) for i in 0..len(hs), a in 0..hs[i]\n    \
                 move M({two}) for i in 0..len(hs), j in i + 1..len(hs), a in 0..hs[i], b in 0..hs[j]\n}}\n\
                 grundy M([3, 4, 5])\nmoves M([2, 1, 1])\noptions(M([300, 1, 2]))\n"
            )
        };
        let nested = super::run(&game("set(set(hs, i, a), j, b)"));
        let flat = super::run(&game(
            "[if r == i then a else if r == j then b else hs[r] for r in 0..len(hs)]",
        ));
        assert_eq!(nested, flat);
        assert!(nested.iter().all(|a| !a.contains('×')), "{nested:?}");
    }
}
