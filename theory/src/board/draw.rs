//! Boards drawn for people: as a Graphviz HTML-like table (one small
//! square a cell, coloured by its content, a `#` left out), the picture
//! `dot` puts in a node, and as text rows laid side by side, the drawing
//! text answers put under a position.

use std::fmt::Write as _;

use super::Board;

/// The side of a square in a picture, in points.
pub const SQUARE: u32 = 14;

/// The fill of an empty cell.
pub const EMPTY_FILL: &str = "#ffffff";
/// The fill of a cell holding one of Left's usual letters (`x`, `L`, `T`,
/// `b`, ...): dark blue (Left is bLue in Winning Ways), its letter white.
pub const LEFT_FILL: &str = "#2c5d9e";
/// The fill of a cell holding one of Right's usual letters (`o`, `R`,
/// `F`, `w`, ...): dark red, its letter white.
pub const RIGHT_FILL: &str = "#b23a30";
/// Fills of other contents, chosen by the character.
const OTHER_FILLS: [&str; 6] = [
    "#fdd49e", "#c7e9c0", "#dadaeb", "#fff7bc", "#bdbdbd", "#c6dbef",
];

/// The fill of a square showing `ch`: None for no cell (`#`).
pub fn fill(ch: char) -> Option<&'static str> {
    match ch {
        '#' => None,
        '.' => Some(EMPTY_FILL),
        'x' | 'X' | 'L' | 'l' | 'T' | 't' | 'b' | 'B' => Some(LEFT_FILL),
        'o' | 'O' | 'R' | 'r' | 'F' | 'f' | 'w' | 'W' => Some(RIGHT_FILL),
        c => Some(OTHER_FILLS[c as usize % OTHER_FILLS.len()]),
    }
}

impl Board {
    /// The board as a Graphviz HTML-like `<TABLE>`: one fixed-size square
    /// per square of the rectangle, a cell outlined and filled by its
    /// content (which it also shows, in small type), a square with no cell
    /// left blank without a border. A board of no squares is one blank
    /// square. Contents are escaped for HTML.
    pub fn html_table(&self) -> String {
        let mut s = String::from(
            "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"0\" COLOR=\"#444444\">",
        );
        let rows = self.row_strings();
        if rows.is_empty() || self.cols() == 0 {
            let _ = write!(
                s,
                "<TR><TD BORDER=\"0\" WIDTH=\"{SQUARE}\" HEIGHT=\"{SQUARE}\" FIXEDSIZE=\"TRUE\"></TD></TR>"
            );
        }
        for row in &rows {
            s.push_str("<TR>");
            for ch in row.chars() {
                let size = format!("WIDTH=\"{SQUARE}\" HEIGHT=\"{SQUARE}\" FIXEDSIZE=\"TRUE\"");
                match fill(ch) {
                    None => {
                        let _ = write!(s, "<TD BORDER=\"0\" {size}></TD>");
                    }
                    Some(f) if ch == '.' => {
                        let _ = write!(s, "<TD {size} BGCOLOR=\"{f}\"></TD>");
                    }
                    Some(f) => {
                        let colour = if f == LEFT_FILL || f == RIGHT_FILL {
                            "#ffffff"
                        } else {
                            "#000000"
                        };
                        let _ = write!(
                            s,
                            "<TD {size} BGCOLOR=\"{f}\"><FONT POINT-SIZE=\"8\" COLOR=\"{colour}\">{}</FONT></TD>",
                            html_escape(&ch.to_string())
                        );
                    }
                }
            }
            s.push_str("</TR>");
        }
        s.push_str("</TABLE>");
        s
    }
}

/// Text made safe inside a Graphviz HTML-like label.
pub fn html_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\n' => out.push_str("<BR/>"),
            c => out.push(c),
        }
    }
    out
}

/// Blocks of text lines side by side, top-aligned: each block padded to
/// its widest line, `seps[i]` between block i and block i + 1 on the first
/// line (spaces of the same width below it). Lines keep no trailing
/// spaces.
pub fn side_by_side(blocks: &[Vec<String>], seps: &[&str]) -> Vec<String> {
    let height = blocks.iter().map(Vec::len).max().unwrap_or(0);
    let mut lines = vec![String::new(); height];
    for (i, block) in blocks.iter().enumerate() {
        let width = block.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        for (r, line) in lines.iter_mut().enumerate() {
            if i > 0 {
                let sep = seps.get(i - 1).copied().unwrap_or("   ");
                if r == 0 {
                    line.push_str(sep);
                } else {
                    line.extend(std::iter::repeat_n(' ', sep.chars().count()));
                }
            }
            let cell = block.get(r).map(String::as_str).unwrap_or("");
            line.push_str(cell);
            line.extend(std::iter::repeat_n(
                ' ',
                width.saturating_sub(cell.chars().count()),
            ));
        }
    }
    for line in &mut lines {
        let end = line.trim_end().len();
        line.truncate(end);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_has_a_square_per_square() {
        let b = Board::parse(&["x.#", "o.x"]).unwrap();
        let t = b.html_table();
        assert!(t.starts_with("<TABLE") && t.ends_with("</TABLE>"));
        assert_eq!(t.matches("<TR>").count(), 2);
        assert_eq!(t.matches("<TD").count(), 6);
        // The hole has no border and no fill; the empty cells are white.
        assert_eq!(t.matches("<TD BORDER=\"0\"").count(), 1);
        assert_eq!(t.matches(&format!("BGCOLOR=\"{EMPTY_FILL}\"")).count(), 2);
        assert_eq!(t.matches(&format!("BGCOLOR=\"{LEFT_FILL}\"")).count(), 2);
        assert_eq!(t.matches(&format!("BGCOLOR=\"{RIGHT_FILL}\"")).count(), 1);
        assert!(t.contains(">x</FONT>") && t.contains(">o</FONT>"));
    }

    #[test]
    fn contents_are_escaped_and_empty_boards_drawn() {
        let b = Board::parse(&["<&"]).unwrap();
        let t = b.html_table();
        assert!(t.contains("&lt;") && t.contains("&amp;") && !t.contains("<&"));
        let empty = Board::new(0, 0).unwrap().html_table();
        assert_eq!(empty.matches("<TD").count(), 1);
        assert_eq!(html_escape("a\"b\nc>"), "a&quot;b<BR/>c&gt;");
    }

    #[test]
    fn every_character_has_a_fill_but_a_hole() {
        for c in (32u8..127).map(char::from) {
            assert_eq!(fill(c).is_none(), c == '#', "{c:?}");
        }
    }

    #[test]
    fn blocks_sit_side_by_side() {
        let a = vec!["..".to_string(), "x.".to_string()];
        let b = vec!["o".to_string()];
        let c = vec!["#.".to_string(), "..".to_string(), ".x".to_string()];
        let lines = side_by_side(&[a, b, c], &[" + ", "   "]);
        assert_eq!(lines, vec![".. + o   #.", "x.       ..", "         .x"]);
        assert!(side_by_side(&[], &[]).is_empty());
    }
}
