//! Several referees on one PostgreSQL database, through the real Postfix
//! and Dovecot: three `arbiter serve` processes share the games while they
//! are killed (SIGKILL: no chance to tidy up) and restarted at random
//! moments, the mailbox's reader and the clock's holder among them; and a
//! reader stopped (SIGSTOP) past its lease, then woken, commits nothing.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::support::games::{Made, many_games};
use arbiter::demo::mailstack::{MailStack, StackOptions};
use arbiter::games::GameInfo;
use arbiter::mail::daemon::LEASE_SECONDS;
use arbiter::referee::{Match, Referee};
use arbiter::rules::{Options, Seat, Status};
use arbiter::store::Store;
use arbiter::store::cluster::Cluster;
use arbiter::store::games;
use futures_util::{StreamExt, stream};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use sqlx::PgPool;
use tokio::sync::Mutex;

use crate::support::WAIT;

/// How long after its holder died a role may stay unfilled: the lease,
/// the renewal that notices, and slack for a loaded machine.
const TAKEOVER: Duration = Duration::from_secs(LEASE_SECONDS as u64 + 3 + 4);

/// A mail server, one PostgreSQL database, and referees serving them.
struct Referees {
    stack: MailStack,
    dir: PathBuf,
    config: PathBuf,
    url: String,
    children: Vec<Option<Child>>,
}

impl Referees {
    async fn start(name: &str, count: usize) -> Referees {
        let dir = PathBuf::from(format!("/tmp/arb-{}-{}", name, std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let stack = MailStack::start_with(&dir.join("m"), &StackOptions::default())
            .expect("the local mail server starts");
        let url = Cluster::shared().new_database().await.unwrap();
        let text = stack
            .daemon_config(Path::new("unused.db"), "ARBITER_TEST_PASSWORD")
            .replace("path = \"unused.db\"", &format!("url = {url:?}"))
            // The clock runs (its lease is held), the players mail often.
            .replace(
                "[referee]\n",
                "[referee]\nrate_limit_per_hour = 100000\ndays_per_move = 7\n",
            );
        assert!(text.contains("url = \"postgres://"), "{text}");
        let config = dir.join("arbiter.toml");
        std::fs::write(&config, text).unwrap();
        // The schema first, so that the referees start on it together.
        Store::connect(&url).await.unwrap();
        let mut referees = Referees {
            stack,
            dir,
            config,
            url,
            children: (0..count).map(|_| None).collect(),
        };
        for i in 0..count {
            referees.start_one(i);
        }
        referees
    }

    fn log_path(&self, i: usize) -> PathBuf {
        self.dir.join(format!("referee-{i}.log"))
    }

    fn start_one(&mut self, i: usize) {
        assert!(self.children[i].is_none());
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.log_path(i))
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("serve")
            .arg("--config")
            .arg(&self.config)
            .env("ARBITER_TEST_PASSWORD", MailStack::password("referee"))
            .env("ARBITER_LOG", "info,arbiter=debug")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("arbiter serve starts");
        self.children[i] = Some(child);
    }

    fn kill(&mut self, i: usize) {
        if let Some(mut child) = self.children[i].take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn signal(&self, i: usize, signal: &str) {
        let pid = self.children[i].as_ref().expect("running").id();
        let status = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(pid.to_string())
            .status()
            .unwrap();
        assert!(status.success(), "kill -{signal} {pid}");
    }

    /// The referee (by index) whose process holds `lease` now, if any.
    fn index_of(&self, holder: &str) -> Option<usize> {
        let pid: u32 = holder.split(':').nth(1)?.parse().ok()?;
        self.children
            .iter()
            .position(|c| c.as_ref().is_some_and(|c| c.id() == pid))
    }

    fn logs(&self) -> String {
        (0..self.children.len())
            .map(|i| {
                format!(
                    "--- referee {i} ---\n{}",
                    std::fs::read_to_string(self.log_path(i)).unwrap_or_default()
                )
            })
            .collect()
    }
}

impl Drop for Referees {
    fn drop(&mut self) {
        for i in 0..self.children.len() {
            if let Some(child) = &self.children[i] {
                // A stopped process ignores SIGKILL's wait otherwise.
                let _ = Command::new("kill")
                    .arg("-CONT")
                    .arg(child.id().to_string())
                    .status();
            }
            self.kill(i);
        }
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Who holds `name` (and at which epoch), unless it lapsed.
async fn holder(pool: &PgPool, name: &str) -> Option<(String, i64)> {
    sqlx::query_as("SELECT holder, epoch FROM leases WHERE name = $1 AND expires_at > now()")
        .bind(name)
        .fetch_optional(pool)
        .await
        .unwrap()
}

/// One game as the test plays it: the offline match beside the stored one.
struct Played {
    id: i64,
    seed: [u8; 32],
    offline: Match,
    players: [(&'static str, String); 2],
    entries: Vec<serde_json::Value>,
    notations: Vec<String>,
}

/// Twenty games, three rounds of moves: 60 move mails while referees die.
/// Each round waits out the takeovers its kills cause (up to a lease's
/// time each), so this test sets the length of the integration run (83 s
/// alone with three rounds on the 2-core machine; with four, the whole
/// integration binary took up to 156 s).
const GAMES: usize = 20;
const PLIES: usize = 3;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_referees_killed_at_random_apply_every_move_once() {
    let referees = Arc::new(Mutex::new(Referees::start("three", 3).await));
    let (url, players) = {
        let r = referees.lock().await;
        let players: HashMap<&str, _> = ["alice", "bob", "carol", "dave"]
            .into_iter()
            .map(|u| (u, arbiter::demo::player::Player::new(&r.stack, u)))
            .collect();
        (r.url.clone(), players)
    };
    let store = Store::connect(&url).await.unwrap();
    let pool = store.pg_pool().unwrap().clone();
    let referee = Referee::new(store.clone());

    // The games, made by the host beside the running referees.
    let mut tx = store.write().await.unwrap();
    let mut played = Vec::new();
    for Made {
        id,
        game: name,
        white,
        black,
    } in many_games(&referee, &mut tx, GAMES).await
    {
        let row = games::get(&mut tx, id).await.unwrap().unwrap();
        let seats = games::seats(&mut tx, id).await.unwrap();
        let address = |seat: Seat| {
            let secret = &seats.iter().find(|s| s.seat == seat).unwrap().secret;
            format!("referee+{id}.{secret}@example.test")
        };
        let info = GameInfo::find(name).unwrap();
        played.push(Played {
            id,
            seed: row.seed,
            offline: Match::new(info, &Options::default(), row.seed).unwrap(),
            players: [(white, address(Seat::White)), (black, address(Seat::Black))],
            entries: Vec::new(),
            notations: Vec::new(),
        });
    }
    tx.commit().await.unwrap();

    // The chaos: a referee killed every second or few, the mailbox's
    // reader or the clock's holder half of the time, restarted after a
    // moment; each takeover of the mailbox timed.
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let chaos = tokio::spawn({
        let (referees, pool, done) = (referees.clone(), pool.clone(), done.clone());
        async move {
            let mut rng = StdRng::seed_from_u64(31);
            let mut takeovers = Vec::new();
            let mut kills = 0;
            while !done.load(std::sync::atomic::Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(rng.random_range(800..3000))).await;
                let role = ["mailbox:INBOX", "clock", "", ""].choose(&mut rng).unwrap();
                let held = match *role {
                    "" => None,
                    name => holder(&pool, name).await,
                };
                let mut r = referees.lock().await;
                let victim = held
                    .as_ref()
                    .and_then(|(h, _)| r.index_of(h))
                    .unwrap_or_else(|| rng.random_range(0..3));
                r.kill(victim);
                kills += 1;
                let killed_at = Instant::now();
                let pause = Duration::from_millis(rng.random_range(0..1500));
                drop(r);
                tokio::time::sleep(pause).await;
                referees.lock().await.start_one(victim);
                if *role == "mailbox:INBOX"
                    && let Some((_, epoch)) = held
                {
                    // Taken over: held again, at a later epoch.
                    loop {
                        if let Some((_, now)) = holder(&pool, role).await
                            && now > epoch
                        {
                            takeovers.push(killed_at.elapsed());
                            break;
                        }
                        assert!(killed_at.elapsed() < TAKEOVER * 2, "no takeover");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                }
            }
            (kills, takeovers)
        }
    });

    let mut rng = StdRng::seed_from_u64(20261127);
    let mut sent_ids = Vec::new();
    for _ in 0..PLIES {
        let mut mails = Vec::new();
        for game in &mut played {
            let Status::Ongoing(dues) = game.offline.status() else {
                continue;
            };
            let seat = dues[0].seat;
            let legal: Vec<String> = game
                .offline
                .legal_texts(seat)
                .into_iter()
                .filter(|t| !t.contains("claim"))
                .collect();
            let text = legal.choose(&mut rng).unwrap().clone();
            let index = game.entries.len() as u64;
            let step = game.offline.play(seat, &text, game.seed, index).unwrap();
            game.entries
                .push(serde_json::to_value(&step.action).unwrap());
            game.notations.push(step.notation);
            game.offline = step.state;
            let (user, to) = &game.players[if seat == Seat::White { 0 } else { 1 }];
            mails.push((players[user].clone(), to.clone(), text));
        }
        let ids: Vec<String> = stream::iter(mails)
            .map(|(player, to, text)| async move {
                player.send(&to, "move", &text, None).await.unwrap()
            })
            .buffer_unordered(8)
            .collect()
            .await;
        sent_ids.extend(ids);
        caught_up(&store, &played, &referees).await;
    }
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let (kills, takeovers) = chaos.await.unwrap();
    assert!(kills >= 3, "{kills} kills");

    // Every game as the offline replay has it.
    let mut tx = store.read().await.unwrap();
    for game in &played {
        let rows = games::log(&mut tx, game.id).await.unwrap();
        let stored: Vec<_> = rows.iter().map(|r| r.entry.clone()).collect();
        assert_eq!(stored, game.entries, "game {}", game.id);
        let notations: Vec<_> = rows.iter().map(|r| r.notation.clone()).collect();
        assert_eq!(notations, game.notations, "game {}", game.id);
        referee.verify(&mut tx, game.id).await.unwrap();
    }
    drop(tx);
    // No move applied twice or lost: one record per move mail, applied.
    let outcomes: Vec<(String, i64)> =
        sqlx::query_as("SELECT outcome, COUNT(*) FROM inbound GROUP BY outcome")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(outcomes, [("applied".to_string(), sent_ids.len() as i64)]);
    for id in &sent_ids {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM inbound WHERE message_id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(n, 1, "{id}");
    }

    // Every answer mailed: each queued notice reached its player, by
    // Message-ID, none lost and none made twice. (A send a killed referee
    // never saw answered is sent again, with the same Message-ID and
    // bytes: the player's mail program shows it once.)
    let deadline = Instant::now() + WAIT * 2;
    loop {
        let (waiting,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")
                .fetch_one(&pool)
                .await
                .unwrap();
        if waiting == 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{}",
            referees.lock().await.logs()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let queued: Vec<(String, String, Vec<u8>)> =
        sqlx::query_as("SELECT recipient, message_id, raw FROM outbox WHERE game_id IS NOT NULL")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(queued.len(), 2 * sent_ids.len(), "two notices a move");
    let bare = |id: &str| id.trim_matches(['<', '>']).to_string();
    let mut resent = 0;
    for (user, player) in &players {
        let address = format!("{user}@example.test");
        let expected: HashSet<String> = queued
            .iter()
            .filter(|(to, _, _)| *to == address)
            .map(|(_, id, _)| bare(id))
            .collect();
        let deadline = Instant::now() + WAIT;
        loop {
            let inbox = player.inbox().await.unwrap();
            let got: HashSet<String> = inbox
                .iter()
                .filter_map(|m| m.message_id.as_deref().map(bare))
                .collect();
            if got == expected {
                resent += inbox.len() - got.len();
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{user}: {} expected, {} received, {} missing",
                expected.len(),
                got.len(),
                expected.difference(&got).count()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    // The mailbox is empty: every mail was moved to the done folder.
    let inbox = arbiter::demo::player::Player::new(&referees.lock().await.stack, "referee")
        .inbox()
        .await
        .unwrap();
    assert!(inbox.is_empty(), "{} mails left", inbox.len());
    for took in &takeovers {
        assert!(*took <= TAKEOVER, "a takeover took {took:?}");
    }
    println!(
        "{} moves by mail on 3 referees through {kills} kills; {} takeovers of the mailbox \
         (longest {:?}); {resent} notices delivered twice",
        sent_ids.len(),
        takeovers.len(),
        takeovers.iter().max()
    );
}

/// Waits until every game's log holds the entries the test played.
async fn caught_up(store: &Store, played: &[Played], referees: &Mutex<Referees>) {
    let deadline = Instant::now() + WAIT * 3;
    loop {
        let mut tx = store.read().await.unwrap();
        let mut behind = 0;
        for game in played {
            let row = games::get(&mut tx, game.id).await.unwrap().unwrap();
            if row.log_len < game.entries.len() as i64 {
                behind += 1;
            }
        }
        drop(tx);
        if behind == 0 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{behind} games never caught up\n{}",
            referees.lock().await.logs()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A reader stopped past its lease, while another takes the mailbox over,
/// commits nothing once woken: it steps back, and every mail is applied
/// once, by the new reader.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_reader_commits_nothing_after_its_lease_lapsed() {
    let referees = Referees::start("stall", 2).await;
    let store = Store::connect(&referees.url).await.unwrap();
    let pool = store.pg_pool().unwrap().clone();
    let referee = Referee::new(store.clone());
    let mut tx = store.write().await.unwrap();
    let (id, _) = referee
        .create_game(
            &mut tx,
            "chess",
            "alice@example.test",
            "bob@example.test",
            &Options::default(),
            None,
        )
        .await
        .unwrap();
    let seats = games::seats(&mut tx, id).await.unwrap();
    tx.commit().await.unwrap();
    let to = |seat: usize| format!("referee+{id}.{}@example.test", seats[seat].secret);
    let alice = arbiter::demo::player::Player::new(&referees.stack, "alice");
    let bob = arbiter::demo::player::Player::new(&referees.stack, "bob");

    let started = Instant::now();
    let (reader, epoch) = loop {
        if let Some((holder, epoch)) = holder(&pool, "mailbox:INBOX").await
            && let Some(i) = referees.index_of(&holder)
        {
            break (i, epoch);
        }
        assert!(started.elapsed() < TAKEOVER, "no reader");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // The reader takes the first move in hand, and stops there.
    let first = alice.send(&to(0), "move", "e4", None).await.unwrap();
    let log = referees.log_path(reader);
    let deadline = Instant::now() + WAIT;
    while !std::fs::read_to_string(&log)
        .unwrap_or_default()
        .contains("mail fetched")
    {
        assert!(Instant::now() < deadline, "{}", referees.logs());
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    referees.signal(reader, "STOP");
    let stopped_at = Instant::now();
    let stopped_log_len = std::fs::read_to_string(&log).unwrap().len();

    // The other referee takes the mailbox over within the lease's time,
    // and plays on.
    loop {
        if let Some((holder, now)) = holder(&pool, "mailbox:INBOX").await
            && now > epoch
        {
            assert_ne!(referees.index_of(&holder), Some(reader));
            break;
        }
        assert!(
            stopped_at.elapsed() < TAKEOVER,
            "no takeover\n{}",
            referees.logs()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let second = bob.send(&to(1), "move", "e5", None).await.unwrap();
    let deadline = Instant::now() + WAIT;
    loop {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM log WHERE game_id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap();
        if n == 2 {
            break;
        }
        assert!(Instant::now() < deadline, "{}", referees.logs());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Woken, the old reader steps back and commits nothing more.
    referees.signal(reader, "CONT");
    let third = alice.send(&to(0), "move", "Nf3", None).await.unwrap();
    let deadline = Instant::now() + WAIT;
    loop {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM log WHERE game_id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap();
        if n == 3 {
            break;
        }
        assert!(Instant::now() < deadline, "{}", referees.logs());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Time for the woken one to act, were it to.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = std::fs::read_to_string(&log).unwrap()[stopped_log_len..].to_string();
    assert!(!after.contains("mail committed"), "{after}");
    assert!(
        after.contains("steps back") || after.contains("another referee"),
        "{after}"
    );
    for message in [&first, &second, &third] {
        let outcomes: Vec<(String,)> =
            sqlx::query_as("SELECT outcome FROM inbound WHERE message_id = $1")
                .bind(message)
                .fetch_all(&pool)
                .await
                .unwrap();
        assert_eq!(outcomes, [("applied".to_string(),)], "{message}");
    }
    let (code, out, err) = {
        let run = crate::support::cli::arbiter(
            Path::new(&referees.url),
            &["game", "verify", &id.to_string()],
        );
        (run.code, run.out, run.err)
    };
    assert_eq!(code, 0, "{out}{err}");
}
