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

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Seek, SeekFrom};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter::command::Command as PlayerCommand;
use arbiter::config::{Security, SmtpConfig};
use arbiter::demo::mailstack::{MailStack, StackOptions};
use arbiter::games::GameInfo;
use arbiter::mail::login::Credential;
use arbiter::mail::sender::transport;
use arbiter::referee::{Match, Referee};
use arbiter::rules::{Options, Seat, Status};
use arbiter::store::Store;
use futures_util::{StreamExt, stream};
use lettre::address::Envelope;
use lettre::message::{Mailbox as Address, Message, header::ContentType};
use lettre::{SmtpTransport, Transport};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sqlx::Row;

/// Games stored before the load, none of them moving.
const STORED: usize = 10_000;
/// The players' mail users.
const PLAYERS: usize = 10;
/// How long each load is measured, after a warm-up.
const WINDOW: Duration = Duration::from_secs(20);
const WARM_UP: Duration = Duration::from_secs(4);
/// Mails a move causes: the player's move and a notice to each player.
const MAILS_PER_MOVE: f64 = 3.0;

fn user(i: usize) -> String {
    format!("p{i:02}")
}

/// `plies` legal chess moves at random (fixed seed), none ending the game.
fn line(seed: u64, plies: usize) -> Vec<String> {
    let info = GameInfo::find("chess").unwrap();
    let mut current = Match::new(info, &Options::default(), [0; 32]).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    while moves.len() < plies {
        let seat = [Seat::White, Seat::Black][moves.len() % 2];
        let mut legal = current.legal_texts(seat);
        legal.shuffle(&mut rng);
        let (text, next) = legal
            .into_iter()
            .filter(|t| !t.contains("claim"))
            .find_map(|text| {
                let step = current
                    .play(seat, &text, [0; 32], moves.len() as u64)
                    .ok()?;
                matches!(step.state.status(), Status::Ongoing(_)).then_some((text, step.state))
            })
            .expect("a move that keeps the game going");
        moves.push(text);
        current = next;
    }
    moves
}

/// One game under load: its line, its players and how far it went.
struct Run {
    line: Arc<Vec<String>>,
    /// Mail user and tagged reply address of White, then Black.
    players: [(String, String); 2],
    /// Moves mailed so far.
    sent: usize,
    /// Notices each player has read.
    seen: [usize; 2],
}

type Runs = Arc<Mutex<HashMap<i64, Run>>>;

/// A player robot: polls its INBOX over IMAP; for each notice of a game
/// where it is now its turn, it mails the game's next move.
fn robot(
    stack_ports: (u16, u16),
    me: String,
    runs: Runs,
    stop: Arc<AtomicBool>,
    read: Arc<AtomicUsize>,
) {
    let (smtp, imap) = stack_ports;
    let address = MailStack::address(&me);
    let tcp = TcpStream::connect(("127.0.0.1", imap)).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut client = imap::Client::new(tcp);
    client.read_greeting().unwrap();
    let mut session = client
        .login(&address, MailStack::password(&me))
        .map_err(|(e, _)| e)
        .unwrap();
    let selected = session.select("INBOX").unwrap();
    let mut next = selected.uid_next.unwrap_or(1);
    let mailer = SmtpTransport::builder_dangerous("127.0.0.1")
        .port(smtp)
        .build();
    let mut fresh = true;
    while !stop.load(Ordering::Relaxed) {
        if !fresh {
            session.noop().unwrap();
            let announced = session
                .take_all_unsolicited()
                .any(|r| matches!(r, imap::types::UnsolicitedResponse::Exists(_)));
            if !announced {
                std::thread::sleep(Duration::from_millis(25));
                continue;
            }
        }
        fresh = false;
        let fetches = session
            .uid_fetch(format!("{next}:*"), "(UID ENVELOPE)")
            .unwrap();
        let mut moves = Vec::new();
        for fetch in fetches.iter() {
            let Some(uid) = fetch.uid.filter(|&u| u >= next) else {
                continue;
            };
            next = next.max(uid + 1);
            read.fetch_add(1, Ordering::Relaxed);
            let subject = fetch
                .envelope()
                .and_then(|e| e.subject.as_deref())
                .map(|s| String::from_utf8_lossy(s).into_owned())
                .unwrap_or_default();
            let Some(id) = subject
                .strip_prefix("[arbiter #")
                .and_then(|s| s.split(']').next())
                .and_then(|s| s.parse::<i64>().ok())
            else {
                continue;
            };
            let mut runs = runs.lock().unwrap();
            let Some(run) = runs.get_mut(&id) else {
                continue;
            };
            let side = usize::from(run.players[1].0 == me);
            run.seen[side] += 1;
            // The move last mailed is in, and it is this side's turn.
            if run.seen[side] == run.sent && run.sent % 2 == side && run.sent < run.line.len() {
                moves.push((run.players[side].1.clone(), run.line[run.sent].clone()));
                run.sent += 1;
            }
        }
        for (to, text) in moves {
            mailer.send(&move_mail(&address, &to, &text)).unwrap();
        }
    }
    let _ = session.logout();
}

fn move_mail(from: &str, to: &str, text: &str) -> Message {
    Message::builder()
        .from(from.parse::<Address>().unwrap())
        .to(to.parse::<Address>().unwrap())
        .subject("move")
        .header(ContentType::TEXT_PLAIN)
        .body(text.to_string())
        .unwrap()
}

/// The daemon's `mail committed` events from `offset` on: each mail's
/// time in microseconds (its share of the fetch and its processing).
fn mail_times(log: &Path, offset: u64) -> Vec<u64> {
    let mut file = std::fs::File::open(log).unwrap();
    file.seek(SeekFrom::Start(offset)).unwrap();
    let field = |line: &str, name: &str| -> u64 {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix(&format!("{name}=")))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .filter(|l| l.contains("mail committed"))
        .map(|l| field(&l, "fetch_us") + field(&l, "process_us"))
        .collect()
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap()
}

fn maildir_count(dir: &Path) -> usize {
    ["new", "cur"]
        .iter()
        .map(|d| {
            std::fs::read_dir(dir.join(d))
                .map(|r| r.count())
                .unwrap_or(0)
        })
        .sum()
}

struct Bench {
    dir: PathBuf,
    stack: MailStack,
    store: Store,
    daemon: Child,
    log: PathBuf,
    lines: Vec<Arc<Vec<String>>>,
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

    async fn log_rows(&self) -> i64 {
        sqlx::query("SELECT COUNT(*) FROM log")
            .fetch_one(self.store.pool())
            .await
            .unwrap()
            .get(0)
    }

    /// `games` games playing at once; returns moves/s, notices read/s and
    /// the per-mail times of the measured window.
    async fn load(&self, games: usize) -> (f64, f64, Vec<u64>) {
        let referee = Referee::new(self.store.clone());
        let mut tx = self.store.write().await.unwrap();
        let mut made = Vec::new();
        for g in 0..games {
            let (white, black) = (user(g % PLAYERS), user((g + 1 + g / PLAYERS) % PLAYERS));
            let black = if black == white {
                user((g + 2) % PLAYERS)
            } else {
                black
            };
            let (id, _) = referee
                .create_game(
                    &mut tx,
                    "chess",
                    &MailStack::address(&white),
                    &MailStack::address(&black),
                    &Options::default(),
                    None,
                )
                .await
                .unwrap();
            made.push((id, white, black));
        }
        tx.commit().await.unwrap();
        let mut runs = HashMap::new();
        for (g, (id, white, black)) in made.into_iter().enumerate() {
            let secret = |seat: &'static str| {
                let store = self.store.clone();
                async move {
                    let secret: String =
                        sqlx::query("SELECT secret FROM seats WHERE game_id = ? AND seat = ?")
                            .bind(id)
                            .bind(seat)
                            .fetch_one(store.pool())
                            .await
                            .unwrap()
                            .get(0);
                    format!("referee+{id}.{secret}@example.test")
                }
            };
            runs.insert(
                id,
                Run {
                    line: self.lines[g % self.lines.len()].clone(),
                    players: [
                        (white, secret("white").await),
                        (black, secret("black").await),
                    ],
                    sent: 0,
                    seen: [0, 0],
                },
            );
        }
        let runs: Runs = Arc::new(Mutex::new(runs));
        let stop = Arc::new(AtomicBool::new(false));
        let read = Arc::new(AtomicUsize::new(0));
        let robots: Vec<_> = (0..PLAYERS)
            .map(|i| {
                let (runs, stop, read) = (runs.clone(), stop.clone(), read.clone());
                let ports = (self.stack.smtp, self.stack.imap);
                std::thread::spawn(move || robot(ports, user(i), runs, stop, read))
            })
            .collect();
        std::thread::sleep(Duration::from_millis(500));
        // Every game's first move, mailed by White.
        let first: Vec<(String, String, String)> = {
            let mut runs = runs.lock().unwrap();
            runs.values_mut()
                .map(|run| {
                    run.sent = 1;
                    (
                        run.players[0].0.clone(),
                        run.players[0].1.clone(),
                        run.line[0].clone(),
                    )
                })
                .collect()
        };
        let mailer = SmtpTransport::builder_dangerous("127.0.0.1")
            .port(self.stack.smtp)
            .build();
        for (from, to, text) in first {
            mailer
                .send(&move_mail(&MailStack::address(&from), &to, &text))
                .unwrap();
        }
        tokio::time::sleep(WARM_UP).await;
        let offset = std::fs::metadata(&self.log).unwrap().len();
        let (rows, notices, t0) = (
            self.log_rows().await,
            read.load(Ordering::Relaxed),
            Instant::now(),
        );
        tokio::time::sleep(WINDOW).await;
        let (rows1, notices1, took) = (
            self.log_rows().await,
            read.load(Ordering::Relaxed),
            t0.elapsed(),
        );
        let times = mail_times(&self.log, offset);
        stop.store(true, Ordering::Relaxed);
        for robot in robots {
            robot.join().unwrap();
        }
        // Let the moves in flight land before the next measure.
        self.quiet().await;
        let secs = took.as_secs_f64();
        (
            (rows1 - rows) as f64 / secs,
            (notices1 - notices) as f64 / secs,
            times,
        )
    }

    /// Waits until no mail waits in the referee's mailbox or its outbox.
    async fn quiet(&self) {
        let inbox = self.dir.join("m/mail/referee/Maildir");
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let waiting: i64 = sqlx::query(
                "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL",
            )
            .fetch_one(self.store.pool())
            .await
            .unwrap()
            .get(0);
            if waiting == 0 && maildir_count(&inbox) == 0 {
                return;
            }
            assert!(Instant::now() < deadline, "the referee never caught up");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// The server's own rate for the sizes of the last load's mails: for
    /// each of `moves` moves, the move mail and two of the referee's
    /// notices, sent pooled, `in_flight` at once, and counted once
    /// delivered into the mailbox.
    async fn server_rate(&self, moves: usize, in_flight: usize) -> (f64, usize) {
        let notices: Vec<Vec<u8>> = sqlx::query("SELECT raw FROM outbox ORDER BY id DESC LIMIT ?")
            .bind(2 * moves as i64)
            .fetch_all(self.store.pool())
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
    let referee = Referee::new(store.clone());
    let made = Instant::now();
    for chunk in 0..STORED / 1000 {
        let mut tx = store.write().await.unwrap();
        for i in 0..1000 {
            let n = chunk * 1000 + i;
            let (id, _) = referee
                .create_game(
                    &mut tx,
                    "chess",
                    &format!("w{n}@club.example"),
                    &format!("b{n}@club.example"),
                    &Options::default(),
                    None,
                )
                .await
                .unwrap();
            // Most games have a few moves behind them.
            for (ply, text) in ["e4", "e5", "Nf3", "Nc6"].iter().enumerate().take(n % 5) {
                referee
                    .act(
                        &mut tx,
                        id,
                        [Seat::White, Seat::Black][ply % 2],
                        &PlayerCommand::Play(text.to_string()),
                        "cli",
                    )
                    .await
                    .unwrap();
            }
        }
        tx.commit().await.unwrap();
    }
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
        .env("ARBITER_LOG", "warn,arbiter::mail::daemon=debug")
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
        lines: (0..4).map(|s| Arc::new(line(s, 160))).collect(),
        dir: dir.clone(),
        stack,
        store,
        daemon,
        log,
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
        let (moves, notices, mut times) = bench.load(games).await;
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
