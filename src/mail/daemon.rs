//! `arbiter serve`: watches the mailbox, processes each mail exactly once,
//! and keeps the outbox moving.
//!
//! Exactly once: a mail's effects, its answers (the outbox) and the record
//! that it is done commit in one transaction, keyed by (UIDVALIDITY, UID)
//! and by Message-ID. Only then is it flagged `\Seen` and moved out of the
//! mailbox. A crash before the commit leaves the mail in the mailbox to be
//! processed again from scratch; a crash after it leaves a mail that is
//! recognised as done and only moved.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::runtime::Handle;
use tokio::sync::Notify;
use tracing::{error, info, warn};

use super::folders::FolderRefused;
use super::imap::{LoginRefused, Mailbox};
use super::inbox::Mailroom;
use super::login::{Login, Logins};
use super::sender::Sender;
use crate::config::{Config, ImapConfig};
use crate::referee::Referee;
use crate::render;
use crate::store::Store;
use crate::store::mail::{self as mailstore, MailKey};

/// Runs the daemon until it is stopped (Ctrl-C or SIGTERM).
pub async fn serve(config: Config, logins: Logins) -> anyhow::Result<()> {
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
    let store = Store::open(&config.database.path)
        .await
        .with_context(|| format!("opening the database {}", config.database.path.display()))?;
    let referee = Referee::with_clock(store.clone(), config.referee.clock());
    let mailroom = Mailroom::new(referee, config.referee.clone());
    let sender = Sender::new(&smtp, logins.smtp, &config.referee.address, store.clone())?;
    let wake = Arc::new(Notify::new());
    info!(address = %config.referee.address, db = %config.database.path.display(), "arbiter serving");

    let sender_task = tokio::spawn(sender.run(wake.clone()));
    let clock_task = tokio::spawn(run_clock(mailroom.clone(), wake.clone()));
    let runtime = Handle::current();
    let watcher = tokio::task::spawn_blocking(move || watch(runtime, imap, login, mailroom, wake));

    // A part that stops on its own stops the daemon with its error (and a
    // non-zero exit): a folder the server refuses, say, found at once.
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        _ = tokio::signal::ctrl_c() => info!("interrupted; stopping"),
        _ = terminate.recv() => info!("terminated; stopping"),
        result = sender_task => return stopped("the sender", result),
        result = clock_task => return stopped("the clock", result.map(Ok)),
        result = watcher => return stopped("the mailbox watcher", result.map(Err)),
    }
    Ok(())
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

/// The clock: once a minute, losses on time and reminders in every game.
async fn run_clock(mailroom: Mailroom, wake: Arc<Notify>) {
    if !mailroom.referee.clock().is_on() {
        std::future::pending::<()>().await;
    }
    loop {
        match mailroom.tick(chrono::Utc::now()).await {
            Ok(0) => {}
            Ok(queued) => {
                info!(queued, "the clock queued mail");
                wake.notify_one();
            }
            Err(e) => warn!(error = %e, "the clock's round failed; it tries again in a minute"),
        }
        tokio::time::sleep(Duration::from_secs(60)).await;
    }
}

/// The mailbox loop, on a blocking thread: connect, process what waits,
/// wait for more; on an error reconnect with backoff. Returns only with a
/// folder the server refuses ([`FolderRefused`]): a configuration error
/// that no retry cures.
fn watch(
    runtime: Handle,
    imap: ImapConfig,
    login: Login,
    mailroom: Mailroom,
    wake: Arc<Notify>,
) -> anyhow::Error {
    let mut backoff = Duration::from_secs(1);
    loop {
        let error = match Mailbox::connect(&imap, &login) {
            Ok(mut mailbox) => {
                backoff = Duration::from_secs(1);
                let ended = session(&runtime, &imap, &mut mailbox, &mailroom, &wake);
                mailbox.logout();
                match ended {
                    Err(e) if refused(&e) => return e,
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
                return e;
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
        std::thread::sleep(backoff);
        backoff = (backoff * 2).min(Duration::from_secs(60));
    }
}

/// Whether the server refused a configured folder for good.
fn refused(error: &anyhow::Error) -> bool {
    error.chain().any(|e| e.is::<FolderRefused>())
}

fn session(
    runtime: &Handle,
    imap: &ImapConfig,
    mailbox: &mut Mailbox,
    mailroom: &Mailroom,
    wake: &Notify,
) -> anyhow::Result<()> {
    runtime.block_on(note_uidvalidity(
        mailroom,
        &imap.mailbox,
        mailbox.uidvalidity,
    ))?;
    loop {
        for uid in mailbox.pending()? {
            let key = MailKey {
                uidvalidity: mailbox.uidvalidity,
                uid,
            };
            let done = runtime.block_on(async {
                let mut conn = mailroom.referee.store().read().await?;
                mailstore::seen(&mut conn, key).await
            })?;
            if !done {
                let Some(raw) = mailbox.fetch(uid)? else {
                    warn!(%key, "mail vanished before it could be read");
                    continue;
                };
                // A bug in the rules must not stop the referee, nor make it
                // retry the same mail forever: the mail is set aside.
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    runtime.block_on(process(mailroom, key, &raw))
                }));
                match outcome {
                    Ok(result) => result?,
                    Err(panic) => {
                        let what = panic
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default();
                        error!(%key, panic = %what, "processing a mail panicked; it is set aside");
                        runtime.block_on(set_aside(mailroom, key, &what))?;
                    }
                }
                wake.notify_one();
            }
            mailbox.finish(uid)?;
        }
        mailbox.wait()?;
    }
}

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
    if !mailstore::seen(&mut tx, key).await? {
        mailstore::record_inbound(
            &mut tx,
            key,
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

/// Processes one mail in one transaction.
async fn process(mailroom: &Mailroom, key: MailKey, raw: &[u8]) -> anyhow::Result<()> {
    let mut tx = mailroom.referee.store().write().await?;
    // Checked again inside the write lock: another daemon on the same
    // database may have taken it meanwhile.
    if mailstore::seen(&mut tx, key).await? {
        return Ok(());
    }
    mailroom.process(&mut tx, key, raw).await?;
    tx.commit().await.context("committing a processed mail")?;
    Ok(())
}
