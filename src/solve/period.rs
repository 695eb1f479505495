//! `period G`: the period of a heap game's nim-sequence. A kind with a
//! periodicity theorem (octal and subtraction codes: Guy–Smith, THEORY.md
//! §3) proves it; for any other game the first values are computed and a
//! period that shows in them is reported as apparent only.

use crate::error::Result;
use crate::eval::{Ctx, GameId};
use crate::octal::{Period, find_period};

use super::Solver;

/// A rule game's `period` looks at this many values.
pub const RULE_PERIOD_VALUES: i64 = 1000;

/// What `period G` found.
#[derive(Debug, Clone, PartialEq)]
pub struct PeriodAnswer {
    pub game: String,
    /// The octal code, for octal and subtraction games.
    pub code: Option<String>,
    /// None when no period shows in the values computed.
    pub period: Option<Period>,
    /// How many values G(0), G(1), ... were computed.
    pub values_computed: usize,
    /// Why a period cannot be proved (rule games), if so.
    pub unprovable: Option<String>,
}

impl Solver {
    pub fn period(&mut self, cx: &Ctx, g: GameId) -> Result<PeriodAnswer> {
        let def = cx.defs.game(g);
        let game = def.name.clone();
        if let Some(proved) = def.kind.proved_period(cx) {
            let p = proved?;
            return Ok(PeriodAnswer {
                game,
                code: Some(p.code),
                period: p.period,
                values_computed: p.values_computed,
                unprovable: None,
            });
        }
        let mut values = Vec::new();
        for n in 0..RULE_PERIOD_VALUES {
            // A loopy value counts as one symbol that never repeats a finite one.
            let v = self
                .heap(cx, g, n)?
                .finite()
                .and_then(|v| u32::try_from(v).ok());
            values.push(v.unwrap_or(u32::MAX));
        }
        let status = find_period(&values, 1, u64::MAX);
        Ok(PeriodAnswer {
            game,
            code: None,
            period: status.period(),
            values_computed: values.len(),
            unprovable: Some(
                "a rule game: no periodicity theorem applies, so the period is only apparent"
                    .into(),
            ),
        })
    }
}
