//! What an engine said about its search, read from its MESSAGE lines.

/// What a brain said about its search for one move, read from its MESSAGE lines: the
/// deepest iteration it named and the nodes it counted, as far as it said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BrainReport {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl BrainReport {
    /// Reads `depth D` (or `Depth D-S`) and `nodes N` (or `Node 12K`) from one MESSAGE
    /// line, as this project's brain and Rapfi write them; later lines win. Lines
    /// without such words change nothing.
    pub fn read(&mut self, message: &str) {
        let words: Vec<&str> = message.split_whitespace().collect();
        for pair in words.windows(2) {
            let key = pair[0].to_ascii_lowercase();
            match key.as_str() {
                "depth" => {
                    if let Some(depth) = leading_number(pair[1]) {
                        self.depth = u32::try_from(depth).ok();
                    }
                }
                "nodes" | "node" => {
                    if let Some(nodes) = count_with_suffix(pair[1]) {
                        self.nodes = Some(nodes);
                    }
                }
                _ => {}
            }
        }
    }
}

/// The whole number at the start of a word: 18 of "18-25".
fn leading_number(word: &str) -> Option<u64> {
    let end = word
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(word.len());
    word[..end].parse().ok()
}

/// A count, with Rapfi's K, M, G or T suffix if it has one: 12K is 12,000.
fn count_with_suffix(word: &str) -> Option<u64> {
    let number = leading_number(word)?;
    let digits = word
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(word.len());
    let scale: u64 = match &word[digits..] {
        "" => 1,
        "K" => 1_000,
        "M" => 1_000_000,
        "G" => 1_000_000_000,
        "T" => 1_000_000_000_000,
        _ => return None,
    };
    number.checked_mul(scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_reports_come_from_both_message_styles() {
        let mut ours = BrainReport::default();
        ours.read("MESSAGE depth 7 value score 12 nodes 81234 time 410 ms line 7,7 8,8");
        ours.read("MESSAGE depth 8 value win in 5 nodes 99000 time 480 ms line 7,7");
        assert_eq!(ours.depth, Some(8));
        assert_eq!(ours.nodes, Some(99_000));
        let mut rapfi = BrainReport::default();
        rapfi.read("MESSAGE Depth 17-25 | Eval 34 | Time 300ms | h8 i9");
        rapfi.read("MESSAGE Speed 1234K | Depth 18-27 | Eval 40 | Node 612K | Time 480ms");
        assert_eq!(rapfi.depth, Some(18));
        assert_eq!(rapfi.nodes, Some(612_000));
        let mut other = BrainReport::default();
        other.read("MESSAGE depth unknown nodes 12Q node");
        assert_eq!(other, BrainReport::default());
        assert_eq!(count_with_suffix("3M"), Some(3_000_000));
        assert_eq!(count_with_suffix("99999999999999T"), None);
    }
}
