//! The game `reflection-teammate`: a position, the turns played, the draw
//! record and the outcome, behind the [`Game`] trait.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::rules::chess::{
    self, bottom_seat, check_turn, draw_counts, history_lines, is_claim, settle_claim, strip_claim,
};
use crate::rules::chesslike::{DrawRecord, DrawRule, Piece};
use crate::rules::geometry::Square;
use crate::rules::{
    ActionError, Applied, Ending, Entropy, Event, Game, HistoryLine, OptionError, Options, Outcome,
    PositionError, Seat, Status, Viewer,
};

use super::config::{Config, Layout, OPTIONS};
use super::notation::{parse_turn, turn_text};
use super::pairs::Effects;
use super::position::{Board, BoardEnd, Played, ReflectionPosition};
use super::turn::Turn;
use super::view::{self, LastTurn, ReflectionView};

/// One turn of the game, as played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedTurn {
    pub turn: Turn,
    /// Its notation in the position it was played in. (A shared text:
    /// the search copies a game's list of turns at every step, without
    /// copying each text.)
    pub text: Arc<str>,
}

/// What a player may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReflectionAction {
    Turn(Turn),
    /// A claim of a draw by threefold repetition or the 50-turn rule.
    ClaimDraw,
    /// A turn with a claim that holds once it is played (`... claim`).
    TurnAndClaim(Turn),
}

/// A game of Reflection Teammate in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Stored", into = "Stored")]
pub struct ReflectionTeammate {
    /// Shared: the search copies a game at every step.
    start: Arc<ReflectionPosition>,
    position: ReflectionPosition,
    /// Shared, like `start`: a step of the search copies no list.
    turns: Arc<Vec<PlayedTurn>>,
    record: DrawRecord,
    outcome: Option<Outcome>,
}

/// The stored form: positions as their strings, read back under the
/// options.
#[derive(Serialize, Deserialize)]
struct Stored {
    config: Config,
    start: String,
    position: String,
    turns: Vec<PlayedTurn>,
    record: DrawRecord,
    outcome: Option<Outcome>,
}

impl From<ReflectionTeammate> for Stored {
    fn from(game: ReflectionTeammate) -> Stored {
        Stored {
            config: *game.position.config(),
            start: game.start.text(),
            position: game.position.text(),
            turns: Arc::unwrap_or_clone(game.turns),
            record: game.record,
            outcome: game.outcome,
        }
    }
}

impl TryFrom<Stored> for ReflectionTeammate {
    type Error = PositionError;

    fn try_from(stored: Stored) -> Result<ReflectionTeammate, PositionError> {
        let read = |text: &str| match stored.config.layout {
            Layout::Halves => {
                ReflectionPosition::from_text(stored.config, &castling_letters_as_squares(text))
            }
            _ => ReflectionPosition::from_text(stored.config, text),
        };
        Ok(ReflectionTeammate {
            start: Arc::new(read(&stored.start)?),
            position: read(&stored.position)?,
            turns: Arc::new(stored.turns),
            record: stored.record,
            outcome: stored.outcome,
        })
    }
}

/// A stored position string with its castling field as squares. Halves
/// games stored before castling was always written as squares may hold
/// FEN's letters there, which stood for the pieces on these squares
/// whoever owned them (`K`: e1 and h1, Black's in halves).
fn castling_letters_as_squares(text: &str) -> String {
    let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let Some(castling) = fields.get_mut(2) else {
        return text.to_string();
    };
    if castling == "-" || !castling.chars().all(|c| "KQkq".contains(c)) {
        return text.to_string();
    }
    let mut squares: Vec<Square> = Vec::new();
    for letter in castling.chars() {
        let (king, rook) = match letter {
            'K' => ("e1", "h1"),
            'Q' => ("e1", "a1"),
            'k' => ("e8", "h8"),
            _ => ("e8", "a8"),
        };
        for name in [king, rook] {
            let square = Square::parse(name).expect("a square");
            if !squares.contains(&square) {
                squares.push(square);
            }
        }
    }
    let names: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
    *castling = names.join(",");
    fields.join(" ")
}

// ---- outcomes and events: the words in one place --------------------------

/// The outcome the position itself imposes: a board end (checkmate, the
/// last king captured, no legal turn) or an automatic draw (fivefold
/// repetition, 75 turns each).
fn automatic_outcome(position: &ReflectionPosition, record: &DrawRecord) -> Option<Outcome> {
    if let Some(end) = position.end() {
        return Some(match end {
            BoardEnd::Checkmate { loser } => Outcome::win(loser.other(), Ending::Checkmate),
            BoardEnd::KingsCaptured { loser } => {
                Outcome::win(loser.other(), Ending::LastKingCaptured)
            }
            BoardEnd::Stalemate => Outcome::draw(Ending::Draw(DrawRule::Stalemate)),
        });
    }
    record
        .automatic(position.halfmove_clock())
        .map(|rule| Outcome::draw(Ending::Draw(rule)))
}

/// The announcement of an outcome a turn brought about.
fn outcome_event(outcome: &Outcome, mover: Seat) -> Event {
    Event::public(match &outcome.reason {
        Ending::Checkmate => format!("Checkmate: {mover} wins."),
        // Captured, or gone with its captured reflection (capture-reflection).
        Ending::LastKingCaptured => format!("{} has no king left: {mover} wins.", mover.other()),
        Ending::Draw(DrawRule::Stalemate) => {
            format!("{} has no legal turn: the game is drawn.", mover.other())
        }
        reason => format!("Draw by {reason}."),
    })
}

/// A piece in words: `Black's knight`.
fn piece_words(position: &ReflectionPosition, piece: Piece) -> String {
    let name = match position.board() {
        Board::Pairs(p) => p.kind_name(piece.kind),
        Board::Two(two) => two.boards[0].kind_name(piece.kind),
    };
    format!("{}'s {name}", piece.owner)
}

/// What the end of a turn did, in words.
fn effect_events(next: &ReflectionPosition, effects: &Effects) -> Vec<Event> {
    let at = |sq: Square| match next.board() {
        Board::Pairs(p) => p.piece_at(sq),
        Board::Two(_) => None,
    };
    let mut events = Vec::new();
    for (square, piece) in &effects.removed {
        events.push(Event::public(format!(
            "{} on {square} left the board with its captured reflection.",
            piece_words(next, *piece)
        )));
    }
    for square in &effects.unpaired {
        if let Some(piece) = at(*square) {
            events.push(Event::public(format!(
                "{} on {square} lost its reflection and now moves alone.",
                piece_words(next, piece)
            )));
        }
    }
    for (a, b) in &effects.paired {
        if let Some(piece) = at(*a) {
            events.push(Event::public(format!(
                "{}s on {a} and {b} are reflections of each other again and move together.",
                piece_words(next, piece)
            )));
        }
    }
    for (a, b) in &effects.swapped {
        if let Some(piece) = at(*a) {
            events.push(Event::public(format!(
                "{}s on {a} and {b} swapped squares.",
                piece_words(next, piece)
            )));
        }
    }
    events
}

impl ReflectionTeammate {
    /// A game starting from `start`; it may be over at once.
    pub fn from_start(start: ReflectionPosition) -> ReflectionTeammate {
        let record = DrawRecord::new(start.repetition_key());
        let outcome = automatic_outcome(&start, &record);
        ReflectionTeammate {
            position: start.clone(),
            start: Arc::new(start),
            turns: Arc::default(),
            record,
            outcome,
        }
    }

    pub fn current(&self) -> &ReflectionPosition {
        &self.position
    }

    pub fn config(&self) -> &Config {
        self.position.config()
    }

    pub fn turns(&self) -> &[PlayedTurn] {
        &self.turns
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

    fn history(&self) -> Vec<HistoryLine> {
        history_lines(
            self.start.turn(),
            self.start.fullmove_number(),
            self.turns.iter().map(|t| t.text.to_string()),
        )
    }

    fn check_turn(&self, seat: Seat) -> Result<(), ActionError> {
        check_turn(self.outcome.as_ref(), self.position.turn(), seat)
    }

    /// The legal turn `turn`, made.
    fn legal(&self, turn: &Turn) -> Result<Played, ActionError> {
        self.position.play(turn).ok_or_else(|| {
            ActionError::illegal(format!("{turn} is not a legal turn in this position."))
        })
    }

    /// The game after `turn`, one of the legal turns (its candidate found
    /// from its own pieces, only that turn made), with no events: the
    /// computer's search's road.
    pub(crate) fn after_turn(&self, turn: &Turn) -> Option<ReflectionTeammate> {
        if self.outcome.is_some() {
            return None;
        }
        self.position
            .play_chosen(turn)
            .map(|played| self.successor(&played))
    }

    /// The game after a legal turn, without its events: the search's
    /// road ([`ReflectionTeammate::after`] adds the events).
    fn successor(&self, played: &Played) -> ReflectionTeammate {
        let text = turn_text(&self.position, played);
        let position = played.next.clone();
        let mut record = self.record.clone();
        record.push(position.repetition_key(), position.halfmove_clock());
        let outcome = automatic_outcome(&position, &record);
        let mut turns = self.turns.clone();
        Arc::make_mut(&mut turns).push(PlayedTurn {
            turn: played.turn,
            text: text.into(),
        });
        ReflectionTeammate {
            start: self.start.clone(),
            position,
            turns,
            record,
            outcome,
        }
    }

    /// The game after a legal turn, with its events.
    fn after(&self, played: &Played) -> (ReflectionTeammate, Vec<Event>) {
        let seat = self.position.turn();
        let next = self.successor(played);
        let text = &next.turns.last().expect("the turn just played").text;
        let mut events = vec![Event::public(format!("{seat} played {text}"))];
        events.extend(effect_events(&next.position, &played.effects));
        match &next.outcome {
            Some(outcome) => events.push(outcome_event(outcome, seat)),
            None => {
                if next.position.in_check(seat.other()) {
                    events.push(Event::public("Check."));
                }
                if let Some(reason) = next.record.claimable(next.position.halfmove_clock()) {
                    events.push(Event::public(format!(
                        "{} may claim a draw by {reason}.",
                        seat.other()
                    )));
                }
            }
        }
        (next, events)
    }

    fn no_claim(&self) -> ActionError {
        ActionError::illegal_with_hint(
            format!(
                "There is no draw to claim: {}",
                draw_counts(self.record.repetitions(), self.position.halfmove_clock())
            ),
            "To claim with the turn that repeats a position, write the turn followed by \
             \"claim\" (for example: N e3-d5, N e6-d4 claim).",
        )
    }
}

impl Game for ReflectionTeammate {
    type Action = ReflectionAction;
    type View = ReflectionView;

    const NAME: &'static str = "reflection-teammate";
    const TITLE: &'static str = "Reflection Teammate";
    const OPTIONS: &'static [&'static str] = OPTIONS;
    const RANDOM: bool = false;
    const HIDDEN: bool = false;

    fn rules_page() -> &'static str {
        include_str!("rules.txt")
    }

    fn new(options: &Options, _entropy: &mut Entropy) -> Result<ReflectionTeammate, OptionError> {
        let config = Config::from_options(options)?;
        Ok(ReflectionTeammate::from_start(ReflectionPosition::start(
            config,
        )))
    }

    fn from_position(
        position: &str,
        options: &Options,
    ) -> Result<ReflectionTeammate, PositionError> {
        let config = Config::from_options(options)?;
        Ok(ReflectionTeammate::from_start(
            ReflectionPosition::from_text(config, position)?,
        ))
    }

    fn position(&self) -> String {
        self.position.text()
    }

    fn conclude(&mut self, outcome: Outcome) -> Vec<Event> {
        self.outcome = Some(outcome);
        Vec::new()
    }

    fn status(&self) -> Status {
        Status::of_turn(self.outcome.as_ref(), self.position.turn())
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<ReflectionAction, ActionError> {
        self.check_turn(seat)?;
        let text = text.trim();
        if is_claim(&text.to_ascii_lowercase()) {
            return match self.claimable() {
                Some(_) => Ok(ReflectionAction::ClaimDraw),
                None => Err(self.no_claim()),
            };
        }
        if let Some(turn_words) = strip_claim(text) {
            let turn = parse_turn(&self.position, turn_words)?;
            let (next, _) = self.after(&self.legal(&turn)?);
            if next
                .record
                .claimable(next.position.halfmove_clock())
                .is_some()
            {
                return Ok(ReflectionAction::TurnAndClaim(turn));
            }
            return Err(ActionError::illegal(format!(
                "That turn would give no draw to claim: after it {}",
                draw_counts(next.record.repetitions(), next.position.halfmove_clock())
            )));
        }
        Ok(ReflectionAction::Turn(parse_turn(&self.position, text)?))
    }

    fn apply(
        &self,
        seat: Seat,
        action: &ReflectionAction,
        _entropy: &mut Entropy,
    ) -> Result<Applied<ReflectionTeammate>, ActionError> {
        self.check_turn(seat)?;
        match action {
            ReflectionAction::Turn(turn) => {
                let (state, events) = self.after(&self.legal(turn)?);
                Ok(Applied { state, events })
            }
            ReflectionAction::ClaimDraw => {
                let reason = self.claimable().ok_or_else(|| self.no_claim())?;
                let mut state = self.clone();
                let mut events = Vec::new();
                settle_claim(&mut state.outcome, &mut events, seat, reason);
                Ok(Applied { state, events })
            }
            ReflectionAction::TurnAndClaim(turn) => {
                let (mut state, mut events) = self.after(&self.legal(turn)?);
                let reason = state
                    .record
                    .claimable(state.position.halfmove_clock())
                    .ok_or_else(|| {
                        ActionError::illegal("That turn would give no draw to claim.")
                    })?;
                settle_claim(&mut state.outcome, &mut events, seat, reason);
                Ok(Applied { state, events })
            }
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<ReflectionAction> {
        if self.check_turn(seat).is_err() {
            return Vec::new();
        }
        let legal = self.position.legal();
        let mut actions: Vec<ReflectionAction> = legal
            .iter()
            .map(|p| ReflectionAction::Turn(p.turn))
            .collect();
        if self.claimable().is_some() {
            actions.push(ReflectionAction::ClaimDraw);
        }
        if self.position.halfmove_clock() >= 99 || self.record.len() >= 5 {
            for played in &legal {
                let next = &played.next;
                let record = self
                    .record
                    .after(next.repetition_key(), next.halfmove_clock());
                if record.claimable(next.halfmove_clock()).is_some() {
                    actions.push(ReflectionAction::TurnAndClaim(played.turn));
                }
            }
        }
        actions
    }

    fn notation(&self, _seat: Seat, action: &ReflectionAction) -> String {
        let text = |turn: &Turn| match self.position.play(turn) {
            Some(played) if self.outcome.is_none() => turn_text(&self.position, &played),
            _ => turn.to_string(),
        };
        match action {
            ReflectionAction::Turn(turn) => text(turn),
            ReflectionAction::ClaimDraw => "claim draw".to_string(),
            ReflectionAction::TurnAndClaim(turn) => format!("{} claim", text(turn)),
        }
    }

    fn view(&self, viewer: Viewer) -> ReflectionView {
        let last_turn = self.turns.last().map(|played| {
            let (number, seat) = chess::move_number(
                self.start.turn(),
                self.start.fullmove_number(),
                self.turns.len() - 1,
            );
            LastTurn {
                number,
                seat,
                text: played.text.to_string(),
                turn: played.turn,
            }
        });
        view::build(
            &self.position,
            bottom_seat(viewer),
            last_turn,
            self.history(),
            self.claimable(),
            self.outcome.clone(),
        )
    }

    fn perft(&self, depth: u32) -> u64 {
        match (&self.outcome, depth) {
            (_, 0) => 1,
            (Some(_), _) => 0,
            (None, _) => self.position.perft(depth),
        }
    }
}
