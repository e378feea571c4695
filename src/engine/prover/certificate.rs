//! Writing a proof down: the Maker-Breaker tree of a draw as a certificate that a separate
//! checker (`tictactoe verify`) can check without trusting the prover.
//!
//! The certificate is JSON: the rule, the position, the side that cannot make K in a row
//! (the attacker, "maker"), and a list of nodes, the first the root. A node is one of
//! - `{"maker": [[[c, ...], child], ...]}`: the attacker to move; each entry lists cells
//!   (indices, row by row from 0) that lie on exactly the same open lines and the node
//!   reached when the attacker takes the first of them;
//! - `{"breaker": [c, child]}`: the defender to move answers on cell `c`;
//! - `{"pairing": [[a, b], ...]}`: a pairing covers every open line;
//! - `"potential"`: the Erdős–Selfridge potential is below the bound;
//! - `"no_lines"`: no line can be filled any more.
//!
//! The types here are the prover's own; the checker reads the same JSON with its own.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use serde::Serialize;

use super::board::{Board, Mask};
use super::dfpn::{AndOr, Dfpn};
use super::maker_breaker::{MakerBreaker, Reason};
use crate::rules::{Position, Rule, Side};

/// One node of the certificate.
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Node {
    Maker(Vec<(Vec<usize>, usize)>),
    Breaker(usize, usize),
    Pairing(Vec<(u8, u8)>),
    Potential,
    NoLines,
}

/// A proof that `maker` cannot make K in a row from `position`.
#[derive(Serialize)]
pub struct Certificate {
    pub format: &'static str,
    pub rule: Rule,
    pub position: String,
    pub maker: Side,
    pub nodes: Vec<Node>,
}

/// The format's name and version, checked by the reader.
pub const FORMAT: &str = "tictactoe maker-breaker proof 1";

/// Builds the certificate from a finished Maker-Breaker search whose table shows the
/// defender wins; positions the table does not settle are searched again.
pub struct Writer<'a, 'b> {
    pub dfpn: &'b mut Dfpn<'a>,
    pub game: MakerBreaker,
    nodes: Vec<Node>,
    /// Node ids by exact board (attacker, defender): shared subtrees written once.
    seen: HashMap<(Mask, Mask), usize>,
}

/// Why a certificate could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    #[error("the attacker can make K in a row here: there is no draw to certify")]
    NotADraw,
    #[error("the proof was stopped before it finished")]
    Stopped,
}

impl<'a, 'b> Writer<'a, 'b> {
    /// A writer over the searched `dfpn` for the attacker of `board`.
    pub fn new(dfpn: &'b mut Dfpn<'a>, board: Board) -> Writer<'a, 'b> {
        let mut game = MakerBreaker::new(board);
        game.dominance = false;
        Writer {
            dfpn,
            game,
            nodes: Vec::new(),
            seen: HashMap::new(),
        }
    }

    /// The certificate of `position` with `maker` as the attacker.
    pub fn write(
        mut self,
        position: &Position,
        maker: Side,
    ) -> Result<Certificate, CertificateError> {
        self.node()?;
        // The root was pushed last of its subtree: move it to the front by reversing ids.
        let count = self.nodes.len();
        let flip = |id: usize| count - 1 - id;
        let mut nodes: Vec<Node> = self
            .nodes
            .into_iter()
            .rev()
            .map(|node| match node {
                Node::Maker(branches) => {
                    Node::Maker(branches.into_iter().map(|(c, id)| (c, flip(id))).collect())
                }
                Node::Breaker(cell, id) => Node::Breaker(cell, flip(id)),
                other => other,
            })
            .collect();
        nodes.shrink_to_fit();
        Ok(Certificate {
            format: FORMAT,
            rule: *position.rule(),
            position: position.to_notation(),
            maker,
            nodes,
        })
    }

    /// Writes the node of the current position (and its subtree) and returns its id.
    fn node(&mut self) -> Result<usize, CertificateError> {
        let exact = (self.game.board.attacker, self.game.board.defender);
        if let Some(&id) = self.seen.get(&exact) {
            return Ok(id);
        }
        let node = match self.game.decide() {
            Some((true, _)) => return Err(CertificateError::NotADraw),
            Some((false, reason)) => match reason {
                Reason::Pairing(pairs) => Node::Pairing(pairs),
                Reason::Potential => Node::Potential,
                Reason::NoLines => Node::NoLines,
                Reason::Threat => return Err(CertificateError::NotADraw),
            },
            None if self.game.board.attacker_to_move => self.maker_node()?,
            None => self.breaker_node()?,
        };
        self.nodes.push(node);
        let id = self.nodes.len() - 1;
        self.seen.insert(exact, id);
        Ok(id)
    }

    fn maker_node(&mut self) -> Result<Node, CertificateError> {
        let mut branches = Vec::new();
        for (cell, members) in self.game.move_classes() {
            self.game.make(cell);
            let child = self.node();
            self.game.unmake(cell);
            branches.push((members, child?));
        }
        Ok(Node::Maker(branches))
    }

    fn breaker_node(&mut self) -> Result<Node, CertificateError> {
        let classes = self.game.move_classes();
        // A reply that ends the tree at once (a pairing, the potential, no lines) keeps the
        // certificate small; else one the table already shows refutes the attacker; else
        // search them in turn.
        let refuted = |writer: &mut Self, cell: usize, how: Check| {
            writer.game.make(cell);
            let refuted = match how {
                Check::Leaf => matches!(writer.game.decide(), Some((false, _))),
                Check::Table => writer.dfpn.numbers(&mut writer.game).dn == 0,
                Check::Search => writer.dfpn.prove(&mut writer.game, &mut |_, _| {}).dn == 0,
            };
            writer.game.unmake(cell);
            refuted
        };
        for how in [Check::Leaf, Check::Table, Check::Search] {
            for &(cell, _) in &classes {
                if refuted(self, cell, how) {
                    self.game.make(cell);
                    let child = self.node();
                    self.game.unmake(cell);
                    return Ok(Node::Breaker(cell, child?));
                }
            }
        }
        Err(if self.dfpn.stopped() {
            CertificateError::Stopped
        } else {
            CertificateError::NotADraw
        })
    }
}

/// How a defender reply is checked to refute the attacker, cheapest first.
#[derive(Clone, Copy)]
enum Check {
    /// The position after it is decided without a search.
    Leaf,
    /// The search's table shows it.
    Table,
    /// A new search shows it.
    Search,
}

/// Proves that `maker` cannot make K in a row from `position` and writes the certificate.
pub fn certify(
    position: &Position,
    maker: Side,
    stop: &AtomicBool,
) -> Result<Certificate, CertificateError> {
    let board = Board::new(position, maker).ok_or(CertificateError::Stopped)?;
    let mut dfpn = Dfpn::new(stop);
    dfpn.use_zones = false;
    let mut game = MakerBreaker::new(board.clone());
    game.dominance = false;
    let entry = dfpn.prove(&mut game, &mut |_, _| {});
    if entry.pn == 0 {
        return Err(CertificateError::NotADraw);
    }
    if entry.dn != 0 {
        return Err(CertificateError::Stopped);
    }
    Writer::new(&mut dfpn, board).write(position, maker)
}
