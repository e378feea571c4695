//! The rules of an m,n,k game: board width and height, how many in a row win, and the
//! variant: K or more (freestyle), exactly K, or renju (five in a row on 15x15 where black,
//! X, wins only with exactly five and may not make a double three, a double four or an
//! overline; see [`super::renju`]).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use super::types::Side;

/// Smallest and largest board side.
pub const MIN_SIDE: usize = 3;
pub const MAX_SIDE: usize = 20;

/// A board of `width` columns by `height` rows where `k` in a row wins. Its fields are
/// private and every way of making one checks them, so a `Rule` always describes a playable
/// board: deserialising goes through [`Rule::new`] too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RuleFields", into = "RuleFields")]
pub struct Rule {
    width: usize,
    height: usize,
    k: usize,
    /// When set, only exactly `k` in a row wins: an overline of `k + 1` or more does not.
    exact: bool,
    /// Renju: X (black) wins only with exactly five and has forbidden moves; O (white)
    /// wins with five or more. Never set together with `exact`.
    renju: bool,
}

/// The side that moves first, black in renju, is X.
const BLACK: Side = Side::X;

/// Renju's board side and line length.
pub const RENJU_SIDE: usize = 15;
const RENJU_K: usize = 5;

fn is_false(b: &bool) -> bool {
    !*b
}

/// A rule as it is written in saved files, before it is checked.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
struct RuleFields {
    width: usize,
    height: usize,
    k: usize,
    #[serde(default)]
    exact: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    renju: bool,
}

impl TryFrom<RuleFields> for Rule {
    type Error = RuleError;

    fn try_from(f: RuleFields) -> Result<Rule, RuleError> {
        if f.exact && f.renju {
            return Err(RuleError::ExactAndRenju);
        }
        Rule::new(f.width, f.height, f.k, f.exact)?.with_renju(f.renju)
    }
}

impl From<Rule> for RuleFields {
    fn from(r: Rule) -> RuleFields {
        RuleFields {
            width: r.width,
            height: r.height,
            k: r.k,
            exact: r.exact,
            renju: r.renju,
        }
    }
}

/// Why a rule was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error(
        "board width and height must be between {MIN_SIDE} and {MAX_SIDE}, got {width}x{height}"
    )]
    BadSize { width: usize, height: usize },
    #[error("K must be between 3 and the longer side of the board ({max}), got {k}")]
    BadK { k: usize, max: usize },
    #[error(
        "a rule is written W,H,K (for example 3,3,3), W,H,K exact, or renju (15,15,5 renju), got '{0}'"
    )]
    Syntax(String),
    #[error("renju is played on a 15x15 board with five in a row, got {width}x{height} and {k}")]
    RenjuBoard {
        width: usize,
        height: usize,
        k: usize,
    },
    #[error("a rule is either exactly K or renju, not both")]
    ExactAndRenju,
}

impl Rule {
    /// Classic tic-tac-toe: 3x3, three in a row.
    pub const TIC_TAC_TOE: Rule = Rule {
        width: 3,
        height: 3,
        k: 3,
        exact: false,
        renju: false,
    };

    /// Renju: 15x15, five in a row, with black's forbidden moves.
    pub const RENJU: Rule = Rule {
        width: RENJU_SIDE,
        height: RENJU_SIDE,
        k: RENJU_K,
        exact: false,
        renju: true,
    };

    /// A checked rule.
    pub fn new(width: usize, height: usize, k: usize, exact: bool) -> Result<Rule, RuleError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(RuleError::BadSize { width, height });
        }
        let max = width.max(height);
        if k < 3 || k > max {
            return Err(RuleError::BadK { k, max });
        }
        Ok(Rule {
            width,
            height,
            k,
            exact,
            renju: false,
        })
    }

    /// Columns of the board.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows of the board.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// How many in a row win.
    #[must_use]
    pub fn k(&self) -> usize {
        self.k
    }

    /// Whether only exactly K in a row wins (for both sides).
    #[must_use]
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// Whether the rule is renju.
    #[must_use]
    pub fn renju(&self) -> bool {
        self.renju
    }

    /// Whether only exactly K in a row wins for `side`: both sides under exactly K, black
    /// (X) under renju.
    #[inline]
    #[must_use]
    pub fn exact_for(&self, side: Side) -> bool {
        self.exact || (self.renju && side == BLACK)
    }

    /// Number of cells on the board.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// Whether the board is square (8 symmetries rather than 4).
    #[must_use]
    pub fn is_square(&self) -> bool {
        self.width == self.height
    }

    /// The same rule with the exactly-K option set as given. Setting it ends renju;
    /// clearing it leaves a renju rule as it is.
    #[must_use]
    pub fn with_exact(self, exact: bool) -> Rule {
        Rule {
            exact,
            renju: self.renju && !exact,
            ..self
        }
    }

    /// The same rule as renju (`renju` true) or not; renju needs a 15x15 board and five in
    /// a row, and ends the exactly-K option.
    pub fn with_renju(self, renju: bool) -> Result<Rule, RuleError> {
        if !renju {
            return Ok(Rule {
                renju: false,
                ..self
            });
        }
        if (self.width, self.height, self.k) != (RENJU_SIDE, RENJU_SIDE, RENJU_K) {
            return Err(RuleError::RenjuBoard {
                width: self.width,
                height: self.height,
                k: self.k,
            });
        }
        Ok(Rule::RENJU)
    }
}

impl Default for Rule {
    fn default() -> Rule {
        Rule::TIC_TAC_TOE
    }
}

impl fmt::Display for Rule {
    /// `W,H,K`, with `exact` appended for the exactly-K option and `renju` for renju.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.width, self.height, self.k)?;
        if self.exact {
            f.write_str(" exact")?;
        }
        if self.renju {
            f.write_str(" renju")?;
        }
        Ok(())
    }
}

impl FromStr for Rule {
    type Err = RuleError;

    /// Parses `W,H,K` (the usual "K or more" rule), `W,H,K exact`, `W,H,K renju` (as the
    /// rule is displayed), or `renju` alone for 15,15,5 renju.
    fn from_str(s: &str) -> Result<Rule, RuleError> {
        let syntax = || RuleError::Syntax(s.to_string());
        let text = s.trim();
        if text.eq_ignore_ascii_case("renju") {
            return Ok(Rule::RENJU);
        }
        // The variant is a last word after a blank: `15, 15, 5 exact`.
        let lower = text.to_ascii_lowercase();
        let (sizes, variant) = ["exact", "renju"]
            .into_iter()
            .find_map(|word| {
                let rest = lower.strip_suffix(word)?;
                rest.ends_with(char::is_whitespace)
                    .then(|| (&text[..rest.len()], word))
            })
            .unwrap_or((text, ""));
        let parts: Vec<&str> = sizes.split(',').map(str::trim).collect();
        let [w, h, k] = parts.as_slice() else {
            return Err(syntax());
        };
        let num = |p: &str| p.parse::<usize>().map_err(|_| syntax());
        let rule = Rule::new(num(w)?, num(h)?, num(k)?, false)?;
        match variant {
            "" => Ok(rule),
            "exact" => Ok(rule.with_exact(true)),
            "renju" => rule.with_renju(true),
            _ => Err(syntax()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_checks() {
        assert_eq!("3,3,3".parse::<Rule>().unwrap(), Rule::TIC_TAC_TOE);
        assert_eq!("15, 15, 5".parse::<Rule>().unwrap().k, 5);
        assert!(matches!("3,3".parse::<Rule>(), Err(RuleError::Syntax(_))));
        assert!(matches!(
            "2,3,3".parse::<Rule>(),
            Err(RuleError::BadSize { .. })
        ));
        assert!(matches!(
            "3,3,4".parse::<Rule>(),
            Err(RuleError::BadK { .. })
        ));
        assert!(matches!(
            "21,3,3".parse::<Rule>(),
            Err(RuleError::BadSize { .. })
        ));
        assert!("5,3,5".parse::<Rule>().is_ok());
        assert!(matches!(
            "3,3,3 sideways".parse::<Rule>(),
            Err(RuleError::Syntax(_))
        ));
    }

    #[test]
    fn a_displayed_rule_reads_back() {
        for rule in [
            Rule::TIC_TAC_TOE,
            Rule::new(15, 15, 5, true).unwrap(),
            Rule::RENJU,
        ] {
            assert_eq!(rule.to_string().parse::<Rule>().unwrap(), rule);
        }
        assert_eq!("renju".parse::<Rule>().unwrap(), Rule::RENJU);
        assert!(matches!(
            "19,19,5 renju".parse::<Rule>(),
            Err(RuleError::RenjuBoard { .. })
        ));
    }

    #[test]
    fn renju_is_fifteen_by_fifteen_five_in_a_row() {
        let renju = Rule::new(15, 15, 5, false)
            .unwrap()
            .with_renju(true)
            .unwrap();
        assert_eq!(renju, Rule::RENJU);
        assert!(renju.renju() && !renju.exact());
        assert!(renju.exact_for(Side::X) && !renju.exact_for(Side::O));
        assert_eq!(renju.to_string(), "15,15,5 renju");
        let error = Rule::new(19, 19, 5, false)
            .unwrap()
            .with_renju(true)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "renju is played on a 15x15 board with five in a row, got 19x19 and 5"
        );
        // Exactly five ends renju; clearing it keeps renju.
        assert!(!renju.with_exact(true).renju() && renju.with_exact(true).exact());
        assert_eq!(renju.with_exact(false), renju);
        assert_eq!(
            renju.with_renju(false).unwrap(),
            Rule::new(15, 15, 5, false).unwrap()
        );
    }

    #[test]
    fn renju_is_saved_and_read_back() {
        let text = serde_json::to_string(&Rule::RENJU).unwrap();
        assert_eq!(
            text,
            r#"{"width":15,"height":15,"k":5,"exact":false,"renju":true}"#
        );
        assert_eq!(serde_json::from_str::<Rule>(&text).unwrap(), Rule::RENJU);
        // Older files without the field, and other rules, are written as before.
        let plain = serde_json::to_string(&Rule::TIC_TAC_TOE).unwrap();
        assert_eq!(plain, r#"{"width":3,"height":3,"k":3,"exact":false}"#);
        for (bad, says) in [
            (
                r#"{"width":9,"height":9,"k":5,"renju":true}"#,
                "renju is played",
            ),
            (
                r#"{"width":15,"height":15,"k":5,"exact":true,"renju":true}"#,
                "not both",
            ),
        ] {
            let error = serde_json::from_str::<Rule>(bad).unwrap_err().to_string();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }

    #[test]
    fn deserialising_checks_the_rule() {
        let rule: Rule = serde_json::from_str(r#"{"width":5,"height":4,"k":4}"#).unwrap();
        assert_eq!(
            (rule.width(), rule.height(), rule.k(), rule.exact()),
            (5, 4, 4, false)
        );
        let back: Rule = serde_json::from_str(&serde_json::to_string(&rule).unwrap()).unwrap();
        assert_eq!(back, rule);
        for bad in [
            r#"{"width":3,"height":3,"k":0,"exact":false}"#,
            r#"{"width":0,"height":3,"k":3,"exact":false}"#,
            r#"{"width":3,"height":99,"k":3,"exact":false}"#,
            r#"{"width":3,"height":3,"k":4,"exact":false}"#,
        ] {
            let error = serde_json::from_str::<Rule>(bad).unwrap_err().to_string();
            assert!(error.contains("must be between"), "{bad}: {error}");
        }
    }
}
