//! A folder name as the configuration writes it: `/` and `.` both separate
//! levels (`Arbiter/Done` and `Arbiter.Done` are the folder Done under
//! Arbiter). The mail room writes the levels with the server's own
//! separator (`crate::mail::folders`); here is what a configured name
//! means, so that the configuration is checked without the mail room.

use thiserror::Error;

/// A folder name in the configuration that names no folder.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FolderNameError {
    #[error("is empty")]
    Empty,
    #[error("has an empty level (a leading, trailing or doubled `/` or `.`)")]
    EmptyLevel,
}

/// The levels of a configured folder name: `Arbiter/Done` and `Arbiter.Done`
/// are both `["Arbiter", "Done"]`.
pub fn levels(configured: &str) -> Result<Vec<&str>, FolderNameError> {
    if configured.is_empty() {
        return Err(FolderNameError::Empty);
    }
    let levels: Vec<&str> = configured.split(['/', '.']).collect();
    if levels.iter().any(|level| level.is_empty()) {
        return Err(FolderNameError::EmptyLevel);
    }
    Ok(levels)
}

/// Whether two configured names mean the same folder (INBOX in any case is
/// the inbox, RFC 3501 5.1).
pub fn same_folder(a: &str, b: &str) -> bool {
    let norm = |name: &str| -> Option<Vec<String>> {
        let mut levels: Vec<String> = levels(name).ok()?.into_iter().map(str::to_string).collect();
        if levels[0].eq_ignore_ascii_case("INBOX") {
            levels[0] = "INBOX".to_string();
        }
        Some(levels)
    };
    norm(a).is_some() && norm(a) == norm(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_separator_names_the_same_levels() {
        for configured in ["Arbiter/Done", "Arbiter.Done"] {
            assert_eq!(levels(configured), Ok(vec!["Arbiter", "Done"]));
        }
    }

    #[test]
    fn names_without_a_folder_are_refused() {
        assert_eq!(levels(""), Err(FolderNameError::Empty));
        for bad in ["/Done", "Arbiter/", "Arbiter//Done", "Arbiter./Done", "."] {
            assert_eq!(levels(bad), Err(FolderNameError::EmptyLevel), "{bad}");
        }
    }

    #[test]
    fn the_inbox_is_the_inbox_in_any_case_and_separator() {
        assert!(same_folder("INBOX", "inbox"));
        assert!(same_folder("inbox/Done", "INBOX.Done"));
        assert!(!same_folder("Arbiter/Done", "arbiter/done"));
        assert!(!same_folder("INBOX", "Arbiter/Done"));
    }
}
