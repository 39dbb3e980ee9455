//! `arbiter serve`: watches the mailbox, processes each mail exactly once,
//! and keeps the outbox moving.
//!
//! Exactly once: a mail's effects, its answers (the outbox) and the record
//! that it is done commit in one transaction, keyed by (mailbox,
//! UIDVALIDITY, UID) and by Message-ID. Only then is it flagged `\Seen` and moved out of the
//! mailbox. A crash before the commit leaves the mail in the mailbox to be
//! processed again from scratch; a crash after it leaves a mail that is
//! recognised as done and only moved.
//!
//! The computer's answers are made by a part of their own
//! ([`run_computer`]): a mail that leaves the computer owing an action
//! records the debt and commits, and the watcher goes on to the next mail
//! while the computer thinks; the answer commits with the player's mail.
//! A debt a crash left unanswered is found and answered at the next start.
//!
//! Several referees may run on one PostgreSQL database (docs/scaling.md).
//! Reading the mailbox and running the clock are each one referee's at a
//! time, under a lease ([`keep`]; see `crate::store::lease`): the others
//! wait, and take a role over within [`LEASE_SECONDS`] when its holder
//! dies. Work under a lease commits only while the lease is held. The
//! outbox and the computer's answers are every referee's (see
//! [`super::sender`]; an answer is recorded only while its game's log has
//! the length it was thought for).
//!
//! SIGTERM (or Ctrl-C) stops it at a mail boundary, after one more attempt
//! at the outbox ([`shut_down`], [`super::shutdown`]); SIGHUP rereads the
//! configuration ([`reload`], [`super::reload`]).

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::runtime::Handle;
use tokio::signal::unix::{SignalKind, signal};
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;
use tracing::{debug, error, info, warn};

use super::inbox::Mailroom;
use super::login::Logins;
use super::reload;
use super::sender::Sender;
use super::shutdown::Stop;
use super::watcher::{Wakes, watch};
use crate::config::{Config, ConfigFile};
use crate::referee::Referee;
use crate::render;
use crate::store::lease::{Lease, referee_id};
use crate::store::{Backend, Store};

/// How long a stop may take, from the signal: the parts finish what they
/// have in hand within [`FINISH`], the outbox pass ends by [`LAST_SEND`],
/// and the runtime's own shutdown (at most 2 s) keeps the whole under 10 s.
const FINISH: Duration = Duration::from_secs(5);
const LAST_SEND: Duration = Duration::from_millis(7500);

/// How long a lease lasts unless renewed: the longest a role stays
/// unfilled after its referee died.
pub const LEASE_SECONDS: i64 = 10;

/// How often a referee renews (or tries to take) each lease: well before
/// it lapses, so that a passing slowness of the database costs nothing.
pub(super) const RENEW: Duration = Duration::from_secs(3);

/// Runs the daemon until it is stopped (SIGTERM or Ctrl-C: see
/// [`shut_down`]). SIGHUP rereads `file` (see [`reload`]).
pub async fn serve(file: ConfigFile, config: Config, logins: Logins) -> anyhow::Result<()> {
    serve_until(file, config, logins, std::future::pending()).await
}

/// The same, also stopped cleanly when `until` completes (the demo's end,
/// before its mail server stops).
pub async fn serve_until(
    file: ConfigFile,
    config: Config,
    logins: Logins,
    until: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let mut until = std::pin::pin!(until);
    // First: from here on the signals are the daemon's to handle (SIGHUP's
    // default would end the process), and one that comes while it starts
    // is handled once it runs.
    let mut terminate = signal(SignalKind::terminate())?;
    let mut hangup = signal(SignalKind::hangup())?;
    let imap = config
        .imap
        .clone()
        .context("the configuration has no [imap] section")?;
    let smtp = config
        .smtp
        .clone()
        .context("the configuration has no [smtp] section")?;
    let login = logins.imap;
    render::self_check();
    let location = config.database.location()?;
    let store = Store::open_at(&location)
        .await
        .with_context(|| format!("opening the database {location}"))?;
    let referee = Referee::for_host(store.clone(), &config.referee);
    // The mail room in force: each mail and each clock round takes the
    // latest, so a reload applies from the next one.
    let (rooms, room) = watch::channel(Mailroom::new(referee, config.referee.clone()));
    let sender = Arc::new(Sender::new(
        &smtp,
        logins.smtp,
        &config.referee.address,
        store.clone(),
    )?);
    let wake = Arc::new(Notify::new());
    let owed = Arc::new(Notify::new());
    let stop = Arc::new(Stop::default());
    info!(address = %config.referee.address, db = %location, referee = referee_id(), "arbiter serving");

    // The roles one referee at a time holds on PostgreSQL, kept (or
    // waited for) by tasks of their own. A SQLite file serves one machine's
    // referee, which holds them all.
    let reader = Lease::new(format!("mailbox:{}", imap.mailbox), referee_id());
    let timekeeper = Lease::new("clock", referee_id());
    let mut keepers = Vec::new();
    for lease in [&reader, &timekeeper] {
        match store.backend() {
            Backend::Sqlite => lease.set(Some(1)),
            Backend::Postgres => {
                lease.set(store.acquire(lease, LEASE_SECONDS).await?);
                keepers.push(tokio::spawn(keep(
                    store.clone(),
                    lease.clone(),
                    stop.subscribe(),
                )));
            }
        }
    }

    let mut sender_task = tokio::spawn({
        let (sender, wake, stop) = (sender.clone(), wake.clone(), stop.subscribe());
        async move { sender.run(wake, stop).await }
    });
    let mut clock_task = tokio::spawn(run_clock(
        room.clone(),
        timekeeper,
        wake.clone(),
        stop.subscribe(),
    ));
    let mut computer_task = tokio::spawn(run_computer(
        room.clone(),
        wake.clone(),
        owed.clone(),
        stop.subscribe(),
    ));
    let runtime = Handle::current();
    let mut watcher = tokio::task::spawn_blocking({
        let (wake, stop) = (wake.clone(), stop.clone());
        move || {
            watch(
                runtime,
                imap,
                login,
                room,
                reader,
                Wakes {
                    sender: wake,
                    computer: owed,
                },
                &stop,
            )
        }
    });

    // A part that stops on its own stops the daemon with its error (and a
    // non-zero exit): a folder the server refuses, say, found at once.
    let mut running = config;
    let ended = loop {
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {
                info!("interrupted; stopping");
                break None;
            }
            _ = terminate.recv() => {
                info!("terminated; stopping");
                break None;
            }
            _ = &mut until => {
                info!("asked to stop; stopping");
                break None;
            }
            _ = hangup.recv() => reload(&file, &mut running, &rooms, &store),
            result = &mut sender_task => break Some(stopped("the sender", result)),
            result = &mut clock_task => break Some(stopped("the clock", result.map(Ok))),
            result = &mut computer_task => break Some(stopped("the computer", result.map(Ok))),
            result = &mut watcher => break Some(stopped("the mailbox watcher", result)),
        }
    };
    stop.request();
    let result = match ended {
        Some(error) => error,
        None => shut_down(&sender, sender_task, clock_task, computer_task, watcher).await,
    };
    // The keepers give their leases up, so another referee takes the roles
    // over at once rather than when they lapse.
    for keeper in keepers {
        let _ = tokio::time::timeout(FINISH, keeper).await;
    }
    result
}

/// Keeps `lease` while this referee runs: takes it when it is free (or
/// lapsed), renews it every [`RENEW`], records in it whether it is held,
/// and gives it up at a stop.
async fn keep(store: Store, lease: Arc<Lease>, mut stop: watch::Receiver<bool>) {
    // When the last renewal succeeded: a database that cannot be reached
    // for a lease's time means the lease may be another's now.
    let mut renewed = tokio::time::Instant::now();
    while !*stop.borrow_and_update() {
        match store.acquire(&lease, LEASE_SECONDS).await {
            Ok(Some(epoch)) => {
                if lease.held() != Some(epoch) {
                    info!(lease = %lease.name, epoch, "this referee holds the lease now");
                }
                lease.set(Some(epoch));
                renewed = tokio::time::Instant::now();
            }
            Ok(None) => {
                if lease.held().is_some() {
                    warn!(lease = %lease.name, "the lease went to another referee; this one steps back");
                }
                lease.set(None);
            }
            Err(e) => {
                warn!(lease = %lease.name, error = %e, "the lease could not be renewed");
                if renewed.elapsed() >= Duration::from_secs(LEASE_SECONDS as u64) {
                    lease.set(None);
                }
            }
        }
        tokio::select! {
            _ = tokio::time::sleep(RENEW) => {}
            changed = stop.changed() => if changed.is_err() { break },
        }
    }
    if let Err(e) = store.release(&lease).await {
        warn!(lease = %lease.name, error = %e, "the lease could not be given up; it lapses by itself");
    }
}

/// The clean stop, once asked: the watcher finishes the mail in hand, the
/// clock its round, the computer the answer in hand and the sender its
/// pass; then one more pass over the outbox, for what they queued
/// meanwhile. A part that overruns [`FINISH`] is left behind: whatever it
/// had not committed is done again at the next start (a mail is read
/// again, an answer owed is thought again; an answer whose sending was cut
/// may go out twice, never not at all).
async fn shut_down(
    sender: &Sender,
    sender_task: JoinHandle<anyhow::Result<()>>,
    clock_task: JoinHandle<()>,
    computer_task: JoinHandle<()>,
    watcher: JoinHandle<anyhow::Result<()>>,
) -> anyhow::Result<()> {
    let started = tokio::time::Instant::now();
    let finish = started + FINISH;
    let abort = sender_task.abort_handle();
    let (watched, clocked, answered, sent) = tokio::join!(
        tokio::time::timeout_at(finish, watcher),
        tokio::time::timeout_at(finish, clock_task),
        tokio::time::timeout_at(finish, computer_task),
        tokio::time::timeout_at(finish, sender_task),
    );
    if answered.is_err() {
        warn!("the computer's answer in hand did not end in time; it is made at the next start");
    }
    if watched.is_err() {
        warn!(
            "the mailbox watcher did not stop in time; a mail it had not committed is read again at the next start"
        );
    }
    if clocked.is_err() {
        warn!("the clock's round did not end in time; it runs again at the next start");
    }
    match sent {
        Ok(_) => match tokio::time::timeout_at(started + LAST_SEND, sender.send_due()).await {
            Ok(Ok(sent)) => info!(sent, "the outbox had its last attempt"),
            Ok(Err(e)) => {
                warn!(error = %format!("{e:#}"), "the outbox's last attempt failed; it is tried again at the next start")
            }
            Err(_) => warn!(
                "the outbox's last attempt ran out of time; the rest is sent at the next start"
            ),
        },
        Err(_) => {
            abort.abort();
            warn!("the outbox's pass did not end in time; the rest is sent at the next start");
        }
    }
    info!(
        took_ms = started.elapsed().as_millis() as u64,
        "arbiter stopped"
    );
    Ok(())
}

/// SIGHUP: rereads the configuration file. The `[referee]` settings apply
/// from the next mail; what needs a restart is logged as such; a file that
/// does not load changes nothing.
fn reload(file: &ConfigFile, running: &mut Config, rooms: &watch::Sender<Mailroom>, store: &Store) {
    let read = match file.load() {
        Ok(read) => read,
        Err(e) => {
            error!(
                file = %file.path.display(),
                error = %format!("{e:#}"),
                "the configuration was not reloaded; the daemon goes on with the one in force"
            );
            return;
        }
    };
    let change = reload::compare(running, &read);
    for setting in &change.need_restart {
        warn!(
            setting,
            "changed in the configuration file; the daemon keeps the old value until it restarts"
        );
    }
    running.referee = change.referee.clone();
    let referee = Referee::for_host(store.clone(), &change.referee);
    rooms.send_replace(Mailroom::new(referee, change.referee));
    info!(
        file = %file.path.display(),
        "configuration reloaded; the [referee] settings apply from the next mail"
    );
}

/// The error a part of the daemon stopped with.
fn stopped(
    what: &str,
    result: Result<anyhow::Result<()>, tokio::task::JoinError>,
) -> anyhow::Result<()> {
    let error = match result {
        Ok(Ok(())) => anyhow::anyhow!("{what} stopped"),
        Ok(Err(e)) => e,
        Err(e) => anyhow::Error::new(e).context(format!("{what} failed")),
    };
    error!(error = %format!("{error:#}"), "{what} stopped; the daemon stops");
    Err(error)
}

/// The clock: once a minute, the tournaments due to start, losses on time
/// and reminders in every game that runs a clock (the host's or its own),
/// and the daily digests that are due, until a stop; only while this referee holds the clock's lease.
async fn run_clock(
    room: watch::Receiver<Mailroom>,
    lease: Arc<Lease>,
    wake: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) {
    // The clock's settings the games' next checks were made with: none at
    // the start (they may have changed while the daemon was down), nor
    // when this referee takes the clock over from another.
    let mut checked_with = None;
    let mut epoch = None;
    while !*stop.borrow_and_update() {
        if lease.held() != epoch {
            epoch = lease.held();
            checked_with = None;
        }
        if epoch.is_none() {
            // Another referee runs the clock: look again soon, to take it
            // over within the lease's time if that one dies.
            tokio::select! {
                _ = tokio::time::sleep(RENEW) => {}
                changed = stop.changed() => if changed.is_err() { break },
            }
            continue;
        }
        let mailroom = room.borrow().under(lease.clone());
        let clock = mailroom.referee.clock();
        if checked_with != Some(clock) {
            match mailroom.referee.forget_next_checks().await {
                Ok(()) => checked_with = Some(clock),
                Err(e) => warn!(error = %e, "the clock could not reset its index"),
            }
        }
        // Even without the host's clock: tournaments start on their day,
        // and a tournament's games run their own clocks.
        match mailroom.tick(chrono::Utc::now()).await {
            Ok(0) => {}
            Ok(queued) => {
                info!(queued, "the clock queued mail");
                wake.notify_one();
            }
            Err(e) => {
                warn!(error = %e, "the clock's round failed; it tries again in a minute")
            }
        }
        match mailroom.digests(chrono::Utc::now()).await {
            Ok(0) => {}
            Ok(queued) => {
                info!(queued, "the daily digests are queued");
                wake.notify_one();
            }
            Err(e) => warn!(error = %e, "the digests failed; they are tried again in a minute"),
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(60)) => {}
            changed = stop.changed() => if changed.is_err() { break },
        }
    }
}

/// The computer's answers: every one owed when the daemon starts (a crash
/// may have left some), then each one a mail leaves owed (the watcher
/// wakes this part after each mail), and once a minute, until a stop,
/// which it looks at between two answers. One answer at a time, each
/// within the host's `computer_budget_ms` (and the games at most the
/// host's `computer_max_games`): the computer thinks outside any
/// transaction, while the watcher goes on with the mail. A panic in one
/// game's answer is logged and the game tried again at the next round.
async fn run_computer(
    room: watch::Receiver<Mailroom>,
    wake: Arc<Notify>,
    owed: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) {
    use futures_util::FutureExt;
    while !*stop.borrow_and_update() {
        let mailroom = room.borrow().clone();
        let owing = match mailroom.computer_owing().await {
            Ok(owing) => owing,
            Err(e) => {
                warn!(error = %e, "cannot list the computer's answers owed; tried again in a minute");
                Vec::new()
            }
        };
        for id in owing {
            if *stop.borrow() {
                return;
            }
            let answer = std::panic::AssertUnwindSafe(mailroom.computer_answer(id));
            match answer.catch_unwind().await {
                Ok(Ok(0)) => {}
                Ok(Ok(queued)) => {
                    debug!(game = id, queued, "the computer's answer is queued");
                    wake.notify_one();
                }
                Ok(Err(e)) => {
                    warn!(game = id, error = %e, "the computer's answer failed; tried again in a minute")
                }
                Err(_) => {
                    error!(
                        game = id,
                        "the computer's answer panicked; tried again in a minute"
                    )
                }
            }
        }
        tokio::select! {
            _ = owed.notified() => {}
            _ = tokio::time::sleep(Duration::from_secs(60)) => {}
            changed = stop.changed() => if changed.is_err() { break },
        }
    }
}
