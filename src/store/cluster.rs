//! A throwaway PostgreSQL server for the tests and benchmarks
//! (`scripts/pgstack`: Debian's PostgreSQL, a new cluster under a temporary
//! folder, on a free loopback port), started as a child process. Dropping
//! the handle, or the end of the process, closes the script's stdin, which
//! stops the server and removes the cluster.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use anyhow::{Context, bail};
use sqlx::{Connection, PgConnection};

/// A running server.
pub struct Cluster {
    child: Child,
    // Held open: the script stops when it closes.
    stdin: Option<ChildStdin>,
    /// The URL of its `postgres` database, as the superuser `postgres`.
    pub url: String,
    pub port: u16,
}

impl Cluster {
    /// The script shipped with the project.
    pub fn script() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pgstack")
    }

    /// Starts a server whose cluster lives in `state_dir` (a new folder),
    /// and waits until it takes connections. `durable`: PostgreSQL's own
    /// settings (fsync on), for measurements; else the disk is not waited
    /// for.
    pub fn start(state_dir: &Path, durable: bool) -> anyhow::Result<Cluster> {
        let mut command = Command::new("bash");
        command.arg(Self::script()).arg("run").arg(state_dir);
        if durable {
            command.arg("--durable");
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("starting scripts/pgstack")?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let mut lines = BufReader::new(stdout).lines();
        let ready = loop {
            match lines.next() {
                Some(line) => {
                    let line = line?;
                    if line.starts_with("PGSTACK READY") {
                        break line;
                    }
                }
                None => bail!("scripts/pgstack ended before it was ready"),
            }
        };
        std::thread::spawn(move || for _ in lines.by_ref() {});
        let field = |name: &str| -> anyhow::Result<String> {
            ready
                .split_whitespace()
                .find_map(|w| w.strip_prefix(&format!("{name}=")))
                .map(str::to_string)
                .with_context(|| format!("no {name}= in {ready:?}"))
        };
        Ok(Cluster {
            url: field("url")?,
            port: field("port")?.parse()?,
            child,
            stdin: Some(stdin),
        })
    }

    /// One server for the whole process, started at the first call (in
    /// `/tmp/arb-pg-PID`), stopped when the process ends.
    pub fn shared() -> &'static Cluster {
        static SHARED: OnceLock<Cluster> = OnceLock::new();
        SHARED.get_or_init(|| {
            let dir = PathBuf::from(format!("/tmp/arb-pg-{}", std::process::id()));
            Cluster::start(&dir, false).expect("the test PostgreSQL server starts")
        })
    }

    /// A new, empty database on this server; its URL.
    pub async fn new_database(&self) -> anyhow::Result<String> {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "arbiter_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = PgConnection::connect(&self.url)
            .await
            .context("connecting to the test PostgreSQL server")?;
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await
            .with_context(|| format!("CREATE DATABASE {name}"))?;
        admin.close().await?;
        Ok(format!(
            "postgres://postgres@127.0.0.1:{}/{name}",
            self.port
        ))
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // Closing stdin stops the script; wait for it, so that the server
        // is gone when the handle is.
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}
