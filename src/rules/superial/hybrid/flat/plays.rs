//! Every legal play of the flat hybrid, each handed over with the position
//! it leaves: the chess men's moves and White's castling, Black's cube
//! actions with each placement of its king at its first capture.

use std::ops::ControlFlow;

use super::chess::{self, PieceMove, Special};
use super::{
    A1, ASPECT_SHIFT, BLACK, CUBE, E1, H1, KING_SIDE, Node, PAWN, QUEEN_SIDE, aspect, kind,
};
use crate::rules::Seat;
use crate::rules::superial::flat::{self, Men, Path, bit};
use crate::rules::superial::reach::{NONE, Tables, tables};

/// One play of the flat hybrid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlatPlay {
    /// A chess man's move (Black's king's as its piece included).
    Piece(PieceMove),
    /// A cube's move (Black's king's as its cube included), showing
    /// `aspect` at its end; at Black's first capture, the captured man
    /// on `crown.0` becomes the king, on `crown.1`.
    Cube {
        from: u8,
        to: u8,
        path: Path,
        aspect: u8,
        crown: Option<(u8, u8)>,
        /// Whether it turned a man over.
        captures: bool,
    },
    /// The cube on `at` turns to `aspect` instead of moving.
    Change { at: u8, aspect: u8 },
}

impl FlatPlay {
    /// Whether it captures or promotes.
    pub fn noisy(&self, node: &Node) -> bool {
        match *self {
            FlatPlay::Piece(mv) => {
                mv.promotion != 0
                    || matches!(mv.special, Special::EnPassant(_))
                    || node.occupied & bit(mv.to) != 0
            }
            FlatPlay::Cube { captures, .. } => captures,
            FlatPlay::Change { .. } => false,
        }
    }
}

/// The hybrid's board tables.
pub fn board() -> &'static Tables {
    tables(8)
}

/// The position after a chess move (judged legal on the squares alone),
/// handed over.
pub fn made(node: &Node, mv: PieceMove) -> Node {
    let mut next = *node;
    next.skipped = NONE;
    next.ep_pawn = NONE;
    let cell = node.cells[mv.from as usize];
    let mut captured = node.occupied & bit(mv.to) != 0;
    if let Special::EnPassant(pawn) = mv.special {
        next.put(pawn, 0);
        captured = true;
    }
    next.put(mv.from, 0);
    let zeroing = captured || kind(cell) == PAWN;
    let cell = if mv.promotion != 0 {
        cell & !7 | mv.promotion
    } else {
        cell
    };
    next.put(mv.to, cell);
    match mv.special {
        Special::Castle(rook_from, rook_to) => {
            let rook = next.cells[rook_from as usize];
            next.put(rook_from, 0);
            next.put(rook_to, rook);
        }
        Special::Double(skipped) => {
            next.skipped = skipped;
            next.ep_pawn = mv.to;
        }
        Special::Plain | Special::EnPassant(_) => {}
    }
    next.hand_over(zeroing);
    next
}

/// The position after a play of the side to act (legal), handed over.
pub fn play(node: &Node, play: FlatPlay) -> Node {
    match play {
        FlatPlay::Piece(mv) => made(node, mv),
        FlatPlay::Cube {
            from,
            to,
            path,
            aspect,
            crown,
            ..
        } => {
            let tables = board();
            let (mut next, captured) = flat::moved(node, tables, tables.black, from, to, path);
            show(&mut next, to, aspect);
            if let Some((piece, on)) = crown {
                crowned(&mut next, to, piece, on);
            }
            next.skipped = NONE;
            next.ep_pawn = NONE;
            next.hand_over(captured != 0);
            next
        }
        FlatPlay::Change { at, aspect } => {
            let mut next = *node;
            show(&mut next, at, aspect);
            next.skipped = NONE;
            next.ep_pawn = NONE;
            next.hand_over(false);
            next
        }
    }
}

/// Turns the man with an aspect on `at` to `aspect`.
fn show(node: &mut Node, at: u8, aspect: u8) {
    let cell = node.cells[at as usize];
    node.put(at, cell & !(3 << ASPECT_SHIFT) | aspect << ASPECT_SHIFT);
}

/// Places Black's king after its first capture: the captured man on
/// `piece` rides the cube that ended on `end`, on `on`.
fn crowned(node: &mut Node, end: u8, piece: u8, on: u8) {
    let cube = node.cells[end as usize];
    let man = node.cells[piece as usize];
    let king = kind(man) | BLACK | aspect(cube) << ASPECT_SHIFT;
    node.put(end, 0);
    node.put(piece, 0);
    node.put(on, king);
}

/// Hands each legal play of the side to act to `found`, with the position
/// it leaves, until it breaks.
pub fn visit(
    node: &Node,
    found: &mut impl FnMut(FlatPlay, &Node) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let tables = board();
    let us = node.turn();
    let mut pieces = node.team(us) & !node.kinds[CUBE as usize];
    while pieces != 0 {
        let from = pieces.trailing_zeros() as u8;
        pieces &= pieces - 1;
        let mut flow = ControlFlow::Continue(());
        chess::moves_of(node, from, &mut |mv| {
            if flow.is_break() {
                return;
            }
            let next = made(node, mv);
            if !next.in_check(us, tables) {
                flow = found(FlatPlay::Piece(mv), &next);
            }
        });
        flow?;
    }
    if us == Seat::White {
        castlings(node, tables, found)?;
    } else {
        cube_plays(node, tables, found)?;
    }
    ControlFlow::Continue(())
}

/// White's castlings: the squares between king and rook empty, the king
/// not in check, nor on the square it crosses (the rook at home), nor
/// where it ends.
fn castlings(
    node: &Node,
    tables: &Tables,
    found: &mut impl FnMut(FlatPlay, &Node) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if node.castling == 0 || node.in_check(Seat::White, tables) {
        return ControlFlow::Continue(());
    }
    // (right, rook's square, squares between, the king's crossed and end
    // squares)
    let sides = [
        (KING_SIDE, H1, bit(5) | bit(6), 5, 6),
        (QUEEN_SIDE, A1, bit(1) | bit(2) | bit(3), 3, 2),
    ];
    for (right, rook, between, cross, to) in sides {
        if node.castling & right == 0 || node.occupied & between != 0 {
            continue;
        }
        let mut crossed = *node;
        crossed.put(E1, 0);
        crossed.put(cross, node.cells[E1 as usize]);
        if crossed.in_check(Seat::White, tables) {
            continue;
        }
        let mv = PieceMove {
            from: E1,
            to,
            promotion: 0,
            special: Special::Castle(rook, cross),
        };
        let next = made(node, mv);
        if !next.in_check(Seat::White, tables) {
            found(FlatPlay::Piece(mv), &next)?;
        }
    }
    ControlFlow::Continue(())
}

/// Black's cube actions (its king's as its cube included): each path with
/// each aspect it may end showing, each aspect change instead of moving;
/// at its first capture, each placement of its king.
fn cube_plays(
    node: &Node,
    tables: &Tables,
    found: &mut impl FnMut(FlatPlay, &Node) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let home = tables.black;
    let crowning = node.king(Seat::Black).is_none();
    let men = Men {
        occupied: node.occupied,
        enemy: node.occupied & !node.black,
        home,
    };
    let mut flow = ControlFlow::Continue(());
    let mut cubes = node.aspected;
    while cubes != 0 {
        let from = cubes.trailing_zeros() as u8;
        cubes &= cubes - 1;
        let shown = aspect(node.cells[from as usize]);
        flat::cube_paths(tables, shown, from, men, &mut |to, path| {
            if flow.is_break() {
                return;
            }
            let (moved, captured) = flat::moved(node, tables, home, from, to, path);
            for aspect in 1..=3 {
                if aspect != shown && home & bit(to) != 0 {
                    continue;
                }
                let mut after = moved;
                show(&mut after, to, aspect);
                after.skipped = NONE;
                after.ep_pawn = NONE;
                after.hand_over(captured != 0);
                let play = |crown| FlatPlay::Cube {
                    from,
                    to,
                    path,
                    aspect,
                    crown,
                    captures: captured != 0,
                };
                if !crowning {
                    if !after.in_check(Seat::Black, tables) {
                        flow = found(play(None), &after);
                    }
                } else if captured == 0 {
                    // No king before, none after: nothing left in check.
                    flow = found(play(None), &after);
                } else {
                    let mut pieces = captured;
                    while pieces != 0 && flow.is_continue() {
                        let piece = pieces.trailing_zeros() as u8;
                        pieces &= pieces - 1;
                        for on in [to, piece] {
                            let mut king = after;
                            crowned(&mut king, to, piece, on);
                            if !king.in_check(Seat::Black, tables) {
                                flow = found(play(Some((piece, on))), &king);
                                if flow.is_break() {
                                    break;
                                }
                            }
                        }
                    }
                }
                if flow.is_break() {
                    return;
                }
            }
        });
        flow?;
        if home & bit(from) == 0 {
            for aspect in (1..=3).filter(|a| *a != shown) {
                let play = FlatPlay::Change { at: from, aspect };
                let next = self::play(node, play);
                if !next.in_check(Seat::Black, tables) {
                    found(play, &next)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Whether the side to act has a legal play (found at the first).
pub fn can_act(node: &Node) -> bool {
    visit(node, &mut |_, _| ControlFlow::Break(())).is_break()
}

/// Every legal play of the side to act.
pub fn legal(node: &Node, into: &mut Vec<FlatPlay>) {
    into.clear();
    let _ = visit(node, &mut |play, _| {
        into.push(play);
        ControlFlow::Continue(())
    });
}
