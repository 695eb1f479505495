//! `period G`: the period of a heap game's nim-sequence. A kind with a
//! periodicity theorem (octal and subtraction codes: Guy–Smith, THEORY.md
//! §3) proves it; for any other game the first values are computed and a
//! period that shows in them is reported as apparent only.

use crate::error::LimitError;
use crate::error::Result;
use crate::model::Value;
use crate::model::{Ctx, GameId};
use crate::octal::{ArithmeticPeriod, Period, find_arithmetic_period, find_period};

use super::Solver;
use super::resemble::RESEMBLE_HEAPS;

/// A rule game's `period` looks at this many values.
pub const RULE_PERIOD_VALUES: i64 = 1000;

/// What an unproved `period` of a code says of how to look further.
pub(crate) fn period_further(code: &str) -> String {
    let octal = match code.starts_with(|c: char| c.is_ascii_digit()) {
        true => format!(", as does `grundy octal {code}`"),
        false => String::new(),
    };
    format!(
        "`period` computes at most --max-positions/{} values: a larger --max-positions looks further{octal}",
        crate::model::PERIOD_SHARE
    )
}

/// What `period G` found.
#[derive(Debug, Clone, PartialEq)]
pub struct PeriodAnswer {
    /// The game's name.
    pub game: String,
    /// The octal code, for octal and subtraction games.
    pub code: Option<String>,
    /// None when no period shows in the values computed.
    pub period: Option<Period>,
    /// How many values G(0), G(1), ... were computed.
    pub values_computed: usize,
    /// Why a period cannot be proved (rule games), if so.
    pub unprovable: Option<String>,
    /// When no ordinary period shows: an arithmetic one,
    /// G(n + p) = G(n) + s (THEORY.md §3), and the theorem that proves it
    /// if one applies (else it is apparent, for the reason `unprovable`).
    pub arithmetic: Option<(ArithmeticPeriod, Option<String>)>,
    /// A rule game whose options equal those of this code (`octal 0.77`,
    /// `subtraction {1, 3, 4}`) on the heaps `0 ..= .1` (observed, see
    /// `resemble`): a hint, not a proof.
    pub resembles: Option<(String, u64)>,
}

impl Solver {
    pub(crate) fn period(&mut self, cx: &Ctx, g: GameId) -> Result<PeriodAnswer> {
        let def = cx.defs.game(g);
        let game = def.name.clone();
        if let Some(proved) = def.kind.proved_period(cx) {
            let p = proved?;
            return Ok(PeriodAnswer {
                game,
                code: p.code,
                period: p.period,
                values_computed: p.values_computed,
                unprovable: None,
                arithmetic: None,
                resembles: None,
            });
        }
        // A nim-heap is worth its size: G(n + 1) = G(n) + 1 by definition.
        if def.kind.nim_heap(&[Value::Int(1)]) == Some(1) {
            return Ok(PeriodAnswer {
                game,
                code: None,
                period: None,
                values_computed: 0,
                unprovable: None,
                arithmetic: Some((
                    ArithmeticPeriod {
                        preperiod: 0,
                        period: 1,
                        saltus: 1,
                    },
                    Some("a nim-heap's value is its size".into()),
                )),
                resembles: None,
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
        // Only finite values can step by a saltus.
        let arithmetic = match status.period() {
            None if !values.contains(&u32::MAX) => {
                find_arithmetic_period(&values).map(|a| (a, None))
            }
            _ => None,
        };
        // The hint is not worth failing the answer for: only Ctrl-C stops it.
        let resembles = match super::resemble::observed_code(cx, g, RESEMBLE_HEAPS) {
            Ok(code) => code.map(|(c, upto)| (super::resemble::declaration(&c), upto)),
            Err(e @ crate::error::Error::Limit(LimitError::Interrupted { .. })) => return Err(e),
            Err(_) => None,
        };
        Ok(PeriodAnswer {
            resembles,
            arithmetic,
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
