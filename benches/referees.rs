//! `cargo bench --bench referees`: the referee on PostgreSQL, alone and
//! three at once, against the real Postfix and Dovecot (started by the
//! bench; needs root), a throwaway PostgreSQL cluster (`scripts/pgstack`,
//! with PostgreSQL's own durable settings) and the real `arbiter serve`
//! (release build), with 2,000 games stored. The player robots of
//! `cargo bench --bench load` play [`LOADS`] chess games at once.
//! Reported, in the same run, as ratios against its first line:
//! - one referee on SQLite (the baseline), one on PostgreSQL, three on one
//!   PostgreSQL: completed moves/s, and the referee's own time per move
//!   mail (its share of the IMAP fetch, then parsing, the rules, the
//!   transaction with its outbox rows, up to the commit), p50 and p95;
//! - with three referees under load: the time from a SIGKILL of the
//!   mailbox's reader to the next mail processed by another (the lease's
//!   10 s at most, plus a renewal's 3 s, plus a poll).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter::demo::mailstack::{MailStack, StackOptions};
use arbiter::store::Store;
use arbiter::store::cluster::Cluster;
use common::{MAILS_PER_MOVE, PLAYERS, Players, count, line, percentile, user};

/// Games stored before the loads, none of them moving.
const STORED: usize = 2_000;
/// How long each load is measured, after a warm-up.
const WINDOW: Duration = Duration::from_secs(20);
const WARM_UP: Duration = Duration::from_secs(4);
/// The games played at once in each load: a light one and a heavy one
/// (`load` goes to 200; here each load runs three setups, 2,000 games
/// stored in each).
const LOADS: [usize; 2] = [20, 100];
/// Takeovers timed with three referees.
const KILLS: usize = 3;

/// Where one setup keeps its games.
#[derive(Clone, Copy, PartialEq)]
enum Backend {
    Sqlite,
    Postgres,
}

/// Referees serving one database, each an `arbiter serve` process.
struct Referees {
    config: PathBuf,
    logs: Vec<PathBuf>,
    children: Vec<Option<Child>>,
}

impl Referees {
    fn start_one(&mut self, i: usize) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.logs[i])
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("serve")
            .arg("--config")
            .arg(&self.config)
            .env("ARBITER_BENCH_PASSWORD", MailStack::password("referee"))
            .env(
                "ARBITER_LOG",
                "warn,arbiter::mail::watcher=debug,arbiter::mail::daemon=info",
            )
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap();
        self.children[i] = Some(child);
    }

    fn kill(&mut self, i: usize) {
        if let Some(mut child) = self.children[i].take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The referee (by index) whose process is `holder` (`HOST:PID:...`).
    fn index_of(&self, holder: &str) -> Option<usize> {
        let pid: u32 = holder.split(':').nth(1)?.parse().ok()?;
        self.children
            .iter()
            .position(|c| c.as_ref().is_some_and(|c| c.id() == pid))
    }

    /// Waits until every referee serves and one of them reads the mailbox.
    async fn started(&self) {
        let began = Instant::now();
        loop {
            let logs: Vec<String> = self
                .logs
                .iter()
                .map(|l| std::fs::read_to_string(l).unwrap_or_default())
                .collect();
            if logs.iter().all(|l| l.contains("arbiter serving"))
                && logs.iter().any(|l| l.contains("watching the mailbox"))
            {
                return;
            }
            assert!(
                began.elapsed() < Duration::from_secs(60),
                "the referees never started: {logs:?}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for Referees {
    fn drop(&mut self) {
        for i in 0..self.children.len() {
            self.kill(i);
        }
    }
}

/// The holder of the mailbox's lease, unless it lapsed.
async fn reader(store: &Store) -> Option<String> {
    sqlx::query_scalar(
        "SELECT holder FROM leases WHERE name = 'mailbox:INBOX' AND expires_at > now()",
    )
    .fetch_optional(store.pg_pool().unwrap())
    .await
    .unwrap()
}

/// SIGKILLs the mailbox's reader [`KILLS`] times while the players play,
/// and times each takeover: from the kill to the next move another
/// referee commits. The killed referee is started again afterwards, as a
/// stand-by.
async fn takeovers(referees: &std::sync::Mutex<Referees>, store: &Store) -> Vec<Duration> {
    let mut took = Vec::new();
    for _ in 0..KILLS {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let began = Instant::now();
        let victim = loop {
            let holder = reader(store).await;
            if let Some(i) = holder.and_then(|h| referees.lock().unwrap().index_of(&h)) {
                break i;
            }
            assert!(began.elapsed() < Duration::from_secs(30), "no reader");
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        referees.lock().unwrap().kill(victim);
        let killed = Instant::now();
        let rows = count(store, "SELECT COUNT(*) FROM log").await;
        while count(store, "SELECT COUNT(*) FROM log").await == rows {
            assert!(
                killed.elapsed() < Duration::from_secs(60),
                "no move after the reader's death"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        took.push(killed.elapsed());
        referees.lock().unwrap().start_one(victim);
    }
    took
}

/// One line of the report: a setup's moves/s and the referee's times.
struct Row {
    label: String,
    games: usize,
    moves: f64,
    p50: f64,
    p95: f64,
    mails: usize,
}

/// `count` referees on a new database of `backend`, under each load;
/// with several referees, the takeovers of the mailbox too.
async fn setup(
    dir: &Path,
    stack: &MailStack,
    cluster: &Cluster,
    backend: Backend,
    count: usize,
) -> (Vec<Row>, Vec<Duration>) {
    let name = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let label = format!(
        "{count} referee{} on {}",
        if count > 1 { "s" } else { "" },
        if backend == Backend::Sqlite {
            "SQLite"
        } else {
            "PostgreSQL"
        }
    );
    let db = dir.join(format!("{name}-{count}.db"));
    let config_text = stack
        .daemon_config(&db, "ARBITER_BENCH_PASSWORD")
        .replace("[referee]\n", "[referee]\nrate_limit_per_hour = 1000000\n");
    let (store, config_text) = match backend {
        Backend::Sqlite => (Store::open(&db).await.unwrap(), config_text),
        Backend::Postgres => {
            let url = cluster.new_database().await.unwrap();
            let text = config_text.replace(
                &format!("path = {:?}", db.display().to_string()),
                &format!("url = {url:?}"),
            );
            assert!(text.contains("url = \"postgres://"), "{text}");
            // The schema first, so that the referees start on it together.
            (Store::connect(&url).await.unwrap(), text)
        }
    };
    let made = Instant::now();
    common::store_games(&store, STORED).await;
    eprintln!(
        "{label}: {STORED} games stored in {:.1} s",
        made.elapsed().as_secs_f64()
    );
    let config = dir.join(format!("{name}-{count}.toml"));
    std::fs::write(&config, config_text).unwrap();
    let logs: Vec<PathBuf> = (0..count)
        .map(|i| dir.join(format!("{name}-{count}-{i}.log")))
        .collect();
    let mut referees = Referees {
        config,
        logs: logs.clone(),
        children: (0..count).map(|_| None).collect(),
    };
    for i in 0..count {
        referees.start_one(i);
    }
    referees.started().await;
    tokio::time::sleep(Duration::from_secs(3)).await;

    let players = Players {
        ports: (stack.smtp, stack.imap),
        store: store.clone(),
        inbox: dir.join("m/mail/referee/Maildir"),
        logs,
        lines: (0..4).map(|s| Arc::new(line(s, 160))).collect(),
    };
    let mut rows = Vec::new();
    for games in LOADS {
        let (measured, ()) = players.load(games, WARM_UP, WINDOW, async {}).await;
        let mut times = measured.times;
        times.sort_unstable();
        rows.push(Row {
            label: label.clone(),
            games,
            moves: measured.moves,
            p50: percentile(&times, 0.5),
            p95: percentile(&times, 0.95),
            mails: times.len(),
        });
    }
    let mut took = Vec::new();
    if count > 1 {
        let referees = std::sync::Mutex::new(referees);
        let (_, times) = players
            .load(
                20,
                WARM_UP,
                Duration::from_secs(1),
                takeovers(&referees, &store),
            )
            .await;
        took = times;
    }
    store.close().await;
    (rows, took)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = PathBuf::from(format!("/tmp/arb-bench-referees-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let users: Vec<String> = ["referee".to_string()]
        .into_iter()
        .chain((0..PLAYERS).map(user))
        .collect();
    let options = StackOptions {
        users: Some(users),
        ..StackOptions::default()
    };
    let stack = match MailStack::start_with(&dir.join("m"), &options) {
        Ok(stack) => stack,
        Err(e) => {
            eprintln!("referees bench skipped: the local mail server needs root ({e:#})");
            return;
        }
    };
    // PostgreSQL's own settings (fsync on), as SQLite runs with
    // synchronous = FULL.
    let cluster = Cluster::start(&dir.join("pg"), true).expect("scripts/pgstack starts");

    println!(
        "machine: {} cores; {STORED} games stored; {PLAYERS} player robots; window {} s",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        WINDOW.as_secs()
    );
    let mut rows = Vec::new();
    let mut takeovers = Vec::new();
    for (backend, count) in [
        (Backend::Sqlite, 1),
        (Backend::Postgres, 1),
        (Backend::Postgres, 3),
    ] {
        let (more, took) = setup(&dir, &stack, &cluster, backend, count).await;
        rows.extend(more);
        takeovers.extend(took);
    }
    for row in &rows {
        let base = rows.iter().find(|r| r.games == row.games).unwrap();
        println!(
            "{:>3} games, {:<28} {:6.1} moves/s ({:.2}x) = {:.1} mails/s; referee's time per \
             move mail p50 {:.2} ms ({:.2}x), p95 {:.2} ms ({:.2}x) ({} mails)",
            row.games,
            format!("{}:", row.label),
            row.moves,
            row.moves / base.moves,
            row.moves * MAILS_PER_MOVE,
            row.p50,
            row.p50 / base.p50,
            row.p95,
            row.p95 / base.p95,
            row.mails,
        );
    }
    let secs: Vec<String> = takeovers
        .iter()
        .map(|t| format!("{:.1}", t.as_secs_f64()))
        .collect();
    println!(
        "SIGKILL of the mailbox's reader to the next move committed by another referee: {} s",
        secs.join(", ")
    );
    drop(cluster);
    drop(stack);
    let _ = std::fs::remove_dir_all(&dir);
}
