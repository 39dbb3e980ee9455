//! The referee's mailbox over IMAP (the blocking `imap` crate, run on its own
//! thread, never on the async workers).
//!
//! Why `imap` 3.0 and not `async-imap`: its IDLE handle takes a read timeout
//! on any stream we give it, so TLS is our own rustls 0.23 stream (one TLS
//! stack and one crypto provider, ring, for IMAP and SMTP alike), and a
//! blocking session on a dedicated thread is simple to reason about: one mail
//! at a time, each one committed before the next is read.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, bail};
use imap::extensions::idle::SetReadTimeout;
use rustls::pki_types::ServerName;
use rustls::{ClientConfig, ClientConnection, StreamOwned};
use tracing::{debug, info};

use super::folders::{FolderRefused, Refusal, classify, server_path};
use super::login::{BearerMechanism, Credential, Login};
use super::tls::{self, Peer};
use crate::config::{ImapConfig, Security};

/// A plain or TLS connection to the IMAP server.
pub enum ImapStream {
    Plain(TcpStream),
    Tls(Box<StreamOwned<ClientConnection, TcpStream>>),
}

impl Read for ImapStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            ImapStream::Plain(s) => s.read(buf),
            ImapStream::Tls(s) => s.read(buf),
        }
    }
}

impl Write for ImapStream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            ImapStream::Plain(s) => s.write(buf),
            ImapStream::Tls(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            ImapStream::Plain(s) => s.flush(),
            ImapStream::Tls(s) => s.flush(),
        }
    }
}

impl SetReadTimeout for ImapStream {
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> imap::Result<()> {
        let tcp = match self {
            ImapStream::Plain(s) => s,
            ImapStream::Tls(s) => s.get_mut(),
        };
        TcpStream::set_read_timeout(tcp, timeout).map_err(imap::Error::Io)
    }
}

/// TLS over `tcp` to `config`'s server, its handshake done, so that a
/// refused certificate shows here, in words ([`tls::handshake_failed`]).
pub fn wrap_tls(
    tcp: TcpStream,
    config: &ImapConfig,
    tls: &Arc<ClientConfig>,
) -> anyhow::Result<ImapStream> {
    let host = &config.host;
    let name = ServerName::try_from(host.to_string())
        .with_context(|| format!("{host:?} is not a server name"))?;
    let connection = ClientConnection::new(tls.clone(), name).context("starting TLS")?;
    let mut stream = StreamOwned::new(connection, tcp);
    while stream.conn.is_handshaking() {
        if let Err(e) = stream.conn.complete_io(&mut stream.sock) {
            let peer = Peer {
                key: "imap",
                host,
                ca_file: config.ca_file.is_some(),
            };
            return Err(tls::handshake_failed(e, &peer));
        }
    }
    Ok(ImapStream::Tls(Box::new(stream)))
}

/// A logged-in session on the referee's mailbox.
pub struct Mailbox {
    session: imap::Session<ImapStream>,
    /// The connection's socket, for [`Mailbox::socket`].
    socket: TcpStream,
    config: ImapConfig,
    /// The done folder as the server names it.
    done: String,
    idle: bool,
    moves: bool,
    /// The selected mailbox's UIDVALIDITY.
    pub uidvalidity: u32,
}

/// How long connecting and each read or write may take.
pub const IO_LIMIT: Duration = Duration::from_secs(60);

/// A TCP connection to the server, with read and write limits.
pub fn connect_tcp(host: &str, port: u16) -> io::Result<TcpStream> {
    let tcp = TcpStream::connect((host, port))?;
    tcp.set_read_timeout(Some(IO_LIMIT))?;
    tcp.set_write_timeout(Some(IO_LIMIT))?;
    Ok(tcp)
}

/// Secures a connection as configured (TLS from the first byte, or
/// STARTTLS) and reads the greeting: a client ready to log in.
pub fn secure(
    tcp: TcpStream,
    config: &ImapConfig,
    tls: &Arc<ClientConfig>,
) -> anyhow::Result<imap::Client<ImapStream>> {
    Ok(match config.security {
        Security::Tls => {
            let mut client = imap::Client::new(wrap_tls(tcp, config, tls)?);
            client
                .read_greeting()
                .context("reading the IMAP greeting")?;
            client
        }
        Security::Starttls => {
            let mut tcp = tcp;
            starttls(&mut tcp).context("IMAP STARTTLS")?;
            let mut client = imap::Client::new(wrap_tls(tcp, config, tls)?);
            // The greeting came before STARTTLS.
            client.greeting_read = true;
            client
        }
        Security::Plain => {
            let mut client = imap::Client::new(ImapStream::Plain(tcp));
            client
                .read_greeting()
                .context("reading the IMAP greeting")?;
            client
        }
    })
}

/// The server refused the login (a wrong password, an expired or revoked
/// token): no retry with the same secret can succeed.
#[derive(Debug, thiserror::Error)]
#[error("the IMAP server refused the login of {user} by {method}: {answer}")]
pub struct LoginRefused {
    pub user: String,
    /// `password`, `XOAUTH2` or `OAUTHBEARER`.
    pub method: &'static str,
    pub answer: String,
}

/// Answers the server's challenges for a bearer-token login.
struct BearerAuthenticator {
    mechanism: BearerMechanism,
    initial: String,
}

impl imap::Authenticator for BearerAuthenticator {
    type Response = String;

    fn process(&self, challenge: &[u8]) -> String {
        // The first challenge is empty; a later one is the server's JSON
        // error, answered so that the server can send its refusal.
        if challenge.is_empty() {
            self.initial.clone()
        } else {
            self.mechanism.error_response().to_string()
        }
    }
}

/// Logs in with a password, or with a bearer token by the mechanism the
/// server offers (OAUTHBEARER, else XOAUTH2); a refused token is replaced
/// by a new one from the token command and tried once more.
pub fn log_in(
    mut client: imap::Client<ImapStream>,
    login: &Login,
) -> anyhow::Result<imap::Session<ImapStream>> {
    let refused = |method, error: imap::Error| -> anyhow::Error {
        match error {
            imap::Error::No(no) => LoginRefused {
                user: login.user.clone(),
                method,
                answer: no.information.trim().to_string(),
            }
            .into(),
            other => anyhow::Error::new(other).context(format!("IMAP login as {}", login.user)),
        }
    };
    let mut credential = login.credential()?;
    let mechanism = if login.is_oauth2() {
        let capabilities = client.capabilities().context("IMAP CAPABILITY")?;
        let mechanism = [BearerMechanism::OAuthBearer, BearerMechanism::XOAuth2]
            .into_iter()
            .find(|m| capabilities.has_str(format!("AUTH={}", m.name())));
        match mechanism {
            Some(m) => Some(m),
            None => bail!(
                "the IMAP server offers neither AUTH=OAUTHBEARER nor AUTH=XOAUTH2, so it takes \
                 no OAuth 2.0 token: set imap.auth = \"password\""
            ),
        }
    } else {
        None
    };
    let mut retried = false;
    loop {
        let attempt = match (&credential, mechanism) {
            (Credential::Password(password), _) => client
                .login(&login.user, password)
                .map_err(|(e, c)| (e, c, "password")),
            (Credential::Bearer(token), Some(mechanism)) => {
                let authenticator = BearerAuthenticator {
                    mechanism,
                    initial: mechanism.initial_response(&login.user, token),
                };
                client
                    .authenticate(mechanism.name(), &authenticator)
                    .map_err(|(e, c)| (e, c, mechanism.name()))
            }
            (Credential::Bearer(_), None) => unreachable!("a token login has a mechanism"),
        };
        match attempt {
            Ok(session) => return Ok(session),
            Err((error @ imap::Error::No(_), back, method)) if !retried => {
                match login.after_refusal() {
                    Some(next) => {
                        debug!("the IMAP server refused the token; asking for a new one");
                        credential = next?;
                        client = back;
                        retried = true;
                    }
                    None => return Err(refused(method, error)),
                }
            }
            Err((error, _, method)) => return Err(refused(method, error)),
        }
    }
}

impl Mailbox {
    /// Connects, logs in, makes sure the done folder exists and selects the
    /// watched mailbox. A folder the server refuses is a [`FolderRefused`]
    /// error: no retry can cure it.
    pub fn connect(config: &ImapConfig, login: &Login) -> anyhow::Result<Mailbox> {
        let tls = tls::client_config(config.ca_file.as_deref())?;
        let tcp = connect_tcp(&config.host, config.port)
            .with_context(|| format!("connecting to IMAP {}:{}", config.host, config.port))?;
        let socket = tcp.try_clone().context("IMAP socket")?;
        let client = secure(tcp, config, &tls)?;
        let mut session = log_in(client, login)?;
        let capabilities = session.capabilities().context("IMAP CAPABILITY")?;
        let idle = capabilities.has_str("IDLE");
        let moves = capabilities.has_str("MOVE");
        let separator = separator(&mut session)?;
        info!(host = %config.host, idle, moves, ?separator, "IMAP session open");
        let done = ensure_folder(&mut session, "done_folder", &config.done_folder, separator)?;
        let mailbox = server_names("mailbox", &config.mailbox, separator)?
            .pop()
            .unwrap_or_default();
        let selected = match session.select(&mailbox) {
            Ok(selected) => selected,
            Err(e) => {
                let command = format!("SELECT {mailbox}");
                return Err(refused_or("mailbox", &config.mailbox, &command, e, true));
            }
        };
        let Some(uidvalidity) = selected.uid_validity else {
            bail!("the IMAP server gave no UIDVALIDITY for {mailbox}");
        };
        Ok(Mailbox {
            session,
            socket,
            config: config.clone(),
            done,
            idle,
            moves,
            uidvalidity,
        })
    }

    /// The UIDs of every mail still in the watched mailbox, oldest first.
    /// Processed mail is moved out, so these are new or not yet moved.
    pub fn pending(&mut self) -> anyhow::Result<Vec<u32>> {
        let mut uids: Vec<u32> = self
            .session
            .uid_search("ALL")
            .context("IMAP UID SEARCH")?
            .into_iter()
            .collect();
        uids.sort_unstable();
        Ok(uids)
    }

    /// The raw bytes of several mails in one `UID FETCH`, by UID, without
    /// marking them read; a mail gone meanwhile is missing from the map.
    pub fn fetch_many(&mut self, uids: &[u32]) -> anyhow::Result<HashMap<u32, Vec<u8>>> {
        if uids.is_empty() {
            return Ok(HashMap::new());
        }
        let set: Vec<String> = uids.iter().map(u32::to_string).collect();
        let fetches = self
            .session
            .uid_fetch(set.join(","), "BODY.PEEK[]")
            .context("IMAP UID FETCH")?;
        Ok(fetches
            .iter()
            .filter_map(|f| Some((f.uid?, f.body()?.to_vec())))
            .filter(|(uid, _)| uids.contains(uid))
            .collect())
    }

    /// Marks processed mails `\Seen` and moves them to the done folder,
    /// one command each step for all of them.
    pub fn finish_all(&mut self, uids: &[u32]) -> anyhow::Result<()> {
        if uids.is_empty() {
            return Ok(());
        }
        let set = uids
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",");
        // Mails gone already (`EXPUNGEISSUED`: another referee took the
        // mailbox over while this one stalled, and moved them) need nothing
        // more: this referee steps back quietly.
        match self.session.uid_store(&set, "+FLAGS.SILENT (\\Seen)") {
            Err(e) if classify(&e) == Refusal::Gone => {
                gone(&set);
                return Ok(());
            }
            other => other.context("IMAP UID STORE")?,
        };
        // A missing done folder (deleted meanwhile) ends the session and
        // the next one creates it; any other refusal is permanent.
        let refused = |command: &str, e| {
            let command = format!("{command} {}", self.done);
            refused_or("done_folder", &self.config.done_folder, &command, e, false)
        };
        if self.moves {
            match self.session.uid_mv(&set, &self.done) {
                Err(e) if classify(&e) == Refusal::Gone => {
                    gone(&set);
                    return Ok(());
                }
                Err(e) => return Err(refused("UID MOVE", e)),
                Ok(()) => {}
            }
        } else {
            if let Err(e) = self.session.uid_copy(&set, &self.done) {
                return Err(refused("UID COPY", e));
            }
            self.session
                .uid_store(&set, "+FLAGS.SILENT (\\Deleted)")
                .context("IMAP UID STORE")?;
            self.session.uid_expunge(&set).context("IMAP UID EXPUNGE")?;
        }
        debug!(uids = %set, folder = %self.done, "mail moved");
        Ok(())
    }

    /// Another handle on the connection's socket: shutting it down from
    /// another thread ends a [`Mailbox::wait`] at once.
    pub fn socket(&self) -> anyhow::Result<TcpStream> {
        self.socket.try_clone().context("IMAP socket")
    }

    /// Waits for new mail: IDLE where the server has it (renewed every
    /// `idle_seconds`), else a poll interval spent in `pause` (which may
    /// cut it short).
    pub fn wait(&mut self, pause: impl FnOnce(Duration)) -> anyhow::Result<()> {
        if self.idle {
            let mut handle = self.session.idle();
            handle
                .timeout(Duration::from_secs(self.config.idle_seconds.max(1)))
                .keepalive(false);
            let outcome = handle
                .wait_while(imap::extensions::idle::stop_on_any)
                .context("IMAP IDLE")?;
            debug!(?outcome, "IDLE ended");
            // The crate clears the read timeout when IDLE ends: without it
            // a connection that died silently would hang the next command.
            self.socket
                .set_read_timeout(Some(IO_LIMIT))
                .context("IMAP socket timeout")?;
        } else {
            pause(Duration::from_secs(self.config.poll_seconds.max(1)));
            self.session.noop().context("IMAP NOOP")?;
        }
        Ok(())
    }

    /// Whether the server announced new mail (an untagged EXISTS or
    /// RECENT) in a reply the session has read since it last asked.
    pub fn announced_new_mail(&mut self) -> bool {
        self.session.take_all_unsolicited().any(|r| {
            matches!(
                r,
                imap::types::UnsolicitedResponse::Exists(_)
                    | imap::types::UnsolicitedResponse::Recent(_)
            )
        })
    }

    pub fn logout(mut self) {
        let _ = self.session.logout();
    }
}

/// Logs mails found moved already by another referee.
fn gone(uids: &str) {
    info!(uids, "mail moved already by another referee");
}

/// Reads one CRLF-terminated line byte by byte, so nothing after it (the
/// TLS handshake) is consumed.
fn read_line(tcp: &mut TcpStream) -> anyhow::Result<String> {
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while !line.ends_with(b"\r\n") {
        if tcp.read(&mut byte)? == 0 {
            bail!("the server closed the connection");
        }
        line.push(byte[0]);
        if line.len() > 8192 {
            bail!("an over-long line from the server");
        }
    }
    Ok(String::from_utf8_lossy(&line).trim_end().to_string())
}

/// The plain-text part of STARTTLS (RFC 3501 6.2.1): the greeting, the
/// command and its tagged OK. The `imap` crate keeps this step private.
pub fn starttls(tcp: &mut TcpStream) -> anyhow::Result<()> {
    let greeting = read_line(tcp)?;
    if !greeting.starts_with("* OK") {
        bail!("unexpected IMAP greeting {greeting:?}");
    }
    tcp.write_all(b"a0 STARTTLS\r\n")?;
    loop {
        let line = read_line(tcp)?;
        if let Some(status) = line.strip_prefix("a0 ") {
            if status.starts_with("OK") {
                return Ok(());
            }
            bail!("the server refused STARTTLS: {status}");
        }
    }
}

/// The server's hierarchy separator, from `LIST "" ""` (RFC 3501 6.3.8);
/// `None` for a flat namespace.
pub fn separator(session: &mut imap::Session<ImapStream>) -> anyhow::Result<Option<char>> {
    let names = session.list(None, None).context("IMAP LIST \"\" \"\"")?;
    Ok(names
        .iter()
        .next()
        .and_then(|name| name.delimiter())
        .and_then(|d| d.chars().next()))
}

/// A configured folder as the server names it, and its parents, outermost
/// first; or why the server cannot have it.
pub fn server_names(
    setting: &'static str,
    configured: &str,
    separator: Option<char>,
) -> anyhow::Result<Vec<String>> {
    Ok(
        server_path(configured, separator).map_err(|why| FolderRefused {
            setting,
            configured: configured.to_string(),
            command: "LIST \"\" \"\"".to_string(),
            answer: why,
        })?,
    )
}

/// The error for a failed command on a folder: a [`FolderRefused`] if the
/// server refused it for good (a missing folder too, where `missing_too`:
/// the referee creates the done folder, never the watched mailbox), else the
/// error as it is, worth a retry.
pub fn refused_or(
    setting: &'static str,
    configured: &str,
    command: &str,
    error: imap::Error,
    missing_too: bool,
) -> anyhow::Error {
    let answer = match (classify(&error), &error) {
        (Refusal::Permanent(answer), _) => answer,
        (Refusal::Missing, imap::Error::No(imap::error::No { information, .. })) if missing_too => {
            information.trim().to_string()
        }
        _ => return anyhow::Error::new(error),
    };
    FolderRefused {
        setting,
        configured: configured.to_string(),
        command: command.to_string(),
        answer,
    }
    .into()
}

/// A LIST pattern naming exactly `name` (quoted, for names with spaces).
fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Makes sure a configured folder exists, creating it and its parents
/// (for servers that do not) where missing; returns the server's name.
pub fn ensure_folder(
    session: &mut imap::Session<ImapStream>,
    setting: &'static str,
    configured: &str,
    separator: Option<char>,
) -> anyhow::Result<String> {
    let path = server_names(setting, configured, separator)?;
    let folder = path.last().cloned().unwrap_or_default();
    let exists = |session: &mut imap::Session<ImapStream>, name: &str| -> anyhow::Result<bool> {
        Ok(session
            .list(None, Some(&quoted(name)))
            .context("IMAP LIST")?
            .iter()
            .any(|n| n.name() == name))
    };
    if exists(session, &folder)? {
        return Ok(folder);
    }
    for name in path {
        if exists(session, &name)? {
            continue;
        }
        match session.create(&name) {
            Ok(()) => info!(folder = %name, "IMAP folder created"),
            Err(e) if classify(&e) == Refusal::Exists => {}
            Err(e) => {
                let command = format!("CREATE {name}");
                return Err(refused_or(setting, configured, &command, e, false));
            }
        }
    }
    Ok(folder)
}
