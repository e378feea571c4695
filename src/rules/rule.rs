//! The rules of an m,n,k game: board width and height, and how many in a row win.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

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
}

/// A rule as it is written in saved files, before it is checked.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
struct RuleFields {
    width: usize,
    height: usize,
    k: usize,
    #[serde(default)]
    exact: bool,
}

impl TryFrom<RuleFields> for Rule {
    type Error = RuleError;

    fn try_from(f: RuleFields) -> Result<Rule, RuleError> {
        Rule::new(f.width, f.height, f.k, f.exact)
    }
}

impl From<Rule> for RuleFields {
    fn from(r: Rule) -> RuleFields {
        RuleFields {
            width: r.width,
            height: r.height,
            k: r.k,
            exact: r.exact,
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
    #[error("a rule is written W,H,K (for example 3,3,3), got '{0}'")]
    Syntax(String),
}

impl Rule {
    /// Classic tic-tac-toe: 3x3, three in a row.
    pub const TIC_TAC_TOE: Rule = Rule {
        width: 3,
        height: 3,
        k: 3,
        exact: false,
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

    /// Whether only exactly K in a row wins.
    #[must_use]
    pub fn exact(&self) -> bool {
        self.exact
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

    /// The same rule with the exactly-K option set as given.
    #[must_use]
    pub fn with_exact(self, exact: bool) -> Rule {
        Rule { exact, ..self }
    }
}

impl Default for Rule {
    fn default() -> Rule {
        Rule::TIC_TAC_TOE
    }
}

impl fmt::Display for Rule {
    /// `W,H,K`, with `exact` appended for the exactly-K option.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.width, self.height, self.k)?;
        if self.exact {
            f.write_str(" exact")?;
        }
        Ok(())
    }
}

impl FromStr for Rule {
    type Err = RuleError;

    /// Parses `W,H,K` (the usual "K or more" rule).
    fn from_str(s: &str) -> Result<Rule, RuleError> {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        let [w, h, k] = parts.as_slice() else {
            return Err(RuleError::Syntax(s.to_string()));
        };
        let num = |p: &str| {
            p.parse::<usize>()
                .map_err(|_| RuleError::Syntax(s.to_string()))
        };
        Rule::new(num(w)?, num(h)?, num(k)?, false)
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
