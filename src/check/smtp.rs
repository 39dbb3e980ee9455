//! The SMTP steps: address, connection, TLS, login, and a test mail from
//! the referee to its own plus address that must arrive in the watched
//! mailbox (so replies to `referee+TAG@...` reach the referee). The test
//! mail is removed again; a running referee ignores it meanwhile (it is
//! from the referee's own address) and may move it to the done folder,
//! where the check looks too.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use lettre::Message;
use lettre::message::header::ContentType;
use tokio::runtime::Handle;

use super::imap::{Watched, security_name};
use super::net::{self, Server};
use super::{Limits, Report, hints, settings_login};
use crate::config::{Config, Security, SmtpConfig};
use crate::mail::login::{Credential, Login};
use crate::mail::sender::{auth_refused, transport};
use crate::mail::tls::client_config as tls_config;

const S: &str = "smtp";

/// What players must do where plus addresses do not reach the referee, and
/// how a host turns them on.
const PLUS_FIX: &str = "turn plus addressing on: Postfix `recipient_delimiter = +` in main.cf \
     (and, with Dovecot LMTP, `recipient_delimiter = +` in dovecot.conf); Gmail, Google \
     Workspace, Fastmail, Microsoft 365 and Outlook.com deliver plus addresses as they are. \
     Or set referee.plus_addressing = false: the referee's mails then ask for replies to its \
     bare address, and players keep the mail's `key:` line in the text they write";

pub fn check(
    report: &mut Report,
    runtime: &Handle,
    config: &Config,
    watched: Option<Watched>,
    limits: Limits,
) {
    let Some(smtp) = &config.smtp else {
        report.section("SMTP");
        report.fail(
            S,
            "config",
            "the configuration has no [smtp] section",
            "add one: see config/arbiter.toml and docs/hosting.md",
        );
        return;
    };
    report.section(&format!(
        "SMTP {}:{} ({})",
        smtp.host,
        smtp.port,
        security_name(smtp.security)
    ));
    let server = Server {
        section: S,
        key: "smtp",
        host: &smtp.host,
        port: smtp.port,
        security: smtp.security,
    };
    let Some(addrs) = net::resolve(report, &server) else {
        return skip_mail(report);
    };
    let Some(tcp) = net::connect(report, &server, &addrs) else {
        return skip_mail(report);
    };
    if !secure(report, &server, smtp, tcp) {
        return skip_mail(report);
    }
    let Some(credential) = log_in(report, runtime, smtp) else {
        return skip_mail(report);
    };
    test_mail(report, runtime, config, smtp, credential, watched, limits);
}

fn skip_mail(report: &mut Report) {
    report.skip(S, "test mail", "needs a working SMTP login");
}

/// TLS as configured, checked by hand so that a certificate problem is
/// named as such (lettre's error would only say the handshake failed).
fn secure(report: &mut Report, server: &Server, smtp: &SmtpConfig, mut tcp: TcpStream) -> bool {
    let tls = match tls_config(smtp.ca_file.as_deref()) {
        Ok(tls) => tls,
        Err(e) => {
            report.fail(
                S,
                "tls",
                format!("{e:#}"),
                "smtp.ca_file must name a readable PEM file of certificates",
            );
            return false;
        }
    };
    let plain_part = match smtp.security {
        Security::Starttls => starttls(&mut tcp),
        Security::Plain => reply(&mut tcp, "220").map(|_| ()),
        Security::Tls => Ok(()),
    };
    if let Err(why) = plain_part {
        report.fail(
            S,
            "tls",
            why,
            format!("check smtp.port and smtp.security: {}", server.port_hint()),
        );
        return false;
    }
    if smtp.security == Security::Plain {
        report.ok(S, "tls", "plain text (allowed on loopback only)");
        return true;
    }
    let mut stream = match net::handshake(tcp, &smtp.host, &tls) {
        Ok(stream) => stream,
        Err(failure) => {
            failure.record(report, server, smtp.ca_file.is_some());
            return false;
        }
    };
    if smtp.security == Security::Tls
        && let Err(why) = reply(&mut stream, "220")
    {
        report.fail(
            S,
            "tls",
            format!("no SMTP greeting after TLS: {why}"),
            format!("check smtp.port: {}", server.port_hint()),
        );
        return false;
    }
    let _ = stream.write_all(b"QUIT\r\n");
    let what = match smtp.security {
        Security::Tls => "TLS from the first byte; the certificate is trusted",
        _ => "STARTTLS; the certificate is trusted",
    };
    report.ok(S, "tls", what);
    true
}

/// The plain-text part of STARTTLS (RFC 3207).
fn starttls(tcp: &mut TcpStream) -> Result<(), String> {
    reply(tcp, "220").map_err(|why| format!("no SMTP greeting: {why}"))?;
    tcp.write_all(b"EHLO arbiter-check\r\n")
        .map_err(|e| e.to_string())?;
    let ehlo = reply(tcp, "250")?;
    if !ehlo.to_ascii_uppercase().contains("STARTTLS") {
        return Err("the server does not offer STARTTLS on this port".to_string());
    }
    tcp.write_all(b"STARTTLS\r\n").map_err(|e| e.to_string())?;
    reply(tcp, "220").map_err(|why| format!("STARTTLS refused: {why}"))?;
    Ok(())
}

/// Reads one SMTP reply (all its lines) and checks its code.
fn reply(stream: &mut impl Read, code: &str) -> Result<String, String> {
    let mut text = String::new();
    loop {
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        while !line.ends_with(b"\r\n") {
            match stream.read(&mut byte) {
                Ok(0) => return Err("the server closed the connection".to_string()),
                Ok(_) => line.push(byte[0]),
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
                    ) =>
                {
                    return Err(format!(
                        "no answer within {} s (a port that wants TLS from the first byte \
                         stays silent: try security = \"tls\")",
                        net::LIMIT.as_secs()
                    ));
                }
                Err(e) => return Err(e.to_string()),
            }
            if line.len() > 4096 {
                return Err("an over-long line: is this an SMTP server?".to_string());
            }
        }
        let line = String::from_utf8_lossy(&line).trim_end().to_string();
        if !line.starts_with(code) {
            return Err(format!("the server said {line:?}"));
        }
        text.push_str(&line);
        text.push('\n');
        if line.as_bytes().get(3) != Some(&b'-') {
            return Ok(text);
        }
    }
}

/// Logs in with lettre (as the sender will); the credential that worked.
fn log_in(
    report: &mut Report,
    runtime: &Handle,
    smtp: &SmtpConfig,
) -> Option<Option<(String, Credential)>> {
    let login = settings_login(report, S, Login::for_smtp(smtp))?;
    let Some(login) = login else {
        let attempt = transport(smtp, None).and_then(|t| runtime.block_on(t.test_connection()));
        return match attempt {
            Ok(()) => {
                report.ok(
                    S,
                    "login",
                    "no login configured: the server takes mail without AUTH",
                );
                Some(None)
            }
            Err(e) => {
                report.fail(
                    S,
                    "login",
                    format!("{e:#}"),
                    "set smtp.username and smtp.password_env if the server wants a login",
                );
                None
            }
        };
    };
    let mut credential = match login.credential() {
        Ok(c) => c,
        Err(e) => {
            report.fail(S, "login", e.to_string(), hints::TOKEN_COMMAND);
            return None;
        }
    };
    let mut retried = false;
    loop {
        let result = transport(smtp, Some((&login.user, &credential)))
            .and_then(|t| runtime.block_on(t.test_connection()));
        match result {
            Ok(_) => {
                let how = if login.is_oauth2() {
                    "an OAuth 2.0 token (XOAUTH2)"
                } else {
                    "password"
                };
                report.ok(S, "login", format!("as {} by {how}", login.user));
                return Some(Some((login.user.clone(), credential)));
            }
            Err(e) if auth_refused(&e) => {
                if !retried && let Some(next) = login.after_refusal() {
                    retried = true;
                    match next {
                        Ok(c) => {
                            credential = c;
                            continue;
                        }
                        Err(token) => {
                            report.fail(S, "login", token.to_string(), hints::TOKEN_COMMAND);
                            return None;
                        }
                    }
                }
                report.fail(
                    S,
                    "login",
                    format!("the SMTP server refused the login of {}: {e:#}", login.user),
                    hints::login_refused(&smtp.host, "smtp", smtp.auth),
                );
                return None;
            }
            Err(e) => {
                report.fail(
                    S,
                    "login",
                    format!("{e:#}"),
                    "check smtp.port, smtp.security and smtp.username",
                );
                return None;
            }
        }
    }
}

/// Sends the test mail and waits for it in the watched mailbox.
fn test_mail(
    report: &mut Report,
    runtime: &Handle,
    config: &Config,
    smtp: &SmtpConfig,
    credential: Option<(String, Credential)>,
    watched: Option<Watched>,
    limits: Limits,
) {
    let referee = &config.referee;
    // Without the mailbox the mail could neither be seen to arrive nor be
    // removed: it is not sent.
    let Some(mut watched) = watched else {
        report.skip(
            S,
            "test mail",
            "not sent: seeing it arrive needs a working IMAP login",
        );
        return;
    };
    let mut random = [0u8; 6];
    rand::Rng::fill(&mut rand::rng(), &mut random);
    let token = format!("check-{}", hex::encode(random));
    let to = referee.reply_address(&token);
    let (_, domain) = referee.split_address();
    let message = Message::builder()
        .from(match referee.address.parse() {
            Ok(a) => a,
            Err(e) => {
                report.fail(
                    S,
                    "test mail",
                    format!("referee.address: {e}"),
                    "write a plain address",
                );
                return;
            }
        })
        .to(match to.parse() {
            Ok(a) => a,
            Err(e) => {
                report.fail(
                    S,
                    "test mail",
                    format!("{to}: {e}"),
                    "check referee.address",
                );
                return;
            }
        })
        .subject(format!("Arbiter check {token}"))
        .message_id(Some(format!("<{token}@{domain}>")))
        .header(ContentType::TEXT_PLAIN)
        .body(format!(
            "A test mail from `arbiter check` ({token}). It checks that mail to the referee's \
             address reaches its mailbox; the check removes it again.\n"
        ));
    let message = match message {
        Ok(m) => m,
        Err(e) => {
            report.fail(S, "test mail", e.to_string(), "check referee.address");
            return;
        }
    };
    let login = credential.as_ref().map(|(user, c)| (user.as_str(), c));
    let sent = transport(smtp, login).and_then(|t| runtime.block_on(t.send(&message)));
    if let Err(e) = sent {
        let refused_rcpt = e.chain().any(|c| {
            c.downcast_ref::<lettre::transport::smtp::Error>()
                .is_some_and(|e| e.is_permanent())
        });
        if refused_rcpt && referee.plus_addressing {
            report.fail(
                S,
                "plus address",
                format!("the server refused mail to {to}, so replies to the referee's plus addresses go nowhere: {e:#}"),
                PLUS_FIX,
            );
        } else {
            report.fail(
                S,
                "test mail",
                format!("sending to {to} failed: {e:#}"),
                "see the server's answer above",
            );
        }
        return;
    }
    let started = Instant::now();
    match wait_for(&mut watched, &token, limits.arrival) {
        Ok(Some(folder)) => {
            let took = match started.elapsed() {
                t if t < Duration::from_secs(1) => format!("{} ms", t.as_millis()),
                t => format!("{:.1} s", t.as_secs_f64()),
            };
            let what = if referee.plus_addressing {
                format!("the test mail to {to} arrived in {took} (plus addressing works) and was removed from {folder}")
            } else {
                format!("the test mail to {to} arrived in {took} and was removed from {folder}; referee.plus_addressing = false, so players keep the `key:` line")
            };
            report.ok(S, "test mail", what);
        }
        Ok(None) if referee.plus_addressing => report.fail(
            S,
            "plus address",
            format!(
                "the test mail to {to} was taken but did not arrive in {} within {} s, so replies to the referee's plus addresses go elsewhere or nowhere",
                watched.mailbox,
                limits.arrival.as_secs()
            ),
            PLUS_FIX,
        ),
        Ok(None) => report.fail(
            S,
            "test mail",
            format!("the test mail to {to} did not arrive in {} within {} s", watched.mailbox, limits.arrival.as_secs()),
            "check that mail to referee.address is delivered to imap.mailbox (filters, rules, spam folder)",
        ),
        Err(e) => report.fail(S, "test mail", format!("{e:#}"), "run the check again"),
    }
    let _ = watched.session.logout();
}

/// Looks for the test mail in the mailbox and the done folder until it
/// comes or the limit passes; removes it; the folder it was found in.
fn wait_for(watched: &mut Watched, token: &str, limit: Duration) -> anyhow::Result<Option<String>> {
    let deadline = Instant::now() + limit;
    let query = format!("SUBJECT \"{token}\"");
    loop {
        for folder in [watched.mailbox.clone(), watched.done.clone()] {
            watched.session.select(&folder)?;
            let uids = watched.session.uid_search(&query)?;
            if uids.is_empty() {
                continue;
            }
            let set = uids
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",");
            watched
                .session
                .uid_store(&set, "+FLAGS.SILENT (\\Deleted)")?;
            if watched.uidplus {
                watched.session.uid_expunge(&set)?;
            } else {
                watched.session.expunge()?;
            }
            return Ok(Some(folder));
        }
        if Instant::now() >= deadline {
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(500));
    }
}
