//! The network steps both servers share: the name, the TCP connection and
//! TLS, each failure put in the host's terms.

use std::io;
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustls::pki_types::ServerName;
use rustls::{ClientConfig, ClientConnection, StreamOwned};

use super::Report;
use crate::config::Security;
use crate::mail::tls::{Peer, Refusal};

/// How long the check waits for a connection or an answer.
pub const LIMIT: Duration = Duration::from_secs(10);

/// Which server, for the words of a fix.
#[derive(Clone, Copy, Debug)]
pub struct Server<'a> {
    pub section: &'static str,
    /// `imap` or `smtp`: the configuration section.
    pub key: &'static str,
    pub host: &'a str,
    pub port: u16,
    pub security: Security,
}

impl Server<'_> {
    /// The usual ports for this protocol and what security goes with each.
    pub fn port_hint(&self) -> &'static str {
        match self.key {
            "imap" => "IMAP is port 993 with security = \"tls\", or 143 with \"starttls\"",
            _ => "SMTP submission is port 587 with security = \"starttls\", or 465 with \"tls\"",
        }
    }
}

/// Resolves the host; `None` after recording the failure.
pub fn resolve(report: &mut Report, server: &Server) -> Option<Vec<SocketAddr>> {
    match (server.host, server.port).to_socket_addrs() {
        Ok(addrs) => {
            let addrs: Vec<SocketAddr> = addrs.collect();
            let shown: Vec<String> = addrs.iter().map(|a| a.ip().to_string()).collect();
            report.ok(
                server.section,
                "address",
                format!("{} is {}", server.host, shown.join(", ")),
            );
            Some(addrs)
        }
        Err(e) => {
            report.fail(
                server.section,
                "address",
                format!("the name {} does not resolve: {e}", server.host),
                format!(
                    "check the spelling of {}.host and this machine's DNS",
                    server.key
                ),
            );
            None
        }
    }
}

/// Connects to the first address that answers.
pub fn connect(report: &mut Report, server: &Server, addrs: &[SocketAddr]) -> Option<TcpStream> {
    let mut last = None;
    for addr in addrs {
        let started = Instant::now();
        match TcpStream::connect_timeout(addr, LIMIT) {
            Ok(tcp) => {
                let _ = tcp.set_read_timeout(Some(LIMIT));
                let _ = tcp.set_write_timeout(Some(LIMIT));
                report.ok(
                    server.section,
                    "connect",
                    format!(
                        "TCP to {addr} in {} ms",
                        started.elapsed().as_millis().max(1)
                    ),
                );
                return Some(tcp);
            }
            Err(e) => last = Some((addr, e)),
        }
    }
    let (addr, e) = last?;
    let (cause, fix) = match e.kind() {
        io::ErrorKind::ConnectionRefused => (
            format!("nothing answers on {addr} (connection refused)"),
            format!(
                "check {}.port: {}; a wrong port is the usual cause",
                server.key,
                server.port_hint()
            ),
        ),
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => (
            format!("no answer from {addr} within {} s", LIMIT.as_secs()),
            format!(
                "a firewall may drop port {}: check {}.port ({}) and outgoing connections",
                server.port,
                server.key,
                server.port_hint()
            ),
        ),
        _ => (
            format!("cannot connect to {addr}: {e}"),
            format!("check {}.host and {}.port", server.key, server.key),
        ),
    };
    report.fail(server.section, "connect", cause, fix);
    None
}

/// A TLS session over `tcp`, its handshake done; or the reason in words.
pub fn handshake(
    tcp: TcpStream,
    host: &str,
    tls: &Arc<ClientConfig>,
) -> Result<StreamOwned<ClientConnection, TcpStream>, TlsFailure> {
    let name = ServerName::try_from(host.to_string()).map_err(|_| TlsFailure::Other {
        error: format!("{host:?} is not a server name"),
    })?;
    let connection = ClientConnection::new(tls.clone(), name).map_err(|e| TlsFailure::Other {
        error: e.to_string(),
    })?;
    let mut stream = StreamOwned::new(connection, tcp);
    while stream.conn.is_handshaking() {
        if let Err(e) = stream.conn.complete_io(&mut stream.sock) {
            return Err(TlsFailure::from_io(&e));
        }
    }
    Ok(stream)
}

/// Why a TLS handshake failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TlsFailure {
    /// The server's certificate was refused.
    Certificate(Refusal),
    /// The other side does not speak TLS here (a plain port, say).
    NotTls(String),
    /// No answer within the limit.
    Silent,
    Other {
        error: String,
    },
}

impl TlsFailure {
    fn from_io(e: &io::Error) -> TlsFailure {
        if matches!(
            e.kind(),
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
        ) {
            return TlsFailure::Silent;
        }
        if let Some(refusal) = Refusal::in_io(e) {
            return TlsFailure::Certificate(refusal);
        }
        let Some(tls) = e.get_ref().and_then(|i| i.downcast_ref::<rustls::Error>()) else {
            return TlsFailure::NotTls(e.to_string());
        };
        match tls {
            rustls::Error::InvalidMessage(_) | rustls::Error::InappropriateMessage { .. } => {
                TlsFailure::NotTls(tls.to_string())
            }
            other => TlsFailure::Other {
                error: other.to_string(),
            },
        }
    }

    /// Records the failure with the fix.
    pub fn record(&self, report: &mut Report, server: &Server, ca_file_set: bool) {
        let key = server.key;
        let (cause, fix) = match self {
            TlsFailure::Certificate(refusal) => {
                let peer = Peer {
                    key,
                    host: server.host,
                    ca_file: ca_file_set,
                };
                (refusal.cause(&peer), refusal.fix(&peer))
            }
            TlsFailure::NotTls(detail) => (
                format!(
                    "port {} does not speak TLS from the first byte ({detail})",
                    server.port
                ),
                match server.security {
                    Security::Tls => format!(
                        "this port may want STARTTLS: set {key}.security = \"starttls\", or use the TLS port ({})",
                        server.port_hint()
                    ),
                    _ => format!(
                        "check {key}.port and {key}.security: {}",
                        server.port_hint()
                    ),
                },
            ),
            TlsFailure::Silent => (
                format!(
                    "no TLS answer on port {} within {} s",
                    server.port,
                    LIMIT.as_secs()
                ),
                format!(
                    "check {key}.port and {key}.security: {}",
                    server.port_hint()
                ),
            ),
            TlsFailure::Other { error } => (
                format!("TLS failed: {error}"),
                format!("check {key}.host, {key}.port and {key}.security"),
            ),
        };
        report.fail(server.section, "tls", cause, fix);
    }
}
