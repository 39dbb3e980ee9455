//! Legal moves and recruits, check, perft: Rebel's rule of legality on
//! the layer's steps.
//!
//! Moves are the layer's steps under its orthodox rule (no king of the
//! mover left attacked, no castling out of or through check), which holds
//! for a side with two kings or none. Recruits are Rebel's own: each is
//! played and kept only if none of the mover's kings is attacked
//! afterwards (Rebel III's Rebels, with no king, keep them all, but for a
//! return that would leave the returned king attacked). Kings are never
//! captured: no position has a king attacked on the other side's turn (a
//! conversionmate that would leave the new king attacked is an ordinary
//! checkmate), and captures of kings are left out besides.

use std::sync::OnceLock;

use super::position::RebelPosition;
use super::{Move, Play, Role};
use crate::rules::Seat;
use crate::rules::chesslike::{Kind, Step, StepKind};
use crate::rules::geometry::{Geometry, Square};

/// The four leaps of two squares diagonally: where a Recruiter moves (when
/// empty) and recruits (when an enemy stands there).
const ALFIL: [(i8, i8); 4] = [(2, 2), (2, -2), (-2, -2), (-2, 2)];

/// The squares an alfil's leap away from `from` on Rebel's board, whose
/// `geometry` is always the orthodox one (built once: asked for every
/// Recruiter at every generation).
fn alfil_leaps(geometry: &Geometry, from: Square) -> &'static [Square] {
    static LEAPS: OnceLock<Vec<Vec<Square>>> = OnceLock::new();
    let leaps = LEAPS.get_or_init(|| {
        (0..geometry.area())
            .map(|index| {
                let square = geometry.square_at(index);
                ALFIL
                    .iter()
                    .filter_map(|&(df, dr)| geometry.offset(square, df, dr))
                    .collect()
            })
            .collect()
    });
    &leaps[geometry.index(from)]
}

/// The working lists of the generator, kept by a caller that generates
/// many times (perft): a piece's recruit targets and its steps.
#[derive(Default)]
pub(super) struct Lists {
    targets: Vec<Square>,
    scratch: Vec<Step>,
}

/// What perft keeps a ply: the position each action is made into, the
/// actions and the generator's lists.
pub(super) struct Spare {
    next: RebelPosition,
    actions: Vec<Action>,
    lists: Lists,
}

/// A legal action as the generator finds it: a step of the layer with its
/// promotion, or a recruit.
#[derive(Clone, Copy, Debug)]
pub(super) enum Action {
    Step(Step, Option<Kind>),
    Recruit { from: Square, target: Square },
}

impl Action {
    pub(super) fn play(self) -> Play {
        match self {
            Action::Step(step, promotion) => Play::Move(Move::new(step.from, step.to, promotion)),
            Action::Recruit { from, target } => Play::Recruit { from, target },
        }
    }
}

impl RebelPosition {
    /// Every attacked king, of either side (kings of `Seat::BOTH` order,
    /// a1 first), with the squares of the pieces attacking it.
    ///
    /// ```
    /// use arbiter::rules::rebel::{RebelPosition, Square, Version};
    /// let p = RebelPosition::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", Version::One).unwrap();
    /// assert!(p.attacked_kings().is_empty());
    /// let p = RebelPosition::from_fen("R3k3/8/8/8/8/8/8/4K3 b - - 0 1", Version::One).unwrap();
    /// let sq = |s: &str| Square::parse(s).unwrap();
    /// assert_eq!(p.attacked_kings(), [(sq("e8"), vec![sq("a8")])]);
    /// ```
    pub fn attacked_kings(&self) -> Vec<(Square, Vec<Square>)> {
        let mut out = Vec::new();
        for color in Seat::BOTH {
            for king in self.kings(color) {
                let mut attackers = self.board.attackers(king, color.other());
                if !attackers.is_empty() {
                    attackers.sort();
                    out.push((king, attackers));
                }
            }
        }
        out
    }

    /// The squares of the pieces giving check to `color`'s kings.
    pub(super) fn checkers(&self, color: Seat) -> Vec<Square> {
        self.kings(color)
            .into_iter()
            .flat_map(|k| self.board.attackers(k, color.other()))
            .collect()
    }

    /// The enemy pieces the piece on `from` could recruit, ignoring the
    /// king's safety: for a Recruiter, an alfil's leap away, anything but
    /// a queen, a Recruiter or an unconverted king (a converted king is
    /// Rebel III's returned king); for a converted piece in II and III,
    /// whatever it could capture but a king, a Recruiter or a converted
    /// piece.
    pub(super) fn recruit_targets(&self, from: Square, out: &mut Vec<Square>) {
        self.recruit_targets_with(from, out, &mut Vec::new());
    }

    /// [`RebelPosition::recruit_targets`] with a step list the caller
    /// keeps (no allocation a piece).
    fn recruit_targets_with(&self, from: Square, out: &mut Vec<Square>, steps: &mut Vec<Step>) {
        let Some(piece) = self.piece_at(from) else {
            return;
        };
        let enemy = |sq: Square| self.piece_at(sq).filter(|p| p.color != piece.color);
        if piece.role == Role::Recruiter {
            for &to in alfil_leaps(&self.board.variant().geometry, from) {
                let recruitable = enemy(to).is_some_and(|p| match p.role {
                    Role::QUEEN | Role::Recruiter => false,
                    Role::KING => p.converted,
                    _ => true,
                });
                if recruitable {
                    out.push(to);
                }
            }
        } else if piece.converted && self.version.converted_recruit() {
            steps.clear();
            self.board.steps_from(from, false, steps);
            for step in steps.iter() {
                let recruitable = step.kind != StepKind::EnPassant
                    && enemy(step.to).is_some_and(|p| {
                        !p.converted && !matches!(p.role, Role::KING | Role::Recruiter)
                    });
                if recruitable {
                    out.push(step.to);
                }
            }
        }
    }

    /// The legal actions, recruits optional, in the generator's order.
    pub(super) fn actions(&self, recruits: bool) -> Vec<Action> {
        let mut out = Vec::with_capacity(64);
        self.actions_into(recruits, &mut out, &mut Lists::default());
        out
    }

    /// [`RebelPosition::actions`] into a list the caller keeps (cleared
    /// first), with its working lists.
    fn actions_into(&self, recruits: bool, out: &mut Vec<Action>, lists: &mut Lists) {
        out.clear();
        self.each_action(recruits, lists, |action| out.push(action));
    }

    /// The number of legal actions (perft's last ply: counted, not listed).
    fn count_actions(&self, recruits: bool, lists: &mut Lists) -> u64 {
        let mut count = 0;
        self.each_action(recruits, lists, |_| count += 1);
        count
    }

    /// Hands each legal action to `found`, in the generator's order.
    fn each_action(&self, recruits: bool, lists: &mut Lists, mut found: impl FnMut(Action)) {
        let us = self.turn();
        let in_check = self.board.each_legal_step(|step| {
            if step.capture.is_some_and(|sq| self.is_king(sq)) {
                return;
            }
            if !self.board.promotes(&step) {
                found(Action::Step(step, None));
                return;
            }
            for promotion in self.board.promotions(&step) {
                found(Action::Step(step, promotion));
            }
        });
        if !recruits {
            return;
        }
        // A recruit changes no square's occupancy and takes an attacker
        // away: only a side already in check, or a king's return (which
        // may give a side with no king one), needs the recruit played and
        // tested.
        let recruiter = Role::Recruiter.kind();
        let converted_recruit = self.version.converted_recruit();
        for (from, piece) in self.board.pieces_of(us) {
            // Only Recruiters and (in II and III) converted pieces recruit:
            // the others are passed on the layer's piece, unconverted.
            let recruits =
                piece.kind == recruiter || (converted_recruit && piece.marks.has(super::CONVERTED));
            if !recruits {
                continue;
            }
            lists.targets.clear();
            self.recruit_targets_with(from, &mut lists.targets, &mut lists.scratch);
            for &target in &lists.targets {
                let safe =
                    (!in_check && !self.is_king(target)) || !self.recruit(target).in_check(us);
                if safe {
                    found(Action::Recruit { from, target });
                }
            }
        }
    }

    fn is_king(&self, square: Square) -> bool {
        // On the layer's piece (asked of every capture generated).
        self.board
            .piece_at(square)
            .is_some_and(|p| p.kind == Role::KING.kind())
    }

    /// The legal actions, recruits optional, in a fixed order: by square,
    /// moves (by destination) before recruits, castling last.
    pub(super) fn generate(&self, recruits: bool) -> Vec<Play> {
        let mut plays: Vec<(bool, Play)> = self
            .actions(recruits)
            .into_iter()
            .map(|a| {
                let castle = matches!(a, Action::Step(s, _) if s.castle_side().is_some());
                (castle, a.play())
            })
            .collect();
        plays.sort_by_key(|(castle, play)| {
            let promotion = match play {
                Play::Move(mv) => mv.promotion.map_or(0, |k| 6 - k.0),
                Play::Recruit { .. } => 0,
            };
            let (file, rank) = (play.to().file(), play.to().rank());
            let castle_side = if *castle { 7 - file } else { 0 };
            (
                *castle,
                castle_side,
                play.from().rank(),
                play.from().file(),
                play.is_recruit(),
                rank,
                file,
                promotion,
            )
        });
        plays.into_iter().map(|(_, play)| play).collect()
    }

    /// Every legal action of the side to move (moves and recruits), in a
    /// fixed order: by square, moves before recruits, castling last.
    pub fn legal_plays(&self) -> Vec<Play> {
        self.generate(true)
    }

    /// Every legal action of the side to move, in the generator's order
    /// (by piece, a1 first, then recruits): [`RebelPosition::legal_plays`]
    /// without its sort, for a caller that orders them its own way (the
    /// computer's search).
    pub fn legal_plays_unordered(&self) -> Vec<Play> {
        self.actions(true).into_iter().map(Action::play).collect()
    }

    /// [`RebelPosition::legal_plays_unordered`], each handed to `found`
    /// (the computer's search lists them in its own kept list).
    pub(crate) fn each_legal_play(&self, mut found: impl FnMut(Play)) {
        self.each_action(true, &mut Lists::default(), |action| found(action.play()));
    }

    /// The legal moves alone (no recruits).
    pub fn legal_moves(&self) -> Vec<Play> {
        self.generate(false)
    }

    /// Whether the side to move has a legal action.
    pub fn has_legal_play(&self) -> bool {
        !self.actions(true).is_empty()
    }

    /// Whether Rebel III's Rebels, their king returned, have just given
    /// check: the game is decided, whatever the Spartans could play.
    pub(super) fn rebels_have_checked(&self) -> bool {
        match self.rebels {
            Some(rebels) => self.turn() != rebels && self.king_count(rebels) > 0 && self.is_check(),
            None => false,
        }
    }

    /// The number of leaves of the tree of board actions `depth` plies
    /// deep (moves and recruits; draw claims and concessions are not board
    /// actions). A Rebel III conversionmate is played on; a position the
    /// Rebels have won by check has no children.
    ///
    /// ```
    /// use arbiter::rules::rebel::{RebelPosition, Version};
    /// assert_eq!(RebelPosition::startpos(Version::One).perft(3), 8780);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_with(depth, true)
    }

    /// Perft with recruiting left out: the tree of moves alone (for the
    /// cross-check against an orthodox-style count).
    pub fn perft_without_recruits(&self, depth: u32) -> u64 {
        self.perft_with(depth, false)
    }

    fn perft_with(&self, depth: u32, recruits: bool) -> u64 {
        self.perft_in(depth, recruits, &mut Vec::new())
    }

    /// Perft with a spare position and action lists a ply, each move
    /// copied and made into it (recruits, rarer, are played on a new one).
    fn perft_in(&self, depth: u32, recruits: bool, spares: &mut Vec<Spare>) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.rebels_have_checked() {
            return 0;
        }
        let mut spare = spares.pop().unwrap_or_else(|| Spare {
            next: self.clone(),
            actions: Vec::with_capacity(64),
            lists: Lists::default(),
        });
        let mut count = 0;
        if depth == 1 {
            count = self.count_actions(recruits, &mut spare.lists);
        } else {
            self.actions_into(recruits, &mut spare.actions, &mut spare.lists);
            for action in &spare.actions {
                match *action {
                    Action::Step(step, promotion) => {
                        self.play_step_in(&step, promotion, &mut spare.next)
                    }
                    Action::Recruit { target, .. } => spare.next = self.recruit(target),
                }
                if self.version.conversionmate() {
                    spare.next.apply_conversionmate();
                }
                count += spare.next.perft_in(depth - 1, recruits, spares);
            }
        }
        spares.push(spare);
        count
    }

    /// The legal en passant square, if a capture there is legal now.
    pub fn legal_en_passant(&self) -> Option<Square> {
        let square = self.en_passant()?;
        self.board
            .legal_steps()
            .iter()
            .any(|s| s.kind == StepKind::EnPassant && s.to == square)
            .then_some(square)
    }
}
