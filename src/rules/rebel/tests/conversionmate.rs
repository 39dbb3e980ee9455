//! Rebel III: each settled line of the rules page about the
//! conversionmate, and each ending.

use super::{after, game_at, legal, play_game, pos, sans, sq, texts};
use crate::rules::rebel::{BoardEnd, Piece, PlayError, RebelAction, RebelPosition, Role, Version};
use crate::rules::{ActionError, Ending, Entropy, Game, GameResult, Seat, Status, View, Viewer};

const V3: Version = Version::Three;

fn reason(position: &RebelPosition, text: &str) -> String {
    match position.parse_play(text) {
        Err(PlayError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected an illegal action, got {other:?}"),
    }
}

fn converted_king(color: Seat) -> Option<Piece> {
    Some(Piece {
        color,
        role: Role::KING,
        converted: true,
    })
}

/// A converted rook mates on a8; the knight guarding g7 is unconverted.
const CONVERSIONMATE: &str = "7k/7p/4N3/8/8/8/8/R*5K1 w - - 0 1";

#[test]
fn rebel_three_includes_rebel_two() {
    let p = pos("4k3/8/8/4p3/8/5N*2/8/4K3 w - - 0 1", V3);
    assert!(legal(&p, "N*e5"));
}

/// A checkmate in which every checker is converted converts the king,
/// whatever guards the flight squares; the mated side moves next.
#[test]
fn a_conversionmate_converts_the_king() {
    let game = game_at(CONVERSIONMATE, 3);
    let (game, events) = play_game(game, &["Ra8#"]);
    let p = game.current();
    assert_eq!(p.piece_at(sq("h8")), converted_king(Seat::White));
    assert_eq!(p.fen(), "R*6K*/7p/4N3/8/8/8/8/6K1 b - - 1 1 rebels:b");
    assert_eq!(p.rebels(), Some(Seat::Black));
    assert_eq!(p.spartans(), Some(Seat::White));
    assert_eq!(
        game.status(),
        Status::Ongoing(vec![crate::rules::Due {
            seat: Seat::Black,
            duty: crate::rules::Duty::Move
        }])
    );
    assert_eq!(
        texts(&events),
        [
            "White played Ra8#",
            "Conversionmate: Black's king on h8, mated by converted pieces only, is converted \
             and now serves White. White, with two kings, are the Spartans; Black, with none, \
             the Rebels. Black to move."
        ]
    );
    let history = game.view(Viewer::Spectator).history();
    assert_eq!(
        history[0].text,
        "Ra8# (conversionmate: Black's king converted)"
    );
    let facts = game.view(Viewer::Spectator).present().facts;
    assert!(facts.contains(&"Spartans (two kings): White; Rebels: Black".to_string()));
    assert!(facts.contains(&"Converted pieces serving White: Ra8, Kh8".to_string()));
    // The Rebels play on: their pawn.
    assert_eq!(sans(p), ["h5", "h6"]);
}

/// The same mate in Rebel II, or by an unconverted rook in III, wins.
#[test]
fn a_checkmate_with_an_unconverted_checker_wins() {
    let (game, events) = play_game(game_at(CONVERSIONMATE, 2), &["Ra8#"]);
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "White wins (checkmate), 1-0"
    );
    assert_eq!(texts(&events)[1], "Checkmate: White wins.");
    let (game, _) = play_game(game_at("7k/7p/4N3/8/8/8/8/R5K1 w - - 0 1", 3), &["Ra8#"]);
    assert_eq!(game.outcome().unwrap().reason, Ending::Checkmate);
    // Only the converted rook checks, though a bishop stands behind the
    // pawns: a conversionmate.
    let p = after(pos("7k/6pp/8/8/8/8/1B6/R*5K1 w - - 0 1", V3), &["Ra8#"]);
    assert_eq!(p.rebels(), Some(Seat::Black));
    // A double check by a converted rook and an unconverted bishop: an
    // ordinary mate.
    let p = after(pos("7k/7p/8/4R*3/8/8/1B6/6K1 w - - 0 1", V3), &["Re8#"]);
    assert_eq!(p.board_end(), Some(BoardEnd::Checkmate(Seat::White)));
    assert_eq!(p.rebels(), None);
}

/// A conversionmate never leaves the new king attacked: a checkmate by
/// converted pieces only in which the mated king, once converted, would
/// stand attacked by its former side is an ordinary checkmate.
#[test]
fn a_mate_that_would_convert_the_king_into_check_is_a_checkmate() {
    // The smothered mate: converted, the king on h8 would stand beside
    // Black's rook on g8, and Re8 would then attack both White kings.
    let game = game_at("6rk/6pp/8/6N*1/8/8/8/4K3 w - - 0 1", 3);
    let (game, events) = play_game(game, &["Nf7#"]);
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "White wins (checkmate), 1-0"
    );
    assert_eq!(
        texts(&events),
        ["White played Nf7#", "Checkmate: White wins."]
    );
    let p = game.current();
    assert_eq!(p.rebels(), None);
    assert_eq!(p.kings(Seat::Black), [sq("h8")]);
    assert_eq!(p.board_end(), Some(BoardEnd::Checkmate(Seat::White)));
    assert_eq!(
        game.view(Viewer::Spectator).history()[0].text,
        "Nf7#",
        "no conversionmate noted"
    );
    let facts = game.view(Viewer::Seat(Seat::Black)).present().facts;
    assert!(
        facts.contains(&"Black's king on h8 is attacked by White's converted knight on f7.".into()),
        "{facts:?}"
    );
    // A Rebel rook on h2 would attack the converted king up the h-file.
    let p = after(pos("7k/6p1/8/8/8/3B4/R*6r/1K6 w - - 0 1", V3), &["Ra8#"]);
    assert_eq!(p.board_end(), Some(BoardEnd::Checkmate(Seat::White)));
    assert_eq!(p.rebels(), None);
    // Without that rook the same mate converts.
    let p = after(pos("7k/6p1/8/8/8/3B4/R*7/1K6 w - - 0 1", V3), &["Ra8#"]);
    assert_eq!(p.rebels(), Some(Seat::Black));
    assert!(!p.in_check(Seat::White));
    // Such a position cannot be: the Rebels to move, a Spartan king attacked.
    let err =
        RebelPosition::from_fen("R*6K*/6p1/8/8/8/3B4/7r/1K6 b - - 1 1 rebels:b", V3).unwrap_err();
    assert!(err.to_string().contains("White is in check"), "{err}");
}

/// Kings are never captured: no move takes a king, and the text that
/// tries is told so.
#[test]
fn kings_are_never_captured() {
    let p = pos("R6K*/6p1/8/8/8/2r5/8/1K6 b - - 0 1 rebels:b", V3);
    assert_eq!(reason(&p, "Rxb1"), "Kings are never captured.");
    let (game, _) = play_game(game_at(&p.fen(), 3), &["Rh3"]);
    let facts = game.view(Viewer::Seat(Seat::White)).present().facts;
    for line in [
        "White is in check",
        "White's converted king on h8 is attacked by Black's rook on h3.",
    ] {
        assert!(facts.iter().any(|f| f == line), "{line}: {facts:?}");
    }
    let p = game.current().clone();
    assert!(
        p.is_check(),
        "the rook attacks the converted king up the h-file"
    );
    let mut answers = sans(&p);
    answers.sort();
    assert_eq!(answers, ["Kg8", "Kxg7"]);
    assert_eq!(
        reason(&p, "Kc2"),
        "You are in check, and Kc2 does not end the check."
    );
    assert!(
        p.legal_plays()
            .iter()
            .all(|play| p.piece_at(play.to()).is_none_or(|t| t.role != Role::KING))
    );
}

/// The Spartans keep both kings safe, castle with their own king, and
/// their converted king moves as a king and recruits.
#[test]
fn the_two_king_side_plays() {
    // A bishop shielding the converted king is pinned.
    let p = pos("7K*/6B1/8/8/3b4/8/8/1K6 w - - 0 1 rebels:b", V3);
    assert!(!p.is_check());
    assert_eq!(reason(&p, "Bh6"), "Bh6 would leave your king in check.");
    assert!(legal(&p, "Bxd4") && legal(&p, "Bf6"));
    assert!(legal(&p, "Kh7") && legal(&p, "Kc2"));
    // The Spartans' own king castles.
    let p = pos("4K*3/p7/8/8/8/8/8/R3K2R w KQ - 0 1 rebels:b", V3);
    assert!(legal(&p, "O-O") && legal(&p, "O-O-O"));
    // A converted king has no castling right.
    assert!(RebelPosition::from_fen("8/p7/8/7K/8/8/8/R3K*2R w KQ - 0 1 rebels:b", V3).is_err());
    // The converted king recruits what it could capture.
    let p = pos("R6K*/6pn/8/8/8/8/8/6K1 w - - 0 1 rebels:b", V3);
    let next = after(p.clone(), &["K*h7"]);
    assert_eq!(
        next.piece_at(sq("h7")),
        Some(Piece {
            color: Seat::White,
            role: Role::KNIGHT,
            converted: true
        })
    );
    assert_eq!(p.san(&"h8*h7".parse().unwrap()), "K*h7");
    assert!(legal(&p, "Kxh7"));
}

/// The Rebels have no king: no check, no castling, every action legal.
#[test]
fn the_rebels_have_no_check_and_no_castling() {
    let p = pos("R6K*/8/8/8/8/8/r7/4K3 b - - 0 1 rebels:b", V3);
    assert!(!p.is_check());
    assert!(legal(&p, "Rb2") && legal(&p, "Ra7") && legal(&p, "Rxa8"));
    assert!(RebelPosition::from_fen("r7/8/8/8/8/8/7K*/4K3 b q - 0 1 rebels:b", V3).is_err());
    // The teams field belongs to Rebel III only, and names the kingless.
    assert!(RebelPosition::from_fen("R6K*/8/8/8/8/8/r7/4K3 b - - 0 1", V3).is_ok());
    assert!(RebelPosition::from_fen("R6K*/8/8/8/8/8/r7/4K3 b - - 0 1 rebels:w", V3).is_err());
    assert!(RebelPosition::from_fen("R6K*/8/8/8/8/8/r7/4K3 b - - 0 1", Version::Two).is_err());
}

/// "Checkmate both Kings": the Spartans in check with no legal action
/// lose, even when only converted pieces mate (no conversionmate of the
/// Spartans), and even when only one of their kings is attacked.
#[test]
fn the_rebels_win_by_checkmating_the_spartans() {
    let game = game_at("1r6/7K*/8/8/8/8/3q*4/K7 b - - 0 1 rebels:b", 3);
    let (game, events) = play_game(game, &["Qb2#"]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Win(Seat::Black));
    assert_eq!(outcome.reason, Ending::SpartanKingsCheckmated);
    assert_eq!(
        texts(&events)[1],
        "Checkmate of the Spartans: White cannot save both kings. Black (the Rebels) wins."
    );
    assert_eq!(
        game.current().kings(Seat::White).len(),
        2,
        "nothing converted"
    );
    // The view names the attacked king, and only that one.
    let facts = game.view(Viewer::Spectator).present().facts;
    let attacked: Vec<&String> = facts.iter().filter(|f| f.contains("is attacked")).collect();
    assert_eq!(
        attacked,
        ["White's king on a1 is attacked by Black's converted queen on b2."]
    );
}

/// Both kings attacked at once, with no action that saves both: the same
/// ending, and the view names both kings.
#[test]
fn the_rebels_win_by_attacking_both_kings_at_once() {
    let game = game_at("7K*/8/8/1q6/8/8/8/4K3 b - - 0 1 rebels:b", 3);
    let (game, events) = play_game(game, &["Qe5+"]);
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "Black wins (the Spartans' kings checkmated), 0-1"
    );
    assert_eq!(
        texts(&events)[1],
        "Checkmate of the Spartans: White cannot save both kings. Black (the Rebels) wins."
    );
    let facts = game.view(Viewer::Seat(Seat::White)).present().facts;
    for line in [
        "White's king on e1 is attacked by Black's queen on e5.",
        "White's converted king on h8 is attacked by Black's queen on e5.",
    ] {
        assert!(facts.iter().any(|f| f == line), "{line}: {facts:?}");
    }
    // Either king alone could step out of the attack: it is the pair that
    // cannot be saved.
    assert!(game.current().legal_plays().is_empty());
    for (fen, step) in [
        ("8/8/8/4q3/8/8/8/4K2K* w - - 0 1 rebels:b", "Kd2"),
        ("7K*/8/8/4q3/8/8/K7/8 w - - 0 1 rebels:b", "Kg8"),
    ] {
        assert!(legal(&pos(fen, V3), step), "{fen}");
    }
}

/// "Return at least one of them to your side and check the other": the
/// Rebels' Recruiter returns their king, then any check wins.
#[test]
fn a_king_returned_then_check_wins() {
    let fen = "6K*1/3n*2pp/4u3/8/8/8/1r6/R5K1 b - - 0 1 rebels:b";
    let p = pos(fen, V3);
    // Only the Recruiter returns a king; no one captures it.
    assert_eq!(
        reason(&p, "N*g8"),
        "Only a Recruiter returns a converted king."
    );
    assert_eq!(reason(&p, "Nxg8"), "Kings are never captured.");
    let game = game_at(fen, 3);
    let (game, events) = play_game(game, &["U*g8"]);
    assert_eq!(
        texts(&events)[1],
        "Black returned its king on g8 from White: it is no longer converted."
    );
    let p = game.current();
    assert_eq!(p.fen(), "6k1/3n*2pp/4u3/8/8/8/1r6/R5K1 w - - 1 2 rebels:b");
    assert_eq!(p.kings(Seat::Black), [sq("g8")]);
    assert_eq!(
        game.view(Viewer::Spectator).history()[0].text,
        "U*g8 (king returned)"
    );
    let (game, events) = play_game(game, &["Kh1", "Rb1+"]);
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "Black wins (the Rebels returned their king and gave check), 0-1"
    );
    assert_eq!(
        texts(&events)[1],
        "Black (the Rebels) has its king back and gives check: Black wins."
    );
    // Perft stops there.
    let won = game.current();
    assert_eq!(
        won.board_end(),
        Some(BoardEnd::ReturnedAndChecked {
            rebels: Seat::Black
        })
    );
    assert!(
        won.has_legal_play(),
        "the Spartans could move, but it is over"
    );
    assert_eq!(won.perft(1), 0);
}

/// A return that would leave the returned king in check is refused.
#[test]
fn a_return_must_leave_the_returned_king_safe() {
    let p = pos("R5K*1/6pp/4u3/8/8/8/8/6K1 b - - 0 1 rebels:b", V3);
    assert_eq!(reason(&p, "U*g8"), "U*g8 would leave your king in check.");
}

/// After the return the Rebels' king is royal: an ordinary mate of it
/// wins for the Spartans, a conversionmate converts it again.
#[test]
fn the_spartans_mate_a_returned_king() {
    let (game, _) = play_game(
        game_at("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 rebels:b", 3),
        &["Ra8#"],
    );
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "White wins (checkmate), 1-0"
    );
    let (game, _) = play_game(
        game_at("6k1/5ppp/8/8/8/8/8/R*5K1 w - - 0 1 rebels:b", 3),
        &["Ra8#"],
    );
    assert!(game.outcome().is_none());
    assert_eq!(game.current().kings(Seat::White).len(), 2);
    assert_eq!(game.current().rebels(), Some(Seat::Black));
    // Converted, the king on g8 would stand attacked by the Rebels' knight
    // on h6: an ordinary checkmate, and the Spartans win.
    let (game, events) = play_game(
        game_at("6k1/5ppp/7n/8/8/8/8/R*5K1 w - - 0 1 rebels:b", 3),
        &["Ra8#"],
    );
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "White wins (checkmate), 1-0"
    );
    assert_eq!(
        texts(&events),
        ["White played Ra8#", "Checkmate: White wins."]
    );
    assert_eq!(game.current().kings(Seat::Black), [sq("g8")]);
}

/// "Completely wipe out the other team": the Spartans win when the Rebels
/// have no piece left, captured or recruited, or a lone king is
/// conversionmated.
#[test]
fn the_spartans_win_by_wiping_out_the_rebels() {
    let (game, events) = play_game(
        game_at("R6K*/7p/8/8/8/8/8/6K1 w - - 0 1 rebels:b", 3),
        &["Kxh7"],
    );
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "White wins (the Rebels wiped out), 1-0"
    );
    assert_eq!(
        texts(&events)[1],
        "Black (the Rebels) has no piece left: White (the Spartans) wins."
    );
    let (game, _) = play_game(
        game_at("R6K*/8/8/4n3/8/2U5/8/6K1 w - - 0 1 rebels:b", 3),
        &["U*e5"],
    );
    assert_eq!(game.outcome().unwrap().reason, Ending::RebelsWipedOut);
    let (game, events) = play_game(game_at("7k/8/6K1/8/8/8/8/R*7 w - - 0 1", 3), &["Ra8#"]);
    assert_eq!(game.outcome().unwrap().reason, Ending::RebelsWipedOut);
    assert!(texts(&events)[1].starts_with("Conversionmate"));
}

/// A side with no legal action and not in check is stalemated; no draw by
/// insufficient material once there are teams.
#[test]
fn stalemate_and_no_dead_position_with_teams() {
    let game = game_at("R6K*/8/8/8/8/p7/P7/6K1 b - - 0 1 rebels:b", 3);
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "draw (stalemate), 1/2-1/2"
    );
    let game = game_at("7K*/8/8/8/8/8/u7/6K1 b - - 0 1 rebels:b", 3);
    assert!(game.outcome().is_none(), "the kings may hunt the Recruiter");
    assert!(!game.current().is_insufficient_material());
}

/// "The Rebel Team can concede at any time": the Rebels only, on either
/// turn, once there are teams.
#[test]
fn the_rebels_concede() {
    let fen = "R6K*/7p/8/8/8/8/8/6K1 w - - 0 1 rebels:b";
    let game = game_at(fen, 3);
    // Off turn.
    let conceded = game.parse_action(Seat::Black, "concede").unwrap();
    assert_eq!(conceded, RebelAction::Concede);
    let applied = game
        .apply(Seat::Black, &conceded, &mut Entropy::for_perft())
        .unwrap();
    assert_eq!(
        applied.state.outcome().unwrap().to_string(),
        "White wins (the Rebels conceded), 1-0"
    );
    assert_eq!(
        texts(&applied.events),
        ["Black (the Rebels) conceded: White (the Spartans) wins."]
    );
    // On their turn, and listed among their actions then.
    let (game, _) = play_game(game, &["Kg7"]);
    assert!(
        game.legal_actions(Seat::Black)
            .contains(&RebelAction::Concede)
    );
    assert!(
        !game
            .legal_actions(Seat::White)
            .contains(&RebelAction::Concede)
    );
    let (game, _) = play_game(game, &["concede"]);
    assert_eq!(game.outcome().unwrap().result, GameResult::Win(Seat::White));
    // Not the Spartans, not before a conversionmate, not in I or II.
    let game = game_at(fen, 3);
    assert!(matches!(
        game.parse_action(Seat::White, "concede"),
        Err(ActionError::Illegal { reason, .. }) if reason.starts_with("Only the Rebels (Black) may concede")
    ));
    let fresh = super::new_game(3);
    assert!(matches!(
        fresh.parse_action(Seat::White, "concede"),
        Err(ActionError::Illegal { reason, .. }) if reason.contains("there are none until a conversionmate")
    ));
    let fresh = super::new_game(1);
    assert!(matches!(
        fresh.parse_action(Seat::Black, "concede"),
        Err(ActionError::Illegal { reason, .. }) if reason.contains("no concession in Rebel Chess I")
    ));
}

/// Perft plays on after a conversionmate in III; in II the mate ends it.
#[test]
fn perft_plays_on_after_a_conversionmate() {
    let fen = "7k/6pp/8/8/8/8/8/R*5K1 w - - 0 1";
    let two = pos(fen, Version::Two);
    let three = pos(fen, V3);
    assert_eq!(two.perft(1), three.perft(1));
    // After Ra8 the Rebels' two pawns have four moves.
    assert_eq!(three.perft(2) - two.perft(2), 4);
}

/// Teams and the converted king survive the store and the repetition key.
#[test]
fn teams_are_stored_and_repeat() {
    let (game, _) = play_game(game_at(CONVERSIONMATE, 3), &["Ra8#"]);
    let json = serde_json::to_value(&game).unwrap();
    assert_eq!(
        json["position"],
        "R*6K*/7p/4N3/8/8/8/8/6K1 b - - 1 1 rebels:b"
    );
    let back: crate::rules::rebel::RebelChess = serde_json::from_value(json).unwrap();
    assert_eq!(back, game);
    assert_eq!(
        game.current().repetition_key(),
        "R*6K*/7p/4N3/8/8/8/8/6K1 b - - rebels:b"
    );
}

/// The rules page states each of these settled points, with its reason.
#[test]
fn the_rules_page_states_the_settled_endings() {
    let page = crate::rules::rebel::RebelChess::rules_page();
    for line in [
        "- Kings are never captured: no move takes a king (no position leaves a king attacked on the other side's turn).",
        "is no conversionmate but an ordinary checkmate, and ends the game: the Spartans may never have a king attacked",
        "- \"Checkmate both Kings\": the Rebels win when the Spartans are in check with no legal action, whether one king or both are attacked",
        "names every king that is attacked",
        "The host may set a clock of so many days per move",
    ] {
        assert!(page.contains(line), "{line}");
    }
    assert!(!page.contains("There is no clock"));
}
