//! A Swiss of nine players over three rounds by mail, through the real
//! Postfix and Dovecot: the players join by mail, the host starts it from
//! the command line, and each round's games are played by mail with random
//! legal moves (fixed seed) until the last one ends, which pairs the next
//! round and mails its games (and the bye's player). Each round's pairing
//! is checked against the pure Dutch pairing of the results so far and the
//! rule's invariants (no pair twice, no second bye); the standings mailed
//! equal the ones this test computes on its own.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::support::tourney::{self, Played};
use crate::support::{Harness, Setup};
use crate::tournaments_swiss::{round_is_dutch, stored};
use arbiter::demo::mailstack::StackOptions;
use arbiter::referee::hidden_address;
use rand::SeedableRng;
use rand::rngs::StdRng;
use sqlx::Row;

const PLAYERS: [&str; 9] = [
    "ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ida",
];

fn address(user: &str) -> String {
    format!("{user}@example.test")
}

/// Half points as the standings write them: `1½`, `½`, `2`.
fn half(h: u32) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".to_string(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_nine_by_mail() {
    let mut users = vec!["referee".to_string()];
    users.extend(PLAYERS.iter().map(|p| p.to_string()));
    let options = StackOptions {
        users: Some(users),
        ..StackOptions::default()
    };
    let harness = Harness::start_configured("swiss", Setup::DEFAULT, options, |text| {
        text.replace("[referee]\n", "[referee]\nrate_limit_per_hour = 100000\n")
    });
    harness.await_log("watching the mailbox", 1);
    let config = harness.config.to_str().unwrap().to_string();
    let (code, out, err) =
        harness.cli(&["tournament", "new", "open", "chess", "--format", "swiss/3"]);
    assert_eq!(code, 0, "{out}{err}");
    let mut readers = tourney::join_by_mail(&harness, &PLAYERS, "open").await;
    let (code, out, err) = harness.cli(&["--config", &config, "tournament", "start", "open"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("4 games"), "{out}");

    let store = harness.store().await;
    let id: i64 = sqlx::query("SELECT id FROM tournaments WHERE name = 'open'")
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    let numbers: HashMap<String, u32> = sqlx::query("SELECT address, number FROM entrants")
        .fetch_all(store.pool())
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get::<i64, _>(1) as u32))
        .collect();
    let all: Vec<u32> = (1..=9).collect();
    let mut rng = StdRng::seed_from_u64(20261128);
    let mut played: Vec<Played> = Vec::new();
    let mut met: BTreeSet<(String, String)> = BTreeSet::new();
    for round in 1..=3 {
        {
            let mut tx = store.write().await.unwrap();
            round_is_dutch(&mut tx, id, round, &all).await;
        }
        let mut games = tourney::tournament_games(&store, Some(round as i64), 2, &mut rng).await;
        assert_eq!(games.len(), 4, "round {round}");
        for g in &games {
            let (a, b) = (g.players[0].0.clone(), g.players[1].0.clone());
            assert!(
                met.insert((a.clone().min(b.clone()), a.max(b))),
                "a pair met twice"
            );
        }
        tourney::play_out(&harness, &mut games, &mut rng).await;
        played.extend(games);
    }
    harness.await_outbox_sent("").await;
    let status: String = sqlx::query("SELECT status FROM tournaments WHERE name = 'open'")
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    assert_eq!(status, "finished");

    // A bye a round, each to a different player, each told by mail.
    let byes: Vec<(u32, u32)> = {
        let mut tx = store.write().await.unwrap();
        stored(&mut tx, id)
            .await
            .1
            .iter()
            .map(|b| (b.round, b.player))
            .collect()
    };
    assert_eq!(byes.len(), 3);
    assert_eq!(byes.iter().map(|b| b.1).collect::<BTreeSet<_>>().len(), 3);
    for &(round, number) in &byes {
        let user = PLAYERS
            .iter()
            .find(|u| numbers[&address(u)] == number)
            .unwrap();
        let inbox = harness.player(user).inbox().await.unwrap();
        assert!(
            inbox
                .iter()
                .any(|m| m.text.contains(&format!("round {round}: you have the bye"))),
            "{user} was not told of the bye of round {round}"
        );
    }

    // The standings, computed here: points (a bye 1), Buchholz Cut 1,
    // Buchholz (a bye counts the player's own points), Sonneborn-Berger.
    let mut rounds: BTreeMap<String, Vec<Option<(String, u32)>>> = BTreeMap::new();
    for (i, g) in played.iter().enumerate() {
        let round = i / 4;
        let s = g.white_score.unwrap();
        let (w, b) = (address(&g.players[0].0), address(&g.players[1].0));
        rounds.entry(w.clone()).or_insert_with(|| vec![None; 3])[round] = Some((b.clone(), s));
        rounds.entry(b).or_insert_with(|| vec![None; 3])[round] = Some((w, 2 - s));
    }
    for &(round, number) in &byes {
        let who = numbers
            .iter()
            .find(|(_, n)| **n == number)
            .unwrap()
            .0
            .clone();
        assert!(
            rounds.entry(who.clone()).or_insert_with(|| vec![None; 3])[round as usize - 1]
                .is_none()
        );
    }
    let points: HashMap<String, u32> = rounds
        .iter()
        .map(|(p, r)| {
            (
                p.clone(),
                r.iter().map(|x| x.as_ref().map_or(2, |(_, s)| *s)).sum(),
            )
        })
        .collect();
    let mut expected: Vec<(String, String, String, String, String)> = rounds
        .iter()
        .map(|(p, r)| {
            let opp: Vec<u32> = r
                .iter()
                .map(|x| x.as_ref().map_or(points[p], |(o, _)| points[o]))
                .collect();
            let bh: u32 = opp.iter().sum();
            let sb: u32 = r.iter().flatten().map(|(o, s)| s * points[o]).sum();
            // Standings name players publicly, never by their address.
            (
                hidden_address(p),
                half(points[p]),
                half(bh - opp.iter().min().unwrap()),
                half(bh),
                format!("{}.{:02}", sb / 4, (sb % 4) * 25),
            )
        })
        .collect();
    let mut reader = readers.remove("cat").unwrap();
    reader
        .next(reader.player.inbox().await.unwrap().len() - reader.seen)
        .await;
    harness
        .player("cat")
        .send(&harness.referee, "standings", "standings open", None)
        .await
        .unwrap();
    let table = reader.one().await.text;
    assert!(
        table.contains("Ties are broken by Buchholz Cut 1, then Buchholz, then Sonneborn-Berger."),
        "{table}"
    );
    let mut mailed: Vec<(String, String, String, String, String)> = table
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() == 10 && w[0].ends_with('.') && w[2].contains('@'))
        .map(|w| {
            (
                w[2].into(),
                w[6].into(),
                w[7].into(),
                w[8].into(),
                w[9].into(),
            )
        })
        .collect();
    mailed.sort();
    expected.sort();
    assert_eq!(mailed, expected, "{table}");
    // Best first: the order of the mailed rows follows points and the
    // tiebreaks.
    let order: Vec<&str> = table
        .lines()
        .filter(|l| l.contains("@…"))
        .map(|l| l.split_whitespace().nth(2).unwrap())
        .collect();
    let key = |p: &str| {
        let e = expected.iter().find(|e| e.0 == p).unwrap();
        let n = |s: &str| -> f64 { s.replace('½', ".5").parse::<f64>().unwrap_or(0.5) };
        (n(&e.1), n(&e.2), n(&e.3), n(&e.4))
    };
    for pair in order.windows(2) {
        assert!(key(pair[0]) >= key(pair[1]), "{table}");
    }

    // TRF-16: a U block a bye, every round's block filled.
    let (code, trf, err) = harness.cli(&["tournament", "export", "open", "--format", "trf"]);
    assert_eq!(code, 0, "{trf}{err}");
    assert_eq!(trf.matches("0000 - U").count(), 3, "{trf}");
    assert!(trf.contains("XXR 3"), "{trf}");
}
