//! Game literals whose options are expressions: `{x | 0}`, `{value(T(2))
//! || 0 | -2}`, `Tiny(x)`, `±{a, b}`. A literal of constants is read whole
//! in CGSuite's notation when compiled (`compile::game_literal`); one that
//! names something is split here at its top-level bars and commas, the
//! longest run of bars splitting first as for constants, and each option
//! is read again: a constant in CGSuite's notation (so `{x | 1*2}` holds
//! 1 + *2), anything else as an expression of the language. The game is
//! built when the expression runs (`Interp::game_braces`).

use crate::error::SyntaxError;
use crate::error::{Error, Result};
use crate::source::Span;
use crate::syntax::ast::{BinOp, UnOp};

use super::compile::{Compiler, Node, NodeKind, Scope};

/// Where a literal's text sits in the source.
struct Lit<'t> {
    text: &'t str,
    span: Span,
}

impl Lit<'_> {
    fn err(&self, lo: usize, hi: usize, message: impl Into<String>, help: &str) -> Error {
        let start = self.span.start as usize + lo;
        SyntaxError::GameLiteral {
            message: message.into(),
            help: help.to_string(),
            span: Span::new(self.span.src, start, start + (hi - lo).max(1)),
        }
        .into()
    }

    fn sub_span(&self, lo: usize, hi: usize) -> Span {
        let start = self.span.start as usize + lo;
        Span::new(self.span.src, start, start + (hi - lo).max(1))
    }

    /// The runs of bars at the top level of `lo..hi`: (start, length).
    fn bars(&self, lo: usize, hi: usize) -> Vec<(usize, usize)> {
        let b = self.text.as_bytes();
        let mut out = Vec::new();
        let mut depth = 0usize;
        let mut i = lo;
        while i < hi {
            match b[i] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                b'|' if depth == 0 => {
                    let start = i;
                    while i < hi && b[i] == b'|' {
                        i += 1;
                    }
                    out.push((start, i - start));
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        out
    }

    /// The top-level commas of `lo..hi`.
    fn commas(&self, lo: usize, hi: usize) -> Vec<usize> {
        let b = self.text.as_bytes();
        let mut depth = 0usize;
        (lo..hi)
            .filter(|&i| {
                match b[i] {
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                    b',' => return depth == 0,
                    _ => {}
                }
                false
            })
            .collect()
    }
}

fn node(kind: NodeKind, span: Span) -> Node {
    let fast = super::fast::compile(&kind);
    Node { kind, span, fast }
}

impl Compiler<'_> {
    /// A game literal that names values (a constant one failed to read
    /// with an unknown name).
    pub(super) fn game_expr_literal(
        &self,
        text: &str,
        span: Span,
        scope: &mut Scope,
    ) -> Result<NodeKind> {
        let lit = Lit { text, span };
        let t = text.trim_end();
        if let Some(rest) = t.strip_prefix('±') {
            let lo = t.len() - rest.len();
            return self.switch(&lit, lo, t.len(), scope);
        }
        if t.starts_with('{') && t.ends_with('}') {
            let (l, r) = self.game(&lit, 1, t.len() - 1, scope)?;
            return Ok(NodeKind::GameBraces(l, r));
        }
        // `[-]x Tiny(G)`, `[-]x Miny(G)`.
        if let Some(at) = t.find("Tiny(").or_else(|| t.find("Miny(")) {
            return self.tiny(&lit, at, t, scope);
        }
        // Nothing else names a value: the constant reader's error stands.
        Err(lit.err(
            0,
            t.len(),
            "this game value does not read",
            "write a value such as 3, -3/4, *2, ^*, v3, ±1, 2Tiny(1) or {1|*||-1}",
        ))
    }

    /// `±X`: {X | -X}; `±{A, B}`: {A, B | -A, -B}.
    fn switch(&self, lit: &Lit, lo: usize, hi: usize, scope: &mut Scope) -> Result<NodeKind> {
        let t = lit.text;
        let inner = t[lo..hi].trim();
        let opts = if inner.starts_with('{') && inner.ends_with('}') {
            let a = lo + (t[lo..hi].len() - t[lo..hi].trim_start().len());
            let b = a + inner.len();
            if lit.bars(a + 1, b - 1).is_empty() {
                self.pieces(lit, a + 1, b - 1, scope)?
            } else {
                let (l, r) = self.game(lit, a + 1, b - 1, scope)?;
                vec![node(NodeKind::GameBraces(l, r), lit.sub_span(a, b))]
            }
        } else {
            vec![self.piece(lit, lo, hi, scope)?]
        };
        let negs = opts
            .iter()
            .map(|o| node(NodeKind::Unary(UnOp::Neg, Box::new(o.clone())), o.span))
            .collect();
        Ok(NodeKind::GameBraces(opts, negs))
    }

    /// `x Tiny(G)` = x + {0 || 0 | -G}, `x Miny(G)` = x + {G | 0 || 0}.
    fn tiny(&self, lit: &Lit, at: usize, t: &str, scope: &mut Scope) -> Result<NodeKind> {
        let tiny = t[at..].starts_with("Tiny");
        let open = at + 4;
        if !t.ends_with(')') {
            return Err(lit.err(
                at,
                t.len(),
                "expected `)` after the argument",
                "write `Tiny(G)`",
            ));
        }
        let g = self.piece(lit, open + 1, t.len() - 1, scope)?;
        let span = lit.span;
        let zero = || node(NodeKind::Const(crate::model::Value::Int(0)), span);
        let inner = if tiny {
            let neg = node(NodeKind::Unary(UnOp::Neg, Box::new(g)), span);
            node(NodeKind::GameBraces(vec![zero()], vec![neg]), span)
        } else {
            node(NodeKind::GameBraces(vec![g], vec![zero()]), span)
        };
        let game = if tiny {
            NodeKind::GameBraces(vec![zero()], vec![inner])
        } else {
            NodeKind::GameBraces(vec![inner], vec![zero()])
        };
        if t[..at].trim().is_empty() {
            return Ok(game);
        }
        let number = self.piece(lit, 0, at, scope)?;
        Ok(NodeKind::Binary(
            BinOp::Add,
            Box::new(number),
            Box::new(node(game, span)),
        ))
    }

    /// The game written `L | R` in `lo..hi` (inside braces).
    fn game(
        &self,
        lit: &Lit,
        lo: usize,
        hi: usize,
        scope: &mut Scope,
    ) -> Result<(Vec<Node>, Vec<Node>)> {
        let bars = lit.bars(lo, hi);
        let Some(most) = bars.iter().map(|b| b.1).max() else {
            return Err(lit.err(
                lo,
                hi,
                "a game needs `|` between its Left and Right options",
                "write `{L | R}`",
            ));
        };
        let at: Vec<usize> = bars.iter().filter(|b| b.1 == most).map(|b| b.0).collect();
        if at.len() > 1 {
            return Err(lit.err(
                at[1],
                at[1] + most,
                format!("ambiguous: two separators of {most} bar{} at the same level", if most == 1 { "" } else { "s" }),
                "nest the games with runs of different lengths, `{3||2|1}`, or with braces, `{3|{2|1}}`",
            ));
        }
        let left = self.side(lit, lo, at[0], scope)?;
        let right = self.side(lit, at[0] + most, hi, scope)?;
        Ok((left, right))
    }

    /// One side: a nested game written with fewer bars, or a list.
    fn side(&self, lit: &Lit, lo: usize, hi: usize, scope: &mut Scope) -> Result<Vec<Node>> {
        if lit.bars(lo, hi).is_empty() {
            return self.pieces(lit, lo, hi, scope);
        }
        let (l, r) = self.game(lit, lo, hi, scope)?;
        Ok(vec![node(NodeKind::GameBraces(l, r), lit.sub_span(lo, hi))])
    }

    /// Comma-separated options (possibly none) in `lo..hi`.
    fn pieces(&self, lit: &Lit, lo: usize, hi: usize, scope: &mut Scope) -> Result<Vec<Node>> {
        if lit.text[lo..hi].trim().is_empty() {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        let mut start = lo;
        for end in lit.commas(lo, hi).into_iter().chain([hi]) {
            out.push(self.piece(lit, start, end, scope)?);
            start = end + 1;
        }
        Ok(out)
    }

    /// One option: a constant in CGSuite's notation, else an expression.
    fn piece(&self, lit: &Lit, lo: usize, hi: usize, scope: &mut Scope) -> Result<Node> {
        let raw = &lit.text[lo..hi];
        let text = raw.trim();
        let lo = lo + (raw.len() - raw.trim_start().len());
        if text.is_empty() {
            return Err(lit.err(
                lo,
                lo + 1,
                "expected a value next to `,`",
                "write an option between the commas",
            ));
        }
        let span = lit.sub_span(lo, lo + text.len());
        let mut store = crate::partizan::GameStore::new();
        match crate::partizan::parse(&mut store, text) {
            Ok(id) => Ok(node(
                NodeKind::Const(crate::model::game_value::game_val(&mut store, id)),
                span,
            )),
            Err(e) if !e.message.starts_with("unknown name") => Err(lit.err(
                lo + e.offset,
                lo + e.offset + e.len.max(1),
                e.message,
                &e.help,
            )),
            Err(_) => {
                let e = crate::syntax::parse_expr(span.src, span.start as usize, text)?;
                self.expr(&e, scope)
            }
        }
    }
}
