//! Writing a proof down: the Maker-Breaker tree of a draw as a certificate that a separate
//! checker (`tictactoe verify`) can check without trusting the prover.
//!
//! # What is written
//!
//! The writer walks the proof from the root and tells a [`Sink`] each node as it reaches it,
//! parent before children (pre-order). A node is one of
//! - an attacker ("maker") node: its branches, each with the cells it stands for (they lie
//!   on exactly the same open lines; the child is the node reached when the attacker takes
//!   the first) followed by the child's own nodes, then the moves answered by branch `b`'s
//!   zone (`(cell, b)`: the cell lies outside the zone of that branch's refutation, which
//!   then refutes it too) and the moves answered by cell `by` (every open line through the
//!   cell goes through `by`, which has more);
//! - a defender node: its reply, followed by the child's nodes;
//! - a leaf: a pairing that covers every open line, the Erdős–Selfridge potential below the
//!   bound, or no line left;
//! - a reference to a node written before: the same position, or its image under a symmetry
//!   of the board (recorded with it), reached again. It is not a node of its own.
//!
//! Nodes are numbered in the order they are written, the root 0.
//!
//! Zones are not written: the checker works each one out from the leaves up, and the
//! writer works them out the same way (a pairing's cells; the empty cells of open lines for
//! the potential; none without lines; a defender node's child's and its reply; an attacker
//! node's branches' without each branch's own cell, with it when the branch has more cells,
//! and the cells that dominated moves lean on; a reference's, the zone of the node it names
//! moved by its symmetry), so that every cut it writes is one the checker accepts.
//!
//! # Formats
//!
//! [`BinarySink`] streams the third format (`tictactoe maker-breaker proof 3`) to a file as
//! the walk goes: nothing of the tree stays in memory. [`JsonSink`] builds the second format
//! (JSON, every node in memory, no mirror images) for small boards and tests. The binary
//! layout:
//!
//! ```text
//! tictactoe maker-breaker proof 3\n
//! {"rule":{...},"position":"...","maker":"X"}\n
//! records, the root's first; numbers are LEB128 varints:
//!   0x01 maker node, then its items:
//!          0x10 branch: count, cells, then the child (a node record or a reference)
//!          0x11 cuts, which end the node: count, (cell, branch) pairs, count, (cell, by) pairs
//!   0x02 defender node: cell, then the child
//!   0x03 pairing: count, (a, b) pairs
//!   0x04 potential        0x05 no lines
//!   0x06 reference: node id, symmetry (the index of the rules layer's symmetry map)
//!   0xff end: node count, then the FNV-1a 64-bit hash of every byte before it
//!        (little-endian, 8 bytes)
//! ```
//!
//! A reference with symmetry `s` to node `n` says: this position has the stone of `n`'s
//! position's cell `c` on cell `map_s[c]`, for every cell.
//!
//! # Memory
//!
//! The writer remembers the nodes it may share in a table of at most [`SHARED_SLOTS_MAX`]
//! slots (80 bytes each), keyed by the least image of the position under the board's
//! symmetries. When the table is full a new node takes the slot of the smallest subtree among
//! the few its hash allows: a position whose node was forgotten is written again, which
//! costs size, never correctness. Its memory is bounded whatever the size of the tree; the search's table is
//! bounded on its own.

use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::maker_breaker::{CertificateClass, MakerBreaker, Reason};
use super::prover_board::{Mask, ProverBoard};
use super::search::{AndOr, Dfpn};
use super::{Progress, ProverStats};
use crate::rules::zobrist::splitmix64;
use crate::rules::{Position, Rule, Side};

/// One node of the second (JSON) format.
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Node {
    MakerCut(Cut),
    Breaker(usize, usize),
    Pairing(Vec<(u8, u8)>),
    Potential,
    NoLines,
}

/// An attacker node of the second format: the branches written out, the moves answered by
/// a branch's zone (`(cell, branch)`), and the moves answered by a stronger cell
/// (`(cell, by)`).
#[derive(Serialize, Default)]
pub struct Cut {
    pub branches: Vec<(Vec<usize>, usize)>,
    pub zoned: Vec<(usize, usize)>,
    pub dominated: Vec<(usize, usize)>,
}

/// A proof in the second format that `maker` cannot make K in a row from `position`.
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

/// The second format's name and version, checked by the reader.
pub const FORMAT: &str = "tictactoe maker-breaker proof 2";

/// The third (binary, streamed) format's first line.
pub const BINARY_FORMAT: &str = "tictactoe maker-breaker proof 3";

/// The most slots of the writer's table of shared nodes (80 bytes each: 2.7 GB full).
pub const SHARED_SLOTS_MAX: usize = 1 << 25;

/// Record tags of the third format.
mod tag {
    pub const MAKER: u8 = 0x01;
    pub const BREAKER: u8 = 0x02;
    pub const PAIRING: u8 = 0x03;
    pub const POTENTIAL: u8 = 0x04;
    pub const NO_LINES: u8 = 0x05;
    pub const REFERENCE: u8 = 0x06;
    pub const BRANCH: u8 = 0x10;
    pub const CUTS: u8 = 0x11;
    pub const END: u8 = 0xff;
}

/// Where the writer tells the nodes, in pre-order (see the module's documentation).
pub trait Sink {
    /// An attacker node begins; its branches and its cuts follow.
    fn maker(&mut self) -> io::Result<()>;
    /// A branch of the current attacker node; its child follows.
    fn branch(&mut self, cells: &[usize]) -> io::Result<()>;
    /// The current attacker node's cuts, which end it.
    fn cuts(&mut self, zoned: &[(usize, usize)], dominated: &[(usize, usize)]) -> io::Result<()>;
    /// A defender node answering on `cell`; its child follows.
    fn breaker(&mut self, cell: usize) -> io::Result<()>;
    fn pairing(&mut self, pairs: &[(u8, u8)]) -> io::Result<()>;
    fn potential(&mut self) -> io::Result<()>;
    fn no_lines(&mut self) -> io::Result<()>;
    /// Node `id` again, moved by symmetry `symmetry`.
    fn reference(&mut self, id: u64, symmetry: usize) -> io::Result<()>;
    /// Whether references may carry a symmetry other than the identity.
    fn mirrors(&self) -> bool;
}

/// Streams the third format to `out`.
pub struct BinarySink<W: Write> {
    out: W,
    hash: u64,
    bytes: u64,
    nodes: u64,
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// The header line of the third format.
#[derive(Serialize)]
struct Header<'a> {
    rule: Rule,
    position: &'a str,
    maker: Side,
}

impl<W: Write> BinarySink<W> {
    /// Writes the two header lines for a proof that `maker` cannot make K in a row from
    /// `position`.
    pub fn new(out: W, position: &Position, maker: Side) -> io::Result<BinarySink<W>> {
        let mut sink = BinarySink {
            out,
            hash: FNV_OFFSET,
            bytes: 0,
            nodes: 0,
        };
        let notation = position.to_notation();
        let header = serde_json::to_string(&Header {
            rule: *position.rule(),
            position: &notation,
            maker,
        })?;
        sink.put(format!("{BINARY_FORMAT}\n{header}\n").as_bytes())?;
        Ok(sink)
    }

    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        for &b in bytes {
            self.hash = (self.hash ^ u64::from(b)).wrapping_mul(FNV_PRIME);
        }
        self.bytes += bytes.len() as u64;
        self.out.write_all(bytes)
    }

    fn varint(&mut self, mut value: u64) -> io::Result<()> {
        let mut buf = [0u8; 10];
        let mut n = 0;
        loop {
            let low = (value & 0x7f) as u8;
            value >>= 7;
            if value == 0 {
                buf[n] = low;
                n += 1;
                break;
            }
            buf[n] = low | 0x80;
            n += 1;
        }
        self.put(&buf[..n])
    }

    fn node(&mut self, tag: u8) -> io::Result<()> {
        self.nodes += 1;
        self.put(&[tag])
    }

    fn pairs(&mut self, pairs: impl ExactSizeIterator<Item = (u64, u64)>) -> io::Result<()> {
        self.varint(pairs.len() as u64)?;
        for (a, b) in pairs {
            self.varint(a)?;
            self.varint(b)?;
        }
        Ok(())
    }

    /// Ends the file (the node count and the hash) and returns the output and the bytes
    /// written.
    pub fn finish(mut self) -> io::Result<(W, u64)> {
        self.put(&[tag::END])?;
        self.varint(self.nodes)?;
        let hash = self.hash.to_le_bytes();
        self.out.write_all(&hash)?;
        self.out.flush()?;
        Ok((self.out, self.bytes + 8))
    }
}

impl<W: Write> Sink for BinarySink<W> {
    fn maker(&mut self) -> io::Result<()> {
        self.node(tag::MAKER)
    }
    fn branch(&mut self, cells: &[usize]) -> io::Result<()> {
        self.put(&[tag::BRANCH])?;
        self.varint(cells.len() as u64)?;
        cells.iter().try_for_each(|&c| self.varint(c as u64))
    }
    fn cuts(&mut self, zoned: &[(usize, usize)], dominated: &[(usize, usize)]) -> io::Result<()> {
        self.put(&[tag::CUTS])?;
        self.pairs(zoned.iter().map(|&(a, b)| (a as u64, b as u64)))?;
        self.pairs(dominated.iter().map(|&(a, b)| (a as u64, b as u64)))
    }
    fn breaker(&mut self, cell: usize) -> io::Result<()> {
        self.node(tag::BREAKER)?;
        self.varint(cell as u64)
    }
    fn pairing(&mut self, pairs: &[(u8, u8)]) -> io::Result<()> {
        self.node(tag::PAIRING)?;
        self.pairs(pairs.iter().map(|&(a, b)| (u64::from(a), u64::from(b))))
    }
    fn potential(&mut self) -> io::Result<()> {
        self.node(tag::POTENTIAL)
    }
    fn no_lines(&mut self) -> io::Result<()> {
        self.node(tag::NO_LINES)
    }
    fn reference(&mut self, id: u64, symmetry: usize) -> io::Result<()> {
        self.put(&[tag::REFERENCE])?;
        self.varint(id)?;
        self.varint(symmetry as u64)
    }
    fn mirrors(&self) -> bool {
        true
    }
}

/// Builds the second format in memory. References keep the identity (the second format
/// has no symmetries): a node is shared only with the same position.
#[derive(Default)]
pub struct JsonSink {
    nodes: Vec<Option<Node>>,
    /// The nodes begun and not finished: attacker nodes (with the cells of the branch whose
    /// child comes next) and defender nodes (waiting for their child).
    open: Vec<Open>,
}

enum Open {
    Maker(usize, Cut, Vec<usize>),
    Breaker(usize, usize),
}

impl JsonSink {
    /// Names `child` as the child the innermost open node waits for.
    fn attach(&mut self, child: usize) {
        match self.open.last_mut() {
            Some(Open::Maker(_, cut, cells)) => {
                cut.branches.push((std::mem::take(cells), child));
            }
            Some(Open::Breaker(id, cell)) => {
                let (id, cell) = (*id, *cell);
                self.nodes[id] = Some(Node::Breaker(cell, child));
                self.open.pop();
            }
            None => {}
        }
    }

    /// A node begins: its id, attached to its parent.
    fn begin(&mut self) -> usize {
        let id = self.nodes.len();
        self.nodes.push(None);
        self.attach(id);
        id
    }

    fn leaf(&mut self, node: Node) -> io::Result<()> {
        let id = self.begin();
        self.nodes[id] = Some(node);
        Ok(())
    }

    /// The certificate of `position`, when every node is finished.
    fn finish(self, position: &Position, maker: Side) -> Option<Certificate> {
        let nodes = self.nodes.into_iter().collect::<Option<Vec<Node>>>()?;
        Some(Certificate {
            format: FORMAT,
            rule: *position.rule(),
            position: position.to_notation(),
            maker,
            nodes,
            stats: ProverStats::default(),
        })
    }
}

impl Sink for JsonSink {
    fn maker(&mut self) -> io::Result<()> {
        let id = self.begin();
        self.open.push(Open::Maker(id, Cut::default(), Vec::new()));
        Ok(())
    }
    fn branch(&mut self, cells: &[usize]) -> io::Result<()> {
        if let Some(Open::Maker(_, _, pending)) = self.open.last_mut() {
            *pending = cells.to_vec();
        }
        Ok(())
    }
    fn cuts(&mut self, zoned: &[(usize, usize)], dominated: &[(usize, usize)]) -> io::Result<()> {
        if let Some(Open::Maker(id, mut cut, _)) = self.open.pop() {
            cut.zoned = zoned.to_vec();
            cut.dominated = dominated.to_vec();
            self.nodes[id] = Some(Node::MakerCut(cut));
        }
        Ok(())
    }
    fn breaker(&mut self, cell: usize) -> io::Result<()> {
        let id = self.begin();
        self.open.push(Open::Breaker(id, cell));
        Ok(())
    }
    fn pairing(&mut self, pairs: &[(u8, u8)]) -> io::Result<()> {
        self.leaf(Node::Pairing(pairs.to_vec()))
    }
    fn potential(&mut self) -> io::Result<()> {
        self.leaf(Node::Potential)
    }
    fn no_lines(&mut self) -> io::Result<()> {
        self.leaf(Node::NoLines)
    }
    fn reference(&mut self, id: u64, _symmetry: usize) -> io::Result<()> {
        self.attach(id as usize);
        Ok(())
    }
    fn mirrors(&self) -> bool {
        false
    }
}

/// One slot of the table of shared nodes: the least image of a position (attacker and
/// defender stones), the symmetry that takes the position to it, its node, the number of
/// nodes of its subtree, and its zone (on the position itself).
#[derive(Clone, Copy)]
struct NodeSlot {
    attacker: Mask,
    defender: Mask,
    zone: Mask,
    id: u64,
    size: u64,
    symmetry: u8,
}

impl NodeSlot {
    const EMPTY: NodeSlot = NodeSlot {
        attacker: 0,
        defender: 0,
        zone: 0,
        id: u64::MAX,
        size: 0,
        symmetry: 0,
    };
}

/// Slots a position may take: the one its hash names and the next ones.
const WINDOW: usize = 16;

/// The writer's table of shared nodes: a position takes the first free slot among the
/// [`WINDOW`] from the one its hash names (slots are never emptied, so a search stops at the
/// first free one). It doubles when half full, up to `max` slots; a full window (rare below
/// half full, the rule once the table is at its bound) gives the smallest subtree's slot to
/// the new node.
struct SharedNodes {
    /// `capacity` slots and [`WINDOW`] more, so that no window wraps around.
    slots: Vec<NodeSlot>,
    capacity: usize,
    used: usize,
    max: usize,
}

impl SharedNodes {
    fn new(max: usize) -> SharedNodes {
        let max = max.max(WINDOW).next_power_of_two();
        let capacity = (1 << 12).min(max);
        SharedNodes {
            slots: vec![NodeSlot::EMPTY; capacity + WINDOW],
            capacity,
            used: 0,
            max,
        }
    }

    fn window(&self, attacker: Mask, defender: Mask) -> std::ops::Range<usize> {
        let fold = |m: Mask| (m as u64) ^ ((m >> 64) as u64).rotate_left(29);
        let hash = splitmix64(fold(attacker) ^ splitmix64(fold(defender)));
        let first = hash as usize & (self.capacity - 1);
        first..first + WINDOW
    }

    fn get(&self, attacker: Mask, defender: Mask) -> Option<&NodeSlot> {
        self.slots[self.window(attacker, defender)]
            .iter()
            .take_while(|s| s.id != u64::MAX)
            .find(|s| s.attacker == attacker && s.defender == defender)
    }

    fn insert(&mut self, slot: NodeSlot) {
        if self.used * 2 >= self.capacity && self.capacity < self.max {
            self.grow();
        }
        if !self.put(slot) {
            self.give_way(slot);
        }
    }

    /// Puts `slot` in place of the smallest subtree of its full window, if that is smaller.
    fn give_way(&mut self, slot: NodeSlot) {
        let range = self.window(slot.attacker, slot.defender);
        if let Some(smallest) = self.slots[range].iter_mut().min_by_key(|s| s.size)
            && smallest.size <= slot.size
        {
            *smallest = slot;
        }
    }

    /// Puts `slot` in a free slot of its window, if there is one.
    fn put(&mut self, slot: NodeSlot) -> bool {
        let range = self.window(slot.attacker, slot.defender);
        match self.slots[range].iter_mut().find(|s| s.id == u64::MAX) {
            Some(free) => {
                *free = slot;
                self.used += 1;
                true
            }
            None => false,
        }
    }

    fn grow(&mut self) {
        self.capacity *= 2;
        let larger = vec![NodeSlot::EMPTY; self.capacity + WINDOW];
        let old = std::mem::replace(&mut self.slots, larger);
        self.used = 0;
        for slot in old.into_iter().filter(|s| s.id != u64::MAX) {
            if !self.put(slot) {
                self.give_way(slot);
            }
        }
    }
}

/// The board's symmetries as a group: how they compose and invert.
struct Symmetries {
    /// `compose[a][b]`: symmetry `a` after symmetry `b`.
    compose: Vec<Vec<u8>>,
    inverse: Vec<u8>,
}

impl Symmetries {
    /// The group of the board's symmetries, or the identity alone when `mirrors` is false
    /// (or the maps are not closed under composition).
    fn of(board: &ProverBoard, mirrors: bool) -> Symmetries {
        let identity = Symmetries {
            compose: vec![vec![0]],
            inverse: vec![0],
        };
        let maps = board.symmetry_maps();
        if !mirrors || maps.len() < 2 {
            return identity;
        }
        let find = |a: usize, b: usize| {
            let product: Vec<u8> = maps[b].iter().map(|&c| maps[a][c as usize]).collect();
            maps.iter().position(|m| *m == product).map(|n| n as u8)
        };
        let compose: Option<Vec<Vec<u8>>> = (0..maps.len())
            .map(|a| (0..maps.len()).map(|b| find(a, b)).collect())
            .collect();
        let Some(compose) = compose else {
            return identity;
        };
        let inverse: Option<Vec<u8>> = (0..maps.len())
            .map(|a| {
                (0..maps.len())
                    .position(|b| compose[a][b] == 0)
                    .map(|b| b as u8)
            })
            .collect();
        match inverse {
            Some(inverse) => Symmetries { compose, inverse },
            None => identity,
        }
    }

    fn count(&self) -> usize {
        self.inverse.len()
    }
}

/// Builds the certificate from a finished Maker-Breaker search whose table shows the
/// defender wins; positions the table does not settle are searched again.
pub struct Writer<'a, 'b, 's> {
    pub dfpn: &'b mut Dfpn<'a>,
    pub game: MakerBreaker,
    sink: &'s mut dyn Sink,
    shared: SharedNodes,
    symmetries: Symmetries,
    /// Nodes written, and references.
    nodes: u64,
    references: u64,
    /// Where the count of nodes written is published.
    published: Option<&'s AtomicU64>,
}

/// Why a certificate could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    #[error("the attacker can make K in a row here: there is no draw to certify")]
    NotADraw,
    #[error("the proof was stopped before it finished")]
    Stopped,
    #[error("cannot write the certificate: {0}")]
    Write(String),
}

impl From<io::Error> for CertificateError {
    fn from(e: io::Error) -> CertificateError {
        CertificateError::Write(e.to_string())
    }
}

/// What was written.
#[derive(Clone, Debug, Default)]
pub struct Written {
    /// Nodes, and references to nodes written before.
    pub nodes: u64,
    pub references: u64,
    /// Bytes of the file (the third format).
    pub bytes: u64,
    /// The work of the search behind it.
    pub stats: ProverStats,
}

impl<'a, 'b, 's> Writer<'a, 'b, 's> {
    /// A writer over the searched `dfpn` for the attacker of `board`, telling `sink`, with
    /// a table of shared nodes of at most `slots` slots.
    pub fn new(
        dfpn: &'b mut Dfpn<'a>,
        board: ProverBoard,
        sink: &'s mut dyn Sink,
        slots: usize,
    ) -> Writer<'a, 'b, 's> {
        let symmetries = Symmetries::of(&board, sink.mirrors());
        Writer {
            dfpn,
            game: MakerBreaker::new(board),
            sink,
            shared: SharedNodes::new(slots),
            symmetries,
            nodes: 0,
            references: 0,
            published: None,
        }
    }

    /// Writes the whole tree; returns the nodes and references written.
    pub fn write(mut self) -> Result<(u64, u64), CertificateError> {
        self.node()?;
        Ok((self.nodes, self.references))
    }

    /// The least image of the position under the board's symmetries, and the symmetry that
    /// takes the position there.
    fn least_image(&self) -> (Mask, Mask, usize) {
        let b = &self.game.board;
        let mut least = (b.attacker, b.defender, 0);
        for n in 1..self.symmetries.count() {
            let image = (
                b.map_mask(n, b.attacker, false),
                b.map_mask(n, b.defender, false),
            );
            if image < (least.0, least.1) {
                least = (image.0, image.1, n);
            }
        }
        least
    }

    /// Writes the node of the current position (and its subtree, or a reference to a node
    /// written before) and returns its zone.
    fn node(&mut self) -> Result<Mask, CertificateError> {
        let (attacker, defender, here) = self.least_image();
        if let Some(slot) = self.shared.get(attacker, defender) {
            // The slot's position goes to the image by its symmetry, the image comes back
            // here by the inverse of this position's.
            let s = &self.symmetries;
            let to_here = s.compose[s.inverse[here] as usize][slot.symmetry as usize] as usize;
            let zone = self.game.board.map_mask(to_here, slot.zone, false);
            self.sink.reference(slot.id, to_here)?;
            self.references += 1;
            return Ok(zone);
        }
        let id = self.nodes;
        self.nodes += 1;
        if let Some(published) = self.published {
            published.store(self.nodes, Ordering::Relaxed);
        }
        let zone = match self.game.decide() {
            Some((true, _)) => return Err(CertificateError::NotADraw),
            Some((false, reason)) => match reason {
                Reason::Pairing(pairs) => {
                    self.sink.pairing(&pairs)?;
                    pairs.iter().fold(0, |z: Mask, &(a, b)| z | 1 << a | 1 << b)
                }
                Reason::Potential => {
                    self.sink.potential()?;
                    self.open_cells()
                }
                Reason::NoLines => {
                    self.sink.no_lines()?;
                    0
                }
                Reason::Threat => return Err(CertificateError::NotADraw),
            },
            None if self.game.board.attacker_to_move => self.maker_node()?,
            None => self.breaker_node()?,
        };
        self.shared.insert(NodeSlot {
            attacker,
            defender,
            zone,
            id,
            size: self.nodes - id,
            symmetry: here as u8,
        });
        Ok(zone)
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
    fn maker_node(&mut self) -> Result<Mask, CertificateError> {
        self.sink.maker()?;
        let classes = self.game.certificate_classes();
        let mut zoned = Vec::new();
        let mut dominated = Vec::new();
        let mut zones: Vec<Mask> = Vec::new();
        let mut zone: Mask = 0;
        let (weak, strong): (Vec<CertificateClass>, Vec<CertificateClass>) =
            classes.into_iter().partition(|c| c.dominated_by.is_some());
        for class in strong {
            let rest = answer_by_zones(&class.members, &zones, &mut zoned);
            let Some(&first) = rest.first() else {
                continue;
            };
            self.sink.branch(&rest)?;
            self.game.make(first);
            let child = self.node();
            self.game.unmake(first);
            let own = child?;
            zones.push(own);
            zone |= own & !(1 << first);
            if rest.len() > 1 {
                zone |= 1 << first;
            }
        }
        for class in weak {
            let by = class.dominated_by.expect("partitioned by it");
            for cell in answer_by_zones(&class.members, &zones, &mut zoned) {
                dominated.push((cell, by));
                zone |= 1 << by;
            }
        }
        self.sink.cuts(&zoned, &dominated)?;
        Ok(zone)
    }

    fn breaker_node(&mut self) -> Result<Mask, CertificateError> {
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
                    self.sink.breaker(cell)?;
                    self.game.make(cell);
                    let child = self.node();
                    self.game.unmake(cell);
                    return Ok(child? | 1 << cell);
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

/// Answers each of `cells` that some branch's zone leaves out by that branch (pushed on
/// `zoned`); returns the others.
fn answer_by_zones(cells: &[usize], zones: &[Mask], zoned: &mut Vec<(usize, usize)>) -> Vec<usize> {
    let mut rest = Vec::new();
    for &cell in cells {
        match zones.iter().position(|zone| zone >> cell & 1 == 0) {
            Some(branch) => zoned.push((cell, branch)),
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

/// Proves that `maker` cannot make K in a row from `position` and tells the certificate to
/// `sink`. The work runs on a thread of its own; the calling thread calls `on_progress`
/// about once a second with the search's root numbers and nodes, then while the certificate
/// is written with the nodes written. The writer's table of shared nodes holds at most
/// `shared_slots` slots ([`SHARED_SLOTS_MAX`] for the functions below).
pub fn certify(
    position: &Position,
    maker: Side,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&Progress),
    sink: &mut (dyn Sink + Send),
    shared_slots: usize,
) -> Result<Written, CertificateError> {
    let board = ProverBoard::new(position, maker).ok_or(CertificateError::Stopped)?;
    let start = Instant::now();
    let watch = CertifyWatch::default();
    let caller = std::thread::current();
    std::thread::scope(|scope| {
        let (watch, caller) = (&watch, &caller);
        let work = scope.spawn(move || {
            let found = certify_here(board, stop, watch, sink, shared_slots);
            watch.done.store(true, Ordering::Release);
            caller.unpark();
            found
        });
        while !watch.done.load(Ordering::Acquire) {
            std::thread::park_timeout(Duration::from_secs(1));
            let writing = watch.writing.load(Ordering::Relaxed);
            on_progress(&Progress {
                attacker: maker,
                maker_breaker: true,
                writing,
                proof: watch.proof.load(Ordering::Relaxed),
                disproof: watch.disproof.load(Ordering::Relaxed),
                nodes: if writing {
                    watch.written.load(Ordering::Relaxed)
                } else {
                    watch.nodes.load(Ordering::Relaxed)
                },
                elapsed: start.elapsed(),
            });
        }
        let mut written = work
            .join()
            .expect("the certificate's thread does not panic")?;
        written.stats.elapsed = start.elapsed();
        Ok(written)
    })
}

/// The certificate in the second format (JSON, in memory, no mirror images shared).
pub fn certify_json(
    position: &Position,
    maker: Side,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Certificate, CertificateError> {
    let mut sink = JsonSink::default();
    let written = certify(
        position,
        maker,
        stop,
        on_progress,
        &mut sink,
        SHARED_SLOTS_MAX,
    )?;
    let mut certificate = sink
        .finish(position, maker)
        .ok_or(CertificateError::Stopped)?;
    certificate.stats = written.stats;
    Ok(certificate)
}

/// The certificate in the third format, in memory.
pub fn certify_bytes(
    position: &Position,
    maker: Side,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<(Vec<u8>, Written), CertificateError> {
    certify_binary(position, maker, stop, on_progress, Vec::new())
}

/// The certificate in the third format, written to `out` as it is written; `out` back, and
/// what was written with its size in bytes.
fn certify_binary<W: Write + Send>(
    position: &Position,
    maker: Side,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&Progress),
    out: W,
) -> Result<(W, Written), CertificateError> {
    let mut sink = BinarySink::new(out, position, maker)?;
    let mut written = certify(
        position,
        maker,
        stop,
        on_progress,
        &mut sink,
        SHARED_SLOTS_MAX,
    )?;
    let (out, size) = sink.finish()?;
    written.bytes = size;
    Ok((out, written))
}

/// The certificate in the third format, streamed to `path` as it is written (through a
/// file beside it, renamed at the end; removed if the certificate cannot be finished).
pub fn certify_file(
    position: &Position,
    maker: Side,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&Progress),
    path: &Path,
) -> Result<Written, CertificateError> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    let result = (|| {
        let file = std::fs::File::create(&partial)?;
        let out = io::BufWriter::with_capacity(1 << 20, file);
        let (out, written) = certify_binary(position, maker, stop, on_progress, out)?;
        out.into_inner()
            .map_err(|e| CertificateError::Write(e.to_string()))?
            .sync_all()?;
        std::fs::rename(&partial, path)?;
        Ok(written)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result.map_err(|e| match e {
        CertificateError::Write(why) => {
            CertificateError::Write(format!("{}: {why}", path.display()))
        }
        other => other,
    })
}

/// What the certificate's thread publishes for the calling one.
#[derive(Default)]
struct CertifyWatch {
    nodes: AtomicU64,
    written: AtomicU64,
    proof: AtomicU32,
    disproof: AtomicU32,
    writing: AtomicBool,
    done: AtomicBool,
}

/// The search and the writing of [`certify`], on its thread.
fn certify_here(
    board: ProverBoard,
    stop: &AtomicBool,
    watch: &CertifyWatch,
    sink: &mut (dyn Sink + Send),
    shared_slots: usize,
) -> Result<Written, CertificateError> {
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
    let mut writer = Writer::new(&mut dfpn, board, sink, shared_slots);
    writer.published = Some(&watch.written);
    let (nodes, references) = writer.write()?;
    let mut written = Written {
        nodes,
        references,
        ..Written::default()
    };
    written
        .stats
        .add(&dfpn.counters, (game.pairing.searches, game.pairing.hits));
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(n: u64) -> NodeSlot {
        NodeSlot {
            attacker: Mask::from(n),
            defender: Mask::from(n) << 64,
            zone: 0,
            id: n,
            size: n % 7,
            symmetry: 0,
        }
    }

    #[test]
    fn the_table_of_shared_nodes_stays_within_its_slots() {
        let mut shared = SharedNodes::new(64);
        for n in 0..10_000 {
            shared.insert(slot(n));
            assert!(shared.capacity <= 64);
        }
        assert_eq!(shared.capacity, 64);
        // What it keeps reads back as it was put in; a full bucket keeps its larger
        // subtrees.
        let kept: Vec<&NodeSlot> = shared.slots.iter().filter(|s| s.id != u64::MAX).collect();
        assert!(kept.len() > 48);
        for s in kept {
            let found = shared.get(s.attacker, s.defender).unwrap();
            assert_eq!(found.id, s.id);
            assert!(found.size >= 4, "{}", found.size);
        }
    }

    #[test]
    fn the_table_grows_until_its_bound_and_forgets_almost_nothing_before() {
        let mut shared = SharedNodes::new(1 << 16);
        for n in 0..20_000 {
            shared.insert(slot(n));
        }
        assert!(shared.capacity <= 1 << 16);
        let kept = (0..20_000)
            .filter(|&n| shared.get(slot(n).attacker, slot(n).defender).is_some())
            .count();
        assert!(kept >= 19_990, "{kept}");
    }
}
