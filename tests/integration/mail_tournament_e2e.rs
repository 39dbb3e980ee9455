//! A round robin of seven players by mail, through the real Postfix and
//! Dovecot: the host announces it, the players join by mail, the host
//! starts it from the command line (21 games, every game at once), and each
//! game is played by mail with random legal moves (fixed seed), then ended
//! by a resignation or an agreed draw chosen at random. The crosstable and
//! the tiebreaks the referee mails for `standings` equal the ones this test
//! computes on its own from the results it played; every game was rated.

use std::collections::{BTreeMap, HashMap};

use crate::support::tourney::{self, Played};
use crate::support::{Harness, Setup};
use arbiter::demo::mailstack::StackOptions;
use rand::SeedableRng;
use rand::rngs::StdRng;
use sqlx::Row;

const PLAYERS: [&str; 7] = ["alice", "bob", "carol", "dave", "erin", "frank", "grace"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_seven_by_mail() {
    let mut users = vec!["referee".to_string()];
    users.extend(PLAYERS.iter().map(|p| p.to_string()));
    let options = StackOptions {
        users: Some(users),
        ..StackOptions::default()
    };
    let harness = Harness::start_configured("tourney", Setup::DEFAULT, options, |text| {
        text.replace("[referee]\n", "[referee]\nrate_limit_per_hour = 100000\n")
    });
    harness.await_log("watching the mailbox", 1);
    let config = harness.config.to_str().unwrap().to_string();

    // The host announces it; the players join by mail.
    let (code, out, err) = harness.cli(&[
        "tournament",
        "new",
        "club",
        "chess",
        "--format",
        "round-robin/7",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let mut readers = tourney::join_by_mail(&harness, &PLAYERS, "club").await;
    // A second entry is refused and changes nothing.
    harness
        .player("alice")
        .send(&harness.referee, "join", "join club", None)
        .await
        .unwrap();
    let again = readers.get_mut("alice").unwrap().one().await;
    assert!(again.text.contains("already joined"), "{}", again.text);

    // The host starts it: every game at once, the start mails queued.
    let (code, out, err) = harness.cli(&["--config", &config, "tournament", "start", "club"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("21 games"), "{out}");

    let store = harness.store().await;
    let mut rng = StdRng::seed_from_u64(20261127);
    let mut played = tourney::tournament_games(&store, None, 6, &mut rng).await;
    assert_eq!(played.len(), 21);
    // Every pair meets once.
    let mut pairs: Vec<(&str, &str)> = played
        .iter()
        .map(|g| {
            let (a, b) = (g.players[0].0.as_str(), g.players[1].0.as_str());
            (a.min(b), a.max(b))
        })
        .collect();
    pairs.sort();
    pairs.dedup();
    assert_eq!(pairs.len(), 21);

    tourney::play_out(&harness, &mut played, &mut rng).await;
    harness.await_outbox_sent("").await;

    // Each game's result, as the tournament recorded it.
    let results: HashMap<i64, Option<String>> =
        sqlx::query("SELECT game_id, result FROM tournament_games")
            .fetch_all(store.pool())
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
    for game in &played {
        let expected = match game.white_score.unwrap() {
            2 => "1-0",
            0 => "0-1",
            _ => "1/2-1/2",
        };
        assert_eq!(
            results[&game.id].as_deref(),
            Some(expected),
            "game {}",
            game.id
        );
    }

    // The standings, computed here from the results played.
    let expected = standings_by_hand(&played);
    let mut reader = readers.remove("carol").unwrap();
    reader
        .next(reader.player.inbox().await.unwrap().len() - reader.seen)
        .await;
    harness
        .player("carol")
        .send(&harness.referee, "standings", "standings club", None)
        .await
        .unwrap();
    let table = reader.one().await.text;
    assert!(
        table.contains(
            "Ties are broken by wins, then Sonneborn-Berger, then games between the tied."
        ),
        "{table}"
    );
    // Players equal on every count share a place, listed in either order.
    let mut mailed = read_table(&table);
    mailed.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let mut expected = expected;
    expected.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    assert_eq!(mailed, expected, "{table}");

    // Every game was rated: each player's line counts six games.
    let rated: Vec<(String, i64)> =
        sqlx::query("SELECT player, games FROM ratings WHERE game = 'chess' ORDER BY player")
            .fetch_all(store.pool())
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
    let all: Vec<(String, i64)> = {
        let mut v: Vec<_> = PLAYERS
            .iter()
            .map(|p| (format!("{p}@example.test"), 6))
            .collect();
        v.sort();
        v
    };
    assert_eq!(rated, all);
    // The end mails told the new ratings.
    let alice = harness.player("alice").inbox().await.unwrap();
    assert!(
        alice
            .iter()
            .any(|m| m.text.contains("Ratings (Chess): White ")),
        "no rating line: {}",
        alice.last().unwrap().text
    );
    let status: String = sqlx::query("SELECT status FROM tournaments WHERE name = 'club'")
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    assert_eq!(status, "finished");

    // The site: the tournament's page links each of its 21 games, twice
    // (once from each player's row), and the rating list has every player.
    let site = harness.dir.join("site");
    let (code, out, err) = harness.cli(&["archive", "export", "--out", site.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let page = std::fs::read_to_string(site.join("tournaments/club.html")).unwrap();
    for game in &played {
        let link = format!("<a href=\"../games/{}.html\">", game.id);
        assert_eq!(page.matches(&link).count(), 2, "game {}", game.id);
        assert!(site.join(format!("games/{}.html", game.id)).exists());
    }
    let ratings = std::fs::read_to_string(site.join("ratings.html")).unwrap();
    for p in PLAYERS {
        assert!(ratings.contains(&format!("<td>{p}@…</td>")), "{p}");
    }
    // No page publishes a player's address.
    let mut pages = vec![page.clone(), ratings.clone()];
    for game in &played {
        pages.push(std::fs::read_to_string(site.join(format!("games/{}.html", game.id))).unwrap());
    }
    for html in &pages {
        for p in PLAYERS {
            assert!(!html.contains(&format!("{p}@example.test")), "{p}: {html}");
        }
    }

    // TRF-16: one player line a starting number, each with six games.
    let (code, trf, err) = harness.cli(&["tournament", "export", "club", "--format", "trf"]);
    assert_eq!(code, 0, "{trf}{err}");
    let lines: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(lines.len(), 7, "{trf}");
    for line in lines {
        // Ten columns a round from column 90: seven rounds, one of them a rest.
        let blocks: Vec<&str> = (89..line.len())
            .step_by(10)
            .map(|i| line[i..(i + 10).min(line.len())].trim())
            .collect();
        assert_eq!(blocks.len(), 7, "{line}");
        assert_eq!(
            blocks.iter().filter(|b| **b == "0000 - Z").count(),
            1,
            "{line}"
        );
        assert!(
            blocks.iter().all(|b| b.len() >= 5),
            "every game finished: {line}"
        );
    }
    // PGN: the 21 games, one after the other.
    let (code, pgn, err) = harness.cli(&["tournament", "export", "club", "--format", "pgn"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(pgn.matches("[Event ").count(), 21, "{pgn}");
}

/// One player's line: place, address, one mark per opponent (by address),
/// points, wins, Sonneborn-Berger, points between the tied.
type Line = (
    u32,
    String,
    BTreeMap<String, String>,
    String,
    u32,
    String,
    String,
);

/// The crosstable as the test computes it from its own results: points,
/// then wins, then Sonneborn-Berger, then the games between the tied.
fn standings_by_hand(played: &[Played]) -> Vec<Line> {
    // Players are shown by their public names: with no display name in
    // their From headers, the address's local part, the domain hidden.
    let address = |u: &str| format!("{u}@…");
    // score[a][b]: a's half points against b.
    let mut score: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    for g in played {
        let (w, b) = (address(&g.players[0].0), address(&g.players[1].0));
        let s = g.white_score.unwrap();
        score.entry(w.clone()).or_default().insert(b.clone(), s);
        score.entry(b).or_default().insert(w, 2 - s);
    }
    let points: BTreeMap<&String, u32> = score
        .iter()
        .map(|(p, row)| (p, row.values().sum()))
        .collect();
    let wins = |p: &String| score[p].values().filter(|s| **s == 2).count() as u32;
    let sb = |p: &String| -> u32 { score[p].iter().map(|(o, s)| s * points[o]).sum() };
    let key3 = |p: &String| (points[p], wins(p), sb(p));
    let between = |p: &String| -> u32 {
        let tied: Vec<&String> = score
            .keys()
            .filter(|o| *o != p && key3(o) == key3(p))
            .collect();
        if tied.is_empty() {
            return 0;
        }
        tied.iter().map(|o| score[p][*o]).sum()
    };
    let mut order: Vec<&String> = score.keys().collect();
    order.sort_by_key(|p| std::cmp::Reverse((key3(p), between(p))));
    let half = |h: u32| match (h / 2, h % 2) {
        (0, 1) => "½".to_string(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    };
    let mut lines: Vec<Line> = Vec::new();
    for (i, p) in order.iter().enumerate() {
        let place = match lines.last() {
            Some((prev_place, prev, ..))
                if {
                    let prev: &String = prev;
                    (key3(prev), between(prev)) == (key3(p), between(p))
                } =>
            {
                *prev_place
            }
            _ => i as u32 + 1,
        };
        let marks = score[*p]
            .iter()
            .map(|(o, s)| (o.clone(), ["0", "½", "1"][*s as usize].to_string()))
            .collect();
        let q = sb(p);
        lines.push((
            place,
            (*p).clone(),
            marks,
            half(points[*p]),
            wins(p),
            format!("{}.{:02}", q / 4, (q % 4) * 25),
            half(between(p)),
        ));
    }
    lines
}

/// The mailed crosstable read back: `place. number address marks... points
/// wins SB between`, the marks by starting number.
fn read_table(text: &str) -> Vec<Line> {
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() == 3 + 7 + 4 && w[0].ends_with('.') && w[2].contains('@'))
        .collect();
    let by_number: HashMap<&str, String> = rows.iter().map(|w| (w[1], w[2].to_string())).collect();
    rows.iter()
        .map(|w| {
            let marks = (1..=7)
                .filter(|n| by_number[n.to_string().as_str()] != w[2])
                .map(|n| {
                    (
                        by_number[n.to_string().as_str()].clone(),
                        w[2 + n].to_string(),
                    )
                })
                .collect();
            (
                w[0].trim_end_matches('.').parse().unwrap(),
                w[2].to_string(),
                marks,
                w[10].to_string(),
                w[11].parse().unwrap(),
                w[12].to_string(),
                w[13].to_string(),
            )
        })
        .collect()
}
