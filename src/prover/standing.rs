//! Where a saved proof stands (`tictactoe solve --resume FILE --status`), read from the
//! file alone, without searching: the searches finished and their results; for the search
//! under way, what its table holds of each opening; and from each opening under way, the
//! line the search follows, with how many of each position's moves are decided.
//!
//! The proof and disproof numbers at a search's root say little of how far it is from its
//! end (they change each time the search comes back to the root). The moves decided along
//! the line it follows say more: a refutation of the attacker's opening needs one reply
//! that refutes it, and that reply needs every attacker move after it refuted (or left out
//! by a zone), so "23 of 61 refuted" under the defender's most promising reply is a count
//! of work done.
//!
//! The line is the one the search would take next: at the attacker's turn the move with
//! the smallest proof number, at the defender's the reply with the smallest disproof number
//! (ties to the first, as the search breaks them), down as long as the table holds a
//! searched position. A table of a search on two threads was saved while both went on, so
//! its numbers are each as they were when the save read them.

use serde::Serialize;

use super::Resume;
use super::maker_breaker::MakerBreaker;
use super::ordinary::Ordinary;
use super::prover_board::{Mask, ProverBoard};
use super::saved::SavedTable;
use super::search::{AndOr, children_of};
use super::split::distinct_openings;
use super::table::{INF, LEAF_MARK, Numbers};
use crate::rules::{Cell, Position, Side};

/// How many positions a line goes down at most.
pub const LINE_DEPTH: usize = 12;

/// Where a saved proof stands.
#[derive(Clone, Debug, Serialize)]
pub struct ProofStanding {
    /// The work of the runs that saved it: nodes and seconds.
    pub nodes: u64,
    pub seconds: f64,
    /// The searches finished, in the order they finished.
    pub finished: Vec<Finished>,
    /// The search whose table the file holds, if any.
    pub under_way: Option<UnderWay>,
}

/// A search of the proof that is finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Finished {
    /// The side whose K in a row the search was about.
    pub attacker: Side,
    /// The real game (else the Maker-Breaker game, where the other side only blocks).
    pub real_game: bool,
    /// The attacker's first move, for one opening of a Maker-Breaker search split at the
    /// root.
    pub opening: Option<Cell>,
    /// Whether the attacker wins (else it cannot).
    pub attacker_wins: bool,
}

/// The search under way.
#[derive(Clone, Debug, Serialize)]
pub struct UnderWay {
    pub attacker: Side,
    pub real_game: bool,
    /// Positions in its table.
    pub positions: usize,
    /// For a Maker-Breaker search split at the root: every opening (one per position up to
    /// symmetry), in the order the threads take them.
    pub openings: Vec<SplitOpening>,
    /// From each opening in the table and undecided (or from the root when the search is
    /// not split), the line the search follows.
    pub lines: Vec<Vec<LineStep>>,
}

/// An opening of a split search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SplitOpening {
    pub cell: Cell,
    /// Decided by an earlier run: whether the attacker wins with it.
    pub attacker_wins: Option<bool>,
    /// Its numbers in the table (`None`: not started).
    pub proof: Option<u32>,
    pub disproof: Option<u32>,
}

/// One position on a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineStep {
    /// The move that led here.
    pub played: Option<Cell>,
    /// Who moves here.
    pub to_move: Side,
    /// Its numbers in the table ([`INF`] for none: decided the other way).
    pub proof: u32,
    pub disproof: u32,
    /// The moves the search considers here, one per distinct position they lead to.
    pub moves: usize,
    /// Of those: the attacker wins after them (proof number 0; one cell for each move,
    /// the search's own) ...
    pub won_moves: Vec<Cell>,
    /// ... the attacker cannot win after them (disproof number 0) ...
    pub refuted_moves: Vec<Cell>,
    /// ... undecided in the table ...
    pub open: usize,
    /// ... not in the table (not yet looked at, or dropped from a full table) ...
    pub unseen: usize,
    /// ... and the attacker's moves left out, undecided, because a refuted sibling's zone
    /// covers them.
    pub dropped: usize,
}

/// Where the proof saved in `resume` stands (a new proof, without a file, stands nowhere:
/// nothing finished, nothing under way). Reads the file's table once; a line goes down at
/// most `depth` positions.
#[must_use]
pub fn standing(resume: Resume, position: &Position, depth: usize) -> ProofStanding {
    let Some(saved) = resume.saved else {
        return ProofStanding {
            nodes: 0,
            seconds: 0.0,
            finished: Vec::new(),
            under_way: None,
        };
    };
    let cell = |index: usize| position.geometry().cell(index);
    let finished = saved
        .header
        .finished
        .iter()
        .map(|(stage, entry)| Finished {
            attacker: stage.attacker,
            real_game: stage.real_game,
            opening: stage.opening.map(|n| cell(usize::from(n))),
            attacker_wins: entry.pn == 0,
        })
        .collect::<Vec<_>>();
    let under_way = saved.table.stage.and_then(|stage| {
        let board = ProverBoard::new(position, stage.attacker)?;
        let table = SortedTable::new(saved.table);
        let view = StandingView {
            table: &table,
            attacker: stage.attacker,
            position,
            depth,
        };
        let (openings, lines) = if stage.real_game {
            (Vec::new(), vec![view.line(&mut Ordinary::new(board), None)])
        } else {
            view.maker_breaker(&board, &finished)
        };
        Some(UnderWay {
            attacker: stage.attacker,
            real_game: stage.real_game,
            positions: table.entries.len(),
            openings,
            lines,
        })
    });
    ProofStanding {
        nodes: saved.header.nodes,
        seconds: saved.header.seconds,
        finished,
        under_way,
    }
}

/// What the lines are read with: the table, whose search it is, and how deep to go.
struct StandingView<'a> {
    table: &'a SortedTable,
    attacker: Side,
    position: &'a Position,
    depth: usize,
}

impl StandingView<'_> {
    fn cell(&self, index: usize) -> Cell {
        self.position.geometry().cell(index)
    }

    /// The openings of a Maker-Breaker search and the lines from those under way; the
    /// line from the root when the search is not split there (the defender moves first).
    fn maker_breaker(
        &self,
        board: &ProverBoard,
        finished: &[Finished],
    ) -> (Vec<SplitOpening>, Vec<Vec<LineStep>>) {
        let mut game = MakerBreaker::new(board.clone());
        if !board.attacker_to_move {
            return (Vec::new(), vec![self.line(&mut game, None)]);
        }
        let mut openings = Vec::new();
        let mut lines = Vec::new();
        for index in distinct_openings(board) {
            let cell = self.cell(index);
            let decided = finished
                .iter()
                .find(|f| !f.real_game && f.attacker == self.attacker && f.opening == Some(cell));
            game.make(index);
            let numbers = self.table.get(game.key());
            let under_way = decided.is_none()
                && numbers.is_some_and(|(e, searched)| searched && e.pn != 0 && e.dn != 0);
            if under_way {
                lines.push(self.line(&mut game, Some(index)));
            }
            game.unmake(index);
            openings.push(SplitOpening {
                cell,
                attacker_wins: decided.map(|f| f.attacker_wins),
                proof: numbers.map(|(e, _)| e.pn),
                disproof: numbers.map(|(e, _)| e.dn),
            });
        }
        (openings, lines)
    }

    /// The line the search follows from the position on `game` (reached by `played`).
    fn line<G: AndOr>(&self, game: &mut G, played: Option<usize>) -> Vec<LineStep> {
        let mut steps = Vec::new();
        let mut path = Vec::new();
        let mut played = played;
        while steps.len() < self.depth {
            let Some((here, true)) = self.table.get(game.key()) else {
                break;
            };
            let (step, next) = self.step(game, here, played.map(|c| self.cell(c)));
            steps.push(step);
            let Some(next) = next.filter(|_| here.pn != 0 && here.dn != 0) else {
                break;
            };
            game.make(next);
            path.push(next);
            played = Some(next);
        }
        for &cell in path.iter().rev() {
            game.unmake(cell);
        }
        steps
    }

    /// One position of a line: its moves counted by what the table says of them, and the
    /// move the search takes next (the child it would search, if that child was searched).
    fn step<G: AndOr>(
        &self,
        game: &mut G,
        here: Numbers,
        played: Option<Cell>,
    ) -> (LineStep, Option<usize>) {
        let or = game.attacker_to_move();
        let (children, _) = children_of(game);
        let numbers: Vec<_> = children.iter().map(|c| self.table.get(c.key)).collect();
        // At the attacker's turn, a refuted move whose zone leaves out its own cell refutes
        // every move outside that zone (the search narrows them so, until nothing changes).
        let mut relevant = Mask::MAX;
        if or && game.zones() {
            loop {
                let before = relevant;
                for (child, numbers) in children.iter().zip(&numbers) {
                    if child.cells & relevant == 0 || !numbers.is_some_and(|(e, _)| e.dn == 0) {
                        continue;
                    }
                    game.make(child.cell);
                    let zone = self
                        .table
                        .zone(game.key())
                        .map_or(Mask::MAX, |z| game.zone_from_key(z));
                    game.unmake(child.cell);
                    if zone & 1 << child.cell == 0 && zone != Mask::MAX {
                        relevant &= zone;
                    }
                }
                if relevant == before {
                    break;
                }
            }
        }
        let cell = |index: usize| self.cell(index);
        let mut step = LineStep {
            played,
            to_move: if or {
                self.attacker
            } else {
                self.attacker.other()
            },
            proof: here.pn,
            disproof: here.dn,
            moves: children.len(),
            open: 0,
            unseen: 0,
            dropped: 0,
            won_moves: Vec::new(),
            refuted_moves: Vec::new(),
        };
        let mut next: Option<(u32, usize, bool)> = None;
        for (child, numbers) in children.iter().zip(&numbers) {
            // A refuted move counts as refuted even when its own zone leaves it out.
            let left_out = or && child.cells & relevant == 0;
            match *numbers {
                Some((entry, _)) if entry.pn == 0 => {
                    step.won_moves.push(cell(child.cell));
                }
                Some((entry, _)) if entry.dn == 0 => {
                    step.refuted_moves.push(cell(child.cell));
                }
                _ if left_out => step.dropped += 1,
                None => step.unseen += 1,
                Some((entry, searched)) => {
                    step.open += 1;
                    let deciding = if or { entry.pn } else { entry.dn };
                    if next.is_none_or(|(best, _, _)| deciding < best) {
                        next = Some((deciding, child.cell, searched));
                    }
                }
            }
        }
        let next = next.filter(|&(_, _, searched)| searched).map(|(_, c, _)| c);
        (step, next)
    }
}

/// A saved table, sorted by key for lookups (16 bytes a position, as read).
struct SortedTable {
    entries: Vec<(u64, Numbers)>,
    zones: Vec<(u64, Mask)>,
}

impl SortedTable {
    fn new(saved: SavedTable) -> SortedTable {
        let (mut entries, mut zones) = (saved.entries, saved.zones);
        entries.sort_unstable_by_key(|&(key, _)| key);
        zones.sort_unstable_by_key(|&(key, _)| key);
        SortedTable { entries, zones }
    }

    /// The numbers of `key`, and whether the position was searched (not only evaluated).
    fn get(&self, key: u64) -> Option<(Numbers, bool)> {
        let i = self.entries.binary_search_by_key(&key, |&(k, _)| k).ok()?;
        let stored = self.entries[i].1;
        let entry = Numbers {
            pn: (stored.pn & !LEAF_MARK).min(INF),
            dn: stored.dn.min(INF),
        };
        Some((entry, stored.pn & LEAF_MARK == 0))
    }

    /// The zone of the refuted position `key`, as the table keeps it.
    fn zone(&self, key: u64) -> Option<Mask> {
        let i = self.zones.binary_search_by_key(&key, |&(k, _)| k).ok()?;
        Some(self.zones[i].1)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::path::PathBuf;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    use super::*;
    use crate::prover::maker_breaker::tests::{lines, maker_wins};
    use crate::prover::{ProverConfig, Verdict, prove_resumable};
    use crate::rules::Rule;

    /// The brute force's positions already decided.
    type Memo = HashMap<(u32, u32, bool), bool>;

    fn scratch(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("tictactoe-standing-{}-{name}", std::process::id()))
    }

    /// Runs the proof of the empty `rule_text` board on `threads` threads for at most
    /// `budget` nodes a search, saved to a new file; the proof's verdict and the file.
    fn stopped_proof(
        position: &Position,
        threads: usize,
        budget: u64,
    ) -> (Verdict, Resume, PathBuf) {
        let rule_text = position.rule().to_string();
        let path = scratch(&format!("{rule_text}-{threads}-{budget}"));
        let _ = std::fs::remove_file(&path);
        let every = Duration::from_secs(300);
        let config = ProverConfig {
            node_limit: Some(budget),
            threads,
            ..ProverConfig::default()
        };
        let resume = Resume::open(&path, every, position).unwrap();
        let stop = AtomicBool::new(false);
        let proof = prove_resumable(position, &config, Some(resume), &stop, &mut |_| {}, &|s| {
            s.unwrap();
        })
        .unwrap();
        (
            proof.verdict,
            Resume::open(&path, every, position).unwrap(),
            path,
        )
    }

    /// Every move a line counts as won or refuted is, by brute force over every move of the
    /// Maker-Breaker game (an oracle that shares nothing with the prover but positions), a
    /// win or not a win for the attacker; each position's counts add up to its moves; and
    /// the line's moves are legal and alternate from the opening on.
    /// The moves checked, or `None` when the proof got past X's Maker-Breaker search
    /// within the budget (two threads do not search the same nodes from run to run).
    fn lines_agree_with_brute_force(
        rule_text: &str,
        notation: &str,
        (threads, budget): (usize, u64),
        memo: &mut Memo,
    ) -> Option<usize> {
        let rule: Rule = rule_text.parse().unwrap();
        let position = Position::from_notation(rule, notation).unwrap();
        let (verdict, resume, path) = stopped_proof(&position, threads, budget);
        if verdict != Verdict::Unknown {
            std::fs::remove_file(&path).unwrap();
            return None;
        }
        let standing = standing(resume, &position, LINE_DEPTH);
        std::fs::remove_file(&path).unwrap();
        let under_way = standing
            .under_way
            .expect("a stopped proof has a search under way");
        if (under_way.attacker, under_way.real_game) != (Side::X, false) {
            // Past X's Maker-Breaker search, which the brute force is about.
            return None;
        }
        assert!(under_way.positions > 0);
        assert!(!under_way.openings.is_empty() && !under_way.lines.is_empty());
        let (width, height, k) = (rule.width(), rule.height(), rule.k());
        let oracle_lines = lines(width, height, k);
        let all = (1u32 << rule.cells()) - 1;
        let index = |c: Cell| c.row * width + c.col;
        let mut decided = 0;
        for line in &under_way.lines {
            let opening = line[0].played.expect("a line starts at an opening");
            assert!(under_way.openings.iter().any(|o| o.cell == opening));
            let stones = |side| {
                (0..rule.cells())
                    .filter(|&i| position.at(i) == Some(side))
                    .fold(0u32, |m, i| m | 1 << i)
            };
            let (mut maker, mut breaker) = (stones(Side::X), stones(Side::O));
            for step in line {
                let played = index(step.played.expect("every step after a move"));
                assert_eq!((maker | breaker) >> played & 1, 0, "{line:?}");
                // X (the attacker) played the opening; the sides then alternate.
                let attacker_played = step.to_move == Side::O;
                if attacker_played {
                    maker |= 1 << played;
                } else {
                    breaker |= 1 << played;
                }
                let known = step.won_moves.len() + step.refuted_moves.len();
                let counted = known + step.open + step.unseen + step.dropped;
                assert_eq!(counted, step.moves, "{step:?}");
                let maker_to_move = !attacker_played;
                for (moves, wins) in [(&step.won_moves, true), (&step.refuted_moves, false)] {
                    for &cell in moves {
                        let c = 1 << index(cell);
                        let (m, b) = if maker_to_move {
                            (maker | c, breaker)
                        } else {
                            (maker, breaker | c)
                        };
                        let found = maker_wins(&oracle_lines, all, m, b, !maker_to_move, memo);
                        assert_eq!(found, wins, "{cell:?} after {line:?}");
                        decided += 1;
                    }
                }
            }
        }
        Some(decided)
    }

    /// A position where X's Maker-Breaker search takes a few thousand nodes, and the
    /// brute force a fraction of a second for each move of the lines.
    const STOPPED: &str = "...../..x.x/...../...../o.o..";

    #[test]
    fn a_stopped_proofs_lines_agree_with_brute_force_on_one_thread() {
        let decided = lines_agree_with_brute_force("5,5,4", STOPPED, (1, 2_000), &mut Memo::new());
        assert!(
            decided > Some(0),
            "the lines hold decided moves to check: {decided:?}"
        );
    }

    /// Two threads search other nodes from run to run and may get past X's search within
    /// a budget, so several budgets are tried: the lines of every run stopped in X's
    /// search are checked, and at least one run must stop there. (Whether its lines hold
    /// decided moves depends on the run; the one-thread test makes sure of those.)
    #[test]
    fn a_stopped_proofs_lines_agree_with_brute_force_on_two_threads() {
        // One memory of the brute force for all the runs, which meet the same positions.
        let mut memo = Memo::new();
        let stopped_in_xs_search = (0..16)
            .filter_map(|n| {
                lines_agree_with_brute_force("5,5,4", STOPPED, (2, 300 + 20 * n), &mut memo)
            })
            .count();
        assert!(
            stopped_in_xs_search > 0,
            "no budget stopped the proof in X's search"
        );
    }

    /// A finished proof's file holds its searches' results and no table.
    #[test]
    fn a_finished_proof_stands_finished() {
        let position = Position::new("7,6,5".parse().unwrap());
        let (verdict, resume, path) = stopped_proof(&position, 1, 10_000_000);
        assert_eq!(verdict, Verdict::Draw);
        let standing = standing(resume, &position, LINE_DEPTH);
        std::fs::remove_file(&path).unwrap();
        assert!(standing.under_way.is_none());
        assert!(standing.nodes > 0);
        let whole = Finished {
            attacker: Side::X,
            real_game: false,
            opening: None,
            attacker_wins: false,
        };
        assert!(
            standing.finished.contains(&whole),
            "{:?}",
            standing.finished
        );
    }
}
