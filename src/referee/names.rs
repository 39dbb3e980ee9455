//! Players' public names: what the standings by mail, the crosstables, the
//! rating lists and the archive site show instead of an address, so that a
//! club's archive does not publish its members' addresses. A player sets
//! one by mail (`name Alice Smith`); until then the name is the display
//! name of their first mail's From header, else their address's local part
//! with the domain hidden (`alice@…`). Every public place shows a player
//! through [`PublicNames::of`]; mails to a player may still name their own
//! address. And the address itself: how it is written down
//! ([`normalize_address`]) and checked.

use std::collections::HashMap;

use super::{Referee, RefereeError};
use crate::store::Tx;
use crate::store::names;

/// Why a name was refused, in the player's terms.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NameError {
    #[error("a name has 1 to 40 printable characters; {0:?} has not")]
    Shape(String),
    #[error("a name may not be a mail address (it holds `@`): {0:?}")]
    Address(String),
    #[error("the name {0:?} is taken by another player: choose another")]
    Taken(String),
}

/// Checks a name a player chose: 1 to 40 printable characters (spaces
/// inside folded to one), no `@`.
pub fn check_name(name: &str) -> Result<String, NameError> {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = name.chars().count();
    if !(1..=40).contains(&count) || name.chars().any(char::is_control) {
        return Err(NameError::Shape(name));
    }
    if name.contains('@') {
        return Err(NameError::Address(name));
    }
    Ok(name)
}

/// An address with its domain hidden: `alice@…`.
pub fn hidden_address(address: &str) -> String {
    let local = address.split('@').next().unwrap_or(address);
    format!("{local}@…")
}

/// Every player's public name, read once for a page or a list.
#[derive(Clone, Debug, Default)]
pub struct PublicNames {
    names: HashMap<String, String>,
    computer: String,
}

impl PublicNames {
    /// How `who` (an address, the computer's pseudo-address, or the
    /// computer at a level, `computer:2`) is shown in public.
    pub fn of(&self, who: &str) -> String {
        if let Some(level) = who.strip_prefix("computer:") {
            return format!("computer (level {level})");
        }
        if who == self.computer {
            return "computer".to_string();
        }
        match self.names.get(who) {
            Some(name) => name.clone(),
            None => hidden_address(who),
        }
    }
}

impl Referee {
    /// Every player's public name.
    pub async fn public_names(&self, conn: &mut Tx) -> Result<PublicNames, RefereeError> {
        Ok(PublicNames {
            names: names::all(conn).await?,
            computer: self.computer.address.clone(),
        })
    }

    /// `name NAME`: sets the sender's public name; refused, changing
    /// nothing, if it is malformed or another player's.
    pub async fn set_public_name(
        &self,
        conn: &mut Tx,
        address: &str,
        name: &str,
    ) -> Result<String, RefereeError> {
        let name = check_name(name)?;
        if !names::set(conn, address, &name).await? {
            return Err(NameError::Taken(name).into());
        }
        Ok(format!(
            "Your public name is now {name}: standings, crosstables, the rating lists and the \
             archive site show you by it, never by your address.\n"
        ))
    }

    /// Gives `address` a public name the first time they write: the From
    /// header's display name if it makes a free name, else the address's
    /// local part with the domain hidden.
    pub async fn first_public_name(
        &self,
        conn: &mut Tx,
        address: &str,
        display: Option<&str>,
    ) -> Result<(), RefereeError> {
        if names::get(conn, address).await?.is_some() {
            return Ok(());
        }
        if let Some(name) = display.and_then(|d| check_name(d).ok())
            && names::set_first(conn, address, &name).await?
        {
            return Ok(());
        }
        names::set_first(conn, address, &hidden_address(address)).await?;
        Ok(())
    }
}

/// Lower-cases and trims a mail address (`<Bob@X.test>` -> `bob@x.test`).
pub fn normalize_address(address: &str) -> String {
    address
        .trim()
        .trim_matches(|c| c == '<' || c == '>')
        .to_ascii_lowercase()
}

pub(super) fn check_address(address: &str) -> Result<String, RefereeError> {
    let normal = normalize_address(address);
    match normal.split_once('@') {
        Some((local, domain))
            if !local.is_empty()
                && domain.contains('.')
                && !normal.contains(char::is_whitespace) =>
        {
            Ok(normal)
        }
        _ => Err(RefereeError::BadAddress(address.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  Alice   Smith ").unwrap(), "Alice Smith");
        assert_eq!(check_name("Zoë Ødegård").unwrap(), "Zoë Ødegård");
        assert!(matches!(check_name(""), Err(NameError::Shape(_))));
        assert!(matches!(
            check_name(&"x".repeat(41)),
            Err(NameError::Shape(_))
        ));
        assert!(check_name(&"é".repeat(40)).is_ok());
        assert!(matches!(check_name("a\u{7}b"), Err(NameError::Shape(_))));
        assert!(matches!(
            check_name("alice@example.test"),
            Err(NameError::Address(_))
        ));
        assert_eq!(hidden_address("alice@example.test"), "alice@…");
    }

    #[test]
    fn the_computer_and_unnamed_players_are_shown_without_an_address() {
        let names = PublicNames {
            names: [("a@x.test".to_string(), "Alice".to_string())].into(),
            computer: "computer@x.test".to_string(),
        };
        assert_eq!(names.of("a@x.test"), "Alice");
        assert_eq!(names.of("b@x.test"), "b@…");
        assert_eq!(names.of("computer@x.test"), "computer");
        assert_eq!(names.of("computer:3"), "computer (level 3)");
    }
}
