//! A mail user of the local stack (alice, bob, ...): sends over SMTP and
//! reads its mailbox over IMAP, through the same crates the daemon uses. The
//! demo plays with it, and the end-to-end tests drive the daemon with it.

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, Message, SinglePart, header::ContentType};
use lettre::transport::smtp::client::Tls;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use mail_parser::MessageParser;

use super::mailstack::MailStack;
use crate::mail::imap::ImapStream;
use crate::mail::tls::client_config as tls_config;

/// A mail the user received.
#[derive(Clone, Debug)]
pub struct Received {
    pub uid: u32,
    pub message_id: Option<String>,
    pub subject: String,
    pub from: String,
    pub reply_to: Option<String>,
    pub text: String,
    pub html: Option<String>,
    pub raw: Vec<u8>,
}

/// One user of the local mail stack.
#[derive(Clone, Debug)]
pub struct Player {
    pub address: String,
    password: String,
    smtp: u16,
    imaps: u16,
    ca: std::path::PathBuf,
}

impl Player {
    pub fn new(stack: &MailStack, user: &str) -> Player {
        Player {
            address: MailStack::address(user),
            password: MailStack::password(user),
            smtp: stack.smtp,
            imaps: stack.imaps,
            ca: stack.ca.clone(),
        }
    }

    /// Sends a plain-text mail; returns its Message-ID (without brackets).
    pub async fn send(
        &self,
        to: &str,
        subject: &str,
        body: &str,
        in_reply_to: Option<&str>,
    ) -> anyhow::Result<String> {
        let message_id = format!(
            "{}@{}",
            crate::referee::random_token(16),
            super::mailstack::DOMAIN
        );
        let mut builder = Message::builder()
            .from(self.address.parse::<Mailbox>()?)
            .to(to.parse::<Mailbox>()?)
            .subject(subject)
            .message_id(Some(format!("<{message_id}>")));
        if let Some(id) = in_reply_to {
            builder = builder
                .in_reply_to(format!("<{id}>"))
                .references(format!("<{id}>"));
        }
        let message = builder.singlepart(
            SinglePart::builder()
                .header(ContentType::TEXT_PLAIN)
                .body(body.to_string()),
        )?;
        self.send_message(message).await?;
        Ok(message_id)
    }

    /// Sends a message built by the caller (HTML-only mail, odd headers).
    pub async fn send_message(&self, message: Message) -> anyhow::Result<()> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
            .port(self.smtp)
            .tls(Tls::None)
            .build();
        tokio::time::timeout(Duration::from_secs(30), transport.send(message))
            .await
            .context("SMTP timed out")?
            .context("SMTP send")?;
        Ok(())
    }

    /// Sends raw RFC 5322 bytes as they are (a duplicate delivery, a forgery).
    pub async fn send_raw(&self, to: &str, raw: &[u8]) -> anyhow::Result<()> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
            .port(self.smtp)
            .tls(Tls::None)
            .build();
        let envelope =
            lettre::address::Envelope::new(Some(self.address.parse()?), vec![to.parse()?])?;
        tokio::time::timeout(Duration::from_secs(30), transport.send_raw(&envelope, raw))
            .await
            .context("SMTP timed out")?
            .context("SMTP send")?;
        Ok(())
    }

    /// Every mail in the user's INBOX, oldest first.
    pub async fn inbox(&self) -> anyhow::Result<Vec<Received>> {
        self.folder("INBOX").await
    }

    /// Every mail in one of the user's folders, oldest first.
    pub async fn folder(&self, name: &str) -> anyhow::Result<Vec<Received>> {
        let player = self.clone();
        let name = name.to_string();
        tokio::task::spawn_blocking(move || player.folder_blocking(&name)).await?
    }

    fn folder_blocking(&self, folder: &str) -> anyhow::Result<Vec<Received>> {
        let tcp = std::net::TcpStream::connect(("127.0.0.1", self.imaps))?;
        tcp.set_read_timeout(Some(Duration::from_secs(30)))?;
        let tls = tls_config(Some(&self.ca))?;
        let name = rustls::pki_types::ServerName::try_from("127.0.0.1".to_string())?;
        let mut stream = rustls::StreamOwned::new(rustls::ClientConnection::new(tls, name)?, tcp);
        while stream.conn.is_handshaking() {
            stream.conn.complete_io(&mut stream.sock)?;
        }
        let mut client = imap::Client::new(ImapStream::Tls(Box::new(stream)));
        client.read_greeting()?;
        let mut session = client
            .login(&self.address, &self.password)
            .map_err(|(e, _)| e)?;
        let selected = session.select(folder)?;
        if selected.exists == 0 {
            let _ = session.logout();
            return Ok(Vec::new());
        }
        let fetches = session.uid_fetch("1:*", "(UID BODY.PEEK[])")?;
        let mut mails = Vec::new();
        for fetch in fetches.iter() {
            let (Some(uid), Some(raw)) = (fetch.uid, fetch.body()) else {
                continue;
            };
            let Some(parsed) = MessageParser::default().parse(raw) else {
                continue;
            };
            let address = |list: Option<&mail_parser::Address>| {
                list.and_then(|a| a.first())
                    .and_then(|a| a.address())
                    .map(str::to_string)
            };
            mails.push(Received {
                uid,
                message_id: parsed.message_id().map(str::to_string),
                subject: parsed.subject().unwrap_or_default().to_string(),
                from: address(parsed.from()).unwrap_or_default(),
                reply_to: address(parsed.reply_to()),
                text: parsed
                    .body_text(0)
                    .map(|t| t.to_string())
                    .unwrap_or_default(),
                html: parsed.body_html(0).map(|t| t.to_string()),
                raw: raw.to_vec(),
            });
        }
        let _ = session.logout();
        mails.sort_by_key(|m| m.uid);
        Ok(mails)
    }

    /// Waits until the INBOX holds more than `seen` mails; returns the new ones.
    pub async fn wait_for_new(
        &self,
        seen: usize,
        timeout: Duration,
    ) -> anyhow::Result<Vec<Received>> {
        let deadline = Instant::now() + timeout;
        loop {
            let mails = self.inbox().await?;
            if mails.len() > seen {
                return Ok(mails[seen..].to_vec());
            }
            if Instant::now() > deadline {
                bail!(
                    "{}: no new mail within {:?} (has {})",
                    self.address,
                    timeout,
                    mails.len()
                );
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Replies to a received mail with `body`, to its Reply-To (the tagged
    /// referee address), as a mail client would.
    pub async fn reply(&self, to: &Received, body: &str) -> anyhow::Result<String> {
        let target = to.reply_to.clone().unwrap_or_else(|| to.from.clone());
        let subject = if to.subject.starts_with("Re:") {
            to.subject.clone()
        } else {
            format!("Re: {}", to.subject)
        };
        self.send(&target, &subject, body, to.message_id.as_deref())
            .await
    }
}

/// A header for hand-made test mails.
pub fn raw_header(name: &'static str, value: &str) -> HeaderValue {
    HeaderValue::new(HeaderName::new_from_ascii_str(name), value.to_string())
}
