//! Delivers the outbox over SMTP: every queued mail is sent at least once,
//! retried with backoff, and marked sent only after the server took it.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use tokio::sync::{Notify, watch};
use tracing::{info, warn};

use crate::config::{Security, SmtpConfig};
use crate::store::Store;
use crate::store::mail::{self as mailstore, Outgoing};

/// Retry delays grow from 30 s to at most an hour; after this many attempts
/// a mail is left for the host (its error stays in the outbox table).
const MAX_ATTEMPTS: i64 = 20;

/// The SMTP side of the daemon.
pub struct Sender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Address,
    timeout: Duration,
    store: Store,
}

impl Sender {
    pub fn new(
        config: &SmtpConfig,
        password: Option<String>,
        referee_address: &str,
        store: Store,
    ) -> anyhow::Result<Sender> {
        let tls = || -> anyhow::Result<TlsParameters> {
            let mut builder = TlsParameters::builder(config.host.clone());
            if let Some(path) = &config.ca_file {
                let pem = std::fs::read(path)
                    .with_context(|| format!("reading the CA file {}", path.display()))?;
                builder = builder.add_root_certificate(
                    Certificate::from_pem(&pem).context("reading the CA file")?,
                );
            }
            builder.build_rustls().context("SMTP TLS settings")
        };
        let builder =
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&config.host).port(config.port);
        let mut builder = match config.security {
            Security::Tls => builder.tls(Tls::Wrapper(tls()?)),
            Security::Starttls => builder.tls(Tls::Required(tls()?)),
            Security::Plain => builder.tls(Tls::None),
        };
        if let (Some(user), Some(password)) = (&config.username, password) {
            builder = builder.credentials(Credentials::new(user.clone(), password));
        }
        let transport = builder
            .timeout(Some(Duration::from_secs(config.timeout_seconds)))
            .build();
        Ok(Sender {
            transport,
            from: referee_address.parse().context("referee.address")?,
            timeout: Duration::from_secs(config.timeout_seconds),
            store,
        })
    }

    /// Sends everything due, then waits for new mail to send (or the next
    /// retry), until `stop` turns true: a pass under way is finished first.
    pub async fn run(
        &self,
        wake: Arc<Notify>,
        mut stop: watch::Receiver<bool>,
    ) -> anyhow::Result<()> {
        while !*stop.borrow_and_update() {
            self.send_due().await?;
            let mut conn = self.store.read().await?;
            let next = mailstore::seconds_to_next(&mut conn).await?;
            drop(conn);
            let pause = Duration::from_secs(next.map(|s| s.clamp(1, 60) as u64).unwrap_or(60));
            tokio::select! {
                _ = wake.notified() => {}
                _ = tokio::time::sleep(pause) => {}
                // A closed channel means no one can ask any more: stop too.
                changed = stop.changed() => if changed.is_err() { break }
            }
        }
        Ok(())
    }

    /// One pass over the due mails.
    pub async fn send_due(&self) -> anyhow::Result<usize> {
        let mut sent = 0;
        loop {
            let mut conn = self.store.read().await?;
            let due = mailstore::due(&mut conn, 20).await?;
            drop(conn);
            if due.is_empty() {
                return Ok(sent);
            }
            for mail in due {
                // No transaction is held across the SMTP I/O.
                let result = self.send(&mail).await;
                let mut tx = self.store.write().await?;
                match result {
                    Ok(()) => {
                        mailstore::mark_sent(&mut tx, mail.id).await?;
                        info!(to = %mail.recipient, message_id = %mail.message_id, "mail sent");
                        sent += 1;
                    }
                    Err(e) => {
                        let attempts = mail.attempts + 1;
                        let retry = if attempts >= MAX_ATTEMPTS {
                            10 * 365 * 86400
                        } else {
                            (30i64 << attempts.min(7)).min(3600)
                        };
                        warn!(to = %mail.recipient, attempts, retry_in = retry, error = %format!("{e:#}"), "mail not sent");
                        mailstore::mark_failed(&mut tx, mail.id, &format!("{e:#}"), retry).await?;
                    }
                }
                tx.commit().await?;
            }
        }
    }

    async fn send(&self, mail: &Outgoing) -> anyhow::Result<()> {
        let to: Address = mail
            .recipient
            .parse()
            .with_context(|| format!("bad recipient {:?}", mail.recipient))?;
        let envelope = Envelope::new(Some(self.from.clone()), vec![to]).context("envelope")?;
        // lettre's own timeout covers only connecting: bound the whole send.
        tokio::time::timeout(self.timeout, self.transport.send_raw(&envelope, &mail.raw))
            .await
            .context("SMTP send timed out")?
            .context("SMTP send")?;
        Ok(())
    }
}
