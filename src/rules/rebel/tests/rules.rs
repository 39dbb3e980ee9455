//! A test for every sentence of the text and of the rulings (Rebel III's
//! in `conversionmate.rs`), and for the settled points of all versions.

use super::{after, legal, play, play_game, pos, sans, sq, texts};
use crate::rules::chess::{self};
use crate::rules::rebel::{Piece, PlayError, RebelPosition, Role, Version};
use crate::rules::{DrawRule, Ending, Game, Seat, View, Viewer};

const V1: Version = Version::One;
const V2: Version = Version::Two;

fn piece(color: Seat, role: Role, converted: bool) -> Option<Piece> {
    Some(Piece {
        color,
        role,
        converted,
    })
}

fn reason(position: &RebelPosition, text: &str) -> String {
    match position.parse_play(text) {
        Err(PlayError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected an illegal action, got {other:?}"),
    }
}

// ---- Rebel Chess I -------------------------------------------------------

/// "The King's Pawn is replaced by a piece known as a Recruiter."
#[test]
fn the_kings_pawns_are_recruiters() {
    let start = RebelPosition::startpos(V1);
    assert_eq!(
        start.fen(),
        "rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        start.piece_at(sq("e2")),
        piece(Seat::White, Role::Recruiter, false)
    );
    assert_eq!(
        start.piece_at(sq("e7")),
        piece(Seat::Black, Role::Recruiter, false)
    );
    assert_eq!(start.piece_at(sq("e1")).unwrap().role, Role::KING);
    // The e-file holds no pawn; the other pawns are where they were.
    assert!((1..8).all(|r| {
        start
            .piece_at(sq(&format!("e{r}")))
            .is_none_or(|p| p.role != Role::PAWN)
    }));
    assert_eq!(start.piece_at(sq("d2")).unwrap().role, Role::PAWN);
    // 20 first moves: 14 pawn moves, 4 knight moves, the Recruiter's 2.
    let recruiter: Vec<String> = sans(&start)
        .into_iter()
        .filter(|s| s.starts_with('U'))
        .collect();
    assert_eq!(recruiter, ["Uc4", "Ug4"]);
}

/// "The Recruiter (U) moves as the Alfil did (a leap of exactly two
/// squares diagonally)" — over anything between, onto an empty square.
#[test]
fn the_recruiter_leaps_two_squares_diagonally() {
    let p = pos("4k3/8/5B2/4p3/3U4/2P5/8/4K3 w - - 0 1", V1);
    let moves: Vec<String> = sans(&p)
        .into_iter()
        .filter(|s| s.starts_with('U'))
        .collect();
    // b2 over the pawn on c3; f2; b6; not f6, where White's bishop stands.
    assert_eq!(moves, ["Ub2", "Ub6", "Uf2"]);
    for text in ["Ue5", "Uc5", "Ue3", "Ud6", "Ud5", "Uf6", "Ub4"] {
        assert!(!legal(&p, text), "{text}");
    }
    assert_eq!(reason(&p, "Ud6"), "Your Recruiter on d4 cannot move to d6.");
    assert_eq!(reason(&p, "Ue5"), "A Recruiter never captures.");
}

/// "...with one notable exception: it is incapable of capturing..."
#[test]
fn the_recruiter_never_captures() {
    let p = pos("4k3/8/5n2/8/3U4/8/8/4K3 w - - 0 1", V1);
    assert!(!p.legal_plays().contains(&play("d4f6")));
    assert!(p.legal_plays().contains(&play("d4*f6")));
    assert_eq!(
        reason(&p, "Uxf6"),
        "A Recruiter never captures. To recruit the knight on f6 instead, write U*f6."
    );
    assert_eq!(
        reason(&p, "d4f6"),
        "A Recruiter never captures. To recruit the knight on f6 instead, write U*f6."
    );
}

/// "...or checking": the Recruiter attacks no square, for check, mate or
/// castling through check; a king may stand an alfil's leap from it.
#[test]
fn the_recruiter_gives_no_check_and_attacks_nothing() {
    // Black's king on e8 is an alfil's leap from White's Recruiter on c6.
    let p = pos("4k3/8/2U5/8/8/8/8/4K3 b - - 0 1", V1);
    assert!(!p.is_check());
    assert!(!p.is_attacked(sq("e8"), Seat::White));
    // A king steps onto a square the Recruiter "could leap to".
    let p = pos("8/4k3/8/1U6/8/8/8/4K3 b - - 0 1", V1);
    assert!(legal(&p, "Kd7"));
    // White may play the Recruiter to an alfil's leap from Black's king:
    // it is no check, and Black is not in check after it.
    let p = after(pos("4k3/8/8/8/8/8/8/2U1K3 w - - 0 1", V1), &["Ue3"]);
    let p = after(p, &["Kd8"]);
    let p = after(p, &["Uc5"]);
    assert!(legal(&p, "Ke7"), "e7 is an alfil's leap from c5");
    assert!(!p.is_check());
    // Castling through and onto squares only a Recruiter "reaches".
    let p = pos("4k3/8/8/8/8/4u3/8/R3K2R w KQ - 0 1", V1);
    assert!(legal(&p, "O-O") && legal(&p, "O-O-O"));
    // With a bishop there instead, both are refused.
    let p = pos("4k3/8/8/8/8/4b3/8/R3K2R w KQ - 0 1", V1);
    assert!(!legal(&p, "O-O") && !legal(&p, "O-O-O"));
}

/// "When a Recruiter gets into a position where it can capture a piece, it
/// can, instead of moving, change the piece to its own side! This counts
/// as the owning player's move for that turn."
#[test]
fn recruiting_changes_the_piece_side_where_it_stands() {
    let p = pos("4k3/8/8/8/2n5/8/4U3/4K3 w - - 0 1", V1);
    let recruit = p.parse_play("U*c4").unwrap();
    assert_eq!(recruit, play("e2*c4"));
    let next = p.play(&recruit);
    assert_eq!(
        next.piece_at(sq("c4")),
        piece(Seat::White, Role::KNIGHT, true)
    );
    assert_eq!(
        next.piece_at(sq("e2")),
        piece(Seat::White, Role::Recruiter, false)
    );
    assert_eq!(next.turn(), Seat::Black, "the recruit was White's move");
    assert_eq!(next.fen(), "4k3/8/8/8/2N*5/8/4U3/4K3 b - - 1 1");
    // The recruited knight now moves for White.
    let next = after(next, &["Kd7"]);
    assert!(legal(&next, "Nb6+"));
}

/// "The Recruiter cannot convert a King, Queen, or other Recruiter."
#[test]
fn no_recruiting_of_kings_queens_or_recruiters() {
    let p = pos("8/8/1q3u2/8/3U4/8/1r3k2/7K w - - 0 1", V1);
    let recruits: Vec<String> = sans(&p).into_iter().filter(|s| s.contains('*')).collect();
    assert_eq!(recruits, ["U*b2+"]);
    assert_eq!(reason(&p, "U*b6"), "A Recruiter does not recruit a queen.");
    assert_eq!(reason(&p, "U*f6"), "No one recruits a Recruiter.");
    assert_eq!(reason(&p, "U*f2"), "No one recruits a king.");
    assert_eq!(reason(&p, "recruit f2"), "No one recruits a king.");
}

/// "Pawns may not promote to Recruiters."
#[test]
fn pawns_do_not_promote_to_recruiters() {
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", V1);
    let promotions: Vec<String> = sans(&p).into_iter().filter(|s| s.contains('=')).collect();
    assert_eq!(promotions, ["a8=B", "a8=N", "a8=Q+", "a8=R+"]);
    let Err(PlayError::Illegal { reason, hint, .. }) = p.parse_play("a8=U") else {
        panic!("a8=U must be refused");
    };
    assert!(
        reason.starts_with("Pawns do not promote to Recruiters"),
        "{reason}"
    );
    assert_eq!(hint, "Your pawn on a7: a8=Q+, a8=R+, a8=B, a8=N.");
    assert!(p.parse_play("a7a8u").is_err());
}

/// "A recruited piece can be returned to original by the other Recruiter."
#[test]
fn the_other_recruiter_returns_a_recruited_piece() {
    let p = pos("4k3/8/4u3/8/2n5/8/4U3/4K3 w - - 0 1", V1);
    let p = after(p, &["U*c4"]);
    assert_eq!(p.piece_at(sq("c4")), piece(Seat::White, Role::KNIGHT, true));
    let p = after(p, &["U*c4"]);
    assert_eq!(
        p.piece_at(sq("c4")),
        piece(Seat::Black, Role::KNIGHT, false),
        "back to Black, no longer converted"
    );
    // White's Recruiter may take it again: it is an ordinary Black knight.
    assert!(legal(&p, "U*c4"));
}

/// "All others rules are the same as Orthodox Chess": with no Recruiter
/// on the board, the legal moves are orthodox chess's.
#[test]
fn without_recruiters_it_is_orthodox_chess() {
    for (fen, depth) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            3,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3,
        ),
    ] {
        let rebel = pos(fen, V2);
        let orthodox = chess::Position::from_fen(fen).unwrap();
        assert_eq!(rebel.perft(depth), orthodox.perft(depth), "{fen}");
        let mut a = sans(&rebel);
        let mut b: Vec<String> = orthodox
            .legal_moves()
            .iter()
            .map(|m| orthodox.san(m))
            .collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{fen}");
    }
}

// ---- The rulings ---------------------------------------------------------

/// "Recruiting ... must leave the player's own king out of check
/// (recruiting the checking piece is a legal way out of check)."
#[test]
fn recruiting_out_of_check() {
    // Black's knight on d3 checks; White's Recruiter on b5 reaches d3.
    let p = pos("4k3/8/8/1U6/8/3n4/8/4K3 w - - 0 1", V1);
    assert!(p.is_check());
    let mut list = sans(&p);
    list.retain(|s| s.starts_with('U'));
    assert_eq!(list, ["U*d3"]);
    let next = after(p.clone(), &["U*d3"]);
    assert!(!next.is_attacked(sq("e1"), Seat::Black));
    assert_eq!(
        reason(&p, "Ud7"),
        "You are in check, and Ud7 does not end the check."
    );
    // A recruit that leaves the king attacked is refused; a pinned
    // Recruiter may recruit, since it does not move.
    let p = pos("4k3/8/2n5/8/4U3/8/8/4K2r w - - 0 1", V1);
    assert!(p.is_check());
    assert_eq!(
        reason(&p, "U*c6"),
        "You are in check, and U*c6 does not end the check."
    );
    let pinned = pos("4r1k1/8/2n5/8/4U3/8/8/4K3 w - - 0 1", V1);
    assert!(legal(&pinned, "U*c6"), "the Recruiter stays where it is");
    assert!(!legal(&pinned, "Uc2"), "moving it would uncover the king");
    // Recruiting the pinning piece frees the pinned one.
    let p = pos("4k3/8/8/1b6/8/3N4/4K3/8 w - - 0 1", V1);
    assert!(!legal(&p, "Nb4"));
    let p = pos("4k3/3U4/8/1b6/8/3N4/4K3/8 w - - 0 1", V1);
    let p = after(p, &["U*b5", "Kf7"]);
    assert!(legal(&p, "Nb4"));
}

/// A recruit can give check: the recruited piece attacks its old king.
#[test]
fn a_recruited_piece_can_give_check() {
    let p = pos("4k3/8/8/4r3/8/2U5/8/K7 w - - 0 1", V1);
    let recruit = p.parse_play("U*e5").unwrap();
    assert_eq!(p.san(&recruit), "U*e5+");
    assert!(p.play(&recruit).is_check());
}

/// "A converted pawn moves in its new owner's direction, may double-step
/// from its new owner's pawn rank, and promotes on its new owner's last
/// rank."
#[test]
fn a_converted_pawn_moves_for_its_new_owner() {
    // Black recruits White's e4 pawn, which then moves down the board.
    let p = pos("4k3/8/2u5/8/4P3/8/8/K7 b - - 0 1", V1);
    let p = after(p, &["U*e4", "Kb1"]);
    assert_eq!(p.piece_at(sq("e4")), piece(Seat::Black, Role::PAWN, true));
    assert!(legal(&p, "e3"));
    assert!(!legal(&p, "e5"));
    // A White-serving pawn on rank 2 may double-step, and gives Black an
    // en passant chance.
    let p = pos("4k3/8/8/8/4p3/8/3P*4/4K3 w - - 0 1", V1);
    assert!(legal(&p, "d3"));
    let p = after(p, &["d4"]);
    assert_eq!(p.fen(), "4k3/8/8/8/3P*p3/8/8/4K3 b - d3 0 1");
    assert!(legal(&p, "exd3"));
    // A Black-serving pawn on rank 7 double-steps downwards.
    let p = pos("4k3/2p*5/8/8/8/8/8/4K3 b - - 0 1", V1);
    assert!(legal(&p, "c5"));
    // Promotion on the new owner's last rank, the mark kept (settled).
    let p = pos("4k3/8/8/8/8/8/4p*3/K7 b - - 0 1", V1);
    let p = after(p, &["e1=Q"]);
    assert_eq!(p.piece_at(sq("e1")), piece(Seat::Black, Role::QUEEN, true));
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/K3q*3 w - - 0 2");
}

/// "A converted rook loses its castling right for good."
#[test]
fn a_converted_rook_loses_castling_for_good() {
    let p = pos("4k3/8/8/8/8/5u2/8/R3K2R b KQ - 0 1", V1);
    let p = after(p, &["U*h1"]);
    assert_eq!(p.castling_rights().to_string(), "Q");
    assert_eq!(p.piece_at(sq("h1")), piece(Seat::Black, Role::ROOK, true));
    // Returned by White's Recruiter, the rook is White's again, unmarked,
    // but the right does not come back.
    let p = pos("4k3/8/8/8/8/5U2/8/R3K2r* w Q - 0 1", V1);
    let p = after(p, &["U*h1"]);
    assert_eq!(p.piece_at(sq("h1")), piece(Seat::White, Role::ROOK, false));
    let p = after(p, &["Kd8"]);
    assert_eq!(
        reason(&p, "O-O"),
        "You can no longer castle kingside: your king or that rook has moved, or was captured \
         or recruited."
    );
    assert!(legal(&p, "O-O-O"));
    // A converted rook at home has no right to castle with.
    assert!(RebelPosition::from_fen("4k3/8/8/8/8/8/8/4K2R* w K - 0 1", V1).is_err());
}

// ---- Rebel Chess II ------------------------------------------------------

/// "Every recruited piece gains the ability to recruit" — in II and III,
/// not in I.
#[test]
fn converted_pieces_recruit_in_version_2_only_recruiters_in_1() {
    let fen = "4k3/8/8/4p3/8/5N*2/8/4K3 w - - 0 1";
    let p1 = pos(fen, V1);
    assert_eq!(
        reason(&p1, "N*e5"),
        "In Rebel Chess I only a Recruiter recruits (converted pieces recruit in versions 2 and \
         3)."
    );
    assert!(legal(&p1, "Nxe5"));
    let p2 = pos(fen, V2);
    let next = after(p2.clone(), &["N*e5"]);
    assert_eq!(
        next.piece_at(sq("e5")),
        piece(Seat::White, Role::PAWN, true)
    );
    assert_eq!(next.piece_at(sq("f3")).unwrap().role, Role::KNIGHT);
    for text in ["Nf3*e5", "f3*e5", "recruit e5", "recruit e5 with f3"] {
        assert_eq!(p2.parse_play(text), Ok(play("f3*e5")), "{text}");
    }
    // An unconverted piece does not recruit.
    let p = pos("4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", V2);
    assert_eq!(
        reason(&p, "N*e5"),
        "Only a Recruiter or a converted piece recruits; your knight on f3 is neither."
    );
}

/// "A recruited Bishop or Rook, unlike a Recruiter, is capable of
/// recruiting a Queen."
#[test]
fn a_converted_bishop_or_rook_recruits_a_queen() {
    let p = pos("4k3/8/8/8/3q4/8/1B*6/4K3 w - - 0 1", V2);
    let p = after(p, &["B*d4"]);
    assert_eq!(p.piece_at(sq("d4")), piece(Seat::White, Role::QUEEN, true));
    let p = pos("4k3/8/8/8/q7/8/8/R*3K3 w - - 0 1", V2);
    assert!(legal(&p, "R*a4"));
}

/// "...whatever it could capture": the capture squares, first piece on a
/// line only.
#[test]
fn a_converted_piece_recruits_only_where_it_could_capture() {
    let p = pos("4k3/n7/8/8/p7/8/8/R*3K3 w - - 0 1", V2);
    assert!(legal(&p, "R*a4"));
    assert_eq!(
        reason(&p, "R*a7"),
        "Your converted rook on a1 could not capture on a7, so it cannot recruit there."
    );
}

/// "Recruited pieces are incapable of recruiting back their traitorous
/// comrades. They also cannot recruit a Recruiter." Only a Recruiter
/// returns a converted piece.
#[test]
fn converted_pieces_recruit_no_converted_piece_and_no_recruiter() {
    let p = pos("4k3/8/8/4n*3/8/2U2N*2/8/4K3 w - - 0 1", V2);
    assert_eq!(
        reason(&p, "N*e5"),
        "A converted piece cannot recruit a converted piece: only a Recruiter returns it to its \
         side."
    );
    // White's own Recruiter returns the knight that started White's.
    let next = after(p, &["U*e5"]);
    assert_eq!(
        next.piece_at(sq("e5")),
        piece(Seat::White, Role::KNIGHT, false)
    );
    let p = pos("4k3/8/8/4u3/8/5N*2/8/4K3 w - - 0 1", V2);
    assert_eq!(reason(&p, "N*e5"), "No one recruits a Recruiter.");
}

/// Settled: a converted pawn recruits diagonally forward, never straight
/// ahead and never en passant.
#[test]
fn a_converted_pawn_recruits_diagonally_never_en_passant() {
    let p = pos("4k3/2p5/8/3P*4/8/8/8/4K3 b - - 0 1", V2);
    let p = after(p, &["c5"]);
    assert!(legal(&p, "dxc6"), "en passant, a capture");
    assert!(!p.legal_plays().iter().any(|x| x.is_recruit()));
    assert_eq!(
        reason(&p, "d5*c5"),
        "Your converted pawn on d5 could not capture on c5, so it cannot recruit there."
    );
    let p = pos("4k3/8/8/3pp3/3P*4/8/8/4K3 w - - 0 1", V2);
    let recruits: Vec<String> = sans(&p).into_iter().filter(|s| s.contains('*')).collect();
    assert_eq!(recruits, ["d*e5"]);
}

// ---- Settled points of all versions ---------------------------------------

/// Recruiting resets no count, and a recruit with its return repeats a
/// position.
#[test]
fn recruits_and_returns_repeat_positions() {
    let game = super::game_at("4k3/8/4u3/8/2n5/8/4U3/4K3 w - - 0 1", 1);
    let (game, events) = play_game(game, &["U*c4", "U*c4", "U*c4", "U*c4"]);
    assert_eq!(game.current().halfmove_clock(), 4);
    assert_eq!(game.claimable(), Some(chess::DrawRule::ThreefoldRepetition));
    assert_eq!(
        texts(&events).last().copied(),
        Some("White may claim a draw by threefold repetition.")
    );
    let (drawn, _) = play_game(game, &["claim draw"]);
    assert!(drawn.status().is_finished());
}

/// "The same position" includes the converted marks.
#[test]
fn the_repetition_key_includes_converted_marks() {
    let a = pos("4k3/8/8/8/2N5/8/8/4K3 w - - 0 1", V1);
    let b = pos("4k3/8/8/8/2N*5/8/8/4K3 w - - 5 9", V1);
    assert_ne!(a.repetition_key(), b.repetition_key());
    assert_eq!(b.repetition_key(), "4k3/8/8/8/2N*5/8/8/4K3 w - -");
}

/// Two Recruiters (a set-up position) that could recruit the same piece.
#[test]
fn two_recruiters_are_told_apart() {
    let p = pos("4k3/8/8/8/3n4/8/1U3U2/4K3 w - - 0 1", V1);
    assert_eq!(
        p.parse_play("U*d4"),
        Err(PlayError::Ambiguous {
            text: "U*d4".into(),
            candidates: vec!["Ub*d4".into(), "Uf*d4".into()]
        })
    );
    assert!(matches!(
        p.parse_play("recruit d4"),
        Err(PlayError::Ambiguous { .. })
    ));
    assert_eq!(p.parse_play("Ub2*d4"), Ok(play("b2*d4")));
    assert_eq!(p.parse_play("Ub*d4"), Ok(play("b2*d4")));
    assert_eq!(p.parse_play("recruit d4 with f2"), Ok(play("f2*d4")));
    assert_eq!(p.san(&play("f2*d4")), "Uf*d4");
}

/// Insufficient material counts every piece, and a Recruiter (which can
/// block its own king's flight square) with a minor piece on the board
/// rules it out.
#[test]
fn insufficient_material_with_recruiters() {
    assert!(pos("4k3/8/8/8/8/8/4U3/4K3 w - - 0 1", V1).is_insufficient_material());
    assert!(pos("4k3/4u3/8/8/8/8/4U3/4K3 w - - 0 1", V1).is_insufficient_material());
    assert!(pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", V1).is_insufficient_material());
    assert!(!pos("4k1u1/8/8/8/8/8/8/2B1K3 w - - 0 1", V1).is_insufficient_material());
    // Why: a bishop mates a king boxed in by its own Recruiter.
    let mate = pos("6uk/8/6K1/4B3/8/8/8/8 b - - 0 1", V1);
    assert_eq!(
        mate.board_end(),
        Some(crate::rules::rebel::BoardEnd::Checkmate(Seat::White))
    );
    // A converted knight and a bishop of the other side: recruiting can
    // bring them together, so the game goes on.
    assert!(!pos("4k3/8/8/8/8/2n*5/8/2B1K3 w - - 0 1", V2).is_insufficient_material());
    let game = super::game_at("4k3/8/8/8/8/8/4U3/4K3 w - - 0 1", 1);
    assert_eq!(
        game.status().outcome().unwrap().reason,
        Ending::Draw(DrawRule::InsufficientMaterial)
    );
}

/// The view and the history show converted pieces and recruits.
#[test]
fn the_view_marks_converted_pieces() {
    let game = super::game_at("4k3/8/4u3/8/2n5/8/4U3/4K3 w - - 0 1", 2);
    let (game, _) = play_game(game, &["U*c4"]);
    let view = game.view(Viewer::Seat(Seat::Black));
    let presentation = view.present();
    let diagram = presentation.diagram.as_ref().unwrap();
    assert_eq!(
        diagram.cell(sq("c4")),
        &crate::rules::Cell::Piece {
            label: "N*".into(),
            owner: Seat::White,
            figure: crate::rules::Figure::Orthodox(crate::rules::presentation::Role::Knight),
            marks: vec![crate::rules::Mark::Converted],
        }
    );
    assert!(
        presentation
            .facts
            .contains(&"Converted pieces serving White: Nc4".to_string()),
        "{:?}",
        presentation.facts
    );
    assert!(
        presentation
            .legend
            .iter()
            .any(|l| l.contains("N* is White's"))
    );
    assert_eq!(view.history()[0].text, "U*c4 (knight converted)");
    let (game, _) = play_game(game, &["U*c4"]);
    let history = game.view(Viewer::Spectator).history();
    assert_eq!(history[1].text, "U*c4 (knight returned)");
}

/// Rebel's roles are chess's six and the Recruiter: each is the layer's
/// kind of the same number, and reads back from its letter.
#[test]
fn roles_are_chess_roles_and_the_recruiter() {
    let roles: Vec<Role> = crate::rules::chess::Role::ALL
        .into_iter()
        .map(Role::Orthodox)
        .chain([Role::Recruiter])
        .collect();
    for (index, role) in roles.iter().enumerate() {
        assert_eq!(role.kind().index(), index, "{role:?}");
        assert_eq!(Role::of_kind(role.kind()), *role);
        assert_eq!(Role::from_char(role.char()), Some(*role));
        assert_eq!(
            Role::from_char(role.char().to_ascii_lowercase()),
            Some(*role)
        );
    }
    assert_eq!(
        roles.iter().map(|r| r.char()).collect::<String>(),
        "PNBRQKU"
    );
    assert_eq!(Role::KNIGHT.name(), "knight");
    assert_eq!(Role::Recruiter.name(), "Recruiter");
}
