//! Graphviz DOT output of a digraph: box nodes coloured by outcome, a kernel
//! marked by a double border, and a legend.

use std::fmt::Write;

use super::{Digraph, DigraphError, Outcome, gamma};

/// The fill of P-positions (the previous player wins). The fills of the
/// outcomes are readable with black text, and told apart in grey print by
/// lightness: P darkest, D lightest and dashed.
pub const P_FILL: &str = "#6baed6";
/// The fill of N-positions (the next player wins).
pub const N_FILL: &str = "#fdae6b";
/// The fill of draws (D), the lightest; their border is dashed too.
pub const D_FILL: &str = "#eeeeee";
/// The fill of the partizan outcome L (Left wins whoever starts).
pub const L_FILL: &str = "#a1d99b";
/// The fill of the partizan outcome R (Right wins whoever starts).
pub const R_FILL: &str = "#f4a6a6";

/// How a vertex is labelled: lines of text, and optionally a picture
/// above them (a Graphviz HTML-like `<TABLE>`, e.g. a board's squares).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Label {
    /// Drawn above the text, as given (already HTML-like markup).
    pub picture: Option<String>,
    /// Lines separated by `\n`; a vertex without moves gets `(final)`
    /// after the first.
    pub text: String,
}

impl From<String> for Label {
    fn from(text: String) -> Label {
        Label {
            picture: None,
            text,
        }
    }
}

/// How an edge is drawn: an ordinary move, or one player's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgeStyle {
    /// A move open to whoever is to play (an impartial digraph): a solid grey
    /// arrow.
    Plain,
    /// A move of Left's: a solid blue arrow.
    Left,
    /// A move of Right's: a dashed red arrow.
    Right,
}

/// The colour of Left's arrows.
pub const LEFT_EDGE: &str = "#2166ac";
/// The colour of Right's arrows (dashed, to be told apart in grey too).
pub const RIGHT_EDGE: &str = "#b2182b";

/// One vertex as drawn: its label, its fill, a dashed border (a draw), a
/// double border (in the kernel marked).
#[derive(Debug, Clone)]
pub struct DotNode {
    /// The text (and picture, if any) in the box.
    pub label: Label,
    /// The fill colour (`#rrggbb` or a Graphviz colour name), by outcome.
    pub fill: &'static str,
    /// A dashed border: a draw.
    pub dashed: bool,
    /// A double border: a vertex of the kernel marked.
    pub double: bool,
}

/// One line of the legend, drawn as a node: its text and how it looks.
#[derive(Debug, Clone)]
pub struct LegendEntry {
    /// Its node is `legend{key}`.
    pub key: u32,
    /// What the mark means, e.g. `P: the previous player wins`.
    pub text: String,
    /// The fill of the sample, the same as the vertices it explains.
    pub fill: &'static str,
    /// A dashed border, as on draws.
    pub dashed: bool,
    /// A double border, as on kernel vertices.
    pub double: bool,
    /// A text colour other than black (the arrows' legend).
    pub font: Option<&'static str>,
}

/// The digraph in DOT syntax. `labels` names each vertex (the query adds
/// its value on a second line); a vertex without moves gets `(final)` after
/// its first line. Each vertex is a rounded box filled by its outcome under
/// normal play, from the generalized Sprague–Grundy function
/// ([`gamma()`]): P, N, or D (draw, dashed border). The vertices of `kernel`
/// get a double border. A legend explains the marks; the background is
/// white. Refuses graphs with more than `max_vertices` vertices.
pub fn to_dot(
    g: &Digraph,
    labels: &dyn Fn(u32) -> Label,
    kernel: Option<&[u32]>,
    max_vertices: usize,
) -> Result<String, DigraphError> {
    let n = g.num_vertices();
    if n > max_vertices {
        return Err(DigraphError::DotTooLarge {
            n,
            limit: max_vertices,
        });
    }
    let mut in_kernel = vec![false; n];
    for &v in kernel.unwrap_or(&[]) {
        if let Some(slot) = in_kernel.get_mut(v as usize) {
            *slot = true;
        }
    }
    let values = gamma(g);
    let mut seen = [false; 3];
    let nodes: Vec<DotNode> = g
        .vertices()
        .map(|v| {
            let (fill, k) = match values[v as usize].outcome() {
                Outcome::P => (P_FILL, 0),
                Outcome::N => (N_FILL, 1),
                Outcome::D => (D_FILL, 2),
            };
            seen[k] = true;
            DotNode {
                label: labels(v),
                fill,
                dashed: k == 2,
                double: in_kernel[v as usize],
            }
        })
        .collect();
    let edges: Vec<(u32, u32, EdgeStyle)> =
        g.edges().map(|(a, b)| (a, b, EdgeStyle::Plain)).collect();
    // The legend: the outcomes that occur, and the kernel mark.
    let entries = [
        (0, "P: the previous player wins", P_FILL),
        (1, "N: the next player wins", N_FILL),
        (2, "D: a draw", D_FILL),
    ];
    let mut legend: Vec<LegendEntry> = entries
        .into_iter()
        .filter(|(k, ..)| seen[*k])
        .map(|(k, text, fill)| LegendEntry {
            key: k as u32,
            text: text.into(),
            fill,
            dashed: k == 2,
            double: false,
            font: None,
        })
        .collect();
    if kernel.is_some() {
        legend.push(LegendEntry {
            key: 3,
            text: "double border: a kernel".into(),
            fill: "white",
            dashed: false,
            double: true,
            font: None,
        });
    }
    Ok(write_dot(&nodes, &edges, &legend))
}

/// DOT text of vertices 0..nodes.len() and their edges, with a legend: the
/// drawing [`to_dot`] makes, for any colouring (the partizan state graph
/// colours by its four outcomes and draws each player's moves).
pub fn write_dot(
    nodes: &[DotNode],
    edges: &[(u32, u32, EdgeStyle)],
    legend: &[LegendEntry],
) -> String {
    let n = nodes.len();
    // Larger graphs get smaller type and tighter spacing.
    let (font, nodesep, ranksep) = if n > 30 {
        (9, 0.15, 0.35)
    } else {
        (11, 0.25, 0.45)
    };
    let mut out = String::from("digraph G {\n");
    let _ = writeln!(
        out,
        "  graph [bgcolor=white, fontname=\"DejaVu Sans\", fontsize={font}, nodesep={nodesep}, ranksep={ranksep}];"
    );
    let _ = writeln!(
        out,
        "  node [shape=box, style=\"rounded,filled\", fontname=\"DejaVu Sans\", fontsize={font}, margin=\"0.08,0.03\", height=0.3];"
    );
    out.push_str("  edge [color=\"#555555\", arrowsize=0.6];\n");
    let mut moves = vec![false; n];
    for &(a, _, _) in edges {
        if let Some(m) = moves.get_mut(a as usize) {
            *m = true;
        }
    }
    for (v, node) in nodes.iter().enumerate() {
        let mut text = node.label.text.clone();
        if !moves[v] {
            let at = text.find('\n').unwrap_or(text.len());
            text.insert_str(at, " (final)");
        }
        let label = match &node.label.picture {
            None => format!("\"{}\"", escape(&text)),
            Some(picture) => html_label(picture, &text),
        };
        let _ = write!(out, "  v{v} [label={label}, fillcolor=\"{}\"", node.fill);
        if node.dashed {
            out.push_str(", style=\"rounded,filled,dashed\"");
        }
        if node.double {
            out.push_str(", peripheries=2, penwidth=1.5");
        }
        out.push_str("];\n");
    }
    for &(a, b, style) in edges {
        let _ = match style {
            EdgeStyle::Plain => writeln!(out, "  v{a} -> v{b};"),
            EdgeStyle::Left => writeln!(out, "  v{a} -> v{b} [color=\"{LEFT_EDGE}\"];"),
            EdgeStyle::Right => writeln!(
                out,
                "  v{a} -> v{b} [color=\"{RIGHT_EDGE}\", style=dashed];"
            ),
        };
    }
    out.push_str(
        "  subgraph cluster_legend {\n    label=\"legend\"; style=rounded; color=\"#999999\";\n",
    );
    let mut keys = Vec::new();
    for e in legend {
        let k = e.key;
        // A named colour stays bare, as Graphviz reads it either way.
        let fill = if e.fill.starts_with('#') {
            format!("\"{}\"", e.fill)
        } else {
            e.fill.to_string()
        };
        let _ = write!(
            out,
            "    legend{k} [label=\"{}\", fillcolor={fill}",
            escape(&e.text)
        );
        if e.dashed {
            out.push_str(", style=\"rounded,filled,dashed\"");
        }
        if e.double {
            out.push_str(", peripheries=2, penwidth=1.5");
        }
        if let Some(f) = e.font {
            let _ = write!(out, ", fontcolor=\"{f}\"");
        }
        out.push_str("];\n");
        keys.push(format!("legend{k}"));
    }
    if keys.len() > 1 {
        let _ = writeln!(out, "    {} [style=invis];", keys.join(" -> "));
    }
    out.push_str("  }\n}\n");
    out
}

/// An HTML-like label: the picture over the lines of text.
fn html_label(picture: &str, text: &str) -> String {
    let mut s =
        String::from("<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"1\" CELLPADDING=\"0\">");
    let _ = write!(s, "<TR><TD>{picture}</TD></TR>");
    for line in text.split('\n') {
        let _ = write!(s, "<TR><TD>{}</TD></TR>", html_text(line));
    }
    s.push_str("</TABLE>>");
    s
}

/// Text made safe inside an HTML-like label.
fn html_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_kernel_outcomes_and_escapes() {
        let g = Digraph::from_edges(2, &[(0, 1)]).unwrap();
        let names = ["a\"b", "c\n0"];
        let label = |v: u32| Label::from(names[v as usize].to_string());
        let dot = to_dot(&g, &label, Some(&[1]), 10).unwrap();
        assert!(dot.starts_with("digraph G {\n"));
        assert!(dot.contains("bgcolor=white"));
        assert!(dot.contains("node [shape=box"));
        // a -> c: a is N, c (no moves) is a final P-position in the kernel.
        assert!(dot.contains(&format!("v0 [label=\"a\\\"b\", fillcolor=\"{N_FILL}\"];")));
        assert!(dot.contains(&format!(
            "v1 [label=\"c (final)\\n0\", fillcolor=\"{P_FILL}\", peripheries=2"
        )));
        assert!(dot.contains("  v0 -> v1;\n"));
        assert!(dot.contains("legend0 [label=\"P:"));
        assert!(dot.contains("legend3 [label=\"double border: a kernel\""));
        assert!(!dot.contains("legend2"), "no draws, no draw legend");
        assert!(to_dot(&g, &label, None, 1).is_err());
    }

    #[test]
    fn draws_are_dashed_and_not_p() {
        // A 2-cycle: both vertices are draws, and one is in the kernel.
        let g = Digraph::from_edges(2, &[(0, 1), (1, 0)]).unwrap();
        let dot = to_dot(&g, &|v| Label::from(format!("x{v}")), Some(&[0]), 10).unwrap();
        assert!(dot.contains(&format!(
            "v0 [label=\"x0\", fillcolor=\"{D_FILL}\", style=\"rounded,filled,dashed\", peripheries=2"
        )));
        assert!(!dot.contains(P_FILL));
        assert!(dot.contains("legend2 [label=\"D: a draw\""));
    }
}
