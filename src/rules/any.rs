//! The object-safe face of [`Game`]: what the referee holds, for any game.

use thiserror::Error;

use super::{
    ActionError, Entropy, Event, GAMES, Game, GameInfo, HistoryLine, Presentation, Seat, Status,
    View, Viewer,
};

/// What applying an action gave, in a game-independent form.
pub struct Played {
    pub state: Box<dyn AnyGame>,
    /// The stored form of the action, for the log.
    pub action: serde_json::Value,
    /// The action in the game's notation, as the actor wrote it (the actor's
    /// own view: it may include the actor's sealed parts).
    pub notation: String,
    pub events: Vec<Event>,
}

/// A game's view in a game-independent form, ready to render. Only this
/// module builds one (from [`Game::view`]), and only inside one of the three
/// kinds below, so the kind says who may read it.
#[derive(Clone, Debug)]
pub struct AnyView {
    presentation: Presentation,
    history: Vec<HistoryLine>,
    json: serde_json::Value,
}

impl AnyView {
    fn of<V: View>(view: &V) -> AnyView {
        AnyView {
            presentation: view.present(),
            history: view.history(),
            json: serde_json::to_value(view).expect("views serialise"),
        }
    }

    /// A view made up for checking the templates at start.
    pub(crate) fn sample(presentation: Presentation, history: Vec<HistoryLine>) -> AnyView {
        AnyView {
            presentation,
            history,
            json: serde_json::Value::Null,
        }
    }

    /// The board and the facts around it.
    pub fn presentation(&self) -> &Presentation {
        &self.presentation
    }

    /// The moves so far, as this viewer may see them.
    pub fn history(&self) -> &[HistoryLine] {
        &self.history
    }

    /// The view as data, for tests that look for leaks and for the archive.
    pub fn json(&self) -> &serde_json::Value {
        &self.json
    }
}

/// What one seat may see: its own secrets and nothing of the opponent's
/// while the game is on; the whole archive once it has ended. Only
/// [`AnyGame::seat_view`] makes one, so code that must show a player only
/// that player's view (notices, a computer player) asks for this type and
/// cannot be handed the host's by mistake.
#[derive(Clone, Debug)]
pub struct SeatView {
    seat: Seat,
    view: AnyView,
}

impl SeatView {
    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn view(&self) -> &AnyView {
        &self.view
    }
}

/// What anyone may see: spectators, and everyone once the game has ended.
#[derive(Clone, Debug)]
pub struct PublicView(AnyView);

impl PublicView {
    pub fn view(&self) -> &AnyView {
        &self.0
    }
}

/// Everything, with the parts still hidden from the players marked: the
/// host's view. Never mailed to a player while the game is on.
#[derive(Clone, Debug)]
pub struct HostView(AnyView);

impl HostView {
    pub fn view(&self) -> &AnyView {
        &self.0
    }
}

/// A stored log action could not be replayed.
#[derive(Debug, Error)]
pub enum ReplayError {
    #[error("stored action does not match the game: {0}")]
    Decode(#[from] serde_json::Error),
    #[error("stored action is not legal: {0}")]
    Illegal(#[from] ActionError),
}

/// The object-safe face of [`Game`], so the referee can hold any game. Every
/// [`Game`] implements it through the blanket impl below.
pub trait AnyGame: Send + Sync {
    fn info(&self) -> &'static GameInfo;
    fn status(&self) -> Status;
    fn position(&self) -> String;
    /// Parses and applies what `seat` wrote.
    fn play_text(
        &self,
        seat: Seat,
        text: &str,
        entropy: &mut Entropy,
    ) -> Result<Played, ActionError>;
    /// Applies an action from the log.
    fn replay(
        &self,
        seat: Seat,
        action: &serde_json::Value,
        entropy: &mut Entropy,
    ) -> Result<Played, ReplayError>;
    /// Every legal action of `seat`, in notation.
    fn legal_texts(&self, seat: Seat) -> Vec<String>;
    /// What `seat` may see now. Once the game has ended, by its rules or
    /// outside them (`ended`: resignation, agreement, the clock, the host's
    /// ruling), all becomes public and every seat sees the archive.
    fn seat_view(&self, seat: Seat, ended: bool) -> SeatView;
    /// What anyone may see now (the archive, once the game has ended).
    fn public_view(&self, ended: bool) -> PublicView;
    /// Everything, hidden parts marked: the host's.
    fn host_view(&self) -> HostView;
    fn perft(&self, depth: u32) -> u64;
    /// Perft split by first action: each action's notation and its count.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    fn to_json(&self) -> serde_json::Value;
    fn clone_box(&self) -> Box<dyn AnyGame>;
}

impl<G: Game> AnyGame for G {
    fn info(&self) -> &'static GameInfo {
        GAMES
            .iter()
            .find(|g| g.name == G::NAME)
            .expect("every game is registered in GAMES")
    }

    fn status(&self) -> Status {
        Game::status(self)
    }

    fn position(&self) -> String {
        Game::position(self)
    }

    fn play_text(
        &self,
        seat: Seat,
        text: &str,
        entropy: &mut Entropy,
    ) -> Result<Played, ActionError> {
        let action = self.parse_action(seat, text)?;
        let notation = self.notation(seat, &action);
        let applied = self.apply(seat, &action, entropy)?;
        Ok(Played {
            state: Box::new(applied.state),
            action: serde_json::to_value(&action).expect("actions serialise"),
            notation,
            events: applied.events,
        })
    }

    fn replay(
        &self,
        seat: Seat,
        action: &serde_json::Value,
        entropy: &mut Entropy,
    ) -> Result<Played, ReplayError> {
        let action: G::Action = serde_json::from_value(action.clone())?;
        let notation = self.notation(seat, &action);
        let applied = self.apply(seat, &action, entropy)?;
        Ok(Played {
            state: Box::new(applied.state),
            action: serde_json::to_value(&action).expect("actions serialise"),
            notation,
            events: applied.events,
        })
    }

    fn legal_texts(&self, seat: Seat) -> Vec<String> {
        self.legal_actions(seat)
            .iter()
            .map(|a| self.notation(seat, a))
            .collect()
    }

    fn seat_view(&self, seat: Seat, ended: bool) -> SeatView {
        let view = if ended || Game::status(self).is_finished() {
            AnyView::of(&Game::archive(self))
        } else {
            AnyView::of(&Game::view(self, Viewer::Seat(seat)))
        };
        SeatView { seat, view }
    }

    fn public_view(&self, ended: bool) -> PublicView {
        PublicView(if ended || Game::status(self).is_finished() {
            AnyView::of(&Game::archive(self))
        } else {
            AnyView::of(&Game::view(self, Viewer::Spectator))
        })
    }

    fn host_view(&self) -> HostView {
        HostView(AnyView::of(&Game::view(self, Viewer::Host)))
    }

    fn perft(&self, depth: u32) -> u64 {
        Game::perft(self, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let Some(due) = (match Game::status(self) {
            Status::Ongoing(dues) => dues.first().copied(),
            Status::Finished(_) => None,
        }) else {
            return Vec::new();
        };
        let mut entropy = Entropy::for_perft();
        self.legal_actions(due.seat)
            .iter()
            .map(|action| {
                let count = if depth <= 1 {
                    1
                } else {
                    let applied = self
                        .apply(due.seat, action, &mut entropy)
                        .unwrap_or_else(|e| panic!("legal action {action:?} was refused: {e}"));
                    Game::perft(&applied.state, depth - 1)
                };
                (self.notation(due.seat, action), count)
            })
            .collect()
    }

    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("states serialise")
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}
