//! Delivers the outbox over SMTP: every queued mail is sent at least once,
//! retried with backoff, and marked sent only after the server took it.
//! Every referee on a database sends: each claims the mails it sends for
//! half a minute (see [`mailstore::claim_due`]), renewed while it sends, so
//! that no two send one mail and a dead referee's mails wait little. A
//! send whose answer a referee never saw (a stall, a cut connection) may
//! still reach the player a second time, with the same Message-ID.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use futures_util::{StreamExt, stream};
use lettre::Address;
use lettre::address::Envelope;
use tokio::sync::{Notify, watch};
use tracing::{error, info, warn};

use super::login::{Credential, Login};
use super::smtp::Transport;
use crate::config::SmtpConfig;
use crate::store::lease::referee_id;
use crate::store::mail::{self as mailstore, Outgoing};
use crate::store::{Backend, Store};

/// After this many failed attempts a mail is left for the host (its error
/// stays in the outbox table, and `arbiter mail-status` shows it).
const MAX_ATTEMPTS: i64 = 20;

/// Seconds before the next attempt after `attempts` failures: 10, 20, 40,
/// ... up to an hour. Short at first, since a successful send brings every
/// waiting retry forward anyway.
fn retry_delay(attempts: i64) -> i64 {
    (5i64 << attempts.clamp(1, 10)).min(3600)
}

/// Mails read from the outbox at a time, and sent at once at most, each on
/// a pooled connection of its own (the local server takes about twice as
/// many mails a second over sixteen connections as over eight: `cargo
/// bench --bench load`).
const BATCH: i64 = 32;
const IN_FLIGHT: usize = 16;

/// The first pause after a pass the database failed; it doubles up to a
/// minute while the failures go on.
const FIRST_BACKOFF: Duration = Duration::from_secs(1);

/// Times a batch's outcomes are tried in the database before the pass
/// gives up on it.
const RECORD_ATTEMPTS: u32 = 4;

/// Whether a send failed without any answer from the server (it is down,
/// refuses connections, or timed out), as opposed to a 4xx answer.
fn unreachable(error: &anyhow::Error) -> bool {
    !error.chain().any(|e| {
        e.downcast_ref::<lettre::transport::smtp::Error>()
            .is_some_and(|e| e.status().is_some())
    })
}

/// Whether the server refused a mail for good (a 5xx answer other than to
/// the login, which the host can mend): trying again cannot help.
fn permanent(error: &anyhow::Error) -> bool {
    !auth_refused(error)
        && error.chain().any(|e| {
            e.downcast_ref::<lettre::transport::smtp::Error>()
                .is_some_and(lettre::transport::smtp::Error::is_permanent)
        })
}

/// The SMTP side of the daemon.
pub struct Sender {
    config: SmtpConfig,
    login: Option<Login>,
    /// The transport for the current credential (a new token, a new
    /// transport: a transport keeps its credentials for its life).
    transport: Mutex<Option<(Option<Credential>, Transport)>>,
    from: Address,
    timeout: Duration,
    claim: Claim,
    store: Store,
}

/// How a sender on PostgreSQL holds the mails it sends: each batch is
/// claimed for `length` and renewed every `renew_every` while it is sent,
/// so that a referee killed mid-send holds its mails for `length` at most,
/// while a slow server never makes a live sender lose its claim.
#[derive(Clone, Copy, Debug)]
struct Claim {
    length: Duration,
    renew_every: Duration,
    /// Taken off what the sender trusts of a claim: the database's clock
    /// may run ahead of ours, and a renewal takes time.
    margin: Duration,
}

impl Claim {
    const DEFAULT: Claim = Claim {
        length: Duration::from_secs(30),
        renew_every: Duration::from_secs(5),
        margin: Duration::from_secs(10),
    };

    /// Until when a claim asked for at `asked` stands, by this process's
    /// clock.
    fn trusted_from(&self, asked: Instant) -> Instant {
        asked + self.length - self.margin
    }
}

/// A transport to the configured server, logging in with `credential` as
/// `user` (a password by PLAIN or LOGIN, a token by XOAUTH2, the one bearer
/// mechanism lettre speaks, which Google's and Microsoft's servers take),
/// on the referee's TLS settings ([`super::tls`]), keeping a connection for
/// each mail in flight.
pub fn transport(
    config: &SmtpConfig,
    login: Option<(&str, &Credential)>,
) -> anyhow::Result<Transport> {
    Transport::new(config, login, IN_FLIGHT)
}

impl Sender {
    pub fn new(
        config: &SmtpConfig,
        login: Option<Login>,
        referee_address: &str,
        store: Store,
    ) -> anyhow::Result<Sender> {
        // Settings errors (a CA file that cannot be read) show at start.
        transport(config, None)?;
        Ok(Sender {
            config: config.clone(),
            login,
            transport: Mutex::new(None),
            from: referee_address.parse().context("referee.address")?,
            timeout: Duration::from_secs(config.timeout_seconds),
            claim: Claim::DEFAULT,
            store,
        })
    }

    /// The transport for the credential to present now.
    async fn current(&self, fresh: bool) -> anyhow::Result<Transport> {
        let credential = match &self.login {
            None => None,
            Some(login) => {
                let login = login.clone();
                // The token command may take a while: not on a worker.
                Some(
                    tokio::task::spawn_blocking(move || match fresh {
                        true => login.after_refusal().unwrap_or_else(|| login.credential()),
                        false => login.credential(),
                    })
                    .await??,
                )
            }
        };
        let mut slot = self.transport.lock().expect("transport lock");
        if let Some((held, transport)) = &*slot
            && *held == credential
        {
            return Ok(transport.clone());
        }
        let login = self.login.as_ref().map(|l| l.user.as_str());
        let built = transport(&self.config, login.zip(credential.as_ref()))?;
        *slot = Some((credential, built.clone()));
        Ok(built)
    }

    /// Sends everything due, then waits for new mail to send (or the next
    /// retry), until `stop` turns true: a pass under way is finished first.
    /// A pass the database fails is tried again after a pause that grows
    /// to a minute (a busy SQLite file, a PostgreSQL restart): only a
    /// database that needs the host (full, read-only) stops the sender, and
    /// with it the daemon, which says what to do.
    pub async fn run(
        &self,
        wake: Arc<Notify>,
        mut stop: watch::Receiver<bool>,
    ) -> anyhow::Result<()> {
        let mut backoff = FIRST_BACKOFF;
        while !*stop.borrow_and_update() {
            let pause = match self.pass().await {
                Ok(pause) => {
                    backoff = FIRST_BACKOFF;
                    pause
                }
                Err(e) if super::needs_the_host(&e) => return Err(e),
                Err(e) => {
                    warn!(error = %format!("{e:#}"), retry_in = ?backoff,
                        "the outbox's pass failed; it is tried again");
                    let pause = backoff;
                    backoff = (backoff * 2).min(Duration::from_secs(60));
                    pause
                }
            };
            tokio::select! {
                _ = wake.notified() => {}
                _ = tokio::time::sleep(pause) => {}
                // A closed channel means no one can ask any more: stop too.
                changed = stop.changed() => if changed.is_err() { break }
            }
        }
        Ok(())
    }

    /// One pass over the due mails; how long to wait for the next retry.
    async fn pass(&self) -> anyhow::Result<Duration> {
        self.send_due().await?;
        let mut conn = self.store.read().await?;
        let next = mailstore::seconds_to_next(&mut conn).await?;
        drop(conn);
        Ok(Duration::from_secs(
            next.map(|s| s.clamp(1, 60) as u64).unwrap_or(60),
        ))
    }

    /// One pass over the due mails.
    pub async fn send_due(&self) -> anyhow::Result<usize> {
        let mut sent = 0;
        let mut forwarded = false;
        loop {
            // On PostgreSQL, claimed, so that no other referee on the
            // database sends them while this one does (and another does,
            // if this one dies). A SQLite file has one sender: it reads.
            let asked = Instant::now();
            let (due, held) = match self.store.backend() {
                Backend::Postgres => {
                    let mut tx = self.store.write().await?;
                    let seconds = self.claim.length.as_secs() as i64;
                    let due = mailstore::claim_due(&mut tx, referee_id(), seconds, BATCH).await?;
                    tx.commit().await?;
                    (due, Some(Mutex::new(self.claim.trusted_from(asked))))
                }
                Backend::Sqlite => {
                    let mut conn = self.store.read().await?;
                    (mailstore::due(&mut conn, BATCH).await?, None)
                }
            };
            if due.is_empty() {
                return Ok(sent);
            }
            let ids: Vec<i64> = due.iter().map(|mail| mail.id).collect();
            // Several sends in flight over the transport's pooled
            // connections; each row is in one claimed batch only, so never
            // sent twice at once. No transaction is held across the SMTP
            // I/O.
            let sends = async {
                let mut results = stream::iter(due)
                    .map(|mail| async {
                        let result = self.send_while_held(&mail, held.as_ref()).await;
                        (mail, result)
                    })
                    .buffer_unordered(IN_FLIGHT)
                    // What has finished is recorded together: one commit
                    // (one fsync) for the sends that ended meanwhile.
                    .ready_chunks(IN_FLIGHT);
                let mut sent = 0;
                while let Some(finished) = results.next().await {
                    let finished: Vec<_> = finished
                        .into_iter()
                        .filter_map(|(mail, result)| Some((mail, result?)))
                        .collect();
                    sent += self.record_all(&finished, &mut forwarded).await?;
                }
                anyhow::Ok(sent)
            };
            sent += match &held {
                None => sends.await?,
                // The claim is renewed until every send of the batch is
                // recorded.
                Some(held) => tokio::select! {
                    biased;
                    sent = sends => sent?,
                    never = self.renew(&ids, held) => match never {},
                },
            };
        }
    }

    /// Sends `mail` while this sender's claim on it stands (`held`: until
    /// when, by this process's clock; None on SQLite, whose one sender
    /// claims nothing). A send the claim does not outlast is dropped and
    /// not recorded: once the claim lapses another referee may send the
    /// mail, and two must never send one row at once.
    async fn send_while_held(
        &self,
        mail: &Outgoing,
        held: Option<&Mutex<Instant>>,
    ) -> Option<anyhow::Result<()>> {
        let Some(held) = held else {
            return Some(self.send(mail).await);
        };
        let lapsed = async {
            loop {
                let until = *held.lock().expect("claim lock");
                if Instant::now() >= until {
                    return;
                }
                tokio::time::sleep_until(until.into()).await;
            }
        };
        tokio::select! {
            biased;
            () = lapsed => {
                warn!(to = %mail.recipient, message_id = %mail.message_id,
                    "the claim on this mail could not be renewed; it is left for the next pass");
                None
            }
            result = self.send(mail) => Some(result),
        }
    }

    /// Renews this sender's claim on the mails `ids` every
    /// [`Claim::renew_every`], moving `held` on after each renewal the
    /// database took; runs until dropped.
    async fn renew(&self, ids: &[i64], held: &Mutex<Instant>) -> std::convert::Infallible {
        loop {
            tokio::time::sleep(self.claim.renew_every).await;
            let asked = Instant::now();
            let renewed = async {
                let mut tx = self.store.write().await?;
                let seconds = self.claim.length.as_secs() as i64;
                mailstore::renew_claims(&mut tx, referee_id(), ids, seconds).await?;
                tx.commit().await?;
                anyhow::Ok(())
            };
            match renewed.await {
                Ok(()) => *held.lock().expect("claim lock") = self.claim.trusted_from(asked),
                Err(e) => warn!(error = %format!("{e:#}"), "the outbox claim could not be renewed"),
            }
        }
    }

    /// Records how the sends in `finished` ended, in one transaction; how
    /// many went out. The mails have left (or not) whatever the database
    /// does, so a busy database is waited out a few times before the pass
    /// gives up: an unrecorded send is sent again at the next pass.
    async fn record_all(
        &self,
        finished: &[(Outgoing, anyhow::Result<()>)],
        forwarded: &mut bool,
    ) -> anyhow::Result<usize> {
        let mut attempt = 1;
        loop {
            let was_forwarded = *forwarded;
            match self.try_record_all(finished, forwarded).await {
                Err(e) if attempt < RECORD_ATTEMPTS && super::is_passing(&e) => {
                    *forwarded = was_forwarded;
                    warn!(error = %format!("{e:#}"), attempt, "the sends could not be recorded; trying again");
                    tokio::time::sleep(FIRST_BACKOFF * attempt).await;
                    attempt += 1;
                }
                result => return result,
            }
        }
    }

    async fn try_record_all(
        &self,
        finished: &[(Outgoing, anyhow::Result<()>)],
        forwarded: &mut bool,
    ) -> anyhow::Result<usize> {
        let mut tx = self.store.write().await?;
        let mut sent = 0;
        for (mail, result) in finished {
            sent += self.record(&mut tx, mail, result, forwarded).await?;
        }
        tx.commit().await?;
        Ok(sent)
    }

    /// Records how one send ended; 1 if the mail went out.
    async fn record(
        &self,
        tx: &mut crate::store::Tx,
        mail: &Outgoing,
        result: &anyhow::Result<()>,
        forwarded: &mut bool,
    ) -> anyhow::Result<usize> {
        match result {
            Ok(()) => {
                mailstore::mark_sent(tx, mail.id).await?;
                info!(to = %mail.recipient, message_id = %mail.message_id, "mail sent");
                // The server takes mail again: what waited for it goes now,
                // not minutes later (once a pass, so that a flaky server
                // cannot spin the sender).
                if !*forwarded {
                    *forwarded = true;
                    let forward = mailstore::bring_retries_forward(tx).await?;
                    if forward > 0 {
                        info!(mails = forward, "retries brought forward");
                    }
                }
                Ok(1)
            }
            Err(e) if permanent(e) => {
                error!(to = %mail.recipient, message_id = %mail.message_id,
                    error = %format!("{e:#}"),
                    "the server refused the mail for good; it is not tried again (see `arbiter mail-status`)");
                mailstore::mark_given_up(tx, mail.id, &format!("{e:#}")).await?;
                Ok(0)
            }
            Err(e) => {
                let attempts = mail.attempts + 1;
                let retry = if attempts >= MAX_ATTEMPTS {
                    10 * 365 * 86400
                } else {
                    retry_delay(attempts)
                };
                warn!(to = %mail.recipient, attempts, retry_in = retry, error = %format!("{e:#}"), "mail not sent");
                let error = format!("{e:#}");
                mailstore::mark_failed(tx, mail.id, &error, retry, unreachable(e)).await?;
                Ok(0)
            }
        }
    }

    async fn send(&self, mail: &Outgoing) -> anyhow::Result<()> {
        let to: Address = mail
            .recipient
            .parse()
            .with_context(|| format!("bad recipient {:?}", mail.recipient))?;
        let envelope = Envelope::new(Some(self.from.clone()), vec![to]).context("envelope")?;
        let transport = self.current(false).await?;
        match self.send_on(&transport, &envelope, &mail.raw).await {
            // A refused token is replaced by a new one and tried once more.
            Err(e) if self.login.as_ref().is_some_and(Login::is_oauth2) && auth_refused(&e) => {
                warn!(error = %format!("{e:#}"), "the SMTP server refused the token; asking for a new one");
                let transport = self.current(true).await?;
                self.send_on(&transport, &envelope, &mail.raw).await
            }
            other => other,
        }
    }

    async fn send_on(
        &self,
        transport: &Transport,
        envelope: &Envelope,
        raw: &[u8],
    ) -> anyhow::Result<()> {
        // lettre's own timeout covers only connecting: bound the whole send.
        tokio::time::timeout(self.timeout, transport.send_raw(envelope, raw))
            .await
            .context("SMTP send timed out")?
            .context("SMTP send")?;
        Ok(())
    }
}

/// Whether a send failed at authentication: a 535 (or any 5.7.x answer to
/// AUTH), or XOAUTH2's error challenge, which lettre reports as a client
/// error.
pub fn auth_refused(error: &anyhow::Error) -> bool {
    // 530, 534, 535 and 538 are answers to authentication.
    error.chain().any(|e| {
        e.downcast_ref::<lettre::transport::smtp::Error>()
            .is_some_and(|e| {
                e.status().is_some_and(|code| {
                    ["530", "534", "535", "538"].contains(&code.to_string().as_str())
                }) || e.to_string().contains("does not expect a challenge")
                    || e.to_string()
                        .to_ascii_lowercase()
                        .contains("authentication")
            })
    })
}

#[cfg(test)]
mod tests;
