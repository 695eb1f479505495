//! Conway's genus g^{γ0 γ1 γ2 …}: the normal-play Grundy value g and the
//! misère Grundy values γn of the game plus n copies of *2, computed from
//! the options' genera (`docs/THEORY.md` §9.2).

use std::fmt;

use super::mex;

/// The genus `g^{γ0 γ1 …}` of an impartial game.
///
/// `gamma` is the shortest prefix (at least two values) after which the
/// sequence alternates between its last two entries: `0^{120}` stands for
/// γ = 1, 2, 0, 2, 0, … .
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    /// Normal-play Grundy value.
    pub g: u32,
    /// γ0, γ1, …: the minimal prefix, at least two entries long.
    pub gamma: Vec<u32>,
}

impl Genus {
    /// The genus of the empty game: 0^{120}.
    pub fn zero() -> Genus {
        Genus {
            g: 0,
            gamma: vec![1, 2, 0],
        }
    }

    /// γn for any n: past the stored prefix the last two values alternate.
    pub fn gamma_at(&self, n: usize) -> u32 {
        let len = self.gamma.len();
        if n < len {
            self.gamma[n]
        } else if len < 2 {
            // Not a stored form (fewer than two values): read it as constant.
            self.gamma.last().copied().unwrap_or(0)
        } else {
            self.gamma[len - 2 + (n - (len - 2)) % 2]
        }
    }

    /// The misère Grundy value γ0 (0 exactly for misère P-positions).
    pub fn misere_value(&self) -> u32 {
        self.gamma_at(0)
    }

    /// The genus of a game whose options have the genera `opts`:
    /// g = mex g'; γ0 = mex γ0' (1 when there is no option);
    /// γ(n+1) = mex({γ(n+1)'} ∪ {γn, γn ⊕ 1}).
    pub fn from_options<'a>(opts: impl IntoIterator<Item = &'a Genus>) -> Genus {
        let opts: Vec<&Genus> = opts.into_iter().collect();
        if opts.is_empty() {
            return Genus::zero();
        }
        let g = mex(opts.iter().map(|o| o.g));
        // Past index `longest`, every option's sequence has period 2, so
        // γ(n+1) is a function of γn and the parity of n; such a sequence
        // settles into period 2 within a few steps (`docs/THEORY.md` §9.2 proves it
        // cannot cycle through more values), so `longest + 6` terms suffice.
        let longest = opts.iter().map(|o| o.gamma.len()).max().unwrap_or(2);
        let terms = longest + 6;
        let mut gamma = Vec::with_capacity(terms);
        gamma.push(mex(opts.iter().map(|o| o.gamma_at(0))));
        for n in 1..terms {
            let prev = gamma[n - 1];
            let v = mex(opts.iter().map(|o| o.gamma_at(n)).chain([prev, prev ^ 1]));
            gamma.push(v);
        }
        Genus::trimmed(g, gamma)
    }

    /// Builds a genus from a sequence whose last four entries already
    /// alternate, keeping the shortest prefix that determines it.
    pub(crate) fn trimmed(g: u32, mut gamma: Vec<u32>) -> Genus {
        while gamma.len() > 2 && gamma[gamma.len() - 1] == gamma[gamma.len() - 3] {
            gamma.pop();
        }
        Genus { g, gamma }
    }

    /// The genus of a nim heap *n (tame: 0^{120}, 1^{031}, n^{n, n⊕2}).
    pub fn nim(n: u32) -> Genus {
        match n {
            0 => Genus::zero(),
            1 => Genus {
                g: 1,
                gamma: vec![0, 3, 1],
            },
            _ => Genus {
                g: n,
                gamma: vec![n, n ^ 2],
            },
        }
    }

    /// The genus of the Nim position `*h1 + *h2 + …` (THEORY.md §9.2):
    /// with g the nim-sum, `g^{g, g⊕2}` if some heap is 2 or more, else
    /// `0^{120}` or `1^{031}` (an even or odd number of 1-heaps). `None`
    /// when the nim-sum does not fit a `u32`.
    pub fn nim_sum(heaps: &[u64]) -> Option<Genus> {
        let x = heaps.iter().fold(0u64, |a, &h| a ^ h);
        let g = u32::try_from(x).ok()?;
        let big = heaps.iter().any(|&h| h >= 2);
        let g0 = if big { g } else { g ^ 1 };
        Some(Genus::trimmed(g, vec![g0, g ^ 2, g, g ^ 2]))
    }

    /// Whether this is the genus of some Nim position: 0^{120}, 1^{031}, or
    /// g^{g, g⊕2} (which includes 0^{02} and 1^{13}).
    pub fn is_tame(&self) -> bool {
        match (self.g, self.gamma.as_slice()) {
            (0, [1, 2, 0]) | (1, [0, 3, 1]) => true,
            (g, [a, b]) => *a == g && *b == g ^ 2,
            _ => false,
        }
    }

    /// The genus as a JSON object: `{"g": g, "gamma": [γ0, γ1, …]}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({"g": self.g, "gamma": self.gamma})
    }
}

impl fmt::Display for Genus {
    /// Winning Ways' notation: `0^{120}`; values of 10 or more are
    /// separated by commas (`11^{11,9}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.gamma.iter().any(|&v| v >= 10) {
            ","
        } else {
            ""
        };
        let parts: Vec<String> = self
            .gamma
            .iter()
            .map(std::string::ToString::to_string)
            .collect();
        write!(f, "{}^{{{}}}", self.g, parts.join(sep))
    }
}

impl serde::Serialize for Genus {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}
