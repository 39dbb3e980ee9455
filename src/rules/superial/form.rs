//! [`SuperialChess`]: the game registered as `superial-chess`, in the form
//! its options choose: the classic game ([`Superial`], random moves
//! included) or the hybrid ([`Hybrid`], `hybrid=on`). Each form keeps its
//! own truth, actions and views; this type only dispatches, and a classic
//! game is stored exactly as before the hybrid existed.

use serde::{Deserialize, Serialize};

use super::game::{Superial, SuperialAction};
use super::hybrid::game::{Hybrid, HybridAction};
use super::hybrid::position;
use super::hybrid::view::HybridView;
use super::settings::Settings;
use super::view::SuperialView;
use crate::rules::{
    ActionError, Applied, Entropy, Event, Game, HistoryLine, OptionError, Options, Outcome,
    PositionError, Presentation, Seat, Status, View, Viewer,
};

/// A game of Superial Chess, classic or hybrid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SuperialChess {
    Hybrid(Box<Hybrid>),
    #[serde(untagged)]
    Classic(Box<Superial>),
}

/// An action of either form.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SuperialChessAction {
    Hybrid(HybridAction),
    #[serde(untagged)]
    Classic(SuperialAction),
}

/// A view of either form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SuperialChessView {
    Hybrid(Box<HybridView>),
    #[serde(untagged)]
    Classic(Box<SuperialView>),
}

impl View for SuperialChessView {
    fn present(&self) -> Presentation {
        match self {
            SuperialChessView::Hybrid(view) => view.present(),
            SuperialChessView::Classic(view) => view.present(),
        }
    }

    fn history(&self) -> Vec<HistoryLine> {
        match self {
            SuperialChessView::Hybrid(view) => view.history(),
            SuperialChessView::Classic(view) => view.history(),
        }
    }
}

impl SuperialChess {
    /// The classic game, if this is one.
    pub fn classic(&self) -> Option<&Superial> {
        match self {
            SuperialChess::Classic(game) => Some(game),
            SuperialChess::Hybrid(_) => None,
        }
    }

    /// The hybrid game, if this is one.
    pub fn hybrid(&self) -> Option<&Hybrid> {
        match self {
            SuperialChess::Hybrid(game) => Some(game),
            SuperialChess::Classic(_) => None,
        }
    }

    /// An action of the other form.
    fn wrong_form() -> ActionError {
        ActionError::illegal("That action belongs to the other form of Superial Chess.")
    }
}

impl Game for SuperialChess {
    type Action = SuperialChessAction;
    type View = SuperialChessView;

    const NAME: &'static str = Superial::NAME;
    const TITLE: &'static str = Superial::TITLE;
    const OPTIONS: &'static [&'static str] = Superial::OPTIONS;
    // Random moves are drawn from the seed, which stays sealed until the
    // end; nothing else is hidden, and the seed is never exported before.
    const HIDDEN: bool = false;

    fn rules_page() -> &'static str {
        Superial::rules_page()
    }

    fn new(options: &Options, entropy: &mut Entropy) -> Result<SuperialChess, OptionError> {
        Ok(if Settings::read(options)?.hybrid {
            SuperialChess::Hybrid(Box::new(Hybrid::start()))
        } else {
            SuperialChess::Classic(Box::new(Superial::new(options, entropy)?))
        })
    }

    fn from_position(text: &str, options: &Options) -> Result<SuperialChess, PositionError> {
        Ok(if Settings::read(options)?.hybrid {
            SuperialChess::Hybrid(Box::new(Hybrid::from_position(text)?))
        } else {
            SuperialChess::Classic(Box::new(Superial::from_position(text, options)?))
        })
    }

    fn position(&self) -> String {
        match self {
            SuperialChess::Hybrid(game) => position::write(game.position()),
            SuperialChess::Classic(game) => game.position(),
        }
    }

    fn status(&self) -> Status {
        match self {
            SuperialChess::Hybrid(game) => Status::of_turn(game.outcome(), game.side()),
            SuperialChess::Classic(game) => game.status(),
        }
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<SuperialChessAction, ActionError> {
        match self {
            SuperialChess::Hybrid(game) => game.parse(seat, text).map(SuperialChessAction::Hybrid),
            SuperialChess::Classic(game) => game
                .parse_action(seat, text)
                .map(SuperialChessAction::Classic),
        }
    }

    fn apply(
        &self,
        seat: Seat,
        action: &SuperialChessAction,
        entropy: &mut Entropy,
    ) -> Result<Applied<SuperialChess>, ActionError> {
        match (self, action) {
            (SuperialChess::Hybrid(game), SuperialChessAction::Hybrid(action)) => {
                let (state, events) = game.apply(seat, action)?;
                Ok(Applied {
                    state: SuperialChess::Hybrid(Box::new(state)),
                    events,
                })
            }
            (SuperialChess::Classic(game), SuperialChessAction::Classic(action)) => {
                let applied = game.apply(seat, action, entropy)?;
                Ok(Applied {
                    state: SuperialChess::Classic(Box::new(applied.state)),
                    events: applied.events,
                })
            }
            _ => Err(SuperialChess::wrong_form()),
        }
    }

    fn conclude(&mut self, outcome: Outcome) -> Vec<Event> {
        match self {
            SuperialChess::Hybrid(game) => {
                game.outcome = Some(outcome);
                Vec::new()
            }
            SuperialChess::Classic(game) => game.conclude(outcome),
        }
    }

    /// The `draw` command claims where a claim holds (threefold
    /// repetition, 50 turns), as in chess.
    fn draw_claim(&self, seat: Seat) -> Option<SuperialChessAction> {
        match self {
            SuperialChess::Hybrid(game) => (game.check_turn(seat).is_ok()
                && game.claimable().is_some())
            .then_some(SuperialChessAction::Hybrid(HybridAction::ClaimDraw)),
            SuperialChess::Classic(game) => (game.check_turn(seat).is_ok()
                && game.claimable().is_some())
            .then_some(SuperialChessAction::Classic(SuperialAction::ClaimDraw)),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<SuperialChessAction> {
        match self {
            SuperialChess::Hybrid(game) => game
                .legal_actions(seat)
                .into_iter()
                .map(SuperialChessAction::Hybrid)
                .collect(),
            SuperialChess::Classic(game) => game
                .legal_actions(seat)
                .into_iter()
                .map(SuperialChessAction::Classic)
                .collect(),
        }
    }

    fn notation(&self, seat: Seat, action: &SuperialChessAction) -> String {
        match (self, action) {
            (SuperialChess::Hybrid(game), SuperialChessAction::Hybrid(action)) => {
                game.notation(action)
            }
            (SuperialChess::Classic(game), SuperialChessAction::Classic(action)) => {
                game.notation(seat, action)
            }
            (_, action) => format!("{action:?}"),
        }
    }

    fn view(&self, viewer: Viewer) -> SuperialChessView {
        match self {
            SuperialChess::Hybrid(game) => {
                SuperialChessView::Hybrid(Box::new(HybridView::build(game, viewer)))
            }
            SuperialChess::Classic(game) => SuperialChessView::Classic(Box::new(game.view(viewer))),
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        match self {
            SuperialChess::Hybrid(game) => game.perft(depth),
            SuperialChess::Classic(game) => game.perft(depth),
        }
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        match self {
            SuperialChess::Hybrid(game) => game.divide(depth),
            SuperialChess::Classic(game) => game.divide(depth),
        }
    }
}
