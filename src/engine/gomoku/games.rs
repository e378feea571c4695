//! Games files: the games the evaluation is fitted to, one game a line of text, in plain
//! files or gzip-compressed ones (`.txt.gz`), as `gomoku-match --record` writes them and the
//! trainers read them. The data kept in the repository (`data/gomoku-games`) is such files.
//!
//! A line is three fields separated by tabs, then any number of named ones:
//!
//! ```text
//! 15,15,5 renju<TAB>1<TAB>7,7 6,7 9,9 8,8 ...<TAB>opening=3<TAB>black=tictactoe<TAB>white=rapfi
//! ```
//!
//! the rule (as [`Rule`] writes it), black's points (1, 0.5 or 0), every move from the
//! first, black first, as `row,column` from 0; then `opening=N` (the first N moves were the
//! opening's stones, which no player chose), `black=NAME` and `white=NAME` (the players, a
//! name without white space). A file may hold blank lines and comments (lines starting with
//! `#`), which say where its games came from.

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use flate2::Compression;
use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;

use crate::rules::{Cell, Position, Rule, Side};

/// One game as a line of a games file (the module's documentation gives the format).
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    pub rule: Rule,
    pub black_points: f64,
    pub moves: Vec<Cell>,
    /// How many of the first moves were the opening's stones, placed before the players
    /// took over; `None` when the line does not say.
    pub opening: Option<usize>,
    /// Who played black, when the line says.
    pub black: Option<String>,
    /// Who played white, when the line says.
    pub white: Option<String>,
}

impl fmt::Display for GameLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\t{}\t", self.rule, self.black_points)?;
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|c| format!("{},{}", c.row, c.col))
            .collect();
        f.write_str(&moves.join(" "))?;
        if let Some(opening) = self.opening {
            write!(f, "\topening={opening}")?;
        }
        if let Some(black) = &self.black {
            write!(f, "\tblack={black}")?;
        }
        if let Some(white) = &self.white {
            write!(f, "\twhite={white}")?;
        }
        Ok(())
    }
}

impl FromStr for GameLine {
    type Err = String;

    fn from_str(line: &str) -> Result<GameLine, String> {
        let mut fields = line.split('\t');
        let (Some(rule), Some(points), Some(moves)) = (fields.next(), fields.next(), fields.next())
        else {
            return Err("expected at least three fields separated by tabs".to_string());
        };
        let rule: Rule = rule.parse().map_err(|e| format!("the rule: {e}"))?;
        let black_points = match points {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            _ => {
                return Err(format!(
                    "black's points must be 1, 0.5 or 0, got {points:?}"
                ));
            }
        };
        let moves = moves
            .split_whitespace()
            .map(|m| parse_move(m, rule))
            .collect::<Result<Vec<_>, String>>()?;
        let mut game = GameLine::new(rule, black_points, moves);
        for field in fields {
            game.read_named(field)?;
        }
        Ok(game)
    }
}

/// One move `row,column`, on the rule's board.
fn parse_move(text: &str, rule: Rule) -> Result<Cell, String> {
    let bad = || format!("bad move {text:?}");
    let (r, c) = text.split_once(',').ok_or_else(bad)?;
    let (row, col) = (
        r.parse::<usize>().map_err(|_| bad())?,
        c.parse::<usize>().map_err(|_| bad())?,
    );
    if row >= rule.height() || col >= rule.width() {
        return Err(format!(
            "move {text:?} is off the {}x{} board",
            rule.width(),
            rule.height()
        ));
    }
    Ok(Cell::new(row, col))
}

impl GameLine {
    /// A game with no opening or players named.
    #[must_use]
    pub fn new(rule: Rule, black_points: f64, moves: Vec<Cell>) -> GameLine {
        GameLine {
            rule,
            black_points,
            moves,
            opening: None,
            black: None,
            white: None,
        }
    }

    /// Reads one named field (`opening=N`, `black=NAME`, `white=NAME`) into the game.
    fn read_named(&mut self, field: &str) -> Result<(), String> {
        let Some((key, value)) = field.split_once('=') else {
            return Err(format!("expected NAME=VALUE, got {field:?}"));
        };
        let once = |known: bool| {
            if known {
                Err(format!("{key} is given twice"))
            } else {
                Ok(())
            }
        };
        match key {
            "opening" => {
                once(self.opening.is_some())?;
                let stones: usize = value
                    .parse()
                    .map_err(|_| format!("opening={value:?} is not a number of moves"))?;
                if stones > self.moves.len() {
                    return Err(format!(
                        "opening={stones} but the game has {} moves",
                        self.moves.len()
                    ));
                }
                self.opening = Some(stones);
            }
            "black" | "white" => {
                let slot = if key == "black" {
                    &mut self.black
                } else {
                    &mut self.white
                };
                once(slot.is_some())?;
                check_name(value)?;
                *slot = Some(value.to_string());
            }
            _ => return Err(format!("unknown field {key:?} (opening, black or white)")),
        }
        Ok(())
    }

    /// The positions of the game in order, the first before any move, each with the points of
    /// its side to move; an illegal move is an error.
    pub fn positions(&self) -> Result<Vec<(Position, f64)>, String> {
        let mut position = Position::new(self.rule);
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        for (number, &cell) in self.moves.iter().enumerate() {
            out.push((position.clone(), self.points_of(position.side_to_move())));
            position
                .play(cell)
                .map_err(|e| format!("move {} ({cell}): {e}", number + 1))?;
        }
        Ok(out)
    }

    fn points_of(&self, side: Side) -> f64 {
        match side {
            Side::X => self.black_points,
            Side::O => 1.0 - self.black_points,
        }
    }
}

/// A player's name as a games file can hold it: not empty, no white space.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.contains(char::is_whitespace) {
        return Err(format!(
            "a player's name is one word without spaces, not {name:?}"
        ));
    }
    Ok(())
}

/// Every game of the games files at `paths`, in order: each path a file (plain or
/// gzip-compressed, told by its first bytes) or a folder, whose files ending in `.txt` or
/// `.txt.gz` are read in the order of their names, and its folders likewise. A line that
/// is not a game is an error naming the file and the line.
pub fn read_games<P: AsRef<Path>>(paths: &[P]) -> Result<Vec<GameLine>, String> {
    let mut games = Vec::new();
    for path in paths {
        for file in games_files(path.as_ref())? {
            read_file(&file, &mut games)?;
        }
    }
    Ok(games)
}

/// The games files a path names: itself if a file, else those in the folder by name.
pub fn games_files(path: &Path) -> Result<Vec<PathBuf>, String> {
    let metadata =
        std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if !metadata.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut entries = std::fs::read_dir(path)
        .and_then(|dir| {
            dir.map(|e| e.map(|e| e.path()))
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| format!("cannot read the folder {}: {e}", path.display()))?;
    entries.sort();
    let mut files = Vec::new();
    for entry in entries {
        let name = entry.file_name().unwrap_or_default().to_string_lossy();
        if entry.is_dir() {
            files.extend(games_files(&entry)?);
        } else if name.ends_with(".txt") || name.ends_with(".txt.gz") {
            files.push(entry);
        }
    }
    Ok(files)
}

/// Appends the games of one file to `games`.
fn read_file(path: &Path, games: &mut Vec<GameLine>) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let mut file = BufReader::new(File::open(path).map_err(cannot)?);
    let gzip = file.fill_buf().map_err(cannot)?.starts_with(&[0x1f, 0x8b]);
    let reader: Box<dyn Read> = if gzip {
        Box::new(MultiGzDecoder::new(file))
    } else {
        Box::new(file)
    };
    for (index, line) in BufReader::new(reader).lines().enumerate() {
        let line = line.map_err(cannot)?;
        let text = line.trim_end_matches('\r');
        if text.trim().is_empty() || text.starts_with('#') {
            continue;
        }
        let game: GameLine = text
            .parse()
            .map_err(|e| format!("{} line {}: {e}", path.display(), index + 1))?;
        games.push(game);
    }
    Ok(())
}

/// Writes a games file: the comment lines (each given without its `#`), then the games,
/// gzip-compressed when the path ends in `.gz`. An existing file is replaced.
pub fn write_games(path: &Path, comments: &[String], games: &[GameLine]) -> Result<(), String> {
    let mut text = String::new();
    for comment in comments {
        for line in comment.lines() {
            text.push_str(&format!("# {line}\n"));
        }
    }
    for game in games {
        text.push_str(&format!("{game}\n"));
    }
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let file = File::create(path).map_err(cannot)?;
    if path.extension().is_some_and(|e| e == "gz") {
        let mut encoder = GzEncoder::new(file, Compression::best());
        encoder.write_all(text.as_bytes()).map_err(cannot)?;
        encoder.finish().map_err(cannot)?;
    } else {
        let mut file = file;
        file.write_all(text.as_bytes()).map_err(cannot)?;
    }
    Ok(())
}

/// Appends games to the plain games file at `path` (made if missing), so a long run keeps
/// every game it finished.
pub fn append_games(path: &Path, games: &[GameLine]) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if path.extension().is_some_and(|e| e == "gz") {
        return Err(format!(
            "cannot append to {}: games are appended to a plain file, compressed when complete",
            path.display()
        ));
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(cannot)?;
    let text: String = games.iter().map(|g| format!("{g}\n")).collect();
    file.write_all(text.as_bytes()).map_err(cannot)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("games-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn sample() -> Vec<GameLine> {
        let mut named = GameLine::new(
            Rule::RENJU,
            1.0,
            vec![Cell::new(7, 7), Cell::new(6, 7), Cell::new(9, 9)],
        );
        named.opening = Some(3);
        named.black = Some("tictactoe".to_string());
        named.white = Some("rapfi".to_string());
        let plain = GameLine::new(
            "15,15,5".parse().unwrap(),
            0.5,
            vec![Cell::new(7, 7), Cell::new(7, 8)],
        );
        vec![named, plain]
    }

    #[test]
    fn a_game_line_is_written_and_read_back_and_a_bad_one_is_refused() {
        let games = sample();
        let text = games[0].to_string();
        assert_eq!(
            text,
            "15,15,5 renju\t1\t7,7 6,7 9,9\topening=3\tblack=tictactoe\twhite=rapfi"
        );
        assert_eq!(text.parse::<GameLine>().unwrap(), games[0]);
        assert_eq!(games[1].to_string(), "15,15,5\t0.5\t7,7 7,8");
        assert_eq!(games[1].to_string().parse::<GameLine>().unwrap(), games[1]);
        let positions = games[1].positions().unwrap();
        assert_eq!(positions.len(), 2);
        assert_eq!(positions[1].1, 0.5);
        for (bad, says) in [
            ("15,15,5\t2\t7,7", "black's points"),
            ("15,15,5\t1\t7;7", "bad move"),
            ("15,15,5\t1\t7,15", "off the 15x15 board"),
            ("15,15,5\t1", "three fields"),
            ("15,15,5\t1\t7,7\topening=2", "the game has 1 moves"),
            ("15,15,5\t1\t7,7\tblack=a\tblack=b", "given twice"),
            ("15,15,5\t1\t7,7\tnodes=5", "unknown field"),
            ("15,15,5\t1\t7,7\tblack=", "one word"),
        ] {
            let error = bad.parse::<GameLine>().unwrap_err();
            assert!(error.contains(says), "{bad:?}: {error}");
        }
        let taken: GameLine = "15,15,5\t1\t7,7 7,7".parse().unwrap();
        assert!(taken.positions().unwrap_err().contains("move 2"));
    }

    #[test]
    fn games_files_are_read_plain_or_compressed_from_files_and_folders() {
        let dir = folder("read");
        let games = sample();
        let comments = ["made by a test".to_string()];
        write_games(&dir.join("b.txt.gz"), &comments, &games).unwrap();
        append_games(&dir.join("a.txt"), &games[1..]).unwrap();
        std::fs::write(dir.join("notes.md"), "not games").unwrap();
        let bytes = std::fs::read(dir.join("b.txt.gz")).unwrap();
        assert_eq!(&bytes[..2], [0x1f, 0x8b], "compressed");
        // A folder: its games files by name, other files left alone.
        let all = read_games(&[&dir]).unwrap();
        assert_eq!(all, [&games[1..], &games[..]].concat());
        // A file named directly is read whatever its name.
        std::fs::copy(dir.join("b.txt.gz"), dir.join("copy")).unwrap();
        assert_eq!(read_games(&[dir.join("copy")]).unwrap(), games);
        assert!(append_games(&dir.join("c.txt.gz"), &games).is_err());
        // A bad line names its file and line (the comment is line 1).
        std::fs::write(
            dir.join("c.txt"),
            "# games\n\n15,15,5\t1\t7,7\n15,15,5\t3\t7,7\n",
        )
        .unwrap();
        let error = read_games(&[dir.join("c.txt")]).unwrap_err();
        assert!(
            error.ends_with("c.txt line 4: black's points must be 1, 0.5 or 0, got \"3\""),
            "{error}"
        );
        assert!(
            read_games(&[dir.join("missing")])
                .unwrap_err()
                .contains("cannot read")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
