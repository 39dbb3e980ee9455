//! The archive site as a visitor reads it, in headless Chromium: every
//! page fits a phone's screen (360 and 390 pixels) and a desktop's (1280),
//! the board turns round, the moves read as players write them, what a
//! move told is a sentence (its hashes left to the Commitments table), and
//! a text drawing in a legend stays a drawing. Every game and option set
//! with a board of its own is in the site.
//!
//! Headless Chromium lays a window out at 500 pixels or more, so a page is
//! measured inside an iframe of the width wanted: a copy of the page with
//! a probe script that posts its measures to the frame's parent.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::archive_site::{export, new_game, play};
use crate::support::browser::{Loaded, load, url};

/// A site with a game of every kind, exported once.
struct Screens {
    site: PathBuf,
    /// Each game by what it is: `chess`, `bluff`, `reality`, `superial`,
    /// `hybrid`, `two-boards`, `rebel`.
    games: Vec<(&'static str, String)>,
}

impl Screens {
    fn id(&self, what: &str) -> &str {
        &self.games.iter().find(|(w, _)| *w == what).unwrap().1
    }

    fn page(&self, what: &str) -> PathBuf {
        self.site.join(format!("games/{}.html", self.id(what)))
    }
}

fn screens() -> &'static Screens {
    static SCREENS: OnceLock<Screens> = OnceLock::new();
    SCREENS.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("archive_site_screens");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("arbiter.db");
        // Long addresses, as people have them: they must wrap on a phone.
        let (w, b) = (
            "alexandra.featherstonehaugh@mail.example.test",
            "bartholomew.cholmondeley@mail.example.test",
        );
        let mut games = Vec::new();

        let chess = new_game(&db, "chess", w, b, &[]);
        let moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
        play(&db, &chess, &alternate(w, b, &moves));
        games.push(("chess", chess));

        let bluff = new_game(&db, "bluff-chess", w, b, &[]);
        let moves = ["e4", "d5 transfer d8", "exd5 stay", "Qxd5"];
        play(&db, &bluff, &alternate(w, b, &moves));
        games.push(("bluff", bluff));

        let reality = new_game(&db, "reality-check", w, b, &["dice=1"]);
        let moves = [
            "setup d1=R/R c2=N/N d2=B/B e2=N/R b3=P/B c3=P/P d3=B/R e3=P/N f3=P/R hand=NB",
            "setup d9=R/R c8=N/B d8=B/B e8=N/N b7=P/P c7=P/N d7=B/R e7=P/R f7=P/B hand=NR",
            "c3-c4",
            "resign",
        ];
        play(&db, &reality, &alternate(w, b, &moves));
        games.push(("reality", reality));

        let superial = new_game(&db, "superial-chess", w, b, &[]);
        let moves = ["a2-a3", "f6-f5=X", "b1-b2", "b6-b5=X", "resign"];
        play(&db, &superial, &alternate(w, b, &moves));
        games.push(("superial", superial));

        let hybrid = new_game(&db, "superial-chess", w, b, &["hybrid=on"]);
        play(&db, &hybrid, &[(w, "resign")]);
        games.push(("hybrid", hybrid));

        let two = new_game(&db, "reflection-teammate", w, b, &["setup=two-boards"]);
        play(&db, &two, &alternate(w, b, &["e4, d4", "e5, e5", "resign"]));
        games.push(("two-boards", two));

        let rebel = new_game(&db, "rebel-chess", w, b, &[]);
        play(&db, &rebel, &alternate(w, b, &["Nf3", "b6", "resign"]));
        games.push(("rebel", rebel));

        let site = dir.join("site");
        export(&db, &site);
        Screens { site, games }
    })
}

/// `moves` played by White and Black in turn.
fn alternate<'a>(white: &'a str, black: &'a str, moves: &[&'a str]) -> Vec<(&'a str, &'a str)> {
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| (if i % 2 == 0 { white } else { black }, *m))
        .collect()
}

/// What the probe measures in a page: the viewport, the document's
/// width, each board shown (its left and right edges, its drawn width
/// and its natural width), and each box that scrolls sideways (its
/// content's width and its own).
const PROBE: &str = r#"<script>
(function () {
  var d = document.documentElement;
  var boards = [];
  document.querySelectorAll('.ply:not([hidden]) .board .side:not([hidden]) svg').forEach(function (svg) {
    var box = svg.getBoundingClientRect();
    boards.push([box.left, box.right, box.width, Number(svg.getAttribute('width'))]);
  });
  var boxes = [];
  document.querySelectorAll('.scroll').forEach(function (box) {
    boxes.push([box.scrollWidth, box.clientWidth]);
  });
  parent.postMessage(JSON.stringify({
    page: location.pathname.split('/').pop(), width: window.innerWidth,
    client: d.clientWidth, scroll: d.scrollWidth, boards: boards, boxes: boxes
  }), '*');
}());
</script></body>"#;

/// A copy of `page` in `dir` with `script` run after its own.
fn with_script(dir: &Path, page: &Path, script: &str) -> PathBuf {
    let html = std::fs::read_to_string(page).unwrap();
    assert!(html.contains("</body>"));
    let copy = dir.join(page.file_name().unwrap());
    std::fs::write(&copy, html.replacen("</body>", script, 1)).unwrap();
    copy
}

#[test]
fn every_page_fits_the_screen_from_a_phone_to_a_desktop() {
    let s = screens();
    let dir = tempfile::tempdir().unwrap();
    let mut pages = vec![s.site.join("index.html")];
    pages.extend(s.games.iter().map(|(what, _)| s.page(what)));
    let widths = [360, 390, 1280];
    let mut frames = String::new();
    for page in &pages {
        let probe = with_script(dir.path(), page, PROBE);
        for width in widths {
            frames.push_str(&format!(
                "<iframe src=\"{}\" style=\"width:{width}px;height:700px;border:0\"></iframe>\n",
                url(&probe, "")
            ));
        }
    }
    let harness = dir.path().join("harness.html");
    std::fs::write(
        &harness,
        format!(
            // The listener comes first: a small page may post before the
            // frames after it are even read.
            "<!DOCTYPE html><html><body><pre id=\"results\"></pre><script>\
             window.addEventListener('message', function (e) {{\
             document.getElementById('results').textContent += e.data + '\\n'; }});\
             </script>{frames}</body></html>"
        ),
    )
    .unwrap();
    let loaded = load(&url(&harness, ""));
    loaded.assert_clean("the pages at three widths");
    let results = results(&loaded);
    assert_eq!(results.len(), pages.len() * widths.len(), "{}", loaded.dom);
    for r in &results {
        let (page, width) = (r["page"].as_str().unwrap(), r["width"].as_f64().unwrap());
        let client = r["client"].as_f64().unwrap();
        let what = format!("{page} at {width} px");
        assert!(
            [360.0, 390.0, 1280.0].contains(&width),
            "{what}: the frame sets the width"
        );
        assert!(
            r["scroll"].as_f64().unwrap() <= client,
            "{what}: the page is wider than the screen: {r}"
        );
        let boards = r["boards"].as_array().unwrap();
        assert_eq!(boards.len(), usize::from(page != "index.html"), "{what}");
        for board in boards {
            let [left, right, drawn, natural] = [0, 1, 2, 3].map(|i| board[i].as_f64().unwrap());
            assert!(
                left >= 0.0 && right <= client,
                "{what}: the board runs off the screen: {r}"
            );
            // A board never grows past its own size, and shrinks only to
            // fit: on a desktop, only one wider than the board's column.
            assert!(drawn <= natural, "{what}: {r}");
            if width > 1000.0 {
                assert!(
                    drawn == natural || drawn >= 600.0,
                    "{what}: the board shrank on a desktop: {r}"
                );
            }
        }
        if width < 500.0 {
            for b in r["boxes"].as_array().unwrap() {
                assert!(
                    b[0].as_f64().unwrap() <= b[1].as_f64().unwrap(),
                    "{what}: a table wider than the screen: {r}"
                );
            }
        }
    }
}

/// The probes' results, one JSON object each.
fn results(loaded: &Loaded) -> Vec<serde_json::Value> {
    let start = loaded.dom.find("<pre id=\"results\">").unwrap() + "<pre id=\"results\">".len();
    let end = start + loaded.dom[start..].find("</pre>").unwrap();
    loaded.dom[start..end]
        .lines()
        .map(|line| serde_json::from_str(&line.replace("&quot;", "\"")).unwrap())
        .collect()
}

/// The ply section the page shows (the one not hidden).
fn shown_ply(dom: &str) -> &str {
    let start = dom
        .match_indices("<section class=\"ply\"")
        .map(|(i, _)| i)
        .find(|i| !dom[*i..*i + dom[*i..].find('>').unwrap()].contains("hidden"))
        .expect("a ply is shown");
    let end = start + dom[start..].find("</section>").unwrap();
    &dom[start..end]
}

#[test]
fn the_turn_button_turns_the_board_and_the_address_keeps_it() {
    let s = screens();
    let dir = tempfile::tempdir().unwrap();
    let clicks = with_script(
        dir.path(),
        &s.page("chess"),
        "<script>document.querySelector('[data-turn]').click();\
         document.querySelector('[data-step=prev]').click();\
         document.body.setAttribute('data-address', location.hash);</script></body>",
    );
    let loaded = load(&url(&clicks, ""));
    loaded.assert_clean("turning the board");
    assert!(
        loaded
            .dom
            .contains("data-address=\"#ply=6&amp;turned=yes\"")
    );
    assert!(
        loaded
            .dom
            .contains("data-turn=\"\" title=\"Turn the board (F)\" aria-pressed=\"true\"")
    );
    let ply = shown_ply(&loaded.dom);
    assert!(ply.contains("id=\"ply-6\""), "{ply}");
    assert!(ply.contains("<div class=\"side\" data-bottom=\"white\" hidden=\"\">"));
    assert!(ply.contains("<div class=\"side turned\">"));

    // The address alone turns it, and the board turned is another drawing.
    let turned = load(&url(&s.page("chess"), "#ply=3&turned=yes"));
    let plain = load(&url(&s.page("chess"), "#ply=3"));
    let (turned, plain) = (shown_ply(&turned.dom), shown_ply(&plain.dom));
    assert!(turned.contains("<div class=\"side turned\">"));
    assert!(plain.contains("<div class=\"side turned\" hidden=\"\">"));
    let board = |ply: &str, side: &str| {
        let start = ply.find(side).unwrap();
        ply[start..start + ply[start..].find("</svg>").unwrap()].to_string()
    };
    assert_ne!(
        board(turned, "<div class=\"side turned\""),
        board(turned, "<div class=\"side\"")
    );
}

#[test]
fn the_moves_read_as_players_write_and_count_them() {
    let s = screens();
    let chess = std::fs::read_to_string(s.page("chess")).unwrap();
    assert!(
        chess.contains("<dt>Moves</dt><dd>4</dd>"),
        "a four-move mate"
    );
    let turn = |n: usize, ply: usize, white: &str, black: &str| {
        format!(
            "<li class=\"turn\"><span class=\"number\">{n}.</span><span class=\"white\">\
             <a href=\"#ply={ply}\" data-ply=\"{ply}\">{white}</a></span><span class=\"black\">\
             <a href=\"#ply={}\" data-ply=\"{}\">{black}</a></span></li>",
            ply + 1,
            ply + 1
        )
    };
    assert!(chess.contains(&turn(1, 1, "e4", "e5")), "{chess}");
    assert!(chess.contains(&turn(3, 5, "Bc4", "Nf6")));
    let bluff = std::fs::read_to_string(s.page("bluff")).unwrap();
    assert!(
        bluff.contains("<dt>Moves</dt><dd>2</dd>"),
        "decisions are no moves"
    );
    assert!(bluff.contains(&turn(2, 3, "exd5 stay", "Qxd5")));
    let index = std::fs::read_to_string(s.site.join("index.html")).unwrap();
    let row = index
        .split("<tr data-id=\"")
        .find(|r| r.starts_with(&format!("{}\"", s.id("chess"))))
        .unwrap();
    assert!(row.contains("data-label=\"Moves\">4</td>"), "{row}");
}

#[test]
fn what_a_move_told_is_news_and_its_hashes_stay_in_the_tables() {
    let s = screens();
    for what in ["bluff", "reality"] {
        let page = std::fs::read_to_string(s.page(what)).unwrap();
        let tables = page.find("<section class=\"checks\">").unwrap();
        let (plies, checks) = page.split_at(tables);
        assert!(!page.contains("sha256sum"), "{what}: no shell hint");
        for archive_hex in hex_runs(checks) {
            assert!(
                !plies.contains(&archive_hex),
                "{what}: {archive_hex} is told outside the tables"
            );
        }
        assert!(!hex_runs(checks).is_empty());
        assert!(plies.contains("The salts and commitments are in the Commitments table"));
    }
    let bluff = std::fs::read_to_string(s.page("bluff")).unwrap();
    assert!(bluff.contains("<li>Black&#x27;s sealed decision was: transfer d8.</li>"));
    let reality = std::fs::read_to_string(s.page("reality")).unwrap();
    assert!(reality.contains(
        "<li>Both setups are in; each side now sees the other&#x27;s up faces. White moves first.</li>"
    ));
}

/// The runs of 16 hex digits or more in a text (salts, commitments, seeds).
fn hex_runs(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_hexdigit())
        .filter(|run| run.len() >= 16)
        .map(String::from)
        .collect()
}

#[test]
fn a_text_drawing_in_a_legend_is_shown_as_drawn_and_no_board_becomes_a_list() {
    let s = screens();
    for what in ["superial", "hybrid"] {
        let page = std::fs::read_to_string(s.page(what)).unwrap();
        assert!(
            page.contains(
                "<li>Square colours (# black, - white):<pre class=\"drawing\"> 6  - # - # - #\n"
            ) || page.contains(
                "<li>Square colours (# black, - white):<pre class=\"drawing\"> 8  - # - # - # - #\n"
            ),
            "{what}: the square colours as drawn"
        );
    }
    for (what, _) in &s.games {
        let page = std::fs::read_to_string(s.page(what)).unwrap();
        for item in page.split("<li>").skip(1) {
            let text = &item[..item.find('<').unwrap_or(item.len())];
            let board_row = text.starts_with(' ')
                || text
                    .split_whitespace()
                    .all(|w| w.len() == 1 || w.chars().all(|c| c.is_ascii_digit()))
                    && text.split_whitespace().count() > 3;
            assert!(
                !board_row,
                "{what}: a row of a text board as a list item: {text:?}"
            );
        }
    }
}
