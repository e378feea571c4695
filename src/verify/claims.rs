//! What every format's nodes must show, checked the same way for all: a leaf's claim (a
//! pairing, the Erdős–Selfridge potential) and a maker node's moves each answered once (by a
//! branch, by a branch's zone, or by a stronger cell).

use super::game::{CheckerBoard, Stone, Zone};

/// Checks a maker node's moves answered by a branch's zone (`zoned`) and by a stronger cell
/// (`dominated`), after its branches (`zones`, and the node's zone from them); then that
/// every move is answered. Returns the node's zone and counts the cuts in `counts`.
pub(super) fn answer_cuts(
    game: &CheckerBoard,
    answers: &mut Answers,
    zones: &[Zone],
    mut zone: Zone,
    zoned: &[(usize, usize)],
    dominated: &[(usize, usize)],
    counts: &mut (u64, u64),
) -> Result<Zone, String> {
    for &(cell, branch) in zoned {
        answers.claim(cell)?;
        match zones.get(branch) {
            Some(z) if !z.has(cell) => counts.0 += 1,
            Some(_) => {
                return Err(format!(
                    "cell {cell} lies in the zone of branch {branch}, which does not answer it"
                ));
            }
            None => return Err(format!("there is no branch {branch}")),
        }
    }
    for &(cell, by) in dominated {
        answers.claim(cell)?;
        if !dominates(game, by, cell) {
            return Err(format!(
                "cell {by} does not dominate cell {cell}: it is not empty, not every open \
                 line through {cell} goes through it, or they are on the same lines"
            ));
        }
        zone.add(by);
        counts.1 += 1;
    }
    if let Some(&cell) = answers.moves.iter().find(|&&c| !answers.answered[c]) {
        return Err(format!("the maker's move on cell {cell} is not answered"));
    }
    Ok(zone)
}

/// The maker moves of a node and which are answered.
pub(super) struct Answers {
    pub(super) moves: Vec<usize>,
    pub(super) answered: Vec<bool>,
}

impl Answers {
    pub(super) fn new(game: &CheckerBoard) -> Answers {
        Answers {
            moves: game.moves(),
            answered: vec![false; game.stones.len()],
        }
    }

    /// Marks `cell` answered; refuses a cell that is no move or is answered already.
    pub(super) fn claim(&mut self, cell: usize) -> Result<(), String> {
        if !self.moves.contains(&cell) || self.answered[cell] {
            return Err(format!(
                "cell {cell} is not a maker move that matters, or is answered twice"
            ));
        }
        self.answered[cell] = true;
        Ok(())
    }
}

/// Whether the empty cell `by` has every open line through `cell` and more.
pub(super) fn dominates(game: &CheckerBoard, by: usize, cell: usize) -> bool {
    if game.stones.get(by) != Some(&Stone::Empty) {
        return false;
    }
    let (weak, strong) = (game.open_lines_through(cell), game.open_lines_through(by));
    weak.iter().all(|line| strong.contains(line)) && weak != strong
}

/// The pairs are disjoint pairs of empty cells and every open line holds one of them; the
/// zone is the pairs' cells.
pub(super) fn check_pairing(game: &CheckerBoard, pairs: &[(usize, usize)]) -> Result<Zone, String> {
    let mut used = vec![false; game.stones.len()];
    let mut zone = Zone::default();
    for &(a, b) in pairs {
        for cell in [a, b] {
            if game.stones.get(cell) != Some(&Stone::Empty) || used[cell] {
                return Err(format!(
                    "pair cell {cell} is taken, off the board or paired twice"
                ));
            }
            used[cell] = true;
            zone.add(cell);
        }
        if a == b {
            return Err(format!("cell {a} is paired with itself"));
        }
    }
    for line in game.open_lines() {
        if !pairs
            .iter()
            .any(|(a, b)| line.contains(a) && line.contains(b))
        {
            return Err(format!(
                "the open line through cells {line:?} holds no pair"
            ));
        }
    }
    Ok(zone)
}

/// The sum over open lines of 2^(maker stones) is below 2^K with the breaker to move, or
/// below 2^(K-1) with the maker to move (the Erdős–Selfridge criterion); the zone is the
/// empty cells of open lines.
pub(super) fn check_potential(game: &CheckerBoard) -> Result<Zone, String> {
    let sum: u128 = game
        .open_lines()
        .map(|line| {
            1u128
                << line
                    .iter()
                    .filter(|&&c| game.stones[c] == Stone::Maker)
                    .count()
        })
        .sum();
    let bound = if game.maker_to_move {
        1u128 << (game.k - 1)
    } else {
        1u128 << game.k
    };
    if sum < bound {
        let mut zone = Zone::default();
        game.moves().into_iter().for_each(|c| zone.add(c));
        Ok(zone)
    } else {
        Err(format!("the potential {sum} is not below {bound}"))
    }
}
