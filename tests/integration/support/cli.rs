//! The real `arbiter` binary on a database of the test's own.

use std::path::Path;
use std::process::Command;

/// What a run of the binary gave.
pub struct Run {
    pub code: i32,
    pub out: String,
    pub err: String,
}

/// Runs `arbiter --db DB ARGS...`.
pub fn arbiter(db: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&out.stdout).into_owned(),
        err: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
