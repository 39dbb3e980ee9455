//! OAuth 2.0 end to end: the project's Dovecot checks bearer tokens at a
//! small token-introspection endpoint this test runs (RFC 7662, on
//! loopback), Postfix takes them through Dovecot's SASL, and the referee
//! logs in to both with tokens from its `token_command`. The first token
//! the command prints has expired: the referee must run the command again
//! and carry on, for IMAP and for SMTP.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::support::{Harness, Reader, Setup};
use arbiter::demo::mailstack::StackOptions;

/// The tokens the endpoint was asked about, and its rule: a token is
/// active when it starts with `fresh-`.
type Seen = Arc<Mutex<Vec<String>>>;

/// Serves token introspection on a free loopback port; its URL.
fn introspection_endpoint(seen: Seen) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/introspect", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let seen = seen.clone();
            std::thread::spawn(move || serve(stream, &seen));
        }
    });
    url
}

/// Answers the requests of one (keep-alive) connection.
fn serve(stream: std::net::TcpStream, seen: &Seen) {
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    loop {
        let mut length = 0usize;
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        loop {
            line.clear();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0u8; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let body = String::from_utf8_lossy(&body).into_owned();
        let token = body
            .split('&')
            .find_map(|pair| pair.strip_prefix("token="))
            .unwrap_or_default()
            .to_string();
        seen.lock().unwrap().push(token.clone());
        let answer = if token.starts_with("fresh-") {
            r#"{"active":true,"username":"referee@example.test"}"#.to_string()
        } else {
            r#"{"active":false}"#.to_string()
        };
        let response = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{answer}",
            answer.len()
        );
        if writer.write_all(response.as_bytes()).is_err() {
            return;
        }
    }
}

/// A token command whose first token has expired: `stale-NAME`, then
/// `fresh-NAME-2`, `fresh-NAME-3`, ... It counts its runs in a file.
fn token_command(dir: &Path, name: &str) -> String {
    let script = dir.join(format!("{name}-token.sh"));
    let counter = dir.join(format!("{name}.runs"));
    std::fs::write(
        &script,
        format!(
            "n=$(cat {c} 2>/dev/null || echo 0); n=$((n+1)); echo $n > {c}\n\
             if [ $n -eq 1 ]; then echo stale-{name}; else echo fresh-{name}-$n; fi\n",
            c = counter.display()
        ),
    )
    .unwrap();
    format!("sh {}", script.display())
}

fn runs(dir: &Path, name: &str) -> u32 {
    std::fs::read_to_string(dir.join(format!("{name}.runs")))
        .unwrap_or_default()
        .trim()
        .parse()
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_referee_logs_in_with_tokens_and_replaces_an_expired_one() {
    let seen: Seen = Arc::default();
    let url = introspection_endpoint(seen.clone());
    let scripts = tempfile::tempdir().unwrap();
    let imap_command = token_command(scripts.path(), "imap");
    let smtp_command = token_command(scripts.path(), "smtp");
    let options = StackOptions {
        oauth2_introspection: Some(url),
        ..StackOptions::default()
    };
    let harness = Harness::start_configured("oauth", Setup::DEFAULT, options, |text| {
        let password = "password_env = \"ARBITER_TEST_PASSWORD\"";
        assert_eq!(text.matches(password).count(), 2, "{text}");
        let (imap, smtp) = text.split_once("[smtp]").unwrap();
        let token = |command: &str| format!("auth = \"oauth2\"\ntoken_command = {command:?}");
        format!(
            "{}[smtp]{}",
            imap.replace(password, &token(&imap_command)),
            smtp.replace(password, &token(&smtp_command))
        )
    });

    // A mail in: the referee must read it (IMAP) and answer it (SMTP).
    let mut alice = Reader::new(harness.player("alice"));
    alice
        .player
        .send(&harness.referee, "help", "help", None)
        .await
        .unwrap();
    let answer = alice.one().await;
    assert!(answer.text.contains("challenge"), "{}", answer.text);

    // Each command ran again after its expired token was refused.
    assert!(
        runs(scripts.path(), "imap") >= 2,
        "{}",
        harness.daemon_log()
    );
    assert!(
        runs(scripts.path(), "smtp") >= 2,
        "{}",
        harness.daemon_log()
    );
    let asked: BTreeSet<String> = seen.lock().unwrap().iter().cloned().collect();
    for token in ["stale-imap", "fresh-imap-2", "stale-smtp", "fresh-smtp-2"] {
        assert!(asked.contains(token), "{token} not presented: {asked:?}");
    }
    let log = harness.daemon_log();
    assert!(
        !log.contains("stale-imap") && !log.contains("fresh-"),
        "tokens stay out of the log"
    );

    // `arbiter check` logs in the same way, while the daemon runs: the
    // daemon ignores the test mail (it is from the referee) and may move
    // it to the done folder, where the check finds and removes it.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["check", "--wait", "20", "--config"])
        .arg(&harness.config)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.contains("by an OAuth 2.0 token\n"), "{report}");
    assert!(
        report.contains("by an OAuth 2.0 token (XOAUTH2)"),
        "{report}"
    );
    assert!(report.contains("plus addressing works"), "{report}");
    alice.none_new().await;
}
