//! Rebel Chess behind the [`Game`] trait: the game ([`super::state`]) tied
//! to what players write ([`super::notation`]), its views
//! ([`super::view`]) and its score ([`super::score`]). It stands above
//! them, so each of them reads the game and none names this file.

use super::position::RebelPosition;
use super::view::{AttackedKing, LastAction, PlacedPiece, RebelView};
use super::{Play, RebelAction, RebelChess, Seat, Version, score};
use crate::rules::chess::{self, is_claim, strip_claim};
use crate::rules::{
    ActionError, Applied, Ending, Entropy, Event, Game, OptionError, Options, Outcome,
    PositionError, Score, Status, Viewer,
};

fn read_version(options: &Options) -> Result<Version, OptionError> {
    options.read(&["version"], |reader| {
        Ok(match reader.choice("version", &["1", "2", "3"], "1")? {
            "2" => Version::Two,
            "3" => Version::Three,
            _ => Version::One,
        })
    })
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
        Some(score::score(self))
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
