//! The IMAP steps: address, connection, TLS, login, the capabilities the
//! referee uses, the hierarchy separator, the watched mailbox and the done
//! folder. The session stays open for the SMTP part's test mail.

use crate::check::hints;
use crate::check::net::{self, Server, TlsFailure};
use crate::check::{Report, settings_login};
use crate::config::{Config, ImapConfig, Security};
use crate::mail::folders::FolderRefused;
use crate::mail::imap::{
    self as mailimap, ImapStream, LoginRefused, ensure_folder, refused_or, separator, server_names,
};
use crate::mail::login::{Login, TokenError};
use crate::mail::tls::client_config as tls_config;

const S: &str = "imap";

/// A logged-in session on the watched mailbox, for the test mail.
pub struct Watched {
    pub session: imap::Session<ImapStream>,
    /// The watched mailbox and the done folder as the server names them.
    pub mailbox: String,
    pub done: String,
    pub uidplus: bool,
}

/// Runs the IMAP steps; the session if they all passed.
pub fn check(report: &mut Report, config: &Config) -> Option<Watched> {
    let Some(imap) = &config.imap else {
        report.section("IMAP");
        report.fail(
            S,
            "config",
            "the configuration has no [imap] section",
            "add one: see config/arbiter.toml and docs/hosting.md",
        );
        return None;
    };
    report.section(&format!(
        "IMAP {}:{} ({})",
        imap.host,
        imap.port,
        security_name(imap.security)
    ));
    let server = Server {
        section: S,
        key: "imap",
        host: &imap.host,
        port: imap.port,
        security: imap.security,
    };
    let addrs = net::resolve(report, &server)?;
    let tcp = net::connect(report, &server, &addrs)?;
    let client = secure(report, &server, imap, tcp)?;
    let session = log_in(report, imap, client)?;
    after_login(report, imap, session)
}

pub fn security_name(security: Security) -> &'static str {
    match security {
        Security::Tls => "tls",
        Security::Starttls => "starttls",
        Security::Plain => "plain",
    }
}

/// TLS (from the first byte, or after STARTTLS) and the greeting.
fn secure(
    report: &mut Report,
    server: &Server,
    imap: &ImapConfig,
    mut tcp: std::net::TcpStream,
) -> Option<imap::Client<ImapStream>> {
    let tls = match tls_config(imap.ca_file.as_deref()) {
        Ok(tls) => tls,
        Err(e) => {
            report.fail(
                S,
                "tls",
                format!("{e:#}"),
                "imap.ca_file must name a readable PEM file of certificates",
            );
            return None;
        }
    };
    if imap.security == Security::Starttls
        && let Err(e) = mailimap::starttls(&mut tcp)
    {
        report.fail(
            S,
            "tls",
            format!("STARTTLS failed: {}", no_greeting(&e)),
            format!("check imap.port and imap.security: {}", server.port_hint()),
        );
        return None;
    }
    let stream = match imap.security {
        Security::Plain => ImapStream::Plain(tcp),
        _ => match net::handshake(tcp, &imap.host, &tls) {
            Ok(stream) => ImapStream::Tls(Box::new(stream)),
            Err(failure) => {
                failure.record(report, server, imap.ca_file.is_some());
                return None;
            }
        },
    };
    let mut client = imap::Client::new(stream);
    if imap.security == Security::Starttls {
        client.greeting_read = true;
    } else if let Err(e) = client.read_greeting() {
        let failure = match imap.security {
            Security::Plain => TlsFailure::Other {
                error: format!("no IMAP greeting: {e}"),
            },
            _ => TlsFailure::Other {
                error: format!("no IMAP greeting after TLS: {e}"),
            },
        };
        failure.record(report, server, imap.ca_file.is_some());
        return None;
    }
    let what = match imap.security {
        Security::Tls => "TLS from the first byte; the certificate is trusted",
        Security::Starttls => "STARTTLS; the certificate is trusted",
        Security::Plain => "plain text (allowed on loopback only)",
    };
    report.ok(S, "tls", what);
    Some(client)
}

/// A failed plain-text exchange in words: a silent port most often wants
/// TLS from the first byte.
fn no_greeting(error: &anyhow::Error) -> String {
    let timed_out = error.chain().any(|e| {
        e.downcast_ref::<std::io::Error>().is_some_and(|io| {
            matches!(
                io.kind(),
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
            )
        })
    });
    if timed_out {
        format!(
            "no greeting in plain text within {} s (a port that wants TLS from the first \
             byte stays silent: try security = \"tls\")",
            net::LIMIT.as_secs()
        )
    } else {
        format!("{error:#}")
    }
}

fn log_in(
    report: &mut Report,
    imap: &ImapConfig,
    client: imap::Client<ImapStream>,
) -> Option<imap::Session<ImapStream>> {
    let login = settings_login(report, S, Login::for_imap(imap))?;
    match mailimap::log_in(client, &login) {
        Ok(session) => {
            let how = if login.is_oauth2() {
                "an OAuth 2.0 token"
            } else {
                "password"
            };
            report.ok(S, "login", format!("as {} by {how}", login.user));
            Some(session)
        }
        Err(e) => {
            if let Some(refused) = e.downcast_ref::<LoginRefused>() {
                let fix = hints::login_refused(&imap.host, "imap", imap.auth);
                report.fail(S, "login", refused.to_string(), fix);
            } else if let Some(token) = e.downcast_ref::<TokenError>() {
                report.fail(S, "login", token.to_string(), hints::TOKEN_COMMAND);
            } else {
                report.fail(
                    S,
                    "login",
                    format!("{e:#}"),
                    "check imap.username and imap.auth",
                );
            }
            None
        }
    }
}

/// Capabilities, separator, mailbox, done folder.
fn after_login(
    report: &mut Report,
    imap: &ImapConfig,
    mut session: imap::Session<ImapStream>,
) -> Option<Watched> {
    let capabilities = match session.capabilities() {
        Ok(c) => c,
        Err(e) => {
            report.fail(
                S,
                "capabilities",
                e.to_string(),
                "the server broke off: run the check again",
            );
            return None;
        }
    };
    let has = |name: &str| capabilities.has_str(name);
    let missing: Vec<&str> = [
        (!has("IDLE")).then_some(
            "no IDLE: the referee polls every imap.poll_seconds, so answers wait up to that long",
        ),
        (!has("MOVE")).then_some(
            "no MOVE: processed mail is copied to the done folder, then deleted and expunged",
        ),
        (!has("UIDPLUS")).then_some(
            "no UIDPLUS: expunging removes every mail marked deleted in the mailbox, not only the referee's",
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    let uidplus = has("UIDPLUS");
    if missing.is_empty() {
        report.ok(S, "capabilities", "IDLE, MOVE and UIDPLUS");
    } else {
        for consequence in missing {
            report.warn(S, "capabilities", consequence);
        }
    }
    let separator = match separator(&mut session) {
        Ok(separator) => {
            let what = match separator {
                Some(c) => format!("folder levels are separated by {c:?}"),
                None => "a flat namespace (no folder levels)".to_string(),
            };
            report.ok(S, "separator", what);
            separator
        }
        Err(e) => {
            report.fail(
                S,
                "separator",
                format!("{e:#}"),
                "the server answered LIST \"\" \"\" oddly: run the check again",
            );
            return None;
        }
    };
    let mailbox = match server_names("mailbox", &imap.mailbox, separator) {
        Ok(mut names) => names.pop().unwrap_or_default(),
        Err(e) => {
            folder_failure(report, "mailbox", &e);
            return None;
        }
    };
    match session.examine(&mailbox) {
        Ok(state) => report.ok(
            S,
            "mailbox",
            format!("{mailbox} holds {} mails", state.exists),
        ),
        Err(e) => {
            let command = format!("EXAMINE {mailbox}");
            let error = refused_or("mailbox", &imap.mailbox, &command, e, true);
            folder_failure(report, "mailbox", &error);
            return None;
        }
    }
    let done = match ensure_folder(&mut session, "done_folder", &imap.done_folder, separator) {
        Ok(done) => {
            report.ok(
                S,
                "done folder",
                format!("{done} is there for processed mail"),
            );
            done
        }
        Err(e) => {
            folder_failure(report, "done folder", &e);
            return None;
        }
    };
    Some(Watched {
        session,
        mailbox,
        done,
        uidplus,
    })
}

fn folder_failure(report: &mut Report, step: &'static str, error: &anyhow::Error) {
    let fix = match error.downcast_ref::<FolderRefused>() {
        Some(refused) if refused.setting == "mailbox" => format!(
            "name a folder that exists in imap.mailbox (usually \"INBOX\"); it is {:?}",
            refused.configured
        ),
        Some(_) => "name another imap.done_folder: `/` and `.` both separate levels, and \
                    some servers want it under INBOX (\"INBOX.Arbiter.Done\")"
            .to_string(),
        None => "run the check again; if it persists, see the server's log".to_string(),
    };
    report.fail(S, step, format!("{error:#}"), fix);
}
