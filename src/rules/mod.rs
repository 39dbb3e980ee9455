//! The games' rules: pure, deterministic, no I/O.
//!
//! Every game is one module implementing [`Game`]. The type implementing it
//! is the *truth*: it holds every hidden thing. What a seat, a spectator or
//! the host may see is a separate type, [`Game::View`], built by
//! [`Game::view`]; everything that leaves the referee is rendered from a view,
//! never from the state.
//!
//! The referee drives games through [`AnyGame`], an object-safe mirror of
//! [`Game`] that every game gets for free, and finds them by name in
//! [`GAMES`]. Adding a game is its module plus one line in [`GAMES`].

pub mod bluff;
pub mod chess;
pub mod chesslike;
pub mod entropy;
pub mod geometry;
pub mod presentation;
pub mod reality;
pub mod rebel;
pub mod reflection;

use std::collections::BTreeMap;
use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use entropy::Entropy;
pub use presentation::{Cell, Diagram, Presentation};

/// One of the two sides of every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    White,
    Black,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::White, Seat::Black];

    /// The opponent.
    pub fn other(self) -> Seat {
        match self {
            Seat::White => Seat::Black,
            Seat::Black => Seat::White,
        }
    }

    /// 0 for White, 1 for Black: for arrays indexed by seat.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `white` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            Seat::White => "white",
            Seat::Black => "black",
        }
    }

    /// `White` or `Black`.
    pub fn title(self) -> &'static str {
        match self {
            Seat::White => "White",
            Seat::Black => "Black",
        }
    }

    pub fn parse(text: &str) -> Option<Seat> {
        match text.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Some(Seat::White),
            "black" | "b" => Some(Seat::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// Who is looking at a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Viewer {
    /// A player: their own secrets, nothing of the opponent's.
    Seat(Seat),
    /// Anyone else: only what is public.
    Spectator,
    /// Everything, with the parts still hidden from the players marked as
    /// such. This is the host's view while a game is played, and the archive
    /// once it has ended (by the rules, by resignation or by agreement), when
    /// the referee shows it to everyone: at the end, all becomes public.
    Host,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    Win(Seat),
    Draw,
}

impl GameResult {
    /// PGN-style score: `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(self) -> &'static str {
        match self {
            GameResult::Win(Seat::White) => "1-0",
            GameResult::Win(Seat::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// The result of a finished game and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub result: GameResult,
    /// In players' words: `checkmate`, `alter ego captured`, `stalemate`.
    pub reason: String,
}

impl Outcome {
    pub fn win(seat: Seat, reason: impl Into<String>) -> Outcome {
        Outcome {
            result: GameResult::Win(seat),
            reason: reason.into(),
        }
    }

    pub fn draw(reason: impl Into<String>) -> Outcome {
        Outcome {
            result: GameResult::Draw,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.result {
            GameResult::Win(seat) => write!(
                f,
                "{} wins ({}), {}",
                seat,
                self.reason,
                self.result.score()
            ),
            GameResult::Draw => write!(f, "draw ({}), {}", self.reason, self.result.score()),
        }
    }
}

/// What a seat owes the game now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Duty {
    /// An ordinary turn.
    Move,
    /// A sealed submission that both seats make without seeing the other's,
    /// such as a simultaneous setup.
    Sealed,
    /// A decision owed after a move (Bluff Chess's stay or transfer, Reality
    /// Check's keep or refuse).
    Decision,
}

/// A seat and what it owes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Due {
    pub seat: Seat,
    pub duty: Duty,
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Play goes on; these seats owe an action now (one, or both in a sealed
    /// phase).
    Ongoing(Vec<Due>),
    Finished(Outcome),
}

impl Status {
    /// Whether `seat` owes an action now.
    pub fn owes(&self, seat: Seat) -> Option<Duty> {
        match self {
            Status::Ongoing(dues) => dues.iter().find(|d| d.seat == seat).map(|d| d.duty),
            Status::Finished(_) => None,
        }
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Status::Finished(outcome) => Some(outcome),
            Status::Ongoing(_) => None,
        }
    }

    pub fn is_finished(&self) -> bool {
        matches!(self, Status::Finished(_))
    }
}

/// Who is told of an [`Event`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    /// Both players and spectators.
    Everyone,
    /// One player only (and the host).
    Seat(Seat),
}

impl Audience {
    /// Whether `viewer` may be told.
    pub fn includes(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (_, Viewer::Host) | (Audience::Everyone, _) => true,
            (Audience::Seat(seat), Viewer::Seat(v)) => seat == v,
            (Audience::Seat(_), Viewer::Spectator) => false,
        }
    }
}

/// Something that happened as an action was applied, told in players' words
/// to its audience only: "Black played Nf6", "White's sealed decision was:
/// stay (salt 3f2a...)".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub audience: Audience,
    pub text: String,
}

impl Event {
    pub fn public(text: impl Into<String>) -> Event {
        Event {
            audience: Audience::Everyone,
            text: text.into(),
        }
    }

    pub fn private(seat: Seat, text: impl Into<String>) -> Event {
        Event {
            audience: Audience::Seat(seat),
            text: text.into(),
        }
    }
}

/// Options as the host or a challenger wrote them: `KEY=VALUE` pairs.
/// Each game turns them into its own typed options and rejects what it does
/// not know.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options(BTreeMap<String, String>);

impl Options {
    /// Parses `KEY=VALUE` words. Keys are case-insensitive; a key given twice
    /// is an error.
    ///
    /// ```
    /// use arbiter::rules::Options;
    /// let options = Options::parse(["version=2"]).unwrap();
    /// assert_eq!(options.get("version"), Some("2"));
    /// assert!(Options::parse(["version"]).is_err());
    /// ```
    pub fn parse<I, S>(words: I) -> Result<Options, OptionError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut map = BTreeMap::new();
        for word in words {
            let word = word.as_ref();
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| OptionError::Malformed(word.to_string()))?;
            let key = key.trim().to_ascii_lowercase();
            let value = value.trim().to_ascii_lowercase();
            if key.is_empty() || value.is_empty() {
                return Err(OptionError::Malformed(word.to_string()));
            }
            if map.insert(key.clone(), value).is_some() {
                return Err(OptionError::Repeated(key));
            }
        }
        Ok(Options(map))
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Reads the options with a reader that takes each key it knows; any key
    /// left over is an error naming the keys the game does know.
    pub fn read<T>(
        &self,
        known: &[&str],
        read: impl FnOnce(&mut OptionReader<'_>) -> Result<T, OptionError>,
    ) -> Result<T, OptionError> {
        for (key, _) in self.iter() {
            if !known.contains(&key) {
                return Err(OptionError::Unknown {
                    key: key.to_string(),
                    known: known.iter().map(|k| k.to_string()).collect(),
                });
            }
        }
        read(&mut OptionReader { options: self })
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.iter().map(|(k, v)| format!("{k}={v}")).collect();
        f.write_str(&words.join(" "))
    }
}

/// Typed access to [`Options`] inside [`Options::read`].
pub struct OptionReader<'a> {
    options: &'a Options,
}

impl OptionReader<'_> {
    /// One of `choices`, or `default` when absent.
    pub fn choice(
        &mut self,
        key: &str,
        choices: &[&'static str],
        default: &'static str,
    ) -> Result<&'static str, OptionError> {
        match self.options.get(key) {
            None => Ok(default),
            Some(value) => choices
                .iter()
                .copied()
                .find(|c| *c == value)
                .ok_or_else(|| OptionError::BadValue {
                    key: key.to_string(),
                    value: value.to_string(),
                    expected: choices.join("|"),
                }),
        }
    }

    /// `on` or `off` (also `yes`/`no`, `true`/`false`).
    pub fn flag(&mut self, key: &str, default: bool) -> Result<bool, OptionError> {
        match self.options.get(key) {
            None => Ok(default),
            Some("on" | "yes" | "true" | "1") => Ok(true),
            Some("off" | "no" | "false" | "0") => Ok(false),
            Some(value) => Err(OptionError::BadValue {
                key: key.to_string(),
                value: value.to_string(),
                expected: "on|off".to_string(),
            }),
        }
    }
}

/// A game's options could not be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum OptionError {
    #[error("option {0:?} is not of the form KEY=VALUE")]
    Malformed(String),
    #[error("option {0:?} is given twice")]
    Repeated(String),
    #[error("this game has no option {key:?} (its options: {})", if known.is_empty() { "none".to_string() } else { known.join(", ") })]
    Unknown { key: String, known: Vec<String> },
    #[error("option {key}={value} is not allowed (expected {key}={expected})")]
    BadValue {
        key: String,
        value: String,
        expected: String,
    },
}

/// Why a player's action was not accepted. Every variant is shown to the
/// player who wrote it, so a game must build it from what that player may
/// know (never confirm or deny a hidden thing).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ActionError {
    /// The text is not an action of this game at all.
    #[error("I could not read {text:?}: {expected}")]
    Syntax { text: String, expected: String },
    /// A well-formed action that the rules forbid now; `hint` names what is
    /// allowed (the legal moves of that piece, for example).
    #[error("{reason}{}", hint.as_ref().map(|h| format!(" {h}")).unwrap_or_default())]
    Illegal {
        reason: String,
        hint: Option<String>,
    },
    /// The text fits more than one legal action.
    #[error("{text:?} is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
    /// The seat owes nothing now, or owes something else.
    #[error("{0}")]
    NotYourTurn(String),
    /// The game is over.
    #[error("the game is over: {0}")]
    Finished(String),
}

impl ActionError {
    pub fn illegal(reason: impl Into<String>) -> ActionError {
        ActionError::Illegal {
            reason: reason.into(),
            hint: None,
        }
    }

    pub fn illegal_with_hint(reason: impl Into<String>, hint: impl Into<String>) -> ActionError {
        ActionError::Illegal {
            reason: reason.into(),
            hint: Some(hint.into()),
        }
    }

    pub fn syntax(text: impl Into<String>, expected: impl Into<String>) -> ActionError {
        ActionError::Syntax {
            text: text.into(),
            expected: expected.into(),
        }
    }
}

/// A position string (FEN or a game's own) could not be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("invalid position: {0}")]
pub struct PositionError(pub String);

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

    /// Every legal action of `seat` now (empty if it owes nothing).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// An action in the game's notation, as `seat` would write it.
    fn notation(&self, seat: Seat, action: &Self::Action) -> String;

    /// What `viewer` may see. A finished game shows everything to everyone
    /// (the archive).
    fn view(&self, viewer: Viewer) -> Self::View;

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

/// A game's view in a game-independent form.
#[derive(Clone, Debug)]
pub struct AnyView {
    pub presentation: Presentation,
    pub history: Vec<HistoryLine>,
    /// The view as data, for tests that look for leaks and for the archive.
    pub json: serde_json::Value,
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
    fn view(&self, viewer: Viewer) -> AnyView;
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

    fn view(&self, viewer: Viewer) -> AnyView {
        let view = Game::view(self, viewer);
        AnyView {
            presentation: view.present(),
            history: view.history(),
            json: serde_json::to_value(&view).expect("views serialise"),
        }
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

/// A game's constructor, as stored in the name table.
pub type NewGame = fn(&Options, &mut Entropy) -> Result<Box<dyn AnyGame>, OptionError>;
/// A game's position reader, as stored in the name table.
pub type FromPosition = fn(&str, &Options) -> Result<Box<dyn AnyGame>, PositionError>;

/// A game's entry in the name table.
pub struct GameInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub options: &'static [&'static str],
    pub rules_page: fn() -> &'static str,
    pub new: NewGame,
    pub from_position: FromPosition,
    pub load: fn(serde_json::Value) -> Result<Box<dyn AnyGame>, serde_json::Error>,
}

impl GameInfo {
    const fn of<G: Game>() -> GameInfo {
        GameInfo {
            name: G::NAME,
            title: G::TITLE,
            options: G::OPTIONS,
            rules_page: G::rules_page,
            new: |options, entropy| Ok(Box::new(G::new(options, entropy)?)),
            from_position: |position, options| Ok(Box::new(G::from_position(position, options)?)),
            load: |json| Ok(Box::new(serde_json::from_value::<G>(json)?)),
        }
    }

    /// Finds a game by name (case-insensitive).
    pub fn find(name: &str) -> Option<&'static GameInfo> {
        let name = name.trim().to_ascii_lowercase();
        GAMES.iter().find(|g| g.name == name)
    }
}

impl fmt::Debug for GameInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameInfo")
            .field("name", &self.name)
            .finish()
    }
}

/// Every game the referee runs. A new game adds one line here.
#[rustfmt::skip]
pub static GAMES: &[GameInfo] = &[
    GameInfo::of::<chess::Chess>(),
    GameInfo::of::<bluff::BluffChess>(),
    GameInfo::of::<reality::RealityCheck>(),
    GameInfo::of::<rebel::RebelChess>(),
    GameInfo::of::<reflection::ReflectionTeammate>(),
];

/// The names of every game, for error messages.
pub fn game_names() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.name).collect()
}
