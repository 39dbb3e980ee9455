//! Orthodox chess's rule of legality on the layer: one move a turn, no
//! royal piece left attacked, no castling out of or through check. It
//! plays chess (`tests/data/chess.perft`) and the boards of Reflection
//! Teammate's two-board game.

use super::pieces::Kind;
use super::position::Position;
use super::step::{Move, Step, StepKind};
use crate::rules::geometry::Square;

impl Position {
    /// The step a move makes here, if the piece on its origin has one
    /// (castling included) that lands on its destination.
    pub fn step_of(&self, mv: &Move) -> Option<Step> {
        let mut steps = Vec::new();
        self.steps_from(mv.from, false, &mut steps);
        self.castling_steps(mv.from, &mut steps);
        steps.into_iter().find(|s| s.to == mv.to)
    }

    /// The pseudo-legal steps of the side to move, castling included.
    pub fn pseudo_steps(&self) -> Vec<Step> {
        let mut steps = Vec::with_capacity(64);
        let own: Vec<Square> = self
            .pieces()
            .filter(|(_, p)| p.owner == self.turn)
            .map(|(s, _)| s)
            .collect();
        for from in own {
            self.steps_from(from, false, &mut steps);
            self.castling_steps(from, &mut steps);
        }
        steps
    }

    /// Whether a pseudo-legal step is legal in orthodox chess: it leaves no
    /// royal piece of the mover attacked, and a castling king neither
    /// starts in check nor crosses an attacked square.
    pub fn is_legal_step(&self, step: &Step) -> bool {
        self.is_legal_with(step, &self.royals(self.turn))
    }

    /// [`Position::is_legal_step`] with the mover's royal squares given.
    fn is_legal_with(&self, step: &Step, royals: &[Square]) -> bool {
        let us = self.turn;
        if let StepKind::Castle { .. } = step.kind
            && (self.in_check(us) || self.castling_crossed(&[*step]).in_check(us))
        {
            return false;
        }
        let mut next = self.begin_turn();
        next.make(step, None);
        royals.iter().all(|&royal| {
            let at = if royal == step.from { step.to } else { royal };
            !next.is_attacked(at, us.other())
        })
    }

    /// The legal steps under orthodox chess's rule.
    pub fn legal_steps(&self) -> Vec<Step> {
        let royals = self.royals(self.turn);
        let mut steps = self.pseudo_steps();
        steps.retain(|s| self.is_legal_with(s, &royals));
        steps
    }

    /// The promotions a step allows: the variant's kinds when a pawn lands
    /// on its promotion square, else only `None`.
    /// (An iterator, not a list: it is asked for every step generated.)
    pub fn promotions(&self, step: &Step) -> impl Iterator<Item = Option<Kind>> + '_ {
        let promotes = self
            .piece_at(step.from)
            .is_some_and(|p| self.is_pawn(p) && self.variant.promotes(p.army, step.to));
        let kinds: &[Kind] = if promotes {
            &self.variant.promotions
        } else {
            &[]
        };
        kinds
            .iter()
            .copied()
            .map(Some)
            .chain((!promotes).then_some(None))
    }

    /// Every legal move under orthodox chess's rule.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for step in self.legal_steps() {
            for promotion in self.promotions(&step) {
                moves.push(Move::new(step.from, step.to, promotion));
            }
        }
        moves
    }

    /// Plays a legal move (orthodox rule).
    ///
    /// # Panics
    /// If the move has no step here: the caller checked it first.
    pub fn play(&self, mv: &Move) -> Position {
        let step = self.step_of(mv).expect("a legal move");
        let mut next = self.begin_turn();
        next.make(&step, mv.promotion);
        next.end_turn(self.is_zeroing(&step));
        next
    }

    /// The number of leaves of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut count = 0;
        for step in self.legal_steps() {
            for promotion in self.promotions(&step) {
                count += if depth == 1 {
                    1
                } else {
                    let mut next = self.begin_turn();
                    next.make(&step, promotion);
                    next.end_turn(self.is_zeroing(&step));
                    next.perft(depth - 1)
                };
            }
        }
        count
    }
}
