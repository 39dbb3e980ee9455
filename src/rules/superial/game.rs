//! [`Superial`]: one game's truth (board, turn, random moves, the draw
//! counts, the history) and its course: actions, the end, the draws.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::moves::{self, CubeAction, Effect};
use super::position::{Setup, write_placement};
use super::random::Throw;
use super::view::SuperialView;
use super::{SIZE, Settings, notation};
use crate::rules::chess::check_turn;
use crate::rules::geometry::Square;
use crate::rules::{
    ActionError, Applied, Entropy, Event, Game, HistoryLine, OptionError, Options, Outcome,
    PositionError, Seat, Status, Viewer,
};

/// An action on the board: a cube's, or a random move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Play {
    Cube(CubeAction),
    /// A random move; its throw is drawn from the game's seed when it is
    /// applied, so the log stores only that one was made.
    Random,
}

/// What a player may do in Superial Chess.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SuperialAction {
    Play(Play),
    /// A claim of a draw by threefold repetition or the 50-turn rule.
    ClaimDraw,
    /// A play with a claim that holds once it is played (`c3-c4 claim`).
    PlayAndClaim(Play),
}

/// The last action, for the highlight and the facts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Last {
    pub number: u32,
    pub seat: Seat,
    /// Its notation, with the throw for a random move.
    pub text: String,
    /// The squares it touched.
    pub squares: Vec<Square>,
}

/// The whole truth of one game of Superial Chess. Nothing is hidden.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Superial {
    pub(super) settings: Settings,
    pub(super) board: Board,
    pub(super) side: Seat,
    /// Random moves left, by seat.
    pub(super) random_left: [u8; 2],
    /// Actions since the last capture or random move.
    pub(super) quiet: u32,
    /// The turn number: counted up after each of Black's actions.
    pub(super) number: u32,
    /// The repetition keys since the last random move (no earlier position
    /// can come back: random moves left only go down), the current last.
    /// Captures do not clear it: a capture can be undone by another.
    pub(super) record: Vec<String>,
    pub(super) history: Vec<HistoryLine>,
    pub(super) last: Option<Last>,
    pub(super) outcome: Option<Outcome>,
}

impl Superial {
    /// The game of a position, checked: a 6x6 board with a cube of each
    /// team. It may be over at once (a side to act with no legal action).
    pub fn from_setup(settings: Settings, setup: Setup) -> Result<Superial, PositionError> {
        if setup.board.size() != SIZE {
            return Err(PositionError::Malformed(format!(
                "the classic board is {SIZE}x{SIZE} (the 8x8 hybrid is not offered)"
            )));
        }
        for team in Seat::BOTH {
            if setup.board.count(team) == 0 {
                return Err(PositionError::Malformed(format!(
                    "{team} has no cube: a position needs a cube of each team"
                )));
            }
        }
        let random_left = setup.random_left.unwrap_or([settings.random_moves; 2]);
        let mut game = Superial {
            settings,
            board: setup.board,
            side: setup.side,
            random_left,
            quiet: setup.quiet,
            number: setup.number,
            record: Vec::new(),
            history: Vec::new(),
            last: None,
            outcome: None,
        };
        game.record.push(game.key());
        game.outcome = game.ending().map(|(end, winner)| end.outcome(winner));
        Ok(game)
    }

    /// The start: six pushers a side, White's on the white squares of
    /// ranks 1-2, Black's on the black squares of ranks 5-6; White first.
    pub fn start(settings: Settings) -> Superial {
        let setup = Setup::read("1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P w").expect("the start");
        Superial::from_setup(settings, setup).expect("the start is a position")
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Who acts next (the game may be over).
    pub fn side(&self) -> Seat {
        self.side
    }

    pub fn random_left(&self, seat: Seat) -> u8 {
        self.random_left[seat.index()]
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The position as its raw setup.
    pub fn setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            side: self.side,
            random_left: Some(self.random_left),
            quiet: self.quiet,
            number: self.number,
        }
    }

    /// What makes two positions the same: the cubes, the side to act and
    /// the random moves left.
    pub(super) fn key(&self) -> String {
        let [white, black] = self.random_left;
        format!(
            "{} {} {white}/{black}",
            write_placement(&self.board),
            self.side.name()
        )
    }

    /// Every play of `seat` now: its cubes' actions, cube by cube from a1,
    /// then a random move if it has one left. Empty when it is not to act.
    pub fn plays(&self, seat: Seat) -> Vec<Play> {
        if self.outcome.is_some() || seat != self.side {
            return Vec::new();
        }
        let mut plays: Vec<Play> = moves::actions(&self.board, seat)
            .into_iter()
            .map(Play::Cube)
            .collect();
        if self.random_left[seat.index()] > 0 {
            plays.push(Play::Random);
        }
        plays
    }

    /// The game after `seat` plays `play` (legal, checked by the caller),
    /// with its events. A random move needs its `throw`.
    pub(super) fn after(
        &self,
        seat: Seat,
        play: &Play,
        throw: Option<Throw>,
    ) -> (Superial, Vec<Event>) {
        let mut next = self.clone();
        let mut events = Vec::new();
        let (text, squares) = match play {
            Play::Cube(action) => {
                let text = notation::write_cube_action(&self.board, action);
                let effect = moves::play(&mut next.board, action);
                let squares = match action {
                    CubeAction::Move(mv) => mv.squares(),
                    CubeAction::Change { at, .. } => vec![*at],
                };
                events.push(Event::public(format!(
                    "{seat} played {text}{}.",
                    effect_note(&next.board, &effect)
                )));
                next.quiet = if effect.captured.is_empty() {
                    self.quiet + 1
                } else {
                    0
                };
                (text, squares)
            }
            Play::Random => {
                let throw = throw.expect("a random move is played with its throw");
                let landing = throw.play(&mut next.board);
                next.random_left[seat.index()] -= 1;
                next.quiet = 0;
                next.record.clear();
                events.push(Event::public(format!(
                    "{seat} made a random move. The cubes were thrown: {throw}; {}.",
                    landing.describe(throw.square())
                )));
                (format!("random {throw}"), vec![throw.square()])
            }
        };
        next.history.push(HistoryLine {
            number: self.number,
            seat,
            text: text.clone(),
        });
        next.last = Some(Last {
            number: self.number,
            seat,
            text,
            squares,
        });
        next.side = seat.other();
        if seat == Seat::Black {
            next.number += 1;
        }
        next.record.push(next.key());
        match next.ending() {
            Some((end, winner)) => {
                next.outcome = Some(end.outcome(winner));
                events.push(Event::public(end.announcement(winner)));
            }
            None => {
                if let Some(reason) = next.claimable() {
                    events.push(Event::public(format!(
                        "{} may claim a draw by {reason}.",
                        next.side
                    )));
                }
            }
        }
        (next, events)
    }
}

/// What a cube's action did to other cubes, as the tail of "White played
/// c2-c3": ` (pushing the cubes now on c4, c5; capturing c5, now White's)`.
fn effect_note(board: &Board, effect: &Effect) -> String {
    let mut parts = Vec::new();
    if !effect.pushed.is_empty() {
        let squares: Vec<String> = effect.pushed.iter().map(|s| s.to_string()).collect();
        let what = if squares.len() == 1 {
            "the cube now on"
        } else {
            "the cubes now on"
        };
        parts.push(format!("pushing {what} {}", squares.join(", ")));
    }
    if !effect.captured.is_empty() {
        let captured: Vec<String> = effect
            .captured
            .iter()
            .map(|s| {
                let cube = board.get(*s).expect("a captured cube stays on the board");
                format!("{s} (now {})", cube.describe())
            })
            .collect();
        parts.push(format!("capturing {}", captured.join(", ")));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(", {}", parts.join("; "))
    }
}

impl Superial {
    /// Whether `seat` may act now.
    pub(crate) fn check_turn(&self, seat: Seat) -> Result<(), ActionError> {
        check_turn(self.outcome.as_ref(), self.side, seat)
    }

    /// Checks that `play` is legal for `seat` now.
    fn check_play(&self, seat: Seat, play: &Play) -> Result<(), ActionError> {
        if self.plays(seat).contains(play) {
            Ok(())
        } else {
            Err(ActionError::illegal(format!(
                "{} is not a legal action now.",
                notation::write_play(&self.board, play)
            )))
        }
    }

    /// The game after `seat`'s random move that threw `throw`, or why it
    /// is refused: how one who reads the public history, where every throw
    /// is written, replays a random move without the seed (the computer).
    pub fn after_throw(&self, seat: Seat, throw: Throw) -> Result<Superial, ActionError> {
        self.check_turn(seat)?;
        self.check_play(seat, &Play::Random)?;
        if ![throw.file, throw.rank, throw.face]
            .iter()
            .all(|n| (1..=6).contains(n))
        {
            return Err(ActionError::illegal(format!(
                "{} {} {} is not a throw of three cubes.",
                throw.file, throw.rank, throw.face
            )));
        }
        Ok(self.after(seat, &Play::Random, Some(throw)).0)
    }

    /// Plays a legal `play`, drawing a random move's throw from `entropy`.
    fn played(&self, seat: Seat, play: &Play, entropy: &mut Entropy) -> (Superial, Vec<Event>) {
        let throw = matches!(play, Play::Random).then(|| Throw::draw(entropy));
        self.after(seat, play, throw)
    }
}

impl Superial {
    /// The leaves `depth` actions deep below one play of the side to act:
    /// a random move counts as its 216 throws.
    fn perft_of(&self, play: &Play, depth: u32) -> u64 {
        let seat = self.side;
        let throws: Vec<Option<Throw>> = match play {
            Play::Random => Throw::all().map(Some).collect(),
            Play::Cube(_) => vec![None],
        };
        if depth == 1 {
            return throws.len() as u64;
        }
        throws
            .into_iter()
            .map(|throw| self.after(seat, play, throw).0.perft(depth - 1))
            .sum()
    }
}

/// The classic game's settings: `hybrid=on` is the other form
/// ([`super::SuperialChess`] plays it).
fn classic(options: &Options) -> Result<Settings, OptionError> {
    let settings = Settings::read(options)?;
    if settings.hybrid {
        return Err(OptionError::BadValue {
            key: "hybrid".to_string(),
            value: "on".to_string(),
            expected: "off (the classic game)".to_string(),
        });
    }
    Ok(settings)
}

impl Game for Superial {
    type Action = SuperialAction;
    type View = SuperialView;

    const NAME: &'static str = "superial-chess";
    const TITLE: &'static str = "Superial Chess";
    const OPTIONS: &'static [&'static str] = &["random-moves", "hybrid"];
    const HIDDEN: bool = false;

    fn rules_page() -> &'static str {
        include_str!("rules.txt")
    }

    fn new(options: &Options, _entropy: &mut Entropy) -> Result<Superial, OptionError> {
        Ok(Superial::start(classic(options)?))
    }

    fn from_position(text: &str, options: &Options) -> Result<Superial, PositionError> {
        Superial::from_setup(classic(options)?, Setup::read(text)?)
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
        notation::parse(self, seat, text)
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
                            notation::write_play(&self.board, play),
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
            SuperialAction::Play(play) => notation::write_play(&self.board, play),
            SuperialAction::ClaimDraw => "claim draw".to_string(),
            SuperialAction::PlayAndClaim(play) => {
                format!("{} claim", notation::write_play(&self.board, play))
            }
        }
    }

    fn view(&self, viewer: Viewer) -> SuperialView {
        SuperialView::build(self, viewer)
    }

    /// Counts plays (draw claims are not counted), a random move as its
    /// 216 throws.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.plays(self.side)
            .iter()
            .map(|play| self.perft_of(play, depth))
            .sum()
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.plays(self.side)
            .iter()
            .map(|play| {
                (
                    notation::write_play(&self.board, play),
                    self.perft_of(play, depth),
                )
            })
            .collect()
    }
}
