//! The game `rebel-chess`: the position, the actions played, the draw
//! record and the outcome, behind the [`Game`] trait.

use serde::{Deserialize, Serialize};

use super::notation::{ACTION_FORMS, PlayError};
use super::position::RebelPosition;
use super::view::{AttackedKing, LastAction, PlacedPiece, RebelView};
use super::{DrawRule, Play, Seat, Version};
use crate::rules::chess::{self, is_claim, strip_claim};
use crate::rules::chesslike::DrawRecord;
use crate::rules::{
    ActionError, Applied, Ending, Entropy, Event, Game, HistoryLine, OptionError, Options, Outcome,
    PositionError, Score, Status, Viewer,
};

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
    pub san: String,
    /// What changed sides, for the history: `knight converted`, `knight
    /// returned`, `conversionmate: Black's king converted`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl PlayedAction {
    /// The history's text: the SAN, with the note in brackets.
    pub fn text(&self) -> String {
        match &self.note {
            Some(note) => format!("{} ({note})", self.san),
            None => self.san.clone(),
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
    version: Version,
    start: RebelPosition,
    position: RebelPosition,
    moves: Vec<PlayedAction>,
    record: DrawRecord,
    outcome: Option<Outcome>,
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
            moves: game.moves,
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
            start: RebelPosition::from_fen(&stored.start, stored.version)?,
            position: RebelPosition::from_fen(&stored.position, stored.version)?,
            moves: stored.moves,
            record: stored.record,
            outcome: stored.outcome,
        })
    }
}

/// The outcome the position itself imposes: a board ending or an
/// automatic draw.
fn automatic_outcome(position: &RebelPosition, record: &DrawRecord) -> Option<Outcome> {
    if let Some(end) = position.board_end() {
        return Some(end.outcome());
    }
    let rule = if position.is_insufficient_material() {
        Some(DrawRule::InsufficientMaterial)
    } else {
        record.automatic(position.halfmove_clock())
    };
    rule.map(|rule| Outcome::draw(Ending::Draw(rule)))
}

fn read_version(options: &Options) -> Result<Version, OptionError> {
    options.read(&["version"], |reader| {
        Ok(match reader.choice("version", &["1", "2", "3"], "1")? {
            "2" => Version::Two,
            "3" => Version::Three,
            _ => Version::One,
        })
    })
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
        let outcome = automatic_outcome(&start, &record);
        RebelChess {
            version: start.version(),
            position: start.clone(),
            start,
            moves: Vec::new(),
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

    fn check_turn(&self, seat: Seat) -> Result<(), ActionError> {
        chess::check_turn(self.outcome.as_ref(), self.position.turn(), seat)
    }

    /// Whether `seat` may concede now, or why not.
    fn check_concede(&self, seat: Seat) -> Result<(), ActionError> {
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

    /// The game after a legal action, with its events. (The computer's
    /// search plays its choices, legal by construction, this way.)
    pub(crate) fn after_play(&self, play: &Play) -> (RebelChess, Vec<Event>) {
        let before = &self.position;
        let seat = before.turn();
        let san = before.san(play);
        let position = before.play(play);
        let mut record = self.record.clone();
        record.push(position.repetition_key(), position.halfmove_clock());
        let outcome = automatic_outcome(&position, &record);
        let mut events = vec![Event::public(format!("{seat} played {san}"))];
        let mut notes = Vec::new();
        if let Play::Recruit { target, .. } = play {
            let piece = before.piece_at(*target).expect("a recruit has a target");
            if piece.converted {
                events.push(Event::public(format!(
                    "{seat} returned its {} on {target} from {}: it is no longer converted.",
                    piece.role.name(),
                    piece.color
                )));
                notes.push(format!("{} returned", piece.role.name()));
            } else {
                events.push(Event::public(format!(
                    "{seat} recruited {}'s {} on {target}: it now serves {seat}, marked \
                     converted.",
                    piece.color,
                    piece.role.name()
                )));
                notes.push(format!("{} converted", piece.role.name()));
            }
        }
        if let Some(king) = position.conversionmate_after(before) {
            let mated = seat.other();
            events.push(Event::public(format!(
                "Conversionmate: {mated}'s king on {king}, mated by converted pieces only, is \
                 converted and now serves {seat}. {seat}, with two kings, are the Spartans; \
                 {mated}, with none, the Rebels. {mated} to move."
            )));
            notes.push(format!("conversionmate: {mated}'s king converted"));
        }
        match (&outcome, position.board_end()) {
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
        let mut moves = self.moves.clone();
        moves.push(PlayedAction {
            play: *play,
            san,
            note: (!notes.is_empty()).then(|| notes.join("; ")),
        });
        (
            RebelChess {
                version: self.version,
                start: self.start.clone(),
                position,
                moves,
                record,
                outcome,
            },
            events,
        )
    }

    fn no_claim(&self) -> ActionError {
        chess::no_claim(self.record.repetitions(), self.position.halfmove_clock())
    }

    /// Checks that `play` is legal now, explaining why not.
    fn legal(&self, play: &Play) -> Result<Play, ActionError> {
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

    fn parse_play(&self, text: &str) -> Result<Play, ActionError> {
        self.position.parse_play(text).map_err(play_error)
    }
}

fn is_concede(lower: &str) -> bool {
    matches!(
        lower,
        "concede" | "i concede" | "concede game" | "concede the game" | "we concede"
    )
}

impl Game for RebelChess {
    type Action = RebelAction;
    type View = RebelView;

    const NAME: &'static str = "rebel-chess";
    const TITLE: &'static str = "Rebel Chess";
    const OPTIONS: &'static [&'static str] = &["version"];
    // Nothing random: no seed is announced or published.
    const RANDOM: bool = false;
    const HIDDEN: bool = false;

    fn rules_page() -> &'static str {
        include_str!("rules.txt")
    }

    fn new(options: &Options, _entropy: &mut Entropy) -> Result<RebelChess, OptionError> {
        let version = read_version(options)?;
        Ok(RebelChess::from_start(RebelPosition::startpos(version)))
    }

    fn from_position(position: &str, options: &Options) -> Result<RebelChess, PositionError> {
        let version = read_version(options)?;
        Ok(RebelChess::from_start(RebelPosition::from_fen(
            position, version,
        )?))
    }

    fn position(&self) -> String {
        self.position.fen()
    }

    fn status(&self) -> Status {
        Status::of_turn(self.outcome.as_ref(), self.position.turn())
    }

    /// Reads an action. A concession is accepted from the Rebels on either
    /// turn ("at any time"); everything else only on the seat's turn.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<RebelAction, ActionError> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        if is_concede(&lower) {
            self.check_concede(seat)?;
            return Ok(RebelAction::Concede);
        }
        self.check_turn(seat)?;
        if is_claim(&lower) {
            return match self.claimable() {
                Some(_) => Ok(RebelAction::ClaimDraw),
                None => Err(self.no_claim()),
            };
        }
        if let Some(play_text) = strip_claim(text) {
            let play = self.parse_play(play_text)?;
            let (next, _) = self.after_play(&play);
            if next
                .record
                .claimable(next.position.halfmove_clock())
                .is_some()
            {
                return Ok(RebelAction::PlayAndClaim(play));
            }
            return Err(chess::no_claim_after(
                &self.position.san(&play),
                next.record.repetitions(),
                next.position.halfmove_clock(),
            ));
        }
        Ok(RebelAction::Play(self.parse_play(text)?))
    }

    fn apply(
        &self,
        seat: Seat,
        action: &RebelAction,
        _entropy: &mut Entropy,
    ) -> Result<Applied<RebelChess>, ActionError> {
        if let RebelAction::Concede = action {
            self.check_concede(seat)?;
            let mut state = self.clone();
            state.outcome = Some(Outcome::win(seat.other(), Ending::RebelsConceded));
            let events = vec![Event::public(format!(
                "{seat} (the Rebels) conceded: {} (the Spartans) wins.",
                seat.other()
            ))];
            return Ok(Applied { state, events });
        }
        self.check_turn(seat)?;
        match action {
            RebelAction::Play(play) => {
                let play = self.legal(play)?;
                let (state, events) = self.after_play(&play);
                Ok(Applied { state, events })
            }
            RebelAction::ClaimDraw => {
                let reason = self.claimable().ok_or_else(|| self.no_claim())?;
                let mut state = self.clone();
                let mut events = Vec::new();
                chess::settle_claim(&mut state.outcome, &mut events, seat, reason);
                Ok(Applied { state, events })
            }
            RebelAction::PlayAndClaim(play) => {
                let play = self.legal(play)?;
                let (mut state, mut events) = self.after_play(&play);
                let reason = state
                    .record
                    .claimable(state.position.halfmove_clock())
                    .ok_or_else(|| {
                        ActionError::illegal(format!(
                            "{} would not give a draw to claim.",
                            self.position.san(&play)
                        ))
                    })?;
                chess::settle_claim(&mut state.outcome, &mut events, seat, reason);
                Ok(Applied { state, events })
            }
            RebelAction::Concede => unreachable!("handled above"),
        }
    }

    fn conclude(&mut self, outcome: Outcome) -> Vec<Event> {
        self.outcome = Some(outcome);
        Vec::new()
    }

    fn draw_claim(&self, seat: Seat) -> Option<RebelAction> {
        (self.check_turn(seat).is_ok() && self.claimable().is_some())
            .then_some(RebelAction::ClaimDraw)
    }

    /// The seat's actions on its turn (empty otherwise, though the Rebels'
    /// concession is also accepted off turn).
    fn legal_actions(&self, seat: Seat) -> Vec<RebelAction> {
        if self.check_turn(seat).is_err() {
            return Vec::new();
        }
        let plays = self.position.legal_plays();
        let mut actions: Vec<RebelAction> = plays.iter().copied().map(RebelAction::Play).collect();
        if self.claimable().is_some() {
            actions.push(RebelAction::ClaimDraw);
        }
        // Only near the end of a long quiet stretch, or once the record
        // holds enough positions for a third occurrence (p0, p2, p4: four
        // recorded before the action that completes it).
        if self.position.halfmove_clock() >= 99 || self.record.len() >= 4 {
            for play in &plays {
                let next = self.position.play(play);
                if self
                    .record
                    .after(next.repetition_key(), next.halfmove_clock())
                    .claimable(next.halfmove_clock())
                    .is_some()
                {
                    actions.push(RebelAction::PlayAndClaim(*play));
                }
            }
        }
        if self.check_concede(seat).is_ok() {
            actions.push(RebelAction::Concede);
        }
        actions
    }

    fn notation(&self, _seat: Seat, action: &RebelAction) -> String {
        let san = |play: &Play| {
            if self.outcome.is_none() && self.position.legal_plays().contains(play) {
                self.position.san(play)
            } else {
                play.to_string()
            }
        };
        match action {
            RebelAction::Play(play) => san(play),
            RebelAction::ClaimDraw => "claim draw".to_string(),
            RebelAction::PlayAndClaim(play) => format!("{} claim", san(play)),
            RebelAction::Concede => "concede".to_string(),
        }
    }

    fn score(&self) -> Option<Score> {
        Some(super::score::score(self))
    }

    fn view(&self, viewer: Viewer) -> RebelView {
        let bottom = chess::bottom_seat(viewer);
        let last = self.moves.last().map(|played| {
            let (number, seat) = self.move_number(self.moves.len() - 1);
            LastAction {
                number,
                seat,
                text: played.text(),
                from: played.play.from(),
                to: played.play.to(),
            }
        });
        let pieces = self
            .position
            .pieces_on_board()
            .into_iter()
            .map(|(square, piece)| PlacedPiece { square, piece })
            .collect();
        let playing = self.outcome.is_none();
        let placed = |square| PlacedPiece {
            square,
            piece: self
                .position
                .piece_at(square)
                .expect("a piece stands there"),
        };
        let attacked = self
            .position
            .attacked_kings()
            .into_iter()
            .map(|(square, attackers)| AttackedKing {
                square,
                king: placed(square).piece,
                attackers: attackers.into_iter().map(placed).collect(),
            })
            .collect();
        RebelView {
            version: self.version,
            position: self.position.fen(),
            pieces,
            bottom,
            turn: self.position.turn(),
            check: playing && self.position.is_check(),
            attacked,
            castling: self.position.castling_rights(),
            en_passant: if playing {
                self.position.legal_en_passant()
            } else {
                None
            },
            halfmove_clock: self.position.halfmove_clock(),
            rebels: self.position.rebels(),
            last,
            history: self.history(),
            claimable: self.claimable(),
            outcome: self.outcome.clone(),
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        match (&self.outcome, depth) {
            (_, 0) => 1,
            (Some(_), _) => 0,
            (None, _) => self.position.perft(depth),
        }
    }
}
