//! The verifier against certificates made with `openssl` (tests/data/tls,
//! valid for a hundred years), and the words of every refusal.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::ServerCertVerifier;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, OtherError, RootCertStore};
use x509_cert::der::Decode;

use super::*;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/tls")
        .join(name)
}

fn cert(name: &str) -> CertificateDer<'static> {
    let pem = std::fs::read(data(name)).unwrap();
    rustls_pemfile::certs(&mut pem.as_slice())
        .next()
        .unwrap()
        .unwrap()
}

fn verifier(ca_file: &str) -> Verifier {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    Verifier::new(Some(&data(ca_file)), &provider).unwrap()
}

/// What the verifier says of `presented` shown by the server `host`.
fn verify(
    verifier: &Verifier,
    presented: &str,
    host: &str,
    now: UnixTime,
) -> Result<(), CertificateError> {
    let name = ServerName::try_from(host.to_string()).unwrap();
    match verifier.verify_server_cert(&cert(presented), &[], &name, &[], now) {
        Ok(_) => Ok(()),
        Err(rustls::Error::InvalidCertificate(e)) => Err(e),
        Err(other) => panic!("not a certificate error: {other:?}"),
    }
}

/// A certificate's last valid second.
fn not_after(name: &str) -> UnixTime {
    let parsed = x509_cert::Certificate::from_der(cert(name).as_ref()).unwrap();
    UnixTime::since_unix_epoch(parsed.tbs_certificate.validity.not_after.to_unix_duration())
}

const PEER: Peer<'static> = Peer {
    key: "imap",
    host: "mail.example.test",
    ca_file: true,
};

#[test]
fn a_self_signed_certificate_made_the_common_way_is_refused_by_webpki_alone() {
    // What the referee did before pinning: the certificate in the roots,
    // and webpki refusing it as a server's (`openssl req -x509` marks it
    // CA:TRUE).
    let mut roots = RootCertStore::empty();
    roots.add(cert("self-signed.pem")).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let webpki = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider)
        .build()
        .unwrap();
    let name = ServerName::try_from("mail.example.test").unwrap();
    let refused = webpki
        .verify_server_cert(&cert("self-signed.pem"), &[], &name, &[], UnixTime::now())
        .unwrap_err();
    let rustls::Error::InvalidCertificate(error) = refused else {
        panic!("{refused:?}");
    };
    assert_eq!(Refusal::of(&error), Refusal::AuthorityAsServer);
}

#[test]
fn a_certificate_in_ca_file_is_accepted_as_the_servers_own() {
    let pinned = verifier("self-signed.pem");
    let now = UnixTime::now();
    assert_eq!(
        verify(&pinned, "self-signed.pem", "mail.example.test", now),
        Ok(())
    );
    // Trusted for the server whose section names it, as a mail client's
    // "accept this certificate": the names in it are not compared.
    assert_eq!(verify(&pinned, "self-signed.pem", "127.0.0.1", now), Ok(()));
    // Only that certificate, byte for byte.
    let unrelated = verify(&pinned, "unrelated.pem", "other.example.test", now).unwrap_err();
    assert_eq!(Refusal::of(&unrelated), Refusal::AuthorityAsServer);
}

#[test]
fn a_pinned_certificate_still_counts_its_dates() {
    let pinned = verifier("self-signed.pem");
    let end = not_after("self-signed.pem");
    let after = UnixTime::since_unix_epoch(Duration::from_secs(end.as_secs() + 86_400));
    let expired = verify(&pinned, "self-signed.pem", "mail.example.test", after).unwrap_err();
    let refusal = Refusal::of(&expired);
    assert!(
        matches!(refusal, Refusal::Expired { on: Some(_) }),
        "{refusal:?}"
    );
    assert!(
        refusal.cause(&PEER).contains("expired on 2126-"),
        "{}",
        refusal.cause(&PEER)
    );
    assert!(
        refusal
            .fix(&PEER)
            .contains("put it in imap.ca_file in place of the old")
    );

    let before = UnixTime::since_unix_epoch(Duration::from_secs(86_400));
    let early = verify(&pinned, "self-signed.pem", "mail.example.test", before).unwrap_err();
    let refusal = Refusal::of(&early);
    assert!(
        refusal.cause(&PEER).contains("not valid before"),
        "{refusal:?}"
    );
    assert!(refusal.fix(&PEER).contains("clock"));
}

#[test]
fn an_authority_in_ca_file_vouches_for_its_servers_names_only() {
    let authority = verifier("ca.pem");
    let now = UnixTime::now();
    assert_eq!(
        verify(&authority, "signed-by-ca.pem", "mail.example.test", now),
        Ok(())
    );
    let wrong = verify(&authority, "signed-by-ca.pem", "imap.example.test", now).unwrap_err();
    let refusal = Refusal::of(&wrong);
    let peer = Peer {
        host: "imap.example.test",
        ..PEER
    };
    assert_eq!(
        refusal.cause(&peer),
        "the server's certificate is issued for another host name: mail.example.test, not \
         imap.example.test"
    );
    assert!(
        refusal
            .fix(&peer)
            .contains("set imap.host to a name the certificate names")
    );

    let stranger = verify(&authority, "unrelated.pem", "other.example.test", now).unwrap_err();
    let refusal = Refusal::of(&stranger);
    assert_eq!(refusal, Refusal::AuthorityAsServer);
    assert!(
        refusal
            .fix(&PEER)
            .contains("put the server's own certificate in imap.ca_file")
    );
}

#[test]
fn every_refusal_names_its_cause_and_a_fix() {
    let untrusted = Refusal::of(&CertificateError::UnknownIssuer);
    assert!(
        untrusted
            .cause(&PEER)
            .contains("not signed by a certificate in imap.ca_file")
    );
    assert!(
        untrusted
            .fix(&PEER)
            .contains("put the server's own certificate in imap.ca_file")
    );
    let without = Peer {
        ca_file: false,
        ..PEER
    };
    assert!(
        untrusted
            .cause(&without)
            .contains("not signed by an authority this system trusts")
    );
    assert!(untrusted.fix(&without).contains("set imap.ca_file"));

    let authority = Refusal::of(&CertificateError::Other(OtherError(Arc::new(
        webpki::Error::CaUsedAsEndEntity,
    ))));
    assert!(authority.cause(&PEER).contains("CA:TRUE"));
    assert!(!authority.cause(&PEER).contains("CaUsedAsEndEntity"));
    assert!(authority.fix(&PEER).contains("in imap.ca_file"));

    let expired = Refusal::of(&CertificateError::Expired);
    assert_eq!(expired.cause(&PEER), "the server's certificate has expired");
    let name = Refusal::of(&CertificateError::NotValidForName);
    assert!(
        name.cause(&PEER)
            .contains("issued for another host name, not mail.example.test")
    );
    let revoked = Refusal::of(&CertificateError::Revoked);
    assert!(revoked.cause(&PEER).contains("revoked"));
    assert!(revoked.fix(&PEER).contains("new certificate"));
    let purpose = Refusal::of(&CertificateError::InvalidPurpose);
    assert!(purpose.cause(&PEER).contains("serverAuth"));

    let odd = Refusal::of(&CertificateError::Other(OtherError(Arc::new(
        webpki::Error::PathLenConstraintViolated,
    ))));
    assert!(
        odd.cause(&PEER).contains("PathLenConstraintViolated"),
        "{odd:?}"
    );
    assert!(odd.fix(&PEER).contains("in imap.ca_file"), "{odd:?}");

    for refusal in [untrusted, authority, expired, name, revoked, purpose, odd] {
        assert!(!refusal.fix(&PEER).is_empty(), "{refusal:?}");
        assert!(!refusal.fix(&PEER).contains("imap.security"), "{refusal:?}");
    }
}

#[test]
fn a_handshake_error_carries_the_words() {
    let io = std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        rustls::Error::InvalidCertificate(CertificateError::UnknownIssuer),
    );
    let error = handshake_failed(
        io,
        &Peer {
            key: "smtp",
            ..PEER
        },
    );
    let text = format!("{error:#}");
    assert!(
        text.starts_with("the server's certificate is not signed by a certificate in smtp.ca_file"),
        "{text}"
    );
    assert!(
        text.contains("fix: put the server's own certificate in smtp.ca_file"),
        "{text}"
    );
}

#[test]
fn a_ca_file_without_certificates_is_named() {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("server.key");
    std::fs::write(
        &key,
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
    )
    .unwrap();
    let error = Verifier::new(Some(&key), &provider).unwrap_err();
    assert!(
        format!("{error:#}").contains("holds no certificate"),
        "{error:#}"
    );
}

#[test]
fn names_read_as_the_host_writes_them() {
    assert_eq!(
        bare_name("DnsName(\"mail.example.test\")"),
        "mail.example.test"
    );
    assert_eq!(bare_name("IpAddress(127.0.0.1)"), "127.0.0.1");
    assert_eq!(bare_name("plain"), "plain");
}
