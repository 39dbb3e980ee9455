//! Pages in a real browser: headless Chromium, Debian's package (which
//! `scripts/test` installs), its DOM after the page's scripts ran and its
//! log, read for the page's errors.

use std::path::Path;
use std::process::Command;

pub const CHROMIUM: &str = "/usr/bin/chromium";

/// What headless Chromium gave for a page: the DOM after its scripts ran,
/// and its log.
pub struct Loaded {
    pub dom: String,
    pub log: String,
}

impl Loaded {
    /// The log lines that tell of a page's error: anything the page wrote
    /// to its console (ours write nothing), an uncaught exception, a load
    /// that failed.
    pub fn errors(&self) -> Vec<&str> {
        self.log
            .lines()
            .filter(|l| {
                l.contains(":CONSOLE")
                    || l.contains("Uncaught")
                    || l.contains("net::ERR_")
                    || l.contains("Refused to")
            })
            .collect()
    }

    pub fn assert_clean(&self, what: &str) {
        assert!(
            self.errors().is_empty(),
            "{what}: the browser reported errors:\n{}",
            self.errors().join("\n")
        );
    }
}

/// Loads `url` in headless Chromium with a profile of its own; fails, with
/// the way to install it, where Chromium is missing.
pub fn load(url: &str) -> Loaded {
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: the archive site is tested in Debian's Chromium, which \
         scripts/test installs (run scripts/test, or apt-get install chromium as root)"
    );
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new("timeout")
        .arg("90")
        .arg(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args([
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=5000",
            "--dump-dom",
            url,
        ])
        .output()
        .expect("running chromium");
    let loaded = Loaded {
        dom: String::from_utf8_lossy(&out.stdout).into_owned(),
        log: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(
        out.status.success() && loaded.dom.contains("</html>"),
        "chromium failed on {url} ({}):\n{}",
        out.status,
        loaded.log
    );
    loaded
}

pub fn url(path: &Path, fragment: &str) -> String {
    format!("file://{}{fragment}", path.display())
}
