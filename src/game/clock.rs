//! The time policy: how long the computer may think about one move. Every front end asks
//! here, so the rule is written once: boards that can be searched to the end are searched to
//! the end unless the player set a limit; larger boards always get a budget per move; and a
//! tournament clock (the Gomocup protocol's time per move and time left in the match) is
//! shared out over the moves still to come: each move a target, its share, which the search
//! stretches on unclear positions up to a hard limit of a few shares.

use std::time::Duration;

use crate::engine::{Limits, PlayerKind};
use crate::rules::Rule;

/// Boards of at most this many cells are searched to the end: every rule on up to 25 cells
/// is solved from the empty board in under a second (5x5 with four in a row is the slowest),
/// and all its moves valued in a few seconds. Larger boards get a time budget per move.
pub const SOLVABLE_CELLS: usize = 25;

// "Plays perfectly" on a solvable board needs every cell searched there.
const _: () = assert!(SOLVABLE_CELLS <= crate::engine::FULL_WIDTH_CELLS);

/// The computer's time per move on boards too large to search to the end, when the player
/// has not set one; also the least a hint gets there.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_millis(DEFAULT_MOVE_TIME_MS);

/// [`DEFAULT_MOVE_TIME`] in milliseconds, as settings keep it.
pub const DEFAULT_MOVE_TIME_MS: u64 = 2_000;

/// Time kept back from a tournament budget for reading, writing and starting the search,
/// plus [`MATCH_MARGIN_SHARE`] of it for stopping the search threads on a loaded machine
/// (measured: with two threads on two busy cores, moves overran a 500 ms turn by up to
/// 70 ms with the fixed part alone).
const MATCH_MARGIN: Duration = Duration::from_millis(40);
const MATCH_MARGIN_SHARE: u32 = 8;

/// Under a match clock, the time left is shared as if this many more moves were to come
/// (fewer when fewer cells are empty): each move's share is its target.
const MATCH_MOVES_AHEAD: u32 = 20;

/// Under a match clock, a move may take at most this many times its share (on an unclear
/// position; a clear one stops near its share)...
const MATCH_HARD_SHARES: u32 = 3;
/// ... and never more than this part of the time left (one over this number), so that a
/// run of unclear moves still leaves time for the rest of the game.
const MATCH_HARD_PART: u32 = 5;

/// The least time a search gets under any clock, so that it finishes one iteration.
const LEAST_TIME: Duration = Duration::from_millis(5);

/// The most time one move may have: a saved game or settings file can name any number of
/// milliseconds, and a deadline that far away cannot be counted by the system clock.
pub const MOST_TIME: Duration = Duration::from_secs(24 * 60 * 60);

/// A player's own time per move, within what a search can be given.
fn own_time(ms: u64) -> Duration {
    Duration::from_millis(ms).clamp(LEAST_TIME, MOST_TIME)
}

/// The clock a front end plays under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Clock {
    /// No clock: the player's own limits, with [`DEFAULT_MOVE_TIME`] on boards too large to
    /// search to the end when the player set no time.
    #[default]
    Free,
    /// A tournament clock, as the Gomocup protocol gives it: at most `turn` per move
    /// (`None`: no limit per move) and `left` for the rest of the match (`None`: no match
    /// limit).
    Match {
        turn: Option<Duration>,
        left: Option<Duration>,
    },
}

/// Whether a board of `rule` is searched to the end (and so played perfectly).
#[must_use]
pub fn is_solvable(rule: &Rule) -> bool {
    rule.cells() <= SOLVABLE_CELLS
}

/// The engine's own time per move, in milliseconds, on a board of `rule`: none where it is
/// searched to the end, and `large_board_ms` (the player's time for large boards) where it
/// cannot be. A front end sets this when the board changes.
#[must_use]
pub fn time_setting(rule: &Rule, large_board_ms: u64) -> Option<u64> {
    (!is_solvable(rule)).then_some(large_board_ms)
}

/// `time_ms` kept, or where it is missing on a board that cannot be searched to the end
/// (a record from elsewhere may lack it), `large_board_ms`: such a board is never searched
/// without a time limit.
#[must_use]
pub fn time_required(rule: &Rule, time_ms: Option<u64>, large_board_ms: u64) -> Option<u64> {
    time_ms.or(time_setting(rule, large_board_ms))
}

/// The limits of the computer's move by `player` on a board of `rule` with `empty` empty
/// cells, under `clock`.
#[must_use]
pub fn move_limits(rule: &Rule, empty: usize, player: &PlayerKind, clock: Clock) -> Limits {
    let (depth, own_time) = match player {
        PlayerKind::Engine { depth, time_ms } => (*depth, time_ms.map(own_time)),
        PlayerKind::RuleBased | PlayerKind::Random => (None, None),
    };
    let free_time = own_time.or((!is_solvable(rule)).then_some(DEFAULT_MOVE_TIME));
    let budget = match_budget(clock, empty);
    let time = tighter(free_time, budget.map(|b| b.limit));
    Limits {
        depth,
        time,
        // A target at or past the hard limit would change nothing.
        target: budget
            .and_then(|b| b.target)
            .filter(|&target| time.is_none_or(|time| target < time)),
        ..Limits::default()
    }
}

/// The limits of a hint (the full-strength engine's move, shown, not played): to the end on
/// a board that can be searched to the end; otherwise the player's time per move, and at
/// least [`DEFAULT_MOVE_TIME`].
#[must_use]
pub fn hint_limits(rule: &Rule, player: &PlayerKind) -> Limits {
    let time = (!is_solvable(rule)).then(|| {
        let own = match player {
            PlayerKind::Engine {
                time_ms: Some(ms), ..
            } => own_time(*ms),
            _ => DEFAULT_MOVE_TIME,
        };
        own.max(DEFAULT_MOVE_TIME)
    });
    Limits {
        time,
        ..Limits::default()
    }
}

/// What a tournament clock gives one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Budget {
    /// The search stops here.
    limit: Duration,
    /// The time the move is meant to take, when the match has a clock: the share of the
    /// time left.
    target: Option<Duration>,
}

/// What a tournament clock gives one move, or `None` with no clock. With a time per move
/// alone the search runs to that time (less the margin). With a match clock the move's
/// target is its share of the time left, and its hard limit a few shares, within the time
/// per move and a part of the time left (each less the margin).
fn match_budget(clock: Clock, empty: usize) -> Option<Budget> {
    let Clock::Match { turn, left } = clock else {
        return None;
    };
    let Some(left) = left else {
        return turn.map(|turn| Budget {
            limit: less_margin(turn),
            target: None,
        });
    };
    let moves_ahead = (empty as u32).div_ceil(2).clamp(1, MATCH_MOVES_AHEAD);
    let share = left / moves_ahead;
    let hard = (share * MATCH_HARD_SHARES).min(left / MATCH_HARD_PART);
    let limit = less_margin(tighter(turn, Some(hard)).unwrap_or(hard));
    Some(Budget {
        limit,
        target: Some(less_margin(share).min(limit)),
    })
}

/// `time` less the margin kept for reading, writing and stopping, and at least
/// [`LEAST_TIME`].
fn less_margin(time: Duration) -> Duration {
    let margin = MATCH_MARGIN + time / MATCH_MARGIN_SHARE;
    time.saturating_sub(margin).max(LEAST_TIME)
}

/// The smaller of two optional limits (`None` is no limit).
fn tighter(a: Option<Duration>, b: Option<Duration>) -> Option<Duration> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine(depth: Option<u32>, time_ms: Option<u64>) -> PlayerKind {
        PlayerKind::Engine { depth, time_ms }
    }

    #[test]
    fn small_boards_are_searched_to_the_end_and_large_ones_never_without_a_budget() {
        let small = Rule::TIC_TAC_TOE;
        let free = move_limits(&small, 9, &engine(None, None), Clock::Free);
        assert_eq!(free, Limits::default());
        let gomoku = Rule::new(15, 15, 5, false).unwrap();
        let large = move_limits(&gomoku, 225, &engine(None, None), Clock::Free);
        assert_eq!(large.time, Some(DEFAULT_MOVE_TIME));
        let own = move_limits(&gomoku, 225, &engine(Some(4), Some(500)), Clock::Free);
        assert_eq!(
            (own.depth, own.time),
            (Some(4), Some(Duration::from_millis(500)))
        );
    }

    #[test]
    fn a_match_clock_is_shared_over_the_moves_to_come() {
        let gomoku = Rule::new(15, 15, 5, false).unwrap();
        let turn_only = Clock::Match {
            turn: Some(Duration::from_millis(1000)),
            left: None,
        };
        let limits = move_limits(&gomoku, 200, &engine(None, None), turn_only);
        // 1000 ms less 40 ms and an eighth; with no match clock, no target: the search
        // runs to that limit.
        assert_eq!(limits.time, Some(Duration::from_millis(835)));
        assert_eq!(limits.target, None);
        let short_match = Clock::Match {
            turn: Some(Duration::from_secs(5)),
            left: Some(Duration::from_secs(10)),
        };
        let limits = move_limits(&gomoku, 200, &engine(None, None), short_match);
        // The target: 10 s over 20 moves, less 40 ms and an eighth.
        assert_eq!(limits.target, Some(Duration::from_micros(397_500)));
        // The hard limit: three shares, 1.5 s, less 40 ms and an eighth.
        assert_eq!(limits.time, Some(Duration::from_micros(1_272_500)));
        let nearly_out = Clock::Match {
            turn: Some(Duration::from_secs(5)),
            left: Some(Duration::from_millis(20)),
        };
        let limits = move_limits(&gomoku, 200, &engine(None, None), nearly_out);
        assert_eq!((limits.time, limits.target), (Some(LEAST_TIME), None));
        // A match clock limits even a board that could be searched to the end.
        let small = move_limits(&Rule::TIC_TAC_TOE, 9, &engine(None, None), turn_only);
        assert_eq!(small.time, Some(Duration::from_millis(835)));
    }

    #[test]
    fn a_match_clock_never_lets_one_move_take_past_the_turn_or_a_fifth_of_what_is_left() {
        let gomoku = Rule::new(15, 15, 5, false).unwrap();
        let ms = |ms| Some(Duration::from_millis(ms));
        // The time per move binds: 1 s less the margin, the target half a second.
        let turn_binds = Clock::Match {
            turn: ms(1000),
            left: ms(10_000),
        };
        let limits = move_limits(&gomoku, 200, &engine(None, None), turn_binds);
        assert_eq!(limits.time, ms(835));
        assert_eq!(limits.target, Some(Duration::from_micros(397_500)));
        // Near the end of the board: four moves to come share the 4 s left, 1 s each, and
        // no move may take more than a fifth of it, 800 ms.
        let late = Clock::Match {
            turn: None,
            left: ms(4000),
        };
        let limits = move_limits(&gomoku, 8, &engine(None, None), late);
        assert_eq!(limits.time, ms(660));
        assert_eq!(limits.target, None);
        // A share under the time per move: the target is the share whatever the turn.
        let long_turn = Clock::Match {
            turn: ms(60_000),
            left: ms(100_000),
        };
        let limits = move_limits(&gomoku, 200, &engine(None, None), long_turn);
        // 100 s over 20 moves is 5 s, less the margin; the hard limit is the default 2 s
        // of a large board, which the target is not under.
        assert_eq!(limits.time, Some(DEFAULT_MOVE_TIME));
        assert_eq!(limits.target, None);
        // Every move's hard limit, one after another, stays within the match.
        let mut left = Duration::from_secs(10);
        for empty in (0..200).rev().step_by(2) {
            let clock = Clock::Match {
                turn: ms(1000),
                left: Some(left),
            };
            let limits = move_limits(&gomoku, empty + 1, &engine(None, None), clock);
            let hard = limits.time.unwrap();
            assert!(hard <= left / MATCH_HARD_PART || hard == LEAST_TIME);
            assert!(limits.target.is_none_or(|target| target < hard));
            left = left.saturating_sub(hard);
        }
        assert!(left > Duration::ZERO);
    }

    #[test]
    fn hints_get_at_least_the_default_time_on_large_boards() {
        let gomoku = Rule::new(15, 15, 5, false).unwrap();
        let quick = engine(None, Some(300));
        assert_eq!(hint_limits(&gomoku, &quick).time, Some(DEFAULT_MOVE_TIME));
        let slow = engine(None, Some(5000));
        assert_eq!(
            hint_limits(&gomoku, &slow).time,
            Some(Duration::from_secs(5))
        );
        assert_eq!(hint_limits(&Rule::TIC_TAC_TOE, &quick), Limits::default());
    }

    #[test]
    fn a_time_from_a_file_is_kept_within_what_a_clock_can_count() {
        let gomoku = Rule::new(15, 15, 5, false).unwrap();
        let forever = engine(None, Some(u64::MAX));
        let limits = move_limits(&gomoku, 225, &forever, Clock::Free);
        assert_eq!(limits.time, Some(MOST_TIME));
        assert_eq!(hint_limits(&gomoku, &forever).time, Some(MOST_TIME));
        // A deadline that far away can be set.
        assert!(std::time::Instant::now().checked_add(MOST_TIME).is_some());
        let no_time = engine(None, Some(0));
        let limits = move_limits(&Rule::TIC_TAC_TOE, 9, &no_time, Clock::Free);
        assert_eq!(limits.time, Some(LEAST_TIME));
    }
}
