//! The result of a match as Markdown: the conditions, a table of every opening with the
//! result of each colour, and the totals of each engine with points (win 1, draw 0.5), the
//! faults that lost games, and the time the moves took.

use std::fmt::Write as _;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::brain::FaultKind;
use crate::game::{GameEnd, GameOutcome};
use crate::openings::OpeningStones;
use crate::player::MoveTimes;
use crate::referee_board::{Colour, Variant};
use tictactoe::protocol::Interval;

/// The two engines of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contender {
    A,
    B,
}

/// One game of the match, as played.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The index of its opening in the file's list.
    pub opening: usize,
    /// The colour engine A played.
    pub a_colour: Colour,
    /// The engine that opened the game under swap2 (`None`: the opening came from a file).
    pub opener: Option<Contender>,
    pub outcome: GameOutcome,
}

impl PlayedGame {
    /// The colour of an engine in this game.
    #[must_use]
    pub fn colour_of(&self, engine: Contender) -> Colour {
        match engine {
            Contender::A => self.a_colour,
            Contender::B => self.a_colour.other(),
        }
    }

    /// The engine's points: 1 for a win, 0.5 for a draw.
    #[must_use]
    pub fn points(&self, engine: Contender) -> f64 {
        match self.outcome.end.winner() {
            None => 0.5,
            Some(winner) if winner == self.colour_of(engine) => 1.0,
            Some(_) => 0.0,
        }
    }

    fn times(&self, engine: Contender) -> &MoveTimes {
        match self.colour_of(engine) {
            Colour::Black => &self.outcome.black_times,
            Colour::White => &self.outcome.white_times,
        }
    }

    /// The result from engine A's side, for a cell of the table: "win (five, 23 moves)".
    fn cell(&self) -> String {
        let word = match self.points(Contender::A) {
            p if p > 0.75 => "win",
            p if p < 0.25 => "loss",
            _ => "draw",
        };
        let how = match &self.outcome.end {
            GameEnd::Five(_) => "five".to_string(),
            GameEnd::FullBoard => "full board".to_string(),
            GameEnd::MoveCap => "move cap".to_string(),
            GameEnd::Fault(colour, fault) => {
                let who = if *colour == self.a_colour { "A" } else { "B" };
                format!("{who} {}", shorten(&fault.to_string()))
            }
        };
        format!("{word} ({how}, {} moves)", self.outcome.moves.len())
    }
}

/// Everything the report says besides the games.
#[derive(Clone, Debug)]
pub struct MatchConditions {
    /// The command line that ran the match.
    pub command: String,
    pub engine_a: String,
    pub engine_b: String,
    pub size: usize,
    pub variant: Variant,
    pub turn: Duration,
    /// The threads each brain was asked to use, if it was told.
    pub threads: Option<u32>,
    pub move_limit: Duration,
    /// Each brain's time for its moves of a game, if the match has a clock.
    pub match_time: Option<Duration>,
    pub max_moves: Option<usize>,
    pub openings_file: String,
    /// Whether the games opened with swap2 rather than from the file.
    pub swap2: bool,
}

/// The Markdown report of a match.
#[must_use]
pub fn markdown(
    conditions: &MatchConditions,
    openings: &[OpeningStones],
    games: &[PlayedGame],
) -> String {
    let mut out = String::new();
    header(&mut out, conditions, openings.len(), games.len());
    per_opening(&mut out, openings, games);
    totals(&mut out, conditions, games);
    score(&mut out, games);
    out
}

/// The Elo difference a score fraction means; infinite at 0 and 1, as text.
fn elo(fraction: f64) -> String {
    if fraction <= 0.0 {
        return "-inf".to_string();
    }
    if fraction >= 1.0 {
        return "+inf".to_string();
    }
    // Adding 0 turns the -0 of an even score into 0.
    format!("{:+.0}", -400.0 * (1.0 / fraction - 1.0).log10() + 0.0)
}

fn score(out: &mut String, games: &[PlayedGame]) {
    let points: Vec<f64> = games.iter().map(|g| g.points(Contender::A)).collect();
    score_line(out, "A", &points);
    let opener: Vec<f64> = games
        .iter()
        .filter_map(|g| g.opener.map(|engine| g.points(engine)))
        .collect();
    score_line(out, "The opener", &opener);
}

/// "**WHO scored P of N**" with its interval and the Elo difference it means.
fn score_line(out: &mut String, who: &str, points: &[f64]) {
    let Some(i) = Interval::of(points) else {
        return;
    };
    let _ = writeln!(
        out,
        "\n**{who} scored {} of {} ({:.1}%)**, 95% confidence interval {:.1}% to {:.1}% (Wilson); Elo difference {} ({} to {}).",
        i.points,
        i.games,
        100.0 * i.mean,
        100.0 * i.low,
        100.0 * i.high,
        elo(i.mean),
        elo(i.low),
        elo(i.high)
    );
}

fn header(out: &mut String, c: &MatchConditions, openings: usize, games: usize) {
    let rule = match c.variant {
        Variant::Exact => "exactly five wins",
        Variant::Freestyle => "freestyle, five or more win",
        Variant::Renju => "renju (black: exactly five, no double three, double four or overline)",
    };
    let cap = c.max_moves.map_or("a full board".to_string(), |m| {
        format!("{m} moves after the opening")
    });
    let _ = writeln!(out, "# Match: A `{}` vs B `{}`\n", c.engine_a, c.engine_b);
    let _ = writeln!(out, "- Date: {} (UTC)", today());
    let _ = writeln!(out, "- Command: `{}`", c.command);
    let _ = writeln!(out, "- Board: {0}x{0}, {rule}; a draw at {cap}", c.size);
    let clock = c.match_time.map_or(", no match clock)".to_string(), |time| {
        format!(
            ") and {} ms a game for each brain's moves (INFO timeout_match, and INFO time_left before each move; a brain whose moves take longer loses on time)",
            time.as_millis()
        )
    });
    let _ = writeln!(
        out,
        "- Time: {} ms a move (INFO timeout_turn{clock}; a move not answered in {} ms loses",
        c.turn.as_millis(),
        c.move_limit.as_millis()
    );
    if let Some(threads) = c.threads {
        let _ = writeln!(out, "- Threads: {threads} each (INFO thread_num)");
    }
    if c.swap2 {
        let _ = writeln!(
            out,
            "- Openings: swap2 (SWAP2BOARD), agreed by the brains: the opener places three stones, the other takes black, takes white or places two more and lets the opener choose; A opens the odd games, B the even ones; {games} games, each its own opening (stones as offsets from the centre)\n"
        );
        return;
    }
    let _ = writeln!(
        out,
        "- Openings: {} ({openings} in the file, stones as offsets from the centre), {games} games, each opening with both colours\n",
        c.openings_file
    );
}

fn per_opening(out: &mut String, openings: &[OpeningStones], games: &[PlayedGame]) {
    let _ = writeln!(out, "## Games (results for A)\n");
    let _ = writeln!(
        out,
        "| # | opening | A as black | A as white | A's points |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|");
    for (index, opening) in openings.iter().enumerate() {
        let of_opening: Vec<&PlayedGame> = games.iter().filter(|g| g.opening == index).collect();
        if of_opening.is_empty() {
            continue;
        }
        let cell = |colour| {
            of_opening
                .iter()
                .find(|g| g.a_colour == colour)
                .map_or("-".to_string(), |g| g.cell())
        };
        let points: f64 = of_opening.iter().map(|g| g.points(Contender::A)).sum();
        let _ = writeln!(
            out,
            "| {} | {opening} | {} | {} | {points} |",
            index + 1,
            cell(Colour::Black),
            cell(Colour::White)
        );
    }
    out.push('\n');
}

/// Wins, draws and losses.
#[derive(Default)]
struct WinsDrawsLosses {
    wins: u32,
    draws: u32,
    losses: u32,
}

impl WinsDrawsLosses {
    fn add(&mut self, points: f64) {
        match points {
            p if p > 0.75 => self.wins += 1,
            p if p < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
    }
}

fn totals(out: &mut String, c: &MatchConditions, games: &[PlayedGame]) {
    let _ = writeln!(out, "## Totals\n");
    let _ = writeln!(
        out,
        "| engine | games | wins | draws | losses | points | as black (W-D-L) | as white (W-D-L) | time-outs | illegal moves | crashes | errors | mean move | longest move | moves over {} ms | mean depth | nodes/s |",
        c.turn.as_millis()
    );
    let _ = writeln!(
        out,
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    );
    for (engine, name) in [(Contender::A, &c.engine_a), (Contender::B, &c.engine_b)] {
        let (mut all, mut black, mut white) = (
            WinsDrawsLosses::default(),
            WinsDrawsLosses::default(),
            WinsDrawsLosses::default(),
        );
        let mut faults = [0u32; 4];
        let mut times = MoveTimes::default();
        let mut points = 0.0;
        for game in games {
            let p = game.points(engine);
            points += p;
            all.add(p);
            match game.colour_of(engine) {
                Colour::Black => black.add(p),
                Colour::White => white.add(p),
            }
            if let GameEnd::Fault(colour, fault) = &game.outcome.end
                && *colour == game.colour_of(engine)
            {
                faults[fault_column(fault.kind())] += 1;
            }
            times.merge(game.times(engine));
        }
        let mean = times
            .total
            .checked_div(times.moves)
            .unwrap_or_default()
            .as_millis();
        let label = match engine {
            Contender::A => "A",
            Contender::B => "B",
        };
        let _ = writeln!(
            out,
            "| {label} `{name}` | {} | {} | {} | {} | {points} | {}-{}-{} | {}-{}-{} | {} | {} | {} | {} | {mean} ms | {} ms | {} | {} | {} |",
            games.len(),
            all.wins,
            all.draws,
            all.losses,
            black.wins,
            black.draws,
            black.losses,
            white.wins,
            white.draws,
            white.losses,
            faults[0],
            faults[1],
            faults[2],
            faults[3],
            times.longest.as_millis(),
            times.slow,
            times
                .mean_depth()
                .map_or("-".to_string(), |d| format!("{d:.1}")),
            times
                .nodes_per_second()
                .map_or("-".to_string(), |n| format!("{n:.0}")),
        );
    }
}

fn fault_column(kind: FaultKind) -> usize {
    match kind {
        FaultKind::TimeOut => 0,
        FaultKind::Illegal => 1,
        FaultKind::Crash => 2,
        FaultKind::Error => 3,
    }
}

/// A fault's text fit for a table cell: no column bars, and not too long, since an engine's
/// unreadable line can be anything.
fn shorten(text: &str) -> String {
    const MOST: usize = 80;
    let mut short: String = text.chars().take(MOST).collect();
    if text.chars().count() > MOST {
        short.push_str("...");
    }
    short.replace('|', "\\|")
}

/// Today's date, YYYY-MM-DD in UTC.
fn today() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (year, month, day) = civil_date(seconds / 86_400);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The calendar date `days` days after 1970-01-01 (Howard Hinnant's days_from_civil, run
/// backwards), so the report needs no date library.
fn civil_date(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brain::Fault;
    use crate::referee_board::Point;

    fn game(opening: usize, a_colour: Colour, end: GameEnd, moves: usize) -> PlayedGame {
        PlayedGame {
            opening,
            a_colour,
            opener: None,
            outcome: GameOutcome {
                end,
                moves: vec![Point { x: 0, y: 0 }; moves],
                black_times: MoveTimes::default(),
                white_times: MoveTimes::default(),
            },
        }
    }

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_415), (2025, 11, 23));
    }

    #[test]
    fn points_and_cells_are_from_a_side() {
        let won = game(0, Colour::Black, GameEnd::Five(Colour::Black), 21);
        assert_eq!(
            (won.points(Contender::A), won.points(Contender::B)),
            (1.0, 0.0)
        );
        assert_eq!(won.cell(), "win (five, 21 moves)");
        let fault = Fault::Refused("ERROR bad | thing".to_string());
        let lost = game(0, Colour::White, GameEnd::Fault(Colour::White, fault), 4);
        assert_eq!(lost.points(Contender::A), 0.0);
        assert_eq!(
            lost.cell(),
            "loss (A refused: ERROR bad \\| thing, 4 moves)"
        );
        let drawn = game(1, Colour::White, GameEnd::FullBoard, 222);
        assert_eq!(
            (drawn.points(Contender::A), drawn.points(Contender::B)),
            (0.5, 0.5)
        );
    }

    #[test]
    fn the_tables_add_up() {
        let openings = crate::openings::parse("0,0 0,-1 2,2\n0,0 1,-1 2,0\n").unwrap();
        let conditions = MatchConditions {
            command: "gomoku-match".to_string(),
            engine_a: "a".to_string(),
            engine_b: "b".to_string(),
            size: 15,
            variant: Variant::Freestyle,
            turn: Duration::from_millis(500),
            threads: Some(1),
            move_limit: Duration::from_millis(1500),
            match_time: None,
            max_moves: None,
            openings_file: "openings.txt".to_string(),
            swap2: false,
        };
        let games = [
            game(0, Colour::Black, GameEnd::Five(Colour::Black), 21),
            game(0, Colour::White, GameEnd::Five(Colour::Black), 30),
            game(
                1,
                Colour::Black,
                GameEnd::Fault(Colour::White, Fault::TimeOut(Duration::from_millis(1500))),
                8,
            ),
            game(1, Colour::White, GameEnd::MoveCap, 100),
        ];
        let text = markdown(&conditions, &openings, &games);
        assert!(
            text.contains(
                "| 1 | 0,0 0,-1 2,2 | win (five, 21 moves) | loss (five, 30 moves) | 1 |"
            ),
            "{text}"
        );
        assert!(text.contains("| 2 | 0,0 1,-1 2,0 | win (B no answer in 1500 ms, 8 moves) | draw (move cap, 100 moves) | 1.5 |"), "{text}");
        assert!(
            text.contains("| A `a` | 4 | 2 | 1 | 1 | 2.5 | 2-0-0 | 0-1-1 | 0 | 0 | 0 | 0 |"),
            "{text}"
        );
        assert!(
            text.contains("| B `b` | 4 | 1 | 1 | 2 | 1.5 | 1-1-0 | 0-0-2 | 1 | 0 | 0 | 0 |"),
            "{text}"
        );
        assert!(text.contains("**A scored 2.5 of 4 (62.5%)**"), "{text}");
        assert!(text.contains("- Threads: 1 each"), "{text}");
    }

    #[test]
    fn elo_differences_of_score_fractions() {
        assert_eq!(elo(0.5), "+0");
        assert_eq!(elo(0.75), "+191");
        assert_eq!(elo(1.0), "+inf");
        assert_eq!(elo(0.0), "-inf");
    }
}
