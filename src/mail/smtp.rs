//! SMTP connections made on the referee's own TLS settings
//! ([`super::tls`]), so that sending trusts exactly what reading trusts,
//! pinned certificates included: lettre speaks SMTP over them (its own TLS
//! settings take no certificate verifier but its own). Connections are
//! kept for the next mail, as lettre's pooled transport keeps them.

use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context as TaskContext, Poll};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS, Mechanism};
use lettre::transport::smtp::client::{AsyncSmtpConnection, AsyncTokioStream};
use lettre::transport::smtp::extension::ClientId;
use rustls::ClientConfig;
use rustls::pki_types::ServerName;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;

use super::login::Credential;
use super::tls::{self, Peer};
use crate::config::{Security, SmtpConfig};

/// A connection unused this long is closed rather than used again (the
/// server may have dropped it; lettre's pool waits as long).
const IDLE_LIMIT: Duration = Duration::from_secs(60);

/// The configured SMTP server, logged in as given; cheap to clone (the
/// clones share their idle connections).
#[derive(Clone)]
pub struct Transport {
    inner: Arc<Inner>,
}

struct Inner {
    host: String,
    port: u16,
    security: Security,
    ca_file: bool,
    tls: Arc<ClientConfig>,
    credentials: Option<Credentials>,
    mechanisms: Vec<Mechanism>,
    hello: ClientId,
    /// How long connecting, TLS and the login may take together.
    timeout: Duration,
    idle: Mutex<Vec<Idle>>,
    max_idle: usize,
}

struct Idle {
    connection: AsyncSmtpConnection,
    since: Instant,
}

impl Transport {
    /// A transport to `config`'s server, logging in with `login` (a
    /// password by PLAIN or LOGIN; a token by XOAUTH2, the one bearer
    /// mechanism lettre speaks), keeping up to `max_idle` connections.
    pub fn new(
        config: &SmtpConfig,
        login: Option<(&str, &Credential)>,
        max_idle: usize,
    ) -> anyhow::Result<Transport> {
        let tls = tls::client_config(config.ca_file.as_deref())?;
        let (credentials, mechanisms) = match login {
            Some((user, Credential::Password(password))) => (
                Some(Credentials::new(user.to_string(), password.clone())),
                DEFAULT_MECHANISMS.to_vec(),
            ),
            Some((user, Credential::Bearer(token))) => (
                Some(Credentials::new(user.to_string(), token.clone())),
                vec![Mechanism::Xoauth2],
            ),
            None => (None, DEFAULT_MECHANISMS.to_vec()),
        };
        Ok(Transport {
            inner: Arc::new(Inner {
                host: config.host.clone(),
                port: config.port,
                security: config.security,
                ca_file: config.ca_file.is_some(),
                tls,
                credentials,
                mechanisms,
                hello: ClientId::default(),
                timeout: Duration::from_secs(config.timeout_seconds),
                idle: Mutex::new(Vec::new()),
                max_idle,
            }),
        })
    }

    /// Connects and logs in, then says goodbye: whether sending would
    /// work, short of a mail.
    pub async fn test_connection(&self) -> anyhow::Result<()> {
        let mut connection = self.inner.connect().await?;
        let _ = connection.quit().await;
        Ok(())
    }

    /// Sends a built message to its envelope.
    pub async fn send(&self, message: &lettre::Message) -> anyhow::Result<()> {
        self.send_raw(message.envelope(), &message.formatted())
            .await
    }

    /// Sends `raw` to `envelope`'s recipients, on an idle connection when
    /// one still answers, else on a new one.
    pub async fn send_raw(&self, envelope: &Envelope, raw: &[u8]) -> anyhow::Result<()> {
        let mut connection = self.inner.connection().await?;
        let sent = connection.send(envelope, raw).await;
        // lettre marks a connection broken on any failure (after QUIT):
        // only a sound one is kept.
        if !connection.has_broken() {
            self.inner.keep(connection).await;
        }
        sent?;
        Ok(())
    }
}

impl Inner {
    fn idle(&self) -> std::sync::MutexGuard<'_, Vec<Idle>> {
        // A list of connections: a panic elsewhere cannot leave it torn.
        self.idle.lock().unwrap_or_else(PoisonError::into_inner)
    }

    async fn connection(&self) -> anyhow::Result<AsyncSmtpConnection> {
        loop {
            let Some(idle) = self.idle().pop() else {
                return self.connect().await;
            };
            let mut connection = idle.connection;
            if idle.since.elapsed() < IDLE_LIMIT && connection.test_connected().await {
                return Ok(connection);
            }
            connection.abort().await;
        }
    }

    async fn keep(&self, mut connection: AsyncSmtpConnection) {
        {
            let mut idle = self.idle();
            if idle.len() < self.max_idle {
                idle.push(Idle {
                    connection,
                    since: Instant::now(),
                });
                return;
            }
        }
        let _ = connection.quit().await;
    }

    /// A new connection: TCP, TLS as configured, the greeting, EHLO and
    /// the login.
    async fn connect(&self) -> anyhow::Result<AsyncSmtpConnection> {
        let (host, port) = (self.host.as_str(), self.port);
        tokio::time::timeout(self.timeout, async {
            let mut tcp = TcpStream::connect((host, port))
                .await
                .with_context(|| format!("connecting to SMTP {host}:{port}"))?;
            let stream: Box<dyn AsyncTokioStream> = match self.security {
                Security::Plain => Box::new(tcp),
                Security::Tls => Box::new(self.secure(tcp, Vec::new()).await?),
                Security::Starttls => {
                    let greeting = starttls(&mut tcp, &self.hello)
                        .await
                        .with_context(|| format!("SMTP STARTTLS with {host}:{port}"))?;
                    Box::new(self.secure(tcp, greeting).await?)
                }
            };
            let mut connection =
                AsyncSmtpConnection::connect_with_transport(stream, &self.hello).await?;
            if let Some(credentials) = &self.credentials {
                connection.auth(&self.mechanisms, credentials).await?;
            }
            Ok(connection)
        })
        .await
        .with_context(|| {
            format!(
                "no answer from SMTP {host}:{port} within {} s",
                self.timeout.as_secs()
            )
        })?
    }

    /// TLS over `tcp`, the certificate checked by [`tls::client_config`].
    async fn secure(&self, tcp: TcpStream, greeting: Vec<u8>) -> anyhow::Result<Secured> {
        let name = ServerName::try_from(self.host.clone())
            .with_context(|| format!("{:?} is not a server name", self.host))?;
        let peer = Peer {
            key: "smtp",
            host: &self.host,
            ca_file: self.ca_file,
        };
        let tls = TlsConnector::from(self.tls.clone())
            .connect(name, tcp)
            .await
            .map_err(|e| tls::handshake_failed(e, &peer))?;
        Ok(Secured {
            greeting,
            given: 0,
            tls,
        })
    }
}

/// The plain-text part of STARTTLS (RFC 3207): the greeting (returned),
/// EHLO, and STARTTLS taken.
async fn starttls(tcp: &mut TcpStream, hello: &ClientId) -> anyhow::Result<Vec<u8>> {
    let greeting = reply(tcp, "220").await.context("the greeting")?;
    tcp.write_all(format!("EHLO {hello}\r\n").as_bytes())
        .await?;
    let ehlo = reply(tcp, "250").await.context("the answer to EHLO")?;
    if !String::from_utf8_lossy(&ehlo)
        .to_ascii_uppercase()
        .contains("STARTTLS")
    {
        bail!("the server does not offer STARTTLS on this port");
    }
    tcp.write_all(b"STARTTLS\r\n").await?;
    reply(tcp, "220").await.context("the answer to STARTTLS")?;
    Ok(greeting)
}

/// One SMTP reply, all its lines as they came, if its code is `code`.
/// Read a byte at a time: nothing past the reply may be taken from the
/// socket before TLS starts.
async fn reply(tcp: &mut TcpStream, code: &str) -> anyhow::Result<Vec<u8>> {
    let mut all = Vec::new();
    loop {
        let start = all.len();
        while !all.ends_with(b"\r\n") || all.len() == start {
            all.push(
                tcp.read_u8()
                    .await
                    .context("the server closed the connection")?,
            );
            if all.len() > 16 * 1024 {
                bail!("an over-long reply: is this an SMTP server?");
            }
        }
        let line = String::from_utf8_lossy(&all[start..])
            .trim_end()
            .to_string();
        if !line.starts_with(code) {
            bail!("the server said {line:?}");
        }
        if line.as_bytes().get(3) != Some(&b'-') {
            return Ok(all);
        }
    }
}

/// A TLS stream that first gives lettre the greeting the server sent
/// before STARTTLS: lettre reads a greeting on every connection it takes
/// over, and after STARTTLS the server sends none. (Over TLS from the
/// first byte the greeting is empty: the server's own comes through TLS.)
#[derive(Debug)]
struct Secured {
    greeting: Vec<u8>,
    /// How much of the greeting lettre has read.
    given: usize,
    tls: TlsStream<TcpStream>,
}

impl AsyncRead for Secured {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut TaskContext<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.given < this.greeting.len() {
            let rest = &this.greeting[this.given..];
            let n = rest.len().min(buf.remaining());
            buf.put_slice(&rest[..n]);
            this.given += n;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.tls).poll_read(cx, buf)
    }
}

impl AsyncWrite for Secured {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut TaskContext<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tls).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tls).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tls).poll_shutdown(cx)
    }
}

impl AsyncTokioStream for Secured {
    fn peer_addr(&self) -> io::Result<std::net::SocketAddr> {
        self.tls.get_ref().0.peer_addr()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::net::TcpListener;

    /// A peer that writes `said` and keeps the connection open.
    async fn peer_saying(said: &'static [u8]) -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap())
            .await
            .unwrap();
        let (mut server, _) = listener.accept().await.unwrap();
        server.write_all(said).await.unwrap();
        (client, server)
    }

    #[tokio::test]
    async fn a_reply_is_read_whole_and_nothing_past_it() {
        let (mut client, _server) =
            peer_saying(b"250-mail.example.test\r\n250-STARTTLS\r\n250 SIZE 1000\r\nNEXT").await;
        let ehlo = reply(&mut client, "250").await.unwrap();
        assert_eq!(
            ehlo,
            b"250-mail.example.test\r\n250-STARTTLS\r\n250 SIZE 1000\r\n"
        );
        // What follows the reply (TLS, after STARTTLS) is left on the socket.
        let mut next = [0u8; 4];
        client.read_exact(&mut next).await.unwrap();
        assert_eq!(&next, b"NEXT");
    }

    #[tokio::test]
    async fn another_code_is_the_servers_words() {
        let (mut client, _server) = peer_saying(b"554 5.7.1 no service here\r\n").await;
        let error = reply(&mut client, "220").await.unwrap_err();
        assert_eq!(
            error.to_string(),
            "the server said \"554 5.7.1 no service here\""
        );
    }

    #[tokio::test]
    async fn starttls_needs_the_servers_offer() {
        let (mut client, mut server) = peer_saying(
            b"220 mail.example.test ESMTP\r\n250-mail.example.test\r\n250 SIZE 1000\r\n",
        )
        .await;
        let error = starttls(&mut client, &ClientId::Domain("referee.test".into()))
            .await
            .unwrap_err();
        assert!(
            error.to_string().contains("does not offer STARTTLS"),
            "{error:#}"
        );
        let mut ehlo = vec![0u8; "EHLO referee.test\r\n".len()];
        server.read_exact(&mut ehlo).await.unwrap();
        assert_eq!(ehlo, b"EHLO referee.test\r\n");
    }
}
