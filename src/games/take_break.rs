//! `game G = octal 4!.0`: a heap game given by a code in CGSuite's
//! extended take-and-break notation (docs/OCTAL.md, "Extended codes")
//! that no octal or hex code spells. A heap's options are listed from
//! the code and solved like any rule game's; a code that is an octal or
//! hex code in other words (`04.30`, `0.{1,2}`) is given to the octal
//! engine instead (`Octal`).

use std::rc::Rc;

use crate::error::{AtSpan, Result, SolveError};
use crate::model::{Ctx, GameId, GameKind, OptionSink, Value};
use crate::octal::{OctalCode, TakeBreakCode};
use crate::source::Span;

use super::octal::Octal;

#[derive(Debug)]
pub struct TakeBreak {
    code: TakeBreakCode,
}

/// `octal CODE` as written at `span`: an octal or hex code, or an
/// extended one. A code that does not read is explained as an extended
/// code when it uses what only those have (two digits before the point,
/// `!?=[]{}*&`, digits `g`-`v`), else as an octal code.
pub fn parse(code: &str, span: Span) -> Result<Rc<dyn GameKind>> {
    let octal_err = match OctalCode::parse(code) {
        Ok(oc) => return Ok(Rc::new(Octal::new(oc))),
        Err(e) => e,
    };
    match TakeBreakCode::parse(code) {
        Ok(tb) => Ok(match tb.octal() {
            Some(oc) => Rc::new(Octal::new(oc)),
            None => Rc::new(TakeBreak { code: tb }),
        }),
        Err(e) if extended(code) => Err(e.at(span)),
        Err(_) => Err(octal_err.at(span)),
    }
}

/// Whether a code uses what only extended codes have.
fn extended(code: &str) -> bool {
    code.find('.')
        .is_some_and(|p| code[..p].chars().count() > 1)
        || code
            .chars()
            .any(|c| "!?=[]{}*&".contains(c) || matches!(c.to_ascii_lowercase(), 'g'..='v'))
}

impl GameKind for TakeBreak {
    fn arity(&self) -> usize {
        1
    }

    fn raw_args(&self) -> bool {
        false
    }

    fn check_args(&self, name: &str, args: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        super::heap_arg(name, args, span)
    }

    fn options(
        &self,
        cx: &Ctx,
        game: GameId,
        args: &[Value],
        out: &mut dyn OptionSink,
    ) -> Result<()> {
        let n = super::heap_size(args).unwrap_or(0).max(0) as u64;
        let budget = cx.limits.max_edges();
        let too_many = || {
            Err(SolveError::MoveBudget {
                game: format!("{}({n})", cx.defs.game(game).name),
                budget,
                span: cx.span,
            }
            .into())
        };
        // An option of that many heaps is not listed at all.
        if self.code.max_parts(n) > budget as u64 {
            return too_many();
        }
        let mut count = 0usize;
        let mut result = Ok(());
        self.code.for_each_option(n, &mut |parts| {
            count += 1;
            result = if count > budget {
                too_many()
            } else {
                cx.tick().and_then(|()| {
                    for &p in parts {
                        out.part_ints(game, &[p as i64])?;
                    }
                    out.end_option()
                })
            };
            result.is_ok()
        });
        result
    }

    fn describe(&self, name: &str, _decl: &str) -> Option<(String, String)> {
        Some((
            format!("{name}(n)"),
            format!("take-and-break {}", super::clip(&self.code.to_string(), 40)),
        ))
    }
}
