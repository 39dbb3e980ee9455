//! The crate's layering, checked over the paths its code writes.
//!
//! The rooms (the library's top-level modules) stand in one order,
//! [`ROOMS`], bottom first: a room names only the rooms below it, so the
//! rules, the ground floor, name nothing above them. And no file stands in
//! a circle: inside any folder, its entries (its files, and its subfolders
//! taken whole) name one another without a circle, so each reads top-down
//! and the rooms themselves form no circle. A folder's front (`mod.rs`,
//! `lib.rs`) is not one of those entries: it declares the folder's files,
//! gathers their faces and may hold what they share, so it stands for the
//! folder as a whole (one level up, with the rest of the folder).
//!
//! [`imports`] reads which file names which (the library as it ships:
//! test code may look at a room's work through a room above it); this
//! module checks the graph and reports every breach in one message.

mod imports;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

use imports::Edge;

/// The project's layering: the rooms, bottom first. A room may name only
/// the rooms before it.
// rustfmt would move each comment up to the line before it.
#[rustfmt::skip]
const ROOMS: &[&str] = &[
    // The games' rules: pure, deterministic, no I/O.
    "rules",
    // The computer player: a function of what its seat was told.
    "bot",
    // The games the referee runs: each game's rules tied to its computer.
    "games",
    // What players write.
    "command",
    // Glicko-2 ratings, one list per game: pure.
    "rating",
    // Tournaments: pairings, standings, tiebreaks, TRF; pure.
    "tournament",
    // The host's configuration, as data the rooms above read.
    "config",
    // The database: the only room that names SQLite or PostgreSQL.
    "store",
    // A game exported, as JSON and PGN (data the referee builds).
    "archive",
    // The life of a game: commands and stored games to new games and notices.
    "referee",
    // Notices and views as text, HTML and pictures.
    "render",
    // The static archive site, rendered like the mails.
    "site",
    // Players' mail, in and out.
    "mail",
    // `arbiter check`: the host's mail path tried step by step.
    "check",
    // `arbiter demo`: the local mail stack and its players.
    "demo",
    // The command line.
    "cli",
];

#[test]
fn the_rooms_stand_in_order_and_no_file_is_in_a_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = read_sources(root, "src");
    let edges = imports::edges(&files).unwrap();
    assert!(
        edges.iter().any(|e| e.from == "src/bot/mod.rs"),
        "the reader sees the crate's imports"
    );
    let rooms: BTreeSet<&str> = files.keys().filter_map(|f| room_of(f)).collect();
    let mut faults = unlisted(&rooms, ROOMS);
    faults.extend(breaches(&edges, ROOMS));
    faults.extend(circles(&edges));
    assert!(
        faults.is_empty(),
        "{} breaches of the layering:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

/// Every `.rs` file below `dir`, by its path from `root` (with `/`).
fn read_sources(root: &Path, dir: &str) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let mut folders = vec![dir.to_string()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(root.join(&folder)).unwrap() {
            let entry = entry.unwrap();
            let name = format!("{folder}/{}", entry.file_name().to_string_lossy());
            if entry.file_type().unwrap().is_dir() {
                folders.push(name);
            } else if name.ends_with(".rs") {
                files.insert(name, std::fs::read_to_string(entry.path()).unwrap());
            }
        }
    }
    files
}

/// The room a file belongs to: `src/rules/any.rs` and `src/rules.rs` are
/// in `rules`; the crate's roots are in none.
fn room_of(file: &str) -> Option<&str> {
    let rest = file.strip_prefix("src/")?;
    let room = match rest.split_once('/') {
        Some((folder, _)) => folder,
        None => rest.strip_suffix(".rs")?,
    };
    (!matches!(room, "lib" | "main")).then_some(room)
}

/// The rooms that the order leaves out, and the rooms it lists that are
/// not there: either way the written layering would not be the crate's.
fn unlisted(rooms: &BTreeSet<&str>, order: &[&str]) -> Vec<String> {
    let mut faults: Vec<String> = rooms
        .iter()
        .filter(|room| !order.contains(room))
        .map(|room| format!("room {room} is not in the layering (ROOMS)"))
        .collect();
    faults.extend(
        order
            .iter()
            .filter(|room| !rooms.contains(*room))
            .map(|room| format!("ROOMS lists {room}, which is not a room of the crate")),
    );
    faults
}

/// Each path by which a room names a room at or above its own place in
/// `order` (or a room the order leaves out).
fn breaches(edges: &[Edge], order: &[&str]) -> Vec<String> {
    fn place<'a>(file: &'a str, order: &[&str]) -> Option<(&'a str, Option<usize>)> {
        let room = room_of(file)?;
        Some((room, order.iter().position(|r| *r == room)))
    }
    edges
        .iter()
        .filter_map(|edge| {
            let (from, from_place) = place(&edge.from, order)?;
            let (to, to_place) = place(&edge.to, order)?;
            let upward = match (from_place, to_place) {
                (Some(from), Some(to)) => to > from,
                _ => from != to,
            };
            upward.then(|| {
                format!(
                    "{from} names {to}, above it: {} writes `{}` ({})",
                    edge.from, edge.text, edge.to
                )
            })
        })
        .collect()
}

/// Every circle among the entries of a folder (its front left out): for
/// each, one round of it, with a path that makes each step, and the
/// entries the circle holds when there are more than the round.
fn circles(edges: &[Edge]) -> Vec<String> {
    // Each edge between two files is one between the entries of the
    // deepest folder that holds both.
    let mut folders: BTreeMap<String, BTreeMap<(String, String), &Edge>> = BTreeMap::new();
    for edge in edges {
        let from: Vec<&str> = edge.from.split('/').collect();
        let to: Vec<&str> = edge.to.split('/').collect();
        let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        if common == 0 || common >= from.len().min(to.len()) {
            continue;
        }
        let front = |parts: &[&str]| parts.len() == common + 1 && is_front(parts[common]);
        if front(&from) || front(&to) {
            continue;
        }
        let folder = from[..common].join("/");
        let entry = |parts: &[&str]| {
            let name = parts[common].to_string();
            if parts.len() > common + 1 {
                name + "/"
            } else {
                name
            }
        };
        folders
            .entry(folder)
            .or_default()
            .entry((entry(&from), entry(&to)))
            .or_insert(edge);
    }
    let mut found = Vec::new();
    for (folder, steps) in &folders {
        let graph: BTreeMap<&str, Vec<&str>> =
            steps.keys().fold(BTreeMap::new(), |mut graph, (a, b)| {
                graph.entry(a.as_str()).or_insert_with(Vec::new).push(b);
                graph
            });
        for component in strongly_connected(&graph) {
            let round = shortest_round(&graph, &component);
            let said: Vec<String> = round
                .windows(2)
                .map(|pair| {
                    let edge = steps[&(pair[0].to_string(), pair[1].to_string())];
                    format!(
                        "  {} -> {}: {} writes `{}`",
                        pair[0], pair[1], edge.from, edge.text
                    )
                })
                .collect();
            let mut circle = format!("circle in {folder}/: {}", round.join(" -> "));
            if component.len() + 1 > round.len() {
                let all: Vec<&str> = component.iter().copied().collect();
                circle += &format!(" (the circles hold {})", all.join(", "));
            }
            found.push(format!("{circle}\n{}", said.join("\n")));
        }
    }
    found
}

/// A folder's front: the file that declares the others.
fn is_front(name: &str) -> bool {
    matches!(name, "mod.rs" | "lib.rs")
}

/// The strongly connected components of more than one node (Tarjan).
fn strongly_connected<'a>(graph: &BTreeMap<&'a str, Vec<&'a str>>) -> Vec<BTreeSet<&'a str>> {
    struct Walk<'a, 'g> {
        graph: &'g BTreeMap<&'a str, Vec<&'a str>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        components: Vec<BTreeSet<&'a str>>,
    }
    impl<'a> Walk<'a, '_> {
        fn visit(&mut self, node: &'a str) {
            let number = self.index.len();
            self.index.insert(node, number);
            self.low.insert(node, number);
            self.stack.push(node);
            for &next in self.graph.get(node).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.stack.contains(&next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = BTreeSet::new();
                while let Some(top) = self.stack.pop() {
                    component.insert(top);
                    if top == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.components.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        components: Vec::new(),
    };
    for &node in graph.keys() {
        if !walk.index.contains_key(node) {
            walk.visit(node);
        }
    }
    walk.components
}

/// The shortest round from the component's first node back to it, inside
/// the component: the first node repeated at the end.
fn shortest_round<'a>(
    graph: &BTreeMap<&'a str, Vec<&'a str>>,
    component: &BTreeSet<&'a str>,
) -> Vec<&'a str> {
    let start = *component.first().unwrap();
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for &next in graph.get(node).into_iter().flatten() {
            if !component.contains(next) {
                continue;
            }
            if next == start {
                let mut round = vec![start, node];
                let mut at = node;
                while at != start {
                    at = came_from[at];
                    round.push(at);
                }
                round.reverse();
                return round;
            }
            if !came_from.contains_key(next) {
                came_from.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    unreachable!("a strongly connected component has a round")
}

/// The checker on made-up crates: what it must find, and what it must not.
mod checker {
    use super::*;

    fn crate_of(files: &[(&str, &str)]) -> BTreeMap<String, String> {
        files
            .iter()
            .map(|(path, text)| (path.to_string(), text.to_string()))
            .collect()
    }

    fn faults(files: &[(&str, &str)], order: &[&str]) -> Vec<String> {
        let edges = imports::edges(&crate_of(files)).unwrap();
        let mut faults = breaches(&edges, order);
        faults.extend(circles(&edges));
        faults
    }

    #[test]
    fn two_files_that_name_each_other_are_a_circle() {
        let found = faults(
            &[
                ("src/lib.rs", "pub mod game;"),
                (
                    "src/game/mod.rs",
                    "mod score; mod state; pub use state::State;",
                ),
                (
                    "src/game/state.rs",
                    "use super::score::Score;\npub struct State(Score);",
                ),
                (
                    "src/game/score.rs",
                    "pub struct Score;\nfn f() -> usize { super::State::size() }",
                ),
            ],
            &["game"],
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("circle in src/game/: score.rs -> state.rs -> score.rs"),
            "{}",
            found[0]
        );
        assert!(
            found[0].contains("src/game/score.rs writes `super::State::size`"),
            "{}",
            found[0]
        );
    }

    #[test]
    fn a_re_export_through_the_folders_front_is_no_circle() {
        let found = faults(
            &[
                ("src/lib.rs", "pub mod rules;"),
                (
                    "src/rules/mod.rs",
                    "pub mod any;\npub mod error;\npub use any::Any;\npub use error::Error;",
                ),
                ("src/rules/error.rs", "pub struct Error;"),
                (
                    "src/rules/any.rs",
                    "use super::Error;\nuse serde::Serialize;\npub struct Any(Error);",
                ),
            ],
            &["rules"],
        );
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn the_folders_front_may_hold_what_its_files_share() {
        let found = faults(
            &[
                ("src/lib.rs", "pub mod game;"),
                (
                    "src/game/mod.rs",
                    "mod view;\npub struct Shared;\npub fn top() { view::draw() }",
                ),
                (
                    "src/game/view.rs",
                    "use super::Shared;\npub fn draw() -> Option<Shared> { None }",
                ),
            ],
            &["game"],
        );
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_circle_through_a_subfolder_and_in_a_macro_is_found() {
        let found = faults(
            &[
                ("src/lib.rs", "pub mod rules;"),
                ("src/rules/mod.rs", "pub mod a; pub mod c; pub mod x;"),
                ("src/rules/a.rs", "pub fn a() { crate::rules::x::b::b() }"),
                ("src/rules/x/mod.rs", "pub mod b;"),
                (
                    "src/rules/x/b.rs",
                    "pub fn b() { assert!(super::super::c::C > 0) }",
                ),
                (
                    "src/rules/c.rs",
                    "use crate::rules::a as first;\npub const C: u8 = 1;\nfn f() { first::a() }",
                ),
            ],
            &["rules"],
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("circle in src/rules/: a.rs -> x/ -> c.rs -> a.rs"),
            "{}",
            found[0]
        );
        assert!(found[0].contains("src/rules/x/b.rs writes `super::super::c::C`"));
    }

    #[test]
    fn a_room_that_names_one_above_it_breaches_the_order() {
        let files = [
            ("src/lib.rs", "pub mod bot;\npub mod rules;\npub mod stray;"),
            ("src/bot.rs", "use crate::rules::Game;\npub fn play() {}"),
            (
                "src/rules/mod.rs",
                "pub trait Game {}\nfn f() { crate::bot::play() }",
            ),
            ("src/stray.rs", "pub fn g() { crate::bot::play() }"),
        ];
        let found = faults(&files, &["rules", "bot"]);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found.contains(
            &"rules names bot, above it: src/rules/mod.rs writes `crate::bot::play` (src/bot.rs)"
                .to_string()
        ));
        assert!(found.iter().any(|f| f.starts_with("stray names bot")));
        assert!(
            found
                .iter()
                .any(|f| f.starts_with("circle in src/: bot.rs -> rules/"))
        );
        let rooms = BTreeSet::from(["bot", "rules", "stray"]);
        assert_eq!(
            unlisted(&rooms, &["rules", "bot", "gone"]),
            [
                "room stray is not in the layering (ROOMS)",
                "ROOMS lists gone, which is not a room of the crate"
            ]
        );
    }

    #[test]
    fn test_code_may_reach_up() {
        let found = faults(
            &[
                ("src/lib.rs", "pub mod bot;\npub mod rules;"),
                ("src/bot.rs", "pub fn play() {}"),
                (
                    "src/rules/mod.rs",
                    "#[cfg(test)]\nmod tests;\n#[cfg(test)]\nmod inline { use crate::bot::play; }",
                ),
                ("src/rules/tests.rs", "use crate::bot::play;"),
            ],
            &["rules", "bot"],
        );
        assert!(found.is_empty(), "{found:?}");
    }
}
