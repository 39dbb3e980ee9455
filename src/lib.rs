//! Arbiter: a play-by-email referee for chess variants.
//!
//! - [`rules`]: the games, pure and deterministic, behind one trait.
//! - [`bot`]: the computer opponent, which sees only its seat.
//! - [`games`]: the games the referee runs, each game's rules tied to its
//!   computer.
//! - [`command`]: the grammar of what players write.
//! - [`rating`]: Glicko-2 ratings, one list per game.
//! - [`tournament`]: round robins and Swiss events: pairings, standings,
//!   tiebreaks and the TRF-16 report, pure.
//! - [`referee`]: commands plus stored games give new games and notices.
//! - [`store`]: the SQLite database.
//! - [`render`]: notices and views as text and HTML, boards as pictures.
//! - [`mail`]: players' mail: what they sent, as commands.
//! - [`archive`]: a game exported, as JSON and PGN.
//! - [`site`]: the static archive site, every finished game's page.
//! - [`check`]: `arbiter check`, the host's walk from the configuration
//!   to a test mail that comes back.
//! - [`cli`]: the `arbiter` command line.

pub mod archive;
pub mod bot;
pub mod check;
pub mod cli;
pub mod command;
pub mod config;
pub mod demo;
pub mod games;
pub mod mail;
pub mod rating;
pub mod referee;
pub mod render;
pub mod rules;
pub mod site;
pub mod store;
pub mod tournament;
