//! One game between two brains from an opening: the opening's stones are set (from a file,
//! or agreed by the brains under swap2), and the side to move continues. Each brain sees the whole position (BOARD) the first time it is asked
//! for a move and the opponent's last move (TURN) after that, as Piskvork does. The referee
//! checks every move on its own board and ends the game at five in a row, at a full board or
//! at the move cap, or when a brain faults: a fault loses the game for that brain. Under a
//! match clock each brain also has a time for all its moves of the game: it is told its
//! time left before each move, and loses on time when its moves take longer in all.

use std::time::Duration;

use crate::brain::{Brain, BrainRequest, EngineCommand, Fault, Setup};
use crate::player::{MatchPlayer, MoveTimes};
use crate::referee_board::{Board, Colour, Point};

/// The rules and limits every game of a match is played under.
#[derive(Clone, Copy, Debug)]
pub struct GameConditions {
    pub setup: Setup,
    /// The longest a move may take before the brain is killed and loses: the time per move
    /// and a generous allowance.
    pub move_limit: Duration,
    /// Each brain's time for all its moves of a game (INFO timeout_match), if the match has
    /// a clock: no allowance past it.
    pub match_time: Option<Duration>,
    /// The most moves played after the opening; the game is a draw when they are reached.
    pub max_moves: Option<usize>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// Five in a row by this colour.
    Five(Colour),
    /// This colour's brain faulted and lost.
    Fault(Colour, Fault),
    /// Every cell taken without five.
    FullBoard,
    /// The move cap reached without five.
    MoveCap,
}

impl GameEnd {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Colour> {
        match self {
            GameEnd::Five(colour) => Some(*colour),
            GameEnd::Fault(loser, _) => Some(loser.other()),
            GameEnd::FullBoard | GameEnd::MoveCap => None,
        }
    }
}

/// What happened in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    pub end: GameEnd,
    /// The moves played after the opening, in order.
    pub moves: Vec<Point>,
    /// Black's and White's move times.
    pub black_times: MoveTimes,
    pub white_times: MoveTimes,
}

impl Default for GameOutcome {
    /// A game not yet played: no moves, and a draw at the move cap until it ends otherwise.
    fn default() -> GameOutcome {
        GameOutcome {
            end: GameEnd::MoveCap,
            moves: Vec::new(),
            black_times: MoveTimes::default(),
            white_times: MoveTimes::default(),
        }
    }
}

/// Plays one game from `opening` (stones in the order played, black first; checked by the
/// caller) between the brains started from `black` and `white`.
#[must_use]
pub fn play(
    conditions: &GameConditions,
    opening: &[Point],
    black: &EngineCommand,
    white: &EngineCommand,
) -> GameOutcome {
    let mut outcome = GameOutcome::default();
    // A brain that cannot set up the game loses it; Black is asked first.
    let mut sides = match launch(conditions, [(Colour::Black, black), (Colour::White, white)]) {
        Ok(sides) => sides,
        Err(end) => {
            outcome.end = end;
            return outcome;
        }
    };
    let mut board = Board::new(conditions.setup.width, conditions.setup.variant);
    let mut played: Vec<Point> = Vec::new();
    for (number, &stone) in opening.iter().enumerate() {
        // The caller checked the opening; a stone that does not fit ends nothing here.
        let _ = board.place(stone, Colour::to_move_after(number));
        played.push(stone);
    }
    outcome.end = moves(conditions, &mut board, &mut played, &mut sides);
    outcome.moves = played.split_off(opening.len());
    finish(conditions, sides, &mut outcome);
    outcome
}

/// A game opened with swap2.
#[derive(Clone, Debug)]
pub struct Swap2Game {
    pub outcome: GameOutcome,
    /// The opening's stones as agreed (none if a brain faulted before the end of it).
    pub opening: Vec<Point>,
    /// The opener's colour: black until it is chosen otherwise.
    pub opener: Colour,
}

/// Plays one game between the brains started from `opener` and `responder`, opened with
/// swap2 (see [`crate::swap2`]) and played on by the colours it settled.
#[must_use]
pub fn play_swap2(
    conditions: &GameConditions,
    opener: &EngineCommand,
    responder: &EngineCommand,
) -> Swap2Game {
    let mut game = Swap2Game {
        outcome: GameOutcome::default(),
        opening: Vec::new(),
        opener: Colour::Black,
    };
    // Until a colour is chosen the opener is black; it is started first.
    let launched = launch(
        conditions,
        [(Colour::Black, opener), (Colour::White, responder)],
    );
    let mut sides = match launched {
        Ok(sides) => sides,
        Err(end) => {
            game.outcome.end = end;
            return game;
        }
    };
    let mut board = Board::new(conditions.setup.width, conditions.setup.variant);
    let (first, second) = sides.split_at_mut(1);
    let agreed = crate::swap2::negotiate(
        &mut board,
        &mut first[0],
        &mut second[0],
        conditions.move_limit,
    );
    match agreed {
        Ok(agreed) => {
            game.opener = agreed.opener;
            if agreed.opener == Colour::White {
                sides.swap(0, 1);
                sides[0].colour = Colour::Black;
                sides[1].colour = Colour::White;
            }
            let mut played = agreed.stones.clone();
            game.outcome.end = moves(conditions, &mut board, &mut played, &mut sides);
            game.outcome.moves = played.split_off(agreed.stones.len());
            game.opening = agreed.stones;
        }
        Err((colour, fault)) => game.outcome.end = GameEnd::Fault(colour, fault),
    }
    finish(conditions, sides, &mut game.outcome);
    game
}

/// Starts the brains of the game in order, each for its colour; the first that cannot set
/// up the game loses it.
fn launch(
    conditions: &GameConditions,
    brains: [(Colour, &EngineCommand); 2],
) -> Result<Vec<MatchPlayer>, GameEnd> {
    let mut sides = Vec::with_capacity(2);
    for (colour, command) in brains {
        let mut brain = Brain::launch(command, &conditions.setup)
            .map_err(|fault| GameEnd::Fault(colour, fault))?;
        if let Some(time) = conditions.match_time {
            brain
                .info(&[format!("INFO timeout_match {}", time.as_millis())])
                .map_err(|fault| GameEnd::Fault(colour, fault))?;
        }
        sides.push(MatchPlayer {
            colour,
            brain,
            informed: false,
            times: MoveTimes::default(),
            left: conditions.match_time,
        });
    }
    Ok(sides)
}

/// Keeps each side's move times and ends its brain.
fn finish(conditions: &GameConditions, sides: Vec<MatchPlayer>, outcome: &mut GameOutcome) {
    let grace = conditions.move_limit;
    for side in sides {
        match side.colour {
            Colour::Black => outcome.black_times = side.times,
            Colour::White => outcome.white_times = side.times,
        }
        side.brain.end(grace);
    }
}

/// The move loop: asks the side to move, checks its move, and stops at the end of the game.
fn moves(
    conditions: &GameConditions,
    board: &mut Board,
    played: &mut Vec<Point>,
    sides: &mut [MatchPlayer],
) -> GameEnd {
    let opening = played.len();
    loop {
        if board.is_full() {
            return GameEnd::FullBoard;
        }
        if conditions
            .max_moves
            .is_some_and(|cap| played.len() - opening >= cap)
        {
            return GameEnd::MoveCap;
        }
        let colour = Colour::to_move_after(played.len());
        let side = &mut sides[usize::from(colour == Colour::White)];
        let stones: Vec<(Point, bool)>;
        let request = if side.informed {
            // Someone has moved since this brain last did: it answered and the other replied.
            BrainRequest::Turn(*played.last().expect("a brain that has moved"))
        } else if played.is_empty() {
            BrainRequest::Begin
        } else {
            stones = played
                .iter()
                .enumerate()
                .map(|(number, &point)| (point, Colour::to_move_after(number) == colour))
                .collect();
            BrainRequest::Board(&stones)
        };
        side.informed = true;
        let played_move = side.timed(conditions.move_limit, |brain, limit| {
            brain
                .play(&request, limit)
                .map(|(point, took, report)| ((point, took, report), took))
        });
        let point = match played_move {
            Ok((point, took, report)) => {
                side.times.add(took, conditions.setup.turn, report);
                point
            }
            Err(fault) => return GameEnd::Fault(colour, fault),
        };
        match board.place(point, colour) {
            Ok(five) => {
                played.push(point);
                if five {
                    return GameEnd::Five(colour);
                }
            }
            Err(why) => return GameEnd::Fault(colour, Fault::Illegal(point, why)),
        }
    }
}
