//! Mail: reading players' mail (IMAP, parsing), answering it (composing,
//! the outbox, SMTP), and the daemon that ties them to the referee.

pub mod compose;
pub mod daemon;
pub mod folders;
pub mod imap;
mod in_game;
pub mod inbox;
mod invitations;
pub mod login;
mod notify;
pub mod parse;
pub mod quote;
pub mod reload;
mod room;
pub mod sender;
pub mod shutdown;
pub mod smtp;
pub mod tls;
mod watcher;

use crate::store::StoreError;

/// Whether `error` is the database being full or read-only (see
/// [`StoreError::needs_the_host`]): the daemon's parts stop on it and say
/// what to do, rather than retry in a loop.
fn needs_the_host(error: &anyhow::Error) -> bool {
    error.chain().any(|e| {
        e.downcast_ref::<StoreError>()
            .is_some_and(StoreError::needs_the_host)
    })
}

/// Whether `error` is a database failure worth trying again soon (see
/// [`StoreError::is_passing`]).
fn is_passing(error: &anyhow::Error) -> bool {
    error.chain().any(|e| {
        e.downcast_ref::<StoreError>()
            .is_some_and(StoreError::is_passing)
    })
}

/// A game command's conditional moves, set as a mail sets them (for
/// `arbiter game play`).
pub(crate) use in_game::conditionals_after;
