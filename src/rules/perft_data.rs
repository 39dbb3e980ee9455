//! The perft data files of `tests/data/` (after shakmaty's `tests/*.perft`):
//! one reader for every game's. A case is `id NAME`, then optionally
//! `options KEY=VALUE ...` (or `version N`, Rebel Chess's shorthand for
//! `version=N`) and a position (`epd TEXT` or `position TEXT`, in the
//! game's position string; none: the game's start), then `perft DEPTH COUNT`
//! lines. Blank lines and `#` comments are ignored.

use super::Options;

/// One case of a perft data file.
pub(crate) struct PerftCase {
    pub id: String,
    pub options: Options,
    pub position: Option<String>,
    /// (depth, leaf count), in the file's order.
    pub counts: Vec<(u32, u64)>,
}

impl PerftCase {
    /// The case's position string; the case must have one.
    pub fn position(&self) -> &str {
        self.position
            .as_deref()
            .unwrap_or_else(|| panic!("{}: no position", self.id))
    }
}

/// Reads a perft data file; a malformed line is a test failure naming it.
pub(crate) fn read(text: &str) -> Vec<PerftCase> {
    let mut cases: Vec<PerftCase> = Vec::new();
    let mut words: Vec<String> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |what: &str| -> ! { panic!("line {}: {what}: {line:?}", n + 1) };
        let (key, value) = line.split_once(' ').unwrap_or_else(|| fail("KEY VALUE"));
        if key == "id" {
            words.clear();
            cases.push(PerftCase {
                id: value.to_string(),
                options: Options::default(),
                position: None,
                counts: Vec::new(),
            });
            continue;
        }
        let case = cases.last_mut().unwrap_or_else(|| fail("id first"));
        match key {
            "options" | "version" => {
                if key == "version" {
                    words.push(format!("version={value}"));
                } else {
                    words.extend(value.split_whitespace().map(str::to_string));
                }
                case.options = Options::parse(&words).unwrap_or_else(|e| fail(&e.to_string()));
            }
            "epd" | "position" => case.position = Some(value.to_string()),
            "perft" => {
                let (depth, count) = value
                    .split_once(' ')
                    .unwrap_or_else(|| fail("perft DEPTH COUNT"));
                let depth = depth.parse().unwrap_or_else(|_| fail("depth"));
                let count = count.parse().unwrap_or_else(|_| fail("count"));
                case.counts.push((depth, count));
            }
            other => fail(&format!("unknown key {other:?}")),
        }
    }
    cases
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_data_file_reads_with_its_cases_and_counts() {
        for (file, text, at_least) in [
            ("chess", include_str!("../../tests/data/chess.perft"), 6),
            ("rebel", include_str!("../../tests/data/rebel.perft"), 5),
            (
                "superial",
                include_str!("../../tests/data/superial.perft"),
                7,
            ),
            (
                "reflection",
                include_str!("../../tests/data/reflection.perft"),
                10,
            ),
        ] {
            let cases = read(text);
            assert!(cases.len() >= at_least, "{file}: {} cases", cases.len());
            assert!(cases.iter().all(|c| !c.counts.is_empty()), "{file}");
        }
        let rebel = read("id x\nversion 3\nepd 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nperft 1 5\n");
        assert_eq!(rebel[0].options.get("version"), Some("3"));
        assert_eq!(rebel[0].position(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(rebel[0].counts, [(1, 5)]);
    }
}
