//! Hoey's classification of misère canonical forms into *phyla*: how far
//! a form behaves like a nim heap (tame), like the restive games of
//! Conway's theory, or neither (`docs/THEORY.md` §9.4). Each form's phylum
//! is read from the top of its genus, its normal and misère Grundy values
//! `g+` and `g-`, and from the phyla of its options and of their options,
//! which are stored before it.

/// The phylum of a misère canonical form, from the tamest. The predicates
/// (`is_tame`, `is_generally_tame`, `is_tameable`, `is_restive`,
/// `is_generally_restive`, `is_restless`) are unions of phyla.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Phylum {
    /// A nim heap `*n`.
    NimHeap,
    /// Of a nim heap's genus at the top, every option a nim heap or
    /// hereditarily tame: it acts as a nim heap among tame games.
    HereditarilyTame,
    /// Of a nim heap's genus, every option generally tame, or some option
    /// not but each such option reverses through a tame option of its own
    /// to a game of this one's values.
    ReversiblyTame,
    /// Not generally tame, but its untamed options are tameable and
    /// reverse or match so that its values are kept among tame games.
    Tameable,
    /// `g+` 0 or 1 and `g-` another value (a restive genus), every option
    /// hereditarily tame.
    HereditarilyRestive,
    /// A restive genus, every option generally tame, or the untamed ones
    /// reversing through restive or tame options to its values.
    ReversiblyRestive,
    /// `g-` 0 or 1 and `g+` 2 or more (a restless genus), every option
    /// generally tame.
    Restless,
    /// Anything else.
    Wild,
}

impl Phylum {
    /// A nim heap or hereditarily tame: CGSuite's `IsTame`.
    pub fn is_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame)
    }

    /// Tame or reversibly tame: CGSuite's `IsGenerallyTame`.
    pub fn is_generally_tame(self) -> bool {
        self.is_tame() || self == Phylum::ReversiblyTame
    }

    /// Generally tame or tameable: CGSuite's `IsTameable`.
    pub fn is_tameable(self) -> bool {
        self.is_generally_tame() || self == Phylum::Tameable
    }

    /// Hereditarily restive: CGSuite's `IsRestive`.
    pub fn is_restive(self) -> bool {
        self == Phylum::HereditarilyRestive
    }

    /// Hereditarily or reversibly restive: CGSuite's `IsGenerallyRestive`.
    pub fn is_generally_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }

    /// Generally restive or generally tame.
    fn is_restive_or_tame(self) -> bool {
        self.is_generally_tame() || self.is_generally_restive()
    }

    /// Restless: CGSuite's `IsRestless`.
    pub fn is_restless(self) -> bool {
        self == Phylum::Restless
    }

    /// The class's words, as `misere_form` prints them: `tame` for a nim
    /// heap or a hereditarily tame form, `generally tame`, `tameable`,
    /// `restive`, `generally restive`, `restless`, `wild`.
    pub fn word(self) -> &'static str {
        match self {
            Phylum::NimHeap | Phylum::HereditarilyTame => "tame",
            Phylum::ReversiblyTame => "generally tame",
            Phylum::Tameable => "tameable",
            Phylum::HereditarilyRestive => "restive",
            Phylum::ReversiblyRestive => "generally restive",
            Phylum::Restless => "restless",
            Phylum::Wild => "wild",
        }
    }
}

/// What the classification needs to know of a form already stored.
#[derive(Debug, Clone, Copy)]
pub struct Known {
    /// The normal-play Grundy value g+.
    pub plus: u32,
    /// The misère Grundy value g-.
    pub minus: u32,
    /// Its phylum.
    pub phylum: Phylum,
}

/// The kind of genus a pair (g+, g-) has at its top.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Top {
    /// g+ = g-, or both 0 or 1: the values of a nim heap's genus.
    Tame,
    /// g+ 0 or 1, g- not: restive.
    Restive,
    /// g- 0 or 1, g+ not: restless.
    Restless,
    /// Both 2 or more and different.
    Wild,
}

fn top(plus: u32, minus: u32) -> Top {
    if plus == minus || (plus | minus) <= 1 {
        Top::Tame
    } else if plus <= 1 {
        Top::Restive
    } else if minus <= 1 {
        Top::Restless
    } else {
        Top::Wild
    }
}

/// The least value not in the set (as bits).
fn mex(bits: &[bool]) -> u32 {
    bits.iter().position(|&b| !b).unwrap_or(bits.len()) as u32
}

fn set(bits: &mut Vec<bool>, v: u32) {
    let v = v as usize;
    if bits.len() <= v {
        bits.resize(v + 1, false);
    }
    bits[v] = true;
}

/// The phylum of a form whose values are `me` (g+, g-), whose options are
/// `options`, each with its own options (`second`, as `Known`).
pub fn classify(me: (u32, u32), options: &[(Known, Vec<Known>)]) -> Phylum {
    let (plus, minus) = me;
    let kind = top(plus, minus);
    // The wildest option, when every option is generally tame.
    let wildest = options.iter().try_fold(Phylum::NimHeap, |w, (o, _)| {
        o.phylum.is_generally_tame().then(|| w.max(o.phylum))
    });
    match (wildest, kind) {
        // A nim heap's values over nim heaps: the heap (canonical forms
        // with only nim-heap options and a nim heap's values are heaps,
        // but 0^0 and 1^1 are not).
        (Some(Phylum::NimHeap), Top::Tame) if plus > 1 || plus != minus => Phylum::NimHeap,
        (Some(Phylum::NimHeap | Phylum::HereditarilyTame), Top::Tame) => Phylum::HereditarilyTame,
        (Some(Phylum::NimHeap | Phylum::HereditarilyTame), Top::Restive) => {
            Phylum::HereditarilyRestive
        }
        (Some(_), Top::Tame) => Phylum::ReversiblyTame,
        (Some(_), Top::Restive) => Phylum::ReversiblyRestive,
        (Some(_), Top::Restless) => Phylum::Restless,
        (None, Top::Tame | Top::Restive) => reversible(me, kind, options),
        _ => Phylum::Wild,
    }
}

/// A form with an option that is not generally tame, of a tame or
/// restive genus at the top: generally tame, tameable or generally
/// restive when each such option reverses (through one of its own
/// options) to a form of this form's values, and the tame options alone
/// give it these values; else wild.
fn reversible(me: (u32, u32), kind: Top, options: &[(Known, Vec<Known>)]) -> Phylum {
    let (plus, minus) = me;
    let tame_top = kind == Top::Tame;
    // Which phyla are still possible: (reversibly tame or restive, tameable).
    let mut reverses = true;
    let mut tameable = tame_top;
    let (mut plus_seen, mut minus_seen) = (Vec::new(), Vec::new());
    let (mut plus_tameable, mut minus_tameable) = (Vec::new(), Vec::new());
    for (o, second) in options {
        if o.phylum.is_generally_tame() {
            set(&mut plus_seen, o.plus);
            set(&mut minus_seen, o.minus);
            continue;
        }
        let mut found = (false, false);
        let mut found_tameable = (false, false);
        if tameable && o.phylum == Phylum::Tameable {
            set(&mut minus_tameable, o.minus);
            set(&mut plus_tameable, o.plus);
            found_tameable = (true, true);
        }
        for s in second {
            if s.phylum.is_generally_tame() && tame_top {
                found.0 |= s.minus == minus;
                found.1 |= s.plus == plus;
            } else if s.phylum.is_restive_or_tame() && kind == Top::Restive {
                // A reversing option of a restive form: its values, and
                // its other value 0 or 1 or paired with g- (differing
                // from it only in the last bit).
                let near = |v: u32| v <= 1 || (v ^ minus) <= 1;
                found.0 |= s.minus == minus && near(s.plus);
                found.1 |= s.plus == plus && near(s.minus);
            } else if s.phylum == Phylum::Tameable && tameable {
                found_tameable.0 |= s.minus == minus;
                found_tameable.1 |= s.plus == plus;
            }
        }
        if !(found.0 && found.1) {
            reverses = false;
            if !(found_tameable.0 && found_tameable.1) {
                tameable = false;
            }
            if !tameable {
                return Phylum::Wild;
            }
        }
    }
    if reverses && (mex(&plus_seen) != plus || mex(&minus_seen) != minus) {
        reverses = false;
    }
    if reverses {
        return if tame_top {
            Phylum::ReversiblyTame
        } else {
            Phylum::ReversiblyRestive
        };
    }
    if tameable {
        let seen_any = plus_seen.iter().any(|&b| b) || plus_tameable.iter().any(|&b| b);
        for (v, &b) in plus_tameable.iter().enumerate() {
            if b {
                set(&mut plus_seen, v as u32);
            }
        }
        for (v, &b) in minus_tameable.iter().enumerate() {
            if b {
                set(&mut minus_seen, v as u32);
            }
        }
        if (mex(&plus_seen) != plus || mex(&minus_seen) != minus) && (seen_any || plus > 0) {
            return Phylum::Wild;
        }
        return Phylum::Tameable;
    }
    Phylum::Wild
}
