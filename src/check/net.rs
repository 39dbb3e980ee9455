//! The network steps both servers share: the name, the TCP connection and
//! TLS, each failure put in the host's terms.

use std::io;
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustls::pki_types::ServerName;
use rustls::{CertificateError, ClientConfig, ClientConnection, StreamOwned};

use super::Report;
use crate::config::Security;

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
    /// Signed by no authority this system (or `ca_file`) trusts.
    Untrusted(String),
    /// Not made out for the configured host name.
    WrongName(String),
    Expired,
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
        let Some(tls) = e.get_ref().and_then(|i| i.downcast_ref::<rustls::Error>()) else {
            return TlsFailure::NotTls(e.to_string());
        };
        match tls {
            rustls::Error::InvalidCertificate(cert) => match cert {
                CertificateError::UnknownIssuer | CertificateError::BadSignature => {
                    TlsFailure::Untrusted(format!("{cert:?}"))
                }
                CertificateError::NotValidForName
                | CertificateError::NotValidForNameContext { .. } => {
                    TlsFailure::WrongName(format!("{cert:?}"))
                }
                CertificateError::Expired | CertificateError::ExpiredContext { .. } => {
                    TlsFailure::Expired
                }
                other => TlsFailure::Other {
                    error: format!("the certificate is not valid: {other:?}"),
                },
            },
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
        let ca = if ca_file_set {
            format!("{key}.ca_file does not hold the authority that signed it either")
        } else {
            format!(
                "for a private certificate authority, set {key}.ca_file to its PEM file; \
                 otherwise the server needs a certificate from a public authority"
            )
        };
        let (cause, fix) = match self {
            TlsFailure::Untrusted(detail) => (
                format!(
                    "the server's certificate is not signed by an authority this system trusts ({detail})"
                ),
                ca,
            ),
            TlsFailure::WrongName(detail) => (
                format!(
                    "the server's certificate is not made out for {} ({detail})",
                    server.host
                ),
                format!(
                    "set {key}.host to a name the certificate names (often mail.<provider> rather than an alias)"
                ),
            ),
            TlsFailure::Expired => (
                "the server's certificate has expired".to_string(),
                "the server's operator must renew it (check this machine's clock too)".to_string(),
            ),
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
