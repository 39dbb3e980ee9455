//! Mail: reading players' mail (IMAP, parsing), answering it (composing,
//! the outbox, SMTP), and the daemon that ties them to the referee.

pub mod compose;
pub mod daemon;
pub mod folders;
pub mod imap;
pub mod inbox;
pub mod parse;
pub mod quote;
pub mod sender;
