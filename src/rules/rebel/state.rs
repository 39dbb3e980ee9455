//! A game of `rebel-chess`: the position, the actions played, the draw
//! record and the outcome, and what each allows now. The game behind the
//! [`Game`](crate::rules::Game) trait is in [`super::game`], above it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::notation::{ACTION_FORMS, PlayError};
use super::position::RebelPosition;
use super::{DrawRule, Play, Seat, Version};
use crate::rules::chess;
use crate::rules::chesslike::DrawRecord;
use crate::rules::{ActionError, Ending, Event, HistoryLine, Outcome, PositionError};

/// What a player may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RebelAction {
    /// A move or a recruit.
    Play(Play),
    /// A claim of a draw by threefold repetition or the 50-move rule.
    ClaimDraw,
    /// An action with a claim that holds once it is played (`Nf3 claim`).
    PlayAndClaim(Play),
    /// Rebel III: the Rebels concede (on either turn); the Spartans win.
    Concede,
}

/// One action of the game, as played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedAction {
    pub play: Play,
    /// Its SAN in the position it was played in, check marks included.
    /// (Shared texts: the search copies a game's list of actions at every
    /// step, without copying each text.)
    pub san: Arc<str>,
    /// What changed sides, for the history: `knight converted`, `knight
    /// returned`, `conversionmate: Black's king converted`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<Arc<str>>,
}

impl PlayedAction {
    /// The history's text: the SAN, with the note in brackets.
    pub fn text(&self) -> String {
        match &self.note {
            Some(note) => format!("{} ({note})", self.san),
            None => self.san.to_string(),
        }
    }
}

/// A game of Rebel Chess in progress.
///
/// Stored as JSON with its version and its positions as position strings;
/// reading it back validates them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Stored", into = "Stored")]
pub struct RebelChess {
    pub(super) version: Version,
    /// Shared: the search copies a game at every step.
    pub(super) start: Arc<RebelPosition>,
    pub(super) position: RebelPosition,
    /// Shared, like `start`: a step of the search copies no list.
    pub(super) moves: Arc<Vec<PlayedAction>>,
    pub(super) record: DrawRecord,
    pub(super) outcome: Option<Outcome>,
}

/// The stored form of [`RebelChess`].
#[derive(Serialize, Deserialize)]
struct Stored {
    version: Version,
    start: String,
    position: String,
    moves: Vec<PlayedAction>,
    record: DrawRecord,
    outcome: Option<Outcome>,
}

impl From<RebelChess> for Stored {
    fn from(game: RebelChess) -> Stored {
        Stored {
            version: game.version,
            start: game.start.fen(),
            position: game.position.fen(),
            moves: Arc::unwrap_or_clone(game.moves),
            record: game.record,
            outcome: game.outcome,
        }
    }
}

impl TryFrom<Stored> for RebelChess {
    type Error = PositionError;

    fn try_from(stored: Stored) -> Result<RebelChess, PositionError> {
        Ok(RebelChess {
            version: stored.version,
            start: Arc::new(RebelPosition::from_fen(&stored.start, stored.version)?),
            position: RebelPosition::from_fen(&stored.position, stored.version)?,
            moves: Arc::new(stored.moves),
            record: stored.record,
            outcome: stored.outcome,
        })
    }
}

/// The outcome the position itself imposes: a board ending or an
/// automatic draw.
fn automatic_outcome(
    position: &RebelPosition,
    record: &DrawRecord,
    has_play: impl FnOnce() -> bool,
) -> Option<Outcome> {
    if let Some(end) = position.board_end_with(has_play) {
        return Some(end.outcome());
    }
    let rule = if position.is_insufficient_material() {
        Some(DrawRule::InsufficientMaterial)
    } else {
        record.automatic(position.halfmove_clock())
    };
    rule.map(|rule| Outcome::draw(Ending::Draw(rule)))
}

/// A player-facing error from a notation one.
fn play_error(err: PlayError) -> ActionError {
    match err {
        PlayError::Syntax { text } => ActionError::syntax(
            text,
            format!("{ACTION_FORMS}, or claim draw (Rebel III's Rebels also: concede)"),
        ),
        PlayError::Illegal { reason, hint, .. } => ActionError::illegal_with_hint(reason, hint),
        PlayError::Ambiguous { text, candidates } => ActionError::Ambiguous { text, candidates },
    }
}

impl RebelChess {
    /// A game starting from `start`; it may be over at once.
    pub fn from_start(start: RebelPosition) -> RebelChess {
        let record = DrawRecord::new(start.repetition_key());
        let outcome = automatic_outcome(&start, &record, || start.has_legal_play());
        RebelChess {
            version: start.version(),
            position: start.clone(),
            start: Arc::new(start),
            moves: Arc::default(),
            record,
            outcome,
        }
    }

    pub fn version(&self) -> Version {
        self.version
    }

    /// The position on the board now.
    pub fn current(&self) -> &RebelPosition {
        &self.position
    }

    pub fn start(&self) -> &RebelPosition {
        &self.start
    }

    pub fn moves(&self) -> &[PlayedAction] {
        &self.moves
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The draw the side to move may claim now.
    pub fn claimable(&self) -> Option<DrawRule> {
        if self.outcome.is_some() {
            return None;
        }
        self.record.claimable(self.position.halfmove_clock())
    }

    /// The full-move number and seat of the action with index `ply`.
    pub fn move_number(&self, ply: usize) -> (u32, Seat) {
        chess::move_number(self.start.turn(), self.start.fullmove_number(), ply)
    }

    /// The actions as history lines, what changed sides noted.
    pub fn history(&self) -> Vec<HistoryLine> {
        chess::history_lines(
            self.start.turn(),
            self.start.fullmove_number(),
            self.moves.iter().map(PlayedAction::text),
        )
    }

    pub(super) fn check_turn(&self, seat: Seat) -> Result<(), ActionError> {
        chess::check_turn(self.outcome.as_ref(), self.position.turn(), seat)
    }

    /// Whether `seat` may concede now, or why not.
    pub(super) fn check_concede(&self, seat: Seat) -> Result<(), ActionError> {
        if let Some(outcome) = &self.outcome {
            return Err(ActionError::Finished(outcome.to_string()));
        }
        match self.position.rebels() {
            Some(rebels) if rebels == seat => Ok(()),
            Some(rebels) => Err(ActionError::illegal(format!(
                "Only the Rebels ({rebels}) may concede; the Spartans win by wiping them out. To \
                 give up the game, write resign."
            ))),
            None if self.version == Version::Three => Err(ActionError::illegal(
                "Only the Rebels may concede, and there are none until a conversionmate. To give \
                 up the game, write resign.",
            )),
            None => Err(ActionError::illegal(format!(
                "There is no concession in {} (only Rebel III's Rebels concede). To give up the \
                 game, write resign.",
                self.version.title()
            ))),
        }
    }

    /// The game after a legal action, without its events: the rules'
    /// work once (the next position, whether the side to move then has a
    /// legal action, for the SAN's mark and the board's end; the SAN among
    /// the legal actions unsorted). [`RebelChess::after_play`] adds the
    /// events; the computer's search takes it as it is.
    pub(crate) fn successor(&self, play: &Play) -> RebelChess {
        let before = &self.position;
        let legal = before.legal_plays_unordered();
        let position = before.play(play);
        let has_play = std::cell::OnceCell::new();
        let has_play = || *has_play.get_or_init(|| position.has_legal_play());
        let conversionmate = position.conversionmate_after(before);
        // The mark is the action's alone: a conversionmate (played on) is
        // a mate of the position before the king converts.
        let san = match conversionmate {
            None => before.san_marked(play, &legal, position.is_check(), has_play),
            Some(_) => {
                let raw = before.play_raw(play);
                before.san_marked(play, &legal, raw.is_check(), || raw.has_legal_play())
            }
        };
        let mut record = self.record.clone();
        record.push(position.repetition_key(), position.halfmove_clock());
        let outcome = automatic_outcome(&position, &record, has_play);
        let mut notes = Vec::new();
        if let Play::Recruit { target, .. } = play {
            let piece = before.piece_at(*target).expect("a recruit has a target");
            let change = if piece.converted {
                "returned"
            } else {
                "converted"
            };
            notes.push(format!("{} {change}", piece.role.name()));
        }
        if conversionmate.is_some() {
            notes.push(format!(
                "conversionmate: {}'s king converted",
                position.turn()
            ));
        }
        let mut moves = self.moves.clone();
        Arc::make_mut(&mut moves).push(PlayedAction {
            play: *play,
            san: san.into(),
            note: (!notes.is_empty()).then(|| notes.join("; ").into()),
        });
        RebelChess {
            version: self.version,
            start: self.start.clone(),
            position,
            moves,
            record,
            outcome,
        }
    }

    /// The game after a legal action, with its events.
    pub(crate) fn after_play(&self, play: &Play) -> (RebelChess, Vec<Event>) {
        let before = &self.position;
        let seat = before.turn();
        let next = self.successor(play);
        let position = &next.position;
        let record = &next.record;
        let san = &next.moves.last().expect("the action just played").san;
        let mut events = vec![Event::public(format!("{seat} played {san}"))];
        if let Play::Recruit { target, .. } = play {
            let piece = before.piece_at(*target).expect("a recruit has a target");
            if piece.converted {
                events.push(Event::public(format!(
                    "{seat} returned its {} on {target} from {}: it is no longer converted.",
                    piece.role.name(),
                    piece.color
                )));
            } else {
                events.push(Event::public(format!(
                    "{seat} recruited {}'s {} on {target}: it now serves {seat}, marked \
                     converted.",
                    piece.color,
                    piece.role.name()
                )));
            }
        }
        if let Some(king) = position.conversionmate_after(before) {
            let mated = seat.other();
            events.push(Event::public(format!(
                "Conversionmate: {mated}'s king on {king}, mated by converted pieces only, is \
                 converted and now serves {seat}. {seat}, with two kings, are the Spartans; \
                 {mated}, with none, the Rebels. {mated} to move."
            )));
        }
        match (&next.outcome, position.board_end()) {
            (Some(_), Some(end)) => events.push(Event::public(end.announcement())),
            (Some(outcome), None) => {
                events.push(Event::public(format!("Draw by {}.", outcome.reason)));
            }
            (None, _) => {
                if position.is_check() {
                    events.push(Event::public("Check."));
                }
                if let Some(reason) = record.claimable(position.halfmove_clock()) {
                    events.push(Event::public(format!(
                        "{} may claim a draw by {reason}.",
                        seat.other()
                    )));
                }
            }
        }
        (next, events)
    }

    pub(super) fn no_claim(&self) -> ActionError {
        chess::no_claim(self.record.repetitions(), self.position.halfmove_clock())
    }

    /// Checks that `play` is legal now, explaining why not.
    pub(super) fn legal(&self, play: &Play) -> Result<Play, ActionError> {
        if self.position.legal_plays().contains(play) {
            return Ok(*play);
        }
        match self.position.parse_play(&play.to_string()) {
            Err(err) => Err(play_error(err)),
            Ok(_) => Err(ActionError::illegal(format!(
                "{play} is not a legal action."
            ))),
        }
    }

    pub(super) fn parse_play(&self, text: &str) -> Result<Play, ActionError> {
        self.position.parse_play(text).map_err(play_error)
    }
}
