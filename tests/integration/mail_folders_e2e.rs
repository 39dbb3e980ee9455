//! End to end through the real Dovecot: a folder the server refuses stops
//! `arbiter serve` at once, with a message naming the folder and carrying
//! the server's answer, instead of a retry loop that only a log line shows.

use std::time::Duration;

use crate::support::{Harness, Setup};

/// Starts the daemon on a fresh server and returns its exit code and log.
fn serve_until_it_stops(
    name: &str,
    separator: char,
    mailbox: &str,
    done_folder: &str,
) -> (i32, String) {
    let mut harness = Harness::start(
        name,
        Setup {
            separator,
            done_folder,
            mailbox,
            ..Setup::DEFAULT
        },
    );
    let code = harness.daemon_exit(Duration::from_secs(20));
    let log = harness.daemon_log();
    let code = code.unwrap_or_else(|| panic!("serve kept running:\n{log}"));
    (code, log)
}

#[test]
fn a_done_folder_the_server_refuses_stops_serve_with_its_answer() {
    for (name, separator) in [("refuse-slash", '/'), ("refuse-dot", '.')] {
        // Dovecot refuses names that begin with `~`, whatever the separator.
        let (code, log) = serve_until_it_stops(name, separator, "INBOX", "~Arbiter/Done");
        assert_ne!(code, 0, "{log}");
        let wanted = "the IMAP server refuses the folder imap.done_folder = \"~Arbiter/Done\". \
             Its answer to CREATE ~Arbiter: [CANNOT] Invalid mailbox name";
        assert!(log.contains(wanted), "separator {separator}: {log}");
        assert!(!log.contains("cannot open the mailbox"), "no retry: {log}");
    }
}

#[test]
fn a_watched_mailbox_that_does_not_exist_stops_serve() {
    let (code, log) = serve_until_it_stops("no-mailbox", '.', "Referee/Games", "Arbiter/Done");
    assert_ne!(code, 0, "{log}");
    assert!(
        log.contains(
            "the IMAP server refuses the folder imap.mailbox = \"Referee/Games\". \
             Its answer to SELECT Referee.Games: Mailbox doesn't exist"
        ),
        "{log}"
    );
}
