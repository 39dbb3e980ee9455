//! The files of the game read top-down: no two of them (the hybrid's
//! included, tests aside) import each other, directly or through others,
//! and none passes about 600 lines.
//!
//! An import is any path that names a module of the game: a `use` (its
//! braces expanded) or a qualified path in the code (`super::men::variant`).
//! A path to an item of a `mod.rs` (a re-export there included) imports that
//! `mod.rs`, so a file that takes a name from its folder's `mod.rs` while that
//! `mod.rs` re-exports the file is a circle too.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most lines a file of the game may have.
const MOST_LINES: usize = 600;

/// A file of the game and its module path (`["superial", "hybrid", "game"]`).
struct Source {
    module: Vec<String>,
    text: String,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules/superial");
    let mut found = Vec::new();
    collect(&root, &["superial".to_string()], &mut found);
    assert!(found.len() > 10, "the game's files were not found");
    found
}

fn collect(dir: &PathBuf, module: &[String], found: &mut Vec<Source>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the game's folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if name != "tests" {
                let mut inner = module.to_vec();
                inner.push(name);
                collect(&path, &inner, found);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            let mut own = module.to_vec();
            if name != "mod" {
                own.push(name);
            }
            found.push(Source {
                module: own,
                text: std::fs::read_to_string(&path).expect("a source file"),
            });
        }
    }
}

/// The code of a file without its comments (whole-line and trailing `//`).
fn code(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path a `use` tree names, braces expanded: `a::{b, c::{d}}` gives
/// `a::b` and `a::c::d`; `self` in braces is the prefix itself.
fn expand(tree: &str) -> Vec<String> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        let path = tree.split("as").next().unwrap_or_default();
        return vec![path.trim_end_matches("::").to_string()];
    };
    let prefix = tree[..open].trim_end_matches("::");
    let inner = &tree[open + 1..tree.rfind('}').expect("a closing brace")];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|part| {
            expand(part).into_iter().map(|p| {
                if p == "self" {
                    prefix.to_string()
                } else {
                    format!("{prefix}::{p}")
                }
            })
        })
        .collect()
}

/// Every path of a file's code that may name a module of the game: its
/// `use` trees expanded, and the qualified paths of the rest.
fn paths(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = String::new();
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        let tree = ["use ", "pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .find_map(|head| trimmed.strip_prefix(head));
        match tree {
            Some(tree) => {
                let mut statement = tree.to_string();
                while !statement.contains(';') {
                    statement.push_str(lines.next().expect("a use ends with ;"));
                }
                let end = statement.find(';').expect("checked");
                found.extend(expand(&statement[..end]));
            }
            None => {
                rest.push_str(line);
                rest.push('\n');
            }
        }
    }
    for head in ["super::", "self::", "crate::rules::superial::"] {
        let mut text = rest.as_str();
        while let Some(at) = text.find(head) {
            let clean = text[..at]
                .chars()
                .last()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'));
            let chain: String = text[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            if clean {
                found.push(chain.trim_end_matches(':').to_string());
            }
            text = &text[at + head.len()..];
        }
    }
    found
}

/// The module of the game a path names in the file of `module`: the
/// longest known module the absolute path starts with. `None` for a path
/// outside the game.
fn resolve(path: &str, module: &[String], known: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let segments: Vec<&str> = path.split("::").collect();
    let mut absolute: Vec<String> = Vec::new();
    if segments.starts_with(&["crate", "rules", "superial"]) {
        absolute.push("superial".to_string());
        absolute.extend(segments[3..].iter().map(|s| s.to_string()));
    } else if segments[0] == "super" || segments[0] == "self" {
        absolute = module.to_vec();
        let mut rest = &segments[..];
        if rest[0] == "self" {
            rest = &rest[1..];
        }
        while rest.first() == Some(&"super") {
            absolute.pop();
            rest = &rest[1..];
        }
        absolute.extend(rest.iter().map(|s| s.to_string()));
    } else {
        // A relative path: a child module of this one (in a `mod.rs`).
        let child = [module, &[segments[0].to_string()]].concat();
        if !known.contains(&child) {
            return None;
        }
        absolute = module.to_vec();
        absolute.extend(segments.iter().map(|s| s.to_string()));
    }
    (1..=absolute.len())
        .rev()
        .map(|n| absolute[..n].to_vec())
        .find(|prefix| known.contains(prefix))
}

fn name(module: &[String]) -> String {
    module.join("::")
}

#[test]
fn no_two_files_of_the_game_import_each_other() {
    let sources = sources();
    let known: BTreeSet<Vec<String>> = sources.iter().map(|s| s.module.clone()).collect();
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in &sources {
        let own = imports.entry(name(&source.module)).or_default();
        for path in paths(&code(&source.text)) {
            if let Some(target) = resolve(&path, &source.module, &known)
                && target != source.module
            {
                own.insert(name(&target));
            }
        }
    }
    // The reading finds the imports (a check of the check).
    for (file, import) in [
        ("superial::game", "superial::board"),
        ("superial::hybrid::men", "superial::board"),
        ("superial", "superial::form"),
    ] {
        assert!(imports[file].contains(import), "{file} imports {import}");
    }
    // A circle is a way from a file back to itself.
    let mut circles = Vec::new();
    for start in imports.keys() {
        let mut stack = vec![vec![start.clone()]];
        let mut seen = BTreeSet::new();
        while let Some(trail) = stack.pop() {
            let last = trail.last().expect("a trail is never empty");
            for next in imports.get(last).into_iter().flatten() {
                if next == start {
                    circles.push(format!("{} -> {next}", trail.join(" -> ")));
                } else if seen.insert(next.clone()) {
                    stack.push([trail.clone(), vec![next.clone()]].concat());
                }
            }
        }
    }
    assert!(
        circles.is_empty(),
        "circles of imports:\n{}",
        circles.join("\n")
    );
}

#[test]
fn no_file_of_the_game_passes_600_lines() {
    for source in sources() {
        let lines = source.text.lines().count();
        assert!(
            lines <= MOST_LINES,
            "{} has {lines} lines",
            name(&source.module)
        );
    }
}
