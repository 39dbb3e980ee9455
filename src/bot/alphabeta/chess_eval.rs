//! The chess evaluation of the alpha-beta search, in centipawns for the
//! side to move.
//!
//! Every term is counted twice, for the middlegame and for the endgame,
//! and the two are blended by the material left on the board (the phase:
//! 24 with every piece on, 0 with pawns and kings alone), so that a king
//! hides early and walks late, and a passed pawn grows in worth as the
//! pieces come off. The terms, each simple:
//!
//! - material;
//! - placement (piece-square values written as formulas, not tables):
//!   knights, bishops and queens towards the centre, pawns by their
//!   advance, rooks on the seventh rank, the king at home behind its pawns
//!   in the middlegame and in the centre in the endgame;
//! - mobility: the squares each piece attacks that are neither its own
//!   side's nor covered by an enemy pawn, against a typical count;
//! - pawn structure: doubled and isolated pawns, passed pawns by their
//!   rank; rooks on open and half-open files, the bishop pair;
//! - king safety (middlegame): the pawns missing in front of the king, and
//!   the enemy pieces attacking the squares around it;
//! - a won ending pressed: the side ahead by more than a minor piece wants
//!   the losing king at the edge and its own king near it, and a side
//!   ahead with no pawns and less than a rook more is scored nearer even
//!   (it seldom wins).

use crate::rules::Seat;
use crate::rules::chess::bitboard::{
    Bitboard, KING, KNIGHT, PAWN_ATTACKS, Squares, bishop_attacks, rook_attacks,
};
use crate::rules::chess::{Position, Role};

/// A (middlegame, endgame) pair of centipawns.
#[derive(Clone, Copy, Default)]
struct Pair(i32, i32);

impl std::ops::AddAssign for Pair {
    fn add_assign(&mut self, other: Pair) {
        self.0 += other.0;
        self.1 += other.1;
    }
}

impl std::ops::SubAssign for Pair {
    fn sub_assign(&mut self, other: Pair) {
        self.0 -= other.0;
        self.1 -= other.1;
    }
}

/// The worth of each role (pawn, knight, bishop, rook, queen, king), in
/// the middlegame and the endgame.
const MATERIAL: [Pair; 6] = [
    Pair(85, 105),
    Pair(325, 300),
    Pair(335, 320),
    Pair(480, 540),
    Pair(975, 960),
    Pair(0, 0),
];

/// The worth of a role for ordering captures and pruning (the middlegame's).
pub(super) fn worth(role: Role) -> i32 {
    MATERIAL[role.index()].0
}

/// How much each role counts towards the phase.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;

const FILE_A: Bitboard = 0x0101_0101_0101_0101;
const BISHOP_PAIR: Pair = Pair(30, 50);
const TEMPO: i32 = 10;

/// A passed pawn's bonus by its advance (0 on its home rank).
const PASSED: [Pair; 8] = [
    Pair(0, 0),
    Pair(5, 10),
    Pair(10, 15),
    Pair(15, 30),
    Pair(30, 55),
    Pair(50, 95),
    Pair(80, 150),
    Pair(0, 0),
];

fn file_mask(file: u8) -> Bitboard {
    FILE_A << file
}

/// The files beside `file`.
fn adjacent_files(file: u8) -> Bitboard {
    let mut mask = 0;
    if file > 0 {
        mask |= file_mask(file - 1);
    }
    if file < 7 {
        mask |= file_mask(file + 1);
    }
    mask
}

/// The squares ahead of `sq` for `color` on its file and the files beside
/// it: where an enemy pawn would stop or take a pawn on `sq`.
fn front_span(color: Seat, sq: u8) -> Bitboard {
    let file = sq & 7;
    let rank = sq >> 3;
    let files = file_mask(file) | adjacent_files(file);
    let ahead = match color {
        Seat::White if rank < 7 => !0u64 << (8 * (rank + 1)),
        Seat::Black if rank > 0 => !0u64 >> (8 * (8 - rank)),
        _ => 0,
    };
    files & ahead
}

/// 0 at the corners to 6 at the four centre squares.
fn centrality(sq: u8) -> i32 {
    let file = (sq & 7) as i32;
    let rank = (sq >> 3) as i32;
    6 - ((2 * file - 7).abs() + (2 * rank - 7).abs()) / 2
}

/// The placement of `role` of `color` on `sq`.
fn placement(role: Role, color: Seat, sq: u8) -> Pair {
    let file = (sq & 7) as i32;
    let advance = match color {
        Seat::White => (sq >> 3) as i32,
        Seat::Black => 7 - (sq >> 3) as i32,
    };
    let centre = centrality(sq);
    match role {
        Role::Pawn => {
            // The centre pawns forward early; every pawn forward late.
            let central = if (3..=4).contains(&file) && (2..=4).contains(&advance) {
                10
            } else {
                0
            };
            Pair(3 * advance + central, 6 * advance)
        }
        Role::Knight => Pair(7 * centre - 18, 5 * centre - 15),
        Role::Bishop => Pair(4 * centre - 8, 3 * centre - 8),
        Role::Rook => Pair(if advance == 6 { 20 } else { 0 }, 0),
        Role::Queen => Pair(centre - 3, 4 * centre - 10),
        Role::King => {
            // Home and on a wing early; the centre late.
            let shelter = match file {
                0..=2 | 6..=7 => 15,
                _ => -10,
            };
            Pair(shelter - 30 * advance.min(3), 8 * centre - 20)
        }
    }
}

/// Everything about one side, as the other terms need it.
struct Side {
    pawns: Bitboard,
    own: Bitboard,
    king: u8,
    /// Squares its pawns attack.
    pawn_attacks: Bitboard,
}

fn pawn_attacks(color: Seat, pawns: Bitboard) -> Bitboard {
    Squares(pawns).fold(0, |all, sq| all | PAWN_ATTACKS[color.index()][sq as usize])
}

/// The evaluation of `position` for the side to move, in centipawns.
pub(super) fn evaluate(position: &Position) -> i32 {
    let white = score(position, Seat::White);
    let black = score(position, Seat::Black);
    let mut total = white;
    total -= black;
    let phase: i32 = Role::ALL
        .iter()
        .map(|&role| {
            PHASE[role.index()]
                * (position.pieces(Seat::White, role) | position.pieces(Seat::Black, role))
                    .count_ones() as i32
        })
        .sum::<i32>()
        .min(FULL_PHASE);
    let mut blended = (total.0 * phase + total.1 * (FULL_PHASE - phase)) / FULL_PHASE;
    blended += ending(position);
    let relative = match position.turn() {
        Seat::White => blended,
        Seat::Black => -blended,
    };
    relative + TEMPO
}

/// Every term for `color`.
fn score(position: &Position, color: Seat) -> Pair {
    let enemy = color.other();
    let me = side(position, color);
    let them = side(position, enemy);
    let occupied = position.occupied();
    let mut total = Pair::default();
    let mut king_attack = 0;
    let enemy_ring = KING[them.king as usize] | (1u64 << them.king);
    for role in Role::ALL {
        for sq in Squares(position.pieces(color, role)) {
            total += MATERIAL[role.index()];
            total += placement(role, color, sq);
            let attacks = match role {
                Role::Knight => KNIGHT[sq as usize],
                Role::Bishop => bishop_attacks(sq, occupied),
                Role::Rook => rook_attacks(sq, occupied),
                Role::Queen => bishop_attacks(sq, occupied) | rook_attacks(sq, occupied),
                Role::Pawn | Role::King => continue,
            };
            let reach = (attacks & !me.own & !them.pawn_attacks).count_ones() as i32;
            total += mobility(role, reach);
            let near = (attacks & enemy_ring).count_ones() as i32;
            king_attack += near
                * match role {
                    Role::Queen => 5,
                    Role::Rook => 3,
                    _ => 2,
                };
            if role == Role::Rook {
                total += open_file(sq & 7, me.pawns, them.pawns);
            }
        }
    }
    if position.pieces(color, Role::Bishop).count_ones() >= 2 {
        total += BISHOP_PAIR;
    }
    total += pawn_structure(color, me.pawns, them.pawns);
    // The attack on the enemy king: worth little alone, much together,
    // and far less without a queen to carry it.
    let mut danger = (king_attack * king_attack / 4).min(300);
    if position.pieces(color, Role::Queen) == 0 {
        danger /= 3;
    }
    total += Pair(danger, 0);
    total -= shelter(color, me.king, me.pawns);
    total
}

fn side(position: &Position, color: Seat) -> Side {
    let pawns = position.pieces(color, Role::Pawn);
    Side {
        pawns,
        own: Role::ALL
            .iter()
            .fold(0, |all, &role| all | position.pieces(color, role)),
        king: position.king(color),
        pawn_attacks: pawn_attacks(color, pawns),
    }
}

/// Mobility against a typical count for the role.
fn mobility(role: Role, reach: i32) -> Pair {
    match role {
        Role::Knight => Pair(4 * (reach - 4), 4 * (reach - 4)),
        Role::Bishop => Pair(5 * (reach - 6), 5 * (reach - 6)),
        Role::Rook => Pair(2 * (reach - 7), 4 * (reach - 7)),
        Role::Queen => Pair(reach - 13, 2 * (reach - 13)),
        Role::Pawn | Role::King => Pair::default(),
    }
}

fn open_file(file: u8, own_pawns: Bitboard, enemy_pawns: Bitboard) -> Pair {
    let mask = file_mask(file);
    match (own_pawns & mask != 0, enemy_pawns & mask != 0) {
        (false, false) => Pair(25, 10),
        (false, true) => Pair(12, 6),
        _ => Pair::default(),
    }
}

/// Doubled and isolated pawns (penalties), passed pawns (a bonus).
fn pawn_structure(color: Seat, pawns: Bitboard, enemy_pawns: Bitboard) -> Pair {
    let mut total = Pair::default();
    for file in 0..8u8 {
        let count = (pawns & file_mask(file)).count_ones() as i32;
        if count > 1 {
            total -= Pair(10 * (count - 1), 20 * (count - 1));
        }
        if count > 0 && pawns & adjacent_files(file) == 0 {
            total -= Pair(10 * count, 15 * count);
        }
    }
    for sq in Squares(pawns) {
        if front_span(color, sq) & enemy_pawns == 0 {
            let advance = match color {
                Seat::White => sq >> 3,
                Seat::Black => 7 - (sq >> 3),
            };
            total += PASSED[advance as usize];
        }
    }
    total
}

/// The middlegame penalty for the pawns missing in front of a king on its
/// first two ranks (a king further up is placement's concern).
fn shelter(color: Seat, king: u8, pawns: Bitboard) -> Pair {
    let advance = match color {
        Seat::White => king >> 3,
        Seat::Black => 7 - (king >> 3),
    };
    if advance > 1 {
        return Pair::default();
    }
    let files = file_mask(king & 7) | adjacent_files(king & 7);
    // The two ranks in front of the king.
    let rank = king >> 3;
    let ranks: Bitboard = match color {
        Seat::White => 0xffff << (8 * (rank + 1)),
        Seat::Black => 0xffff << (8 * (rank - 2)),
    };
    let near = files & ranks;
    let mut missing = 0;
    for file in 0..8u8 {
        if files & file_mask(file) != 0 && near & pawns & file_mask(file) == 0 {
            missing += 1;
        }
    }
    Pair(18 * missing, 0)
}

/// White's point of view: a won ending pressed, a pawnless small lead
/// damped.
fn ending(position: &Position) -> i32 {
    let material = |color: Seat| -> i32 {
        Role::ALL
            .iter()
            .map(|&role| {
                MATERIAL[role.index()].1 * position.pieces(color, role).count_ones() as i32
            })
            .sum()
    };
    let lead = material(Seat::White) - material(Seat::Black);
    let (winner, loser) = if lead > 0 {
        (Seat::White, Seat::Black)
    } else {
        (Seat::Black, Seat::White)
    };
    let sign = if lead > 0 { 1 } else { -1 };
    let mut bonus = 0;
    if position.pieces(winner, Role::Pawn) == 0 && lead.abs() < 400 {
        // A minor piece more without pawns seldom wins: pull towards even.
        bonus -= lead * 3 / 4;
    }
    if lead.abs() > 300 && position.pieces(loser, Role::Pawn) == 0 {
        let (wk, lk) = (position.king(winner), position.king(loser));
        let edge = 6 - centrality(lk);
        let apart =
            ((wk & 7) as i32 - (lk & 7) as i32).abs() + ((wk >> 3) as i32 - (lk >> 3) as i32).abs();
        bonus += sign * (12 * edge + 5 * (14 - apart));
    }
    bonus
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn the_start_is_about_even_and_symmetric() {
        let start = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(start, TEMPO);
        let black = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(black, TEMPO);
    }

    /// The same position with the colours swapped and the board turned.
    fn mirrored(fen: &str) -> String {
        let fields: Vec<&str> = fen.split(' ').collect();
        let swap = |c: char| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        };
        let board: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| rank.chars().map(swap).collect())
            .collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        let castling: String = fields[2].chars().map(swap).collect();
        format!("{} {turn} {castling} - 0 1", board.join("/"))
    }

    #[test]
    fn mirrored_positions_score_alike() {
        for fen in [
            "r1bqk2r/ppp2ppp/2n2n2/2bpp3/4P3/2NP1N2/PPP1BPPP/R1BQK2R w KQkq - 0 6",
            "6k1/5ppp/8/3P4/8/8/1r3PPP/3R2K1 b - - 0 30",
            "8/8/4k3/8/8/2B5/4K3/8 w - - 0 1",
        ] {
            assert_eq!(eval(fen), eval(&mirrored(fen)), "{fen}");
        }
    }

    #[test]
    fn a_piece_more_is_worth_about_a_piece() {
        let up = eval("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!((200..500).contains(&up), "{up}");
    }

    #[test]
    fn a_passed_pawn_near_promotion_is_worth_more() {
        let far = eval("4k3/8/8/8/8/P7/8/4K3 w - - 0 1");
        let near = eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert!(near > far + 100, "{near} against {far}");
    }
}
