//! The classic game behind the [`Game`] trait: [`Superial`] made, read,
//! played, shown and counted.

use super::game::{Play, Superial, SuperialAction, write_play};
use super::position::Setup;
use super::reading;
use super::settings::{OPTIONS, Settings};
use super::view::SuperialView;
use crate::rules::{
    ActionError, Applied, Entropy, Event, Game, OptionError, Options, Outcome, PositionError, Seat,
    Status, Viewer,
};

impl Game for Superial {
    type Action = SuperialAction;
    type View = SuperialView;

    const NAME: &'static str = "superial-chess";
    const TITLE: &'static str = "Superial Chess";
    const OPTIONS: &'static [&'static str] = OPTIONS;
    const HIDDEN: bool = false;

    fn rules_page() -> &'static str {
        include_str!("rules.txt")
    }

    fn new(options: &Options, _entropy: &mut Entropy) -> Result<Superial, OptionError> {
        Ok(Superial::start(Settings::classic(options)?))
    }

    fn from_position(text: &str, options: &Options) -> Result<Superial, PositionError> {
        Superial::from_setup(Settings::classic(options)?, Setup::read(text)?)
    }

    fn position(&self) -> String {
        self.setup().write()
    }

    fn conclude(&mut self, outcome: Outcome) -> Vec<Event> {
        self.outcome = Some(outcome);
        Vec::new()
    }

    fn status(&self) -> Status {
        Status::of_turn(self.outcome.as_ref(), self.side)
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<SuperialAction, ActionError> {
        self.check_turn(seat)?;
        reading::parse(self, seat, text)
    }

    fn apply(
        &self,
        seat: Seat,
        action: &SuperialAction,
        entropy: &mut Entropy,
    ) -> Result<Applied<Superial>, ActionError> {
        self.check_turn(seat)?;
        let (state, events) = match action {
            SuperialAction::Play(play) => {
                self.check_play(seat, play)?;
                self.played(seat, play, entropy)
            }
            SuperialAction::ClaimDraw => {
                let reason = self.claimable().ok_or_else(|| self.no_claim())?;
                let mut state = self.clone();
                let mut events = Vec::new();
                state.settle(&mut events, seat, reason);
                (state, events)
            }
            SuperialAction::PlayAndClaim(play) => {
                self.check_play(seat, play)?;
                let (mut state, mut events) = self.played(seat, play, entropy);
                // A play that ends the game by itself needs no claim.
                if state.outcome.is_none() {
                    let reason = state.claimable().ok_or_else(|| {
                        ActionError::illegal(format!(
                            "{} would give no draw to claim: after it {}",
                            write_play(&self.board, play),
                            state.draw_counts()
                        ))
                    })?;
                    state.settle(&mut events, seat, reason);
                }
                (state, events)
            }
        };
        Ok(Applied { state, events })
    }

    fn legal_actions(&self, seat: Seat) -> Vec<SuperialAction> {
        let plays = self.plays(seat);
        let mut actions: Vec<SuperialAction> =
            plays.iter().cloned().map(SuperialAction::Play).collect();
        if plays.is_empty() {
            return actions;
        }
        if self.claimable().is_some() {
            actions.push(SuperialAction::ClaimDraw);
        }
        // Only an action that is not random can complete a repetition or
        // the 50 turns (a random move starts both counts afresh), and a
        // third occurrence needs a position that has occurred twice.
        if self.quiet >= 99 || self.some_position_twice() {
            for play in plays.iter().filter(|p| **p != Play::Random) {
                let (next, _) = self.after(seat, play, None);
                if next.outcome.is_none() && next.claimable().is_some() {
                    actions.push(SuperialAction::PlayAndClaim(play.clone()));
                }
            }
        }
        actions
    }

    fn notation(&self, _seat: Seat, action: &SuperialAction) -> String {
        match action {
            SuperialAction::Play(play) => write_play(&self.board, play),
            SuperialAction::ClaimDraw => "claim draw".to_string(),
            SuperialAction::PlayAndClaim(play) => {
                format!("{} claim", write_play(&self.board, play))
            }
        }
    }

    fn view(&self, viewer: Viewer) -> SuperialView {
        SuperialView::build(self, viewer)
    }

    /// Counts plays (draw claims are not counted), a random move as its
    /// 216 throws.
    fn perft(&self, depth: u32) -> u64 {
        self.leaves(depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.plays(self.side)
            .iter()
            .map(|play| (write_play(&self.board, play), self.perft_of(play, depth)))
            .collect()
    }
}
