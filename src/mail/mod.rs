//! Mail: reading players' mail (IMAP, parsing), answering it (composing,
//! the outbox, SMTP), and the daemon that ties them to the referee.

pub mod compose;
