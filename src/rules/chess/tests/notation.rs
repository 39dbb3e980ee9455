//! SAN and coordinate notation: round trips, ambiguity, and the reasons
//! given for illegal moves.

use super::{pos, random_positions, sq, uci};
use crate::rules::chess::{IllegalHint, Move, MoveError, Position, Role};

/// Every way the tests write a legal move, all of which must read back as
/// that move.
fn spellings(position: &Position, mv: &Move) -> Vec<String> {
    let san = position.san(mv);
    let bare = san.trim_end_matches(['+', '#']).to_string();
    let piece = position.piece_at(mv.from).unwrap();
    let promo = mv
        .promotion
        .map(|r| format!("={}", r.char()))
        .unwrap_or_default();
    let letter = if piece.role == Role::Pawn {
        String::new()
    } else {
        piece.role.char().to_string()
    };
    let mut forms = vec![
        san.clone(),
        bare.clone(),
        format!("{san}!?"),
        mv.to_string(),
        mv.to_string().to_uppercase(),
        format!("{}-{}{promo}", mv.from, mv.to),
        format!("{letter}{}-{}{promo}", mv.from, mv.to),
        format!(" {bare} "),
    ];
    if position.is_castle(mv).is_none() {
        // The capture mark may be left out.
        forms.push(bare.replace('x', ""));
        forms.push(format!("{letter}{}{}{promo}", mv.from, mv.to));
    } else {
        forms.push(bare.replace('O', "0"));
    }
    if let Some(role) = mv.promotion {
        forms.push(bare.replace('=', ""));
        forms.push(format!(
            "{}({})",
            bare.trim_end_matches(|c: char| c.is_ascii_uppercase())
                .trim_end_matches('='),
            role.char()
        ));
    }
    forms
}

#[test]
fn every_legal_move_round_trips_through_every_spelling() {
    let mut checked = 0;
    for position in random_positions(300, 3) {
        let legal = position.legal_moves();
        let sans = position.san_list(&legal);
        let mut unique = sans.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            sans.len(),
            "two moves share a SAN in {position:?}"
        );
        for (mv, san) in legal.iter().zip(&sans) {
            assert_eq!(position.san(mv), *san);
            for text in spellings(&position, mv) {
                assert_eq!(
                    position.parse_move(&text),
                    Ok(*mv),
                    "{text:?} in {position:?}"
                );
            }
            // The marks say what the move does.
            let next = position.play(mv);
            assert_eq!(san.ends_with('#'), next.is_checkmate(), "{san}");
            assert_eq!(
                san.ends_with('+'),
                next.is_check() && !next.is_checkmate(),
                "{san}"
            );
            assert_eq!(san.contains('x'), position.is_capture(mv), "{san}");
            let json = serde_json::to_string(mv).unwrap();
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), *mv);
            checked += 1;
        }
    }
    assert!(checked > 5000, "only {checked} moves checked");
}

fn ambiguous(position: &Position, text: &str) -> Vec<String> {
    match position.parse_move(text) {
        Err(MoveError::Ambiguous { candidates, .. }) => candidates,
        other => panic!("{text:?}: expected ambiguity, got {other:?}"),
    }
}

fn illegal(position: &Position, text: &str) -> (String, IllegalHint) {
    match position.parse_move(text) {
        Err(MoveError::Illegal { reason, hint, .. }) => (reason, hint),
        other => panic!("{text:?}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn two_pieces_reaching_one_square_need_their_file_rank_or_square() {
    // Knights on b1 and f3 both reach d2.
    let knights = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(ambiguous(&knights, "Nd2"), ["Nbd2", "Nfd2"]);
    assert_eq!(knights.parse_move("Nbd2"), Ok(uci("b1d2")));
    assert_eq!(knights.parse_move("Nf3d2"), Ok(uci("f3d2")));
    assert_eq!(knights.san(&uci("f3d2")), "Nfd2");
    assert_eq!(knights.san(&uci("f3d4")), "Nd4");

    // Rooks on a1 and a5 both reach a3: the rank tells them apart.
    let rooks = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(ambiguous(&rooks, "Ra3"), ["R1a3", "R5a3"]);
    assert_eq!(rooks.parse_move("R1a3"), Ok(uci("a1a3")));
    assert_eq!(rooks.san(&uci("a5a3")), "R5a3");

    // Queens on a1, a3 and c1 all reach b2: a1 needs its whole square.
    let queens = pos("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    assert_eq!(queens.san(&uci("a1b2")), "Qa1b2");
    assert_eq!(queens.san(&uci("a3b2")), "Q3b2");
    assert_eq!(queens.san(&uci("c1b2")), "Qcb2");
    assert_eq!(ambiguous(&queens, "Qab2"), ["Qa1b2", "Q3b2"]);
    assert_eq!(queens.parse_move("Qa1b2"), Ok(uci("a1b2")));

    // A pinned knight is no rival: Nd2 is unambiguous.
    let pinned = pos("4k3/8/8/8/8/5N2/8/rN2K3 w - - 0 1");
    assert_eq!(pinned.san(&uci("f3d2")), "Nd2");
    assert_eq!(pinned.parse_move("Nd2"), Ok(uci("f3d2")));
}

#[test]
fn promotion_needs_its_piece_and_its_pawn() {
    // Pawns on b7 and d7 can both take the rook on c8.
    let position = pos("2r3k1/1P1P4/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(ambiguous(&position, "xc8=Q"), ["bxc8=Q+", "dxc8=Q+"]);
    assert_eq!(
        position.parse_move("bxc8=Q"),
        Ok(Move::with_promotion(sq("b7"), sq("c8"), Role::Queen))
    );
    assert_eq!(
        ambiguous(&position, "bxc8"),
        ["bxc8=Q+", "bxc8=R+", "bxc8=B", "bxc8=N"]
    );
    assert_eq!(ambiguous(&position, "d8")[0], "d8=Q+");
    assert_eq!(
        position.parse_move("d7d8n"),
        Ok(Move::with_promotion(sq("d7"), sq("d8"), Role::Knight))
    );
    let (reason, _) = illegal(&position, "Ke2=Q");
    assert!(reason.contains("promotes"), "{reason}");
}

#[test]
fn illegal_moves_say_why_and_what_the_piece_can_do() {
    let start = Position::startpos();

    let (reason, hint) = illegal(&start, "Nf4");
    assert_eq!(reason, "None of your knights can move to f4.");
    assert_eq!(hint.to_string(), "Your knights: Na3, Nc3, Nf3, Nh3.");

    let (reason, hint) = illegal(&start, "e5");
    assert_eq!(reason, "Your pawn on e2 cannot move to e5.");
    assert_eq!(hint.to_string(), "Your pawn on e2: e3, e4.");
    assert_eq!(
        illegal(&start, "e2e5").0,
        "Your pawn on e2 cannot move to e5."
    );

    let (reason, hint) = illegal(&start, "e4e5");
    assert_eq!(reason, "There is no piece on e4.");
    assert!(
        matches!(&hint, IllegalHint::All(moves) if moves.len() == 20),
        "{hint:?}"
    );
    assert!(
        hint.to_string()
            .starts_with("Your legal moves: Na3, Nc3, Nf3, Nh3, a3, a4, b3, ")
    );

    assert_eq!(illegal(&start, "e7e5").0, "The pawn on e7 is Black's.");
    assert_eq!(
        illegal(&start, "Bg1f3").0,
        "The piece on g1 is a knight, not a bishop."
    );
    assert_eq!(
        illegal(&start, "Nxf3").0,
        "There is nothing to capture on f3."
    );
    assert_eq!(
        illegal(&start, "Bc4").0,
        "None of your bishops can move to c4."
    );
    assert_eq!(
        illegal(&start, "Bc4").1.to_string(),
        "Your bishops: no legal move."
    );
    assert_eq!(
        illegal(&start, "Bf1c4").1.to_string(),
        "Your bishop on f1: no legal move."
    );
    assert_eq!(
        illegal(&start, "e4=Q").0,
        "Only a pawn reaching the last rank promotes; e4 is not one."
    );
    assert_eq!(
        illegal(&start, "Kg1").0,
        "Your king on e1 cannot move to g1."
    );
    assert_eq!(
        illegal(&start, "axb3").0,
        "Your pawn on a2 cannot move to b3."
    );
    assert!(matches!(
        start.parse_move("ixb3"),
        Err(MoveError::Syntax { .. })
    ));

    let no_queen = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    let (reason, hint) = illegal(&no_queen, "Qh5");
    assert_eq!(reason, "You have no queen.");
    assert_eq!(
        hint.to_string(),
        "Your legal moves: Kd1, Kd2, Kf1, Kf2, e3, e4."
    );
    assert_eq!(
        illegal(&no_queen, "dxe3").0,
        "You have no pawn on the d-file."
    );

    // A pinned knight.
    let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    let (reason, hint) = illegal(&pinned, "Nc3");
    assert_eq!(reason, "Nc3 would leave your king in check.");
    assert_eq!(hint.to_string(), "Your knight on e2: no legal move.");

    // In check, only answers to it are legal.
    let check = pos("4k3/8/8/8/8/8/8/r3K2N w - - 0 1");
    let (reason, hint) = illegal(&check, "Ng3");
    assert_eq!(reason, "You are in check, and Ng3 does not end the check.");
    assert_eq!(hint.to_string(), "Your legal moves: Kd2, Ke2, Kf2.");
}

#[test]
fn castling_is_refused_through_into_and_out_of_check() {
    let free = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(free.parse_move("O-O"), Ok(uci("e1g1")));
    assert_eq!(free.parse_move("0-0-0"), Ok(uci("e1c1")));
    assert_eq!(free.parse_move("e1g1"), Ok(uci("e1g1")));
    assert_eq!(free.parse_move("Ke1-c1"), Ok(uci("e1c1")));
    assert_eq!(free.san(&uci("e1c1")), "O-O-O");
    // SAN names castling O-O: a king "move" to g1 is not it.
    assert_eq!(
        illegal(&free, "Kg1").0,
        "Your king on e1 cannot move to g1."
    );

    let through = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let (reason, hint) = illegal(&through, "O-O");
    assert_eq!(
        reason,
        "You cannot castle kingside now: your king would pass through f1, which is attacked."
    );
    assert_eq!(hint.to_string(), "Your king: Kd1, Kd2, Ke2, O-O-O.");
    assert!(through.parse_move("O-O-O").is_ok());

    let into = pos("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        illegal(&into, "O-O").0,
        "You cannot castle kingside now: your king would be in check on g1."
    );

    let out_of = pos("4k3/8/8/8/1b6/8/8/R3K2R w KQ - 0 1");
    assert_eq!(illegal(&out_of, "O-O").0, "You cannot castle out of check.");
    assert_eq!(
        illegal(&out_of, "e1c1").0,
        "You cannot castle out of check."
    );

    // Only the king's squares matter: b1 may be attacked.
    let b1 = pos("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(b1.parse_move("O-O-O").is_ok());

    let blocked = pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert_eq!(
        illegal(&blocked, "O-O-O").0,
        "You cannot castle queenside now: there are pieces between your king and rook."
    );
    let lost = pos("4k3/8/8/8/8/8/8/R3K2R w K - 0 1");
    assert_eq!(
        illegal(&lost, "O-O-O").0,
        "You can no longer castle queenside: your king or that rook has moved."
    );
}

/// The refusal of a castling whose right is gone says what the board
/// shows: the king left home, or the rook is not in its corner (it moved,
/// or was captured there).
#[test]
fn castling_refusal_says_the_rook_was_captured_or_the_king_moved() {
    // 1...Bxa1: the rook is captured at home.
    let before = pos("4k2b/8/8/8/8/8/8/R3K2R b KQ - 0 1");
    let after = before.play(&before.parse_move("Bxa1").unwrap());
    let (reason, hint) = illegal(&after, "O-O-O");
    assert_eq!(
        reason,
        "You can no longer castle queenside: the rook from a1 has moved or was captured."
    );
    assert_eq!(hint.to_string(), "Your king: Kd1, Kd2, Ke2, Kf1, Kf2, O-O.");
    // The king stepped out and back: both rights are gone.
    let mut walked = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    for text in ["Kd1", "Kd8", "Ke1", "Ke8"] {
        walked = walked.play(&walked.parse_move(text).unwrap());
    }
    assert_eq!(
        illegal(&walked, "O-O").0,
        "You can no longer castle kingside: your king or that rook has moved."
    );
    let moved = pos("4k3/8/8/8/8/8/8/R2K3R w - - 0 1");
    assert_eq!(
        illegal(&moved, "O-O").0,
        "You can no longer castle kingside: your king has moved."
    );
    assert_eq!(
        illegal(&moved, "castles").0,
        "You cannot castle now: your king has moved."
    );
}

/// Castling may be written `OO`, `OOO`, `castles short`, `castles long`,
/// or `castles` when only one castling is legal (else it is ambiguous).
#[test]
fn castling_in_other_words() {
    let free = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (text, expected) in [
        ("OO", "e1g1"),
        ("oo", "e1g1"),
        ("00", "e1g1"),
        ("OOO", "e1c1"),
        ("ooo", "e1c1"),
        ("castles short", "e1g1"),
        ("Castles kingside", "e1g1"),
        ("castles long", "e1c1"),
        ("castle queenside", "e1c1"),
    ] {
        assert_eq!(free.parse_move(text), Ok(uci(expected)), "{text}");
    }
    assert_eq!(ambiguous(&free, "castles"), ["O-O", "O-O-O"]);

    // Only kingside is legal: `castles` is that one.
    let one = pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert_eq!(one.parse_move("castles"), Ok(uci("e1g1")));
    assert_eq!(one.parse_move("castles+"), Ok(uci("e1g1")));
    let black = pos("r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    assert_eq!(black.parse_move("castles"), Ok(uci("e8c8")));

    // Neither is legal: why, side by side.
    let (reason, hint) = illegal(&Position::startpos(), "castles");
    assert_eq!(
        reason,
        "You cannot castle now: there are pieces between your king and rook."
    );
    assert_eq!(hint.to_string(), "Your king: no legal move.");
    let mixed = pos("4kr2/8/8/8/8/8/8/RN2K2R w Q - 0 1");
    assert_eq!(
        illegal(&mixed, "castles").0,
        "You cannot castle queenside now: there are pieces between your king and rook."
    );
    let both = pos("4kr2/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert_eq!(
        illegal(&both, "castles").0,
        "You cannot castle now: kingside, your king would pass through f1, which is \
         attacked; queenside, there are pieces between your king and rook."
    );
    let out_of = pos("4k3/8/8/8/1b6/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        illegal(&out_of, "castles").0,
        "You cannot castle out of check."
    );
}

/// A promotion to a king or a pawn is refused with the reason and the
/// pieces a pawn may become, not as unreadable.
#[test]
fn promotion_to_a_king_or_pawn_says_why() {
    let position = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for text in ["b8=K", "b8K", "b7b8k", "b8=K+"] {
        let (reason, hint) = illegal(&position, text);
        assert_eq!(
            reason,
            "You cannot promote to a king: name a queen, rook, bishop or knight (Q, R, B or N).",
            "{text}"
        );
        assert_eq!(
            hint.to_string(),
            "Your pawn on b7: b8=Q+, b8=R+, b8=B, b8=N.",
            "{text}"
        );
    }
    let (reason, _) = illegal(&position, "b8=P");
    assert_eq!(
        reason,
        "You cannot promote to a pawn: name a queen, rook, bishop or knight (Q, R, B or N)."
    );
    // Another letter is still no move at all.
    assert!(matches!(
        position.parse_move("b8=X"),
        Err(MoveError::Syntax { .. })
    ));
}

/// An `e.p.` mark on a move that is not a capture en passant is refused.
#[test]
fn en_passant_mark_on_another_move_is_refused() {
    let start = Position::startpos();
    let (reason, hint) = illegal(&start, "e3 e.p.");
    assert_eq!(
        reason,
        "e3 is not a capture en passant: no capture en passant is possible now."
    );
    assert_eq!(hint.to_string(), "Your pawn on e2: e3, e4.");
    assert!(matches!(
        start.parse_move("e3ep"),
        Err(MoveError::Illegal { .. })
    ));

    let position = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(
        illegal(&position, "e6 e.p.").0,
        "e6 is not a capture en passant: the one possible now is exd6."
    );
    assert_eq!(position.parse_move("exd6 e.p."), Ok(uci("e5d6")));
}

/// `bb5` reads as a b-pawn move; when the bishop could go there, the
/// refusal says that pieces take a capital letter.
#[test]
fn lower_case_bishop_gets_a_capital_letter_hint() {
    let open = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let (reason, hint) = illegal(&open, "bb5");
    assert_eq!(
        reason,
        "Your pawn on b2 cannot move to b5. Pieces take a capital letter: Bb5."
    );
    assert_eq!(hint.to_string(), "Your pawn on b2: b3, b4.");
    let capture = pos("4k3/8/2n5/8/B7/8/1P6/4K3 w - - 0 1");
    assert_eq!(
        illegal(&capture, "bxc6").0,
        "Your pawn on b2 cannot move to c6. Pieces take a capital letter: Bxc6+."
    );
    // A b-pawn move that is legal is played; no bishop move, no hint.
    assert_eq!(open.parse_move("b4"), Ok(uci("b2b4")));
    assert_eq!(
        illegal(&Position::startpos(), "bb5").0,
        "Your pawn on b2 cannot move to b5."
    );
}

#[test]
fn en_passant_in_notation() {
    let position = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    for text in ["exd6", "exd6 e.p.", "exd6ep", "ed6", "e5d6", "e5xd6"] {
        assert_eq!(position.parse_move(text), Ok(uci("e5d6")), "{text}");
    }
    let pinned = pos("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1");
    assert_eq!(
        illegal(&pinned, "exd6").0,
        "exd6 would leave your king in check."
    );
}

#[test]
fn errors_read_as_sentences() {
    let start = Position::startpos();
    let err = start.parse_move("Nf4").unwrap_err();
    assert_eq!(
        err.to_string(),
        "None of your knights can move to f4. Your knights: Na3, Nc3, Nf3, Nh3."
    );
    let err = start.parse_move("castling").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("\"castling\" is not a move: expected a move in algebraic notation")
    );
    let knights = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(
        knights.parse_move("Nd2").unwrap_err().to_string(),
        "\"Nd2\" is ambiguous: it could be Nbd2 or Nfd2"
    );
}

/// The SAN written after a move is played (the search's road, which
/// generates this position's moves only when a rival piece may reach the
/// square) is the SAN the position writes for it.
#[test]
fn san_after_the_move_is_the_positions_san() {
    let mut rivals = 0;
    for position in random_positions(500, 31) {
        for mv in position.legal_moves() {
            let next = position.play(&mv);
            let san = position.san(&mv);
            assert_eq!(
                position
                    .san_after(&mv, &next, !next.has_legal_move())
                    .as_str(),
                san,
                "{}",
                position.fen()
            );
            // A piece's move with the square it comes from: `Nbd7`, `R1a3`.
            rivals += usize::from(matches!(
                san.as_bytes(),
                [
                    b'N' | b'B' | b'R' | b'Q',
                    b'a'..=b'h' | b'1'..=b'8',
                    b'a'..=b'h' | b'x',
                    ..,
                ]
            ));
        }
    }
    assert!(rivals > 0, "some moves needed their file");
    // Two knights reach d4, one of them pinned: no file is needed.
    let pinned = pos("4k3/8/8/8/4r3/8/2N1N3/4K3 w - - 0 1");
    let mv = uci("c2d4");
    let next = pinned.play(&mv);
    assert_eq!(
        pinned
            .san_after(&mv, &next, !next.has_legal_move())
            .as_str(),
        "Nd4"
    );
}
