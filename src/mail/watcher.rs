//! The mailbox watcher, one of the daemon's parts: on a blocking thread, it
//! connects to the referee's mailbox, processes each waiting mail in a
//! transaction of its own (then files it), waits for more with IDLE, and
//! reconnects with backoff; it wakes the sender and the computer after each
//! mail. The daemon (`daemon.rs`) starts it beside the other parts.

use super::folders::FolderRefused;
use super::imap::{LoginRefused, Mailbox};
use super::inbox::Mailroom;
use super::login::Login;
use super::needs_the_host;
use super::shutdown::Stop;
use crate::config::ImapConfig;
use crate::store::StoreError;
use crate::store::lease::Lease;
use crate::store::mail::{self as mailstore, MailKey};
use anyhow::Context;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::runtime::Handle;
use tokio::sync::{Notify, watch};
use tracing::{debug, error, info, warn};

/// Whom the watcher wakes after each mail: the sender (the mail's answers
/// are queued) and the computer (it may owe an answer now).
pub(super) struct Wakes {
    pub(super) sender: Arc<Notify>,
    pub(super) computer: Arc<Notify>,
}

/// The mailbox loop, on a blocking thread: connect, process what waits,
/// wait for more; on an error reconnect with backoff. Returns `Ok` once
/// `stop` is requested (after the mail in hand), and an error only with a
/// folder the server refuses ([`FolderRefused`]), or a database that is
/// full or read-only: faults that no retry cures until the host acts.
pub(super) fn watch(
    runtime: Handle,
    imap: ImapConfig,
    login: Login,
    room: watch::Receiver<Mailroom>,
    lease: Arc<Lease>,
    wake: Wakes,
    stop: &Stop,
) -> anyhow::Result<()> {
    let mut backoff = Duration::from_secs(1);
    loop {
        // Only the lease's holder reads the mailbox; the others wait, to
        // take it over when the holder dies.
        let mut waiting = false;
        while lease.held().is_none() {
            if !waiting {
                info!(lease = %lease.name, "another referee reads the mailbox; this one waits");
                waiting = true;
            }
            if stop.sleep(Duration::from_millis(500)) {
                return Ok(());
            }
        }
        let error = match Mailbox::connect(&imap, &login) {
            Ok(mut mailbox) => {
                backoff = Duration::from_secs(1);
                let ended = session(&runtime, &imap, &mut mailbox, &room, &lease, &wake, stop);
                mailbox.logout();
                match ended {
                    // Another referee took the mailbox over (this one
                    // stalled, or lost the database for a while): what it
                    // had not committed is that one's to do.
                    Err(e) if lease_lost(&e) => {
                        info!(lease = %lease.name, "the mailbox is another referee's now; this one steps back");
                        lease.set(None);
                        continue;
                    }
                    Err(e) if refused(&e) => return Err(e),
                    // The mail in hand was rolled back whole and stays in
                    // the mailbox; no retry helps until the host acts.
                    Err(e) if needs_the_host(&e) => return Err(e),
                    // The stop itself may have cut a wait short.
                    _ if stop.requested() => return Ok(()),
                    Err(e) => {
                        warn!(error = %format!("{e:#}"), "IMAP session ended; reconnecting");
                    }
                    Ok(()) => {}
                }
                None
            }
            Err(e) => Some(e),
        };
        if let Some(e) = error {
            if refused(&e) {
                return Err(e);
            }
            if e.chain().any(|c| c.is::<LoginRefused>()) {
                // Worth retrying (a provider's passing fault looks the
                // same), but said loudly: `arbiter check` tells the cause.
                error!(error = %format!("{e:#}"), retry_in = ?backoff,
                    "the IMAP server refuses the referee's login; run `arbiter check --config FILE` for the cause and the fix");
            } else {
                warn!(error = %format!("{e:#}"), retry_in = ?backoff, "cannot open the mailbox");
            }
        }
        if stop.sleep(backoff) {
            return Ok(());
        }
        backoff = (backoff * 2).min(Duration::from_secs(60));
    }
}

/// Whether work under a lease was refused because the lease is gone.
fn lease_lost(error: &anyhow::Error) -> bool {
    error.chain().any(|e| {
        matches!(
            e.downcast_ref::<StoreError>(),
            Some(StoreError::LeaseLost { .. })
        ) || e.downcast_ref::<LeaseGone>().is_some()
    })
}

/// The reader's lease changed hands during a session.
#[derive(Debug, thiserror::Error)]
#[error("the mailbox's lease is no longer this referee's")]
struct LeaseGone;

/// Whether the server refused a configured folder for good.
fn refused(error: &anyhow::Error) -> bool {
    error.chain().any(|e| e.is::<FolderRefused>())
}

/// One IMAP session: the mails waiting, one at a time, then a wait for
/// more. Returns `Ok` at a stop, which it checks between mails.
fn session(
    runtime: &Handle,
    imap: &ImapConfig,
    mailbox: &mut Mailbox,
    room: &watch::Receiver<Mailroom>,
    lease: &Arc<Lease>,
    wake: &Wakes,
    stop: &Stop,
) -> anyhow::Result<()> {
    // The mail room in force, its commits checked against the lease.
    let current = || room.borrow().under(lease.clone());
    let epoch = lease.held();
    let mailroom = current();
    runtime.block_on(note_uidvalidity(
        &mailroom,
        &imap.mailbox,
        mailbox.uidvalidity,
    ))?;
    debug!(mailbox = %imap.mailbox, "watching the mailbox");
    // When the last mail was done: while mail keeps coming, the mailbox is
    // looked at again after a short pause instead of waiting in IDLE.
    let mut last_work: Option<Instant> = None;
    loop {
        if lease.held() != epoch {
            return Err(LeaseGone.into());
        }
        // Mail that arrives while one is processed is announced in the
        // untagged EXISTS of a MOVE or STORE reply, which the `imap` crate
        // drops, and the next IDLE does not announce it again: after any
        // work, look again before waiting.
        // Mails done (now or before), moved out together at the end of
        // the pass, or before a stop.
        let mut done = Vec::new();
        let mut todo = Vec::new();
        for uid in mailbox.pending()? {
            let key = MailKey {
                mailbox: imap.mailbox.clone(),
                uidvalidity: mailbox.uidvalidity,
                uid,
            };
            let mailroom = current();
            let seen = runtime.block_on(async {
                let mut conn = mailroom.referee.store().read().await?;
                mailstore::seen(&mut conn, &key).await
            })?;
            if seen {
                // Processed before a crash or a lost connection: only moved.
                done.push(uid);
            } else {
                todo.push(uid);
            }
        }
        // The new mails' bodies in one round trip, a batch at a time (the
        // rest come on the next pass, which follows at once).
        todo.truncate(FETCH_BATCH);
        let fetching = Instant::now();
        let mut bodies = mailbox.fetch_many(&todo)?;
        // Each mail's share of the fetch, for the per-mail timing below.
        let fetch_share = fetching.elapsed() / todo.len().max(1) as u32;
        for uid in todo {
            if stop.requested() {
                mailbox.finish_all(&done)?;
                return Ok(());
            }
            let key = MailKey {
                mailbox: imap.mailbox.clone(),
                uidvalidity: mailbox.uidvalidity,
                uid,
            };
            let Some(raw) = bodies.remove(&uid) else {
                warn!(%key, "mail vanished before it could be read");
                continue;
            };
            debug!(%key, bytes = raw.len(), "mail fetched");
            let mailroom = current();
            let processing = Instant::now();
            // A bug in the rules must not stop the referee, nor make it
            // retry the same mail forever: the mail is set aside.
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                runtime.block_on(process(&mailroom, key.clone(), &raw))
            }));
            match outcome {
                // The referee's own time for this mail, from its share of
                // the fetch to its effects and answers committed (read by
                // `cargo bench --bench load`).
                Ok(result) => match result? {
                    Processed::Committed => debug!(
                        %key,
                        fetch_us = fetch_share.as_micros() as u64,
                        process_us = processing.elapsed().as_micros() as u64,
                        "mail committed"
                    ),
                    Processed::AlreadyDone => {
                        debug!(%key, "mail already done by another referee; only moved")
                    }
                },
                Err(panic) => {
                    let what = panic
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    error!(%key, panic = %what, "processing a mail panicked; it is set aside");
                    runtime.block_on(set_aside(&mailroom, key, &what))?;
                }
            }
            wake.sender.notify_one();
            wake.computer.notify_one();
            done.push(uid);
        }
        if lease.held() != epoch {
            return Err(LeaseGone.into());
        }
        mailbox.finish_all(&done)?;
        let finished = done.len();
        if finished > 0 {
            last_work = Some(Instant::now());
        }
        if finished > 0 || mailbox.announced_new_mail() {
            continue;
        }
        // Under load, a short pause and a fresh look: the server tells an
        // IDLE client of new mail only after a delay of its own (Dovecot
        // waits half a second to gather changes), which would bound the
        // moves a busy referee completes by its players' count.
        if last_work.is_some_and(|at| at.elapsed() < BUSY_SPELL) {
            if stop.sleep(BUSY_PAUSE) {
                return Ok(());
            }
            continue;
        }
        let socket = mailbox.socket()?;
        let waited = stop.interruptible(socket, || {
            mailbox.wait(|pause| {
                stop.sleep(pause);
            })
        });
        if stop.requested() {
            return Ok(());
        }
        if let Some(result) = waited {
            result?;
        }
    }
}

/// New mails fetched in one IMAP round trip at most (a bound on memory:
/// a mail may be large).
const FETCH_BATCH: usize = 16;

/// How long after its last mail the watcher keeps looking at the mailbox
/// every [`BUSY_PAUSE`] (one `UID SEARCH`) before it waits in IDLE again.
const BUSY_SPELL: Duration = Duration::from_secs(2);
const BUSY_PAUSE: Duration = Duration::from_millis(20);

/// A new UIDVALIDITY means the server renumbered the mailbox: old UIDs mean
/// nothing now. Mails still waiting are then recognised by Message-ID.
async fn note_uidvalidity(mailroom: &Mailroom, name: &str, uidvalidity: u32) -> anyhow::Result<()> {
    let mut tx = mailroom.referee.store().write().await?;
    match mailstore::mailbox_uidvalidity(&mut tx, name).await? {
        Some(old) if old != uidvalidity => {
            warn!(
                mailbox = name,
                old,
                new = uidvalidity,
                "UIDVALIDITY changed; waiting mails are matched by Message-ID"
            )
        }
        _ => {}
    }
    mailstore::set_mailbox_uidvalidity(&mut tx, name, uidvalidity).await?;
    tx.commit().await?;
    Ok(())
}

/// Records a mail whose processing panicked, so it is not tried again.
async fn set_aside(mailroom: &Mailroom, key: MailKey, what: &str) -> anyhow::Result<()> {
    let mut tx = mailroom.referee.store().write().await?;
    if !mailstore::seen(&mut tx, &key).await? {
        mailstore::record_inbound(
            &mut tx,
            &key,
            None,
            None,
            mailstore::Handled::Failed,
            what,
            None,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// What [`process`] did with a mail.
enum Processed {
    /// Its effects, answers and record are committed.
    Committed,
    /// Another referee had processed it (this one stalled meanwhile):
    /// nothing was written.
    AlreadyDone,
}

/// Processes one mail in one transaction.
async fn process(mailroom: &Mailroom, key: MailKey, raw: &[u8]) -> anyhow::Result<Processed> {
    let mut tx = mailroom.referee.store().write().await?;
    // Checked again inside the write lock: another daemon on the same
    // database may have taken it meanwhile.
    if mailstore::seen(&mut tx, &key).await? {
        return Ok(Processed::AlreadyDone);
    }
    mailroom.process(&mut tx, key, raw).await?;
    tx.commit().await.context("committing a processed mail")?;
    Ok(Processed::Committed)
}
