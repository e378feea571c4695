//! The file a long proof is saved to and resumed from (`tictactoe solve --resume FILE`):
//! the searches of the proof already finished, with their results, and the table of the
//! one under way (its positions' keys, proof and disproof numbers, and zones).
//!
//! A hand-written binary format, all numbers little-endian (version 1):
//! - the magic `TTTPROOF` (8 bytes) and the version (u32);
//! - the rule and the position as text (each a u32 length and UTF-8), and a key check
//!   (u64: the prover's own keys of the position, so that a build whose keys differ
//!   refuses the file instead of reading wrong numbers);
//! - the work of the earlier runs: nodes (u64) and seconds (f64);
//! - the finished searches: a count (u32), then each search's code, proof number and
//!   disproof number (u32 each);
//! - the table: its search's code (u32, `u32::MAX` for no table), the positions (a u64
//!   count, then each key u64, proof number u32, disproof number u32: 16 bytes), the zones
//!   (a u64 count, then each key u64 and zone u128: 24 bytes);
//! - a checksum: 64-bit FNV-1a of every byte before it.
//!
//! A file is written to `FILE.tmp` beside it and renamed over FILE when complete, so a
//! stop during a write leaves the last complete file in place.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::prover_board::Mask;
use super::search::Dfpn;
use super::shared_table::SharedTable;
use super::table::Numbers;
use crate::rules::Side;

/// The table of the search under way, to save: one thread's own, or the one the threads
/// share (saved while they go on: each position as it is when the save reads it).
#[derive(Clone, Copy)]
pub enum TableToSave<'t> {
    Own(&'t Dfpn<'t>),
    Shared(&'t SharedTable),
}

/// The first bytes of a saved proof.
pub const MAGIC: &[u8; 8] = b"TTTPROOF";
/// The format version this build writes and reads.
pub const VERSION: u32 = 1;

/// One search of a proof: the attacker, the game (Maker-Breaker or the real one), and for
/// a Maker-Breaker search split at the root, the opening: the attacker's first move, by its
/// cell (a result kept by cell stays true whatever order a later build takes them in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofStage {
    pub attacker: Side,
    pub real_game: bool,
    pub opening: Option<u16>,
}

impl ProofStage {
    /// The whole search of `attacker` in one game.
    #[must_use]
    pub fn whole(attacker: Side, real_game: bool) -> ProofStage {
        ProofStage {
            attacker,
            real_game,
            opening: None,
        }
    }

    /// The search whose table this one uses (an opening shares its game's).
    #[must_use]
    pub fn table(self) -> ProofStage {
        ProofStage::whole(self.attacker, self.real_game)
    }

    fn code(self) -> u32 {
        let side = u32::from(self.attacker == Side::O) << 31;
        let game = u32::from(self.real_game) << 30;
        side | game | self.opening.map_or(0, |n| u32::from(n) + 1)
    }

    fn from_code(code: u32) -> Option<ProofStage> {
        let opening = code & ((1 << 30) - 1);
        Some(ProofStage {
            attacker: if code >> 31 == 1 { Side::O } else { Side::X },
            real_game: (code >> 30) & 1 == 1,
            opening: match opening {
                0 => None,
                n => Some(u16::try_from(n - 1).ok()?),
            },
        })
    }
}

/// What a saved proof is of, and what the earlier runs did.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedHeader {
    pub rule: String,
    pub position: String,
    pub key_check: u64,
    /// Nodes searched by the earlier runs together.
    pub nodes: u64,
    /// Their seconds together.
    pub seconds: f64,
    /// The searches finished, with their root numbers (one of them 0).
    pub finished: Vec<(ProofStage, Numbers)>,
}

/// The table of the search under way, as read from a file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SavedTable {
    pub stage: Option<ProofStage>,
    pub entries: Vec<(u64, Numbers)>,
    pub zones: Vec<(u64, Mask)>,
}

/// A saved proof as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    pub header: SavedHeader,
    pub table: SavedTable,
}

/// How large a file written was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SavedSize {
    pub positions: u64,
    pub bytes: u64,
}

/// Why a saved proof cannot be read, used or written.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: io::Error },
    #[error("cannot save the proof to {path}: {source}")]
    Write { path: String, source: io::Error },
    #[error("{path} is not a proof saved by tictactoe solve --resume")]
    NotAProof { path: String },
    #[error(
        "{path} was saved in format version {found}, and this build reads version {VERSION}: \
         delete it (or name another file) to start the proof afresh"
    )]
    Version { path: String, found: u32 },
    #[error("{path} is damaged ({what}): delete it (or name another file) to start afresh")]
    Damaged { path: String, what: &'static str },
    #[error(
        "{path} holds a proof of {rule} from {position}, not of {wanted_rule} from \
         {wanted_position}: name another file, or delete it to start afresh"
    )]
    OtherProof {
        path: String,
        rule: String,
        position: String,
        wanted_rule: String,
        wanted_position: String,
    },
    #[error(
        "{path} was saved by a build of the prover whose position keys differ from this \
         one's: delete it (or name another file) to start afresh"
    )]
    OtherKeys { path: String },
}

/// 64-bit FNV-1a over the bytes given, in order.
struct Checksum(u64);

impl Checksum {
    fn new() -> Checksum {
        Checksum(0xcbf2_9ce4_8422_2325)
    }

    fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// A buffered file that sums what it writes.
struct Out {
    file: BufWriter<File>,
    sum: Checksum,
    bytes: u64,
}

impl Out {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.sum.update(bytes);
        self.bytes += bytes.len() as u64;
        self.file.write_all(bytes)
    }

    fn text(&mut self, text: &str) -> io::Result<()> {
        self.put(&(text.len() as u32).to_le_bytes())?;
        self.put(text.as_bytes())
    }
}

/// The temporary file a save is written to before it replaces `path`.
fn temporary(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

/// Writes `header` and `table` (of the search `stage`) to `path`, through a temporary file
/// renamed over it.
pub fn write(
    path: &Path,
    header: &SavedHeader,
    table: Option<(ProofStage, TableToSave)>,
) -> Result<SavedSize, ResumeError> {
    let error = |source| ResumeError::Write {
        path: path.display().to_string(),
        source,
    };
    let temp = temporary(path);
    let file = File::create(&temp).map_err(error)?;
    let mut out = Out {
        file: BufWriter::with_capacity(1 << 20, file),
        sum: Checksum::new(),
        bytes: 0,
    };
    let positions = write_body(&mut out, header, table).map_err(error)?;
    let sum = out.sum.0.to_le_bytes();
    out.file.write_all(&sum).map_err(error)?;
    let file = out.file.into_inner().map_err(|e| error(e.into_error()))?;
    file.sync_all().map_err(error)?;
    drop(file);
    std::fs::rename(&temp, path).map_err(error)?;
    Ok(SavedSize {
        positions,
        bytes: out.bytes + 8,
    })
}

/// Everything before the checksum; returns how many positions were written.
fn write_body(
    out: &mut Out,
    header: &SavedHeader,
    table: Option<(ProofStage, TableToSave)>,
) -> io::Result<u64> {
    out.put(MAGIC)?;
    out.put(&VERSION.to_le_bytes())?;
    out.text(&header.rule)?;
    out.text(&header.position)?;
    out.put(&header.key_check.to_le_bytes())?;
    out.put(&header.nodes.to_le_bytes())?;
    out.put(&header.seconds.to_le_bytes())?;
    out.put(&(header.finished.len() as u32).to_le_bytes())?;
    for (stage, entry) in &header.finished {
        out.put(&stage.code().to_le_bytes())?;
        out.put(&entry.pn.to_le_bytes())?;
        out.put(&entry.dn.to_le_bytes())?;
    }
    let Some((stage, table)) = table else {
        out.put(&u32::MAX.to_le_bytes())?;
        out.put(&0u64.to_le_bytes())?;
        out.put(&0u64.to_le_bytes())?;
        return Ok(0);
    };
    out.put(&stage.code().to_le_bytes())?;
    match table {
        TableToSave::Own(dfpn) => {
            let zones = dfpn.table.zones.iter().map(|(&key, &zone)| (key, zone));
            write_table(
                out,
                (dfpn.table.len(), dfpn.table.entries()),
                (dfpn.table.zones.len(), zones),
            )
        }
        TableToSave::Shared(shared) => {
            // The counts come first, and the other threads go on storing: a copy.
            let (entries, zones) = shared.snapshot();
            let entries = (entries.len(), entries.into_iter());
            write_table(out, entries, (zones.len(), zones.into_iter()))
        }
    }
}

/// The positions and the zones of a table, each a count and the records.
fn write_table(
    out: &mut Out,
    (len, entries): (usize, impl Iterator<Item = (u64, Numbers)>),
    (zones_len, zones): (usize, impl Iterator<Item = (u64, Mask)>),
) -> io::Result<u64> {
    out.put(&(len as u64).to_le_bytes())?;
    for (key, entry) in entries {
        let mut record = [0u8; 16];
        record[..8].copy_from_slice(&key.to_le_bytes());
        record[8..12].copy_from_slice(&entry.pn.to_le_bytes());
        record[12..].copy_from_slice(&entry.dn.to_le_bytes());
        out.put(&record)?;
    }
    out.put(&(zones_len as u64).to_le_bytes())?;
    for (key, zone) in zones {
        out.put(&key.to_le_bytes())?;
        out.put(&zone.to_le_bytes())?;
    }
    Ok(len as u64)
}

/// A buffered file that sums what it reads and knows how much is left.
struct In {
    file: BufReader<File>,
    sum: Checksum,
    left: u64,
}

/// Why a read stopped: the file's own error, or too few bytes.
enum Short {
    Io(io::Error),
    Ends,
}

impl In {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], Short> {
        if self.left < N as u64 {
            return Err(Short::Ends);
        }
        let mut bytes = [0u8; N];
        self.file.read_exact(&mut bytes).map_err(Short::Io)?;
        self.left -= N as u64;
        self.sum.update(&bytes);
        Ok(bytes)
    }

    fn u32(&mut self) -> Result<u32, Short> {
        self.take().map(u32::from_le_bytes)
    }

    fn u64(&mut self) -> Result<u64, Short> {
        self.take().map(u64::from_le_bytes)
    }

    /// A count of records of `size` bytes each, refused when the file is too short for
    /// them (a damaged count never asks for more memory than the file's size).
    fn count(&mut self, size: u64) -> Result<usize, Short> {
        let n = self.u64()?;
        if n.saturating_mul(size) > self.left {
            return Err(Short::Ends);
        }
        usize::try_from(n).map_err(|_| Short::Ends)
    }

    fn text(&mut self) -> Result<Option<String>, Short> {
        let len = u64::from(self.u32()?);
        if len > self.left.min(1 << 20) {
            return Err(Short::Ends);
        }
        let mut bytes = vec![0u8; len as usize];
        self.file.read_exact(&mut bytes).map_err(Short::Io)?;
        self.left -= len;
        self.sum.update(&bytes);
        Ok(String::from_utf8(bytes).ok())
    }
}

/// Reads the saved proof at `path`; `None` when there is no file there.
pub fn read(path: &Path) -> Result<Option<Saved>, ResumeError> {
    let shown = || path.display().to_string();
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(ResumeError::Read {
                path: shown(),
                source,
            });
        }
    };
    let read_error = |source| ResumeError::Read {
        path: shown(),
        source,
    };
    let left = file.metadata().map_err(read_error)?.len();
    let mut input = In {
        file: BufReader::with_capacity(1 << 20, file),
        sum: Checksum::new(),
        left,
    };
    let damaged = |what| ResumeError::Damaged {
        path: shown(),
        what,
    };
    let short = |e: Short| match e {
        Short::Io(source) => read_error(source),
        Short::Ends => damaged("it ends too early"),
    };
    let magic: [u8; 8] = input
        .take()
        .map_err(|_| ResumeError::NotAProof { path: shown() })?;
    if &magic != MAGIC {
        return Err(ResumeError::NotAProof { path: shown() });
    }
    let version = input.u32().map_err(short)?;
    if version != VERSION {
        return Err(ResumeError::Version {
            path: shown(),
            found: version,
        });
    }
    let saved = read_body(&mut input).map_err(short)?;
    let computed = input.sum.0;
    let stored = input.u64().map_err(short)?;
    if stored != computed || input.left != 0 {
        return Err(damaged("its checksum does not match its contents"));
    }
    saved
        .map(Some)
        .ok_or_else(|| damaged("a field holds a value no save writes"))
}

/// Everything between the version and the checksum; `None` inside when a field holds a
/// value no save writes (known only after the checksum is checked).
fn read_body(input: &mut In) -> Result<Option<Saved>, Short> {
    let rule = input.text()?;
    let position = input.text()?;
    let key_check = input.u64()?;
    let nodes = input.u64()?;
    let seconds = f64::from_bits(input.u64()?);
    let finished_count = input.u32()?;
    let mut valid = rule.is_some() && position.is_some() && seconds.is_finite();
    let mut finished = Vec::new();
    for _ in 0..finished_count {
        let stage = ProofStage::from_code(input.u32()?);
        let entry = Numbers {
            pn: input.u32()?,
            dn: input.u32()?,
        };
        valid &= stage.is_some();
        finished.extend(stage.map(|s| (s, entry)));
    }
    let table = read_table(input, &mut valid)?;
    let header = SavedHeader {
        rule: rule.unwrap_or_default(),
        position: position.unwrap_or_default(),
        key_check,
        nodes,
        seconds,
        finished,
    };
    Ok(valid.then_some(Saved { header, table }))
}

fn read_table(input: &mut In, valid: &mut bool) -> Result<SavedTable, Short> {
    let code = input.u32()?;
    let stage = if code == u32::MAX {
        None
    } else {
        let stage = ProofStage::from_code(code);
        *valid &= stage.is_some();
        stage
    };
    let count = input.count(16)?;
    let mut entries = Vec::with_capacity(count);
    for _ in 0..count {
        let record: [u8; 16] = input.take()?;
        let key = u64::from_le_bytes(record[..8].try_into().unwrap_or_default());
        let pn = u32::from_le_bytes(record[8..12].try_into().unwrap_or_default());
        let dn = u32::from_le_bytes(record[12..].try_into().unwrap_or_default());
        entries.push((key, Numbers { pn, dn }));
    }
    let count = input.count(24)?;
    let mut zones = Vec::with_capacity(count);
    for _ in 0..count {
        let key = input.u64()?;
        let zone = Mask::from_le_bytes(input.take()?);
        zones.push((key, zone));
    }
    Ok(SavedTable {
        stage,
        entries,
        zones,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::prover::maker_breaker::MakerBreaker;
    use crate::prover::prover_board::ProverBoard;
    use crate::rules::{Position, Rule};

    fn scratch(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!(
            "tictactoe-checkpoint-{}-{name}",
            std::process::id()
        ))
    }

    fn header() -> SavedHeader {
        SavedHeader {
            rule: "5,5,4".to_string(),
            position: "...../...../...../...../.....".to_string(),
            key_check: 0x1234_5678_9abc_def0,
            nodes: 123_456,
            seconds: 7.5,
            finished: vec![
                (
                    ProofStage::whole(Side::X, true),
                    Numbers { pn: 0, dn: 1 << 30 },
                ),
                (
                    ProofStage {
                        opening: Some(3),
                        ..ProofStage::whole(Side::O, false)
                    },
                    Numbers { pn: 1 << 30, dn: 0 },
                ),
            ],
        }
    }

    /// A searcher part way through the Maker-Breaker search of 5,5,4 (a draw), its table
    /// holding positions only evaluated, searched ones and zones.
    fn searched(stop: &AtomicBool) -> Dfpn<'_> {
        let rule: Rule = "5,5,4".parse().unwrap();
        let board = ProverBoard::new(&Position::new(rule), Side::X).unwrap();
        let mut dfpn = Dfpn::new(stop);
        dfpn.node_limit = 20_000;
        dfpn.prove(&mut MakerBreaker::new(board), &mut |_, _| {});
        dfpn
    }

    fn sorted<T: Ord + Copy, U: Copy>(items: impl Iterator<Item = (T, U)>) -> Vec<(T, U)> {
        let mut items: Vec<(T, U)> = items.collect();
        items.sort_by_key(|&(key, _)| key);
        items
    }

    #[test]
    fn a_table_saved_is_read_back_whole() {
        let stop = AtomicBool::new(false);
        let dfpn = searched(&stop);
        assert!(dfpn.table.len() > 1000 && !dfpn.table.zones.is_empty());
        let path = scratch("round-trip");
        let stage = ProofStage::whole(Side::X, false);
        let written = write(&path, &header(), Some((stage, TableToSave::Own(&dfpn)))).unwrap();
        assert_eq!(written.positions, dfpn.table.len() as u64);
        assert_eq!(written.bytes, std::fs::metadata(&path).unwrap().len());
        assert!(!temporary(&path).exists());
        let saved = read(&path).unwrap().unwrap();
        assert_eq!(saved.header, header());
        assert_eq!(saved.table.stage, Some(stage));
        assert_eq!(
            sorted(saved.table.entries.iter().copied()),
            sorted(dfpn.table.entries())
        );
        let zones = dfpn.table.zones.iter().map(|(&k, &z)| (k, z));
        assert_eq!(sorted(saved.table.zones.iter().copied()), sorted(zones));
        // Loaded into a new searcher, the table is the same again.
        let mut loaded = Dfpn::new(&stop);
        loaded.table.load(saved.table.entries, saved.table.zones);
        assert_eq!(sorted(loaded.table.entries()), sorted(dfpn.table.entries()));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_file_without_a_table_and_no_file_at_all_are_read() {
        let path = scratch("no-table");
        write(&path, &header(), None).unwrap();
        let saved = read(&path).unwrap().unwrap();
        assert_eq!(saved.table, SavedTable::default());
        std::fs::remove_file(&path).unwrap();
        assert!(read(&path).unwrap().is_none());
    }

    /// The file of a small search, changed by `damage`, read back.
    fn read_damaged(name: &str, damage: impl Fn(&mut Vec<u8>)) -> ResumeError {
        let stop = AtomicBool::new(false);
        let dfpn = searched(&stop);
        let path = scratch(name);
        write(
            &path,
            &header(),
            Some((ProofStage::whole(Side::X, false), TableToSave::Own(&dfpn))),
        )
        .unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        damage(&mut bytes);
        std::fs::write(&path, &bytes).unwrap();
        let error = read(&path).unwrap_err();
        std::fs::remove_file(&path).unwrap();
        error
    }

    #[test]
    fn damaged_files_are_refused_with_the_reason() {
        let flipped = read_damaged("flipped", |b| {
            let middle = b.len() / 2;
            b[middle] ^= 0x10;
        });
        assert!(matches!(flipped, ResumeError::Damaged { .. }), "{flipped}");
        assert!(flipped.to_string().contains("checksum"), "{flipped}");
        let cut = read_damaged("cut", |b| b.truncate(b.len() / 3));
        assert!(matches!(cut, ResumeError::Damaged { .. }), "{cut}");
        assert!(cut.to_string().contains("ends too early"), "{cut}");
        // A length made huge: refused before any memory is asked for it.
        let count = read_damaged("count", |b| {
            let at = 8 + 4 + 4 + "5,5,4".len();
            b[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        });
        assert!(matches!(count, ResumeError::Damaged { .. }), "{count}");
        let extra = read_damaged("extra", |b| b.push(0));
        assert!(matches!(extra, ResumeError::Damaged { .. }), "{extra}");
    }

    #[test]
    fn other_files_and_versions_are_refused() {
        let other = read_damaged("other", |b| b[..8].copy_from_slice(b"NOTPROOF"));
        assert!(matches!(other, ResumeError::NotAProof { .. }), "{other}");
        let empty = read_damaged("empty", Vec::clear);
        assert!(matches!(empty, ResumeError::NotAProof { .. }), "{empty}");
        let version = read_damaged("version", |b| b[8..12].copy_from_slice(&2u32.to_le_bytes()));
        assert!(
            matches!(version, ResumeError::Version { found: 2, .. }),
            "{version}"
        );
        assert!(version.to_string().contains("version 2"), "{version}");
    }

    #[test]
    fn a_file_of_a_build_with_other_keys_is_refused() {
        let position = Position::new("7,6,5".parse().unwrap());
        let path = scratch("keys");
        let every = std::time::Duration::from_secs(300);
        let mut header = crate::prover::header_of(&position);
        write(&path, &header, None).unwrap();
        assert!(
            !crate::prover::Resume::open(&path, every, &position)
                .unwrap()
                .is_new()
        );
        header.key_check ^= 1;
        write(&path, &header, None).unwrap();
        let refused = crate::prover::Resume::open(&path, every, &position).err();
        assert!(
            matches!(refused, Some(ResumeError::OtherKeys { .. })),
            "{refused:?}"
        );
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn stages_keep_their_codes() {
        for attacker in [Side::X, Side::O] {
            for real_game in [false, true] {
                for opening in [None, Some(0), Some(127), Some(u16::MAX)] {
                    let stage = ProofStage {
                        attacker,
                        real_game,
                        opening,
                    };
                    assert_eq!(ProofStage::from_code(stage.code()), Some(stage));
                }
            }
        }
    }
}
