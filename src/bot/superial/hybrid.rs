//! The hybrid as the alpha-beta search walks it: a flat copy-made
//! position ([`HybridFlat`], the rules' own generator of
//! `superial::hybrid::flat` behind it) instead of the game's state, whose
//! every play goes through the chess-like layer, clones a history and
//! writes notation. Nothing is allocated per position.
//!
//! The search's position carries what decides the game's end and its
//! draws: White wins when Black's last cube is gone before it has a king;
//! checkmate and stalemate; the 75-move rule; fivefold repetition and the
//! threefold claim, counted over the last [`RECENT`] positions since the
//! last capture or pawn move (of the game before the search, only the
//! current position's count is known: the rules keep the rest). The
//! chosen play is found among the game's own plays by the position it
//! leaves.

use super::super::layer;
use crate::bot::Standing;
use crate::bot::alphabeta::generic::Searchable;
use crate::rules::superial::hybrid::flat::plays::{self, FlatPlay};
use crate::rules::superial::hybrid::flat::{
    self, BISHOP, BLACK, CUBE, KING, KNIGHT, Node, PAWN, QUEEN, ROOK,
};
use crate::rules::superial::hybrid::{Hybrid, HybridAction, actions};
use crate::rules::{Entropy, GameResult, Seat};

/// How many positions back repetitions are counted.
const RECENT: usize = 16;

/// A choice of the flat position: a play, or a claim of a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum HybridChoice {
    Play(FlatPlay),
    Claim,
}

/// A position of the search.
#[derive(Clone, Copy, Debug)]
pub(super) struct HybridFlat {
    node: Node,
    /// The keys of the positions since the last capture or pawn move, the
    /// current one last: the last `recent` of them, oldest first.
    keys: [u64; RECENT],
    recent: u8,
    standing: Standing,
}

impl HybridFlat {
    /// The position of a hybrid game now (not over).
    pub(super) fn of(game: &Hybrid) -> HybridFlat {
        let node = Node::of(game.position());
        let key = node.key();
        let recent = game.repetitions().clamp(1, RECENT);
        HybridFlat {
            node,
            keys: [key; RECENT],
            recent: recent as u8,
            standing: Standing::Acts(node.turn()),
        }
    }

    /// How many times the current position occurs among the recent.
    fn repetitions(&self) -> usize {
        let recent = &self.keys[..usize::from(self.recent)];
        let current = recent[recent.len() - 1];
        recent.iter().filter(|k| **k == current).count()
    }

    /// The position after a play left `node`: its key recorded, its
    /// standing judged as the game judges it.
    fn after(&self, node: Node) -> HybridFlat {
        let mut next = *self;
        next.node = node;
        if node.halfmoves == 0 {
            next.recent = 0;
        }
        if usize::from(next.recent) == RECENT {
            next.keys.copy_within(1.., 0);
            next.recent -= 1;
        }
        next.keys[usize::from(next.recent)] = node.key();
        next.recent += 1;
        let (to_act, mover) = (node.turn(), node.turn().other());
        next.standing = if node.king(Seat::Black).is_none() && node.cubes() == 0 {
            Standing::Over(GameResult::Win(Seat::White))
        } else if !plays::can_act(&node) {
            if node.in_check(to_act, plays::board()) {
                Standing::Over(GameResult::Win(mover))
            } else {
                Standing::Over(GameResult::Draw)
            }
        } else if node.halfmoves >= 150 || next.repetitions() >= 5 {
            Standing::Over(GameResult::Draw)
        } else {
            Standing::Acts(to_act)
        };
        next
    }

    /// The game's action that leaves the position this choice does.
    pub(super) fn action_of(&self, game: &Hybrid, choice: HybridChoice) -> HybridAction {
        let HybridChoice::Play(play) = choice else {
            return HybridAction::ClaimDraw;
        };
        let wanted = plays::play(&self.node, play);
        game.plays(self.node.turn())
            .into_iter()
            .find(|candidate| Node::of(&actions::make(game.position(), candidate).0) == wanted)
            .map(HybridAction::Play)
            .expect("a play of the flat position is one of the game's")
    }
}

impl Searchable for HybridFlat {
    type Action = HybridChoice;
    type Key = HybridChoice;
    /// As the game's (`Playable for SuperialChess`).
    const QUIESCENCE_PLIES: u32 = 2;

    fn standing(&self) -> Standing {
        self.standing
    }

    /// Every legal play, and the claim when one may be made.
    fn choices_into(&self, _seat: Seat, into: &mut Vec<HybridChoice>) {
        into.clear();
        if !matches!(self.standing, Standing::Acts(_)) {
            return;
        }
        let _ = plays::visit(&self.node, &mut |play, _| {
            into.push(HybridChoice::Play(play));
            std::ops::ControlFlow::Continue(())
        });
        if !into.is_empty() && (self.repetitions() >= 3 || self.node.halfmoves >= 100) {
            into.push(HybridChoice::Claim);
        }
    }

    fn advance(&self, _seat: Seat, choice: &HybridChoice, _entropy: &mut Entropy) -> HybridFlat {
        match *choice {
            HybridChoice::Claim => HybridFlat {
                standing: Standing::Over(GameResult::Draw),
                ..*self
            },
            HybridChoice::Play(play) => self.after(plays::play(&self.node, play)),
        }
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        layer::chance(evaluation(&self.node, seat))
    }

    fn noisy(&self, choice: &HybridChoice) -> bool {
        matches!(choice, HybridChoice::Play(play) if play.noisy(&self.node))
    }

    fn urgency(&self, choice: &HybridChoice) -> u8 {
        u8::from(self.noisy(choice))
    }

    fn key(&self, _observer: Seat, _actor: Seat, choice: &HybridChoice) -> HybridChoice {
        *choice
    }

    fn search_key(&self) -> u64 {
        self.node.key()
    }
}

/// A chess kind's worth in centipawns (the king's nothing: the game ends
/// before it falls).
fn chess_worth(kind: u8) -> f64 {
    match kind {
        PAWN => 100.0,
        KNIGHT => 320.0,
        BISHOP => 330.0,
        ROOK => 500.0,
        QUEEN => 900.0,
        _ => 0.0,
    }
}

/// The position for `seat`, in centipawns, as the game's evaluation
/// (`layer::centipawns` with `super::hybrid_worth`) scores the layer's
/// position: material, pawns' advance, pieces' centrality, and, a side
/// well ahead, White's king pressed to the edge.
fn evaluation(node: &Node, seat: Seat) -> f64 {
    let mut material = [0.0f64; 2];
    let mut placement = [0.0f64; 2];
    let mut occupied = node.occupied;
    while occupied != 0 {
        let square = occupied.trailing_zeros() as u8;
        occupied &= occupied - 1;
        let cell = node.cells[usize::from(square)];
        let side = usize::from(cell & BLACK != 0);
        let kind = flat::kind(cell);
        let aspect = flat::aspect(cell);
        let chess = if kind == CUBE { 0.0 } else { chess_worth(kind) };
        material[side] += chess
            + if aspect == 0 {
                0.0
            } else {
                450.0 + ASPECT_WORTH[usize::from(aspect)]
            };
        let (file, rank) = (i32::from(square % 8), i32::from(square / 8));
        if kind == PAWN {
            let advance = if side == 1 { 7 - rank } else { rank };
            placement[side] += 4.0 * advance as f64;
        } else if kind != KING && kind != CUBE {
            placement[side] += 1.5 * (7 - edge_distance(file, rank)) as f64;
        }
    }
    let (me, them) = (seat.index(), seat.other().index());
    let lead = material[me] - material[them];
    let mut score = lead + placement[me] - placement[them];
    // Only White has a king of the royal kind; Black's, a piece riding a
    // cube, is scored as its piece.
    let white_losing = if lead > 0.0 { me == 1 } else { them == 1 };
    if lead.abs() > 300.0
        && white_losing
        && let Some(king) = node.king(Seat::White)
    {
        let (file, rank) = (i32::from(king % 8), i32::from(king / 8));
        let press = 5.0 * edge_distance(file, rank) as f64;
        score += if lead > 0.0 { press } else { -press };
    }
    score
}

/// As `layer::edge_distance` on 8x8.
fn edge_distance(file: i32, rank: i32) -> i32 {
    (2 * file - 7).abs().max((2 * rank - 7).abs())
}

/// A cube's worth above a plain cube's, by its aspect code, as
/// [`super::aspect_worth`].
const ASPECT_WORTH: [f64; 4] = [0.0, 0.0, 15.0, 25.0];
