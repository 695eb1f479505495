//! Graphviz DOT output of a digraph: box nodes coloured by outcome, a kernel
//! marked by a double border, and a legend.

use std::fmt::Write;

use super::{Digraph, DigraphError, Outcome, gamma};

/// Fill colours of the outcomes (readable with black text, and told apart
/// in grey print by lightness: P darkest, D lightest and dashed).
const P_FILL: &str = "#6baed6";
const N_FILL: &str = "#fdae6b";
const D_FILL: &str = "#eeeeee";

/// The digraph in DOT syntax. `labels` names each vertex (the query adds
/// its value on a second line); a vertex without moves gets `(final)` after
/// its first line. Each vertex is a rounded box filled by its outcome under
/// normal play, from the generalized Sprague–Grundy function
/// ([`gamma`]): P, N, or D (draw, dashed border). The vertices of `kernel`
/// get a double border. A legend explains the marks; the background is
/// white. Refuses graphs with more than `max_vertices` vertices.
pub fn to_dot(
    g: &Digraph,
    labels: &dyn Fn(u32) -> String,
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
    let mut seen = [false; 3];
    for v in g.vertices() {
        let mut label = labels(v);
        if g.successors(v).is_empty() {
            let at = label.find('\n').unwrap_or(label.len());
            label.insert_str(at, " (final)");
        }
        let outcome = values[v as usize].outcome();
        let (fill, extra, k) = match outcome {
            Outcome::P => (P_FILL, "", 0),
            Outcome::N => (N_FILL, "", 1),
            Outcome::D => (D_FILL, ", style=\"rounded,filled,dashed\"", 2),
        };
        seen[k] = true;
        let _ = write!(
            out,
            "  v{v} [label=\"{}\", fillcolor=\"{fill}\"{extra}",
            escape(&label)
        );
        if in_kernel[v as usize] {
            out.push_str(", peripheries=2, penwidth=1.5");
        }
        out.push_str("];\n");
    }
    for (a, b) in g.edges() {
        let _ = writeln!(out, "  v{a} -> v{b};");
    }
    // The legend: the outcomes that occur, and the kernel mark.
    out.push_str(
        "  subgraph cluster_legend {\n    label=\"legend\"; style=rounded; color=\"#999999\";\n",
    );
    let mut keys = Vec::new();
    let entries = [
        (0, "P: the previous player wins", P_FILL, ""),
        (1, "N: the next player wins", N_FILL, ""),
        (2, "D: a draw", D_FILL, ", style=\"rounded,filled,dashed\""),
    ];
    for (k, text, fill, extra) in entries {
        if seen[k] {
            let _ = writeln!(
                out,
                "    legend{k} [label=\"{text}\", fillcolor=\"{fill}\"{extra}];"
            );
            keys.push(format!("legend{k}"));
        }
    }
    if kernel.is_some() {
        out.push_str(
            "    legend3 [label=\"double border: a kernel\", fillcolor=white, peripheries=2, penwidth=1.5];\n",
        );
        keys.push("legend3".into());
    }
    if keys.len() > 1 {
        let _ = writeln!(out, "    {} [style=invis];", keys.join(" -> "));
    }
    out.push_str("  }\n}\n");
    Ok(out)
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
        let label = |v: u32| names[v as usize].to_string();
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
        let dot = to_dot(&g, &|v| format!("x{v}"), Some(&[0]), 10).unwrap();
        assert!(dot.contains(&format!(
            "v0 [label=\"x0\", fillcolor=\"{D_FILL}\", style=\"rounded,filled,dashed\", peripheries=2"
        )));
        assert!(!dot.contains(P_FILL));
        assert!(dot.contains("legend2 [label=\"D: a draw\""));
    }
}
