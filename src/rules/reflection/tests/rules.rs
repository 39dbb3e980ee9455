//! A test for every ruling on the rules page about the boards and a turn
//! (its number in brackets), and for every example move of the text. The
//! rulings on castling, check and the end are in `rules_end.rs`, those of
//! two boards in `rules_two_boards.rs`.

use super::{CROSS8_KINGS, Table, config, cross8, place, sq};
use crate::rules::geometry::Square;
use crate::rules::reflection::{
    Board, Config, Layout, ReflectionPosition, ReflectionTeammate, Symmetry, Win,
};
use crate::rules::{Game, Options, Seat};

// ---- the text's examples ----------------------------------------------------

/// "Some examples for third setup: R d2-d4, R d7-d5. N e3-d5, N e6-d4.
/// B c3-f6, B c6-f3."
#[test]
fn the_texts_examples_for_the_third_setup() {
    let t = place(
        &["setup=cross8"],
        "w",
        &[
            ("e1", "K"),
            ("e8", "K'"),
            ("a3", "k"),
            ("h3", "k'"),
            ("d2", "R"),
            ("d7", "R'"),
            ("e3", "N"),
            ("e6", "N'"),
            ("c3", "B"),
            ("c6", "B'"),
        ],
        "-",
        "-",
    );
    for text in ["R d2-d4, R d7-d5", "N e3-d5, N e6-d4", "B c3-f6, B c6-f3"] {
        let mut game = Table::from(&["setup=cross8"], &t.position());
        game.play(text);
        assert_eq!(game.events[0], format!("White played {text}"));
    }
}

/// "Example of reflecting move: N f1-e3, N c8-d6." (reverse cross8)
#[test]
fn the_texts_reverse_example() {
    let mut t = Table::new(&["setup=cross8", "symmetry=reverse"]);
    t.play("N f1-e3, N c8-d6");
    assert_eq!(t.at("e3"), "N");
    assert_eq!(t.at("d6"), "N'");
    assert_eq!(t.at("f1"), ".");
}

// ---- options and boards -----------------------------------------------------

/// [1] The options, their defaults, and what does not apply.
#[test]
fn options_and_defaults() {
    let default = Config::from_options(&Options::default()).unwrap();
    assert_eq!(
        default,
        Config {
            layout: Layout::Cross14,
            symmetry: Symmetry::Mirror,
            capture_reflection: false,
            win: Win::Checkmate,
            queen_promotion: true,
        }
    );
    assert!(!config(&["setup=cross8"]).queen_promotion);
    assert!(!config(&["setup=halves"]).queen_promotion);
    assert!(config(&["setup=halves", "queen-promotion=on"]).queen_promotion);
    // queen-promotion is refused, whatever its value, where the queen is
    // not optional: it cannot apply there.
    for (setup, value) in [("cross14", "on"), ("cross12", "off"), ("two-boards", "on")] {
        let words = [format!("setup={setup}"), format!("queen-promotion={value}")];
        let err = Config::from_options(&Options::parse(&words).unwrap()).unwrap_err();
        assert!(
            err.to_string().contains(&format!(
                "setup={setup} always allows promotion to a queen, so leave the option out"
            )),
            "{err}"
        );
    }
    for bad in [
        &["setup=cross14", "queen-promotion=off"][..],
        &["setup=cross12", "queen-promotion=on", "queen-promotion=off"],
        &["setup=two-boards", "symmetry=reverse"],
        &["setup=two-boards", "capture-reflection=on"],
        &["setup=two-boards", "win=kings"],
        &["setup=cross9"],
        &["colour=blue"],
    ] {
        let options = Options::parse(bad.iter());
        let read = options.map(|o| Config::from_options(&o));
        assert!(matches!(read, Err(_) | Ok(Err(_))), "{bad:?}");
    }
}

/// [2] The boards: cut corners of 3x3 and 2x2, shorter lines centred.
#[test]
fn the_boards_and_their_diagrams() {
    let squares = |words: &[&str]| config(words).geometry().len();
    assert_eq!(squares(&["setup=cross14"]), 196 - 36);
    assert_eq!(squares(&["setup=cross12"]), 144 - 16);
    assert_eq!(squares(&["setup=cross8"]), 64 - 16);
    assert_eq!(squares(&["setup=halves"]), 64);
    let t = Table::new(&["setup=cross14"]);
    // Rank 1 is d1-k1 = R N B K Q B N R; Black's a-file a11-a4 r n b q k b n r.
    let rank1: Vec<String> = "defghijk".chars().map(|f| t.at(&format!("{f}1"))).collect();
    assert_eq!(rank1, ["R", "N", "B", "K", "Q", "B", "N", "R"]);
    let file_a: Vec<String> = (4..=11).rev().map(|r| t.at(&format!("a{r}"))).collect();
    assert_eq!(file_a, ["r", "n", "b", "q", "k", "b", "n", "r"]);
    let cross12 = Table::new(&["setup=cross12"]);
    assert_eq!(cross12.at("c1"), "R");
    assert_eq!(cross12.at("g1"), "K");
    assert_eq!(cross12.at("a6"), "k");
}

/// [3] [5] The page says where each army stands at the start, for every
/// setup and symmetry (in halves, reverse: White a7-d8 and e1-h2), as the
/// start positions have them.
#[test]
fn the_page_places_every_army_of_every_setup() {
    let page = <ReflectionTeammate as Game>::rules_page();
    for setup in ["cross14", "cross12", "cross8", "halves"] {
        for symmetry in ["mirror", "reverse"] {
            let words = [format!("setup={setup}"), format!("symmetry={symmetry}")];
            let start = ReflectionPosition::start(config(&[&words[0], &words[1]]));
            let Board::Pairs(p) = start.board() else {
                panic!("a paired setup");
            };
            let places: Vec<String> = (0..4u8)
                .map(|army| {
                    let squares: Vec<Square> = p
                        .pieces()
                        .filter(|(_, piece)| piece.army == army)
                        .map(|(square, _)| square)
                        .collect();
                    let low = |f: fn(Square) -> u8| squares.iter().map(|s| f(*s)).min().unwrap();
                    let high = |f: fn(Square) -> u8| squares.iter().map(|s| f(*s)).max().unwrap();
                    let corner = |file, rank| Square::new(file, rank).unwrap();
                    format!(
                        "{} {}-{}",
                        p.variant().army(army).name,
                        corner(low(Square::file), low(Square::rank)),
                        corner(high(Square::file), high(Square::rank))
                    )
                })
                .collect();
            let line = format!(
                "  {setup} {symmetry}: White {}, {}; Black {}, {}",
                places[0], places[1], places[2], places[3]
            );
            assert!(
                page.contains(&format!("{line}\n")),
                "the page should say:\n{line}"
            );
        }
    }
    assert!(!page.contains("in one half of the board"));
}

/// [3] Two armies a player, each a direction for its pawns; a promoted
/// piece stays in its pawn's army.
#[test]
fn armies_and_their_pawns() {
    let t = Table::new(&["setup=cross14"]);
    let moves = |t: &Table, from: &str| -> Vec<String> {
        t.texts()
            .into_iter()
            .filter(|x| x.starts_with(&format!("P {from}-")))
            .collect()
    };
    assert_eq!(
        moves(&t, "d2"),
        ["P d2-d3, P d13-d12", "P d2-d4, P d13-d11"]
    );
    let mut black = Table::new(&["setup=cross14"]);
    black.play("P d2-d3");
    assert_eq!(
        moves(&black, "b5"),
        ["P b5-c5, P m5-l5", "P b5-d5, P m5-k5"]
    );
    // In halves, mirror: White a1-d2 and a7-d8, Black e1-h2 and e7-h8.
    let halves = Table::new(&["setup=halves"]);
    assert_eq!(
        ["a1", "d2", "a7", "d8", "e1", "h2", "e7", "h8"].map(|s| halves.at(s)),
        ["R", "P", "P'", "K'", "k", "p", "p'", "r'"]
    );
    let reverse = Table::new(&["setup=halves", "symmetry=reverse"]);
    assert_eq!(
        ["a8", "d7", "e1", "h2", "e8", "h7", "a1", "d2"].map(|s| reverse.at(s)),
        ["R'", "P'", "K", "P", "k'", "p'", "r", "p"]
    );
    // A promoted pawn keeps its army (the prime stays).
    let mut promote = cross8("w", &[("d2", "P'*")]);
    promote.play("P d2-d1=R");
    assert_eq!(promote.at("d1"), "R'*");
}

/// [4] The reflection of a square in each symmetry.
#[test]
fn reflections() {
    let c = |words: &[&str]| config(words);
    let refl = |config: Config, seat: Seat, name: &str| config.reflect(seat, sq(name)).to_string();
    assert_eq!(refl(c(&["setup=cross14"]), Seat::White, "e2"), "e13");
    assert_eq!(refl(c(&["setup=cross14"]), Seat::Black, "b5"), "m5");
    assert_eq!(refl(c(&["setup=halves"]), Seat::Black, "e2"), "e7");
    assert_eq!(
        refl(c(&["setup=cross8", "symmetry=reverse"]), Seat::White, "f1"),
        "c8"
    );
    assert_eq!(
        refl(c(&["setup=cross8", "symmetry=reverse"]), Seat::Black, "a3"),
        "h6"
    );
    assert_eq!(refl(c(&["setup=cross12"]), Seat::White, "c1"), "c12");
}

/// [5] The reverse setups keep North and East and put their half-turn
/// images in place of South and West (the text's reverse cross8 diagram).
#[test]
fn the_reverse_setups() {
    let t = Table::new(&["setup=cross8", "symmetry=reverse"]);
    let diagram = [
        "..NBKR..", "..PPPP..", "np....pr", "bp....pk", "kp....pb", "rp....pn", "..PPPP..",
        "..RKBN..",
    ];
    for (top, line) in diagram.iter().enumerate() {
        for (file, c) in line.chars().enumerate() {
            let name = format!("{}{}", (b'a' + file as u8) as char, 8 - top);
            let label = t.at(&name);
            let letter = if config(&["setup=cross8"]).geometry().contains(sq(&name)) {
                label.chars().next().unwrap()
            } else {
                '.'
            };
            assert_eq!(letter, c, "{name}");
        }
    }
    // North and East are the mirror diagram's.
    let mirror = Table::new(&["setup=cross8"]);
    for name in ["c8", "f8", "e7", "h6", "h3", "g4"] {
        assert_eq!(t.at(name), mirror.at(name), "{name}");
    }
    let cross14 = Table::new(&["setup=cross14", "symmetry=reverse"]);
    assert_eq!(
        (cross14.at("g14"), cross14.at("g1")),
        ("K'".into(), "Q".into())
    );
}

/// [6] At the start every piece is paired with its kind on its reflected
/// square.
#[test]
fn everything_starts_paired() {
    for words in [
        &["setup=cross14"][..],
        &["setup=cross12", "symmetry=reverse"],
        &["setup=cross8"],
        &["setup=halves", "symmetry=reverse"],
    ] {
        let config = config(words);
        let position = ReflectionPosition::start(config);
        assert!(!position.text().contains('*'), "{words:?}");
        let crate::rules::reflection::Board::Pairs(p) = position.board() else {
            unreachable!()
        };
        for (square, piece) in p.pieces() {
            let mate = p.piece_at(config.reflect(piece.owner, square)).unwrap();
            assert_eq!((mate.kind, mate.owner), (piece.kind, piece.owner));
            assert_ne!(mate.army, piece.army);
        }
    }
}

// ---- a turn -----------------------------------------------------------------

/// [7] A paired piece never moves alone; an unpaired one moves alone.
#[test]
fn paired_pieces_move_together_unpaired_alone() {
    let mut t = cross8("w", &[("e3", "N"), ("e6", "N'"), ("d3", "B*")]);
    t.play("N e3-d5");
    assert_eq!(t.events[0], "White played N e3-d5, N e6-d4");
    let mut t = cross8("w", &[("e3", "N"), ("e6", "N'"), ("d3", "B*")]);
    t.play("B d3-f5");
    assert_eq!(t.events[0], "White played B d3-f5");
    let t = cross8("w", &[("e3", "N"), ("e6", "N'"), ("d3", "B*")]);
    assert!(t.reason("B d3-f5, B d6-f4").contains("moves alone"));
}

/// [8] Both moves are judged on the position before the turn: rooks may
/// not leap over each other, even though each leaves its square.
#[test]
fn pair_moves_are_judged_before_the_turn() {
    let t = cross8("w", &[("c2", "R"), ("c7", "R'")]);
    let reason = t.reason("R c2-c8, R c7-c1");
    assert!(reason.contains("rook on c2 cannot move to c8"), "{reason}");
    // Captures are made at once: a pair takes both pieces of a pair.
    let mut t = cross8(
        "w",
        &[("c2", "R"), ("c7", "R'"), ("c4", "n*"), ("c5", "b*")],
    );
    t.play("R c2xc4, R c7xc5");
    assert_eq!((t.at("c4"), t.at("c5")), ("R".into(), "R'".into()));
}

/// [9] Neither path may hold the other move's target.
#[test]
fn paths_may_not_hold_the_other_target() {
    let t = cross8("w", &[("c2", "R"), ("c7", "R'")]);
    let reason = t.reason("R c2-c6, R c7-c3");
    assert!(reason.contains("The two moves cross"), "{reason}");
    let mut ok = cross8("w", &[("c2", "R"), ("c7", "R'")]);
    ok.play("R c2-c4, R c7-c5");
}

/// [10] No move onto a square one's own side holds before the turn: two
/// pieces never exchange squares by moving.
#[test]
fn no_exchanging_squares_by_moving() {
    let t = cross8("w", &[("c3", "R"), ("c6", "R'")]);
    let reason = t.reason("R c3-c6, R c6-c3");
    assert!(reason.contains("cannot move to c6"), "{reason}");
}

/// [11] Pawns: one step, two from the starting line over empty squares (a
/// double step never captures, in a pair too), diagonally ahead.
#[test]
fn pawn_steps() {
    // A Black knight on e4 (unpaired) stands on the double step's target.
    let mut pieces = vec![("e2", "P"), ("e13", "P'"), ("e4", "n*")];
    pieces.extend([("g1", "K"), ("g14", "K'"), ("a7", "k"), ("n7", "k'")]);
    let t = place(&["setup=cross14"], "w", &pieces, "-", "-");
    assert!(t.reason("P e2-e4, P e13-e11").contains("First move"));
    assert!(t.reason("P e2xe4, P e13-e11").contains("First move"));
    let mut single = Table::from(&["setup=cross14"], &t.position());
    single.play("P e2-e3, P e13-e12").play("K a7-a6");
    // The step onto the knight is a capture straight ahead (rule 12), and
    // is written as one.
    assert!(single.texts().contains(&"P e3xe4, P e12-e11".to_string()));
    assert!(
        single.texts().iter().all(|x| !x.contains("e3-e5")),
        "from its start line only"
    );
}

/// [12] A pair of pawns moves diagonally only if one captures, straight
/// only if one does not; an unpaired pawn moves as in chess.
#[test]
fn the_pawns_rule() {
    let pawns = [("d2", "P"), ("d7", "P'")];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut pieces = pawns.to_vec();
        pieces.extend_from_slice(extra);
        cross8("w", &pieces)
    };
    // Straight: both capturing is refused, one capturing is allowed.
    let both = with(&[("d3", "n*"), ("d6", "b*")]);
    assert!(both.reason("P d2xd3, P d7xd6").contains("does not capture"));
    let mut one = with(&[("d3", "n*")]);
    one.play("P d2xd3, P d7-d6");
    assert_eq!(one.at("d3"), "P");
    // Diagonal: one capture lets both go; none is refused.
    let mut diagonal = with(&[("e3", "n*")]);
    diagonal.play("P d2xe3, P d7-e6");
    assert_eq!(
        (diagonal.at("e3"), diagonal.at("e6")),
        ("P".into(), "P'".into())
    );
    let none = with(&[]);
    assert!(
        none.reason("P d2-c3, P d7-c6")
            .contains("only if at least one of them captures")
    );
    // An unpaired pawn moves as in chess: no straight capture, no quiet
    // diagonal.
    let single = cross8("w", &[("d2", "P*"), ("d3", "n*")]);
    assert!(
        single
            .reason("P d2xd3")
            .contains("pawn on d2 cannot move to d3")
    );
    assert!(
        single
            .reason("P d2-c3")
            .contains("pawn on d2 cannot move to c3")
    );
}

/// [13] [37] En passant: by an enemy pawn going the opposite way, on the
/// next turn; a pair of double steps leaves both squares; the diagonal step
/// onto the square is always the capture, and counts for the pawns' rule.
#[test]
fn en_passant_after_a_pair_of_double_steps() {
    let pieces = [
        ("c8", "K'"),
        ("f1", "K"),
        ("f8", "k'"),
        ("c1", "k"),
        ("b7", "P'"),
        ("g2", "P"),
        ("c5", "p"),
        ("f4", "p'"),
    ];
    let words = ["setup=halves", "symmetry=reverse"];
    let mut t = place(&words, "w", &pieces, "-", "-");
    t.play("P b7-b5, P g2-g4");
    let en_passant = t.position().split(' ').nth(3).unwrap().to_string();
    assert!(
        en_passant == "g3,b6" || en_passant == "b6,g3",
        "{}",
        t.position()
    );
    // Written without x, the steps onto b6 and g3 are the captures.
    t.play("P c5-b6, P f4-g3");
    assert_eq!((t.at("b5"), t.at("g4")), (".".into(), ".".into()));
    // The right lasts one turn.
    let mut late = place(&words, "w", &pieces, "-", "-");
    late.play("P b7-b5, P g2-g4")
        .play("K c1-b1")
        .play("K c8-d8");
    assert!(late.reason("P c5xb6, P f4xg3").contains("First move"));
}

/// [13] An en passant right ends with a swap; only an enemy pawn moving the
/// opposite way may take it ([36]: never on the cross boards).
#[test]
fn en_passant_needs_an_opposite_pawn() {
    let mut pieces = vec![("e2", "P"), ("e13", "P'"), ("d4", "p*")];
    pieces.extend([("g1", "K"), ("g14", "K'"), ("a7", "k"), ("n7", "k'")]);
    let mut t = place(&["setup=cross14"], "w", &pieces, "-", "-");
    t.play("P e2-e4, P e13-e11");
    // Black's West pawn on d4 goes right, across the e-pawn's way.
    assert!(t.reason("P d4xe3").contains("pawn on d4 cannot move to e3"));
    // A swap ends the right: after b2-b4/b7-b5 swap in halves, no capture.
    let mut halves = place(
        &["setup=halves"],
        "w",
        &[
            ("d1", "K"),
            ("d8", "K'"),
            ("e1", "k"),
            ("e8", "k'"),
            ("b2", "P"),
            ("b7", "P'"),
            ("a4", "p'*"),
        ],
        "-",
        "-",
    );
    halves.play("P b2-b4, P b7-b5");
    assert!(halves.events.iter().any(|e| e.contains("swapped")));
    assert!(halves.position().contains(" - 0 "), "{}", halves.position());
    assert!(
        halves
            .reason("P a4xb3")
            .contains("pawn on a4 cannot move to b3")
    );
}

/// [14] Pawns of a pair facing each other swap squares in the same turn.
#[test]
fn blocked_pawns_of_a_pair_swap() {
    let mut t = Table::new(&["setup=cross8"]);
    t.play("P c2-c4, P c7-c5");
    assert_eq!(t.events[1], "White's pawns on c4 and c5 swapped squares.");
    assert_eq!((t.at("c5"), t.at("c4")), ("P".into(), "P'".into()));
    t.play("P b3-c3");
    // Past each other, they go on: South up from c5, North down from c4.
    t.play("P c5-c6, P c4xc3");
    assert_eq!((t.at("c6"), t.at("c3")), ("P".into(), "P'".into()));
}

/// [15] A pawn promotes where none of its three squares ahead exists or may
/// be entered: under a cut corner, and through the zone rule.
#[test]
fn promotion_squares() {
    let c14 = config(&["setup=cross14"]).variant();
    assert!(c14.promotes(0, sq("b11")), "no square ahead of b11 exists");
    assert!(!c14.promotes(0, sq("c11")), "d12 exists");
    assert!(c14.promotes(0, sq("e14")));
    let c12 = config(&["setup=cross12"]).variant();
    // A West pawn on j2: k2 and k1 are cut away, k3 is in the other zone.
    assert!(c12.promotes(2, sq("j2")));
    assert!(!c12.promotes(2, sq("j3")));
    let mut pieces = vec![("i3", "p*"), ("j2", "N*")];
    pieces.extend([("f1", "K"), ("f12", "K'"), ("a6", "k"), ("l6", "k'")]);
    let mut t = place(&["setup=cross12"], "b", &pieces, "-", "-");
    t.play("P i3xj2=N");
    assert_eq!(t.at("j2"), "n*");
    // Queens: optional on cross8.
    let off = cross8("w", &[("d7", "P*")]);
    assert!(off.reason("P d7-d8=Q").contains("not promote to a queen"));
    let mut on = place(
        &["setup=cross8", "queen-promotion=on"],
        "w",
        &[CROSS8_KINGS.as_slice(), &[("d7", "P*")]].concat(),
        "-",
        "-",
    );
    on.play("P d7-d8=Q");
    assert_eq!(on.at("d8"), "Q*");
}

/// [16] [35] Paired pawns promote together, to one kind, and stay paired;
/// each kind is a turn of its own.
#[test]
fn paired_pawns_promote_together() {
    let mut pieces = vec![("f13", "P"), ("f2", "P'")];
    pieces.extend([("h1", "K"), ("h14", "K'"), ("a7", "k"), ("n7", "k'")]);
    let t = place(&["setup=cross14"], "w", &pieces, "-", "-");
    let promotions: Vec<String> = t.texts().into_iter().filter(|x| x.contains('=')).collect();
    assert_eq!(
        promotions,
        [
            "P f13-f14=Q, P f2-f1=Q",
            "P f13-f14=R, P f2-f1=R",
            "P f13-f14=B, P f2-f1=B",
            "P f13-f14=N, P f2-f1=N"
        ]
    );
    assert!(matches!(
        t.refuse("P f13-f14"),
        crate::rules::ActionError::Ambiguous { .. }
    ));
    assert!(
        t.reason("P f13-f14=Q, P f2-f1=N")
            .contains("promote to the same kind")
    );
    let mut game = Table::from(&["setup=cross14"], &t.position());
    game.play("P f13-f14=N");
    assert_eq!((game.at("f14"), game.at("f1")), ("N".into(), "N'".into()));
}

/// [17] Two unpaired pieces of one kind from different armies on reflected
/// squares become a pair; of one army they do not.
#[test]
fn re_pairing() {
    let mut t = cross8("w", &[("e5", "N*"), ("d6", "N'*")]);
    t.play("N e5-d3");
    assert!(
        t.events.contains(
            &"White's knights on d3 and d6 are reflections of each other again and move together."
                .to_string()
        )
    );
    assert_eq!((t.at("d3"), t.at("d6")), ("N".into(), "N'".into()));
    t.play("K a5-a4");
    t.play("N d3-e5");
    assert_eq!(t.events[0], "White played N d3-e5, N d6-e4");
    let mut same = cross8("w", &[("e5", "N*"), ("d6", "N*")]);
    same.play("N e5-d3");
    assert_eq!(same.at("d3"), "N*");
}

/// [18] The zone rule: no move from one player's home zone to the other's
/// (cross12 and cross8), in either direction.
#[test]
fn the_zone_rule() {
    let t = Table::new(&["setup=cross8"]);
    assert!(t.reason("N c1-b3").contains("home zone"));
    let cross12 = Table::new(&["setup=cross12"]);
    assert!(
        cross12.texts().contains(&"N d1-c3, N d12-c10".to_string()),
        "c3 is in no zone"
    );
    let cross14 = Table::new(&["setup=cross14"]);
    assert!(!cross14.game.config().layout.has_zones());
}

/// [19] Halves: no capture across the line between the d- and e-files;
/// moves that do not capture may cross.
#[test]
fn the_halves_line() {
    let pieces = [
        ("d1", "K"),
        ("d8", "K'"),
        ("e1", "k"),
        ("e8", "k'"),
        ("d4", "R*"),
        ("f4", "n*"),
    ];
    let t = place(&["setup=halves"], "w", &pieces, "-", "-");
    assert!(t.reason("R d4xf4").contains("cannot move to f4"));
    let mut cross = Table::from(&["setup=halves"], &t.position());
    cross.play("R d4-e4");
    assert_eq!(cross.at("e4"), "R*");
}
