//! `cargo bench --bench outbox`: the outbox against the project's real
//! Postfix and Dovecot (started by the bench; needs root, like the tests),
//! as ratios against the mail server's own rate measured in the same run.
//!
//! - the server's rate: the same mails sent by the referee's bare SMTP
//!   transport (`mail::smtp`), pooled, eight at a time, with no database;
//! - lettre's own pooled transport on the same mails, for comparison (the
//!   referee's replaced it, to verify certificates its own way);
//! - the referee's sender: the mails queued in the outbox and sent by
//!   `Sender::send_due` (pooled connections, eight in flight, one commit
//!   for the sends that ended together);
//! - the old way, for comparison: one mail at a time, each on a new
//!   connection.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use arbiter::config::{Security, SmtpConfig};
use arbiter::demo::mailstack::MailStack;
use arbiter::mail::login::{Credential, Login};
use arbiter::mail::sender::{Sender, transport};
use arbiter::store::Store;
use arbiter::store::mail as mailstore;
use futures_util::{StreamExt, stream};
use lettre::address::Envelope;

const MAILS: usize = 200;

fn raw(i: usize) -> Vec<u8> {
    format!(
        "From: referee@example.test\r\nTo: alice@example.test\r\nSubject: bench {i}\r\n\
         Message-ID: <bench-{i}-{}@example.test>\r\nContent-Type: text/plain\r\n\r\n{}\r\n",
        std::process::id(),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\r\n".repeat(60)
    )
    .into_bytes()
}

fn rate(mails: usize, took: Duration) -> f64 {
    mails as f64 / took.as_secs_f64()
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = PathBuf::from(format!("/tmp/arb-bench-outbox-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let stack = match MailStack::start(&dir.join("m")) {
        Ok(stack) => stack,
        Err(e) => {
            eprintln!("outbox bench skipped: the local mail server needs root ({e:#})");
            return;
        }
    };
    let config = SmtpConfig {
        host: "127.0.0.1".into(),
        port: stack.submission,
        security: Security::Starttls,
        username: Some(MailStack::address("referee")),
        auth: Default::default(),
        password_env: None,
        token_command: None,
        ca_file: Some(stack.ca.clone()),
        timeout_seconds: 30,
    };
    let user = MailStack::address("referee");
    let credential = Credential::Password(MailStack::password("referee"));
    let envelope = Envelope::new(
        Some("referee@example.test".parse().unwrap()),
        vec!["alice@example.test".parse().unwrap()],
    )
    .unwrap();

    let mails: Vec<Vec<u8>> = (0..MAILS).map(raw).collect();
    // A first pass, not timed, on a transport of its own: the server's
    // processes start, so that what is timed next compares like with like.
    let warm = transport(&config, Some((&user, &credential))).unwrap();
    stream::iter(&mails[..MAILS / 4])
        .map(|m| {
            let (warm, envelope) = (warm.clone(), envelope.clone());
            async move { warm.send_raw(&envelope, m).await.unwrap() }
        })
        .buffer_unordered(8)
        .collect::<Vec<_>>()
        .await;
    drop(warm);

    // The server's own rate: pooled, eight in flight, nothing else.
    let bare = transport(&config, Some((&user, &credential))).unwrap();
    let started = Instant::now();
    stream::iter(&mails)
        .map(|m| {
            let bare = bare.clone();
            let envelope = envelope.clone();
            async move { bare.send_raw(&envelope, m).await.unwrap() }
        })
        .buffer_unordered(8)
        .collect::<Vec<_>>()
        .await;
    let server = started.elapsed();

    // lettre's own pooled transport on the same mails (trusting the stack's
    // authority; it takes no pinned certificate): the referee's transport
    // must keep up with it.
    let lettre_pool = {
        use lettre::AsyncTransport;
        use lettre::transport::smtp::authentication::Credentials;
        use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
        let pem = std::fs::read(&stack.ca).unwrap();
        let tls = TlsParameters::builder("127.0.0.1".into())
            .add_root_certificate(Certificate::from_pem(&pem).unwrap())
            .build_rustls()
            .unwrap();
        let lettre =
            lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::builder_dangerous("127.0.0.1")
                .port(stack.submission)
                .tls(Tls::Required(tls))
                .credentials(Credentials::new(
                    user.clone(),
                    MailStack::password("referee"),
                ))
                .build();
        let started = Instant::now();
        stream::iter(&mails)
            .map(|m| {
                let (lettre, envelope) = (lettre.clone(), envelope.clone());
                async move { lettre.send_raw(&envelope, m).await.unwrap() }
            })
            .buffer_unordered(8)
            .collect::<Vec<_>>()
            .await;
        started.elapsed()
    };

    // The referee's sender on the same mails, through the outbox.
    let store = Store::open(&dir.join("bench.db")).await.unwrap();
    let mut tx = store.write().await.unwrap();
    for (i, m) in (MAILS..2 * MAILS).map(|i| (i, raw(i))) {
        let id = format!("bench-{i}-{}@example.test", std::process::id());
        mailstore::enqueue(&mut tx, "alice@example.test", &id, "s", &m, None, None)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    let login = Login::password(&user, &MailStack::password("referee"));
    let sender = Sender::new(&config, Some(login), "referee@example.test", store.clone()).unwrap();
    let started = Instant::now();
    let sent = sender.send_due().await.unwrap();
    let referee = started.elapsed();
    assert_eq!(sent, MAILS);

    // The old way: one at a time, a new connection each.
    let started = Instant::now();
    for m in &mails {
        let fresh = transport(&config, Some((&user, &credential))).unwrap();
        fresh.send_raw(&envelope, m).await.unwrap();
    }
    let old = started.elapsed();

    println!(
        "{MAILS} mails of {} bytes each, to one local mailbox",
        mails[0].len()
    );
    println!(
        "server's own rate (pooled, 8 in flight)         {:>8.1} mails/s",
        rate(MAILS, server)
    );
    println!(
        "lettre's own pooled transport, 8 in flight      {:>8.1} mails/s   share {:.2}",
        rate(MAILS, lettre_pool),
        server.as_secs_f64() / lettre_pool.as_secs_f64()
    );
    println!(
        "referee's outbox (Sender::send_due)             {:>8.1} mails/s   share {:.2}",
        rate(MAILS, referee),
        server.as_secs_f64() / referee.as_secs_f64()
    );
    println!(
        "one at a time, a connection each (the old way)  {:>8.1} mails/s   share {:.2}",
        rate(MAILS, old),
        server.as_secs_f64() / old.as_secs_f64()
    );
    drop(stack);
    let _ = std::fs::remove_dir_all(&dir);
}
