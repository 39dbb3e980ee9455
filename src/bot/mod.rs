//! The computer opponent: a player that sees only its own seat.
//!
//! A computer player is a player like any other (DESIGN.md, "Computer
//! players"): it is told what its seat was told, never the game's state,
//! its seed or the other seat's secrets, and what it decides is text in
//! the game's notation, which the referee then plays through the very path
//! a person's mail takes (`Match::play`), so its sealed decisions and
//! commitments are made and checked like anyone's.
//!
//! That it cannot cheat holds by types, not by care: the one entry point
//! the referee has, a game's `computer` in the name table above this room
//! (`crate::games`, which ties each game's rules to [`computer`]), is a
//! plain function pointer taking a [`ComputerInput`], which holds the seat,
//! the game's public options, the strength and time the host allows, a seed
//! for the computer's own choices, the seat's views (JSON, as `SeatView`
//! gives them: what the referee showed that seat after each entry of the
//! game's log, the last being now) and what the seat itself wrote. Nothing
//! in this module takes a game state that came from the referee; the
//! search works on states drawn by the game's sampler from those alone.
//!
//! ```compile_fail
//! // The entry point cannot be handed the truth: there is no field for it.
//! use arbiter::bot::{Budget, ComputerInput, Strategy};
//! use arbiter::rules::{Game, Options, Seat, chess::Chess};
//! let game = Chess::new(&Options::default(), &mut arbiter::rules::Entropy::for_perft()).unwrap();
//! let input = ComputerInput {
//!     seat: Seat::White,
//!     options: Options::default(),
//!     strategy: Strategy::default(),
//!     budget: Budget::iterations(10),
//!     seed: 1,
//!     told: Vec::new(),
//!     sent: Vec::new(),
//!     state: game,
//! };
//! ```
//!
//! - [`Playable`]: what a game adds for the computer: reading what a seat
//!   was told, a sampler of the states consistent with it, an evaluation.
//! - [`alphabeta`]: for the games without hidden information, where the
//!   belief is the one true state ([`Playable::searched`]): iterative
//!   deepening alpha-beta, for chess on its bitboard engine with a
//!   transposition table and an evaluation of its own
//!   (`alphabeta/chess.rs`, `alphabeta/chess_eval.rs`), for Rebel Chess,
//!   Reflection Teammate and Superial Chess over [`Playable`] with each
//!   game's evaluation (`alphabeta/generic.rs`). A level is a depth, a
//!   time and a noise on the evaluation.
//! - [`search`](mod@search): Information-Set Monte Carlo Tree Search over
//!   sampled states (Cowling, Powley and Whitehouse, 2012), for the games
//!   with hidden information (Bluff Chess, Reality Check): the root's work
//!   in `search.rs`, the tree and its walks in `search/tree.rs`; for a game
//!   without hidden information it is plain UCT, with decisive moves at
//!   the root (`bot/decisive.rs`), what `bot-match` and the benchmarks can
//!   still measure the alpha-beta against.
//! - [`computer`]: the typed shim behind each game's function pointer, and
//!   the simple players `bot-match` measures it against.
//! - [`clock`]: the time it keeps: every phase of a choice (reading the
//!   views, the search, the checks at the root, the simple players) looks
//!   at a clock it is handed between any two steps of its work, so a move
//!   never runs far past its budget.
//! - [`arena`]: `arbiter bot-match`, games between players in memory.

pub mod alphabeta;
pub mod arena;
mod bluff;
mod chess;
pub mod clock;
mod decisive;
mod layer;
mod reality;
mod rebel;
mod reflection;
pub mod search;
mod settings;
mod superial;
#[cfg(test)]
mod tests;

use std::fmt::Debug;
use std::hash::Hash;

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::de::DeserializeOwned;
use thiserror::Error;

use self::clock::{Clock, Deadline, Wall, Work};
pub use self::settings::{Budget, Level, Strategy};

use crate::rules::{Entropy, Game, GameResult, Options, Seat, Status};

/// Why the computer could not choose an action.
#[derive(Debug, Error)]
pub enum BotError {
    /// A view it was given does not read as the game's.
    #[error("a view the computer was given does not read: {0}")]
    BadView(String),
    /// The views contradict each other or the rules.
    #[error("the views the computer was given do not fit together: {0}")]
    Inconsistent(String),
    /// It was given no view at all.
    #[error("the computer was given no view")]
    NoView,
    /// Its seat owes nothing now.
    #[error("the computer's seat has nothing to do")]
    NothingToDo,
}

/// Everything the computer is given to choose one action: what its seat was
/// told and what the host allows, nothing else.
#[derive(Clone, Debug)]
pub struct ComputerInput {
    /// The seat it plays.
    pub seat: Seat,
    /// The game's options, public to both players.
    pub options: Options,
    pub strategy: Strategy,
    /// Applied as the strategy's level says (see [`Level::share`]).
    pub budget: Budget,
    /// The seed of the computer's own random choices (not the game's).
    pub seed: u64,
    /// The seat's views as JSON, oldest first: what the referee showed the
    /// seat at the start and after each entry of the log, the last being
    /// now.
    pub told: Vec<serde_json::Value>,
    /// What the seat itself wrote, oldest first, in the game's notation:
    /// a player remembers what it sent, even where no view shows it again
    /// (Reality Check with `memory=on` never shows the second setup in to
    /// its own sender).
    pub sent: Vec<String>,
}

/// A seat's side of the correspondence: what it was told and what it
/// wrote, as the referee replays them from the log (see
/// [`ComputerInput::told`] and [`ComputerInput::sent`]).
#[derive(Clone, Debug)]
pub struct Correspondence {
    pub views: Vec<serde_json::Value>,
    pub sent: Vec<String>,
}

/// A game's computer player, as the name table holds it.
pub type Computer = fn(&ComputerInput) -> Result<String, BotError>;

/// What a game adds so that the computer can play it.
///
/// The computer never holds the truth: it reads what its seat was told
/// ([`Playable::Told`]), forms a belief from it ([`Playable::believe`]),
/// and searches over full states drawn from that belief
/// ([`Playable::sample`]). For a game without hidden information the
/// belief is the one state the views determine. The brief's
/// `sample(seat, options, told, rng)` is split in two so the work of
/// reading the views is done once per move, not once per sample.
pub trait Playable: Game {
    /// What the sampler reads of one view: deserialised from the view's
    /// JSON, so it can hold nothing the view does not.
    type Told: DeserializeOwned;
    /// Everything the seat knows, in the form the sampler draws from.
    type Belief: Send + Sync;
    /// An action as the searching seat tells it apart: for its own actions
    /// all of it, for the opponent's what it can see. Nodes of the search
    /// tree are keyed by it.
    type Key: Clone + Eq + Hash + Debug;

    /// Whether the game hides nothing, so that the belief is the one true
    /// state: the search then takes an action that wins at once and checks
    /// its choice against a reply that wins at once
    /// (`decisive`). False by default: in a sampled state
    /// a win at once may not be there.
    const PERFECT_INFORMATION: bool = false;

    /// Whether the IS-MCTS widens its nodes progressively: a node keeps to
    /// the children it has (by their upper confidence bound) until its
    /// visits earn it another (`search::tree`), the most urgent first. For
    /// a game whose nodes list hundreds of actions and whose threats have
    /// one answer (Reality Check): a move that threatens is otherwise
    /// judged by the hundreds of replies that ignore the threat, tried one
    /// by one before the one that answers it is tried again. False by
    /// default: every untried child is tried before any is tried twice.
    const WIDENING: bool = false;

    /// The exploration constant of the search's upper confidence bound,
    /// for values in [0, 1] that the evaluation keeps near the middle.
    const EXPLORATION: f64 = 0.5;

    /// The most plies of noisy actions ([`Playable::noisy`]) the
    /// alpha-beta search plays past its depth (quiescence).
    const QUIESCENCE_PLIES: u32 = 6;

    /// The belief of `seat` after being told `told` (oldest first, the last
    /// being now), in a game with `options`.
    fn believe(
        seat: Seat,
        options: &Options,
        told: &[Self::Told],
    ) -> Result<Self::Belief, BotError>;

    /// The belief of `seat` from what it was told and what it wrote
    /// itself (oldest first). By default what it wrote adds nothing: the
    /// views show a seat its own decisions.
    fn recall(
        seat: Seat,
        options: &Options,
        told: &[Self::Told],
        _sent: &[String],
    ) -> Result<Self::Belief, BotError> {
        Self::believe(seat, options, told)
    }

    /// A full state drawn at random among those consistent with the
    /// belief: every one gives the seat the views it was told.
    fn sample(belief: &Self::Belief, rng: &mut StdRng) -> Self;

    /// A key of the position as both seats see it, for a game whose
    /// players can go round in circles (Reality Check): the search scores
    /// a return to a position already seen, in the game or along its walk,
    /// as even. `None` (the default): not followed.
    fn public_position(&self) -> Option<u64> {
        None
    }

    /// The keys ([`Playable::public_position`]) of the positions the game has
    /// been in, read from the views. Empty by default.
    fn seen(_belief: &Self::Belief) -> Vec<u64> {
        Vec::new()
    }

    /// How good the state is for `seat`: 0 lost, 1 won, 0.5 even; a cheap
    /// estimate (material and the like). Finished states are scored by
    /// their outcome instead.
    fn evaluate(&self, seat: Seat) -> f64;

    /// The key of `actor`'s `action`, as `observer` tells it apart.
    fn key(&self, observer: Seat, actor: Seat, action: &Self::Action) -> Self::Key;

    /// An action the game does not list (a sealed setup chosen among too
    /// many to search), chosen directly for `seat` from its belief; `None`
    /// (the default) when the seat's action now is a listed one. Every
    /// strategy takes it, so the simple players can set up too.
    fn unlisted(_belief: &Self::Belief, _seat: Seat, _rng: &mut StdRng) -> Option<String> {
        None
    }

    /// The actions the search considers for `seat`: by default every legal
    /// action. A game may leave out actions that add nothing to the search
    /// but cost time (chess: a move that also claims a draw, which the
    /// same move followed by a claim covers).
    fn choices(&self, seat: Seat) -> Vec<Self::Action> {
        let mut choices = Vec::new();
        self.choices_into(seat, &mut choices);
        choices
    }

    /// [`Playable::choices`] into a list the caller keeps (emptied first):
    /// what the search calls at every step, so it builds no new list each
    /// time. A game overrides this one.
    fn choices_into(&self, seat: Seat, into: &mut Vec<Self::Action>) {
        into.clear();
        into.extend(self.legal_actions(seat));
    }

    /// The first stage of `action`, as `observer` tells it apart, for an
    /// action the search should choose in two steps (Reality Check: a
    /// quiet move, then the chip it flips): the search picks the stage
    /// among the node's, then the action among those sharing it, so that a
    /// node of hundreds of actions becomes two of a few dozen. A stage's
    /// key must differ from every action's key. `None` (the default): one
    /// step.
    fn stage(&self, _observer: Seat, _actor: Seat, _action: &Self::Action) -> Option<Self::Key> {
        None
    }

    /// What the search's evaluation is centred on, for `seat`, read once
    /// from the state at the root ([`Playable::evaluate_around`]). By
    /// default nothing (0).
    fn centre(&self, _seat: Seat) -> f64 {
        0.0
    }

    /// How good the state is for `seat`, 0 to 1, in a search whose root
    /// gave `centre` ([`Playable::centre`]). By default the evaluation
    /// itself; a game whose evaluation saturates far from even (Reality
    /// Check, two true chips up or down) centres it on where the root
    /// stands, so that the search still tells a chip more from a chip less.
    fn evaluate_around(&self, seat: Seat, _centre: f64) -> f64 {
        self.evaluate(seat)
    }

    /// The value of an even game in a search whose root gave `centre`
    /// ([`Playable::centre`]): what a walk that returns to a position
    /// already seen scores, a game going round in circles being drawn in
    /// effect. By default 0.5, as the evaluation is not centred.
    fn even_around(_centre: f64) -> f64 {
        0.5
    }

    /// Whether `actor`'s choice here only finishes its turn (Reality
    /// Check's flips owed to the dice): below the root the search makes it
    /// without a node of its own, taking the choice the game's evaluation
    /// likes best for `actor`, so that the enemy's reply sits right below
    /// the move and a new leaf is scored at the turn's end. By default no
    /// choice is: every one is the search's.
    fn finishes_turn(&self, _actor: Seat) -> bool {
        false
    }

    /// How soon the search should try `action`, one of the choices here:
    /// among the actions not yet tried at a node, it tries one of the
    /// highest rank first. By default all rank alike (tried in random
    /// order); a game with many quiet actions ranks the forcing ones
    /// higher, so that the search sees them within its budget.
    fn urgency(&self, _action: &Self::Action) -> u8 {
        0
    }

    /// Whether `action`, one of the choices here, changes the material at
    /// once (a capture, a promotion, a conversion): the alpha-beta search
    /// plays these after its depth is spent (quiescence) and tries them
    /// early. By default, the actions the game ranks urgent
    /// ([`Playable::urgency`]).
    fn noisy(&self, action: &Self::Action) -> bool {
        self.urgency(action) > 0
    }

    /// A key of the position for the alpha-beta search's transposition
    /// table: equal for the same position, different otherwise but by
    /// rare accident. By default a hash of the position as the views show
    /// it ([`Game::position`]).
    fn search_key(&self) -> u64 {
        use std::hash::{DefaultHasher, Hasher};
        let mut hasher = DefaultHasher::new();
        hasher.write(self.position().as_bytes());
        hasher.finish()
    }

    /// The game's own search for `seat` at `level` (alpha-beta, for a game
    /// without hidden information whose engine it is written for), within
    /// `budget` (the level's share already taken) on `clock`; `None` (the
    /// default): the generic search of [`search`](mod@search) decides.
    fn searched(
        _belief: &Self::Belief,
        _seat: Seat,
        _level: Level,
        _budget: Budget,
        _clock: &dyn Clock,
        _rng: &mut StdRng,
    ) -> Option<Result<search::Searched, BotError>> {
        None
    }

    /// Where the state stands, as the search asks at every step: by
    /// default read from [`Game::status`], which lists the dues; a game
    /// may answer without building that list.
    fn standing(&self) -> Standing {
        Standing::of(&self.status())
    }

    /// The state after `seat` plays `action`, one of [`Playable::choices`]:
    /// by default [`Game::apply`]. A game may take a faster road to the
    /// same state.
    fn advance(&self, seat: Seat, action: &Self::Action, entropy: &mut Entropy) -> Self {
        match self.apply(seat, action, entropy) {
            Ok(applied) => applied.state,
            Err(e) => panic!("a choice of the search was refused: {action:?}: {e}"),
        }
    }
}

/// What the search needs of a state's [`Status`]: the result once the
/// game is over, or the seat that acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Over(GameResult),
    /// The seat that acts next (the first, when both owe a sealed action).
    Acts(Seat),
    /// Ongoing, with nobody owing an action (not reached by the games
    /// today; the search scores such a state by its evaluation).
    Waiting,
}

impl Standing {
    pub fn of(status: &Status) -> Standing {
        match status {
            Status::Finished(outcome) => Standing::Over(outcome.result),
            Status::Ongoing(dues) => match dues.first() {
                Some(due) => Standing::Acts(due.seat),
                None => Standing::Waiting,
            },
        }
    }

    /// The score of a finished game for `seat`: 1 won, 0 lost, 0.5
    /// otherwise; `None` while it goes on.
    pub fn value(self, seat: Seat) -> Option<f64> {
        match self {
            Standing::Over(GameResult::Win(winner)) if winner == seat => Some(1.0),
            Standing::Over(GameResult::Win(_)) => Some(0.0),
            Standing::Over(_) => Some(0.5),
            Standing::Acts(_) | Standing::Waiting => None,
        }
    }

    /// The seat that acts next, if any.
    pub fn actor(self) -> Option<Seat> {
        match self {
            Standing::Acts(seat) => Some(seat),
            Standing::Over(_) | Standing::Waiting => None,
        }
    }
}

/// The computer player of game `G`: reads the views, forms the belief and
/// chooses by the input's strategy, on the wall clock. This is what a
/// game's entry in the name table points to.
pub fn computer<G: Playable>(input: &ComputerInput) -> Result<String, BotError> {
    computer_on::<G>(input, &Wall::start())
}

/// [`computer`] on a clock of the caller's: its time runs from the clock's
/// start, reading the views included.
pub fn computer_on<G: Playable>(
    input: &ComputerInput,
    clock: &dyn Clock,
) -> Result<String, BotError> {
    let told = input
        .told
        .iter()
        .map(|json| {
            clock.worked(Work::Read);
            serde_json::from_value::<G::Told>(json.clone())
                .map_err(|e| BotError::BadView(e.to_string()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if told.is_empty() {
        return Err(BotError::NoView);
    }
    let belief = G::recall(input.seat, &input.options, &told, &input.sent)?;
    let mut rng = StdRng::seed_from_u64(input.seed);
    choose::<G>(
        &belief,
        input.seat,
        input.strategy,
        input.budget,
        clock,
        &mut rng,
    )
}

/// Chooses `seat`'s action from a belief, as `strategy` says, within the
/// budget's time on `clock` (the search's level takes its share of it);
/// the action in the game's notation.
pub fn choose<G: Playable>(
    belief: &G::Belief,
    seat: Seat,
    strategy: Strategy,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut StdRng,
) -> Result<String, BotError> {
    if let Some(text) = G::unlisted(belief, seat, rng) {
        return Ok(text);
    }
    match strategy {
        Strategy::Search(level) => {
            let budget = Budget {
                time: level.share(budget.time),
                iterations: budget.iterations,
            };
            match G::searched(belief, seat, level, budget, clock, rng) {
                Some(searched) => searched.map(|searched| searched.text),
                None => search::best::<G>(belief, seat, budget, clock, rng),
            }
        }
        Strategy::Random => random::<G>(belief, seat, &Deadline::new(clock, budget.time), rng),
        Strategy::Greedy => greedy::<G>(belief, seat, &Deadline::new(clock, budget.time), rng),
    }
}

/// Any of the seat's actions, uniformly at random, in a sampled state.
fn random<G: Playable>(
    belief: &G::Belief,
    seat: Seat,
    time: &Deadline,
    rng: &mut StdRng,
) -> Result<String, BotError> {
    use rand::Rng;
    let state: G = time.sample(belief, rng);
    let mut actions = Vec::new();
    time.choices_into(&state, seat, &mut actions);
    if actions.is_empty() {
        return Err(BotError::NothingToDo);
    }
    let action = &actions[rng.random_range(0..actions.len())];
    Ok(time.notation(&state, seat, action))
}

/// The action that the evaluation likes best one action deep, in a sampled
/// state (ties broken at random): a won game first, a lost one last. The
/// best of those tried when the time is up.
fn greedy<G: Playable>(
    belief: &G::Belief,
    seat: Seat,
    time: &Deadline,
    rng: &mut StdRng,
) -> Result<String, BotError> {
    use rand::Rng;
    let state: G = time.sample(belief, rng);
    let mut actions = Vec::new();
    time.choices_into(&state, seat, &mut actions);
    let mut entropy = Entropy::new(rng.random(), 0);
    let mut best: Vec<usize> = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for (i, action) in actions.iter().enumerate() {
        if !best.is_empty() && time.passed() {
            break;
        }
        let next = time.advance(&state, seat, action, &mut entropy);
        let value = match next.standing().value(seat) {
            Some(value) => value,
            None => time.evaluate(&next, seat),
        };
        if value > best_value + 1e-9 {
            best_value = value;
            best.clear();
        }
        if (value - best_value).abs() <= 1e-9 {
            best.push(i);
        }
    }
    if best.is_empty() {
        return Err(BotError::NothingToDo);
    }
    let action = &actions[best[rng.random_range(0..best.len())]];
    Ok(time.notation(&state, seat, action))
}
