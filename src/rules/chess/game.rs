//! The game `chess`: the engine, a move list and the draw record behind the
//! [`Game`] trait.

use serde::{Deserialize, Serialize};

use super::claims::{is_claim, no_claim, no_claim_after, settle_claim, strip_claim};
use super::draws::{DrawRecord, DrawRule};
use super::position::Position;
use super::san::{MOVE_FORMS, MoveError, San};
use super::view::{ChessView, LastMove};
use super::{Move, Seat};
use crate::rules::shared::SharedList;
use crate::rules::{
    ActionError, Applied, Ending, Entropy, Event, Game, GameResult, HistoryLine, OptionError,
    Options, Outcome, PositionError, Score, ScoreTurn, Status, Viewer,
};

/// One move of the game, as played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMove {
    #[serde(rename = "move")]
    pub mv: Move,
    /// Its SAN in the position it was played in, check marks included.
    pub san: San,
}

/// A game's moves, shared between copies of the game. Their SANs are not
/// kept: the computer's search makes a game for every move it tries and
/// reads none of them, so they are written when asked for (the history, a
/// view, the stored state) by playing the moves again from the start.
type MoveList = SharedList<Move>;

/// What a player may do in chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChessAction {
    Move(Move),
    /// A claim of a draw by threefold repetition or the 50-move rule, in the
    /// position on the board.
    ClaimDraw,
    /// A move together with a claim that holds once it is played (FIDE 9.2
    /// and 9.3: the claim may be made with the move that completes the
    /// repetition or the 50 moves). Written `Nf3 claim`.
    MoveAndClaim(Move),
}

/// A game of chess in progress: its start, the position now, the moves, the
/// draw record and the outcome once finished. It is stored with each
/// move's SAN (see [`StoredChess`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "StoredChess", from = "StoredChess")]
pub struct Chess {
    start: Position,
    position: Position,
    moves: MoveList,
    record: DrawRecord,
    outcome: Option<Outcome>,
}

/// A game of chess as it is stored: the moves with their SANs, so that
/// the stored state reads on its own.
#[derive(Serialize, Deserialize)]
struct StoredChess {
    start: Position,
    position: Position,
    moves: Vec<PlayedMove>,
    record: DrawRecord,
    outcome: Option<Outcome>,
}

impl From<Chess> for StoredChess {
    fn from(game: Chess) -> StoredChess {
        StoredChess {
            moves: game.moves(),
            start: game.start,
            position: game.position,
            record: game.record,
            outcome: game.outcome,
        }
    }
}

impl From<StoredChess> for Chess {
    fn from(stored: StoredChess) -> Chess {
        let mut moves = MoveList::new();
        for played in stored.moves {
            moves.push(played.mv);
        }
        Chess {
            start: stored.start,
            position: stored.position,
            moves,
            record: stored.record,
            outcome: stored.outcome,
        }
    }
}

/// The outcome the position itself imposes: checkmate or an automatic draw
/// (stalemate, insufficient material, fivefold repetition, the 75-move rule).
/// Shared by the variants built on this engine.
pub fn automatic_outcome(position: &Position, record: &DrawRecord) -> Option<Outcome> {
    automatic_outcome_where(position, record, Position::is_insufficient_material)
}

/// [`automatic_outcome`] for a position where it is known whether the
/// side to move is `stuck` (has no legal move).
fn outcome_known(position: &Position, record: &DrawRecord, stuck: bool) -> Option<Outcome> {
    if stuck && position.is_check() {
        return Some(Outcome::win(position.turn().other(), Ending::Checkmate));
    }
    record
        .automatic_known(position, Position::is_insufficient_material, stuck)
        .map(|rule| Outcome::draw(Ending::Draw(rule)))
}

/// [`automatic_outcome`] with a variant's own test of a dead position (see
/// [`DrawRecord::automatic_where`]).
pub fn automatic_outcome_where(
    position: &Position,
    record: &DrawRecord,
    dead: fn(&Position) -> bool,
) -> Option<Outcome> {
    if position.is_checkmate() {
        return Some(Outcome::win(position.turn().other(), Ending::Checkmate));
    }
    record
        .automatic_where(position, dead)
        .map(|rule| Outcome::draw(Ending::Draw(rule)))
}

/// The public announcement of an ending the board's rules brought about
/// (Chess, Bluff Chess, Rebel Chess).
pub(crate) fn ending_event(outcome: &Outcome) -> Event {
    Event::public(match (outcome.result, &outcome.reason) {
        (GameResult::Win(winner), Ending::Checkmate) => format!("Checkmate: {winner} wins."),
        (_, Ending::Draw(DrawRule::Stalemate)) => "Stalemate: the game is drawn.".to_string(),
        (GameResult::Win(winner), reason) => format!("{winner} wins: {reason}."),
        (GameResult::Draw, reason) => format!("Draw by {reason}."),
        (GameResult::Aborted, reason) => format!("No result: {reason}."),
    })
}

fn no_options(options: &Options) -> Result<(), OptionError> {
    options.read(&[], |_| Ok(()))
}

impl Chess {
    /// A game starting from `start`; it may be over at once (a mate or a
    /// dead position set up by the host).
    pub fn from_start(start: Position) -> Chess {
        let record = DrawRecord::new(&start);
        let outcome = automatic_outcome(&start, &record);
        Chess {
            position: start.clone(),
            start,
            moves: MoveList::default(),
            record,
            outcome,
        }
    }

    /// The position on the board now.
    pub fn current(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, oldest first, with their SANs (written by
    /// playing the moves again from the start).
    pub fn moves(&self) -> Vec<PlayedMove> {
        let mut position = self.start.clone();
        self.moves
            .to_vec()
            .into_iter()
            .map(|mv| {
                let next = position.play(&mv);
                let stuck = next.is_check() && !next.has_legal_move();
                let san = position.san_after(&mv, &next, stuck);
                position = next;
                PlayedMove { mv, san }
            })
            .collect()
    }

    pub fn record(&self) -> &DrawRecord {
        &self.record
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The draw the side to move may claim now.
    pub fn claimable(&self) -> Option<DrawRule> {
        if self.outcome.is_some() {
            return None;
        }
        self.record.claimable(&self.position)
    }

    /// The full-move number and seat of the move with index `ply` (0 for
    /// the first move of this game).
    pub fn move_number(&self, ply: usize) -> (u32, Seat) {
        move_number(self.start.turn(), self.start.fullmove_number(), ply)
    }

    /// The moves as history lines.
    pub fn history(&self) -> Vec<HistoryLine> {
        self.history_of(&self.moves())
    }

    /// `played` (this game's [`Chess::moves`]) as history lines.
    fn history_of(&self, played: &[PlayedMove]) -> Vec<HistoryLine> {
        history_lines(
            self.start.turn(),
            self.start.fullmove_number(),
            played.iter().map(|played| played.san.to_string()),
        )
    }

    fn check_turn(&self, seat: Seat) -> Result<(), ActionError> {
        check_turn(self.outcome.as_ref(), self.position.turn(), seat)
    }

    /// The game after a legal move: the engine's work once (the next
    /// position, and whether the side to move then has a legal move, for
    /// mate or stalemate). [`Chess::after_move`] adds the events; the
    /// computer's search takes it as it is.
    pub(crate) fn successor(&self, mv: &Move) -> Chess {
        let position = self.position.play(mv);
        let stuck = !position.has_legal_move();
        let mut record = self.record.clone();
        record.push(&position);
        let outcome = outcome_known(&position, &record, stuck);
        let mut moves = self.moves.clone();
        moves.push(*mv);
        Chess {
            start: self.start.clone(),
            position,
            moves,
            record,
            outcome,
        }
    }

    /// The game after a legal move, with its events.
    fn after_move(&self, mv: &Move) -> (Chess, Vec<Event>) {
        let seat = self.position.turn();
        let next = self.successor(mv);
        let stuck = next
            .outcome
            .as_ref()
            .is_some_and(|outcome| matches!(outcome.reason, Ending::Checkmate));
        let san = self.position.san_after(mv, &next.position, stuck);
        let mut events = vec![Event::public(format!("{seat} played {san}"))];
        match &next.outcome {
            Some(outcome) => events.push(ending_event(outcome)),
            None => {
                if next.position.is_check() {
                    events.push(Event::public("Check."));
                }
                if let Some(reason) = next.record.claimable(&next.position) {
                    events.push(Event::public(format!(
                        "{} may claim a draw by {reason}.",
                        seat.other()
                    )));
                }
            }
        }
        (next, events)
    }

    /// Why no draw can be claimed now.
    fn no_claim(&self) -> ActionError {
        no_claim(self.record.repetitions(), self.position.halfmove_clock())
    }

    /// Checks that `mv` is legal now, explaining why not.
    fn legal(&self, mv: &Move) -> Result<Move, ActionError> {
        if self.position.legal_moves().contains(mv) {
            return Ok(*mv);
        }
        match self.position.parse_move(&mv.to_string()) {
            Err(err) => Err(move_error(err)),
            Ok(_) => Err(ActionError::illegal(format!("{mv} is not a legal move."))),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, ActionError> {
        self.position.parse_move(text).map_err(move_error)
    }
}

/// The full-move number and seat of the move with index `ply` (0 for the
/// first move) of a game that started with `start_turn` to move at move
/// `start_number`.
pub(crate) fn move_number(start_turn: Seat, start_number: u32, ply: usize) -> (u32, Seat) {
    let offset = ply as u32 + u32::from(start_turn == Seat::Black);
    let seat = if offset.is_multiple_of(2) {
        Seat::White
    } else {
        Seat::Black
    };
    (start_number + offset / 2, seat)
}

/// The history lines of a game's moves, numbered as [`move_number`] does.
pub(crate) fn history_lines(
    start_turn: Seat,
    start_number: u32,
    texts: impl IntoIterator<Item = String>,
) -> Vec<HistoryLine> {
    texts
        .into_iter()
        .enumerate()
        .map(|(ply, text)| {
            let (number, seat) = move_number(start_turn, start_number, ply);
            HistoryLine { number, seat, text }
        })
        .collect()
}

/// Whether `seat` may act in a game with `outcome` and `turn` to move.
pub(crate) fn check_turn(
    outcome: Option<&Outcome>,
    turn: Seat,
    seat: Seat,
) -> Result<(), ActionError> {
    if let Some(outcome) = outcome {
        return Err(ActionError::Finished(outcome.to_string()));
    }
    if seat != turn {
        return Err(ActionError::NotYourTurn(format!("It is {turn}'s move.")));
    }
    Ok(())
}

/// A player-facing error from an engine one.
fn move_error(err: MoveError) -> ActionError {
    match err {
        MoveError::Syntax { text } => {
            ActionError::syntax(text, format!("{MOVE_FORMS}, or claim draw"))
        }
        MoveError::Illegal { reason, hint, .. } => {
            ActionError::illegal_with_hint(reason, hint.to_string())
        }
        MoveError::Ambiguous { text, candidates } => ActionError::Ambiguous { text, candidates },
    }
}

/// The seat whose side of the board a viewer sees at the bottom: their own,
/// White for everyone else.
pub(crate) fn bottom_seat(viewer: Viewer) -> Seat {
    match viewer {
        Viewer::Seat(seat) => seat,
        Viewer::Spectator | Viewer::Host => Seat::White,
    }
}

impl Game for Chess {
    type Action = ChessAction;
    type View = ChessView;

    const NAME: &'static str = "chess";
    const TITLE: &'static str = "Chess";
    const OPTIONS: &'static [&'static str] = &[];
    // Nothing random: no seed is announced or published.
    const RANDOM: bool = false;
    const HIDDEN: bool = false;

    fn rules_page() -> &'static str {
        include_str!("rules.txt")
    }

    fn new(options: &Options, _entropy: &mut Entropy) -> Result<Chess, OptionError> {
        no_options(options)?;
        Ok(Chess::from_start(Position::startpos()))
    }

    fn from_position(position: &str, options: &Options) -> Result<Chess, PositionError> {
        no_options(options)?;
        Ok(Chess::from_start(Position::from_fen(position)?))
    }

    fn position(&self) -> String {
        self.position.fen()
    }

    fn status(&self) -> Status {
        Status::of_turn(self.outcome.as_ref(), self.position.turn())
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<ChessAction, ActionError> {
        self.check_turn(seat)?;
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        if is_claim(&lower) {
            return match self.claimable() {
                Some(_) => Ok(ChessAction::ClaimDraw),
                None => Err(self.no_claim()),
            };
        }
        if let Some(move_text) = strip_claim(text) {
            let mv = self.parse_move(move_text)?;
            let (next, _) = self.after_move(&mv);
            if next.record.claimable(&next.position).is_some() {
                return Ok(ChessAction::MoveAndClaim(mv));
            }
            return Err(no_claim_after(
                &self.position.san(&mv),
                next.record.repetitions(),
                next.position.halfmove_clock(),
            ));
        }
        Ok(ChessAction::Move(self.parse_move(text)?))
    }

    fn apply(
        &self,
        seat: Seat,
        action: &ChessAction,
        _entropy: &mut Entropy,
    ) -> Result<Applied<Chess>, ActionError> {
        self.check_turn(seat)?;
        match action {
            ChessAction::Move(mv) => {
                let mv = self.legal(mv)?;
                let (state, events) = self.after_move(&mv);
                Ok(Applied { state, events })
            }
            ChessAction::ClaimDraw => {
                let reason = self.claimable().ok_or_else(|| self.no_claim())?;
                let mut state = self.clone();
                let mut events = Vec::new();
                settle_claim(&mut state.outcome, &mut events, seat, reason);
                Ok(Applied { state, events })
            }
            ChessAction::MoveAndClaim(mv) => {
                let mv = self.legal(mv)?;
                let (mut state, mut events) = self.after_move(&mv);
                let reason = state.record.claimable(&state.position).ok_or_else(|| {
                    ActionError::illegal(format!(
                        "{} would not give a draw to claim.",
                        self.position.san(&mv)
                    ))
                })?;
                settle_claim(&mut state.outcome, &mut events, seat, reason);
                Ok(Applied { state, events })
            }
        }
    }

    fn conclude(&mut self, outcome: Outcome) -> Vec<Event> {
        self.outcome = Some(outcome);
        Vec::new()
    }

    fn draw_claim(&self, seat: Seat) -> Option<ChessAction> {
        (self.check_turn(seat).is_ok() && self.claimable().is_some())
            .then_some(ChessAction::ClaimDraw)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<ChessAction> {
        if self.check_turn(seat).is_err() {
            return Vec::new();
        }
        let moves = self.position.legal_moves();
        let mut actions: Vec<ChessAction> = moves.iter().copied().map(ChessAction::Move).collect();
        if self.claimable().is_some() {
            actions.push(ChessAction::ClaimDraw);
        }
        // A move that completes a repetition, or the 50 moves, may carry
        // the claim (only near the end of a long quiet stretch, or when
        // positions repeat).
        if self.position.halfmove_clock() >= 99 || self.record.len() >= 5 {
            for mv in &moves {
                let next = self.position.play(mv);
                if self.record.after(&next).claimable(&next).is_some() {
                    actions.push(ChessAction::MoveAndClaim(*mv));
                }
            }
        }
        actions
    }

    fn notation(&self, _seat: Seat, action: &ChessAction) -> String {
        let san = |mv: &Move| {
            if self.outcome.is_none() && self.position.legal_moves().contains(mv) {
                self.position.san(mv)
            } else {
                mv.to_string()
            }
        };
        match action {
            ChessAction::Move(mv) => san(mv),
            ChessAction::ClaimDraw => "claim draw".to_string(),
            ChessAction::MoveAndClaim(mv) => format!("{} claim", san(mv)),
        }
    }

    fn score(&self) -> Option<Score> {
        Some(Score {
            variant: None,
            fen: self.position.fen(),
            turns: self
                .history()
                .into_iter()
                .map(|line| ScoreTurn {
                    number: line.number,
                    seat: line.seat,
                    san: Some(line.text),
                    comments: Vec::new(),
                })
                .collect(),
        })
    }

    fn view(&self, viewer: Viewer) -> ChessView {
        let bottom = bottom_seat(viewer);
        let played = self.moves();
        let last_move = played.last().map(|played| {
            let (number, seat) = self.move_number(self.moves.len() - 1);
            LastMove {
                number,
                seat,
                san: played.san.to_string(),
                from: played.mv.from,
                to: played.mv.to,
            }
        });
        let outcome = self.outcome.clone();
        ChessView {
            bottom,
            turn: self.position.turn(),
            check: self.position.is_check(),
            castling: self.position.castling_rights().to_string(),
            en_passant: if outcome.is_none() {
                self.position.legal_en_passant()
            } else {
                None
            },
            halfmove_clock: self.position.halfmove_clock(),
            last_move,
            history: self.history_of(&played),
            claimable: self.claimable(),
            outcome,
            position: self.position.clone(),
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
