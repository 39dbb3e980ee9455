//! The trait every game implements, and what it works with: views,
//! history lines and the result of applying an action.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::{
    ActionError, Entropy, Event, OptionError, Options, Outcome, PositionError, Presentation, Score,
    Seat, Secret, Status, Viewer,
};

/// One line of a game's history, as a viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryLine {
    /// The turn number as the game counts it (chess: the full-move number).
    pub number: u32,
    pub seat: Seat,
    /// In the game's notation, with hidden parts shown as hidden.
    pub text: String,
}

/// What one viewer may see of a game. Built only by [`Game::view`] from the
/// truth; holds no hidden field the viewer may not know.
pub trait View: Serialize {
    /// The board and the facts around it, ready to render.
    fn present(&self) -> Presentation;
    /// The moves so far, as this viewer may see them now.
    fn history(&self) -> Vec<HistoryLine>;
}

/// The outcome of applying one action.
#[derive(Clone, Debug)]
pub struct Applied<G> {
    pub state: G,
    pub events: Vec<Event>,
}

/// One game's rules. The implementing type is the complete truth of one game
/// in progress (its options included), serialisable for the store.
///
/// Rules are pure: no I/O, no clock, no randomness of their own. Anything
/// random (dice, salts, seeds) comes from the [`Entropy`] the referee passes
/// in, which it derives from the game's committed seed, so replaying the log
/// reproduces the game exactly.
pub trait Game: Clone + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// An accepted action as stored in the log, sealed parts included.
    type Action: Clone + fmt::Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may see.
    type View: View;

    /// The game's name in commands: `chess`, `bluff-chess`.
    const NAME: &'static str;
    /// The game's title in mail: `Bluff Chess`.
    const TITLE: &'static str;
    /// The option keys the game knows (for help pages).
    const OPTIONS: &'static [&'static str];
    /// Whether the game draws anything from its seed (dice, salts of sealed
    /// decisions). Games without randomness announce and publish no seed.
    const RANDOM: bool = true;
    /// Whether a seat may not know everything while the game is on (sealed
    /// decisions, down faces). An ongoing game of such a game is never
    /// exported but to the host. A game without hidden information says so.
    const HIDDEN: bool = true;

    /// The player-facing rules page, rulings included.
    fn rules_page() -> &'static str;

    /// A new game from its options.
    fn new(options: &Options, entropy: &mut Entropy) -> Result<Self, OptionError>;

    /// A game from a position string (FEN for the chess games), for perft and
    /// for the host's repairs.
    fn from_position(position: &str, options: &Options) -> Result<Self, PositionError>;

    /// The position string of this state (host only: it may hold secrets).
    fn position(&self) -> String;

    /// Where the game stands.
    fn status(&self) -> Status;

    /// Reads what `seat` wrote into an action that is legal now, or says why
    /// not in terms of `seat`'s own view.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Self::Action, ActionError>;

    /// Applies an action of `seat`. The state itself is left as it was;
    /// an illegal action is an error and changes nothing.
    fn apply(
        &self,
        seat: Seat,
        action: &Self::Action,
        entropy: &mut Entropy,
    ) -> Result<Applied<Self>, ActionError>;

    /// Ends the game outside its rules (resignation, agreement, the clock,
    /// the host's ruling): from now on it is finished with `outcome`, owes
    /// nothing, and what was hidden is revealed. Returns the revelations,
    /// told to everyone.
    fn conclude(&mut self, outcome: Outcome) -> Vec<Event>;

    /// The action by which `seat` claims a draw the rules allow now
    /// (threefold repetition, the 50-move rule), if there is one. The
    /// referee's `draw` asks this; a game without draw claims keeps the
    /// default.
    fn draw_claim(&self, _seat: Seat) -> Option<Self::Action> {
        None
    }

    /// Every legal action of `seat` now (empty if it owes nothing).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// An action in the game's notation, as `seat` would write it.
    fn notation(&self, seat: Seat, action: &Self::Action) -> String;

    /// What `viewer` may see. A finished game shows everything to everyone
    /// (the archive).
    fn view(&self, viewer: Viewer) -> Self::View;

    /// The archive of a game whose match has ended, by the game's rules or
    /// outside them (resignation, agreement, time, the host's ruling): it
    /// is shown to everyone, so nothing in it may be marked as still
    /// hidden. By default the host's view; a game whose host view marks
    /// parts as sealed, or that cannot tell from its own state that play
    /// has stopped, overrides it.
    fn archive(&self) -> Self::View {
        self.view(Viewer::Host)
    }

    /// The game as a chess score, for PGN: `None` (the default) for a game
    /// whose board or moves are not chess's. Read from the truth: it may
    /// hold sealed parts, so only a finished game's reaches a player.
    fn score(&self) -> Option<Score> {
        None
    }

    /// Every secret the game has sealed so far with a commitment (sealed
    /// decisions, setups), opened: from the truth, so only a finished
    /// game's reaches a player. None by default.
    fn secrets(&self) -> Vec<Secret> {
        Vec::new()
    }

    /// Perft split by first action: each action's notation and its count
    /// (`arbiter perft --divide`). A game whose perft counts one action as
    /// several leaves (Superial's random move, as its 216 throws) overrides
    /// it to match its perft.
    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let Some(due) = (match self.status() {
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
                    applied.state.perft(depth - 1)
                };
                (self.notation(due.seat, action), count)
            })
            .collect()
    }

    /// The number of leaves of the legal-action tree `depth` actions deep,
    /// following whichever seat owes an action (the first, in a sealed
    /// phase). Games with a faster counter override it.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let Status::Ongoing(dues) = self.status() else {
            return 0;
        };
        let Some(due) = dues.first() else {
            return 0;
        };
        let actions = self.legal_actions(due.seat);
        if depth == 1 {
            return actions.len() as u64;
        }
        let mut entropy = Entropy::for_perft();
        actions
            .iter()
            .map(|action| match self.apply(due.seat, action, &mut entropy) {
                Ok(applied) => applied.state.perft(depth - 1),
                Err(err) => panic!("legal action {action:?} was refused: {err}"),
            })
            .sum()
    }
}
