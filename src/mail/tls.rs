//! The TLS settings of every connection the referee makes: IMAP and SMTP,
//! for `serve` and `arbiter check` alike. One rustls configuration, with
//! ring as the one crypto provider:
//!
//! - a server's certificate is verified by webpki against the system's
//!   authorities and the certificates in `ca_file` (a private authority);
//! - a server's certificate that is itself in `ca_file`, byte for byte, is
//!   accepted as that server's own (pinned), as a mail client accepts a
//!   certificate its user accepted: whoever signed it and whatever names
//!   it carries. It must still be within its dates, and the server must
//!   still prove it holds the certificate's key (the handshake's signature
//!   is checked as for any certificate). This is how a self-signed
//!   certificate made the common way (`openssl req -x509`, which marks it
//!   `CA:TRUE`, so that webpki refuses it as a server's) is trusted.
//!
//! [`Refusal`] puts a refused certificate in words, with the fix that works.

use std::io;
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::{ClientConfig, WebPkiServerVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, RootCertStore, SignatureScheme};
use x509_cert::der::Decode;

/// The TLS settings for a server whose section names `ca_file`: the
/// system's authorities plus the certificates in `ca_file`, each of which
/// is also accepted as the server's own certificate.
pub fn client_config(ca_file: Option<&Path>) -> anyhow::Result<Arc<ClientConfig>> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let verifier = Verifier::new(ca_file, &provider)?;
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .context("TLS protocol versions")?
        // The one way rustls takes a verifier of one's own; ours refuses
        // everything webpki refuses but the pinned certificates.
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(verifier))
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// webpki's verification, with the certificates of `ca_file` pinned.
#[derive(Debug)]
struct Verifier {
    /// The certificates in `ca_file`, each accepted as the server's own.
    pinned: Vec<CertificateDer<'static>>,
    /// `None` when no authority is trusted at all.
    webpki: Option<Arc<WebPkiServerVerifier>>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl Verifier {
    fn new(ca_file: Option<&Path>, provider: &Arc<CryptoProvider>) -> anyhow::Result<Verifier> {
        let mut roots = RootCertStore::empty();
        for cert in rustls_native_certs::load_native_certs().certs {
            // A system certificate webpki cannot read is one authority fewer.
            let _ = roots.add(cert);
        }
        let mut pinned = Vec::new();
        if let Some(path) = ca_file {
            let pem = std::fs::read(path)
                .with_context(|| format!("reading the CA file {}", path.display()))?;
            for cert in rustls_pemfile::certs(&mut pem.as_slice()) {
                let cert =
                    cert.with_context(|| format!("reading a certificate in {}", path.display()))?;
                roots
                    .add(cert.clone())
                    .with_context(|| format!("a certificate in {}", path.display()))?;
                pinned.push(cert);
            }
            if pinned.is_empty() {
                bail!(
                    "{} holds no certificate (no -----BEGIN CERTIFICATE----- block)",
                    path.display()
                );
            }
        }
        // No authority at all (no system store, no ca_file): webpki has
        // nothing to verify against, and every certificate is untrusted.
        let webpki = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
            .build()
            .ok();
        Ok(Verifier {
            pinned,
            webpki,
            algorithms: provider.signature_verification_algorithms,
        })
    }
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        if self
            .pinned
            .iter()
            .any(|p| p.as_ref() == end_entity.as_ref())
        {
            within_dates(end_entity, now)?;
            return Ok(ServerCertVerified::assertion());
        }
        match &self.webpki {
            Some(webpki) => webpki.verify_server_cert(
                end_entity,
                intermediates,
                server_name,
                ocsp_response,
                now,
            ),
            None => Err(CertificateError::UnknownIssuer.into()),
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// Whether `now` lies within the certificate's dates, with rustls's errors
/// for one that has expired or is not valid yet.
fn within_dates(cert: &CertificateDer<'_>, now: UnixTime) -> Result<(), CertificateError> {
    let cert = x509_cert::Certificate::from_der(cert.as_ref())
        .map_err(|_| CertificateError::BadEncoding)?;
    let validity = &cert.tbs_certificate.validity;
    let not_before = UnixTime::since_unix_epoch(validity.not_before.to_unix_duration());
    let not_after = UnixTime::since_unix_epoch(validity.not_after.to_unix_duration());
    if now.as_secs() < not_before.as_secs() {
        return Err(CertificateError::NotValidYetContext {
            time: now,
            not_before,
        });
    }
    if now.as_secs() > not_after.as_secs() {
        return Err(CertificateError::ExpiredContext {
            time: now,
            not_after,
        });
    }
    Ok(())
}

/// The server a certificate came from, for the words of a refusal.
#[derive(Clone, Copy, Debug)]
pub struct Peer<'a> {
    /// `imap` or `smtp`: the configuration section.
    pub key: &'a str,
    pub host: &'a str,
    /// Whether the section sets `ca_file`.
    pub ca_file: bool,
}

/// Why a server's certificate was refused, as the host can act on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Signed by no authority trusted here, and not in `ca_file` itself.
    Untrusted,
    /// An authority's certificate (`CA:TRUE`) shown as the server's own,
    /// and not in `ca_file`: what `openssl req -x509` makes.
    AuthorityAsServer,
    /// Made out for other names than the configured host.
    WrongName {
        names: Vec<String>,
    },
    /// Expired (on this date, when known).
    Expired {
        on: Option<String>,
    },
    /// Not valid yet (before this date, when known).
    NotYetValid {
        from: Option<String>,
    },
    Revoked,
    /// Not made for a server's use (its extended key usage).
    WrongPurpose,
    /// Anything else, as rustls names it.
    Other(String),
}

impl Refusal {
    /// The refusal behind a rustls certificate error.
    pub fn of(error: &CertificateError) -> Refusal {
        use CertificateError as E;
        match error {
            E::UnknownIssuer | E::BadSignature => Refusal::Untrusted,
            E::NotValidForName => Refusal::WrongName { names: Vec::new() },
            E::NotValidForNameContext { presented, .. } => Refusal::WrongName {
                names: presented.iter().map(|name| bare_name(name)).collect(),
            },
            E::Expired => Refusal::Expired { on: None },
            E::ExpiredContext { not_after, .. } => Refusal::Expired {
                on: Some(date(*not_after)),
            },
            E::NotValidYet => Refusal::NotYetValid { from: None },
            E::NotValidYetContext { not_before, .. } => Refusal::NotYetValid {
                from: Some(date(*not_before)),
            },
            E::Revoked => Refusal::Revoked,
            E::InvalidPurpose | E::InvalidPurposeContext { .. } => Refusal::WrongPurpose,
            E::Other(other) => match other.0.downcast_ref::<webpki::Error>() {
                Some(webpki::Error::CaUsedAsEndEntity) => Refusal::AuthorityAsServer,
                _ => Refusal::Other(other.0.to_string()),
            },
            other => Refusal::Other(format!("{other:?}")),
        }
    }

    /// The refusal in a failed handshake's error, if a certificate was
    /// refused.
    pub fn in_io(error: &io::Error) -> Option<Refusal> {
        match error.get_ref()?.downcast_ref::<rustls::Error>()? {
            rustls::Error::InvalidCertificate(cert) => Some(Refusal::of(cert)),
            _ => None,
        }
    }

    /// What is wrong, in words.
    pub fn cause(&self, peer: &Peer) -> String {
        let key = peer.key;
        match self {
            Refusal::Untrusted if peer.ca_file => format!(
                "the server's certificate is not signed by a certificate in {key}.ca_file, nor \
                 by an authority this system trusts, and is not itself in {key}.ca_file"
            ),
            Refusal::Untrusted => {
                "the server's certificate is not signed by an authority this system trusts"
                    .to_string()
            }
            Refusal::AuthorityAsServer => format!(
                "the server's certificate is a certificate authority's (CA:TRUE, as `openssl \
                 req -x509` makes them), which is accepted as a server's only when it is itself \
                 in {key}.ca_file, and it is not"
            ),
            Refusal::WrongName { names } if names.is_empty() => format!(
                "the server's certificate is issued for another host name, not {}",
                peer.host
            ),
            Refusal::WrongName { names } => format!(
                "the server's certificate is issued for another host name: {}, not {}",
                names.join(", "),
                peer.host
            ),
            Refusal::Expired { on: Some(on) } => {
                format!("the server's certificate expired on {on}")
            }
            Refusal::Expired { on: None } => "the server's certificate has expired".to_string(),
            Refusal::NotYetValid { from: Some(from) } => {
                format!("the server's certificate is not valid before {from}")
            }
            Refusal::NotYetValid { from: None } => {
                "the server's certificate is not valid yet".to_string()
            }
            Refusal::Revoked => {
                "the server's certificate was revoked by the authority that signed it".to_string()
            }
            Refusal::WrongPurpose => "the server's certificate is not made for a server's use \
                 (its extended key usage lacks serverAuth)"
                .to_string(),
            Refusal::Other(detail) => {
                format!("the server's certificate breaks a rule of X.509 certificates ({detail})")
            }
        }
    }

    /// What makes the connection work.
    pub fn fix(&self, peer: &Peer) -> String {
        let key = peer.key;
        let own = format!(
            "put the server's own certificate in {key}.ca_file (its PEM file, or the first \
             certificate `openssl s_client -showcerts` prints): a certificate listed there is \
             accepted as the server's as it stands"
        );
        match self {
            Refusal::Untrusted if peer.ca_file => format!(
                "{own}; or put there the authority that signed it (check with the server's \
                 operator that it is theirs)"
            ),
            Refusal::Untrusted => format!(
                "for a private certificate authority, set {key}.ca_file to its PEM file; for a \
                 self-signed certificate, set {key}.ca_file to the certificate itself; otherwise \
                 the server needs a certificate from a public authority"
            ),
            Refusal::AuthorityAsServer => own,
            Refusal::WrongName { .. } => format!(
                "set {key}.host to a name the certificate names (often mail.<provider> rather \
                 than an alias); or, for a self-signed certificate, {own}"
            ),
            Refusal::Expired { .. } => format!(
                "the server needs a new certificate: its operator must renew it (for a \
                 self-signed one, make a new one and put it in {key}.ca_file in place of the \
                 old); check this machine's clock too"
            ),
            Refusal::NotYetValid { .. } => {
                "check this machine's clock (`date`), and the server's".to_string()
            }
            Refusal::Revoked | Refusal::WrongPurpose => {
                "the server's operator must install a new certificate for the server".to_string()
            }
            Refusal::Other(_) => format!(
                "the server's operator must replace it; or, to accept this certificate as it \
                 stands, {own}"
            ),
        }
    }
}

/// A failed TLS handshake as an error whose words say why, with the fix,
/// when a certificate was refused.
pub fn handshake_failed(error: io::Error, peer: &Peer) -> anyhow::Error {
    let words = Refusal::in_io(&error)
        .map(|refusal| format!("{}; fix: {}", refusal.cause(peer), refusal.fix(peer)));
    let error = anyhow::Error::new(error);
    match words {
        Some(words) => error.context(words),
        None => error.context(format!("TLS handshake with {}", peer.host)),
    }
}

/// A name as rustls presents it, `DnsName("mail.example.org")` or
/// `IpAddress(192.0.2.1)`, as the host writes it.
fn bare_name(presented: &str) -> String {
    match (presented.find('('), presented.rfind(')')) {
        (Some(open), Some(close)) if open < close => {
            presented[open + 1..close].trim_matches('"').to_string()
        }
        _ => presented.to_string(),
    }
}

/// A certificate's date, as the host reads it: `2026-03-01 12:00 UTC`.
fn date(time: UnixTime) -> String {
    i64::try_from(time.as_secs())
        .ok()
        .and_then(|secs| chrono::DateTime::from_timestamp(secs, 0))
        .map_or_else(
            || format!("{} s after 1970", time.as_secs()),
            |t| t.format("%Y-%m-%d %H:%M UTC").to_string(),
        )
}

#[cfg(test)]
mod tests;
