//! Five in a row on large boards (15x15, 20x20; freestyle, exactly five or renju): the pattern
//! knowledge strong gomoku engines search with. The general search switches to it only where
//! the rule is five in a row on a board of more than 25 cells; every smaller board and every
//! other K keeps the general engine, value for value and node for node.
//!
//! - [`pattern_kinds`]: the names of what a stone makes along a line and over four lines;
//! - [`patterns`]: what a stone makes along a line (five, live four, dead four, live three,
//!   ...) from a precomputed table, and what four lines make together;
//! - [`lines`]: those patterns for every empty cell and both sides, kept up to date as stones
//!   are placed and taken back;
//! - [`eval`]: the hand-tuned pattern evaluation built from them, with the weights of
//!   [`weights`] (a data file the build embeds), or the tables' value where the board keeps
//!   them;
//! - [`movegen`]: the moves worth searching (a five, a forced block, the defences against a
//!   live three, or the best-scored cells);
//! - [`vcf`]: victory by continuous fours, a solver with its own small table;
//! - [`book`]: the opening book the engine built for the first moves;
//! - [`vct`]: victory by continuous threats (threes and fours), with its own table;
//! - [`forced`]: the forced win of the side to move by either solver, named by kind, for a
//!   front end that explains a game;
//! - [`balanced_opening`]: balanced opening stones for swap and swap2, judged by short
//!   searches;
//! - [`swap`]: the colour choices of swap and swap2 and swap2's second step;
//! - [`tuning`]: the features and game records that fit the weights to game results;
//! - [`games`]: the games files they are read from (plain or gzip-compressed);
//! - [`line_words`]: the stones as one 64-bit word per row, column and diagonal;
//! - [`line_class`]: the fourteen classes of what a stone makes along a line, tabulated per
//!   rule by a dynamic program over the line keys the words give;
//! - [`pattern_code`]: a cell's four classes as one code, and the threat each code makes;
//! - [`code_tables`]: learned tables on the pattern codes (an evaluation term and two move
//!   scores per code, a term per threat mask), the evaluation and move ordering the engine
//!   plays with by default (`TICTACTOE_GOMOKU_EVAL=patterns` selects the pattern evaluation);
//! - [`code_training`]: the features of played positions that fit those tables;
//! - [`code_cells`]: every empty cell's codes and the sums of their terms, kept by the
//!   engine's board;
//! - [`line_board`]: those classes, codes and threats for every empty cell, kept up to date
//!   from the words move by move and restored on undo;
//! - [`gomoku_board`]: the search board with its patterns, always kept;
//! - [`knowledge`]: all of it behind the search's `Knowledge` trait.

pub mod balanced_opening;
pub mod book;
pub mod code_cells;
pub mod code_tables;
pub mod code_training;
pub mod eval;
pub mod forced;
pub mod games;
pub mod gomoku_board;
pub mod knowledge;
pub mod line_board;
pub mod line_class;
pub mod line_words;
pub mod lines;
pub mod movegen;
pub mod pattern_code;
pub mod pattern_kinds;
pub mod patterns;
pub mod swap;
pub mod tuning;
pub mod vcf;
pub mod vct;
pub mod weights;

pub(crate) use knowledge::Gomoku;
pub use lines::is_gomoku;

#[cfg(test)]
mod code_tests;
#[cfg(test)]
mod line_board_tests;
#[cfg(test)]
mod renju_tests;
#[cfg(test)]
mod swap_tests;
#[cfg(test)]
mod tests;
