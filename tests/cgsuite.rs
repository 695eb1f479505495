//! CGSuite's own test rows, each naming the file of CGSuite's repository
//! (under `lib/core/src/test/scala/org/cgsuite/lang/`) and the line it
//! comes from, with CGSuite's answer.
//!
//! Misère canonical games (`MisereCanonicalGameTestCase.scala`):
//! for each game, CGSuite's answers to `IsTame`, `IsGenerallyTame`,
//! `IsTameable`, `IsRestive`, `IsGenerallyRestive`, `IsRestless`,
//! `IsNimHeap` and `MisereOutcomeClass`, against the class `misere_form`
//! prints (docs/THEORY.md §9.4: Hoey's phyla) and its form and outcome.
//! Each game is written in CGSuite's notation and turned into rule games
//! here: `*[a, b]` is the game with options a and b, an integer n inside
//! it the nim heap *n, `[…]` a game again, `*[x]` with one entry x itself,
//! `+` a sum.

mod common;

/// A game in CGSuite's misère notation.
#[derive(Debug)]
enum Cg {
    Heap(u32),
    Options(Vec<Cg>),
    Sum(Vec<Cg>),
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> u8 {
        self.text.get(self.at).copied().unwrap_or(0)
    }

    fn eat(&mut self, b: u8) {
        assert_eq!(self.peek(), b, "at {}", self.at);
        self.at += 1;
    }

    /// term ('+' term)*
    fn sum(&mut self) -> Cg {
        let mut parts = vec![self.term()];
        while self.peek() == b'+' {
            self.eat(b'+');
            parts.push(self.term());
        }
        if parts.len() == 1 {
            parts.pop().unwrap()
        } else {
            Cg::Sum(parts)
        }
    }

    /// `*[items]` (one item: that item), `[items]` (a game), or n.
    fn term(&mut self) -> Cg {
        match self.peek() {
            b'*' => {
                self.eat(b'*');
                let mut items = self.items();
                if items.len() == 1 {
                    items.pop().unwrap()
                } else {
                    Cg::Options(items)
                }
            }
            b'[' => Cg::Options(self.items()),
            _ => {
                let start = self.at;
                while self.peek().is_ascii_digit() {
                    self.at += 1;
                }
                let n = std::str::from_utf8(&self.text[start..self.at]).unwrap();
                Cg::Heap(n.parse().unwrap())
            }
        }
    }

    fn items(&mut self) -> Vec<Cg> {
        self.eat(b'[');
        let mut items = Vec::new();
        while self.peek() != b']' {
            items.push(self.sum());
            if self.peek() == b',' {
                self.eat(b',');
            }
        }
        self.eat(b']');
        items
    }
}

/// Declares a rule game for each game with options in `g` and returns
/// the component (or sum) that is `g`.
fn declare(g: &Cg, decls: &mut Vec<String>) -> String {
    match g {
        Cg::Heap(n) => format!("Nim({n})"),
        Cg::Sum(parts) => parts
            .iter()
            .map(|p| declare(p, decls))
            .collect::<Vec<_>>()
            .join(" + "),
        Cg::Options(opts) => {
            let moves: Vec<String> = opts
                .iter()
                .map(|o| format!("    move {}\n", declare(o, decls)))
                .collect();
            let name = format!("G{}", decls.len());
            decls.push(format!("game {name}(z) {{\n{}}}\n", moves.concat()));
            format!("{name}(0)")
        }
    }
}

/// `misere_form` of a game written in CGSuite's notation: (form, class, outcome).
fn misere_form(cgsuite: &str) -> (String, String, String) {
    let mut r = Reader {
        text: cgsuite.as_bytes(),
        at: 0,
    };
    let g = r.sum();
    assert_eq!(r.at, cgsuite.len(), "{cgsuite}");
    let mut decls = Vec::new();
    let top = declare(&g, &mut decls);
    let out = common::texts_or_error_codes(&format!("{}misere_form {top}\n", decls.concat()));
    let line = &out[0];
    let rest = line.split_once(" = ").expect(line).1;
    let (form, tail) = rest.rsplit_once(" (").expect(line);
    let class = tail.split_once(", genus").expect(line).0.to_string();
    let outcome = tail.rsplit_once("misère outcome ").expect(line).1;
    (form.into(), class, outcome.trim_end_matches(')').into())
}

/// (line of the row in CGSuite's file, game, IsTame, IsGenerallyTame,
/// IsTameable, IsRestive, IsGenerallyRestive, IsRestless, IsNimHeap,
/// MisereOutcomeClass)
type Row = (u32, &'static str, [bool; 7], &'static str);

const T: bool = true;
const F: bool = false;

const ROWS: &[Row] = &[
    (7, "*[0]", [T, T, T, F, F, F, T], "N"),
    (32, "*[1]", [T, T, T, F, F, F, T], "P"),
    (57, "*[2]", [T, T, T, F, F, F, T], "N"),
    (82, "*[[2]]", [T, T, T, F, F, F, F], "P"),
    (107, "*[[[2]]]", [T, T, T, F, F, F, F], "N"),
    (132, "*[2]+*[2]", [T, T, T, F, F, F, F], "P"),
    (157, "*[[*[2]+*[[2]]]]", [T, T, T, F, F, F, F], "P"),
    (182, "*[[2],0]", [F, F, F, T, T, F, F], "N"),
    (234, "*[[2],1]", [F, F, F, F, F, T, F], "N"),
    (260, "*[[*[4]+*[2]]]", [T, T, T, F, F, F, F], "P"),
    (286, "*[[[2]],[[2],1]]", [F, T, T, F, F, F, F], "P"),
    (312, "*[[[2]],[[[2],0],0,1]]", [F, T, T, F, F, F, F], "P"),
    (
        338,
        "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
        [F, F, T, F, F, F, F],
        "N",
    ),
    (364, "*[[[2],2,0],[[2],3],1]", [F, F, F, F, T, F, F], "N"),
];

#[test]
fn cgsuite_misere_classes_and_outcomes() {
    let names = [
        "IsTame",
        "IsGenerallyTame",
        "IsTameable",
        "IsRestive",
        "IsGenerallyRestive",
        "IsRestless",
        "IsNimHeap",
    ];
    for &(line, game, want, outcome) in ROWS {
        let (form, class, got_outcome) = misere_form(game);
        let got = [
            class == "tame",
            matches!(class.as_str(), "tame" | "generally tame"),
            matches!(class.as_str(), "tame" | "generally tame" | "tameable"),
            class == "restive",
            matches!(class.as_str(), "restive" | "generally restive"),
            class == "restless",
            form == "0"
                || (form.starts_with('*') && form[1..].parse::<u32>().is_ok())
                || form == "*",
        ];
        for ((name, w), g) in names.iter().zip(want).zip(got) {
            assert_eq!(
                g, w,
                "MisereCanonicalGameTestCase.scala line {line}: ({game}).{name}, class `{class}`, form {form}"
            );
        }
        assert_eq!(
            got_outcome, outcome,
            "line {line}: ({game}).MisereOutcomeClass"
        );
    }
}

/// `GameTest.scala` lines 14–17: NimSum and NimProduct of integers, and
/// their refusal of negative integers.
#[test]
fn cgsuite_nim_sums_and_products_of_integers() {
    let out = common::texts_or_error_codes(
        "[xor(11, n) for n in 1..=16]\n[nim_mul(8, n) for n in 1..=16]\nxor(11, -1)\nnim_mul(11, -1)\n",
    );
    assert_eq!(
        out,
        [
            "[10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0, 7, 6, 5, 4, 27]",
            "[8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128]",
            "error grundy::eval::value",
            "error grundy::eval::value",
        ]
    );
}
