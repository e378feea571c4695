//! Balanced opening stones for swap and swap2: the opener's three stones (black, white,
//! black) and the two more (white, black) swap2 lets the second player add. Candidates are
//! drawn near the centre (or near the stones already down) by a seeded generator, each is
//! judged by a short search of the engine under a fixed budget, and only those whose value
//! for the side to move stays within [`BALANCE_BOUND`] of even are kept, so whoever chooses
//! a colour next has no easy choice. The same seed and budget give the same stones.
//!
//! Black's stones are played through the rules, so under renju none is on a forbidden cell.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::engine::score::{Score, is_decisive};
use crate::engine::{Engine, EngineConfig, Limits};
use crate::rules::{Cell, Position, Rule, Side};

/// The largest value (in the engine's score units, for the side to move) an opening may
/// have and still count as balanced: a few of the pattern scores of a two or a three.
pub const BALANCE_BOUND: Score = 150;

/// Where the colours stand even after the opener's three stones, on the short search's
/// scale: White's value (White to move) at which the engine's games from such positions are
/// won as often by either colour. The short search sees White's move to come but not what
/// Black's extra stone is worth over a whole game: openings it called even at 0 gave Black
/// about two games in three of the engine's swap2 games. Set by self-play matches (see
/// docs/strength.md, *The balance of swap2 openings*).
pub const WHITE_EDGE_THREE: Score = 450;

/// The same after five stones (swap2's two more).
pub const WHITE_EDGE_FIVE: Score = 1300;

/// The same under renju, where Black's forbidden moves leave Black's extra stone worth less:
/// after three stones and after five.
pub const RENJU_WHITE_EDGE_THREE: Score = 300;
pub const RENJU_WHITE_EDGE_FIVE: Score = 450;

/// White's value at which the colours stand even with `stones` on the board under `rule`.
#[must_use]
pub fn white_edge(rule: &Rule, stones: usize) -> Score {
    match (rule.renju(), stones >= 5) {
        (false, false) => WHITE_EDGE_THREE,
        (false, true) => WHITE_EDGE_FIVE,
        (true, false) => RENJU_WHITE_EDGE_THREE,
        (true, true) => RENJU_WHITE_EDGE_FIVE,
    }
}

/// How far from even the opener's three stones may be and still get two more stones in
/// swap2's second step rather than a colour taken at once: wider than [`BALANCE_BOUND`],
/// because five stones are judged better than three (a colour taken after three stones
/// went to the wrong side more often than after five, in the engine's own games).
pub const PLACE_TWO_BOUND: Score = 3 * BALANCE_BOUND;

/// How many candidates are judged for the opener's three stones.
pub const CANDIDATES: usize = 12;

/// How many candidates are judged for two more stones: five stones make sharper positions,
/// fewer of them near even.
pub const CANDIDATES_FOR_TWO: usize = 2 * CANDIDATES;

/// The most searches one swap decision makes: the position itself and every candidate of a
/// proposal. A caller with a time for the whole decision gives each search this share.
pub const SEARCHES_PER_DECISION: usize = CANDIDATES_FOR_TWO + 1;

/// How far from the centre the first stone may be.
const FIRST_REACH: i32 = 1;
/// How far from a stone already down a later stone may be.
const NEAR_REACH: i32 = 2;
/// Draws allowed per candidate before the generator gives up on filling the list.
const DRAWS_PER_CANDIDATE: usize = 50;

/// A position's worth by a short search: the value for the side to move and its best move.
/// With White to move (as after opening stones) the value is measured from [`white_edge`],
/// so that 0 is even in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub score: Score,
    pub best: Option<Cell>,
}

impl Judgement {
    /// Whether the position is near even for the side to move.
    #[must_use]
    pub fn is_balanced(&self) -> bool {
        !is_decisive(self.score) && self.score.abs() <= BALANCE_BOUND
    }
}

/// The engine that judges openings, with the budget of each search and the flag that stops
/// them (a decision stopped halfway answers at once, with whatever its searches had found).
pub struct Judge {
    engine: Engine,
    limits: Limits,
    stop: Arc<AtomicBool>,
}

impl Judge {
    /// A judge searching each position within `limits` (a node budget keeps its answers the
    /// same from run to run; a time budget keeps them within a clock), with a table of
    /// `tt_megabytes`.
    #[must_use]
    pub fn new(limits: Limits, tt_megabytes: usize) -> Judge {
        let config = EngineConfig {
            tt_megabytes: tt_megabytes.max(1),
            threads: 1,
            // The pattern evaluation: [`white_edge`] and [`BALANCE_BOUND`] are on its scale.
            gomoku_eval: None,
            ..EngineConfig::default()
        };
        Judge {
            engine: Engine::new(config),
            limits,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The same judge, its searches stopped once `stop` is set.
    #[must_use]
    pub fn stopped_by(self, stop: Arc<AtomicBool>) -> Judge {
        Judge { stop, ..self }
    }

    /// Searches `position` afresh (an empty table, so the answer depends on nothing before).
    /// With White to move, the value is White's less [`white_edge`], so that 0 is even.
    pub fn judge(&mut self, position: &Position) -> Judgement {
        self.engine.clear();
        let result = self
            .engine
            .search(position, &self.limits, &self.stop, &mut |_| {});
        let white = position.side_to_move() == Side::O;
        let score = if white && !is_decisive(result.score) {
            result.score - white_edge(position.rule(), position.stones())
        } else {
            result.score
        };
        Judgement {
            score,
            best: result.best,
        }
    }
}

/// A proposed opening: the position after its stones and its judgement (for white, to move).
#[derive(Clone)]
pub struct Proposal {
    pub position: Position,
    /// The stones added, in the order played.
    pub stones: Vec<Cell>,
    pub judgement: Judgement,
}

/// Three stones (black, white, black) near the centre of an empty board of `rule` that
/// leave white, to move, near even: a balanced one drawn by `seed` if any candidate is, or
/// the candidate nearest even. `None` if no three stones fit near the centre.
#[must_use]
pub fn propose_three(rule: &Rule, seed: u64, judge: &mut Judge) -> Option<Proposal> {
    let start = Position::new(*rule);
    let centre = Cell::new(rule.height() / 2, rule.width() / 2);
    let mut rng = StdRng::seed_from_u64(seed);
    let candidates = draw(&start, 3, CANDIDATES, &mut rng, |rng, position| {
        if position.stones() == 0 {
            near(position, centre, FIRST_REACH, rng)
        } else {
            near_stone(rng, position)
        }
    });
    choose(candidates, judge, &mut rng)
}

/// Two more stones (white, then black) near the stones of `position` (three stones, white to
/// move) that leave white, to move, near even: a balanced one drawn by `seed`, or `None` if
/// no candidate is balanced.
#[must_use]
pub fn propose_two_more(position: &Position, seed: u64, judge: &mut Judge) -> Option<Proposal> {
    let mut rng = StdRng::seed_from_u64(seed);
    let candidates = draw(position, 2, CANDIDATES_FOR_TWO, &mut rng, near_stone);
    choose(candidates, judge, &mut rng).filter(|p| p.judgement.is_balanced())
}

/// Up to `count` distinct continuations of `from` by `stones` legal moves, each move drawn
/// by `pick` (which may give up on a draw with `None`).
fn draw(
    from: &Position,
    stones: usize,
    count: usize,
    rng: &mut StdRng,
    pick: impl Fn(&mut StdRng, &Position) -> Option<Cell>,
) -> Vec<(Position, Vec<Cell>)> {
    let mut found: Vec<(Position, Vec<Cell>)> = Vec::new();
    for _ in 0..count * DRAWS_PER_CANDIDATE {
        if found.len() == count {
            break;
        }
        let mut position = from.clone();
        let mut cells = Vec::with_capacity(stones);
        for _ in 0..stones {
            let Some(cell) = pick(rng, &position) else {
                break;
            };
            if position.play(cell).is_err() || position.is_over() {
                break;
            }
            cells.push(cell);
        }
        let new = !found.iter().any(|(p, _)| p.hash() == position.hash());
        if cells.len() == stones && new {
            found.push((position, cells));
        }
    }
    found
}

/// Judges every candidate and keeps a balanced one drawn by `rng`, or the one nearest even.
fn choose(
    candidates: Vec<(Position, Vec<Cell>)>,
    judge: &mut Judge,
    rng: &mut StdRng,
) -> Option<Proposal> {
    let judged: Vec<Proposal> = candidates
        .into_iter()
        .map(|(position, stones)| {
            let judgement = judge.judge(&position);
            Proposal {
                position,
                stones,
                judgement,
            }
        })
        .collect();
    let balanced: Vec<usize> = (0..judged.len())
        .filter(|&i| judged[i].judgement.is_balanced())
        .collect();
    let index = if balanced.is_empty() {
        (0..judged.len()).min_by_key(|&i| judged[i].judgement.score.unsigned_abs())?
    } else {
        balanced[rng.random_range(0..balanced.len())]
    };
    judged.into_iter().nth(index)
}

/// An empty cell within `reach` of `centre` (any cell of the square, drawn evenly), if the
/// drawn one is on the board and empty.
fn near(position: &Position, centre: Cell, reach: i32, rng: &mut StdRng) -> Option<Cell> {
    let mut step = || rng.random_range(-reach..=reach) as isize;
    let row = centre.row.checked_add_signed(step())?;
    let col = centre.col.checked_add_signed(step())?;
    let cell = Cell::new(row, col);
    let index = position.geometry().index(cell)?;
    position.at(index).is_none().then_some(cell)
}

/// An empty cell within [`NEAR_REACH`] of a stone on the board drawn at random (`None` on
/// an empty board).
fn near_stone(rng: &mut StdRng, position: &Position) -> Option<Cell> {
    let stones: Vec<usize> = (0..position.board().len())
        .filter(|&i| position.at(i).is_some())
        .collect();
    if stones.is_empty() {
        return None;
    }
    let anchor = stones[rng.random_range(0..stones.len())];
    near(position, position.geometry().cell(anchor), NEAR_REACH, rng)
}
