//! Graphviz DOT output of a digraph, with a kernel marked.

use std::fmt::Write;

use super::{Digraph, DigraphError};

/// The digraph in DOT syntax. `labels` names each vertex; vertices of
/// `kernel` are drawn as filled double circles. Refuses graphs with more
/// than `max_vertices` vertices.
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
    let mut out = String::from("digraph G {\n  node [shape=circle];\n");
    for v in g.vertices() {
        let _ = write!(out, "  v{v} [label=\"{}\"", escape(&labels(v)));
        if in_kernel[v as usize] {
            out.push_str(", shape=doublecircle, style=filled, fillcolor=lightgrey");
        }
        out.push_str("];\n");
    }
    for (a, b) in g.edges() {
        let _ = writeln!(out, "  v{a} -> v{b};");
    }
    out.push_str("}\n");
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
    fn marks_kernel_and_escapes() {
        let g = Digraph::from_edges(2, &[(0, 1)]).unwrap();
        let names = ["a\"b", "c"];
        let label = |v: u32| names[v as usize].to_string();
        let dot = to_dot(&g, &label, Some(&[1]), 10).unwrap();
        assert_eq!(
            dot,
            "digraph G {\n  node [shape=circle];\n  v0 [label=\"a\\\"b\"];\n  \
             v1 [label=\"c\", shape=doublecircle, style=filled, fillcolor=lightgrey];\n  \
             v0 -> v1;\n}\n"
        );
        assert!(to_dot(&g, &label, None, 1).is_err());
    }
}
