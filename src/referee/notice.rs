//! What one player is told after a change of a game or a question: built
//! from that player's view only, so it cannot carry the opponent's secrets.

use serde::{Deserialize, Serialize};

use super::LoadedGame;
use crate::archive::Archive;
use crate::rules::{Duty, Seat, SeatView, Status, Viewer};

/// Why a notice is sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoticeKind {
    /// The game has just been created.
    Started,
    /// The recipient's own command was accepted (as they wrote it).
    Accepted { notation: String },
    /// The opponent did something.
    OpponentActed,
    /// The referee itself acted: the clock, or the host's ruling.
    Referee,
    /// The recipient's deadline is near.
    Reminder,
    /// The recipient's vacation is booked.
    Vacation { until: String },
    /// The recipient asked to see the game.
    Show,
    /// The recipient asked for the history.
    History,
    /// The recipient's command was refused; nothing changed.
    Refused { command: String, reason: String },
}

/// One player's notice about one game.
#[derive(Clone, Debug)]
pub struct Notice {
    pub game_id: i64,
    pub game_name: &'static str,
    pub game_title: &'static str,
    pub seat: Seat,
    pub address: String,
    pub opponent: String,
    /// The recipient's per-game secret (for the reply address).
    pub secret: String,
    pub kind: NoticeKind,
    /// What happened, as far as the recipient may know.
    pub events: Vec<String>,
    /// The recipient's own view: a seat's view, never the host's.
    pub view: SeatView,
    pub status: Status,
    /// An open draw offer, by that seat.
    pub draw_offer: Option<Seat>,
    /// The SHA-256 of the game's seed, for games that draw anything random
    /// (told at the start so the seed published at the end can be checked).
    pub seed_hash: Option<String>,
    /// The game's seed, published once a game with randomness has ended.
    pub seed: Option<String>,
    pub options: String,
    /// The deadlines of the seats that owe an action, when the host runs a
    /// clock: "White must move by 2026-11-28 22:09 UTC".
    pub deadlines: Vec<String>,
    /// The game's log length when the notice was made: a reply to it after
    /// its recipient has acted since is stale.
    pub log_len: i64,
    /// The whole game, for the answer to `history` once the game has ended
    /// (mailed as PGN and JSON attachments); never for an ongoing game.
    pub archive: Option<Box<Archive>>,
    /// Held back for the computer's answer, which it is sent with (see
    /// [`super::Referee::computer_answer`]): not to be sent now.
    pub held: bool,
}

impl Notice {
    pub(crate) fn build(
        loaded: &LoadedGame,
        seat: Seat,
        kind: NoticeKind,
        events: Vec<crate::rules::Event>,
    ) -> Notice {
        let viewer = Viewer::Seat(seat);
        let status = loaded.status();
        let finished = status.is_finished();
        let secret = loaded
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.secret.clone())
            .unwrap_or_default();
        Notice {
            game_id: loaded.row.id,
            game_name: loaded.info.name,
            game_title: loaded.info.title,
            seat,
            address: loaded.address(seat).to_string(),
            opponent: loaded.address(seat.other()).to_string(),
            secret,
            kind,
            events: events
                .into_iter()
                .filter(|e| finished || e.audience.includes(viewer))
                .map(|e| e.text)
                .collect(),
            view: loaded.seat_view(seat),
            status,
            draw_offer: loaded.draw_offer(),
            seed_hash: loaded.info.random.then(|| loaded.row.seed_hash.clone()),
            seed: (finished && loaded.info.random).then(|| hex::encode(loaded.row.seed)),
            options: loaded.row.options.to_string(),
            deadlines: Vec::new(),
            log_len: loaded.row.log_len,
            archive: None,
            held: false,
        }
    }

    /// What the recipient owes now.
    pub fn duty(&self) -> Option<Duty> {
        self.status.owes(self.seat)
    }

    /// One line: whose turn, or how the game ended, for this recipient.
    pub fn status_line(&self) -> String {
        duty_words(&self.status, self.seat)
    }

    /// The standing draw offer, in the recipient's terms.
    pub fn draw_offer_line(&self) -> Option<String> {
        draw_offer_words(&self.status, self.draw_offer, Some(self.seat))
    }
}

/// A standing draw offer in words, for `viewer` (a seat, or anyone else).
pub(crate) fn draw_offer_words(
    status: &Status,
    offer: Option<Seat>,
    viewer: Option<Seat>,
) -> Option<String> {
    let offerer = offer?;
    if status.is_finished() {
        return None;
    }
    Some(match viewer {
        Some(seat) if seat == offerer => {
            "Your draw offer stands until your opponent answers.".to_string()
        }
        Some(_) => format!(
            "{offerer} offers a draw: reply `draw` to accept it or `decline draw`; a move declines it."
        ),
        None => format!("{offerer} has offered a draw."),
    })
}

/// What `seat` owes in words, or who is awaited, or how the game ended.
pub(crate) fn duty_words(status: &Status, seat: Seat) -> String {
    match status {
        Status::Finished(outcome) => format!("Game over: {outcome}."),
        Status::Ongoing(dues) => match status.owes(seat) {
            Some(Duty::Move) => "Your move.".to_string(),
            Some(Duty::Sealed) => "Your sealed submission is awaited.".to_string(),
            Some(Duty::Decision) => "Your decision is awaited.".to_string(),
            None => {
                let waiting: Vec<&str> = dues.iter().map(|d| d.seat.title()).collect();
                format!("Waiting for {}.", waiting.join(" and "))
            }
        },
    }
}
