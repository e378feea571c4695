//! Positions for boards too large to try every one (4x4, 5x5): drawn at random from a
//! seed, so the same seed draws the same positions, and kept only when the game's own
//! exact solver settles every move within a node budget. The solver is the engine's full
//! search at full depth over every cell ([`Engine::analyse`]): its values are proofs, with
//! the plies to the end, once no move is left unknown. A position whose moves it cannot all
//! settle in the budget is not asked (the report counts them).

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use crate::engine::{Engine, EngineConfig, Limits, Value};
use crate::rules::zobrist::splitmix64;
use crate::rules::{Position, Rule};

use super::MoveWorth;
use super::judge::Question;

/// The nodes the solver may search to settle one position's moves.
pub const BUDGET: u64 = 400_000;
/// Positions drawn for each one wanted, before the sample is given up short.
const DRAWS_PER_POSITION: usize = 50;
/// The table the solver keeps, in megabytes (cleared before each position, so a position's
/// settling does not hang on the ones before it).
const TABLE_MEGABYTES: usize = 16;

/// A small seeded random number generator (SplitMix64): the same on every machine and with
/// every version of the program, so a seed names a sample for good.
pub(crate) struct Seeded(u64);

impl Seeded {
    pub(crate) fn new(seed: u64) -> Seeded {
        Seeded(seed)
    }

    pub(crate) fn next(&mut self) -> u64 {
        let out = splitmix64(self.0);
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        out
    }

    /// A number below `n` (more than 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Draws positions and settles them.
pub(crate) struct Sampler {
    rule: Rule,
    random: Seeded,
    engine: Engine,
    budget: u64,
    /// Positions already drawn, by their hash up to symmetry: each is asked once.
    seen: HashSet<u64>,
    draws_left: usize,
    /// Positions drawn, and those the solver could not settle in the budget.
    pub(crate) drawn: usize,
    pub(crate) unsettled: usize,
}

impl Sampler {
    pub(crate) fn new(rule: Rule, seed: u64, wanted: usize, budget: u64) -> Sampler {
        let config = EngineConfig {
            every_cell: true,
            tt_megabytes: TABLE_MEGABYTES,
            ..EngineConfig::default()
        };
        Sampler {
            rule,
            random: Seeded::new(seed),
            engine: Engine::for_rule(config, &rule),
            budget,
            seen: HashSet::new(),
            draws_left: wanted.saturating_mul(DRAWS_PER_POSITION),
            drawn: 0,
            unsettled: 0,
        }
    }

    /// The next position settled, or `None` when the draws ran out.
    pub(crate) fn next_question(&mut self) -> Option<Question> {
        while self.draws_left > 0 {
            self.draws_left -= 1;
            let Some((position, moves)) = self.draw() else {
                continue;
            };
            if !self.seen.insert(position.canonical_hash()) {
                continue;
            }
            self.drawn += 1;
            match self.settle(&position) {
                Some(worths) => return Some(Question { moves, worths }),
                None => self.unsettled += 1,
            }
        }
        None
    }

    /// A game of random moves, of a random length; `None` when it ended before that.
    fn draw(&mut self) -> Option<(Position, Vec<usize>)> {
        let mut position = Position::new(self.rule);
        let length = self.random.below(self.rule.cells());
        let mut moves = Vec::with_capacity(length);
        for _ in 0..length {
            let empty: Vec<usize> = position.empty_indices().collect();
            let index = empty[self.random.below(empty.len())];
            position.make(index);
            moves.push(index);
            if position.is_over() {
                return None;
            }
        }
        Some((position, moves))
    }

    /// Every move's worth by the engine at full depth, `None` on taken cells; `None` when
    /// some move is not settled within the budget.
    pub(crate) fn settle(&mut self, position: &Position) -> Option<Vec<Option<MoveWorth>>> {
        self.engine.clear();
        let limits = Limits {
            nodes: Some(self.budget),
            ..Limits::default()
        };
        let values = self
            .engine
            .analyse(position, &limits, &AtomicBool::new(false));
        let width = self.rule.width();
        let mut worths = vec![None; self.rule.cells()];
        for value in values {
            let worth = match value.value {
                Value::Win { plies } => MoveWorth::Win(plies),
                Value::Loss { plies } => MoveWorth::Loss(plies),
                Value::Draw => MoveWorth::Draw,
                Value::Unknown => return None,
            };
            worths[value.cell.row * width + value.cell.col] = Some(worth);
        }
        Some(worths)
    }
}

#[cfg(test)]
mod tests {
    use super::super::solver::{Solver, tic_tac_toe_positions};
    use super::*;

    /// The engine's worths against the grader's own brute force, on every position of
    /// tic-tac-toe that is not over.
    #[test]
    fn the_engine_settles_tic_tac_toe_as_the_brute_force_does() {
        let mut solver = Solver::new(3, 3, 3);
        let mut sampler = Sampler::new(Rule::TIC_TAC_TOE, 1, 1, BUDGET);
        for (board, moves) in tic_tac_toe_positions(&Solver::new(3, 3, 3)) {
            let mut position = Position::new(Rule::TIC_TAC_TOE);
            moves.iter().for_each(|&m| position.make(m));
            let engine = sampler.settle(&position).expect("3x3 settles at once");
            assert_eq!(engine, solver.worths(&board), "after {moves:?}");
        }
    }

    /// The same on positions of 4x4, four in a row, drawn with at least 7 stones (where the
    /// brute force is quick).
    #[test]
    fn the_engine_settles_4x4_positions_as_the_brute_force_does() {
        let rule = Rule::new(4, 4, 4, false).unwrap();
        let mut solver = Solver::new(4, 4, 4);
        let mut sampler = Sampler::new(rule, 7, 40, BUDGET);
        let mut checked = 0;
        while checked < 25 {
            let question = sampler.next_question().expect("positions to draw");
            if question.moves.len() < 7 {
                continue;
            }
            let mut board = vec![0u8; 16];
            for (i, &m) in question.moves.iter().enumerate() {
                board[m] = if i % 2 == 0 { 1 } else { 2 };
            }
            assert_eq!(question.worths, solver.worths(&board), "{question:?}");
            checked += 1;
        }
    }

    #[test]
    fn the_same_seed_draws_the_same_positions() {
        let rule = Rule::new(5, 5, 4, false).unwrap();
        let draw = |seed| {
            let mut sampler = Sampler::new(rule, seed, 5, BUDGET);
            (0..5)
                .map(|_| sampler.next_question().unwrap().moves)
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(11), draw(11));
        assert_ne!(draw(11), draw(12));
    }
}
