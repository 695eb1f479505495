//! Game values in LaTeX (math mode), for papers: the notation of
//! `display.rs` written with the usual symbols. `3/4` is `\frac{3}{4}`,
//! `^` `\uparrow`, `^^` `\Uparrow`, `^3` `3\cdot\uparrow` (after a number,
//! `x + 3\cdot\uparrow`), `^<2>` `\uparrow^{2}`, `^[2]` `\uparrow^{[2]}`,
//! `v…` the same with downs, `*2` `{*}2`, `±` `\pm`, `Tiny(G)` `{+_{G}}`,
//! `Miny(G)` `{-_{G}}`, and a general game `\{A \,|\, B\}`, its bars
//! kept (`\,||\,`). The translation reads the text `display` writes, so
//! a value and its LaTeX always agree.

use super::store::{GameStore, ValueId};

impl GameStore {
    /// The value in LaTeX math notation, whole: `None` when its text
    /// would pass the display's cut-off (a result never holds `{…}`).
    pub fn latex(&mut self, g: ValueId) -> Option<String> {
        self.display_whole(g).map(|t| latex_of_text(&t))
    }
}

/// A value's text (as [`GameStore::display`] writes it) in LaTeX.
pub fn latex_of_text(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    // Whether the last thing written was a number (so a following
    // `n·↑` needs a `+`).
    let mut after_number = false;
    while i < c.len() {
        let ch = c[i];
        let (latex, next) = match ch {
            '0'..='9' | '-' if ch != '-' || c.get(i + 1).is_some_and(char::is_ascii_digit) => {
                let end = run_end(&c, i + 1, |x| x.is_ascii_digit() || x == '/');
                let num: String = c[i..end].iter().collect();
                out.push_str(&number(&num));
                i = end;
                after_number = true;
                continue;
            }
            '^' | 'v' => arrows(&c, i, after_number),
            '|' => {
                let end = run_end(&c, i, |x| x == '|');
                (format!("\\,{}\\,", "|".repeat(end - i)), end)
            }
            'T' | 'M'
                if text[byte(&c, i)..].starts_with("Tiny(")
                    || text[byte(&c, i)..].starts_with("Miny(") =>
            {
                tiny_or_miny(&c, i)
            }
            _ => (symbol(ch).to_string(), i + 1),
        };
        out.push_str(&latex);
        i = next;
        after_number = false;
    }
    out
}

/// The end of the run of characters from `start` that `more` accepts.
fn run_end(c: &[char], start: usize, more: impl Fn(char) -> bool) -> usize {
    c[start..]
        .iter()
        .position(|&x| !more(x))
        .map_or(c.len(), |p| start + p)
}

/// The ups or downs that begin at `c[i]` (`^` or `v`) in LaTeX, and the
/// index past them: doubled (`^^`), up-nth (`^<n>`, `^[n]`) or a multiple
/// (`^3`, written after a `+` when a number precedes it).
fn arrows(c: &[char], i: usize, after_number: bool) -> (String, usize) {
    let ch = c[i];
    let arrow = |double: bool| match (ch, double) {
        ('^', false) => "\\uparrow",
        ('^', true) => "\\Uparrow",
        (_, false) => "\\downarrow",
        (_, true) => "\\Downarrow",
    };
    let i = i + 1;
    match c.get(i) {
        Some(&d) if d == ch => (arrow(true).to_string(), i + 1),
        Some(&open @ ('<' | '[')) => {
            let close = if open == '<' { '>' } else { ']' };
            let end = c[i..]
                .iter()
                .position(|&x| x == close)
                .map_or(c.len(), |p| i + p);
            let n: String = c[i + 1..end].iter().collect();
            let power = if open == '<' {
                format!("^{{{n}}}")
            } else {
                format!("^{{[{n}]}}")
            };
            (format!("{}{power}", arrow(false)), end + 1)
        }
        Some(d) if d.is_ascii_digit() => {
            let end = run_end(c, i, |x| x.is_ascii_digit());
            let n: String = c[i..end].iter().collect();
            let plus = if after_number { " + " } else { "" };
            (format!("{plus}{n}\\cdot{}", arrow(false)), end)
        }
        _ => (arrow(false).to_string(), i),
    }
}

/// `Tiny(G)` or `Miny(G)` beginning at `c[i]` in LaTeX, and the index past
/// its closing parenthesis.
fn tiny_or_miny(c: &[char], i: usize) -> (String, usize) {
    let sign = if c[i] == 'T' { '+' } else { '-' };
    // The argument runs to the matching parenthesis.
    let open = i + 4;
    let mut depth = 0;
    let mut end = open;
    for (k, &x) in c.iter().enumerate().skip(open) {
        match x {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    end = k;
                    break;
                }
            }
            _ => {}
        }
    }
    let inner: String = c[open + 1..end].iter().collect();
    (format!("{{{sign}_{{{}}}}}", latex_of_text(&inner)), end + 1)
}

/// A character that stands for itself in the value's text, in LaTeX.
fn symbol(ch: char) -> std::borrow::Cow<'static, str> {
    match ch {
        '*' => "{*}".into(),
        '±' => "\\pm ".into(),
        '{' => "\\{".into(),
        '}' => "\\}".into(),
        ',' => ", ".into(),
        _ => ch.to_string().into(),
    }
}

/// The byte offset of char index `i` (the text is mostly ASCII).
fn byte(c: &[char], i: usize) -> usize {
    c[..i].iter().map(|x| x.len_utf8()).sum()
}

/// `-5/8` as `-\frac{5}{8}`, an integer as itself.
fn number(s: &str) -> String {
    let (sign, body) = match s.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", s),
    };
    match body.split_once('/') {
        Some((p, q)) => format!("{sign}\\frac{{{p}}}{{{q}}}"),
        None => format!("{sign}{body}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    fn tex(text: &str) -> String {
        let mut s = GameStore::new();
        let g = parse(&mut s, text).unwrap();
        s.latex(g).expect("a short value")
    }

    #[test]
    fn a_value_past_the_cut_off_has_no_latex() {
        // ±1 + ±2 + … + ±15: its text passes 200,000 characters, so
        // `display` cuts it to `{…}`; the LaTeX is all or nothing.
        let mut s = GameStore::new();
        let mut sum = s.zero();
        for n in 1..=15 {
            let pm = parse(&mut s, &format!("+-{n}")).unwrap();
            sum = s.add(sum, pm).unwrap();
        }
        assert_eq!(s.display(sum), "{…}");
        assert_eq!(s.latex(sum), None);
        // A value just under it is whole.
        let pm = parse(&mut s, "+-1").unwrap();
        assert!(s.latex(pm).is_some());
    }

    #[test]
    fn each_notation() {
        assert_eq!(tex("0"), "0");
        assert_eq!(tex("-5/8"), "-\\frac{5}{8}");
        assert_eq!(tex("^"), "\\uparrow");
        assert_eq!(tex("v*"), "\\downarrow{*}");
        assert_eq!(tex("^^*3"), "\\Uparrow{*}3");
        assert_eq!(tex("^^^"), "3\\cdot\\uparrow");
        assert_eq!(tex("1/2^^^*"), "\\frac{1}{2} + 3\\cdot\\uparrow{*}");
        assert_eq!(tex("v4"), "4\\cdot\\downarrow");
        assert_eq!(tex("^<2>"), "\\uparrow^{2}");
        assert_eq!(tex("^[3]*"), "\\uparrow^{[3]}{*}");
        assert_eq!(tex("*2"), "{*}2");
        assert_eq!(tex("{1|-1}"), "\\pm 1");
        assert_eq!(tex("{2|-1/2}"), "\\{2\\,|\\,-\\frac{1}{2}\\}");
        assert_eq!(tex("{3||2|1}"), "\\{3\\,||\\,2\\,|\\,1\\}");
        assert_eq!(tex("{0||0|-2}"), "{+_{2}}");
        assert_eq!(tex("{2|0||0}"), "{-_{2}}");
        assert_eq!(tex("{1,1*|0}"), "\\{1, 1{*}\\,|\\,0\\}");
    }

    #[test]
    fn domineering_four_by_four() {
        // CGSuite's value of the empty 4×4 board.
        let t = tex("+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}");
        assert_eq!(
            t,
            "\\pm \\{0, \\{\\{2\\,|\\,0\\}, 2{+_{2}}\\,|\\,\\{2\\,|\\,0\\}, {-_{2}}\\}\\}"
        );
        // Braces balance.
        let opens = t.matches("\\{").count();
        assert_eq!(opens, t.matches("\\}").count());
    }
}
