//! Boards drawn in answers: a position's boards as rows under its line in
//! text answers, and as squares in the nodes of `dot` pictures.

use crate::board::draw::{html_escape, side_by_side};
use crate::model::fmt_comp;
use crate::model::{Comp, GameNames, Value};

/// The rows of the boards in a position's one-line text, side by side
/// (`+` between boards of different components, spaces between boards of
/// one), when a board has two rows or more; else nothing (a one-row board
/// reads well in its line). Boards print as `grid("ROW|ROW")`, and no
/// content is `"` or `|`, so the rows are read back exactly.
pub(crate) fn drawing(text: &str) -> Vec<String> {
    let mut blocks: Vec<Vec<String>> = Vec::new();
    let mut seps: Vec<&str> = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("grid(\"") {
        let body = &rest[at + 6..];
        let Some(end) = body.find("\")") else {
            break;
        };
        // What lies between this board and the one before it.
        if !blocks.is_empty() {
            seps.push(if rest[..at].contains(" + ") {
                " + "
            } else {
                "   "
            });
        }
        blocks.push(body[..end].split('|').map(str::to_string).collect());
        rest = &body[end + 2..];
    }
    if blocks.iter().all(|b| b.len() < 2) {
        return Vec::new();
    }
    side_by_side(&blocks, &seps)
}

/// The drawing of a position's text, each line indented by `indent`
/// spaces and after a line break: what a text answer adds under the line
/// that shows the position (nothing when it has no board of two rows).
pub(crate) fn below(text: &str, indent: usize) -> String {
    let mut s = String::new();
    for line in drawing(text) {
        s.push('\n');
        if !line.is_empty() {
            s.extend(std::iter::repeat_n(' ', indent));
            s.push_str(&line);
        }
    }
    s
}

/// The boards a component is drawn as: what its show function gives when
/// that is a board, else its board arguments.
fn boards_of(c: &Comp, names: &dyn GameNames) -> Vec<std::rc::Rc<crate::board::Board>> {
    match names.shown(c) {
        Some(Value::Board(b)) => vec![b],
        Some(_) => Vec::new(),
        None => c
            .args
            .iter()
            .filter_map(|a| match a {
                Value::Board(b) => Some(b.clone()),
                _ => None,
            })
            .collect(),
    }
}

/// The picture of a position in a `dot` node (a Graphviz HTML-like
/// table): each component that has a board drawn as its squares, any
/// other as its text, `+` between components. None when no component has
/// a board (the node is then labelled with text alone).
pub(crate) fn picture(comps: &[Comp], names: &dyn GameNames) -> Option<String> {
    let boards: Vec<_> = comps.iter().map(|c| boards_of(c, names)).collect();
    if boards.iter().all(Vec::is_empty) {
        return None;
    }
    let mut s = String::from(
        "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"3\" CELLPADDING=\"0\"><TR>",
    );
    for (i, (c, bs)) in comps.iter().zip(&boards).enumerate() {
        if i > 0 {
            s.push_str("<TD>+</TD>");
        }
        if bs.is_empty() {
            let mut text = String::new();
            fmt_comp(c, names, &mut text);
            s.push_str(&format!("<TD>{}</TD>", html_escape(&text)));
        }
        for b in bs {
            s.push_str(&format!("<TD>{}</TD>", b.html_table()));
        }
    }
    s.push_str("</TR></TABLE>");
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_row_boards_are_drawn_under_their_line() {
        let text = r##"Domineering(grid(".|.")) + Domineering(grid("#.|.."))"##;
        assert_eq!(drawing(text), vec![". + #.", ".   .."]);
        assert_eq!(below(text, 4), "\n    . + #.\n    .   ..");
        // Two boards of one component: spaces between them.
        assert_eq!(
            drawing(r#"G(grid("x|o"), grid("ab|cd"))"#),
            vec!["x   ab", "o   cd"]
        );
    }

    #[test]
    fn one_row_boards_and_other_text_draw_nothing() {
        assert!(drawing(r#"TF(grid("T..TF"))"#).is_empty());
        assert!(drawing("Nim(3) + *2").is_empty());
        assert!(drawing(r#"G(grid("unclosed"#).is_empty());
        assert_eq!(below("Nim(3)", 4), "");
    }
}
