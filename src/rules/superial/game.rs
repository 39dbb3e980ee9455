//! [`Superial`]: one game's truth (board, turn, random moves, the draw
//! counts, the history) and its course: actions, the end, the draws.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::count;
use super::display::Last;
use super::end::{self, Counts, Ending};
use super::flat::{self, Node};
use super::moves::{self, CubeAction, Effect};
use super::notation;
use super::position::{Setup, write_placement};
use super::random::Throw;
use super::settings::{SIZE, Settings};
use crate::rules::chess::{DrawRule, check_turn, settle_claim};
use crate::rules::{ActionError, Entropy, Event, HistoryLine, Outcome, PositionError, Seat};

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
    /// The game of a position, checked: a 6x6 board, with a cube of the
    /// side that has just acted (no action costs the mover its last cube).
    /// It may be over at once: the side to act with no cube, or with no
    /// legal action, has lost.
    pub fn from_setup(settings: Settings, setup: Setup) -> Result<Superial, PositionError> {
        if setup.board.size() != SIZE {
            return Err(PositionError::Malformed(format!(
                "the classic board is {SIZE}x{SIZE} (the 8x8 hybrid is not offered)"
            )));
        }
        let mover = setup.side.other();
        if setup.board.count(mover) == 0 {
            return Err(PositionError::Illegal(format!(
                "{mover} has no cube, and {mover} has just acted: no action takes the mover's \
                 last cube"
            )));
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

    /// The position as a flat node, for the computer's search.
    pub(crate) fn flat(&self) -> Node {
        Node::new(&self.board, self.side, self.random_left, self.quiet)
    }

    /// The flat keys ([`Node::key`]) of the repetition record: the
    /// positions since the last random move, the current last.
    pub(crate) fn flat_record(&self) -> impl Iterator<Item = u128> + '_ {
        self.record.iter().map(|key| flat::read_key(key))
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

/// A play in notation, the jumped cubes named where the landings alone fit
/// more than one chain of that cube.
pub fn write_play(board: &Board, play: &Play) -> String {
    match play {
        Play::Cube(action) => notation::write_cube_action(board, action),
        Play::Random => "random".to_string(),
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
    pub(super) fn check_play(&self, seat: Seat, play: &Play) -> Result<(), ActionError> {
        if self.plays(seat).contains(play) {
            Ok(())
        } else {
            Err(ActionError::illegal(format!(
                "{} is not a legal action now.",
                write_play(&self.board, play)
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
    pub(super) fn played(
        &self,
        seat: Seat,
        play: &Play,
        entropy: &mut Entropy,
    ) -> (Superial, Vec<Event>) {
        let throw = matches!(play, Play::Random).then(|| Throw::draw(entropy));
        self.after(seat, play, throw)
    }
}

impl Superial {
    /// The leaves `depth` actions deep below one play of the side to act:
    /// a random move counts as its 216 throws.
    pub(super) fn perft_of(&self, play: &Play, depth: u32) -> u64 {
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
            .map(|throw| self.after(seat, play, throw).0.leaves(depth - 1))
            .sum()
    }

    /// The leaves `depth` plays deep (draw claims are not counted), a
    /// random move as its 216 throws: perft, by the counter of `count`.
    pub(super) fn leaves(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome.is_some() {
            return 0;
        }
        count::perft(
            &self.board,
            self.side,
            self.random_left,
            self.quiet,
            &self.record,
            depth,
        )
    }
}

impl Superial {
    /// The draw counts of the position now.
    fn counts(&self) -> Counts {
        Counts::of(&self.record, self.quiet)
    }

    /// How many times the position now has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        self.counts().repetitions
    }

    /// Whether some position of the record has occurred twice or more.
    pub(super) fn some_position_twice(&self) -> bool {
        end::some_position_twice(&self.record)
    }

    /// Actions since the last capture or random move.
    pub fn quiet(&self) -> u32 {
        self.quiet
    }

    /// The draw the side to act may claim now.
    pub fn claimable(&self) -> Option<DrawRule> {
        if self.outcome.is_some() {
            return None;
        }
        self.counts().claimable()
    }

    /// How the game ends in this position, and who wins, if it does.
    fn ending(&self) -> Option<(Ending, Seat)> {
        end::ending(
            &self.board,
            self.side,
            self.random_left[self.side.index()],
            self.counts(),
        )
    }

    /// Ends the game on `seat`'s claim of `reason`.
    pub(super) fn settle(&mut self, events: &mut Vec<Event>, seat: Seat, reason: DrawRule) {
        settle_claim(&mut self.outcome, events, seat, reason);
    }

    /// Why no draw can be claimed now.
    pub(super) fn no_claim(&self) -> ActionError {
        self.counts().no_claim()
    }

    /// Where the claimable draws stand, as the end of a sentence.
    pub(super) fn draw_counts(&self) -> String {
        self.counts().describe()
    }
}
