//! Reading and checking one certificate.

use std::collections::HashMap;

use serde::Deserialize;

use crate::rules::{Position, Rule, Side};

/// The format this checker reads.
const FORMAT: &str = "tictactoe maker-breaker proof 1";

/// The most nodes a certificate may hold (a bound before anything is allocated for them).
const MAX_NODES: usize = 50_000_000;

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Node {
    Maker(Vec<(Vec<usize>, usize)>),
    Breaker(usize, usize),
    Pairing(Vec<(usize, usize)>),
    Potential,
    NoLines,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Certificate {
    format: String,
    rule: Rule,
    position: String,
    maker: Side,
    nodes: Vec<Node>,
}

/// What a checked certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub rule: Rule,
    pub position: Position,
    /// The side that cannot make K in a row.
    pub maker: Side,
    /// Nodes in the certificate.
    pub nodes: usize,
    /// Whether strategy stealing makes that a draw (the empty board, the usual rule, the
    /// first player as maker).
    pub draw: bool,
}

/// Why a certificate was refused.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("not a certificate: {0}")]
    Syntax(#[from] serde_json::Error),
    #[error("unknown certificate format '{0}'")]
    Format(String),
    #[error("the position does not read: {0}")]
    Position(String),
    #[error("node {node}: {why}")]
    Invalid { node: usize, why: String },
}

/// One stone colour on the checker's board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stone {
    Empty,
    Maker,
    Breaker,
}

/// The checker's board: stones, whose turn, and the rule's lines as cell lists.
#[derive(Clone)]
struct Game {
    stones: Vec<Stone>,
    maker_to_move: bool,
    lines: std::sync::Arc<Vec<Vec<usize>>>,
    k: usize,
}

/// Checks the certificate in `text`.
pub fn verify(text: &str) -> Result<Checked, VerifyError> {
    let certificate: Certificate = serde_json::from_str(text)?;
    if certificate.format != FORMAT {
        return Err(VerifyError::Format(certificate.format));
    }
    if certificate.nodes.len() > MAX_NODES || certificate.nodes.is_empty() {
        return Err(VerifyError::Invalid {
            node: 0,
            why: format!("a certificate holds 1 to {MAX_NODES} nodes"),
        });
    }
    let position = Position::from_notation(certificate.rule, &certificate.position)
        .map_err(|e| VerifyError::Position(e.to_string()))?;
    if position.is_over() {
        return Err(VerifyError::Position(
            "the game is already over".to_string(),
        ));
    }
    let game = Game::new(&position, certificate.maker);
    let mut checker = Checker {
        nodes: &certificate.nodes,
        seen: HashMap::new(),
    };
    checker.check(0, &game)?;
    let draw = position.stones() == 0 && !certificate.rule.exact() && certificate.maker == Side::X;
    Ok(Checked {
        rule: certificate.rule,
        position,
        maker: certificate.maker,
        nodes: certificate.nodes.len(),
        draw,
    })
}

impl Game {
    fn new(position: &Position, maker: Side) -> Game {
        let geometry = position.geometry();
        let lines = (0..geometry.window_count())
            .map(|id| {
                geometry
                    .window(id)
                    .iter()
                    .map(|&c| usize::from(c))
                    .collect()
            })
            .collect();
        let stones = position
            .board()
            .iter()
            .map(|s| match s {
                None => Stone::Empty,
                Some(side) if *side == maker => Stone::Maker,
                Some(_) => Stone::Breaker,
            })
            .collect();
        Game {
            stones,
            maker_to_move: position.side_to_move() == maker,
            lines: std::sync::Arc::new(lines),
            k: position.rule().k(),
        }
    }

    /// The lines without a breaker stone.
    fn open_lines(&self) -> impl Iterator<Item = &Vec<usize>> {
        self.lines
            .iter()
            .filter(|line| line.iter().all(|&c| self.stones[c] != Stone::Breaker))
    }

    /// Whether the maker has filled a line.
    fn maker_has_line(&self) -> bool {
        self.open_lines()
            .any(|line| line.iter().all(|&c| self.stones[c] == Stone::Maker))
    }

    /// The open lines through `cell`, as indices into the line list.
    fn open_lines_through(&self, cell: usize) -> Vec<usize> {
        (0..self.lines.len())
            .filter(|&id| {
                let line = &self.lines[id];
                line.contains(&cell) && line.iter().all(|&c| self.stones[c] != Stone::Breaker)
            })
            .collect()
    }

    /// Plays `cell` for the side to move, refusing a taken or missing cell.
    fn play(&self, cell: usize) -> Result<Game, String> {
        if self.stones.get(cell) != Some(&Stone::Empty) {
            return Err(format!("cell {cell} is not an empty cell of the board"));
        }
        let mut next = self.clone();
        next.stones[cell] = if self.maker_to_move {
            Stone::Maker
        } else {
            Stone::Breaker
        };
        next.maker_to_move = !self.maker_to_move;
        Ok(next)
    }
}

/// The walk over the certificate's nodes, each checked once (a node reached again must be
/// the same position).
struct Checker<'a> {
    nodes: &'a [Node],
    seen: HashMap<usize, (Vec<Stone>, bool)>,
}

impl Checker<'_> {
    fn check(&mut self, id: usize, game: &Game) -> Result<(), VerifyError> {
        let invalid = |why: String| VerifyError::Invalid { node: id, why };
        let node = self
            .nodes
            .get(id)
            .ok_or_else(|| invalid("a child names a node that does not exist".to_string()))?;
        let state = (game.stones.clone(), game.maker_to_move);
        if let Some(seen) = self.seen.get(&id) {
            return if *seen == state {
                Ok(())
            } else {
                Err(invalid("reached again as a different position".to_string()))
            };
        }
        self.seen.insert(id, state);
        if game.maker_has_line() {
            return Err(invalid("the maker has already made K in a row".to_string()));
        }
        match node {
            Node::Maker(branches) => self.maker(id, game, branches),
            Node::Breaker(cell, child) => {
                if game.maker_to_move {
                    return Err(invalid(
                        "a breaker move where the maker is to move".to_string(),
                    ));
                }
                let next = game.play(*cell).map_err(invalid)?;
                self.check(*child, &next)
            }
            Node::Pairing(pairs) => check_pairing(game, pairs).map_err(invalid),
            Node::Potential => check_potential(game).map_err(invalid),
            Node::NoLines => match game.open_lines().next() {
                None => Ok(()),
                Some(_) => Err(invalid("an open line is left".to_string())),
            },
        }
    }

    /// A maker node: every empty cell of an open line is in exactly one branch, the cells
    /// of a branch lie on the same open lines, and every branch's child holds.
    fn maker(
        &mut self,
        id: usize,
        game: &Game,
        branches: &[(Vec<usize>, usize)],
    ) -> Result<(), VerifyError> {
        let invalid = |why: String| VerifyError::Invalid { node: id, why };
        if !game.maker_to_move {
            return Err(invalid(
                "maker moves where the breaker is to move".to_string(),
            ));
        }
        let mut covered = vec![false; game.stones.len()];
        for (cells, child) in branches {
            let first = *cells
                .first()
                .ok_or_else(|| invalid("a branch without a cell".to_string()))?;
            let next = game.play(first).map_err(invalid)?;
            let lines = game.open_lines_through(first);
            for &cell in cells {
                if game.stones.get(cell) != Some(&Stone::Empty) || covered[cell] {
                    return Err(invalid(format!("cell {cell} is taken or listed twice")));
                }
                if game.open_lines_through(cell) != lines {
                    return Err(invalid(format!(
                        "cells {first} and {cell} are on different open lines"
                    )));
                }
                covered[cell] = true;
            }
            self.check(*child, &next)?;
        }
        for line in game.open_lines() {
            if let Some(&cell) = line
                .iter()
                .find(|&&c| game.stones[c] == Stone::Empty && !covered[c])
            {
                return Err(invalid(format!(
                    "the maker's move on cell {cell} is not answered"
                )));
            }
        }
        Ok(())
    }
}

/// The pairs are disjoint pairs of empty cells and every open line holds one of them.
fn check_pairing(game: &Game, pairs: &[(usize, usize)]) -> Result<(), String> {
    let mut used = vec![false; game.stones.len()];
    for &(a, b) in pairs {
        for cell in [a, b] {
            if game.stones.get(cell) != Some(&Stone::Empty) || used[cell] {
                return Err(format!(
                    "pair cell {cell} is taken, off the board or paired twice"
                ));
            }
            used[cell] = true;
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
    Ok(())
}

/// The sum over open lines of 2^(maker stones) is below 2^K with the breaker to move, or
/// below 2^(K-1) with the maker to move (the Erdős–Selfridge criterion).
fn check_potential(game: &Game) -> Result<(), String> {
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
        Ok(())
    } else {
        Err(format!("the potential {sum} is not below {bound}"))
    }
}
