//! What the load benches share (`load`, `referees`): the player robots,
//! who play chess games by mail against the real mail server, the load
//! they make and what it measures, and the referee's own timings read from
//! the daemons' logs. Works on either backend of the store.

#![allow(dead_code)]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Seek, SeekFrom};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter::command::Command as PlayerCommand;
use arbiter::demo::mailstack::MailStack;
use arbiter::games::GameInfo;
use arbiter::referee::{Match, Referee};
use arbiter::rules::{Options, Seat, Status};
use arbiter::store::{Store, games};
use lettre::message::{Mailbox as Address, Message, header::ContentType};
use lettre::{SmtpTransport, Transport};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// The players' mail users.
pub const PLAYERS: usize = 10;
/// Mails a move causes: the player's move and a notice to each player.
pub const MAILS_PER_MOVE: f64 = 3.0;

pub fn user(i: usize) -> String {
    format!("p{i:02}")
}

/// `plies` legal chess moves at random (fixed seed), none ending the game.
pub fn line(seed: u64, plies: usize) -> Vec<String> {
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
pub struct Run {
    pub line: Arc<Vec<String>>,
    /// Mail user and tagged reply address of White, then Black.
    pub players: [(String, String); 2],
    /// Moves mailed so far.
    pub sent: usize,
    /// Notices each player has read.
    pub seen: [usize; 2],
}

pub type Runs = Arc<Mutex<HashMap<i64, Run>>>;

/// A player robot: polls its INBOX over IMAP; for each notice of a game
/// where it is now its turn, it mails the game's next move.
pub fn robot(
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

pub fn move_mail(from: &str, to: &str, text: &str) -> Message {
    Message::builder()
        .from(from.parse::<Address>().unwrap())
        .to(to.parse::<Address>().unwrap())
        .subject("move")
        .header(ContentType::TEXT_PLAIN)
        .body(text.to_string())
        .unwrap()
}

/// The daemons' `mail committed` events written to `logs` after
/// `offsets`: each mail's time in microseconds (its share of the fetch and
/// its processing).
pub fn mail_times(logs: &[PathBuf], offsets: &[u64]) -> Vec<u64> {
    let field = |line: &str, name: &str| -> u64 {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix(&format!("{name}=")))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    let mut times = Vec::new();
    for (log, &offset) in logs.iter().zip(offsets) {
        let mut file = std::fs::File::open(log).unwrap();
        file.seek(SeekFrom::Start(offset)).unwrap();
        times.extend(
            BufReader::new(file)
                .lines()
                .map_while(Result::ok)
                .filter(|l| l.contains("mail committed"))
                .map(|l| field(&l, "fetch_us") + field(&l, "process_us")),
        );
    }
    times
}

/// The length of each log now: where the next measure's events start.
pub fn log_ends(logs: &[PathBuf]) -> Vec<u64> {
    logs.iter()
        .map(|l| std::fs::metadata(l).map_or(0, |m| m.len()))
        .collect()
}

pub fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

pub fn maildir_count(dir: &Path) -> usize {
    ["new", "cur"]
        .iter()
        .map(|d| {
            std::fs::read_dir(dir.join(d))
                .map(|r| r.count())
                .unwrap_or(0)
        })
        .sum()
}

/// A count by `sql` (no parameters: the same text on both backends).
pub async fn count(store: &Store, sql: &str) -> i64 {
    match store.pg_pool() {
        Some(pool) => sqlx::query_scalar(sql).fetch_one(pool).await.unwrap(),
        None => sqlx::query_scalar(sql)
            .fetch_one(store.pool())
            .await
            .unwrap(),
    }
}

/// `stored` games that are not moving, as a club's database holds them:
/// most with a few moves behind them.
pub async fn store_games(store: &Store, stored: usize) {
    let referee = Referee::new(store.clone());
    for chunk in 0..stored.div_ceil(1000) {
        let mut tx = store.write().await.unwrap();
        for n in chunk * 1000..stored.min(chunk * 1000 + 1000) {
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
}

/// What one load measured.
pub struct Measured {
    /// Moves the referees completed a second (rows added to the log).
    pub moves: f64,
    /// Notices the players read a second.
    pub notices: f64,
    /// The referee's own time per move mail, in microseconds.
    pub times: Vec<u64>,
}

/// The players of a load: the mail server's ports, the store the
/// referees serve, the referee's mailbox on disk, and the referees' logs.
pub struct Players {
    /// SMTP (no login) and IMAP ports of the mail server.
    pub ports: (u16, u16),
    pub store: Store,
    /// The referee's Maildir, to see that no mail waits.
    pub inbox: PathBuf,
    pub logs: Vec<PathBuf>,
    /// The games' lines of moves (one per game, in turn).
    pub lines: Vec<Arc<Vec<String>>>,
}

impl Players {
    /// `games` new games played at once by [`PLAYERS`] robots, measured
    /// for `window` after `warm_up`; `during` runs meanwhile (after the
    /// warm-up) and its result is returned beside the measure.
    pub async fn load<T>(
        &self,
        games: usize,
        warm_up: Duration,
        window: Duration,
        during: impl Future<Output = T>,
    ) -> (Measured, T) {
        let referee = Referee::new(self.store.clone());
        let mut tx = self.store.write().await.unwrap();
        let mut runs = HashMap::new();
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
            let seats = games::seats(&mut tx, id).await.unwrap();
            let address = |seat: Seat| {
                let secret = &seats.iter().find(|s| s.seat == seat).unwrap().secret;
                format!("referee+{id}.{secret}@example.test")
            };
            runs.insert(
                id,
                Run {
                    line: self.lines[g % self.lines.len()].clone(),
                    players: [(white, address(Seat::White)), (black, address(Seat::Black))],
                    sent: 0,
                    seen: [0, 0],
                },
            );
        }
        tx.commit().await.unwrap();
        let runs: Runs = Arc::new(Mutex::new(runs));
        let stop = Arc::new(AtomicBool::new(false));
        let read = Arc::new(AtomicUsize::new(0));
        let robots: Vec<_> = (0..PLAYERS)
            .map(|i| {
                let (runs, stop, read) = (runs.clone(), stop.clone(), read.clone());
                let ports = self.ports;
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
            .port(self.ports.0)
            .build();
        for (from, to, text) in first {
            mailer
                .send(&move_mail(&MailStack::address(&from), &to, &text))
                .unwrap();
        }
        tokio::time::sleep(warm_up).await;
        let offsets = log_ends(&self.logs);
        let (rows, notices, t0) = (
            count(&self.store, "SELECT COUNT(*) FROM log").await,
            read.load(Ordering::Relaxed),
            Instant::now(),
        );
        let (_, during) = tokio::join!(tokio::time::sleep(window), during);
        let (rows1, notices1, took) = (
            count(&self.store, "SELECT COUNT(*) FROM log").await,
            read.load(Ordering::Relaxed),
            t0.elapsed(),
        );
        let times = mail_times(&self.logs, &offsets);
        stop.store(true, Ordering::Relaxed);
        for robot in robots {
            robot.join().unwrap();
        }
        // Let the moves in flight land before the next measure.
        self.quiet().await;
        let secs = took.as_secs_f64();
        let measured = Measured {
            moves: (rows1 - rows) as f64 / secs,
            notices: (notices1 - notices) as f64 / secs,
            times,
        };
        (measured, during)
    }

    /// Waits until no mail waits in the referee's mailbox or its outbox.
    pub async fn quiet(&self) {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let waiting = count(
                &self.store,
                "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL",
            )
            .await;
            if waiting == 0 && maildir_count(&self.inbox) == 0 {
                return;
            }
            assert!(Instant::now() < deadline, "the referee never caught up");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}
