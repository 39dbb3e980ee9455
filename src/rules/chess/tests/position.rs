//! Positions: FEN, validation, the generator against a slow reference,
//! special moves, mate and stalemate, material.

use super::{STARTS, pos, random_positions, sq, uci};
use crate::rules::Seat;
use crate::rules::chess::{CastleSide, FenError, Move, Piece, Position, Role, Setup, SetupError};

#[test]
fn fen_round_trips() {
    for fen in STARTS {
        assert_eq!(pos(fen).fen(), *fen);
    }
    for position in random_positions(300, 1) {
        let fen = position.fen();
        let again = pos(&fen);
        assert_eq!(again, position, "{fen}");
        assert_eq!(again.fen(), fen);
        let json = serde_json::to_string(&position).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), position);
    }
    // The counters may be left out.
    assert_eq!(
        pos("8/8/8/8/8/8/8/K6k b - -").fen(),
        "8/8/8/8/8/8/8/K6k b - - 0 1"
    );
}

#[test]
fn malformed_fens_say_which_field() {
    type Expect = fn(&FenError) -> bool;
    let cases: &[(&str, Expect)] = &[
        ("", |e| matches!(e, FenError::FieldCount(0))),
        ("8/8/8/8/8/8/8/K6k w - - 0 1 extra", |e| {
            matches!(e, FenError::FieldCount(7))
        }),
        ("8/8/8/8/8/8/8 w - - 0 1", |e| {
            matches!(e, FenError::Placement(_))
        }),
        ("8/8/8/8/8/8/8/K6k7 w - - 0 1", |e| {
            matches!(e, FenError::Placement(_))
        }),
        ("8/8/8/8/8/8/8/K5k w - - 0 1", |e| {
            matches!(e, FenError::Placement(_))
        }),
        ("8/8/8/8/8/8/8/K6x w - - 0 1", |e| {
            matches!(e, FenError::Placement(_))
        }),
        ("8/8/8/8/8/8/8/K6k x - - 0 1", |e| {
            matches!(e, FenError::Turn(_))
        }),
        ("8/8/8/8/8/8/8/K6k w KK - 0 1", |e| {
            matches!(e, FenError::Castling(_))
        }),
        ("8/8/8/8/8/8/8/K6k w X - 0 1", |e| {
            matches!(e, FenError::Castling(_))
        }),
        ("8/8/8/8/8/8/8/K6k w - e4 0 1", |e| {
            matches!(e, FenError::EnPassant(_))
        }),
        ("8/8/8/8/8/8/8/K6k w - - x 1", |e| {
            matches!(e, FenError::HalfmoveClock(_))
        }),
        ("8/8/8/8/8/8/8/K6k w - - 0 0", |e| {
            matches!(e, FenError::FullmoveNumber(_))
        }),
    ];
    for (fen, expected) in cases {
        let err = Setup::from_fen(fen).expect_err(fen);
        assert!(expected(&err), "{fen}: {err:?}");
        assert!(Position::from_fen(fen).is_err());
    }
}

#[test]
fn illegal_setups_are_refused_with_a_reason() {
    let cases: &[(&str, SetupError)] = &[
        (
            "8/8/8/8/8/8/8/K7 w - - 0 1",
            SetupError::MissingKing(Seat::Black),
        ),
        (
            "k7/8/8/8/8/8/8/K6K w - - 0 1",
            SetupError::TooManyKings(Seat::White),
        ),
        (
            "k6P/8/8/8/8/8/8/K7 w - - 0 1",
            SetupError::PawnOnBackRank(sq("h8")),
        ),
        (
            "k7/8/8/8/8/8/8/K5p1 b - - 0 1",
            SetupError::PawnOnBackRank(sq("g1")),
        ),
        (
            "k7/PPPPPPPP/P7/8/8/8/8/K7 w - - 0 1",
            SetupError::TooManyPieces(Seat::White),
        ),
        // White to move while Black is in check.
        (
            "k6R/8/8/8/8/8/8/K7 w - - 0 1",
            SetupError::OppositeCheck(Seat::Black),
        ),
        // Three checkers.
        (
            "k7/8/8/r7/8/1n6/8/K3q3 w - - 0 1",
            SetupError::ImpossibleCheck(Seat::White),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1",
            SetupError::BadCastling {
                right: 'K',
                king: sq("e1"),
                rook: sq("h1"),
            },
        ),
        (
            "r3k2r/8/8/8/8/8/8/R4K1R w Q - 0 1",
            SetupError::BadCastling {
                right: 'Q',
                king: sq("e1"),
                rook: sq("a1"),
            },
        ),
        (
            "1r2k2r/8/8/8/8/8/8/R3K2R w q - 0 1",
            SetupError::BadCastling {
                right: 'q',
                king: sq("e8"),
                rook: sq("a8"),
            },
        ),
        // No black pawn on e5 behind e6.
        (
            "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            SetupError::BadEnPassant(sq("e6")),
        ),
        // The en passant square must be on the mover's sixth rank.
        (
            "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
            SetupError::BadEnPassant(sq("e3")),
        ),
        // A pawn could not have passed e6 with e7 occupied.
        (
            "4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1",
            SetupError::BadEnPassant(sq("e6")),
        ),
    ];
    for (fen, expected) in cases {
        let setup = Setup::from_fen(fen).expect(fen);
        assert_eq!(Position::from_setup(setup).unwrap_err(), *expected, "{fen}");
        let message = Position::from_fen(fen).unwrap_err().to_string();
        assert_eq!(message, format!("invalid position: {expected}"));
    }
    // Double check is possible, and en passant after a real double step.
    assert!(Position::from_fen("k7/8/8/r7/8/1n6/8/K7 w - - 0 1").is_ok());
    assert!(Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").is_ok());
}

/// The legal moves by brute force: every pseudo-legal move (the piece's
/// reach, en passant, castling by its definition), played, keeping those
/// after which the mover's king is not attacked.
fn reference_moves(position: &Position) -> Vec<Move> {
    let us = position.turn();
    let mut moves = Vec::new();
    for (from, piece) in position.pieces_on_board() {
        if piece.color != us {
            continue;
        }
        let reach = position.pseudo_targets(super::super::bitboard::index(from).unwrap());
        let mut targets: Vec<_> = super::super::bitboard::Squares(reach)
            .map(super::super::bitboard::square)
            .collect();
        if piece.role == Role::Pawn {
            // A pawn's diagonal onto an empty square is only en passant.
            targets.retain(|to| {
                to.file() == from.file()
                    || position.piece_at(*to).is_some()
                    || position.en_passant() == Some(*to)
            });
            if let Some(ep) = position.en_passant()
                && ep.file().abs_diff(from.file()) == 1
                && (ep.rank() as i8 - from.rank() as i8) == if us == Seat::White { 1 } else { -1 }
                && !targets.contains(&ep)
            {
                targets.push(ep);
            }
        }
        for to in targets {
            if piece.role == Role::Pawn && (to.rank() == 0 || to.rank() == 7) {
                for role in Role::PROMOTIONS {
                    moves.push(Move::with_promotion(from, to, role));
                }
            } else {
                moves.push(Move::new(from, to));
            }
        }
    }
    let home = if us == Seat::White { 0 } else { 7 };
    for side in CastleSide::BOTH {
        if !position.castling_rights().has(us, side) || position.is_check() {
            continue;
        }
        let (rook_file, king_to) = match side {
            CastleSide::King => (7u8, 6u8),
            CastleSide::Queen => (0, 2),
        };
        let lo = rook_file.min(4) + 1;
        let hi = rook_file.max(4);
        let clear = (lo..hi).all(|f| position.piece_at(sq_at(f, home)).is_none());
        let path = if king_to > 4 { 5..=6 } else { 2..=3 };
        let safe = path
            .clone()
            .all(|f| !position.is_attacked(sq_at(f, home), us.other()));
        if clear && safe {
            moves.push(Move::new(sq_at(4, home), sq_at(king_to, home)));
        }
    }
    moves.retain(|mv| {
        let next = position.play(mv);
        !next.is_attacked(next.king_square(us), us.other())
    });
    moves.sort();
    moves
}

fn sq_at(file: u8, rank: u8) -> crate::rules::geometry::Square {
    crate::rules::geometry::Square::new(file, rank).unwrap()
}

#[test]
fn generator_agrees_with_brute_force() {
    for position in random_positions(400, 2) {
        let mut generated = position.legal_moves();
        generated.sort();
        let mut deduped = generated.clone();
        deduped.dedup();
        assert_eq!(deduped.len(), generated.len(), "duplicates in {position:?}");
        assert_eq!(generated, reference_moves(&position), "{position:?}");
        assert_eq!(position.count_legal_moves(), generated.len());
    }
}

#[test]
fn en_passant_captures_beside_and_respects_pins_along_the_rank() {
    let position = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let mv = uci("e5d6");
    assert!(position.legal_moves().contains(&mv));
    assert!(position.is_en_passant(&mv));
    assert_eq!(position.captured_square(&mv), Some(sq("d5")));
    assert_eq!(position.san(&mv), "exd6");
    let after = position.play(&mv);
    assert_eq!(after.piece_at(sq("d5")), None);
    assert_eq!(
        after.piece_at(sq("d6")),
        Some(Piece::new(Seat::White, Role::Pawn))
    );
    assert_eq!(after.halfmove_clock(), 0);

    // Both pawns leave the fifth rank: the rook on h5 would see the king.
    let pinned = pos("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1");
    assert!(!pinned.legal_moves().contains(&mv));
    assert_eq!(pinned.legal_en_passant(), None);
    assert_eq!(pinned.en_passant(), Some(sq("d6")));

    // En passant takes the pawn that just gave check.
    let evasion = pos("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1");
    assert!(evasion.is_check());
    assert!(evasion.legal_moves().contains(&mv));
    assert_eq!(evasion.legal_en_passant(), Some(sq("d6")));

    // A double step sets the square, whether or not anyone can use it.
    let after = Position::startpos().play(&uci("e2e4"));
    assert_eq!(after.en_passant(), Some(sq("e3")));
    assert_eq!(after.legal_en_passant(), None);
    assert!(after.fen().contains(" e3 "));
}

#[test]
fn castling_moves_the_rook_and_rights_follow_the_pieces() {
    let position = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let after = position.play(&uci("e1g1"));
    assert_eq!(position.is_castle(&uci("e1g1")), Some(CastleSide::King));
    assert_eq!(
        after.piece_at(sq("f1")),
        Some(Piece::new(Seat::White, Role::Rook))
    );
    assert_eq!(after.piece_at(sq("h1")), None);
    assert_eq!(after.castling_rights().to_string(), "kq");
    let after = after.play(&uci("e8c8"));
    assert_eq!(
        after.piece_at(sq("d8")),
        Some(Piece::new(Seat::Black, Role::Rook))
    );
    assert_eq!(after.castling_rights().to_string(), "-");
    // A rook captured at home takes its right with it.
    let after = position.play(&uci("a1a8"));
    assert_eq!(after.castling_rights().to_string(), "Kk");
    assert_eq!(position.san(&uci("a1a8")), "Rxa8+");
}

#[test]
fn promotion_to_each_piece() {
    let position = pos("8/P7/8/8/8/8/8/2K4k w - - 0 1");
    let expected = [
        (Role::Queen, "a8=Q+"),
        (Role::Rook, "a8=R"),
        (Role::Bishop, "a8=B+"),
        (Role::Knight, "a8=N"),
    ];
    for (role, san) in expected {
        let mv = Move::with_promotion(sq("a7"), sq("a8"), role);
        assert_eq!(position.san(&mv), san);
        assert_eq!(position.parse_move(san), Ok(mv));
        let after = position.play(&mv);
        assert_eq!(
            after.piece_at(sq("a8")),
            Some(Piece::new(Seat::White, role))
        );
        assert_eq!(after.piece_at(sq("a7")), None);
    }
    assert_eq!(
        position
            .legal_moves()
            .iter()
            .filter(|m| m.promotion.is_some())
            .count(),
        4
    );
}

#[test]
fn checkmate_and_stalemate() {
    let mut position = Position::startpos();
    for text in ["f3", "e5", "g4"] {
        position = position.play(&position.parse_move(text).unwrap());
    }
    let mate = position.parse_move("Qh4").unwrap();
    assert_eq!(position.san(&mate), "Qh4#");
    let position = position.play(&mate);
    assert!(position.is_check() && position.is_checkmate() && !position.is_stalemate());
    assert!(position.legal_moves().is_empty());

    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(stalemate.is_stalemate() && !stalemate.is_checkmate() && !stalemate.is_check());
}

#[test]
fn insufficient_material() {
    let dead = [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",       // K v K
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",     // K+B v K
        "8/8/8/4k3/8/8/8/1N2K3 b - - 0 1",     // K+N v K
        "2b5/8/8/4k3/8/8/8/3BK3 w - - 0 1",    // bishops both on light squares
        "8/8/8/4k3/8/8/1b6/2B1K3 w - - 0 1",   // bishops both on dark squares
        "8/8/8/4k3/8/4B3/1b6/2B1K3 w - - 0 1", // three bishops, one colour
    ];
    for fen in dead {
        assert!(pos(fen).is_insufficient_material(), "{fen}");
    }
    let alive = [
        "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", // opposite-coloured bishops
        "8/8/8/4k1n1/8/8/8/1N2K3 w - - 0 1", // K+N v K+N
        "8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1",  // K+N+N v K
        "8/8/8/4k3/8/8/8/1N2KB2 w - - 0 1",  // K+B+N v K
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",   // a pawn
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",    // a rook
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",    // a queen
    ];
    for fen in alive {
        assert!(!pos(fen).is_insufficient_material(), "{fen}");
    }
}

#[test]
fn passed_turn_hands_the_move_over() {
    let position = Position::startpos().play(&uci("e2e4"));
    let passed = position.passed().expect("Black is not in check");
    assert_eq!(passed.turn(), Seat::White);
    assert_eq!(passed.en_passant(), None);
    assert_eq!(
        passed.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
    );
    assert_eq!(passed.legal_moves().len(), 30);
    let check = pos("4k3/8/8/8/8/8/8/4RK2 b - - 0 1");
    assert_eq!(check.passed(), None);
}

#[test]
fn queries_on_pieces_and_squares() {
    let position = Position::startpos();
    assert_eq!(
        position.piece_at(sq("e1")),
        Some(Piece::new(Seat::White, Role::King))
    );
    assert_eq!(position.piece_at(sq("e4")), None);
    assert_eq!(position.piece_at(sq("i9")), None, "off the board");
    assert_eq!(position.king_square(Seat::Black), sq("e8"));
    assert_eq!(position.pieces_on_board().len(), 32);
    assert!(position.is_attacked(sq("f3"), Seat::White));
    assert!(!position.is_attacked(sq("e4"), Seat::White));
    assert_eq!(position.legal_moves_from(sq("g1")).len(), 2);
    assert_eq!(position.try_play(&uci("e2e5")), None);
    assert!(position.try_play(&uci("e2e4")).is_some());
    assert!(!position.is_zeroing(&uci("g1f3")) && position.is_zeroing(&uci("e2e4")));
    assert_eq!(position.captured_square(&uci("e2e4")), None);
}

#[test]
fn position_errors_say_what_kind_of_wrong() {
    use crate::rules::{Game, OptionError, Options, PositionError};
    let read = |text: &str, options: &[&str]| {
        crate::rules::chess::Chess::from_position(text, &Options::parse(options).unwrap())
    };
    assert!(matches!(
        read("not a fen", &[]),
        Err(PositionError::Malformed(_))
    ));
    assert!(matches!(
        read("8/8/8/8/8/8/8/8 w - - 0 1", &[]),
        Err(PositionError::Illegal(_))
    ));
    assert!(matches!(
        read("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &["version=2"]),
        Err(PositionError::Options(OptionError::Unknown { .. }))
    ));
}
