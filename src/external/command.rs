//! How an engine is started: a program and its arguments, read from one command line.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How an engine is started: a program and its arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EngineCommand {
    pub program: String,
    pub args: Vec<String>,
}

impl EngineCommand {
    /// Splits a command line at white space (no quoting: a path with spaces needs a
    /// wrapper script). `None` for an empty line.
    #[must_use]
    pub fn parse(line: &str) -> Option<EngineCommand> {
        let mut words = line.split_whitespace().map(str::to_string);
        let program = words.next()?;
        Some(EngineCommand {
            program,
            args: words.collect(),
        })
    }
}

impl EngineCommand {
    /// A short name to show: the file name, without its folder, of the script an
    /// interpreter runs (the first argument with an extension, `player.py` of `python3
    /// /home/me/player.py`), or else of the program.
    #[must_use]
    pub fn name(&self) -> &str {
        let script = self
            .args
            .iter()
            .map(|arg| file_name(arg))
            .find(|name| !name.starts_with('-') && name.contains('.'));
        script.unwrap_or_else(|| file_name(&self.program))
    }
}

/// The last part of a path.
fn file_name(path: &str) -> &str {
    let path = path.trim_end_matches(['/', '\\']);
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.program)?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_at_white_space() {
        let command = EngineCommand::parse("  /opt/brains/pbrain-x  --fast 2 ").unwrap();
        assert_eq!(command.program, "/opt/brains/pbrain-x");
        assert_eq!(command.args, ["--fast", "2"]);
        assert_eq!(command.to_string(), "/opt/brains/pbrain-x --fast 2");
        assert_eq!(EngineCommand::parse(" \t"), None);
        assert_eq!(command.name(), "pbrain-x");
        let script = EngineCommand::parse("python3 -u /home/me/my.player.py").unwrap();
        assert_eq!(script.name(), "my.player.py");
    }
}
