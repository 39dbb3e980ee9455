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

/// A game command's conditional moves, set as a mail sets them (for
/// `arbiter game play`).
pub(crate) use in_game::conditionals_after;
