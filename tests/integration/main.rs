//! Every integration test in one binary: Cargo links each file directly
//! under `tests/` as a binary of its own (the whole crate each time), so
//! the suite lives here as modules of one crate and links once.
//!
//! The rooms: command-line and host paths (`cli`, `export`, `service`,
//! `check_e2e`, ...), the referee driven through its own traits (`inbox`,
//! `habits`, `clock`, ...), the crate's layering read from its source
//! (`layers`), and end to end through the real Postfix and
//! Dovecot (`mail_*_e2e`, `demo`). The shared harness is `support`.

mod support;

mod archive_site;
mod archive_site_screens;
mod archive_site_sealed;
mod check_e2e;
mod cli;
mod clock;
mod computer;
mod computer_turns;
mod db_copy;
mod db_faults;
mod demo;
mod export;
mod habits;
mod inbox;
mod inbox_games;
mod layers;
mod mail_arrival_e2e;
mod mail_bluff_e2e;
mod mail_chess_e2e;
mod mail_computer_e2e;
mod mail_corpus;
mod mail_db_faults_e2e;
mod mail_folders_e2e;
mod mail_kill_e2e;
mod mail_leaks;
mod mail_many_e2e;
mod mail_parse;
mod mail_restart_e2e;
mod mail_service_e2e;
mod mail_swiss_e2e;
mod mail_tournament_e2e;
mod notices;
mod oauth_e2e;
mod outbox_e2e;
mod pictures;
mod public_names;
mod referees_e2e;
mod service;
mod snapshots;
mod superial;
mod tournament_settings;
mod tournaments;
mod tournaments_swiss;
