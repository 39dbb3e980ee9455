//! The referee's folders as the IMAP server names them, and the server's
//! refusals that no retry can cure.
//!
//! Servers separate folder levels with the character they report in
//! `LIST "" ""`: `/` (Dovecot with a `/` namespace, Gmail, Exchange) or `.`
//! (Dovecot's stock Maildir setting, Courier, Cyrus). The configuration may
//! use either: `Arbiter/Done` and `Arbiter.Done` both mean the folder Done
//! under Arbiter, written with the server's own separator on the wire
//! (what a configured name means is the configuration's:
//! [`crate::config::folder`]).

use thiserror::Error;

use crate::config::folder::levels;

/// The server's name for a configured folder and the names of its parents,
/// outermost first (`Arbiter`, `Arbiter.Done`), given the separator the
/// server reported (`None`: a flat namespace without levels).
pub fn server_path(configured: &str, separator: Option<char>) -> Result<Vec<String>, String> {
    let levels = levels(configured).map_err(|e| format!("the name {e}"))?;
    let Some(separator) = separator else {
        return match levels.as_slice() {
            [only] => Ok(vec![only.to_string()]),
            _ => Err("a NIL separator: this server has no folder levels.".to_string()),
        };
    };
    let mut path = Vec::with_capacity(levels.len());
    let mut name = String::new();
    for level in levels {
        if level.contains(separator) {
            return Err(format!(
                "the separator {separator:?}, which the level {level:?} contains."
            ));
        }
        if !name.is_empty() {
            name.push(separator);
        }
        name.push_str(level);
        path.push(name.clone());
    }
    Ok(path)
}

/// The server refuses a configured folder: a configuration error that
/// retrying cannot cure, so the daemon stops with this message.
#[derive(Debug, Error)]
#[error(
    "the IMAP server refuses the folder imap.{setting} = {configured:?}. Its answer to {command}: \
     {answer} Name a folder this server accepts (`/` and `.` both separate levels)."
)]
pub struct FolderRefused {
    /// `done_folder` or `mailbox`.
    pub setting: &'static str,
    /// The name as the configuration has it.
    pub configured: String,
    /// What was refused: the command with the server's name for the folder.
    pub command: String,
    /// The server's answer, response code included.
    pub answer: String,
}

/// What became of a command on a folder.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not a refusal: a network failure, a server going away or busy for
    /// now (RFC 5530 `UNAVAILABLE`, `INUSE`, `SERVERBUG`). Worth retrying.
    Transient,
    /// The folder does not exist yet (`TRYCREATE`, `NONEXISTENT` on MOVE
    /// or COPY): creating it again is the cure.
    Missing,
    /// The folder exists already (`ALREADYEXISTS` on CREATE).
    Exists,
    /// The mails named are gone from the mailbox (`EXPUNGEISSUED`):
    /// another referee, which took the mailbox over, moved them already.
    Gone,
    /// Anything else the server says NO or BAD to: permanent. The text is
    /// the server's answer.
    Permanent(String),
}

/// Sorts an error from the `imap` crate.
pub fn classify(error: &imap::Error) -> Refusal {
    let (information, code) = match error {
        imap::Error::No(no) => (&no.information, &no.code),
        imap::Error::Bad(bad) => (&bad.information, &bad.code),
        _ => return Refusal::Transient,
    };
    if matches!(code, Some(imap_proto::ResponseCode::TryCreate)) {
        return Refusal::Missing;
    }
    classify_answer(information)
}

/// Sorts the text of a NO or BAD answer. `imap-proto` parses only RFC
/// 3501's response codes; the newer ones (RFC 5530) stay at its start.
fn classify_answer(information: &str) -> Refusal {
    let code = information
        .strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        .map(|(code, _)| code.to_ascii_uppercase())
        .unwrap_or_default();
    match code.as_str() {
        "UNAVAILABLE" | "INUSE" | "SERVERBUG" => Refusal::Transient,
        "TRYCREATE" | "NONEXISTENT" => Refusal::Missing,
        "ALREADYEXISTS" => Refusal::Exists,
        "EXPUNGEISSUED" => Refusal::Gone,
        _ => Refusal::Permanent(information.trim().to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_separator_names_the_same_server_path() {
        for configured in ["Arbiter/Done", "Arbiter.Done"] {
            assert_eq!(
                server_path(configured, Some('.')).unwrap(),
                ["Arbiter", "Arbiter.Done"]
            );
            assert_eq!(
                server_path(configured, Some('/')).unwrap(),
                ["Arbiter", "Arbiter/Done"]
            );
        }
        assert_eq!(server_path("INBOX", Some('.')).unwrap(), ["INBOX"]);
        assert_eq!(server_path("Done", None).unwrap(), ["Done"]);
        assert!(server_path("Arbiter/Done", None).is_err());
        assert!(server_path("Arbiter/Done", Some('D')).is_err());
    }

    #[test]
    fn refusals_are_sorted_by_what_cures_them() {
        assert_eq!(
            classify_answer("[CANNOT] Invalid mailbox name: Name must not have '/' characters"),
            Refusal::Permanent(
                "[CANNOT] Invalid mailbox name: Name must not have '/' characters".into()
            )
        );
        assert_eq!(
            classify_answer("Mailbox doesn't exist: Nope"),
            Refusal::Permanent("Mailbox doesn't exist: Nope".into())
        );
        assert_eq!(
            classify_answer("[UNAVAILABLE] try later"),
            Refusal::Transient
        );
        assert_eq!(classify_answer("[inuse] busy"), Refusal::Transient);
        assert_eq!(classify_answer("[TRYCREATE] no such"), Refusal::Missing);
        assert_eq!(
            classify_answer("[ALREADYEXISTS] Mailbox already exists"),
            Refusal::Exists
        );
        assert_eq!(classify(&imap::Error::ConnectionLost), Refusal::Transient);
        // Mails another referee moved already: not a refused folder.
        assert_eq!(
            classify_answer("[EXPUNGEISSUED] Some of the requested messages no longer exist"),
            Refusal::Gone
        );
    }
}
