//! The match settings the manager sends with INFO, and what they mean for the engine: the
//! tournament clock (handed to the time policy in [`crate::game::clock`], which is not written
//! again here), the size of the transposition table under the memory limit, and the rule
//! variant (freestyle, exactly five or renju; caro is refused).

use std::time::Duration;

use crate::engine::DEFAULT_MEGABYTES;
use crate::external::variant::{CARO, CONTINUOUS, EXACT_FIVE, RENJU};
use crate::game::{Clock, DriverConfig};

pub use crate::external::Variant;

use super::command::Info;

/// How many in a row win: the protocol's game is gomoku.
pub const FIVE: usize = 5;

/// `time_left` takes this value when the match has no time limit.
const UNLIMITED_MS: i64 = 2_147_483_647;

/// Memory the process needs besides the transposition table: code, stacks, boards and the
/// engine's per-search arrays, with room to spare (the brain measures well under half this).
const RESERVE_BYTES: u64 = 12 << 20;

/// The smallest table the engine builds.
const LEAST_TABLE_MEGABYTES: u64 = 1;

/// The settings of the match so far; the defaults hold until the manager sends others.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InfoSettings {
    timeout_turn: Option<u64>,
    timeout_match: Option<u64>,
    time_left: Option<i64>,
    max_memory: Option<u64>,
    rule: u32,
    threads: Option<u32>,
    in_a_row: Option<usize>,
}

impl InfoSettings {
    /// Records one INFO setting. Keys the brain does not use change nothing.
    pub fn apply(&mut self, info: &Info) {
        match *info {
            Info::TimeoutTurn(ms) => self.timeout_turn = Some(ms),
            Info::TimeoutMatch(ms) => self.timeout_match = Some(ms),
            Info::TimeLeft(ms) => self.time_left = Some(ms),
            Info::MaxMemory(bytes) => self.max_memory = Some(bytes),
            Info::Rule(flags) => self.rule = flags,
            Info::ThreadNum(threads) => self.threads = Some(threads).filter(|&t| t > 0),
            Info::InARow(k) => self.in_a_row = Some(k),
            Info::Ignored(_) => {}
        }
    }

    /// The tournament clock for the next move. The protocol sends `time_left` before every
    /// move when the match is timed, so it wins over `timeout_match`, which only stands in
    /// until the first `time_left` arrives.
    #[must_use]
    pub fn clock(&self) -> Clock {
        let turn = self.timeout_turn.map(Duration::from_millis);
        let left = match self.time_left {
            Some(ms) if ms >= UNLIMITED_MS => None,
            // Negative once the match time has run out: the least time the policy allows.
            Some(ms) => Some(Duration::from_millis(ms.max(0) as u64)),
            None => self
                .timeout_match
                .filter(|&ms| ms > 0)
                .map(Duration::from_millis),
        };
        Clock::Match { turn, left }
    }

    /// How many in a row win: `INFO in_a_row`, five when it was not sent.
    #[must_use]
    pub fn in_a_row(&self) -> usize {
        self.in_a_row.unwrap_or(FIVE)
    }

    /// The variant the rule flags ask for, or why it cannot be played. Renju wins over
    /// the exactly-five flag (black's fives are exactly five under renju anyway). A
    /// continuous game is accepted: the brain plays each of its games to the first five.
    pub fn variant(&self) -> Result<Variant, String> {
        let known = EXACT_FIVE | CONTINUOUS | RENJU | CARO;
        if self.rule & CARO != 0 {
            return Err("caro is not supported".to_string());
        }
        if self.rule & !known != 0 {
            return Err(format!(
                "rule {} has flags this brain does not know (it knows 1, 2, 4 and 8)",
                self.rule
            ));
        }
        Ok(if self.rule & RENJU != 0 {
            Variant::Renju
        } else if self.rule & EXACT_FIVE != 0 {
            Variant::Exact
        } else {
            Variant::Freestyle
        })
    }

    /// Search threads: as many as the manager allows (INFO thread_num), at most one a core;
    /// every core when it says nothing.
    fn threads(&self) -> usize {
        let cores = crate::game::driver::all_cores();
        self.threads.map_or(cores, |t| {
            usize::try_from(t).unwrap_or(cores).clamp(1, cores)
        })
    }

    /// The driver's set-up under the memory limit: the table gets at most half of what is
    /// left after the process's own needs, and never more than the engine's default. Fails
    /// when the limit is too small for even the smallest table.
    pub fn driver_config(&self) -> Result<DriverConfig, String> {
        let megabytes = match self.max_memory {
            None | Some(0) => DEFAULT_MEGABYTES as u64,
            Some(bytes) => {
                let megabytes = (bytes.saturating_sub(RESERVE_BYTES) / 2) >> 20;
                if megabytes < LEAST_TABLE_MEGABYTES {
                    let least = RESERVE_BYTES + ((2 * LEAST_TABLE_MEGABYTES) << 20);
                    return Err(format!(
                        "max_memory {bytes} bytes is too small: the brain needs at least {least}"
                    ));
                }
                megabytes.min(DEFAULT_MEGABYTES as u64)
            }
        };
        Ok(DriverConfig {
            tt_megabytes: megabytes as usize,
            threads: self.threads(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    fn with(infos: &[Info]) -> InfoSettings {
        let mut settings = InfoSettings::default();
        for info in infos {
            settings.apply(info);
        }
        settings
    }

    fn ms(ms: u64) -> Option<Duration> {
        Some(Duration::from_millis(ms))
    }

    #[test]
    fn the_clock_takes_time_left_over_the_match_time() {
        assert_eq!(
            InfoSettings::default().clock(),
            Clock::Match {
                turn: None,
                left: None
            }
        );
        let s = with(&[Info::TimeoutTurn(5000), Info::TimeoutMatch(180_000)]);
        assert_eq!(
            s.clock(),
            Clock::Match {
                turn: ms(5000),
                left: ms(180_000)
            }
        );
        let s = with(&[Info::TimeoutMatch(180_000), Info::TimeLeft(9000)]);
        assert_eq!(
            s.clock(),
            Clock::Match {
                turn: None,
                left: ms(9000)
            }
        );
        let s = with(&[Info::TimeLeft(-20)]);
        assert_eq!(
            s.clock(),
            Clock::Match {
                turn: None,
                left: ms(0)
            }
        );
        let s = with(&[Info::TimeoutMatch(0), Info::TimeLeft(UNLIMITED_MS)]);
        assert_eq!(
            s.clock(),
            Clock::Match {
                turn: None,
                left: None
            }
        );
        let s = with(&[Info::TimeoutTurn(0)]);
        assert_eq!(
            s.clock(),
            Clock::Match {
                turn: ms(0),
                left: None
            }
        );
    }

    #[test]
    fn rule_flags_choose_the_variant_or_say_why_not() {
        use Variant::*;
        assert_eq!(with(&[]).variant(), Ok(Freestyle));
        assert_eq!(with(&[Info::Rule(1)]).variant(), Ok(Exact));
        assert_eq!(with(&[Info::Rule(2)]).variant(), Ok(Freestyle));
        assert_eq!(with(&[Info::Rule(3)]).variant(), Ok(Exact));
        assert_eq!(with(&[Info::Rule(4)]).variant(), Ok(Renju));
        assert_eq!(with(&[Info::Rule(5)]).variant(), Ok(Renju));
        assert_eq!(
            with(&[Info::Rule(8)]).variant(),
            Err("caro is not supported".to_string())
        );
        assert!(with(&[Info::Rule(16)]).variant().is_err());
        assert_eq!(
            with(&[Info::Rule(4), Info::Rule(0)]).variant(),
            Ok(Freestyle)
        );
        assert_eq!(Renju.rule(15, 15, 5), Ok(Rule::RENJU));
        assert!(Renju.is_of(&Rule::RENJU) && !Exact.is_of(&Rule::RENJU));
        assert_eq!(
            Renju.rule(20, 20, 5).unwrap_err().to_string(),
            "renju is played on a 15x15 board with five in a row, got 20x20 and 5"
        );
    }

    #[test]
    fn the_table_stays_well_within_the_memory_limit() {
        let table = |infos: &[Info]| with(infos).driver_config().map(|c| c.tt_megabytes);
        assert_eq!(table(&[]), Ok(DEFAULT_MEGABYTES));
        assert_eq!(table(&[Info::MaxMemory(0)]), Ok(DEFAULT_MEGABYTES));
        assert_eq!(table(&[Info::MaxMemory(350 << 20)]), Ok(DEFAULT_MEGABYTES));
        assert_eq!(table(&[Info::MaxMemory(80 << 20)]), Ok(34));
        assert_eq!(table(&[Info::MaxMemory(14 << 20)]), Ok(1));
        assert!(table(&[Info::MaxMemory(1000)]).is_err());
        for mb in 14..400u64 {
            let megabytes = table(&[Info::MaxMemory(mb << 20)]).unwrap() as u64;
            assert!(RESERVE_BYTES + (megabytes << 20) <= (mb << 20), "{mb} MB");
        }
    }

    #[test]
    fn thread_num_caps_the_threads_at_the_cores() {
        let threads = |infos: &[Info]| with(infos).driver_config().map(|c| c.threads);
        let cores = crate::game::driver::all_cores();
        assert_eq!(threads(&[]), Ok(cores));
        assert_eq!(threads(&[Info::ThreadNum(1)]), Ok(1));
        assert_eq!(threads(&[Info::ThreadNum(0)]), Ok(cores));
        assert_eq!(threads(&[Info::ThreadNum(1000)]), Ok(cores));
    }
}
