//! A test for every ruling on castling, capture-reflection, the end of a
//! turn, check and the end of the game, and this referee's own readings
//! (the number of the ruling in brackets).

use super::{CROSS8_KINGS, Table, config, cross8, place};
use crate::rules::reflection::{ReflectionAction, ReflectionPosition};
use crate::rules::{ActionError, DrawRule, Ending, Entropy, Game, GameResult, Seat};

/// [20] [35] [38] Castling: two squares along the home edge toward an unmoved
/// rook, which lands on the square crossed; both rooks on the cross
/// boards, the corner rook in halves, never on cross8.
#[test]
fn castling() {
    let pieces = [
        ("g1", "K"),
        ("g14", "K'"),
        ("d1", "R"),
        ("d14", "R'"),
        ("k1", "R"),
        ("k14", "R'"),
        ("a7", "k"),
        ("n7", "k'"),
    ];
    let rights = "d1,g1,k1,d14,g14,k14";
    let t = place(&["setup=cross14"], "w", &pieces, rights, "-");
    // [35] A castling pair is one turn.
    let castles: Vec<String> = t
        .texts()
        .into_iter()
        .filter(|x| x.starts_with("K g1-"))
        .collect();
    assert_eq!(
        castles.iter().filter(|x| x.contains("e1")).count(),
        1,
        "{castles:?}"
    );
    let mut short = Table::from(&["setup=cross14"], &t.position());
    short.play("O-O");
    assert_eq!(short.events[0], "White played K g1-e1, K g14-e14");
    assert_eq!((short.at("f1"), short.at("f14")), ("R".into(), "R'".into()));
    let mut long = Table::from(&["setup=cross14"], &t.position());
    long.play("K g1-i1");
    assert_eq!(
        (long.at("h1"), long.at("h14"), long.at("i14")),
        ("R".into(), "R'".into(), "K'".into())
    );
    // Halves: the king castles with the rook in the corner behind it.
    let mut halves = Table::new(&["setup=halves"]);
    for text in [
        "P b2-b3", "P f2-f3", "N b1-a3", "P g2-g3", "B c1-b2", "P h2-h3",
    ] {
        halves.play(text);
    }
    halves.play("K d1-b1");
    assert_eq!(
        (halves.at("c1"), halves.at("c8")),
        ("R".into(), "R'".into())
    );
    // Cross8 has no castling rights at all.
    assert!(Table::new(&["setup=cross8"]).position().contains(" w - - "));
}

/// [21] Paired kings castle with paired rooks only; an unpaired king
/// alone with an unpaired rook.
#[test]
fn castling_and_pairs() {
    let pieces = [
        ("g1", "K"),
        ("g14", "K'"),
        ("d1", "R*"),
        ("k1", "R"),
        ("k14", "R'"),
        ("a7", "k"),
        ("n7", "k'"),
    ];
    let t = place(&["setup=cross14"], "w", &pieces, "d1,g1,k1,g14,k14", "-");
    assert!(
        t.reason("K g1-e1").contains("paired rooks"),
        "{}",
        t.reason("K g1-e1")
    );
    let mut ok = Table::from(&["setup=cross14"], &t.position());
    ok.play("K g1-i1");
    let alone = [
        ("g1", "K*"),
        ("d1", "R*"),
        ("k1", "R"),
        ("k14", "R'"),
        ("a7", "k"),
        ("n7", "k'"),
    ];
    let t = place(&["setup=cross14"], "w", &alone, "d1,g1,k1", "-");
    assert!(
        t.reason("K g1-i1").contains("is paired"),
        "{}",
        t.reason("K g1-i1")
    );
    let mut single = Table::from(&["setup=cross14"], &t.position());
    single.play("O-O");
    assert_eq!(single.events[0], "White played K g1-e1");
    assert_eq!(single.at("f1"), "R*");
}

/// [22] Neither castling king may be in check, nor cross an attacked
/// square.
#[test]
fn castling_and_check() {
    let pieces = |rook: &'static str| {
        vec![
            ("g1", "K"),
            ("g14", "K'"),
            ("d1", "R"),
            ("d14", "R'"),
            ("k1", "R"),
            ("k14", "R'"),
            ("a7", "k"),
            ("n7", "k'"),
            (rook, "r*"),
        ]
    };
    let rights = "d1,g1,k1,d14,g14,k14";
    // A rook on f8 sees f1 and f14, the squares crossed toward d1 and d14.
    let t = place(&["setup=cross14"], "w", &pieces("f8"), rights, "-");
    assert!(t.reason("K g1-e1").contains("castle"));
    let mut other = Table::from(&["setup=cross14"], &t.position());
    other.play("K g1-i1");
    // On g8 it checks both kings: no castling either way.
    let t = place(&["setup=cross14"], "w", &pieces("g8"), rights, "-");
    assert!(t.reason("K g1-i1").contains("castle"));
    assert!(t.reason("K g1-e1").contains("castle"));
    // Under win=kings, too.
    let kings = ["setup=cross14", "win=kings"];
    let t = place(&kings, "w", &pieces("f8"), rights, "-");
    assert!(t.reason("K g1-e1").contains("castle"));
}

/// [23] Capture-reflection on: the captured piece's reflection leaves the
/// board; off: it loses its pair.
#[test]
fn capture_reflection() {
    let pieces = [("c5", "B*"), ("a3", "n"), ("h3", "n'")];
    let mut all = CROSS8_KINGS.to_vec();
    all.extend(pieces);
    let mut on = place(
        &["setup=cross8", "capture-reflection=on"],
        "w",
        &all,
        "-",
        "-",
    );
    on.play("B c5xa3");
    assert_eq!(on.at("h3"), ".");
    assert_eq!(
        on.events[1],
        "Black's knight on h3 left the board with its captured reflection."
    );
    let mut off = place(&["setup=cross8"], "w", &all, "-", "-");
    off.play("B c5xa3");
    assert_eq!(off.at("h3"), "n'*");
    assert_eq!(
        off.events[1],
        "Black's knight on h3 lost its reflection and now moves alone."
    );
    // Unpaired, it moves alone.
    assert!(off.texts().contains(&"N h3-f4".to_string()));
}

/// [24] The end of a turn in order: a promotion comes before re-pairing.
#[test]
fn end_of_turn_order() {
    let mut pieces = vec![("f13", "P*"), ("f1", "N'*")];
    pieces.extend([("h1", "K"), ("h14", "K'"), ("a7", "k"), ("n7", "k'")]);
    let mut t = place(&["setup=cross14"], "w", &pieces, "-", "-");
    t.play("P f13-f14=N");
    assert_eq!((t.at("f14"), t.at("f1")), ("N".into(), "N'".into()));
}

/// [25] Attacks: a paired pawn also attacks straight ahead, an unpaired
/// one does not; a capture the zone rule forbids does not attack.
#[test]
fn attacks() {
    // Black's West pawn on c5 goes right: paired, it attacks d5 too.
    let kings = [("a5", "k"), ("h5", "k'"), ("c6", "K*")];
    let paired = place(
        &["setup=cross8"],
        "w",
        &[kings.as_slice(), &[("c5", "p"), ("f5", "p'")]].concat(),
        "-",
        "-",
    );
    assert!(
        paired.reason("K c6-d5").contains("in check"),
        "{}",
        paired.reason("K c6-d5")
    );
    let unpaired = place(
        &["setup=cross8"],
        "w",
        &[kings.as_slice(), &[("c5", "p*")]].concat(),
        "-",
        "-",
    );
    assert!(unpaired.texts().contains(&"K c6-d5".to_string()));
    // A knight on a3 (Black's zone) does not attack c2 (White's zone).
    let zone = place(
        &["setup=cross8"],
        "w",
        &[("c2", "K*"), ("a5", "k"), ("h5", "k'"), ("a3", "n*")],
        "-",
        "-",
    );
    assert!(!zone.game.current().in_check(Seat::White));
    let near = place(
        &["setup=cross8"],
        "w",
        &[("d2", "K*"), ("a5", "k"), ("h5", "k'"), ("c4", "n*")],
        "-",
        "-",
    );
    assert!(
        near.game.current().in_check(Seat::White),
        "c4 is in no zone"
    );
}

/// [26] win=checkmate: no turn may leave one's king in check; no legal
/// turn is checkmate in check, stalemate otherwise.
#[test]
fn checkmate_and_stalemate() {
    let halves = ["setup=halves"];
    let mut mate = place(
        &halves,
        "b",
        &[("a1", "K*"), ("c3", "k*"), ("b8", "q*")],
        "-",
        "-",
    );
    assert!(mate.reason("K c3-b2").contains("in check"));
    // Applied directly (as a replayed log would), it is refused too.
    let into_check = ReflectionAction::Turn("c3b2".parse().unwrap());
    let applied = mate
        .game
        .apply(Seat::Black, &into_check, &mut Entropy::for_perft());
    assert!(matches!(applied, Err(ActionError::Illegal { .. })));
    mate.play("Q b8-b2");
    assert_eq!(
        mate.outcome(),
        Some((GameResult::Win(Seat::Black), Ending::Checkmate))
    );
    assert!(mate.events.contains(&"Checkmate: Black wins.".to_string()));
    let mut stale = place(
        &halves,
        "b",
        &[("a1", "K*"), ("c3", "k*"), ("h2", "q*")],
        "-",
        "-",
    );
    stale.play("Q h2-c2");
    assert_eq!(
        stale.outcome(),
        Some((GameResult::Draw, Ending::Draw(DrawRule::Stalemate)))
    );
}

/// [27] win=kings: kings may stand in check; a player with no king left
/// (the last captured, or gone with its captured reflection) has lost; no
/// legal turn draws.
#[test]
fn capturing_the_kings() {
    let words = ["setup=halves", "win=kings"];
    let mut t = place(
        &words,
        "w",
        &[("a1", "K*"), ("c3", "k*"), ("b8", "q*")],
        "-",
        "-",
    );
    t.play("K a1-b1");
    t.play("Q b8xb1");
    assert_eq!(
        t.outcome(),
        Some((GameResult::Win(Seat::Black), Ending::LastKingCaptured))
    );
    assert_eq!(
        t.events.last().unwrap(),
        "White has no king left: Black wins."
    );
    // With capture-reflection, taking one king of a pair takes both.
    let pair = [("d1", "K"), ("d8", "K'"), ("c3", "k*"), ("b1", "q*")];
    let mut both = place(
        &["setup=halves", "win=kings", "capture-reflection=on"],
        "b",
        &pair,
        "-",
        "-",
    );
    // The last king leaves with its captured reflection: a player with no
    // king left has lost, however it went.
    both.play("Q b1xd1");
    assert_eq!(both.at("d8"), ".");
    assert_eq!(
        both.outcome(),
        Some((GameResult::Win(Seat::Black), Ending::LastKingCaptured))
    );
    assert_eq!(
        both.events[1..],
        [
            "White's king on d8 left the board with its captured reflection.",
            "White has no king left: Black wins."
        ]
    );
    // No legal turn is a draw: White's kings and pawns are all blocked
    // (the pairs by each other, the Black pieces on e3-e6 across the
    // halves' line).
    let stuck = [
        ("d4", "K"),
        ("d5", "K'"),
        ("c4", "P'"),
        ("c5", "P"),
        ("d3", "P'*"),
        ("c6", "P*"),
        ("c3", "n*"),
        ("c7", "n*"),
        ("d2", "n*"),
        ("e3", "r*"),
        ("e4", "r*"),
        ("e5", "r*"),
        ("e6", "r*"),
        ("h1", "k*"),
    ];
    let t = place(&words, "w", &stuck, "-", "-");
    assert!(t.texts().is_empty());
    assert_eq!(
        t.outcome(),
        Some((GameResult::Draw, Ending::Draw(DrawRule::Stalemate)))
    );
}

/// [28] Repetition counts pieces and pairs; the 50-turn rule is claimed,
/// 75 turns draw by themselves.
#[test]
fn repetition_and_turn_counts() {
    let paired = cross8("w", &[("e3", "N"), ("e6", "N'")]);
    let unpaired = cross8("w", &[("e3", "N*"), ("e6", "B'*")]);
    assert!(paired.game.current().repetition_key().contains("N'"));
    assert!(unpaired.game.current().repetition_key().contains("N*"));
    let text = |clock: u32| {
        let p = paired.position();
        p.replace(" - - 0 1", &format!(" - - {clock} 40"))
    };
    let mut fifty = Table::from(&["setup=cross8"], &text(99));
    fifty.play("N e3-c4");
    assert!(
        fifty
            .events
            .iter()
            .any(|e| e.contains("may claim a draw by 50-move rule"))
    );
    fifty.play("claim draw");
    assert_eq!(
        fifty.outcome(),
        Some((GameResult::Draw, Ending::Claimed(DrawRule::FiftyMoveRule)))
    );
    let mut seventy_five = Table::from(&["setup=cross8"], &text(149));
    seventy_five.play("N e3-c4");
    assert_eq!(
        seventy_five.outcome(),
        Some((
            GameResult::Draw,
            Ending::Draw(DrawRule::SeventyFiveMoveRule)
        ))
    );
}

// ---- this referee's own readings ------------------------------------------------

/// [39] No draw by insufficient material: bare kings play on.
#[test]
fn bare_kings_play_on() {
    let t = cross8("w", &[]);
    assert_eq!(t.outcome(), None);
    assert!(!t.texts().is_empty());
}

/// [40] The first army's move comes first; + marks a check.
#[test]
fn notation_order_and_check_marks() {
    let mut t = cross8("b", &[("c3", "r"), ("f3", "r'")]);
    t.play("R f3-f1, R c3-c1");
    assert_eq!(t.events[0], "Black played R c3-c1, R f3-f1+");
    assert!(t.events.contains(&"Check.".to_string()));
}

/// [41] The position string: only existing squares, ' and *, castling
/// squares (never letters), en passant squares; it round-trips.
#[test]
fn position_strings() {
    let t = Table::new(&["setup=cross14"]);
    let text = t.position();
    assert!(
        text.starts_with("R'N'B'K'Q'B'N'R'/P'P'P'P'P'P'P'P'/8/rp10p'r'/"),
        "{text}"
    );
    assert!(
        text.ends_with(" w d1,g1,k1,a4,n4,a7,n7,a11,n11,d14,g14,k14 - 0 1"),
        "{text}"
    );
    let back = ReflectionPosition::from_text(config(&["setup=cross14"]), &text).unwrap();
    assert_eq!(back.text(), text);
    // Castling rights are squares in halves too, where Black's kings and
    // rooks stand on e1, h1, e8 and h8: letters (KQkq) would say White's.
    let halves = ["setup=halves"];
    let kings = [("d1", "K"), ("d8", "K'"), ("e1", "k"), ("e8", "k'")];
    let rooks = [("h1", "r"), ("h8", "r'")];
    let t = place(
        &halves,
        "w",
        &[&kings[..], &rooks[..]].concat(),
        "e1,h1,e8,h8",
        "-",
    );
    assert!(
        t.position().ends_with(" w e1,h1,e8,h8 - 0 1"),
        "{}",
        t.position()
    );
    let letters = t.position().replace("e1,h1,e8,h8", "Kk");
    let err = ReflectionPosition::from_text(config(&halves), &letters).unwrap_err();
    assert!(err.to_string().contains("written as the squares"), "{err}");
    // A paired piece without its reflection is refused.
    let broken = text.replacen("R'N'", "R'1", 1);
    let err = ReflectionPosition::from_text(config(&["setup=cross14"]), &broken).unwrap_err();
    assert!(err.to_string().contains("is paired"), "{err}");
}
