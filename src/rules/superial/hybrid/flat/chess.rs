//! The chess men of the flat hybrid: whether a square is attacked and the
//! moves of one man (castling apart), on the orthodox engine's attack
//! tables and rays.

use super::{BISHOP, BLACK, KING, KNIGHT, Node, PAWN, QUEEN, ROOK, kind};
use crate::rules::Seat;
// The orthodox engine's tables: the same 8x8 board, square a1 = 0, a
// rank = 8 squares; a pawn attacks from PAWN_ATTACKS[its seat].
use crate::rules::chess::bitboard::{
    KING as KINGS, KNIGHT as KNIGHTS, PAWN_ATTACKS, bishop_attacks, rook_attacks,
};
use crate::rules::superial::flat::bit;
use crate::rules::superial::reach::NONE;

/// Whether one of `attackers`' chess men (of team `by`) could capture on
/// `square`, moving alone.
pub fn attacked(node: &Node, square: u8, attackers: u64, by: Seat) -> bool {
    let at = square as usize;
    let kinds = &node.kinds;
    // A pawn of `by` attacks `square` from where a pawn of the other side
    // on `square` would attack.
    let defender = by.other().index();
    if PAWN_ATTACKS[defender][at] & kinds[PAWN as usize] & attackers != 0
        || KNIGHTS[at] & kinds[KNIGHT as usize] & attackers != 0
        || KINGS[at] & kinds[KING as usize] & attackers != 0
    {
        return true;
    }
    let queens = kinds[QUEEN as usize];
    let diagonal = (kinds[BISHOP as usize] | queens) & attackers;
    let straight = (kinds[ROOK as usize] | queens) & attackers;
    (diagonal != 0 && bishop_attacks(square, node.occupied) & diagonal != 0)
        || (straight != 0 && rook_attacks(square, node.occupied) & straight != 0)
}

/// White's pawns beside `square` on its rank.
pub fn pawns_beside(node: &Node, square: u8) -> u64 {
    let beside = KINGS[square as usize] & (0xffu64 << (square / 8 * 8));
    beside & node.kinds[PAWN as usize] & !node.black & node.occupied
}

/// What a chess move does besides moving its man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    Plain,
    /// A pawn's double step over the square given.
    Double(u8),
    /// A pawn taking en passant the pawn on the square given.
    EnPassant(u8),
    /// White's castling, the rook's from and to.
    Castle(u8, u8),
}

/// A chess move of the flat position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceMove {
    pub from: u8,
    pub to: u8,
    /// The kind code promoted to, or 0.
    pub promotion: u8,
    pub special: Special,
}

/// The kinds a pawn promotes to, in the layer's order.
const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// Calls `found` with each move of the chess man on `from` (of the side
/// to act), judged on the squares alone; castling apart.
pub fn moves_of(node: &Node, from: u8, found: &mut impl FnMut(PieceMove)) {
    let cell = node.cells[from as usize];
    let team = cell & BLACK;
    let own = if team != 0 {
        node.black
    } else {
        node.occupied & !node.black
    };
    let at = from as usize;
    let plain = |to: u8| PieceMove {
        from,
        to,
        promotion: 0,
        special: Special::Plain,
    };
    let targets = match kind(cell) {
        PAWN => return pawn_moves(node, from, team != 0, found),
        KNIGHT => KNIGHTS[at],
        KING => KINGS[at],
        BISHOP => bishop_attacks(from, node.occupied),
        ROOK => rook_attacks(from, node.occupied),
        _ => bishop_attacks(from, node.occupied) | rook_attacks(from, node.occupied),
    };
    let mut targets = targets & !own;
    while targets != 0 {
        let to = targets.trailing_zeros() as u8;
        targets &= targets - 1;
        found(plain(to));
    }
}

/// A pawn's moves: a step ahead to an empty square, a double step from
/// its side's second rank, diagonal captures and en passant; promoting on
/// the last rank.
fn pawn_moves(node: &Node, from: u8, black: bool, found: &mut impl FnMut(PieceMove)) {
    let (file, rank) = (from % 8, from / 8);
    let (forward, second, last): (i8, u8, u8) = if black { (-1, 6, 0) } else { (1, 1, 7) };
    let ahead = rank as i8 + forward;
    if !(0..8).contains(&ahead) {
        return;
    }
    let ahead = ahead as u8;
    let enemy = if black {
        node.occupied & !node.black
    } else {
        node.black
    };
    let mut push = |to: u8, special: Special| {
        if to / 8 == last {
            for promotion in PROMOTIONS {
                found(PieceMove {
                    from,
                    to,
                    promotion,
                    special,
                });
            }
        } else {
            found(PieceMove {
                from,
                to,
                promotion: 0,
                special,
            });
        }
    };
    let one = ahead * 8 + file;
    if node.occupied & bit(one) == 0 {
        push(one, Special::Plain);
        let two = ahead as i8 + forward;
        if rank == second && (0..8).contains(&two) {
            let two = two as u8 * 8 + file;
            if node.occupied & bit(two) == 0 {
                push(two, Special::Double(one));
            }
        }
    }
    for side in [-1i8, 1] {
        let f = file as i8 + side;
        if !(0..8).contains(&f) {
            continue;
        }
        let to = ahead * 8 + f as u8;
        if enemy & bit(to) != 0 {
            push(to, Special::Plain);
        } else if node.occupied & bit(to) == 0
            && node.skipped == to
            && node.ep_pawn != NONE
            && enemy & node.kinds[PAWN as usize] & bit(node.ep_pawn) != 0
        {
            push(to, Special::EnPassant(node.ep_pawn));
        }
    }
}
