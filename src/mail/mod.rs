//! Mail: reading players' mail (IMAP, parsing), answering it (composing,
//! the outbox, SMTP), and the daemon that ties them to the referee.

pub mod compose;
pub mod parse;
pub mod quote;
pub mod imap;
pub mod inbox;
pub mod daemon;
pub mod sender;
