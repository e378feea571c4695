//! The first two formats: one JSON object holding every node, read whole, the tree walked
//! from the root with each node checked once.

use std::collections::HashMap;

use serde::Deserialize;

use super::checked::{Checked, MAX_NODES, VerifyError, proves_draw, start_position};
use super::claims::{Answers, answer_cuts, check_pairing, check_potential};
use super::game::{CheckerBoard, Stone, Zone};
use crate::rules::{Rule, Side};

/// The formats this checker reads: the first lists every maker move; the second may also
/// answer a maker move by a sibling's zone or by a stronger move ([`Node::MakerCut`]).
const FORMATS: [&str; 2] = [
    "tictactoe maker-breaker proof 1",
    "tictactoe maker-breaker proof 2",
];

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Node {
    Maker(Vec<(Vec<usize>, usize)>),
    MakerCut(Cut),
    Breaker(usize, usize),
    Pairing(Vec<(usize, usize)>),
    Potential,
    NoLines,
}

/// A maker node of the second format: the branches searched, the moves answered as a
/// branch's are (`[cell, branch]`: the cell lies outside that branch's zone), and the moves
/// no better than another (`[cell, by]`: every open line through `cell` goes through `by`,
/// and `by` has more).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Cut {
    branches: Vec<(Vec<usize>, usize)>,
    zoned: Vec<(usize, usize)>,
    dominated: Vec<(usize, usize)>,
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

/// Checks the JSON certificate in `bytes`.
pub(super) fn verify(bytes: &[u8]) -> Result<Checked, VerifyError> {
    let certificate: Certificate = serde_json::from_slice(bytes)?;
    let Some(version) = FORMATS.iter().position(|f| *f == certificate.format) else {
        return Err(VerifyError::Format(certificate.format));
    };
    if certificate.nodes.len() > MAX_NODES || certificate.nodes.is_empty() {
        return Err(VerifyError::Invalid {
            node: 0,
            why: format!("a certificate holds 1 to {MAX_NODES} nodes"),
        });
    }
    let position = start_position(certificate.rule, &certificate.position)?;
    let game = CheckerBoard::new(&position, certificate.maker);
    let mut checker = Checker::new(&certificate.nodes, version > 0);
    checker.check(0, &game)?;
    let draw = proves_draw(&position, certificate.maker);
    Ok(Checked {
        rule: certificate.rule,
        position,
        maker: certificate.maker,
        nodes: certificate.nodes.len(),
        zoned: checker.zoned,
        dominated: checker.dominated,
        references: 0,
        draw,
    })
}

/// The walk over the certificate's nodes, each checked once: a node named by more than one
/// parent is remembered (its position and zone), and must be the same position each time.
struct Checker<'a> {
    nodes: &'a [Node],
    /// Whether the second format's nodes are allowed.
    cuts: bool,
    /// Nodes named more than once (the root counts as named).
    shared: Vec<bool>,
    seen: HashMap<usize, (Vec<Stone>, bool, Option<Zone>)>,
    zoned: u64,
    dominated: u64,
}

impl<'a> Checker<'a> {
    fn new(nodes: &'a [Node], cuts: bool) -> Checker<'a> {
        let mut named = vec![0u8; nodes.len()];
        let mut name = |id: usize| {
            if let Some(n) = named.get_mut(id) {
                *n = n.saturating_add(1);
            }
        };
        name(0);
        for node in nodes {
            match node {
                Node::Maker(branches) => branches.iter().for_each(|b| name(b.1)),
                Node::MakerCut(cut) => cut.branches.iter().for_each(|b| name(b.1)),
                Node::Breaker(_, child) => name(*child),
                _ => {}
            }
        }
        Checker {
            nodes,
            cuts,
            shared: named.into_iter().map(|n| n > 1).collect(),
            seen: HashMap::new(),
            zoned: 0,
            dominated: 0,
        }
    }

    /// Checks node `id` as the position of `game` and returns its zone.
    fn check(&mut self, id: usize, game: &CheckerBoard) -> Result<Zone, VerifyError> {
        let invalid = |why: String| VerifyError::Invalid { node: id, why };
        let node = self
            .nodes
            .get(id)
            .ok_or_else(|| invalid("a child names a node that does not exist".to_string()))?;
        if self.shared[id] {
            if let Some((stones, maker_to_move, zone)) = self.seen.get(&id) {
                return match zone {
                    Some(zone)
                        if *stones == game.stones && *maker_to_move == game.maker_to_move =>
                    {
                        Ok(*zone)
                    }
                    _ => Err(invalid("reached again as a different position".to_string())),
                };
            }
            self.seen
                .insert(id, (game.stones.clone(), game.maker_to_move, None));
        }
        if game.maker_has_line() {
            return Err(invalid("the maker has already made K in a row".to_string()));
        }
        let zone = self.node(id, node, game)?;
        if let Some(seen) = self.seen.get_mut(&id) {
            seen.2 = Some(zone);
        }
        Ok(zone)
    }

    fn node(&mut self, id: usize, node: &Node, game: &CheckerBoard) -> Result<Zone, VerifyError> {
        let invalid = |why: String| VerifyError::Invalid { node: id, why };
        match node {
            Node::Maker(branches) => self.maker(id, game, branches, &[], &[]),
            Node::MakerCut(_) if !self.cuts => Err(invalid(
                "a node of the second format in a certificate of the first".to_string(),
            )),
            Node::MakerCut(cut) => self.maker(id, game, &cut.branches, &cut.zoned, &cut.dominated),
            Node::Breaker(cell, child) => {
                if game.maker_to_move {
                    return Err(invalid(
                        "a breaker move where the maker is to move".to_string(),
                    ));
                }
                let next = game.play(*cell).map_err(invalid)?;
                let mut zone = self.check(*child, &next)?;
                zone.add(*cell);
                Ok(zone)
            }
            Node::Pairing(pairs) => check_pairing(game, pairs).map_err(invalid),
            Node::Potential => check_potential(game).map_err(invalid),
            Node::NoLines => match game.open_lines().next() {
                None => Ok(Zone::default()),
                Some(_) => Err(invalid("an open line is left".to_string())),
            },
        }
    }

    /// A maker node: every empty cell of an open line is answered once, by a branch (the
    /// cells of a branch lie on the same open lines, and its child holds), by a branch whose
    /// zone leaves the cell out, or by a cell with strictly more open lines through it (a
    /// move that matters, so answered itself).
    fn maker(
        &mut self,
        id: usize,
        game: &CheckerBoard,
        branches: &[(Vec<usize>, usize)],
        zoned: &[(usize, usize)],
        dominated: &[(usize, usize)],
    ) -> Result<Zone, VerifyError> {
        let invalid = |why: String| VerifyError::Invalid { node: id, why };
        if !game.maker_to_move {
            return Err(invalid(
                "maker moves where the breaker is to move".to_string(),
            ));
        }
        let mut answers = Answers::new(game);
        let (zone, zones) = self.branches(id, game, branches, &mut answers)?;
        let mut counts = (self.zoned, self.dominated);
        let zone = answer_cuts(
            game,
            &mut answers,
            &zones,
            zone,
            zoned,
            dominated,
            &mut counts,
        )
        .map_err(invalid)?;
        (self.zoned, self.dominated) = counts;
        Ok(zone)
    }

    /// Checks a maker node's branches; returns the node's zone so far and each branch's
    /// child's zone.
    fn branches(
        &mut self,
        id: usize,
        game: &CheckerBoard,
        branches: &[(Vec<usize>, usize)],
        answers: &mut Answers,
    ) -> Result<(Zone, Vec<Zone>), VerifyError> {
        let invalid = |why: String| VerifyError::Invalid { node: id, why };
        let mut zone = Zone::default();
        let mut zones = Vec::with_capacity(branches.len());
        for (cells, child) in branches {
            let first = *cells
                .first()
                .ok_or_else(|| invalid("a branch without a cell".to_string()))?;
            let next = game.play(first).map_err(invalid)?;
            let lines = game.open_lines_through(first);
            for &cell in cells {
                answers.claim(cell).map_err(invalid)?;
                if game.open_lines_through(cell) != lines {
                    return Err(invalid(format!(
                        "cells {first} and {cell} are on different open lines"
                    )));
                }
            }
            let mut own = self.check(*child, &next)?;
            zones.push(own);
            own.remove(first);
            if cells.len() > 1 {
                own.add(first);
            }
            zone.join(&own);
        }
        Ok((zone, zones))
    }
}
