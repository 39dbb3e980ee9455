//! Bluff Chess behind the [`Game`] trait: the truth ([`super::state`])
//! tied to its position string ([`super::fen`]), what players write
//! ([`super::notation`]), the views ([`super::view`]) and the score
//! ([`super::score`]). It stands above them all, so each of them reads the
//! truth and none names this file.

use super::fen::{self, Parts};
use super::{BluffAction, BluffChess, BluffView, Decision, score};
use crate::rules::chess::{Move, Position};
use crate::rules::{
    ActionError, Applied, Due, Duty, Ending, Entropy, Event, Game, GameResult, OptionError,
    Options, Outcome, PositionError, Score, Seat, Secret, Status, Viewer,
};

fn no_options(options: &Options) -> Result<(), OptionError> {
    options.read(&[], |_| Ok(()))
}

impl Game for BluffChess {
    type Action = BluffAction;
    type View = BluffView;

    const NAME: &'static str = "bluff-chess";
    const TITLE: &'static str = "Bluff Chess";
    const OPTIONS: &'static [&'static str] = &[];

    fn rules_page() -> &'static str {
        include_str!("rules.txt")
    }

    fn new(options: &Options, _entropy: &mut Entropy) -> Result<BluffChess, OptionError> {
        no_options(options)?;
        Ok(BluffChess::from_parts(
            Position::startpos(),
            [None; 2],
            [false; 2],
            [None, None],
            None,
        )
        .expect("the start position is consistent"))
    }

    fn from_position(position: &str, options: &Options) -> Result<BluffChess, PositionError> {
        no_options(options)?;
        let parts = fen::read(position)?;
        let mut game = BluffChess::from_parts(
            parts.position,
            parts.alter,
            parts.committed,
            parts.sealed,
            parts.deciding,
        )?;
        if let Some(loser) = parts.lost {
            game.finish(
                Outcome::win(loser.other(), Ending::AlterEgoCaptured),
                &mut Vec::new(),
            );
        }
        Ok(game)
    }

    fn position(&self) -> String {
        fen::write(&Parts {
            position: self.position.clone(),
            alter: self.alter,
            committed: self.committed,
            sealed: self.sealed.clone(),
            deciding: self.deciding,
            lost: match &self.outcome {
                Some(Outcome {
                    result: GameResult::Win(winner),
                    reason: Ending::AlterEgoCaptured,
                }) => Some(winner.other()),
                _ => None,
            },
        })
    }

    fn status(&self) -> Status {
        match (&self.outcome, self.due()) {
            (Some(outcome), _) => Status::Finished(outcome.clone()),
            (None, Some(due)) => Status::Ongoing(vec![due]),
            (None, None) => Status::Ongoing(Vec::new()),
        }
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<BluffAction, ActionError> {
        self.parse(seat, text)
    }

    fn apply(
        &self,
        seat: Seat,
        action: &BluffAction,
        entropy: &mut Entropy,
    ) -> Result<Applied<BluffChess>, ActionError> {
        let mut state = self.clone();
        let mut events = Vec::new();
        match action {
            BluffAction::Move { mv, decision } => {
                self.check_move_turn(seat)?;
                self.check_move(mv)?;
                if let Some(decision) = decision {
                    let after = self.position.play(mv);
                    BluffChess::check_decision(&after, seat, mv.to, *decision)?;
                }
                state.play_move(seat, mv, *decision, None, entropy, &mut events);
            }
            BluffAction::Decide(decision) => {
                self.check_decision_turn(seat)?;
                let turn_square = self.alter[seat.index()].expect("a decider has an alter ego");
                BluffChess::check_decision(&self.position, seat, turn_square, *decision)?;
                state.decide(seat, *decision, entropy, &mut events);
                state.begin_turn(&mut events);
            }
            BluffAction::ClaimDraw => {
                self.check_move_turn(seat)?;
                let reason = self.claimable().ok_or_else(|| self.no_claim())?;
                state.settle_claim(seat, reason, &mut events);
            }
            BluffAction::MoveAndClaim(mv) => {
                self.check_move_turn(seat)?;
                self.check_move(mv)?;
                let reason = self
                    .claimable_after(mv)
                    .ok_or_else(|| self.no_claim_after(mv))?;
                state.play_move(seat, mv, None, Some(reason), entropy, &mut events);
            }
        }
        Ok(Applied { state, events })
    }

    fn conclude(&mut self, outcome: Outcome) -> Vec<Event> {
        let mut events = Vec::new();
        self.finish(outcome, &mut events);
        events
    }

    fn draw_claim(&self, seat: Seat) -> Option<BluffAction> {
        let moving = matches!(
            self.due(),
            Some(Due { seat: due, duty: Duty::Move }) if due == seat
        );
        (moving && self.claimable().is_some()).then_some(BluffAction::ClaimDraw)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<BluffAction> {
        match self.due() {
            Some(Due {
                seat: due,
                duty: Duty::Decision,
            }) if due == seat => std::iter::once(Decision::Stay)
                .chain(
                    self.transfer_targets(seat)
                        .into_iter()
                        .map(Decision::Transfer),
                )
                .map(BluffAction::Decide)
                .collect(),
            Some(Due {
                seat: due,
                duty: Duty::Move,
            }) if due == seat => {
                let moves = self.legal_moves(seat);
                let mut actions: Vec<BluffAction> = moves
                    .iter()
                    .map(|mv| BluffAction::Move {
                        mv: *mv,
                        decision: None,
                    })
                    .collect();
                if self.claimable().is_some() {
                    actions.push(BluffAction::ClaimDraw);
                }
                // A move that completes a repetition, or the 50 moves, may
                // carry the claim (as in chess, only where one can).
                if self.position.halfmove_clock() >= 99 || self.record.len() >= 5 {
                    actions.extend(
                        moves
                            .iter()
                            .filter(|mv| self.claimable_after(mv).is_some())
                            .map(|mv| BluffAction::MoveAndClaim(*mv)),
                    );
                }
                actions
            }
            _ => Vec::new(),
        }
    }

    fn notation(&self, _seat: Seat, action: &BluffAction) -> String {
        let san = |mv: &Move| {
            if self.outcome.is_none() && self.position.legal_moves().contains(mv) {
                self.position.san(mv)
            } else {
                mv.to_string()
            }
        };
        match action {
            BluffAction::Move { mv, decision } => match decision {
                Some(decision) => format!("{} {decision}", san(mv)),
                None => san(mv),
            },
            BluffAction::Decide(decision) => decision.to_string(),
            BluffAction::ClaimDraw => "claim draw".to_string(),
            BluffAction::MoveAndClaim(mv) => format!("{} claim", san(mv)),
        }
    }

    fn score(&self) -> Option<Score> {
        Some(score::score(self))
    }

    fn secrets(&self) -> Vec<Secret> {
        score::secrets(self)
    }

    fn view(&self, viewer: Viewer) -> BluffView {
        BluffView::new(self, viewer)
    }
}
