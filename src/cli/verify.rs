//! `tictactoe verify FILE`: checks a certificate written by `solve --proof` with the
//! independent checker, and says what it proves or why it is refused.

use std::fmt;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::{CliError, emit};
use crate::verify::verify_file;

/// Arguments of `verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The certificate file
    pub file: PathBuf,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
}

/// What `verify` prints for a valid certificate.
#[derive(Serialize)]
struct VerifyReport {
    valid: bool,
    rule: String,
    position: String,
    maker: String,
    nodes: usize,
    /// References to nodes checked before (positions reached again, or their mirror images).
    references: u64,
    /// Maker moves answered by a sibling's zone, and by a stronger move.
    zoned: u64,
    dominated: u64,
    draw: bool,
}

pub fn run(args: &VerifyArgs, output: &mut dyn Write) -> Result<(), CliError> {
    let checked = verify_file(&args.file).map_err(|e| {
        CliError::Usage(format!("{} is not a valid proof: {e}", args.file.display()))
    })?;
    let report = VerifyReport {
        valid: true,
        rule: checked.rule.to_string(),
        position: checked.position.to_notation(),
        maker: checked.maker.to_string(),
        nodes: checked.nodes,
        references: checked.references,
        zoned: checked.zoned,
        dominated: checked.dominated,
        draw: checked.draw,
    };
    emit(output, args.json, &report)
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "valid     {} nodes checked", self.nodes)?;
        if self.references > 0 {
            writeln!(
                f,
                "shared    {} references to nodes checked before (the same position or a \
                 mirror image)",
                self.references
            )?;
        }
        if self.zoned + self.dominated > 0 {
            writeln!(
                f,
                "cuts      {} maker moves answered by a sibling's zone, {} by a stronger move",
                self.zoned, self.dominated
            )?;
        }
        writeln!(f, "position  {}  ({})", self.position, self.rule)?;
        writeln!(f, "proves    {} cannot make K in a row", self.maker)?;
        if self.draw {
            writeln!(
                f,
                "value     draw (the first player cannot win, and by strategy stealing the \
                 second cannot either)"
            )?;
        }
        Ok(())
    }
}
