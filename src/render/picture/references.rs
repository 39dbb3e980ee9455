//! Reference pictures: every game and every option set that changes the
//! board, played a few moves in, drawn for White, Black, the host and a
//! spectator, and compared byte for byte with the reviewed PNGs in
//! `tests/data/pictures/`. A changed picture is a reviewed change: after
//! looking at the new pictures, write them with
//!
//! ```text
//! ARBITER_BLESS_PICTURES=1 cargo test --lib picture::references
//! ```
//!
//! and commit them with the change (`docs/pictures.md` says the same).

use std::path::{Path, PathBuf};

use crate::games::GameInfo;
use crate::rules::{AnyGame, Diagram, Entropy, Options, Seat, Status};

/// One game as the pictures show it: a game with its options, started from
/// its opening or a position, and played on by `moves` (each written by
/// the seat that owes an action then; `auto` plays a legal action of that
/// seat's, the same each run).
pub(super) struct Scene {
    pub name: &'static str,
    pub game: &'static str,
    pub options: &'static [&'static str],
    pub position: Option<&'static str>,
    pub moves: &'static [&'static str],
}

/// Reality Check's fixed setups (the down faces are the players' choice).
const FIXED_WHITE: &str =
    "setup d1=R/R c2=N/B d2=B/B e2=N/N b3=P/P c3=P/N d3=B/R e3=P/R f3=P/B hand=NR";
const FIXED_BLACK: &str =
    "setup d9=R/R c8=N/B d8=B/B e8=N/N b7=P/P c7=P/N d7=B/R e7=P/R f7=P/B hand=NR";

pub(super) const SCENES: &[Scene] = &[
    Scene {
        name: "chess-check",
        game: "chess",
        options: &[],
        position: None,
        moves: &["e4", "f5", "Qh5+"],
    },
    Scene {
        name: "chess-mate",
        game: "chess",
        options: &[],
        position: None,
        moves: &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"],
    },
    Scene {
        name: "bluff-chess",
        game: "bluff-chess",
        options: &[],
        position: None,
        moves: &["e4", "e5", "Nf3", "Nc6", "Bc4", "Nd4"],
    },
    Scene {
        name: "reality-check-fixed",
        game: "reality-check",
        options: &["setup=fixed"],
        position: None,
        moves: &[
            FIXED_WHITE,
            FIXED_BLACK,
            "auto",
            "auto",
            "auto",
            "auto",
            "auto",
            "auto",
        ],
    },
    Scene {
        name: "reality-check-hands",
        game: "reality-check",
        options: &["setup=fixed"],
        position: Some("rr/nbbbnn/pppnbrpr1/7/7/7/PP1BRPRPB/NBBBNN/RR b 4 PNNR/nr -/pb - -"),
        moves: &[],
    },
    Scene {
        name: "reality-check-advanced",
        game: "reality-check",
        options: &["board=advanced"],
        position: None,
        moves: &[
            "setup d1=P/P e1=P/N f1=B/P g1=R/P e2=N/N f2=N/B g2=R/N f3=B/B g3=R/B hand=RR",
            "setup a7=P/P b7=N/P c7=P/B d7=R/P a6=N/N b6=B/N c6=N/R a5=B/B b5=B/R hand=RR",
            "auto",
            "auto",
            "auto",
            "auto",
        ],
    },
    Scene {
        name: "reality-check-memory",
        game: "reality-check",
        options: &["setup=fixed", "memory=on"],
        position: None,
        moves: &[FIXED_WHITE, FIXED_BLACK, "auto", "auto", "auto", "auto"],
    },
    Scene {
        name: "rebel-1",
        game: "rebel-chess",
        options: &["version=1"],
        position: None,
        moves: &["auto", "auto", "auto", "auto", "auto", "auto", "auto"],
    },
    Scene {
        name: "rebel-2",
        game: "rebel-chess",
        options: &["version=2"],
        position: None,
        moves: &["auto", "auto", "auto", "auto", "auto"],
    },
    Scene {
        name: "rebel-3",
        game: "rebel-chess",
        options: &["version=3"],
        position: None,
        moves: &["auto", "auto", "auto"],
    },
    Scene {
        name: "superial-classic",
        game: "superial-chess",
        options: &[],
        position: None,
        moves: &["auto", "auto", "auto", "auto"],
    },
    Scene {
        name: "superial-random",
        game: "superial-chess",
        options: &["random-moves=3"],
        position: None,
        moves: &["auto", "auto", "auto"],
    },
    Scene {
        name: "superial-hybrid",
        game: "superial-chess",
        options: &["hybrid=on"],
        position: None,
        moves: &["auto", "auto", "auto", "auto"],
    },
    Scene {
        name: "superial-hybrid-mate",
        game: "superial-chess",
        options: &["hybrid=on"],
        position: Some("(on)7/8/8/8/8/8/1Q6/7K w - - 0 1"),
        moves: &["Qb7"],
    },
    Scene {
        name: "reflection-cross14",
        game: "reflection-teammate",
        options: &["setup=cross14"],
        position: None,
        moves: &["auto", "auto", "auto"],
    },
    Scene {
        name: "reflection-cross12",
        game: "reflection-teammate",
        options: &["setup=cross12"],
        position: None,
        moves: &["auto", "auto"],
    },
    Scene {
        name: "reflection-cross8",
        game: "reflection-teammate",
        options: &["setup=cross8"],
        position: None,
        moves: &["auto", "auto"],
    },
    Scene {
        name: "reflection-halves",
        game: "reflection-teammate",
        options: &["setup=halves"],
        position: None,
        moves: &["auto", "auto"],
    },
    Scene {
        name: "reflection-reverse",
        game: "reflection-teammate",
        options: &["setup=cross8", "symmetry=reverse"],
        position: None,
        moves: &["auto", "auto"],
    },
    Scene {
        name: "reflection-two-boards",
        game: "reflection-teammate",
        options: &["setup=two-boards"],
        position: None,
        moves: &["auto", "auto", "auto"],
    },
];

/// The game a scene plays, as it stands after its moves.
pub(super) fn play(scene: &Scene) -> Box<dyn AnyGame> {
    let info = GameInfo::find(scene.game).expect("a game of the table");
    let options = Options::parse(scene.options).expect("the scene's options");
    let mut entropy = Entropy::new([7; 32], 0);
    let mut game = match scene.position {
        Some(position) => (info.from_position)(position, &options).expect("the scene's position"),
        None => (info.new)(&options, &mut entropy).expect("a new game"),
    };
    for (ply, text) in scene.moves.iter().enumerate() {
        let Status::Ongoing(dues) = game.status() else {
            panic!("{}: the game ended before {text}", scene.name);
        };
        let seat = dues[0].seat;
        let text = if *text == "auto" {
            let mut legal = game.legal_texts(seat);
            legal.sort();
            assert!(
                !legal.is_empty(),
                "{}: no legal action for auto",
                scene.name
            );
            // A spread of moves, the same each run.
            legal[(ply * 7 + 3) % legal.len()].clone()
        } else {
            text.to_string()
        };
        game = game
            .play_text(seat, &text, &mut entropy)
            .unwrap_or_else(|e| panic!("{}: {text}: {e}", scene.name))
            .state;
    }
    game
}

/// The viewers a reference picture is drawn for.
pub(super) const VIEWERS: [&str; 4] = ["white", "black", "host", "spectator"];

/// The diagram `viewer` is shown of `game`.
pub(super) fn diagram_for(game: &dyn AnyGame, viewer: &str) -> Diagram {
    let view = match viewer {
        "white" => game.seat_view(Seat::White).view().clone(),
        "black" => game.seat_view(Seat::Black).view().clone(),
        "host" => game.host_view().view().clone(),
        "spectator" => game.public_view().view().clone(),
        _ => unreachable!("a viewer of VIEWERS"),
    };
    view.presentation()
        .diagram
        .clone()
        .expect("every game has a board")
}

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pictures")
}

#[test]
fn every_game_and_option_set_is_drawn_as_its_reviewed_reference_for_every_viewer() {
    let bless = std::env::var_os("ARBITER_BLESS_PICTURES").is_some_and(|v| v == "1");
    let folder = folder();
    if bless {
        std::fs::create_dir_all(&folder).unwrap();
    }
    let mut expected = Vec::new();
    let mut differing = Vec::new();
    for scene in SCENES {
        let game = play(scene);
        for viewer in VIEWERS {
            let name = format!("{}-{viewer}.png", scene.name);
            let path = folder.join(&name);
            let png = super::png(&diagram_for(game.as_ref(), viewer));
            expected.push(name.clone());
            if bless {
                std::fs::write(&path, &png).unwrap();
            } else if std::fs::read(&path).ok().as_deref() != Some(png.as_slice()) {
                differing.push(name);
            }
        }
    }
    assert!(
        differing.is_empty(),
        "pictures differ from their references (look at them, then bless with \
         ARBITER_BLESS_PICTURES=1): {differing:?}"
    );
    // No reference is left over from a scene that is gone.
    let mut present: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".png"))
        .collect();
    present.sort();
    expected.sort();
    assert_eq!(present, expected, "every reference has its scene");
}

/// The scene of that name, played.
fn scene(name: &str) -> Box<dyn AnyGame> {
    play(SCENES.iter().find(|s| s.name == name).expect("a scene"))
}

#[test]
fn a_finished_games_picture_keeps_each_players_side() {
    use crate::rules::{Ending, Outcome};
    let mated = scene("chess-mate");
    assert!(mated.status().is_finished());
    let resigned = scene("reflection-two-boards")
        .concluded(Outcome::win(Seat::White, Ending::Resigned(Seat::Black)))
        .0;
    for game in [mated, resigned] {
        let white = diagram_for(game.as_ref(), "white");
        let black = diagram_for(game.as_ref(), "black");
        assert_eq!(white.bottom, Seat::White);
        assert_eq!(black.bottom, Seat::Black, "Black keeps Black's side");
        // The same archive otherwise, for each player and a spectator.
        assert_eq!(black.clone().turned_for(Seat::White), white);
        assert_eq!(diagram_for(game.as_ref(), "spectator"), white);
        assert_ne!(super::png(&black), super::png(&white));
    }
}

#[test]
fn the_king_in_check_is_marked_for_everyone_and_at_checkmate() {
    for name in ["chess-check", "chess-mate"] {
        let game = scene(name);
        for viewer in VIEWERS {
            let diagram = diagram_for(game.as_ref(), viewer);
            let e8 = crate::rules::geometry::Square::parse("e8").unwrap();
            assert_eq!(diagram.check, [e8], "{name} {viewer}");
            assert!(super::svg(&diagram).contains("id=\"check-e8\""));
        }
    }
    // Before the check, none.
    let quiet = play(&Scene {
        name: "quiet",
        game: "chess",
        options: &[],
        position: None,
        moves: &["e4", "f5"],
    });
    assert!(diagram_for(quiet.as_ref(), "white").check.is_empty());
}

#[test]
fn the_hybrids_king_in_check_and_checkmate_is_marked_for_everyone() {
    use crate::rules::geometry::Square;
    let a8 = Square::parse("a8").unwrap();
    let mated = scene("superial-hybrid-mate");
    assert!(mated.status().is_finished());
    for viewer in VIEWERS {
        let diagram = diagram_for(mated.as_ref(), viewer);
        assert_eq!(diagram.check, [a8], "{viewer}");
        assert!(super::svg(&diagram).contains("id=\"check-a8\""));
    }
    // In check, the game on: the same mark.
    let checked = play(&Scene {
        name: "hybrid-check",
        game: "superial-chess",
        options: &["hybrid=on"],
        position: Some("(on)7/8/8/8/8/8/1Q6/7K w - - 0 1"),
        moves: &["Qa2"],
    });
    assert!(!checked.status().is_finished());
    assert_eq!(diagram_for(checked.as_ref(), "spectator").check, [a8]);
}

/// The squares `viewer`'s picture marks as a king in check, each checked
/// in the SVG too.
fn checked(game: &dyn AnyGame, viewer: &str) -> Vec<crate::rules::geometry::Square> {
    let diagram = diagram_for(game, viewer);
    let svg = super::svg(&diagram);
    for square in &diagram.check {
        assert!(svg.contains(&format!("id=\"check-{square}\"")), "{viewer}");
    }
    diagram.check
}

#[test]
fn every_game_with_check_marks_the_king_in_check_and_at_checkmate() {
    use crate::rules::geometry::Square;
    let sq = |s| Square::parse(s).unwrap();
    // Bluff Chess, the fool's mate: mated, the game over.
    let bluff = play(&Scene {
        name: "bluff-mate",
        game: "bluff-chess",
        options: &[],
        position: None,
        moves: &["f3", "e5", "g4", "Qh4#"],
    });
    assert!(bluff.status().is_finished());
    // Rebel Chess: a recruited rook gives check.
    let rebel = play(&Scene {
        name: "rebel-check",
        game: "rebel-chess",
        options: &["version=1"],
        position: Some("4k3/8/8/4r3/8/2U5/8/K7 w - - 0 1"),
        moves: &["U*e5"],
    });
    for viewer in VIEWERS {
        assert_eq!(
            checked(bluff.as_ref(), viewer),
            [sq("e1")],
            "bluff {viewer}"
        );
        assert_eq!(
            checked(rebel.as_ref(), viewer),
            [sq("e8")],
            "rebel {viewer}"
        );
    }
    // Reflection Teammate: played on, each side taking a checking move
    // where it has one, until a king is in check; its square is marked.
    let options = Options::parse(["setup=cross8"]).unwrap();
    let info = GameInfo::find("reflection-teammate").unwrap();
    let mut entropy = Entropy::new([7; 32], 0);
    let mut game = (info.new)(&options, &mut entropy).unwrap();
    for ply in 0..40 {
        if !checked(game.as_ref(), "spectator").is_empty() {
            break;
        }
        let Status::Ongoing(dues) = game.status() else {
            panic!("the game ended before a check");
        };
        let seat = dues[0].seat;
        let mut legal = game.legal_texts(seat);
        legal.sort();
        let after = |text: &String| {
            game.play_text(seat, text, &mut entropy.clone())
                .unwrap()
                .state
        };
        let next = legal
            .iter()
            .map(after)
            .find(|g| !checked(g.as_ref(), "spectator").is_empty())
            .unwrap_or_else(|| after(&legal[(ply * 7 + 3) % legal.len()]));
        game = next;
    }
    let kings = checked(game.as_ref(), "spectator");
    assert!(!kings.is_empty(), "a check within 40 plies");
    for viewer in VIEWERS {
        assert_eq!(checked(game.as_ref(), viewer), kings, "reflection {viewer}");
    }
}

#[test]
fn two_boards_are_two_diagram_boards_and_board_twos_move_is_lit_on_board_two() {
    let game = scene("reflection-two-boards");
    for viewer in VIEWERS {
        let diagram = diagram_for(game.as_ref(), viewer);
        assert_eq!((diagram.boards, diagram.width), (2, 16), "{viewer}");
        // Each turn moves once on each board: one highlight pair a board.
        let on_two = diagram.highlight.iter().filter(|s| s.file() >= 8).count();
        assert_eq!(on_two, 2, "{viewer}: {:?}", diagram.highlight);
    }
}

#[test]
fn hands_show_only_what_the_viewer_may_know() {
    let game = scene("reality-check-hands");
    let hands = |viewer| diagram_for(game.as_ref(), viewer).hands;
    let white = hands("white");
    let black = hands("black");
    let spectator = hands("spectator");
    let host = hands("host");
    let of = |hands: &[crate::rules::presentation::Hand], seat| {
        hands.iter().find(|h| h.owner == seat).unwrap().clone()
    };
    // Each seat sees its own hand's chips and only counts the other's.
    assert!(of(&white, Seat::White).chips.is_some());
    assert_eq!(of(&white, Seat::Black).chips, None);
    assert!(of(&black, Seat::Black).chips.is_some());
    assert_eq!(of(&black, Seat::White).chips, None);
    assert!(spectator.iter().all(|h| h.chips.is_none()));
    assert!(host.iter().all(|h| h.chips.is_some()));
    // Counts, limits and chips out of play are public.
    for hands in [&white, &black, &spectator] {
        for seat in Seat::BOTH {
            let (h, all) = (of(hands, seat), of(&host, seat));
            assert_eq!((h.count, h.limit, &h.out), (all.count, all.limit, &all.out));
        }
    }
    assert_eq!(of(&host, Seat::White).count, 2);
    assert_eq!(of(&host, Seat::Black).out.len(), 1);
}
