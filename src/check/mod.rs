//! `arbiter check`: walks the host's whole path, from the configuration to
//! a test mail that must come back, and prints one line a step; each
//! failure with its cause and the fix in the host's terms.
//!
//! - `net`: name resolution, TCP and TLS, with what each failure means;
//! - `imap`: login, capabilities, separator, mailbox and done folder;
//! - `smtp`: login, then a test mail to the referee's own plus address,
//!   which must arrive in the watched mailbox (plus addressing works) and
//!   is removed again;
//! - `hints`: what a refused login means at the providers clubs use;
//! - the database part is here: for SQLite the file writable, the
//!   migrations, the integrity check; for PostgreSQL the connection, the
//!   login's rights, the migrations.
//!
//! The check changes nothing a running referee relies on: it creates the
//! done folder as `serve` would, and removes its own test mail, which a
//! running referee ignores (it is from the referee's own address).

mod hints;
mod imap;
mod net;
mod smtp;

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

use tokio::runtime::Handle;

use crate::config::Config;
use crate::store::{Location, health};

/// How a step ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ok(String),
    /// Works, with a consequence the host should know.
    Warn(String),
    Fail {
        cause: String,
        fix: String,
    },
    /// Not tried: an earlier step it needs failed.
    Skipped(String),
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub section: &'static str,
    pub name: &'static str,
    pub outcome: Outcome,
}

/// The steps so far, printed as they are taken (some take seconds).
pub struct Report<'a> {
    pub steps: Vec<Step>,
    out: &'a mut dyn Write,
}

impl<'a> Report<'a> {
    pub fn new(out: &'a mut dyn Write) -> Report<'a> {
        Report {
            steps: Vec::new(),
            out,
        }
    }

    /// Starts a section: `IMAP imap.example.org:993 (tls)`.
    fn section(&mut self, title: &str) {
        let _ = writeln!(self.out, "\n{title}");
    }

    fn record(&mut self, section: &'static str, name: &'static str, outcome: Outcome) {
        let _ = self.out.write_all(line(name, &outcome).as_bytes());
        let _ = self.out.flush();
        self.steps.push(Step {
            section,
            name,
            outcome,
        });
    }

    pub fn ok(&mut self, section: &'static str, name: &'static str, what: impl Into<String>) {
        self.record(section, name, Outcome::Ok(what.into()));
    }

    pub fn warn(&mut self, section: &'static str, name: &'static str, what: impl Into<String>) {
        self.record(section, name, Outcome::Warn(what.into()));
    }

    pub fn fail(
        &mut self,
        section: &'static str,
        name: &'static str,
        cause: impl Into<String>,
        fix: impl Into<String>,
    ) {
        let outcome = Outcome::Fail {
            cause: cause.into(),
            fix: fix.into(),
        };
        self.record(section, name, outcome);
    }

    pub fn skip(&mut self, section: &'static str, name: &'static str, why: impl Into<String>) {
        self.record(section, name, Outcome::Skipped(why.into()));
    }

    /// The failed steps.
    pub fn failures(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s.outcome, Outcome::Fail { .. }))
            .count()
    }
}

/// The login the settings give, or the failure recorded (a password
/// variable that is not set, say).
fn settings_login<T>(
    report: &mut Report,
    section: &'static str,
    login: anyhow::Result<T>,
) -> Option<T> {
    match login {
        Ok(login) => Some(login),
        Err(e) => {
            report.fail(
                section,
                "login",
                format!("{e:#}"),
                "set it in the referee's environment (the service's EnvironmentFile)",
            );
            None
        }
    }
}

/// A step as printed: a status word, the step's name, what happened, and
/// for a failure the fix on the next line.
fn line(name: &str, outcome: &Outcome) -> String {
    let (status, text) = match outcome {
        Outcome::Ok(t) => ("ok", t.as_str()),
        Outcome::Warn(t) => ("warn", t.as_str()),
        Outcome::Fail { cause, .. } => ("FAIL", cause.as_str()),
        Outcome::Skipped(t) => ("skip", t.as_str()),
    };
    let mut out = format!("  {status:<5} {name:<13} {text}\n");
    if let Outcome::Fail { fix, .. } = outcome {
        let _ = writeln!(out, "  {:<5} {:<13} fix: {fix}", "", "");
    }
    out
}

/// What the check may take: how long to wait for the test mail.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub arrival: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            arrival: Duration::from_secs(60),
        }
    }
}

/// Runs every step, on a blocking thread (IMAP and name lookups block;
/// SMTP and the database run on `runtime`). Returns the report's steps;
/// the caller exits non-zero when any failed.
pub fn run(
    runtime: &Handle,
    config: &Config,
    config_path: &Path,
    limits: Limits,
    out: &mut dyn Write,
) -> Vec<Step> {
    // lettre's pooled transports start a task when built: in the runtime.
    let _in_runtime = runtime.enter();
    let mut report = Report::new(out);
    let _ = writeln!(report.out, "arbiter check: {}", config_path.display());
    let mailbox = imap::check(&mut report, config);
    smtp::check(&mut report, runtime, config, mailbox, limits);
    match config.database.location() {
        Ok(Location::Sqlite(path)) => database(&mut report, runtime, &path),
        Ok(Location::Postgres(url)) => postgres(&mut report, runtime, &url),
        Err(e) => {
            report.section("Database");
            report.fail(
                "database",
                "login",
                format!("{e:#}"),
                "set it in the referee's environment (the service's EnvironmentFile)",
            );
        }
    }
    let failures = report.failures();
    let _ = match failures {
        0 => writeln!(
            report.out,
            "\nEverything works: `arbiter serve` can run with this configuration."
        ),
        1 => writeln!(report.out, "\n1 step failed; see its fix above."),
        n => writeln!(report.out, "\n{n} steps failed; see their fixes above."),
    };
    report.steps
}

/// The database: its folder writable, the migrations, the integrity check.
fn database(report: &mut Report, runtime: &Handle, path: &Path) {
    const S: &str = "database";
    report.section(&format!("Database {}", path.display()));
    let health = runtime.block_on(health::inspect(path));
    match health {
        Err(e) => report.fail(
            S,
            "file",
            format!("{e}"),
            "check database.path and that the referee's user may read and write it",
        ),
        Ok(health::Health::Missing { dir_writable: true }) => report.ok(
            S,
            "file",
            "not created yet: `arbiter serve` creates it on its first start",
        ),
        Ok(health::Health::Missing {
            dir_writable: false,
        }) => report.fail(
            S,
            "file",
            "not created yet, and its folder is not writable",
            "create the folder or give the referee's user write access (SQLite also writes \
             its -wal and -shm files beside the database)",
        ),
        Ok(health::Health::Present {
            writable,
            applied,
            pending,
            unknown,
            integrity,
        }) => {
            if writable {
                report.ok(S, "file", "readable and writable");
            } else {
                report.fail(
                    S,
                    "file",
                    "the file or its folder is not writable",
                    "give the referee's user write access to the file and its folder",
                );
            }
            migrations(report, applied, pending, unknown);
            if integrity == "ok" {
                report.ok(S, "integrity", "PRAGMA integrity_check: ok");
            } else {
                report.fail(
                    S,
                    "integrity",
                    format!("PRAGMA integrity_check: {integrity}"),
                    "restore the database from a backup",
                );
            }
        }
    }
}

/// A PostgreSQL database: the server answers and takes the login, the
/// login may write, the migrations.
fn postgres(report: &mut Report, runtime: &Handle, url: &str) {
    const S: &str = "database";
    report.section(&format!("Database {}", Location::Postgres(url.to_string())));
    let health = match runtime.block_on(health::inspect_postgres(url)) {
        Ok(health) => health,
        Err(e) => {
            report.fail(
                S,
                "connect",
                format!("{e}"),
                "check database.url (host, port, database name, sslmode), that the server runs \
                 and takes this login (pg_hba.conf), and the password in database.password_env",
            );
            return;
        }
    };
    report.ok(S, "connect", health.version.clone());
    if health.writable {
        report.ok(S, "writable", "this login may write the referee's tables");
    } else {
        report.fail(
            S,
            "writable",
            "this login may not write here (a standby, a read-only default, or no rights)",
            "point database.url at the primary, and GRANT the referee's login the rights on \
             its database (or make it the database's owner)",
        );
    }
    migrations(report, health.applied, health.pending, health.unknown);
    leases(report, &health.leases);
}

/// Who holds each role (reading a mailbox, the clock) among the referees
/// on this database, since when; a lapsed lease is taken by the next
/// referee that starts (or by a running one within seconds).
fn leases(report: &mut Report, leases: &[crate::store::lease::LeaseRow]) {
    const S: &str = "database";
    if leases.is_empty() {
        report.ok(
            S,
            "leases",
            "none yet: the first `arbiter serve` takes them",
        );
        return;
    }
    let held: Vec<String> = leases
        .iter()
        .map(|l| match l.lapsed {
            false => format!("{} held by {} since {}", l.name, l.holder, l.since),
            true => format!("{} free (lapsed {})", l.name, l.expires_at),
        })
        .collect();
    report.ok(S, "leases", held.join("; "));
}

/// The migrations line: applied, pending, or unknown to this version.
fn migrations(report: &mut Report, applied: usize, pending: usize, unknown: usize) {
    const S: &str = "database";
    match (pending, unknown) {
        (_, u) if u > 0 => report.fail(
            S,
            "migrations",
            format!("{u} migrations unknown to this version of arbiter"),
            "the database was used by a newer arbiter: run that version",
        ),
        (0, _) => report.ok(S, "migrations", format!("{applied} applied, none pending")),
        (p, _) => report.ok(
            S,
            "migrations",
            format!("{applied} applied, {p} pending: `arbiter serve` applies them"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_prints_its_fix_under_it() {
        let outcome = Outcome::Fail {
            cause: "nothing answers on 127.0.0.1:1".into(),
            fix: "check imap.port".into(),
        };
        assert_eq!(
            line("connect", &outcome),
            "  FAIL  connect       nothing answers on 127.0.0.1:1\n                      fix: check imap.port\n"
        );
        assert_eq!(
            line("login", &Outcome::Ok("as r".into())),
            "  ok    login         as r\n"
        );
    }

    /// The database steps on PostgreSQL: a server that answers, the
    /// login's rights, the migrations before and after the first start;
    /// and a server that does not answer, with its fix.
    #[test]
    fn a_postgres_database_is_checked_for_connection_rights_and_migrations() {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let cluster = crate::store::cluster::Cluster::shared();
        let url = runtime.block_on(cluster.new_database()).unwrap();
        let steps = |url: &str| {
            let mut out = Vec::new();
            let mut report = Report::new(&mut out);
            postgres(&mut report, runtime.handle(), url);
            let steps = report.steps.clone();
            (steps, String::from_utf8(out).unwrap())
        };
        let (fresh, text) = steps(&url);
        assert_eq!(fresh.len(), 4, "{text}");
        assert!(text.contains("leases        none yet"), "{text}");
        assert!(
            matches!(&fresh[0].outcome, Outcome::Ok(v) if v.starts_with("PostgreSQL")),
            "{text}"
        );
        assert!(matches!(fresh[1].outcome, Outcome::Ok(_)), "{text}");
        assert!(
            text.contains("0 applied,") && text.contains("pending"),
            "{text}"
        );
        let store = runtime
            .block_on(crate::store::Store::connect(&url))
            .unwrap();
        let lease = crate::store::lease::Lease::new("clock", "box:42:beef");
        runtime.block_on(store.acquire(&lease, 60)).unwrap();
        let (_, text) = steps(&url);
        assert!(text.contains("none pending"), "{text}");
        assert!(
            text.contains("clock held by box:42:beef since 20"),
            "{text}"
        );

        let nowhere = format!("postgres://postgres:pw@127.0.0.1:{}/nothing", cluster.port);
        let (failed, text) = steps(&nowhere);
        assert!(matches!(failed[0].outcome, Outcome::Fail { .. }), "{text}");
        assert!(text.contains("fix: check database.url"), "{text}");
        assert!(!text.contains(":pw@"), "no password shown: {text}");
    }
}
