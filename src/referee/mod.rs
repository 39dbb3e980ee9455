//! The referee: turns what a player wrote into a change of a stored game and
//! the notices each player receives.
//!
//! Every change happens in one write transaction that the caller owns, so the
//! mail daemon can commit a game change together with the mark that its mail
//! is done and the mails it causes (see `crate::mail`).

mod archive;
mod challenges;
pub mod clock;
mod computer;
mod conditional;
mod create;
mod deadlines;
mod digest;
mod host;
mod matches;
mod names;
mod notice;
mod ratings;
mod replay;
mod site;
mod stored;
mod swiss;
mod tournament_setup;
mod tournament_spec;
mod tournaments;
mod turns;
mod undo;
mod watchers;

use crate::store::Tx;
use rand::RngCore;
use sha2::{Digest, Sha256};
use thiserror::Error;
use tracing::info;

use crate::command::Command;
use crate::games::{GameInfo, game_names};
use crate::rules::{
    ActionError, Event, GameResult, HostView, OptionError, PublicView, Seat, SeatView, Status,
};
use crate::store::games::{self, Checkpoint, GameRow, Progress, SeatRow};
use crate::store::{Store, StoreError};
pub use archive::Reader;
pub use challenges::{Answered, ChallengeRequest, Issued};
use chrono::Utc;
use clock::{Clock, show_time};
pub use computer::{ComputerRequest, ComputerSeat, ComputerSettings};
pub use digest::{DIGEST_INTERVAL, DailyDigest};
pub use matches::{LogEntry, Match, MatchError, Step};
use names::check_address;
pub use names::{NameError, PublicNames, check_name, hidden_address, normalize_address};
pub use notice::{Notice, NoticeKind};
pub use swiss::{SwissMail, initial_colour};
pub use tournament_setup::{DueStart, parse_start_day};
pub use tournament_spec::{MIN_PLAYERS, TournamentError, TournamentSpec};
pub use tournaments::{Left, Section};
pub use turns::Answer;
pub use undo::takeback_allowed;
pub use watchers::SpectatorNotice;

/// Why the referee did not do what was asked.
#[derive(Debug, Error)]
pub enum RefereeError {
    /// Shown to the player as it is: the rules or the referee refused.
    #[error(transparent)]
    Refused(#[from] ActionError),
    #[error("there is no game #{0}")]
    NoSuchGame(i64),
    #[error("{address} does not play in game #{game}")]
    NotAPlayer { game: i64, address: String },
    #[error("there is no game called {name:?}; the games are: {}", game_names().join(", "))]
    UnknownGame { name: String },
    #[error(transparent)]
    Options(#[from] OptionError),
    /// A start position the game refuses.
    #[error("{0}")]
    Position(String),
    #[error("a game needs two different players")]
    SamePlayer,
    #[error("there is no challenge #{0}")]
    NoSuchChallenge(i64),
    #[error("challenge #{id} is not addressed to {address}")]
    NotChallenged { id: i64, address: String },
    #[error("challenge #{id} was already {status}")]
    ChallengeClosed { id: i64, status: String },
    #[error("{0:?} is not a mail address")]
    BadAddress(String),
    /// The stored game cannot be loaded or replayed. Reported to the host,
    /// never half-loaded.
    #[error("game #{game} is damaged: {reason}")]
    Damaged { game: i64, reason: String },
    /// An export of a game still played with hidden information.
    #[error(
        "game #{game} is still being played, and {title} hides things from its players: it can be \
         exported once it has ended (the host may export it now with --host)"
    )]
    HiddenOngoing { game: i64, title: &'static str },
    /// The archive site's replay of a game that has not ended.
    #[error("game #{0} is still being played: only a finished game is replayed for the archive")]
    Unfinished(i64),
    #[error("this referee's host has turned the computer opponent off")]
    ComputerOff,
    #[error(
        "the computer already plays {0} games, as many as this referee's host allows at once; \
         try again when one of them has ended"
    )]
    ComputerBusy(u32),
    /// The computer's pseudo-address named as an ordinary player.
    #[error(
        "{0} is the referee's computer, which takes no invitations: to play it, write \
         `challenge computer GAME` (or, from the command line, `game new GAME --black computer`)"
    )]
    ComputerAddress(String),
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    #[error(transparent)]
    Name(#[from] NameError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<MatchError> for RefereeError {
    fn from(e: MatchError) -> Self {
        match e {
            MatchError::Refused(e) => RefereeError::Refused(e),
            MatchError::Options(e) => RefereeError::Options(e),
            other => RefereeError::Position(other.to_string()),
        }
    }
}

/// Where an entry came from, for the log: `cli`, or a mail's key.
pub type Source<'a> = &'a str;

/// Log rows as entries; one that does not decode means a damaged game
/// (for loading a game, `stored.rs`, and for the computer's views,
/// `computer.rs`).
fn decode_entries(id: i64, rows: &[games::LogRow]) -> Result<Vec<LogEntry>, RefereeError> {
    rows.iter()
        .map(|r| serde_json::from_value(r.entry.clone()))
        .collect::<Result<_, _>>()
        .map_err(|e| RefereeError::Damaged {
            game: id,
            reason: format!("log entry does not decode: {e}"),
        })
}

/// A loaded game: its row, seats and match. The state and the seed stay
/// inside: what leaves is a view of the kind the reader may have.
pub struct LoadedGame {
    row: GameRow,
    pub seats: Vec<SeatRow>,
    pub info: &'static GameInfo,
    current: Match,
    /// The log entries its stored checkpoint reflects.
    checkpoint_len: i64,
    /// The seat the referee's computer plays, if it plays here.
    pub computer: Option<ComputerSeat>,
}

impl LoadedGame {
    /// The seat played by `address`.
    pub fn seat_of(&self, address: &str) -> Option<Seat> {
        let address = normalize_address(address);
        self.seats
            .iter()
            .find(|s| s.address == address)
            .map(|s| s.seat)
    }

    pub fn address(&self, seat: Seat) -> &str {
        &self
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .expect("both seats are stored")
            .address
    }

    pub fn id(&self) -> i64 {
        self.row.id
    }

    /// Where the game stands, or how it ended.
    pub fn status(&self) -> Status {
        self.current.status()
    }

    /// An open draw offer, by that seat.
    pub fn draw_offer(&self) -> Option<Seat> {
        self.current.draw_offer
    }

    /// What `seat` may see now; everyone sees the archive once it ended.
    pub fn seat_view(&self, seat: Seat) -> SeatView {
        self.current.seat_view(seat)
    }

    /// What a spectator may see now (the archive once it ended).
    pub fn public_view(&self) -> PublicView {
        self.current.public_view()
    }

    /// Everything, hidden parts marked: the host's.
    pub fn host_view(&self) -> HostView {
        self.current.host_view()
    }

    /// Every legal action of `seat` now, in notation.
    pub fn legal_texts(&self, seat: Seat) -> Vec<String> {
        self.current.legal_texts(seat)
    }

    /// The position string, secrets included: host and tests only.
    pub fn host_position(&self) -> String {
        self.current.host_position()
    }
}

/// A fresh random secret of `len` letters and digits (no look-alikes).
pub fn random_token(len: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    (0..len)
        .map(|_| ALPHABET[(rng.next_u32() as usize) % ALPHABET.len()] as char)
        .collect()
}

/// SHA-256 of a game's seed, in hex: told to both players at the start.
pub fn seed_hash(seed: &[u8; 32]) -> String {
    hex::encode(Sha256::digest(seed))
}

/// The referee over one database.
#[derive(Clone, Debug)]
pub struct Referee {
    store: Store,
    clock: Clock,
    computer: ComputerSettings,
}

impl Referee {
    /// A referee without time control.
    pub fn new(store: Store) -> Referee {
        Referee {
            store,
            clock: Clock::default(),
            computer: ComputerSettings::default(),
        }
    }

    /// A referee that runs the host's clock.
    pub fn with_clock(store: Store, clock: Clock) -> Referee {
        Referee {
            store,
            clock,
            computer: ComputerSettings::default(),
        }
    }

    pub fn clock(&self) -> Clock {
        self.clock
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The same referee, its changes committed only while `lease` is held
    /// (see [`Store::under`]).
    pub fn under(&self, lease: std::sync::Arc<crate::store::lease::Lease>) -> Referee {
        Referee {
            store: self.store.under(lease),
            ..self.clone()
        }
    }

    /// The games `address` plays (all games without one), newest first.
    pub async fn games_of(
        &self,
        conn: &mut Tx,
        address: &str,
    ) -> Result<Vec<games::GameSummary>, StoreError> {
        games::list(conn, Some(&normalize_address(address))).await
    }

    /// Carries out a command of the player in `seat` of game `id`. Returns
    /// the notices to send: for a game change, one to each player; for a
    /// question (`show`, `history`), one to the asker. A refused command
    /// changes nothing.
    pub async fn act(
        &self,
        conn: &mut Tx,
        id: i64,
        seat: Seat,
        command: &Command,
        source: Source<'_>,
    ) -> Result<Vec<Notice>, RefereeError> {
        let loaded = self.load(conn, id).await?;
        let index = loaded.row.log_len as u64;
        let current = &loaded.current;
        let step = match command {
            Command::Show | Command::History => {
                let kind = if *command == Command::Show {
                    NoticeKind::Show
                } else {
                    NoticeKind::History
                };
                let mut notice = Notice::build(&loaded, seat, kind, Vec::new());
                // A finished game's history goes with the whole game (PGN
                // and JSON); an ongoing one's never: it would leak.
                if *command == Command::History && loaded.status().is_finished() {
                    let archive = self.archive(conn, id, Reader::Public).await?;
                    notice.events.push(format!(
                        "The whole game is attached: {}.",
                        archive.file_names().join(" and ")
                    ));
                    notice.archive = Some(Box::new(archive));
                }
                return self.with_deadlines(conn, &loaded, vec![notice]).await;
            }
            Command::Vacation(days) => {
                let until = self
                    .vacation(conn, id, loaded.address(seat), *days, Utc::now())
                    .await?;
                let kind = NoticeKind::Vacation {
                    until: show_time(until),
                };
                let notices = vec![Notice::build(&loaded, seat, kind, Vec::new())];
                return self.with_deadlines(conn, &loaded, notices).await;
            }
            Command::Conditional(lines) => {
                let set = self.set_conditionals(conn, &loaded, seat, lines).await?;
                let mut events = vec![Event::private(
                    seat,
                    "Your conditional moves are set (your opponent is not told of them):",
                )];
                events.extend(set.into_iter().map(|line| Event::private(seat, line)));
                let kind = NoticeKind::Accepted {
                    notation: "conditional moves".to_string(),
                };
                let notices = vec![Notice::build(&loaded, seat, kind, events)];
                return self.with_deadlines(conn, &loaded, notices).await;
            }
            Command::CancelConditional => {
                let words = if self.cancel_conditionals(conn, id, seat).await? {
                    "Your conditional moves are cancelled."
                } else {
                    "You had no conditional moves in this game."
                };
                let kind = NoticeKind::Accepted {
                    notation: "cancel conditional moves".to_string(),
                };
                let events = vec![Event::private(seat, words)];
                let notices = vec![Notice::build(&loaded, seat, kind, events)];
                return self.with_deadlines(conn, &loaded, notices).await;
            }
            Command::Resign => current.apply_meta(LogEntry::Resign { seat })?,
            Command::Draw => self.draw(&loaded, seat, index)?,
            Command::DeclineDraw | Command::Decline => {
                current.apply_meta(LogEntry::DeclineDraw { seat })?
            }
            Command::Takeback => self.takeback(conn, &loaded, seat).await?,
            Command::DeclineTakeback => current.apply_meta(LogEntry::DeclineTakeback { seat })?,
            Command::Abort => self.abort(conn, &loaded, seat).await?,
            Command::Play(text) => current
                .play(seat, text, loaded.row.seed, index)
                .map_err(|e| name_odd_letters(e, text))?,
            other => {
                return Err(ActionError::illegal(format!(
                    "{} is not a command inside a game.",
                    command_name(other)
                ))
                .into());
            }
        };
        self.commit_step(conn, &loaded, Some(seat), step, source)
            .await
    }

    /// Ends a game by the host's ruling.
    pub async fn adjudicate(
        &self,
        conn: &mut Tx,
        id: i64,
        result: GameResult,
        reason: &str,
        source: Source<'_>,
    ) -> Result<Vec<Notice>, RefereeError> {
        let loaded = self.load(conn, id).await?;
        let step = loaded.current.apply_meta(LogEntry::Adjudicate {
            result,
            reason: reason.to_string(),
        })?;
        self.commit_step(conn, &loaded, None, step, source).await
    }

    /// `draw`: accepts the opponent's offer, else claims a draw the rules
    /// allow now, else offers one.
    fn draw(&self, loaded: &LoadedGame, seat: Seat, index: u64) -> Result<Step, ActionError> {
        let current = &loaded.current;
        if current.draw_offer == Some(seat.other()) {
            return current.apply_meta(LogEntry::AcceptDraw { seat });
        }
        if let Some(step) = current.claim_draw(seat, loaded.row.seed, index) {
            return Ok(step);
        }
        current.apply_meta(LogEntry::OfferDraw { seat })
    }

    async fn commit_step(
        &self,
        conn: &mut Tx,
        loaded: &LoadedGame,
        actor: Option<Seat>,
        step: Step,
        source: Source<'_>,
    ) -> Result<Vec<Notice>, RefereeError> {
        let id = loaded.row.id;
        let mut after = self.record(conn, loaded, actor, &step, source).await?;
        // A notice held for the computer's answer is told with this entry's.
        let mut events = self.take_held(conn, id).await?;
        events.extend(step.events);
        if let Some(actor) = actor {
            after = self
                .answer_conditionally(
                    conn,
                    after,
                    actor,
                    &step.action,
                    &step.notation,
                    &mut events,
                )
                .await?;
        }
        if after.status().is_finished() || matches!(step.action, LogEntry::AcceptTakeback { .. }) {
            crate::store::conditionals::clear(conn, id, None).await?;
        }
        self.note_next_check(conn, &after).await?;
        let kind = |to: Seat| {
            if actor.is_none() {
                NoticeKind::Referee
            } else if Some(to) == actor {
                NoticeKind::Accepted {
                    notation: step.notation.clone(),
                }
            } else {
                NoticeKind::OpponentActed
            }
        };
        let notices = Seat::BOTH
            .iter()
            .map(|&to| Notice::build(&after, to, kind(to), events.clone()))
            .collect();
        let mut notices = self.with_deadlines(conn, &after, notices).await?;
        // The computer's answer, if it owes one now, is made outside this
        // transaction; the player's notice waits for it.
        if let Some(computer) = after.computer {
            let player = computer.seat.other();
            self.hold_for_computer(conn, &after, &mut notices, kind(player), events, source)
                .await?;
        }
        Ok(notices)
    }

    /// Appends one step to the log and stores the state it makes; returns
    /// the game as it now stands.
    async fn record(
        &self,
        conn: &mut Tx,
        loaded: &LoadedGame,
        actor: Option<Seat>,
        step: &Step,
        source: Source<'_>,
    ) -> Result<LoadedGame, RefereeError> {
        let id = loaded.row.id;
        let index = loaded.row.log_len;
        let entry = serde_json::to_value(&step.action).expect("log entries serialise");
        games::append_log(conn, id, index, actor, &entry, &step.notation, source).await?;
        let status = step.state.status();
        let reason = status.outcome().map(|o| o.reason.to_string());
        let result = status.outcome().map(|o| o.result).zip(reason.as_deref());
        games::save(
            conn,
            id,
            Progress {
                log_len: index + 1,
                draw_offer: step.state.draw_offer,
                result,
            },
        )
        .await?;
        let mut checkpoint_len = loaded.checkpoint_len;
        // A takeback is replayed from the whole log: a checkpoint right after
        // it keeps loads to the entries after it.
        let undone = matches!(step.action, LogEntry::AcceptTakeback { .. });
        if undone || stored::checkpoint_due(index + 1, checkpoint_len, status.is_finished()) {
            let checkpoint = Checkpoint {
                log_len: index + 1,
                state: step.state.snapshot(),
                draw_offer: step.state.draw_offer,
            };
            games::save_checkpoint(conn, id, &checkpoint).await?;
            checkpoint_len = index + 1;
        }
        info!(
            game = id,
            seat = actor.map(Seat::name),
            index,
            source,
            "entry accepted"
        );
        // The game as a load would now give it, without replaying again.
        let row = games::get(conn, id)
            .await?
            .ok_or(RefereeError::NoSuchGame(id))?;
        let after = LoadedGame {
            row,
            seats: loaded.seats.clone(),
            info: loaded.info,
            current: step.state.clone(),
            checkpoint_len,
            computer: loaded.computer,
        };
        // The game has just ended: its tournament and the ratings hear of it.
        if status.is_finished() && !loaded.status().is_finished() {
            self.game_ended(conn, &after).await?;
        }
        Ok(after)
    }

    /// The notice that tells the player in `seat` that `command` was refused
    /// and why, with their own view of the game: nothing changed.
    pub fn refusal(
        &self,
        loaded: &LoadedGame,
        seat: Seat,
        command: &str,
        error: &ActionError,
    ) -> Notice {
        let kind = NoticeKind::Refused {
            command: command.to_string(),
            reason: error.to_string(),
        };
        Notice::build(loaded, seat, kind, Vec::new())
    }

    /// A standing draw offer in words, for `viewer` (a seat, or anyone else).
    pub fn draw_offer_words(loaded: &LoadedGame, viewer: Option<Seat>) -> Option<String> {
        notice::draw_offer_words(&loaded.current.status(), loaded.current.draw_offer, viewer)
    }

    /// What a player owes in a game, in words, for status lines.
    pub fn duty_words(status: &Status, seat: Seat) -> String {
        notice::duty_words(status, seat)
    }
}

/// A text the game could not read that holds look-alike letters (a Cyrillic
/// `е` in `е4`): the refusal names them, since the text looks right.
fn name_odd_letters(error: ActionError, text: &str) -> ActionError {
    match (error, crate::command::odd_letters(text)) {
        (ActionError::Syntax { text, expected }, Some(odd)) => ActionError::Syntax {
            text,
            expected: format!("{expected} ({odd})"),
        },
        (error, _) => error,
    }
}

fn command_name(command: &Command) -> &'static str {
    match command {
        Command::Help => "`help`",
        Command::Rules(_) => "`rules`",
        Command::Games => "`games`",
        Command::Challenge { .. } | Command::ChallengeComputer { .. } => "`challenge`",
        Command::Accept => "`accept`",
        _ => "that",
    }
}
