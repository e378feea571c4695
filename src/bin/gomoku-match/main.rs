//! `gomoku-match`: plays two Gomocup brains (any executables speaking the pbrain protocol)
//! against each other from a file of openings, every opening with both colours, or with the
//! swap2 opening the brains agree between them (`--opening swap2`), and writes the results
//! as a Markdown table. A benchmark of playing strength, not a test: the
//! referee checks every move, ends games at five in a row, a full board or a move cap, and
//! counts a time-out, an illegal move, a crash or a refusal as a loss for that engine. With
//! `--match-ms` the games have a match clock as well as a time per move.
//!
//! [`referee_board`] is the referee's board, [`openings`] reads the openings file, [`swap2`]
//! plays the swap2 opening out, [`brain`] speaks the protocol to one engine process, [`game`]
//! plays one game, [`player`] is one brain in a game (its colour, times and clock),
//! [`report`] writes the tables, [`records`] the games file for training.

mod game;
mod openings;
mod player;
mod records;
mod referee_board;
mod report;
mod swap2;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use game::{GameConditions, GameEnd};
use referee_board::{Colour, Variant};
use report::{Contender, PlayedGame};
use tictactoe::external::{self as brain, EngineCommand, SETTLE, Setup};

/// Plays two Gomocup brains against each other from balanced openings, each opening with
/// both colours (or from swap2 openings the brains agree), and reports the results as
/// Markdown.
#[derive(Parser, Debug)]
#[command(name = "gomoku-match", version)]
struct Args {
    /// Engine A's command line (program and arguments, split at white space).
    #[arg(short = 'a', long, value_parser = engine_command)]
    engine_a: EngineCommand,
    /// Engine B's command line.
    #[arg(short = 'b', long, value_parser = engine_command)]
    engine_b: EngineCommand,
    /// Side of the square board.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u16).range(5..=100))]
    size: u16,
    /// The rule: freestyle (five or more win), exact (only exactly five, INFO rule 1) or
    /// renju (15x15, black's forbidden moves, INFO rule 4).
    #[arg(long, value_enum, default_value_t = Variant::Freestyle)]
    rule: Variant,
    /// The same as `--rule exact`.
    #[arg(long, conflicts_with = "rule")]
    exact: bool,
    /// Time per move in milliseconds, told to the brains as INFO timeout_turn.
    #[arg(long, default_value_t = 500)]
    turn_ms: u64,
    /// A match clock: each brain's time for all its moves of a game, in milliseconds, as
    /// Gomocup tournaments give it beside the time per move. Each brain is told INFO
    /// timeout_match and, before each of its moves (and swap2 answers), INFO time_left with
    /// its own time left; a brain whose moves take longer in all loses the game on time,
    /// with no allowance past it. No match clock by default.
    #[arg(long, value_parser = match_ms)]
    match_ms: Option<u64>,
    /// Search threads each brain is asked to use (INFO thread_num); by default the
    /// brains choose.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// How far past the time per move a move may come before the brain is killed and loses
    /// the game, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    grace_ms: u64,
    /// How long a brain may take to answer START (loading its evaluation), in milliseconds.
    #[arg(long, default_value_t = 30_000)]
    start_ms: u64,
    /// How games open: from the openings file, or by swap2, where the brains agree the
    /// opening through SWAP2BOARD (the opener places three stones; the other takes black,
    /// takes white, or places two more and lets the opener choose). Under swap2 A opens the
    /// first game, B the second, and so on; a bad answer loses like an illegal move.
    #[arg(long, value_enum, default_value_t = OpeningKind::File)]
    opening: OpeningKind,
    /// Openings file: one opening a line, stones dx,dy from the centre, black first.
    #[arg(long, default_value = "openings/freestyle-3.txt")]
    openings: PathBuf,
    /// How many games to play: the first openings, each with A as black and then as white.
    /// Every opening twice by default; two games under swap2.
    #[arg(long)]
    games: Option<usize>,
    /// The most moves after the opening before a game is a draw; a full board by default.
    #[arg(long)]
    max_moves: Option<usize>,
    /// Write the Markdown report here as well as to standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Append the games to this plain games file as each ends (one game a line: rule,
    /// black's points, moves, the opening's length, the players' names), the data the
    /// evaluation's trainers read (`examples/texel.rs`; format in data/gomoku-games). Games
    /// lost by a fault are left out.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Engine A's name in the games file (one word); its program's file name by default.
    #[arg(long)]
    name_a: Option<String>,
    /// Engine B's name in the games file.
    #[arg(long)]
    name_b: Option<String>,
}

/// How the games of a match open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum OpeningKind {
    /// The openings file, each opening with both colours.
    File,
    /// Swap2, agreed by the brains.
    Swap2,
}

/// The most a match clock may hold: a day, in milliseconds.
const MOST_MATCH_MS: u64 = 24 * 60 * 60 * 1000;

/// A match clock in milliseconds: a whole number from 1 to a day's worth.
fn match_ms(text: &str) -> Result<u64, String> {
    let ms: u64 = text.trim().parse().map_err(|_| {
        format!(
            "'{text}' is not a number of milliseconds (a whole number from 1 to {MOST_MATCH_MS})"
        )
    })?;
    if ms == 0 || ms > MOST_MATCH_MS {
        return Err(format!(
            "a match clock of {ms} ms: give a whole number from 1 to {MOST_MATCH_MS} (a day), or leave --match-ms out for no match clock"
        ));
    }
    Ok(ms)
}

fn engine_command(line: &str) -> Result<EngineCommand, String> {
    EngineCommand::parse(line).ok_or_else(|| "the engine command is empty".to_string())
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("gomoku-match: {message}");
            ExitCode::FAILURE
        }
    }
}

impl Args {
    /// The rule asked for, `--exact` included.
    fn variant(&self) -> Variant {
        if self.exact {
            Variant::Exact
        } else {
            self.rule
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let size = usize::from(args.size);
    let variant = args.variant();
    if variant == Variant::Renju && size != tictactoe::rules::rule::RENJU_SIDE {
        return Err(format!(
            "renju is played on a 15x15 board, not {size}x{size}"
        ));
    }
    let turn = Duration::from_millis(args.turn_ms);
    let conditions = GameConditions {
        setup: Setup {
            width: size,
            height: size,
            in_a_row: 5,
            settle: SETTLE,
            variant,
            turn,
            start_limit: Duration::from_millis(args.start_ms),
            threads: args.threads,
        },
        move_limit: turn + Duration::from_millis(args.grace_ms),
        match_time: args.match_ms.map(Duration::from_millis),
        max_moves: args.max_moves,
    };
    let recorder = match &args.record {
        Some(path) => {
            let rule = variant
                .rule(size, size, 5)
                .map_err(|e| format!("the rule: {e}"))?;
            let name = |given: &Option<String>, engine| {
                given
                    .clone()
                    .unwrap_or_else(|| records::default_name(engine))
            };
            let names = [
                name(&args.name_a, &args.engine_a),
                name(&args.name_b, &args.engine_b),
            ];
            Some(records::GamesFile::new(path, rule, names)?)
        }
        None => None,
    };
    let (openings, records) = match args.opening {
        OpeningKind::File => from_file(args, &conditions, recorder.as_ref())?,
        OpeningKind::Swap2 => by_swap2(args, &conditions, recorder.as_ref())?,
    };
    let report = report::markdown(&describe(args, &conditions), &openings, &records);
    print!("{report}");
    if let Some(path) = &args.output {
        std::fs::write(path, &report)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// The games from the openings file, each opening with A as black and then as white.
fn from_file(
    args: &Args,
    conditions: &GameConditions,
    recorder: Option<&records::GamesFile>,
) -> Result<(Vec<openings::OpeningStones>, Vec<PlayedGame>), String> {
    let (size, variant) = (conditions.setup.width, conditions.setup.variant);
    let text = std::fs::read_to_string(&args.openings)
        .map_err(|e| format!("cannot read {}: {e}", args.openings.display()))?;
    let openings =
        openings::parse(&text).map_err(|e| format!("{}: {e}", args.openings.display()))?;
    let stones = openings
        .iter()
        .map(|o| o.stones(size, variant))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{}: {e}", args.openings.display()))?;
    let games = args.games.unwrap_or(2 * openings.len());
    if games > 2 * openings.len() {
        return Err(format!(
            "{games} games need {} openings, and the file has {}",
            games.div_ceil(2),
            openings.len()
        ));
    }
    let mut records = Vec::with_capacity(games);
    for number in 0..games {
        let opening = number / 2;
        let a_colour = if number.is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        };
        let (black, white) = match a_colour {
            Colour::Black => (&args.engine_a, &args.engine_b),
            Colour::White => (&args.engine_b, &args.engine_a),
        };
        let outcome = game::play(conditions, &stones[opening], black, white);
        let record = PlayedGame {
            opening,
            a_colour,
            opener: None,
            outcome,
        };
        eprintln!("{}", progress(number, games, &record));
        if let Some(recorder) = recorder {
            recorder.record(&stones[opening], &record)?;
        }
        records.push(record);
    }
    Ok((openings, records))
}

/// The games opened by swap2, A opening the first, B the second, and so on. Each game's
/// agreed stones are its own opening in the report.
fn by_swap2(
    args: &Args,
    conditions: &GameConditions,
    recorder: Option<&records::GamesFile>,
) -> Result<(Vec<openings::OpeningStones>, Vec<PlayedGame>), String> {
    let games = args.games.unwrap_or(2);
    let centre = (conditions.setup.width / 2) as isize;
    let mut openings = Vec::with_capacity(games);
    let mut records = Vec::with_capacity(games);
    for number in 0..games {
        let a_opens = number.is_multiple_of(2);
        let (opener, responder) = if a_opens {
            (&args.engine_a, &args.engine_b)
        } else {
            (&args.engine_b, &args.engine_a)
        };
        let played = game::play_swap2(conditions, opener, responder);
        let offsets = played
            .opening
            .iter()
            .map(|p| (p.x as isize - centre, p.y as isize - centre))
            .collect();
        openings.push(openings::OpeningStones {
            line: number + 1,
            offsets,
        });
        let a_colour = if a_opens {
            played.opener
        } else {
            played.opener.other()
        };
        let record = PlayedGame {
            opening: number,
            a_colour,
            opener: Some(if a_opens { Contender::A } else { Contender::B }),
            outcome: played.outcome,
        };
        eprintln!("{}", progress(number, games, &record));
        if let Some(recorder) = recorder {
            recorder.record(&played.opening, &record)?;
        }
        records.push(record);
    }
    Ok((openings, records))
}

/// One line on standard error per game, so a long match shows how it goes, with the moves
/// after the opening so any game can be replayed.
fn progress(number: usize, games: usize, record: &PlayedGame) -> String {
    let how = match &record.outcome.end {
        GameEnd::Five(colour) => format!("{colour} five"),
        GameEnd::Fault(colour, fault) => format!("{colour} {fault}"),
        GameEnd::FullBoard => "full board".to_string(),
        GameEnd::MoveCap => "move cap".to_string(),
    };
    let moves: Vec<String> = record
        .outcome
        .moves
        .iter()
        .map(ToString::to_string)
        .collect();
    let opened = match record.opener {
        Some(Contender::A) => " (swap2, A opened)",
        Some(Contender::B) => " (swap2, B opened)",
        None => "",
    };
    format!(
        "game {}/{games}: opening {}{opened}, A {}: A {} ({how}, {} moves: {})",
        number + 1,
        record.opening + 1,
        record.a_colour,
        record.points(Contender::A),
        moves.len(),
        moves.join(" ")
    )
}

fn describe(args: &Args, conditions: &GameConditions) -> report::MatchConditions {
    let command: Vec<String> = std::env::args()
        .map(|arg| {
            if arg.contains(char::is_whitespace) {
                format!("'{arg}'")
            } else {
                arg
            }
        })
        .collect();
    report::MatchConditions {
        command: command.join(" "),
        engine_a: args.engine_a.to_string(),
        engine_b: args.engine_b.to_string(),
        size: conditions.setup.width,
        variant: conditions.setup.variant,
        turn: conditions.setup.turn,
        threads: args.threads,
        move_limit: conditions.move_limit,
        match_time: conditions.match_time,
        max_moves: args.max_moves,
        openings_file: args.openings.display().to_string(),
        swap2: args.opening == OpeningKind::Swap2,
    }
}
