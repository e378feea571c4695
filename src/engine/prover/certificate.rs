//! Writing a proof down: the Maker-Breaker tree of a draw as a certificate that a separate
//! checker (`tictactoe verify`) can check without trusting the prover.
//!
//! The certificate is JSON: the rule, the position, the side that cannot make K in a row
//! (the attacker, "maker"), and a list of nodes, the first the root. A node is one of
//! - `{"maker_cut": {"branches": [[[c, ...], child], ...], "zoned": [[c, b], ...],
//!   "dominated": [[c, by], ...]}}`: the attacker to move. Every empty cell of an open
//!   line is answered once: in a branch (its cells lie on exactly the same open lines; the
//!   child is the node reached when the attacker takes the first), by branch `b` (the cell
//!   lies outside the zone of that branch's refutation, which then refutes it too), or by
//!   cell `by` (every open line through `c` goes through `by`, which has more);
//! - `{"breaker": [c, child]}`: the defender to move answers on cell `c`;
//! - `{"pairing": [[a, b], ...]}`: a pairing covers every open line;
//! - `"potential"`: the Erdős–Selfridge potential is below the bound;
//! - `"no_lines"`: no line can be filled any more.
//!
//! Zones are not written: the checker works each one out from the leaves up, and the
//! writer works them out the same way (a pairing's cells; the empty cells of open lines for
//! the potential; none without lines; a defender node's child's and its reply; an attacker
//! node's branches' without each branch's own cell, with it when the branch has more cells,
//! and the cells that dominated moves lean on), so that every cut it writes is one the
//! checker accepts. The types here are the prover's own; the checker reads the same JSON
//! with its own.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::board::{Board, Mask};
use super::dfpn::{AndOr, Dfpn};
use super::maker_breaker::{CertificateClass, MakerBreaker, Reason};
use super::{Progress, ProverStats};
use crate::rules::{Position, Rule, Side};

/// One node of the certificate.
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Node {
    MakerCut(Cut),
    Breaker(usize, usize),
    Pairing(Vec<(u8, u8)>),
    Potential,
    NoLines,
}

/// An attacker node: the branches written out, the moves answered by a branch's zone
/// (`(cell, branch)`), and the moves answered by a stronger cell (`(cell, by)`).
#[derive(Serialize, Default)]
pub struct Cut {
    pub branches: Vec<(Vec<usize>, usize)>,
    pub zoned: Vec<(usize, usize)>,
    pub dominated: Vec<(usize, usize)>,
}

/// A proof that `maker` cannot make K in a row from `position`.
#[derive(Serialize)]
pub struct Certificate {
    pub format: &'static str,
    pub rule: Rule,
    pub position: String,
    pub maker: Side,
    pub nodes: Vec<Node>,
    /// The work of the search behind it (not part of the file).
    #[serde(skip)]
    pub stats: ProverStats,
}

/// The format's name and version, checked by the reader.
pub const FORMAT: &str = "tictactoe maker-breaker proof 2";

/// Builds the certificate from a finished Maker-Breaker search whose table shows the
/// defender wins; positions the table does not settle are searched again.
pub struct Writer<'a, 'b> {
    pub dfpn: &'b mut Dfpn<'a>,
    pub game: MakerBreaker,
    nodes: Vec<Node>,
    /// Node ids and zones by exact board (attacker, defender): shared subtrees written once.
    seen: HashMap<(Mask, Mask), (usize, Mask)>,
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
        Writer {
            dfpn,
            game: MakerBreaker::new(board),
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
                Node::MakerCut(mut cut) => {
                    cut.branches.iter_mut().for_each(|b| b.1 = flip(b.1));
                    Node::MakerCut(cut)
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
            stats: ProverStats::default(),
        })
    }

    /// Writes the node of the current position (and its subtree) and returns its id and
    /// its zone.
    fn node(&mut self) -> Result<(usize, Mask), CertificateError> {
        let exact = (self.game.board.attacker, self.game.board.defender);
        if let Some(&written) = self.seen.get(&exact) {
            return Ok(written);
        }
        let (node, zone) = match self.game.decide() {
            Some((true, _)) => return Err(CertificateError::NotADraw),
            Some((false, reason)) => match reason {
                Reason::Pairing(pairs) => {
                    let zone = pairs.iter().fold(0, |z: Mask, &(a, b)| z | 1 << a | 1 << b);
                    (Node::Pairing(pairs), zone)
                }
                Reason::Potential => (Node::Potential, self.open_cells()),
                Reason::NoLines => (Node::NoLines, 0),
                Reason::Threat => return Err(CertificateError::NotADraw),
            },
            None if self.game.board.attacker_to_move => self.maker_node()?,
            None => self.breaker_node()?,
        };
        self.nodes.push(node);
        let written = (self.nodes.len() - 1, zone);
        self.seen.insert(exact, written);
        Ok(written)
    }

    /// The empty cells of open lines.
    fn open_cells(&self) -> Mask {
        let b = &self.game.board;
        let free = b.free();
        b.lines
            .iter()
            .filter(|&&line| b.is_open(line))
            .fold(0, |zone, &line| zone | line & free)
    }

    /// An attacker node: the classes no other dominates, each answered by a branch's zone
    /// where one leaves it out, else written out; then the dominated ones, by a zone or by
    /// the class that dominates them.
    fn maker_node(&mut self) -> Result<(Node, Mask), CertificateError> {
        let classes = self.game.certificate_classes();
        let mut cut = Cut::default();
        let mut zones: Vec<Mask> = Vec::new();
        let mut zone: Mask = 0;
        let (weak, strong): (Vec<CertificateClass>, Vec<CertificateClass>) =
            classes.into_iter().partition(|c| c.dominated_by.is_some());
        for class in strong {
            let rest = answer_by_zones(&class.members, &zones, &mut cut);
            let Some(&first) = rest.first() else {
                continue;
            };
            self.game.make(first);
            let child = self.node();
            self.game.unmake(first);
            let (id, own) = child?;
            zones.push(own);
            zone |= own & !(1 << first);
            if rest.len() > 1 {
                zone |= 1 << first;
            }
            cut.branches.push((rest, id));
        }
        for class in weak {
            let by = class.dominated_by.expect("partitioned by it");
            for cell in answer_by_zones(&class.members, &zones, &mut cut) {
                cut.dominated.push((cell, by));
                zone |= 1 << by;
            }
        }
        Ok((Node::MakerCut(cut), zone))
    }

    fn breaker_node(&mut self) -> Result<(Node, Mask), CertificateError> {
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
                    let (id, zone) = child?;
                    return Ok((Node::Breaker(cell, id), zone | 1 << cell));
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

/// Answers each of `cells` that some branch's zone leaves out by that branch; returns the
/// others.
fn answer_by_zones(cells: &[usize], zones: &[Mask], cut: &mut Cut) -> Vec<usize> {
    let mut rest = Vec::new();
    for &cell in cells {
        match zones.iter().position(|zone| zone >> cell & 1 == 0) {
            Some(branch) => cut.zoned.push((cell, branch)),
            None => rest.push(cell),
        }
    }
    rest
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
/// The work runs on a thread of its own; the calling thread calls `on_progress` about once
/// a second with the search's root numbers and nodes, then while the certificate is
/// written.
pub fn certify(
    position: &Position,
    maker: Side,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Certificate, CertificateError> {
    let board = Board::new(position, maker).ok_or(CertificateError::Stopped)?;
    let start = Instant::now();
    let watch = CertifyWatch::default();
    let caller = std::thread::current();
    std::thread::scope(|scope| {
        let (watch, caller) = (&watch, &caller);
        let work = scope.spawn(move || {
            let found = certify_here(position, maker, board, stop, watch);
            watch.done.store(true, Ordering::Release);
            caller.unpark();
            found
        });
        while !watch.done.load(Ordering::Acquire) {
            std::thread::park_timeout(Duration::from_secs(1));
            on_progress(&Progress {
                attacker: maker,
                maker_breaker: true,
                writing: watch.writing.load(Ordering::Relaxed),
                proof: watch.proof.load(Ordering::Relaxed),
                disproof: watch.disproof.load(Ordering::Relaxed),
                nodes: watch.nodes.load(Ordering::Relaxed),
                elapsed: start.elapsed(),
            });
        }
        let mut certificate = work
            .join()
            .expect("the certificate's thread does not panic")?;
        certificate.stats.elapsed = start.elapsed();
        Ok(certificate)
    })
}

/// What the certificate's thread publishes for the calling one.
#[derive(Default)]
struct CertifyWatch {
    nodes: AtomicU64,
    proof: AtomicU32,
    disproof: AtomicU32,
    writing: AtomicBool,
    done: AtomicBool,
}

/// The search and the writing of [`certify`], on its thread.
fn certify_here(
    position: &Position,
    maker: Side,
    board: Board,
    stop: &AtomicBool,
    watch: &CertifyWatch,
) -> Result<Certificate, CertificateError> {
    let mut dfpn = Dfpn::new(stop);
    dfpn.published = Some(&watch.nodes);
    let mut game = MakerBreaker::new(board.clone());
    let entry = dfpn.prove(&mut game, &mut |entry, _| {
        watch.proof.store(entry.pn, Ordering::Relaxed);
        watch.disproof.store(entry.dn, Ordering::Relaxed);
    });
    if entry.pn == 0 {
        return Err(CertificateError::NotADraw);
    }
    if entry.dn != 0 {
        return Err(CertificateError::Stopped);
    }
    watch.writing.store(true, Ordering::Relaxed);
    let mut certificate = Writer::new(&mut dfpn, board).write(position, maker)?;
    certificate
        .stats
        .add(&dfpn.counters, (game.pairing.searches, game.pairing.hits));
    Ok(certificate)
}
