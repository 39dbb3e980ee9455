//! The archive site (`arbiter archive export --out DIR`) in a real browser:
//! finished games made with the real binary, the site exported, and every
//! page loaded in headless Chromium (Debian's package, installed by
//! `scripts/test`), whose DOM must show the moves, the board of the ply in
//! the address, the filtered index and the commitments checked again, with
//! no console error. Beside it, what needs no browser: an ongoing game
//! never reaches the site, text is escaped, a second export writes nothing.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::support::browser::{Loaded, load, url};
use crate::support::cli::arbiter;

/// The adjudication's reason: markup that must reach the page as text.
const HOSTILE: &str = "<script>document.title='pwned'</script> & \"quotes\"";

/// The site every browser test reads, exported once.
struct Fixture {
    db: PathBuf,
    site: PathBuf,
    scholar: String,
    bluff: String,
    reality: String,
    takeback: String,
    adjudicated: String,
    ongoing: String,
    /// What the ongoing Bluff game still hides: its seed and its sealed
    /// decision's salt (from the host's export).
    ongoing_secrets: Vec<String>,
}

pub(crate) fn new_game(
    db: &Path,
    game: &str,
    white: &str,
    black: &str,
    options: &[&str],
) -> String {
    let mut args = vec!["game", "new", game, "--white", white, "--black", black];
    for option in options {
        args.extend(["--option", option]);
    }
    let run = arbiter(db, &args);
    assert_eq!(run.code, 0, "{}", run.err);
    run.out.trim().to_string()
}

/// Plays `moves` as `(player, text)` pairs, each of which must be accepted.
pub(crate) fn play(db: &Path, id: &str, moves: &[(&str, &str)]) {
    for (player, text) in moves {
        let run = arbiter(db, &["game", "play", id, "--as", player, text]);
        assert_eq!(run.code, 0, "#{id} {player} {text}: {}{}", run.out, run.err);
    }
}

pub(crate) fn export(db: &Path, site: &Path) -> String {
    let run = arbiter(db, &["archive", "export", "--out", site.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.err);
    run.out
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("archive_site");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("arbiter.db");
        let (alice, bob, carol) = (
            "alice@example.test",
            "bob@example.test",
            "carol@example.test",
        );

        let scholar = new_game(&db, "chess", alice, bob, &[]);
        play(
            &db,
            &scholar,
            &[
                (alice, "e4"),
                (bob, "e5"),
                (alice, "Qh5"),
                (bob, "Nc6"),
                (alice, "Bc4"),
                (bob, "Nf6"),
                (alice, "Qxf7#"),
            ],
        );
        let bluff = new_game(&db, "bluff-chess", alice, carol, &[]);
        play(
            &db,
            &bluff,
            &[
                (alice, "e4"),
                (carol, "d5 transfer d8"),
                (alice, "exd5 stay"),
                (carol, "Qxd5"),
            ],
        );
        let (dave, erin) = ("dave@example.test", "erin@example.test");
        let reality = new_game(&db, "reality-check", dave, erin, &["dice=1"]);
        play(
            &db,
            &reality,
            &[
                (
                    dave,
                    "setup d1=R/R c2=N/N d2=B/B e2=N/R b3=P/B c3=P/P d3=B/R e3=P/N f3=P/R hand=NB",
                ),
                (
                    erin,
                    "setup d9=R/R c8=N/B d8=B/B e8=N/N b7=P/P c7=P/N d7=B/R e7=P/R f7=P/B hand=NR",
                ),
                (dave, "c3-c4"),
                (erin, "resign"),
            ],
        );
        // White's d4 is taken back (Black's d5 with it), then a fool's mate.
        let takeback = new_game(&db, "chess", "frank@example.test", bob, &[]);
        let frank = "frank@example.test";
        play(
            &db,
            &takeback,
            &[
                (frank, "d4"),
                (bob, "d5"),
                (frank, "takeback"),
                (bob, "takeback"),
                (frank, "f3"),
                (bob, "e5"),
                (frank, "g4"),
                (bob, "Qh4#"),
            ],
        );
        let adjudicated = new_game(
            &db,
            "chess",
            "grace@example.test",
            "heidi@example.test",
            &[],
        );
        play(&db, &adjudicated, &[("grace@example.test", "e4")]);
        let run = arbiter(
            &db,
            &[
                "game",
                "adjudicate",
                &adjudicated,
                "--result",
                "draw",
                "--reason",
                HOSTILE,
            ],
        );
        assert_eq!(run.code, 0, "{}", run.err);

        let (ivan, judy) = ("ivan@example.test", "judy@example.test");
        let ongoing = new_game(&db, "bluff-chess", ivan, judy, &[]);
        play(&db, &ongoing, &[(ivan, "e4"), (judy, "d5 transfer d8")]);
        let host = arbiter(
            &db,
            &["game", "export", &ongoing, "--format", "json", "--host"],
        );
        assert_eq!(host.code, 0, "{}", host.err);
        let host: serde_json::Value = serde_json::from_str(&host.out).unwrap();
        let mut ongoing_secrets = vec![host["seed"].as_str().unwrap().to_string()];
        ongoing_secrets.extend(
            host["secrets"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["salt"].as_str().unwrap().to_string()),
        );
        assert_eq!(ongoing_secrets.len(), 2, "a seed and one sealed salt");

        let site = dir.join("site");
        export(&db, &site);
        Fixture {
            db,
            site,
            scholar,
            bluff,
            reality,
            takeback,
            adjudicated,
            ongoing,
            ongoing_secrets,
        }
    })
}

/// How the site's pages are read in the DOM Chromium gives.
trait SitePage {
    fn dom(&self) -> &str;

    /// The opening tag of ply `n`'s section.
    fn ply_tag(&self, n: usize) -> &str {
        let start = self
            .dom()
            .find(&format!("<section class=\"ply\" id=\"ply-{n}\""))
            .unwrap_or_else(|| panic!("no ply {n} in the page"));
        let end = start + self.dom()[start..].find('>').unwrap();
        &self.dom()[start..=end]
    }

    fn shown(&self, n: usize) -> bool {
        !self.ply_tag(n).contains("hidden")
    }

    /// The board drawn in ply `n`'s section.
    fn board(&self, n: usize) -> &str {
        let tag = self.ply_tag(n);
        let start = self.dom().find(tag).unwrap();
        let open = "<div class=\"board\">";
        let board = start + self.dom()[start..].find(open).unwrap() + open.len();
        let end = board + self.dom()[board..].find("</div>").unwrap();
        &self.dom()[board..end]
    }

    /// The index's rows: each game id and whether the row is shown.
    fn rows(&self) -> Vec<(String, bool)> {
        self.dom()
            .split("<tr data-id=\"")
            .skip(1)
            .map(|row| {
                let id = row[..row.find('"').unwrap()].to_string();
                let tag = &row[..row.find('>').unwrap()];
                (id, !tag.contains("hidden"))
            })
            .collect()
    }
}

impl SitePage for Loaded {
    fn dom(&self) -> &str {
        &self.dom
    }
}

fn page(id: &str) -> PathBuf {
    fixture().site.join(format!("games/{id}.html"))
}

#[test]
fn the_error_check_sees_a_broken_page() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.html");
    std::fs::write(
        &path,
        "<!DOCTYPE html><html><body><p>x</p><script>missing();</script></body></html>",
    )
    .unwrap();
    let loaded = load(&url(&path, ""));
    assert!(
        loaded.errors().iter().any(|l| l.contains("Uncaught")),
        "an uncaught error is seen: {}",
        loaded.log
    );
}

#[test]
fn the_index_lists_every_finished_game_and_no_ongoing_one() {
    let f = fixture();
    let index = load(&url(&f.site.join("index.html"), ""));
    index.assert_clean("index.html");
    let mut ids: Vec<String> = index.rows().into_iter().map(|(id, _)| id).collect();
    ids.sort();
    let mut finished = vec![
        f.scholar.clone(),
        f.bluff.clone(),
        f.reality.clone(),
        f.takeback.clone(),
        f.adjudicated.clone(),
    ];
    finished.sort();
    assert_eq!(ids, finished);
    assert!(index.rows().iter().all(|(_, shown)| *shown));
    assert!(!index.dom.contains(&format!("games/{}.html", f.ongoing)));
    assert!(index.dom.contains("<p id=\"count\">5 games</p>"));
    for (id, _) in index.rows() {
        assert!(page(&id).exists(), "the index links games/{id}.html");
    }
    // The takeback game's count is of the moves that stand, as players
    // count them: 1. f3 e5 2. g4 Qh4#.
    let row = index
        .dom
        .split("<tr data-id=\"")
        .find(|r| r.starts_with(&format!("{}\"", f.takeback)))
        .unwrap();
    assert!(
        row.contains("<td class=\"number\" data-label=\"Moves\">2</td>"),
        "{row}"
    );
}

#[test]
fn the_index_filters_in_the_browser() {
    let f = fixture();
    let index = f.site.join("index.html");
    let shown = |fragment: &str| -> Vec<String> {
        let loaded = load(&url(&index, fragment));
        loaded.assert_clean(fragment);
        let mut ids: Vec<String> = loaded
            .rows()
            .into_iter()
            .filter(|(_, shown)| *shown)
            .map(|(id, _)| id)
            .collect();
        ids.sort();
        ids
    };
    assert_eq!(shown("#player=carol"), vec![f.bluff.clone()]);
    let mut chess = vec![f.scholar.clone(), f.takeback.clone(), f.adjudicated.clone()];
    chess.sort();
    assert_eq!(shown("#game=chess"), chess);
    assert_eq!(shown("#game=chess&result=0-1"), vec![f.takeback.clone()]);
    assert_eq!(shown("#result=1%2F2-1%2F2"), vec![f.adjudicated.clone()]);
    assert_eq!(shown("#from=2000-01-01&to=2999-12-31").len(), 5);
    let none = load(&url(&index, "#from=2999-01-01"));
    assert!(none.rows().iter().all(|(_, shown)| !shown));
    assert!(
        none.dom
            .contains("<p id=\"none\">No finished game matches.</p>")
    );
    assert!(none.dom.contains("<p id=\"count\">0 of 5 games</p>"));
}

#[test]
fn every_game_page_loads_and_shows_its_moves() {
    let f = fixture();
    for (id, moves) in [
        (&f.scholar, &["e4", "e5", "Qh5", "Nf6", "Qxf7#"][..]),
        (&f.bluff, &["e4", "d5 transfer d8", "exd5 stay", "Qxd5"]),
        (&f.reality, &["c3-c4", "Black: resign"]),
        (
            &f.takeback,
            &["White: offer takeback", "Black: accept takeback", "Qh4#"],
        ),
        (&f.adjudicated, &["e4", "adjudicated"]),
    ] {
        let loaded = load(&url(&page(id), ""));
        loaded.assert_clean(&format!("game {id}"));
        for san in moves {
            assert!(
                loaded.dom.contains(&format!("\">{san}</a>")),
                "game {id} lists {san}"
            );
        }
        // Without a ply in the address, the last one is shown.
        let plies = loaded.dom.matches("<section class=\"ply\"").count();
        assert!(loaded.shown(plies - 1), "game {id}");
        assert!((0..plies - 1).all(|n| !loaded.shown(n)), "game {id}");
    }
}

#[test]
fn a_ply_in_the_address_shows_that_board() {
    let f = fixture();
    let at = |n: usize| load(&url(&page(&f.scholar), &format!("#ply={n}")));
    let third = at(3);
    third.assert_clean("#ply=3");
    assert!(third.shown(3));
    assert!((0..=7).filter(|n| *n != 3).all(|n| !third.shown(n)));
    assert!(
        third
            .dom
            .contains("data-ply=\"3\" class=\"current\" aria-current=\"step\">Qh5</a>"),
        "the move list marks 2. Qh5"
    );
    let start = at(0);
    assert!(start.shown(0) && !start.shown(3));
    // The boards differ where the moves did, and the first and previous
    // buttons are off at the start.
    assert_ne!(third.board(3), third.board(2));
    assert_ne!(third.board(3), third.board(7));
    assert!(start.dom.contains(
        "<button type=\"button\" data-step=\"first\" title=\"First (Home)\" disabled=\"\">"
    ));
    // A ply past the end shows the last.
    assert!(at(99).shown(7));
}

#[test]
fn a_takeback_returns_the_board_to_the_position_it_undid() {
    let f = fixture();
    let loaded = load(&url(&page(&f.takeback), "#ply=4"));
    loaded.assert_clean("takeback");
    assert!(loaded.shown(4));
    assert_eq!(loaded.board(4), loaded.board(0));
    assert_ne!(loaded.board(2), loaded.board(0));
}

#[test]
fn commitments_and_the_seed_are_checked_again_in_the_browser() {
    let f = fixture();
    for (id, secrets) in [(&f.bluff, 2), (&f.reality, 2)] {
        let loaded = load(&url(&page(id), ""));
        loaded.assert_clean(&format!("game {id}"));
        assert_eq!(
            loaded
                .dom
                .matches("<td class=\"verified\" data-label=\"Verified\">yes</td>")
                .count(),
            secrets,
            "game {id}: every secret verified at export"
        );
        assert!(
            loaded.dom.contains("<td class=\"verified\">yes</td>"),
            "game {id}: the seed verified at export"
        );
        assert_eq!(
            loaded
                .dom
                .matches("<td class=\"recheck good\" data-text=")
                .count(),
            secrets,
            "game {id}: every commitment checked by the browser"
        );
        assert!(
            loaded
                .dom
                .contains("<td class=\"recheck good\" id=\"seed-check\""),
            "game {id}: the seed checked by the browser"
        );
        assert!(!loaded.dom.contains("recheck bad"));
    }
    let plain = load(&url(&page(&f.scholar), ""));
    assert!(plain.dom.contains("This game sealed no secret."));
    assert!(plain.dom.contains("This game draws nothing at random"));
}

#[test]
fn an_ongoing_game_leaves_nothing_in_the_site() {
    let f = fixture();
    assert!(!page(&f.ongoing).exists());
    let mut files = Vec::new();
    let mut stack = vec![f.site.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 10, "{files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for secret in &f.ongoing_secrets {
            assert!(
                !text.contains(secret.as_str()),
                "{} holds {secret}",
                path.display()
            );
        }
        for player in ["ivan@example.test", "judy@example.test"] {
            assert!(!text.contains(player), "{} names {player}", path.display());
        }
    }
}

/// Players are shown by their public names (here, with no name set, the
/// address's local part, the domain hidden): no file of the site names a
/// player's address.
#[test]
fn no_file_of_the_site_names_a_players_address() {
    let f = fixture();
    let mut files = vec![f.site.clone()];
    let mut read = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        read += 1;
        assert!(
            !text.contains("@example.test"),
            "{} names a player's address",
            path.display()
        );
    }
    assert!(read > 5, "{read} files");
    let index = std::fs::read_to_string(f.site.join("index.html")).unwrap();
    assert!(index.contains("carol@…"), "{index}");
}

#[test]
fn what_the_host_wrote_is_escaped() {
    let f = fixture();
    let escaped = "&lt;script&gt;document.title=&#x27;pwned&#x27;&lt;&#x2f;script&gt; &amp; &quot;quotes&quot;";
    for path in [f.site.join("index.html"), page(&f.adjudicated)] {
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            !text.contains("<script>document.title"),
            "{}",
            path.display()
        );
        assert!(text.contains(escaped), "{}", path.display());
        let loaded = load(&url(&path, ""));
        loaded.assert_clean("escaped");
        assert!(!loaded.dom.contains("<title>pwned</title>"));
    }
}

#[test]
fn the_json_and_pgn_beside_each_page_are_the_archive_writers() {
    let f = fixture();
    for id in [&f.scholar, &f.bluff, &f.reality] {
        let run = arbiter(&f.db, &["game", "export", id, "--format", "json"]);
        assert_eq!(run.code, 0, "{}", run.err);
        let written = std::fs::read_to_string(f.site.join(format!("games/{id}.json"))).unwrap();
        // The site shows players by their public names (none set here:
        // the address's local part, the domain hidden).
        let shown = run.out.replace("@example.test", "@…");
        assert_eq!(written, shown, "game {id}");
    }
    let run = arbiter(&f.db, &["game", "export", &f.bluff, "--format", "pgn"]);
    let written = std::fs::read_to_string(f.site.join(format!("games/{}.pgn", f.bluff))).unwrap();
    assert_eq!(written, run.out.replace("@example.test", "@…"));
    // Reality Check has no PGN: no file, no link.
    assert!(!f.site.join(format!("games/{}.pgn", f.reality)).exists());
    let reality = std::fs::read_to_string(page(&f.reality)).unwrap();
    assert!(!reality.contains(".pgn\""));
    assert!(reality.contains(&format!("<a href=\"{}.json\" download>JSON</a>", f.reality)));
}

#[test]
fn a_second_export_writes_only_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arbiter.db");
    let site = dir.path().join("site");
    let (alice, bob) = ("alice@example.test", "bob@example.test");
    let mate = new_game(&db, "chess", alice, bob, &[]);
    play(
        &db,
        &mate,
        &[(alice, "f3"), (bob, "e5"), (alice, "g4"), (bob, "Qh4#")],
    );
    let later = new_game(&db, "chess", alice, bob, &[]);
    play(&db, &later, &[(alice, "e4")]);

    let first = export(&db, &site);
    assert!(first.contains(&format!("wrote {}", site.join("index.html").display())));
    assert!(first.contains("1 finished game in "), "{first}");
    // The index, the game's page, JSON and PGN, and the rating lists.
    assert!(first.contains("5 files written, 0 unchanged"), "{first}");
    assert!(first.contains(&format!("wrote {}", site.join("ratings.html").display())));
    let again = export(&db, &site);
    assert!(!again.contains("wrote "), "{again}");
    assert!(again.contains("0 files written, 5 unchanged"), "{again}");

    play(&db, &later, &[(bob, "resign")]);
    let third = export(&db, &site);
    assert!(third.contains("2 finished games in "), "{third}");
    assert!(third.contains(&format!(
        "wrote {}",
        site.join(format!("games/{later}.html")).display()
    )));
    assert!(third.contains(&format!("wrote {}", site.join("index.html").display())));
    assert!(!third.contains(&format!("games/{mate}.html")), "{third}");
    // The second rated game moved the ratings.
    assert!(third.contains(&format!("wrote {}", site.join("ratings.html").display())));
}
