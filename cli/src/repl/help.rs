//! The `:help` texts: the commands, the overview and the topics, whose
//! examples the tests run; and the near-miss suggestions for a misspelt
//! command or topic.

use grundy::library;
use grundy::words::suggest;

/// The `:commands`, with what `:help` says of each.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "load",
        ":load FILE...",
        "run a .game file here: its definitions join the session",
    ),
    (
        "reload",
        ":reload",
        "load again every file loaded so far (after you edit them)",
    ),
    (
        "games",
        ":games",
        "list the games, functions and names defined",
    ),
    (
        "plot",
        ":plot FILE",
        "draw the last sequence, table or thermograph as SVG (PNG if FILE ends in .png)",
    ),
    (
        "svg",
        ":svg FILE",
        "draw the last `dot` graph with Graphviz (SVG, or PNG)",
    ),
    ("time", ":time", "toggle printing how long each answer took"),
    ("json", ":json", "toggle answers as JSON objects"),
    (
        "help",
        ":help [TOPIC]",
        "this text, or a topic (listed below)",
    ),
    ("quit", ":quit", "leave (so does Ctrl-D)"),
];

/// A piece of a help topic: words, or an example the tests run.
pub enum HelpPart {
    Text(&'static str),
    /// `.game` text and exactly what it prints (plain answers, as
    /// `grundy run` prints them).
    Example {
        code: &'static str,
        output: &'static str,
    },
}

pub struct HelpTopic {
    pub name: &'static str,
    pub summary: &'static str,
    pub parts: &'static [HelpPart],
}

use HelpPart::{Example, Text};

pub const HELP_TOPICS: &[HelpTopic] = &[
    HelpTopic {
        name: "queries",
        summary: "grundy, outcome, moves, winning, sequence, table, period, assert",
        parts: &[
            Text("grundy P                  the Grundy value of a position"),
            Example {
                code: "grundy Nim(3) + Nim(5)",
                output: "grundy Nim(3) + Nim(5) = 6",
            },
            Text("outcome [normal|misere] P N (the next player wins) or P (the previous one does)"),
            Example {
                code: "outcome Nim(1) + Nim(1)\noutcome misere Nim(1) + Nim(1)",
                output: "outcome Nim(1) + Nim(1) = P (the previous player wins)\n\
                         outcome misere Nim(1) + Nim(1) = N (the next player wins)",
            },
            Text("moves P                   every move, with the Grundy value it leaves"),
            Example {
                code: "moves Nim(2)",
                output: "moves Nim(2):\n  Nim(0)  [grundy 0]\n  Nim(1)  [grundy 1]",
            },
            Text("winning [normal|misere] P the moves to a P-position"),
            Example {
                code: "winning Nim(3) + Nim(4) + Nim(5)",
                output: "winning Nim(3) + Nim(4) + Nim(5):\n  Nim(1) + Nim(4) + Nim(5)",
            },
            Text("sequence G RANGE          G(n) for each n of a one-argument game"),
            Example {
                code: "game Take(n) { move Take(n - k) for k in 1..=2 if k <= n }\nsequence Take 0..=9",
                output: "sequence Take 0..=9: 0 1 2 0 1 2 0 1 2 0",
            },
            Text("table G ROWS, COLUMNS     G(a, b) for a two-argument game"),
            Example {
                code: "game Two(a, b) {\n    move Two(a - 1, b) if a > 0\n    move Two(a, b - 1) if b > 0\n}\ntable Two 0..=2, 0..=3",
                output: "table Two 0..=2, 0..=3:\n  0 1 2 3\n0 0 1 0 1\n1 1 0 1 0\n2 0 1 0 1",
            },
            Text(
                "period G                  the period of G(0), G(1), ... (proved for octal codes)",
            ),
            Example {
                code: "game S = subtraction {1, 3, 4}\nperiod S",
                output: "period S (0.3033): preperiod 0, period 7 (proved by the Guy–Smith theorem from 12 values)",
            },
            Text(
                "remoteness, kernel, kernels, kernel_sequences and dot have topics of\n\
                 their own: :help remoteness, :help kernels, :help graphs.",
            ),
            Text(
                "sequence n in RANGE: P and table a in R, b in S: P list any positions;\n\
                 `sequence misere ...` lists misère outcomes.",
            ),
            Example {
                code: "sequence n in 0..=6: *n + *1",
                output: "sequence *n + *1 for n in 0..=6: 1 0 3 2 5 4 7",
            },
            Text(
                "Any expression prints its value. grundy(P), outcome(P, misere), is_p(P),\n\
                 options(P), winning(P), remoteness(P) compute with positions, and\n\
                 `assert forall n in R: COND` checks a conjecture (the first\n\
                 counterexample is reported).",
            ),
            Example {
                code: "*3 + *5\nassert forall a in 0..=7, b in 0..=7: grundy(*a + *b) == xor(a, b)",
                output: "*6\nassert forall a in 0..=7, b in 0..=7: grundy(*a + *b) == xor(a, b): ok",
            },
            Text(
                "A game declared `misere` answers outcome, winning, sequence and table in\n\
                 misère play unless the query says `normal`. :json shows answers as JSON.",
            ),
        ],
    },
    HelpTopic {
        name: "syntax",
        summary: "game, move, for, if, fn, let, comprehensions, comments",
        parts: &[
            Text(
                "A game lists `move` lines; each yields every target for the `for`\n\
                 bindings that pass the `if`. A target is a position: Name(args), a sum\n\
                 A + B (a move that splits a heap), 0 (the empty game) or *n (a nimber).",
            ),
            Example {
                code: "# Kayles: knock down one pin or two adjacent ones.\n\
                       game Kayles(n) {\n    move Kayles(i) + Kayles(n - k - i) for k in 1..=2, i in 0..=n - k\n}\n\
                       grundy Kayles(4)",
                output: "grundy Kayles(4) = 1",
            },
            Text("fn NAME(ARGS) = EXPR and let NAME = EXPR name values; `if c then a else b`."),
            Example {
                code: "fn half(n) = n // 2\nlet big = 2 ** 5\n\
                       game Halve(n) { move Halve(n - k) for k in 1..=half(n) }\n\
                       grundy Halve(if big > 10 then 12 else 0)",
                output: "grundy Halve(12) = 6",
            },
            Text(
                "Values: integers, true/false, tuples (1, 2), lists [1, 2], sets {1, 2},\n\
                 ranges a..b and a..=b, comprehensions [e for x in xs if c], positions.\n\
                 Builtins: len min max abs sum sorted xor mex list set union ...",
            ),
            Example {
                code: "game Mex(xs) { }\ngrundy Mex([x * x for x in 0..5 if x % 2 == 1])",
                output: "grundy Mex([1, 9]) = 0",
            },
            Text(
                "`game G(n) misere { ... }` plays G in misère by default. Comments run\n\
                 from # to the end of the line. In the REPL a name defined again\n\
                 replaces the old definition.",
            ),
        ],
    },
    HelpTopic {
        name: "octal",
        summary: "heap games from octal codes and subtraction sets",
        parts: &[
            Text(
                "`game G = octal d0.d1d2...` is a take-and-break game on one heap G(n).\n\
                 Digit dk (k >= 1) says what may remain after taking k tokens:\n\
                 bit 1: nothing (only when the heap had k), bit 2: one heap,\n\
                 bit 4: two heaps, bit 8: three heaps (hex digits). So 0.77 is Kayles\n\
                 and 0.07 Dawson's Kayles.",
            ),
            Example {
                code: "game K = octal 0.77\nsequence K 0..=12",
                output: "sequence K 0..=12: 0 1 2 3 1 4 3 2 1 4 2 6 4",
            },
            Text(
                "`period G` computes values until the Guy–Smith theorem proves the\n\
                 period; a subtraction set is the code with a 3 at each amount.",
            ),
            Example {
                code: "game K = octal 0.77\nperiod K",
                output: "period K (0.77): preperiod 71, period 12 (proved by the Guy–Smith theorem from 168 values)",
            },
            Example {
                code: "game S = subtraction {2, 5}\ngrundy S(10) + S(7)",
                output: "grundy S(10) + S(7) = 1",
            },
            Text("From the shell, `grundy octal CODE` prints the whole nim-sequence analysis."),
        ],
    },
    HelpTopic {
        name: "graphs",
        summary: "graph G { a -> b, c }: games on explicit directed graphs",
        parts: &[
            Text(
                "`graph G { ... }` lists vertices and edges: `a -> b, c` gives a the\n\
                 moves to b and c; items are separated by `;` or by layout; a bare name\n\
                 is a vertex with no move. G(a) is the position at vertex a.",
            ),
            Example {
                code: "graph G { a -> b, c; b -> c; d }\ngrundy G(a)\nwinning G(a) + G(d)",
                output: "grundy G(a) = 2\nwinning G(a) + G(d):\n  G(c) + G(d)",
            },
            Text(
                "Graphs may have cycles (:help draws). kernels G, kernel_sequences G\n\
                 (:help kernels) and dot G (the graph in Graphviz's DOT; :svg FILE\n\
                 draws it) take the graph's name alone.",
            ),
            Example {
                code: "graph C { x -> y; y -> x }\noutcome C(x)",
                output: "outcome C(x) = D (a draw: neither player can force a win)",
            },
        ],
    },
    HelpTopic {
        name: "draws",
        summary: "loopy games: cycles, draws (D) and values ∞K",
        parts: &[
            Text(
                "A game is loopy when a position can come back (a graph with a cycle,\n\
                 or rules that go round). A position is a draw, D, when neither player\n\
                 can force a win. grundy gives Smith's value: a finite a, or ∞K (K the\n\
                 finite values among the options); ∞K is N when 0 is in K, else D.",
            ),
            Example {
                code: "graph G { a -> b, z; b -> a, c; c -> b; z }\n\
                       outcome G(b)\ngrundy G(a)\ngrundy G(a) + *1",
                output: "outcome G(b) = D (a draw: neither player can force a win)\n\
                         grundy G(a) = ∞{0}\ngrundy G(a) + * = ∞{1}",
            },
            Text(
                "A rule game goes round the same way. A move to the position itself\n\
                 (`move Up(n)`, or `a -> a` in a graph) is a pass: a final position\n\
                 with such a move is a draw, not a loss.",
            ),
            Example {
                code: "graph Pass { a -> a; b }\noutcome Pass(a)\noutcome Pass(b)",
                output: "outcome Pass(a) = D (a draw: neither player can force a win)\n\
                         outcome Pass(b) = P (the previous player wins)",
            },
            Example {
                code: "game Up(n) {\n    move Up((n + 1) % 4)\n    move 0 if n == 2\n}\n\
                       sequence Up 0..=3\noutcome misere Up(2)",
                output: "sequence Up 0..=3: 1 0 1 0\n\
                         outcome misere Up(2) = D (a draw: neither player can force a win)",
            },
        ],
    },
    HelpTopic {
        name: "kernels",
        summary: "kernels G, kernel_sequences G, kernel P",
        parts: &[
            Text(
                "A kernel is a set of vertices with no edge inside it and an edge into\n\
                 it from every other vertex. kernels G lists every kernel of a graph,\n\
                 with why (acyclic: the P-positions; no odd cycle: Richardson).",
            ),
            Example {
                code: "graph Two { x -> y; y -> x }\ngraph Triangle { a -> b; b -> c; c -> a }\n\
                       kernels Two\nkernels Triangle",
                output: "kernels Two: {x} {y} (no odd cycle: a kernel exists (Richardson))\n\
                         kernels Triangle: none",
            },
            Text(
                "kernel_sequences G partitions the vertices into K0, K1, ... (the\n\
                 Grundy classes of an acyclic graph); kernel P takes the state graph\n\
                 of any position P.",
            ),
            Example {
                code: "game Take(n) { move Take(n - k) for k in 1..=2 if k <= n }\nkernel Take(4)",
                output: "kernel Take(4): {Take(3), 0} (acyclic: the unique kernel is the set of P-positions)",
            },
        ],
    },
    HelpTopic {
        name: "remoteness",
        summary: "remoteness [normal|misere] P: how long the winner needs",
        parts: &[
            Text(
                "How many moves the game lasts from P when the winner hurries and the\n\
                 loser delays (Steinhaus), with the outcome; a draw has none. It\n\
                 expands the whole state graph of P.",
            ),
            Example {
                code: "game Take(n) { move Take(n - k) for k in 1..=2 if k <= n }\n\
                       remoteness Take(7)\nremoteness Take(3) + Take(3)\nremoteness misere Take(1)",
                output: "remoteness Take(7) = 5 (N: the next player wins in 5 moves)\n\
                         remoteness Take(3) + Take(3) = 4 (P: the previous player wins in 4 moves)\n\
                         remoteness misere Take(1) = 1 (P: the previous player wins in 1 move)",
            },
        ],
    },
    HelpTopic {
        name: "misere",
        summary: "misère play: outcome misere, game G(n) misere, genus",
        parts: &[
            Text(
                "In misère play the player who cannot move wins. outcome, winning,\n\
                 remoteness, sequence and table take `misere` (or `normal`); a game\n\
                 declared `game G(n) misere { ... }` is misère unless a query says\n\
                 otherwise. Sums are expanded (misère values do not add).",
            ),
            Example {
                code: "game MNim(n) misere {\n    move MNim(n - k) for k in 1..=n\n}\n\
                       outcome MNim(1) + Nim(1)\noutcome normal MNim(1) + Nim(1)",
                output: "outcome misere MNim(1) + Nim(1) = N (the next player wins)\n\
                         outcome normal MNim(1) + Nim(1) = P (the previous player wins)",
            },
            Text(
                "genus P (Conway's genus), misere_form P and quotient G to N are\n\
                 described in docs/LANGUAGE.md (misère theory).",
            ),
        ],
    },
    HelpTopic {
        name: "partizan",
        summary: "left move / right move: values, outcomes L R N P",
        parts: &[
            Text(
                "A move line marked `left move` is Left's only, `right move` Right's\n\
                 only. value P is the canonical value (CGSuite's notation); outcome is\n\
                 L, R, N or P; winning needs `for left` or `for right`. Short games\n\
                 only (no cycles).",
            ),
            Example {
                code: "game Cutcake(w, h) {\n\
                       \x20   left move Cutcake(a, h) + Cutcake(w - a, h) for a in 1..w\n\
                       \x20   right move Cutcake(w, b) + Cutcake(w, h - b) for b in 1..h\n\
                       }\nvalue Cutcake(4, 2)\noutcome Cutcake(4, 2)",
                output: "value Cutcake(4, 2) = 1\noutcome Cutcake(4, 2) = L (Left wins whoever starts)",
            },
            Text("mean P, temperature P, thermograph P and compare P, Q work on any position."),
        ],
    },
];

/// The text `:help` prints for a topic, or for everything (`None`).
/// `paint` colours example code (the identity when colours are off).
pub fn help_text(topic: Option<&str>, paint: &dyn Fn(&str) -> String) -> Result<String, String> {
    let mut s = String::new();
    let Some(topic) = topic else {
        s.push_str("Type definitions and queries as in a .game file; they run at once, and\n");
        s.push_str("definitions stay for the session (a new definition replaces the old;\n");
        s.push_str("a game or fn may call a name a later input defines: it waits for it).\n");
        s.push_str("An open bracket or a game's header continues the input on the next line.\n");
        s.push_str("A query that runs over a second shows its progress; Ctrl-C cancels it.\n\n");
        s.push_str("Commands:\n");
        for (_, usage, what) in COMMANDS {
            s.push_str(&format!("  {usage:<16} {what}\n"));
        }
        s.push_str("\nTopics (:help TOPIC):\n");
        for t in HELP_TOPICS {
            s.push_str(&format!("  {:<16} {}\n", t.name, t.summary));
        }
        s.push_str(&format!(
            "  {:<16} {}\n",
            "functions", "every function and query word (:help NAME for one)"
        ));
        s.push_str("\nKeys: Tab completes, Up/Down walk the history, Ctrl-C clears the line\n");
        s.push_str("or cancels a running query, Ctrl-D leaves.");
        return Ok(s);
    };
    if topic == "functions" {
        return Ok(functions_text());
    }
    let names = HELP_TOPICS
        .iter()
        .map(|t| t.name)
        .chain(["functions"])
        .chain(library::names());
    if let (None, Some(e)) = (resolve_topic(topic), library::lookup(topic)) {
        // A library name (`:help len`) that names no topic.
        return Ok(library::help(e).trim_end().to_string());
    }
    let Some(t) = resolve_topic(topic) else {
        return Err(match suggest_among(topic, names) {
            Some(n) => format!("no help topic `{topic}`; did you mean `{n}`?"),
            None => format!(
                "no help topic `{topic}`; the topics are {}",
                HELP_TOPICS
                    .iter()
                    .map(|t| t.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    };
    for (i, part) in t.parts.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        match part {
            Text(text) => s.push_str(text),
            Example { code, output } => {
                for line in code.lines() {
                    s.push_str(&format!("    {}\n", paint(line)));
                }
                for (j, line) in output.lines().enumerate() {
                    let mark = if j == 0 { "  → " } else { "    " };
                    s.push_str(&format!("{mark}{line}\n"));
                }
                s.pop();
            }
        }
        s.push('\n');
    }
    s.pop();
    Ok(s)
}

/// A help topic by its name or a unique prefix of it.
pub(super) fn resolve_topic(word: &str) -> Option<&'static HelpTopic> {
    // Other words for a topic.
    let word = match word {
        "loopy" | "cycles" => "draws",
        "graph" => "graphs",
        "kernel" | "kernel_sequences" => "kernels",
        "misère" => "misere",
        w => w,
    };
    if let Some(t) = HELP_TOPICS.iter().find(|t| t.name == word) {
        return Some(t);
    }
    let mut found = HELP_TOPICS.iter().filter(|t| t.name.starts_with(word));
    match (found.next(), found.next()) {
        (Some(t), None) if !word.is_empty() => Some(t),
        _ => None,
    }
}

/// `error::suggest`, then, since commands and topics are short and few,
/// anything within two edits (a swap counting as one).
pub(super) fn suggest_among<'a>(
    word: &str,
    names: impl Iterator<Item = &'a str> + Clone,
) -> Option<String> {
    suggest(word, names.clone()).or_else(|| {
        names
            .map(|c| (strsim::osa_distance(word, c), c))
            .filter(|&(d, _)| d <= 2 && d < word.len())
            .min()
            .map(|(_, c)| c.to_string())
    })
}

/// `:help functions`: every library entry on a line.
fn functions_text() -> String {
    let mut s = String::from("Functions and query words (:help NAME for one):\n");
    for e in library::entries() {
        let m = &e.meta;
        let form = if e.is_statement() && e.is_function() {
            format!("{}, {} {}", e.signature(), m.name, m.params[0].name)
        } else {
            e.signature()
        };
        s.push_str(&format!("  {form:<28} {}\n", m.doc));
    }
    s.pop();
    s
}
