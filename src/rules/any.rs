//! The object-safe face of [`Game`]: what the referee holds, for any game.

use thiserror::Error;

use super::{
    ActionError, Entropy, Event, Game, HistoryLine, OptionError, Options, Outcome, PositionError,
    Presentation, Score, Seat, Secret, Status, View, Viewer,
};

/// A game's constructor behind the erased face: what the referee's name
/// table (`crate::games`) holds to start a game.
pub type NewGame = fn(&Options, &mut Entropy) -> Result<Box<dyn AnyGame>, OptionError>;
/// A game's position reader behind the erased face.
pub type FromPosition = fn(&str, &Options) -> Result<Box<dyn AnyGame>, PositionError>;

/// What playing one action gave, past the game's own [`Applied`]: the next
/// state, the action as stored, how it reads, and what to tell whom. The
/// erased face returns it with the game and the game's stored action
/// (`Played<Box<dyn AnyGame>, serde_json::Value>`); the referee with the
/// match and its log entry (`referee::Step`).
///
/// [`Applied`]: super::Applied
pub struct Played<S, A> {
    pub state: S,
    /// The action as stored in the log.
    pub action: A,
    /// The action in the game's notation, as the actor wrote it (the actor's
    /// own view: it may include the actor's sealed parts).
    pub notation: String,
    pub events: Vec<Event>,
}

/// A game's action played through the erased face.
pub type PlayedAction = Played<Box<dyn AnyGame>, serde_json::Value>;

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

    /// The same view with its board drawn from `seat`'s side.
    fn turned_for(mut self, seat: Seat) -> AnyView {
        self.presentation.diagram = self.presentation.diagram.map(|d| d.turned_for(seat));
        self
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
    /// The game's name ([`Game::NAME`]), by which the referee's table
    /// knows it.
    fn name(&self) -> &'static str;
    fn status(&self) -> Status;
    fn position(&self) -> String;
    /// Parses and applies what `seat` wrote.
    fn play_text(
        &self,
        seat: Seat,
        text: &str,
        entropy: &mut Entropy,
    ) -> Result<PlayedAction, ActionError>;
    /// Applies an action from the log.
    fn replay(
        &self,
        seat: Seat,
        action: &serde_json::Value,
        entropy: &mut Entropy,
    ) -> Result<PlayedAction, ReplayError>;
    /// Claims for `seat` the draw the rules allow now, if any (the
    /// referee's `draw`, as a typed request rather than words the game
    /// would have to read).
    fn claim_draw(&self, seat: Seat, entropy: &mut Entropy) -> Option<PlayedAction>;
    /// Every legal action of `seat`, in notation.
    fn legal_texts(&self, seat: Seat) -> Vec<String>;
    /// What `seat` may see now. Once the game has ended, by its rules or
    /// outside them ([`AnyGame::concluded`]), all becomes public and every
    /// seat sees the archive.
    fn seat_view(&self, seat: Seat) -> SeatView;
    /// What anyone may see now (the archive, once the game has ended).
    fn public_view(&self) -> PublicView;
    /// The game ended outside its rules, and what that reveals (see
    /// [`Game::conclude`]).
    fn concluded(&self, outcome: Outcome) -> (Box<dyn AnyGame>, Vec<Event>);
    /// Everything, hidden parts marked: the host's.
    fn host_view(&self) -> HostView;
    fn perft(&self, depth: u32) -> u64;
    /// Perft split by first action: each action's notation and its count.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    fn to_json(&self) -> serde_json::Value;
    /// The game as a chess score (see [`Game::score`]): from the truth.
    fn score(&self) -> Option<Score>;
    /// Every sealed secret, opened (see [`Game::secrets`]): from the truth.
    fn secrets(&self) -> Vec<Secret>;
    fn clone_box(&self) -> Box<dyn AnyGame>;
}

impl<G: Game> AnyGame for G {
    fn name(&self) -> &'static str {
        G::NAME
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
    ) -> Result<PlayedAction, ActionError> {
        let action = self.parse_action(seat, text)?;
        play(self, seat, action, entropy)
    }

    fn replay(
        &self,
        seat: Seat,
        action: &serde_json::Value,
        entropy: &mut Entropy,
    ) -> Result<PlayedAction, ReplayError> {
        let action: G::Action = serde_json::from_value(action.clone())?;
        Ok(play(self, seat, action, entropy)?)
    }

    fn claim_draw(&self, seat: Seat, entropy: &mut Entropy) -> Option<PlayedAction> {
        let action = self.draw_claim(seat)?;
        play(self, seat, action, entropy).ok()
    }

    fn legal_texts(&self, seat: Seat) -> Vec<String> {
        self.legal_actions(seat)
            .iter()
            .map(|a| self.notation(seat, a))
            .collect()
    }

    fn seat_view(&self, seat: Seat) -> SeatView {
        let view = if Game::status(self).is_finished() {
            // One archive for all, but each player keeps their own side.
            AnyView::of(&Game::archive(self)).turned_for(seat)
        } else {
            AnyView::of(&Game::view(self, Viewer::Seat(seat)))
        };
        SeatView { seat, view }
    }

    fn public_view(&self) -> PublicView {
        PublicView(if Game::status(self).is_finished() {
            AnyView::of(&Game::archive(self))
        } else {
            AnyView::of(&Game::view(self, Viewer::Spectator))
        })
    }

    fn concluded(&self, outcome: Outcome) -> (Box<dyn AnyGame>, Vec<Event>) {
        let mut game = self.clone();
        let events = game.conclude(outcome);
        (Box::new(game), events)
    }

    fn host_view(&self) -> HostView {
        HostView(AnyView::of(&Game::view(self, Viewer::Host)))
    }

    fn perft(&self, depth: u32) -> u64 {
        Game::perft(self, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        Game::divide(self, depth)
    }

    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("states serialise")
    }

    fn score(&self) -> Option<Score> {
        Game::score(self)
    }

    fn secrets(&self) -> Vec<Secret> {
        Game::secrets(self)
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}

/// Applies a game's action and gives it in the erased form: the next state,
/// the action as stored, its notation and the events.
fn play<G: Game>(
    game: &G,
    seat: Seat,
    action: G::Action,
    entropy: &mut Entropy,
) -> Result<PlayedAction, ActionError> {
    let notation = game.notation(seat, &action);
    let applied = game.apply(seat, &action, entropy)?;
    Ok(Played {
        state: Box::new(applied.state),
        action: serde_json::to_value(&action).expect("actions serialise"),
        notation,
        events: applied.events,
    })
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}
