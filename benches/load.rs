//! `cargo bench --bench load`: the whole move path under load, against the
//! project's real Postfix and Dovecot (started by the bench; needs root)
//! and the real `arbiter serve` (release build), with 10,000 games stored.
//!
//! Player robots (ten mail users) play 20, then 200 chess games at once:
//! each reads its notices over IMAP and, when it is its turn, mails the
//! next move of its game's line over SMTP. Reported, in the same run:
//! - the referee's completed moves/s, times the mails of a move (the move
//!   and a notice to each player), over the mail server's own rate for
//!   mails of the same sizes (delivered into the mailbox, the best of 8,
//!   16 and 32 in flight, no referee), measured right after each load:
//!   the referee's share;
//! - the referee's own time per move mail (its share of the IMAP fetch,
//!   then parsing, the rules, the transaction with its outbox rows, up to
//!   the commit), p50 and p95, from the daemon's `mail committed` events;
//! - the daemon's resident memory, idle, with 10,000 games stored.

mod common;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter::config::{Security, SmtpConfig};
use arbiter::demo::mailstack::{MailStack, StackOptions};
use arbiter::mail::login::Credential;
use arbiter::mail::sender::transport;
use arbiter::store::Store;
use common::{MAILS_PER_MOVE, PLAYERS, Players, line, maildir_count, move_mail, percentile, user};
use futures_util::{StreamExt, stream};
use lettre::address::Envelope;
use sqlx::Row;

/// Games stored before the load, none of them moving.
const STORED: usize = 10_000;
/// How long each load is measured, after a warm-up.
const WINDOW: Duration = Duration::from_secs(20);
const WARM_UP: Duration = Duration::from_secs(4);

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap()
}

struct Bench {
    dir: PathBuf,
    stack: MailStack,
    players: Players,
    daemon: Child,
}

impl Bench {
    fn smtp_config(&self) -> SmtpConfig {
        SmtpConfig {
            host: "127.0.0.1".into(),
            port: self.stack.submission,
            security: Security::Starttls,
            username: Some(MailStack::address("referee")),
            auth: Default::default(),
            password_env: None,
            token_command: None,
            ca_file: Some(self.stack.ca.clone()),
            timeout_seconds: 30,
        }
    }

    /// The server's own rate for the sizes of the last load's mails: for
    /// each of `moves` moves, the move mail and two of the referee's
    /// notices, sent pooled, `in_flight` at once, and counted once
    /// delivered into the mailbox.
    async fn server_rate(&self, moves: usize, in_flight: usize) -> (f64, usize) {
        let notices: Vec<Vec<u8>> = sqlx::query("SELECT raw FROM outbox ORDER BY id DESC LIMIT ?")
            .bind(2 * moves as i64)
            .fetch_all(self.players.store.pool())
            .await
            .unwrap()
            .iter()
            .map(|r| r.get(0))
            .collect();
        let a_move =
            move_mail("p00@example.test", "referee+1.secret@example.test", "Nf3").formatted();
        let config = self.smtp_config();
        let user = MailStack::address("referee");
        let credential = Credential::Password(MailStack::password("referee"));
        let bare = transport(&config, Some((&user, &credential))).unwrap();
        let envelope = Envelope::new(
            Some("referee@example.test".parse().unwrap()),
            vec!["sink@example.test".parse().unwrap()],
        )
        .unwrap();
        let mut mails: Vec<&[u8]> = Vec::new();
        for pair in notices.chunks(2) {
            mails.push(&a_move);
            mails.extend(pair.iter().map(Vec::as_slice));
        }
        let sink = self.dir.join("m/mail/sink/Maildir");
        let before = maildir_count(&sink);
        let bytes = mails.iter().map(|m| m.len()).sum::<usize>() / mails.len();
        let started = Instant::now();
        stream::iter(&mails)
            .map(|m| {
                let (bare, envelope) = (bare.clone(), envelope.clone());
                async move { bare.send_raw(&envelope, m).await.unwrap() }
            })
            .buffer_unordered(in_flight)
            .collect::<Vec<_>>()
            .await;
        while maildir_count(&sink) < before + mails.len() {
            assert!(started.elapsed() < Duration::from_secs(120));
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        (mails.len() as f64 / started.elapsed().as_secs_f64(), bytes)
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = PathBuf::from(format!("/tmp/arb-bench-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let users: Vec<String> = ["referee".to_string(), "sink".to_string()]
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
            eprintln!("load bench skipped: the local mail server needs root ({e:#})");
            return;
        }
    };

    // 10,000 games stored, as a club's database holds them.
    let db = dir.join("load.db");
    let store = Store::open(&db).await.unwrap();
    let made = Instant::now();
    common::store_games(&store, STORED).await;
    eprintln!(
        "{STORED} games stored in {:.1} s",
        made.elapsed().as_secs_f64()
    );

    let config = dir.join("arbiter.toml");
    let text = stack
        .daemon_config(&db, "ARBITER_BENCH_PASSWORD")
        .replace("[referee]\n", "[referee]\nrate_limit_per_hour = 1000000\n");
    std::fs::write(&config, text).unwrap();
    let log = dir.join("daemon.log");
    let out = std::fs::File::create(&log).unwrap();
    let daemon = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("serve")
        .arg("--config")
        .arg(&config)
        .env("ARBITER_BENCH_PASSWORD", MailStack::password("referee"))
        .env("ARBITER_LOG", "warn,arbiter::mail::watcher=debug")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !std::fs::read_to_string(&log)
        .unwrap_or_default()
        .contains("watching the mailbox")
    {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the daemon never started"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    let idle_rss = rss_kib(daemon.id());

    let bench = Bench {
        dir: dir.clone(),
        players: Players {
            ports: (stack.smtp, stack.imap),
            store,
            inbox: dir.join("m/mail/referee/Maildir"),
            logs: vec![log],
            lines: (0..4).map(|s| Arc::new(line(s, 160))).collect(),
        },
        stack,
        daemon,
    };
    println!(
        "machine: {} cores; {STORED} games stored; {PLAYERS} player robots; window {} s",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        WINDOW.as_secs()
    );
    println!(
        "idle memory of `arbiter serve` with {STORED} games: {:.1} MiB (VmRSS)",
        idle_rss as f64 / 1024.0
    );
    for games in [20, 200] {
        let (measured, ()) = bench.players.load(games, WARM_UP, WINDOW, async {}).await;
        let (moves, notices, mut times) = (measured.moves, measured.notices, measured.times);
        // The server's best with 8, 16 and 32 mails in flight (the pooled
        // transport holds 16 connections at most).
        let mut server = 0f64;
        let mut bytes = 0;
        for in_flight in [8, 16, 32] {
            let (rate, size) = bench.server_rate(100, in_flight).await;
            println!("server's own rate with {in_flight} in flight: {rate:.1} mails/s");
            server = server.max(rate);
            bytes = size;
        }
        times.sort_unstable();
        println!(
            "{games:>3} games: {moves:.1} moves/s ({notices:.1} notices read/s) x {MAILS_PER_MOVE} mails \
             = {:.1} mails/s; server's own rate {server:.1} mails/s (mean {bytes} bytes); \
             share {:.2}; referee's time per move mail p50 {:.2} ms, p95 {:.2} ms ({} mails)",
            moves * MAILS_PER_MOVE,
            moves * MAILS_PER_MOVE / server,
            percentile(&times, 0.5),
            percentile(&times, 0.95),
            times.len(),
        );
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    println!(
        "idle memory after the loads: {:.1} MiB (VmRSS)",
        rss_kib(bench.daemon.id()) as f64 / 1024.0
    );
    let Bench {
        mut daemon, stack, ..
    } = bench;
    let _ = daemon.kill();
    let _ = daemon.wait();
    drop(stack);
    let _ = std::fs::remove_dir_all(&dir);
}
